"""Content: the shipped boats, upgrades and months, and the loaders' validation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conservas_helpers import own, start

from tabletop.cli import main
from tabletop.conservas.content import (
    BOATS,
    COSTS,
    EFFECTS,
    FILLS,
    FISH,
    FREQUENCIES,
    MONTH_NAMES,
    MONTHS,
    PHASES,
    SPECIALS,
    UPGRADES,
    Effect,
    FishLimit,
    load_boats,
    load_months,
    load_rules,
    load_upgrades,
)
from tabletop.conservas.rules.effects import sale_price
from tabletop.kernel.errors import ContentError
from tabletop.kernel.serialize import make_converter
from tabletop.kernel.tokens import Tokens

DATA = Path(__file__).resolve().parents[2] / "src" / "tabletop" / "conservas" / "data"


def test_component_counts() -> None:
    """18 boats, 27 upgrades, 12 months (components list)."""
    assert len(BOATS) == 18
    assert len(UPGRADES) == 27
    assert tuple(MONTHS) == MONTH_NAMES


def test_public_boat_facts() -> None:
    """El Dorado catches 2; Quid Pro Pulpo has upkeep 1; Pez Limoncello none; Bogavanti costs at most 10."""
    assert BOATS["el-dorado"].catch == 2
    assert BOATS["quid-pro-pulpo"].upkeep == 1
    assert BOATS["pez-limoncello"].upkeep == 0
    assert BOATS["bogavanti"].cost <= 10
    assert BOATS["bogavanti"].catch >= 4
    assert BOATS["te-parece-bonito"].catch == 1
    assert "catch" in BOATS["el-dorado"].known


def test_boats_exercise_every_catch_size_and_upkeep() -> None:
    """Reference set: catch sizes 1 to 5, free and paid upkeep."""
    assert {b.catch for b in BOATS.values()} == {1, 2, 3, 4, 5}
    assert {b.upkeep > 0 for b in BOATS.values()} == {True, False}


def test_upgrades_exercise_every_cost_phase_frequency_and_keep() -> None:
    """Reference set: every cost pattern, phase and frequency, and cards that keep a paid token."""
    cards = UPGRADES.values()
    assert {c.cost for c in cards} == set(COSTS)
    assert {c.phase for c in cards} == set(PHASES)
    assert {c.frequency for c in cards} == set(FREQUENCIES)
    assert any(c.keep_token for c in cards)
    assert {c.effect.kind for c in cards} == set(EFFECTS)


def test_known_upgrades() -> None:
    """Secondary Nets draws 8 At Sea for 2 of a kind; Fish Finders redraws At Sea for 2 of a kind."""
    nets, finders = UPGRADES["secondary-nets"], UPGRADES["fish-finders"]
    assert (nets.phase, nets.cost, nets.effect.kind, nets.effect.amount) == ("at_sea", "same", "draw_count", 8)
    assert (finders.phase, finders.cost, finders.effect.kind) == ("at_sea", "same", "redraw")


def test_public_month_facts() -> None:
    """January exactly as the rulebook; April and May bag, money and goals from session reports."""
    jan, apr, may = MONTHS["january"], MONTHS["april"], MONTHS["may"]
    assert (jan.bag, jan.money, jan.rounds, jan.fill) == (
        Tokens({"sardine": 5, "scallop": 5, "water": 10}),
        10,
        7,
        "rows",
    )
    assert (jan.standard.money, jan.standard.fish) == (40, Tokens({"sardine": 4, "scallop": 4}))
    assert (jan.difficult.money, jan.difficult.fish) == (60, Tokens({"sardine": 6, "scallop": 6}))
    assert {s.needs.total for s in jan.spaces} == {1, 2, 3}
    assert (apr.bag, apr.money, apr.standard.money, apr.difficult.money) == (
        Tokens({"sardine": 6, "mussel": 6, "water": 10}),
        20,
        90,
        120,
    )
    assert (may.bag, may.money) == (Tokens({"sardine": 5, "scallop": 5, "octopus": 5, "water": 10}), 20)
    assert (may.standard.money, may.standard.fish) == (25, Tokens({"scallop": 6, "octopus": 4}))
    assert (may.difficult.money, may.difficult.boats, may.difficult.upgrades) == (30, 3, 2)


def test_rulebook_market_examples() -> None:
    """January r1c1 takes 2 sardines for 3 euros; r2c1 takes 2 scallops for 2 euros (Olivia)."""
    jan = MONTHS["january"]
    r1c1, r2c1 = jan.spaces[jan.space_index("r1c1")], jan.spaces[jan.space_index("r2c1")]
    assert (r1c1.needs, r1c1.price) == (Tokens({"sardine": 2}), 3)
    assert (r2c1.needs, r2c1.price) == (Tokens({"scallop": 2}), 2)


def test_months_exercise_every_mechanism() -> None:
    """Reference months: 7-10 rounds, 2-4 species, every fill order, multi-kind spaces, special rules, card goals."""
    months = MONTHS.values()
    assert {m.fill for m in months} == set(FILLS)
    assert {s.kind for m in months for s in m.special} == set(SPECIALS)
    assert all(7 <= m.rounds <= 10 for m in months)
    assert all(2 <= len([k for k in m.bag if k != "water"]) <= 4 for m in months)
    assert any(len(s.needs) > 1 for m in months for s in m.spaces)
    assert any(m.standard.boats or m.difficult.boats for m in months)
    assert any(m.standard.upgrades or m.difficult.upgrades for m in months)


def test_data_files_are_labelled_reference() -> None:
    """Content honesty: every data file says in its header that it is a reference set."""
    for name in ("boats.toml", "upgrades.toml", "months.toml"):
        text = (DATA / name).read_text(encoding="utf-8")
        assert "REFERENCE SET" in text
        assert re.search(r"^reference = true$", text, re.MULTILINE)


@pytest.mark.parametrize("name", ["boats.toml", "upgrades.toml", "months.toml", "rules.toml"])
def test_tabletop_validate_accepts_the_shipped_files(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`tabletop validate` checks each data file with its loader."""
    assert main(["validate", str(DATA / name)]) == 0
    assert "valid conservas." in capsys.readouterr().out


