"""PettingZoo: every game is an AEC environment passing api_test and seed_test (issue 13 item 5)."""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest
from adapter_helpers import has_bridge, require

require("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabletop  # noqa: E402
from tabletop.adapters.pettingzoo import env  # noqa: E402

CONFIGURATIONS = [
    ("conservas", {}),
    ("conservas", {"month": "october", "goal": "difficult"}),
    ("archipel", {"players": 1}),
    ("archipel", {"players": 3, "memory": True}),
    ("archipel", {"players": 5, "short": True}),
]
if has_bridge("spolka_zoo"):
    CONFIGURATIONS += [("spolka_zoo", {}), ("spolka_zoo", {"players": 4, "modules": ("events",)})]


# PettingZoo's classic games get these two warnings too: their observations are dicts.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "options"), CONFIGURATIONS)
def test_api_test_and_seed_test_pass(game, options):
    api_test(env(game, **options), num_cycles=300)
    seed_test(functools.partial(env, game, **options), num_cycles=300)


def _play(zoo, seed):
    zoo.reset(seed=seed)
    rewards = dict.fromkeys(zoo.possible_agents, 0.0)
    for agent in zoo.agent_iter():
        observation, reward, termination, truncation, _ = zoo.last()
        rewards[agent] += reward
        if termination or truncation:
            zoo.step(None)
            continue
        mask = observation["action_mask"]
        zoo.step(int(np.flatnonzero(mask)[seed % mask.sum()]))
    return rewards


def test_rewards_at_the_end_are_the_games_returns():
    rewards = _play(env("archipel", players=2), 3)
    assert set(rewards) == {"player_0", "player_1"}
    assert len(set(rewards.values())) == 1 and next(iter(rewards.values())) in (0.0, 0.5, 1.0)


def test_observations_are_the_view_tensor_and_the_mask():
    zoo = env("archipel", players=2)
    zoo.reset(seed=1)
    agent = zoo.agent_selection
    observation = zoo.observe(agent)
    bridge = tabletop.adapters.bridge("archipel", players=2)
    assert observation["observation"].shape == (bridge.observation_size,)
    assert observation["action_mask"].sum() > 0
    other = next(a for a in zoo.agents if a != agent)
    assert zoo.observe(other)["action_mask"].sum() == 0


def test_an_illegal_action_raises_naming_it_and_changes_nothing():
    zoo = env("conservas")
    zoo.reset(seed=2)
    before = zoo.observe("player_0")
    legal = np.flatnonzero(before["action_mask"])
    with pytest.raises(tabletop.IllegalMove, match=rf"action 5000 is not legal here; legal ids: {legal[0]}"):
        zoo.step(5000)
    after = zoo.observe("player_0")
    assert np.array_equal(before["observation"], after["observation"])
    assert zoo.agent_selection == "player_0"


@pytest.mark.parametrize(("game", "options"), [c for c in CONFIGURATIONS if c[0] != "conservas"])
def test_observations_do_not_change_when_what_the_agent_cannot_see_changes(game, options):
    zoo = env(game, **options)
    zoo.reset(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        observation, _, termination, _, _ = zoo.last()
        if termination:
            break
        zoo.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    raw = zoo.unwrapped
    state = raw.state_
    for agent in raw.agents:
        seen = raw.observe(agent)
        raw.state_ = tabletop.get_game(game).perturb(state, raw.possible_agents.index(agent), rng)
        again = raw.observe(agent)
        raw.state_ = state
        assert np.array_equal(seen["observation"], again["observation"])
        assert np.array_equal(seen["action_mask"], again["action_mask"])
