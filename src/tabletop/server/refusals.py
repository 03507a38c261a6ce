"""Refusals of the server: [ApiError][tabletop.server.refusals.ApiError], the rate limiter, and
the checks of a request's shape that every operation of the
[Host][tabletop.server.hosting.Host] shares.

Each check raises an `ApiError` naming the field and quoting the value sent (cut short: a
client may send a huge one), and the sentence of every refusal is cut to about 500 characters.

```pycon
>>> try:
...     only_fields({"game": "conservas", "sede": 1}, {"game", "seed"})
... except ApiError as refusal:
...     print(refusal.status, refusal.to_json())
400 {'error': "unknown field(s) 'sede'", 'code': 'bad-request', 'field': 'sede'}

```
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = [
    "ApiError",
    "RateLimiter",
    "as_sent",
    "expect_object",
    "only_fields",
    "option_refused",
    "seat_number",
    "short",
]

#: An error's sentence is cut to about this many characters (it may quote a huge value sent).
_LONGEST_ERROR: Final = 500


class ApiError(Exception):
    """A refusal: an HTTP status, a sentence, a stable code and extra JSON fields.

    Args:
        status: The HTTP status (400, 401, 403, 404, 409, 413, 422, 429).
        message: What was wrong, naming the field or rule and the value.
        code: A stable code a client may test (`"unknown-match"`, `"wrong-token"`...).
        extra: More JSON fields for the answer (`rule` of an illegal move).
    """

    def __init__(self, status: int, message: str, code: str, **extra: Any) -> None:
        if len(message) > _LONGEST_ERROR:  # a sentence echoing a huge value sent: its start and its end
            message = f"{message[: _LONGEST_ERROR - 80]} [...] {message[-60:]}"
        super().__init__(message)
        self.status = status
        self.code = code
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        """The JSON answer: `{"error": sentence, "code": code, ...extra}`."""
        return {"error": str(self), "code": self.code, **self.extra}

    def __repr__(self) -> str:
        return f"ApiError({self.status}, {str(self)!r}, {self.code!r})"


class RateLimiter:
    """Token buckets by key: `burst` requests at once, then `rate` a second.

    ```pycon
    >>> limiter = RateLimiter(rate=1.0, burst=2)
    >>> [limiter.allow("seat") for _ in range(3)]
    [True, True, False]

    ```
    """

    def __init__(self, rate: float = 20.0, burst: int = 40, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Take one request from `key`'s bucket; False when it is empty."""
        now = self._clock()
        with self._lock:
            level, then = self._buckets.get(key, (float(self.burst), now))
            level = min(float(self.burst), level + (now - then) * self.rate)
            if level < 1.0:
                self._buckets[key] = (level, now)
                return False
            self._buckets[key] = (level - 1.0, now)
            if len(self._buckets) > 100_000:  # forget idle keys rather than grow without bound
                self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 60}
            return True

    def check(self, key: str) -> None:
        """Like `allow`, raising a 429 `ApiError` when the bucket is empty."""
        if not self.allow(key):
            msg = f"too many requests: at most {self.rate:g} a second (after a burst of {self.burst})"
            raise ApiError(429, msg, "rate-limited")


def option_refused(exc: Exception, sent: Any = None) -> ApiError:
    """A game's refusal of its options, naming the option when the message does (`option 'bots': ...`).

    `sent` is the `options` object of the request: a list value the game quotes as the Python
    tuple it was given is written back as the JSON list the client sent (see `as_sent`).
    """
    text = as_sent(str(exc), sent)
    named = re.match(r"option '(\w+)'", text)
    return ApiError(400, text, "bad-option", field=f"options.{named[1]}" if named else "options")


def as_sent(text: str, sent: Any) -> str:
    """`text` with every list of the `sent` options (a JSON object), which the server hands the game as
    a tuple and the game's refusal quotes as one (`('events', 'events')`), written as the client wrote
    it: JSON (`["events", "events"]`), cut short like every value quoted.

    ```pycon
    >>> print(as_sent("option 'modules' names a value twice: ('events', 'events')", {"modules": ["events", "events"]}))
    option 'modules' names a value twice: ["events", "events"]

    ```
    """
    if isinstance(sent, dict):
        for value in sent.values():
            if isinstance(value, list):
                text = text.replace(repr(tuple(value)), short(value))
    return text


def seat_number(seat: Any, seats: int) -> int:
    """The seat number `seat` names (an integer, or its digits in a URL), of `seats` seats; 404 otherwise."""
    if isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) <= 6:  # "²" is a digit int() refuses
        seat = int(seat)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ApiError(404, f"no seat {short(seat)}: seats are 0 to {seats - 1}", "unknown-seat")
    return seat


def expect_object(body: Any) -> dict[str, Any]:
    """`body` when it is a JSON object; 400 `bad-request` otherwise."""
    if not isinstance(body, dict):
        raise ApiError(400, f"expected a JSON object, got {short(body)}", "bad-request")
    return body


def only_fields(data: Mapping[str, Any], allowed: set[str]) -> None:
    """Refuse a field of `data` not in `allowed`, naming the first one (400 `bad-request`)."""
    extra = sorted(set(data) - allowed)
    if extra:
        raise ApiError(400, f"unknown field(s) {', '.join(map(repr, extra))}", "bad-request", field=extra[0])


def short(value: Any) -> str:
    """`value` as JSON for a sentence, cut to 60 characters."""
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."
