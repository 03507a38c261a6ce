"""Where a server keeps its matches: SQLite (a file, the default) or PostgreSQL (a URL).

Each match is one row: its id, game, what plays each seat, the SHA-256 digests of the seats'
tokens, its full record (see [Record][tabletop.frontend.records.Record]: replaying it gives
the match back exactly) and a revision number that every change increases. A change is
stored only if the row still has the revision it was read at (optimistic concurrency), so
several server processes sharing one PostgreSQL database never overwrite each other's moves:
the one that loses reads the match again and replays its request on top.

```pycon
>>> storage = open_storage(":memory:")
>>> storage.insert(StoredMatch("m1", "conservas", ("human",), (None,), "{}", 1, 0.0))
>>> storage.revision("m1"), storage.revision("nothing")
(1, None)

```
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import json
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Final, Protocol

import attrs

from tabletop.kernel.errors import TabletopError

__all__ = ["CHANNEL", "PostgresStorage", "SQLiteStorage", "Storage", "StorageError", "StoredMatch", "open_storage"]

_TABLE: Final = "tabletop_matches"
CHANNEL: Final = "tabletop_matches"
"""The PostgreSQL channel every change is announced on: `NOTIFY tabletop_matches, 'ID REVISION'`."""
#: How long to wait before listening again after the PostgreSQL connection is lost, in seconds.
_RELISTEN: Final = 1.0
log = logging.getLogger("tabletop.server")
_COLUMNS: Final = "id, game, seats, tokens, record, revision, created"
LOBBY_LIMIT: Final = 500
"""The lobby lists at most this many matches, newest first."""


def _strings(values: Iterable[str]) -> tuple[str, ...]:
    return tuple(values)


def _optional_strings(values: Iterable[str | None]) -> tuple[str | None, ...]:
    return tuple(values)


@attrs.frozen
class StoredMatch:
    """One match as stored.

    Attributes:
        id: The match id.
        game: The game's registry name.
        seats: What plays each seat: `"human"` or `"agent:NAME"`.
        tokens: Per seat, the SHA-256 hex digest of its token, or `None` while open.
        record: The full record JSON text.
        revision: Increased by every change.
        created: When the match was made (seconds since the epoch).
    """

    id: str
    game: str
    seats: tuple[str, ...] = attrs.field(converter=_strings)
    tokens: tuple[str | None, ...] = attrs.field(converter=_optional_strings)
    record: str = attrs.field(repr=False)
    revision: int
    created: float

    def row(self) -> tuple[Any, ...]:
        """The values of the table's columns, in order."""
        return (
            self.id,
            self.game,
            json.dumps(list(self.seats)),
            json.dumps(list(self.tokens)),
            self.record,
            self.revision,
            self.created,
        )

    @classmethod
    def from_row(cls, row: Sequence[Any]) -> StoredMatch:
        """A match from a row of the table."""
        id, game, seats, tokens, record, revision, created = row
        seat_list, token_list = json.loads(seats), json.loads(tokens)
        return cls(str(id), str(game), seat_list, token_list, str(record), int(revision), float(created))


