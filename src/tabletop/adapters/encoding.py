"""Building blocks of the game bridges: named action ranges and observation tensors.

An [ActionSpace][tabletop.adapters.encoding.ActionSpace] cuts `[0, N)` into named ranges
("the 2nd face-up boat" is `space.id("buy", 1)`); a
[TensorLayout][tabletop.adapters.encoding.TensorLayout] declares the sections of an
observation tensor once, and a [Tensor][tabletop.adapters.encoding.Tensor] fills them.

>>> space = ActionSpace((("pass", 1, "pass"), ("buy", 3, "buy the face-up card at this position")))
>>> space.size, space.id("buy", 2), space.decode(3)
(4, 3, ('buy', 2))
"""

from __future__ import annotations

import hashlib
import operator
from collections.abc import Iterable, Mapping, Sequence

from tabletop.adapters.bridge import Section
from tabletop.kernel.protocol import State

__all__ = ["ActionSpace", "Tensor", "TensorLayout", "as_id", "view_digest"]


class ActionSpace:
    """`[0, size)` cut into named, documented ranges, in order.

    Args:
        ranges: `(name, size, doc)` triples.
    """

    def __init__(self, ranges: Iterable[tuple[str, int, str]]) -> None:
        self.ranges: tuple[Section, ...] = _sections(ranges)
        self._by_name: dict[str, Section] = {s.name: s for s in self.ranges}
        self.size: int = self.ranges[-1].end if self.ranges else 0

    def __repr__(self) -> str:
        return f"ActionSpace({', '.join(f'{s.name}[{s.offset}:{s.end}]' for s in self.ranges)})"

    def id(self, name: str, index: int = 0) -> int:
        """The id of position `index` of range `name`.

        Raises:
            ValueError: If `index` is outside the range.
        """
        section = self._by_name[name]
        if not 0 <= index < section.size:
            msg = f"action range {name!r} has {section.size} ids; position {index} is outside it"
            raise ValueError(msg)
        return section.offset + index

    def decode(self, action: int) -> tuple[str, int]:
        """`(name, index)` of an id in `[0, size)`.

        Raises:
            ValueError: If `action` is not an id of this space.
        """
        number = as_id(action)
        if number is not None and 0 <= number < self.size:
            for section in self.ranges:
                if number < section.end:
                    return section.name, number - section.offset
        msg = f"action {action!r} is outside [0, {self.size})"
        raise ValueError(msg)


class TensorLayout:
    """The sections of an observation tensor, declared once.

    Args:
        sections: `(name, size, doc)` triples, in tensor order.
    """

    def __init__(self, sections: Iterable[tuple[str, int, str]]) -> None:
        self.sections: tuple[Section, ...] = _sections(sections)
        self.offsets: Mapping[str, Section] = {s.name: s for s in self.sections}
        self.size: int = self.sections[-1].end if self.sections else 0

    def new(self) -> Tensor:
        """An all-zero tensor to fill."""
        return Tensor(self)


class Tensor:
    """A flat tensor being filled section by section (see [TensorLayout][tabletop.adapters.encoding.TensorLayout])."""

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.values: list[float] = [0.0] * layout.size

    def set(self, name: str, index: int, value: float) -> None:
        """Write `value` at position `index` of section `name`."""
        section = self.layout.offsets[name]
        assert 0 <= index < section.size, f"{name}[{index}] is outside its {section.size} values"
        self.values[section.offset + index] = float(value)

    def put(self, name: str, values: Sequence[float]) -> None:
        """Write the whole section `name`."""
        section = self.layout.offsets[name]
        assert len(values) == section.size, f"{name} holds {section.size} values, got {len(values)}"
        self.values[section.offset : section.end] = [float(v) for v in values]

    def onehot(self, name: str, index: int, stride: int = 0, slot: int = 0) -> None:
        """Set a 1 at `slot * stride + index` of section `name`."""
        self.set(name, slot * stride + index, 1.0)

    def counts(self, name: str, counts: Mapping[str, int], universe: Sequence[str], slot: int = 0) -> None:
        """Write `counts[u]` for each `u` of `universe`, at block `slot` of the section."""
        base = slot * len(universe)
        for index, item in enumerate(universe):
            if counts.get(item, 0):
                self.set(name, base + index, counts.get(item, 0))

    def positions(self, name: str, order: Sequence[str], universe: Mapping[str, int], slot: int = 0) -> None:
        """For each item of `order` (distinct ids), write its position + 1 at its universe index.

        Items absent from `order` stay 0, so an ordered sequence of distinct ids is encoded
        exactly (and compactly: one number per id).
        """
        base = slot * len(universe)
        for position, item in enumerate(order):
            self.set(name, base + universe[item], position + 1)

    def done(self) -> tuple[float, ...]:
        """The filled tensor."""
        return tuple(self.values)


def as_id(action: object) -> int | None:
    """`action` as a plain `int` when it is an integer (numpy integers too, not `bool`), else `None`."""
    if isinstance(action, bool):
        return None
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        return None


def _sections(triples: Iterable[tuple[str, int, str]]) -> tuple[Section, ...]:
    found: list[Section] = []
    offset = 0
    for name, size, doc in triples:
        assert size >= 0, f"section {name!r} has a negative size"
        found.append(Section(name, offset, size, doc))
        offset += size
    assert len({s.name for s in found}) == len(found), "two sections share a name"
    return tuple(found)


def view_digest(view: State) -> str:
    """A short digest of a whole view (its JSON): different views give different digests.

    Observation strings end with it, so search code keying nodes by the string never merges
    two different information states.
    """
    return hashlib.blake2b(view.to_json().encode(), digest_size=10).hexdigest()
