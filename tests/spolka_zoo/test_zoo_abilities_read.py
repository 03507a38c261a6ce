"""Reading a Spółka ZOO state refuses helper abilities a turn cannot have used (session 37's
notes, gap a): `turn.abilities` holds only the resolving seat's helpers that trigger after its
action, each copy once, after an action performed (ZOO-5.1), never a bot's (ZOO-13.8)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from zoo_helpers import checked_states, play, refused, seat, start

from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.state.round_tokens import check_tokens


def _traded() -> ZooState:
    """Seat 0, holding a squirrel (share trading) and a crow (any token), bought a share: its
    abilities are offered."""
    state = seat(start(), 0, helpers=("h-squirrel", "h-crow"))
    state = play(state, "pick share; pick share; pick share", "buy share apple", "done")
    assert state.flow.key == "action.abilities"
    return state


def _turn(state: ZooState, **changes: Any) -> ZooState:
    return attrs.evolve(state, turn=attrs.evolve(state.turn, **changes))


def test_the_abilities_used_by_the_rules_are_read_back() -> None:
    """ZOO-5.1, ZOO-5.3: a squirrel used after share trading, then a crow, is a state the rules
    reach; its text is read back equal."""
    state = play(_traded(), "use h-squirrel")
    assert state.turn.abilities == ("h-squirrel",)
    assert GAME.state_from_json(state.to_json()) == state


def test_a_card_that_is_no_helper_ability_isrefused() -> None:
    """ZOO-5.1 "Some Helpers' abilities can be activated after resolving an Action token": an
    intrigue, an unknown name or a passive helper in `turn.abilities` is refused."""
    state = _traded()
    refused(_turn(state, abilities=("int-blackmail",)), "turn.abilities", "ZOO-5.1", "'int-blackmail'")
    refused(_turn(state, abilities=("steal",)), "turn.abilities", "ZOO-5.1", "'steal'")
    passive = seat(state, 0, helpers=("h-squirrel", "h-goat"))
    refused(_turn(passive, abilities=("h-goat",)), "turn.abilities", "ZOO-5.1", "'h-goat'")


def test_a_helper_of_another_token_isrefused() -> None:
    """ZOO-5.1 "a (specific or any type) ... refers only to the last resolved token": a fruit
    trading helper used after share trading is refused."""
    state = seat(_traded(), 0, helpers=("h-squirrel", "h-beaver"))
    refused(_turn(state, abilities=("h-beaver",)), "turn.abilities", "ZOO-5.1", "'h-beaver'")


def test_a_helper_the_seat_does_not_own_or_used_twice_isrefused() -> None:
    """ZOO-5.1 "it always concerns the token resolved by the player who owns the given Helper":
    a helper the seat does not have, or one copy used twice, is refused."""
    state = _traded()
    refused(_turn(state, abilities=("h-fox",)), "turn.abilities", "ZOO-5.1", "'h-fox'")
    refused(_turn(state, abilities=("h-crow", "h-crow")), "turn.abilities", "ZOO-5.1", "used 2 times")


def test_abilities_without_an_action_performed_arerefused() -> None:
    """ZOO-5.1 "If a player plays an Action token but does not use its effect, they also cannot
    use Helpers' abilities": abilities on a declined token, or with no token revealed, are refused."""
    state = _traded()
    declined = _turn(state, used=False, trades=(), abilities=("h-crow",))
    refused(declined, "turn.abilities", "ZOO-5.1", "no action performed")
    between = play(state, "done")
    assert between.turn.abilities == ()
    refused(_turn(between, abilities=("h-crow",)), "turn.abilities", "ZOO-5.1", "('h-crow',)")


def test_a_bot_using_abilities_isrefused() -> None:
    """ZOO-13.8 "A Bot may hire Helpers, but never uses their abilities": a bot's turn (it reveals
    no token, ZOO-13.3) holding a used ability is refused."""
    state = start(2, 1)
    state = seat(state, 2, helpers=("h-crow",))
    state = play(state, "pick share; pick share", "done", "done")
    assert state.turn.seat == 2 and state.seats[2].bot
    refused(_turn(state, used=True, abilities=("h-crow",)), "turn.abilities", "ZOO-5.1", "by seat 2")


@pytest.mark.parametrize("options", [{"players": 3, "modules": ("intrigues",)}, {"players": 2, "bots": 2}])
def test_every_state_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games passes,
    abilities used among them."""
    used = sum(bool(state.turn.abilities) for state in checked_states(check_tokens, 8, **options))
    assert used
