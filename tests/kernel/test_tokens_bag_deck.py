"""Tokens, Bag and Deck against plain reference models (hypothesis state machines) and by example."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tabletop.kernel.bag import Bag
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.tokens import Tokens

KINDS = st.sampled_from(["a", "b", "c"])  # tiny on purpose, so that collisions happen
COUNTS = st.dictionaries(KINDS, st.integers(0, 4))


class TokensMachine(RuleBasedStateMachine):
    """Tokens behaves like a Counter restricted to positive counts."""

    def __init__(self) -> None:
        super().__init__()
        self.tokens = Tokens()
        self.model: Counter[str] = Counter()

    @rule(kind=KINDS, n=st.integers(0, 3))
    def add(self, kind: str, n: int) -> None:
        self.tokens = self.tokens.add(kind, n)
        self.model[kind] += n

    @rule(kind=KINDS, n=st.integers(0, 3))
    def remove(self, kind: str, n: int) -> None:
        if n > self.model[kind]:
            with pytest.raises(ValueError, match="cannot remove"):
                self.tokens.remove(kind, n)
        else:
            self.tokens = self.tokens.remove(kind, n)
            self.model[kind] -= n

    @rule(other=COUNTS)
    def plus(self, other: dict[str, int]) -> None:
        self.tokens = self.tokens + Tokens(other)
        self.model.update(other)

    @rule(other=COUNTS)
    def minus(self, other: dict[str, int]) -> None:
        fits = all(self.model[k] >= n for k, n in other.items())
        assert (Tokens(other) <= self.tokens) == fits
        if fits:
            self.tokens = self.tokens - Tokens(other)
            self.model.subtract(other)
        else:
            with pytest.raises(ValueError, match="cannot remove"):
                self.tokens - Tokens(other)

    @invariant()
    def agrees(self) -> None:
        positive = {k: n for k, n in self.model.items() if n > 0}
        assert self.tokens.as_dict() == dict(sorted(positive.items()))
        assert self.tokens.total == sum(positive.values())
        assert list(self.tokens) == sorted(positive)
        assert repr(self.tokens) == f"Tokens({dict(sorted(positive.items()))!r})"  # kinds kept sorted
        assert Tokens.parse(str(self.tokens)) == self.tokens
        assert hash(self.tokens) == hash(Tokens(positive))


TestTokensMachine = TokensMachine.TestCase


class BagMachine(RuleBasedStateMachine):
    """A bag's outcomes are exactly the kinds present, with probability count/total."""

    def __init__(self) -> None:
        super().__init__()
        self.bag = Bag()
        self.model: Counter[str] = Counter()

    @rule(kind=KINDS, n=st.integers(1, 3))
    def put(self, kind: str, n: int) -> None:
        self.bag = self.bag.put(Tokens({kind: n}))
        self.model[kind] += n

    @precondition(lambda self: self.model.total() > 0)
    @rule(data=st.data())
    def draw(self, data: st.DataObject) -> None:
        kind = data.draw(st.sampled_from(sorted(k for k, n in self.model.items() if n)))
        self.bag = self.bag.draw(kind)
        self.model[kind] -= 1

    @invariant()
    def outcomes_are_exact(self) -> None:
        total = self.model.total()
        assert self.bag.is_empty == (total == 0)
        expected = [(k, self.model[k] / total) for k in sorted(self.model) if self.model[k]]
        assert list(self.bag.outcomes()) == expected
        assert sum(p for _, p in self.bag.exact_outcomes()) in ((1,) if total else (0,))


TestBagMachine = BagMachine.TestCase


class DeckMachine(RuleBasedStateMachine):
    """A deck against a model that knows the real order: known cards are really where they say."""

    def __init__(self) -> None:
        super().__init__()
        self.order = ["a", "a", "b", "c", "c", "d"]  # the real order, top first
        self.deck = Deck.shuffled(self.order)

    def _check_known(self) -> None:
        n = len(self.order)
        for i, known in enumerate(self.deck.top):
            assert self.order[i] == known.card
        for i, known in enumerate(reversed(self.deck.bottom)):
            assert self.order[n - 1 - i] == known.card

    @precondition(lambda self: self.order)
    @rule()
    def draw(self) -> None:
        card = self.order[0]
        drawn, self.deck = self.deck.draw(None if self.deck.top_is_known else card)
        assert drawn == card
        self.order.pop(0)

    @precondition(lambda self: self.order)
    @rule(n=st.integers(1, 4), player=st.integers(0, 1))
    def look(self, n: int, player: int) -> None:
        while self.deck.needs_reveal(n):
            self.deck = self.deck.reveal(self.order[len(self.deck.top)])
        self.deck = self.deck.look(n, player)
        for known in self.deck.top[: min(n, len(self.order))]:
            assert known.visible_to(player)

    @precondition(lambda self: self.deck.top)
    @rule()
    def top_to_bottom(self) -> None:
        (card,), self.deck = self.deck.take_top(1)
        self.deck = self.deck.put_bottom(card)
        self.order.append(self.order.pop(0))

    @rule()
    def shuffle(self) -> None:
        self.deck = self.deck.shuffle()
        assert self.deck.top == () and self.deck.bottom == ()

    @rule(card=st.sampled_from(["a", "e"]))
    def shuffle_in(self, card: str) -> None:
        self.deck = self.deck.shuffle_in([card])
        self.order.insert(0, card)  # any real position will do once the order is forgotten

    @invariant()
    def agrees(self) -> None:
        assert len(self.deck) == len(self.order)
        assert self.deck.cards() == Tokens(self.order)
        self._check_known()
        outcomes = self.deck.draw_outcomes()
        if self.deck.top or not self.deck.middle:
            assert outcomes == ()
        else:
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-12


