"""End of Day (CON-4.x), in the rulebook's order.

1. fish left on the boats go to the supply (CON-4.1; `return_catch` upgrades: to the bag);
2. water left on the boats goes back into the bag (CON-4.2);
3. the boat row is refilled to 3, or, if no boat was bought this round, the player may
   discard the whole row and deal 3 new ones (CON-4.3);
4. the same for the upgrade row (CON-4.4); an empty deck is refilled by shuffling its
   discard pile (CON-4.5);
5. upkeep for every boat not bought this round, after `income` upgrades (CON-6.11): never
   below zero money; a boat whose upkeep cannot be paid is discarded; when money is short
   and the order decides which boats are kept, the player orders the payments (CON-4.6);
6. spawning: each fish kind with `n >= 2` in the Deep Sea gains `n - 1` from the supply,
   as far as the supply allows (CON-4.7); `restock` upgrades and the month's `migration`
   move fish from the supply into the bag; then every Deep Sea token goes into the bag (CON-4.8);
7. the round marker advances; after the last round the game ends and the goals are
   checked (CON-4.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tabletop.conservas.checks import CHECKS, passes, upkeep_of
from tabletop.conservas.content import BOATS, UPGRADES
from tabletop.conservas.moves import Row, Upkeep
from tabletop.conservas.rules import effects
from tabletop.conservas.rules.setup import ROW_SIZE
from tabletop.conservas.state import ConservasState, DayReport, Position, Work
from tabletop.kernel.deck import Deck
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = [
    "ROW_SIZE",
    "apply",
    "boat_refill",
    "clear",
    "deal",
    "pay_moves",
    "row_moves",
    "settle",
    "spawn",
    "upgrade_refill",
    "upkeep",
]

_ROW_CHECKS: Final = CHECKS[Row]
_UPKEEP_CHECKS: Final = CHECKS[Upkeep]
_ROW_MOVES: Final = {
    "boats": (Row("boats", discard=False), Row("boats", discard=True)),
    "upgrades": (Row("upgrades", discard=False), Row("upgrades", discard=True)),
}


def _bought(state: Position, table: object) -> bool:
    return any(card in table for card in state.bought)  # type: ignore[operator]


def clear(work: Work) -> None:
    """Steps 1-2: fish on the boats to the supply (or the bag), water back into the bag."""
    catch = work.catch
    water = Tokens({"water": catch["water"]}) if "water" in catch else Tokens()
    fish = catch - water
    back = Tokens({kind: n for kind, n in fish.items() if effects.returns_catch(work, kind)})
    work.catch = Tokens()
    work.bag = work.bag.put(water + back)
    work.supply = work.supply + (fish - back)
    work.goto("boat_choice" if work.boat_row and not _bought(work, BOATS) else "boat_refill")


def row_moves(state: ConservasState) -> tuple[Move, ...]:
    """`keep` or `discard` the row being refilled (the moves of both rows that pass the row check)."""
    return tuple(move for pair in _ROW_MOVES.values() for move in pair if passes(state, move, _ROW_CHECKS))


def apply(work: Work, move: Move) -> None:
    """Apply a legal End of Day decision: a row choice or an upkeep payment."""
    if isinstance(move, Row):
        which = "boat" if move.row == "boats" else "upgrade"
        if move.discard:
            row = getattr(work, f"{which}_row")
            discard = getattr(work, f"{which}_discard")
            work.set_cards(**{f"{which}_row": (), f"{which}_discard": (*discard, *row)})
        work.goto(f"{which}_refill")
        return
    assert isinstance(move, Upkeep)
    cost = upkeep_of(work, move.boat)
    work.due = tuple(b for b in work.due if b != move.boat)
    work.report = evolve(work.report, upkeep=work.report.upkeep + cost)
    work.money -= cost
    work.goto("settle")


#: Per row: the names of its deck, row and discard pile in `Cards`, and its refill step.
_PARTS: Final = {
    which: (f"{which}_deck", f"{which}_row", f"{which}_discard", f"{which}_refill") for which in ("boat", "upgrade")
}


def _refill(work: Work, which: str, chance: str, then: str) -> None:
    """Deal known cards to the row, reshuffle an empty deck, or stop at an unknown card."""
    deck_name, row_name, discard_name, _ = _PARTS[which]
    cards = work.cards
    deck: Deck = getattr(cards, deck_name)
    row: tuple[str, ...] = getattr(cards, row_name)
    discard: tuple[str, ...] = getattr(cards, discard_name)
    step = then
    while len(row) < ROW_SIZE:
        if deck.is_empty:
            if not discard:
                break
            deck, discard = Deck.shuffled(discard), ()
        if not deck.top_is_known:
            step = chance
            break
        card, deck = deck.draw()
        row = (*row, card)
    if row is not getattr(cards, row_name) or deck is not getattr(cards, deck_name):  # else: nothing moved
        work.cards = evolve(cards, **{deck_name: deck, row_name: row, discard_name: discard})
    work.goto(step)


def boat_refill(work: Work) -> None:
    """Step 3: refill the boat row to 3 (CON-4.3, CON-4.5)."""
    then = "upgrade_choice" if work.upgrade_row and not _bought(work, UPGRADES) else "upgrade_refill"
    _refill(work, "boat", "boat_deal", then)


def upgrade_refill(work: Work) -> None:
    """Step 4: refill the upgrade row to 3 (CON-4.4, CON-4.5)."""
    _refill(work, "upgrade", "upgrade_deal", "upkeep")


def deal(work: Work, card: str) -> None:
    """A card dealt from an unknown deck at the End of Day joins its row."""
    deck_name, row_name, _, refill = _PARTS["boat" if work.flow.step == "boat_deal" else "upgrade"]
    cards = work.cards
    _, deck = getattr(cards, deck_name).draw(card)
    work.cards = evolve(cards, **{deck_name: deck, row_name: (*getattr(cards, row_name), card)})
    work.goto(refill)


def upkeep(work: Work) -> None:
    """Step 5 begins: income (CON-6.11), then the boats whose upkeep is due (CON-4.6)."""
    gained = effects.income(work)
    work.money += gained
    work.due = tuple(boat for boat in work.fleet if boat not in work.bought)
    work.report = DayReport(income=gained)
    settle(work)


def settle(work: Work) -> None:
    """Step 5: pay what needs no decision; stop when the order of payments decides which boats
    stay (the player pays one boat, and it goes on from `settle`)."""
    money = work.money
    paid = work.report.upkeep
    cost = {boat: upkeep_of(work, boat) for boat in work.due}
    due = [boat for boat in work.due if cost[boat] > 0]
    affordable = [boat for boat in due if cost[boat] <= money]
    if sum(cost[boat] for boat in affordable) > money:
        work.due = tuple(due)
        work.goto("pay")
        return
    # Money only goes down, so a boat unaffordable now never becomes affordable: when the money
    # covers every affordable boat, every order of payments keeps the same boats.
    for boat in affordable:
        money -= cost[boat]
        paid += cost[boat]
    discarded = tuple(boat for boat in due if boat not in affordable)
    work.money = money
    work.due = ()
    if discarded:
        work.set_cards(
            fleet=tuple(boat for boat in work.fleet if boat not in discarded),
            boat_discard=(*work.boat_discard, *discarded),
        )
        work.report = evolve(work.report, upkeep=paid, discarded=(*work.report.discarded, *discarded))
    elif paid != work.report.upkeep:
        work.report = evolve(work.report, upkeep=paid)
    work.goto("spawn")


def pay_moves(state: ConservasState) -> tuple[Move, ...]:
    """The boats whose upkeep the player can pay next, in line order (those passing the upkeep checks)."""
    return tuple(move for move in map(Upkeep, state.due) if passes(state, move, _UPKEEP_CHECKS))


def _capped(wanted: Mapping[str, int], supply: Tokens) -> Tokens:
    capped = {kind: min(n, supply[kind]) for kind, n in wanted.items()}
    return Tokens(capped) if capped else _NONE


_NONE: Final = Tokens()


def spawn(work: Work) -> None:
    """Steps 6-7: spawning, restocking, the Deep Sea into the bag, the next round or the end."""
    supply = work.supply
    wanted = {
        kind: n - 1 + effects.extra_spawn(work, kind) for kind, n in work.deep.items() if kind != "water" and n >= 2
    }
    spawned = _capped(wanted, supply)
    supply -= spawned
    restocked = _capped(effects.restock(work) + effects.migration(work), supply)
    work.supply = supply - restocked
    work.report = evolve(work.report, spawned=spawned, restocked=restocked)
    work.bag = work.bag.put(work.deep + spawned + restocked)
    work.deep = _NONE
    if work.flow.round >= work.rounds:
        work.goto("end.over")
        return
    work.goto("sea.start", round=work.flow.round + 1)
    work.used = work.bought = work.spent = work.handful_spent = ()
