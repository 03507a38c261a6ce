"""What a game's seed may be: a whole number from 0 to `MAX_SEED` (2**63 - 1), and the refusal of any other.

A seed fixes every chance outcome of a game: [seeded_uniform][tabletop.kernel.chance.seeded_uniform]
mixes it into one 64-bit SplitMix64 step, a full record and a state's JSON write it as a JSON
integer, and the library draws its own seeds as 63 random bits (`new_game()` without a seed, the
samplers of the adapters, Gymnasium's `reset`). So a seed is what a signed 64-bit integer holds
from 0 up: every JSON reader (orjson's too) and a database's `bigint` keep it exactly; Gymnasium
and numpy's `SeedSequence` take non-negative integers; and two seeds never play the same game
(a seed of 2**64 or more would alias one below it, a 5000-digit one cannot even be written out
by Python's default limit on integer text). A negative seed, a `bool`, a float or a string is
refused, as is a seed over `MAX_SEED`; an integer of any type (numpy's too) is read as an `int`.

```pycon
>>> check_seed(7)
7
>>> try:
...     check_seed(-1)
... except SeedError as refused:
...     print(refused.field, refused.value, "|", refused)
seed -1 | seed must be a whole number from 0 to 9223372036854775807 (2**63 - 1); got -1

```
"""

from __future__ import annotations

import operator
from typing import Final

from tabletop.kernel.errors import TabletopError

__all__ = ["MAX_SEED", "SeedError", "check_seed"]

MAX_SEED: Final = 2**63 - 1
"""The largest seed: the largest signed 64-bit integer."""

#: A value quoted in a refusal is cut to about this many characters.
_QUOTED: Final = 60


class SeedError(TabletopError, ValueError):
    """Raised for a seed that is not a whole number from 0 to `MAX_SEED`.

    Attributes:
        field: The field that held it (`"seed"`, or `"record.seed"`...).
        value: The value given.
    """

    def __init__(self, message: str, *, field: str = "seed", value: object = None) -> None:
        self.field = field
        self.value = value
        super().__init__(message)


def check_seed(seed: object, *, field: str = "seed") -> int:
    """`seed` as an `int`, when it is a whole number from 0 to `MAX_SEED`.

    Args:
        seed: The value to read (an integer of any type; not a `bool`).
        field: The name of the field, put at the start of the message.

    Raises:
        SeedError: Naming `field` and the value (a huge integer by its number of digits).
    """
    try:
        value = None if isinstance(seed, bool) else operator.index(seed)  # type: ignore[arg-type]
    except TypeError:
        value = None
    if value is None or not 0 <= value <= MAX_SEED:
        msg = f"{field} must be a whole number from 0 to {MAX_SEED} (2**63 - 1); got {_quoted(seed)}"
        raise SeedError(msg, field=field, value=seed)
    return value


def _quoted(seed: object) -> str:
    """`seed` for a message: its `repr` cut short, a huge integer as its sign and number of digits."""
    if isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() > 200:
        bits = seed.bit_length()  # Python writes no integer over 4300 digits: count them, or estimate
        digits = str(len(str(abs(seed)))) if bits < 10_000 else f"about {round(bits * 0.30103)}"
        return f"{'a negative' if seed < 0 else 'an'} integer of {digits} digits"
    try:
        text = repr(seed)
    except Exception:  # a value whose repr fails still gets its refusal
        text = f"a {type(seed).__name__}"
    return text if len(text) <= _QUOTED else text[: _QUOTED - 3] + "..."
