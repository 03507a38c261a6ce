"""Where the round goes on after pending work (ZOO-6.1: card effects are carried out in full,
then play continues): the phase table's `WORK_STARTS` names it for every step that starts
work, and the rules set `resume` from it only."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.spolka_zoo import new_game
from tabletop.spolka_zoo.flow import MACHINE, WORK_RESUMES, WORK_STARTS


def _targets(key: str) -> set[str]:
    phase = key.split(".")[0]
    return {t if "." in t else f"{phase}.{t}" for t in MACHINE.steps()[key].then}


def test_every_step_that_starts_work_says_where_the_round_resumes() -> None:
    """ZOO-6.1: the steps leading to `effects.work` are exactly the keys of WORK_STARTS."""
    starting = {key for key in MACHINE.steps() if "effects.work" in _targets(key) and not key.startswith("effects.")}
    assert starting == set(WORK_STARTS)


def test_the_work_step_leads_to_every_resume_and_nothing_else() -> None:
    """ZOO-6.1: `effects.work` goes to its chance and decision steps or to a WORK_STARTS target."""
    assert _targets("effects.work") == {"effects.draw", "effects.choose", *WORK_STARTS.values()}
    assert set(WORK_RESUMES) == set(WORK_STARTS.values())
    assert all(target in MACHINE.steps() for target in WORK_RESUMES)


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 1, "bots": 2}, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}],
)
def test_work_resumes_where_its_starting_step_says(options: dict[str, object]) -> None:
    """ZOO-6.1: over random games, every state inside pending work resumes at a step of the
    table, and every state outside it has nowhere left to resume."""
    rng = random.Random(5)
    for seed in range(3):
        state = new_game(seed=seed, **options)
        while not state.is_terminal:
            if state.flow.phase == "effects":
                assert state.resume in WORK_RESUMES, state.flow
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)
            if state.flow.phase != "effects":
                assert state.resume == ""


def test_the_setup_deal_resumes_at_the_first_token() -> None:
    """ZOO-1.4/ZOO-3.1: the rows are dealt as pending work, then round 1's first token starts."""
    state = new_game(seed=3, players=2)
    rng = random.Random(0)
    state = state.apply(sample_chance(state, rng))  # the boards' order; the deal starts work
    assert state.flow.key == "effects.draw"
    assert state.resume == WORK_STARTS["setup.deal"] == "action.start"


def test_the_guide_lists_where_work_resumes_as_the_table_does() -> None:
    """docs/spolka_zoo/index.md shows WORK_STARTS as the code declares it."""
    page = (Path(__file__).parents[2] / "docs" / "spolka_zoo" / "index.md").read_text(encoding="utf-8")
    table = "".join(f"| {start} | {resume} |\n" for start, resume in WORK_STARTS.items())
    assert "| work started at | the round resumes at |\n|---|---|\n" + table in page
