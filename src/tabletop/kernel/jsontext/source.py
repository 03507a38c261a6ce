"""The source of the generated writing functions of a [`TextWriter`][tabletop.kernel.jsontext.TextWriter].

A generated function writes an attrs instance or a tuple as one join of its parts' texts,
remembering the last value written at its place (in a memo list, or in closure cells of its
own) with the texts it was joined from; plain parts are written inline (small integers from a
table of [`INT_TEXTS`][tabletop.kernel.jsontext.source.INT_TEXTS] texts, multisets and plain
tuples by orjson where it is in use). This module makes the source of those functions and
compiles it (`_factory`); the writer decides which function each place gets. Part of
[`tabletop.kernel.jsontext`][tabletop.kernel.jsontext], which exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from tabletop.kernel.jsontext.encoder import _GLOBALS, _HELD, _ORJSON, _RESETS, TEXTS_KEPT, _clear, _memo, _string
from tabletop.kernel.tokens import Tokens

__all__ = ["DISPLAY_ITEMS", "HEADED_INTS", "HEADED_KEPT", "INT_TEXTS"]

_POSITIONS: Final = 8
"""The positions of a tuple that each have a writing function of their own (the later ones
share their item type's)."""


_NOTHING: Final = object()
"""What a memo remembers before the first write: no value is this object."""


_PADS: Final = tuple((_NOTHING,) * (_POSITIONS - n) for n in range(_POSITIONS + 1))
"""What a tuple of `n` items is padded with to `_POSITIONS` in its memo (no item is any of them)."""

_Write = Callable[[Any], str]


def _positions(own: Callable[[Any], _Write], item: Any) -> tuple[list[Any], Callable[[int], _Write], _Write]:
    """What a generated function writing `tuple[item, ...]` reads: its positions' functions (the
    last one for every position past `_POSITIONS`; `None` until the first write there), the
    function making the one of a position (by `own`), and the function writing a tuple longer
    than `_POSITIONS` (a loop, with a memo of its own)."""
    places: list[Any] = [None] * (_POSITIONS + 1)

    def make(i: int) -> _Write:
        made: _Write = own(item)
        places[i] = made
        return made

    def at(i: int) -> _Write:
        j = i if i < _POSITIONS else _POSITIONS
        return places[j] or make(j)

    memo = _memo(((), ()))

    def long(value: Any) -> str:
        last, texts = memo
        known = len(last)
        texts = [texts[i] if i < known and v is last[i] else at(i)(v) for i, v in enumerate(value)]
        memo[0] = value
        memo[1] = texts
        return f"[{','.join(texts)}]"

    return places, make, long


def _blank(cls: type, names: list[str]) -> Any:
    """An instance of `cls` (not initialised) whose fields `names` are all `_NOTHING`: the last
    value a generated function remembers before its first write, no field of which is any
    value's; `None` if it cannot be made."""
    try:
        blank: Any = object.__new__(cls)
        for name in names:
            object.__setattr__(blank, name, _NOTHING)
    except (TypeError, AttributeError):  # pragma: no cover - no class of tabletop's
        return None
    return blank


def _bool(value: bool) -> str:
    return "true" if value else "false"


INT_TEXTS: Final = 1024
"""The integers from -1 to `INT_TEXTS - 1` have their texts made once (a constant table: counts,
money, seats, indexes); any other integer is written by `str`."""
_INTS: Final = {n: str(n) for n in range(-1, INT_TEXTS)}

_NAMES: Final[dict[str, Any]] = {
    "_id": id,
    "_type": type,
    "_len": len,
    "_held": _HELD,
    "_limit": TEXTS_KEPT,
    "_clear": _clear,
    "_int": str,  # for an int exactly, `int.__repr__`; the call to `str` itself the interpreter makes fastest
    "_ints": _INTS.get,
    "_str": _string,
    "_bool": _bool,
    "_join": "".join,
    "_Tokens": Tokens,
    "_tuples": frozenset({tuple}),
    "_nothing": _NOTHING,
    "_resets": _RESETS,
    "_empty": (),
}
"""The names every generated function reads, the writers of plain values among them (called
directly for a value of exactly its type)."""

_FOUND: Final = (
    "    key = _id(value)",
    "    found = _get(key)",
    "    if found is not None and found[0] is value:",
    "        return found[1]",
)
_ITEMS_HEAD: Final = (
    "    if _type(value) is not tuple:",
    "        return _slow(value)",
    "    n = _len(value)",
    "    if not n:",
    "        if _ps[0] is None:  # the first write, even of an empty tuple, makes the first position's function",
    "            _place(0)",
    "        return '[]'",
)
"""The first lines of a function writing a tuple of items: not a tuple, or an empty one."""
_ATTRS_CHECK: Final = (
    "    if _type(value) is not _cls:",
    "        return _slow(value)",
)
_FIXED_CHECK: Final = (
    "    if _type(value) is not tuple or _len(value) != _size:",
    "        return _slow(value)",
)


def _factory(source: str, name: str, shared: dict[str, Any]) -> Callable[..., _Write]:
    """The function `make` of `source`, compiled once per type: `make(**names)` is a new
    writing function reading `names`, its place's own (its memo, its parts' functions), as
    closure cells, and `shared`, the names of its type (the same at every place: its class, its
    store, the writers of plain values), as the globals of the code: no cell to copy at a call."""
    namespace = dict(shared)
    fast = _ORJSON[0]
    namespace["_dumps"] = None if fast is None else fast.dumps
    _GLOBALS.append(namespace)
    exec(compile(source, f"<json text {name}>", "exec"), namespace)
    return namespace["make"]  # type: ignore[no-any-return]


def _source(
    terms: list[tuple[str, str, str, Any]], close: str, check: Sequence[str], names: Iterable[str], keep: bool
) -> str:
    """The source of `make(**names)`, which returns a new writing function: `check`, then a tuple
    of its parts' texts, each after its head (`{"name":` or `,`, a constant of the code: no
    concatenation), and `close` last: the memo's text when the part (each `(how it is read from
    value, from the last value, its head, its kind)`) is the very object the last value had
    there, else written. The text is the tuple joined; the value and the tuple are then
    remembered (the memo's text of part `i` is at `2 * i + 1`), and the text kept in the store if
    `keep`. Where orjson writes a part inline and refuses it (`TypeError`: an integer past 64
    bits, a lone surrogate), the converter and the encoder write the value (nothing remembered)."""
    pieces = [
        f"q[{2 * i + 1}] if {read} is {last} else {_miss(i, read, kind)}"
        for i, (read, last, _, kind) in enumerate(terms)
    ]
    heads = [repr(head) for _, _, head, _ in terms] or [repr("{" if close == "}" else "[")]
    items = [each for pair in zip(heads, [*pieces, ""], strict=False) for each in pair if each]
    made = f"    t = {_display([*items, repr(close)], flat=True)}"
    if any(_by_orjson(kind) for *_, kind in terms):  # orjson refuses a few values: then the converter's
        made = f"    try:\n    {made}\n    except TypeError:\n        return _slow(value)"
    lines = [
        f"def make({', '.join(names)}):",
        "  def write(value):",
        *check,
        *(["    p = _memo[0]", "    q = _memo[1]"] if terms else []),
        made,
        "    text = _join(t)",
        *(["    _memo[0] = value", "    _memo[1] = t"] if terms else []),
        *(_KEEP if keep else ()),
        "    return text",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


DISPLAY_ITEMS: Final = 30
"""The most items of a tuple display in generated code: CPython 3.11 builds a longer one as a
list, appended item by item (reallocated as it grows) and copied into a tuple (its compiler's
`STACK_USE_GUIDELINE`), about 2,000 instructions more than a tuple built at once (an Archipel
state's document has 35 pieces, a Spółka ZOO state's had 32 before the texts of its multisets
and plain tuples were kept with their heads)."""


def _display(items: Sequence[str], flat: bool = False) -> str:
    """The source of a tuple display of the expressions `items` (evaluated in order) whose texts
    `_join` joins to the same text, of at most `DISPLAY_ITEMS` items (see `DISPLAY_ITEMS`): the
    last ones joined first into one; or, if `flat` (a memo reads the texts by position), the
    tuple of all of them made of displays of at most `DISPLAY_ITEMS` items added."""
    if len(items) <= DISPLAY_ITEMS:
        return f"({', '.join(items)},)" if len(items) == 1 else f"({', '.join(items)})"
    if flat:
        return f"({', '.join(items[:DISPLAY_ITEMS])}) + {_display(items[DISPLAY_ITEMS:], flat)}"
    head = DISPLAY_ITEMS - 1
    return f"({', '.join(items[:head])}, _join({_display(items[head:])}))"


_HEADED: Final = ("str", "bool", "int")
"""The kinds of parts whose text a function with its memo in cells keeps with the part's head
before it (`,"name":` and the text: one piece of the join, not two): a flag's two texts are
constants of the code, a text's are found in a bounded table of its field's own (see
`_head_tables`; texts come back: a phase, a card, a task's kind), a small integer's in a table
made once (a larger one's made at each write: a counter's new values would each miss a table
that keeps them)."""

HEADED_INTS: Final = 64
"""The integers from -1 to `HEADED_INTS - 1` whose texts with an integer field's head are made
once (see `_head_tables`)."""

HEADED_KEPT: Final = 256
"""The most texts (each with its field's head) the table of a text field keeps (see
`_head_tables`); past this the table is emptied."""


def _head_tables(terms: Sequence[tuple[str, str, Any]]) -> dict[str, Any]:
    """The tables a function with its memo in cells reads (globals of its code) for each of its
    text parts `i`: `_ht{i}`, the texts made so far with the part's head before them, by value
    (a value of exactly `str`, whose equal values have the same text), with its look-up `_h{i}`
    and `_hs{i}` (`setdefault`), and `_hm{i}`, which keeps one in a full table (emptied first);
    for each integer part, `_h{i}`, the look-up of the integers from -1 to `HEADED_INTS - 1`
    with the part's head before them (made once)."""
    tables: dict[str, Any] = {}
    for i, (_, head, kind) in enumerate(terms):
        if kind == "int":  # small integers' texts made once; any other made at each write, not kept
            tables[f"_h{i}"] = {n: head + text for n, text in _INTS.items() if n < HEADED_INTS}.get
        if kind == "str":
            table: dict[str, str] = {}
            tables.update({f"_ht{i}": table, f"_h{i}": table.get, f"_hs{i}": table.setdefault})
            tables[f"_hm{i}"] = _head_maker(table, head)
    return tables


def _head_maker(table: dict[str, str], head: str) -> Callable[[str], str]:
    """The function keeping the text of `value` with `head` before it in `table`, emptied first
    (it is called when `table` holds `HEADED_KEPT` texts)."""

    def make(value: str) -> str:
        table.clear()
        text = table[value] = head + _string(value)
        return text

    return make


def _headed(i: int, read: str, kind: str, head: str) -> str:
    """The expression writing part `i` (read by `read`) of a text, flag or integer kind with its
    `head` before it: for a value of exactly its type, a constant (a flag) or the field's
    table's (see `_head_tables`; a larger integer's text made here), else `head` and the text
    of the part's function."""
    other = f"{head!r} + _ws[{i}](v)"
    if kind == "bool":
        return f"(({head + 'true'!r} if v else {head + 'false'!r}) if _type(v := {read}) is bool else {other})"
    if kind == "int":
        return f"((_h{i}(v) or {head!r} + (_ints(v) or _int(v))) if _type(v := {read}) is int else {other})"
    made = f"(_hs{i}(v, {head!r} + _str(v)) if _len(_ht{i}) < {HEADED_KEPT} else _hm{i}(v))"
    return f"((_h{i}(v) or {made}) if _type(v := {read}) is str else {other})"


def _cells_source(
    terms: list[tuple[str, str, Any]], close: str, check: Sequence[str], names: Iterable[str], keep: bool
) -> str:
    """The source of `make(**names)` as `_source` makes it, but with the memo in closure cells
    of its own: part `i`'s last value in `v{i}` and its text in `t{i}` (no memo list read at the
    start and set at the end). A changed part's value is set before its text is written, so if
    writing raises, every cell is put back to its start (no value is then any part's). Only for
    a function that is never called again while it writes (not on a cycle of types). A text or
    flag part's text is kept with its head before it (`_HEADED`, `_headed`: the globals
    `_head_tables` makes); so is a part orjson writes inline, the head added to its text when it
    is written (small texts that change at a fraction of the writes: the join has one piece fewer
    at every write; a record's or a tuple's text, larger and changed more often, is not copied).
    A function that does not keep its texts returns the join as it is made (no local set and read
    again: a few bytecodes fewer at every write)."""
    n = len(terms)
    items = []
    for i, (read, head, kind) in enumerate(terms):
        if kind in _HEADED:  # the part's text with its head before it, one piece (see `_head_tables`)
            items.append(f"(t{i} := {_headed(i, f'(v{i} := {read})', kind, head)}) if {read} is not v{i} else t{i}")
        elif _by_orjson(kind):
            items.append(f"(t{i} := {head!r} + {_miss(i, f'(v{i} := {read})', kind)}) if {read} is not v{i} else t{i}")
        else:
            items += [repr(head), f"(t{i} := {_miss(i, f'(v{i} := {read})', kind)}) if {read} is not v{i} else t{i}"]
    display = _display([*items, repr(close)])
    if keep:
        body = [*check, *_guarded(n, [f"t = {display}"], "    "), "    text = _join(t)", *_KEEP, "    return text"]
    else:  # the text returned as it is joined: no local set and read again
        body = [*check, *_guarded(n, [f"return _join({display})"], "    ")]
    return _with_cells(names, n, body)


def _guarded(n: int, lines: Sequence[str], indent: str) -> list[str]:
    """`lines` in a `try` at `indent`: if they raise, the value cells `v0` to `v{n - 1}` are put
    back to their start (no value is then any part's), and the value is written by `_slow` (a
    `TypeError`: orjson refusing a part) or the error raised again (see `_cells_source`)."""
    values = " = ".join(f"v{i}" for i in range(n))
    return [
        f"{indent}try:",
        *(f"{indent}    {line}" for line in lines),
        f"{indent}except TypeError:",
        f"{indent}    {values} = _nothing",
        f"{indent}    return _slow(value)",
        f"{indent}except BaseException:",
        f"{indent}    {values} = _nothing",
        f"{indent}    raise",
    ]


def _with_cells(names: Iterable[str], n: int, body: Sequence[str]) -> str:
    """The source of `make(**names)`: the cells `v0`-`v{n - 1}` (first `_nothing`) and `t0`-`t{n
    - 1}`, the function `write(value)` of `body` (setting them), and the function putting them
    back, registered in `_resets` (see `use_orjson`)."""
    cells = ", ".join([*(f"v{i}" for i in range(n)), *(f"t{i}" for i in range(n))])
    values = " = ".join(f"v{i}" for i in range(n))
    texts = " = ".join(f"t{i}" for i in range(n))
    lines = [
        f"def make({', '.join(names)}):",
        f"  {values} = _nothing",
        f"  {texts} = ''",
        "  def write(value):",
        f"    nonlocal {cells}",
        *body,
        "  def reset():",
        f"    nonlocal {cells}",
        f"    {values} = _nothing",
        f"    {texts} = ''",
        "  _resets.append(reset)",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


def _items_source(kind: str, names: dict[str, Any], keep: bool, cells: bool = False) -> str:
    """The source of `make(**names)` for a tuple of items of `kind`: for each length up to
    `_POSITIONS`, a tuple of the items' texts (the memo's where the item is the very object the
    last value had at its position, else written by the position's function `_ps[i]`, made by
    `_place(i)` at the first write there) joined; the value is remembered padded to `_POSITIONS`
    (no position past its end is any item); longer tuples are written by `_long`. With `cells`,
    each position's last item and text are in closure cells of its own (see `_cells_source`)."""
    if cells:
        return _items_cells_source(kind, names, keep)
    items = [
        f"q[{2 * i + 1}] if value[{i}] is p[{i}] else " + _miss(i, f"value[{i}]", kind, f"(_ps[{i}] or _place({i}))")
        for i in range(_POSITIONS)
    ]
    cases = []
    for n in range(1, _POSITIONS + 1):
        cases += [
            f"        {'if' if n == 1 else 'elif'} n == {n}:",
            "            t = ('[', " + ", ',', ".join(items[:n]) + ", ']')",
        ]
    lines = [
        f"def make({', '.join(names)}):",
        "  def write(value):",
        *_ITEMS_HEAD,
        *(_FOUND if keep else ()),
        f"    if n > {_POSITIONS}:",
        "        text = _long(value)",
        "    else:",
        "        p = _memo[0]",
        "        q = _memo[1]",
        *(["        try:", *("    " + line for line in cases)] if _by_orjson(kind) else cases),
        *(["        except TypeError:", "            return _slow(value)"] if _by_orjson(kind) else []),
        "        text = _join(t)",
        "        _memo[0] = value + _pads[n]",
        "        _memo[1] = t",
        *(_KEEP if keep else ()),
        "    return text",
        "  return write",
    ]
    return "\n".join(lines) + "\n"


def _items_cells_source(kind: str, names: dict[str, Any], keep: bool) -> str:
    """`_items_source` with each position's last item in `v{i}` and its text in `t{i}`, closure
    cells of its own (see `_cells_source`: a position's item is set before its text is written,
    and every cell put back if writing raises)."""
    items = [
        f"(t{i} := "
        + _miss(i, f"(v{i} := value[{i}])", kind, f"(_ps[{i}] or _place({i}))")
        + f") if value[{i}] is not v{i} else t{i}"
        for i in range(_POSITIONS)
    ]
    made = "t = " if keep else "return _join("
    cases = []
    for n in range(1, _POSITIONS + 1):
        joined = "('[', " + ", ',', ".join(items[:n]) + ", ']')"
        cases += [f"{'if' if n == 1 else 'elif'} n == {n}:", f"    {made}{joined}{'' if keep else ')'}"]
    head = [*_ITEMS_HEAD, f"    if n > {_POSITIONS}:"]
    if not keep:  # the text returned as it is joined (see `_cells_source`)
        body = [*head, "        return _long(value)", *_guarded(_POSITIONS, cases, "    ")]
    else:
        body = [
            *head[: len(_ITEMS_HEAD)],
            *_FOUND,
            *head[len(_ITEMS_HEAD) :],
            "        text = _long(value)",
            "    else:",
            *_guarded(_POSITIONS, cases, "        "),
            "        text = _join(t)",
            *_KEEP,
            "    return text",
        ]
    return _with_cells(names, _POSITIONS, body)


_KEEP: Final = (
    "    if _held[0] >= _limit:",
    "        _clear()",
    "    _store[key] = (value, text)",
    "    _held[0] += 1",
)


def _miss(i: int, read: str, kind: str, own: str = "") -> str:
    """The expression writing part `i` (read by `read`) of `kind` (see `TextWriter._kind`) when
    it is not the memo's: a plain value of exactly its type, a multiset's counts and a tuple of
    plain values inline (orjson's text: no call of a function of Python), else by the part's
    function: `own` (a tuple's position's), or the field's `_w{i}` (in `_ws[i]` for a plain one)."""
    call = f"{own or f'_ws[{i}]'}(v)"
    if kind == "bool":
        return f"(('true' if v else 'false') if _type(v := {read}) is bool else {call})"
    if kind == "int":  # a small one's text kept, else `str`'s
        return f"((_ints(v) or _int(v)) if _type(v := {read}) is int else {call})"
    if kind == "str":
        return f"(_str(v) if _type(v := {read}) is str else {call})"
    if kind == "tokens":
        return f"(_dumps(v._counts).decode() if _type(v := {read}) is _Tokens and _dumps else {call})"
    if kind.startswith("fixed"):  # a tuple of plain values of a fixed length, its own unstructured form
        fits = f"_type(v := {read}) is tuple and _len(v) == {kind[len('fixed') :]}"
        return f"(_dumps(v).decode() if {fits} and _dumps else {call})"
    if kind.startswith("mixed"):  # a fixed tuple of plain values and multisets (`T` in the mask)
        mask = kind[len("mixed") :]
        tokens = "".join(f" and _type(v[{j}]) is _Tokens" for j, each in enumerate(mask) if each == "T")
        items = "".join(f"v[{j}]._counts, " if each == "T" else f"v[{j}], " for j, each in enumerate(mask))
        fits = f"_type(v := {read}) is tuple and _len(v) == {len(mask)}{tokens}"
        return f"(_dumps(({items})).decode() if {fits} and _dumps else {call})"
    if kind.startswith("rows"):  # a tuple of `fixed<n>` tuples: each a tuple of n items
        size = kind[len("rows") :]
        fits = f"_type(v := {read}) is tuple and _tuples >= {{*map(_type, v)}} and {{{size}}} >= {{*map(_len, v)}}"
        return f"(_dumps(v).decode() if {fits} and _dumps else {call})"
    if kind == "plain":  # a tuple that is its own unstructured form
        return f"('[]' if (v := {read}) is _empty else _dumps(v).decode() if _type(v) is tuple and _dumps else {call})"
    return f"{own or f'_w{i}'}({read})"


def _by_orjson(kind: str) -> bool:
    """Whether generated code writes a part of `kind` with orjson inline (where it is in use)."""
    return kind in ("tokens", "plain") or kind.startswith(("fixed", "rows", "mixed"))
