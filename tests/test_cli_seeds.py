"""`--seed` takes a whole number from 0 to 2**63 - 1 (the range `new_game` takes); any other is a usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.frontend import Match
from tabletop.kernel.seeds import MAX_SEED

DRILL = "tabletop.testing.drill:GAME"


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
@pytest.mark.parametrize(
    ("seed", "quoted"),
    [
        ("-1", "got -1"),
        (str(MAX_SEED + 1), f"got {MAX_SEED + 1}"),
        ("9" * 5000, "got '" + "9" * 56 + "..."),
        ("abc", "got 'abc'"),
        ("True", "got 'True'"),
    ],
    ids=["negative", "2**63", "5000 digits", "text", "True"],
)
def test_a_seed_out_of_range_is_a_usage_error_naming_seed(
    capsys: pytest.CaptureFixture[str], command: str, seed: str, quoted: str
) -> None:
    """A negative, too large or non-numeric `--seed` is refused by the parser, status 2, naming `seed` and the
    value cut short (a 5000-digit seed was quoted whole in `invalid int value`; -1 reached the game)."""
    with pytest.raises(SystemExit) as stopped:
        main([command, DRILL, "--seed", seed])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert last == f"tabletop {command}: error: argument --seed: seed must be a whole number from 0 to {MAX_SEED} " + (
        f"(2**63 - 1); {quoted}"
    )
    assert len(last) < 250


def test_simulate_refuses_seeds_running_over_the_top_before_playing(capsys: pytest.CaptureFixture[str]) -> None:
    """Game i uses seed SEED+i: a run whose last seed would pass 2**63 - 1 is refused before its first game,
    naming the seed and the count (it played the games below the top, then failed on the next one)."""
    code, out, err = _run(capsys, "simulate", DRILL, "--seed", str(MAX_SEED - 1), "--games", "3", "--quiet")
    assert code == 2
    assert out == ""
    assert err == (
        f"tabletop simulate: seed {MAX_SEED - 1} with --games 3: the last game's seed would be over {MAX_SEED} "
        "(2**63 - 1)\n"
    )


def test_the_top_seed_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """2**63 - 1 itself is a seed: the last two games of the range are played."""
    code, out, _ = _run(capsys, "simulate", DRILL, "--seed", str(MAX_SEED - 1), "--games", "2", "--quiet")
    assert code == 0
    assert "2 random games" in out


def test_a_record_with_a_seed_out_of_range_is_refused_at_record_seed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play --load` of a record whose seed is over 2**63 - 1 names `record.seed` (it blamed `record.options`)."""
    data = json.loads(Match(DRILL, seed=3, agents={0: "random", 1: "random"}).save())
    data["record"]["seed"] = MAX_SEED + 1
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = _run(capsys, "play", "--load", str(path))
    assert code == 2
    assert f"record.seed: 'seed' must be <= {MAX_SEED}: {MAX_SEED + 1}" in err
