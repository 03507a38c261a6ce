"""The rules in words for a player: each rule's text from `docs/<game>/rules.md` (shipped in the
wheel), where the docs explain it, and the rules a few words find (`rules speculate` in
`tabletop play`).
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Final

from tabletop.kernel.protocol import Game

__all__ = ["match_rules", "rule_link", "rule_text"]


def _rules_file(game: Game) -> str | None:
    """The text of `docs/<game>/rules.md`: shipped in the wheel as package data (the same
    file, copied in by the build), read from the source tree otherwise."""
    name = game.name
    if not re.fullmatch(r"[a-z_]+", name):
        return None
    try:
        shipped = resources.files("tabletop").joinpath(name, "data", "rules.md")
        if shipped.is_file():
            return shipped.read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError):  # pragma: no cover - an unusual installation
        pass
    source = Path(__file__).resolve().parents[3] / "docs" / name / "rules.md"
    return source.read_text(encoding="utf-8") if source.is_file() else None


def _plain(markdown: str) -> str:
    """Markdown to plain words: no tags, attribute lists, emphasis or link targets."""
    text = re.sub(r"<[^>]+>", "", markdown)
    text = re.sub(r"\{[:#.][^}]*\}", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("**", "").replace("`", "")
    return " ".join(text.split())


def _rule_texts(game: Game) -> dict[str, str]:
    """Every rule's full text in `docs/<game>/rules.md` (a bullet starting with the rule ID)."""
    source = _rules_file(game)
    if source is None:
        return {}
    parts: dict[str, list[str]] = {}
    current: str | None = None
    for line in source.splitlines():
        if line.startswith("- "):
            first = _plain(line[2:]).split(" ", 1)[0]
            current = first if first in game.rules else None
            if current is not None:
                parts[current] = [line[2:]]
        elif current is not None and line.startswith("  ") and line.strip():
            parts[current].append(line)
        else:
            current = None
    found: dict[str, str] = {}
    for rid, lines in parts.items():
        body = _plain(" ".join(lines))
        found[rid] = body[len(rid) :].strip() if body.startswith(rid) else body
    return found


def rule_text(game: Game, rule_id: str) -> str:
    """The full text of rule `rule_id` from `docs/<game>/rules.md` ("" when not written there)."""
    return _rule_texts(game).get(rule_id, "")


def rule_link(game: Game, rule_id: str) -> str:
    """Where the docs explain rule `rule_id`: `docs/<game>/rules.md#<rule_id>` ("" if nowhere)."""
    return f"docs/{game.name}/rules.md#{rule_id}" if rule_text(game, rule_id) else ""


_SUFFIXES: Final = (
    "ations",
    "ation",
    "ings",
    "ing",
    "ions",
    "ion",
    "ates",
    "ated",
    "ate",
    "ers",
    "er",
    "ed",
    "es",
    "s",
    "e",
)


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in re.findall(r"[a-zà-ž0-9]+", text.lower())}


def match_rules(game: Game, query: str) -> list[str]:
    """The rule IDs whose ID, title or text has every word of `query` (case and word endings
    ignored: `speculate` finds "Speculation"; `at` finds the word "at", not "boat").

    An empty query lists every rule; an ID or an ID's prefix (`CON-2`) lists that section.
    """
    rules = game.rules
    query = query.strip()
    if not query:
        return list(rules)
    prefix = query.upper()
    by_id = [rid for rid in rules if rid.upper() == prefix or rid.upper().startswith(prefix + ".")]
    if by_id:
        return by_id
    wanted = _stems(query)
    texts = _rule_texts(game)
    in_title = [rid for rid, title in rules.items() if wanted <= _stems(f"{rid} {title}")]
    in_text = [rid for rid in rules if rid not in in_title and wanted <= _stems(texts.get(rid, ""))]
    return in_title + in_text
