"""JSON text of states read part by part, each part's value kept by its text where it was read.

The reading twin of [`TextWriter`][tabletop.kernel.jsontext.TextWriter]. Successive states of a
game share most of their parts, and so most of their texts: [`TextReader`][tabletop.kernel.jsontext.reader.TextReader]
walks a text laid out exactly as the writer lays it out (an attrs instance as `{"field":...}`
with its fields in order, a tuple of parts as `[...]`), and finds each part's text among the
texts read before *at the same place* (the same field of the same part of the state, the same
index of a tuple: a position), compared at once with the text there (`str.startswith`, in C),
so that an unchanged part is neither parsed nor structured again, nor even looked up by a call
of its own: it is the very same object (and the checks a game keeps by identity,
[`PartAnswers`][tabletop.kernel.serialize.PartAnswers], find it again).

It reads a text only as the converter would read `json.loads(text)`: each part found is the
value that the converter's own hook built from that very text before; every other value is
scanned by the standard library's JSON scanner and structured by the converter's hook for its
type (an integer, a text or a flag read by a hook that takes only a value of exactly its type is
checked in line, as that hook checks it). Anything else (other spacing, another order of keys,
a value a hook refuses, a key given twice in a value scanned) is a
[`Miss`][tabletop.kernel.jsontext.leaves.Miss]: the caller reads the text the usual way, which
words the refusal. So it accepts nothing the usual way refuses,
and builds the same value.

Memory is bounded whatever texts are read: a position keeps its last `ENTRIES` parts, a reader
has at most `POSITIONS` positions (past them, and deeper than `DEPTH`, one position per type is
shared), a tuple's items have a position each up to `INDICES`, and past `PARTS_KEPT` parts or
`CHARS_KEPT` characters kept since, every position's parts are dropped.
"""

from __future__ import annotations

import json
import threading
import types
import typing
from typing import Any, Final

import attrs
import cattrs

from tabletop.kernel.fastattrs import blank, cleared_caches, plain_slots, writable_twin
from tabletop.kernel.jsontext.leaves import (
    _HELD,
    _KEPT,
    CHARS_KEPT,
    ENTRIES,
    PARTS_KEPT,
    Miss,
    _deep,
    _drop,
    _entries,
    _exact_leaf,
    _found,
    _kept_leaf,
    _leaf,
    _marked,
    _Node,
    _Read,
    _refused,
    _scan,
    _sequence,
    _Store,
    twice,
)
from tabletop.kernel.tokens import Tokens

__all__ = [
    "DEPTH",
    "FIELD_TEXT",
    "INDICES",
    "POSITIONS",
    "READING",
    "STEADY",
    "STEADY_FIELDS",
    "TEXTS",
    "TextReader",
    "build_lines",
]

TEXTS: Final = 64
"""The most whole texts a reader keeps with their values (past this, all are dropped): the
same text read again is found at once."""

INDICES: Final = 64
"""The items of a tuple with a position each; the items past them share one."""

POSITIONS: Final = 4096
"""The most positions of one reader; past them, a part is read at the one shared position of
its type (as a part deeper than `DEPTH` is)."""

DEPTH: Final = 24
"""The deepest position of its own (a recursive type is not unfolded without end)."""

FIELD_TEXT: Final = 64
"""The longest text of a steady field (see `_STEADY`), its mark with it, kept as the field's last
text at its position: the same value there again is found by one comparison, not scanned."""

_STEADY: Final[dict[type, tuple[Any, str]]] = {str: ("", '""'), bool: (False, "false")}
"""The exact types whose fields seldom change from state to state (text, flags; and every
`X | None`, read with `null` as the first last text), each with the value its fields keep as
their last text before one is read, and that value's text."""

STEADY_FIELDS: Final = 6
"""The fewest fields of a record whose steady fields (see `_STEADY`) are first compared with
their last text: a small record read again has mostly changed in those very fields (a flow's
phase and step), a large one in a few of its others."""


STEADY: Final = "tabletop.steady"
"""The metadata key marking an integer field that seldom changes from state to state (a sum of
money, a size: `attrs.field(metadata={STEADY: True})`): in a record of at least `STEADY_FIELDS`
fields, it is read as a steady field too (see `_STEADY`), with `0` as its first last text."""


