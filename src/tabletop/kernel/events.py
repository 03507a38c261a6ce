"""Events: what happened in a step, for frontends to show and animate.

`state.events(move, after)` describes the step from `state` to `after = state.apply(move)`
as a tuple of [`Event`][tabletop.kernel.events.Event] values. Each event says who may see it, so a frontend serving
seat `p` shows only the events with `event.visible(p)`. A game that hides part of a move
(a secret pick, a card looked at) emits two events: the full one for the seats who may know
it, and a redacted one for the others.

```pycon
>>> event = Event.of("sell", "sold 2 sardine for 3 euros", space=4, money=3)
>>> event.to_dict()["data"]
{'space': 4, 'money': 3}
>>> event.visible(0)
True

```
"""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["Event", "Scalar"]

Scalar = str | int | float | bool | None


@attrs.frozen
class Event:
    """One thing that happened.

    Attributes:
        kind: A stable name (`"move"`, `"chance"`, `"sell"`, `"storm"`...).
        text: One readable sentence.
        data: Structured fields as (name, value) pairs, values being JSON scalars.
        visible_to: The seats that may see this event; `None` means everybody.
    """

    kind: str
    text: str
    data: tuple[tuple[str, Scalar], ...] = ()
    visible_to: frozenset[int] | None = None

    @classmethod
    def of(cls, kind: str, text: str, *, visible_to: frozenset[int] | None = None, **data: Scalar) -> Event:
        """Build an event with its structured fields as keywords."""
        return cls(kind, text, tuple(data.items()), visible_to)

    def visible(self, player: int) -> bool:
        """True when seat `player` may see this event."""
        return self.visible_to is None or player in self.visible_to

    def get(self, name: str, default: Scalar = None) -> Scalar:
        """The structured field `name`."""
        for key, value in self.data:
            if key == name:
                return value
        return default

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: kind, text, data and (when restricted) visible_to."""
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        return out

    def __str__(self) -> str:
        return self.text
