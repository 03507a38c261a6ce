"""The rules of Spółka ZOO, one module per rulebook section, and their dispatch.

* [`setup`][tabletop.spolka_zoo.rules.setup]: setting up, the options (ZOO-1, ZOO-12.1, ZOO-13.1);
* [`actions`][tabletop.spolka_zoo.rules.actions]: the action phase, the tokens, helper
  abilities and intrigues (ZOO-3 to ZOO-5, ZOO-12.8);
* [`effects`][tabletop.spolka_zoo.rules.effects]: card effects and the decisions inside them (ZOO-6);
* [`decks`][tabletop.spolka_zoo.rules.decks]: dealing, refilling, looking at and moving cards;
* [`market`][tabletop.spolka_zoo.rules.market]: the market phase and the end (ZOO-7 to ZOO-10, ZOO-12.2);
* [`bots`][tabletop.spolka_zoo.rules.bots]: bot turns (ZOO-13);
* [`economy`][tabletop.spolka_zoo.rules.economy]: money, fruit, shares and prices;
* [`work`][tabletop.spolka_zoo.rules.work]: pushing, finishing and waiting on pending work.
* [`siblings`][tabletop.spolka_zoo.rules.siblings]: the children of a node whose moves only put
  cards somewhere, built from one of them (a search's branching).

Here: `OPS`, the explicit table of every operation pending work is made of; `STEPS`, the
handler of every automatic step of [`MACHINE`][tabletop.spolka_zoo.flow.MACHINE] working on a
step's [`Draft`][tabletop.spolka_zoo.state.Draft], and `AUTO`, the same handlers state to
state (what the kernel runs for a state saved at an automatic step); and the hooks
`apply`, `player_moves`, `chance_outcomes` and `chance_node` the game's `__init__` binds to
the state.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any, Final

from tabletop.kernel.builder import in_place
from tabletop.kernel.chance import ChanceNode, Source, chance_uniform
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.pending import Operations
from tabletop.kernel.phases import MAX_AUTO_STEPS, Actor
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FAMILY, FRUITS
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.moves import Arrange, Draw, Order, Pick
from tabletop.spolka_zoo.rules import actions, bots, decks, effects, market, setup, siblings
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Position, Task, ZooState, draft_of
from tabletop.spolka_zoo.state.makeup import makeups

__all__ = [
    "AUTO",
    "OPS",
    "STEPS",
    "apply",
    "chance_node",
    "chance_outcomes",
    "later",
    "player_moves",
    "sample_chance",
    "settle",
    "task_options",
]

OPS: Final = Operations("spolka_zoo", (*effects.OPERATIONS, *decks.OPERATIONS, *market.OPERATIONS, *bots.OPERATIONS))
"""Every operation of the pending work, by name (`OPS.table()` is in `docs/spolka_zoo/index.md`)."""
_RUN: Final = {name: op.run for name, op in OPS.items()}
_OUTCOMES: Final = {name: op.outcomes for name, op in OPS.items() if op.outcomes is not None}
_DRAWN: Final = {name: op.drawn for name, op in OPS.items() if op.drawn is not None}
_OPTIONS: Final = {name: op.options for name, op in OPS.items() if op.options is not None}
_CHOSEN: Final = {name: op.chosen for name, op in OPS.items() if op.chosen is not None}
"""The operations' hooks by name, as plain dicts (read at every task, chance node and decision)."""


def _work(draft: Draft) -> None:
    """`effects.work`: run the tasks on top of the pending work until one waits (for chance or
    a decision: the flow leaves the step); when none is left, go on at
    the step that started the work (with the seat resolving its token, ZOO-3.2, to move:
    a decision inside the work may have moved the flow's player)."""
    queue = draft.queue
    while queue:  # tasks that finish at once run here; one that waits leaves the step
        task = queue[0]
        _RUN[task.op](draft, task)
        if draft.flow.step != "work":
            return
        queue = draft.queue
    seat = draft.turn.seat
    draft.goto(draft.resume, seat if seat >= 0 else None)
    draft.resume = ""


