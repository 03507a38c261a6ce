"""One hosted match: its seats, what plays each, the digests of their tokens and its revision.

A [Hosted][tabletop.server.hosted.Hosted] is what the [Host][tabletop.server.hosting.Host]
keeps of a match in memory and writes to storage; this module also reads the `seats` a new
match asks for and makes the agents that sit in them.

```pycon
>>> seat_kinds(None, 3)
('human', 'agent:greedy', 'agent:greedy')
>>> token_digest("my token") == token_digest("my token") != "my token"
True

```
"""

from __future__ import annotations

import hashlib
import importlib
import secrets
import threading
from collections.abc import Mapping, Sequence
from typing import Any, Final

from tabletop.frontend.match import Match, Ply
from tabletop.frontend.render import BOT_DECK
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.protocol import Game
from tabletop.server.refusals import ApiError, seat_number, short
from tabletop.server.storage import StoredMatch

__all__ = [
    "AGENT_PREFIX",
    "HUMAN",
    "Hosted",
    "agent_names",
    "creator_seat",
    "make_agent",
    "revive",
    "seat_kinds",
    "token_digest",
]

#: The seats a match may list: a person, or an agent by name (`"agent:greedy"`).
HUMAN: Final = "human"
AGENT_PREFIX: Final = "agent:"


class Hosted:
    """One match of the server: the match, its seats, their token digests and its revision.

    Attributes:
        id: The match id (public: it is in the lobby).
        match: The match.
        seats: What plays each seat: `"human"` or `"agent:NAME"`.
        tokens: For each seat, the SHA-256 hex digest of its token, or `None` while open.
        revision: The stored revision this copy reflects.
        created: When the match was made (seconds since the epoch).
        lock: Held while the match is read or changed (never while an agent thinks).
        agents: The agent of each `"agent:NAME"` seat, also set on the match (which then counts
            the seat as no person's), but run by the host one move at a time.
    """

    def __init__(
        self, id: str, match: Match, seats: Sequence[str], tokens: Sequence[str | None], revision: int, created: float
    ) -> None:
        self.id = id
        self.match = match
        self.seats = tuple(seats)
        self.tokens: list[str | None] = list(tokens)
        self.revision = revision
        self.created = created
        self.lock = threading.RLock()
        self.agents: dict[int, Any] = {
            s: make_agent(kind) for s, kind in enumerate(self.seats) if kind not in (HUMAN, BOT_DECK)
        }
        for seat, agent in self.agents.items():
            match.set_agent(seat, agent)
        self.events: dict[tuple[int, int | None], tuple[Ply, list[dict[str, Any]]]] = {}
        """(id of a ply, seat) -> (the ply, its events for that seat as JSON): steps never change."""

    def seat_of(self, token: str | None) -> int:
        """The seat whose token this is.

        Raises:
            ApiError: 401 without a token, 403 for a token of no seat of this match.
        """
        if not token:
            raise ApiError(401, "send your seat's token (Authorization: Bearer TOKEN)", "no-token")
        digest = token_digest(token)
        for seat, known in enumerate(self.tokens):
            if known is not None and secrets.compare_digest(known, digest):
                return seat
        raise ApiError(403, f"this token belongs to no seat of match {self.id!r}", "wrong-token")

    def seat_rows(self) -> list[dict[str, Any]]:
        """`[{"seat", "kind", "taken"}]`: public, with no token."""
        return [
            {"seat": s, "kind": kind, "taken": kind != HUMAN or self.tokens[s] is not None}
            for s, kind in enumerate(self.seats)
        ]

    def stored(self) -> StoredMatch:
        """What goes into storage: the full record, seats, token digests, revision."""
        return StoredMatch(
            id=self.id,
            game=self.match.game.name,
            seats=self.seats,
            tokens=tuple(self.tokens),
            record=self.match.save(),
            revision=self.revision,
            created=self.created,
        )

    def __repr__(self) -> str:
        return f"<Hosted {self.id} {self.match.game.name} revision={self.revision} seats={list(self.seats)}>"


def _registry() -> Any:
    """The agent registry module: `tabletop.agents` when installed, else `tabletop.frontend.agents`."""
    try:
        return importlib.import_module("tabletop.agents")
    except ImportError:
        return importlib.import_module("tabletop.frontend.agents")


def agent_names() -> list[str]:
    """The names of the agents a seat may be given (`"agent:NAME"`)."""
    return list(_registry().AGENTS)


def make_agent(kind: str) -> Any:
    """The agent of a seat `"agent:NAME"`, from the agent registry."""
    return _registry().make_agent(kind[len(AGENT_PREFIX) :])


def seat_kinds(seats: Any, players: int, bots: frozenset[int] = frozenset()) -> tuple[str, ...]:
    """What plays each seat; a seat the game's rules play (`bots`) is `"bot deck"` whatever an agent
    was asked for it, and a person may not sit there."""
    if seats is None:
        first = min((s for s in range(players) if s not in bots), default=None)
        greedy = f"{AGENT_PREFIX}greedy"
        return tuple(BOT_DECK if s in bots else HUMAN if s == first else greedy for s in range(players))
    if not isinstance(seats, list) or len(seats) != players:
        msg = f'seats must list {players} seat(s), each "human" or "agent:NAME"; got {short(seats)}'
        raise ApiError(400, msg, "bad-seats", field="seats")
    for i, kind in enumerate(seats):
        if i in bots and kind == HUMAN:
            msg = f'seat {i} is a bot of the game (its bot deck plays it): it takes no person; got "human"'
            raise ApiError(400, msg, "bad-seats", field=f"seats[{i}]")
        if kind == HUMAN or (i in bots and kind == BOT_DECK):
            continue
        if not isinstance(kind, str) or not kind.startswith(AGENT_PREFIX) or len(kind) > 200:
            msg = f'seat {i} must be "human" or "agent:NAME", got {short(kind)}'
            raise ApiError(400, msg, "bad-seats", field=f"seats[{i}]")
        try:
            make_agent(kind)
        except (ValueError, TypeError, LookupError) as exc:
            raise ApiError(400, f"seat {i}: {exc}", "bad-seats", field=f"seats[{i}]") from None
    return tuple(BOT_DECK if i in bots else kind for i, kind in enumerate(seats))


def creator_seat(seat: Any, kinds: Sequence[str]) -> int | None:
    """The seat the maker of a match takes: `seat` when sent (a human seat), else the first human seat."""
    humans = [s for s, kind in enumerate(kinds) if kind == HUMAN]
    if seat is None:
        return humans[0] if humans else None
    n = seat_number(seat, len(kinds))
    if kinds[n] != HUMAN:
        raise ApiError(400, f"seat {n} is an agent's ({kinds[n]}): sit in a human seat", "bad-seat", field="seat")
    return n


def token_digest(token: str) -> str:
    """The SHA-256 hex digest of a seat's token: what is stored instead of the token."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def revive(stored: StoredMatch, games: Mapping[str, Game]) -> Hosted:
    """A stored match, replayed from its record."""
    game = games.get(stored.game)
    if game is None:
        raise ApiError(404, f"match {stored.id!r} is of the game {stored.game!r}, not served here", "unknown-game")
    try:
        match = Match.load(stored.record, game=game)  # no agents yet: loading would run them
    except DecodeError as exc:
        raise ApiError(500, f"match {stored.id!r} cannot be replayed: {exc}", "bad-record") from None
    return Hosted(stored.id, match, stored.seats, stored.tokens, stored.revision, stored.created)
