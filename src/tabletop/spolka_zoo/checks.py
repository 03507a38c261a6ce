"""Why a move is refused: a reason, a stable code and the rule it breaks."""

from __future__ import annotations

from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move, State
from tabletop.spolka_zoo.content import HELPER_COST
from tabletop.spolka_zoo.moves import Choose, Hire, Lobby, Pick, PlayIntrigue, Speculate, Trade, UseHelper
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.state import FRUIT_INDEX, ZooState

__all__ = ["reason", "refusal"]


def _no(move: Move, message: str, code: str, rule: str) -> IllegalMove:
    return IllegalMove(message, code=code, rule=rule, move=move)


def _pick(state: ZooState, move: Pick) -> IllegalMove | None:
    played = state.seats[state.flow.player].played
    if move.token in played:
        return _no(move, f"the {move.token} token was already played this round", "token-used", "ZOO-3.2")
    if move.token == "duplicate" and not played:
        return _no(move, "a duplicate cannot be the first token of a round", "duplicate-first", "ZOO-4.13")
    return None


def _trade(state: ZooState, move: Trade) -> IllegalMove | None:
    turn = state.turn
    if turn.action != move.what:
        return _no(
            move, f"the token being resolved is {turn.action!r}, not {move.what} trading", "wrong-action", "ZOO-4"
        )
    opposite = "sell" if move.op == "buy" else "buy"
    if f"{opposite}:{move.item}" in turn.trades:
        what = "company" if move.what == "share" else "fruit"
        message = f"you cannot both buy and sell in the same {what} ({move.item}) with one token"
        rule = "ZOO-4.2" if move.what == "share" else "ZOO-4.6"
        return _no(move, message, "buy-and-sell", rule)
    me = state.seats[turn.seat]
    if move.what == "share":
        return _share(state, move, me.money, me.share_pool, me.shares[FRUIT_INDEX[move.item]])
    if move.op == "sell":
        return None if me.fruit[move.item] else _no(move, f"you have no {move.item}", "no-fruit", "ZOO-4.7")
    if move.seller >= 0:
        if move.seller == turn.seat or move.seller >= len(state.seats):
            return _no(move, f"seat {move.seller} is not another seat", "bad-seller", "ZOO-4.9")
        if not state.seats[move.seller].fruit[move.item]:
            return _no(move, f"seat {move.seller} has no {move.item}", "seller-has-none", "ZOO-4.9")
        cost = state.fruit_price[FRUIT_INDEX[move.item]] + 2
        return _no(move, f"a {move.item} from a seat costs {cost}; you have {me.money}", "no-money", "ZOO-4.9")
    if not state.warehouse[move.item]:
        return _no(move, f"no {move.item} is left in the warehouse", "warehouse-empty", "ZOO-4.8")
    cost = economy.fruit_cost(state, turn.seat, move.item)
    return _no(move, f"a {move.item} costs {cost}; you have {me.money}", "no-money", "ZOO-4.8")


def _share(state: ZooState, move: Trade, money: int, pool: int, held: int) -> IllegalMove | None:
    if move.op == "sell":
        return None if held else _no(move, f"you have no share in {move.item}", "no-share", "ZOO-4.4")
    if not pool:
        return _no(move, "all eight of your share tokens are on the boards", "no-share-tokens", "ZOO-4.3")
    cost = economy.share_cost(state, state.turn.seat, move.item)
    return _no(move, f"a {move.item} share costs {cost}; you have {money}", "no-money", "ZOO-4.3")


def refusal(state: ZooState, move: Move) -> IllegalMove:
    """Why `move` (of a kind allowed at this step, not legal now) is refused: the game's
    `_refusal` hook."""
    return reason(state, move) or State._refusal(state, move)


def reason(state: ZooState, move: Move) -> IllegalMove | None:
    """Explain why `move` (of a kind allowed at this step) is illegal, or `None`."""
    if isinstance(move, Pick):
        return _pick(state, move)
    if isinstance(move, Trade):
        if len(state.turn.trades) >= 2:
            return _no(move, "two transactions were already made with this token", "two-transactions", "ZOO-4.1")
        return _trade(state, move)
    if isinstance(move, Hire):
        if state.turn.action != "helper":
            return _no(move, "the token being resolved is not hiring a helper", "wrong-action", "ZOO-4.10")
        if move.card not in state.piles.helper_row:
            return _no(move, f"{move.card} is not in the helper market", "not-in-market", "ZOO-4.10")
        cost = HELPER_COST[move.card]
        return _no(
            move,
            f"{move.card} costs {cost}; your fruit is {state.seats[state.turn.seat].fruit}",
            "no-fruit",
            "ZOO-4.10",
        )
    if isinstance(move, Lobby):
        if state.turn.action != "lobby":
            return _no(move, "the token being resolved is not lobbying", "wrong-action", "ZOO-4.11")
        return _no(move, f"{move.card} is not a face-up influence card", "not-in-market", "ZOO-4.11")
    if isinstance(move, Speculate):
        if state.turn.action != "speculate":
            return _no(move, "the token being resolved is not speculation", "wrong-action", "ZOO-4.12")
        return _no(move, f"the {move.company} deck is empty", "empty-deck", "ZOO-4.12")
    if isinstance(move, PlayIntrigue):
        if state.turn.intrigue:
            return _no(move, "one intrigue card per action token", "intrigue-used", "ZOO-12.8")
        return _no(move, f"{move.card} is not in your hand", "not-in-hand", "ZOO-12.8")
    if isinstance(move, UseHelper):
        return _no(move, f"{move.card} cannot be used after this token", "no-ability", "ZOO-5.1")
    if isinstance(move, Choose):
        return _no(move, f"{move.option!r} is not one of the options here", "not-an-option", "ZOO-6.1")
    return None
