"""fastattrs.evolve equals attrs.evolve, keeps validators where a class has them, and refuses unknown fields."""

from __future__ import annotations

import attrs
import pytest

from tabletop.kernel.builder import Builder
from tabletop.kernel.fastattrs import evolve, evolve_from
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


class WithMemo:
    """A base holding a cache slot, as `State` does."""

    __slots__ = ("_memo",)
    _CACHES = ("_memo",)


@attrs.frozen
class Cached(WithMemo):
    a: int


def test_evolve_and_freeze_clear_declared_caches() -> None:
    """A class's declared cache slots start as None on every copy, never carried from the original."""

    class Work(Builder[Cached], state=Cached):
        pass

    first = Cached(1)
    object.__setattr__(first, "_memo", "answer of a=1")
    copied = evolve(first, a=2)
    assert copied._memo is None and copied == Cached(2)  # type: ignore[attr-defined]
    assert Work(first).freeze()._memo is None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        _ = Cached(3)._memo  # type: ignore[attr-defined]  # built by __init__: unset, as before


def test_a_game_state_answers_from_its_cache_after_evolve() -> None:
    """legal_moves, is_legal and chance_outcomes are computed once per state, whether it came from
    __init__ (caches unset) or from evolve (caches None)."""
    state = GAME.new_game(3)
    moves = state.legal_moves()
    assert state.legal_moves() is moves and state.is_legal(moves[0])
    child = state.apply(moves[0])
    assert getattr(child, "_legal", None) is None  # nobody asked yet: nothing computed
    assert child.legal_moves() is child.legal_moves()
    assert evolve(state, chance_count=state.chance_count)._legal is None


def test_evolve_from_reads_a_dict_of_changes() -> None:
    """evolve_from(inst, changes) is evolve(inst, **changes), unknown keys refused alike."""
    changes = {"b": (1,), "private": "y"}
    assert evolve_from(Plain(1), changes) == evolve(Plain(1), b=(1,), private="y") == Plain(1, (1,), "y")
    assert changes == {"b": (1,), "private": "y"}  # read, not changed
    with pytest.raises(TypeError, match="'c'"):
        evolve_from(Plain(1), {"c": 2})
    with pytest.raises(TypeError, match="multiple values for 'flow'"):
        GAME.state_type.MACHINE.go(GAME.new_game(1), "next", flow=None)
