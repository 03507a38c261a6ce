"""Archipel: the co-operative fishing game of Sunny Games, for 1 to 5 boats.

Sail an archipelago for one fuel a move, catch the fish the twelve markets order with the
right bait, dodge the storms that close the channels, and bring every boat home.

```pycon
>>> from tabletop.archipel import new_game
>>> state = new_game(seed=1, players=3)
>>> state.num_players, state.flow.key
(3, 'setup.deal')
>>> len(state.legal_moves()) > 1   # chance deals the shops' cards first
True

```

Options: `players` (1-5), `memory` (the memory game), `short` (8 of the 12 islands),
`first_player`, `colours` (the pawn each player chooses, one home-port colour per boat in seat
order, ARC-1.2; default: the first home ports in board order), plus `board` (the path of a
board file, which the state then names by its digest, `sha256:...`; default: the reference
archipelago), `declare` (when the players may declare the season over: `"anytime"`, the
default, or only once the markets are `"supplied"` as far as possible; ARC-7.1) and
`idle_rounds` (the season ends by itself after this many rounds in a row without progress;
a ruling, ARC-7.6).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from tabletop.archipel import events, rules, views
from tabletop.archipel.checks import refusal
from tabletop.archipel.content import load_board_file, load_cards, load_fish, load_rules
from tabletop.archipel.content.board import Board, board_for, check_board_option, reference_board
from tabletop.archipel.flow import MACHINE
from tabletop.archipel.heuristic import evaluate, policy
from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.moves import (
    Calm,
    Catch,
    Discard,
    Done,
    Draw,
    End,
    EndTurn,
    Expose,
    Feed,
    Give,
    MultiChoice,
    Over,
    Place,
    Refuel,
    Sail,
    Stay,
    Take,
    Throw,
    parse_move,
)
from tabletop.archipel.render import board_svg, render
from tabletop.archipel.rules.setup import check_colours_option, setup
from tabletop.archipel.state import ArchipelOutcome, ArchipelState
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Game, Move, Option, State
from tabletop.kernel.serialize import make_converter

__all__ = [
    "GAME",
    "ArchipelOutcome",
    "ArchipelState",
    "Board",
    "Calm",
    "Catch",
    "Discard",
    "Done",
    "Draw",
    "End",
    "EndTurn",
    "Expose",
    "Feed",
    "Give",
    "MultiChoice",
    "Over",
    "Place",
    "Refuel",
    "Sail",
    "Stay",
    "Take",
    "Throw",
    "board_for",
    "board_svg",
    "evaluate",
    "new_game",
    "policy",
    "reference_board",
    "render",
]


def _refusal(state: ArchipelState, move: Move) -> IllegalMove:
    """Why `move` is refused: the failing check's code and rule, or the protocol's generic reason."""
    return refusal(state, move) or State._refusal(state, move)


ArchipelState.bind(
    machine=MACHINE,
    auto=rules.AUTO,
    player_moves=rules.player_moves,
    chance_outcomes=rules.chance_outcomes,
    chance_node=rules.chance_node,
    apply=rules.apply,
    view=views.view,
    refusal=_refusal,
    events=events.events,
    sample_chance=rules.sample_chance,
)


def _board_option() -> Option:
    return Option(
        "board",
        "",
        "Path of a board file (kind archipel.board); empty: the reference archipelago.",
        check_board_option,
    )


def _idle_rounds_option() -> Option:
    option = Option.integer(
        "idle_rounds",
        10,
        1,
        1000,
        "Ruling ARC-7.6: the season ends by itself after this many rounds (1-1000) without progress "
        "(a fish exposed, caught or delivered, bait or storm gear bought, a storm removed).",
    )
    return attrs.evolve(option, choices=())  # a thousand choices are no help in `tabletop games`


def _colours_option() -> Option:
    """ARC-1.2: "Each player chooses his or her coloured pawn": the colours in seat order."""
    homes = tuple(home.colour for home in reference_board().homes)
    option = Option.subset(
        "colours",
        homes,
        "ARC-1.2: the pawn each player chooses, one home-port colour per boat in seat order "
        "(none given: the first home ports in board order).",
    )
    return attrs.evolve(option, check=check_colours_option)


def _declare_option() -> Option:
    return Option.choice(
        "declare",
        "anytime",
        ("anytime", "supplied"),
        "ARC-7.1: when the players may declare the season over: 'anytime' (their judgement) or "
        "'supplied' (only once no fish in play can fill an order and every boat is in a harbour or stranded).",
    )


GAME: Final = Game(
    name="archipel",
    title="Archipel",
    summary="Co-operative: sail the archipelago, catch the fish the markets order, bring the boats home.",
    players="1-5",
    state_type=ArchipelState,  # type: ignore[type-abstract]  # bound above (State.bind)
    options=(
        Option.integer("players", 2, 1, 5, "Boats, one per player."),
        Option.flag("memory", False, "The memory game: fish the bait cannot catch are turned face down again."),
        Option.flag("short", False, "The short game: the four pagoda islands are out of the game."),
        Option.integer("first_player", 0, 0, 4, "The seat that plays first; play goes clockwise."),
        _colours_option(),
        _board_option(),
        _idle_rounds_option(),
        _declare_option(),
    ),
    setup=setup,
    parser=parse_move,
    converter=make_converter(every_field=True),
    perturb=views.perturb,
    invariants=check_invariants,
    rules=load_rules(),
    content={
        "board": load_board_file,
        "cards": load_cards,
        "fish": load_fish,
        "rules": load_rules,
    },
)


def new_game(seed: int | None = None, **options: Any) -> ArchipelState:
    """A new season (see the module docstring for the options).

    Raises:
        ValueError: Naming the option, if an option is unknown or has a bad value.
        ContentError: If `board` names a file that is not a valid board.
    """
    state = GAME.new_game(seed, **options)
    assert isinstance(state, ArchipelState)
    return state