TestDeckMachine = DeckMachine.TestCase


@given(COUNTS, COUNTS)
def test_tokens_order_laws(a: dict[str, int], b: dict[str, int]) -> None:
    """<= is the multiset inclusion; + and - are inverse; equal multisets hash equal."""
    x, y = Tokens(a), Tokens(b)
    assert (x + y) - y == x
    assert x <= x + y
    assert (x + y == y + x) and hash(x + y) == hash(y + x)
    assert (x < y) == (x <= y and x != y)


def test_tokens_refuse_bad_input() -> None:
    """Negative counts, non-string kinds and malformed text are refused with a clear error."""
    with pytest.raises(ValueError, match="negative count"):
        Tokens({"a": -1})
    with pytest.raises(TypeError, match="strings"):
        Tokens({1: 2})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="bad count"):
        Tokens.parse("x sardine")
    with pytest.raises(AttributeError, match="immutable"):
        Tokens().total = 3  # type: ignore[misc]
    kept = Tokens({"sardine": 2})
    for name in ("total", "_counts"):
        with pytest.raises(AttributeError, match="immutable"):
            delattr(kept, name)
    assert kept.total == 2 and kept == Tokens({"sardine": 2})
    assert Tokens.parse("2 sardine, water, octopus*2") == Tokens({"sardine": 2, "water": 1, "octopus": 2})
    assert str(Tokens()) == "-" and Tokens.parse("-") == Tokens()


def test_deck_of_identical_copies() -> None:
    """Copies share an id: drawing one leaves the others, with the probabilities of counts."""
    deck = Deck.shuffled(["storm"] * 3 + ["bait"])
    assert deck.draw_outcomes() == (("bait", 0.25), ("storm", 0.75))
    card, deck = deck.draw("storm")
    assert card == "storm" and deck.cards() == Tokens({"storm": 2, "bait": 1})
    assert deck.remove("storm").cards() == Tokens({"storm": 1, "bait": 1})
    with pytest.raises(ValueError, match="no card 'sun'"):
        deck.remove("sun")


def test_deck_errors_are_clear() -> None:
    """An empty deck, an unnamed chance outcome and looking before revealing are refused."""
    with pytest.raises(ValueError, match="empty"):
        Deck().draw()
    with pytest.raises(ValueError, match="name the chance outcome"):
        Deck.shuffled(["a"]).draw()
    with pytest.raises(ValueError, match="reveal the top 2"):
        Deck.shuffled(["a", "b"]).look(2, 0)
    with pytest.raises(ValueError, match="unknown"):
        Deck.shuffled(["a", "b"]).top_card()


def test_deck_redaction() -> None:
    """A viewer sees the known cards it has seen; the rest and the middle become placeholders."""
    deck = Deck.shuffled(["a", "b", "c"]).reveal("b", frozenset({1})).put_bottom(Known("c", public=True))
    mine = deck.redacted(1)
    theirs = deck.redacted(0)
    assert mine.top[0].card == "b" and theirs.top[0].card == HIDDEN
    assert theirs.bottom[0].card == "c"
    assert theirs.middle == Tokens({HIDDEN: deck.middle.total})
    assert deck.redacted(0, composition_public=True).middle == deck.middle


def test_looking_reaches_the_known_bottom_when_the_middle_is_empty() -> None:
    """With nothing unknown left, the cards under the known top are the known bottom cards."""
    deck = Deck((Known("a"),), Tokens(), (Known("b"), Known("c")))
    looked = deck.look(2, 0)
    assert [k.card for k in looked.top] == ["a", "b"]
    assert all(k.visible_to(0) for k in looked.top)
    assert [k.card for k in looked.bottom] == ["c"]
