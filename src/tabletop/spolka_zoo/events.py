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
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FRUITS, NAMES, TEXTS
from tabletop.spolka_zoo.moves import (
    Arrange,
    Choose,
    Done,
    Draw,
    Hire,
    Lobby,
    Order,
    Pick,
    PlayIntrigue,
    Speculate,
    Trade,
    UseHelper,
)
from tabletop.spolka_zoo.state import ZooState

__all__ = ["events"]

_NOBODY: Final[frozenset[int]] = frozenset()


def _others(state: ZooState, *seats: int) -> frozenset[int]:
    """Every seat but `seats`: who gets the redacted copy of a secret event."""
    return frozenset(range(state.num_players)) - set(seats)


def _name(card: str) -> str:
    return f"{NAMES[card]} [{card}]" if card in NAMES else card


def _fruits(tokens: Tokens) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in tokens.items()) or "no fruit"


def _chance(before: ZooState, move: Move) -> list[Event]:
    if isinstance(move, Order):
        return [
            Event.of("boards", f"the company boards lie {', '.join(move.companies)}", order=",".join(move.companies))
        ]
    assert isinstance(move, Draw)
    task = before.queue[0]
    card, name = move.card, _name(move.card)
    if task.op == "deal":
        mine = frozenset({task.seat})
        secret = Event.of("dealt", f"seat {task.seat} is dealt {name}", visible_to=mine, card=card)
        text = f"seat {task.seat} is dealt a{'n' if task.arg[:1] in 'aeiou' else ''} {task.arg} card"
        return [secret, Event.of("dealt", text, visible_to=_others(before, task.seat), seat=task.seat, what=task.arg)]
    if task.op == "look":
        where = f"the {task.company} deck"
        seen = Event.of(
            "look", f"seat {task.seat} sees {name} in {where}", visible_to=frozenset({task.seat}), card=card
        )
        text = f"seat {task.seat} looks at a card of {where}"
        return [seen, Event.of("look", text, visible_to=_others(before, task.seat), seat=task.seat)]
    if task.op == "move_card" and not task.n:
        hidden = Event.of("moved", f"{name} moves face down", visible_to=_NOBODY, card=card)
        return [hidden, Event.of("moved", f"the top card of the {task.company} deck moves to the {task.arg} deck")]
    texts = {
        "draw_row": f"{name} is revealed in the {task.arg} row",
        "resolve_deck": f"the {task.company} deck reveals {name}",
        "event": f"event: {name}: {TEXTS.get(card, '')}",
        "bot_turn": f"bot seat {task.seat} reveals {name}: {TEXTS.get(card, '')}",
        "lobby_top": f"{name} is revealed and shuffled into the {task.company} deck",
        "move_card": f"{name} moves face up from the {task.company} deck to the {task.arg} deck",
    }
    return [Event.of(task.op, texts.get(task.op, f"{name} is drawn"), card=card)]


def _said(player: int, move: Move) -> str:
    """What seat `player` did, in words."""
    who = f"seat {player}"
    if isinstance(move, Trade):
        item = f"{'an' if move.item[:1] in 'aeiou' else 'a'} {move.item}"
        what = f"{item} share" if move.what == "share" else item
        source = f" from seat {move.seller}" if move.seller >= 0 else ""
        verb = "buys" if move.op == "buy" else "sells"
        return f"{who} {verb} {what}{source}"
    if isinstance(move, Hire):
        return f"{who} hires {_name(move.card)}"
    if isinstance(move, Lobby):
        return f"{who} lobbies: {_name(move.card)} is shuffled into the {move.company} deck"
    if isinstance(move, Speculate):
        return f"{who} speculates on the {move.company} deck"
    if isinstance(move, PlayIntrigue):
        return f"{who} plays the intrigue {_name(move.card)}"
    if isinstance(move, UseHelper):
        return f"{who} uses {_name(move.card)}"
    if isinstance(move, Choose):
        return f"{who} chooses: {move.option.replace(',', ', ')}"
    if isinstance(move, Done):
        return f"{who} is done"
    return f"{who}: {move}"


