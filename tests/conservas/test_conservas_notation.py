"""Move notation: every move prints on one line and reads back; bad text is a NotationError."""

from __future__ import annotations

import re

import pytest

from tabletop.conservas import (
    GAME,
    Blank,
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
    moves,
    parse_move,
)
from tabletop.kernel.errors import NotationError
from tabletop.kernel.tokens import Tokens

T = Tokens.parse

MOVES = [
    (Draw("sardine"), "token sardine"),
    (Deal("el-dorado"), "card el-dorado"),
    (Choose("bogavanti"), "choose bogavanti"),
    (Place("el-dorado", T("sardine,water")), "place el-dorado sardine,water"),
    (Place("open-water"), "place open-water"),
    (Redraw("water"), "redraw water"),
    (Return(T("water,water")), "return water,water"),
    (Sell("r1c1", T("sardine,sardine"), "sardine"), "sell r1c1 sardine,sardine"),
    (Sell("r3c1", T("sardine,scallop"), "scallop"), "sell r3c1 sardine,scallop leave scallop"),
    (Trade("fish-finders", T("sardine,sardine")), "trade fish-finders sardine,sardine"),
    (Trade("ref-grant", T("mussel,sardine"), "mussel"), "trade ref-grant mussel,sardine leave mussel"),
    (Buy("pez-limoncello"), "buy pez-limoncello"),
    (Done(), "done"),
    (Row("boats", discard=False), "keep boats"),
    (Row("upgrades", discard=True), "discard upgrades"),
    (Upkeep("quid-pro-pulpo"), "upkeep quid-pro-pulpo"),
]


@pytest.mark.parametrize(("move", "text"), MOVES, ids=[t for _, t in MOVES])
def test_notation_round_trips(move: object, text: str) -> None:
    """str(move) is the documented notation, and parsing it gives the move back."""
    assert str(move) == text
    assert parse_move(text) == move
    assert GAME.parse_move(GAME.new_game(1), text) == move


@pytest.mark.parametrize(("move", "text"), MOVES, ids=[t for _, t in MOVES])
def test_repr_is_valid_python(move: object, text: str) -> None:
    """repr(move) rebuilds the move (so failing examples paste back as tests)."""
    namespace = {name: globals()[name] for name in ("Draw", "Deal", "Choose", "Place", "Redraw", "Return")}
    namespace.update(Sell=Sell, Trade=Trade, Buy=Buy, Done=Done, Row=Row, Upkeep=Upkeep, Tokens=Tokens, Blank=Blank)
    assert eval(repr(move), namespace) == move


def test_alternative_token_spellings() -> None:
    """Token lists may also be written '2 sardine' or 'sardine*2'."""
    assert parse_move("sell r1c1 2 sardine") == Sell("r1c1", T("sardine,sardine"), "sardine")
    assert parse_move("place el-dorado sardine*2") == Place("el-dorado", T("sardine,sardine"))


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty move"),
        ("fish", "not a Conservas move"),
        ("token", "not a Conservas move"),
        ("sell r1c1", "not a Conservas move"),
        ("sell r1c1 sardine,", "bad token list"),
        ("sell r1c1 sardine,scallop", "names the token left"),
        ("sell r1c1 sardine leave", "must be followed by one token kind"),
        ("trade fish-finders -", "empty token list"),
        ("keep sardines", "not a Conservas move"),
        ("return", "not a Conservas move"),
        ("token sardine mussel", "not a Conservas move"),
        ("buy", "not a Conservas move"),
        ("done now", "not a Conservas move"),
        ("discard", "not a Conservas move"),
        ("place el-dorado", "not a Conservas move"),
        ("place", "not a Conservas move"),
        ("trade fish-finders", "not a Conservas move"),
        ("trade fish-finders sardine keep", "must be followed by one token kind"),
    ],
)
def test_bad_notation_is_refused(text: str, fragment: str) -> None:
    """Text that is not a move raises NotationError (a ValueError) saying why."""
    with pytest.raises(NotationError, match=fragment):
        parse_move(text)


def test_notation_must_be_text() -> None:
    """parse_move of a non-string is a NotationError."""
    with pytest.raises(NotationError, match="must be text"):
        GAME.parse_move(GAME.new_game(1), 3)  # type: ignore[arg-type]


def test_a_word_says_one_thing_and_the_old_trade_notation_is_an_alias() -> None:
    """issue 16 (CON-3.6): a trade names the token left on the card with `leave`, as a sale
    does (CON-3.3); `keep` is only the End of Day's row answer (CON-4.3/4). The old
    `trade ... keep mussel` still reads, as the same move."""
    move = Trade("ref-grant", T("mussel,sardine"), "mussel")
    assert str(move) == "trade ref-grant mussel,sardine leave mussel"
    assert parse_move("trade ref-grant mussel,sardine keep mussel") == move
    assert parse_move("trade ref-grant mussel,sardine leave mussel") == move
    assert isinstance(parse_move("keep boats"), Row)


def test_every_head_of_the_notation_table_has_its_reader() -> None:
    """issue 11: the parser is a table of readers, one per head of the module's notation table,
    and every move class's notation is read by the reader of its first word."""
    heads = set(re.findall(r"^\| `(\w[\w-]*)", moves.__doc__ or "", flags=re.MULTILINE))
    assert heads == set(moves._READERS)
    for move, text in MOVES:
        assert text.split()[0] in moves._READERS and parse_move(text) == move
