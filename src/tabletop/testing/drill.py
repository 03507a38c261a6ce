"""Drill: a two-seat exercise game for the kernel's bag, deck and hidden information.

Drill is not a published game. It exists so that the kernel's own behaviour (bag
probabilities, looking at the top of a deck, putting a card at the bottom, shuffling, views
of private cards) can be pinned by conformance scenarios and by the property suite, through
the same public protocol the real games use. Load it as `tabletop.testing.drill:GAME`.

Each of `TURNS` turns, the current seat does one thing: draw a token from the bag, take
the top card of the deck into its private hand, look at the top 1-3 cards, put the top card
(if it has seen it) at the bottom, shuffle the deck, or pass. Then the other seat plays.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar, Final

import attrs

from tabletop.kernel.bag import Bag
from tabletop.kernel.chance import ChanceNode, Source
from tabletop.kernel.deck import HIDDEN, Deck, Known, conservation_problem
from tabletop.kernel.errors import IllegalMove, NotationError
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.phases import Actor, Flow, Phase, PhaseMachine, Step
from tabletop.kernel.protocol import Game, Move, State
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens, tally

__all__ = ["GAME", "DrillState"]

TURNS: Final = 12
BAG: Final = Tokens({"red": 1, "blue": 3})
CARDS: Final = ("ace", "ace", "king", "queen", "jack")


@attrs.frozen
class Simple(Move):
    """A player's move with no argument: `draw`, `take`, `bottom`, `shuffle`, `pass`."""

    kind: ClassVar[str] = "simple"
    name: str

    def __str__(self) -> str:
        return self.name


@attrs.frozen
class Look(Move):
    """Look at the top `n` cards of the deck: `look 2`."""

    kind: ClassVar[str] = "look"
    n: int

    def __str__(self) -> str:
        return f"look {self.n}"


@attrs.frozen
class Outcome(Move):
    """A chance outcome: the token drawn (`token red`) or the card revealed (`card ace`)."""

    kind: ClassVar[str] = "outcome"
    what: str
    item: str

    def __str__(self) -> str:
        return f"{self.what} {self.item}"


@attrs.frozen
class DrillResult:
    """Tokens plus cards per seat; the seat with more wins (a tie is a draw)."""

    scores: tuple[int, int]

    @property
    def returns(self) -> tuple[float, ...]:
        a, b = self.scores
        return (1.0, -1.0) if a > b else (-1.0, 1.0) if b > a else (0.0, 0.0)

    def summary(self) -> Mapping[str, str | int | float]:
        a, b = self.scores
        return {"winner": "seat 0" if a > b else "seat 1" if b > a else "draw", "items": a + b}


MACHINE: Final = PhaseMachine(
    "drill",
    (
        Phase(
            "turn",
            (
                Step("act", Actor.PLAYER, frozenset({"simple", "look"}), ("draw", "take", "reveal", "next")),
                Step("draw", Actor.CHANCE, frozenset({"outcome"}), ("next",)),
                Step("take", Actor.CHANCE, frozenset({"outcome"}), ("next",)),
                Step("reveal", Actor.CHANCE, frozenset({"outcome"}), ("reveal", "next")),
                Step("next", Actor.AUTO, then=("act", "end.over")),
            ),
        ),
        Phase("end", (Step("over", Actor.END),)),
    ),
    start="turn.act",
)


