"""Preparations (ARC-1): setting up a season: boats in their home ports, fish face down, cards in the pocket.

The first state stands at the chance step `setup.deal`: the 39 face-up cards of the shops
and the warehouse (27 in the short game) are drawn from the pocket one chance event at a
time (ARC-1.7), so a test or scenario can force them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.archipel.content import HomePortDef
from tabletop.archipel.content.board import Board, board_for
from tabletop.archipel.content.kinds import FISH
from tabletop.archipel.flow import MACHINE, Work
from tabletop.archipel.moves import Draw
from tabletop.archipel.state import FUEL_MARKERS, SHOP_SIZE, TANK, ArchipelState, Boat, Spot, Turn, dealing_to
from tabletop.kernel.bag import Bag
from tabletop.kernel.tokens import Tokens

__all__ = ["check_colours_option", "deal", "dealt", "next_target", "setup"]


def setup(
    seed: int,
    *,
    players: int,
    memory: bool,
    short: bool,
    first_player: int,
    colours: tuple[str, ...],
    board: str,
    idle_rounds: int,
    declare: str,
) -> ArchipelState:
    """The state before the shops are dealt (options already checked one by one).

    Raises:
        ValueError: If `first_player` is not one of the `players` seats, or `colours` does not
            name one home port of the board per boat.
    """
    if first_player >= players:
        msg = f"option 'first_player' must be a seat from 0 to {players - 1}; got {first_player!r}"
        raise ValueError(msg)
    plan = board_for(board)
    boats = tuple(Boat(home.colour, home.id, home.id) for home in _homes(plan, colours, players))
    none = Tokens()
    # The class is abstract to mypy: its hooks are given at run time by `ArchipelState.bind`.
    return ArchipelState(  # type: ignore[abstract]
        flow=MACHINE.start_flow(player=first_player, first_player=first_player),
        seed=seed,
        chance_count=0,
        board=board,
        memory=memory,
        short=short,
        idle_rounds=idle_rounds,
        declare=declare,
        boats=boats,
        spots=(Spot(),) * len(plan.spots),
        unseen=FISH,
        storms=("",) * len(plan.storm_ids),
        pocket=Bag(plan.cards),
        shops=(none,) * len(plan.islands),
        shut=plan.pagodas if short else frozenset(),
        markets=(none,) * len(plan.islands),
        warehouse=none,
        warehouse_shut=False,
        bought=none,
        removed=none,
        lost=none,
        supply=FUEL_MARKERS - TANK * players,
        turn=Turn(),
        last_progress=0,
        ended_by="",
    )


def check_colours_option(value: object) -> tuple[str, ...]:
    """The canonical value of the `colours` option (ARC-1.2): the colours in seat order, each once
    (`()`: the first home ports in board order). Whether the board has them and one per boat is
    checked with the board and `players` (`setup`).

    Raises:
        ValueError: Naming the option and the value, if it is not a sequence of distinct colours.
    """
    if isinstance(value, str) or not isinstance(value, Sequence) or not all(isinstance(c, str) for c in value):
        msg = f"option 'colours' must be a sequence of home-port colours, one per boat in seat order; got {value!r}"
        raise ValueError(msg)
    colours = tuple(value)
    if len(set(colours)) != len(colours):
        msg = f"option 'colours': each player chooses a pawn of their own (ARC-1.2); got {colours!r}"
        raise ValueError(msg)
    return colours


def _homes(plan: Board, colours: tuple[str, ...], players: int) -> tuple[HomePortDef, ...]:
    """ARC-1.2: the home ports of the pawns the players chose (`colours`, seat order), or the
    first `players` home ports in board order when none are given."""
    if not colours:
        return plan.homes[:players]
    by_colour = {home.colour: home for home in plan.homes}
    if len(colours) != players:
        msg = f"option 'colours' must name one colour per boat ({players}); got {colours!r}"
        raise ValueError(msg)
    unknown = [c for c in colours if c not in by_colour]
    if unknown:
        msg = (
            f"option 'colours': no home port of colour {unknown[0]!r} on {plan.name} (colours: {', '.join(by_colour)})"
        )
        raise ValueError(msg)
    return tuple(by_colour[c] for c in colours)


def deal(w: Work, move: Draw) -> None:
    """ARC-1.7: one card drawn for the first open shop short of three, then the warehouse."""
    for name, value in dealt(w.position, move.card, dealing_to(w.position)).items():
        setattr(w, name, value)


def dealt(s: ArchipelState, card: str, target: str) -> dict[str, Any]:
    """The fields [`deal`][tabletop.archipel.rules.setup.deal] changes when `card` is drawn for
    `target` (`dealing_to(s)`; the flow at its next step among the fields): `rules.apply`
    builds the next state from them in one copy when nothing automatic follows."""
    pocket = s.pocket.draw(card)
    if target != "warehouse":
        i = board_for(s.board).island_index[target]
        shops = list(s.shops)
        shops[i] = shops[i].add(card)
        return {"flow": MACHINE.goto(s.flow, "deal"), "pocket": pocket, "shops": tuple(shops)}
    warehouse = s.warehouse.add(card)
    step = "deal" if warehouse.total < SHOP_SIZE else "turn.act"
    return {"flow": MACHINE.goto(s.flow, step), "pocket": pocket, "warehouse": warehouse}


def next_target(board: str, shut: frozenset[str], shops: tuple[Tokens, ...], dealt_to: str) -> str:
    """`dealing_to` of the setup state whose shops are `shops`, just after a card was dealt to the
    shop of `dealt_to` (the first open shop short of three before it): that shop again while it is
    short, else the first open shop short of three after it, else the warehouse (ARC-1.7)."""
    plan = board_for(board)
    ids = plan.island_ids
    for i in range(plan.island_index[dealt_to], min(len(ids), len(shops))):  # zip's stop, as `dealing_to`
        if shops[i].total < SHOP_SIZE and ids[i] not in shut:
            return ids[i]
    return "warehouse"
