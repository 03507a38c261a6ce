"""The ways to put looked-at cards back (ZOO-4.12, look effects), built from position layouts,
against a plain reference: every order of the cards, then each card moved away and every
order of the rest, identical arrangements listed once, first place kept."""

from __future__ import annotations

import itertools

import attrs
from hypothesis import given
from hypothesis import strategies as st

from tabletop.spolka_zoo.content import FRUITS
from tabletop.spolka_zoo.moves import Arrange
from tabletop.spolka_zoo.rules.decks import arrangements


def reference(cards: tuple[str, ...], mode: str) -> tuple[Arrange, ...]:
    """The arrangements by the rule's words, one permutation at a time."""
    found = dict.fromkeys([Arrange(cards)])
    found.update(dict.fromkeys(Arrange(p) for p in itertools.permutations(cards)))
    for moved in dict.fromkeys(cards):
        rest = list(cards)
        rest.remove(moved)
        for target in FRUITS if mode == "bottom" else ("remove",):
            found.update(dict.fromkeys(Arrange(p, moved, target) for p in itertools.permutations(rest)))
    return tuple(found)


@given(
    st.lists(st.sampled_from(["apple-1", "apple-2", "lemon-3", "inf-apple"]), max_size=5),
    st.sampled_from(["bottom", "remove"]),
)
def test_arrangements_match_the_reference(cards: list[str], mode: str) -> None:
    """Same arrangements in the same order, with and without identical copies."""
    assert arrangements.__wrapped__(tuple(cards), mode) == reference(tuple(cards), mode)


def test_four_different_cards() -> None:
    """Four cards to the bottom of any deck: 24 orders, then 4 cards x 3 decks x 6 orders; the original order first."""
    cards = ("apple-1", "apple-2", "lemon-3", "inf-apple")
    found = arrangements(cards, "bottom")
    assert len(found) == 24 + 4 * 3 * 6 and found[0] == Arrange(cards)
    assert found[24] == Arrange(("apple-2", "lemon-3", "inf-apple"), "apple-1", "apple")
    assert len(arrangements(cards, "remove")) == 24 + 4 * 6


def test_moves_built_slot_by_slot_are_arrange_values() -> None:
    """Issue 12: the arrangements of different cards are built by filling each move's slots, which is
    what `Arrange.__init__` does only while the class has no validator, converter or cached hash; the
    moves equal, hash, print and read back as moves made by `Arrange(...)`."""
    assert all(f.validator is None and f.converter is None for f in attrs.fields(Arrange))
    assert Arrange.__slots__ == ("top", "moved", "to", "__weakref__")  # no cached hash slot
    assert not hasattr(Arrange, "__attrs_pre_init__") and not hasattr(Arrange, "__attrs_post_init__")
    cards = ("apple-1", "lemon-3", "inf-apple")
    built = arrangements(cards, "bottom")
    assert built == reference(cards, "bottom")
    for move in built:
        plain = Arrange(move.top, move.moved, move.to)
        assert type(move) is Arrange and hash(move) == hash(plain) and str(move) == str(plain)