def _steady(kind: str, hook: Any, fields: list[attrs.Attribute[Any]]) -> bool:
    """Whether a field read as `kind` (see `TextReader._kind`), of `hook`'s type, of a record
    with `fields`, is first compared with its last text."""
    return len(fields) >= STEADY_FIELDS and (kind == "maybe" or (kind == "exact" and hook in _STEADY))


def _steady_as(kind: str, hook: Any, fields: list[attrs.Attribute[Any]], field: attrs.Attribute[Any]) -> str:
    """How `field` (see `_steady`) is first compared with its last text: `"maybe"` or `"exact"`
    (a text, a flag, `X | None`), `"int"` (an integer marked `STEADY`), or `""` (it is not)."""
    if _steady(kind, hook, fields):
        return kind
    marked = kind == "exact" and hook is int and len(fields) >= STEADY_FIELDS and field.metadata.get(STEADY)
    return "int" if marked else ""


_NOBOUND: Final = 1 << 62
"""The depth budget where none is checked (a shared position: the caller checks the text)."""


READING: Final = threading.RLock()
"""Held while a text is read: a reader's stores (the values of parts found again by their text) and
its counts are shared by every text read, and filled in several steps. A caller of
[`TextReader.read`][tabletop.kernel.jsontext.reader.TextReader.read] holds it around the call
(`read_state` does; `tests/test_threads.py` reads in four threads at once)."""


