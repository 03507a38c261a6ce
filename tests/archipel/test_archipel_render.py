"""The Archipel text board (``render``) and heuristic (``evaluate``) that frontends find in the package."""

from __future__ import annotations

import contextlib
import io
import math
import random
import re
from pathlib import Path

import attrs
import pytest
from archipel_helpers import boat, play, settle, shop, started, storms
from archipel_policies import play_eager

import tabletop
from tabletop.archipel import GAME, ArchipelState, evaluate, new_game, render
from tabletop.archipel.content.board import board_for
from tabletop.archipel.render import WIDTH
from tabletop.archipel.state import EMPTY, UNSEEN, orders
from tabletop.frontend import Match
from tabletop.frontend.render import game_hook
from tabletop.frontend.render import render as frontend_render
from tabletop.kernel.tokens import Tokens

#: Variants the playouts run over: every boat count, the memory game, the short game, both.
VARIANTS = [
    {"players": 1},
    {"players": 2, "memory": True},
    {"players": 3, "short": True},
    {"players": 4, "memory": True, "short": True},
    {"players": 5},
    {"players": 2, "short": True, "first_player": 1},
]


@pytest.fixture(scope="module")
def games() -> list[list[ArchipelState]]:
    """Every state of an eager playout per variant (two seeds each) and of two greedy seasons,
    which go further: many deliveries, closed shops, an emptied pocket."""
    eager = [play_eager(new_game(seed, **options), random.Random(seed)) for options in VARIANTS for seed in (3, 11)]
    for seed, players, variant in ((1, 2, "memory"), (2, 3, "short")):
        match = Match(
            GAME, seed=seed, options={"players": players, variant: True}, agents=dict.fromkeys(range(players), "greedy")
        )
        states = [match.plies[0].before, *(ply.after for ply in match.plies)]
        assert all(isinstance(state, ArchipelState) for state in states)
        eager.append(states)  # type: ignore[arg-type]
    return eager


def remembered(state: ArchipelState) -> list[tuple[str, str]]:
    """(spot id, fish) of every fish the memory game turned face down again."""
    return [
        (spot_id, spot.fish)
        for spot_id, spot in zip(state.map.spots, state.spots, strict=True)
        if not spot.face_up and spot.fish not in (EMPTY, UNSEEN)
    ]


def check_board(state: ArchipelState, text: str) -> None:
    """The key facts of ``state`` appear in its board, no line is wider than WIDTH."""
    assert all(len(line) <= WIDTH for line in text.splitlines()), max(text.splitlines(), key=len)
    assert "\x1b" not in text
    board = state.map
    flat = " ".join(text.split())  # long lines may be wrapped
    assert flat.startswith(f"Archipel, round {state.flow.round}: ")
    assert board.name in flat
    filled, total = orders(state)
    assert f"Orders filled {filled}/{total}" in flat
    for seat, b in enumerate(state.boats):
        assert f"{b.colour} boat (seat {seat}) at " in flat
        assert f"fuel {b.fuel}/5; fish ({b.fish.total}/3)" in flat
        assert f"equipment ({b.cards.total}/4)" in flat
    for island in board.islands:
        assert f"{island.name} ({island.id})" in flat
    for area in board.data.areas:
        assert area.name in flat
    for channel in board.channels:
        assert f"  {channel.id} " in text
    assert f"Pocket: {state.pocket.total} card" in flat
    assert "Warehouse: " in flat
    for i, spot_id in enumerate(board.spots):
        spot = state.spots[i]
        if spot.face_up:
            assert f"{spot_id} {spot.fish}" in flat
        elif spot.fish == EMPTY:
            assert f"{spot_id} -" in flat
        else:
            assert f"{spot_id} ?" in flat
    outcome = state.outcome
    if outcome is not None:
        assert f"Season over ({outcome.ended_by}) in round {outcome.rounds}: ending {outcome.ending}:" in flat
        assert f"Orders filled {outcome.orders_filled}/{outcome.orders}" in flat
    else:
        assert "Now: " in flat


def test_every_state_renders_with_its_key_facts(games: list[list[ArchipelState]]) -> None:
    """Every state of playouts over all variants renders, for a seat's view and whole, with its key facts."""
    steps: set[str] = set()
    for states in games:
        for state in states:
            steps.add(state.flow.key)
            check_board(state, render(state, None))
            seat = state.flow.player
            check_board(state, render(state.view(seat), seat))
    assert {"setup.deal", "turn.act", "turn.expose", "harbour.dock", "harbour.restock", "end.over"} <= steps


