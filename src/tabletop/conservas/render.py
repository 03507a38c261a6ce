"""A readable text board of a Conservas view, and a heuristic of how well the player is doing.

Frontends find both through [`tabletop.frontend.render.game_hook`][tabletop.kernel.hooks.game_hook]:

* [`render`][tabletop.conservas.render.render] draws the board as plain text, at most 100 columns wide: the month, round
  and step with what is being decided, money, the sea bag and the supply, the handful, the boats
  and the Open Water card, the Deep Sea, the market grid, the face-up boats and upgrades, the
  player's upgrades, the goals with the progress made, and the result at the end.
* [`evaluate`][tabletop.conservas.render.evaluate] is a cheap estimate in `[0, 1]` of the player's chances (`1.0` for a
  won game, `0.0` for a lost one) that `tabletop.agents.GreedyAgent`
  follows one move ahead. It counts every part of the goal in euros: money with what the
  catch and the boats should still earn (never more than the market still pays), the fish
  left in the sea against the sustainability goal, and the boats and upgrades still missing.

```pycon
>>> import tabletop
>>> state = tabletop.get_game("conservas").new_game(seed=3, month="january")
>>> print(render(state.view(0), 0).splitlines()[0])
Conservas: January, standard goal  |  round 1/7  |  Setup
>>> 0.0 < evaluate(state.view(0), 0) < 1.0
True

```

Boats share one catch: the state keeps the tokens on all the boats together (which boat a
fish sits on changes no rule), so the board shows the catch once, under the boats.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Mapping, Sequence
from typing import Final

from tabletop.conservas import effects
from tabletop.conservas.content import BOATS, FISH, MONTHS, UPGRADES, Month
from tabletop.conservas.land import PREREQ, is_open
from tabletop.conservas.moves import OPEN_WATER
from tabletop.conservas.state import ConservasState
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["describe_card", "evaluate", "fold_events", "render"]


def fold_events(events: Sequence[Event]) -> list[str]:
    """The lines a terminal prints for `events`: tokens drawn one by one from the bag are
    one line (`drew 5 tokens from the bag: sardine x3, scallop, water`)."""
    lines: list[str] = []
    drawn: list[str] = []
    for event in (*events, None):
        if event is not None and event.kind == "draw":
            drawn.append(str(event.get("token")))
            continue
        if len(drawn) == 1:
            lines.append(f"drew a {drawn[0]} from the bag")
        elif drawn:
            lines.append(f"drew {len(drawn)} tokens from the bag: {_tokens(Tokens(drawn))}")
        drawn.clear()
        if event is not None:
            lines.append(event.text)
    return lines


#: The widest line the board draws.
WIDTH: Final = 100
_PHASES: Final = {"setup": "Setup", "sea": "At Sea", "land": "On Land", "eod": "End of Day", "end": "Game over"}
_CARD_PHASES: Final = {"at_sea": "At Sea", "on_land": "On Land", "end_of_day": "End of Day"}
_FREQUENCIES: Final = {"ongoing": "ongoing", "once_per_round": "once per round", "when_bought": "the round bought"}
_COSTS: Final = {"any": "1 fish, any kind", "same": "2 fish, same kind", "different": "2 fish, different"}
_FILLS: Final = {
    "rows": "each row fills left to right",
    "columns": "each column fills top down",
    "any": "spaces fill in any order",
}
_ORDER: Final = (*FISH, "water")
_SHORT: Final = {"sardine": "sar", "mussel": "mus", "scallop": "sca", "octopus": "oct", "water": "wat"}


def _tokens(tokens: Tokens) -> str:
    """`sardine x2, water`: fish in the rulebook's order, then water (`-` when empty)."""
    counts = [(kind, tokens[kind]) for kind in _ORDER if tokens[kind]]
    counts += [(kind, n) for kind, n in tokens.items() if kind not in _ORDER]
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in counts) or "-"


def _order(needs: Tokens, price: int) -> str:
    """A market order: `2sar+sca->5`."""
    fish = "+".join(f"{n if n > 1 else ''}{_SHORT.get(kind, kind)}" for kind, n in needs.items())
    return f"{fish}->{price}"


def _name(card: str) -> str:
    if card in BOATS:
        return f"{BOATS[card].name} [{card}]"
    if card in UPGRADES:
        return f"{UPGRADES[card].name} [{card}]"
    return "Open Water [open-water]" if card == OPEN_WATER else card


