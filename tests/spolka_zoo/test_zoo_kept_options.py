"""A Spółka ZOO state keeps its options (`config`); a text may say anything there, and the rules
read those values at every step (the fruit supply, the starting money, the seating, the bots' rule).
Reading such a text refuses every value `new_game` would refuse, at the field, naming the option and
the value, and quickly: a starting fruit of 2**40 once made the conservation message spell out a
trillion tokens (the fuzz suite's out-of-memory kill)."""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from zoo_helpers import start

from tabletop.kernel.errors import DecodeError, InvariantBroken
from tabletop.kernel.fastattrs import evolve
from tabletop.spolka_zoo import GAME
from tabletop.spolka_zoo.invariants import invariants

BAD: list[tuple[str, Any, str]] = [
    ("players", 9, "option 'players' must be an integer from 1 to 5; got 9"),
    ("bots", 7, "option 'bots' must be an integer from 0 to 4; got 7"),
    ("starting_money", 10**6, "option 'starting_money' must be an integer from 0 to 50; got 1000000"),
    ("starting_money", -1, "option 'starting_money' must be an integer from 0 to 50; got -1"),
    ("starting_fruits", 2**40, "option 'starting_fruits' must be an integer from 0 to 3; got 1099511627776"),
    ("seating", "x", "option 'seating' must be 'humans-first', 'alternate' or a pattern .*; got 'x'"),
    ("seating", "pbpp", "option 'seating' is kept as 'PBPP'; got 'pbpp'"),
    ("modules", ["nope"], "option 'modules': unknown value 'nope'"),
    ("modules", ["intrigues", "events"], "option 'modules' is kept as \\('events', 'intrigues'\\)"),
    ("bot_rule", "x", "option 'bot_rule' must be one of 'any-effect', 'all-effects'; got 'x'"),
    ("warehouse_fruit", "x", "option 'warehouse_fruit' must be one of 'printed', 'less-starting'; got 'x'"),
    ("unowned_cards", "paid", "option 'unowned_cards' must be one of 'ignored', 'resolved'; got 'paid'"),
    ("empty_board_ties", "", "option 'empty_board_ties' must be one of 'paid', 'unpaid'; got ''"),
]


def _text(field: str, value: Any, players: int = 3) -> str:
    document = json.loads(start(players).to_json())
    document["state"]["config"][field] = value
    return json.dumps(document)


@pytest.mark.parametrize(("field", "value", "message"), BAD, ids=[f"{f}={v!r}"[:40] for f, v, _ in BAD])
def test_an_option_new_game_refuses_is_refused_at_its_field(field: str, value: Any, message: str) -> None:
    with pytest.raises(DecodeError, match=message) as caught:
        GAME.state_from_json(_text(field, value))
    assert caught.value.path == f"state.config.{field}"


def test_every_kept_option_is_an_option_of_new_game() -> None:
    """The config's fields and the game's options are the same names, so every one is checked."""
    assert sorted(json.loads(start(3).to_json())["state"]["config"]) == sorted(o.name for o in GAME.options)


def test_seats_out_of_range_cite_the_warehouse_rule() -> None:
    """ZOO-1.3 gives the warehouse of 2, 3, 4 or 5 seats; 5 players and 2 bots are 7."""
    with pytest.raises(DecodeError, match=r"5 players and 2 bots \(2 to 5 seats\) \(ZOO-1\.3\)") as caught:
        GAME.state_from_json(_text("bots", 2, players=5))
    assert caught.value.path == "state.config.bots"


def test_seats_that_are_not_the_configuration_s_are_refused() -> None:
    """A seat turned into a bot, or a configuration that says more bots than the seats hold."""
    document = json.loads(GAME.new_game(4, players=2, bots=1).to_json())
    document["state"]["seats"][0]["bot"] = True
    with pytest.raises(DecodeError, match=r"seats BHB \(H human, B bot\) for 2 players and 1 bots") as caught:
        GAME.state_from_json(json.dumps(document))
    assert caught.value.path == "state.seats"


def test_the_check_is_an_invariant_naming_the_field() -> None:
    """The same check runs as an invariant (the property suite's, after every step)."""
    state = start(3)
    invariants(state)
    with pytest.raises(InvariantBroken, match="got 51") as caught:
        invariants(evolve(state, config=evolve(state.config, starting_money=51)))
    assert caught.value.path == "config.starting_money"


def test_the_fruit_conservation_message_counts_instead_of_spelling_out() -> None:
    """ZOO-1.3: a supply that is not conserved is told as counts per fruit."""
    with pytest.raises(
        DecodeError, match=r"fruit tokens not conserved: 14 apple, 14 lemon, 14 pineapple in play, 20 of each"
    ):
        GAME.state_from_json(_text("starting_fruits", 3))


def test_what_is_kept_per_configuration_is_bounded() -> None:
    """A text may name any of the ~1.6 million valid configurations: reading many distinct ones keeps
    no more than CONFIGS_KEPT of their card lists (a server reading texts from anyone stays bounded)."""
    module = importlib.import_module("tabletop.spolka_zoo.invariants")
    for ties in ("paid", "unpaid"):
        for money in range(51):  # 102 distinct configurations
            document = json.loads(_text("starting_money", money))
            document["state"]["config"]["empty_board_ties"] = ties
            GAME.state_from_json(json.dumps(document))
    assert module.CONFIGS_KEPT < 102
    assert module._expected.cache_info().currsize <= module.CONFIGS_KEPT
    assert module._expected_code.cache_info().currsize <= module.CONFIGS_KEPT


def test_an_unknown_fruit_kind_is_named_in_the_conservation_message() -> None:
    document = json.loads(start(3).to_json())
    document["state"]["warehouse"]["banana"] = 2
    with pytest.raises(DecodeError, match=r"14 pineapple, 2 banana in play, 14 of each expected") as caught:
        GAME.state_from_json(json.dumps(document))
    assert caught.value.path == "state.warehouse"
