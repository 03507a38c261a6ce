"""The bounds of every document read, and the version of every document written.

Re-exported by [`tabletop.kernel.serialize`][tabletop.kernel.serialize], whose names these are.
"""

from __future__ import annotations

import re
from typing import Final

from tabletop.kernel.errors import DecodeError

__all__ = ["MAX_COUNT", "MAX_DEPTH", "MAX_KINDS", "MAX_TEXT", "OPTIONAL", "VERSION", "check_bounds"]

VERSION: Final = 1
"""The version of every envelope written by this release."""

MAX_TEXT: Final = 4_000_000
"""The longest document (in characters) read; longer ones are refused before parsing."""

MAX_DEPTH: Final = 32
"""The deepest nesting of JSON arrays and objects read (a state nests 7 deep, a record 6)."""

MAX_COUNT: Final = 100_000
"""The largest count of one kind in a multiset of tokens or cards."""

MAX_KINDS: Final = 1_000
"""The most kinds in one multiset (a game's largest, a deck of distinct cards, has about 150)."""

OPTIONAL: Final = "tabletop.optional"
"""Metadata key of an attrs field that a document may leave out even under `every_field`
(`attrs.field(default=None, metadata={OPTIONAL: True})`): the writer omits it when it holds its
default, as `Event.to_dict` omits `visible_to`."""

_BRACKETS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_NOT_MARK: Final = bytes(sorted(set(range(256)) - set(b'"[]{}')))
"""Every byte but a quote or a bracket: what `_shallow` deletes."""


def check_bounds(text: str | bytes, *, max_text: int = MAX_TEXT, max_depth: int = MAX_DEPTH) -> str:
    """`text` as a string, once it is known to be small and shallow enough to parse.

    The nesting is counted by one linear scan (strings skipped), so a document like
    `"[" * 100_000` is refused without recursing.

    Raises:
        DecodeError: If the text is longer than `max_text` characters, nests deeper than
            `max_depth`, or (as bytes) is not UTF-8.
    """
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            msg = f"not UTF-8 text: {exc.reason} at byte {exc.start}"
            raise DecodeError(msg) from None
    if not isinstance(text, str):
        msg = f"expected JSON text, got {type(text).__name__}"
        raise DecodeError(msg)
    if len(text) > max_text:
        msg = f"the document has {len(text)} characters, more than the {max_text} allowed"
        raise DecodeError(msg)
    if _shallow(text, max_depth):
        return text
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                msg = f"the document nests deeper than {max_depth} levels (at character {match.start()})"
                raise DecodeError(msg)
        elif token in "]}":
            depth -= 1
    return text


def _shallow(text: str, max_depth: int) -> bool:
    """True when `text` surely nests at most `max_depth` deep, found at C speed.

    In a text without backslashes (every state's JSON: nothing in it needs escaping) a
    character is inside a string exactly when an odd number of quotes comes before it. The
    text's UTF-8 bytes are cut down to its quotes and brackets (one `bytes.translate`), then
    every two adjacent quotes are deleted: that changes no bracket's count of quotes before
    it, and leaves no quote at all when no string holds a bracket (a state's strings hold
    none), so what remains are the brackets outside strings. Matched `[]` and `{}` pairs are
    then deleted pass after pass; a pass deletes at most two levels, so brackets gone within
    `max_depth // 2` passes nest at most `max_depth` deep. False means "not sure" (a
    backslash, a bracket in a string, too deep, unbalanced): the exact scan then decides, and
    names the character.
    """
    if "\\" in text:
        return False
    marks = text.encode("utf-8", "surrogatepass").translate(None, _NOT_MARK).replace(b'""', b"")
    if b'"' in marks:
        return False
    for _ in range(max_depth // 2):
        if not marks:
            return True
        marks = marks.replace(b"[]", b"").replace(b"{}", b"")
    return not marks
