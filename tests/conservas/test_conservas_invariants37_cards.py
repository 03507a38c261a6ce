"""Conservas' cards are found conserved from the codes of their parts, each kept by the part's
identity (session 37): a state whose `Cards` is new but shares parts with cards checked before
gets the plain check's verdict (the same type, message, path and rule), sound or broken, after
a sound state and with nothing kept (issue 12)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from conservas37_helpers import CONFIGURATIONS, invariants_verdict, seeded_states

from tabletop.conservas.state import ConservasState
from tabletop.kernel.deck import Known

MODULE = sys.modules["tabletop.conservas.invariants"]


def _forget() -> None:
    MODULE._SOUND_CARDS._kept.clear()
    MODULE._DECK_CARDS._kept.clear()
    MODULE._BOAT_PARTS._kept.clear()
    MODULE._UPGRADE_PARTS._kept.clear()
    MODULE._LAST_CARDS[0] = None


def _plain(state: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The verdict of the card-by-card check (the codes never taken as matching), nothing kept."""
    _forget()
    with monkeypatch.context() as patch:
        patch.setattr(MODULE, "_BOATS_WHOLE", object())  # equal to no code, nor to None
        patch.setattr(MODULE, "_UPGRADES_WHOLE", object())
        answer = invariants_verdict(state)
    _forget()
    return answer


def _broken(state: ConservasState) -> Iterator[tuple[str, ConservasState]]:
    """Copies whose `Cards` is new, one part changed (the others the very parts of `state`)."""
    cards = state.cards

    def with_cards(**changes: Any) -> ConservasState:
        return attrs.evolve(state, cards=attrs.evolve(cards, **changes))

    boat_deck, upgrade_deck = cards.boat_deck, cards.upgrade_deck
    yield "the same cards anew", with_cards()
    yield "an unknown boat", with_cards(boat_discard=(*cards.boat_discard, "no-such-boat"))
    yield "an upgrade among the boats", with_cards(fleet=(*cards.fleet, "fish-finders"))
    yield "a boat among the upgrades", with_cards(upgrade_row=("bogavanti",))
    yield "a fleet emptied", with_cards(fleet=())
    yield "the rows swapped", with_cards(boat_row=cards.upgrade_row, upgrade_row=cards.boat_row)
    if boat_deck.middle.total:
        first = next(iter(boat_deck.middle))
        yield "a boat twice", with_cards(fleet=(*cards.fleet, first))
        moved = attrs.evolve(boat_deck, middle=boat_deck.middle.remove(first))
        yield "a boat moved to the top", with_cards(boat_deck=attrs.evolve(moved, top=(Known(first), *moved.top)))
        yield "a boat moved to the offer", with_cards(boat_deck=moved, offer=(*cards.offer, first))
        on_top = attrs.evolve(moved, top=(Known(first), *moved.top))
        yield "a boat on top and in the fleet", with_cards(boat_deck=on_top, fleet=(*cards.fleet, first))
        yield "a boat counted twice", with_cards(boat_deck=attrs.evolve(boat_deck, middle=boat_deck.middle.add(first)))
        yield (
            "a boat counted 300 times",
            with_cards(boat_deck=attrs.evolve(boat_deck, middle=boat_deck.middle.add(first, 299))),
        )
        yield "a boat lost", with_cards(boat_deck=moved)
        yield "four in the row", with_cards(boat_deck=moved, boat_row=(*cards.boat_row, first) * 4)
    if upgrade_deck.middle.total:
        first = next(iter(upgrade_deck.middle))
        moved = attrs.evolve(upgrade_deck, middle=upgrade_deck.middle.remove(first))
        yield "an upgrade discarded", with_cards(upgrade_deck=moved, upgrade_discard=(*cards.upgrade_discard, first))
        yield (
            "an upgrade at the bottom",
            with_cards(upgrade_deck=attrs.evolve(moved, bottom=(*moved.bottom, Known(first)))),
        )
        yield "an upgrade twice", with_cards(upgrade_row=(*cards.upgrade_row, first))
        at_bottom = attrs.evolve(moved, bottom=(*moved.bottom, Known(first)))
        yield (
            "an upgrade at the bottom and discarded",
            with_cards(upgrade_deck=at_bottom, upgrade_discard=(*cards.upgrade_discard, first)),
        )
        yield (
            "an unknown upgrade in the deck",
            with_cards(upgrade_deck=attrs.evolve(upgrade_deck, middle=upgrade_deck.middle.add("no-such-upgrade"))),
        )
    if cards.upgrades:
        owned = cards.upgrades[0]
        yield "an owned upgrade twice", with_cards(upgrades=(*cards.upgrades, owned))
        yield "an owned upgrade lost", with_cards(upgrades=cards.upgrades[1:])


@pytest.mark.parametrize("options", CONFIGURATIONS)
def test_cards_changed_beside_kept_parts_get_the_plaininvariants_verdict(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    refused = 0
    for state in list(seeded_states(options, 37))[::5]:
        assert _plain(state, monkeypatch) is None
        for name, copy in _broken(state):
            expected = _plain(copy, monkeypatch)
            assert invariants_verdict(state) is None  # its parts' codes kept, its cards the last sound ones
            assert invariants_verdict(copy) == expected, name
            assert invariants_verdict(copy) == expected, name  # again, with what the first check kept
            refused += expected is not None
    assert refused > 100


@pytest.mark.parametrize("options", CONFIGURATIONS)
def test_each_state_after_the_one_before_gets_the_plaininvariants_verdict(
    options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    states = list(seeded_states(options, 38))
    expected = [_plain(state, monkeypatch) for state in states]
    assert expected == [None] * len(states)
    assert [invariants_verdict(state) for state in states] == expected
