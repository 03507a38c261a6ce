"""Run the whole test suite on the compiled build made by `tools/compiled/build.py`.

    python tools/compiled/suite.py                    # build/compiled, then pytest's own arguments
    python tools/compiled/suite.py --out DIR -- -x tests/conservas

The suite is `tests/` plus the doctests of the package, as `pytest` runs it in a checkout, but
with the build folder first on `PYTHONPATH` and the doctests collected from the build's copy of
the package instead of `src/` (pytest refuses a module imported from one folder and collected
from another). A compiled module's doctests cannot be collected at all (pytest finds the
extension where it expects the `.py`), so those modules are left out of the doctest
collection; their docstrings are the same text the pure-Python suite runs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def pytest_command(out: Path, extra: list[str]) -> list[str]:
    """The pytest command line for the build in `out` (its doctests, minus the compiled modules')."""
    package = out / "tabletop"
    ignores = []
    for extension in sorted(package.rglob("*.so")):
        source = extension.with_name(extension.name.split(".")[0] + ".py")
        ignores.append(f"--ignore={source}")
    # Without a path among the arguments, the whole suite (an option's value is taken for a
    # path: write `-kEXPR`, not `-k EXPR`).
    paths = [] if any(not a.startswith("-") for a in extra) else ["tests", str(package)]
    return [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *ignores, *extra, *paths]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "compiled"), help="the build folder")
    parser.add_argument("pytest_args", nargs="*", help="pytest's arguments (after --); default: the whole suite")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if not any((out / "tabletop").rglob("*.so")):
        parser.error(f"no compiled build in {out}: run python tools/compiled/build.py first")
    env = {**os.environ, "PYTHONPATH": str(out)}
    command = pytest_command(out, args.pytest_args)
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
