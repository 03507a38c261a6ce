"""Content: the reference card set, its labels, the effect vocabulary's validation, the rule catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.kernel.errors import ContentError
from tabletop.spolka_zoo import GAME, RULES
from tabletop.spolka_zoo.content import (
    BOT_IDS,
    END_ICON,
    EVENT_IDS,
    GOAL_IDS,
    HELPER,
    HELPER_IDS,
    INFLUENCE,
    INFLUENCE_IDS,
    INTRIGUE,
    INTRIGUE_IDS,
    LOADERS,
    STARTING,
    STARTING_DECKS,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "tabletop" / "spolka_zoo" / "data"


def test_card_counts_match_the_component_list() -> None:
    """Components: 27 starting, 48 influence, 36 helper, 13 bot, 5 event, 7 goal, 24 intrigue cards."""
    assert len(STARTING) == 27
    counts = [len(ids) for ids in (INFLUENCE_IDS, HELPER_IDS, BOT_IDS, EVENT_IDS, GOAL_IDS, INTRIGUE_IDS)]
    assert counts == [48, 36, 13, 5, 7, 24]


def test_starting_decks_by_player_count() -> None:
    """ZOO-1.2: with three seats only cards marked 2+ and 3 are used; nine per company with five."""
    assert [len(d) for d in STARTING_DECKS[2]] == [5, 5, 5]
    assert [len(d) for d in STARTING_DECKS[3]] == [7, 7, 7]
    assert [len(d) for d in STARTING_DECKS[5]] == [9, 9, 9]
    marks = {card.id: card.players for card in STARTING}
    assert {marks[c] for d in STARTING_DECKS[3] for c in d} == {"2+", "3"}
    assert all(sum(c in END_ICON for c in deck) >= 2 for deck in STARTING_DECKS[2])


def test_every_mechanism_of_the_rulebook_is_in_the_reference_set() -> None:
    """Content: fruit of any type to a company, prices both ways and beyond the tracks, bonuses, offers,
    card moves, removals, discards, helpers with glory 0 and more, 'not at game end', prices to 0."""
    effects = [e for cards in (STARTING, INFLUENCE, HELPER, INTRIGUE) for card in cards for e in card.effects]
    kinds = {e.kind for e in effects}
    assert {"fruit_to_company", "share_price", "fruit_price", "buy_share", "move_card", "remove_self", "look"} <= kinds
    assert any(e.kind == "fruit_to_company" and e.fruit in ("lemon", "pineapple") for e in effects)
    assert any(e.kind == "share_price" and e.beyond and e.delta > 0 for e in effects)
    assert any(e.kind == "share_price" and e.beyond and e.delta < 0 for e in effects)  # to 0
    assert any(e.who == "majority" for e in effects) and any(e.who == "minorities" for e in effects)
    assert any(e.kind == "money" and e.n < 0 for e in effects) and "discard_fruit" in kinds
    assert {h.glory for h in HELPER} >= {0, 1, 2, 3, 5}
    assert any(h.not_at_end for h in HELPER)
    assert {h.trigger for h in HELPER} == {"share", "fruit", "lobby", "speculate", "any", "passive", "none"}


@pytest.mark.parametrize("name", ["starting", "influence", "helpers", "events", "goals", "intrigues"])
def test_reference_files_are_labelled(name: str) -> None:
    """Content honesty: every invented card file says REFERENCE SET and has reference = true."""
    text = (DATA / f"{name}.toml").read_text(encoding="utf-8")
    assert "REFERENCE SET, NOT THE PRINTED CARDS" in text and "reference = true" in text


def test_the_bot_file_is_the_public_facts() -> None:
    """ZOO-13.3: the bot cards are not a reference set."""
    text = (DATA / "bots.toml").read_text(encoding="utf-8")
    assert "PUBLIC FACTS" in text and "reference = false" in text


@pytest.mark.parametrize(
    ("text", "field", "fragment"),
    [
        ('effects = [{ kind = "teleport" }]', "effects[0].kind", "unknown effect kind"),
        ('effects = [{ kind = "money", who = "self", n = 2 }]', "effects[0].who", "who must be one of"),
        ('effects = [{ kind = "money", n = 2 }]', "effects[0].who", "needs 'who'"),
        ('effects = [{ kind = "share_price", delta = 0 }]', "effects[0].delta", "non-zero delta"),
        ('effects = [{ kind = "fruit_to_company", fruit = "banana" }]', "effects[0].fruit", "fruit must be one of"),
        ('effects = [{ kind = "look", who = "majority", n = 7, to = "bottom" }]', "effects[0].n", "1 to 4"),
        ('effects = [{ kind = "money", who = "majority", n = 1, fruit = "apple" }]', "effects[0].fruit", "takes no"),
    ],
)
def test_bad_influence_cards_name_file_card_and_field(tmp_path: Path, text: str, field: str, fragment: str) -> None:
    """A content error names the file, the card and the field of the mistake."""
    path = tmp_path / "mine.toml"
    path.write_text(f'kind = "spolka_zoo.influence"\n[[cards]]\nid = "x-1"\nname = "X"\ntext = "t"\n{text}\n')
    with pytest.raises(ContentError, match=re.escape(fragment)) as info:
        LOADERS["influence"](path)
    assert (info.value.file, info.value.item, info.value.field) == ("mine.toml", "x-1", field)


def test_unknown_keys_and_kinds_are_refused(tmp_path: Path) -> None:
    """Typos are caught: an extra key, a wrong kind line, an unknown helper trigger."""
    path = tmp_path / "h.toml"
    card = 'id = "h"\nname = "H"\ntext = "t"\ncost = { apple = 1 }\nglory = 1\ntrigger = "dance"\n'
    path.write_text(f'kind = "spolka_zoo.helpers"\n[[cards]]\n{card}')
    with pytest.raises(ContentError, match="trigger must be one of"):
        LOADERS["helpers"](path)
    path.write_text(
        'kind = "spolka_zoo.events"\n[[cards]]\nid = "e"\nname = "E"\ntext = "t"\neffects = []\ncolour = 1\n'
    )
    with pytest.raises(ContentError, match="colour"):
        LOADERS["events"](path)
    path.write_text('kind = "spolka_zoo.goals"\n[[cards]]\nid = "g"\n')
    with pytest.raises(ContentError, match="kind = 'spolka_zoo.events'"):
        LOADERS["events"](path)


@pytest.mark.parametrize("name", sorted(LOADERS))
def test_shipped_files_validate_from_the_command_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop validate` accepts every shipped data file (through the registry's content loaders)."""
    assert GAME.content[name] is LOADERS[name]
    if "spolka_zoo" not in __import__("tabletop").GAMES:
        pytest.skip("spolka_zoo is not registered yet")
    assert main(["validate", str(DATA / f"{name}.toml")]) == 0
    assert "valid" in capsys.readouterr().out


