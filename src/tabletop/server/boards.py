"""What to draw: each game's `board` data for the web client, built from a view only.

[board][tabletop.server.boards.board] turns a seat's view document (the JSON of
`view.to_json()`, or the spectator's public part of it, where hidden values are `null`) into a
plain description of the table: every drawn element has an `element` id (`"market:r1c2"`,
`"spot:f12"`, `"helper:h-owl"`), names and card texts come from the game's content, and hidden
things appear only as what the view shows of them (a count, `"unseen"`, `"?"`).
[targets][tabletop.server.boards.targets] names, for each legal move, the element it acts on
and words for it. Both read nothing but the view document and the game's public content.

```pycon
>>> import json, tabletop
>>> state = tabletop.get_game("conservas").new_game(seed=1)
>>> drawn = board("conservas", json.loads(state.view(0).to_json()), 0)
>>> drawn["market"][0]["element"], drawn["month"]
('market:r1c1', 'January')

```
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.kernel.protocol import Move

__all__ = ["board", "names", "targets"]


def board(game: str, view: Any, seat: int | None) -> dict[str, Any]:
    """The drawing data of `game` for `seat` (`None`: a spectator), from its view document.

    A game without a drawing of its own gets `{"game", "seat", "parts"}`: the view's field names.
    """
    state = view.get("state") if isinstance(view, dict) else None
    if not isinstance(state, dict):
        return {"game": game, "seat": seat, "parts": []}
    draw = _DRAWINGS.get(game)
    if draw is None:
        return {"game": game, "seat": seat, "parts": sorted(state)}
    return {"game": game, "seat": seat, **draw(state, seat)}


def names(game: str) -> Mapping[str, str]:
    """Content id -> printed name for `game` (cards, boats, islands...), for labels in words."""
    maker = _NAMES.get(game)
    return maker() if maker is not None else {}


def targets(game: str, drawn: Mapping[str, Any], moves: Sequence[Move]) -> dict[str, tuple[str | None, str, str]]:
    """For each move's notation: (the element id it acts on, its group, its label in words).

    The element is the first word of the notation, after the verb, that names a drawn element
    of `drawn` (the output of [board][tabletop.server.boards.board]); the label spells ids as
    their printed names.
    """
    elements = _element_ids(drawn)
    printed = names(game)
    out: dict[str, tuple[str | None, str, str]] = {}
    for move in moves:
        text = str(move)
        words = text.split()
        target = None
        for word in words[1:]:
            for part in word.split(","):
                if part in elements:
                    target = elements[part]
                    break
            if target is not None:
                break
        if target is None and text in elements:
            target = elements[text]
        label = " ".join(", ".join(printed.get(p, p) for p in w.split(",")) for w in words)
        out[text] = (target, words[0] if words else text, label[:1].upper() + label[1:])
    return out


def _element_ids(drawn: Any) -> dict[str, str]:
    """Every `element` id in the drawing, by its last part (`"r1c2"` -> `"market:r1c2"`)."""
    found: dict[str, str] = {}

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            element = value.get("element")
            if isinstance(element, str):
                found.setdefault(element.split(":", 1)[-1], element)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(drawn)
    return found


# Conservas ----------------------------------------------------------------------------------


def _conservas(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    from tabletop.conservas.content import BOATS, MONTHS, UPGRADES

    month = MONTHS.get(str(state.get("month")))
    cards = state.get("cards") or {}
    market = state.get("market") or []
    spaces = month.spaces if month is not None else ()
    used = set(state.get("used") or [])

    def boat(card: Any) -> dict[str, Any]:
        info = BOATS.get(str(card))
        return {
            "id": card,
            "element": f"boat:{card}",
            "name": info.name if info else card,
            "catch": info.catch if info else None,
            "cost": info.cost if info else None,
            "upkeep": info.upkeep if info else None,
            "used": card in used,
        }

    def upgrade(card: Any, **more: Any) -> dict[str, Any]:
        info = UPGRADES.get(str(card))
        return {
            "id": card,
            "element": f"upgrade:{card}",
            "name": info.name if info else card,
            "cost": info.cost if info else None,
            "text": info.text if info else "",
            **more,
        }

    return {
        "month": month.name if month else state.get("month"),
        "round": (state.get("flow") or {}).get("round"),
        "rounds": month.rounds if month else None,
        "phase": (state.get("flow") or {}).get("phase"),
        "goal": {"level": state.get("goal"), "money": state.get("money"), "filled": sum(1 for m in market if m)},
        "money": state.get("money"),
        "bag": {"element": "bag", "contents": (state.get("bag") or {}).get("contents")},
        "supply": state.get("supply"),
        "hand": state.get("hand"),
        "handful": state.get("handful"),
        "catch": state.get("catch"),
        "deep": state.get("deep"),
        "open_water": {"element": "open-water"},
        "fleet": [boat(c) for c in cards.get("fleet") or []],
        "offer": [boat(c) for c in cards.get("offer") or []],
        "boat_row": [boat(c) for c in cards.get("boat_row") or []],
        "upgrade_row": [upgrade(c) for c in cards.get("upgrade_row") or []],
        "upgrades": [
            upgrade(u.get("card"), round=u.get("round"), kept=u.get("kept"))
            for u in cards.get("upgrades") or []
            if isinstance(u, dict)
        ],
        "market": [
            {
                "id": space.id,
                "element": f"market:{space.id}",
                "row": space.row,
                "col": space.col,
                "needs": dict(space.needs.items()),
                "price": space.price,
                "filled": market[i] if i < len(market) else None,
            }
            for i, space in enumerate(spaces)
        ],
        "report": state.get("report"),
    }


@functools.cache
def _conservas_names() -> Mapping[str, str]:
    from tabletop.conservas.content import BOATS, UPGRADES

    return {**{k: v.name for k, v in BOATS.items()}, **{k: v.name for k, v in UPGRADES.items()}}


# Archipel -----------------------------------------------------------------------------------


def _archipel(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The match's own archipelago (its `board` option's file, else the reference one), laid out."""
    from tabletop.archipel.content.board import board_for

    source = state.get("board")
    layout = board_for(source if isinstance(source, str) else "")
    data = layout.data
    centres, places = _archipel_layout(layout.source)
    spots = state.get("spots") or []
    storms = state.get("storms") or []
    shops = state.get("shops") or []
    markets = state.get("markets") or []
    boats = state.get("boats") or []
    storm_at = dict(zip(layout.storm_numbers, storms, strict=False))
    return {
        "name": layout.name,
        "reference": bool(layout.reference),
        "areas": [{"id": a.id, "name": a.name, **_xy(centres, a.id)} for a in data.areas],
        "islands": [
            {
                "id": i.id,
                "element": f"island:{i.id}",
                "name": i.name,
                "area": i.area,
                "pagoda": i.pagoda,
                "orders": list(i.market),
                "market": markets[n] if n < len(markets) else None,
                "shop": shops[n] if n < len(shops) else None,
                **_xy(places, i.id),
            }
            for n, i in enumerate(data.islands)
        ],
        "home_ports": [
            {"id": h.id, "element": f"home:{h.id}", "colour": h.colour, "area": h.area, **_xy(places, h.id)}
            for h in data.home_ports
        ],
        "spots": [
            {
                "id": s.id,
                "element": f"spot:{s.id}",
                "area": s.area,
                "fish": (spots[n] or {}).get("fish") if n < len(spots) else None,
                "face_up": (spots[n] or {}).get("face_up") if n < len(spots) else None,
                **_xy(places, s.id),
            }
            for n, s in enumerate(data.spots)
        ],
        "channels": [
            {
                "id": c.id,
                "areas": list(c.areas),
                "from": _xy(centres, c.areas[0]),
                "to": _xy(centres, c.areas[1]),
                "spaces": [
                    {
                        "id": f"s{k}",
                        "element": f"storm:s{k}",
                        "number": k,
                        "storm": storm_at.get(k),
                        **_xy(places, f"s{k}"),
                    }
                    for k in c.spaces
                ],
            }
            for c in data.channels
        ],
        "boats": [
            {
                "seat": n,
                "element": f"boat:{n}",
                **{k: b.get(k) for k in ("colour", "home", "at", "fuel", "fish", "cards")},
            }
            for n, b in enumerate(boats)
            if isinstance(b, dict)
        ],
        "unseen": state.get("unseen"),
        "warehouse": state.get("warehouse"),
        "warehouse_shut": state.get("warehouse_shut"),
        "pocket": (state.get("pocket") or {}).get("contents"),
        "supply": state.get("supply"),
        "turn": state.get("turn"),
    }


