"""Spółka ZOO's invariants keep the card counts of the piles, the seats and the company decks,
and each deck's makeup check, by the identity of those (immutable) parts: a state that shares a
part with one already checked still has every part that differs checked (issue 12)."""

from __future__ import annotations

import random
import sys

import attrs
import pytest
from zoo_helpers import start

import tabletop
from tabletop.kernel.chance import sample_chance
from tabletop.kernel.deck import Deck
from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.invariants import _cards_coded, _count_cards, invariants
from tabletop.spolka_zoo.state import ZooState

GAME = tabletop.get_game("spolka_zoo")
ALL_MODULES = ("events", "hidden_goals", "intrigues")


def _less(deck: Deck) -> Deck:
    """`deck` with one card of its middle gone."""
    card = next(iter(deck.middle))
    return attrs.evolve(deck, middle=deck.middle.remove(card))


def test_a_changed_deck_beside_kept_parts_is_counted_again() -> None:
    """Every card in exactly one place: a company deck missing a card, the piles and seats the
    very objects already counted."""
    state = start(3)
    invariants(state)
    broken = attrs.evolve(state, decks=(_less(state.decks[0]), *state.decks[1:]))
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(broken)
    invariants(state)  # the kept answers are still those of the sound parts


def test_changed_piles_or_seats_beside_kept_decks_are_counted_again() -> None:
    state = start(3)
    invariants(state)
    piles = attrs.evolve(state.piles, influence=_less(state.piles.influence))
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(attrs.evolve(state, piles=piles))
    helper = state.piles.helper_row[0] if state.piles.helper_row else state.piles.influence_row[0]
    seats = (attrs.evolve(state.seats[0], helpers=(*state.seats[0].helpers, helper)), *state.seats[1:])
    with pytest.raises(InvariantBroken, match="cards not conserved"):
        invariants(attrs.evolve(state, seats=seats))


def test_a_new_makeup_for_a_kept_deck_is_checked_again() -> None:
    """ZOO-1.2: a deck checked sound against its makeup is checked again against another one."""
    state = start(3)
    invariants(state)
    (known, secret), *rest = state.deck_makeup
    wrong = ((known, secret + 1), *rest)
    with pytest.raises(InvariantBroken, match=r"more for a deck of") as caught:
        invariants(attrs.evolve(state, deck_makeup=wrong))
    assert (caught.value.path, caught.value.rule) == ("deck_makeup[0]", "ZOO-1.2")
    card = next(iter(known))
    lacking = ((known.remove(card) + Tokens({"no-such-card": 1}), secret), *rest)
    with pytest.raises(InvariantBroken, match="lacks 1 cards of its makeup") as caught:
        invariants(attrs.evolve(state, deck_makeup=lacking))
    assert (caught.value.path, caught.value.rule) == ("deck_makeup[0]", "ZOO-4.11")


def _counted(state: ZooState) -> bool:
    try:
        _count_cards(state)
    except InvariantBroken:
        return False
    return True


def test_the_cards_coded_at_once_are_conserved_exactly_where_they_are_counted_so() -> None:
    """The quick check of `_cards` (the codes of the parts added up against the configuration's) says
    "conserved" only where the count finds every card conserved, on the states and views of
    seeded games and on copies with a card moved, lost, doubled or hidden."""
    rng = random.Random(3)
    for options in ({"players": 2}, {"players": 1, "bots": 4}, {"players": 3, "modules": ALL_MODULES}):
        state = GAME.new_game(seed=11, **options)
        seen = 0
        while not state.is_terminal and seen < 60:
            seen += 1
            damaged = _damaged(state, rng)
            for each in (state, state.view(0), damaged):
                if _cards_coded(each):
                    assert _counted(each), each
            assert _cards_coded(state) and _counted(state)
            assert not (_counted(damaged) or _cards_coded(damaged))
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))


def _damaged(state: ZooState, rng: random.Random) -> ZooState:
    """`state` with its cards no longer conserved: one card of a deck lost, doubled, or made another."""
    deck = rng.choice([d for d in (*state.decks, state.piles.influence) if d.middle])
    card = rng.choice(sorted(deck.middle))
    how = rng.randrange(3)
    middle = deck.middle.remove(card) if how == 0 else deck.middle.add(card if how == 1 else "no-such-card")
    if how == 2:
        middle = middle.remove(card)
    changed = attrs.evolve(deck, middle=middle)
    if deck is state.piles.influence:
        return attrs.evolve(state, piles=attrs.evolve(state.piles, influence=changed))
    return attrs.evolve(state, decks=tuple(changed if d is deck else d for d in state.decks))


