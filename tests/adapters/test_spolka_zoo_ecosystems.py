"""Spółka ZOO in the peers' own test suites: OpenSpiel's random_sim_test and IS-MCTS (issue 13)."""

from __future__ import annotations

import numpy as np
import pytest
from adapter_helpers import require

pyspiel = require("pyspiel")
openspiel = require("tabletop.adapters.openspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tabletop  # noqa: E402

# Configurations besides the two ai-core's OpenSpiel test runs (the default, four players with events).
SPECS = [
    "tabletop_spolka_zoo(players=1,bots=2,modules=intrigues,seating=alternate)",
    "tabletop_spolka_zoo(players=2,modules=hidden_goals,bot_rule=all-effects,unowned_cards=resolved)",
]


@pytest.mark.parametrize("spec", SPECS)
def test_random_sim_test_passes(spec: str) -> None:
    """pyspiel's own random simulation test, serialization included."""
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=1, serialize=True, verbose=False)


def test_random_sim_test_passes_with_every_module_and_bots() -> None:
    """All three modules at once, given as a game string (modules joined with '+') or a parameter dict."""
    game = pyspiel.load_game("tabletop_spolka_zoo(players=2,bots=1,modules=events+hidden_goals+intrigues)")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    same = pyspiel.load_game(
        "tabletop_spolka_zoo", {"players": 2, "bots": 1, "modules": "events+hidden_goals+intrigues"}
    )
    assert str(same) == str(game)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_game_type_and_info_are_the_bridges() -> None:
    """General-sum, imperfect information, glory as utility; sizes from the bridge."""
    game = pyspiel.load_game("tabletop_spolka_zoo(players=2,bots=2)")
    bridge = tabletop.adapters.bridge("spolka_zoo", players=2, bots=2)
    kind = game.get_type()
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 4
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (bridge.num_actions, bridge.max_chance_outcomes)
    assert game.observation_tensor_shape() == [bridge.observation_size]
    assert (game.min_utility(), game.max_utility()) == (0.0, bridge.max_utility)
    assert game.max_game_length() == bridge.max_game_length


def _play(game: object, bot: object, rng: np.random.RandomState) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))  # type: ignore[attr-defined]
    return state


def test_ismcts_bot_plays_a_full_game_with_bots_and_intrigues() -> None:
    """OpenSpiel's ISMCTSBot, resampling through the bridge's determinization, finishes a game."""
    game = pyspiel.load_game("tabletop_spolka_zoo(players=2,bots=1,modules=intrigues)")
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng, use_observation_string=True
    )
    end = _play(game, bot, rng)
    returns = end.returns()  # type: ignore[attr-defined]
    assert len(returns) == 3 and all(0.0 <= r <= game.max_utility() for r in returns)


def test_resampling_keeps_what_the_player_knows() -> None:
    """resample_from_infostate gives a state with the same observation for that player."""
    game = pyspiel.load_game("tabletop_spolka_zoo(players=3,modules=hidden_goals)")
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while state.is_chance_node() or state.move_number() < 60:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.observation_string(player) == state.observation_string(player)
    assert np.array_equal(sample.observation_tensor(player), state.observation_tensor(player))
    assert sample.legal_actions() == state.legal_actions()


def test_an_illegal_action_raises_naming_the_legal_ids_and_changes_nothing() -> None:
    """An illegal id raises a SpielError naming it and the legal ids; the state is unchanged."""
    state = pyspiel.load_game("tabletop_spolka_zoo(players=2)").new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before, legal = str(state), state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match=rf"action 324 is not legal here; legal ids: {legal[0]}"):
        state.apply_action(324)
    assert str(state) == before and state.legal_actions() == legal
