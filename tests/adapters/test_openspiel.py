"""OpenSpiel: the games pass pyspiel's own random_sim_test and OpenSpiel's bots play them (issue 13 item 4)."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from adapter_helpers import has_bridge, require

pyspiel = require("pyspiel")
openspiel = require("tabletop.adapters.openspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import tabletop  # noqa: E402

CONFIGURATIONS = [
    "tabletop_conservas",
    "tabletop_conservas(month=december,goal=difficult)",
    "tabletop_conservas(month=june)",
    "tabletop_archipel(players=1)",
    "tabletop_archipel(players=3,memory=True)",
    "tabletop_archipel(players=5,short=True,declare=supplied,first_player=2)",
]
ZOO = [
    "tabletop_spolka_zoo",
    "tabletop_spolka_zoo(players=4,modules=events)",
    "tabletop_spolka_zoo(players=1,bots=2,modules=events+hidden_goals+intrigues)",
]
if has_bridge("spolka_zoo"):
    CONFIGURATIONS += ZOO


@pytest.mark.parametrize("spec", CONFIGURATIONS)
def test_random_sim_test_passes(spec):
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_type_and_info_are_the_bridges():
    game = pyspiel.load_game("tabletop_archipel(players=3)")
    kind, bridge = game.get_type(), tabletop.adapters.bridge("archipel", players=3)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.IDENTICAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (bridge.num_actions, bridge.max_chance_outcomes)
    assert game.num_players() == 3 and game.observation_tensor_shape() == [bridge.observation_size]
    conservas = pyspiel.load_game("tabletop_conservas")
    assert conservas.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    memory = pyspiel.load_game("tabletop_archipel(memory=True)").get_type()
    assert memory.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert (conservas.min_utility(), conservas.max_utility()) == (0.0, 1.0)


def test_a_bad_parameter_names_the_option():
    with pytest.raises(ValueError, match="option 'month' must be one of"):
        pyspiel.load_game("tabletop_conservas(month=smarch)")


def _play(game, bot, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bot.step(state))
    return state


def test_mcts_bot_plays_a_full_conservas_game():
    game = pyspiel.load_game("tabletop_conservas")
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    end = _play(game, bot, 1)
    assert end.returns()[0] in (0.0, 1.0)


@pytest.mark.parametrize(
    "spec", ["tabletop_archipel(players=2,memory=True)", *(ZOO[:1] if has_bridge("spolka_zoo") else [])]
)
def test_ismcts_bot_plays_a_full_game(spec):
    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng, use_observation_string=True
    )
    end = _play(game, bot, 2)
    assert len(end.returns()) == game.num_players()


def _decision(spec):
    state = pyspiel.load_game(spec).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_an_illegal_action_raises_naming_it_and_the_legal_ids_and_changes_nothing():
    state = _decision("tabletop_conservas")
    before = str(state)
    legal = state.legal_actions()
    with pytest.raises(pyspiel.SpielError, match=rf"action 4999 is not legal here; legal ids: {legal[0]}"):
        state.apply_action(4999)
    with pytest.raises(tabletop.IllegalMove):
        state.apply_action(4999)
    assert str(state) == before and state.legal_actions() == legal


@pytest.mark.parametrize(
    "spec", ["tabletop_archipel(players=2,memory=True)", *(ZOO[2:] if has_bridge("spolka_zoo") else [])]
)
def test_resampling_keeps_what_the_player_knows(spec):
    state = _decision(spec)
    sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.observation_string(0) == state.observation_string(0)
    assert np.array_equal(sample.observation_tensor(0), state.observation_tensor(0))


def test_serialization_and_pickle_carry_the_state_as_json():
    state = _decision("tabletop_archipel(players=2)")
    game = state.get_game()
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    same_game, same = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(same) == str(state) and same_game.num_players() == 2
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert b"tabletop" in pickle.dumps(state) and b"ArchipelState" not in pickle.dumps(state)


def test_the_observer_names_the_layout_sections():
    game = pyspiel.load_game("tabletop_conservas")
    observer = game.make_py_observer()
    state = game.new_initial_state()
    observer.set_from(state, 0)
    assert observer.dict["scalars"][2] == state.tabletop.money