def _wrap(text: str, indent: int) -> list[str]:
    pad = " " * indent
    return textwrap.wrap(text, WIDTH, initial_indent=pad, subsequent_indent=pad) if text else []


# The board -------------------------------------------------------------------------------


def render(view: State, seat: int | None) -> str:
    """The board of a Conservas view (or whole state) as plain text, at most 100 columns wide.

    Args:
        view: A Conservas state or view (nothing is hidden from the solo player).
        seat: The seat it is shown to (`0`), or `None` for a whole state.
    """
    assert isinstance(view, ConservasState), f"not a Conservas state: {type(view).__name__}"
    state = view
    month = MONTHS[state.month]
    lines = _header(state, month)
    lines += _sea(state)
    lines += _fleet(state)
    lines += _market(state, month)
    lines += _rows(state)
    lines += _owned(state)
    lines += _goals(state, month)
    return "\n".join(line.rstrip() for line in lines)


def _header(state: ConservasState, month: Month) -> list[str]:
    flow = state.flow
    head = (
        f"Conservas: {month.name}, {state.goal} goal  |  round {flow.round}/{month.rounds}  |  "
        f"{_PHASES.get(flow.phase, flow.phase)}"
    )
    lines = [head, f"Now: {_deciding(state)}", f"Money: {state.money} euro{'' if state.money == 1 else 's'}"]
    if flow.key in ("setup.choose", "setup.offer") and state.offer:
        lines.append("Boats offered (keep one, the other goes under the boat deck):")
        lines += [_boat_line(state, boat, owned=False) for boat in state.offer]
    if flow.key == "eod.pay" and state.due:
        due = ", ".join(f"{_name(b)} {effects.upkeep_of(state, b)} euros" for b in state.due)
        lines += _wrap(f"Upkeep still due: {due}", 0)
    return lines


def _deciding(state: ConservasState) -> str:
    """What is being decided at this step, in words."""
    key = state.flow.key
    cards = len(state.fleet) + 1
    handful = min(len(state.used) + 1, cards)
    if key == "setup.offer":
        return f"chance deals the boats to choose from ({len(state.offer)} of 2 dealt)"
    if key == "setup.choose":
        return "choose your first boat (choose <boat>)"
    if key == "setup.deal":
        return f"chance deals the rows ({len(state.boat_row)}/3 boats, {len(state.upgrade_row)}/3 upgrades)"
    if key == "sea.draw":
        return f"chance draws handful {handful} of {cards} ({state.hand.total} of {state.handful} tokens drawn)"
    if key == "sea.sift":
        return f"return {state.to_return} drawn token(s) to the bag (return <tokens>)"
    if key == "sea.place":
        extra = ", or redraw a token" if effects.redraw_card(state) else ""
        return f"place handful {handful} of {cards} on a boat or the Open Water card{extra}"
    if key == "land.act":
        return "sell to the market, trade fish for an upgrade, buy a boat, or done"
    if key in ("eod.boat_choice", "eod.upgrade_choice"):
        row = "boat" if "boat" in key else "upgrade"
        return f"keep the {row} row, or discard it and deal 3 new {row}s (keep/discard {row}s)"
    if key in ("eod.boat_deal", "eod.upgrade_deal"):
        return f"chance deals a new {'boat' if 'boat' in key else 'upgrade'} to the row"
    if key == "eod.pay":
        return "money is short: choose whose upkeep to pay next (unpaid boats are discarded)"
    if state.is_terminal:
        return "the month is over"
    return "the game moves on by itself"


def _sea(state: ConservasState) -> list[str]:
    lines = [f"Sea bag: {state.bag.total} tokens: {_tokens(state.bag.contents)}"]
    lines += _wrap(f"Supply: {_tokens(state.supply)}", 0)
    if state.flow.phase == "sea" or state.hand:
        lines.append(f"Handful: {_tokens(state.hand)}  ({state.hand.total} of {state.handful} drawn)")
    return lines


