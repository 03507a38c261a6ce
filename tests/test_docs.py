"""Code in the docs and the README runs: every ```python block, in page order, in one namespace per page."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize(
    "page", [p for p in PAGES if BLOCK.search(p.read_text(encoding="utf-8"))], ids=lambda p: str(p.relative_to(ROOT))
)
def test_python_blocks_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every Python example on the page runs without error, top to bottom."""
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        for number, block in enumerate(BLOCK.findall(page.read_text(encoding="utf-8")), 1):
            try:
                exec(compile(block, f"{page.name}:block{number}", "exec"), namespace)
            except Exception as exc:
                pytest.fail(f"{page.name}, block {number} failed: {type(exc).__name__}: {exc}")
    finally:
        os.chdir(cwd)
    capsys.readouterr()


def test_protocol_json_example_is_what_to_json_writes() -> None:
    """The JSON shown on the protocol page is exactly Drill's first state with seed 3."""
    from tabletop.testing.drill import GAME

    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    shown = re.search(r"^```json\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert shown is not None
    assert json.loads(shown.group(1)) == json.loads(GAME.new_game(seed=3).to_json())
