"""Content: the shipped data, board validation, custom boards, the docs that mirror the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.archipel import GAME, board_svg, new_game, reference_board
from tabletop.archipel.content import load_board_file, load_cards, load_fish, load_rules
from tabletop.cli import main
from tabletop.kernel.errors import ContentError
from tabletop.testing import check_game

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "tabletop" / "archipel" / "data"
DOCS = ROOT / "docs" / "archipel"
BOARD = (DATA / "board.toml").read_text(encoding="utf-8")


def test_components_match_the_rulebook() -> None:
    """ARC-1.1, ARC-1.6: 61 square cards (24 storms, 22 bait, 5 jerrycans, 4 gear, 4 good weather, 2 leaks)."""
    cards = reference_board().cards
    assert cards.total == 61
    groups = {"storm": 0, "bait": 0, "jerrycan": 0}
    for kind, n in cards.items():
        for group in groups:
            if kind.startswith(group + "-") and kind != "storm-gear":
                groups[group] += n
    assert groups == {"storm": 24, "bait": 22, "jerrycan": 5}
    assert (cards["storm-gear"], cards["good-weather"], cards["leak"]) == (4, 4, 2)
    assert (cards["jerrycan-blue"], cards["jerrycan-red"]) == (3, 2)
    assert sum(f.count for f in load_fish()) == 30


def test_reference_content_is_labelled() -> None:
    """Content honesty: every invented value is labelled as reference content in the file."""
    for name in ("board.toml", "cards.toml", "fish.toml"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert "reference = true" in text and "REFERENCE" in text.upper()
    assert reference_board().reference
    assert "not the printed board" in reference_board().name


def test_reference_board_makes_the_rules_matter() -> None:
    """ARC-1.1: 12 islands, 5 home ports, 30 spots, 4 pagodas, channels of 1-3 spaces, two lagoons."""
    board = reference_board()
    assert (len(board.islands), len(board.homes), len(board.spots), len(board.pagodas)) == (12, 5, 30, 4)
    assert {len(c.spaces) for c in board.channels} == {1, 2, 3}
    degree = {area: sum(area in c.areas for c in board.channels) for area in board.area_ids}
    assert [area for area, n in degree.items() if n == 1] == ["pearl-lagoon", "dragon-cove"]
    homes = {h.area for h in board.homes}
    assert len(homes) == 5, "home ports in five different sea areas"


def test_market_orders_match_the_fish() -> None:
    """ARC-4.2: the 24 orders ask for exactly the 24 coloured fish."""
    board = reference_board()
    ordered: dict[str, int] = {}
    for island in board.islands:
        for colour in island.market:
            ordered[colour] = ordered.get(colour, 0) + 1
    assert ordered == {f.id: f.count for f in load_fish() if not f.shark}


def test_bait_kinds_are_not_equally_common() -> None:
    """ARC-4.5: some bait kinds are more common than others (reference proportions)."""
    counts = {c.id: c.count for c in load_cards().cards if c.group == "bait"}
    assert sum(counts.values()) == 22
    assert len(set(counts.values())) > 1


def bad_board(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    assert old in BOARD, old
    path = tmp_path / "board.toml"
    path.write_text(BOARD.replace(old, new, count), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "item", "field", "message"),
    [
        ('areas = ["jade-sea", "west-passage"]', 'areas = ["jade-sea", "jade-see"]', "k3", "areas", "unknown area"),
        ('areas = ["jade-sea", "west-passage"]', 'areas = ["jade-sea", "jade-sea"]', "k3", "areas", "two different"),
        ("spaces = [20]", "spaces = [21]", "storm_cards", "numbers", "must match the storm spaces"),
        ("blank = 4", "blank = 5", "storm_cards", "blank", "the game has 24"),
        ('market = ["blue", "yellow"]', 'market = ["blue", "pink"]', "jade", "market", "not a fish colour"),
        ('market = ["blue", "yellow"]', 'market = ["blue"]', "jade", "market", "orders 2 fish"),
        ('id = "f30"', 'id = "f29"', "f29", "id", "duplicate id"),
        ('id = "f30"', 'id = "jade"', "jade", "", "used twice"),
        ('area = "dragon-cove"\n\n[[spots]]', 'area = "dragon-sea"\n\n[[spots]]', "f29", "area", "unknown area"),
        ("pagoda = true", "pagoda = false", "pagoda islands", "", "needs 4 pagoda islands"),
        ('colour = "white"', 'colour = "red"', "home_ports", "colour", "same colour"),
        ('corner = "north-east"', 'corner = "middle"', "warehouse", "corner", "corner must be"),
        (
            'id = "k12"\nareas = ["east-passage", "dragon-cove"]',
            'id = "k12"\nareas = ["east-passage", "south-sea"]',
            "dragon-cove",
            "",
            "cannot be reached",
        ),
        ('name = "Jade Island"', 'name = "Jade Island"\nharbor = 1', "jade", "harbor", "extra"),
        ("spaces = [20]", 'spaces = ["20"]', "k12", "spaces", "expected an integer"),
        ('market = ["blue", "yellow"]', 'market = "blue"', "jade", "market", "expected a list"),
        ("pagoda = false", 'pagoda = "no"', "jade", "pagoda", "expected true or false"),
        ('areas = ["jade-sea", "west-passage"]', 'areas = ["jade-sea", "west-passage", "x"]', "k3", "areas", "of 2"),
        ("x = 150\ny = 150", 'x = "left"\ny = 150', "jade-sea", "x", "expected a number"),
        ('colour = "white"', 'colour = "light blue"', "home-white", "colour", "one word"),
        ('id = "jade"', 'id = "warehouse"', "warehouse", "id", "names the warehouse"),
    ],
)
def test_bad_boards_are_refused_naming_file_item_and_field(
    tmp_path: Path, old: str, new: str, item: str, field: str, message: str
) -> None:
    """A board file with a mistake raises ContentError naming the file, the item and the field."""
    path = bad_board(tmp_path, old, new)
    with pytest.raises(ContentError, match=message) as info:
        load_board_file(path)
    assert info.value.file == "board.toml"
    assert info.value.item == item
    if field:
        assert field in info.value.field or field in str(info.value)


def test_too_few_islands(tmp_path: Path) -> None:
    """A board needs 12 islands."""
    start = BOARD.index("\n[[islands]]\n")
    end = BOARD.index("\n[[islands]]\n", start + 1)
    path = tmp_path / "small.toml"
    path.write_text(BOARD[:start] + BOARD[end:], encoding="utf-8")
    with pytest.raises(ContentError, match="12 islands") as info:
        load_board_file(path)
    assert info.value.file == "small.toml"


def test_custom_board_can_be_played(tmp_path: Path) -> None:
    """new_game(board=path) plays on an owner's board; states round-trip through JSON with it."""
    path = bad_board(tmp_path, 'name = "Jade Island"', 'name = "Home Island"')
    text = path.read_text(encoding="utf-8").replace("reference = true", "reference = false")
    text = text.replace('id = "jade"', 'id = "home"').replace(
        'name = "Reference archipelago (not the printed board)"', 'name = "Mine"'
    )
    path.write_text(text, encoding="utf-8")
    state = new_game(1, board=str(path))
    assert state.map.name == "Mine" and "home" in state.map.island_ids
    assert GAME.state_from_json(state.to_json()) == state
    report = check_game(GAME, options=[{"board": str(path), "players": 3}], seeds=range(1), thorough_every=4)
    assert report.games == 1


