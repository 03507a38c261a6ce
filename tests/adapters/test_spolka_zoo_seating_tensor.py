"""The Spółka ZOO observation tensor's seating flag (session 37's notes, gap c): the config
section's flag is set when the bots sit elsewhere than after the players (ZOO-13.1, option
`seating`: `alternate` or a pattern), not only for the literal `alternate`; the tensor keeps
its shape, and the seats' bot flags say where each bot sits."""

from __future__ import annotations

import pytest

import tabletop
from tabletop import adapters
from tabletop.adapters.spolka_zoo_tensor import bots_placed
from tabletop.spolka_zoo import ZooState

GAME = tabletop.get_game("spolka_zoo")


def _flag_and_bots(players: int, bots: int, seating: str) -> tuple[float, list[float], int]:
    """The config section's seating flag, each seat's bot flag, and the tensor's length, for
    seat 0's view of a new game."""
    state: ZooState = GAME.new_game(3, players=players, bots=bots, seating=seating)  # type: ignore[assignment]
    bridge = adapters.bridge_for(state)
    tensor = bridge.observation(state.view(0), 0)
    sections = {s.name: s for s in bridge.layout()}
    config = sections["config"]
    flag = tensor[config.offset + 5]  # players, bots, three module flags, then the seating flag
    seats = [tensor[sections[f"seat{i}"].offset] for i in range(players + bots)]
    return flag, seats, len(tensor)


@pytest.mark.parametrize(
    ("players", "bots", "seating", "flag", "order"),
    [
        (2, 2, "humans-first", 0.0, "PPBB"),
        (2, 2, "PPBB", 0.0, "PPBB"),
        (2, 2, "alternate", 1.0, "PBPB"),
        (3, 1, "PBPP", 1.0, "PBPP"),
        (1, 2, "BPB", 1.0, "BPB"),
        (2, 2, "BBPP", 1.0, "BBPP"),
        (3, 0, "alternate", 0.0, "PPP"),
    ],
)
def test_the_seating_flag_is_set_when_the_bots_are_not_after_the_players(
    players: int, bots: int, seating: str, flag: float, order: str
) -> None:
    """ZOO-13.1 "players should determine a place for each of the Bots": the flag reads 1 for
    every placement other than the bots after the players (a pattern included), 0 for that
    order however it is written; the seats' bot flags give the placement; the length is the
    same for every seating of a seat count."""
    found, seats, length = _flag_and_bots(players, bots, seating)
    assert found == flag == float(bots_placed(players, bots, seating))
    assert "".join("B" if s else "P" for s in seats) == order
    assert length == _flag_and_bots(players, bots, "humans-first")[2]


def test_the_layout_names_the_flag() -> None:
    """The config section's description says what the flag means."""
    bridge = adapters.bridge("spolka_zoo", players=2, bots=2, seating="BPBP")
    config = next(s for s in bridge.layout() if s.name == "config")
    assert config.size == 11 and "bots seated elsewhere than after the players" in config.doc
