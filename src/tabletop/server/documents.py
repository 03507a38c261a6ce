"""What a seat is sent: its [document][tabletop.server.documents.document], built only from what
that seat may know (its view and its own events; for a spectator, what every seat sees alike),
never the full state, the seed or a token; and whether the server lets the seat undo.

```pycon
>>> _common([{"deck": 30, "hand": ["a"]}, {"deck": 30, "hand": ["?"]}])
{'deck': 30, 'hand': [None]}

```
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping
from typing import Any

from tabletop.frontend.match import Match, Ply
from tabletop.kernel.chance import CHANCE, TERMINAL
from tabletop.kernel.errors import TabletopError
from tabletop.kernel.protocol import State
from tabletop.server import boards
from tabletop.server.hosted import HUMAN, Hosted
from tabletop.server.refusals import ApiError

__all__ = ["action_bridge", "document", "public_view", "undo_refusal"]


def document(hosted: Hosted, seat: int | None) -> dict[str, Any]:
    """What `seat` (`None`: a spectator) is sent: built only from what that seat may know.

    The keys are those of the API contract (`docs/server.md`): `match`, `game`, `seat`,
    `seats`, `turn`, `step`, `view`, `board`, `legal`, `events`, `outcome`, `can_undo`.
    """
    match = hosted.match
    state = match.state
    player = state.current_player
    turn: int | str = "over" if player == TERMINAL else "chance" if player == CHANCE else player
    view_json = json.loads(state.view(seat).to_json()) if seat is not None else public_view(state)
    yours = seat is not None and player == seat and hosted.seats[seat] == HUMAN
    drawn = boards.board(match.game.name, view_json, seat)
    legal = _legal(state, drawn) if yours else []
    outcome = state.outcome
    return {
        "match": hosted.id,
        "game": match.game.name,
        "title": match.game.title,
        "seat": seat,
        "seats": hosted.seat_rows(),
        "turn": turn,
        "step": len(match.plies),
        "view": view_json,
        "board": drawn,
        "legal": legal,
        "events": _events(hosted, seat),
        "outcome": None
        if outcome is None
        else {"returns": [float(r) for r in outcome.returns], "summary": dict(outcome.summary())},
        "can_undo": seat is not None and undo_refusal(hosted, seat) is None and match.can_undo(seat),
    }


def undo_refusal(hosted: Hosted, seat: int) -> ApiError | None:
    """Why the server refuses `seat` any undo in this match, or `None` when the Match rules decide.

    Undo is for a match with one person (against agents): the
    [Match rules][tabletop.frontend.match.Match.undo] then stop it at any step that showed that
    person something new, which is worked out from what that person knows. At a table of
    several people they would also stop it at a step that showed *another* person something
    new, which depends on what that other person knew before (a card they had seen, their own
    hand): allowing or refusing undo would tell the asking seat about the other's secrets. So
    where another seat is a person (taken or still open), moves are final.
    """
    if hosted.seats[seat] != HUMAN:
        return ApiError(409, f"seat {seat} is played by {hosted.seats[seat]}: undo your own moves", "undo-refused")
    others = [s for s, kind in enumerate(hosted.seats) if kind == HUMAN and s != seat]
    if others:
        people = ", ".join(map(str, others))
        msg = f"moves are final at a table of people (seats {seat} and {people}): undo is for a match against agents"
        return ApiError(409, msg, "undo-refused")
    return None


def public_view(state: State) -> Any:
    """What no seat keeps secret: the parts of the view JSON that every seat sees alike.

    Where the seats' views differ (a hand one seat sees and the others see as placeholders),
    the value becomes `null`; lists and objects of the same shape are compared item by item.
    """
    return _common([json.loads(state.view(s).to_json()) for s in range(state.num_players)])


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values):
        return {k: _common([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values):
        return [_common([v[i] for v in values]) for i in range(len(first))]
    return None


def _events(hosted: Hosted, seat: int | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for ply in hosted.match.plies:
        key = (id(ply), seat)
        cached = hosted.events.get(key)
        if cached is None or cached[0] is not ply:
            cached = (ply, _ply_events(hosted.match, ply, seat))
            hosted.events[key] = cached
        out.extend(cached[1])
    return out


def _ply_events(match: Match, ply: Ply, seat: int | None) -> list[dict[str, Any]]:
    """The events of one step that `seat` sees (a spectator: those every seat sees), as JSON."""
    if seat is not None:
        seen = list(ply.events_for(seat))
    else:
        per_seat = [{_event_key(e.to_dict()) for e in ply.events_for(s)} for s in range(match.num_players)]
        seen = [e for e in ply.events_for(0) if all(_event_key(e.to_dict()) in keys for keys in per_seat)]
    return [
        {
            "ply": ply.index,
            "seat": ply.player if ply.player >= 0 else None,
            "kind": event.kind,
            "text": event.text,
            "data": json.loads(json.dumps(dict(event.data), default=str)),
        }
        for event in seen
    ]


def _event_key(event: Mapping[str, Any]) -> str:
    return json.dumps({k: event[k] for k in ("kind", "text", "data")}, sort_keys=True, default=str)


def _legal(state: State, drawn: Mapping[str, Any]) -> list[dict[str, Any]]:
    bridge = action_bridge(state)
    moves = state.legal_moves()
    targets = boards.targets(state.GAME.name, drawn, moves)
    out = []
    for move in moves:
        text = str(move)
        action: int | None = None
        if bridge is not None:
            try:
                action = int(bridge.action_of(state, move))
            except (TabletopError, ValueError, KeyError, IndexError):
                action = None
        target, group, label = targets.get(text, (None, text.split(" ", 1)[0], text))
        out.append({"move": text, "action": action, "label": label, "target": target, "group": group})
    return out


def action_bridge(state: State) -> Any:
    """The action-id bridge of the state's game, or `None` without `tabletop.adapters`."""
    try:
        adapters = importlib.import_module("tabletop.adapters")
    except ImportError:
        return None
    try:
        return adapters.bridge_for(state)
    except (LookupError, ValueError, ImportError):
        return None
