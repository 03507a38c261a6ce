"""Reading an untrusted state refuses positions play never reaches (audit37 H1-H10): each edit
of a sound state's JSON below is refused with a `DecodeError` naming the field, the value and
the rule; every state of seeded games (random and greedy play, every month, both goals) passes."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from conservas_helpers import GAME, draw, play, start, to_land

import tabletop
from tabletop.agents.simple import GreedyAgent, RandomAgent
from tabletop.conservas import ConservasState
from tabletop.conservas.content import MONTHS
from tabletop.conservas.invariants import invariants
from tabletop.kernel.chance import sample_chance

Edit = Callable[[dict[str, Any]], object]


def _refusal(state: ConservasState, edit: Edit) -> str:
    """The message of the refusal of `state`'s JSON changed by `edit` (fails if it is read)."""
    document = json.loads(state.to_json())
    edit(document["state"])
    with pytest.raises(tabletop.DecodeError) as caught:
        GAME.state_from_json(json.dumps(document))
    return str(caught.value)


def _move(kind: str, n: int, target: Callable[[dict[str, Any]], dict[str, int]]) -> Edit:
    """Move `n` `kind` tokens from the supply to the multiset `target(state)` (the 116 stay counted)."""

    def edit(s: dict[str, Any]) -> None:
        s["supply"][kind] -= n
        part = target(s)
        part[kind] = part.get(kind, 0) + n

    return edit


def _land() -> ConservasState:
    return to_land(start())


def _set(field: str, value: object) -> Edit:
    return lambda s: s.__setitem__(field, value)


def _flow(**changes: object) -> Edit:
    return lambda s: s["flow"].update(changes)


def test_tokens_in_the_handful_on_land_are_refused() -> None:
    """CON-2.1 (H1): tokens left in `hand` at `land.act` would vanish at the next handful."""
    text = _refusal(_land(), _move("octopus", 3, lambda s: s["hand"]))
    assert "state.hand" in text and "octopus,octopus,octopus" in text and "CON-2.1" in text


def test_a_handful_larger_than_its_size_or_complete_while_drawing_is_refused() -> None:
    """CON-2.1: at `sea.draw` the handful is short of its size; at `sea.place` it is complete."""
    state = draw(start(), "water water")
    text = _refusal(state, _move("water", 3, lambda s: s["hand"]))
    assert "state.hand" in text and "5 token(s) drawn of a handful of 5, still drawing" in text
    placing = draw(state, "water water water")
    text = _refusal(placing, _move("water", 1, lambda s: s["hand"]))
    assert "6 token(s) drawn of a handful of 5 at sea.place" in text


def test_a_forfeit_on_a_live_game_is_refused() -> None:
    """CON-2.7 (H2): only the end of the game holds a forfeit."""
    text = _refusal(_land(), _set("forfeit", "x"))
    assert "state.forfeit" in text and "'x'" in text and "land.act" in text and "CON-2.7" in text


def test_the_end_before_the_last_round_without_a_forfeit_is_refused() -> None:
    """CON-4.9 (H3): the game ends after the last round's End of Day, or by a forfeit."""
    text = _refusal(_land(), _flow(phase="end", step="over"))
    assert "state.flow" in text and "round 1 of 7" in text and "CON-4.9" in text


@pytest.mark.parametrize("round_", [0, 8, 50])
def test_a_round_outside_the_month_is_refused(round_: int) -> None:
    """CON-4.9 (H4): January has rounds 1 to 7."""
    text = _refusal(_land(), _flow(round=round_))
    assert "state.flow.round" in text and f"round {round_}" in text and "CON-4.9" in text


def test_a_market_mark_of_a_kind_the_space_never_takes_is_refused() -> None:
    """CON-3.3 (H5): r1c1 takes sardines; the token left there is one of them."""
    text = _refusal(_land(), lambda s: _mark(s, 0, "octopus"))
    assert "state.market[0]" in text and "octopus on space r1c1" in text and "CON-3.3" in text


def test_a_market_mark_out_of_the_fill_order_is_refused() -> None:
    """CON-3.4 (H5): January fills each row left to right: r1c2 is not filled before r1c1."""
    text = _refusal(_land(), lambda s: _mark(s, 1, "sardine"))
    assert "state.market[1]" in text and "r1c2 filled before r1c1" in text and "CON-3.4" in text


def _mark(s: dict[str, Any], index: int, kind: str) -> None:
    s["supply"][kind] -= 1
    s["market"][index] = kind