STEPS: Final[dict[str, Callable[[Draft], None]]] = {
    "setup.deal": setup.deal,
    **actions.STEPS,
    "effects.work": _work,
    **market.STEPS,
}
"""The handler of every automatic step, working in place on the step's draft."""
AUTO: Final = {key: in_place(Draft, step) for key, step in STEPS.items()}
"""The same handlers, state to state (what the kernel's `advance` runs)."""
_HANDLERS: Final = {
    phase.name: {s.name: STEPS[f"{phase.name}.{s.name}"] if s.actor is Actor.AUTO else None for s in phase.steps}
    for phase in MACHINE.phases
}
"""`STEPS` by phase, then step (`None` for a step that is not automatic)."""
_BY_KEY: Final = {f"{p}.{s}": h for p, steps in _HANDLERS.items() for s, h in steps.items()}
"""`_HANDLERS` by the flow's `key` (`"phase.step"`, kept on the flow): one lookup per automatic step."""
_AUTO_STEPS: Final = range(MAX_AUTO_STEPS)
"""The bound on automatic steps in a row, made once (no `range` call per step)."""


def settle(draft: Draft) -> None:
    """The kernel's `MACHINE.settle(draft, STEPS)`: run the automatic steps on `draft` until a
    decision, a chance node or the end, each handler found in `_BY_KEY`.

    Raises:
        GameDefinitionError: If automatic steps loop more than `MAX_AUTO_STEPS` times (the
            kernel's `settle` goes on and raises it).
    """
    handlers = _BY_KEY
    for _ in range(MAX_AUTO_STEPS):
        handler = handlers[draft.flow.key]
        if handler is None:
            return
        handler(draft)
    MACHINE.settle(draft, STEPS)


# Decisions ---------------------------------------------------------------------------------------


def task_options(state: Position) -> tuple[Move, ...]:
    """`effects.choose`: the moves of the seat deciding for the top task."""
    task = state.queue[0]
    return _OPTIONS[task.op](state, task)


_MOVES: Final[dict[str, Callable[[ZooState], tuple[Move, ...]]]] = {
    "action.pick": actions.pick_moves,
    "action.before": actions.intrigue_moves,
    "action.revealed": actions.intrigue_moves,
    "action.act": actions.action_moves,
    "action.abilities": actions.ability_moves,
    "action.late": actions.intrigue_moves,
    "effects.choose": task_options,
}
_MOVES_BY_STEP: Final = {key.partition(".")[2]: moves for key, moves in _MOVES.items()}
"""`_MOVES` by step name alone (every player step's name is unique in the phase table), so
that no `flow.key` text is built per decision."""
assert len(_MOVES_BY_STEP) == len(_MOVES)


def player_moves(state: ZooState) -> tuple[Move, ...]:
    """The legal moves of the current player (see each step for the order)."""
    return _MOVES_BY_STEP[state.flow.step](state)


# Chance ------------------------------------------------------------------------------------------

_BOARDS: Final = tuple(Order(p) for p in itertools.permutations(FRUITS))
_BOARD_OUTCOMES: Final = tuple((board, 1 / len(_BOARDS)) for board in _BOARDS)
_DRAWS: Final = {card: Draw(card) for card in FAMILY}


def _drawn_from(state: Position) -> Tokens:
    """The cards the top task draws from: its operation's `outcomes`, the two most frequent (a bot's card, a
    company card revealed: `bots._turn_outcomes`, `market._resolve_outcomes`) read in line, without their call."""
    task = state.queue[0]
    op = task.op
    if op == "bot_turn":
        return state.piles.bot_deck.middle
    if op == "resolve_deck":
        return state.decks[FRUIT_INDEX[task.company]].middle
    cards: Tokens = _OUTCOMES[op](state, task)
    return cards


def chance_outcomes(state: ZooState) -> tuple[tuple[Move, float], ...]:
    """The outcomes of the current chance node (the same move objects every time: a move
    picked from them is found among the legal moves by identity). The kernel caches them
    on the state.

    A card drawn: one outcome per card id of the deck's unknown part, with probability
    count / total (one `Draw` object per id): the kernel's
    [`Bag.outcomes`][tabletop.kernel.bag.Bag.outcomes] of the unknown cards, as Conservas' and
    Archipel's draws are. Not cached: a deck's unknown part is new after every draw, and
    looking it up (hashing and comparing the multiset) cost three times as much as listing
    the outcomes.

    Raises:
        IllegalMove: In a view, when the unknown cards are hidden from it.
    """
    if state.flow.step == "board":  # setup.board: the only step of that name
        return _BOARD_OUTCOMES
    cards = _drawn_from(state)
    total = cards.total
    draws = _DRAWS
    try:
        return tuple([(draws[card], n / total) for card, n in cards.items()])
    except KeyError:  # no Draw for a hidden card
        if HIDDEN not in cards:
            raise
    msg = "a view cannot list the outcomes of drawing cards it does not know: ask the full state"
    raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-6.4")


