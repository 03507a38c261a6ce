"""Build a mypyc-compiled copy of tabletop in a separate folder, never in `src/`.

    python tools/compiled/build.py                      # the default module set, into build/compiled
    python tools/compiled/build.py --out DIR --set kernel --set conservas
    python tools/compiled/build.py --modules tabletop/kernel/deck.py,tabletop/kernel/bag.py
    PYTHONPATH=build/compiled python benchmarks/playouts.py --against src   # compiled vs pure

The script copies `src/tabletop` to `OUT/tabletop`, then compiles the chosen modules there with
mypyc (`mypyc.build.mypycify` and setuptools' `build_ext --inplace`, run in a subprocess inside
`OUT`). Each compiled module's extension (`*.so`) sits beside its `.py` in `OUT`, and Python
imports the extension first; the modules not chosen stay interpreted. The sources in `src/` are
never touched, so no compiled file can shadow them. Put `OUT` first on `PYTHONPATH` to use the
build. It needs mypy (which ships mypyc), setuptools and a C compiler; the pure-Python install
needs none of them.

Why only some modules: see `docs/compiled.md` (what mypyc refuses or changes in this codebase,
module by module, and what was measured).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The checkout this script belongs to."""

SOURCE = ROOT / "src" / "tabletop"

#: Named sets of modules (paths relative to the build folder). A set lists only modules that
#: compile AND keep their behaviour as they are; `docs/compiled.md` says why the others are left out.
SETS: dict[str, tuple[str, ...]] = {
    "kernel": (
        "tabletop/kernel/bag.py",
        "tabletop/kernel/phases.py",
        "tabletop/kernel/fastattrs.py",
    ),
    "conservas": (
        "tabletop/conservas/flow.py",
        "tabletop/conservas/rules/effects.py",
        "tabletop/conservas/rules/endofday.py",
        "tabletop/conservas/rules/land.py",
        "tabletop/conservas/rules/sea.py",
        "tabletop/conservas/rules/setup.py",
    ),
    "archipel": (
        "tabletop/archipel/checks.py",
        "tabletop/archipel/flow.py",
        "tabletop/archipel/rules/catching.py",
        "tabletop/archipel/rules/harbour.py",
        "tabletop/archipel/rules/meetings.py",
        "tabletop/archipel/rules/sailing.py",
        "tabletop/archipel/rules/season.py",
        "tabletop/archipel/rules/setup.py",
    ),
    "spolka_zoo": (
        "tabletop/spolka_zoo/flow.py",
        "tabletop/spolka_zoo/rules/actions.py",
        "tabletop/spolka_zoo/rules/bots.py",
        "tabletop/spolka_zoo/rules/decks.py",
        "tabletop/spolka_zoo/rules/economy.py",
        "tabletop/spolka_zoo/rules/effects.py",
        "tabletop/spolka_zoo/rules/market.py",
        "tabletop/spolka_zoo/rules/setup.py",
        "tabletop/spolka_zoo/rules/work.py",
    ),
}

DEFAULT_SETS = ("kernel", "conservas", "archipel", "spolka_zoo")

_SETUP = """
import json, sys
from setuptools import setup
from mypyc.build import mypycify

modules = json.loads(sys.argv[1])
setup(
    name="tabletop-compiled",
    ext_modules=mypycify(modules, opt_level="3"),
    script_args=["build_ext", "--inplace"],
)
"""


def copy_source(out: Path) -> None:
    """A fresh copy of `src/tabletop` in `out/tabletop` (no caches, no old extensions)."""
    target = out / "tabletop"
    if target.exists():
        shutil.rmtree(target)
    shutil.rmtree(out / "build", ignore_errors=True)
    for old in out.glob("*__mypyc*.so"):
        old.unlink()
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
    # As the wheel does (pyproject's force-include): each game's rules text beside its data.
    for rules in sorted((ROOT / "docs").glob("*/rules.md")):
        if (target / rules.parent.name / "data").is_dir():
            shutil.copyfile(rules, target / rules.parent.name / "data" / "rules.md")


def compile_modules(out: Path, modules: list[str]) -> int:
    """Run mypyc over `modules` inside `out`; the subprocess's exit code."""
    missing = [m for m in modules if not (out / m).is_file()]
    if missing:
        msg = f"no such module in the build copy: {', '.join(missing)}"
        raise SystemExit(msg)
    command = [sys.executable, "-c", _SETUP, json.dumps(modules)]
    env = {"PYTHONPATH": str(out), "PATH": _path()}
    return subprocess.run(command, cwd=out, env=env, check=False).returncode


def _path() -> str:
    import os

    return os.environ.get("PATH", "")


def compiled_in(out: Path) -> list[str]:
    """The modules of the build in `out` that import as compiled extensions."""
    return sorted(str(p.relative_to(out)) for p in (out / "tabletop").rglob("*.so"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "compiled"), help="the build folder")
    parser.add_argument("--set", action="append", default=[], choices=sorted(SETS), help="a module set (repeatable)")
    parser.add_argument("--modules", default="", help="comma-separated module paths instead of the sets")
    args = parser.parse_args(argv)
    out = Path(args.out).resolve()
    if out == SOURCE.parent or SOURCE.parent in out.parents:
        parser.error(f"--out {out}: build outside src/, or the extensions shadow the sources")
    if args.modules:
        modules = [m.strip() for m in args.modules.split(",") if m.strip()]
    else:
        modules = [m for name in (args.set or DEFAULT_SETS) for m in SETS[name]]
    started = time.monotonic()
    copy_source(out)
    code = compile_modules(out, modules)
    if code:
        print(f"mypyc failed (exit {code})", file=sys.stderr)
        return code
    built = compiled_in(out)
    print(f"compiled {len(built)} modules in {time.monotonic() - started:.0f} s into {out}:")
    for name in built:
        print(f"  {name}")
    print(f"use it with: PYTHONPATH={out} python ...")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
