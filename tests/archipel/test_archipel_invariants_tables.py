"""Archipel's invariants remember what they found sound (kept options, bounds of a tuple of
boats, codes of tuples of parts, the card places alone after a step of the flow): each shortcut
accepts exactly what the plain check accepts and refuses the rest with the same message, path
and rule, on many seeded states and on copies with one part changed (issue 12)."""

from __future__ import annotations

import sys
from collections import Counter
from itertools import pairwise
from typing import Any

import attrs
import pytest
from archipel_helpers import invariants_verdict as _verdict
from archipel_helpers import random_states
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

from tabletop.archipel import GAME
from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.state import DECK, SHOP_SIZE, ArchipelState, SpotFish
from tabletop.kernel.tokens import Tokens

MODULE = sys.modules["tabletop.archipel.invariants"]


def _sample(seed: int, players: int, every: int = 7) -> list[ArchipelState]:
    return random_states(seed, players, limit=400)[::every]


@pytest.mark.parametrize(
    ("declare", "idle_rounds"),
    [
        ("anytime", 10),
        ("supplied", 1),
        ("supplied", 1000),
        ("never", 10),
        ("supplied", 0),
        ("anytime", 1001),
        ("anytime", True),
        ("supplied", -5),
        (SpotFish.UNSEEN, 10),
        (str.__new__(type("Declare", (str,), {}), "supplied"), 10),
    ],
)
def test_kept_options_remembered_are_refused_as_new_game_refuses_them(declare: Any, idle_rounds: Any) -> None:
    """ARC-7.1, ARC-7.6: the pairs of options remembered sound (plain `str` and `int`) are those
    `check_kept_options` accepts; a value equal to a remembered one but of another type (`True`
    for 1) is checked again, and every refusal is `check_kept_options`' own."""
    plain = _verdict(GAME.check_kept_options, {"declare": declare, "idle_rounds": idle_rounds})
    for state in _sample(1, 2, every=40):
        changed = attrs.evolve(state, declare=declare, idle_rounds=idle_rounds)
        for _ in range(2):  # the second time from what the first remembered
            assert _verdict(MODULE._check_options, changed) == plain
        if type(idle_rounds) is bool:  # True after 1 was remembered: still refused
            assert _verdict(MODULE._check_options, attrs.evolve(state, idle_rounds=1)) is None
            assert _verdict(MODULE._check_options, changed) == plain
    assert len(MODULE._KEPT_OPTIONS) <= MODULE._OPTIONS_KEPT


def test_kept_options_are_a_bounded_table() -> None:
    """Texts may name any of the thousand `idle_rounds`: at most `_OPTIONS_KEPT` pairs are kept."""
    state = _sample(2, 2, every=400)[0]
    for idle_rounds in range(1, 200):
        MODULE._check_options(attrs.evolve(state, idle_rounds=idle_rounds))
        assert len(MODULE._KEPT_OPTIONS) <= MODULE._OPTIONS_KEPT


def _conserved(state: ArchipelState) -> bool:
    """Whether the square cards are the board's, counted one by one (ARC-1.6)."""
    cards: Counter[str] = Counter(card for card in state.storms if card)
    for tokens in (state.pocket.contents, state.warehouse, state.bought, state.removed, *state.shops):
        cards.update(tokens.elements())
    for boat in state.boats:
        cards.update(boat.cards.elements())
    return cards == Counter(state.map.cards.elements())


