"""The market phase: resolving the company decks, dividing the fruits, and the events.

* `resolve_deck`: reveal cards from the top of a company deck and resolve each, until the
  second end-of-deck icon (that card resolves too) or the deck runs out; a card is ignored
  when no majority shareholder can be determined, but its icon still counts; then the
  whole deck, resolved and unresolved cards, is shuffled (ZOO-7.1 to ZOO-7.6).
* `divide`: the majority shareholder, then the minority shareholders by shares, take as
  many fruits of their choice as they hold shares, until everyone took, the fruit ran out,
  or an unbreakable tie pays 3 coins to everyone who has not taken (ZOO-8.1 to ZOO-8.6;
  a tie for the majority pays even on an empty board, see the rulings).
* `event`: draw event cards until two had an effect, setting aside those that cannot
  have any, then shuffle them all back (ZOO-12.2 to ZOO-12.4).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.pending import Operation
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import EFFECTS, END_ICON
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.rules.decks import EMPTY, KNOWN, _deck, drawn, shuffled_into, top_kind
from tabletop.spolka_zoo.rules.effects import effect_possible, effect_tasks
from tabletop.spolka_zoo.rules.work import finish, shared_task, start, tasks_of, wait_chance
from tabletop.spolka_zoo.state import (
    FRUIT_INDEX,
    ROUNDS,
    Draft,
    Position,
    Seat,
    Task,
    Turn,
    evolve,
    fields_with,
    piles_with,
)

__all__ = ["OPERATIONS", "STEPS"]

_TAKE: Final[Callable[[int, str, int], Task]] = tasks_of("take", "seat", "company", "n", arg="divide")
"""`_TAKE(seat, company, shares)`: a shareholder takes fruit in the division."""
_EVENT: Final[Callable[[int], Task]] = tasks_of("event", "n")
"""`_EVENT(n)`: draw events, `n` of them had an effect."""
_RESOLVE_DECK: Final[Callable[[str], Task]] = tasks_of("resolve_deck", "company")
"""`_RESOLVE_DECK(company)`: resolve the company's deck, from its first card."""
_DIVIDE: Final[Callable[[str], Task]] = tasks_of("divide", "company")
"""`_DIVIDE(company)`: the company divides its fruits."""

TIE_PAYOUT: Final = 3
"""Coins paid to each shareholder who took nothing when a tie cannot be broken."""
EVENTS_PER_ROUND: Final = 2
"""Event cards whose effect must be introduced each market phase."""
_WITH_RESOLVING: Final = piles_with("resolving")
_WITH_EVENTS: Final = piles_with("event_deck", "event_aside")
_WITH_DONE: Final = fields_with(Task, "done")
_WITH_PLAYED: Final = fields_with(Seat, "played")
"""A company deck resolved, an event drawn, a seat served in the division, a seat's tokens back (`evolve` of those
fields)."""


# Company decks -----------------------------------------------------------------------------------


def _resolve_run(draft: Draft, task: Task) -> None:
    deck = draft.decks[FRUIT_INDEX[task.company]]  # deck_of(draft, task.company)
    if task.n < 2:  # `top_kind(deck)` in line (a call less per card revealed): KNOWN, UNKNOWN or EMPTY
        if deck.top:
            _revealed(draft, task, deck.top[0].card)  # deck.top_card(), without the call
            return
        if deck.middle.total:
            wait_chance(draft)
            return
        if deck.bottom:
            _revealed(draft, task, deck.top_card())
            return
    draft.set_deck(task.company, shuffled_into(deck, draft.piles.resolving))  # two end icons, or no card left
    draft.piles = _WITH_RESOLVING(draft.piles, ())
    finish(draft)


def _resolve_outcomes(state: Position, task: Task) -> Tokens:
    return state.decks[FRUIT_INDEX[task.company]].middle  # unknown(deck_of(...))


_WITH_REVEALED: Final = piles_with("resolving", "shown")


