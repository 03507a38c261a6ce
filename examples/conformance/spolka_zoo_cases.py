"""Spółka ZOO, checked from the rulebook by a third party: each case cites the rule it checks.

Written with the public API only (`tabletop.get_game`, the state's documented attributes,
move notation) and the case-writing helpers of `tabletop.testing`. Run them with
`pytest examples/conformance/spolka_zoo_cases.py`; add
`-p tabletop.testing.plugin --rule-coverage=spolka_zoo` to see which rules they leave out.

A company is read by its fruit (`state.company("lemon").share_price`, `.fruit_price`, `.deck`,
`.board`; `seat.shares_in("lemon")`); the board order, left to right, is `state.board`.
"""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.spolka_zoo.content import FRUITS, card
from tabletop.testing import expect, expect_illegal, expect_legal, force, play, play_to

GAME = tabletop.get_game("spolka_zoo")
BOARDS = "board apple,lemon,pineapple"  # the chance outcome laying the companies out, left to right
ROWS = ["draw inf-lemon", "draw inf-audit", "draw inf-offer", "draw h-owl", "draw h-goat", "draw h-bat"]
"""The face-up influence cards, then the face-up helpers, dealt at setup (forced, so the cases
do not depend on the seed)."""


def start(**options: Any) -> Any:
    """A new three-player game with the boards and face-up rows forced, at seat 0's first pick."""
    return play_to(GAME.new_game(seed=7, **options), seat=0, chance=[BOARDS, *ROWS])


def decline(state: Any) -> str:
    """Answer any decision on the way without acting: pick the first token, then do nothing."""
    moves = [str(m) for m in state.legal_moves()]
    return "done" if "done" in moves else "choose pass" if "choose pass" in moves else moves[0]


def test_setup_boards_in_random_order() -> None:
    """ZOO-1.1: the three company boards are laid out in random order, each share price on space 1."""
    state = GAME.new_game(seed=1)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 6
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)
    state = force(state, "board pineapple,apple,lemon")
    expect(state, lambda s: s.board == ("pineapple", "apple", "lemon"), "ZOO-1.1: boards left to right as dealt")
    expect(state, lambda s: s.share_price == (1, 1, 1), "ZOO-1.1: every share price starts on space 1")


def test_setup_warehouse_by_player_count() -> None:
    """ZOO-1.3: fruit prices start at 1; the warehouse holds 8/11/14/17 of each fruit for 2/3/4/5 players."""
    for players, each in ((2, 8), (3, 11), (4, 14), (5, 17)):
        state = play_to(GAME.new_game(seed=3, players=players), seat=0)
        expect(state, lambda s: s.fruit_price == (1, 1, 1), "ZOO-1.3: fruit prices start at 1")
        expect(
            state,
            lambda s, n=each: all(s.warehouse[f] == n for f in FRUITS),
            f"ZOO-1.3: {each} of each fruit in the warehouse with {players} players",
        )


def test_setup_face_up_rows() -> None:
    """ZOO-1.4, ZOO-1.5: 3 influence cards and 3 helpers lie face up (4 each with four or five players)."""
    for players, shown in ((3, 3), (4, 4), (5, 4)):
        state = play_to(GAME.new_game(seed=3, players=players), seat=0)
        expect(state, lambda s, n=shown: len(s.piles.influence_row) == n, f"ZOO-1.4: {shown} influence cards")
        expect(state, lambda s, n=shown: len(s.piles.helper_row) == n, f"ZOO-1.5: {shown} helpers")


def test_choice_of_token_is_secret() -> None:
    """ZOO-3.1: all players choose a token secretly: the others' views do not show it."""
    state = play(start(), ["pick lobby"])
    expect(state, lambda s: s.view(0).seats[0].pick == "lobby", "ZOO-3.1: the chooser knows their token")
    for seat in (1, 2):
        expect(state, lambda s, o=seat: s.view(o).seats[0].pick != "lobby", f"ZOO-3.1: seat {seat} cannot see it")


