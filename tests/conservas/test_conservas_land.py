"""On Land (CON-3.x) and market fill orders (CON-7.1)."""

from __future__ import annotations

import attrs
import pytest
from conservas_helpers import GAME, changed, codes, draw, finish_day, play, start, texts, to_land, with_catch

import tabletop
from tabletop.conservas import Sell, Trade
from tabletop.conservas.checks import CHECKS, PREREQ, SPACE_INDEX, payments
from tabletop.conservas.content import MONTHS
from tabletop.kernel.errors import NotationError
from tabletop.kernel.tokens import Tokens


def land(month: str = "january", **catch: int):
    return with_catch(to_land(start(month)), **catch)


def test_on_land_the_player_acts_until_done() -> None:
    """CON-3.1, CON-3.9: sales, trades and purchases in any order, as often as allowed, until 'done'."""
    state = land(sardine=3, scallop=1)
    assert state.flow.key == "land.act"
    state = play(state, "sell r1c1 sardine,sardine", "trade ref-market-stall scallop", "sell r1c2 sardine")
    assert state.flow.key == "land.act"
    assert texts(state.legal_moves())[-1] == "done"
    assert play(state, "done").flow.phase == "eod"


def test_only_fish_on_boats_are_spent_and_water_has_no_value() -> None:
    """CON-3.1: with only water on the boats, nothing can be sold or traded."""
    state = land(water=3)
    assert not [m for m in state.legal_moves() if isinstance(m, Sell | Trade)]
    assert codes(state, "trade ref-market-stall water") == "water-has-no-value"
    assert codes(state, "sell r1c1 sardine,sardine") == "not-caught"


def test_a_sale_needs_all_the_fish_of_its_space_at_once() -> None:
    """CON-3.2: exactly the space's fish, of the right kinds, at the same time; each space once."""
    state = land(sardine=1, scallop=2)
    assert codes(state, "sell r1c1 sardine,sardine") == "not-caught"
    assert codes(state, "sell r1c1 sardine") == "wrong-fish"
    assert codes(state, "sell r9c9 sardine") == "unknown-space"
    state = play(state, "sell r2c1 scallop,scallop")
    assert codes(state, "sell r2c1 scallop,scallop") == "space-filled"


def test_a_sale_leaves_one_token_and_pays_the_price() -> None:
    """CON-3.3: one token stays on the space for the rest of the game, the rest go to the supply."""
    state = land(sardine=2)
    supply = state.supply["sardine"]
    state = play(state, "sell r1c1 sardine,sardine")
    assert state.money == 13
    assert state.market[0] == "sardine"
    assert state.supply["sardine"] == supply + 1
    state = finish_day(play(state, "done"))
    assert state.market[0] == "sardine"


def test_on_a_mixed_space_the_player_chooses_the_token_left() -> None:
    """CON-3.3: a space needing several kinds offers one sale per kind left on it."""
    state = land(sardine=1, scallop=1)
    sales = [m for m in state.legal_moves() if isinstance(m, Sell) and m.space == "r3c1"]
    assert texts(sales) == ["sell r3c1 sardine,scallop leave sardine", "sell r3c1 sardine,scallop leave scallop"]
    after = play(state, "sell r3c1 sardine,scallop leave sardine")
    assert after.market[SPACE_INDEX["january"]["r3c1"]] == "sardine"
    assert codes(state, "sell r3c1 sardine,scallop leave octopus") == "bad-leave"
    with pytest.raises(NotationError, match="names the token left"):
        GAME.parse_move(state, "sell r3c1 sardine,scallop")


def test_rows_fill_left_to_right() -> None:
    """CON-3.4, CON-7.1: in January each row is filled left to right."""
    state = land(sardine=3)
    assert codes(state, "sell r1c2 sardine") == "fill-order"
    state = play(state, "sell r1c1 sardine,sardine")
    assert "sell r1c2 sardine" in texts(state.legal_moves())
    assert PREREQ["january"][:3] == (-1, 0, 1)


def test_columns_fill_top_down() -> None:
    """CON-7.1: in February (reference) each column is filled from the top down."""
    state = land("february", sardine=1, mussel=2)
    assert codes(state, "sell r2c1 mussel") == "fill-order"
    assert "sell r1c2 sardine" not in texts(state.legal_moves())
    state = play(state, "sell r1c1 sardine")
    assert "sell r2c1 mussel" in texts(state.legal_moves())
    month = MONTHS["february"]
    for index, before in enumerate(PREREQ["february"]):
        space = month.spaces[index]
        assert before == -1 if space.row == 1 else month.spaces[before].col == space.col


