"""Archipel's rules, one module per rulebook section, and the dispatch the state is bound to.

* [`setup`][tabletop.archipel.rules.setup]: Preparations (ARC-1);
* [`sailing`][tabletop.archipel.rules.sailing]: Sailing and the storms (ARC-2, ARC-5);
* [`catching`][tabletop.archipel.rules.catching]: Catching fish and the memory game (ARC-3, ARC-8);
* [`harbour`][tabletop.archipel.rules.harbour]: The harbours (ARC-4);
* [`meetings`][tabletop.archipel.rules.meetings]: Two boats meeting (ARC-6);
* [`season`][tabletop.archipel.rules.season]: The turn order and the end of the season (ARC-2.1, ARC-7).

This module holds `STEPS` (one handler per automatic step of
[`MACHINE`][tabletop.archipel.flow.MACHINE], on a [`Work`][tabletop.archipel.flow.Work]),
`AUTO` (the same as state-to-state functions) and `apply`, `player_moves` and
`chance_outcomes`, which [`tabletop.archipel`][tabletop.archipel] binds to the state.

Legal moves, in this order: `turn.act`: `sail` (fish spots, harbours, home ports, storm
spaces, each in board order), `catch`, then the common moves (`refuel` of the current
boat, then of the other boats in seat order, `throw`, `give`/`take` with each boat on
the same location in seat order: fuel, fish, cards), `end turn` (or `stay` in an island's
harbour), `season over`.
`harbour.dock`: `discard` (cards in kind order), the common moves, `done`, `season over`.
Chance outcomes are in kind order (the kernel's [`Bag.outcomes`][tabletop.kernel.bag.Bag.outcomes]).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

import attrs

from tabletop.archipel.checks import may_declare
from tabletop.archipel.content.board import HARBOUR, board_for
from tabletop.archipel.content.kinds import BAITS, FISH
from tabletop.archipel.flow import MACHINE, Work
from tabletop.archipel.moves import (
    CATCH,
    END_TURN,
    OVER,
    RELEASE,
    STAY,
    USE_MULTI,
    Calm,
    Catch,
    Discard,
    Done,
    Draw,
    EndTurn,
    Expose,
    Feed,
    Give,
    MultiChoice,
    Over,
    Place,
    Refuel,
    Sail,
    Stay,
    Take,
    Throw,
    intern,
)
from tabletop.archipel.rules import catching, harbour, meetings, sailing, season, setup
from tabletop.archipel.state import ArchipelState, dealing_to
from tabletop.kernel.builder import in_place
from tabletop.kernel.chance import ChanceNode, Source, chance_uniform
from tabletop.kernel.fastattrs import blank, cleared_caches, evolve_from, plain_slots, writable_twin
from tabletop.kernel.phases import Actor
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["AUTO", "STEPS", "apply", "chance_node", "chance_outcomes", "player_moves", "sample_chance"]


def player_moves(s: ArchipelState) -> tuple[Move, ...]:
    """The current player's legal moves (see the module docstring for the order)."""
    step = s.flow.step
    if step == "act":
        return _act_moves(s)
    if step == "dock":
        return harbour.dock_moves(s)
    if step == "weather":
        return harbour.weather_moves(s)
    if step == "multi":
        return (USE_MULTI, RELEASE)
    boat = s.boats[s.flow.player]
    return tuple(intern(Feed, card) for card in boat.cards if card in BAITS)


def _act_moves(s: ArchipelState) -> tuple[Move, ...]:
    boat = s.boats[s.flow.player]
    board = board_for(s.board)  # looked up once, for the sails, the catch and the harbour
    moves: list[Move] = []
    turn = s.turn
    if boat.fuel and (turn.sailed or turn.may_catch):  # ARC-2.7: tried without sailing, the boat stayed
        moves.extend(sailing.sail_moves(s, boat, board))
    if catching.may_catch(s, board):
        moves.append(CATCH)
    meetings.common_moves(s, boat, moves, _NO_CARDS)
    moves.append(STAY if board.kind[boat.at] == HARBOUR else END_TURN)  # `in_island_harbour`
    if may_declare(s):
        moves.append(OVER)
    return tuple(moves)


_NO_CARDS: Final = Tokens()


def chance_outcomes(s: ArchipelState) -> tuple[tuple[Move, float], ...]:
    """Cards drawn from the pocket, or the fish a face-down piece turns out to be."""
    if s.flow.step == "expose":
        return _as_moves(s.unseen, Expose, FISH)
    return _as_moves(s.pocket.contents, Draw, board_for(s.board).cards)


