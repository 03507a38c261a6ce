"""The events of an Archipel move: what a frontend narrates, in order.

Archipel is played in the open (ARC-8: exposures are seen by everybody), so every event
is public: the move itself, then what it caused (cards dealt, fish exposed, catches,
storms, deliveries, cards and fish leaving the game, closed signs, the end of the season).
"""

from __future__ import annotations

from tabletop.archipel.content.kinds import BAITS, SHARK
from tabletop.archipel.moves import Catch, Done, Draw, EndTurn, Expose, Over, Sail, Stay
from tabletop.archipel.state import EMPTY, ArchipelState, dealing_to
from tabletop.kernel.chance import CHANCE
from tabletop.kernel.events import Event
from tabletop.kernel.protocol import Move
from tabletop.kernel.tokens import Tokens

__all__ = ["events"]


def events(before: ArchipelState, move: Move, after: ArchipelState) -> tuple[Event, ...]:
    """The move, then what it caused, all public (ARC-8: exposures are seen by everybody)."""
    out: list[Event] = []
    player = before.current_player
    if player == CHANCE:
        out.append(_chance_event(before, move))
        if isinstance(move, Expose):
            out.extend(_missed(before, move.fish, after))
    else:
        colour = before.boats[player].colour
        out.append(Event.of("move", _said(before, colour, move), player=player, boat=colour, move=str(move)))
        if isinstance(move, Catch):
            at = before.boat.at
            spot = before.spots[before.map.spot_index[at]]
            if spot.remembered:  # the memory game: a fish turned face down is shown again
                out.append(Event.of("expose", f"the fish at {at} is {spot.fish}", spot=at, fish=spot.fish))
                out.extend(_missed(before, spot.fish, after))
    out.extend(_shop_events(before, after, player))
    out.extend(_boat_events(before, after, move))
    out.extend(_board_events(before, after))
    if isinstance(move, Sail) and player >= 0:
        out.extend(_arrival(after, player))
    outcome = after.outcome
    if outcome is not None:
        text = (
            f"the season is over ({outcome.ended_by}): ending {outcome.ending}, {outcome.orders_filled} orders filled"
        )
        out.append(Event.of("season-over", text, ending=outcome.ending, orders_filled=outcome.orders_filled))
    return tuple(out)


def _chance_event(before: ArchipelState, move: Move) -> Event:
    if isinstance(move, Expose):
        at = before.boat.at
        kind = "a shark" if move.fish == SHARK else move.fish
        return Event.of("expose", f"the fish at {at} is {kind}", spot=at, fish=move.fish)
    assert isinstance(move, Draw)
    where = dealing_to(before)
    text = f"{move.card} drawn from the pocket for the " + ("warehouse" if where == "warehouse" else f"shop of {where}")
    return Event.of("draw", text, card=move.card, to=where)


def _said(before: ArchipelState, colour: str, move: Move) -> str:
    """The move in words: `red boat sails to f07`, `red boat tries to catch the fish`."""
    boat = f"{colour} boat"
    if isinstance(move, Sail):
        return f"{boat} sails to {move.to}"
    if isinstance(move, Catch):
        return f"{boat} tries to catch the fish at {before.boat.at}"
    if isinstance(move, EndTurn | Done):
        return f"{boat} ends its turn"
    if isinstance(move, Stay):
        return f"{boat} stays in the harbour of {before.boat.at}"
    if isinstance(move, Over):
        return f"{boat} declares the season over"
    return f"{boat}: {move}"


def _minus(a: Tokens, b: Tokens) -> Tokens:
    """What `a` has more of than `b`."""
    return Tokens({kind: a[kind] - b[kind] for kind in a if a[kind] > b[kind]})


def _cards(tokens: Tokens) -> str:
    return ", ".join(kind if n == 1 else f"{kind} x{n}" for kind, n in tokens.items())


def _arrival(after: ArchipelState, player: int) -> list[Event]:
    """ARC-3.1 in words: a boat at a fish without bait cannot try to catch it."""
    boat = after.boats[player]
    index = after.map.spot_index.get(boat.at)
    if index is None or after.spots[index].fish == EMPTY or any(card in BAITS for card in boat.cards):
        return []
    text = f"{boat.colour} boat has no bait on board, so it cannot try to catch the fish at {boat.at} (ARC-3.1)"
    return [Event.of("no-bait", text, boat=boat.colour, spot=boat.at)]


