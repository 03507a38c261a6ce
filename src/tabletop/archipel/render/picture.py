"""A picture of a board, drawn from its data as SVG (docs/archipel/board.svg is one).

Each sea area is a circle (at the file's `x`/`y`, or on a ring when a board gives none);
its islands (grey: pagoda islands, out of the short game) and home ports sit on an inner ring,
its fish spots on an outer ring. A channel is a line between two areas carrying its numbered
storm spaces. Each island shows the two fish colours its market orders.

```pycon
>>> svg = board_svg(reference_board())
>>> svg.startswith("<svg") and "Reference archipelago" in svg
True

```
"""

from __future__ import annotations

import math
from typing import Final
from xml.sax.saxutils import escape

from tabletop.archipel.content.board import Board, reference_board

__all__ = ["board_svg"]

AREA_RADIUS: Final = 100.0
INNER: Final = 50.0
OUTER: Final = 82.0
MARGIN: Final = 40.0
LABEL_ROOM: Final = 60.0
_CORNERS: Final = {"north-west": (0, 0), "north-east": (1, 0), "south-west": (0, 1), "south-east": (1, 1)}


def _area_centres(board: Board) -> dict[str, tuple[float, float]]:
    areas = board.data.areas
    if all(a.x is not None and a.y is not None for a in areas):
        return {a.id: (float(a.x or 0), float(a.y or 0)) for a in areas}
    n = len(areas)
    ring = max(260.0, n * 70.0)
    return {
        a.id: (ring + ring * math.cos(2 * math.pi * i / n), ring + ring * math.sin(2 * math.pi * i / n))
        for i, a in enumerate(areas)
    }


def _ring(centre: tuple[float, float], radius: float, n: int, turn: float) -> list[tuple[float, float]]:
    x, y = centre
    return [
        (
            round(x + radius * math.cos(2 * math.pi * (i + turn) / n - math.pi / 2), 1),
            round(y + radius * math.sin(2 * math.pi * (i + turn) / n - math.pi / 2), 1),
        )
        for i in range(n)
    ]


def board_svg(board: Board | None = None) -> str:
    """The SVG text of `board` (default: the reference archipelago). Deterministic."""
    board = board or reference_board()
    centres = _area_centres(board)
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    # Wider at the sides: an area's name may stand beside its circle.
    left, top = min(xs) - AREA_RADIUS - MARGIN - LABEL_ROOM, min(ys) - AREA_RADIUS - MARGIN - 40
    width = max(xs) - min(xs) + 2 * (AREA_RADIUS + MARGIN + LABEL_ROOM)
    height = max(ys) - min(ys) + 2 * (AREA_RADIUS + MARGIN) + 80
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" font-size="11">',
        f'<rect x="{left:.0f}" y="{top:.0f}" width="{width:.0f}" height="{height:.0f}" fill="#e8f4fb"/>',
    ]
    title = board.name
    if board.reference and "reference" not in title.lower():
        title += " (reference content, not the printed board)"
    out.append(f'<text x="{left + 16:.0f}" y="{top + 26:.0f}" font-size="18" font-weight="bold">{escape(title)}</text>')
    out.extend(_channels(board, centres))
    for area in board.data.areas:
        x, y = centres[area.id]
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{AREA_RADIUS:.0f}" fill="#b9dcf0" stroke="#7fb3d5"/>')
        out.append(_area_label(board, area.id, area.name, centres))
        out.extend(_members(board, area.id, centres[area.id]))
    out.append(_warehouse(board, left, top, width, height))
    out.append(_legend(left, top + height - 24))
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: Where an area's name may go, as angles (degrees, clockwise from east; -90 is north): the
#: one furthest from the area's channels is used, so no channel line or storm space covers it.
_LABEL_ANGLES: Final = (-90.0, -50.0, -130.0, 90.0, 50.0, 130.0)


def _area_label(board: Board, area: str, name: str, centres: dict[str, tuple[float, float]]) -> str:
    """The area's name just outside its circle, on the side its channels leave free."""
    x, y = centres[area]
    directions = []
    for channel in board.channels:
        if area in channel.areas:
            other = channel.areas[1] if channel.areas[0] == area else channel.areas[0]
            ox, oy = centres[other]
            directions.append(math.degrees(math.atan2(oy - y, ox - x)))

    def clearance(angle: float) -> float:
        return min((abs((angle - d + 180) % 360 - 180) for d in directions), default=180.0)

    angle = max(_LABEL_ANGLES, key=clearance)  # ties: the first, north
    rad = math.radians(angle)
    lx, ly = x + (AREA_RADIUS + 8) * math.cos(rad), y + (AREA_RADIUS + 8) * math.sin(rad)
    anchor = "middle" if abs(math.cos(rad)) < 0.2 else "start" if math.cos(rad) > 0 else "end"
    ly += 4 if abs(math.sin(rad)) < 0.2 else 11 if math.sin(rad) > 0 else 0
    return (
        f'<text x="{lx:.0f}" y="{ly:.0f}" text-anchor="{anchor}" font-style="italic" '
        f'fill="#2c5d7c">{escape(name)}</text>'
    )