def chance_node(s: ArchipelState) -> ChanceNode:
    """What the current chance node decides, by id (issue 16).

    * `setup.deal`: a card drawn blind from the pocket for the first open shop short of three
      (`"shop jade"`), then for the `"warehouse"` (ARC-1.7);
    * `harbour.restock`: a card drawn from the pocket for the `"warehouse"` (ARC-4.9);
    * `turn.expose`: the face-down fish where the current boat is, nobody has seen it yet
      (`"spot f07"`); it lies face up there afterwards unless the boat's bait catches it
      (ARC-3.2). No seat receives a draw: the cards go to a shop or the warehouse.
    """
    if s.flow.step == "expose":
        spot = f"spot {s.boats[s.flow.player].at}"
        return ChanceNode(Source.PIECE, spot, spot, "ARC-3.2")
    if s.flow.phase == "setup":
        target = dealing_to(s)
        where = target if target == "warehouse" else f"shop {target}"
        return ChanceNode(Source.BAG, "pocket", where, "ARC-1.7")
    return ChanceNode(Source.BAG, "pocket", "warehouse", "ARC-4.9")


class _KindMoves(dict[str, Move]):
    """The move of each kind drawn, made the first time the kind is met (`__missing__`)."""

    def __init__(self, cls: type[Expose | Draw]) -> None:
        super().__init__()
        self.cls = cls

    def __missing__(self, kind: str) -> Move:
        move = self[kind] = self.cls(kind)
        return move


_KIND_MOVES: Final = {Expose: _KindMoves(Expose), Draw: _KindMoves(Draw)}


class _Row(dict[tuple[str, int], tuple[Move, float]]):
    """For one total of tokens in a bag, the outcome pair of each kind and count: `row[kind, n]`
    is `(move, n / total)`, so that a draw's outcomes are looked up, with no float or pair built
    per kind at every chance step.

    A row is filled when it is made for every count the game's own tokens can have (`full`:
    the cards of the board, the fish), the few pairs a step may then meet all at once; a count
    beyond them, which only a text from outside can hold, is made the first time it is met
    (`__missing__`)."""

    def __init__(self, cls: type[Expose | Draw], total: int, full: Tokens) -> None:
        moves = self.moves = _KIND_MOVES[cls]
        self.total = total
        super().__init__(
            {(kind, n): (moves[kind], n / total) for kind, most in full.items() for n in range(1, min(most, total) + 1)}
        )

    def __missing__(self, key: tuple[str, int]) -> tuple[Move, float]:
        if len(self) >= _ROW_PAIRS:  # bounded: a text from outside may name many kinds
            self.clear()
        kind, n = key
        pair = self[key] = (self.moves[kind], n / self.total)
        return pair


_ROW_TOTAL: Final = 128
"""The largest total of tokens whose outcome pairs are kept (a game's pocket holds 61 cards and
its sea 30 fish; a larger total, which only a text from outside can hold, is worked out as it
comes)."""
_ROW_PAIRS: Final = 1024
"""The most pairs a row keeps (one of 61 cards holds at most 61 pairs; of 30 fish, 30)."""

_ROWS: Final[dict[tuple[type[Move], int], _Row]] = {}
"""The rows by move class and total: at most 2 x 128, each of at most `_ROW_PAIRS` pairs."""


def _as_moves(contents: Tokens, cls: type[Expose | Draw], full: Tokens) -> tuple[tuple[Move, float], ...]:
    """A draw from `contents` as moves, each kind with its chance `count / total` (the kernel's
    [`Bag.outcomes`][tabletop.kernel.bag.Bag.outcomes] in one pass), each kind's move made once
    (the kernel keeps the answer on the state, which is asked twice: legal moves, then sampling).

    The pairs are read from the row of the bag's total (`_Row`, filled from `full`, every token
    of the game), at C speed: the same moves and the same floats, `n / total`, as working each
    out."""
    total = contents.total
    if total > _ROW_TOTAL:
        moves = _KIND_MOVES[cls]
        return tuple([(moves[kind], n / total) for kind, n in contents.items()])
    row = _ROWS.get((cls, total))
    if row is None:
        row = _ROWS[cls, total] = _Row(cls, total, full)
    return tuple(map(row.__getitem__, contents.items()))


def sample_chance(s: ArchipelState, rng: random.Random | None) -> Move | None:
    """The kernel's [`sample_chance`][tabletop.kernel.chance.sample_chance] without listing the
    outcomes: the same number ([`chance_uniform`][tabletop.kernel.chance.chance_uniform]) walked
    through the same shares (`n / total`, kinds in order, the floats of `chance_outcomes`) picks
    the same card or fish. `None` (nothing drawn) off a chance node, for an empty draw, a total
    beyond `_ROW_TOTAL` or a view without an `rng`: the kernel lists the outcomes then (and raises
    what it raises)."""
    flow = s.flow
    key = flow.key
    if key not in _CHANCE_KEYS:
        return None
    contents = s.unseen if key == _EXPOSE else s.pocket.contents
    total = contents.total
    if not total or total > _ROW_TOTAL or (rng is None and s.seed is None):
        return None
    cls = Expose if key == _EXPOSE else Draw
    shares = _SHARES.get((cls, total))
    if shares is None:  # the first draw of this total: the row `chance_outcomes` reads made too
        chance_outcomes(s)
        shares = _SHARES[cls, total] = tuple([n / total for n in range(total + 1)])
    u = rng.random() if rng is not None else chance_uniform(s)
    acc = 0.0
    for kind, n in contents.items():  # noqa: B007 - the kind found is drawn below
        acc += shares[n]
        if u < acc:
            break
    # Rounding may leave the last share's sum at or below `u`: the last kind, as the kernel picks.
    return _KIND_MOVES[cls][kind]