def describe_card(view: State, seat: int | None, card: str) -> str:
    """The terminal's `card ID`: a boat's catch, price and upkeep, or an upgrade's cost and
    text, by id or name (nothing in Conservas is hidden from its one player).

    Raises:
        LookupError: If no boat or upgrade has that id or name.
    """
    wanted = card.strip().lower()
    names = {b.name.lower(): b.id for b in BOATS.values()} | {u.name.lower(): u.id for u in UPGRADES.values()}
    cid = wanted if wanted in BOATS or wanted in UPGRADES else names.get(wanted, "")
    if cid in BOATS:
        boat = BOATS[cid]
        return f"{_name(cid)}: a boat; catch {boat.catch}, price {boat.cost}, upkeep {boat.upkeep}"
    if cid in UPGRADES:
        upgrade = UPGRADES[cid]
        when = f"{_CARD_PHASES[upgrade.phase]}, {_FREQUENCIES[upgrade.frequency]}"
        return f"{_name(cid)}: an upgrade; cost: {_COSTS[upgrade.cost]}; {when}: {upgrade.text}"
    if wanted == OPEN_WATER:
        return f"{_name(OPEN_WATER)}: the whole handful placed here goes to the Deep Sea (CON-2.4)"
    raise LookupError(f"no boat or upgrade {card.strip()!r}; the board shows each card's ID in [brackets]")


def _boat_line(state: ConservasState, boat: str, *, owned: bool) -> str:
    """A boat: name and id, catch size, price (for sale) or use this round (owned), upkeep."""
    if owned:
        text = f"  {_name(boat):<38} catch {effects.catch_size(state, boat)}  upkeep {effects.upkeep_of(state, boat)}"
        if not state.is_terminal:
            text += "  used this round" if boat in state.used else "  not used yet"
        return text + ("  (bought this round)" if boat in state.bought else "")
    price = effects.boat_price(state, boat)[0]
    return f"  {_name(boat):<38} catch {BOATS[boat].catch}  price {price:>2}  upkeep {BOATS[boat].upkeep}"


def _fleet(state: ConservasState) -> list[str]:
    if not state.fleet:
        return []
    lines = ["", f"YOUR BOATS ({len(state.fleet)}) and the Open Water card"]
    lines += [_boat_line(state, boat, owned=True) for boat in state.fleet]
    water = "" if state.is_terminal else "  used this round" if OPEN_WATER in state.used else "  not used yet"
    lines.append(f"  {_name(OPEN_WATER):<38} the whole handful goes to the Deep Sea{water}")
    lines.append(f"On the boats (the catch): {_tokens(state.catch)}")
    spawn = _spawning(state)
    tail = f"  -> spawns {_tokens(spawn)}" if spawn else ""
    lines.append(f"Deep Sea: {_tokens(state.deep)}{tail}")
    return lines


def _spawning(state: ConservasState) -> Tokens:
    """What the Deep Sea would spawn now (CON-4.7), as far as the supply allows."""
    found = {
        kind: min(n - 1 + effects.extra_spawn(state, kind), state.supply[kind])
        for kind, n in state.deep.items()
        if kind != "water" and n >= 2
    }
    return Tokens({kind: n for kind, n in found.items() if n > 0})


def _market(state: ConservasState, month: Month) -> list[str]:
    rows = max(space.row for space in month.spaces)
    cols = max(space.col for space in month.spaces)
    cells: dict[tuple[int, int], str] = {}
    for index, space in enumerate(month.spaces):
        mark = "x" if state.market[index] else "*" if is_open(state, index) else "."
        cells[space.row, space.col] = f"{mark} {_order(space.needs, space.price)}"
    width = [max([len(f"c{c}"), *(len(cells.get((r, c), "")) for r in range(1, rows + 1))]) for c in range(1, cols + 1)]
    lines = ["", f"MARKET  ({_FILLS[month.fill]};  * open now   x filled   . waits its turn)"]
    lines.append("      " + "  ".join(f"c{c}".ljust(width[c - 1]) for c in range(1, cols + 1)))
    for r in range(1, rows + 1):
        lines.append(f"  r{r}  " + "  ".join(cells.get((r, c), "").ljust(width[c - 1]) for c in range(1, cols + 1)))
    filled = [f"{s.id} {kind}" for s, kind in zip(month.spaces, state.market, strict=True) if kind]
    if filled:
        lines += _wrap("Tins on the market: " + ", ".join(filled), 2)
    for special in month.special:
        lines += _wrap(f"Month rule: {special.text}", 2)
    return lines