def _card_moves(state: ArchipelState) -> dict[str, ArchipelState]:
    """Copies of `state` with square cards moved (conserved) or added (not), each in a part of a
    new identity beside the very other parts of `state`."""
    card = next(iter(state.pocket.contents))
    pocket = state.pocket.take(Tokens([card]))
    boat = state.boats[-1]
    boats = (*state.boats[:-1], attrs.evolve(boat, cards=boat.cards.add(card)))
    i = next((i for i, shop in enumerate(state.shops) if shop), 0)
    shops = (*state.shops[:i], state.shops[i].add(card), *state.shops[i + 1 :])
    j = next((j for j, on in enumerate(state.storms) if not on), None)
    storms = state.storms if j is None else (*state.storms[:j], card, *state.storms[j + 1 :])
    return {
        "to a boat": attrs.evolve(state, pocket=pocket, boats=boats),
        "to a shop": attrs.evolve(state, pocket=pocket, shops=shops),
        "to the storms": attrs.evolve(state, pocket=pocket, storms=storms),
        "to the box": attrs.evolve(state, pocket=pocket, removed=state.removed.add(card)),
        "doubled on a boat": attrs.evolve(state, boats=boats),
        "doubled in a shop": attrs.evolve(state, shops=shops),
        "doubled on the storms": attrs.evolve(state, storms=storms),
        "a copy of the boats": attrs.evolve(state, boats=tuple(attrs.evolve(b) for b in state.boats)),
        "unknown on a boat": attrs.evolve(
            state, boats=(*state.boats[:-1], attrs.evolve(boat, cards=boat.cards.add("x")))
        ),
        "unknown in a shop": attrs.evolve(state, shops=(state.shops[0].add("x"), *state.shops[1:])),
        "no boats": attrs.evolve(state, boats=()),
        "no shops": attrs.evolve(state, shops=()),
        "turned along the storms": attrs.evolve(state, storms=(*state.storms[1:], state.storms[0])),
    }


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 5), (2, 3)])
def test_cards_coded_by_tuple_agree_with_the_count(seed: int, players: int) -> None:
    """ARC-1.6: the codes kept per tuple of storm spaces, shops and boats say "conserved" exactly
    where the count does, on seeded states and on copies with a card moved or added in a part of
    a new identity, the codes of the other parts (the very tuples) already kept."""
    for state in _sample(seed, players):
        check_invariants(state)
        board = state.map
        assert MODULE._cards_coded(state, board) and _conserved(state)
        for name, moved in _card_moves(state).items():
            assert MODULE._cards_coded(moved, board) == _conserved(moved), name
            assert MODULE._cards_coded(state, board)  # the very parts of `state`, kept: still sound


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (4, 5)])
def test_a_state_with_cards_moved_is_refused_after_a_sound_one_as_alone(seed: int, players: int) -> None:
    """Whatever the invariants remember of a sound state, a copy with a card moved or added in a
    part of a new identity gets the plain check's verdict (message, path and rule)."""
    for state in _sample(seed, players, every=23):
        for name, moved in _card_moves(state).items():
            assert _after(state, moved) == _alone(moved), name


def _place_breaks(state: ArchipelState) -> dict[str, ArchipelState]:
    """Copies of `state` with only the flow, the turn or the warehouse's sign changed, the cards
    and shops the very objects of `state`: some break a rule of the card places."""
    card = next(iter(state.map.cards))
    return {
        "closed warehouse": attrs.evolve(state, warehouse_shut=not state.warehouse_shut),
        "another phase": attrs.evolve(state, flow=attrs.evolve(state.flow, phase="harbour")),
        "out of the harbour": attrs.evolve(state, flow=attrs.evolve(state.flow, phase="sail")),
        "a weather card waiting": attrs.evolve(state, turn=attrs.evolve(state.turn, weather=card)),
        "no weather card waiting": attrs.evolve(state, turn=attrs.evolve(state.turn, weather="")),
        "the same turn, anew": attrs.evolve(state, turn=attrs.evolve(state.turn)),
    }


@pytest.mark.parametrize(("seed", "players"), [(5, 2), (6, 5), (7, 4)])
def test_the_card_places_alone_after_a_step_are_checked_as_alone(seed: int, players: int) -> None:
    """ARC-4.3, ARC-4.5, ARC-4.10: after a sound state, a state sharing its cards and shops (the
    very objects) but not its flow, turn or warehouse's sign has its card places checked again:
    every step of seeded games, and copies breaking a rule of the places, get the plain verdict."""
    states = random_states(seed, players, limit=300)
    refused = set()
    for before, after in pairwise(states):
        assert _after(before, after) is None
        for name, broken in _place_breaks(after).items():
            verdict = _alone(broken)
            assert _after(after, broken) == verdict, name
            if verdict is not None:
                refused.add(verdict[3])
    assert {"ARC-4.3", "ARC-4.10"} <= refused


@pytest.mark.parametrize(("seed", "players"), [(8, 2), (9, 5)])
def test_fuel_summed_over_the_boats_is_refused_as_alone(seed: int, players: int) -> None:
    """ARC-1.3, ARC-1.4: copies with fuel moved between a boat and the supply, added, or beyond
    a tank get the plain verdict after a sound state."""
    for state in _sample(seed, players, every=11):
        boat = state.boats[0]
        fuelled = (attrs.evolve(boat, fuel=boat.fuel + 1), *state.boats[1:])
        copies = [
            attrs.evolve(state, boats=fuelled, supply=state.supply - 1),
            attrs.evolve(state, boats=fuelled),
            attrs.evolve(state, supply=state.supply + 1),
            attrs.evolve(
                state, boats=(attrs.evolve(boat, fuel=-1), *state.boats[1:]), supply=state.supply + boat.fuel + 1
            ),
        ]
        verdicts = [_alone(copy) for copy in copies]
        assert [_after(state, copy) for copy in copies] == verdicts
        assert verdicts[0] is None if boat.fuel < 5 else verdicts[0] is not None and verdicts[0][3] == "ARC-1.3"
        assert verdicts[2] is not None and verdicts[2][3] == "ARC-1.4"