_CHANCE_KEYS: Final = frozenset(key for key, step in MACHINE.steps().items() if step.actor is Actor.CHANCE)
"""The chance steps of the phase table (`setup.deal`, `turn.expose`, `harbour.restock`)."""
_AUTO_KEYS: Final = frozenset(key for key, step in MACHINE.steps().items() if step.actor is Actor.AUTO)
"""The automatic steps of the phase table (`apply` runs them on a working copy)."""
_EXPOSE: Final = "turn.expose"
_SHARES: Final[dict[tuple[type[Move], int], tuple[float, ...]]] = {}
"""For each move class drawn and total of tokens up to `_ROW_TOTAL`, `n / total` for every count
`n` (at most 2 x 128 tuples of at most 129 floats)."""


def apply(s: ArchipelState, move: Move) -> ArchipelState:
    """Apply a legal move (the protocol has checked legality) and the automatic steps that
    follow, on one [`Work`][tabletop.archipel.flow.Work]: the new state is built once (the
    kernel's `advance` then finds nothing left to run), a chance outcome counted in it.

    The moves of most steps (a card drawn: the setup deals 39; a sail) change a few fields,
    worked out from the state (`_CHANGES`): when no automatic step follows, the new state is
    built straight from them, in one copy."""
    kind = type(move)
    changed = _CHANGES.get(kind)
    if changed is not None:
        changes = changed(s, move)
        key = changes["flow"].key
        if key not in _AUTO_KEYS:
            return _COPIES[tuple(changes)](s, changes)
        if key == _ARRIVE:  # into a harbour: its automatic steps in the same copy, mostly
            full = harbour.arrived(s, changes)
            if full is not None:
                return _COPIES[tuple(full)](s, full)
        elif key == _NEXT and "shut" not in changes:  # the next boat, read off fields not changed
            changes.update(season.turn_over(s, changes["flow"]))
            return _COPIES[tuple(changes)](s, changes)
        work = Work(s)
        for name, value in changes.items():
            setattr(work, name, value)
    else:
        work = Work(s)
        if kind is Expose:  # counted here, in the one state built (`ArchipelState._counted`)
            work.chance_count += 1
        _HANDLERS[kind](work, move)
    MACHINE.settle(work, STEPS)
    return work.finish()


_Copy = Callable[[ArchipelState, dict[str, Any]], ArchipelState]


class _Copies(dict[tuple[str, ...], _Copy]):
    """For each tuple of changed field names (a rule's changes, in the order it gives them), a
    function building the next state from the old one and those changes: for the tuples most
    steps give (`_COMMON`, generated at import), `evolve_from` with one plain store per field;
    for any other tuple, `evolve_from` itself, noted the first time it is met (`__missing__`,
    at most `_COPIES_KEPT` tuples kept), so no code is generated while a game is played."""

    def __missing__(self, names: tuple[str, ...]) -> _Copy:
        if len(self) >= _COPIES_KEPT:
            self.clear()
            self.update(_GENERATED)
        self[names] = evolve_from
        return evolve_from


def _copy_of(names: tuple[str, ...]) -> _Copy:
    """`copy(state, changes)` for the changed fields `names`, made as the kernel's `evolve_from`
    makes a state (its writable twin filled, caches cleared, then made a state); `evolve_from`
    itself where the state class has no writable twin."""
    fields = [a.name for a in attrs.fields(ArchipelState)]
    twin = writable_twin(ArchipelState)
    if twin is None or not plain_slots(ArchipelState, list(attrs.fields(ArchipelState))):
        return evolve_from
    lines = ["def copy(inst, changes):", "    new = _twin()"]
    lines += [f"    new.{f} = changes[{f!r}]" if f in names else f"    new.{f} = inst.{f}" for f in fields]
    lines += [f"    new.{name} = None" for name, _ in cleared_caches(ArchipelState)]
    lines += ["    new.__class__ = _cls", "    return new"]
    namespace: dict[str, Any] = {"_twin": blank(twin), "_cls": ArchipelState}
    exec(compile("\n".join(lines) + "\n", f"<archipel copy {','.join(names)}>", "exec"), namespace)
    copy: _Copy = namespace["copy"]
    return copy


