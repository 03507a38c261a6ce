"""The Conservas state, its End of Day report and the game's result.

Where every one of the 116 sea tokens is (CON-1.1): in the `supply`, in the `bag`, in the `hand` being drawn, on the
boats (`catch`), in the Deep Sea (`deep`: under the boats and on the Open Water card), on a market space (`market`) or
on an upgrade card that keeps a paid token (`upgrades[i].kept`). Money is a plain amount (`money`).

Cards are string ids (content in [`tabletop.conservas.content`][tabletop.conservas.content]), kept together in `cards`
([`Cards`][tabletop.conservas.state.Cards]): boats are in the `boat_deck`, the face-up `boat_row`, the `boat_discard`
pile, the `offer` of setup or the player's `fleet`; upgrades are in the `upgrade_deck`, `upgrade_row`,
`upgrade_discard` or the player's `upgrades`. The state reads each of these as its own attribute.

Conservas is a solo game with nothing hidden from the player: the bag's and the decks' contents can always be counted,
only their order is unknown (and is not part of the state), so a view is the state itself without its seed.

This module holds data only: the state class and its parts, with derived read-only properties. The rules (phase table,
step functions, checks, views, events) are given to the class once, by
[`State.bind`][tabletop.kernel.protocol.State.bind] in the package's `__init__.py`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import attrs

from tabletop.conservas.content import BOATS, MONTHS, UPGRADES, Boat, Effect, Space, Upgrade
from tabletop.kernel.bag import Bag
from tabletop.kernel.builder import Builder
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.jsontext.reader import STEADY
from tabletop.kernel.phases import Flow
from tabletop.kernel.protocol import State
from tabletop.kernel.serialize import OPTIONAL
from tabletop.kernel.tokens import Tokens

__all__ = [
    "Blank",
    "Cards",
    "ConservasResult",
    "ConservasState",
    "DayReport",
    "GoalCheck",
    "MarketSpace",
    "OwnedUpgrade",
    "Position",
    "Work",
]


class Blank(enum.StrEnum):
    """The one value a text field holds when it holds nothing: an open market space (`state.market`), a game
    not forfeited (`state.forfeit`), a trade whose card keeps no token (`Trade.keep`).

    It is a `StrEnum` equal to `""`, so the JSON of a state is the same as before it existed and a state read
    back compares equal: test with `==` (`state.forfeit == Blank.NONE`), not `is`."""

    NONE = ""
    """Nothing here."""

    def __repr__(self) -> str:
        return f"Blank.{self.name}"


@attrs.frozen
class OwnedUpgrade:
    """An upgrade in the player's area.

    Attributes:
        card: The upgrade id.
        round: The round it was bought in (`when_bought` effects work only then).
        kept: The paid token left on the card, for cards that keep one (CON-3.6).
    """

    card: str
    round: int
    kept: Tokens = attrs.field(factory=Tokens)

    @property
    def upgrade(self) -> Upgrade:
        """The card with its printed values (`name`, `cost`, `phase`, `frequency`, `effect`...)."""
        return UPGRADES[self.card]


@attrs.frozen
class DayReport:
    """What the last End of Day did, for frontends and tests.

    Attributes:
        income: Euros gained from upgrades before upkeep (CON-6.11).
        upkeep: Euros paid in upkeep (CON-4.6).
        discarded: Boats discarded because their upkeep could not be paid.
        spawned: Tokens added to the Deep Sea by spawning (CON-4.7).
        restocked: Tokens moved from the supply to the bag by upgrades and month rules.
    """

    income: int = 0
    upkeep: int = 0
    discarded: tuple[str, ...] = ()
    spawned: Tokens = attrs.field(factory=Tokens)
    restocked: Tokens = attrs.field(factory=Tokens)


@attrs.frozen
class Cards:
    """Where every boat and upgrade card is: each card is in exactly one of these places.

    Attributes:
        boat_deck: The boat deck.
        boat_row: The face-up boats, left to right.
        boat_discard: Discarded boats, in the order discarded.
        offer: The two boats offered at setup (CON-1.5).
        fleet: The player's boats, in line order.
        upgrade_deck: The upgrade deck.
        upgrade_row: The face-up upgrades.
        upgrade_discard: Discarded upgrades.
        upgrades: The player's upgrades.
    """

    boat_deck: Deck
    upgrade_deck: Deck
    boat_row: tuple[str, ...] = ()
    boat_discard: tuple[str, ...] = ()
    offer: tuple[str, ...] = ()
    fleet: tuple[str, ...] = ()
    upgrade_row: tuple[str, ...] = ()
    upgrade_discard: tuple[str, ...] = ()
    upgrades: tuple[OwnedUpgrade, ...] = ()


@attrs.frozen
class MarketSpace:
    """A space of the month's market as it stands, read by id (`state.space("r1c1")`).

    Attributes:
        id: `"r2c1"`: row 2, column 1 (from 1), as the notation names it.
        row: Row number, from 1.
        col: Column number, from 1.
        needs: The fish to sell there, all at once (CON-3.2).
        price: The euros it pays before bonuses.
        token: The token left on it by the sale (CON-3.3), or `None` while it is open.
    """

    id: str
    row: int
    col: int
    needs: Tokens
    price: int
    token: str | None

    @property
    def filled(self) -> bool:
        """True once the space was sold to (each space is filled once, CON-3.2)."""
        return self.token is not None


@attrs.frozen
class GoalCheck:
    """One part of the goal: what was needed, what the player had (CON-5.x).

    Attributes:
        name: `"money"`, a fish kind, `"boats"` or `"upgrades"`.
        need: The least amount needed.
        have: The amount the player had.
    """

    name: str
    need: int
    have: int

    @property
    def met(self) -> bool:
        """True when `have >= need`."""
        return self.have >= self.need

    @property
    def label(self) -> str:
        """`"money >= 40"`, `"sardine >= 4"`..."""
        return f"{self.name} >= {self.need}"

    def __str__(self) -> str:
        return f"{self.label}: {'met' if self.met else 'not met'} ({self.have})"


@attrs.frozen
class ConservasResult:
    """The end of a game of Conservas: won or lost, each goal met or not, or the forfeit.

    Attributes:
        month: The month played.
        goal: `"standard"` or `"difficult"`.
        won: True when every goal was met (CON-5.4).
        checks: Each part of the goal with the figures; empty after a forfeit.
        forfeit: Why the game was forfeited (CON-2.7), or `""`.
        money: Euros at the end.
        rounds: Rounds completed.
    """

    month: str
    goal: str
    won: bool
    checks: tuple[GoalCheck, ...]
    forfeit: str
    money: int
    rounds: int

    @property
    def returns(self) -> tuple[float, ...]:
        """`(1.0,)` for a win, `(0.0,)` otherwise."""
        return (1.0 if self.won else 0.0,)

    def summary(self) -> Mapping[str, str | int | float]:
        """`result`, each goal part as `"met"` / `"not met"` (`"forfeit"` if the game
        was forfeited), and the numbers `money` and `last round` (the round the game ended
        in: the forfeit's round, as in "overfished in round 4", or the month's last round)."""
        table: dict[str, str | int | float] = {"result": "won" if self.won else "lost"}
        table["forfeit"] = "overfished" if self.forfeit else "no"
        for check in _goal_checks(self.month, self.goal, None) if self.forfeit else self.checks:
            table[check.label] = "forfeit" if self.forfeit else "met" if check.met else "not met"
        table["money"] = self.money
        table["last round"] = self.rounds + (1 if self.forfeit else 0)
        return table

    def __str__(self) -> str:
        head = f"{self.month} ({self.goal}): {'won' if self.won else 'lost'}"
        if self.forfeit:
            return f"{head}, forfeited: {self.forfeit}"
        return f"{head}; " + "; ".join(str(c) for c in self.checks)


def _goal_checks(month: str, level: str, state: ConservasState | None) -> tuple[GoalCheck, ...]:
    goal = MONTHS[month].goal(level)
    checks: list[GoalCheck] = []
    bag = state.bag.contents if state is not None else Tokens()
    if goal.money:
        checks.append(GoalCheck("money", goal.money, state.money if state else 0))
    checks.extend(GoalCheck(kind, n, bag[kind]) for kind, n in goal.fish.items())
    if goal.boats:
        checks.append(GoalCheck("boats", goal.boats, len(state.fleet) if state else 0))
    if goal.upgrades:
        checks.append(GoalCheck("upgrades", goal.upgrades, len(state.upgrades) if state else 0))
    return tuple(checks)


class Position:
    """What every reader of a position needs: the fields (declared here for the type checker) and the
    derived, read-only queries. [`ConservasState`][tabletop.conservas.state.ConservasState] and
    [`Work`][tabletop.conservas.state.Work] (the next state while one step is worked out) are positions; the checks
    and effects only read, so they take a `Position` and serve both."""

    __slots__ = ()

    if TYPE_CHECKING:
        flow: Flow
        seed: int | None
        chance_count: int
        month: str
        goal: str
        money: int
        supply: Tokens
        bag: Bag
        hand: Tokens
        handful: int
        to_return: int
        catch: Tokens
        deep: Tokens
        used: tuple[str, ...]
        bought: tuple[str, ...]
        spent: tuple[str, ...]
        handful_spent: tuple[str, ...]
        cards: Cards
        market: tuple[str, ...]
        due: tuple[str, ...]
        report: DayReport
        forfeit: str
        overfishing: str

    @property
    def rounds(self) -> int:
        """How many rounds this month lasts."""
        return MONTHS[self.month].rounds

    @property
    def boat_deck(self) -> Deck:
        """The boat deck."""
        return self.cards.boat_deck

    @property
    def boat_row(self) -> tuple[str, ...]:
        """The face-up boats, left to right."""
        return self.cards.boat_row

    @property
    def boat_discard(self) -> tuple[str, ...]:
        """Discarded boats."""
        return self.cards.boat_discard

    @property
    def offer(self) -> tuple[str, ...]:
        """The boats offered at setup."""
        return self.cards.offer

    @property
    def fleet(self) -> tuple[str, ...]:
        """The player's boats, in line order."""
        return self.cards.fleet

    @property
    def upgrade_deck(self) -> Deck:
        """The upgrade deck."""
        return self.cards.upgrade_deck

    @property
    def upgrade_row(self) -> tuple[str, ...]:
        """The face-up upgrades."""
        return self.cards.upgrade_row

    @property
    def upgrade_discard(self) -> tuple[str, ...]:
        """Discarded upgrades."""
        return self.cards.upgrade_discard

    @property
    def upgrades(self) -> tuple[OwnedUpgrade, ...]:
        """The player's upgrades."""
        return self.cards.upgrades

    def space(self, space_id: str) -> MarketSpace:
        """The market space `space_id` (`"r1c1"`) as it stands now.

        Raises:
            KeyError: If the month's market has no such space (the message lists the ids).
        """
        for index, space in enumerate(MONTHS[self.month].spaces):
            if space.id == space_id:
                return _market_space(space, self.market[index])
        ids = ", ".join(s.id for s in MONTHS[self.month].spaces)
        msg = f"{MONTHS[self.month].name}'s market has no space {space_id!r} (spaces: {ids})"
        raise KeyError(msg)

    @property
    def spaces(self) -> Mapping[str, MarketSpace]:
        """Every market space by id, in the month's order (row by row)."""
        return {s.id: _market_space(s, mark) for s, mark in zip(MONTHS[self.month].spaces, self.market, strict=True)}

    def card(self, card_id: str) -> Boat | Upgrade:
        """The boat or upgrade card `card_id` with its printed values (a boat's `catch`, `cost`
        and `upkeep`; an upgrade's `cost`, `phase`, `frequency` and `effect`), wherever it is.

        Raises:
            KeyError: If no boat or upgrade has that id.
        """
        if card_id in BOATS:
            return BOATS[card_id]
        if card_id in UPGRADES:
            return UPGRADES[card_id]
        msg = f"no boat or upgrade card {card_id!r}"
        raise KeyError(msg)

    def owned_effects(self, kind: str) -> Iterator[tuple[str, int, Upgrade, Effect]]:
        """(card id, round bought, card, effect) of each owned upgrade whose effect is of `kind`
        (a key of [`EFFECTS`][tabletop.conservas.content.EFFECTS]), in the order bought."""
        upgrades = self.cards.upgrades
        return iter(_effects_by_kind(upgrades).get(kind, ()) if upgrades else ())

    @property
    def upgrade_ids(self) -> tuple[str, ...]:
        """The ids of the player's upgrades."""
        return tuple(u.card for u in self.upgrades)

    def sea_tokens(self) -> Tokens:
        """Every sea token in the game, wherever it is (always the 116 of the supply list)."""
        total = self.supply + self.bag.contents + self.hand + self.catch + self.deep
        total += Tokens([kind for kind in self.market if kind])
        for owned in self.upgrades:
            total += owned.kept
        return total


