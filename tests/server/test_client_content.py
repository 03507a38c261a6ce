"""The web client's card texts (`static/content.json`) match the game content.

The page draws card texts from `content.json`, a file generated from the games' shipped
content (the Archipel map comes with each document's `board` data: the match's own board).
Regenerate it after changing content with `python tests/server/test_client_content.py`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from tabletop.archipel.content import load_cards
from tabletop.conservas import content as conservas
from tabletop.spolka_zoo import content as zoo

CONTENT = Path(__file__).parents[2] / "src" / "tabletop" / "server" / "static" / "content.json"


def _conservas() -> dict[str, Any]:
    def goal(g: Any) -> dict[str, Any]:
        return {"money": g.money, "fish": dict(g.fish), "boats": g.boats, "upgrades": g.upgrades}

    return {
        "boats": {
            b.id: {"name": b.name, "catch": b.catch, "cost": b.cost, "upkeep": b.upkeep}
            for b in conservas.BOATS.values()
        },
        "upgrades": {
            u.id: {"name": u.name, "cost": u.cost, "phase": u.phase, "frequency": u.frequency, "text": u.text}
            for u in conservas.UPGRADES.values()
        },
        "months": {
            m.id: {
                "name": m.name,
                "rounds": m.rounds,
                "fill": m.fill,
                "theme": m.theme,
                "spaces": [
                    {"id": s.id, "row": s.row, "col": s.col, "needs": dict(s.needs), "price": s.price} for s in m.spaces
                ],
                "standard": goal(m.standard),
                "difficult": goal(m.difficult),
                "special": [s.text for s in m.special],
            }
            for m in conservas.MONTHS.values()
        },
    }


def _zoo() -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for kind, group in (
        ("company", zoo.STARTING),
        ("influence", zoo.INFLUENCE),
        ("helper", zoo.HELPER),
        ("event", zoo.EVENT),
        ("goal", zoo.GOAL),
        ("intrigue", zoo.INTRIGUE),
        ("bot", zoo.BOT),
    ):
        for card in group:
            entry: dict[str, Any] = {
                "kind": kind,
                "name": getattr(card, "name", card.id),
                "text": getattr(card, "text", ""),
            }
            if kind == "helper":
                entry.update(cost=dict(card.cost), glory=card.glory)
            if kind == "goal":
                entry.update(glory=card.glory)
            cards[card.id] = entry
    return {"cards": cards}


def _archipel() -> dict[str, Any]:
    """The card texts; the map is the match's own, from the document's `board` data."""
    return {"cards": {c.id: attrs.asdict(c) for c in load_cards().cards}}


def content() -> dict[str, Any]:
    """What the page needs to know about the games' content, by game name."""
    return {"conservas": _conservas(), "archipel": _archipel(), "spolka_zoo": _zoo()}


def test_the_static_content_is_the_shipped_content() -> None:
    """`static/content.json` is regenerated from the content (run this file to regenerate it)."""
    assert json.loads(CONTENT.read_text(encoding="utf-8")) == json.loads(json.dumps(content()))


if __name__ == "__main__":
    CONTENT.write_text(json.dumps(content(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
