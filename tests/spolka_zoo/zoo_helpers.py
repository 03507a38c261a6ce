"""Helpers for the Spółka ZOO tests: forced setups, moves by notation, crafted positions."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import attrs
import pytest

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.errors import DecodeError, IllegalMove, InvariantBroken
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.invariants import invariants

__all__ = ["GAME", "board", "code", "craft", "deck", "legal", "play", "refused", "seat", "start"]

INFLUENCE_ROW = ("inf-apple", "inf-majority-coins", "inf-lemon", "inf-pineapple")
HELPER_ROW = ("h-owl", "h-tortoise", "h-mouse", "h-fox")


def play(state: ZooState, *texts: str) -> ZooState:
    """Apply moves given as notation (each text may hold several, split by ';'); check invariants."""
    for text in texts:
        for part in text.split(";"):
            if part.strip():
                state = state.apply(GAME.parse_move(state, part.strip()))  # type: ignore[assignment]
                invariants(state)
    return state


def start(
    players: int = 3,
    bots: int = 0,
    *,
    board: str = "apple,lemon,pineapple",
    influence: Iterable[str] = INFLUENCE_ROW,
    helpers: Iterable[str] = HELPER_ROW,
    seed: int = 1,
    **options: Any,
) -> ZooState:
    """A new game with the boards' order and both face-up rows forced; other setup draws
    (goals, intrigues) are sampled from the seed."""
    state: ZooState = GAME.new_game(seed, players=players, bots=bots, **options)  # type: ignore[assignment]
    state = play(state, f"board {board}")
    size = state.config.market_size
    for card in list(influence)[:size] + list(helpers)[:size]:
        state = play(state, f"draw {card}")
    while state.current_player == CHANCE and state.flow.key == "effects.draw" and state.queue[0].op == "deal":
        state = state.apply(state.legal_moves()[0])
    return state


def to_market(state: ZooState) -> ZooState:
    """Every seat declines every token of the round: the market phase begins."""
    n = len(state.seats)
    for token in ("share", "fruit", "lobby", "helper")[: state.config.tokens_per_round]:
        state = play(state, *[f"pick {token}"] * n, *["done"] * n)
    return state


def legal(state: ZooState) -> list[str]:
    """The legal moves as notation."""
    return [str(m) for m in state.legal_moves()]


def code(state: ZooState, text: str) -> str:
    """The refusal code of an illegal move (fails if the move is legal)."""
    try:
        state.apply(GAME.parse_move(state, text))
    except IllegalMove as exc:
        return exc.code
    msg = f"{text!r} was accepted"
    raise AssertionError(msg)


def seat(state: ZooState, index: int, **changes: Any) -> ZooState:
    """``state`` with seat ``index`` changed; new ``fruit`` (a dict) comes from or goes back
    to the warehouse, so the fruit stays conserved."""
    seats = list(state.seats)
    warehouse = state.warehouse
    if "fruit" in changes:
        changes["fruit"] = Tokens(changes["fruit"])
        warehouse = warehouse + seats[index].fruit - changes["fruit"]
    piles = state.piles
    for field, pile in (("helpers", "helper_deck"), ("intrigues", "intrigue_box")):
        if field in changes:
            deck = getattr(piles, pile)
            for card in getattr(seats[index], field):
                deck = deck.shuffle_in((card,))
            for card in changes[field]:
                deck = deck.remove(card)
            piles = attrs.evolve(piles, **{pile: deck})
    seats[index] = attrs.evolve(seats[index], **changes)
    return attrs.evolve(state, seats=tuple(seats), warehouse=warehouse, piles=piles)


def deck(state: ZooState, company: int, cards: tuple[str, ...]) -> ZooState:
    """``state`` with a company deck made of ``cards`` (shuffled); each card is taken from
    another company deck or the influence deck, and the deck's old cards leave the game."""
    decks = list(state.decks)
    influence = state.piles.influence
    old = decks[company].cards()
    decks[company] = Deck()
    for card in cards:
        holder = next((i for i, d in enumerate(decks) if card in d.cards()), None)
        if holder is not None and holder != company:
            decks[holder] = decks[holder].remove(card)
        elif card in old:
            old = old.remove(card)
        else:
            influence = influence.remove(card)
    decks[company] = Deck.shuffled(cards)
    removed = state.piles.removed + tuple(Known(card, public=True) for card in old.elements())
    piles = attrs.evolve(state.piles, influence=influence, removed=removed)
    # A hand-made deck: the makeup is derived again, as for a state saved without one.
    return attrs.evolve(state, decks=tuple(decks), piles=piles, deck_makeup=())