def _edit(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "item", "field", "fragment"),
    [
        ("catch = 2\ncost = 4\nupkeep = 0", "catch = 6\ncost = 4\nupkeep = 0", "el-dorado", "catch", "6"),
        ("catch = 2\ncost = 4\nupkeep = 0", "catch = 2\ncost = 4\nupkeep = 0\nspeed = 3", "el-dorado", "", "speed"),
        ('known = ["name", "catch"]', 'known = ["name", "colour"]', "el-dorado", "known", "colour"),
    ],
)
def test_bad_boats_are_refused(tmp_path: Path, old: str, new: str, item: str, field: str, fragment: str) -> None:
    """A bad boat file raises ContentError naming the file, the boat and the field."""
    with pytest.raises(ContentError, match=fragment) as info:
        load_boats(_edit(tmp_path, "boats.toml", old, new))
    assert (info.value.file, info.value.item) == ("boats.toml", item)
    if field:
        assert info.value.field == field


@pytest.mark.parametrize(
    ("old", "new", "field", "fragment"),
    [
        ('cost = "same"\nphase = "at_sea"', 'cost = "three"\nphase = "at_sea"', "cost", "cost must be one of"),
        ('phase = "at_sea"\nfrequency = "ongoing"', 'phase = "on_land"\nfrequency = "ongoing"', "phase", "used at_sea"),
        ('frequency = "ongoing"\neffect', 'frequency = "when_bought"\neffect', "frequency", "can be ongoing"),
        ('kind = "draw_count", amount = 8', 'kind = "draw_count", amount = 20', "effect.amount", "from 5 to 10"),
        ('kind = "draw_count", amount = 8', 'kind = "teleport", amount = 8', "effect.kind", "unknown effect"),
        ('kind = "draw_count", amount = 8', 'kind = "draw_count", amount = 8, fish = "sardine"', "effect.fish", "not"),
    ],
)
def test_bad_upgrades_are_refused(tmp_path: Path, old: str, new: str, field: str, fragment: str) -> None:
    """Effects are validated on load: the vocabulary, the phase, the frequency, the parameters."""
    with pytest.raises(ContentError, match=fragment) as info:
        load_upgrades(_edit(tmp_path, "upgrades.toml", old, new))
    assert (info.value.file, info.value.item, info.value.field) == ("upgrades.toml", "secondary-nets", field)