def test_a_view_never_shows_a_remembered_fish(games: list[list[ArchipelState]]) -> None:
    """ARC-8.3: a fish turned face down again shows as '?*' to every seat, never as its kind."""
    checked = 0
    for states in games:
        for state in states:
            hidden = remembered(state)
            if not hidden:
                continue
            for seat in range(state.num_players):
                for text in (render(state.view(seat), seat), render(state, seat)):
                    flat = " ".join(text.split())
                    assert "?*(" not in flat
                    for spot_id, fish in hidden:
                        assert re.search(rf"\b{spot_id} \?\*(?!\()", flat)
                        assert f"{spot_id} {fish}" not in flat
            whole = render(state, None)
            assert all(f"{spot_id} ?*({fish})" in whole for spot_id, fish in hidden)
            checked += 1
    assert checked > 0


def test_each_decision_is_named() -> None:
    """The second line says what is being decided, for every kind of decision."""

    def now(state: ArchipelState) -> str:
        return render(state.view(0), 0).splitlines()[1]

    assert now(new_game(1)).startswith("Now: chance deals the shops; the next card goes to the shop of ")
    state = boat(started(2), 0, at="f05", cards=["bait-multi", "bait-blue"])
    assert now(state) == "Now: sail, catch, refuel, meet another boat, end the turn, or declare the season over."
    strict = boat(started(2, declare="supplied"), 0, at="f05", cards=["bait-multi", "bait-blue"])
    assert now(strict) == "Now: sail, catch, refuel, meet another boat, or end the turn."
    flat = " ".join(render(strict, 0).split())  # long lines are wrapped
    assert "season over only once the markets are supplied as far as possible" in flat
    trying = play(state, "catch")
    assert now(trying) == "Now: chance turns over the fish the boat tries."
    assert now(play(trying, "fish green")) == "Now: catch the green fish with multicolour bait, or release it."
    assert now(play(trying, "fish shark")) == "Now: a shark! Choose the bait it eats."
    docked = play(boat(started(2), 0, cards=[]), "sail jade")
    assert docked.flow.key == "harbour.dock"
    assert now(docked) == "Now: meet another boat, refuel, end the turn, or declare the season over."
    assert now(play(docked, "end")).startswith("Now: chance refills the warehouse from the pocket (0 of 3")


def test_weather_and_quay_decisions() -> None:
    """A waiting weather card and cards beyond four on the quay are named."""
    blank = play(shop(started(4), "jade", ["storm-blank", "bait-blue"]), "sail jade")
    assert blank.flow.key == "harbour.weather"
    assert render(blank, 0).splitlines()[1] == "Now: a storm without number: choose a free storm space for it."
    calm = play(shop(storms(started(4), {3: "storm-3"}), "jade", ["good-weather"]), "sail jade")
    assert render(calm, 0).splitlines()[1] == "Now: good weather: choose the storm to remove."
    full = boat(started(4), 0, cards=["bait-blue", "bait-blue", "bait-yellow", "bait-yellow"])
    full = play(shop(full, "jade", ["bait-red", "jerrycan-blue"]), "sail jade")
    assert full.flow.key == "harbour.dock" and full.bought
    text = render(full.view(0), 0)
    assert "Now: more than 4 cards: discard or hand over the cards on the quay" in text
    assert "On the quay (bought, not yet on the boat): " in text


def test_storms_closed_shops_and_the_short_game_are_shown() -> None:
    """Storm cards on their spaces, blocked channels, closed shops and pagoda islands appear."""
    state = started(5, short=True)
    board = state.map
    first = board.channels[0]
    storms = list(state.storms)
    for i in board.channel_spaces[0]:
        storms[i] = f"storm-{board.storm_numbers[i]}"
    state = attrs.evolve(state, storms=tuple(storms), shut=state.shut | {"jade"}, warehouse_shut=True)
    text = render(state, 0)
    line = next(line for line in text.splitlines() if line.startswith(f"  {first.id} "))
    assert "BLOCKED" in line and f"s{first.spaces[0]} storm-{first.spaces[0]}" in line
    assert "Jade Island (jade)" in text and "shop CLOSED" in text
    assert "pagoda island: out of the short game (closed)" in text
    assert "closed sign: the next shop visited closes" in text
    assert "short game" in text.splitlines()[2]


def test_the_outcome_is_shown_at_the_end() -> None:
    """At the end: the ending, how the season ended, orders filled, who is home."""
    state = all_delivered(started(6))
    done = attrs.evolve(state, ended_by="declared", flow=state.MACHINE.goto(state.flow, "end.over"))
    text = render(done.view(0), 0)
    assert "the season is over" in text.splitlines()[0]
    assert "ending 1: all orders filled, all boats home" in text
    assert "Orders filled 24/24. Boats home: red, yellow; away: none." in text


