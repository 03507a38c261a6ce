"""The part-by-part reader's multisets (issue 12: `state_from_json`): a multiset the JSON scanner
read is built from the scanner's own dict, without the look-up of `hooks._TOKENS_READ`
(`hooks._scanned_tokens`). Every multiset read so equals the usual reading's, and every text the
usual reading refuses is refused with the very same error (type, message, path)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from json_read_helpers import CONFIGURATIONS, fast, texts, usual

import tabletop
from tabletop.kernel.serialize import hooks
from tabletop.kernel.serialize.limits import MAX_COUNT, MAX_KINDS
from tabletop.kernel.tokens import Tokens

_MULTISET = re.compile(r'\{"[a-z][\w-]*":\d+(?:,"[a-z][\w-]*":\d+)*\}')
"""A multiset of one kind or more, as the writer writes it (kinds in order)."""


def _outcome(hook: Any, text: str) -> tuple[str, Any]:
    hooks._TOKENS_READ.clear()
    try:
        value = hook(json.loads(text), Tokens)
    except (TypeError, ValueError) as exc:
        return type(exc).__name__, str(exc)
    return "value", (value, list(value.items()), value.total)


_MANY = ",".join(f'"k{i:03}":1' for i in range(MAX_KINDS))
_TEXTS = [
    '{"a":1,"b":2}',
    '{"b":2,"a":1}',
    '{"c":3,"a":1,"b":2}',
    "{}",
    '{"a":true}',
    '{"a":false}',
    '{"a":0}',
    '{"a":-1}',
    '{"a":1.0}',
    '{"a":[1]}',
    '{"a":null}',
    '{"a":"1"}',
    f'{{"a":{MAX_COUNT}}}',
    f'{{"a":{MAX_COUNT + 1}}}',
    f'{{"b":1,"a":{MAX_COUNT + 1}}}',
    f"{{{_MANY}}}",
    f'{{{_MANY},"zzz":1}}',
    f'{{{_MANY},"zzz":0}}',
    '{"a":1,"a":2}',
    '{"":1}',
    '{"":1,"a":2}',
    '{"b":1,"":2}',
    '{"b":1,"a":0}',
    '{"a":1,"b":-2}',
    '{"b":2,"a":1,"c":true}',
    '{"a":1,"c":3,"b":2,"d":4,"f":6,"e":5,"h":8,"g":7,"j":10,"i":9,"l":12,"k":11}',
    '{"b":1,"a":1,"b":3}',
    "[1]",
    "3",
    "null",
    '"a"',
]


@pytest.mark.parametrize("text", _TEXTS)
def test_a_scanned_multiset_is_the_hooks(text: str) -> None:
    """The scanned twin gives an equal multiset (kinds in the same order, the same total) or the
    same refusal as the usual hook, whatever the order, counts and number of kinds."""
    assert _outcome(hooks._scanned_tokens, text) == _outcome(hooks._structure_tokens, text)


def test_a_scanned_multiset_in_order_is_the_scanners_dict() -> None:
    """A multiset written in order is built on the scanner's dict itself (nothing else holds it);
    one out of order on a new dict in order."""
    value = json.loads('{"a":1,"b":2}')
    assert hooks._scanned_tokens(value, Tokens)._counts is value
    value = json.loads('{"b":2,"a":1}')
    built = hooks._scanned_tokens(value, Tokens)
    assert built._counts is not value
    assert list(built) == ["a", "b"]


def _damaged(text: str) -> list[str]:
    """Copies of `text` with one multiset changed: kinds out of order, a count 0, -1, `true`,
    1.5, past `MAX_COUNT`, a count doubled, a kind added or dropped."""
    copies = []
    for found in list(_MULTISET.finditer(text))[:12]:
        counts = json.loads(found.group())
        kinds = list(counts)
        changed = [
            dict(reversed(counts.items())),
            {**counts, kinds[0]: 0},
            {**counts, kinds[-1]: -1},
            {**counts, kinds[0]: True},
            {**counts, kinds[0]: 1.5},
            {**counts, kinds[0]: MAX_COUNT + 1},
            {**counts, kinds[0]: counts[kinds[0]] * 2},
            {**counts, "zz-extra": 1},
            dict(list(counts.items())[1:]),
        ]
        for each in changed:
            piece = json.dumps(each, separators=(",", ":"))
            copies.append(text[: found.start()] + piece + text[found.end() :])
    return copies


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_multisets_read_asusual(name: str, options: dict[str, Any]) -> None:
    """Seeded states read in turn, each followed by damaged copies of its multisets (read right
    after the sound text, so its parts are kept): the same state or the same refusal as the usual
    reading."""
    game = tabletop.get_game(name)
    for text in texts(name, options, 3, every=5):
        assert fast(game, text) == usual(game, text)
        for copy in _damaged(text):
            assert fast(game, copy) == usual(game, copy)
            fast(game, text)  # the sound text read again between copies