@pytest.mark.parametrize(("seed", "players"), [(10, 2), (11, 5), (12, 1)])
def test_cards_moved_from_a_sound_state_agree_with_the_count(seed: int, players: int) -> None:
    """ARC-1.6: after a sound state, the codes of only the parts that are not its very objects
    say "conserved" exactly where the count does: at every step of seeded games, and on copies
    with a card moved or added in a part of a new identity; tuples of another length are left to
    the plain check."""
    states = random_states(seed, players, limit=300)
    for before, after in pairwise(states):
        assert MODULE._cards_moved(after, before, after.map)
    for state in states[::9]:
        for name, moved in _card_moves(state).items():
            if name in ("no boats", "no shops"):
                assert not MODULE._cards_moved(moved, state, state.map), name
            else:
                assert MODULE._cards_moved(moved, state, state.map) == _conserved(moved), name


def _shop_breaks(state: ArchipelState) -> dict[str, ArchipelState]:
    """Copies of `state` with shops overfull (a card from the pocket), closed, or one too few."""
    board = state.map
    full = next((i for i, shop in enumerate(state.shops) if shop), 0)
    empty = next((i for i, shop in enumerate(state.shops) if not shop), 0)
    cards = state.pocket.contents.elements()[: SHOP_SIZE + 1]
    pocket = state.pocket.take(Tokens(cards))
    shops = list(state.shops)
    shops[full] = shops[full] + Tokens(cards)
    return {
        "overfull": attrs.evolve(state, pocket=pocket, shops=tuple(shops)),
        "closed with cards": attrs.evolve(state, shut=state.shut | {board.island_ids[full]}),
        "closed and empty": attrs.evolve(state, shut=state.shut | {board.island_ids[empty]}),
        "closed, not an island": attrs.evolve(state, shut=state.shut | {"atlantis"}),
        "every shop closed": attrs.evolve(state, shut=frozenset(board.island_ids)),
        "one shop too few": attrs.evolve(state, shops=state.shops[:-1]),
    }


@pytest.mark.parametrize(("seed", "players"), [(13, 2), (14, 5)])
def test_shops_found_sound_at_once_are_refused_as_by_the_loop(seed: int, players: int, monkeypatch: Any) -> None:
    """ARC-1.7, ARC-4.10: the shops' bounds found in C (the closed shops by their index) accept
    exactly what the loop over the islands accepts, which words every refusal: on seeded states
    and copies with a shop overfull, closed or missing, after a sound state and alone."""
    cases = [(state, broken) for state in _sample(seed, players, every=13) for broken in _shop_breaks(state).values()]
    quick = [(_after(state, broken), _alone(broken)) for state, broken in cases]
    monkeypatch.setattr(MODULE, "_shops_sound", lambda *_: False)  # the loop alone decides
    looped = [_alone(broken) for _, broken in cases]
    assert [after for after, _ in quick] == looped
    assert [alone for _, alone in quick] == looped
    assert {verdict[3] for verdict in looped if verdict} >= {"ARC-1.7", "ARC-4.10"}


@pytest.mark.parametrize("players", [2, 5])
def test_a_boat_beyond_its_bounds_is_refused_at_its_path(players: int) -> None:
    """ARC-1.3, ARC-3.4, ARC-3.6, ARC-4.7: the last boat with no fuel left to hold, a fourth
    fish, a shark or a fifth card is refused at its own path, after a sound state as alone."""
    state = _sample(15, players, every=50)[-1]
    i, boat = len(state.boats) - 1, state.boats[-1]
    cards = Tokens(state.map.cards.elements()[: DECK + 1])
    broken = {
        (f"boats[{i}].fuel", "ARC-1.3", f"{boat.colour} boat has 6 fuel"): attrs.evolve(boat, fuel=6),
        (f"boats[{i}].fish", "ARC-3.6", f"{boat.colour} boat has 4 fish"): attrs.evolve(boat, fish=Tokens({"blue": 4})),
        (f"boats[{i}].fish", "ARC-3.4", f"{boat.colour} boat carries a shark"): attrs.evolve(
            boat, fish=Tokens(["shark"])
        ),
        (f"boats[{i}].cards", "ARC-4.7", f"{boat.colour} boat has 5 equipment cards"): attrs.evolve(boat, cards=cards),
    }
    for (path, rule, message), changed in broken.items():
        copy = attrs.evolve(state, boats=(*state.boats[:-1], changed))
        verdict = _alone(copy)
        assert verdict == ("InvariantBroken", f"{path}: {message} ({rule})", path, rule)
        assert _after(state, copy) == verdict