def _rows(state: ConservasState) -> list[str]:
    lines = ["", f"BOATS FOR SALE  (deck {len(state.boat_deck)}, discard {len(state.boat_discard)})"]
    lines += [_boat_line(state, boat, owned=False) for boat in state.boat_row] or ["  -"]
    lines += ["", f"UPGRADES FOR TRADE  (deck {len(state.upgrade_deck)}, discard {len(state.upgrade_discard)})"]
    width = max([38, *(len(_name(card)) for card in state.upgrade_row)])
    for card in state.upgrade_row:
        upgrade = UPGRADES[card]
        lines.append(f"  {_name(card):<{width}} cost: {_COSTS[upgrade.cost]}")
        lines += _wrap(f"{_CARD_PHASES[upgrade.phase]}, {_FREQUENCIES[upgrade.frequency]}: {upgrade.text}", 6)
    if not state.upgrade_row:
        lines.append("  -")
    return lines


def _owned(state: ConservasState) -> list[str]:
    if not state.upgrades:
        return []
    lines = ["", f"YOUR UPGRADES ({len(state.upgrades)})"]
    for owned in state.upgrades:
        upgrade = UPGRADES[owned.card]
        notes = []
        if owned.kept:
            notes.append(f"keeps {_tokens(owned.kept)}")
        if owned.card in state.bought:
            notes.append("bought this round")
        if owned.card in state.spent or owned.card in state.handful_spent:
            notes.append("used this round")
        lines.append(f"  {_name(owned.card):<38} {'; '.join(notes)}")
        lines += _wrap(f"{_CARD_PHASES[upgrade.phase]}, {_FREQUENCIES[upgrade.frequency]}: {upgrade.text}", 6)
    return lines


def _goals(state: ConservasState, month: Month) -> list[str]:
    goal = month.goal(state.goal)
    bag = state.bag.contents
    at_sea = state.hand + state.deep
    lines = ["", f"GOAL ({state.goal}), checked after round {month.rounds}"]

    def check(label: str, have: int, need: int, unit: str) -> None:
        status = "met" if have >= need else f"{need - have} short"
        lines.append(f"  {label:<9}{have:>4} / {need:<4}{unit:<28}{status}")

    if goal.money:
        check("money", state.money, goal.money, "euros")
    for kind, need in goal.fish.items():
        check(kind, bag[kind], need, f"in the bag (+{at_sea[kind]} at sea)" if at_sea[kind] else "in the bag")
    if goal.boats:
        check("boats", len(state.fleet), goal.boats, "boats")
    if goal.upgrades:
        check("upgrades", len(state.upgrades), goal.upgrades, "upgrades")
    report = state.report
    if state.flow.round > 1 or state.is_terminal:
        lost = ", ".join(BOATS[boat].name for boat in report.discarded) or "-"
        lines += _wrap(
            f"Last End of Day: income {report.income}, upkeep {report.upkeep}, spawned {_tokens(report.spawned)}, "
            f"restocked {_tokens(report.restocked)}, boats lost {lost}",
            0,
        )
    outcome = state.outcome
    if outcome is not None:
        if outcome.forfeit:
            verdict = f"LOST, forfeited: {outcome.forfeit}"
        elif outcome.won:
            verdict = "WON: every part of the goal is met"
        else:
            verdict = "LOST: not met: " + "; ".join(f"{c.label} (had {c.have})" for c in outcome.checks if not c.met)
        lines += _wrap(f"RESULT: {verdict}", 0)
    return lines


# The heuristic ---------------------------------------------------------------------------

#: Steps of the End of Day before upkeep and income are settled.
_BEFORE_UPKEEP: Final = frozenset(
    {"clear", "boat_choice", "boat_refill", "boat_deal", "upgrade_choice", "upgrade_refill", "upgrade_deal"}
)
#: How many euros of surplus (or shortfall) move the estimate from 0.5 to about 0.73 (or 0.27).
_SCALE: Final = 8.0


def evaluate(view: State, seat: int | None) -> float:
    """How well the player is doing toward the month's goal: `0.0` (lost) to `1.0` (won).

    A cheap estimate for agents that look one move ahead. Each part of the goal is counted in
    euros: the money held, with what the catch on the boats and the boats' future catches
    should still bring in (at the prices of the market spaces still open, never more than
    they pay in all) less the upkeep still to pay; the fish in the sea (bag, handful and Deep
    Sea, with what it will spawn) against the sustainability goal and as the stock future
    catches come from; the boats and upgrades the goal asks for; and what the owned upgrades
    should still be worth. The euros above or below the goal are squashed into `(0, 1)`.
    """
    assert isinstance(view, ConservasState), f"not a Conservas state: {type(view).__name__}"
    outcome = view.outcome
    if outcome is not None:
        return 1.0 if outcome.won else 0.0
    return 1.0 / (1.0 + math.exp(-_surplus(view) / _SCALE))