_COMMON: Final[tuple[tuple[str, ...], ...]] = (
    ("flow", "pocket", "shops", "chance_count"),  # a card dealt to a shop
    ("flow", "pocket", "warehouse", "chance_count"),  # a card for the warehouse
    ("supply", "turn", "boats", "flow"),  # a sail at sea
    ("flow", "turn"),  # the end of a turn
    ("flow", "ended_by"),  # the end of the season
    ("flow", "pocket", "warehouse", "chance_count", "turn"),  # the warehouse's last card, the next boat
    ("shops", "warehouse", "flow", "warehouse_shut"),  # done: the shop supplied, the warehouse to refill
    ("supply", "turn", "boats", "flow", "bought"),  # into a harbour (`harbour.arrived`)...
    ("supply", "turn", "boats", "flow", "shops", "last_progress", "bought"),
    ("supply", "turn", "boats", "flow", "shops", "storms", "pocket", "removed", "bought"),
    ("supply", "turn", "boats", "flow", "shops", "last_progress", "storms", "pocket", "removed", "bought"),
)
"""The tuples of changed fields most steps give, as the rules give them."""
_GENERATED: Final[dict[tuple[str, ...], _Copy]] = {names: _copy_of(names) for names in _COMMON}
_COPIES_KEPT: Final = 64
_COPIES: Final = _Copies(_GENERATED)


def _drawn(s: ArchipelState, move: Draw) -> dict[str, Any]:
    """A card drawn, for a shop at the setup or for the warehouse, counted as a chance event."""
    if s.flow.phase == "setup":
        last = _LAST_TARGET[0]  # every outcome of a chance node goes to the same shop
        if last[0] is not s:
            hint = _LAST_DEAL[0]
            if hint[0] is s.shops and hint[1] is s.shut and hint[2] == s.board:
                target = setup.next_target(s.board, s.shut, s.shops, hint[3])
            else:
                target = dealing_to(s)
            last = _LAST_TARGET[0] = (s, target)
        changes = setup.dealt(s, move.card, last[1])
        after = changes.get("shops")
        if after is not None:
            _LAST_DEAL[0] = (after, s.shut, s.board, last[1])
    else:
        changes = harbour.restocked(s, move.card)
    changes["chance_count"] = s.chance_count + 1
    return changes


_LAST_TARGET: list[tuple[object, str]] = [((), "")]
"""The state `_drawn` dealt from last (kept: its identity is not reused) and where its cards go."""

_LAST_DEAL: list[tuple[tuple[Tokens, ...], frozenset[str], str, str]] = [((), frozenset(), "", "")]
"""The shops tuple the last deal to a shop made (kept: its identity is not reused), the closed
shops and the board, and the shop dealt to: in a state with that tuple no open shop before it is
short of three, so `setup.next_target` looks from it on, not from the first island."""


def _stayed(s: ArchipelState, move: Stay) -> dict[str, Any]:
    """ARC-2.7: staying in an island's harbour, as `sailing.stay_in_harbour` on a `Work`: the flow
    at `harbour.arrive`, whose automatic steps `apply` runs."""
    return {"flow": MACHINE.goto(s.flow, "harbour.arrive")}


_ARRIVE: Final = "harbour.arrive"
_NEXT: Final = "turn.next"
"""`season.turn_over` reads the boats, markets, closed shops, last progress and options: a step
changing none but the closed shops has it read off the state before the step."""

_CHANGES: Final[dict[type[Move], Callable[[ArchipelState, Any], dict[str, Any]]]] = {
    Draw: _drawn,
    Sail: sailing.sailed,
    EndTurn: season.turn_ended,
    Stay: _stayed,
    Done: harbour.done_changes,
}


_HANDLERS: Final[dict[type[Move], Callable[[Work, Any], None]]] = {
    Catch: catching.catch,
    Expose: catching.expose,
    MultiChoice: catching.multi,
    Feed: catching.feed,
    Refuel: sailing.refuel,
    Throw: catching.throw,
    Give: meetings.give,
    Take: meetings.take,
    Over: season.over,
    Place: harbour.place,
    Calm: harbour.calm,
    Discard: harbour.discard,
}

STEPS: Final[dict[str, Callable[[Work], None]]] = {
    "turn.next": season.next_boat,
    "harbour.arrive": harbour.arrive,
    "harbour.news": harbour.news,
    "harbour.stow": harbour.stow,
    "harbour.supply": harbour.supply,
}
"""One handler per automatic step of the phase table, working on a
[`Work`][tabletop.archipel.flow.Work] (`apply` runs them with `MACHINE.settle`)."""

AUTO: Final = {key: in_place(Work, step) for key, step in STEPS.items()}
"""The same handlers as state-to-state functions, the form the kernel's `advance` runs."""