def _revealed(draft: Draft, task: Task, card: str) -> None:
    """The card `card` of the company's deck is revealed (ZOO-7.1).

    Raises:
        IllegalMove: In a seat's view, when the card is one another seat looked at (ZOO-6.4):
            the view does not know what it reveals.
    """
    company = task.company
    if card == HIDDEN:
        msg = f"a view cannot reveal the {company} deck's card another seat looked at: apply the move to the full state"
        raise IllegalMove(msg, code="hidden-in-view", rule="ZOO-6.4")
    i = FRUIT_INDEX[company]
    a, b, c = draft.decks
    deck = a if i == 0 else b if i == 1 else c
    # `drawn(deck, card)`, a known top card (the cards a look put back, or revealed before) taken off in line.
    deck = _deck(deck.top[1:], deck.middle, deck.bottom) if deck.top else drawn(deck, card)
    piles = draft.piles
    # Tuples extended by concatenation: one copy each, where `(*t, x)` builds a list, then copies it into a tuple.
    resolving = piles.resolving + (card,)  # noqa: RUF005
    draft.piles = _WITH_REVEALED(piles, resolving, piles.shown + ((company, card),))  # noqa: RUF005
    icons = task.n + (card in END_ICON)
    draft.decks = (deck, b, c) if i == 0 else (a, deck, c) if i == 1 else (a, b, deck)  # `set_deck` in line
    if draft.majority(company) >= 0 or _resolves(draft, company):  # `_resolves`' first answer without its call
        follow = _RESOLVED.get((card, company, icons))
        if follow is None:  # the card's effects, then the next card: one tuple, made once (`_resolved`)
            follow = _resolved(card, company, icons)
    else:
        follow = (_next_card(company, icons),)
    queue = draft.queue
    if draft.flow.step == "work" and queue:  # `finish(draft, follow)` in line, at work (every step but `_drawn`'s)
        draft.queue = follow + queue[1:]
    else:
        finish(draft, follow)


_NEXT_CARD: Final[dict[tuple[str, int], Task]] = {}
"""The `resolve_deck` task after a card, by (company, end-of-deck icons so far): three
companies and at most a deck's icons each (the values of `shared_task`, found without keywords)."""
_RESOLVED: Final[dict[tuple[str, str, int], tuple[Task, ...]]] = {}
"""The tasks after a card revealed and resolved, by (card, company, end-of-deck icons so far): its effects'
tasks, then the next card's (`_resolved`); at most `_MAX_RESOLVED` (emptied when full)."""
_MAX_RESOLVED: Final = 4096
"""Entries kept in `_RESOLVED` at most (a deck's cards x 3 companies x a few icon counts; emptied when full, so
that a long process keeps sharing)."""


def _next_card(company: str, icons: int) -> Task:
    """The `resolve_deck` task after a card of `company`, `icons` end-of-deck icons seen (shared)."""
    following = _NEXT_CARD.get((company, icons))
    if following is None:
        following = _NEXT_CARD[company, icons] = shared_task("resolve_deck", company=company, n=icons)
    return following


def _resolved(card: str, company: str, icons: int) -> tuple[Task, ...]:
    """`effect_tasks(card, company)` then `_next_card(company, icons)`, kept in `_RESOLVED` (one look-up per card
    resolved, where the effects' cached call and the tuples' concatenation cost about three times as much)."""
    follow = effect_tasks(card, company) + (_next_card(company, icons),)  # noqa: RUF005 (one copy)
    if len(_RESOLVED) >= _MAX_RESOLVED:  # full (a long process): start again
        _RESOLVED.clear()
    _RESOLVED[card, company, icons] = follow
    return follow


def _resolves(state: Position, company: str) -> bool:
    """A revealed card is resolved unless no majority shareholder can be determined (ZOO-7.4).

    With `unowned_cards="resolved"` a company without any shareholder still resolves its
    cards (effects naming the majority then do nothing); an unbreakable tie always ignores.
    """
    if state.majority(company) >= 0:
        return True
    return state.config.unowned_cards == "resolved" and not state.shareholders(company)


# Dividing the fruits -----------------------------------------------------------------------------


def _divide_run(draft: Draft, task: Task) -> None:
    """The next shareholder takes fruit, or the division ends (ZOO-8.2 to ZOO-8.5).

    The majority shareholder is determined even on an empty board, so a tie for it still
    pays 3 coins (`empty_board_ties="paid"`); once somebody has taken, an empty board ends
    the division before the next shareholder's place is looked at.
    """
    company = task.company
    empty = not draft.company_fruit[FRUIT_INDEX[company]].total  # the multiset's `__bool__` without its call
    if empty and (task.done or draft.config.empty_board_ties == "unpaid"):
        finish(draft)
        return
    seat, clear = draft.next_taker(company, task.done)
    if not clear:
        for holder in draft.shareholders(company):
            if holder not in task.done:
                economy.gain(draft, holder, TIE_PAYOUT)
        finish(draft)
    elif seat < 0 or empty:
        finish(draft)
    else:
        shares = draft.seats[seat].shares[FRUIT_INDEX[company]]
        take = _TAKE(seat, company, shares)
        finish(draft, (take, _WITH_DONE(task, (*task.done, seat))))