def _demand(state: ConservasState, month: Month) -> tuple[frozenset[str], float, int]:
    """The fish kinds the empty market spaces ask for, and the euros and fish they take in all."""
    kinds: set[str] = set()
    euros = 0.0
    size = 0
    for space, filled in zip(month.spaces, state.market, strict=True):
        if not filled:
            euros += effects.sale_price(state, space.needs, space.price)[0]
            size += space.needs.total
            kinds.update(space.needs)
    return frozenset(kinds), euros, size


#: Weights of the heuristic, in euros (tuned on January games of the greedy agent).
_W: Final[Mapping[str, float]] = {
    "sure": 0.6,  # how much of what is still to earn (catches, upgrades) is counted
    "catch_sea": 0.6,  # a fish on a boat At Sea, as a share of its market price
    "catch_land": 0.3,  # the same On Land, where an unsold fish is lost at the End of Day
    "stock": 0.9,  # a fish in the sea, up to what the goal and the market can use
    "short_early": 3.0,  # a fish missing from the sustainability goal, early in the month
    "short_late": 5.0,  # ... and how much more it weighs at the end
    "drain": 1.5,  # a fish the sustainability goal would miss if later rounds fished as hard
    "above": 0.3,  # a euro above the money goal
    "boat": 12.0,  # a boat missing from the goal
    "upgrade": 10.0,  # an upgrade missing from the goal
    "overfish": 15.0,  # a token a round would draw beyond the bag and the supply
    "broke": 6.0,  # a euro of this round's upkeep that the money will not cover
}


def _sales(state: ConservasState, month: Month) -> float:
    """The euros the catch fetches if sold now, dearest open space first (CON-3.2, CON-3.4)."""
    catch = state.catch
    filled = [bool(kind) for kind in state.market]
    before = PREREQ[state.month]
    total = 0.0
    while True:
        best = -1
        price = 0
        for index, space in enumerate(month.spaces):
            if filled[index] or (before[index] >= 0 and not filled[before[index]]) or not space.needs <= catch:
                continue
            if space.price > price:
                best, price = index, space.price
        if best < 0:
            return total
        needs = month.spaces[best].needs
        total += effects.sale_price(state, needs, price)[0]
        catch -= needs
        filled[best] = True


def _surplus(state: ConservasState) -> float:
    """The estimated euros above (or below, negative) what the month's goal needs."""
    month = MONTHS[state.month]
    goal = month.goal(state.goal)
    flow = state.flow
    left = month.rounds - flow.round
    pending = flow.phase in ("setup", "sea", "land") or (flow.phase == "eod" and flow.step in _BEFORE_UPKEEP)
    wanted, market_euros, market_fish = _demand(state, month)

    # The sea: what is in it now, with what the Deep Sea will spawn this round.
    sea = state.bag.contents + state.hand + state.deep + _spawning(state)
    tokens = sea.total + state.catch["water"]
    useful = sum(sea[kind] for kind in wanted) / max(1, tokens)
    average = market_euros / market_fish if market_fish else 0.0

    # Money now, the catch still to sell, and what the boats should still catch and earn.
    rate = _W["catch_sea"] if flow.phase in ("setup", "sea") else _W["catch_land"]
    sales = _sales(state, month) if state.catch else 0.0
    catch = rate * sales
    handful = effects.draw_size(state)
    sizes = {boat: min(float(effects.catch_size(state, boat)), handful * useful) for boat in state.fleet}
    unused = (
        sum(size for boat, size in sizes.items() if boat not in state.used) if flow.phase in ("setup", "sea") else 0
    )
    caught = (sum(sizes.values()) * left + unused) * average
    if state.hand and flow.phase == "sea":
        # The handful in hand may beat an average one on the best boat still free.
        good = sum(n for kind, n in state.hand.items() if kind in wanted)
        gain = max(
            (min(float(effects.catch_size(state, b)), good) - sizes[b] for b in state.fleet if b not in state.used),
            default=0.0,
        )
        catch += max(0.0, gain) * average * _W["catch_sea"]
    future = min(caught, market_euros) + _upgrades_worth(state, left, pending=pending, sea=sea)
    now, later = _upkeep_due(state, month, left, pending=pending)
    money = state.money + catch + _W["sure"] * future - now - later
    # Boats whose upkeep cannot be paid this End of Day are lost (CON-4.6).
    cash = state.money + sales + unused * average
    broke = max(0.0, now - cash)

    # The stock: fish in the sea are next rounds' catch and spawn, and the sustainability goal.
    # Each later round the boats catch their share of each kind, the rest drawn spawns.
    fish = sum(sea[kind] for kind in wanted)
    per_round = sum(sizes.values())
    drawn = min(float(tokens), (len(state.fleet) + 1) * handful)
    stock = 0.0
    short = 0.0
    drain = 0.0
    for kind in FISH:
        need = goal.fish[kind]
        useful_kind = need + (4 if kind in wanted else 0)
        stock += min(sea[kind], useful_kind) * _W["stock"] * min(1.0, left / 3)
        short += max(0, need - sea[kind])
        if need and left:
            # An empty sea (or sea bag) catches and spawns nothing: no division by zero.
            share = drawn * sea[kind] / tokens if tokens else 0.0
            caught_kind = min(per_round * sea[kind] / fish, share) if kind in wanted and fish else 0.0
            spawned = max(0.0, share - caught_kind - 1)
            drain += max(0.0, need - sea[kind] - left * (spawned - caught_kind))
    urgency = _W["short_early"] + _W["short_late"] * (1 - left / month.rounds)
    missing = _W["boat"] * max(0, goal.boats - len(state.fleet))
    missing += _W["upgrade"] * max(0, goal.upgrades - len(state.upgrades))

    # Overfishing (CON-2.7): a round must not draw more than the sea and the supply's water.
    draws = (len(state.fleet) + 1) * (handful + effects.sift_count(state))
    over = max(0, draws - tokens - state.supply["water"] + 1) if left or flow.phase in ("setup", "sea") else 0

    above = max(0.0, money - goal.money)
    money = min(money, goal.money) + _W["above"] * above
    penalties = urgency * short + _W["drain"] * drain + missing + _W["overfish"] * over + _W["broke"] * broke
    return money - goal.money + stock - penalties


