"""Issue 12, session 37: `draft_of` clears a draft's cache slots as it makes it (as `finish()` clears
them), and `rules.apply` finishes its draft by switching its class alone (`draft.finish()` in line).

Held on every legal move of seeded states (chance outcomes and decisions): the new state is a plain
`ZooState` whose caches are unset (`None`, as `finish` leaves them), equal field by field to the plain
path's (`Draft`, `apply_in_place`, `settle`, `finish`), and it lists its legal moves and outcomes anew;
the state applied to is left as it was, its caches too."""

from __future__ import annotations

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.fastattrs import cleared_caches
from tabletop.spolka_zoo import rules
from tabletop.spolka_zoo.state import Draft, ZooState, draft_of

_CACHES = [name for name, _ in cleared_caches(ZooState)]


def _plain(state: ZooState, move: object) -> ZooState:
    draft = Draft(state)
    rules.apply_in_place(draft, move)  # type: ignore[arg-type]
    rules.settle(draft)
    return draft.finish()  # type: ignore[no-any-return]


def test_a_fresh_draft_holds_the_fields_and_no_cache() -> None:
    assert _CACHES  # the kernel's state keeps its legal moves and outcomes
    for state in random_states(8, players=1, bots=4)[::11]:
        state.legal_moves()  # the state's own caches filled: the draft must not take them
        draft = draft_of(state)
        assert all(getattr(draft, name) is None for name in _CACHES)
        assert all(getattr(draft, a.name) is getattr(state, a.name) for a in attrs.fields(ZooState))


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (9, {"players": 1, "bots": 4}),
        (10, {"players": 2}),
        (11, {"players": 3, "modules": ("events", "hidden_goals", "intrigues")}),
    ],
)
def test_a_new_state_is_finished_as_the_plain_path_finishes_it(seed: int, options: dict[str, object]) -> None:
    checked = 0
    for state in random_states(seed, **options)[::5]:
        if state.is_terminal or not state.deck_makeup:
            continue
        moves = state.legal_moves()[:10]
        before = [getattr(state, name, None) for name in _CACHES]  # what listing the moves kept
        for move in moves:
            new = rules.apply(state, move)
            plain = _plain(state, move)
            assert type(new) is ZooState
            assert all(getattr(new, name) is None for name in _CACHES)
            assert new == plain
            assert all(getattr(new, a.name) == getattr(plain, a.name) for a in attrs.fields(ZooState))
            if not new.is_terminal:
                assert new.legal_moves() == plain.legal_moves()
            checked += 1
        assert [getattr(state, name, None) for name in _CACHES] == before
    assert checked > 60
