"""An immutable, hashable multiset of token kinds.

`Tokens` is the currency of every game: fish in a bag, fruit in a warehouse, fuel on a
boat, share tokens on a company board. It behaves like a frozen `collections.Counter`
restricted to positive counts, with arithmetic that refuses to go negative.

```pycon
>>> catch = Tokens({"sardine": 2, "water": 1})
>>> catch["sardine"], catch["octopus"], catch.total
(2, 0, 3)
>>> str(catch - Tokens({"sardine": 1}))
'sardine,water'

```
"""

from __future__ import annotations

from bisect import bisect as _bisect
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's C helper
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping
from itertools import chain, repeat
from typing import Any, Final, cast

from tabletop.kernel.fastattrs import blank, writable_twin

__all__ = ["SPELLED_OUT", "Tokens", "tally"]


SPELLED_OUT: Final = 1000
"""The most tokens `str(tokens)` writes one entry each; a larger multiset is written with counts."""


class Tokens(Mapping[str, int]):
    """An immutable multiset: a mapping from kind to a positive count.

    Kinds are strings. Iteration yields the kinds present, sorted, so every listing built on
    a `Tokens` is in a stable order. Missing kinds have count 0. Two `Tokens` with the same
    counts are equal and hash equal.

    Args:
        counts: A mapping from kind to count, or an iterable of kinds (one entry per token).
            Zero counts are dropped; negative counts raise `ValueError`.
    """

    __slots__ = {
        "_counts": "The counts by kind, kinds in sorted order (never changed in place).",
        "_hash": "The hash, once asked (`None` until then).",
        "total": "The number of tokens, all kinds together.",
    }

    _counts: dict[str, int]
    _hash: int | None
    total: int
    """The number of tokens, all kinds together (a slot, read as a plain attribute: a property
    would cost a call at every read; set once, when the multiset is built)."""

    def __init__(self, counts: Mapping[str, int] | Iterable[str] = ()) -> None:
        if type(counts) is Tokens:  # already clean: share its counts (never changed in place)
            _set_counts(self, counts._counts)
            _set_hash(self, counts._hash)
            _set_total(self, counts.total)
            return
        given = type(counts)  # a dict, list or tuple is told by its type, without an ABC check
        if given is dict or (given is not list and given is not tuple and isinstance(counts, Mapping)):
            source: Mapping[str, int] = counts  # type: ignore[assignment]  # a Mapping, told above
        else:
            tally: dict[str, int] = {}
            _count_elements(tally, counts)  # `Counter`'s C loop: `tally[kind] = tally.get(kind, 0) + 1` each
            source = tally
        clean: dict[str, int] = {}
        total = 0
        for kind in sorted(source):
            if type(kind) is not str and not isinstance(kind, str):  # a plain str told by its type, no call
                msg = f"token kinds are strings, got {kind!r}"
                raise TypeError(msg)
            n = source[kind]
            if n < 0:
                msg = f"negative count {n} for token kind {kind!r}"
                raise ValueError(msg)
            if n:
                clean[kind] = n
                total += n
        _set_counts(self, clean)
        _set_hash(self, None)
        _set_total(self, total)

    @classmethod
    def _trusted(cls, clean: dict[str, int]) -> Tokens:
        """Build from a dict already sorted with positive counts (no checks)."""
        return _build(clean, sum(clean.values()))

    def __setattr__(self, name: str, value: object) -> None:
        msg = "Tokens is immutable"
        raise AttributeError(msg)

    def __delattr__(self, name: str) -> None:
        msg = "Tokens is immutable"  # the slots, `total` among them, are never deleted either
        raise AttributeError(msg)

    def __reduce__(self) -> tuple[type[Tokens], tuple[dict[str, int]]]:
        """Pickled and copied as its counts (its slots are never set from outside)."""
        return (Tokens, (dict(self._counts),))

    # Mapping interface -------------------------------------------------------------------

    def __getitem__(self, kind: str) -> int:
        return self._counts.get(kind, 0)

    def __iter__(self) -> Iterator[str]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    def __contains__(self, kind: object) -> bool:
        return kind in self._counts

    def items(self) -> ItemsView[str, int]:
        """The (kind, count) pairs, kinds in sorted order (the dict's own view: no per-item
        `__getitem__`, which `Bag.outcomes` and every tally loop would otherwise pay)."""
        return self._counts.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tokens):
            return self._counts == other._counts
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Tokens):
            return self._counts != other._counts
        return NotImplemented

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(tuple(self._counts.items()))
            _set_hash(self, cached)
        return cached

    def __bool__(self) -> bool:
        return self.total != 0  # every count is positive: no call of bool() on the dict

    # Multiset arithmetic -----------------------------------------------------------------

    def elements(self) -> tuple[str, ...]:
        """Every token, one entry each, kinds in sorted order."""
        counts = self._counts
        return tuple(_chain(map(_repeat, counts, counts.values())))  # at C speed: no generator

    def add(self, kind: str, n: int = 1) -> Tokens:
        """Return a copy with `n` more tokens of `kind`.

        Raises:
            ValueError: If `n` is negative.
        """
        if n < 0:
            msg = f"cannot add a negative number ({n}) of {kind!r}"
            raise ValueError(msg)
        if n == 0:
            return self
        old = self._counts
        have = old.get(kind)
        if have is not None:  # a kind already present keeps its place: no re-sort
            counts = old.copy()  # `copy()`, never `dict(old)`: see the note above `_build`
            counts[kind] = have + n
        else:
            if type(kind) is not str and not isinstance(kind, str):  # a plain str told by its type, no call
                msg = f"token kinds are strings, got {kind!r}"
                raise TypeError(msg)
            kinds = [*old]  # the kinds alone: no pair built per kind to find the last one
            if kinds and kind < kinds[-1]:  # before the last kind: put in its place, not re-sorted
                if n == 1 and self.total == len(kinds):  # every count 1 (one card per id): no pairs at all
                    kinds.insert(_bisect(kinds, kind), kind)
                    counts = _ones(kinds, 1)  # inserted in order as `dict(pairs)` inserts: the same table
                else:
                    pairs = [*old.items()]
                    pairs.insert(_bisect(pairs, (kind,)), (kind, n))  # `(kind,)` sorts just before its pair
                    counts = dict(pairs)  # built as `dict(sorted(...))` was: the same table, the same size
            else:
                counts = old.copy()
                counts[kind] = n
        new = _blank()  # _build inlined: the hot path of every multiset operation
        new._counts = counts
        new._hash = None
        new.total = self.total + n
        new.__class__ = Tokens
        return new

    def remove(self, kind: str, n: int = 1) -> Tokens:
        """Return a copy with `n` fewer tokens of `kind`.

        Raises:
            ValueError: If there are fewer than `n` tokens of `kind`.
        """
        have = self._counts.get(kind, 0)
        if n > have or n < 0:
            msg = f"cannot remove {n} {kind!r}: only {have} present"
            raise ValueError(msg)
        if n == 0:
            return self
        counts = self._counts.copy()
        if have == n:
            del counts[kind]
        else:
            counts[kind] = have - n
        new = _blank()  # _build inlined: the hot path of every multiset operation
        new._counts = counts
        new._hash = None
        new.total = self.total - n
        new.__class__ = Tokens
        return new

    def __add__(self, other: Tokens) -> Tokens:
        if not isinstance(other, Tokens):
            return NotImplemented
        if not other._counts:
            return self
        if not self._counts:
            return other
        counts = self._counts.copy()
        fresh = False
        for kind, n in other._counts.items():
            have = counts.get(kind)
            if have is None:
                counts[kind] = n
                fresh = True
            else:
                counts[kind] = have + n
        if fresh:  # only a new kind can break the sorted order
            counts = dict(sorted(counts.items()))
        new = _blank()  # _build inlined: the hot path of every multiset operation
        new._counts = counts
        new._hash = None
        new.total = self.total + other.total
        new.__class__ = Tokens
        return new

    def __sub__(self, other: Tokens) -> Tokens:
        """Remove every token of `other`; `ValueError` if that would go negative."""
        if not isinstance(other, Tokens):
            return NotImplemented
        if not other._counts:
            return self
        counts = self._counts.copy()
        for kind, n in other._counts.items():
            have = counts.get(kind, 0)
            if n > have:
                msg = f"cannot remove {n} {kind!r}: only {have} present"
                raise ValueError(msg)
            if n == have:
                del counts[kind]
            else:
                counts[kind] = have - n
        new = _blank()  # _build inlined: the hot path of every multiset operation
        new._counts = counts
        new._hash = None
        new.total = self.total - other.total
        new.__class__ = Tokens
        return new

    def __le__(self, other: Tokens) -> bool:
        """True when every kind of `self` is present in `other` at least as often."""
        if not isinstance(other, Tokens):
            return NotImplemented
        get = other._counts.get
        for kind, n in self._counts.items():  # noqa: SIM110 - a loop, not `all()` of a generator
            if not n <= get(kind, 0):
                return False
        return True

    def __ge__(self, other: Tokens) -> bool:
        if not isinstance(other, Tokens):
            return NotImplemented
        return other <= self

    def __lt__(self, other: Tokens) -> bool:
        if not isinstance(other, Tokens):
            return NotImplemented
        return self <= other and self != other

    def __gt__(self, other: Tokens) -> bool:
        if not isinstance(other, Tokens):
            return NotImplemented
        return other < self

    def as_dict(self) -> dict[str, int]:
        """A new plain `dict` of the counts (sorted by kind)."""
        return dict(self._counts)

    # Text --------------------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Tokens({self._counts!r})"

    def __str__(self) -> str:
        """Comma-separated kinds, one entry per token: `'sardine,sardine,water'`.

        The empty multiset is `'-'`. Above [`SPELLED_OUT`][tabletop.kernel.tokens.SPELLED_OUT]
        tokens (more than any game holds; a state read from outside may claim any count) each kind
        is written once with its count, `'1099511627776 apple, 3 water'`, so the text stays as short
        as the counts. [`parse`][tabletop.kernel.tokens.Tokens.parse] reads both forms back.
        """
        if self.total > SPELLED_OUT:
            return ", ".join(f"{n} {kind}" for kind, n in self._counts.items())
        return ",".join(self.elements()) or "-"

    @classmethod
    def parse(cls, text: str) -> Tokens:
        """Read the [`__str__`][tabletop.kernel.tokens.Tokens.__str__] form, also `'2 sardine, water'` and
        `'sardine*2'`.

        Raises:
            ValueError: On an empty entry or a bad count.
        """
        text = text.strip()
        if text in ("", "-"):
            return cls()
        counts: dict[str, int] = {}
        for raw in text.split(","):
            part = raw.strip()
            n = 1
            if "*" in part:
                part, _, count = part.partition("*")
                n = _count(count, raw)
            elif " " in part:
                count, _, part = part.partition(" ")
                n = _count(count, raw)
            part = part.strip()
            if not part:
                msg = f"empty token kind in {text!r}"
                raise ValueError(msg)
            counts[part] = counts.get(part, 0) + n
        return cls(counts)


