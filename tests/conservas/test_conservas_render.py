"""The Conservas board (``render``) and heuristic (``evaluate``): frontend hooks, issue 6."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import pytest
from conservas_helpers import changed, draw, finish_day, paying_upkeep, play, start, to_land, with_bag

import tabletop
from tabletop.agents import make_agent
from tabletop.conservas import ConservasState, evaluate, render
from tabletop.conservas.checks import is_open
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.frontend import render as frontend_render
from tabletop.frontend.render import game_hook
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.phases import Actor, Flow
from tabletop.kernel.tokens import Tokens

GAME = tabletop.get_game("conservas")
SHORT = {"sardine": "sar", "mussel": "mus", "scallop": "sca", "octopus": "oct"}
#: Months covering the three fill orders, special rules and goals on boats and upgrades.
GAMES = [
    (m, goal, seed)
    for m in ("january", "march", "may", "october")
    for goal in ("standard", "difficult")
    for seed in (1, 2)
]
ROOT = Path(__file__).resolve().parents[2]


def _flat(text: str) -> str:
    """The board with every run of whitespace made one space (wrapped text reads whole)."""
    return " ".join(text.split())


def _order(needs: Tokens, price: int) -> str:
    return "+".join(f"{n if n > 1 else ''}{SHORT[kind]}" for kind, n in needs.items()) + f"->{price}"


def check_board(state: ConservasState, board: str) -> None:
    """Everything the board must show for ``state``, and its width."""
    month = MONTHS[state.month]
    flat = _flat(board)
    lines = board.splitlines()
    assert all(len(line) <= 100 for line in lines), max(lines, key=len)
    assert lines[0].startswith(
        f"Conservas: {month.name}, {state.goal} goal  |  round {state.flow.round}/{month.rounds}"
    )
    assert lines[1].startswith("Now: ")
    assert f"Money: {state.money} euro" in board
    assert f"Sea bag: {state.bag.total} tokens" in board
    assert "Supply: " in board
    for boat in state.fleet:
        assert f"{BOATS[boat].name} [{boat}]" in board
    if state.fleet:
        assert "Open Water [open-water]" in board and "Deep Sea: " in board and "On the boats (the catch): " in board
    for boat in (*state.boat_row, *state.offer):
        assert f"{BOATS[boat].name} [{boat}]" in board
    for card in (*state.upgrade_row, *state.upgrade_ids):
        assert f"{UPGRADES[card].name} [{card}]" in board
        assert _flat(UPGRADES[card].text) in flat
    # The market: every space in its row, marked open (*), filled (x) or waiting (.).
    rows = {int(m.group(1)): line for line in lines if (m := re.match(r"  r(\d+)  ", line))}
    for index, space in enumerate(month.spaces):
        mark = "x" if state.market[index] else "*" if is_open(state, index) else "."
        assert f"{mark} {_order(space.needs, space.price)}" in rows[space.row], (space.id, rows[space.row])
    goal = month.goal(state.goal)
    assert f"GOAL ({state.goal})" in board
    if goal.money:
        assert re.search(rf"money\s+{state.money} / {goal.money}", board)
    for kind, need in goal.fish.items():
        assert re.search(rf"{kind}\s+{state.bag.contents[kind]} / {need}", board)
    if goal.boats:
        assert re.search(rf"boats\s+{len(state.fleet)} / {goal.boats}", board)
    if goal.upgrades:
        assert re.search(rf"upgrades\s+{len(state.upgrades)} / {goal.upgrades}", board)
    for special in month.special:
        assert _flat(special.text) in flat
    if state.flow.phase == "sea":
        assert "Handful: " in board
    outcome = state.outcome
    if outcome is None:
        assert "RESULT" not in board
    else:
        assert ("RESULT: WON" if outcome.won else "RESULT: LOST") in board


def test_every_state_of_random_games_renders() -> None:
    """Every state of random games over several months and both goals, every step and the end,
    shows what it must in 100 columns; the games reach every player and chance step."""
    seen = set()
    for month, goal, seed in GAMES:
        state = GAME.new_game(seed, month=month, goal=goal)
        rng = random.Random(seed)
        while True:
            assert isinstance(state, ConservasState)
            seen.add(state.flow.key)
            check_board(state, render(state.view(0), 0))
            if state.is_terminal:
                break
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)
        check_board(state, render(state, None))
    steps = {key for key, step in MACHINE.steps().items() if step.actor is not Actor.AUTO}
    assert seen == steps


def test_the_board_in_the_tutorial_is_what_render_draws() -> None:
    """docs/conservas/tutorial.md: the board shown is the output of the code above it."""
    text = (ROOT / "docs" / "conservas" / "tutorial.md").read_text(encoding="utf-8")
    section = text[text.index("## The board") :]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    shown = re.search(r"```text\n(.*?)```", section, re.DOTALL)
    assert code is not None and shown is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code.group(1), "tutorial.md", "exec"), {"__name__": "docs_board"})
    assert out.getvalue() == shown.group(1)


def test_the_decision_of_each_step_is_named() -> None:
    """The second line says what is being decided: the boat to keep, the handful, the market..."""
    state = GAME.new_game(0, month="january")
    assert isinstance(state, ConservasState)
    assert "chance deals the boats to choose from" in render(state, 0)
    state = play(state, "card el-dorado", "card bogavanti")
    board = render(state, 0)
    assert "choose your first boat" in board
    assert "Boats offered" in board and "Bogavanti [bogavanti]" in board and "catch 5  price 10  upkeep 2" in board
    state = start()
    assert "chance draws handful 1 of 2 (0 of 5 tokens drawn)" in render(state, 0)
    state = draw(state, "sardine sardine scallop water water")
    board = render(state, 0)
    assert "place handful 1 of 2 on a boat or the Open Water card" in board
    assert "Handful: sardine x2, scallop, water x2  (5 of 5 drawn)" in board
    state = play(state, "place el-dorado sardine,sardine")
    board = render(state, 0)
    assert "El Dorado [el-dorado]" in board and "catch 2  upkeep 0  used this round" in board
    assert "On the boats (the catch): sardine x2" in board
    assert "Deep Sea: scallop, water x2" in board
    state = to_land(state)
    board = render(state, 0)
    assert "sell to the market, trade fish for an upgrade, buy a boat, or done" in board
    assert "Open Water [open-water]" in board and "used this round" in board
    state = play(state, "sell r1c1 sardine,sardine")
    board = render(state, 0)
    assert "x 2sar->3" in board and "* sar->1" in board and "Tins on the market: r1c1 sardine" in board
    state = play(state, "done")
    assert "keep the boat row, or discard it" in render(state, 0)


def test_upkeep_order_and_the_spawn_to_come_are_shown() -> None:
    """End of Day: the boats whose upkeep is still due when money is short; the Deep Sea's spawn."""
    state = paying_upkeep()
    board = render(state, 0)
    assert "choose whose upkeep to pay next" in board
    assert "Upkeep still due: Quid Pro Pulpo [quid-pro-pulpo] 1 euro, Bogavanti [bogavanti] 2 euros" in board
    check_board(state, board)
    spawning = changed(start(), deep=Tokens({"sardine": 3, "water": 1}))
    spawning = changed(spawning, supply=spawning.supply.remove("sardine", 3).add("water"))
    assert "Deep Sea: sardine x3, water  -> spawns sardine x2" in render(spawning, 0)


