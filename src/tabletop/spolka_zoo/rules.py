"""The round structure of Spółka ZOO as a phase table, and the automatic steps.

Read :data:`MACHINE` as the rulebook's round: setup (the boards' order is chance), then five
rounds of an action phase (every seat picks a token secretly, then from the first player
clockwise each token is revealed and resolved, three times, four with two seats) and a
market phase (company decks, division of fruits, events, passing the first-player marker).
The ``effects`` phase is the task interpreter every card effect, refill, deck resolution,
division, event and bot turn runs through; ``resume`` says where the round goes on.

Secret picks are modelled as picks in seat order from the first player, each hidden from the
other seats' views until revealed (ZOO-3.1). Bots never pick: their turns run inside
``apply`` (ZOO-13.3).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any, Final

from tabletop.kernel.phases import Actor, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import actions, bots, decks, interpreter, market, vocabulary
from tabletop.spolka_zoo.cards import FAMILY
from tabletop.spolka_zoo.content import FRUITS, TOKENS
from tabletop.spolka_zoo.moves import Done, Draw, Order, Pick, PlayIntrigue, UseHelper
from tabletop.spolka_zoo.refusals import refusal
from tabletop.spolka_zoo.state import ROUNDS, Seat, Task, Turn, ZooState, evolve

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


def _goto(
    state: ZooState,
    target: str,
    *,
    player: int | None = None,
    round: int | None = None,
    first_player: int | None = None,
    **changes: Any,
) -> ZooState:
    """Move to ``target`` (and make ``changes`` to the state in the same step)."""
    flow = MACHINE.goto(state.flow, target, player=player, round=round, first_player=first_player)
    return evolve(state, flow=flow, **changes)


# Automatic steps ---------------------------------------------------------------------------------


def _deal(state: ZooState) -> ZooState:
    size = state.config.market_size
    tasks = [Task("draw_row", arg=row, index=i) for row in ("influence", "helper") for i in range(size)]
    humans = [i for i, seat in enumerate(state.seats) if not seat.bot]
    if "hidden_goals" in state.config.modules:
        tasks.extend(Task("deal", seat=s, arg="goal") for s in humans)
    if "intrigues" in state.config.modules:
        hand = 5 if len(state.seats) == 2 else 3
        tasks.extend(Task("deal", seat=s, arg="intrigue") for s in humans for _ in range(hand))
    return interpreter.start(state, tuple(tasks), "action.start")


def _humans_from(state: ZooState, after: int | None) -> tuple[int, ...]:
    order = state.order_from_first()
    if after is not None:
        order = order[order.index(after) + 1 :]
    return tuple(s for s in order if not state.seats[s].bot)


def _start(state: ZooState) -> ZooState:
    return _goto(state, "pick", player=_humans_from(state, None)[0], turn=Turn(number=state.turn.number + 1))


def _next(state: ZooState) -> ZooState:
    turn = state.turn
    order = state.order_from_first()
    if turn.position == len(order):
        if turn.number < state.config.tokens_per_round:
            return _goto(state, "start")
        return _goto(state, "market.start")
    seat = order[turn.position]
    turn = Turn(number=turn.number, position=turn.position + 1, seat=seat)
    if state.seats[seat].bot:
        return interpreter.start(state, (Task("bot_turn", seat=seat),), "action.next", turn=turn)
    if state.seats[seat].intrigues:
        return _goto(state, "before", player=seat, turn=turn)
    # Nothing to decide before the reveal: reveal at once (one new state, not two).
    seats, turn = _revealed(state, turn)
    return _goto(state, "act", player=seat, seats=seats, turn=turn)


def _revealed(state: ZooState, turn: Turn) -> tuple[tuple[Seat, ...], Turn]:
    """The seats and turn once the token of ``turn.seat`` is revealed (ZOO-3.2)."""
    index = turn.seat
    seat = state.seats[index]
    token = seat.pick
    action = seat.played[-1] if token == "duplicate" else token
    seats = (*state.seats[:index], evolve(seat, pick="", played=(*seat.played, token)), *state.seats[index + 1 :])
    return seats, evolve(turn, token=token, action=action)


def _reveal(state: ZooState) -> ZooState:
    seats, turn = _revealed(state, state.turn)
    window = state.seats[turn.seat].intrigues and not turn.intrigue
    return _goto(state, "revealed" if window else "act", seats=seats, turn=turn)


def _after(state: ZooState) -> ZooState:
    if state.turn.used and actions.abilities(state):
        return _goto(state, "abilities")
    if actions.can_intrigue(state):
        return _goto(state, "late")
    return _finish(state)


def _finish(state: ZooState) -> ZooState:
    """The token is done; on to the next seat (from ``after`` directly when nothing is left)."""
    turn = state.turn
    return _goto(state, "next", turn=Turn(number=turn.number, position=turn.position))


def _market_start(state: ZooState) -> ZooState:
    tasks = tuple(Task("resolve_deck", company=c) for c in state.board)
    piles = evolve(state.piles, shown=(), shown_round=state.flow.round)
    return interpreter.start(state, tasks, "market.divide", piles=piles)


def _market_divide(state: ZooState) -> ZooState:
    return interpreter.start(state, tuple(Task("divide", company=c) for c in state.board), "market.events")


def _market_events(state: ZooState) -> ZooState:
    if "events" in state.config.modules:
        return interpreter.start(state, (Task("event"),), "market.end")
    return _goto(state, "end")


def _market_end(state: ZooState) -> ZooState:
    if state.flow.round >= ROUNDS:
        return _goto(state, "end.score")
    seats = tuple(evolve(seat, played=()) for seat in state.seats)
    piles = state.piles
    if piles.bot_discard:
        piles = evolve(
            piles,
            bot_deck=piles.bot_deck.shuffle_in(piles.bot_discard.elements()),
            bot_discard=type(piles.bot_discard)(),
        )
    first = (state.flow.first_player + 1) % len(seats)
    round_ = state.flow.round + 1
    return _goto(state, "action.start", round=round_, first_player=first, seats=seats, piles=piles, turn=Turn())


def _score(state: ZooState) -> ZooState:
    return _goto(evolve(state, finished=True), "over")


ZooState.AUTO = {
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


# Decisions -----------------------------------------------------------------------------------------


def _picks(state: ZooState) -> tuple[Move, ...]:
    played = state.seats[state.flow.player].played
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


@functools.lru_cache(maxsize=4096)
def _draws(cards: Tokens) -> tuple[tuple[Move, float], ...]:
    """One outcome per card id, with probability count / total (one ``Draw`` object per id)."""
    total = cards.total
    return tuple([(_DRAWS[card], n / total) for card, n in cards.as_dict().items()])


def _pick(state: ZooState, move: Pick) -> ZooState:
    seat_index = state.flow.player
    seat = evolve(state.seats[seat_index], pick=move.token)
    seats = (*state.seats[:seat_index], seat, *state.seats[seat_index + 1 :])
    rest = _humans_from(state, seat_index)
    return _goto(state, "pick", player=rest[0], seats=seats) if rest else _goto(state, "next", seats=seats)


_WINDOW_NEXT: Final = {
    "before": "action.reveal",
    "revealed": "action.act",
    "abilities": "action.after",
    "late": "action.finish",
}


def apply_move(state: ZooState, move: Move) -> ZooState:
    """Apply a legal move."""
    step = state.flow.key
    if step == "setup.board":
        assert isinstance(move, Order)
        return _goto(state, "deal", board=move.companies, chance_count=state.chance_count + 1)
    if step == "effects.draw":
        assert isinstance(move, Draw)
        return interpreter.apply_draw(state, move.card)
    if step == "effects.choose":
        return interpreter.apply_choice(state, move)
    if step == "action.pick":
        assert isinstance(move, Pick)
        return _pick(state, move)
    if step == "action.act":
        return actions.act(state, move)
    if isinstance(move, PlayIntrigue):
        return actions.play_intrigue(state, move.card, _WINDOW_NEXT[state.flow.step])
    if isinstance(move, UseHelper):
        return actions.use_helper(state, move.card)
    assert isinstance(move, Done)
    if step == "action.abilities":  # the intrigue was offered beside the abilities: the token is done
        return _goto(state, "finish")
    return _goto(state, _WINDOW_NEXT[state.flow.step].split(".")[1])
