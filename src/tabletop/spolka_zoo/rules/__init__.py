"""The round structure of Spółka ZOO as a phase table, and the automatic steps.

Read `MACHINE` as the rulebook's round: setup (the boards' order is chance), then five
rounds of an action phase (every seat picks a token secretly, then from the first player
clockwise each token is revealed and resolved, three times, four with two seats) and a
market phase (company decks, division of fruits, events, passing the first-player marker).
The `effects` phase is the task interpreter every card effect, refill, deck resolution,
division, event and bot turn runs through; `resume` says where the round goes on.

Secret picks are modelled as picks in seat order from the first player, each hidden from the
other seats' views until revealed (ZOO-3.1). Bots never pick: their turns run inside
`apply` (ZOO-13.3).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Final

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import GameDefinitionError, IllegalMove
from tabletop.kernel.phases import MAX_AUTO_STEPS, Actor, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import actions, bots, decks, interpreter, market, vocabulary
from tabletop.spolka_zoo.cards import FAMILY
from tabletop.spolka_zoo.content import FRUITS, TOKENS
from tabletop.spolka_zoo.decks import shuffled_into
from tabletop.spolka_zoo.moves import Done, Draw, Order, Pick, PlayIntrigue, UseHelper
from tabletop.spolka_zoo.refusals import refusal
from tabletop.spolka_zoo.state import ROUNDS, Draft, Position, Task, Turn, ZooState, evolve

__all__ = ["MACHINE", "apply_move", "chance_outcomes", "player_moves", "refusal"]

assert bots and decks and market and vocabulary  # their operations register on import

_WORK_RESUMES: Final = (
    "action.start",
    "action.next",
    "action.reveal",
    "action.act",
    "action.after",
    "action.finish",
    "market.divide",
    "market.events",
    "market.end",
)
_INTRIGUE: Final = frozenset({"intrigue", "done"})

MACHINE: Final = PhaseMachine(
    "spolka_zoo",
    (
        Phase(
            "setup",
            (
                Step("board", Actor.CHANCE, frozenset({"order"}), ("deal",), "ZOO-1.1: company boards in random order"),
                Step("deal", Actor.AUTO, then=("effects.work",), doc="ZOO-1.4, 1.5, 12.5, 12.7: rows and cards dealt"),
            ),
        ),
        Phase(
            "action",
            (
                Step("start", Actor.AUTO, then=("pick",), doc="ZOO-3.1: a new token of the round"),
                Step("pick", Actor.PLAYER, frozenset({"pick"}), ("pick", "next"), "ZOO-3.1: secret token choice"),
                Step("next", Actor.AUTO, then=("before", "reveal", "act", "start", "market.start", "effects.work")),
                Step("before", Actor.PLAYER, _INTRIGUE, ("reveal", "effects.work"), "ZOO-12.8: before the reveal"),
                Step("reveal", Actor.AUTO, then=("revealed", "act"), doc="ZOO-3.2: the token is revealed"),
                Step("revealed", Actor.PLAYER, _INTRIGUE, ("act", "effects.work"), "ZOO-12.8: before resolving"),
                Step(
                    "act",
                    Actor.PLAYER,
                    frozenset({"trade", "hire", "lobby", "speculate", "done"}),
                    ("act", "after", "effects.work"),
                    "ZOO-4: the token's action (or declining it, ZOO-3.4)",
                ),
                Step("after", Actor.AUTO, then=("abilities", "late", "finish", "next")),
                Step(
                    "abilities",
                    Actor.PLAYER,
                    frozenset({"ability", "intrigue", "done"}),
                    ("finish", "effects.work"),
                    "ZOO-5.1, ZOO-12.8: helper abilities after the token, an intrigue among them",
                ),
                Step("late", Actor.PLAYER, _INTRIGUE, ("finish", "effects.work"), "ZOO-12.8: after resolving"),
                Step("finish", Actor.AUTO, then=("next",)),
            ),
        ),
        Phase(
            "effects",
            (
                Step("work", Actor.AUTO, then=("draw", "choose", *_WORK_RESUMES), doc="the task interpreter"),
                Step("draw", Actor.CHANCE, frozenset({"draw"}), ("work",), "a card from an unknown order"),
                Step("choose", Actor.PLAYER, frozenset({"choose", "arrange"}), ("work",), "a decision in an effect"),
            ),
        ),
        Phase(
            "market",
            (
                Step("start", Actor.AUTO, then=("effects.work",), doc="ZOO-7: resolve the company decks"),
                Step("divide", Actor.AUTO, then=("effects.work",), doc="ZOO-8: divide the fruits"),
                Step("events", Actor.AUTO, then=("effects.work", "end"), doc="ZOO-12.2: two events"),
                Step("end", Actor.AUTO, then=("action.start", "end.score"), doc="ZOO-9: first player, tokens back"),
            ),
        ),
        Phase(
            "end",
            (
                Step("score", Actor.AUTO, then=("over",), doc="ZOO-10: final scoring"),
                Step("over", Actor.END),
            ),
        ),
    ),
    start="setup.board",
)
ZooState.MACHINE = MACHINE

_BOARDS: Final = tuple(Order(p) for p in itertools.permutations(FRUITS))


# Automatic steps ---------------------------------------------------------------------------------
#
# The automatic steps run on the step's draft (see ``apply_move``): each changes it in place.


def _deal(draft: Draft) -> None:
    size = draft.config.market_size
    tasks = [Task("draw_row", arg=row, index=i) for row in ("influence", "helper") for i in range(size)]
    humans = [i for i, seat in enumerate(draft.seats) if not seat.bot]
    if "hidden_goals" in draft.config.modules:
        tasks.extend(Task("deal", seat=s, arg="goal") for s in humans)
    if "intrigues" in draft.config.modules:
        hand = 5 if len(draft.seats) == 2 else 3
        tasks.extend(Task("deal", seat=s, arg="intrigue") for s in humans for _ in range(hand))
    interpreter.start(draft, tuple(tasks), "action.start")


def _humans_from(state: Position, after: int | None) -> tuple[int, ...]:
    order = state.order_from_first()
    if after is not None:
        order = order[order.index(after) + 1 :]
    return tuple(s for s in order if not state.seats[s].bot)


def _start(draft: Draft) -> None:
    draft.turn = Turn(number=draft.turn.number + 1)
    draft.goto("pick", player=_humans_from(draft, None)[0])


def _next(draft: Draft) -> None:
    turn = draft.turn
    order = draft.order_from_first()
    if turn.position == len(order):
        draft.goto("start" if turn.number < draft.config.tokens_per_round else "market.start")
        return
    seat = order[turn.position]
    draft.turn = Turn(number=turn.number, position=turn.position + 1, seat=seat)
    if draft.seats[seat].bot:
        interpreter.start(draft, (interpreter.shared_task("bot_turn", seat=seat),), "action.next")
    elif draft.seats[seat].intrigues:
        draft.goto("before", player=seat)
    else:  # nothing to decide before the reveal: reveal at once
        _revealed(draft)
        draft.goto("act", player=seat)


def _revealed(draft: Draft) -> None:
    """The token of `turn.seat` is revealed (ZOO-3.2)."""
    index = draft.turn.seat
    seat = draft.seats[index]
    token = seat.pick
    action = seat.played[-1] if token == "duplicate" else token
    draft.set_seat(index, evolve(seat, pick="", played=(*seat.played, token)))
    draft.turn = evolve(draft.turn, token=token, action=action)


def _reveal(draft: Draft) -> None:
    _revealed(draft)
    window = draft.seats[draft.turn.seat].intrigues and not draft.turn.intrigue
    draft.goto("revealed" if window else "act")


def _after(draft: Draft) -> None:
    if draft.turn.used and actions.abilities(draft):
        draft.goto("abilities")
    elif actions.can_intrigue(draft):
        draft.goto("late")
    else:
        _finish(draft)


def _finish(draft: Draft) -> None:
    """The token is done; on to the next seat (from `after` directly when nothing is left)."""
    turn = draft.turn
    draft.turn = Turn(number=turn.number, position=turn.position)
    draft.goto("next")


def _market_start(draft: Draft) -> None:
    draft.piles = evolve(draft.piles, shown=(), shown_round=draft.flow.round)
    interpreter.start(draft, tuple(Task("resolve_deck", company=c) for c in draft.board), "market.divide")


def _market_divide(draft: Draft) -> None:
    interpreter.start(draft, tuple(Task("divide", company=c) for c in draft.board), "market.events")


def _market_events(draft: Draft) -> None:
    if "events" in draft.config.modules:
        interpreter.start(draft, (Task("event"),), "market.end")
    else:
        draft.goto("end")


def _market_end(draft: Draft) -> None:
    if draft.flow.round >= ROUNDS:
        draft.goto("end.score")
        return
    draft.seats = tuple(evolve(seat, played=()) for seat in draft.seats)
    piles = draft.piles
    if piles.bot_discard:
        draft.piles = evolve(
            piles,
            bot_deck=shuffled_into(piles.bot_deck, piles.bot_discard.elements()),
            bot_discard=type(piles.bot_discard)(),
        )
    draft.turn = Turn()
    first = (draft.flow.first_player + 1) % len(draft.seats)
    draft.goto("action.start", round=draft.flow.round + 1, first_player=first)


def _score(draft: Draft) -> None:
    draft.finished = True
    draft.goto("over")


_AUTO: Final[dict[str, Callable[[Draft], None]]] = {
    "setup.deal": _deal,
    "action.start": _start,
    "action.next": _next,
    "action.reveal": _reveal,
    "action.after": _after,
    "action.finish": _finish,
    "effects.work": interpreter.work,
    "market.start": _market_start,
    "market.divide": _market_divide,
    "market.events": _market_events,
    "market.end": _market_end,
    "end.score": _score,
}


def _settle(draft: Draft) -> None:
    """Run automatic steps on `draft` until a decision, a chance node or the end (what the
    kernel's `MACHINE.advance` does state by state, here on one draft)."""
    for _ in range(MAX_AUTO_STEPS):
        handler = _AUTO.get(draft.flow.key)  # exactly the automatic steps have one (checked by Game)
        if handler is None:
            return
        handler(draft)
    msg = f"spolka_zoo: more than {MAX_AUTO_STEPS} automatic steps in a row: an endless loop"
    raise GameDefinitionError(msg)


def _auto(state: ZooState) -> ZooState:
    """The kernel's handler of every automatic step: `apply_move` settles its draft itself,
    so the kernel meets an automatic step only in a state made elsewhere (a loaded one)."""
    draft = Draft(state)
    _settle(draft)
    return draft.freeze()


ZooState.AUTO = dict.fromkeys(_AUTO, _auto)


# Decisions -----------------------------------------------------------------------------------------


def _picks(state: ZooState) -> tuple[Move, ...]:
    return _picks_after(state.seats[state.flow.player].played)


@functools.cache
def _picks_after(played: tuple[str, ...]) -> tuple[Move, ...]:
    """The tokens a seat may pick after playing `played` this round (built once each)."""
    return tuple(Pick(t) for t in TOKENS if t not in played and (t != "duplicate" or played))


_MOVES: Final[dict[str, Callable[[ZooState], tuple[Move, ...]]]] = {
    "action.pick": _picks,
    "action.before": actions.intrigue_moves,
    "action.revealed": actions.intrigue_moves,
    "action.act": actions.action_moves,
    "action.abilities": actions.ability_moves,
    "action.late": actions.intrigue_moves,
    "effects.choose": interpreter.options,
}


def player_moves(state: ZooState) -> tuple[Move, ...]:
    """The legal moves of the current player (see each step for the order)."""
    return _MOVES[state.flow.key](state)


def chance_outcomes(state: ZooState) -> tuple[tuple[Move, float], ...]:
    """The outcomes of the current chance node (the same move objects every time: a move
    picked from them is found among the legal moves by identity). The kernel caches them
    on the state."""
    if state.flow.key == "setup.board":
        return tuple((board, 1 / len(_BOARDS)) for board in _BOARDS)
    return _draws(interpreter.outcomes(state))


_DRAWS: Final = {card: Draw(card) for card in FAMILY}


def _draws(cards: Tokens) -> tuple[tuple[Move, float], ...]:
    """One outcome per card id, with probability count / total (one `Draw` object per id).

    Not cached: a deck's unknown part is new after every draw, and looking it up (hashing and
    comparing the multiset) cost three times as much as listing the outcomes.
    """
    if HIDDEN in cards:
        msg = "a view cannot list the outcomes of drawing cards it does not know: ask the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-6.4")
    total = cards.total
    return tuple([(_DRAWS[card], n / total) for card, n in cards.as_dict().items()])