#: The map's geometry (in the board's own units): an area's drawn radius, the rings of its
#: harbours and home ports and of its fish spots, and the smallest ring of areas without x/y.
_AREA_RADIUS = 100.0
_INNER = 50.0
_OUTER = 82.0
_AREA_RING = 260.0

Point = tuple[float, float]


@functools.cache
def _archipel_layout(source: str) -> tuple[dict[str, Point], dict[str, Point]]:
    """Where each area's centre is, and each harbour, home port, fish spot and storm space.

    An area is where its board file's `x`/`y` put it (areas without them stand on a ring); its
    harbours and home ports on a ring inside it, its fish spots on a ring round those, and a
    channel's storm spaces evenly along the line between its two areas, outside both circles.
    """
    from tabletop.archipel.content.board import board_for

    data = board_for(source).data
    areas = data.areas
    if all(a.x is not None and a.y is not None for a in areas):
        centres = {a.id: (float(a.x or 0.0), float(a.y or 0.0)) for a in areas}
    else:
        ring = max(_AREA_RING, len(areas) * 70.0)
        angles = [2 * math.pi * k / max(1, len(areas)) for k in range(len(areas))]
        centres = {
            a.id: (ring + ring * math.cos(t), ring + ring * math.sin(t)) for a, t in zip(areas, angles, strict=True)
        }
    places: dict[str, Point] = {}
    for area in areas:
        members = [i.id for i in data.islands if i.area == area.id] + [
            h.id for h in data.home_ports if h.area == area.id
        ]
        spots = [s.id for s in data.spots if s.area == area.id]
        inner = _INNER if len(members) > 1 else 0.0
        places.update(zip(members, _ring(centres[area.id], inner, len(members), 0.5), strict=True))
        places.update(
            zip(spots, _ring(centres[area.id], _OUTER, len(spots), 0.5 if len(spots) % 4 == 0 else 0.0), strict=True)
        )
    for channel in data.channels:
        (ax, ay), (bx, by) = centres[channel.areas[0]], centres[channel.areas[1]]
        length = math.hypot(bx - ax, by - ay) or 1.0
        margin = _AREA_RADIUS + 6.0
        span = length - 2 * margin
        for k, number in enumerate(channel.spaces):
            along = (margin + span * (k + 0.5) / len(channel.spaces)) / length
            places[f"s{number}"] = (round(ax + (bx - ax) * along, 1), round(ay + (by - ay) * along, 1))
    return centres, places