class TextReader:
    """Reads the JSON text of values of the converter's types, as `converter.structure` reads
    `json.loads` of it (see the module's notes).

    Args:
        converter: A [make_converter][tabletop.kernel.serialize.make_converter] converter.
        max_depth: Read only values nesting at most this deep (the value itself one level; a
            value that may nest deeper is a `Miss`), so that a text read whole within
            [`sure`][tabletop.kernel.jsontext.reader.TextReader.sure] needs no check of its
            nesting. `None`: no bound (and never sure).
    """

    def __init__(self, converter: cattrs.Converter, *, max_depth: int | None = None) -> None:
        self._converter = converter
        self._max_depth = max_depth
        self._tops: dict[tuple[Any, bool], _Read] = {}
        self._shared: dict[Any, _Node] = {}
        self._stores: dict[tuple[Any, int | None], _Store] = {}
        self._codes: dict[tuple[type, bool], types.CodeType] = {}
        self._plans: dict[type, tuple[dict[str, Any], list[attrs.Attribute[Any]], str, list[Any]]] = {}
        self._kinds: dict[Any, tuple[str, Any]] = {}
        self._whole: _Store = {}
        self._texts = 0
        _KEPT.append(self._whole)
        self._positions = 0
        self.sure = max_depth is not None
        """Whether every value read so far and from now on nests at most `max_depth` deep
        when it is read without a `Miss`: true until a part is read at a shared position
        (past `POSITIONS` or `DEPTH`), whose depth is not followed (a plain attribute, set false
        with the first shared position: read for every text, it costs no call)."""

    def __repr__(self) -> str:
        return f"TextReader({len(self._stores)} stores, {self._positions} positions)"

    def read(self, text: str, start: int, end: int, hint: Any) -> Any:
        """The value of `hint` whose JSON is `text[start:end]`, not kept as a part itself (the
        caller holds [`READING`][tabletop.kernel.jsontext.reader.READING]).

        Raises:
            Miss: If the text is not read here (read it the usual way).
        """
        size = len(text)
        whole = self._whole.get(size)
        if whole is not None:  # the very text read before (compared whole: no hash of it needed)
            for kept, first, last, kind, value in whole:
                if kept == text and first == start and last == end and kind == hint:
                    return value
        read = self._tops.get((hint, False))  # `of` in line once made
        value, stop = (read or self.of(hint, keep=False))(text, start)
        if stop != end:
            raise Miss
        if self._texts >= TEXTS:
            self._whole.clear()
            self._texts = 0
        self._texts += 1
        held = _HELD  # `_held` in line
        if held[0] >= PARTS_KEPT or held[1] + size > CHARS_KEPT:
            _drop()
        held[0] += 1
        held[1] += size
        self._whole.setdefault(size, []).append((text, start, end, hint, value))
        return value

    def of(self, hint: Any, *, keep: bool = True) -> _Read:
        """The function reading a value of `hint` at a position: `(value, end)`, made once
        (with the positions of the parts it holds: read them only once every class exists).
        Unless `keep`, the value itself is not kept (its parts are)."""
        key = (hint, keep)
        read = self._tops.get(key)
        if read is None:
            if not keep and self._kind(hint)[0] == "attrs":
                read = self._attrs(hint, 1, keep=False)[1]
            else:
                read = _found(*self._position(hint, 1))
            self._tops[key] = read
        return read

    def _kind(self, hint: Any) -> tuple[str, Any]:
        """How a value of `hint` is read: `attrs` (field by field), `items` (`tuple[X, ...]`),
        `fixed` (`tuple[X, Y]`), `kept` (scanned, structured and kept), `exact` (scanned, its
        type checked in line), `maybe` (`X | None` of an `exact` `X`: the same, or `null`) or
        `leaf` (scanned and structured by the hook, every time)."""
        kind = self._kinds.get(hint)
        if kind is None:
            kind = self._kinds[hint] = self._find_kind(hint)
        return kind

    def _find_kind(self, hint: Any) -> tuple[str, Any]:
        from tabletop.kernel.serialize.hooks import _EXACT, SCANNED  # here: serialize imports this module

        hook = self._converter.get_structure_hook(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if isinstance(hint, type) and attrs.has(hint):
            code = getattr(hook, "__code__", None)
            if code is not None and code.co_filename == f"<structure {hint.__qualname__}>":
                return "attrs", hook
        qualname = getattr(hook, "__qualname__", "")
        if origin is tuple and qualname == "_quick.<locals>.some" and len(args) == 2 and args[1] is Ellipsis:
            return "items", hook
        if origin is tuple and qualname == "_collection_hook.<locals>.structure" and args and Ellipsis not in args:
            return "fixed", hook
        if hint is Tokens or origin in (tuple, frozenset):
            return "kept", SCANNED.get(hook, hook)
        exact = _EXACT.get(hook)
        if exact is not None:
            return "exact", exact
        if getattr(hook, "__func__", None) is cattrs.BaseConverter._structure_optional and len(args) == 2:
            other = args[0] if args[1] is type(None) else args[1]  # as that hook finds the other type
            exact = _EXACT.get(self._converter.get_structure_hook(other))
            if exact is not None and type(None) in args:  # None as None, else exactly `exact`
                return "maybe", exact
        return "leaf", hook

    def _budget(self, level: int | None) -> int:
        """The brackets a leaf at `level` may open (`None`: a shared position's, unbounded)."""
        if level is None or self._max_depth is None:
            return _NOBOUND
        return self._max_depth - level + 1

    def _store(self, hint: Any, level: int | None) -> _Store:
        store = self._stores.get((hint, level))
        if store is None:
            store = self._stores[hint, level] = {}
            _KEPT.append(store)
        return store

    def _position(self, hint: Any, level: int, lead: str = "") -> _Node:
        """A position of its own for a part of `hint` at `level` (unless too many or too deep:
        the shared one), its texts kept with the mark `lead` before each (the field's name)."""
        if level > DEPTH or self._positions >= POSITIONS:
            if not lead:
                return self._shared_node(hint)
            return [], _marked(lead, self._shared_node(hint)[1])
        self._positions += 1
        return self._node(hint, level, lead)

    def _shared_node(self, hint: Any) -> _Node:
        node = self._shared.get(hint)
        if node is None:
            node = self._node(hint, None)
        return node

    def _node(self, hint: Any, level: int | None, lead: str = "") -> _Node:
        kind, hook = self._kind(hint)
        if kind == "exact":
            return [], _exact_leaf(hook)
        if kind == "maybe":
            return [], _exact_leaf(hook, maybe=True)
        if kind == "leaf":
            return [], _leaf(hook, hint, self._budget(level))
        if self._max_depth is not None and level is not None and level > self._max_depth:
            return [], _refused
        if kind == "attrs":
            return self._attrs(hint, level, keep=True, lead=lead)
        if kind == "items":
            node = self._items(typing.get_args(hint)[0], hook, hint, level, lead)
        elif kind == "fixed":
            node = self._fixed(hint, level, lead)
        else:
            from tabletop.kernel.serialize.hooks import _scanned_tokens  # here: see `_find_kind`

            # The multisets' own hook takes only whole counts (one level): nothing deeper to look for.
            budget = _NOBOUND if hook is _scanned_tokens else self._budget(level)
            close = "}" if hint is Tokens else "]"  # a multiset is an object, a tuple or a frozenset an array
            items = [each for each in typing.get_args(hint) if each is not Ellipsis]
            plain = bool(items) and all(self._kind(each)[0] == "exact" for each in items)
            keys = "flat" if hint is Tokens else "" if plain else "any"  # how a key given twice is looked for
            node = _kept_leaf(hook, hint, self._store(hint, level), budget, lead, close, keys)
        if level is None:
            self._shared[hint] = node
            self.sure = False
        return node

    def _child(self, hint: Any, level: int | None, lead: str = "") -> _Node:
        """The position of a part of a part at `level` (a shared one's: shared), after the mark
        `lead` (see `_position`)."""
        if level is None:
            node = self._shared_node(hint)
            return ([], _marked(lead, node[1])) if lead else node
        return self._position(hint, level + 1, lead)

    def _attrs(self, cls: type, level: int | None, *, keep: bool, lead: str = "") -> _Node:
        """A position of `cls`: its generated function (compiled once per class) with the
        positions of its fields, read from the mark `lead` before it (kept with its texts).

        What every position of `cls` shares (its plan, `_plan`) is worked out once per class: a
        new position (a tuple's next index, met while reading) copies it and adds only its own
        marks, last texts and child positions."""
        plan = self._plans.get(cls)
        if plan is None:
            plan = self._plans[cls] = self._plan(cls)
        base, fields, first, each = plan
        mine = _entries()
        namespace = dict(base)
        m0 = lead + first
        namespace["_mine"], namespace["_m0"], namespace["_n0"] = mine, m0, len(m0)
        code = self._codes.get((cls, keep))
        if code is None:
            code = self._codes[cls, keep] = self._code(cls, fields, keep, dict(namespace))
        read = types.FunctionType(code, namespace)
        node = mine, read
        if level is None:
            self._shared[cls] = node
            self.sure = False
        for i, role, name, mark, hint, last in each:
            if role == "steady":  # the field's last text, with its mark
                if not i:
                    mark = m0
                namespace[name] = [(mark + last[1], last[0], len(mark) + len(last[1]))]
            elif role == "leaf":
                namespace[name] = self._budget(None if level is None else level + 1)
            else:  # the first field's part is kept with the mark before this part (its texts too)
                reads = "_r" + name[2:]
                namespace[name], namespace[reads] = self._child(hint, level, mark if i else lead + mark)
        return node

    def _plan(self, cls: type) -> tuple[dict[str, Any], list[attrs.Attribute[Any]], str, list[Any]]:
        """What every position of `cls` shares: its generated function's names but the
        position's own (`_mine`, `_m0`, `_n0` and the fields' below), its fields, its first
        mark (after the position's lead), and per field needing a name of the position's own:
        its index, its role (`steady`: its last text, `leaf`: its depth budget, `part`: its
        child position), the name, its mark, its type and (`steady`) its first last value and text."""
        attrs.resolve_types(cls)
        fields = list(attrs.fields(cls))
        base: dict[str, Any] = {"_Miss": Miss, "_cls": cls, "_HELD": _HELD, "_drop": _drop}
        base |= {"_scan": _scan, "_type": type, "_deep": _deep, "_twice": twice, "_nested": (list, dict)}
        first = ("{" + json.dumps(fields[0].name) + ":") if fields else "{"
        each: list[Any] = []
        for i, a in enumerate(fields):
            kind, hook = self._kind(a.type)
            if kind in ("exact", "maybe"):
                base[f"_k{i}"] = hook
                if _steady_as(kind, hook, fields, a):
                    last = (None, "null") if kind == "maybe" else _STEADY.get(hook, (0, "0"))
                    each.append((i, "steady", f"_x{i}", "," + json.dumps(a.name) + ":", None, last))
            elif kind == "leaf":
                base[f"_h{i}"], base[f"_t{i}"] = hook, a.type
                each.append((i, "leaf", f"_b{i}", "", None, None))
            else:
                mark = ("," if i else "{") + json.dumps(a.name) + ":"
                each.append((i, "part", f"_e{i}", mark, a.type, None))
        build_lines(cls, fields, base, "raise _Miss from None")
        return base, fields, first, each

    def _code(self, cls: type, fields: list[attrs.Attribute[Any]], keep: bool, namespace: dict[str, Any]) -> Any:
        """The code of `cls`'s function: its fields read in order between the writer's
        separators, each kept part first looked for among those kept at its position, the
        instance built as the converter's generated hook builds it."""
        lines = ["def read(text, pos):", "    start = pos", "    try:"]
        if not fields:  # from the mark before it (its texts are kept with it)
            lines += ["        if not text.startswith(_m0, pos):", "            raise _Miss", "        pos += _n0"]
        for i, a in enumerate(fields):  # the first mark (the part's own first) read with it
            mark = json.dumps(a.name) + ":"
            kind, hook = self._kind(a.type)
            steady = _steady_as(kind, hook, fields, a)
            lines += self._field_lines(i, "," + mark if i else "{" + mark, "steady " + steady if steady else kind)
        lines += ["        if text[pos] != '}':", "            raise _Miss"]
        lines += ["    except _Miss:", "        raise", "    except Exception:", "        raise _Miss from None"]
        lines += ["    pos += 1", *build_lines(cls, fields, namespace, "raise _Miss from None")]
        if keep:  # kept first at its position (as `_put` keeps it)
            lines += [
                "    size = pos - start",
                "    held = _HELD",
                f"    if held[0] >= {PARTS_KEPT} or held[1] + size > {CHARS_KEPT}:",
                "        _drop()",
                "    held[0] += 1",
                "    held[1] += size",
                "    _mine.insert(0, (text[start:pos], new, size))",
                f"    if len(_mine) > {ENTRIES}:",
                "        _mine.pop()",
            ]
        lines.append("    return new, pos")
        exec(compile("\n".join(lines) + "\n", f"<json read {cls.__qualname__}>", "exec"), namespace)
        return namespace["read"].__code__

    @staticmethod
    def _field_lines(i: int, mark: str, kind: str) -> list[str]:
        """The lines reading field `i` after its `mark` (inside the function's `try`; the first
        field's mark is `_m0`, with the part's own mark before it, of length `_n0`)."""
        first, skip = (repr(mark), str(len(mark))) if i else ("_m0", "_n0")
        lines = [f"        if not text.startswith({first}, pos):", "            raise _Miss"]
        if kind.startswith("steady "):  # the field's last text with its mark compared first
            return _steady_lines(i, skip, kind[7:], lines)
        if kind == "exact":
            return [
                *lines,
                f"        v{i}, pos = _scan(text, pos + {skip})",
                f"        if _type(v{i}) is not _k{i}:",
                "            raise _Miss",
            ]
        if kind == "maybe":
            return [
                *lines,
                f"        v{i}, pos = _scan(text, pos + {skip})",
                f"        if v{i} is not None and _type(v{i}) is not _k{i}:",
                "            raise _Miss",
            ]
        if kind == "leaf":
            return [
                *lines,
                f"        p = pos + {skip}",
                f"        v{i}, pos = _scan(text, p)",
                f"        if _type(v{i}) in _nested and (_deep(text, p, pos, _b{i}) or _twice(text[p:pos], v{i})):",
                "            raise _Miss",
                f"        v{i} = _h{i}(v{i}, _t{i})",
            ]
        return [  # its mark and text compared at once (the part kept with its mark)
            f"        for f, v, n in _e{i}:",
            "            if text.startswith(f, pos):",
            f"                v{i} = v",
            "                pos += n",
            "                break",
            "        else:",
            f"            v{i}, pos = _r{i}(text, pos)",
        ]

    def _items(self, item: Any, hook: Any, hint: Any, level: int | None, lead: str) -> _Node:
        """`tuple[X, ...]`: `[]`, or the items read between commas, each at its index's position."""
        kids: list[_Node] = []

        def kid(i: int) -> _Node:
            if level is None or i >= INDICES:
                return self._shared_node(item)
            kids.append(self._position(item, level + 1))
            return kids[i]

        def empty() -> Any:
            try:
                return hook([], hint)
            except Exception:  # the usual reading words it
                raise Miss from None

        return _sequence(kids, kid, empty, lead)

    def _fixed(self, hint: Any, level: int | None, lead: str) -> _Node:
        """`tuple[X, Y, ...]`: its items read between commas, each at its own position."""
        kids = [self._child(each, level) for each in typing.get_args(hint)]

        def kid(i: int) -> _Node:
            raise Miss  # more items than the tuple has

        return _sequence(kids, kid, None, lead)


def _steady_lines(i: int, skip: str, steady: str, lines: list[str]) -> list[str]:
    """The lines reading steady field `i` (see `_STEADY`; `steady`: `maybe` for `X | None`,
    `int` for an integer marked `STEADY`, `exact` else): its last text with its mark compared
    first, else its mark (`lines`), skipped by `skip`, and its value scanned, checked and kept
    as its last text."""
    check = f"_type(v{i}) is not _k{i}"
    if steady == "maybe":
        check = f"v{i} is not None and {check}"
    # A number read so must end there (the next mark, checked next, begins there): a longer
    # one after the last text is scanned, not a `Miss`. A text, a flag, `null` end by themselves.
    after = " and text[pos + n] in ',}'" if steady in ("maybe", "int") else ""
    return [
        f"        f, v{i}, n = _x{i}[0]",
        f"        if text.startswith(f, pos){after}:",
        "            pos += n",
        "        else:",
        *["    " + line for line in lines],
        "            s = pos",
        f"            v{i}, pos = _scan(text, pos + {skip})",
        f"            if {check}:",
        "                raise _Miss",
        f"            if pos - s <= {FIELD_TEXT}:",
        f"                _x{i}[0] = (text[s:pos], v{i}, pos - s)",
    ]


def build_lines(cls: type, fields: list[attrs.Attribute[Any]], namespace: dict[str, Any], refused: str) -> list[str]:
    """The lines of generated code building `new`, a `cls`, from `v0`, `v1`... as `__init__`
    would: slots filled directly for a plain slotted class (its caches cleared), else `__init__`
    itself, with `refused` the statement run should it raise. Names it uses are put in `namespace`
    (`_cls` must be there). A plain slotted class with a
    [writable twin][tabletop.kernel.fastattrs.writable_twin] is built as the twin (a plain
    attribute store per slot, no setter call), then made a `cls`."""
    twin = writable_twin(cls) if plain_slots(cls, fields) else None
    if twin is not None:
        namespace["_twin"] = blank(twin)
        lines = ["    new = _twin()"]
        lines += [f"    new.{a.name} = v{i}" for i, a in enumerate(fields)]
        lines += [f"    new.{name} = None" for name, _ in cleared_caches(cls)]
        return [*lines, "    new.__class__ = _cls"]
    if plain_slots(cls, fields):
        namespace["_new"] = object.__new__
        lines = ["    new = _new(_cls)"]
        for i, a in enumerate(fields):
            namespace[f"_s{i}"] = getattr(cls, a.name).__set__
            lines.append(f"    _s{i}(new, v{i})")
        for name, put in cleared_caches(cls):
            namespace[f"_clear_{name}"] = put
            lines.append(f"    _clear_{name}(new, None)")
        return lines
    arguments = ", ".join(f"{a.name}=v{i}" for i, a in enumerate(fields))
    return ["    try:", f"        new = _cls({arguments})", "    except Exception:", f"        {refused}"]
