"""Archipel's invariants keep the fish counted on the spots, the markets and the shops, and the
markets and shops found within bounds, by the identity of those (immutable) parts: a state
that shares them with one already checked still has every part that differs checked, and a
kept shop check is redone when the closed shops change (issue 12)."""

from __future__ import annotations

import sys

import attrs
import pytest
from archipel_helpers import started

from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.state import ArchipelState
from tabletop.kernel.errors import InvariantBroken


def test_a_kept_shop_check_is_redone_for_other_closed_shops() -> None:
    """ARC-4.10: the very shops found sound are refused once their island's shop is closed."""
    state = started(0, players=2)
    check_invariants(state)
    i = next(i for i, shop in enumerate(state.shops) if shop)
    island = state.map.island_ids[i]
    with pytest.raises(InvariantBroken, match=f"closed shop {island} holds cards") as caught:
        check_invariants(attrs.evolve(state, shut=state.shut | {island}))
    assert (caught.value.path, caught.value.rule) == (f"shops[{i}]", "ARC-4.10")
    check_invariants(state)


def test_changed_shops_beside_kept_parts_are_counted_again() -> None:
    """ARC-1.6: a card taken from a shop into nowhere, everything else the very objects checked."""
    state = started(0, players=2)
    check_invariants(state)
    i = next(i for i, shop in enumerate(state.shops) if shop)
    shops = list(state.shops)
    shops[i] = shops[i].remove(next(iter(shops[i])))
    with pytest.raises(InvariantBroken, match="square cards not conserved"):
        check_invariants(attrs.evolve(state, shops=tuple(shops)))


def test_changed_markets_beside_kept_spots_are_checked_again() -> None:
    """ARC-4.2 and ARC-1.5: a market holding what it did not order, then a fish out of nowhere."""
    state = started(0, players=2)
    check_invariants(state)
    markets = list(state.markets)
    ordered = state.map.orders[0]
    markets[0] = markets[0].add(next(kind for kind in ("shark", "red", "blue", "yellow") if kind not in ordered))
    with pytest.raises(InvariantBroken, match="holds") as caught:
        check_invariants(attrs.evolve(state, markets=tuple(markets)))
    assert caught.value.rule == "ARC-4.2"
    markets[0] = state.markets[0].add(next(iter(ordered)))
    with pytest.raises(InvariantBroken, match="fish pieces not conserved"):
        check_invariants(attrs.evolve(state, markets=tuple(markets)))


def test_the_cards_coded_at_once_are_conserved_exactly_where_they_are_counted_so() -> None:
    """The quick check of the square cards (codes of the parts against the board's) says
    "conserved" only where the count does, on seeded states and on copies with a card moved
    into the warehouse (doubled), lost from the pocket, or made one the board does not have."""
    import random

    from tabletop.archipel.invariants import _cards_coded, _count_cards
    from tabletop.kernel.chance import sample_chance

    def counted(state: object) -> bool:
        try:
            _count_cards(state, state.map)  # type: ignore[attr-defined]
        except InvariantBroken:
            return False
        return True

    rng = random.Random(2)
    for players in (2, 5):
        state = started(1, players=players)
        for _ in range(60):
            if state.is_terminal:
                break
            assert _cards_coded(state, state.map) and counted(state)
            card = next(iter(state.pocket.contents))
            for damaged in (
                attrs.evolve(state, removed=state.removed.add(card)),
                attrs.evolve(state, removed=state.removed.add("no-such-card")),
            ):
                assert not _cards_coded(damaged, damaged.map)
                assert not counted(damaged)
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))


def _corrupt(state: ArchipelState) -> dict[str, ArchipelState]:
    """States each differing from `state` in one field, each breaking one invariant."""
    boat = state.boats[0]
    i = next(i for i, shop in enumerate(state.shops) if shop)
    shops = list(state.shops)
    shops[i] = shops[i].remove(next(iter(shops[i])))
    return {
        "idle_rounds": attrs.evolve(state, idle_rounds=-5),
        "supply": attrs.evolve(state, supply=state.supply + 1),
        "boats": attrs.evolve(state, boats=(attrs.evolve(boat, fuel=-1), *state.boats[1:])),
        "lost": attrs.evolve(state, lost=state.lost.add("sardine")),
        "shops": attrs.evolve(state, shops=tuple(shops)),
        "bought": attrs.evolve(state, bought=state.bought.add(next(iter(state.map.cards)))),
        "board": attrs.evolve(state, board="sha256:none"),
    }


@pytest.mark.parametrize("seed", [0, 3])
def test_a_state_checked_after_a_sound_one_is_refused_as_alone(seed: int) -> None:
    """The last state found sound lets the invariants skip the checks whose fields are its very
    objects (reading checks a state and the state after its first move): a state differing from
    it in one field is refused with the same message, path and rule as with nothing kept."""
    module = sys.modules["tabletop.archipel.invariants"]
    state = started(seed, players=2)
    for name, broken in _corrupt(state).items():
        check_invariants(state)
        assert module._SOUND[0] is state, name
        with pytest.raises(InvariantBroken) as after_sound:
            check_invariants(broken)
        module._SOUND[0] = None
        with pytest.raises(InvariantBroken) as alone:
            check_invariants(broken)
        assert (str(alone.value), alone.value.path, alone.value.rule) == (
            str(after_sound.value),
            after_sound.value.path,
            after_sound.value.rule,
        ), name
        assert module._SOUND[0] is None, name  # a refused state is never kept
