"""A text board of Spółka ZOO for frontends (the `render` hook).

```pycon
>>> from tabletop.spolka_zoo import GAME
>>> print(render(GAME.new_game(seed=1, players=2).view(0), 0).splitlines()[0])
Spółka ZOO: round 1, setting up; cards are being dealt

```
"""

from __future__ import annotations

import textwrap
from typing import Final

from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.deck import HIDDEN, Deck
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FAMILY, FRUITS, HELPERS, NAMES, TEXTS
from tabletop.spolka_zoo.moves import Arrange
from tabletop.spolka_zoo.state import FRUIT_INDEX, Seat, ZooState

__all__ = [
    "automatic_seats",
    "card_line",
    "describe_card",
    "move_label",
    "move_steps",
    "phase_text",
    "render",
]


#: The flow's steps in words (the headline names no internal step).
_STEPS: Final = {
    "setup": "setting up",
    "action.pick": "action phase, choose your action token in secret",
    "action.before": "action phase, before the token is revealed (an intrigue may be played)",
    "action.revealed": "action phase, before the token is resolved (an intrigue may be played)",
    "action.act": "action phase, carry out your token",
    "action.abilities": "action phase, helper abilities",
    "action.late": "action phase, after the token (an intrigue may be played)",
    "effects": "a card's effect: your decision",
    "look": "speculation: put the cards back",
    "market": "market phase",
    "end": "the end of the game",
}


def phase_text(state: ZooState) -> str:
    """The round and the phase in words, and who is to move."""
    key = state.flow.key
    if state.queue and state.queue[0].op == "look" and state.current_player >= 0:
        key = "look"
    where = _STEPS.get(key) or _STEPS.get(key.partition(".")[0], key.partition(".")[0])
    player = state.current_player
    if player == TERMINAL:
        who = "the game is over"
    elif player == CHANCE:
        who = "cards are being dealt"
    else:
        who = f"seat {player} to move"
    return f"round {state.flow.round}, {where}; {who}"


def _count(tokens: Tokens) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in tokens.items()) or "none"


def _cost(tokens: Tokens) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in tokens.items()) or "free"


def card_line(card: str) -> str:
    """A card as a player reads it: its name, cost and glory (helpers) and its text.

    A face-down card (`"?"`) stays a face-down card.
    """
    if card == HIDDEN:
        return "a face-down card"
    if card not in TEXTS:
        return card
    name = NAMES.get(card, card)
    helper = HELPERS.get(card)
    price = f" (costs {_cost(helper.cost)}; {helper.glory} glory)" if helper is not None else ""
    return f"{name} [{card}]{price}: {TEXTS[card]}"


def _name(card: str) -> str:
    if card == HIDDEN:
        return "a face-down card"
    return f"{NAMES[card]} [{card}]" if card in NAMES else card


def _deck(deck: Deck) -> str:
    known = [k.card for k in deck.top if k.card != HIDDEN]
    text = f"{len(deck)} cards"
    if known:
        text += f", top: {'; '.join(_name(k.card) for k in deck.top)}"
    return text


def _seat(state: ZooState, index: int, seat: Seat, me: int | None) -> list[str]:
    role = "bot" if seat.bot else ("you" if index == me else "player")
    first = ", first player" if index == state.flow.first_player else ""
    shares = ", ".join(f"{n} {f}" for f, n in zip(FRUITS, seat.shares, strict=True) if n) or "none"
    lines = [
        f"  seat {index} ({role}{first}): {seat.money} coins; fruit {_count(seat.fruit)}; shares {shares}; "
        f"tokens played: {', '.join(seat.played) or 'none'}"
    ]
    if seat.helpers:
        lines.append(f"    helpers: {'; '.join(_name(h) for h in seat.helpers)}")
    if seat.pick:
        lines.append(f"    chosen token: {'face down' if seat.pick == HIDDEN else seat.pick}")
    if seat.goal:
        lines.append(f"    goal: {card_line(seat.goal) if seat.goal != HIDDEN else 'face down'}")
    if seat.intrigues:
        shown = [card_line(c) for c in seat.intrigues if c != HIDDEN]
        hidden = sum(c == HIDDEN for c in seat.intrigues)
        lines.append(f"    intrigues: {len(seat.intrigues)} card(s)" + (f", {hidden} face down" if hidden else ""))
        lines.extend(f"      {line}" for line in shown)
    return lines


def _looked_at(view: ZooState) -> list[str]:
    """The cards the seat deciding a speculation has in hand (top of the deck, in order)."""
    if not view.queue or view.queue[0].op != "look":
        return []
    task = view.queue[0]
    if task.company not in FRUIT_INDEX:
        return []
    deck = view.decks[FRUIT_INDEX[task.company]]
    cards = [k.card for k in deck.top[: task.n]]
    if not cards or HIDDEN in cards:
        return [f"seat {task.seat} looks at the top {task.n} cards of the {task.company} deck"]
    lines = [f"you look at the top {len(cards)} cards of the {task.company} deck (top first):"]
    lines.extend(f"  {i}. {card_line(card)}" for i, card in enumerate(cards, 1))
    return lines


