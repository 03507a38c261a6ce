"""Every JSON example in the frontend docs is exactly what tabletop writes."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from frontend_helpers import serving

from tabletop.frontend import Match
from tabletop.kernel.events import Event
from tabletop.testing.drill import GAME as DRILL

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = [DOCS / "formats.md", DOCS / "frontend.md"]
BLOCK = re.compile(r"(?:<!-- check: (\w+) -->\n)?```json\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _match() -> Match:
    """The match every example on the formats page shows: Drill, seed 3, four steps."""
    match = Match(DRILL, seed=3, auto_chance=False)
    for step in ("draw", "token red", "take", "card king"):
        match.play(step)
    return match


def _web_error() -> Any:
    with serving() as (base, _):
        body = json.dumps({"game": "drill", "seed": 3, "seats": ["human", "human"]}).encode()
        with urllib.request.urlopen(urllib.request.Request(base + "/api/matches", data=body), timeout=30) as answer:
            created = json.loads(answer.read())
        request = urllib.request.Request(
            f"{base}/api/matches/{created['match']}/moves", data=json.dumps({"move": "bottom"}).encode()
        )
        request.add_header("Authorization", f"Bearer {created['tokens']['0']}")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code == 422
        return json.loads(refused.value.read())


EXAMPLES: dict[str, Callable[[], Any]] = {
    "state": lambda: json.loads(_match().state.to_json()),
    "view": lambda: json.loads(_match().view(0).to_json()),
    "move": lambda: {"move": str(DRILL.parse_move(DRILL.new_game(seed=3), "look 2"))},
    "events_for_seat_0": lambda: [e.to_dict() for e in _match().events_for(0)],
    "restricted_event": lambda: Event.of(
        "look", "seat 0 looked at the top 2 cards: ace, king", visible_to=frozenset({0}), n=2
    ).to_dict(),
    "record": lambda: json.loads(_match().save()),
    "seat_record": lambda: json.loads(_match().save(seat=0)),
    "seat_document": lambda: _match().seat_json(0),
    "web_error": _web_error,
}


def _blocks() -> list[tuple[str, str | None, str]]:
    return [(page.name, name or None, text) for page in PAGES for name, text in BLOCK.findall(page.read_text("utf-8"))]


def test_every_json_block_is_checked() -> None:
    """Each ```json block carries a check marker naming a known example."""
    blocks = _blocks()
    assert blocks
    for page, name, _ in blocks:
        assert name in EXAMPLES, f"{page}: a JSON block without a known <!-- check: NAME --> marker ({name})"


@pytest.mark.parametrize(
    ("page", "name", "text"), _blocks(), ids=lambda v: v if isinstance(v, str) and "\n" not in v else ""
)
def test_json_example_is_what_tabletop_writes(page: str, name: str, text: str) -> None:
    """The example parses and equals the document tabletop produces for it."""
    shown = json.loads(text)
    if isinstance(shown, dict) and shown.get("format") == "tabletop/record":
        assert re.fullmatch(r"\d+\.\d+\.\d+.*", shown["record"]["tabletop"])
        shown["record"]["tabletop"] = __import__("tabletop").__version__
    assert shown == EXAMPLES[name](), f"{page}: the {name!r} example is out of date"


def test_record_example_replays() -> None:
    """The record on the formats page loads and replays to the state shown."""
    text = next(t for _, name, t in _blocks() if name == "record")
    assert Match.load(text, game=DRILL).state == _match().state