@attrs.frozen
class ConservasState(Position, State):
    """A Conservas position. See the module docstring for where things are.

    Read by name: [`space`][tabletop.conservas.state.Position.space] (a market space by id, `"r1c1"`),
    [`spaces`][tabletop.conservas.state.Position.spaces] (all of them), [`card`][tabletop.conservas.state.Position.card]
    (a boat or upgrade card with its printed values: catch, cost, upkeep...), the parts of `cards` as attributes.

    Attributes:
        flow: Where play stands ([`Flow`][tabletop.kernel.phases.Flow]): `flow.phase` and
            `flow.step` (the phase table's names: `"sea"`, `"draw"`...), `flow.round` (the round
            marker, from 1) and `flow.key` (`"sea.draw"`).
        seed: The game's seed (chance is sampled from it), `None` in a view.
        chance_count: How many chance outcomes were applied so far.
        month: The month played (a key of `content.MONTHS`).
        goal: `"standard"` or `"difficult"`.
        money: Euros held (never negative; with `handful` and `to_return`, marked `STEADY`).
        supply: The general supply of sea tokens.
        bag: The sea bag.
        hand: The handful being drawn (At Sea).
        handful: How many tokens the current handful draws in all (with `sift` extras).
        to_return: Drawn tokens still to return to the bag before placing (`sift`).
        catch: The tokens on the boats (fished this round).
        deep: The Deep Sea: tokens under the boats and on the Open Water card.
        used: Cards that received a handful this round, in order (CON-2.2).
        bought: Boats and upgrades bought this round (CON-3.8, CON-4.3/4/6).
        spent: Upgrades whose once-per-round effect was used this round.
        handful_spent: Upgrades whose effect was used for the current handful.
        cards: Where every boat and upgrade card is; the state reads its parts as its own
            attributes (`state.fleet`, `state.boat_row`, `state.upgrades`...).
        market: Per market space (month order): [`Blank.NONE`][tabletop.conservas.state.Blank]
            (`""`) while open, else the kind left on it; read one by id with `space("r1c1")`.
        due: Boats whose upkeep is still to settle this End of Day.
        report: What the last End of Day did.
        forfeit: Why the game was forfeited, or [`Blank.NONE`][tabletop.conservas.state.Blank].
        overfishing: The `overfishing` option (CON-2.7): `"short"` (the default) or `"empty"`.
    """

    flow: Flow
    seed: int | None
    chance_count: int
    month: str
    goal: str
    money: int = attrs.field(metadata={STEADY: True})
    supply: Tokens
    bag: Bag
    hand: Tokens
    handful: int = attrs.field(metadata={STEADY: True})
    to_return: int = attrs.field(metadata={STEADY: True})
    catch: Tokens
    deep: Tokens
    used: tuple[str, ...]
    bought: tuple[str, ...]
    spent: tuple[str, ...]
    handful_spent: tuple[str, ...]
    cards: Cards
    market: tuple[str, ...]
    due: tuple[str, ...] = ()
    report: DayReport = attrs.field(factory=DayReport)
    forfeit: str = Blank.NONE
    overfishing: str = attrs.field(default="short", metadata={OPTIONAL: True})

    @property
    def num_players(self) -> int:
        """Conservas is a solo game: one seat."""
        return 1

    @property
    def outcome(self) -> ConservasResult | None:
        """`None` until the game is over; then won/lost with every goal part, or the forfeit."""
        if not self.is_terminal:
            return None
        checks = () if self.forfeit else _goal_checks(self.month, self.goal, self)
        won = not self.forfeit and all(c.met for c in checks)
        rounds = self.flow.round - (1 if self.forfeit else 0)
        return ConservasResult(self.month, self.goal, won, checks, self.forfeit, self.money, rounds)

    def _counted(self) -> ConservasState:
        """Chance events are counted by the rules in the one state each step builds (see
        `rules.apply`), not in a second copy."""
        return self


