"""Issue 16 for Archipel: chance nodes that say what they draw, and reading things by name.

Over random play every chance node describes itself (source, name, destination by id, rule
ID) and every outcome lands where the description says; spots, storm spaces, shops,
markets, channels and boats are read by the ids the rulebook and the notation use.
"""

from __future__ import annotations

import json
import random

import pytest
from archipel_policies import eager_move
from hypothesis import given
from hypothesis import strategies as st

from tabletop.archipel import GAME, Draw, Expose, new_game
from tabletop.archipel.content.kinds import card
from tabletop.archipel.state import ArchipelState, Spot, SpotFish
from tabletop.kernel.chance import ChanceNode, Source


def _lands_where_it_says(before: ArchipelState, node: ChanceNode, move: object, after: ArchipelState) -> None:
    if isinstance(move, Draw):
        assert node.source is Source.BAG and node.name == "pocket"
        assert after.pocket.contents[move.card] == before.pocket.contents[move.card] - 1
        if node.destination == "warehouse":
            assert after.warehouse[move.card] == before.warehouse[move.card] + 1
        else:
            where, island = node.destination.split()
            assert where == "shop"
            assert after.shop(island)[move.card] == before.shop(island)[move.card] + 1
        return
    assert isinstance(move, Expose)
    where, spot = node.destination.split()
    assert node.source is Source.PIECE and node.name == node.destination and where == "spot"
    assert spot == before.boat.at and before.spot(spot).fish == SpotFish.UNSEEN
    boat = before.flow.player
    caught = after.boats[boat].fish[move.fish] == before.boats[boat].fish[move.fish] + 1
    shown = after.spot(spot).fish == move.fish
    assert caught != shown, f"{move}: the fish is neither on the boat nor at {spot}"
    assert caught == (after.spot(spot).fish == SpotFish.CAUGHT)


@given(seed=st.integers(0, 2**20), players=st.integers(1, 5), memory=st.booleans(), short=st.booleans())
def test_every_chance_node_describes_itself_and_the_outcome_lands_there(
    seed: int, players: int, memory: bool, short: bool
) -> None:
    """issue 16: source, name, destination by id and rule at every chance node, over random play."""
    rng = random.Random(seed)
    state = new_game(seed, players=players, memory=memory, short=short, declare="supplied")
    nodes = 0
    for _ in range(1500):
        if state.is_terminal:
            break
        if state.is_chance_node:
            node = state.chance_node()
            assert node.rule in GAME.rules and node.recipient is None
            move = eager_move(state, rng)
            after = state.apply(move)
            _lands_where_it_says(state, node, move, after)
            nodes += 1
            state = after
        else:
            with pytest.raises(ValueError, match="not a chance node"):
                state.chance_node()
            state = state.apply(eager_move(state, rng))
    assert nodes >= 27  # at least the shops and the warehouse were dealt


def test_the_setup_deals_name_each_shop_then_the_warehouse() -> None:
    """ARC-1.7: three face-up cards for each shop in board order, then three for the warehouse."""
    state = new_game(4, players=2)
    seen = []
    while state.flow.key == "setup.deal":
        seen.append(state.chance_node().destination)
        state = state.apply(state.chance_outcomes()[0][0])
    islands = list(state.map.island_ids)
    assert seen == [f"shop {i}" for i in islands for _ in range(3)] + ["warehouse"] * 3
    assert str(new_game(4).chance_node()) == f"bag pocket -> shop {islands[0]} (ARC-1.7)"


def test_things_are_read_by_name() -> None:
    """issue 16: spots, storm spaces, shops, markets, orders, channels and boats by id."""
    state = new_game(2, players=3)
    board = state.map
    assert state.spot("f01") is state.spots[board.spot_index["f01"]]
    assert state.spot("f01") == Spot(SpotFish.UNSEEN, False) == Spot("unseen", False)
    first = board.island_ids[0]
    assert state.shop(first) is state.shops[0] and state.market(first) is state.markets[0]
    assert state.order(first).total == 2
    channel = board.channels[0]
    spaces = state.channel(channel.id)
    assert list(spaces) == [f"s{n}" for n in channel.spaces] and not any(spaces.values())
    assert not state.blocked(channel.id) and state.storm(f"s{channel.spaces[0]}") == ""
    assert state.boat_of("red") is state.boats[state.seat_of("red")]
    for bad in (lambda: state.spot("f99"), lambda: state.shop("atlantis"), lambda: state.boat_of("pink")):
        with pytest.raises(KeyError, match="no "):
            bad()


def test_sentinels_keep_their_json_values() -> None:
    """issue 16: the spot sentinels are one enum whose values the JSON keeps ("", "unseen", "?")."""
    assert [m.value for m in SpotFish] == ["", "unseen", "?"]
    doc = json.loads(new_game(1).to_json())
    assert {spot["fish"] for spot in doc["state"]["spots"]} == {"unseen"}


def test_a_card_s_printed_values_are_on_its_card() -> None:
    """issue 16: a card's group, colour and background from the card object (ARC-4.5, ARC-10)."""
    bait = card("bait-red")
    assert bait is not None and (bait.group, bait.colour, bait.back) == ("bait", "red", "blue")
    red_can = card("jerrycan-red")
    assert red_can is not None and red_can.back == "red"
    assert card("storm-7") is None


def test_chance_nodes_pass_the_shared_checks_in_every_view() -> None:
    """issue 16: the cross-game check: each description is the same in every seat's view and
    after perturb (memory game), with distinct outcomes whose probabilities sum to 1."""
    from tabletop.testing import check_chance_nodes

    options = [{"players": 2, "memory": True, "declare": "supplied"}, {"players": 4, "short": True}]
    report = check_chance_nodes(GAME, seeds=range(2), options=options)
    assert report.games == 4 and report.nodes > 4 * 39