def _upkeep_due(state: ConservasState, month: Month, left: int, *, pending: bool) -> tuple[int, int]:
    """Upkeep still to pay: this round's (if not paid yet), and every later round's."""
    now = 0
    if pending:
        now = sum(effects.upkeep_of(state, boat) for boat in state.fleet if boat not in state.bought)
    elif state.flow.key == "eod.pay":
        now = sum(effects.upkeep_of(state, boat) for boat in state.due)
    total = 0
    discount = sum(
        UPGRADES[o.card].effect.amount
        for o in state.upgrades
        if UPGRADES[o.card].effect.kind == "upkeep_discount" and UPGRADES[o.card].frequency != "when_bought"
    )
    for later in range(state.flow.round + 1, state.flow.round + left + 1):
        rise = sum(s.amount for s in month.special if s.kind == "upkeep_rise" and later in s.rounds)
        total += sum(max(0, BOATS[boat].upkeep + rise - discount) for boat in state.fleet)
    return now, total


def _upgrades_worth(state: ConservasState, left: int, *, pending: bool, sea: Tokens) -> float:
    """Euros the owned upgrades should still bring, beyond what the estimate already counts
    (a larger handful or catch is counted through the boats' future catches)."""
    worth = 0.0
    cards = len(state.fleet) + 1
    this_round = state.flow.phase in ("setup", "sea", "land")
    for owned in state.upgrades:
        card = UPGRADES[owned.card]
        effect = card.effect
        if effect.fish and not sea[effect.fish]:
            continue
        fresh = owned.round == state.flow.round
        rounds = left if card.frequency != "when_bought" else 0
        if card.frequency == "when_bought" and fresh and pending:
            rounds = 1
        kind = effect.kind
        if kind == "draw_count":
            worth += (effect.amount - effects.BASE_DRAW) * cards * 0.1 * left
        elif kind in ("redraw", "sift"):
            worth += 0.5 * max(1, effect.amount) * left
        elif kind == "sale_bonus":
            sales = left * 1.5 + (1.0 if this_round and (card.frequency != "when_bought" or fresh) else 0.0)
            worth += effect.amount * sales * (0.5 if effect.fish else 1.0)
        elif kind == "boat_discount":
            worth += effect.amount * (0.5 if left else 0.0)
        elif kind == "income":
            worth += effect.amount * (rounds + (1 if pending and card.frequency != "when_bought" else 0))
        elif kind in ("extra_spawn", "restock"):
            worth += max(1, effect.amount) * 0.4 * rounds
        elif kind == "return_catch":
            worth += 0.2 * left
    return worth