def test_a_forfeit_is_shown_with_its_reason() -> None:
    """CON-2.7: the overfished end is a lost result that says why."""
    state = with_bag(start(), sardine=3)
    water = state.supply["water"]
    state = changed(state, supply=state.supply.remove("water", water), deep=Tokens({"water": water}))
    state = draw(state, "sardine sardine sardine")
    assert state.is_terminal
    board = render(state, 0)
    assert "RESULT: LOST, forfeited: overfished in round 1" in board
    check_board(state, board)


def test_frontends_find_the_hooks() -> None:
    """The frontend's ``render`` and the agents use the game's own hooks."""
    state = start()
    assert game_hook(state, "render") is render
    assert game_hook(state, "evaluate") is evaluate
    assert frontend_render(state.view(0), 0) == render(state.view(0), 0)


def test_evaluate_is_a_probability_like_score() -> None:
    """In (0, 1) during play, 1.0 for a won end, 0.0 for a lost one; money and fish count."""
    state = to_land(start())
    value = evaluate(state, 0)
    assert 0.0 < value < 1.0
    assert evaluate(changed(state, money=state.money + 10), 0) > value
    poorer_sea = changed(state, bag=state.bag.take(Tokens({"sardine": 3})), supply=state.supply.add("sardine", 3))
    assert evaluate(poorer_sea, 0) < value
    with_fish = changed(state, catch=Tokens({"sardine": 2}), supply=state.supply.remove("sardine", 2))
    assert evaluate(play(with_fish, "sell r1c1 sardine,sardine"), 0) > evaluate(play(with_fish, "done"), 0)
    rng = random.Random(3)
    for seed in range(6):
        end = tabletop.random_playout(GAME.new_game(seed, month="january"), rng)
        assert end.outcome is not None
        assert evaluate(end, 0) == end.outcome.returns[0]
    won = finish_day(play(_last_day(), "done"))
    assert won.is_terminal and won.outcome is not None and won.outcome.returns == (1.0,)
    assert evaluate(won, 0) == 1.0


