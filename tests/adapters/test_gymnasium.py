"""Gymnasium: tabletop/Conservas-v0 passes check_env (issue 13 item 6)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from adapter_helpers import require

gymnasium = require("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import tabletop  # noqa: E402
from tabletop.adapters.gymnasium import ENV_ID, ConservasEnv  # noqa: E402


@pytest.mark.parametrize("options", [{}, {"month": "august", "goal": "difficult"}, {"render_mode": "ansi"}])
def test_check_env_passes_without_warnings(options):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(gymnasium.make(ENV_ID, **options).unwrapped)


def test_the_space_is_the_bridges_and_a_random_legal_game_ends_with_the_return():
    env = gymnasium.make(ENV_ID, month="may")
    assert env.action_space == gymnasium.spaces.Discrete(tabletop.adapters.bridge("conservas").num_actions)
    observation, info = env.reset(seed=3)
    env.action_space.seed(3)
    terminated, reward, steps = False, 0.0, 0
    while not terminated:
        observation, reward, terminated, truncated, info = env.step(env.action_space.sample(info["action_mask"]))
        assert not truncated and env.observation_space.contains(observation)
        steps += 1
    assert reward in (0.0, 1.0) and steps > 5
    assert env.unwrapped.state.outcome.returns == (reward,)


def test_an_illegal_id_is_refused_naming_it_and_the_legal_ids():
    env = ConservasEnv()
    observation, info = env.reset(seed=1)
    legal = np.flatnonzero(info["action_mask"])
    again, reward, terminated, _, refused = env.step(4000)
    assert np.array_equal(again, observation) and reward == 0.0 and not terminated
    assert f"action 4000 is not legal here; legal ids: {legal[0]}" in refused["illegal"]
    with pytest.raises(tabletop.IllegalMove, match="action 5115 is not legal"):
        env.step(5115)
    strict = ConservasEnv(strict=True)
    strict.reset(seed=1)
    with pytest.raises(tabletop.IllegalMove, match="action 4000 is not legal here"):
        strict.step(4000)