def test_long_names_on_a_custom_board_are_wrapped(tmp_path: Path) -> None:
    """A board with long names still renders within WIDTH columns, nothing cut off."""
    source = (Path(tabletop.archipel.__file__).parent / "data" / "board.toml").read_text(encoding="utf-8")
    name = "The Very Long Named Island Of The Eastern Mists Where Nobody Ever Fishes"
    path = tmp_path / "board.toml"
    path.write_text(source.replace('name = "Jade Island"', f'name = "{name}"'), encoding="utf-8")
    state = settle(new_game(7, players=5, board=str(path)))
    text = render(state, 0)
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert name in " ".join(text.split())
    assert board_for(state.board).islands[0].name == name


def test_frontends_find_the_hooks() -> None:
    """The frontend's render and the greedy agent use the package's hooks."""
    state = settle(new_game(8))
    assert game_hook(state, "render") is render
    assert game_hook(GAME, "evaluate") is evaluate
    assert frontend_render(state.view(0), 0) == render(state.view(0), 0)


# evaluate -----------------------------------------------------------------------------------------


def all_delivered(state: ArchipelState) -> ArchipelState:
    """Every order in play filled (the fish taken from the unseen pool)."""
    board = state.map
    markets = list(state.markets)
    delivered = Tokens()
    for i, island in enumerate(board.islands):
        if not (state.short and island.pagoda):
            markets[i] = board.orders[i]
            delivered += board.orders[i]
    return attrs.evolve(state, markets=tuple(markets), unseen=state.unseen - delivered)


def ended(state: ArchipelState) -> ArchipelState:
    return attrs.evolve(state, ended_by="declared", flow=state.MACHINE.goto(state.flow, "end.over"))


def test_the_three_endings_score_one_half_and_less() -> None:
    """ARC-7.2 to ARC-7.4: ending 1 scores 1.0, ending 2 0.5, ending 3 at most 0.45."""
    state = started(9)
    assert evaluate(ended(all_delivered(state)), 0) == 1.0
    assert evaluate(ended(all_delivered(boat(state, 1, at="jade"))), 1) == 0.5
    assert evaluate(ended(state), 0) == 0.0
    markets = list(state.markets)
    markets[0] = state.map.orders[0]
    partly = ended(attrs.evolve(state, markets=tuple(markets)))
    assert evaluate(partly, 0) == pytest.approx(0.45 * 2 / 24)


def test_progress_raises_the_score() -> None:
    """An order filled, a wanted fish on board, bait and fuel each raise the score; a stranded boat lowers it."""
    state = started(10)
    base = evaluate(state, 0)
    assert 0.0 <= base < 0.45
    markets = list(state.markets)
    markets[0] = Tokens(["blue"])
    assert evaluate(attrs.evolve(state, markets=tuple(markets)), 0) > base
    carrying = boat(state, 0, fish=["blue"])
    assert evaluate(carrying, 0) > base
    assert evaluate(boat(state, 0, cards=["bait-blue"]), 0) > base
    assert evaluate(boat(state, 0, fuel=2), 0) < base
    assert evaluate(boat(state, 0, at="f01", fuel=0), 0) < evaluate(boat(state, 0, at="f01", fuel=1), 0)


def test_a_try_is_scored_over_what_the_fish_may_be() -> None:
    """A fish about to be turned over scores the average of what it may be: better than leaving it."""
    state = boat(started(11), 0, at="f05", cards=["bait-multi", "bait-blue"])
    trying = play(state, "catch")
    outcomes = trying.chance_outcomes()
    assert evaluate(trying, 0) > evaluate(play(state, "end"), 0)
    expected = sum(p * evaluate_best(play(trying, str(move))) for move, p in outcomes)
    assert evaluate(trying, 0) == pytest.approx(expected)


def evaluate_best(state: ArchipelState) -> float:
    """The score after the catcher's best choice (multicolour bait, the shark's bait)."""
    if state.flow.key in ("turn.multi", "turn.shark"):
        return max(evaluate(state.apply(move), 0) for move in state.legal_moves())
    return evaluate(state, 0)


def test_evaluate_is_finite_on_every_state(games: list[list[ArchipelState]]) -> None:
    """The heuristic works on every state and view the playouts reach, the same for every seat."""
    for states in games:
        for state in states[::3]:
            values = {evaluate(state.view(seat), seat) for seat in range(state.num_players)}
            assert len(values) == 1
            assert all(math.isfinite(v) and -0.5 < v <= 1.0 for v in values)