def _pick(draft: Draft, move: Pick) -> None:
    seat_index = draft.flow.player
    draft.set_seat(seat_index, evolve(draft.seats[seat_index], pick=move.token))
    rest = _humans_from(draft, seat_index)
    if rest:
        draft.goto("pick", player=rest[0])
    else:
        draft.goto("next")


_WINDOW_NEXT: Final = {
    "before": "action.reveal",
    "revealed": "action.act",
    "abilities": "action.after",
    "late": "action.finish",
}


def apply_move(state: ZooState, move: Move) -> ZooState:
    """Apply a legal move, then the automatic steps that follow, on one draft: the new state
    is built once (the kernel's `advance` then finds nothing left to run)."""
    draft = Draft(state)
    _apply(draft, move)
    _settle(draft)
    return draft.freeze()


def _apply(draft: Draft, move: Move) -> None:
    step = draft.flow.key
    if step == "setup.board":
        assert isinstance(move, Order)
        draft.board = move.companies
        draft.chance_count += 1
        draft.goto("deal")
    elif step == "effects.draw":
        assert isinstance(move, Draw)
        interpreter.apply_draw(draft, move.card)
    elif step == "effects.choose":
        interpreter.apply_choice(draft, move)
    elif step == "action.pick":
        assert isinstance(move, Pick)
        _pick(draft, move)
    elif step == "action.act":
        actions.act(draft, move)
    elif isinstance(move, PlayIntrigue):
        actions.play_intrigue(draft, move.card, _WINDOW_NEXT[draft.flow.step])
    elif isinstance(move, UseHelper):
        actions.use_helper(draft, move.card)
    else:
        assert isinstance(move, Done)
        if step == "action.abilities":  # the intrigue was offered beside the abilities: the token is done
            draft.goto("finish")
        else:
            draft.goto(_WINDOW_NEXT[draft.flow.step].split(".")[1])