def _channels(board: Board, centres: dict[str, tuple[float, float]]) -> list[str]:
    out: list[str] = []
    for channel in board.channels:
        (ax, ay), (bx, by) = centres[channel.areas[0]], centres[channel.areas[1]]
        length = math.hypot(bx - ax, by - ay) or 1.0
        dx, dy = (bx - ax) / length, (by - ay) / length
        out.append(
            f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#4a90b8" '
            f'stroke-width="14" stroke-opacity="0.35"/>'
        )
        span = length - 2 * (AREA_RADIUS + 6)
        k = len(channel.spaces)
        for i, number in enumerate(channel.spaces):
            t = AREA_RADIUS + 6 + span * (i + 0.5) / k
            x, y = ax + dx * t, ay + dy * t
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 11:.1f}" width="22" height="22" fill="#fff" stroke="#333"/>')
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-weight="bold">{number}</text>')
        # The channel's id (render and the docs name channels so), beside its middle.
        mx, my = ax + dx * length / 2 - dy * 27, ay + dy * length / 2 + dx * 27
        out.append(
            f'<text x="{mx:.1f}" y="{my + 4:.1f}" text-anchor="middle" font-size="10" font-style="italic" '
            f'fill="#4a6f8a">{escape(channel.id)}</text>'
        )
    return out


def _members(board: Board, area: str, centre: tuple[float, float]) -> list[str]:
    out: list[str] = []
    islands = [i for i in board.islands if i.area == area]
    homes = [h for h in board.homes if h.area == area]
    spots = [s for s in board.data.spots if s.area == area]
    inner = _ring(centre, INNER if len(islands) + len(homes) > 1 else 0, max(1, len(islands) + len(homes)), 0.5)
    for island, (x, y) in zip(islands, inner, strict=False):
        fill = "#9e9e9e" if island.pagoda else "#6dbb5a"
        out.append(f'<circle cx="{x}" cy="{y}" r="17" fill="{fill}" stroke="#3d6b30"/>')
        for j, colour in enumerate(island.market):
            out.append(f'<circle cx="{x - 5 + 10 * j}" cy="{y - 4}" r="4" fill="{escape(colour)}" stroke="#222"/>')
        out.append(f'<text x="{x}" y="{y + 28}" text-anchor="middle" font-weight="bold">{escape(island.id)}</text>')
    for home, (x, y) in zip(homes, inner[len(islands) :], strict=False):
        out.append(
            f'<rect x="{x - 10}" y="{y - 10}" width="20" height="20" fill="{escape(home.colour)}" stroke="#222"/>'
        )
        out.append(f'<text x="{x}" y="{y + 24}" text-anchor="middle">{escape(home.id)}</text>')
    turn = 0.5 if len(spots) % 4 == 0 else 0.0  # keep spots off the inner ring's left and right
    for spot, (x, y) in zip(spots, _ring(centre, OUTER, max(1, len(spots)), turn), strict=False):
        out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="#1d3f5e"/>')
        out.append(
            f'<text x="{x}" y="{y + 3.5}" text-anchor="middle" fill="#fff" font-size="8">{escape(spot.id)}</text>'
        )
    return out


def _warehouse(board: Board, left: float, top: float, width: float, height: float) -> str:
    cx, cy = _CORNERS[board.data.warehouse.corner]
    x = left + 10 if cx == 0 else left + width - 110
    y = top + 40 if cy == 0 else top + height - 80
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="100" height="34" fill="#c8a165" stroke="#6b4f24"/>'
        f'<text x="{x + 50:.0f}" y="{y + 21:.0f}" text-anchor="middle" font-weight="bold">warehouse</text>'
    )


def _legend(x: float, y: float) -> str:
    rows = (
        (
            ("circle", "#6dbb5a", "island: harbour, shop and market (dots: the two fish it orders)"),
            ("circle", "#9e9e9e", "pagoda island (out of the short game)"),
        ),
        (
            ("square", "#fff", "numbered storm space"),
            ("dot", "#1d3f5e", "fish spot"),
            ("square", "red", "home port (in its boat's colour)"),
        ),
    )
    parts = []
    for r, row in enumerate(rows):
        x0 = x + 20
        y0 = y - 18 + 20 * r
        for shape, fill, text in row:
            if shape == "square":
                parts.append(
                    f'<rect x="{x0 - 7:.0f}" y="{y0 - 7:.0f}" width="14" height="14" fill="{fill}" stroke="#333"/>'
                )
            else:
                parts.append(f'<circle cx="{x0:.0f}" cy="{y0:.0f}" r="7" fill="{fill}"/>')
            parts.append(f'<text x="{x0 + 14:.0f}" y="{y0 + 4:.0f}">{escape(text)}</text>')
            x0 += 40 + 6.2 * len(text)
    return "".join(parts)
