"""The shortcuts of Spółka ZOO's playout and branching paths give what the plain code gives:
`rules.setup` shares its option set's starting parts between games without any game seeing
another's (ZOO-1.1 to ZOO-1.7), a lobbied card is shuffled into a deck of unknown order by one
addition (ZOO-4.11), and `Draft.to_draw` moves the flow as the phase machine does."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tabletop.kernel.chance import sample_chance
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.rules.decks import shuffled_into
from tabletop.spolka_zoo.rules.setup import setup
from tabletop.spolka_zoo.state import Draft

CONFIGS = (
    {"players": 2},
    {"players": 5},
    {"players": 1, "bots": 4},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
)


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_setup_shares_parts_and_games_stay_apart(options: dict[str, object]) -> None:
    """Two games of one option set start from equal states that differ only by the seed, share
    their (immutable) parts, and playing one leaves the other's start as it was."""
    first: ZooState = GAME.new_game(1, **options)  # type: ignore[assignment]
    second: ZooState = GAME.new_game(2, **options)  # type: ignore[assignment]
    text = second.to_json()
    assert first.piles is second.piles and first.seats is second.seats
    assert first.seed == 1 and second.seed == 2
    rng = random.Random(0)
    state = first
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_moves()))
    assert second.to_json() == text
    third: ZooState = GAME.new_game(2, **options)  # type: ignore[assignment]
    assert third.to_json() == text and third == second


def test_setup_refuses_every_time() -> None:
    """A refused option set is refused again when asked again (refusals are not kept)."""
    options = {
        "modules": (),
        "starting_money": 10,
        "starting_fruits": 1,
        "seating": "humans-first",
        "unowned_cards": "ignored",
        "empty_board_ties": "paid",
        "bot_rule": "any-effect",
        "warehouse_fruit": "printed",
    }
    for _ in range(2):
        with pytest.raises(ValueError, match=r"players \+ bots must be 2 to 5; got 1 \+ 0"):
            setup(0, players=1, bots=0, **options)  # type: ignore[arg-type]


def _every_state(options: dict[str, object], games: int = 2) -> Iterator[ZooState]:
    """Every state but the last of `games` seeded random games."""
    for seed in range(games):
        rng, state = random.Random(seed), GAME.new_game(seed, **options)
        while not state.is_terminal:
            yield state  # type: ignore[misc]
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))


def test_one_card_shuffled_in_is_the_full_count() -> None:
    """`shuffled_into` of one card into a deck of unknown order alone (one `Tokens.add`) gives the
    deck, and the multiset's order, that counting the whole deck gives (a lobbied card, ZOO-4.11)."""
    for middle in (Tokens(), Tokens({"b": 1}), Tokens({"a": 2, "c": 1}), Tokens({"a": 1, "b": 3})):
        deck = Deck((), middle, ())
        for card in ("a", "b", "c", "d", "0"):
            fast = shuffled_into(deck, (card,))
            counted = Deck((), middle + Tokens([card]), ())
            assert fast == counted and list(fast.middle.items()) == list(counted.middle.items())
    known = Deck((Known("x"),), Tokens({"a": 1}), ())
    assert shuffled_into(known, ("a",)) == Deck((), Tokens({"a": 2, "x": 1}), ())


@pytest.mark.parametrize("options", CONFIGS[2:], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_to_draw_is_the_phase_machines_move(options: dict[str, object]) -> None:
    """`Draft.to_draw` (kept by the flow's identity) moves the flow where the phase machine's
    `goto("effects.draw")` moves it, from every working flow of a game, asked twice."""
    for state in _every_state(options, games=1):
        if state.flow.step != "work":
            continue
        for _ in range(2):
            draft = Draft(state)
            draft.to_draw()
            assert draft.flow == ZooState.MACHINE.goto(state.flow, "effects.draw")