class Work(Position, Builder[ConservasState], state=ConservasState):
    """The next state while one step is worked out: the kernel's
    [`Builder`][tabletop.kernel.builder.Builder] of [`ConservasState`][tabletop.conservas.state.ConservasState].

    `rules.apply` copies the state into a `Work`, the move and the automatic steps after it change it in place
    (each field a new immutable value), and `freeze()` builds the new state once. Its fields are generated from
    the state's."""

    def goto(self, target: str, *, round: int | None = None) -> None:
        """Move the flow to `target` through the phase table (which checks the transition)."""
        self.flow = ConservasState.MACHINE.goto(self.flow, target, round=round)

    def set_cards(self, **changes: object) -> None:
        """Replace parts of `cards` (`boat_row=...`, `fleet=...`)."""
        self.cards = evolve(self.cards, **changes)


_Rows = dict[str, tuple[tuple[str, int, Upgrade, Effect], ...]]
_last: tuple[object, _Rows] = ((), {})  # the last upgrades tuple `_effects_by_kind` read, and its answer


def _effects_by_kind(upgrades: tuple[OwnedUpgrade, ...]) -> _Rows:
    """`owned_effects` of every kind, once per tuple of owned upgrades (a game's states share it)."""
    global _last  # a one-entry cache, replaced whole: no lock needed
    last = _last
    if last[0] is not upgrades:
        found: _Rows = {}
        for owned in upgrades:
            card = UPGRADES[owned.card]
            found[card.effect.kind] = (*found.get(card.effect.kind, ()), (owned.card, owned.round, card, card.effect))
        last = _last = (upgrades, found)
    return last[1]


def _market_space(space: Space, mark: str) -> MarketSpace:
    return MarketSpace(space.id, space.row, space.col, space.needs, space.price, mark or None)