def _player(before: ZooState, player: int, move: Move) -> list[Event]:
    if isinstance(move, Pick):
        text = f"seat {player} chooses the {move.token} token in secret"
        mine = Event.of("pick", text, visible_to=frozenset({player}), token=move.token)
        public = f"seat {player} chooses an action token in secret"
        return [mine, Event.of("pick", public, visible_to=_others(before, player), player=player)]
    if isinstance(move, Arrange):
        task = before.queue[0]
        order = "; ".join(_name(card) for card in move.top) or "no card"
        if not move.moved:
            away = ""
        elif move.to == "remove":
            away = f", and removes {_name(move.moved)} from the game"
        else:
            away = f", and puts {_name(move.moved)} at the bottom of the {move.to} deck"
        text = f"seat {player} puts back on the {task.company} deck, top first: {order}{away}"
        mine = Event.of("arrange", text, visible_to=frozenset({player}), move=str(move))
        where = (
            ""
            if not move.moved
            else (" and removes one" if move.to == "remove" else f", one to the bottom of {move.to}")
        )
        public = f"seat {player} puts {len(move.top)} card(s) back on the {task.company} deck{where}"
        return [mine, Event.of("arrange", public, visible_to=_others(before, player), player=player)]
    return [Event.of("move", _said(player, move), player=player, move=str(move))]


def _changes(before: ZooState, after: ZooState) -> list[Event]:
    found: list[Event] = []
    for i, (old, new) in enumerate(zip(before.seats, after.seats, strict=True)):
        if old.money != new.money:
            verb = "gets" if new.money > old.money else "pays"
            change = abs(new.money - old.money)
            text = f"seat {i} {verb} {change} coin{'' if change == 1 else 's'}, now {new.money}"
            found.append(Event.of("money", text, seat=i, money=new.money))
        if old.fruit != new.fruit:
            text = f"seat {i}'s fruit: {_fruits(old.fruit)} -> {_fruits(new.fruit)}"
            found.append(Event.of("fruit", text, seat=i, fruit=str(new.fruit)))
        if old.shares != new.shares:
            held = ", ".join(f"{n} {fruit}" for fruit, n in zip(FRUITS, new.shares, strict=True) if n) or "none"
            found.append(
                Event.of("shares", f"seat {i}'s shares: {held}", seat=i, shares=",".join(map(str, new.shares)))
            )
        if new.played[: len(old.played)] == old.played and len(new.played) > len(old.played):
            for token in new.played[len(old.played) :]:
                found.append(Event.of("reveal", f"seat {i} reveals its {token} token", seat=i, token=token))
        if old.helpers != new.helpers:
            found.append(Event.of("helper", f"seat {i} hires {_name(new.helpers[-1])}", seat=i, card=new.helpers[-1]))
    for i, fruit in enumerate(FRUITS):
        if before.share_price[i] != after.share_price[i]:
            text = f"the {fruit} share price goes from {before.share_price[i]} to {after.share_price[i]}"
            found.append(Event.of("share-price", text, company=fruit, price=after.share_price[i]))
        if before.fruit_price[i] != after.fruit_price[i]:
            text = f"the {fruit} price goes from {before.fruit_price[i]} to {after.fruit_price[i]}"
            found.append(Event.of("fruit-price", text, fruit=fruit, price=after.fruit_price[i]))
        if before.company_fruit[i] != after.company_fruit[i]:
            text = f"the {fruit} company's board holds {_fruits(after.company_fruit[i])}"
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
        Event.of("resolve_deck", f"the {company} deck reveals {_name(card)}", card=card, company=company)
        for company, card in shown
    ]


def events(before: ZooState, move: Move, after: ZooState) -> tuple[Event, ...]:
    """The events of the step `before` -> `after` by `move`."""
    player = before.current_player
    found = _chance(before, move) if player == CHANCE else _player(before, player, move)
    changes = _changes(before, after)
    if isinstance(move, Hire):  # the move already says who hired whom
        changes = [e for e in changes if not (e.kind == "helper" and e.get("seat") == player)]
    return tuple(found + _shown(before, after) + changes)
