"""fastattrs.evolve equals attrs.evolve, keeps validators where a class has them, and refuses unknown fields."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.fastattrs import evolve
from tabletop.testing.drill import GAME


@attrs.frozen
class Plain:
    a: int
    b: tuple[int, ...] = ()
    _private: str = "x"


@attrs.frozen
class Checked:
    n: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen(slots=False)
class Dicty:
    a: int


def test_evolve_matches_attrs() -> None:
    """The copy equals attrs.evolve's, for plain, private and unslotted classes and a game state."""
    plain = Plain(1, (2,), "y")
    assert evolve(plain, a=5) == attrs.evolve(plain, a=5)
    assert evolve(plain, private="z") == Plain(1, (2,), "z")
    assert evolve(Dicty(1), a=2) == Dicty(2)
    state = GAME.new_game(3)
    assert evolve(state, chance_count=4) == attrs.evolve(state, chance_count=4)
    assert evolve(plain) == plain


def test_validators_still_run() -> None:
    """A class with validators is rebuilt through __init__, so bad values are refused."""
    with pytest.raises(ValueError, match="'n' must be >= 0"):
        evolve(Checked(1), n=-1)


def test_unknown_field_is_refused() -> None:
    """An unknown keyword is a TypeError, as with attrs.evolve."""
    with pytest.raises(TypeError):
        evolve(Plain(1), c=3)