def test_any_order_markets() -> None:
    """CON-7.1: in March (reference) any open space may be sold to."""
    state = land("march", sardine=3, mussel=3, scallop=3)
    assert {"sell r1c3 sardine,sardine,sardine", "sell r2c3 mussel,mussel,mussel"} <= set(texts(state.legal_moves()))
    assert set(PREREQ["march"]) == {-1}


def test_upgrade_cost_patterns() -> None:
    """CON-3.5: one fish of any kind; two of the same kind; two of different kinds."""
    catch = Tokens({"sardine": 2, "scallop": 1, "water": 2})
    assert texts(payments("any", catch)) == ["sardine", "scallop"]
    assert texts(payments("same", catch)) == ["sardine,sardine"]
    assert texts(payments("different", catch)) == ["sardine,scallop"]
    assert payments("same", Tokens({"sardine": 1, "scallop": 1})) == ()


def test_trading_fish_for_an_upgrade() -> None:
    """CON-3.5, CON-3.6, CON-3.8: the fish go to the supply; the card is not replaced until the End of Day."""
    state = land(sardine=2, scallop=1)
    assert codes(state, "trade secondary-nets sardine,scallop") == "wrong-cost"
    assert codes(state, "trade ref-grant sardine,scallop") == "not-in-row"
    supply = state.supply
    state = play(state, "trade secondary-nets sardine,sardine")
    assert state.upgrade_ids == ("secondary-nets",)
    assert state.supply == supply + Tokens({"sardine": 2})
    assert state.upgrade_row == ("fish-finders", "ref-market-stall")
    state = play(state, "done")
    assert state.flow.key == "eod.boat_choice"
    state = play(state, "keep boats")
    assert state.flow.key == "eod.upgrade_deal"
    state = play(state, "card ref-grant")
    assert state.upgrade_row == ("fish-finders", "ref-market-stall", "ref-grant")


def test_a_card_that_keeps_a_paid_token() -> None:
    """CON-3.6: a keep_token card keeps one paid token on it; the other goes to the supply."""
    state = land(sardine=1, mussel=1)
    state = changed(state, upgrade_row=("ref-hatchery", *state.upgrade_row[1:]))
    state = changed(state, upgrade_deck=state.upgrade_deck.remove("ref-hatchery").shuffle_in(["secondary-nets"]))
    trades = [m for m in state.legal_moves() if isinstance(m, Trade) and m.card == "ref-hatchery"]
    assert texts(trades) == [
        "trade ref-hatchery mussel,sardine leave mussel",
        "trade ref-hatchery mussel,sardine leave sardine",
    ]
    assert codes(state, "trade ref-hatchery mussel,sardine") == "keep-token"
    supply = state.supply
    state = play(state, "trade ref-hatchery mussel,sardine leave mussel")
    assert state.upgrades[0].kept == Tokens({"mussel": 1})
    assert state.supply == supply + Tokens({"sardine": 1})
    assert codes(land(sardine=2), "trade secondary-nets sardine,sardine leave sardine") == "keep-token"


def test_buying_a_boat() -> None:
    """CON-3.7, CON-3.8: pay the price; the boat joins the line; the row waits for the End of Day."""
    state = land()
    assert codes(state, "buy el-dorado") == "not-in-row"
    state = play(state, "buy pez-limoncello")
    assert state.money == 2
    assert state.fleet == ("el-dorado", "pez-limoncello")
    assert state.boat_row == ("quid-pro-pulpo", "bogavanti")
    assert codes(state, "buy bogavanti") == "too-dear"
    assert "buy quid-pro-pulpo" not in texts(state.legal_moves())


def test_land_move_order_is_stable() -> None:
    """The documented order: sales by space, trades by row position, boats by row position, done."""
    state = land(sardine=2, scallop=2)
    kinds = [m.kind for m in state.legal_moves()]
    assert kinds == sorted(kinds, key=["sell", "trade", "buy", "done"].index)
    assert state.legal_moves() == land(sardine=2, scallop=2).legal_moves()