_slot: Final[Mapping[str, Any]] = Tokens.__dict__  # the slots' descriptors: setting them skips __setattr__
_set_counts: Final = _slot["_counts"].__set__
_set_hash: Final = _slot["_hash"].__set__
_set_total: Final = _slot["total"].__set__
_chain: Final = chain.from_iterable
_ones: Final = dict.fromkeys
"""`dict.fromkeys(kinds, 1)`: the counts of a multiset holding one token of each kind, in the order of `kinds`
(one C call, no pair per kind; `Tokens.add` builds a one-card-per-id pile's counts so)."""
_repeat: Final = repeat
_Twin: Final = cast("type[Tokens]", writable_twin(Tokens))  # never None: Tokens is a plain slotted class
"""`Tokens` with plain attribute stores: a new multiset is built as one, its slots stored in a
bytecode each, then made a `Tokens` (see `writable_twin`: about a third less than a setter call
per slot)."""
_blank: Final = cast("Callable[[], Tokens]", blank(_Twin))
"""An empty `_Twin`: the twin itself (its `__init__` is `object.__init__`), a type call cheaper than
`object.__new__(_Twin)`."""


# The multisets copy their counts with `counts.copy()`, never `dict(counts)`. A dict a kind was
# deleted from keeps the hole in its table; `dict(...)` of such a dict inserts every key again, one
# by one (about 11 k instructions for Archipel's 33-kind pocket, against 1.6 k for `copy()`, which
# copies the table as it is, holes included while they are at most a third; then it compacts).
# Every copy after a draw that emptied a kind paid that. Memory per kept state stays within 3 % of
# what the `dict(...)` copies kept (a copied table is never larger than the one it copies).


