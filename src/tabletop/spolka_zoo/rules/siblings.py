"""The children of one node built from the first of them, where the move only puts cards somewhere.

A search applies every move of a node in a row (issue 12's branching). At some nodes the moves
differ only in *which* cards go where, and nothing that runs after the move reads those cards
before a chance event or a decision stops the step:

* a bot lobbying with the top influence card (`lobby_top`, ZOO-4.11): the card drawn goes into
  a company deck, face down, and the public makeup;
* the top card of a company deck moved onto another deck (`move_card`, ZOO-11.3), face up or
  down: the card drawn lands on top of the other deck;
* a card drawn for a look (`look`, ZOO-4.12, ZOO-6.4): it becomes a known top card;
* a seat putting back the cards it looked at (an `Arrange` at the `look` decision): in another
  order, one to a deck's bottom or out of the game.

What the move writes there (the company decks, the decks' makeup and, for a lobby and a card
removed, one field of the piles: `WRITES`) the steps after it only write again, or ask whether a
deck is empty, or hold for a chance event or a decision. So where a search applies every move of
such a node (`ZooState.apply` tells: the outcomes in order, or the moves of a decision by their
ids, from the second), the first child of each kind is built by the rules as every child is
(`rules.later`), and kept (`remember`) if no step after its move wrote those parts again (the same
objects at the end); each child after it of the same kind is then that child with those parts as
its own move writes them on the node (`sibling`): the move runs on a draft of the node, the rest is
copied. A playout applies one sampled outcome of a node, and never comes here. The kind is the
card drawn's (any card), or an `Arrange`'s: where it moves a card (or none), so that the same
decks grow or shrink.

The same children either way (`tests/spolka_zoo/test_zoo_siblings.py` builds every child of the
nodes of random games both ways and compares them field by field and as text).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tabletop.kernel.phases import Flow
from tabletop.spolka_zoo.state import Draft, Piles, ZooState, draft_of, piles_with

__all__ = ["DRAWS", "FIRST", "OWN", "WRITES", "Kept", "forget", "memory", "remember", "sibling"]

WRITES: Final = {"lobby_top": "influence", "move_card": "", "look": "removed"}
"""The operations whose children may be built from the first (see the module docstring), with the
field of the piles their move may write ("" for none): the rest of what it writes is the company
decks and their makeup."""
DRAWS: Final = frozenset({"lobby_top", "move_card", "look"})
"""The operations of `WRITES` whose chance outcomes (a card drawn) are built so (a `look`'s
decision too: an `Arrange`)."""
_WITH: Final[dict[str, Callable[[Piles, Any], Piles]]] = {name: piles_with(name) for name in WRITES.values() if name}
"""`evolve(piles, name=value)` for each piles field of `WRITES`."""

Kept = tuple[ZooState, Flow, str]
"""A first child, the flow its move ran at, and where a later child's piles come from: `FIRST`
(the move wrote none: the first child's), `OWN` (the steps after it wrote none: the later move's
own) or a field's name (the first child's with that field as the later move wrote it)."""
FIRST: Final = "first"
OWN: Final = "own"
memory: tuple[object, dict[object, Kept | None]] = (None, {})
"""The node `rules.later` built a child of last by a move of `WRITES`, with its first children by
the kind of their move (`""` for a card drawn; an `Arrange`'s destination), `None` for a kind whose
first child the steps after the move changed: a memory of one node, the one a search is expanding.
One pair, read whole and replaced whole, never changed in place but for its own node's children:
searches in two threads at once may each replace the other's node (and build its children by the
rules again), but never find one node's children under another
(`tests/spolka_zoo/test_zoo_siblings.py` branches in threads)."""


def forget() -> None:
    """Forget the node kept in `memory` (its next children are all built by the rules)."""
    global memory
    memory = (None, {})


_COPIED: Final = (
    "flow",
    "chance_count",
    "board",
    "share_price",
    "fruit_price",
    "warehouse",
    "company_fruit",
    "seats",
    "turn",
    "queue",
    "resume",
    "finished",
)
"""The fields a later child takes from the first (all but those the move writes, `decks`,
`deck_makeup` and `piles`, and those no move changes, `seed` and `config`)."""
assert {*_COPIED, "decks", "deck_makeup", "piles", "seed", "config"} == set(Draft.FIELDS)


def _copier(fields: tuple[str, ...]) -> Callable[[Draft, ZooState], None]:
    """`copy(draft, state)`: each of `fields` of `state` set on `draft`, one plain store each (generated
    once, as `draft_of` is)."""
    lines = ["def copy(draft, state):", *[f"    draft.{name} = state.{name}" for name in fields]]
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines) + "\n", "<siblings copy>", "exec"), namespace)
    copy: Callable[[Draft, ZooState], None] = namespace["copy"]
    return copy


_copy_rest: Final = _copier(_COPIED)
"""The parts of a later child that are its first sibling's (`_COPIED`), copied onto its draft."""


def remember(
    parent: ZooState, child: ZooState, worked: Flow, field: str, kind: object, written: tuple[object, object, Piles]
) -> None:
    """Keep `child`, a child of `parent` built by the rules after a move of `WRITES`, of kind `kind`
    (run at the flow `worked`), if no step after the move wrote again what it wrote (`written`: the
    company decks, their makeup and the piles as the move left them); else note its kind as not
    kept (`None`)."""
    global memory  # a memory of one node: the pair replaced whole, its dict this node's alone
    node, kept = memory
    if parent is not node:
        kept = {}
        memory = (parent, kept)
    decks, makeup, piles = written
    if child.decks is not decks or child.deck_makeup is not makeup:
        kept[kind] = None  # the steps after the move wrote its parts again: none of its kind kept
        return
    if piles is parent.piles:  # the move wrote no piles
        kept[kind] = (child, worked, FIRST)
    elif child.piles is piles:  # the steps after it wrote none
        kept[kind] = (child, worked, OWN)
    elif field and getattr(child.piles, field) is getattr(piles, field):
        kept[kind] = (child, worked, field)
    else:
        kept[kind] = None


def sibling(
    parent: ZooState, first: Kept, step: Callable[[Draft, Any, Any], None], task: object, move: object
) -> ZooState:
    """The child of `parent` after `move`, built from `first`, the first child `remember` kept for
    a move of its kind: `step(draft, task, move)` (the move's operation: a card drawn, or an
    arrangement chosen) runs on a draft of `parent` at the flow the first ran at, and every part
    the move does not write is the first child's."""
    child, worked, piles = first
    draft = draft_of(parent)
    draft.flow = worked
    step(draft, task, move)
    if piles is FIRST:
        draft.piles = child.piles
    elif piles is not OWN:
        draft.piles = _WITH[piles](child.piles, getattr(draft.piles, piles))
    _copy_rest(draft, child)
    draft.__class__ = ZooState  # type: ignore[assignment]  # as `rules.apply` finishes a draft
    return draft  # type: ignore[return-value]