def test_greedy_fills_more_orders_than_random() -> None:
    """With evaluate, greedy boats fill clearly more orders than random boats (which fill about none)."""
    filled = {"random": 0, "greedy": 0}
    games = 6
    for agent in filled:
        for seed in range(games):
            match = Match(GAME, seed=seed, options={"players": 2}, agents={0: agent, 1: agent})
            assert match.outcome is not None
            filled[agent] += match.outcome.orders_filled  # type: ignore[attr-defined]
    greedy, random_ = filled["greedy"] / games, filled["random"] / games
    assert greedy >= 6.0
    assert greedy >= random_ + 5.0


def test_the_tutorial_shows_what_render_prints() -> None:
    """The board printed in docs/archipel/tutorial.md is the output of the code above it."""
    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "archipel" / "tutorial.md").read_text(encoding="utf-8")
    section = page[page.index("## The board in a terminal") :]
    shown = re.search(r"^```text\n(.*?)^```", section, re.MULTILINE | re.DOTALL)
    assert shown is not None
    before = page[: page.index("## The board in a terminal") + shown.start()]
    namespace: dict[str, object] = {}
    output = io.StringIO()
    for block in re.findall(r"^```python\n(.*?)^```", before, re.MULTILINE | re.DOTALL):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            exec(compile(block, "tutorial.md", "exec"), namespace)
    assert output.getvalue() == shown.group(1)


def test_the_setup_deal_is_one_line() -> None:
    """ARC-1.7: the 39 cards dealt to the shops and the warehouse before the first turn fold into one line."""
    from tabletop.archipel.render import fold_events

    match = Match(GAME, seed=1, options={"players": 2})
    events = match.events_for(0)
    assert len(events) == 39
    assert fold_events(events) == [
        "39 cards dealt from the pocket: 3 to each of 12 shops and 3 to the warehouse (the board shows them)"
    ]
    assert game_hook(match.state, "fold_events") is fold_events


def test_entering_a_harbour_says_which_cards_the_boat_takes() -> None:
    """ARC-4.1: the boat takes the shop's cards; the events say so, and what went on board."""
    match = Match(GAME, seed=1, options={"players": 2})
    state = match.state
    assert isinstance(state, ArchipelState)
    shop_cards = state.shops[state.map.island_index["jade"]]
    (ply,) = match.play("sail jade")
    texts = [e.text for e in ply.events]
    listed = ", ".join(shop_cards)
    assert texts[0] == "red boat sails to jade"
    assert f"red boat enters the harbour of jade and takes the shop's cards: {listed}" in texts
    assert any(t.startswith("red boat takes on board: ") for t in texts)
    assert not any(t == "red boat sails to jade" for t in texts[1:])  # said once


def test_a_fish_without_bait_says_why_nothing_happens() -> None:
    """ARC-3.1: a boat that sails to a fish with no bait cannot try to catch it, and is told so."""
    match = Match(GAME, seed=1, options={"players": 2})
    (ply,) = match.play("sail f01")
    assert "red boat has no bait on board, so it cannot try to catch the fish at f01 (ARC-3.1)" in [
        e.text for e in ply.events
    ]
    match = Match(GAME, seed=1, options={"players": 2})
    match.play("sail jade")  # bait on board now
    match.play("end")
    state = match.state
    assert isinstance(state, ArchipelState)
    if state.current_player == 0:
        plies = match.play("sail f01")
        assert not any(e.kind == "no-bait" for ply in plies for e in ply.events)


def test_a_board_fits_a_terminal() -> None:
    """The board of a two-boat game is at most 52 lines (channels two to a line, fish beside their sea)."""
    match = Match(GAME, seed=1, options={"players": 2}, agents={0: "greedy", 1: "greedy"})
    for ply in match.plies[::5]:
        assert isinstance(ply.after, ArchipelState)
        assert len(render(ply.after.view(0), 0).splitlines()) <= 52


def test_a_fish_the_bait_cannot_catch_says_so() -> None:
    """ARC-3.2: a fish turned over that no bait on board catches stays face up, and the events say why."""
    from tabletop.archipel.moves import Expose

    match = Match(GAME, seed=0, options={"players": 2}, agents={0: "greedy", 1: "greedy"})
    told = caught = 0
    for ply in match.plies:
        if not isinstance(ply.move, Expose):
            continue
        before, after = ply.before, ply.after
        assert isinstance(before, ArchipelState) and isinstance(after, ArchipelState)
        seat = before.flow.player
        missed = [e.text for e in ply.events if e.kind == "missed"]
        if after.boats[seat].fish[ply.move.fish] > before.boats[seat].fish[ply.move.fish]:
            caught += 1
            assert not missed
        elif after.flow.key == "turn.act" and ply.move.fish != "shark":
            told += 1
            colour, at = before.boats[seat].colour, before.boats[seat].at
            fish = ply.move.fish
            assert missed == [f"the {colour} boat has no {fish} bait: the fish stays at {at}, face up (ARC-3.2)"]
    assert told and caught