def sample_chance(state: ZooState, rng: random.Random | None) -> Move | None:
    """The kernel's [`sample_chance`][tabletop.kernel.chance.sample_chance] of a card drawn,
    without listing the outcomes: the same number
    ([`chance_uniform`][tabletop.kernel.chance.chance_uniform]) walked through the same
    probabilities (count / total, in the deck's order) picks the same card (which the kernel
    keeps in [`SAMPLED`][tabletop.kernel.chance.SAMPLED], so that `apply` knows it legal).
    `None` (nothing drawn) for the boards' order, a step that is not a draw, and a view's hidden
    cards: the kernel lists the outcomes then (and raises what it raises)."""
    if state.flow.step != "draw":  # effects.draw: the only step of that name
        return None
    task = state.queue[0]  # `_drawn_from(state)` in line: a call less per chance step
    op = task.op
    if op == "bot_turn":
        cards = state.piles.bot_deck.middle
    elif op == "resolve_deck":
        cards = state.decks[FRUIT_INDEX[task.company]].middle
    else:
        cards = _OUTCOMES[op](state, task)
    total = cards.total
    counts = cards._counts  # the multiset's own dict, read without a call of its methods
    if not total or HIDDEN in counts:
        return None
    u = rng.random() if rng is not None else chance_uniform(state, None)  # chance_uniform's draw, in line
    if u >= 0.5 and total <= _EXACT_TOTAL:  # the upper half: walked from the last card (half the steps)
        x = u * total
        if _MARGIN < x % 1.0 < _MARGIN_BELOW_1:  # far from every whole count: the same card as the float sums
            high = total
            for card in counts.__reversed__():  # the keys last first (a method call: no `reversed` type call)
                high -= counts[card]
                if x >= high:
                    return _DRAWS[card]
    acc = 0.0
    for card, n in counts.items():
        acc += n / total
        if u < acc:
            return _DRAWS[card]
    return _DRAWS[card]  # rounding left the last card's share above the sum: the last card, as the kernel picks


_EXACT_TOTAL: Final = 4096
_MARGIN: Final = 1e-6
_MARGIN_BELOW_1: Final = 1.0 - _MARGIN
"""`sample_chance`'s walk from the last card, by whole counts: card k is picked when `x = u * total` lies
in [S(k-1), S(k)), S the running counts, where the kernel picks it when `u` lies below the float sum of the
shares count/total up to card k and not below the one before. Each card added to those sums rounds by at
most 2**-52, so the k-th sum times `total` lies within total * k * 2**-52 <= 4e-9 of S(k) (for a deck of at
most `_EXACT_TOTAL` cards; a few dozen in any deck of the game), and `x` within total * 2**-53 of the exact
product: the two agree whenever `x` lies further than `_MARGIN` from every whole number (every S(k) is
one, 0 and `total` too). Nearer one, the kernel's walk is done as it does it."""


# What each chance node draws -------------------------------------------------------------------

_ROW_DECKS: Final = {"influence": "influence", "helper": "helper_deck"}
_SETUP_ROWS: Final = {"influence": "ZOO-1.4", "helper": "ZOO-1.5"}
_REFILLS: Final = {"influence": "ZOO-4.11", "helper": "ZOO-4.10"}
_BOXES: Final = {"goal": ("goal_box", "goal", "ZOO-12.5"), "intrigue": ("intrigue_box", "intrigues", "ZOO-12.7")}


def _row_node(state: Position, task: Task) -> ChanceNode:
    setup = state.turn.number == 0  # only the setup deals before the first token of round 1
    rule = (_SETUP_ROWS if setup else _REFILLS)[task.arg]
    return ChanceNode(Source.DECK, _ROW_DECKS[task.arg], f"{task.arg}_row[{task.index}]", rule)