def test_duplicate_cannot_open_a_round() -> None:
    """ZOO-4.13: a Duplicate cannot be played as the first Action token in a round."""
    expect_illegal(start(), "pick duplicate", code="duplicate-first", rule="ZOO-4.13")


def test_declining_the_action_still_plays_the_token() -> None:
    """ZOO-3.4: a player need not perform the action, but the token still counts as played."""
    state = play(start(), ["pick share", "pick fruit", "pick fruit", "done"])
    expect(state, lambda s: s.seats[0].played == ("share",), "ZOO-3.4: the share token is spent")
    expect(state, lambda s: s.seats[0].money == start().seats[0].money, "ZOO-3.4: nothing was bought")
    state = play_to(state, seat=0, kind="pick", choose=decline)
    expect_illegal(state, "pick share", code="token-used", rule="ZOO-3.2")


def test_buying_shares_raises_the_price_each_time() -> None:
    """ZOO-4.3, ZOO-4.1 (REMEMBER A): a share costs its current price, which then moves one space
    right, so the second share in the same company costs more than the first."""
    state = play(start(), ["pick share", "pick fruit", "pick fruit"])
    money = state.seats[0].money
    state = play(state, ["buy share lemon"])
    expect(state, lambda s: s.seats[0].money == money - 1, "ZOO-4.3: the first share costs 1")
    expect(state, lambda s: s.company("lemon").share_price == 2, "ZOO-4.3: the price moves one space right")
    state = play(state, ["buy share lemon"])
    expect(state, lambda s: s.seats[0].money == money - 3, "ZOO-4.1: the second share costs 2")
    expect(state, lambda s: s.seats[0].shares_in("lemon") == 2, "ZOO-4.3: both shares are on the board")
    expect(state, lambda s: s.current_player == 1, "ZOO-4.1: two transactions end the token; seat 1 goes on")


def test_no_buying_and_selling_in_one_company() -> None:
    """ZOO-4.2: one share-trading token never buys and sells in the same company."""
    state = play(start(), ["pick share", "pick fruit", "pick fruit", "buy share apple"])
    expect_illegal(state, "sell share apple", code="buy-and-sell", rule="ZOO-4.2")
    expect_legal(state, "buy share pineapple")


def test_selling_a_fruit_at_the_lowest_price() -> None:
    """ZOO-4.7, ZOO-11.10: a sold fruit goes to the warehouse for its price; a price already at 1 stays."""
    state = play(start(), ["pick fruit", "pick share", "pick share"])
    before = state
    state = play(state, ["sell fruit apple"])
    expect(state, lambda s: s.seats[0].money == before.seats[0].money + 1, "ZOO-4.7: paid the price, 1")
    expect(state, lambda s: s.seats[0].fruit["apple"] == before.seats[0].fruit["apple"] - 1, "ZOO-4.7: it leaves")
    expect(state, lambda s: s.warehouse["apple"] == before.warehouse["apple"] + 1, "ZOO-4.7: into the warehouse")
    expect(state, lambda s: s.company("apple").fruit_price == 1, "ZOO-11.10: the price cannot go below 1")
    expect_illegal(state, "buy fruit apple", code="buy-and-sell", rule="ZOO-4.6")


def test_buying_fruit_from_the_warehouse() -> None:
    """ZOO-4.8: a fruit bought from the warehouse costs its price, which then moves one space right."""
    state = play(start(), ["pick fruit", "pick share", "pick share"])
    before = state
    state = play(state, ["buy fruit lemon", "buy fruit lemon"])
    expect(state, lambda s: s.seats[0].money == before.seats[0].money - 3, "ZOO-4.8: 1, then 2 coins")
    expect(state, lambda s: s.company("lemon").fruit_price == 3, "ZOO-4.8: two spaces right")
    expect(state, lambda s: s.warehouse["lemon"] == before.warehouse["lemon"] - 2, "ZOO-4.8: from the warehouse")


