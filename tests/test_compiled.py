"""The optional mypyc build (`tools/compiled/build.py`, `docs/compiled.md`).

The pure-Python install never needs it: these tests check the build script's module list
against the sources, and, only where a compiled build exists, that it is what was imported
and that it plays the recorded games exactly as the sources do.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "compiled"


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("compiled_build", ROOT / "tools" / "compiled" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD_SCRIPT = _load()
LISTED = [path for name in BUILD_SCRIPT.DEFAULT_SETS for path in BUILD_SCRIPT.SETS[name]]


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def _has_extensions(folder: Path) -> bool:
    return any(folder.rglob("*.so")) or any(folder.rglob("*.pyd"))


def test_every_listed_module_is_a_module_of_the_sources() -> None:
    """Each module the build compiles exists in `src/` (a rename or a move shows up here)."""
    assert LISTED
    for path in LISTED:
        assert (ROOT / "src" / path).is_file(), path


def test_the_build_never_writes_into_src(capsys: pytest.CaptureFixture[str]) -> None:
    """An output folder inside `src/` is refused: the extensions would shadow the sources."""
    with pytest.raises(SystemExit) as exit_info:
        BUILD_SCRIPT.main(["--out", str(ROOT / "src" / "compiled")])
    assert exit_info.value.code == 2
    assert "build outside src/" in capsys.readouterr().err


@pytest.mark.skipif(
    not _has_extensions(Path(tabletop.__file__).parent), reason="tabletop is imported from the sources here"
)
def test_a_compiled_build_under_test_is_the_compiled_modules() -> None:
    """When the suite runs on a compiled build, every listed module is a compiled extension."""
    for path in LISTED:
        module = importlib.import_module(_module_name(path))
        assert isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader), module.__name__


@pytest.mark.skipif(not _has_extensions(BUILD), reason="no compiled build in build/compiled")
def test_the_compiled_build_replays_the_recorded_games() -> None:
    """The compiled build gives the recorded fingerprints (final JSON, outcome, length) of the first
    games of every game, as the sources do."""
    env = {**os.environ, "PYTHONPATH": str(BUILD)}
    command = [sys.executable, str(ROOT / "benchmarks" / "fingerprints.py"), "check", "--limit", "12"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fingerprints match" in done.stdout
