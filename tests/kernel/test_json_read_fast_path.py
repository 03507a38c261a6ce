"""The part-by-part reader takes its fast path on the writer's own texts (issue 12:
`state_from_json`). Other tests hold it to the usual reading's values and refusals, which a
reader that misses every kept part and scans everything again also passes: only its speed
tells. So here, on the texts of seeded games read in turn by a reader of their own:

* no text the writer wrote is a `Miss` (read again the usual way);
* each top-level part of a state (a record, a tuple, a multiset) whose value did not change since
  the state read before is that very object, found by its text at its position, not built again
  (unless every kept part was dropped meanwhile, as the reader's memory bound does now and then).
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from json_read_helpers import CONFIGURATIONS, texts  # the configurations and seeded texts read there

import tabletop
from tabletop.kernel.jsontext.leaves import _HELD, Miss
from tabletop.kernel.jsontext.reader import TextReader
from tabletop.kernel.serialize.envelope import MAX_DEPTH, PART_BY_PART, _read_state
from tabletop.kernel.tokens import Tokens

PART_READ = [(name, options) for name, options in CONFIGURATIONS if not name.endswith("drill:GAME")]
"""The configurations whose texts are long enough to be read part by part (the drill's are not)."""


def _kept_kind(value: Any) -> bool:
    """Whether `value` is a part the reader keeps by its text: a record, a tuple or a multiset."""
    return attrs.has(type(value)) or isinstance(value, Tokens) or (isinstance(value, tuple) and bool(value))


@pytest.mark.parametrize(("name", "options"), PART_READ)
def test_writer_texts_are_read_part_by_part_finding_unchanged_parts(name: str, options: dict[str, Any]) -> None:
    game = tabletop.get_game(name)
    reader = TextReader(game.converter, max_depth=MAX_DEPTH - 1)
    found = 0
    for seed in (1, 2):
        before: Any = None
        for text in texts(name, options, seed, every=1):
            assert len(text) >= PART_BY_PART
            held = _HELD[0]
            try:
                state = _read_state(reader, text, game.name, game.state_type)
            except Miss:  # pragma: no cover - the failure this test is for
                pytest.fail(f"{name} seed {seed}: the writer's text was a Miss for the part-by-part reader")
            dropped = _HELD[0] < held  # every kept part dropped while it was read
            if before is not None and not dropped:
                for field in attrs.fields(type(state)):
                    old, new = getattr(before, field.name), getattr(state, field.name)
                    if _kept_kind(old) and old == new:
                        assert new is old, f"{name} seed {seed}: unchanged {field.name!r} was built again"
                        found += 1
            before = None if dropped else state
    assert found > 100  # the games do have unchanged parts to find