def test_rule_catalogue_matches_the_rules_page() -> None:
    """The rule IDs of data/rules.toml are exactly the IDs on docs/spolka_zoo/rules.md, in order."""
    page = (ROOT / "docs" / "spolka_zoo" / "rules.md").read_text(encoding="utf-8")
    ids = re.findall(r"\*\*(ZOO-\d+\.\d+)\*\*", page)
    assert ids == list(RULES)
    assert len(set(ids)) == len(ids)


def test_rules_cited_by_code_and_tests_exist() -> None:
    """Every rule ID cited in the package, the scenarios and these tests is in the catalogue."""
    cited: set[str] = set()
    for folder in (ROOT / "src" / "tabletop" / "spolka_zoo", ROOT / "tests" / "spolka_zoo"):
        for path in folder.rglob("*.*"):
            if path.suffix in (".py", ".toml"):
                cited.update(re.findall(r"ZOO-\d+\.\d+", path.read_text(encoding="utf-8")))
    assert cited and cited <= set(RULES), sorted(cited - set(RULES))


def test_the_overview_shows_the_phase_table() -> None:
    """The phase table on docs/spolka_zoo/index.md is the one the code declares."""
    from tabletop.spolka_zoo.flow import MACHINE

    page = (ROOT / "docs" / "spolka_zoo" / "index.md").read_text(encoding="utf-8")
    assert MACHINE.table() in page


def test_the_overview_shows_the_operation_table() -> None:
    """The operation table on docs/spolka_zoo/index.md is the one the rules declare."""
    from tabletop.spolka_zoo.rules import OPS

    page = (ROOT / "docs" / "spolka_zoo" / "index.md").read_text(encoding="utf-8")
    assert OPS.table() in page
