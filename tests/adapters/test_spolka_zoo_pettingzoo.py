"""Spółka ZOO in PettingZoo: api_test and seed_test with bots and modules, rewards at the end (issue 13)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from adapter_helpers import require

require("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import tabletop  # noqa: E402
from tabletop.adapters.pettingzoo import env  # noqa: E402

PETTINGZOO = [
    {"players": 1, "bots": 1},
    {"players": 2, "bots": 1, "modules": ("events", "hidden_goals", "intrigues"), "seating": "alternate"},
]


# PettingZoo's classic games get these two warnings too: their observations are dicts.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("options", PETTINGZOO)
def test_pettingzoo_api_test_and_seed_test_pass(options: dict[str, object]) -> None:
    """PettingZoo's own api_test and seed_test on Spółka ZOO with bots (bots move inside step)."""
    api_test(env("spolka_zoo", **options), num_cycles=300)
    seed_test(functools.partial(env, "spolka_zoo", **options), num_cycles=300)


def test_pettingzoo_rewards_at_the_end_are_the_seats_glory() -> None:
    """Every seat is an agent (bots never get the turn); at the end each is rewarded its glory."""
    zoo = env("spolka_zoo", players=2, bots=1)
    zoo.reset(seed=4)
    size = tabletop.adapters.bridge("spolka_zoo", players=2, bots=1).observation_size
    rewards = dict.fromkeys(zoo.possible_agents, 0.0)
    acted = set()
    for agent in zoo.agent_iter():
        observation, reward, termination, truncation, _ = zoo.last()
        rewards[agent] += reward
        if termination or truncation:
            zoo.step(None)
            continue
        assert observation["observation"].shape == (size,)
        acted.add(agent)
        mask = observation["action_mask"]
        zoo.step(int(np.flatnonzero(mask)[len(acted) % mask.sum()]))
    end = zoo.unwrapped.state_
    assert end.is_terminal and acted == {"player_0", "player_1"}
    assert [rewards[a] for a in zoo.possible_agents] == list(end.outcome.returns)
