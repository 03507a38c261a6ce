"""Spółka ZOO's `max_game_length`, derived from the rules and the cards (issue 13).

The bound must hold for every legal game (OpenSpiel sizes buffers and horizons from it), so
it is checked three ways: random play of every configuration, a "longest-game" policy that
prefers whatever prolongs the game, and phase by phase against the derived counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from adapter_helpers import ZOO_SEATS as SEATS
from adapter_helpers import counted_game, prolonging, zoo_configs
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop import adapters
from tabletop.adapters.spolka_zoo import MAX_GAME_LENGTH
from tabletop.adapters.spolka_zoo_length import (
    MODULES,
    LengthBound,
    bot_round_steps,
    bot_token_steps,
    card_steps,
    configurations,
    effect_steps,
    game_length_bound,
    intrigue_hand,
    length_bound,
    phase_of,
    player_round_steps,
    setup_steps,
    token_steps,
)
from tabletop.kernel.protocol import Move
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.content import BOT, END_ICON, Effect
from tabletop.spolka_zoo.moves import (
    Arrange,
    Buy,
    Done,
    Hire,
    Lobby,
    Pass,
    Pick,
    PlayIntrigue,
    Speculate,
    Take,
    Trade,
    UseHelper,
)
from tabletop.spolka_zoo.state import ROUNDS, Config

Policy = Callable[[ZooState, random.Random], Move]


def uniform(state: ZooState, rng: random.Random) -> Move:
    """A uniformly random legal move."""
    return rng.choice(state.legal_moves())


_PICKS = {"duplicate": 7, "helper": 6, "speculate": 5, "lobby": 4, "share": 2, "fruit": 2}
_WEIGHTS: dict[type, int] = {Speculate: 9, UseHelper: 9, Hire: 8, Lobby: 7, Trade: 6, Buy: 6, Take: 6, Pass: 1, Done: 0}


def _weight(state: ZooState, move: Move) -> int:
    """How much a move prolongs the game: more helpers (abilities after every later token,
    ZOO-5.1), more cards in the company decks (longer markets, ZOO-7.2), the longest action
    (speculation, ZOO-4.12), every offer taken (more shareholders deciding, ZOO-8.2), the
    end-of-deck icons sent to the bottom, intrigues kept for the last round (three windows a
    token while the hand is not empty, ZOO-12.8)."""
    if isinstance(move, Pick):
        return _PICKS[move.token]
    if isinstance(move, Arrange):
        return 6 if move.moved in END_ICON else 4
    if isinstance(move, PlayIntrigue):
        return 3 if state.flow.round == ROUNDS else -1
    return _WEIGHTS.get(type(move), 4)


longest: Policy = prolonging(_weight, explore=1 / 7)
"""The "longest-game" policy: the moves that prolong most (`_weight`), one at random; a
random move one time in seven, so different seeds explore different games."""


def counted(seed: int, policy: Policy, **options: object) -> tuple[ZooState, Counter[tuple[str, int]], int]:
    """A whole game: its last state, its steps by phase (`phase_of`), its length."""
    return counted_game(GAME.new_game(seed=seed, **options), policy, phase_of, random.Random(seed))


def check_within(state: ZooState, phases: Counter[tuple[str, int]], steps: int) -> LengthBound:
    """Every phase's observed steps within its derived bound, and the game within the total."""
    bound = length_bound(state.config)
    assert steps == sum(phases.values()) <= bound.total
    assert phases[("setup", 0)] <= bound.setup
    for r in range(1, ROUNDS + 1):
        assert phases[("action", r)] <= bound.action[r - 1], (r, phases, bound)
        assert phases[("market", r)] <= bound.market[r - 1], (r, phases, bound)
    assert set(phases) <= {("setup", 0)} | {(p, r) for p in ("action", "market") for r in range(1, ROUNDS + 1)}
    return bound


@settings(max_examples=30)
@given(zoo_configs(), st.integers(0, 2**32), st.sampled_from([uniform, longest]))
def test_no_game_of_any_configuration_exceeds_its_bound_phase_by_phase(
    options: dict[str, object], seed: int, policy: Policy
) -> None:
    """ZOO-2.1, ZOO-10.1: the setup, five action phases and five market phases, each within
    its derived count, under random play and under the longest-game policy, every option."""
    check_within(*counted(seed, policy, **options))


@pytest.mark.parametrize(("players", "bots"), SEATS)
def test_the_longest_game_policy_stays_under_the_bound(players: int, bots: int) -> None:
    """The adversarial check: a policy preferring what prolongs the game (helpers, lobbying,
    speculation, offers, icons to the bottom, intrigues late; ZOO-4.10 to ZOO-4.14, ZOO-5.1,
    ZOO-7.2, ZOO-12.8) with every module, rich seats (every offer affordable), many seeds:
    never over any phase's bound."""
    longest_seen = 0
    for seed in range(6):
        state, phases, steps = counted(
            seed, longest, players=players, bots=bots, modules=MODULES, starting_money=50, starting_fruits=3
        )
        check_within(state, phases, steps)
        longest_seen = max(longest_seen, steps)
    assert longest_seen <= game_length_bound(state.config)


