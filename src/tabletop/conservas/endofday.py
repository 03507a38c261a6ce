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

from typing import TYPE_CHECKING, Final

import attrs

from tabletop.conservas import effects
from tabletop.conservas.content import BOATS, UPGRADES
from tabletop.conservas.machine import MACHINE
from tabletop.conservas.moves import Row, Upkeep
from tabletop.conservas.parts import DayReport
from tabletop.kernel.deck import Deck
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

if TYPE_CHECKING:
    from tabletop.conservas.state import ConservasState

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

#: Face-up cards in each row (CON-1.6, CON-1.8).
ROW_SIZE: Final = 3
_ROW_MOVES: Final = {
    "boats": (Row("boats", discard=False), Row("boats", discard=True)),
    "upgrades": (Row("upgrades", discard=False), Row("upgrades", discard=True)),
}


def _go(state: ConservasState, step: str, **changes: object) -> ConservasState:
    return state.evolve(flow=MACHINE.goto(state.flow, step), **changes)


def _bought(state: ConservasState, table: object) -> bool:
    return any(card in table for card in state.bought)  # type: ignore[operator]


def clear(state: ConservasState) -> ConservasState:
    """Steps 1-2: fish on the boats to the supply (or the bag), water back into the bag."""
    catch = state.catch
    water = Tokens({"water": catch["water"]}) if "water" in catch else Tokens()
    fish = catch - water
    back = Tokens({kind: n for kind, n in fish.items() if effects.returns_catch(state, kind)})
    step = "boat_choice" if state.boat_row and not _bought(state, BOATS) else "boat_refill"
    return _go(
        state,
        step,
        catch=Tokens(),
        bag=state.bag.put(water + back),
        supply=state.supply + (fish - back),
    )


def row_moves(state: ConservasState) -> tuple[Move, ...]:
    """`keep` or `discard` the row being refilled."""
    return _ROW_MOVES["boats" if state.flow.step == "boat_choice" else "upgrades"]


def apply(state: ConservasState, move: Move) -> ConservasState:
    """Apply a legal End of Day decision: a row choice or an upkeep payment."""
    if isinstance(move, Row):
        which = "boat" if move.row == "boats" else "upgrade"
        if not move.discard:
            return _go(state, f"{which}_refill")
        row = getattr(state, f"{which}_row")
        discard = getattr(state, f"{which}_discard")
        changes = {f"{which}_row": (), f"{which}_discard": (*discard, *row)}
        return _go(state, f"{which}_refill", **changes)
    assert isinstance(move, Upkeep)
    cost = effects.upkeep_of(state, move.boat)
    due = tuple(b for b in state.due if b != move.boat)
    report = attrs.evolve(state.report, upkeep=state.report.upkeep + cost)
    return _go(state, "settle", money=state.money - cost, due=due, report=report)


def _refill(state: ConservasState, which: str, chance: str, then: str) -> ConservasState:
    """Deal known cards to the row, reshuffle an empty deck, or stop at an unknown card."""
    deck: Deck = getattr(state, f"{which}_deck")
    row: tuple[str, ...] = getattr(state, f"{which}_row")
    discard: tuple[str, ...] = getattr(state, f"{which}_discard")
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
    changes = {f"{which}_deck": deck, f"{which}_row": row, f"{which}_discard": discard}
    return _go(state, step, **changes)


def boat_refill(state: ConservasState) -> ConservasState:
    """Step 3: refill the boat row to 3 (CON-4.3, CON-4.5)."""
    then = "upgrade_choice" if state.upgrade_row and not _bought(state, UPGRADES) else "upgrade_refill"
    return _refill(state, "boat", "boat_deal", then)


def upgrade_refill(state: ConservasState) -> ConservasState:
    """Step 4: refill the upgrade row to 3 (CON-4.4, CON-4.5)."""
    return _refill(state, "upgrade", "upgrade_deal", "upkeep")


def deal(state: ConservasState, card: str) -> ConservasState:
    """A card dealt from an unknown deck at the End of Day joins its row."""
    which = "boat" if state.flow.step == "boat_deal" else "upgrade"
    _, deck = getattr(state, f"{which}_deck").draw(card)
    changes = {f"{which}_deck": deck, f"{which}_row": (*getattr(state, f"{which}_row"), card)}
    return _go(state, f"{which}_refill", **changes)


def upkeep(state: ConservasState) -> ConservasState:
    """Step 5 begins: income (CON-6.11), then the boats whose upkeep is due (CON-4.6)."""
    gained = effects.income(state)
    due = tuple(boat for boat in state.fleet if boat not in state.bought)
    state = state.evolve(money=state.money + gained, due=due, report=DayReport(income=gained))
    return _settle(state, "upkeep")


def settle(state: ConservasState) -> ConservasState:
    """Step 5 goes on after the player paid one boat."""
    return _settle(state, "settle")


def _settle(state: ConservasState, here: str) -> ConservasState:
    """Pay what needs no decision; stop when the order of payments decides which boats stay."""
    money = state.money
    paid = state.report.upkeep
    cost = {boat: effects.upkeep_of(state, boat) for boat in state.due}
    due = [boat for boat in state.due if cost[boat] > 0]
    affordable = [boat for boat in due if cost[boat] <= money]
    if sum(cost[boat] for boat in affordable) > money:
        report = attrs.evolve(state.report, upkeep=paid)
        return _go(state, "pay", money=money, due=tuple(due), report=report)
    # Money only goes down, so a boat unaffordable now never becomes affordable: when the money
    # covers every affordable boat, every order of payments keeps the same boats.
    for boat in affordable:
        money -= cost[boat]
        paid += cost[boat]
    due = [boat for boat in due if boat not in affordable]
    discarded = tuple(due)
    fleet = tuple(boat for boat in state.fleet if boat not in discarded)
    report = attrs.evolve(state.report, upkeep=paid, discarded=(*state.report.discarded, *discarded))
    return _go(
        state,
        "spawn",
        money=money,
        due=(),
        fleet=fleet,
        boat_discard=(*state.boat_discard, *discarded),
        report=report,
    )


def pay_moves(state: ConservasState) -> tuple[Move, ...]:
    """The boats whose upkeep the player can pay next, in line order."""
    return tuple(Upkeep(boat) for boat in state.due if effects.upkeep_of(state, boat) <= state.money)


def _capped(wanted: Tokens, supply: Tokens) -> Tokens:
    return Tokens({kind: min(n, supply[kind]) for kind, n in wanted.items()})


def spawn(state: ConservasState) -> ConservasState:
    """Steps 6-7: spawning, restocking, the Deep Sea into the bag, the next round or the end."""
    supply = state.supply
    wanted = {
        kind: n - 1 + effects.extra_spawn(state, kind) for kind, n in state.deep.items() if kind != "water" and n >= 2
    }
    spawned = _capped(Tokens(wanted), supply)
    supply -= spawned
    restocked = _capped(effects.restock(state) + effects.migration(state), supply)
    supply -= restocked
    report = attrs.evolve(state.report, spawned=spawned, restocked=restocked)
    bag = state.bag.put(state.deep + spawned + restocked)
    state = state.evolve(supply=supply, bag=bag, deep=Tokens(), report=report)
    if state.flow.round >= state.rounds:
        return _go(state, "end.over")
    flow = MACHINE.goto(state.flow, "sea.start", round=state.flow.round + 1)
    return state.evolve(flow=flow, used=(), bought=(), spent=(), handful_spent=())
