"""Content files are validated strictly, and TABLETOP_CONTENT refuses what it would ignore (issue 9, issue 10)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.kernel.content import CONTENT_ENV, content_override

ROOT = Path(__file__).resolve().parents[2]
DATA = {game: ROOT / "src" / "tabletop" / game / "data" for game in ("conservas", "archipel", "spolka_zoo")}
BOATS = (DATA["conservas"] / "boats.toml").read_text(encoding="utf-8")
INTRIGUES = (DATA["spolka_zoo"] / "intrigues.toml").read_text(encoding="utf-8")
BOARD = (DATA["archipel"] / "board.toml").read_text(encoding="utf-8")


def _validate(tmp_path: Path, text: str, name: str = "boats.toml") -> subprocess.CompletedProcess[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "tabletop", "validate", str(path)], capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("catch = 2", "catch = true", "field 'catch': expected an integer, got True"),
        ('id = "el-dorado"', 'id = ""', "field 'id': an id must be non-empty text"),
        ('name = "El Dorado"', "name = 2.5", "field 'name': expected text, got 2.5"),
        ('id = "el-dorado"', "id = [1,2]", "field 'id': expected text, got [1, 2]"),
        ('id = "el-dorado"', "id = {a=1}", "field 'id': expected text, got {'a': 1}"),
    ],
)
def test_validate_refuses_what_the_issue_found_accepted(tmp_path: Path, old: str, new: str, message: str) -> None:
    """`tabletop validate` names the file, the item and the field, and exits 2."""
    out = _validate(tmp_path, BOATS.replace(old, new, 1))
    assert out.returncode == 2, out.stdout
    assert message in out.stderr and "boats.toml" in out.stderr
    assert "Traceback" not in out.stderr


def test_negative_copies_are_refused(tmp_path: Path) -> None:
    """`copies = -2` on a card whose family had no check of its own (intrigues)."""
    text = INTRIGUES.replace("copies = 2", "copies = -2", 1)
    out = _validate(tmp_path, text, "intrigues.toml")
    assert out.returncode == 2
    assert "field 'copies': copies must be at least 1, got -2" in out.stderr


def test_an_archipel_channel_needs_an_id(tmp_path: Path) -> None:
    """A board whose channel id is empty does not play."""
    start = BOARD.index("[[channels]]")
    end = BOARD.index("id = ", start)
    line_end = BOARD.index("\n", end)
    text = BOARD[:end] + 'id = ""' + BOARD[line_end:]
    out = _validate(tmp_path, text, "board.toml")
    assert out.returncode == 2
    assert "an id must be non-empty text" in out.stderr


def _run(code: str, content: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, CONTENT_ENV: str(content)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)


def test_a_non_utf8_content_file_is_named(tmp_path: Path) -> None:
    """`get_game` fails with a ContentError naming the file, not a bare UnicodeDecodeError."""
    (tmp_path / "conservas").mkdir()
    (tmp_path / "conservas" / "boats.toml").write_bytes(b'kind = "conservas.boats"\nname = "\xff\xfe"\n')
    out = _run("import tabletop; tabletop.get_game('conservas')", tmp_path)
    assert out.returncode != 0
    assert "ContentError" in out.stderr and "boats.toml" in out.stderr and "not UTF-8" in out.stderr


def test_an_unknown_file_name_is_refused(tmp_path: Path) -> None:
    """Issue 9: `company.toml` (the docs' old name for `starting.toml`) is not silently ignored."""
    (tmp_path / "spolka_zoo").mkdir()
    (tmp_path / "spolka_zoo" / "company.toml").write_text("", encoding="utf-8")
    os.environ[CONTENT_ENV] = str(tmp_path)
    try:
        with pytest.raises(Exception, match=r"spolka_zoo reads no file 'company.toml' \(its content files: .*starting"):
            content_override("tabletop.spolka_zoo", "data/starting.toml")
    finally:
        del os.environ[CONTENT_ENV]


def test_a_missing_folder_or_a_loose_file_is_refused(tmp_path: Path) -> None:
    """A TABLETOP_CONTENT that does not exist, or a file outside a game's folder, is named."""
    os.environ[CONTENT_ENV] = str(tmp_path / "nowhere")
    try:
        with pytest.raises(Exception, match="nowhere'?, which is not a folder"):
            content_override("tabletop.conservas", "data/boats.toml")
        os.environ[CONTENT_ENV] = str(tmp_path)
        (tmp_path / "boats.toml").write_text("", encoding="utf-8")
        with pytest.raises(Exception, match="in a folder named after their game"):
            content_override("tabletop.conservas", "data/boats.toml")
    finally:
        del os.environ[CONTENT_ENV]


def test_the_printed_content_guide_names_the_files_the_loaders_read() -> None:
    """Every file name the how-to lists for a game is one that game ships (and so reads)."""
    guide = (ROOT / "docs" / "howto" / "printed-content.md").read_text(encoding="utf-8")
    rows = {"Conservas": "conservas", "Archipel": "archipel", "Spółka ZOO": "spolka_zoo"}
    for line in guide.splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 2 and cells[1] in rows:
            names = [n.strip("` ") for n in cells[2].split(",")]
            shipped = {p.name for p in DATA[rows[cells[1]]].glob("*.toml")}
            assert set(names) <= shipped, f"{cells[1]}: {set(names) - shipped} not shipped"
