"""What a fuzz of the command line found: tracebacks for names too long, huge words quoted whole, a budget dropped."""

from __future__ import annotations

import pytest

from tabletop.cli import main

HUGE = "x" * 5000


def _refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run `argv`, which must be refused with status 2; its error output, checked short and traceback-free."""
    try:
        code = main(argv)
    except SystemExit as stopped:  # argparse's usage errors
        code = stopped.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err
    assert all(len(line) <= 500 for line in err.splitlines()), max(map(len, err.splitlines()))
    return err


@pytest.mark.parametrize("command", ["validate", "conformance"])
def test_a_file_name_too_long_for_the_system_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A 5000-character file name was an `OSError` traceback (`File name too long`): it is refused in one line
    naming the name (cut) and the system's reason."""
    err = _refusal(capsys, [command, HUGE])
    assert err.startswith(f"tabletop {command}: xxx") and "[...]" in err
    assert err.rstrip().endswith("File name too long")


@pytest.mark.parametrize(
    "argv",
    [
        ["games", HUGE],  # unrecognized arguments
        ["rules", HUGE],  # an unknown rule ID
        ["simulate", HUGE, "--quiet"],  # an unknown game
        ["replay", "x.json", "--seat", HUGE],  # argparse: invalid int value
        ["play", "conservas", "--agent", HUGE],
        ["simulate", "conservas", "--quiet", f"--month={HUGE}"],  # an option the game refuses
    ],
    ids=["games", "rules", "simulate game", "replay seat", "play agent", "game option"],
)
def test_a_huge_word_is_quoted_cut_short(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """A refusal quoting a 5000-character word typed is cut to its start and end, about 500 characters
    (it was quoted whole, in usage errors and the commands' own refusals alike)."""
    err = _refusal(capsys, argv)
    assert "xxx" in err


def test_a_search_budget_for_an_agent_without_one_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --iterations 5` with the random agent dropped the budget silently: it is refused naming it."""
    err = _refusal(capsys, ["simulate", "conservas", "--games", "2", "--quiet", "--iterations", "5"])
    assert err == (
        "tabletop simulate: --iterations and --seconds are search budgets: the agent 'random' takes neither "
        "(mcts does)\n"
    )