def test_the_boats_share_one_catch() -> None:
    """CON-3.1 (ruling): fish on two boats fill one space together; the placement event names the
    boat and the tokens kept on it, which is all a display needs."""
    state = start(first="quid-pro-pulpo", other="el-dorado")
    state = changed(state, fleet=("quid-pro-pulpo", "bogavanti"), boat_row=("el-peztidigitador", "pez-limoncello"))
    state = play(draw(state, "sardine water water water water"), "place quid-pro-pulpo sardine,water")
    hand = draw(state, "scallop water water water water")
    move = GAME.parse_move(hand, "place bogavanti scallop,water,water,water,water")
    state = hand.apply(move)
    (event,) = hand.events(move, state)
    assert (event.kind, event.get("card"), event.get("kept")) == (
        "place",
        "bogavanti",
        "scallop,water,water,water,water",
    )
    state = play(draw(state, "sardine scallop sardine scallop water"), "place open-water")
    assert state.catch == Tokens({"sardine": 1, "scallop": 1, "water": 5})
    state = play(state, "sell r3c1 sardine,scallop leave sardine")
    assert state.money == 13
    assert state.catch == Tokens({"water": 5})


def test_a_column_space_with_nothing_above_is_open() -> None:
    """CON-7.1 (ruling CON-3.4): in a column market, a space whose column has no space in the row
    above (a longer lower row) waits for nothing; the others wait for the space above."""
    from tabletop.conservas.checks import _prerequisites
    from tabletop.conservas.content import Space

    one = Tokens({"sardine": 1})
    spaces = (Space("r1c1", 1, 1, one, 1), Space("r2c1", 2, 1, one, 1), Space("r2c2", 2, 2, one, 1))
    month = attrs.evolve(MONTHS["february"], spaces=spaces)
    assert _prerequisites(month) == (-1, 0, -1)
    assert _prerequisites(attrs.evolve(month, fill="rows")) == (-1, -1, 1)
    assert _prerequisites(attrs.evolve(month, fill="any")) == (-1, -1, -1)


def test_fish_not_caught_are_refused_with_what_the_boats_hold() -> None:
    """CON-3.1: a sale or trade paying fish not on the boats is refused, the message naming
    what the boats hold (written out only when read: the generators only ask whether it fails)."""
    state = land(sardine=1, scallop=2)
    held = "sardine,scallop,scallop,water,water"
    with pytest.raises(tabletop.IllegalMove, match=f"CON-3.1: your boats hold {held}, not sardine,sardine"):
        state.apply(GAME.parse_move(state, "sell r1c1 sardine,sardine"))
    check = next(c for c in CHECKS[Sell] if c.code == "not-caught")
    move = GAME.parse_move(state, "sell r1c1 sardine,sardine")
    assert callable(check.test(state, move)) and check(state, move) == check.why(state, move)
    assert (
        check.why(state, move).startswith("your boats hold")
        and check(state, Sell("r2c1", Tokens({"scallop": 2}), "scallop")) == ""
    )


def test_the_sales_offered_are_exactly_those_passing_every_sale_check() -> None:
    """CON-3.1, CON-3.2, CON-3.4: the generator reads the sale checks from a table; on every
    market of every month, with each space open or filled and catches that pay or do not, the
    sales offered are exactly the sales that pass every check of `CHECKS[Sell]`."""
    from tabletop.conservas.rules import land as rules_land

    assert {c.code for c in rules_land._SELL_CHECKS} == rules_land._INLINE_SELL_CHECKS
    offered_in_all = refused_in_all = 0
    for month in MONTHS.values():
        base = land(month.id)
        kinds = sorted({kind for space in month.spaces for kind in space.needs})
        for mask in range(0, 1 << len(month.spaces), max(1, (1 << len(month.spaces)) // 64)):
            market = tuple(space.needs.elements()[0] if mask >> i & 1 else "" for i, space in enumerate(month.spaces))
            for catch in (dict.fromkeys(kinds, 2), {kinds[0]: 1}):
                state = attrs.evolve(with_catch(base, **catch), market=market)
                offered = [m for m in state.legal_moves() if isinstance(m, Sell)]
                wanted = [
                    Sell(space.id, space.needs, kind)
                    for space in month.spaces
                    for kind in space.needs
                    if all(not check.why(state, Sell(space.id, space.needs, kind)) for check in CHECKS[Sell])
                ]
                assert offered == wanted, (month.id, market, catch)
                offered_in_all += len(offered)
                refused_in_all += sum(len(space.needs) for space in month.spaces) - len(offered)
    assert offered_in_all > 100 and refused_in_all > 100