@attrs.frozen
class DrillState(State):
    """A Drill position. `hands` are public tokens; `cards` are each seat's private cards."""

    flow: Flow
    seed: int | None
    chance_count: int
    bag: Bag
    deck: Deck
    hands: tuple[Tokens, Tokens]
    cards: tuple[tuple[str, ...], tuple[str, ...]]
    looking: int = 0

    MACHINE: ClassVar[PhaseMachine] = MACHINE

    @property
    def num_players(self) -> int:
        return 2

    @property
    def outcome(self) -> DrillResult | None:
        if not self.is_terminal:
            return None
        a, b = (self.hands[i].total + len(self.cards[i]) for i in (0, 1))
        return DrillResult((a, b))

    def _player_moves(self) -> tuple[Move, ...]:
        moves: list[Move] = []
        if not self.bag.is_empty:
            moves.append(Simple("draw"))
        if not self.deck.is_empty:
            moves.append(Simple("take"))
            moves.extend(Look(n) for n in (1, 2, 3))
            moves.append(Simple("shuffle"))
            if self.deck.top and self.deck.top[0].visible_to(self.flow.player):
                moves.append(Simple("bottom"))
        moves.append(Simple("pass"))
        return tuple(moves)

    def _chance_outcomes(self) -> tuple[tuple[Move, float], ...]:
        if self.flow.step == "draw":
            return tuple((Outcome("token", kind), p) for kind, p in self.bag.outcomes())
        if self.flow.step == "take":
            return tuple((Outcome("card", card), p) for card, p in self.deck.draw_outcomes())
        return tuple((Outcome("card", card), p) for card, p in self.deck.reveal_outcomes())

    def _chance_node(self) -> ChanceNode:
        me = self.flow.player
        if self.flow.step == "draw":
            return ChanceNode(Source.BAG, "bag", "hand", "KER-1", recipient=me)
        if self.flow.step == "take":
            return ChanceNode(Source.DECK, "deck", "cards", "DRILL-4", recipient=me)
        return ChanceNode(Source.DECK, "deck", "revealed", "KER-3", recipient=me)

    def _apply(self, move: Move) -> DrillState:
        if isinstance(move, Outcome):
            return self._resolve(move)
        if isinstance(move, Look):
            return self._look(move.n)
        assert isinstance(move, Simple)
        if move.name == "draw":
            return self._go("draw")
        if move.name == "take":
            return self._take(None) if self.deck.top_is_known else self._go("take")
        if move.name == "bottom":
            cards, deck = self.deck.take_top(1)
            return evolve(self, deck=deck.put_bottom(cards[0]), flow=MACHINE.goto(self.flow, "next"))
        if move.name == "shuffle":
            return evolve(self, deck=self.deck.shuffle(), flow=MACHINE.goto(self.flow, "next"))
        return self._go("next")

    def _go(self, step: str) -> DrillState:
        return evolve(self, flow=MACHINE.goto(self.flow, step))

    def _resolve(self, move: Outcome) -> DrillState:
        me = self.flow.player
        if move.what == "token":
            hands = list(self.hands)
            hands[me] = hands[me].add(move.item)
            new_hands = (hands[0], hands[1])
            return evolve(self, bag=self.bag.draw(move.item), hands=new_hands, flow=self._next())
        if self.flow.step == "take":
            return self._take(move.item)
        return evolve(self, deck=self.deck.reveal(move.item, frozenset({me})))._look(self.looking)

    def _take(self, card: str | None) -> DrillState:
        me = self.flow.player
        drawn, deck = self.deck.draw(card)
        cards = list(self.cards)
        cards[me] = (*cards[me], drawn)
        return evolve(self, deck=deck, cards=(cards[0], cards[1]), flow=self._next())

    def _look(self, n: int) -> DrillState:
        if self.deck.needs_reveal(n):
            target = "reveal"
            return evolve(self, looking=n, flow=MACHINE.goto(self.flow, target))
        deck = self.deck.look(n, self.flow.player)
        return evolve(self, deck=deck, looking=0, flow=self._next())

    def _next(self) -> Flow:
        return MACHINE.goto(self.flow, "next")

    def _refusal(self, move: Move) -> IllegalMove:
        if isinstance(move, Simple) and move.name == "draw":
            return IllegalMove("the bag is empty", code="bag-empty", rule="DRILL-1", move=move)
        if isinstance(move, Simple) and move.name == "bottom":
            return IllegalMove(
                "you may only put a card you have seen at the bottom",
                code="unseen-card",
                rule="DRILL-3",
                move=move,
            )
        if isinstance(move, Simple | Look) and self.deck.is_empty:
            return IllegalMove("the deck is empty", code="deck-empty", rule="DRILL-2", move=move)
        return super()._refusal(move)

    def _view(self, player: int) -> DrillState:
        other = 1 - player
        cards = list(self.cards)
        cards[other] = tuple(HIDDEN for _ in cards[other])
        return evolve(self, deck=self.deck.redacted(player), cards=(cards[0], cards[1]))


def _next_turn(state: DrillState) -> DrillState:
    turns_played = state.flow.round
    if turns_played >= TURNS:
        return evolve(state, flow=MACHINE.goto(state.flow, "end.over"))
    flow = MACHINE.goto(state.flow, "act", round=turns_played + 1, player=1 - state.flow.player)
    return evolve(state, flow=flow)