def test_buying_fruit_from_another_player() -> None:
    """ZOO-4.9: buying from another player's pool pays them the price + 2 and raises the price;
    they may not refuse, even when the warehouse has that fruit."""
    state = play(start(), ["pick fruit", "pick share", "pick share"])
    before = state
    expect(state, lambda s: s.warehouse["pineapple"] > 0, "ZOO-4.9: the warehouse has pineapples too")
    state = play(state, ["buy fruit pineapple from 2"])
    expect(state, lambda s: s.seats[0].money == before.seats[0].money - 3, "ZOO-4.9: the buyer pays 1 + 2")
    expect(state, lambda s: s.seats[2].money == before.seats[2].money + 3, "ZOO-4.9: the seller receives it")
    expect(state, lambda s: s.seats[2].fruit["pineapple"] == 0, "ZOO-4.9: the fruit leaves the seller's pool")
    expect(state, lambda s: s.company("pineapple").fruit_price == 2, "ZOO-4.9: the price moves right")
    expect(state, lambda s: s.current_player == 0, "ZOO-4.9: the seller is not asked")


def test_hiring_a_helper() -> None:
    """ZOO-4.10: a helper is paid with fruit from the pool, which goes to the warehouse; the helper
    joins the pool and the market is refilled with a new card."""
    state = play(start(), ["pick helper", "pick share", "pick share"])
    before = state
    state = play(state, ["hire h-owl", "!draw h-crow"])
    paid = before.seats[0].fruit.total - state.seats[0].fruit.total
    cost = card("h-owl").cost  # the printed cost, from the card object
    spent = {f: before.seats[0].fruit[f] - state.seats[0].fruit[f] for f in FRUITS}
    expect(state, lambda s: spent == {f: cost[f] for f in FRUITS}, "ZOO-4.10: the printed cost is paid in fruit")
    expect(state, lambda s: s.warehouse.total == before.warehouse.total + paid, "ZOO-4.10: into the warehouse")
    expect(state, lambda s: s.seats[0].helpers == ("h-owl",), "ZOO-4.10: the helper is in the pool")
    refilled = {"h-goat", "h-bat", "h-crow"}
    expect(state, lambda s: set(s.piles.helper_row) == refilled, "ZOO-4.10: the market is refilled")


def test_lobbying() -> None:
    """ZOO-4.11: lobbying takes 2 coins and shuffles a face-up influence card into any company deck;
    the row is refilled by a new card."""
    state = play(start(), ["pick lobby", "pick share", "pick share"])
    before = state
    state = play(state, ["lobby inf-offer pineapple"])
    expect(state, lambda s: s.seats[0].money == before.seats[0].money + 2, "ZOO-4.11: 2 coins from the bank")
    expect(state, lambda s: len(s.company("pineapple").deck) == len(before.company("pineapple").deck) + 1, "ZOO-4.11")
    expect(state, lambda s: s.company("pineapple").deck.cards()["inf-offer"] == 1, "ZOO-4.11: that card went in")
    expect(state, lambda s: s.is_chance_node, "ZOO-4.11: the row is refilled from the influence deck")
    state = force(state, "draw inf-dividend")
    refilled = {"inf-lemon", "inf-audit", "inf-dividend"}
    expect(state, lambda s: set(s.piles.influence_row) == refilled, "ZOO-4.11: the row is refilled")


def test_speculation_looks_at_four_cards() -> None:
    """ZOO-4.12: speculation takes 1 coin, then the player looks at the top four cards of one deck
    and puts them back, one maybe at the bottom of any deck."""
    state = play(start(), ["pick speculate", "pick share", "pick share"])
    before = state
    state = play_to(play(state, ["speculate apple"]), seat=0)
    expect(state, lambda s: s.seats[0].money == before.seats[0].money + 1, "ZOO-4.12: 1 coin from the bank")
    arranged = [str(m) for m in state.legal_moves() if str(m).startswith("arrange ")]
    expect(state, lambda s: all(len(m.split()[1].split(",")) in (3, 4) for m in arranged), "ZOO-4.12: four cards")
    expect(state, lambda s: any(" bottom " in m and m.endswith(" lemon") for m in arranged), "ZOO-4.12: any deck")


