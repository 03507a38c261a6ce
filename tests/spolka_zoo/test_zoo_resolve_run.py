"""Issue 12: a company deck's resolution (`market._resolve_run`) tells a known, unknown or missing top
card in line (no `top_kind` call), and a revealed card extends the piles and the queue by tuple
concatenation: held to the plain reading (`top_kind`, the three cases) for every company and count of
end icons on seeded states, on decks with a known top, a known bottom alone, or nothing."""

from __future__ import annotations

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.rules import market
from tabletop.spolka_zoo.rules.decks import EMPTY, KNOWN, shuffled_into, top_kind
from tabletop.spolka_zoo.rules.work import finish, wait_chance
from tabletop.spolka_zoo.state import Draft, Task, ZooState


def _plain_resolve_run(draft: Draft, task: Task) -> None:
    """`_resolve_run` as written with `top_kind`."""
    deck = draft.decks[FRUITS.index(task.company)]
    kind = top_kind(deck)
    if task.n >= 2 or kind == EMPTY:
        draft.set_deck(task.company, shuffled_into(deck, draft.piles.resolving))
        draft.piles = attrs.evolve(draft.piles, resolving=())
        finish(draft)
    elif kind == KNOWN:
        market._revealed(draft, task, deck.top_card())
    else:
        wait_chance(draft)


def _decks(deck: Deck) -> list[Deck]:
    card = next(iter(deck.middle), "A1")
    return [
        deck,
        Deck((Known(card, public=True),), deck.middle, deck.bottom),
        Deck((), Tokens(), (Known(card, public=True),)),
        Deck(),
    ]


@pytest.mark.parametrize("options", [{"players": 1, "bots": 4}, {"players": 5}])
def test_resolve_run_is_the_plain_reading(options: dict[str, int]) -> None:
    checked = 0
    for state in random_states(6, **options)[::9]:
        if not state.board or not state.flow.key.startswith("effects."):
            continue
        work = ZooState.MACHINE.goto(state.flow, "effects.work") if state.flow.step != "work" else state.flow
        for c, company in enumerate(FRUITS):
            for deck in _decks(state.decks[c]):
                decks = list(state.decks)
                decks[c] = deck
                for n in range(3):
                    task = Task("resolve_deck", company=company, n=n)
                    at = attrs.evolve(state, flow=work, decks=tuple(decks), queue=(task, *state.queue))
                    mine, plain = Draft(at), Draft(at)
                    market._resolve_run(mine, task)
                    _plain_resolve_run(plain, task)
                    after = mine.freeze()
                    assert after == plain.freeze()
                    assert type(after.queue) is tuple and type(after.piles.resolving) is tuple
                    assert type(after.piles.shown) is tuple
                    checked += 1
    assert checked > 200
