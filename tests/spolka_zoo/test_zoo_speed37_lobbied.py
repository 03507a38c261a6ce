"""Issue 12, session 37: `makeup.lobbied` reads the decks' makeups once and replaces the company's in line
(`_set`, which read them a second time, no longer called). Held to the plain calls on seeded states, for
every company and a card known to be in its deck, one of another deck and one new to the makeups, on
states whose makeups are recorded and on one saved before they were (derived from the views)."""

from __future__ import annotations

import attrs
from zoo_helpers import random_states

from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.state import FRUIT_INDEX, Draft, ZooState
from tabletop.spolka_zoo.state.makeup import _set, lobbied, makeups


def _plain(draft: Draft, company: str, card: str) -> None:
    known, secret = makeups(draft)[FRUIT_INDEX[company]]
    _set(draft, company, (known.add(card), secret))


def _lobbied_both(state: ZooState, company: str, card: str) -> None:
    fast, plain = Draft(state), Draft(state)
    lobbied(fast, company, card)
    _plain(plain, company, card)
    assert fast.deck_makeup == plain.deck_makeup
    assert [list(known.items()) for known, _ in fast.deck_makeup] == [list(k.items()) for k, _ in plain.deck_makeup]


def test_a_lobbied_card_enters_the_makeup_as_the_plain_calls_enter_it() -> None:
    checked = 0
    for state in random_states(17, players=1, bots=4)[::6] + random_states(18, players=4)[::9]:
        if not state.deck_makeup:
            continue
        for older in (state, attrs.evolve(state, deck_makeup=())):
            for company in FRUITS:
                cards = [*makeups(state)[FRUIT_INDEX[company]][0], *state.decks[0].cards(), "inf-new"]
                for card in cards[:3] + cards[-2:]:
                    _lobbied_both(older, company, card)
                    checked += 1
    assert checked > 300