# Events ------------------------------------------------------------------------------------------


def _event_run(draft: Draft, task: Task) -> None:
    piles = draft.piles
    kind = top_kind(piles.event_deck)
    if task.n >= EVENTS_PER_ROUND or kind == EMPTY:
        deck = shuffled_into(piles.event_deck, piles.event_aside.elements())
        draft.piles = evolve(piles, event_deck=deck, event_aside=type(piles.event_aside)())
        finish(draft)
    elif kind == KNOWN:
        _event_drawn(draft, task, piles.event_deck.top_card())
    else:
        wait_chance(draft)


def _event_outcomes(state: Position, task: Task) -> Tokens:
    return state.piles.event_deck.middle  # unknown(...)


def _event_drawn(draft: Draft, task: Task, card: str) -> None:
    first = draft.flow.first_player
    possible = any(effect_possible(draft, card, i, first) for i in range(len(EFFECTS[card])))
    _, deck = draft.piles.event_deck.draw(card)
    draft.piles = _WITH_EVENTS(draft.piles, deck, draft.piles.event_aside.add(card))
    if possible:
        finish(draft, (*effect_tasks(card, actor=first), _EVENT(task.n + 1)))
    else:
        finish(draft, (_EVENT(task.n),))


OPERATIONS: Final = (
    Operation(
        "resolve_deck",
        _resolve_run,
        "ZOO-7.2",
        "reveal and resolve a company deck's cards to the second end icon, then shuffle it (ZOO-7.5)",
        _resolve_outcomes,
        _revealed,
    ),
    Operation("divide", _divide_run, "ZOO-8.2", "the next shareholder takes fruit, or the division ends (ZOO-8.4)"),
    Operation(
        "event", _event_run, "ZOO-12.2", "draw events until two had an effect (ZOO-12.3)", _event_outcomes, _event_drawn
    ),
)
"""The market-phase operations of the operation table."""


# The market phase's steps and the end of the game -------------------------------------------------


def _market_start(draft: Draft) -> None:
    """`market.start`: the company decks resolve from left to right (ZOO-7.1)."""
    draft.piles = evolve(draft.piles, shown=(), shown_round=draft.flow.round)
    tasks = _RESOLVE_ALL.get(draft.board)
    if tasks is None:
        tasks = _RESOLVE_ALL[draft.board] = tuple([_RESOLVE_DECK(c) for c in draft.board])
    start(draft, tasks)


_RESOLVE_ALL: Final[dict[tuple[str, ...], tuple[Task, ...]]] = {}
"""The market's `resolve_deck` tasks by the boards' order (six orders at most): made once each."""


def _market_divide(draft: Draft) -> None:
    """`market.divide`: the companies divide their fruits from left to right (ZOO-8.6)."""
    start(draft, tuple([_DIVIDE(c) for c in draft.board]))


def _market_events(draft: Draft) -> None:
    """`market.events`: with the events module, two events (ZOO-12.2)."""
    if "events" in draft.config.modules:
        start(draft, (shared_task("event"),))
    else:
        draft.goto("end")


def _market_end(draft: Draft) -> None:
    """`market.end`: after round five the game ends (ZOO-10.1); otherwise the tokens come
    back, the bot deck is shuffled (ZOO-9.2) and the first-player marker passes left (ZOO-9.1)."""
    if draft.flow.round >= ROUNDS:
        draft.goto("end.score")
        return
    draft.seats = tuple([_WITH_PLAYED(seat, ()) for seat in draft.seats])
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
    """`end.score`: the game is over; `ZooState.outcome` scores it (ZOO-10.2 to ZOO-10.5)."""
    draft.finished = True
    draft.goto("over")


STEPS: Final[dict[str, Callable[[Draft], None]]] = {
    "market.start": _market_start,
    "market.divide": _market_divide,
    "market.events": _market_events,
    "market.end": _market_end,
    "end.score": _score,
}
"""The automatic steps of the market phase and the end, by step."""