def test_bad_board_option(tmp_path: Path) -> None:
    """The board option: a non-path is a ValueError naming it; a bad file a ContentError naming the file."""
    with pytest.raises(ValueError, match="option 'board'"):
        new_game(1, board=3)
    with pytest.raises(ContentError, match="cannot read"):
        new_game(1, board=str(tmp_path / "missing.toml"))


@pytest.mark.parametrize("name", ["board.toml", "cards.toml", "fish.toml", "rules.toml"])
def test_shipped_files_validate(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop validate` accepts every shipped data file by its kind."""
    assert main(["validate", str(DATA / name)]) == 0
    assert "valid archipel." in capsys.readouterr().out


def test_rule_ids_match_the_docs() -> None:
    """The rule catalogue (data/rules.toml) and docs/archipel/rules.md list the same IDs in the same order."""
    documented = re.findall(r"\*\*(ARC-\d+\.\d+)\*\*", (DOCS / "rules.md").read_text(encoding="utf-8"))
    assert documented == list(load_rules())
    assert list(GAME.rules) == documented


def test_every_rule_is_tested_or_in_a_scenario() -> None:
    """Each rule ID is cited by a conformance scenario or a test of this folder."""
    cited = set()
    for path in [
        *(ROOT / "src" / "tabletop" / "archipel" / "scenarios").glob("*.toml"),
        *Path(__file__).parent.glob("*.py"),
    ]:
        cited.update(re.findall(r"ARC-\d+\.\d+", path.read_text(encoding="utf-8")))
    assert set(load_rules()) <= cited


def test_board_picture_is_up_to_date() -> None:
    """docs/archipel/board.svg is what board_svg() draws from data/board.toml (regenerate it if not)."""
    assert (DOCS / "board.svg").read_text(encoding="utf-8") == board_svg()


def test_rules_page_shows_the_phase_table() -> None:
    """The phase table printed in rules.md is the one the code declares."""
    from tabletop.archipel.flow import MACHINE

    assert MACHINE.table() in (DOCS / "rules.md").read_text(encoding="utf-8")


def test_board_picture_names_channels_and_areas() -> None:
    """ARC-1.1: the picture labels every sea area and every channel (render names channels k1...)."""
    svg = board_svg()
    board = reference_board()
    for channel in board.channels:
        assert f">{channel.id}</text>" in svg
    for area in board.data.areas:
        assert f">{area.name}</text>" in svg
    assert ">Reference archipelago (not the printed board)</text>" in svg


def test_a_state_names_its_board_by_digest_not_by_path(tmp_path: Path) -> None:
    """issue 10: a custom board is named in the state by the digest of its file, not its path."""
    import hashlib

    path = bad_board(tmp_path, 'name = "Jade Island"', 'name = "Jade Isle"')
    state = new_game(1, board=str(path))
    assert state.board == "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
    assert str(path) not in state.to_json()
    assert GAME.state_from_json(state.to_json()) == state
    assert new_game(1, board=state.board).map is state.map  # the digest names the loaded board


@pytest.mark.parametrize("board", ["/etc/passwd", "board.toml", "sha256:" + "0" * 64, "../../secret.toml"])
def test_a_path_in_untrusted_json_is_refused_without_opening_it(
    board: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 10: a state read from JSON never makes the program open a file it names: the
    board field must be '' or a loaded board's digest, else a DecodeError names the field."""
    import json

    import tabletop.archipel.content as content
    from tabletop.kernel.errors import DecodeError

    real = tmp_path / "board.toml"
    real.write_text(BOARD, encoding="utf-8")  # a valid board sits at the path: still not read
    doc = json.loads(new_game(3).to_json())
    doc["state"]["board"] = str(real) if board == "board.toml" else board

    def opened(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a file was opened: {args}")

    monkeypatch.setattr(content, "read_toml", opened)
    monkeypatch.setattr(content, "read_package_toml", opened)
    with pytest.raises(DecodeError) as info:
        GAME.state_from_json(json.dumps(doc))
    assert info.value.path == "state.board"
    assert "no board" in str(info.value)
