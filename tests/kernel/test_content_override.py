"""TABLETOP_CONTENT replaces shipped content files, so owners can play with the printed cards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tabletop.kernel.content import CONTENT_ENV, content_override

ROOT = Path(__file__).resolve().parents[2]
BOATS = ROOT / "src" / "tabletop" / "conservas" / "data" / "boats.toml"


def _run(code: str, content: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, CONTENT_ENV: str(content)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)


def test_override_replaces_a_shipped_file(tmp_path: Path) -> None:
    """A file at $TABLETOP_CONTENT/<game>/<name> is read instead of the shipped one."""
    (tmp_path / "conservas").mkdir()
    text = BOATS.read_text(encoding="utf-8").replace('name = "El Dorado"', 'name = "El Dorado (printed)"')
    (tmp_path / "conservas" / "boats.toml").write_text(text, encoding="utf-8")
    code = "from tabletop.conservas.content import load_boats; print([b.name for b in load_boats()][:3])"
    out = _run(code, tmp_path)
    assert out.returncode == 0, out.stderr
    assert "El Dorado (printed)" in out.stdout


def test_broken_override_names_the_file(tmp_path: Path) -> None:
    """A bad replacement file fails with a ContentError naming it, not with the shipped file's name."""
    (tmp_path / "conservas").mkdir()
    (tmp_path / "conservas" / "boats.toml").write_text("[[boats]\n", encoding="utf-8")
    out = _run("import tabletop; tabletop.get_game('conservas')", tmp_path)
    assert out.returncode != 0
    assert "boats.toml" in out.stderr
    assert "not valid TOML" in out.stderr


def test_no_override_without_the_file(tmp_path: Path) -> None:
    """Only files that exist in the folder replace shipped ones."""
    os.environ[CONTENT_ENV] = str(tmp_path)
    try:
        assert content_override("tabletop.conservas", "data/boats.toml") is None
        (tmp_path / "archipel").mkdir()
        (tmp_path / "archipel" / "board.toml").write_text("", encoding="utf-8")
        assert content_override("tabletop.archipel.data", "board.toml") == tmp_path / "archipel" / "board.toml"
    finally:
        del os.environ[CONTENT_ENV]
    assert content_override("tabletop.archipel.data", "board.toml") is None
