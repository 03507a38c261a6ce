"""Events for frontends: what a step did, with the secret parts shown only to who may see them.

Every step reports the move (a secret pick or a look is shown in full to its seat and as a
redacted event to everybody else), the company cards revealed without a chance step, then the
public changes it caused: coins, fruit pools, shares, helpers, prices, company boards.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.chance import CHANCE
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move
from tabletop.spolka_zoo.cards import NAMES
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.moves import Arrange, Draw, Order, Pick
from tabletop.spolka_zoo.state import ZooState

__all__ = ["events"]

_NOBODY: Final[frozenset[int]] = frozenset()


def _chance(before: ZooState, move: Move) -> list[Event]:
    if isinstance(move, Order):
        return [
            Event.of("boards", f"the company boards lie {', '.join(move.companies)}", order=",".join(move.companies))
        ]
    assert isinstance(move, Draw)
    task = before.queue[0]
    card, name = move.card, NAMES.get(move.card, move.card)
    if task.op == "deal":
        secret = Event.of("dealt", f"seat {task.seat} is dealt {name}", visible_to=frozenset({task.seat}), card=card)
        return [
            secret,
            Event.of("dealt", f"seat {task.seat} is dealt a {task.arg} card", seat=task.seat, what=task.arg),
        ]
    if task.op == "look":
        where = f"the {task.company} deck"
        seen = Event.of(
            "look", f"seat {task.seat} sees {name} in {where}", visible_to=frozenset({task.seat}), card=card
        )
        return [seen, Event.of("look", f"seat {task.seat} looks at a card of {where}", seat=task.seat)]
    if task.op == "move_card" and not task.n:
        hidden = Event.of("moved", f"{name} moves face down", visible_to=_NOBODY, card=card)
        return [hidden, Event.of("moved", f"the top card of the {task.company} deck moves to the {task.arg} deck")]
    texts = {
        "draw_row": f"{name} is revealed in the {task.arg} row",
        "resolve_deck": f"the {task.company} deck reveals {name}",
        "event": f"event: {name}",
        "bot_turn": f"bot seat {task.seat} reveals {name}",
        "lobby_top": f"{name} is revealed and shuffled into the {task.company} deck",
        "move_card": f"{name} moves face up from the {task.company} deck to the {task.arg} deck",
    }
    return [Event.of(task.op, texts.get(task.op, f"{name} is drawn"), card=card)]


def _player(before: ZooState, player: int, move: Move) -> list[Event]:
    if isinstance(move, Pick):
        mine = Event.of("pick", f"seat {player} picks {move.token}", visible_to=frozenset({player}), token=move.token)
        return [mine, Event.of("pick", f"seat {player} picks a token", player=player)]
    if isinstance(move, Arrange):
        task = before.queue[0]
        mine = Event.of("arrange", f"seat {player}: {move}", visible_to=frozenset({player}), move=str(move))
        where = (
            ""
            if not move.moved
            else (" and removes one" if move.to == "remove" else f", one to the bottom of {move.to}")
        )
        text = f"seat {player} puts {len(move.top)} card(s) back on the {task.company} deck{where}"
        return [mine, Event.of("arrange", text, player=player)]
    return [Event.of("move", f"seat {player}: {move}", player=player, move=str(move))]


def _changes(before: ZooState, after: ZooState) -> list[Event]:
    found: list[Event] = []
    for i, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if old.money != new.money:
            found.append(Event.of("money", f"seat {i}: {old.money} -> {new.money} coins", seat=i, money=new.money))
        if old.fruit != new.fruit:
            found.append(Event.of("fruit", f"seat {i} fruit: {old.fruit} -> {new.fruit}", seat=i, fruit=str(new.fruit)))
        if old.shares != new.shares:
            text = f"seat {i} shares: {dict(zip(FRUITS, new.shares, strict=True))}"
            found.append(Event.of("shares", text, seat=i, shares=",".join(map(str, new.shares))))
        if new.played[: len(old.played)] == old.played and len(new.played) > len(old.played):
            for token in new.played[len(old.played) :]:
                found.append(Event.of("reveal", f"seat {i} reveals its {token} token", seat=i, token=token))
        if old.helpers != new.helpers:
            found.append(Event.of("helper", f"seat {i} hires {new.helpers[-1]}", seat=i, card=new.helpers[-1]))
    for i, fruit in enumerate(FRUITS):
        if before.share_price[i] != after.share_price[i]:
            text = f"{fruit} share price {before.share_price[i]} -> {after.share_price[i]}"
            found.append(Event.of("share-price", text, company=fruit, price=after.share_price[i]))
        if before.fruit_price[i] != after.fruit_price[i]:
            text = f"{fruit} price {before.fruit_price[i]} -> {after.fruit_price[i]}"
            found.append(Event.of("fruit-price", text, fruit=fruit, price=after.fruit_price[i]))
        if before.company_fruit[i] != after.company_fruit[i]:
            text = f"{fruit} company board: {after.company_fruit[i]}"
            found.append(Event.of("board", text, company=fruit, fruit=str(after.company_fruit[i])))
    if after.finished and not before.finished:
        outcome = after.outcome
        assert outcome is not None
        found.append(
            Event.of("end", f"game over: {outcome.summary()['winner']} won", winner=str(outcome.summary()["winner"]))
        )
    return found


def _shown(before: ZooState, after: ZooState) -> list[Event]:
    """Company cards revealed during the automatic steps (a known top card needs no chance
    step, e.g. after a speculation), in order; the card a chance move drew is its own event."""
    shown = after.piles.shown
    if after.piles.shown_round == before.piles.shown_round:
        shown = shown[len(before.piles.shown) :]
    if before.current_player == CHANCE and before.queue and before.queue[0].op == "resolve_deck":
        shown = shown[1:]
    return [
        Event.of("resolve_deck", f"the {company} deck reveals {NAMES.get(card, card)}", card=card, company=company)
        for company, card in shown
    ]


def events(before: ZooState, move: Move, after: ZooState) -> tuple[Event, ...]:
    """The events of the step ``before`` -> ``after`` by ``move``."""
    player = before.current_player
    found = _chance(before, move) if player == CHANCE else _player(before, player, move)
    return tuple(found + _shown(before, after) + _changes(before, after))
