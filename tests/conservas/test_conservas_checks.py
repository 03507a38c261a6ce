"""Each rule once (issue 11) and chance nodes that describe themselves (issue 16), over random play.

* Every legal move passes every check of its move class; every move of a kind the step
  allows that is not legal is refused naming the first check it fails (its code and rule).
* Every chance node says what it draws (source, deck or bag, destination, rule, recipient),
  and every outcome lands where the description says.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.conservas import (
    OPEN_WATER,
    Buy,
    Choose,
    ConservasState,
    Deal,
    Done,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
)
from tabletop.conservas.checks import CHECKS, payments
from tabletop.conservas.content import BOATS, KINDS, MONTH_NAMES, MONTHS, UPGRADES
from tabletop.conservas.rules.sea import submultisets
from tabletop.kernel.chance import Source
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

GAME = tabletop.get_game("conservas")
_SOME_BOATS = sorted(BOATS)[:3]
_SOME_UPGRADES = sorted(UPGRADES)[:3]
_EXTRA = Tokens({"octopus": 1, "water": 1})


def _tokens_near(tokens: Tokens, sizes: range) -> Iterator[Tokens]:
    """Sub-multisets of `tokens` plus an octopus and a water, of the given sizes."""
    for size in sizes:
        yield from submultisets(tokens + _EXTRA, size)


def _candidates(state: ConservasState) -> Iterator[Move]:
    """Moves of every kind the current step allows, legal or not, near the position."""
    kinds = state.MACHINE.move_kinds(state.flow)
    if "token" in kinds:
        yield from (Draw(kind) for kind in KINDS)
    if "card" in kinds:
        yield from (Deal(card) for card in (*_SOME_BOATS, *_SOME_UPGRADES, *state.boat_deck.middle))
    if "choose" in kinds:
        yield from (Choose(boat) for boat in (*state.offer, *_SOME_BOATS))
    if "place" in kinds:
        for card in (*state.fleet, *state.boat_row[:1], OPEN_WATER):
            yield from (Place(card, kept) for kept in _tokens_near(state.hand, range(4)))
    if "redraw" in kinds:
        yield from (Redraw(kind) for kind in KINDS)
    if "return" in kinds:
        yield from (Return(tokens) for tokens in _tokens_near(state.hand, range(1, 3)))
    if "sell" in kinds:
        for space in MONTHS[state.month].spaces:
            for paid in (space.needs, space.needs.add("sardine")):
                yield from (Sell(space.id, paid, kind) for kind in (*paid, "octopus"))
        yield Sell("r9c9", Tokens({"sardine": 1}), "sardine")
    if "trade" in kinds:
        for card in (*state.upgrade_row, *_SOME_UPGRADES):
            for cost in ("any", "same", "different"):
                for paid in payments(cost, state.catch + Tokens({"sardine": 2, "water": 1})):
                    yield from (Trade(card, paid, keep) for keep in ("", *paid))
            yield Trade(card, Tokens({"water": 1}))
    if "buy" in kinds:
        yield from (Buy(boat) for boat in (*state.boat_row, *_SOME_BOATS))
    if "done" in kinds:
        yield Done()
    if "row" in kinds:
        yield from (Row(row, discard) for row in ("boats", "upgrades") for discard in (False, True))
    if "upkeep" in kinds:
        yield from (Upkeep(boat) for boat in (*state.fleet, *_SOME_BOATS))


def _first_failing(state: ConservasState, move: Move) -> tuple[str, str] | None:
    for check in CHECKS.get(type(move), ()):
        if check(state, move):
            return check.code, check.rule if check.rule_at is None else check.rule_at(state)
    return None


def _play(seed: int, month: str) -> Iterator[ConservasState]:
    """Every state of a random game (each player step, each chance node)."""
    rng = random.Random(seed)
    state = GAME.new_game(seed, month=month)
    assert isinstance(state, ConservasState)
    while not state.is_terminal:
        yield state
        move = tabletop.sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)


GAMES = [(seed, MONTH_NAMES[seed % 12]) for seed in range(6)]


@pytest.mark.parametrize(("seed", "month"), GAMES)
def test_generated_moves_pass_every_check_and_refusals_name_the_failing_check(seed: int, month: str) -> None:
    """issue 11 (each rule once): the legal moves and the refusals agree, check by check."""
    for state in _play(seed, month):
        legal = set(state.legal_moves())
        for move in legal:
            assert _first_failing(state, move) is None, f"{state.flow}: legal {move} fails a check"
        for move in _candidates(state):
            if move in legal:
                continue
            failing = _first_failing(state, move)
            assert failing is not None, f"{state.flow}: {move} is not legal but passes every check"
            with pytest.raises(tabletop.IllegalMove) as info:
                state.apply(move)
            assert (info.value.code, info.value.rule) == failing, f"{state.flow}: {move}"


def _landed(before: ConservasState, after: ConservasState, destination: str, outcome: str) -> bool:
    """The outcome is in `destination`, one more of it than before."""
    held: Tokens | tuple[str, ...] = getattr(after, destination)
    was: Tokens | tuple[str, ...] = getattr(before, destination)
    if isinstance(held, Tokens):
        assert isinstance(was, Tokens)
        return held[outcome] >= was[outcome] + 1  # a water drawn may be topped up with more water
    assert isinstance(was, tuple)
    return held.count(outcome) == was.count(outcome) + 1


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(MONTH_NAMES))
def test_every_chance_node_describes_itself_and_the_outcome_lands_there(seed: int, month: str) -> None:
    """issue 16: source, deck or bag, destination, rule and recipient; the outcome goes there."""
    for state in _play(seed, month):
        if not state.is_chance_node:
            continue
        node = state.chance_node()
        assert node.rule in GAME.rules
        assert state.view(0).chance_node() == node, "the description is public: the player's view gives the same"
        if node.source is Source.BAG:
            assert (node.name, node.destination, node.recipient) == ("bag", "hand", 0)
        else:
            assert node.source is Source.DECK and node.name in ("boats", "upgrades")
            deck = state.boat_deck if node.name == "boats" else state.upgrade_deck
            outcomes = {str(move).split()[1] for move, _ in state.chance_outcomes()}
            assert outcomes == set(deck.middle), f"{node}: the outcomes are the deck's unknown cards"
        for move, _ in state.chance_outcomes():
            after = state.apply(move)
            outcome = str(move).split()[1]
            if after.forfeit:  # the last token drawn before the supply ran out of water
                continue
            assert _landed(state, after, node.destination, outcome), f"{node}: {move} not in {node.destination}"