def _ring(centre: Point, radius: float, count: int, turn: float) -> list[Point]:
    """`count` points on a circle round `centre`, the first at the top (turned by `turn` of a step)."""
    x, y = centre
    steps = [2 * math.pi * (k + turn) / max(1, count) - math.pi / 2 for k in range(count)]
    return [(round(x + radius * math.cos(a), 1), round(y + radius * math.sin(a), 1)) for a in steps]


def _xy(points: Mapping[str, Point], ident: str) -> dict[str, float]:
    x, y = points.get(ident, (0.0, 0.0))
    return {"x": x, "y": y}


@functools.cache
def _archipel_names() -> Mapping[str, str]:
    from tabletop.archipel.content.board import reference_board

    data = reference_board().data
    return {i.id: i.name for i in data.islands} | {a.id: a.name for a in data.areas}


# Spółka ZOO ---------------------------------------------------------------------------------


def _spolka_zoo(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    from tabletop.spolka_zoo.content import FRUITS

    cards = _zoo_cards()
    layout = state.get("board") or []
    share = state.get("share_price") or []
    fruit_price = state.get("fruit_price") or []
    on_board = state.get("company_fruit") or []
    decks = state.get("decks") or []
    piles = state.get("piles") or {}
    warehouse = state.get("warehouse") or {}

    def card(ident: Any, kind: str) -> dict[str, Any]:
        info = cards.get(str(ident))
        return {
            "id": ident,
            "element": f"{kind}:{ident}",
            "name": info[0] if info else ident,
            "text": info[1] if info else "",
        }

    def seat_row(n: int, row: Mapping[str, Any]) -> dict[str, Any]:
        out = {k: row.get(k) for k in ("bot", "money", "fruit", "shares", "played", "pick")}
        out["seat"] = n
        out["helpers"] = [card(h, "hired") for h in row.get("helpers") or []]
        if n == seat:  # only one's own goal and intrigues; others' are "?" in the view anyway
            goal = row.get("goal")
            out["goal"] = card(goal, "goal") if goal else None
            out["intrigues"] = [card(i, "intrigue") for i in row.get("intrigues") or []]
        else:
            out["intrigues"] = len(row.get("intrigues") or [])
        return out

    return {
        "companies": [
            {
                "fruit": fruit,
                "element": f"company:{fruit}",
                "position": layout.index(fruit) if fruit in layout else None,
                "share_price": share[i] if i < len(share) else None,
                "fruit_on_board": on_board[i] if i < len(on_board) else None,
                "deck": _zoo_deck(decks[i] if i < len(decks) else None),
            }
            for i, fruit in enumerate(FRUITS)
        ],
        "warehouse": [
            {
                "fruit": fruit,
                "element": f"fruit:{fruit}",
                "count": warehouse.get(fruit) if isinstance(warehouse, dict) else None,
                "price": fruit_price[i] if i < len(fruit_price) else None,
            }
            for i, fruit in enumerate(FRUITS)
        ],
        "influence_row": [card(c, "influence") for c in piles.get("influence_row") or []],
        "helper_row": [card(c, "helper") for c in piles.get("helper_row") or []],
        "seats": [seat_row(n, row) for n, row in enumerate(state.get("seats") or []) if isinstance(row, dict)],
        "turn": state.get("turn"),
        "round": (state.get("flow") or {}).get("round"),
        "phase": (state.get("flow") or {}).get("phase"),
    }


def _zoo_deck(deck: Any) -> dict[str, Any]:
    if not isinstance(deck, dict):
        return {"size": None, "public": []}
    middle = deck.get("middle") or {}
    known = [*(deck.get("top") or []), *(deck.get("bottom") or [])]
    size = len(known) + (sum(middle.values()) if isinstance(middle, dict) else 0)
    public = [c.get("card") for c in known if isinstance(c, dict) and c.get("public")]
    return {"size": size, "public": public}


@functools.cache
def _zoo_cards() -> Mapping[str, tuple[str, str]]:
    from tabletop.spolka_zoo import content

    out: dict[str, tuple[str, str]] = {}
    for group in ("HELPER", "INFLUENCE", "GOAL", "INTRIGUE", "EVENT"):
        for item in getattr(content, group, ()):
            out[item.id] = (item.name, getattr(item, "text", ""))
    return out


@functools.cache
def _zoo_names() -> Mapping[str, str]:
    return {k: v[0] for k, v in _zoo_cards().items()}


_DRAWINGS: dict[str, Callable[[Mapping[str, Any], int | None], dict[str, Any]]] = {
    "conservas": _conservas,
    "archipel": _archipel,
    "spolka_zoo": _spolka_zoo,
}
_NAMES: dict[str, Callable[[], Mapping[str, str]]] = {
    "conservas": _conservas_names,
    "archipel": _archipel_names,
    "spolka_zoo": _zoo_names,
}