def _owned(card: str, round_: int = 1, kept: dict[str, int] | None = None) -> Edit:
    def edit(s: dict[str, Any]) -> None:
        s["cards"]["upgrade_row"].remove(card)
        for kind, n in (kept or {}).items():
            s["supply"][kind] -= n
        s["cards"]["upgrades"].append({"card": card, "round": round_, "kept": kept or {}})

    return edit


def test_a_token_kept_on_a_card_that_keeps_none_is_refused() -> None:
    """CON-3.6 (H6): Secondary Nets keeps no paid token."""
    text = _refusal(_land(), _owned("secondary-nets", kept={"octopus": 1}))
    assert "state.cards.upgrades[0].kept" in text and "Secondary Nets keeps no token" in text and "CON-3.6" in text


def test_a_catch_larger_than_the_boats_hold_is_refused() -> None:
    """CON-2.3 (H7): El Dorado keeps 2 tokens of its handful; 9 octopus more cannot be on it."""
    text = _refusal(_land(), _move("octopus", 9, lambda s: s["catch"]))
    assert "state.catch" in text and "11 token(s) on the boats" in text and "hold 2" in text and "CON-2.3" in text


def test_tokens_on_the_boats_at_the_end_of_day_are_refused() -> None:
    """CON-4.1: the boats are emptied first thing at the End of Day."""
    state = play(_land(), "done")
    assert state.flow.phase == "eod"
    text = _refusal(state, _move("sardine", 1, lambda s: s["catch"]))
    assert "state.catch" in text and "CON-4.1" in text


def test_used_cards_that_are_not_the_players_are_refused() -> None:
    """CON-2.2 (H8): only the player's boats and the Open Water card receive handfuls, once each."""
    text = _refusal(start(), _set("used", ["zzz", "yyy"]))
    assert "state.used" in text and "'zzz'" in text and "CON-2.2" in text
    text = _refusal(start(), _set("used", ["open-water", "open-water"]))
    assert "open-water received two handfuls" in text


@pytest.mark.parametrize("handful", [0, 4, 6, 10**9])
def test_a_handful_size_no_rule_gives_is_refused(handful: int) -> None:
    """CON-2.1, CON-6.3 (H9): without upgrades a handful is 5 tokens."""
    text = _refusal(start(), _set("handful", handful))
    assert "state.handful" in text and f"handful {handful}" in text and "CON-2.1" in text


def test_tokens_to_return_outside_the_sift_are_refused() -> None:
    """CON-6.6 (H10): tokens are returned only at `sea.sift`, and no more than the sift cards draw."""
    text = _refusal(_land(), _set("to_return", 3))
    assert "state.to_return" in text and "3 token(s) to return at land.act" in text and "CON-6.6" in text
    text = _refusal(start(), lambda s: s.update(to_return=1, handful=6))
    assert "the upgrades owned sift 0" in text


def test_a_setup_offer_after_setup_is_refused() -> None:
    """CON-1.5 (H10): the boat not chosen went under the deck."""

    def edit(s: dict[str, Any]) -> None:
        s["cards"]["boat_row"].remove("bogavanti")
        s["cards"]["offer"] = ["bogavanti"]

    text = _refusal(_land(), edit)
    assert "state.cards.offer" in text and "bogavanti" in text and "CON-1.5" in text


def test_an_upgrade_bought_in_a_later_round_is_refused() -> None:
    """CON-6.1 (H10): in round 1, no upgrade was bought in round 6."""
    text = _refusal(_land(), _owned("ref-market-stall", round_=6))
    assert "state.cards.upgrades" in text and "round 6, in round 1" in text and "CON-6.1" in text


def test_negative_report_figures_are_refused() -> None:
    """CON-4.6 (H10): the End of Day report's income and upkeep are amounts paid, never below 0."""
    text = _refusal(_land(), lambda s: s["report"].__setitem__("upkeep", -5))
    assert "state.report" in text and "upkeep -5" in text and "CON-4.6" in text


@pytest.mark.parametrize("agent", [RandomAgent(), GreedyAgent()], ids=["random", "greedy"])
def test_every_state_of_seeded_games_passes(agent: Any) -> None:
    """CON-1.x to CON-6.x: every state of seeded games of every month at both goal levels keeps
    the invariants, and a sample reads back from its JSON."""
    for index, month in enumerate(MONTHS):
        goal = ("standard", "difficult")[index % 2]
        rng = random.Random(index)
        state = GAME.new_game(index, month=month, goal=goal)
        while True:
            invariants(state)
            if rng.random() < 0.05:
                GAME.state_from_json(state.to_json())
            if state.is_terminal:
                break
            move = sample_chance(state, rng) if state.is_chance_node else agent.choose(state, state.legal_moves(), rng)
            state = state.apply(move)
