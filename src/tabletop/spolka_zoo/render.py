"""A text board of Spółka ZOO for frontends (the `render` hook), and a simple position value
for the greedy agent (the `evaluate` hook).

```pycon
>>> from tabletop.spolka_zoo import GAME
>>> print(render(GAME.new_game(seed=1, players=2).view(0), 0).splitlines()[0])
Spółka ZOO: round 1, setup.board, chance to move

```
"""

from __future__ import annotations

from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.deck import HIDDEN, Deck
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.cards import NAMES
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.scoring import COINS_PER_GLORY
from tabletop.spolka_zoo.state import FRUIT_INDEX, Seat, ZooState

__all__ = ["evaluate", "render"]


def _who(state: ZooState) -> str:
    player = state.current_player
    if player == TERMINAL:
        return "the game is over"
    if player == CHANCE:
        return "chance to move"
    return f"seat {player} to move"


def _count(tokens: Tokens) -> str:
    return ", ".join(f"{n} {kind}" for kind, n in tokens.items()) or "-"


def _deck(deck: Deck) -> str:
    known = [k.card for k in deck.top]
    text = f"{len(deck)} cards"
    if known and any(card != HIDDEN for card in known):
        text += f", top: {', '.join(known)}"
    return text


def _seat(state: ZooState, index: int, seat: Seat) -> str:
    role = "bot" if seat.bot else "player"
    first = " (first player)" if index == state.flow.first_player else ""
    shares = ", ".join(f"{f} {n}" for f, n in zip(FRUITS, seat.shares, strict=True) if n) or "-"
    parts = [
        f"seat {index} ({role}){first}: {seat.money} coins",
        f"fruit {_count(seat.fruit)}",
        f"shares {shares}",
        f"helpers {', '.join(seat.helpers) or '-'}",
        f"played {', '.join(seat.played) or '-'}",
    ]
    if seat.pick:
        parts.append(f"picked {seat.pick}")
    if seat.goal:
        parts.append(f"goal {seat.goal}")
    if seat.intrigues:
        parts.append(f"intrigues {', '.join(seat.intrigues)}")
    return "  " + "; ".join(parts)


def render(view: State, seat: int | None) -> str:
    """The board as `seat` sees it (`view` is `state.view(seat)`, or a whole state)."""
    assert isinstance(view, ZooState)
    lines = [f"Spółka ZOO: round {view.flow.round}, {view.flow.key}, {_who(view)}"]
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
    row = ", ".join(f"{card} ({NAMES[card]})" if card in NAMES else card or "-" for card in piles.influence_row)
    lines.append(f"influence row: {row}; deck {len(piles.influence)}")
    lines.append(f"helper market: {', '.join(c or '-' for c in piles.helper_row)}; deck {len(piles.helper_deck)}")
    lines.append("seats:")
    lines.extend(_seat(view, i, s) for i, s in enumerate(view.seats))
    if view.turn.seat >= 0 and view.turn.token:
        action = view.turn.action if view.turn.token == "duplicate" else ""
        suffix = f" (as {action})" if action else ""
        lines.append(f"resolving: seat {view.turn.seat}'s {view.turn.token}{suffix}")
    if view.outcome is not None:
        lines.append(f"result: {view.outcome.summary()['winner']} won")
    return "\n".join(lines)


def evaluate(view: State, seat: int) -> float:
    """Glory the seat would have if the game ended now (coins, sale value, helpers), in glory."""
    assert isinstance(view, ZooState)
    me = view.seats[seat]
    sale = sum(n * price for n, price in zip(me.shares, view.share_price, strict=True))
    sale += sum(me.fruit[f] * view.fruit_price[i] for i, f in enumerate(FRUITS))
    return me.helper_glory + (me.money + sale) / COINS_PER_GLORY
