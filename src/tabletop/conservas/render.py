"""A readable text board of a Conservas view.

Frontends find it through [`tabletop.frontend.render.game_hook`][tabletop.kernel.hooks.game_hook]:

* [`render`][tabletop.conservas.render.render] draws the board as plain text, at most 100 columns wide: the month, round
  and step with what is being decided, money, the sea bag and the supply, the handful, the boats
  and the Open Water card, the Deep Sea, the market grid, the face-up boats and upgrades, the
  player's upgrades, the goals with the progress made, and the result at the end.
  The heuristic `evaluate` is in [`tabletop.conservas.heuristic`][tabletop.conservas.heuristic].

```pycon
>>> import tabletop
>>> state = tabletop.get_game("conservas").new_game(seed=3, month="january")
>>> print(render(state.view(0), 0).splitlines()[0])
Conservas: January, standard goal  |  round 1/7  |  Setup

```

Boats share one catch: the state keeps the tokens on all the boats together (which boat a
fish sits on changes no rule), so the board shows the catch once, under the boats.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Final

from tabletop.conservas.checks import boat_price, catch_size, is_open, redraw_card, upkeep_of
from tabletop.conservas.content import BOATS, FISH, MONTHS, UPGRADES, Month
from tabletop.conservas.events import euros
from tabletop.conservas.moves import OPEN_WATER
from tabletop.conservas.rules.effects import spawning
from tabletop.conservas.state import ConservasState
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import State
from tabletop.kernel.tokens import Tokens

__all__ = ["describe_card", "fold_events", "render"]


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
        due = ", ".join(f"{_name(b)} {euros(upkeep_of(state, b))}" for b in state.due)
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
        extra = ", or redraw a token" if redraw_card(state) else ""
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
        text = f"  {_name(boat):<38} catch {catch_size(state, boat)}  upkeep {upkeep_of(state, boat)}"
        if not state.is_terminal:
            text += "  used this round" if boat in state.used else "  not used yet"
        return text + ("  (bought this round)" if boat in state.bought else "")
    price = boat_price(state, boat)[0]
    return f"  {_name(boat):<38} catch {BOATS[boat].catch}  price {price:>2}  upkeep {BOATS[boat].upkeep}"


def _fleet(state: ConservasState) -> list[str]:
    if not state.fleet:
        return []
    lines = ["", f"YOUR BOATS ({len(state.fleet)}) and the Open Water card"]
    lines += [_boat_line(state, boat, owned=True) for boat in state.fleet]
    water = "" if state.is_terminal else "  used this round" if OPEN_WATER in state.used else "  not used yet"
    lines.append(f"  {_name(OPEN_WATER):<38} the whole handful goes to the Deep Sea{water}")
    lines.append(f"On the boats (the catch): {_tokens(state.catch)}")
    spawn = spawning(state)
    tail = f"  -> spawns {_tokens(spawn)}" if spawn else ""
    lines.append(f"Deep Sea: {_tokens(state.deep)}{tail}")
    return lines


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