def test_a_text_with_a_card_in_two_places_is_refused_as_the_count_words_it() -> None:
    """A card of a company deck also in a seat's hand: the codes differ, and the text gets the
    count's own DecodeError (message and path), on seeded states of several configurations."""
    rng = random.Random(5)
    for options in ({"players": 2}, {"players": 5}, {"players": 1, "bots": 4}):
        state = GAME.new_game(seed=7, **options)
        for _ in range(25):
            if state.is_terminal:
                break
            deck = next(d for d in state.decks if d.middle)
            card = sorted(deck.middle)[0]
            seats = (attrs.evolve(state.seats[0], helpers=(*state.seats[0].helpers, card)), *state.seats[1:])
            broken = attrs.evolve(state, seats=seats)
            with pytest.raises(InvariantBroken) as counted:
                _count_cards(broken)
            with pytest.raises(DecodeError) as caught:
                GAME.state_from_json(broken.to_json())
            assert caught.value.path == "state.piles"
            assert str(counted.value) in str(caught.value)
            state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))


def _corrupt(state: ZooState) -> dict[str, ZooState]:
    """States each differing from `state` in one field, each breaking one invariant."""
    seat = attrs.evolve(state.seats[1], money=-1)
    first = state.queue[0] if state.queue else None
    broken = {
        "money": attrs.evolve(state, seats=(state.seats[0], seat, *state.seats[2:])),
        "share_price": attrs.evolve(state, share_price=(-1, *state.share_price[1:])),
        "fruit_price": attrs.evolve(state, fruit_price=(-1, *state.fruit_price[1:])),
        "warehouse": attrs.evolve(state, warehouse=state.warehouse.add("lemon")),
        "company_fruit": attrs.evolve(
            state, company_fruit=(state.company_fruit[0].add("lemon"), *state.company_fruit[1:])
        ),
        "board": attrs.evolve(state, board=("lemon", "lemon", "orange")),
        "resume": attrs.evolve(state, resume="nowhere"),
        "turn": attrs.evolve(state, turn=attrs.evolve(state.turn, position=9)),
        "decks": attrs.evolve(state, decks=(_less(state.decks[0]), *state.decks[1:])),
        "piles": attrs.evolve(state, piles=attrs.evolve(state.piles, influence=_less(state.piles.influence))),
        "deck_makeup": attrs.evolve(state, deck_makeup=((state.deck_makeup[0][0], 7), *state.deck_makeup[1:])),
    }
    if first is not None:
        broken["queue"] = attrs.evolve(state, queue=(attrs.evolve(first, op="nothing"), *state.queue[1:]))
    return broken


def _refusal(state: ZooState) -> tuple[str, str, str]:
    with pytest.raises(InvariantBroken) as caught:
        invariants(state)
    return str(caught.value), caught.value.path, caught.value.rule


@pytest.mark.parametrize("seed", [3, 11, 40])
def test_a_state_checked_after_a_sound_one_is_refused_as_alone(seed: int) -> None:
    """The last state found sound lets `invariants` skip the checks whose fields are its very
    objects (reading checks a state and the state after its first move): a state differing from
    it in one field is refused with the same message, path and rule as with nothing kept."""
    module = sys.modules["tabletop.spolka_zoo.invariants"]  # the package names its function so

    rng = random.Random(seed)
    state = start(3, modules=ALL_MODULES)
    for _ in range(rng.randrange(5, 60)):
        if state.is_terminal:
            break
        move = sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        state = state.apply(move)
    for name, broken in _corrupt(state).items():
        invariants(state)
        assert module._SOUND[0] is state, name
        after_sound = _refusal(broken)
        module._SOUND[0] = None
        assert _refusal(broken) == after_sound, name
        assert module._SOUND[0] is None, name  # a refused state is never kept


def test_a_state_sharing_every_field_runs_no_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check reads only fields that are the very objects of the last sound state: none runs."""
    module = sys.modules["tabletop.spolka_zoo.invariants"]  # the package names its function so

    state = start(2)
    invariants(state)
    ran: list[str] = []
    for name in ("_config", "_flow", "_pending", "_board", "_tokens", "_cards", "_open_piles", "check_makeups"):
        monkeypatch.setattr(module, name, lambda s, name=name: ran.append(name))
    invariants(attrs.evolve(state, chance_count=state.chance_count + 1))
    assert ran == []