def _missed(before: ArchipelState, fish: str, after: ArchipelState) -> list[Event]:
    """ARC-3.2, ARC-8.1 in words: a fish turned over that the boat's bait cannot catch stays face up,
    or in the memory game is turned face down again."""
    boat = before.boat
    if fish == SHARK or after.flow.key in ("turn.multi", "turn.shark"):
        return []
    if after.boats[before.flow.player].fish[fish] > boat.fish[fish]:
        return []
    if after.memory:
        text = f"the {boat.colour} boat has no {fish} bait: the fish at {boat.at} is turned face down again (ARC-8.1)"
    else:
        text = f"the {boat.colour} boat has no {fish} bait: the fish stays at {boat.at}, face up (ARC-3.2)"
    return [Event.of("missed", text, boat=boat.colour, spot=boat.at, fish=fish)]


def _shop_events(before: ArchipelState, after: ArchipelState, player: int) -> list[Event]:
    """A harbour's shop emptied by the boat entering it (ARC-4.1), and refilled (ARC-4.9)."""
    out: list[Event] = []
    board = after.map
    for island, was, now in zip(board.island_ids, before.shops, after.shops, strict=True):
        taken = _minus(was, now)
        if taken.total and player >= 0:
            colour = before.boats[player].colour
            text = f"{colour} boat enters the harbour of {island} and takes the shop's cards: {_cards(taken)}"
            out.append(Event.of("shop", text, island=island, boat=colour, cards=_cards(taken)))
        gained = now if taken.total else _minus(now, was)
        if gained.total and after.flow.phase != "setup":
            text = f"the warehouse's cards go to the shop of {island}: {_cards(gained)}"
            out.append(Event.of("restock", text, island=island, cards=_cards(gained)))
    return out


def _boat_events(before: ArchipelState, after: ArchipelState, move: Move) -> list[Event]:
    out: list[Event] = []
    for old, new in zip(before.boats, after.boats, strict=True):
        sailed = isinstance(move, Sail) and before.current_player >= 0 and old is before.boat
        if old.at != new.at and not (sailed and new.at == move.to):  # type: ignore[attr-defined]
            out.append(Event.of("sail", f"{new.colour} boat sails to {new.at}", boat=new.colour, to=new.at))
        gained, lost = _minus(new.cards, old.cards), _minus(old.cards, new.cards)
        if gained.total:
            text = f"{new.colour} boat takes on board: {_cards(gained)}"
            out.append(Event.of("equipment", text, boat=new.colour, cards=_cards(gained)))
        if lost.total:
            text = f"{new.colour} boat no longer carries: {_cards(lost)}"
            out.append(Event.of("equipment", text, boat=new.colour, cards=_cards(lost)))
        for fish in new.fish:
            if new.fish[fish] > old.fish[fish]:
                article = "an" if fish[:1] in "aeiou" else "a"
                text = f"{new.colour} boat now has {article} {fish} fish"
                out.append(Event.of("fish", text, boat=new.colour, fish=fish))
        if new.fuel != old.fuel:
            out.append(Event.of("fuel", f"{new.colour} boat has {new.fuel} fuel", boat=new.colour, fuel=new.fuel))
    return out


def _board_events(before: ArchipelState, after: ArchipelState) -> list[Event]:
    out: list[Event] = []
    board = after.map
    for space, old, new in zip(board.storm_ids, before.storms, after.storms, strict=True):
        if old != new:
            text = f"{new} on storm space {space}" if new else f"storm space {space} is clear again"
            out.append(Event.of("storm", text, space=space, card=new))
    for island, was, now in zip(board.island_ids, before.markets, after.markets, strict=True):
        for colour in now:
            if now[colour] > was[colour]:
                out.append(Event.of("deliver", f"{colour} fish delivered to {island}", island=island, fish=colour))
    for card in after.removed - before.removed:
        out.append(Event.of("removed", f"{card} leaves the game", card=card))
    for lost in after.lost - before.lost:
        out.append(Event.of("lost", f"a {lost} fish leaves the game", fish=lost))
    for shop in sorted(after.shut - before.shut):
        out.append(Event.of("closed", f"the shop of {shop} closes", island=shop))
    if after.warehouse_shut and not before.warehouse_shut:
        out.append(Event.of("closed", "the warehouse gets a 'closed' sign", island=""))
    return out