def test_the_setup_count_is_exact() -> None:
    """ZOO-1.1 to ZOO-1.5, ZOO-12.5, ZOO-12.7: the boards' order, one draw per face-up card,
    a goal and an intrigue hand per player (bots get coins, ZOO-12.1): the derived setup is
    exactly what a game takes."""
    for players, bots in SEATS:
        for modules in ((), MODULES):
            _, phases, _ = counted(players + bots, uniform, players=players, bots=bots, modules=modules)
            config = Config(players, bots, modules, "humans-first", "any-effect", 10, 1)
            assert phases[("setup", 0)] == setup_steps(config) == length_bound(config).setup


def test_every_bridge_uses_its_configurations_bound() -> None:
    """OpenSpiel's `max_game_length` is the configuration's derived bound; `MAX_GAME_LENGTH`
    the largest over every seat count and module set, and no option besides those moves it."""
    bounds = {c: game_length_bound(c) for c in configurations()}
    assert len(bounds) == len(SEATS) * 2 ** len(MODULES)
    assert max(bounds.values()) == MAX_GAME_LENGTH
    for players, bots in ((1, 1), (2, 3), (5, 0)):
        bridge = adapters.bridge("spolka_zoo", players=players, bots=bots, modules=("events",))
        assert bridge.max_game_length == bounds[Config(players, bots, ("events",), "humans-first", "any-effect", 10, 1)]
        other = adapters.bridge(
            "spolka_zoo", players=players, bots=bots, modules=("events",), seating="alternate", starting_money=0
        )
        assert other.max_game_length == bridge.max_game_length


def test_more_of_anything_never_lowers_the_bound() -> None:
    """A module adds steps (ZOO-12.1), a round adds steps; each phase's bound grows with the
    round (more helpers held, more cards lobbied, ZOO-4.10, ZOO-4.11)."""
    for config in configurations():
        bound = length_bound(config)
        assert list(bound.action) == sorted(bound.action) and list(bound.market) == sorted(bound.market)
        for module in set(MODULES) - set(config.modules):
            more = Config(config.players, config.bots, (*config.modules, module), "humans-first", "any-effect", 10, 1)
            assert game_length_bound(more) > bound.total


def test_the_derived_counts_read_from_the_rules() -> None:
    """The pieces, from the rulebook sentences they count."""
    two = Config(2, 0, MODULES, "humans-first", "any-effect", 10, 1)
    five = Config(3, 2, MODULES, "humans-first", "any-effect", 10, 1)
    # ZOO-12.7: "2 players - each player receives 5 Intrigue cards. 3-5 players - ... 3".
    assert (intrigue_hand(two), intrigue_hand(five)) == (5, 3)
    # ZOO-13.4/13.5: 12 unplayable cards, the reshuffle, 12 again, the playable one; then its
    # draws: bot card 5's new influence row (4 cards with five seats, ZOO-1.4).
    assert bot_token_steps(five) == 2 * (len(BOT) - 1) + 1 + 4
    # ZOO-9.2: each round starts with the 13 cards shuffled, a turn reshuffles at most once:
    # the 2 bots' 6 turns draw at most 13 * 7 cards (not 6 * 25).
    assert bot_round_steps(five) == len(BOT) * (2 * 3 + 1) + 2 * 3 * 4
    # ZOO-3.1, ZOO-12.8, ZOO-4.12: the pick, three intrigue windows, speculation (the deck, 4
    # draws, the arrangement); holding one helper, the dearest matching ability and `done`.
    assert token_steps(two, "speculate", 1) == 1 + 3 + 6 + 1 + max(1 + card_steps(h, two) for h in ("h-bat", "h-stork"))
    # ZOO-3.2, ZOO-4.13: each token once a round, a duplicate repeating the one before, so in
    # round 1 at most two of the four tokens hire (and at most two speculate).
    rounds = {r: player_round_steps(two, r) for r in range(1, ROUNDS + 1)}
    assert rounds[1] < 4 * token_steps(two, "speculate", 2)
    assert rounds[1] >= 2 * token_steps(two, "speculate", 0) + 2 * token_steps(two, "share", 0)
    # A look at 2 cards of a deck of one's choice: the choice, 2 draws, the arrangement (ZOO-6.4).
    assert card_steps("h-magpie", two) == 4
    # "choose seat", then the target's own discard (ZOO-12.9).
    assert card_steps("int-spoilage", two) == 2
    # Every shareholder is offered a share: one decision per player (bots decide, ZOO-13.6).
    assert card_steps("inf-offer-all", five) == 3


def test_an_effect_the_derivation_does_not_know_is_refused() -> None:
    """A new effect kind gets its own bound: the derivation names the kind rather than guess."""
    config = Config(2, 0, (), "humans-first", "any-effect", 10, 1)
    with pytest.raises(ValueError, match="'teleport'"):
        effect_steps(Effect("teleport"), "influence", config)


def page_of(name: str) -> str:
    return (Path(__file__).resolve().parents[2] / "docs" / "ai" / name).read_text(encoding="utf-8")


def test_the_ai_page_gives_the_bounds() -> None:
    """docs/ai/spolka_zoo.md names the smallest and the largest bound as the code derives them."""
    page = page_of("spolka_zoo.md")
    bounds = [game_length_bound(c) for c in configurations()]
    assert f"from {min(bounds):,}\nsteps" in page and f"to {max(bounds):,} (five players" in page
    openspiel = page_of("openspiel.md")
    assert f"Spółka ZOO {min(bounds):,} to {max(bounds):,} by seats" in openspiel