DrillState.AUTO = {"turn.next": _next_turn}


def _setup(seed: int) -> DrillState:
    return DrillState(
        flow=MACHINE.start_flow(),
        seed=seed,
        chance_count=0,
        bag=Bag(BAG),
        deck=Deck.shuffled(CARDS),
        hands=(Tokens(), Tokens()),
        cards=((), ()),
    )


def _parse(state: State, text: str) -> Move:
    words = text.split()
    if len(words) == 1 and words[0] in ("draw", "take", "bottom", "shuffle", "pass"):
        return Simple(words[0])
    if len(words) == 2 and words[0] == "look" and words[1] in ("1", "2", "3"):
        return Look(int(words[1]))
    if len(words) == 2 and words[0] in ("token", "card"):
        return Outcome(words[0], words[1])
    msg = f"not a Drill move: {text!r} (try 'draw', 'take', 'look 2', 'bottom', 'shuffle', 'pass')"
    raise NotationError(msg, text=text)


def _perturb(state: State, player: int, rng: random.Random) -> State:
    """Re-deal every card `player` cannot see: the other hand and the unseen deck cards."""
    assert isinstance(state, DrillState)
    other = 1 - player
    deck = state.deck
    hidden = [k.card for k in (*deck.top, *deck.bottom) if not k.visible_to(player)]
    pool = [*state.cards[other], *hidden, *deck.middle.elements()]
    rng.shuffle(pool)
    hand = tuple(pool[: len(state.cards[other])])
    rest = pool[len(hand) :]

    def redeal(known: tuple[Known, ...]) -> tuple[Known, ...]:
        return tuple(k if k.visible_to(player) else evolve(k, card=rest.pop()) for k in known)

    top, bottom = redeal(deck.top), redeal(deck.bottom)
    new_deck = Deck(top, Tokens(rest), bottom)
    cards = list(state.cards)
    cards[other] = hand
    return evolve(state, deck=new_deck, cards=(cards[0], cards[1]))


_BAG_COUNTS: Final = BAG.as_dict()
_CARD_COUNTS: Final = Tokens(CARDS).as_dict()


def _invariants(state: State) -> None:
    assert isinstance(state, DrillState)
    if tally(state.bag.contents, *state.hands) != _BAG_COUNTS:  # the message worded the long way
        tokens = state.bag.contents + state.hands[0] + state.hands[1]
        assert tokens == BAG, f"tokens not conserved: {tokens}"
    deck = state.deck
    cards = tally(deck.middle)
    get = cards.get
    for card in (*(known.card for known in (*deck.top, *deck.bottom)), *state.cards[0], *state.cards[1]):
        cards[card] = get(card, 0) + 1
    if cards != _CARD_COUNTS:  # a view's hidden cards, or a problem: conservation_problem decides
        found = state.deck.cards() + Tokens([*state.cards[0], *state.cards[1]])
        problem = conservation_problem(found, Tokens(CARDS))  # in a view, hidden cards make up the rest
        assert not problem, f"cards not conserved: {problem}"


GAME: Final = Game(
    name="drill",
    title="Drill",
    summary="A two-seat exercise of the kernel's bag, deck and hidden information (not a published game).",
    players="2",
    state_type=DrillState,
    options=(),
    setup=_setup,
    parser=_parse,
    converter=make_converter(every_field=True),
    perturb=_perturb,
    invariants=_invariants,
    rules={
        "KER-1": "drawing from a bag is a chance node over the kinds present",
        "KER-2": "a kind's probability is its count over the bag's total",
        "KER-3": "looking at a deck reveals each unknown card by a chance event",
        "KER-4": "a card looked at is known to the looker only",
        "KER-5": "a known card put at the bottom is drawn last",
        "KER-6": "shuffling forgets every order and identity seen",
        "KER-7": "identical copies share one outcome",
        "DRILL-1": "no draw from an empty bag",
        "DRILL-2": "no deck move on an empty deck",
        "DRILL-3": "only a card you have seen goes to the bottom",
        "DRILL-4": "take puts the top card in the taker's private cards (a chance event when it is unknown)",
    },
)