class Storage(Protocol):
    """What a server needs of a store of matches."""

    def insert(self, match: StoredMatch) -> None:
        """Store a new match."""
        ...  # pragma: no cover

    def update(self, match: StoredMatch, expected: int) -> bool:
        """Store `match` if the stored revision is still `expected`; False if it is not."""
        ...  # pragma: no cover

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or `None`."""
        ...  # pragma: no cover

    def revision(self, match_id: str) -> int | None:
        """The stored revision of the match, or `None` if there is no such match."""
        ...  # pragma: no cover

    def list(self) -> list[StoredMatch]:
        """The matches for the lobby, newest first (at most `LOBBY_LIMIT`)."""
        ...  # pragma: no cover

    def close(self) -> None:
        """Release the connection."""
        ...  # pragma: no cover


class _SqlStorage(abc.ABC):
    """The SQL shared by both databases; `_mark` is the parameter placeholder."""

    _mark = "?"

    def __init__(self) -> None:
        self._lock = threading.Lock()

    @abc.abstractmethod
    def _cursor(self) -> contextlib.AbstractContextManager[Any]:
        """A cursor, the connection held by this thread alone while it is open."""

    def _sql(self, text: str) -> str:
        return text.replace("?", self._mark)

    def _create_table(self) -> None:
        with self._cursor() as cur:
            cur.execute(
                f"CREATE TABLE IF NOT EXISTS {_TABLE} (id TEXT PRIMARY KEY, game TEXT NOT NULL, "
                "seats TEXT NOT NULL, tokens TEXT NOT NULL, record TEXT NOT NULL, revision INTEGER NOT NULL, "
                "created DOUBLE PRECISION NOT NULL)"
            )

    def insert(self, match: StoredMatch) -> None:
        """Store a new match."""
        with self._cursor() as cur:
            cur.execute(self._sql(f"INSERT INTO {_TABLE} ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"), match.row())

    def update(self, match: StoredMatch, expected: int) -> bool:
        """Store `match` if the stored revision is still `expected`; False if it is not."""
        _, _, seats, tokens, record, revision, _ = match.row()
        with self._cursor() as cur:
            cur.execute(
                self._sql(
                    f"UPDATE {_TABLE} SET seats = ?, tokens = ?, record = ?, revision = ? WHERE id = ? AND revision = ?"
                ),
                (seats, tokens, record, revision, match.id, expected),
            )
            return bool(cur.rowcount == 1)

    def load(self, match_id: str) -> StoredMatch | None:
        """The stored match, or `None`."""
        with self._cursor() as cur:
            cur.execute(self._sql(f"SELECT {_COLUMNS} FROM {_TABLE} WHERE id = ?"), (match_id,))
            row = cur.fetchone()
        return None if row is None else StoredMatch.from_row(row)

    def revision(self, match_id: str) -> int | None:
        """The stored revision of the match, or `None` if there is no such match."""
        with self._cursor() as cur:
            cur.execute(self._sql(f"SELECT revision FROM {_TABLE} WHERE id = ?"), (match_id,))
            row = cur.fetchone()
        return None if row is None else int(row[0])

    def list(self) -> list[StoredMatch]:
        """The matches for the lobby, newest first (at most `LOBBY_LIMIT`)."""
        with self._cursor() as cur:
            cur.execute(self._sql(f"SELECT {_COLUMNS} FROM {_TABLE} ORDER BY created DESC LIMIT ?"), (LOBBY_LIMIT,))
            rows = cur.fetchall()
        return [StoredMatch.from_row(row) for row in rows]


class SQLiteStorage(_SqlStorage):
    """Matches in an SQLite file (standard library `sqlite3`; `":memory:"` for none).

    Several processes may share the file: SQLite locks it for each write.

    Args:
        path: The database file (made if missing).
    """

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = str(path)
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        if self.path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._create_table()

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        with self._lock:
            cur = self._db.cursor()
            try:
                yield cur
            finally:
                cur.close()

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def __repr__(self) -> str:
        return f"SQLiteStorage({self.path!r})"


class PostgresStorage(_SqlStorage):
    """Matches in PostgreSQL through psycopg 3 (the `server` extra), shared by every process.

    Args:
        url: A connection URL, `postgresql://user:password@host:port/database`.
    """

    _mark = "%s"

    def __init__(self, url: str) -> None:
        super().__init__()
        import psycopg  # here: only a PostgreSQL server needs it

        self.url = url
        self._psycopg = psycopg
        self._errors: tuple[type[BaseException], ...] = (psycopg.OperationalError, psycopg.InterfaceError)
        self._db = self._connect()
        self._create_table()

    def _connect(self) -> Any:
        return self._psycopg.connect(self.url, autocommit=True)

    def insert(self, match: StoredMatch) -> None:
        """Store a new match and announce it on [CHANNEL][tabletop.server.storage.CHANNEL]."""
        with self._cursor() as cur:
            cur.execute(
                f"WITH made AS (INSERT INTO {_TABLE} ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s) RETURNING id) "
                "SELECT pg_notify(%s, %s) FROM made",
                (*match.row(), CHANNEL, f"{match.id} {match.revision}"),
            )

    def update(self, match: StoredMatch, expected: int) -> bool:
        """Store `match` if the stored revision is still `expected`, and announce it; False if not.

        The update and its `NOTIFY` are one statement: a change is announced exactly when it
        is stored.
        """
        _, _, seats, tokens, record, revision, _ = match.row()
        with self._cursor() as cur:
            cur.execute(
                f"WITH changed AS (UPDATE {_TABLE} SET seats = %s, tokens = %s, record = %s, revision = %s "
                "WHERE id = %s AND revision = %s RETURNING id) SELECT pg_notify(%s, %s) FROM changed",
                (seats, tokens, record, revision, match.id, expected, CHANNEL, f"{match.id} {revision}"),
            )
            return bool(cur.rowcount == 1)

    async def changes(self) -> AsyncIterator[tuple[str, int] | None]:
        """The changes every process stores, as they are stored: `(match id, revision)`.

        Listens on [CHANNEL][tabletop.server.storage.CHANNEL] on a connection of its own
        (psycopg's async notifies). Yields `None` each time it starts listening (at first, and
        after a lost connection, when it listens again a second later): changes made while it
        was not listening are unknown, so the caller checks its matches then.
        """
        while True:
            try:
                connection = await self._psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    yield None
                    async for note in connection.notifies():
                        match_id, _, revision = note.payload.rpartition(" ")
                        if match_id and revision.isdigit():
                            yield match_id, int(revision)
            except self._errors:
                log.warning("listening for changes on PostgreSQL: connection lost; again in %s s", _RELISTEN)
            await asyncio.sleep(_RELISTEN)

    @contextmanager
    def _cursor(self) -> Iterator[Any]:
        with self._lock:
            if self._db.closed:
                self._db = self._connect()  # the database restarted or dropped us: connect again
            try:
                with self._db.cursor() as cur:
                    yield cur
            except self._errors:
                self._db.close()
                raise

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._db.close()

    def __repr__(self) -> str:
        where = self.url.rsplit("@", 1)[-1]  # never the password
        return f"PostgresStorage({where!r})"


class StorageError(TabletopError):
    """Raised by [open_storage][tabletop.server.storage.open_storage] when the database cannot
    be opened (a folder that does not exist, a file that is not a database, a PostgreSQL server
    that cannot be reached or refuses the login).

    Attributes:
        where: The database named, without a URL's password.
    """

    def __init__(self, message: str, *, where: str = "") -> None:
        self.where = where
        super().__init__(message)


def open_storage(where: str | Path) -> Storage:
    """The storage `where` names: a `postgresql://` (or `postgres://`) URL, else an SQLite file.

    Raises:
        StorageError: If the database cannot be opened, naming it and the reason.
    """
    text = str(where)
    shown = text.rsplit("@", 1)[-1] if "://" in text else text  # never a URL's password
    try:
        if text.startswith(("postgresql://", "postgres://")):
            return PostgresStorage(text)
        return SQLiteStorage(text)
    except Exception as exc:  # sqlite3.Error, OSError, psycopg.Error, psycopg missing: the reason named
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        if "://" in text:
            reason = reason.replace(text, shown)
        msg = f"cannot open the database {shown}: {reason}"
        raise StorageError(msg, where=shown) from None
