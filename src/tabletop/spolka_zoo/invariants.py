"""The invariants of a Spółka ZOO state: what the rules conserve and bound, checked after
every step by the property suite and on every state read from JSON.

Fruit and share tokens are conserved, every card is in exactly one place, no price or purse
is below 0, the seat to move is the one the rules name, and the pending work names known
operations, seats and companies. A broken invariant raises
[`InvariantBroken`][tabletop.kernel.errors.InvariantBroken] naming the field path and the
rule; reading a state turns it into a `DecodeError` at that path.
"""

from __future__ import annotations

from typing import Final

from tabletop.kernel.deck import HIDDEN, conservation_problem
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import (
    BOT_IDS,
    EVENT_IDS,
    FAMILY,
    FRUITS,
    GOAL_IDS,
    HELPER_IDS,
    INFLUENCE_IDS,
    INTRIGUE_IDS,
    STARTING_DECKS,
)
from tabletop.spolka_zoo.flow import MACHINE
from tabletop.spolka_zoo.rules import OPS
from tabletop.spolka_zoo.state import SHARE_TOKENS, ZooState

__all__ = ["all_cards", "expected_cards", "invariants"]


def expected_cards(state: ZooState) -> Tokens:
    """Every card the game's configuration puts in play."""
    config = state.config
    cards = [c for deck in STARTING_DECKS[config.seats] for c in deck] + list(INFLUENCE_IDS) + list(HELPER_IDS)
    if config.bots:
        cards += BOT_IDS
    modules = {"events": EVENT_IDS, "hidden_goals": GOAL_IDS, "intrigues": INTRIGUE_IDS}
    for module, ids in modules.items():
        if module in config.modules:
            cards += ids
    return Tokens(cards)


def all_cards(state: ZooState) -> Tokens:
    """Every card of the state, wherever it is (`?` for each card a view hides)."""
    p = state.piles
    cards = [c for row in (p.influence_row, p.helper_row) for c in row if c]
    cards += [k.card for k in p.removed] + list(p.resolving)
    for seat in state.seats:
        cards += [*seat.helpers, *seat.intrigues] + ([seat.goal] if seat.goal else [])
    total = Tokens(cards) + p.bot_discard + p.event_aside
    for deck in (*state.decks, p.influence, p.helper_deck, p.bot_deck, p.event_deck, p.goal_box, p.intrigue_box):
        total = total + deck.cards()
    return total


#: What a task's ``company`` may be: none, the seat's choice, or a company.
_TASK_COMPANIES: Final = frozenset({"", "choice", *FRUITS})

#: The action-phase steps where the seat resolving its token decides.
_TOKEN_STEPS = frozenset({"action.before", "action.revealed", "action.act", "action.abilities", "action.late"})


def invariants(state: State) -> None:
    """Fruit and share tokens conserved, every card in exactly one place, no price or purse below 0,
    and the seat to move is the one the rules name."""
    assert isinstance(state, ZooState)
    key = state.flow.key
    if key in _TOKEN_STEPS:
        assert state.flow.player == state.turn.seat, f"seat {state.flow.player} to move for seat {state.turn.seat}"
    elif key == "effects.choose":
        assert state.flow.player == state.queue[0].seat, f"seat {state.flow.player} decides for {state.queue[0]}"
    steps = MACHINE.steps()
    assert state.resume == "" or state.resume in steps, f"resume at an unknown step {state.resume!r}"
    if state.flow.phase == "effects":
        assert state.queue and state.resume, f"{state.flow.key} with no task queued or nowhere to resume"
    seats = range(-1, len(state.seats))
    for task in state.queue:
        assert task.op in OPS, f"a task of unknown operation {task.op!r}"
        assert task.seat in seats and task.actor in seats, f"a task for seats that do not exist: {task}"
        assert task.company in _TASK_COMPANIES, f"a task for an unknown company: {task}"
        assert task.card in FAMILY or task.card in ("", HIDDEN), f"a task for an unknown card: {task}"
        assert task.index >= 0, f"a task with an index below 0: {task}"
        assert all(seat in seats for seat in task.done), f"a task served seats that do not exist: {task}"
        assert task.op != "resolve_deck" or task.company in FRUITS, f"a deck to resolve that is not a company: {task}"
        assert task.op != "effect" or task.card in FAMILY or task.card == HIDDEN, f"an effect of no card: {task}"
    assert tuple(sorted(state.board)) == tuple(sorted(FRUITS)) or not state.board, f"board {state.board!r}"
    supply = Tokens(dict.fromkeys(FRUITS, state.config.fruit_supply))
    fruit = state.warehouse
    for board in state.company_fruit:
        fruit = fruit + board
    for seat in state.seats:
        fruit = fruit + seat.fruit
    assert fruit == supply, f"fruit tokens not conserved: {fruit} != {supply}"
    for i, seat in enumerate(state.seats):
        assert all(n >= 0 for n in seat.shares) and sum(seat.shares) <= SHARE_TOKENS, f"seat {i} shares {seat.shares}"
        assert seat.money >= 0, f"seat {i} has {seat.money} coins"
    assert min(state.share_price) >= 0 and min(state.fruit_price) >= 0, "a price below 0"
    cards, expected = all_cards(state), expected_cards(state)
    if HIDDEN in cards:  # a view: the cards it shows exist, and the hidden ones make up the rest
        problem = conservation_problem(cards, expected)
        assert not problem, f"cards not conserved: {problem}"
        return
    assert cards == expected, (
        f"cards not conserved: extra {cards - _common(cards, expected)}, missing {expected - _common(cards, expected)}"
    )


def _common(a: Tokens, b: Tokens) -> Tokens:
    return Tokens({k: min(a[k], b[k]) for k in a if k in b})