def render(view: State, seat: int | None) -> str:
    """The board as `seat` sees it (`view` is `state.view(seat)`, or a whole state)."""
    assert isinstance(view, ZooState)
    lines = [f"Spółka ZOO: {phase_text(view)}"]
    if view.board:
        lines.append("companies (left to right):")
        for company in view.board:
            c = FRUIT_INDEX[company]
            lines.append(
                f"  {company}: share price {view.share_price[c]}, fruit price {view.fruit_price[c]}, "
                f"board {_count(view.company_fruit[c])}, deck {_deck(view.decks[c])}"
            )
    lines.append(f"warehouse: {_count(view.warehouse)}")
    piles = view.piles
    lines.append(f"influence row (lobbying puts one into a company deck; deck {len(piles.influence)} left):")
    lines.extend(f"  {card_line(card)}" if card else "  (empty slot)" for card in piles.influence_row)
    lines.append(f"helper market (deck {len(piles.helper_deck)} left):")
    lines.extend(f"  {card_line(card)}" if card else "  (empty slot)" for card in piles.helper_row)
    lines.append("seats:")
    for i, s in enumerate(view.seats):
        lines.extend(_seat(view, i, s, seat))
    if view.turn.seat >= 0 and view.turn.token:
        action = view.turn.action if view.turn.token == "duplicate" else ""
        suffix = f" (as {action})" if action else ""
        lines.append(f"resolving: seat {view.turn.seat}'s {view.turn.token} token{suffix}")
    if seat is not None and view.current_player == seat:
        lines.extend(_looked_at(view))
    if view.outcome is not None:
        lines.append(f"result: {view.outcome.summary()['winner']} won")
    lines.append("Type 'card ID' (e.g. 'card apple-1') to read any card.")
    return "\n".join(_fit(line) for line in lines)


WIDTH: Final = 100
"""The widest line [`render`][tabletop.spolka_zoo.render.render] writes."""


def _fit(line: str) -> str:
    """`line` wrapped at `WIDTH`, continuations indented under it."""
    if len(line) <= WIDTH:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False))


def _places(view: ZooState, card: str) -> list[str]:
    """Where `card` lies face up in `view` (what the viewing seat can see, nothing else)."""
    found: list[str] = []
    piles = view.piles
    if card in piles.influence_row:
        found.append("in the influence row")
    if card in piles.helper_row:
        found.append("in the helper market")
    for company, deck in zip(FRUITS, view.decks, strict=True):
        if any(k.card == card for k in (*deck.top, *deck.bottom)):
            found.append(f"in the {company} deck, where you see it")
        if card in deck.middle:
            found.append(f"in the {company} deck (its place unknown)")
    for i, s in enumerate(view.seats):
        if card in s.helpers:
            found.append(f"hired by seat {i}")
        if card == s.goal:
            found.append(f"seat {i}'s goal")
        if card in s.intrigues:
            found.append(f"in seat {i}'s hand")
    if any(k.card == card for k in piles.removed):
        found.append("out of the game")
    return found


def describe_card(view: State, seat: int | None, card: str) -> str:
    """The `card ID` command: a card's name, cost and text, and where `seat` sees it.

    Card texts are the box's catalogue, known to everybody; where a card lies is taken from
    `view` only, so a card the seat cannot see is never located.

    Raises:
        LookupError: If no card has that id or name.
    """
    assert isinstance(view, ZooState)
    wanted = card.strip()
    by_name = {name.lower(): cid for cid, name in NAMES.items()}
    cid = wanted if wanted in TEXTS else by_name.get(wanted.lower(), "")
    if not cid:
        close = sorted(c for c in TEXTS if wanted.lower() in c.lower() or wanted.lower() in NAMES.get(c, "").lower())
        hint = f"; did you mean {', '.join(close[:6])}?" if close else "; the board shows each card's id in [brackets]"
        raise LookupError(f"no card {wanted!r}{hint}")
    family = FAMILY.get(cid, "")
    text = f"{card_line(cid)}\n  a{'n' if family[:1] in 'aeiou' else ''} {family} card"
    places = _places(view, cid)
    return text + (f"; {', '.join(places)}" if places else "")


_ORDINALS: Final = ("top", "2nd", "3rd", "4th", "5th", "6th")


def move_steps(view: State, move: Move) -> tuple[str, ...]:
    """A speculation's arrangement as the decisions a player makes, one label each: what
    leaves the top (nothing, a card to a deck's bottom, a card out of the game), then the
    cards put back from the top down. Other moves are one decision."""
    if not isinstance(move, Arrange):
        return (str(move),)
    n = len(move.top) + (1 if move.moved else 0)
    if not move.moved:
        first = f"keep all {n} cards on top"
    elif move.to == "remove":
        first = f"remove {_name(move.moved)} from the game"
    else:
        first = f"put {_name(move.moved)} at the bottom of the {move.to} deck"
    order = tuple(f"{_ORDINALS[i] if i < len(_ORDINALS) else i + 1} card: {_name(c)}" for i, c in enumerate(move.top))
    return (first, *order)


def move_label(view: State, move: Move) -> str:
    """A few words after a move's notation: the names of the cards it names."""
    return "; ".join(NAMES[word] for word in str(move).replace(",", " ").split() if word in NAMES)


def automatic_seats(state: State) -> frozenset[int]:
    """The bot seats: the bot deck plays them inside `apply`, nobody at the table does."""
    assert isinstance(state, ZooState)
    return frozenset(i for i, seat in enumerate(state.seats) if seat.bot)