def _deal_node(state: Position, task: Task) -> ChanceNode:
    pile, place, rule = _BOXES[task.arg]
    return ChanceNode(Source.DECK, pile, place, rule, recipient=task.seat)


def _look_node(state: Position, task: Task) -> ChanceNode:
    rule = "ZOO-4.12" if task.arg == "bottom" else "ZOO-6.4"
    return ChanceNode(Source.DECK, task.company, "looked at", rule, recipient=task.seat)


_NODES: Final[dict[str, Callable[[Position, Task], ChanceNode]]] = {
    "draw_row": _row_node,
    "deal": _deal_node,
    "look": _look_node,
    "move_card": lambda state, task: ChanceNode(Source.DECK, task.company, f"{task.arg} deck", "ZOO-11.3"),
    "resolve_deck": lambda state, task: ChanceNode(Source.DECK, task.company, "revealed", "ZOO-7.2"),
    "bot_turn": lambda state, task: ChanceNode(Source.DECK, "bot_deck", "revealed", "ZOO-13.3", task.seat),
    "lobby_top": lambda state, task: ChanceNode(Source.DECK, "influence", f"{task.company} deck", "ZOO-4.11"),
    "event": lambda state, task: ChanceNode(Source.DECK, "event_deck", "revealed", "ZOO-12.2"),
}


def chance_node(state: ZooState) -> ChanceNode:
    """What the current chance node draws: the company boards' order at setup, else a card
    from the unknown part of a deck, named as [`Position.pile`][tabletop.spolka_zoo.state.Position.pile]
    reads it (a company for its deck, or a field of `state.piles`: `influence`,
    `helper_deck`, `bot_deck`, `event_deck`, `goal_box`, `intrigue_box`), where the card
    goes (`influence_row[2]`, a seat's `goal` or `intrigues`, `revealed`, `looked at` by the
    recipient, `lemon deck`) and the rule that draws it."""
    if state.flow.key == "setup.board":
        return ChanceNode(Source.ORDER, "boards", "board", "ZOO-1.1")
    task = state.queue[0]
    return _NODES[task.op](state, task)


# Applying a move ---------------------------------------------------------------------------------

_SIBLING_DRAWS: Final = siblings.DRAWS
_SIBLING_FIELDS: Final = siblings.WRITES


def apply(state: ZooState, move: Move) -> ZooState:
    """Apply a legal move, then the automatic steps that follow (`settle`, written in line), on
    one draft: the new state is built once (the kernel's `advance` then finds nothing left to run)."""
    draft = draft_of(state)
    if not state.deck_makeup:  # a state saved before the makeup was recorded
        draft.deck_makeup = makeups(state)
    flow = state.flow
    if flow.step == "draw":  # most steps: a chance outcome (`_drawn(draft, move)`, inlined)
        assert isinstance(move, Draw)
        # Back to work and the chance event counted first: what `finish` does on the outcome that
        # ends its task, or `_back_to_work` after one that leaves it waiting (no outcome's code
        # reads the step or the count), so neither is asked after. `draft.to_work()` in line:
        # the machine's answer read from its memory on the flow, asked of it the first time.
        memo = flow._next
        try:  # a subscript, not a `dict.get` call: the answer is there but the first time
            worked = memo[1]["effects.work"] if memo is not None and memo[0] is MACHINE else None
        except KeyError:
            worked = None
        draft.flow = worked if worked is not None else MACHINE.goto(flow, "effects.work")
        draft.chance_count += 1
        task = draft.queue[0]
        _DRAWN[task.op](draft, task, move.card)
        if draft.flow is worked:  # still at work (nearly every outcome): its handler, not looked up
            _work(draft)
    else:
        apply_in_place(draft, move)
    handlers = _BY_KEY
    for _ in _AUTO_STEPS:  # `settle(draft)` in line: one call less per step
        handler = handlers[draft.flow.key]
        if handler is None:  # `draft.finish()` in line: its caches were cleared as it was made (`draft_of`)
            draft.__class__ = ZooState  # type: ignore[assignment]  # the draft's own slots: it is the new state
            return draft  # type: ignore[return-value]
        handler(draft)
    MACHINE.settle(draft, STEPS)  # goes on, and raises if the automatic steps loop (as `settle`)
    return draft.finish()