def _build(clean: dict[str, int], total: int) -> Tokens:
    """A `Tokens` of `clean` (sorted, positive counts) holding `total` tokens: no checks, the
    slots filled directly (the hot path of every multiset operation)."""
    new = _blank()
    new._counts = clean
    new._hash = None
    new.total = total
    new.__class__ = Tokens
    return new


def _count(text: str, whole: str) -> int:
    try:
        n = int(text.strip())
    except ValueError:
        msg = f"bad count {text.strip()!r} in {whole.strip()!r}"
        raise ValueError(msg) from None
    if n < 0:
        msg = f"negative count in {whole.strip()!r}"
        raise ValueError(msg)
    return n


def tally(*parts: Tokens) -> dict[str, int]:
    """The counts of `parts` added up in one new plain `dict`, kind by kind: what the sum of the
    multisets holds, without building any multiset between them (an empty part is skipped by its
    total; kinds in the order they are first met, not sorted).

    Two tallies, or a tally and a multiset's [`as_dict`][tabletop.kernel.tokens.Tokens.as_dict],
    are equal exactly where the sums of the multisets are equal: every count is positive, so
    there is no zero to drop.

    ```pycon
    >>> tally(Tokens({"sardine": 2}), Tokens(), Tokens({"water": 1, "sardine": 1}))
    {'sardine': 3, 'water': 1}

    ```
    """
    counts: dict[str, int] = {}
    get = counts.get
    for part in parts:
        if part.total:
            if counts:
                for kind, n in part._counts.items():
                    counts[kind] = get(kind, 0) + n
            else:  # the first part's counts copied in C
                counts.update(part._counts)
    return counts