def test_first_player_passes_clockwise() -> None:
    """ZOO-9.1, ZOO-3.3: after each seat plays three tokens and the market phase, the first-player
    marker passes to the left."""
    state = start()
    round_two = play_to(state, until=lambda s: s.flow.round == 2, choose=decline)
    expect(round_two, lambda s: s.flow.first_player == 1, "ZOO-9.1: seat 1 is first in round 2")
    expect(round_two, lambda s: all(seat.played == () for seat in s.seats), "ZOO-9.1: tokens are regained")
    expect(round_two, lambda s: s.current_player == 1, "ZOO-3.2: the first player chooses first")


def test_unbreakable_tie_pays_three_coins_and_ignores_the_cards() -> None:
    """ZOO-8.5, ZOO-7.4: two shareholders tied on shares, helper glory and helpers: no majority
    shareholder, so the company's cards are ignored, and each shareholder takes 3 coins."""
    state = play(start(), ["pick share", "pick share", "pick fruit", "buy share pineapple", "done"])
    state = play(state, ["buy share pineapple", "done", "done"])
    before = state
    after = play_to(state, until=lambda s: s.flow.round == 2, choose=decline)
    for seat in (0, 1):
        expect(after, lambda s, o=seat: s.seats[o].money == before.seats[o].money + 3, f"ZOO-8.5: seat {seat} +3")
    expect(after, lambda s: s.seats[2].money == before.seats[2].money, "ZOO-8.5: not a shareholder, no coins")
    expect(after, lambda s: s.warehouse["pineapple"] == before.warehouse["pineapple"], "ZOO-7.4: no fruit came")


def test_majority_shareholder_takes_as_many_fruits_as_shares() -> None:
    """ZOO-8.2, ZOO-8.6, ZOO-7.6: the only shareholder is the majority shareholder and takes as many fruits
    as shares held (as many as there are, if fewer); what is left stays on the board."""
    state = play(start(), ["pick share", "pick fruit", "pick fruit", "buy share pineapple", "done", "done", "done"])
    before = state
    after = play_to(state, until=lambda s: s.flow.round == 2, choose=decline)
    taken = after.seats[0].fruit.total - before.seats[0].fruit.total
    left = after.company("pineapple").board.total
    came = before.warehouse.total - after.warehouse.total
    expect(after, lambda s: came > 0, "ZOO-7.6: the pineapple deck put fruit from the warehouse on the board")
    expect(after, lambda s: came == taken + left, "ZOO-8.2: the fruit on the board is taken or stays")
    expect(after, lambda s: taken == min(1, came), "ZOO-8.2: one share, one fruit")
    expect(after, lambda s: s.company("apple").board.total == 0, "ZOO-7.4: no shareholder, cards ignored")


def test_tie_on_shares_goes_to_more_helper_glory() -> None:
    """ZOO-8.5, ZOO-8.3: shareholders tied on shares are ranked by the glory on their helpers; the
    winner takes first as the majority shareholder, then the minority shareholder."""
    state = play(start(), ["pick helper", "pick share", "pick fruit", "hire h-owl", "!draw h-crow"])
    state = play(state, ["buy share pineapple", "done", "done"])
    state = play_to(state, seat=0, kind="pick", choose=decline)
    state = play(state, ["pick share", "pick fruit", "pick lobby", "buy share pineapple", "done"])
    expect(state, lambda s: s.seats[0].helper_glory > s.seats[1].helper_glory, "ZOO-8.5: seat 0 has more glory")
    before = state
    after = play_to(state, until=lambda s: s.flow.round == 2, choose=decline)
    came = before.warehouse.total - after.warehouse.total
    first = after.seats[0].fruit.total - before.seats[0].fruit.total
    second = after.seats[1].fruit.total - before.seats[1].fruit.total
    expect(after, lambda s: came > 0, "ZOO-7.6: fruit came to the pineapple board")
    expect(after, lambda s: first == min(1, came), "ZOO-8.5: seat 0 wins the tie and takes first")
    expect(after, lambda s: second == min(1, came - first), "ZOO-8.3: then the minority shareholder")
    expect(after, lambda s: s.seats[1].money == before.seats[1].money, "ZOO-8.5: a broken tie pays no coins")
