"""Readable text boards for any game: the game's own `render` hook, or a generic layout.

A game may define, in its package (`tabletop.<game>`) or in the module of its state class,
a function `render(view, seat) -> str` that draws a view for the seat (`seat` is `None`
when a whole state is shown, as in the replay of a full record). [`render`][tabletop.frontend.render.render] uses it
when it exists; otherwise it lays out the view's fields generically: the flow on the first line,
then each field, with token counts, decks, per-seat tuples and nested values written plainly.

```pycon
>>> from tabletop.testing.drill import GAME
>>> print(render(GAME.new_game(seed=1).view(0), 0))
Drill: round 1, turn.act, seat 0 to move
  bag: 4 tokens: blue x3, red
  deck: 5 cards: 5 unknown
  hands:
    seat 0: -
    seat 1: -
  cards:
    seat 0: -
    seat 1: -
  looking: 0

```
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop.kernel.bag import Bag
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.hooks import game_hook
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["BOT_DECK", "automatic_seats", "describe_player", "game_hook", "render", "render_generic"]

BOT_DECK: Final = "bot deck"
"""What plays a seat that the game's own rules play (Spółka ZOO's bot deck)."""

#: Fields every state has that the first line already shows (or that a view lacks).
_BOOKKEEPING: Final = frozenset({"flow", "seed", "chance_count"})


def automatic_seats(state: State) -> frozenset[int]:
    """The seats the game itself plays (they never move), from its `automatic_seats` hook.

    Spółka ZOO's bots are such seats: their bot cards run inside `apply`, so a frontend
    must count them neither as people nor as agents.
    """
    hook = game_hook(state, "automatic_seats")
    return frozenset() if hook is None else frozenset(hook(state))


def describe_player(player: int) -> str:
    """`"seat 2"`, `"chance"` or `"nobody (the game is over)"`."""
    if player >= 0:
        return f"seat {player}"
    return "chance" if player == CHANCE else "nobody (the game is over)"


def render(view: State, seat: int | None) -> str:
    """A readable board of `view` for `seat`: the game's `render` hook or
    [`render_generic`][tabletop.frontend.render.render_generic]."""
    hook = game_hook(view, "render")
    if hook is not None:
        return str(hook(view, seat))
    return render_generic(view, seat)


def render_generic(view: State, seat: int | None) -> str:
    """Lay out any state's fields as indented text (the fallback of [`render`][tabletop.frontend.render.render])."""
    title = view.GAME.title
    lines = [f"{title}: {_headline(view.flow, view.current_player)}"]
    state_type: Any = type(view)
    if attrs.has(state_type):
        for field in attrs.fields(state_type):
            if field.name in _BOOKKEEPING or field.name.startswith("_"):
                continue
            lines.extend(_field(field.name, getattr(view, field.name), 1, view.num_players))
    return "\n".join(lines)


def _headline(flow: Flow, player: int) -> str:
    where = f"round {flow.round}, {flow.key}"
    if player >= 0:
        return f"{where}, seat {player} to move"
    if player == CHANCE:
        return f"{where}, chance to draw"
    return f"{where}, game over"


def _field(name: str, value: Any, depth: int, seats: int) -> list[str]:
    pad = "  " * depth
    per_seat = depth == 1 and isinstance(value, tuple) and seats > 1 and len(value) == seats
    inline = None if per_seat else _inline(value)
    if inline is not None:
        return [f"{pad}{name}: {inline}"]
    lines = [f"{pad}{name}:"]
    for label, item in _children(value, seats if depth == 1 else 0):
        lines.extend(_field(label, item, depth + 1, seats))
    return lines


def _children(value: Any, seats: int) -> list[tuple[str, Any]]:
    if attrs.has(type(value)):
        return [(f.name, getattr(value, f.name)) for f in attrs.fields(type(value)) if not f.name.startswith("_")]
    if isinstance(value, Mapping):
        return [(str(k), v) for k, v in value.items()]
    items = list(value)
    per_seat = seats > 1 and len(items) == seats
    return [(f"seat {i}" if per_seat else f"[{i}]", item) for i, item in enumerate(items)]


def _inline(value: Any) -> str | None:
    """`value` on one line, or `None` when it needs a block of its own."""
    if value is None or isinstance(value, int | float | bool):
        return str(value)
    if isinstance(value, str):
        return value or "-"
    if isinstance(value, enum.Enum):
        return str(value.name).lower()
    if isinstance(value, Tokens):
        return _tokens(value)
    if isinstance(value, Bag):
        return f"{value.contents.total} tokens: {_tokens(value.contents)}"
    if isinstance(value, Deck):
        return _deck(value)
    if isinstance(value, Known):
        return value.card
    if isinstance(value, frozenset):
        return ", ".join(sorted(str(v) for v in value)) or "-"
    if isinstance(value, tuple | list):
        parts = [_inline(v) for v in value]
        if all(p is not None and "\n" not in p for p in parts):
            text = ", ".join(p for p in parts if p is not None) or "-"
            if len(text) <= 80:
                return text
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        parts = [_inline(getattr(value, f.name)) for f in fields]
        if all(p is not None for p in parts):
            text = ", ".join(f"{f.name} {p}" for f, p in zip(fields, parts, strict=True))
            if len(text) <= 80:
                return text
    return None


def _tokens(tokens: Tokens) -> str:
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in tokens.items()) or "-"


def _deck(deck: Deck) -> str:
    parts = []
    if deck.top:
        parts.append("top " + " ".join(k.card for k in deck.top))
    if deck.middle:
        hidden = set(deck.middle) == {HIDDEN}
        order = "unknown" if hidden else f"in unknown order ({_tokens(deck.middle)})"
        parts.append(f"{deck.middle.total} {order}")
    if deck.bottom:
        parts.append("bottom " + " ".join(k.card for k in deck.bottom))
    return f"{len(deck)} cards: " + ("; ".join(parts) or "empty")