@pytest.mark.parametrize(
    ("old", "new", "field", "fragment"),
    [
        ("{ sardine = 2, price = 3 }", "{ water = 2, price = 3 }", "market[0][0].water", "needs fish"),
        ("{ sardine = 2, price = 3 }", "{ sardine = 2, price = -3 }", "market[0][0].price", "price"),
        ("{ sardine = 2, price = 3 }", "{ sardine = 6, price = 3 }", "market[0][0]", "1 to 5 fish"),
        ('fill = "rows"', 'fill = "spiral"', "fill", "fill must be one of"),
        ("bag = { sardine = 5, scallop = 5, water = 10 }", "bag = { sardine = 5, water = 25 }", "bag", "supply"),
        ("bag = { sardine = 5, scallop = 5, water = 10 }", "bag = { trout = 5 }", "bag", "trout"),
        ("rounds = 7", "rounds = 0", "rounds", "rounds"),
    ],
)
def test_bad_months_are_refused(tmp_path: Path, old: str, new: str, field: str, fragment: str) -> None:
    """A bad month names the file, the month and the field."""
    with pytest.raises(ContentError, match=fragment) as info:
        load_months(_edit(tmp_path, "months.toml", old, new))
    assert (info.value.file, info.value.item) == ("months.toml", "january")
    assert info.value.field.startswith(field)


def test_bad_special_rules_are_refused(tmp_path: Path) -> None:
    """Special rules come from a small vocabulary with checked parameters."""
    path = _edit(tmp_path, "months.toml", 'kind = "price_bonus"', 'kind = "tsunami"')
    with pytest.raises(ContentError, match="unknown special rule"):
        load_months(path)
    path = _edit(tmp_path, "months.toml", "rounds = [3, 5, 7]\namount = 1", "amount = 1")
    with pytest.raises(ContentError, match="names the rounds"):
        load_months(path)


def test_counts_and_kinds_are_checked(tmp_path: Path) -> None:
    """A file of the wrong kind, or a boat file without 18 boats, is refused."""
    with pytest.raises(ContentError, match="conservas.boats"):
        load_boats(DATA / "upgrades.toml")
    text = (DATA / "boats.toml").read_text(encoding="utf-8")
    short = tmp_path / "boats.toml"
    short.write_text(text[: text.rindex("[[boats]]")], encoding="utf-8")
    with pytest.raises(ContentError, match="expected 18 boats"):
        load_boats(short)


def test_rule_catalogue_loads() -> None:
    """The rule catalogue has every section CON-1 to CON-7."""
    rules = load_rules()
    assert {rule.split(".")[0] for rule in rules} == {f"CON-{n}" for n in range(1, 8)}


@pytest.mark.parametrize("month", MONTH_NAMES)
def test_difficult_goals_ask_at_least_the_standard_goal(month: str) -> None:
    """CON-5.4: the difficult goal is the tougher challenge: no part of it asks less than the
    standard goal, and at least one part asks more."""
    standard, difficult = MONTHS[month].standard, MONTHS[month].difficult
    assert difficult.money >= standard.money
    assert difficult.fish >= standard.fish
    assert difficult.boats >= standard.boats and difficult.upgrades >= standard.upgrades
    assert difficult != standard


def test_no_fish_named_is_one_explicit_value(tmp_path: Path) -> None:
    """issue 16: an effect or month rule naming no fish kind holds `FishLimit.ANY`,
    whether the file leaves `fish` out or writes `fish = ""`; it equals `""`, so files and JSON
    are unchanged."""
    no_fish = [u.effect for u in UPGRADES.values() if u.effect.fish not in FISH]
    assert no_fish and all(e.fish is FishLimit.ANY for e in no_fish)
    assert all(s.fish is FishLimit.ANY for m in MONTHS.values() for s in m.special if s.kind == "upkeep_rise")
    assert FishLimit.ANY == "" and repr(FishLimit.ANY) == "FishLimit.ANY"
    assert Effect("sale_bonus", 2).fish is FishLimit.ANY and Effect("sale_bonus", 2, "sardine").fish == "sardine"
    nets = 'kind = "draw_count", amount = 8'
    path = _edit(tmp_path, "upgrades.toml", nets, nets + ', fish = ""')
    assert {u.id: u for u in load_upgrades(path)}["secondary-nets"].effect.fish == FishLimit.ANY
    assert json.loads(json.dumps(make_converter().unstructure(Effect("income", 3)))) == {
        "kind": "income",
        "amount": 3,
        "fish": "",
    }


def test_a_bonus_for_any_fish_pays_on_every_sale() -> None:
    """CON-6.7: a `sale_bonus` naming no fish (`FishLimit.ANY`, Market Stall) adds to a sale of any
    fish; one naming a fish (Sardine Brand) only to the sales that include it."""
    stall = own(start(), "ref-market-stall")
    brand = own(start(), "ref-sardine-brand")
    assert UPGRADES["ref-market-stall"].effect.fish == FishLimit.ANY
    assert sale_price(stall, Tokens({"mussel": 1}), 3) == (4, ())
    assert sale_price(brand, Tokens({"mussel": 1}), 3) == (3, ())
    assert sale_price(brand, Tokens({"sardine": 1}), 3) == (5, ())