def board(state: ZooState, company: int, fruit: dict[str, int]) -> ZooState:
    """``state`` with a company board holding ``fruit`` (taken from / returned to the warehouse)."""
    boards = list(state.company_fruit)
    new = Tokens(fruit)
    warehouse = state.warehouse + boards[company] - new
    boards[company] = new
    return attrs.evolve(state, company_fruit=tuple(boards), warehouse=warehouse)


def craft(state: ZooState, **changes: Any) -> ZooState:
    """``state`` with top-level fields changed (a crafted position for a rule test)."""
    return attrs.evolve(state, **changes)


def random_states(seed: int, **options: object) -> list[ZooState]:
    """Every state of a random game on `seed` (chance sampled by probability, moves at random)."""
    rng = random.Random(seed)
    state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
    found = [state]
    while not state.is_terminal:
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
        found.append(state)
    return found


def checked_states(check: Callable[[ZooState], object], seeds: int, **options: object) -> Iterator[ZooState]:
    """Every state of random games on seeds 0 to `seeds - 1` ([random_states][]), each given
    to `check` (which raises if it refuses it) before it is yielded."""
    for seed in range(seeds):
        for state in random_states(seed, **options):
            check(state)
            yield state


# The invariants' verdicts, plain or after a sound state (the invariants keep what they found) ------

ZooVerdict = tuple[str, str, str] | None
"""`None` for a state found sound, else the refusal's message, path and rule."""


def invariants_verdict(state: ZooState) -> ZooVerdict:
    """The verdict of Spółka ZOO's invariants on `state` as they stand (remembering what they found)."""
    try:
        invariants(state)
    except InvariantBroken as exc:
        return str(exc), exc.path, exc.rule
    return None


def verdict_alone(state: ZooState) -> ZooVerdict:
    """The verdict with nothing remembered: no last sound state, no part's answer kept."""
    module = sys.modules["tabletop.spolka_zoo.invariants"]
    for each in (module, sys.modules["tabletop.spolka_zoo.state.makeup"]):
        for value in vars(each).values():
            if isinstance(value, PartAnswers):
                value._kept.clear()
    module._SOUND[0] = None
    found = invariants_verdict(state)
    module._SOUND[0] = None
    return found


def verdict_after(sound: ZooState, state: ZooState) -> ZooVerdict:
    """The verdict on `state` just after `sound` was found sound."""
    invariants(sound)
    assert sys.modules["tabletop.spolka_zoo.invariants"]._SOUND[0] is sound
    return invariants_verdict(state)


def refused(broken: ZooState, path: str, rule: str, value: str) -> None:
    """`broken` breaks `rule` at `path`, the message quoting `value`; its text is refused there
    when read (a `DecodeError` at `state.<path>` naming the rule)."""
    with pytest.raises(InvariantBroken) as caught:
        invariants(broken)
    assert (caught.value.path, caught.value.rule) == (path, rule)
    assert value in str(caught.value)
    with pytest.raises(DecodeError) as decoded:
        GAME.state_from_json(broken.to_json())
    assert decoded.value.path == f"state.{path}"
    assert f"({rule})" in str(decoded.value)
