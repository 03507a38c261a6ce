"""ARC-1.2: "Each player chooses his or her coloured pawn and puts it in home port. The home
ports are easily recognized by their colour." The option `colours` names the pawns in seat
order (default: the first home ports in board order, as before the option); a state's boats
carry their colour and home port, which reading holds to the board (audit 37, finding 5)."""

from __future__ import annotations

import random

import attrs
import pytest

import tabletop
from tabletop.adapters import bridge_for, options_of
from tabletop.archipel import GAME, new_game
from tabletop.cli import _parse_options
from tabletop.kernel.errors import DecodeError


def test_each_player_chooses_a_coloured_pawn_and_puts_it_in_its_home_port() -> None:
    """ARC-1.2: the chosen colours, in seat order, each boat in the home port of its colour."""
    state = new_game(1, players=3, colours=("blue", "white", "red"))
    assert [(b.colour, b.home, b.at) for b in state.boats] == [
        ("blue", "home-blue", "home-blue"),
        ("white", "home-white", "home-white"),
        ("red", "home-red", "home-red"),
    ]
    assert state.is_home(0) and state.boat_of("white") is state.boats[1]
    assert GAME.state_from_json(state.to_json()) == state


def test_without_a_choice_the_first_home_ports_in_board_order_play() -> None:
    """ARC-1.2: the default keeps the games made before the option: the first home ports."""
    for players in range(1, 6):
        default = new_game(2, players=players)
        homes = [home.colour for home in default.map.homes[:players]]
        assert [boat.colour for boat in default.boats] == homes
        assert new_game(2, players=players, colours=homes) == default
        assert options_of(default)["colours"] == ()


@pytest.mark.parametrize(
    ("colours", "words"),
    [
        ("red", "must be a sequence of home-port colours"),
        (("red", 1), "must be a sequence of home-port colours"),
        (("red", "red"), "a pawn of their own"),
        (("red",), "one colour per boat (2)"),
        (("red", "yellow", "blue"), "one colour per boat (2)"),
        (("red", "pink"), "no home port of colour 'pink'"),
    ],
)
def test_a_choice_that_is_not_one_home_port_per_boat_is_refused(colours: object, words: str) -> None:
    """ARC-1.2: one pawn per player, each of a home port's colour: else a `ValueError` naming the
    option and the value."""
    with pytest.raises(ValueError, match="option 'colours'") as caught:
        new_game(1, players=2, colours=colours)
    assert words in str(caught.value) and (repr(colours) in str(caught.value) or "pink" in str(caught.value))


def test_the_command_line_and_the_bridge_give_the_chosen_colours() -> None:
    """The option reads from the command line (`--colours blue,green`), and a state's options
    (`tabletop.adapters.options_of`) give it back, so the same game is set up again."""
    options = _parse_options("archipel", ["--players", "2", "--colours", "blue,green"])
    assert GAME.check_options(options)["colours"] == ("blue", "green")
    state = new_game(4, **options)
    assert options_of(state)["colours"] == ("blue", "green")
    assert new_game(4, **options_of(state)) == state
    assert bridge_for(state) is bridge_for(new_game(4, **options_of(state)))


def test_a_season_with_chosen_colours_plays_to_its_end() -> None:
    """Random play from a choice of colours ends, every state reading back from its JSON."""
    state = new_game(6, players=2, colours=("white", "green"), declare="supplied")
    end = tabletop.random_playout(state, random.Random(6))
    assert end.outcome is not None
    assert GAME.state_from_json(end.to_json()) == end


def test_a_boat_out_of_its_home_port_s_colour_is_refused() -> None:
    """ARC-1.2: a text whose boat names another colour's home port, or two boats of one colour."""
    state = new_game(1, players=2, colours=("green", "blue"))
    green, blue = state.boats
    for boats, path in (
        ((attrs.evolve(green, home="home-red"), blue), "state.boats[0].home"),
        ((green, attrs.evolve(blue, colour="pink")), "state.boats[1].home"),
        ((green, attrs.evolve(blue, colour="green", home="home-green")), "state.boats[1].colour"),
    ):
        with pytest.raises(DecodeError) as caught:
            GAME.state_from_json(attrs.evolve(state, boats=boats).to_json())
        assert caught.value.path == path and "ARC-1.2" in str(caught.value)
