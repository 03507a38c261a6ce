"""What every seat's view of one state shares is made once (`views._LAST`), and a seat that has
seen none of a part's cards gets the one redaction made for such seats: neither changes a view."""

from __future__ import annotations

import random

import attrs
import pytest
from zoo_helpers import random_states

from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import views
from tabletop.spolka_zoo.state import ZooState

OPTIONS = (
    {"players": 5},
    {"players": 3, "modules": ("events", "hidden_goals", "intrigues")},
    {"players": 1, "bots": 4},
)


def _fresh_view(state: State, player: int) -> str:
    """The view's text with no redaction kept from before."""
    views.forget()
    return state.view(player).to_json()


def test_the_view_is_built_from_every_field_in_order() -> None:
    assert tuple(a.name for a in attrs.fields(ZooState)) == views._VIEW_FIELDS


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_views_in_any_order_are_the_views_made_afresh(options: dict[str, object]) -> None:
    rng = random.Random(3)
    for state in random_states(11, **options)[::2]:
        seats = list(range(state.num_players))
        expected = {p: _fresh_view(state, p) for p in seats}
        rng.shuffle(seats)
        for p in [*seats, seats[0]]:
            assert state.view(p).to_json() == expected[p]


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_a_seat_that_saw_nothing_sees_what_the_shared_redaction_shows(options: dict[str, object]) -> None:
    seen = 0
    for state in random_states(4, **options):
        assert isinstance(state, ZooState)
        for part, shared_of, redact in (
            (state.piles, views._piles_shared, views._piles_view),
            (state.decks, views._decks_shared, views._decks_view),
        ):
            shared, seers = shared_of(part, 0)  # type: ignore[arg-type]
            seen += bool(seers)
            assert shared == redact(part, views._EVERY_SEAT)  # type: ignore[arg-type]
            for p in range(state.num_players):
                if p not in seers:
                    assert redact(part, p) == shared  # type: ignore[arg-type]
    assert seen  # some part had a card known to some seat only


def test_a_kept_redaction_is_reused_only_by_the_function_that_made_it() -> None:
    """The same deck object redacted as a public pile and then as a hidden one (or back) is
    shown each way in turn: the memo is keyed by the part and the seat, and checked against the
    redacting function, so a hidden deck never comes back with its composition shown."""
    deck = Deck((Known("apple-1", seen_by=frozenset({1})),), Tokens({"apple-2": 1, "pear-1": 2}), ())
    views._REDACTED.clear()
    public = views._reuse(deck, 0, views._public)
    hidden = views._reuse(deck, 0, views._hidden)
    assert hidden == views._hidden(deck, 0) and hidden != public
    assert "pear-1" in public.middle and "pear-1" not in hidden.middle
    assert views._reuse(deck, 0, views._public) == public
