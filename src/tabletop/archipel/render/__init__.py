"""A readable text board of an Archipel position, and a picture of the board.

Frontends find the hook in the package (see [`tabletop.frontend.render`][tabletop.frontend.render]):

* [`render`][tabletop.archipel.render.render] draws a view in plain text, at most 100 columns: the round and whose turn,
  what is being decided, the boats, each sea area with its islands (market orders, shop,
  closed signs) and fish spots, the channels with their storm spaces, the warehouse and the
  pocket, and the outcome once the season is over. Everything is named from the board data.
* [`board_svg`][tabletop.archipel.render.picture.board_svg] draws the board itself as SVG
  ([`tabletop.archipel.render.picture`][tabletop.archipel.render.picture]).

```pycon
>>> from tabletop.archipel import new_game
>>> state = new_game(seed=1, players=2)
>>> board = render(state.view(0), 0).splitlines()
>>> board[0]
'Archipel, round 1: setting up the season'
>>> board[1]
'Now: chance deals the shops; the next card goes to the shop of Jade Island.'

```
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

from tabletop.archipel.checks import may_declare
from tabletop.archipel.content.board import HARBOUR, HOME, SPOT, STORM, Board
from tabletop.archipel.content.kinds import GOOD_WEATHER, STORM_BLANK
from tabletop.archipel.render.picture import board_svg
from tabletop.archipel.state import (
    DECK,
    EMPTY,
    ENDINGS,
    HOLD,
    SHOP_SIZE,
    SUPPLIED,
    TANK,
    UNSEEN,
    ArchipelState,
    Spot,
    dealing_to,
    orders,
)
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.events import Event
from tabletop.kernel.tokens import Tokens

__all__ = ["WIDTH", "board_svg", "fold_events", "render"]

WIDTH: Final = 100
"""The widest line [`render`][tabletop.archipel.render.render] writes."""

_LEGEND: Final = (
    "Fish: ? face down, ?* face down again (memory game: remember it!), - caught, else face up.",
    "Orders: [x] delivered, [ ] wanted. <red>: the boats on a place.",
)


# Rendering ------------------------------------------------------------------------------------------


def render(view: ArchipelState, seat: int | None) -> str:
    """A plain-text board of `view` for `seat` (`None`: a whole state, as in a replay).

    A fish the memory game turned face down again shows as `?*` for a seat, whether
    `view` is that seat's view or the full state; with `seat=None` its kind is shown.
    """
    s = view
    board = s.map
    lines = [*_header(s, board, seat), ""]
    lines.extend(_boats(s, board))
    lines.append("")
    for area in board.data.areas:
        lines.extend(_area(s, board, area.id, seat))
    lines.append("")
    lines.extend(_channels(s, board))
    lines.append("")
    lines.extend(_supplies(s))
    lines.extend(_LEGEND)
    return "\n".join(_fit(line) for line in lines)


def fold_events(events: Sequence[Event]) -> list[str]:
    """The lines a terminal prints for `events`: a run of cards dealt from the pocket (the
    setup's 39, a warehouse refill) becomes one line saying where they went, since the board
    shows each card; every other event is its own line."""
    lines: list[str] = []
    run: list[Event] = []

    def flush() -> None:
        if len(run) < 4:
            lines.extend(e.text for e in run)
        else:
            places: dict[str, int] = {}
            for event in run:
                places[str(event.get("to"))] = places.get(str(event.get("to")), 0) + 1
            shops = {p: n for p, n in places.items() if p != "warehouse"}
            parts = []
            if len(set(shops.values())) == 1:
                parts.append(f"{next(iter(shops.values()))} to each of {len(shops)} shops")
            elif shops:
                parts.append("to the shops of " + ", ".join(f"{p} ({n})" for p, n in shops.items()))
            if "warehouse" in places:
                parts.append(f"{places['warehouse']} to the warehouse")
            lines.append(f"{len(run)} cards dealt from the pocket: {' and '.join(parts)} (the board shows them)")
        run.clear()

    for event in events:
        if event.kind == "draw":
            run.append(event)
            continue
        flush()
        lines.append(event.text)
    flush()
    return lines


def _fit(line: str) -> str:
    """`line` wrapped at [`WIDTH`][tabletop.archipel.render.WIDTH] (long names on a custom board), continuations
    indented."""
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False))


def _header(s: ArchipelState, board: Board, seat: int | None) -> list[str]:
    boat = s.boats[s.flow.player]
    if s.ended_by:
        turn = "the season is over"
    elif s.flow.phase == "setup":
        turn = "setting up the season"
    else:
        turn = f"the {boat.colour} boat's turn (seat {s.flow.player}), at {_place(board, boat.at)}"
    lines = [f"Archipel, round {s.flow.round}: {turn}", f"Now: {_decision(s, board)}."]
    variant = [board.name]
    if s.memory:
        variant.append("memory game")
    if s.short:
        variant.append("short game (pagoda islands out)")
    if s.declare == SUPPLIED:
        variant.append("season over only once the markets are supplied as far as possible")
    lines.append("; ".join(variant))
    filled, total = orders(s)
    progress = f"Orders filled {filled}/{total}."
    if not s.ended_by:
        idle = max(0, s.flow.round - 1 - s.last_progress)
        progress += f" Rounds without progress (ARC-7.6): {idle} of {s.idle_rounds}."
    if seat is not None and 0 <= seat < len(s.boats):
        progress += f" You are seat {seat}, the {s.boats[seat].colour} boat."
    lines.append(progress)
    return lines


def _decision(s: ArchipelState, board: Board) -> str:
    """What is being decided, and by whom when it is not the current boat."""
    outcome = s.outcome
    if outcome is not None:
        return f"nothing; it ended ({outcome.ended_by}) with ending {ENDINGS[outcome.ending]}"
    step = s.flow.key
    if step == "setup.deal":
        where = dealing_to(s)
        target = "the warehouse" if where == "warehouse" else f"the shop of {_island_name(board, where)}"
        return f"chance deals the shops; the next card goes to {target}"
    if step == "turn.act":
        if may_declare(s):
            return "sail, catch, refuel, meet another boat, end the turn, or declare the season over"
        return "sail, catch, refuel, meet another boat, or end the turn"
    if step == "turn.expose":
        return "chance turns over the fish the boat tries"
    if step == "turn.multi":
        fish = s.spots[board.spot_index[s.boats[s.flow.player].at]].fish
        return f"catch the {fish} fish with multicolour bait, or release it"
    if step == "turn.shark":
        return "a shark! Choose the bait it eats"
    if step == "harbour.weather":
        return _weather(s.turn.weather)
    if step == "harbour.dock":
        if s.bought:
            return f"more than {DECK} cards: discard or hand over the cards on the quay ({_tokens(s.bought)})"
        if may_declare(s):
            return "meet another boat, refuel, end the turn, or declare the season over"
        return "meet another boat, refuel, or end the turn"
    if step == "harbour.restock":
        return f"chance refills the warehouse from the pocket ({s.warehouse.total} of {SHOP_SIZE} cards)"
    actor = "chance" if s.current_player == CHANCE else "the boat"
    return f"{actor}, at step {step}"


def _weather(card: str) -> str:
    if card == GOOD_WEATHER:
        return "good weather: choose the storm to remove"
    if card == STORM_BLANK:
        return "a storm without number: choose a free storm space for it"
    return f"{card} lands on a blank storm: choose a free space the blank storm moves to"


def _boats(s: ArchipelState, board: Board) -> list[str]:
    lines = ["Boats:"]
    for i, boat in enumerate(s.boats):
        mark = ">" if i == s.flow.player and not s.ended_by else " "
        at = f"{boat.at} (its home port)" if boat.at == boat.home else _place(board, boat.at)
        lines.append(
            f"{mark} {boat.colour} boat (seat {i}) at {at}; fuel {boat.fuel}/{TANK}; "
            f"fish ({boat.fish.total}/{HOLD}): {_tokens(boat.fish)}"
        )
        equipment = f"; equipment ({boat.cards.total}/{DECK}): {_tokens(boat.cards)}"
        if len(lines[-1]) + len(equipment) <= WIDTH:
            lines[-1] += equipment
        else:
            lines.append(f"    {equipment[2:]}")
    return lines


def _area(s: ArchipelState, board: Board, area: str, seat: int | None) -> list[str]:
    name = next(a.name for a in board.data.areas if a.id == area)
    homes = [h for h in board.homes if h.area == area]
    head = name
    if homes:
        head += ": home ports " + ", ".join(f"{h.id}{_boats_at(s, h.id)}" for h in homes)
    lines = [head]
    for i, island in enumerate(board.islands):
        if island.area == area:
            lines.append(_island(s, board, i) + _boats_at(s, island.id))
    spots = [
        f"{spot_id} {_fish(s.spots[i], seat)}{_boats_at(s, spot_id)}"
        for i, spot_id in enumerate(board.spots)
        if board.data.spots[i].area == area
    ]
    if spots:
        fish = "fish: " + "  ".join(spots)
        if len(lines[0]) + len(fish) + 3 <= WIDTH:
            lines[0] = f"{lines[0]}; {fish}" if homes else f"{lines[0]}: {fish}"
        else:
            lines.append("  " + fish)
    return lines


def _island(s: ArchipelState, board: Board, i: int) -> str:
    island = board.islands[i]
    title = f"  {island.name} ({island.id})"
    if s.short and island.pagoda:
        return f"{title:<28}pagoda island: out of the short game (closed)"
    ordered, delivered = board.orders[i], s.markets[i]
    marks = []
    for colour, n in ordered.items():
        done = min(n, delivered[colour])
        marks.extend([f"[x]{colour}"] * done + [f"[ ]{colour}"] * (n - done))
    market = " ".join(marks)
    if island.id in s.shut:
        shop = "shop CLOSED"
    else:
        shop = "shop " + (_cards(s.shops[i]) or "empty")
    return f"{title:<28}{market:<21}{shop}"


def _fish(spot: Spot, seat: int | None) -> str:
    if spot.fish == EMPTY:
        return "-"
    if spot.fish == UNSEEN:
        return "?"
    if spot.face_up:
        return spot.fish
    if seat is None and spot.fish != HIDDEN:
        return f"?*({spot.fish})"  # the whole state, as in the replay of a full record
    return "?*"


def _boats_at(s: ArchipelState, location: str) -> str:
    here = [boat.colour for boat in s.boats if boat.at == location]
    return f" <{','.join(here)}>" if here else ""


def _channels(s: ArchipelState, board: Board) -> list[str]:
    """The channels two to a line (a screen fits a terminal): the seas they join, and the
    storm spaces on them (free or the storm covering them)."""
    names = {a.id: a.name for a in board.data.areas}
    blocked = board.blocked(s.storms)
    cells = []
    for j, channel in enumerate(board.channels):
        a, b = channel.areas
        spaces = []
        for i in board.channel_spaces[j]:
            sid = board.storm_ids[i]
            card = s.storms[i]
            cover = "" if not card else " blank storm" if card == STORM_BLANK else f" {card}"
            spaces.append(f"{sid}{cover}{_boats_at(s, sid)}")
        state = " BLOCKED" if blocked >> j & 1 else ""
        cells.append(f"  {channel.id:<3} {names[a]}-{names[b]}{state}: " + ", ".join(spaces))
    lines = ["Channels and their storm spaces (a channel is blocked when every space has a storm):"]
    half, i = WIDTH // 2, 0
    while i < len(cells):  # two to a line where both fit in half the width
        if i + 1 < len(cells) and len(cells[i]) < half and len(cells[i + 1]) <= half:
            lines.append(cells[i].ljust(half) + cells[i + 1])
            i += 2
        else:
            lines.append(cells[i])
            i += 1
    return lines


def _supplies(s: ArchipelState) -> list[str]:
    warehouse = _cards(s.warehouse) or "empty"
    sign = " (closed sign: the next shop visited closes)" if s.warehouse_shut else ""
    cards = _plural(s.pocket.total, "card")
    lines = [
        f"Warehouse: {warehouse}{sign}. Pocket: {cards}.",
        f"Fuel beside the board: {s.supply}. Out of the game: {_plural(s.removed.total, 'card')}, {s.lost.total} fish.",
    ]
    if s.bought:
        lines.append(f"On the quay (bought, not yet on the boat): {_tokens(s.bought)}.")
    outcome = s.outcome
    if outcome is not None:
        home = [b.colour for b, h in zip(s.boats, outcome.home, strict=True) if h]
        away = [b.colour for b, h in zip(s.boats, outcome.home, strict=True) if not h]
        lines.append(f"Season over ({outcome.ended_by}) in round {outcome.rounds}: ending {ENDINGS[outcome.ending]}.")
        lines.append(
            f"Orders filled {outcome.orders_filled}/{outcome.orders}. "
            f"Boats home: {', '.join(home) or 'none'}; away: {', '.join(away) or 'none'}."
        )
    return lines


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _place(board: Board, location: str) -> str:
    """A location by name: `f07 (North Sound)`, `Jade Island`, `home-red (home port)`."""
    kind = board.kind.get(location)
    if kind == HARBOUR:
        return _island_name(board, location)
    if kind == HOME:
        return f"{location} (home port)"
    if kind == SPOT:
        area = board.data.spots[board.spot_index[location]].area
        return f"{location} ({_area_name(board, area)})"
    if kind == STORM:
        channel = board.channels[board.storm_channel[board.storm_index[location]]]
        return f"{location} (channel {channel.id})"
    return location


def _island_name(board: Board, island: str) -> str:
    return board.islands[board.island_index[island]].name


def _area_name(board: Board, area: str) -> str:
    return next(a.name for a in board.data.areas if a.id == area)


def _tokens(tokens: Tokens) -> str:
    """`bait-blue x2, storm-3, storm-12`: kinds with their counts, numbers in number order."""
    kinds = sorted(tokens, key=_card_order)
    return ", ".join(kind if tokens[kind] == 1 else f"{kind} x{tokens[kind]}" for kind in kinds) or "-"


def _cards(tokens: Tokens) -> str:
    """`bait-blue bait-blue storm-3`: one entry per card, numbers in number order."""
    return " ".join(sorted(tokens.elements(), key=_card_order))


def _card_order(kind: str) -> tuple[str, int]:
    """Sort `storm-3` before `storm-12`."""
    head, _, tail = kind.rpartition("-")
    return (head, int(tail)) if tail.isdigit() else (kind, 0)