def later(state: ZooState, move: Move) -> ZooState:
    """`apply` of a move of a node a search is applying every move of (the state's `apply` tells:
    [`bind_later`][tabletop.spolka_zoo.state.bind_later]): one that only puts cards somewhere goes
    to `_cards_placed`, any other to `apply`."""
    step = state.flow.step
    if step == "draw":
        task = state.queue[0]
        if task.op in _SIBLING_DRAWS:  # a card drawn for a lobby, a move or a look
            return _cards_placed(state, task, _DRAWN[task.op], move.card, "")  # type: ignore[attr-defined]
    elif step == "choose" and type(move) is Arrange:  # looked-at cards put back
        return _cards_placed(state, state.queue[0], _CHOSEN["look"], move, (move.to, not move.moved))
    return apply(state, move)


def _cards_placed(
    state: ZooState, task: Task, step: Callable[[Draft, Task, Any], None], move: object, kind: object
) -> ZooState:
    """`apply` of a later move of a node of [`siblings.WRITES`][tabletop.spolka_zoo.rules.siblings]
    (a card drawn for a lobby, a move or a look, or looked-at cards put back, `kind` telling which),
    `step` its operation's hook: built from the child of its kind `siblings` kept, or else built
    here and kept (`siblings.remember`: unless the steps after its move wrote again what it wrote).
    A playout's sampled outcome never comes here."""
    node, kept = siblings.memory  # one read of the pair: a node's children are never another's
    if node is state:
        first = kept.get(kind)
        if first is not None:
            return siblings.sibling(state, first, step, task, move)
        keep = kind not in kept and bool(state.deck_makeup)  # a kind found not kept is not asked again
    else:
        keep = bool(state.deck_makeup)  # a state saved before the makeup was recorded: none kept
    draft = draft_of(state)
    if not state.deck_makeup:  # a state saved before the makeup was recorded
        draft.deck_makeup = makeups(state)
    draft.to_work()
    if type(move) is str:  # a card drawn: the chance event counted (as `apply` counts it)
        draft.chance_count += 1
    at = draft.flow
    step(draft, task, move)
    written = (draft.decks, draft.deck_makeup, draft.piles)
    child = _settled(draft)
    if keep:
        siblings.remember(state, child, at, _SIBLING_FIELDS[task.op], kind, written)
    return child


def _settled(draft: Draft) -> ZooState:
    """`settle(draft)`, then the new state: `draft` itself, made a `ZooState` (as `apply` finishes)."""
    handlers = _BY_KEY
    for _ in _AUTO_STEPS:
        handler = handlers[draft.flow.key]
        if handler is None:
            draft.__class__ = ZooState  # type: ignore[assignment]  # the draft's own slots: it is the new state
            return draft  # type: ignore[return-value]
        handler(draft)
    MACHINE.settle(draft, STEPS)
    return draft.finish()


def apply_in_place(draft: Draft, move: Move) -> None:
    """Apply a legal move to `draft`, without the automatic steps that follow."""
    step = draft.flow.step  # every step named here has a name unique in the phase table
    if step == "draw":
        _drawn(draft, move)
    elif step == "board":
        assert isinstance(move, Order)
        draft.board = move.companies
        draft.chance_count += 1
        draft.goto("deal")
    elif step == "choose":
        task = draft.queue[0]
        chosen = _CHOSEN[task.op]
        draft.to_work()
        chosen(draft, task, move)
    elif step == "pick":
        assert isinstance(move, Pick)
        actions.pick(draft, move)
    elif step == "act":
        actions.act(draft, move)
    else:
        actions.close_window(draft, move)


def _drawn(draft: Draft, move: Move) -> None:
    """Apply a chance outcome to the top task and go back to work, counting the chance event
    in the same new state (see `ZooState._counted`)."""
    assert isinstance(move, Draw)
    task = draft.queue[0]
    _DRAWN[task.op](draft, task, move.card)
    _back_to_work(draft)


def _back_to_work(draft: Draft) -> None:
    """A chance outcome that left its task waiting at the draw: back to work, the chance event
    counted (a task that finished on it counted it in `work.finish`)."""
    if draft.flow.step == "draw":
        draft.to_work()
        draft.chance_count += 1
