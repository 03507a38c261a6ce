"""Events for frontends: what one step of Conservas did, in words and structured fields.

`state.events(move, after)` gives the move's own event (the token drawn, the handful
placed, the sale and its price...) followed by what the automatic steps did in the same
`apply`: water taken from the supply, the End of Day report (income, upkeep, discarded
boats, spawning) when a round ended, and the result when the game ended. The package's
`__init__.py` binds [`events`][tabletop.conservas.events.events] to the state class. Nothing in
Conservas is hidden from its only player, so every event is public.
"""

from __future__ import annotations

from tabletop.conservas.checks import upkeep_of
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.moves import (
    OPEN_WATER,
    Buy,
    Choose,
    Deal,
    Done,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
)
from tabletop.conservas.state import ConservasState
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["card_name", "euros", "events"]


def card_name(card: str) -> str:
    """The printed name of a boat or upgrade id (or `"Open Water"`)."""
    if card in BOATS:
        return BOATS[card].name
    if card in UPGRADES:
        return UPGRADES[card].name
    return "Open Water" if card == OPEN_WATER else card


def euros(amount: int) -> str:
    """`1 euro`, `3 euros`: an amount of money as the events and the board write it."""
    return f"{amount} euro" if amount == 1 else f"{amount} euros"


def _words(tokens: Tokens) -> str:
    """`sardine x3, water`: tokens as the board writes them ("nothing" when none)."""
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in tokens.items()) or "nothing"


def _move_event(before: ConservasState, move: Move, after: ConservasState) -> Event:
    gained = after.money - before.money
    if isinstance(move, Draw):
        return Event.of("draw", f"drew a {move.token} from the bag", token=move.token)
    if isinstance(move, Deal):
        return Event.of("deal", f"dealt {card_name(move.card)}", card=move.card)
    if isinstance(move, Choose):
        return Event.of("choose", f"chose {card_name(move.boat)} as the first boat", boat=move.boat)
    if isinstance(move, Place):
        deep = before.hand - move.kept
        kept = _words(move.kept)
        text = f"placed the handful on {card_name(move.card)}: {kept} on board, {_words(deep)} to the Deep Sea"
        return Event.of("place", text, card=move.card, kept=str(move.kept), deep=str(deep))
    if isinstance(move, Redraw):
        return Event.of("redraw", f"returned a {move.token} to the bag to draw again", token=move.token)
    if isinstance(move, Return):
        return Event.of("return", f"returned {_words(move.tokens)} to the bag", tokens=str(move.tokens))
    if isinstance(move, Sell):
        text = f"sold {_words(move.paid)} at {move.space} for {euros(gained)}, leaving a {move.leave} on the space"
        return Event.of("sell", text, space=move.space, paid=str(move.paid), money=gained, leave=move.leave)
    if isinstance(move, Trade):
        text = f"traded {_words(move.paid)} for {card_name(move.card)}" + (
            f", keeping a {move.keep} on it" if move.keep else ""
        )
        return Event.of("trade", text, card=move.card, paid=str(move.paid), keep=move.keep)
    if isinstance(move, Buy):
        return Event.of("buy", f"bought {card_name(move.boat)} for {euros(-gained)}", boat=move.boat, money=-gained)
    if isinstance(move, Done):
        return Event.of("done", "finished On Land")
    if isinstance(move, Row):
        verb = "discarded" if move.discard else "kept"
        return Event.of("row", f"{verb} the {move.row} row", row=move.row, discard=move.discard)
    assert isinstance(move, Upkeep)
    return _upkeep_event(before, move, after)


def _upkeep_event(before: ConservasState, move: Upkeep, after: ConservasState) -> Event:
    """The named boat's own upkeep (CON-4.6); the boats settled by themselves in the same step
    (those whose order no longer matters) are reported apart, in `others`."""
    own = upkeep_of(before, move.boat)
    others = after.report.upkeep - before.report.upkeep - own
    text = f"paid {euros(own)} upkeep for {card_name(move.boat)}"
    if others:
        text += f", then {euros(others)} for the other boats due"
    return Event.of("upkeep", text, boat=move.boat, money=own, others=others)


def events(before: ConservasState, move: Move, after: ConservasState) -> tuple[Event, ...]:
    """The events of the step `before -> after` made by `move`."""
    found = [_move_event(before, move, after)]
    topped = before.supply["water"] - after.supply["water"]
    if topped > 0:
        found.append(Event.of("top-up", f"the bag ran short: took {topped} water from the supply", water=topped))
    ended_round = after.flow.round != before.flow.round or (after.is_terminal and not after.forfeit)
    if ended_round and not before.is_terminal:
        report = after.report
        text = (
            f"End of Day {before.flow.round}: income {report.income}, upkeep {report.upkeep}, "
            f"discarded {', '.join(card_name(b) for b in report.discarded) or 'no boat'}, "
            f"spawned {_words(report.spawned)}, money {after.money}"
        )
        found.append(
            Event.of(
                "end-of-day",
                text,
                round=before.flow.round,
                income=report.income,
                upkeep=report.upkeep,
                discarded=",".join(report.discarded),
                spawned=str(report.spawned),
                money=after.money,
            )
        )
    if after.is_terminal and after.outcome is not None:
        found.append(Event.of("game-over", str(after.outcome), won=after.outcome.won, month=MONTHS[after.month].name))
    elif after.flow.round != before.flow.round:
        found.append(Event.of("round", f"round {after.flow.round} begins", round=after.flow.round))
    return tuple(found)
