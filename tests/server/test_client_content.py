"""The web client's card texts and board geometry (`static/content.json`) match the game content.

The page draws card texts and the Archipel map from `content.json`, a file generated from
the games' shipped content. Regenerate it after changing content with
`python tests/server/test_client_content.py`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import attrs

from tabletop.archipel.content import load_cards
from tabletop.archipel.content.board import reference_board
from tabletop.archipel.render.picture import INNER, OUTER, _area_centres, _ring
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
    board = reference_board()
    centres = _area_centres(board)
    places: dict[str, list[float]] = {}
    for area in board.data.areas:
        centre = centres[area.id]
        islands = [i.id for i in board.islands if i.area == area.id]
        homes = [h.id for h in board.homes if h.area == area.id]
        spots = [s.id for s in board.data.spots if s.area == area.id]
        members = islands + homes
        inner = _ring(centre, INNER if len(members) > 1 else 0, max(1, len(members)), 0.5)
        places.update({m: list(p) for m, p in zip(members, inner, strict=False)})
        turn = 0.5 if len(spots) % 4 == 0 else 0.0
        places.update({s: list(p) for s, p in zip(spots, _ring(centre, OUTER, max(1, len(spots)), turn), strict=False)})
    channels = []
    for channel in board.channels:
        (ax, ay), (bx, by) = centres[channel.areas[0]], centres[channel.areas[1]]
        length = math.hypot(bx - ax, by - ay) or 1.0
        span, k = length - 2 * 106, len(channel.spaces)
        for i, number in enumerate(channel.spaces):
            t = 106 + span * (i + 0.5) / k
            places[f"s{number}"] = [round(ax + (bx - ax) * t / length, 1), round(ay + (by - ay) * t / length, 1)]
        channels.append(
            {"id": channel.id, "from": list(centres[channel.areas[0]]), "to": list(centres[channel.areas[1]])}
        )
    return {
        "areas": [{"id": a.id, "name": a.name, "x": centres[a.id][0], "y": centres[a.id][1]} for a in board.data.areas],
        "channels": channels,
        "places": places,
        "spots": list(board.spots),
        "storms": list(board.storm_ids),
        "islands": [{"id": i.id, "name": i.name, "market": list(i.market), "pagoda": i.pagoda} for i in board.islands],
        "homes": [{"id": h.id, "colour": h.colour} for h in board.homes],
        "cards": {c.id: attrs.asdict(c) for c in load_cards().cards},
    }


def content() -> dict[str, Any]:
    """What the page needs to know about the games' content, by game name."""
    return {"conservas": _conservas(), "archipel": _archipel(), "spolka_zoo": _zoo()}


def test_the_static_content_is_the_shipped_content() -> None:
    """`static/content.json` is regenerated from the content (run this file to regenerate it)."""
    assert json.loads(CONTENT.read_text(encoding="utf-8")) == json.loads(json.dumps(content()))


if __name__ == "__main__":
    CONTENT.write_text(json.dumps(content(), indent=0, sort_keys=True) + "\n", encoding="utf-8")
