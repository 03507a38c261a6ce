"""Issue 12, session 37: a company card revealed (`market._revealed`) takes a known top card off its deck,
replaces the deck and finishes its task at work in line (no `drawn`, `set_deck` and `finish` calls).

Held to the plain calls on seeded states: every state whose top task resolves a company deck, with each
card its deck may reveal (a known top card, or each card of the unknown middle at a chance node), on a
draft at work (as `rules.apply` and `_resolve_run` call it) and on one still at the draw (as
`apply_in_place` does, counting the chance event): the same new state."""

from __future__ import annotations

from zoo_helpers import random_states

from tabletop.spolka_zoo.content import END_ICON
from tabletop.spolka_zoo.rules import market
from tabletop.spolka_zoo.rules.decks import drawn
from tabletop.spolka_zoo.rules.work import finish
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, Task, ZooState


def _plain(draft: Draft, task: Task, card: str) -> None:
    """`_revealed` as it was written with the calls."""
    company = task.company
    deck = drawn(draft.decks[FRUIT_INDEX[company]], card)
    piles = draft.piles
    draft.piles = market._WITH_REVEALED(piles, (*piles.resolving, card), (*piles.shown, (company, card)))
    icons = task.n + (card in END_ICON)
    draft.set_deck(company, deck)
    if draft.majority(company) >= 0 or market._resolves(draft, company):
        finish(draft, market._resolved(card, company, icons))
    else:
        finish(draft, (market._next_card(company, icons),))


def _both(state: ZooState, card: str, at_work: bool) -> tuple[ZooState, ZooState]:
    done: list[ZooState] = []
    for reveal in (market._revealed, _plain):
        draft = Draft(state)
        if at_work:
            draft.to_work()
        reveal(draft, draft.queue[0], card)
        done.append(draft.finish())
    return done[0], done[1]


def test_a_revealed_card_is_resolved_as_the_plain_calls_resolve_it() -> None:
    known = drawn_cards = 0
    options: list[dict[str, object]] = [{"players": 1, "bots": 4}, {"players": 3}, {"players": 5}]
    for seed, given in enumerate(options * 2, start=20):
        for state in random_states(seed, **given):
            if not state.queue or state.queue[0].op != "resolve_deck" or state.flow.step not in ("draw", "work"):
                continue
            company = state.queue[0].company
            deck = state.decks[FRUIT_INDEX[company]]
            for card in [*deck.middle][:4]:
                drawn_cards += 1
                for at_work in (True, False):
                    fast, plain = _both(state, card, at_work)
                    assert fast == plain
                    assert fast.chance_count == plain.chance_count
                # The same card known on top (put back by a look, ZOO-4.12): taken off without a chance event.
                draft = Draft(state)
                draft.set_deck(company, deck.reveal(card, frozenset({0})))
                shown = draft.finish()
                known += 1
                fast, plain = _both(shown, card, True)
                assert fast == plain
    assert drawn_cards > 20
    assert known == drawn_cards
