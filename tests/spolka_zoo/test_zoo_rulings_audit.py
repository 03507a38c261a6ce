"""Spółka ZOO rulings held against the plain text of the rulebook (issue 17's audit).

Each test cites the rule ID its ruling reads; see `docs/spolka_zoo/rulings.md`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from zoo_helpers import deck, play, seat, start, to_market

from tabletop.kernel.errors import ContentError
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo.content import LOADERS, STARTING

ROOT = Path(__file__).resolve().parents[2]
STARTING_FILE = ROOT / "src" / "tabletop" / "spolka_zoo" / "data" / "starting.toml"


def test_a_starting_card_moved_to_another_deck_keeps_its_printed_fruit() -> None:
    """ZOO-11.3, ZOO-11.1: 'apple-1' ("Put 2 apples from the warehouse on this company's
    board") moved into the lemon deck puts 2 apples on the lemon board, not lemons."""
    state = seat(start(), 0, shares=(0, 1, 0))
    state = deck(deck(deck(state, 1, ("apple-1", "lemon-2")), 0, ()), 2, ())
    state = to_market(state)
    warehouse = state.warehouse
    state = play(state, "draw apple-1")
    assert state.company_fruit[1] == Tokens({"apple": 2})
    assert state.warehouse["apple"] == warehouse["apple"] - 2 and state.warehouse["lemon"] == warehouse["lemon"]


def test_every_starting_card_names_its_printed_fruit() -> None:
    """ZOO-11.3: no starting card leaves its fruit to the deck it lies in ("own")."""
    for card in STARTING:
        assert all(effect.fruit != "own" for effect in card.effects), card.id


def _planted(tmp_path: Path, old: str, new: str) -> Path:
    text = STARTING_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "starting.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "field", "value"),
    [
        # The text names apples, the effect takes the deck's own fruit.
        ('fruit = "apple", n = 2', 'fruit = "own", n = 2', "text", "apple"),
        # The text names apples, the effect puts lemons.
        ('fruit = "apple", n = 2', 'fruit = "lemon", n = 2', "text", "apple"),
    ],
)
def test_the_validator_refuses_a_text_its_effect_does_not_follow(
    tmp_path: Path, old: str, new: str, field: str, value: str
) -> None:
    """ZOO-11.1 (the card's text takes precedence): a card whose text names a fruit its
    effects do not use is refused, naming the file, the card, the field and the fruit."""
    with pytest.raises(ContentError) as info:
        LOADERS["starting"](_planted(tmp_path, old, new))
    error = info.value
    assert (error.file, error.item, error.field) == ("starting.toml", "apple-1", field)
    assert repr(value) in str(error)


def test_the_validator_refuses_an_effect_fruit_the_text_does_not_name(tmp_path: Path) -> None:
    """ZOO-11.1: the other way round: an effect's fixed fruit must be named in the text."""
    path = _planted(
        tmp_path,
        'text = "Put 2 apples from the warehouse on this company\'s board."',
        'text = "Put 2 fruits from the warehouse on this company\'s board."',
    )
    with pytest.raises(ContentError) as info:
        LOADERS["starting"](path)
    assert (info.value.item, info.value.field) == ("apple-1", "effects[0].fruit")
    assert "'apple'" in str(info.value)


INFLUENCE_FILE = STARTING_FILE.with_name("influence.toml")
CHOICE_TEXT = "The majority shareholder puts 1 fruit of their choice from the warehouse on this company's board."


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("The majority shareholder puts 1 apple, lemon or pineapple of their choice on this board.", False),
        ("The majority shareholder puts 1 apple from the warehouse on this company's board.", True),
    ],
)
def test_a_choice_covers_the_fruits_its_text_lists(tmp_path: Path, text: str, refused: bool) -> None:
    """ZOO-11.1: an effect that picks among the fruits ("choice") agrees with a text listing
    them, not with a text that fixes one fruit."""
    source = INFLUENCE_FILE.read_text(encoding="utf-8")
    assert CHOICE_TEXT in source
    path = tmp_path / "influence.toml"
    path.write_text(source.replace(CHOICE_TEXT, text, 1), encoding="utf-8")
    if not refused:
        assert LOADERS["influence"](path)
        return
    with pytest.raises(ContentError) as info:
        LOADERS["influence"](path)
    assert (info.value.item, info.value.field) == ("inf-majority-picks", "text") and "'apple'" in str(info.value)


def test_the_shipped_cards_pass_the_text_check() -> None:
    """ZOO-6.2, ZOO-11.1: every shipped (reference) card's text agrees with its data
    (pineapple is not apple)."""
    for kind, load in LOADERS.items():
        assert load(ROOT / "src" / "tabletop" / "spolka_zoo" / "data" / f"{kind}.toml"), kind


@pytest.mark.parametrize(("players", "bots", "printed"), [(2, 0, 8), (3, 0, 11), (4, 0, 14), (3, 2, 17)])
def test_the_warehouse_starts_with_the_printed_fruit(players: int, bots: int, printed: int) -> None:
    """ZOO-1.3: "for 2 players: 8 of each ... for 5 players: 17 of each" on the warehouse's top
    floor (bots count as players, ZOO-13.1); the seats' starting fruit (ZOO-1.6, not printed)
    is not taken out of it."""
    state = start(players, bots)
    assert state.warehouse == Tokens(dict.fromkeys(("apple", "lemon", "pineapple"), printed))
    assert all(s.fruit == Tokens({"apple": 1, "lemon": 1, "pineapple": 1}) for s in state.seats)


def test_option_warehouse_less_starting_takes_the_seats_fruit_out() -> None:
    """ZOO-1.3, ZOO-1.6 (option warehouse_fruit='less-starting'): the seats' starting fruit
    comes out of the printed number, so five seats keep the box's 17 of each in play."""
    state = start(3, 2, warehouse_fruit="less-starting")
    assert state.warehouse == Tokens(dict.fromkeys(("apple", "lemon", "pineapple"), 12))
    total = state.warehouse + sum((s.fruit for s in state.seats), Tokens())
    assert total == Tokens(dict.fromkeys(("apple", "lemon", "pineapple"), 17))


def test_starting_money_and_fruit_options() -> None:
    """ZOO-1.6 (options starting_money, starting_fruits): the reference defaults are 10 coins
    and one fruit of each kind; the options set other amounts, for bots too."""
    default = start(2, 1)
    assert all(s.money == 10 and s.fruit == Tokens({"apple": 1, "lemon": 1, "pineapple": 1}) for s in default.seats)
    other = start(2, 1, starting_money=25, starting_fruits=2)
    assert all(s.money == 25 and s.fruit == Tokens({"apple": 2, "lemon": 2, "pineapple": 2}) for s in other.seats)
