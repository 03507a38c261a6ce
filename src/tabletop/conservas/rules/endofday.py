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

from typing import Final

from tabletop.conservas.checks import CHECKS, passes, upkeep_of
from tabletop.conservas.content import BOATS, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import Row, Upkeep
from tabletop.conservas.rules import effects
from tabletop.conservas.rules.setup import ROW_SIZE
from tabletop.conservas.state import ConservasState, DayReport
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


def _bought(state: ConservasState, table: object) -> bool:
    return any(card in table for card in state.bought)  # type: ignore[operator]


def clear(state: ConservasState) -> ConservasState:
    """Steps 1-2: fish on the boats to the supply (or the bag), water back into the bag."""
    catch = state.catch
    water = Tokens({"water": catch["water"]}) if "water" in catch else Tokens()
    fish = catch - water
    back = Tokens({kind: n for kind, n in fish.items() if effects.returns_catch(state, kind)})
    step = "boat_choice" if state.boat_row and not _bought(state, BOATS) else "boat_refill"
    return MACHINE.go(
        state,
        step,
        catch=Tokens(),
        bag=state.bag.put(water + back),
        supply=state.supply + (fish - back),
    )


def row_moves(state: ConservasState) -> tuple[Move, ...]:
    """`keep` or `discard` the row being refilled (the moves of both rows that pass the row check)."""
    return tuple(move for pair in _ROW_MOVES.values() for move in pair if passes(state, move, _ROW_CHECKS))


def apply(state: ConservasState, move: Move) -> ConservasState:
    """Apply a legal End of Day decision: a row choice or an upkeep payment."""
    if isinstance(move, Row):
        which = "boat" if move.row == "boats" else "upgrade"
        if not move.discard:
            return MACHINE.go(state, f"{which}_refill")
        row = getattr(state, f"{which}_row")
        discard = getattr(state, f"{which}_discard")
        changes = {f"{which}_row": (), f"{which}_discard": (*discard, *row)}
        return MACHINE.go(state, f"{which}_refill", cards=evolve(state.cards, **changes))
    assert isinstance(move, Upkeep)
    cost = upkeep_of(state, move.boat)
    due = tuple(b for b in state.due if b != move.boat)
    report = evolve(state.report, upkeep=state.report.upkeep + cost)
    return MACHINE.go(state, "settle", money=state.money - cost, due=due, report=report)


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
    return MACHINE.go(state, step, cards=evolve(state.cards, **changes))


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
    return MACHINE.go(state, f"{which}_refill", cards=evolve(state.cards, **changes))


def upkeep(state: ConservasState) -> ConservasState:
    """Step 5 begins: income (CON-6.11), then the boats whose upkeep is due (CON-4.6)."""
    gained = effects.income(state)
    due = tuple(boat for boat in state.fleet if boat not in state.bought)
    state = evolve(state, money=state.money + gained, due=due, report=DayReport(income=gained))
    return _settle(state, "upkeep")


def settle(state: ConservasState) -> ConservasState:
    """Step 5 goes on after the player paid one boat."""
    return _settle(state, "settle")


def _settle(state: ConservasState, here: str) -> ConservasState:
    """Pay what needs no decision; stop when the order of payments decides which boats stay."""
    money = state.money
    paid = state.report.upkeep
    cost = {boat: upkeep_of(state, boat) for boat in state.due}
    due = [boat for boat in state.due if cost[boat] > 0]
    affordable = [boat for boat in due if cost[boat] <= money]
    if sum(cost[boat] for boat in affordable) > money:
        report = evolve(state.report, upkeep=paid)
        return MACHINE.go(state, "pay", money=money, due=tuple(due), report=report)
    # Money only goes down, so a boat unaffordable now never becomes affordable: when the money
    # covers every affordable boat, every order of payments keeps the same boats.
    for boat in affordable:
        money -= cost[boat]
        paid += cost[boat]
    due = [boat for boat in due if boat not in affordable]
    discarded = tuple(due)
    fleet = tuple(boat for boat in state.fleet if boat not in discarded)
    report = evolve(state.report, upkeep=paid, discarded=(*state.report.discarded, *discarded))
    return MACHINE.go(
        state,
        "spawn",
        money=money,
        due=(),
        cards=evolve(state.cards, fleet=fleet, boat_discard=(*state.boat_discard, *discarded)),
        report=report,
    )


def pay_moves(state: ConservasState) -> tuple[Move, ...]:
    """The boats whose upkeep the player can pay next, in line order (those passing the upkeep checks)."""
    return tuple(move for move in map(Upkeep, state.due) if passes(state, move, _UPKEEP_CHECKS))


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
    report = evolve(state.report, spawned=spawned, restocked=restocked)
    bag = state.bag.put(state.deep + spawned + restocked)
    if state.flow.round >= state.rounds:
        return MACHINE.go(state, "end.over", supply=supply, bag=bag, deep=Tokens(), report=report)
    return MACHINE.go(
        state,
        "sea.start",
        round=state.flow.round + 1,
        supply=supply,
        bag=bag,
        deep=Tokens(),
        report=report,
        used=(),
        bought=(),
        spent=(),
        handful_spent=(),
    )