def _last_day() -> ConservasState:
    """January's last round On Land, with the goal already met."""
    state = to_land(start())
    return changed(state, flow=Flow("land", "act", round=7), money=45)


def _wins(agent_name: str, games: int) -> int:
    wins = 0
    for seed in range(games):
        state = GAME.new_game(seed, month="january")
        agent = make_agent(agent_name)
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                move = sample_chance(state, rng)
            else:
                chosen = agent.choose(state.view(0), state.legal_moves(), rng)
                assert chosen is not None
                move = chosen
            state = state.apply(move)
        assert state.outcome is not None
        wins += state.outcome.returns[0] > 0
    return wins


def test_the_greedy_agent_following_evaluate_beats_random_play() -> None:
    """January, standard goal: one move ahead with ``evaluate`` wins far more often than random.

    Measured on these 40 seeds: greedy 31 wins, random 0 (random play practically never wins).
    """
    games = 40
    greedy = _wins("greedy", games)
    random_wins = _wins("random", games)
    assert greedy >= games // 2, f"greedy won {greedy}/{games}"
    assert greedy - random_wins >= games // 2, (greedy, random_wins)


def test_evaluate_with_the_wanted_fish_gone_from_the_sea() -> None:
    """A sea with none of the goal's fish left (all caught or sold) is scored, not a division by zero."""
    state = to_land(start())
    emptied = with_bag(state, water=state.bag.contents["water"])
    assert emptied.bag.contents["sardine"] == emptied.bag.contents["scallop"] == 0
    value = evaluate(emptied, 0)
    assert 0.0 <= value < evaluate(state, 0)


def test_a_handful_drawn_token_by_token_reads_as_one_line() -> None:
    """The terminal folds the draws of a handful (CON-2.1) into one line; other events keep their own."""
    from tabletop.conservas.render import fold_events

    match = tabletop.Match(GAME, seed=3)
    match.play(match.legal_moves()[0])
    events = match.events_for(0)
    lines = fold_events(events)
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 5
    assert lines[-1].startswith("drew 5 tokens from the bag: ")
    assert sum(line.startswith("drew") for line in lines) == 1
    assert len(lines) == len(events) - 4
    assert game_hook(match.state, "fold_events") is fold_events


def test_event_texts_write_tokens_as_the_board_does() -> None:
    """Placements, sales and spawning name tokens like the board (``sardine x2``), not ``sardine,sardine``."""
    match = tabletop.Match(GAME, seed=3, agents={0: "greedy"})
    texts = [e.text for ply in match.plies for e in ply.events]
    assert any(t.startswith("placed the handful on ") for t in texts)
    assert not [t for t in texts if re.search(r"[a-z],[a-z]", t)]


def test_card_reads_any_boat_or_upgrade() -> None:
    """The terminal's ``card ID`` hook: a boat's numbers, an upgrade's cost and text, by id or name."""
    from tabletop.conservas.render import describe_card

    view = start().view(0)
    boat = BOATS["el-dorado"]
    assert describe_card(view, 0, "el-dorado") == (
        f"El Dorado [el-dorado]: a boat; catch {boat.catch}, price {boat.cost}, upkeep {boat.upkeep}"
    )
    upgrade = next(iter(UPGRADES.values()))
    text = describe_card(view, 0, upgrade.name.upper())
    assert text.startswith(f"{upgrade.name} [{upgrade.id}]: an upgrade; cost: ") and text.endswith(upgrade.text)
    with pytest.raises(LookupError, match="no boat or upgrade 'zebra'"):
        describe_card(view, 0, "zebra")
