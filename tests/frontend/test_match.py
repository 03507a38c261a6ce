"""Match: playing, chance from the seed, agents, refusals that change nothing, undo and redo."""

from __future__ import annotations

import pytest
from frontend_helpers import GAMES, each_game, played

import tabletop
from tabletop.frontend import Match, ScriptedAgent, UndoError
from tabletop.testing.drill import GAME as DRILL


def _hot_seat(seed: int = 1) -> Match:
    """A Drill match with two human seats that stops at chance nodes, so tests force outcomes."""
    return Match(DRILL, seed=seed, auto_chance=False)


@each_game()
def test_same_seed_same_match(game: tabletop.Game) -> None:
    """Two matches with the same seed and the same agents play exactly the same steps."""
    a, b = played(game, 3), played(game, 3)
    assert [str(p.move) for p in a.plies] == [str(p.move) for p in b.plies]
    assert a.state == b.state


@each_game()
def test_chance_comes_from_the_seed(game: tabletop.Game) -> None:
    """Every chance outcome the match resolves is the one sample_chance picks from the seed."""
    match = played(game, 4)
    chance = [p for p in match.plies if p.player == tabletop.CHANCE]
    for ply in chance:
        assert ply.move == tabletop.sample_chance(ply.before)
    assert all(p.after == p.before.apply(p.move) for p in match.plies)


@each_game()
def test_refused_input_changes_nothing(game: tabletop.Game) -> None:
    """Bad notation and a move out of turn raise, and the match is exactly as before."""
    match = Match(game, seed=2)
    state, plies = match.state, match.plies
    with pytest.raises(tabletop.NotationError):
        match.play("certainly not a move @@")
    seat = match.current_player
    if seat >= 0 and match.num_players > 1:
        with pytest.raises(tabletop.IllegalMove, match="turn") as refused:
            match.play(match.legal_moves()[0], seat=(seat + 1) % match.num_players)
        assert refused.value.code == "not-your-turn"
    assert match.state == state
    assert match.plies == plies


def test_illegal_move_gives_the_reason_and_changes_nothing() -> None:
    """A refused move raises IllegalMove with the game's reason; nothing is recorded."""
    match = _hot_seat()
    match.play("pass", seat=0)
    match.play("take", seat=1)
    match.play("card ace")
    for _ in range(4):
        match.play("take")
        match.play(str(match.legal_moves()[0]))
    before = match.state
    with pytest.raises(tabletop.IllegalMove, match="deck is empty") as refused:
        match.play("take")
    assert refused.value.code == "deck-empty"
    assert match.state == before


def test_play_accepts_moves_and_notation() -> None:
    """play() takes a Move or its notation and returns the steps it caused."""
    match = Match(DRILL, seed=5, agents={1: "random"})
    steps = match.play(match.legal_moves()[-1])
    assert steps[0].move == DRILL.parse_move(steps[0].before, "pass")
    assert match.current_player == 0
    steps = match.play("  draw ")
    assert str(steps[0].move) == "draw"
    assert steps[1].player == tabletop.CHANCE


def test_game_over_refuses_moves() -> None:
    """Once the game is over, play() raises IllegalMove with the code game-over."""
    match = played(DRILL, 1)
    with pytest.raises(tabletop.IllegalMove) as refused:
        match.play("pass")
    assert refused.value.code == "game-over"


def test_stopping_at_chance_nodes() -> None:
    """Without auto_chance the match waits at a chance node; an outcome can be forced or sampled."""
    match = _hot_seat()
    match.play("draw", seat=0)
    assert match.current_player == tabletop.CHANCE
    forced = match.play("token red")
    assert forced[0].after.hands[0]["red"] == 1  # type: ignore[attr-defined]
    match.play("draw", seat=1)
    ply = match.resolve_chance()
    assert ply.move == tabletop.sample_chance(ply.before)
    with pytest.raises(tabletop.IllegalMove, match="not a chance node"):
        match.resolve_chance()


def test_agents_play_their_seats() -> None:
    """Agent seats move by themselves; a scripted seat plays its script, then waits for a person."""
    match = Match(DRILL, seed=9, agents={0: ScriptedAgent(["pass", "shuffle"]), 1: "greedy"})
    moves = [str(p.move) for p in match.plies if p.player == 0]
    assert moves == ["pass", "shuffle"]
    assert match.current_player == 0
    assert match.seats == ("scripted", "greedy")
    match.play("pass", seat=0)
    assert match.current_player == 0


def test_unknown_agent_and_seat_are_refused() -> None:
    """An unknown agent name or seat is a ValueError naming it."""
    with pytest.raises(ValueError, match="no agent named 'wizard'"):
        Match(DRILL, seed=1, agents={1: "wizard"})
    with pytest.raises(ValueError, match="no seat 2"):
        Match(DRILL, seed=1, agents={2: "random"})


def test_undo_takes_back_a_move_that_revealed_nothing() -> None:
    """A shuffle of an unseen deck reveals nothing: undo returns to the position before it."""
    match = _hot_seat()
    start = match.state
    match.play("shuffle", seat=0)
    assert match.undo(0) == 1
    assert match.state == start
    assert match.redo() == 1
    assert match.current_player == 1


def test_undo_may_cross_what_the_seat_did_not_see() -> None:
    """Seat 0 may take back its move past a bot's secret draw, which it never saw."""
    match = Match(DRILL, seed=1, auto_chance=False, agents={1: ScriptedAgent(["take"])})
    match.play("pass", seat=0)
    match.play("card ace")
    assert [p.player for p in match.plies] == [0, 1, tabletop.CHANCE]
    assert match.can_undo(0)
    assert match.undo(0) == 3
    assert match.state == match.start
    match.redo()
    assert match.state.cards[1] == ("ace",)  # type: ignore[attr-defined]


def test_undo_never_takes_back_what_another_person_saw() -> None:
    """Seat 1 (a person) has seen the card it drew: seat 0 may not undo its move past that draw."""
    match = _hot_seat()
    match.play("pass", seat=0)
    match.play("take", seat=1)
    assert match.can_undo(0)  # seat 1's take alone showed nobody anything
    match.play("card ace")
    with pytest.raises(UndoError, match="cannot undo past step 3: it showed seat 1 new information") as refused:
        match.undo(0)
    assert "ace" not in str(refused.value)
    free = Match(DRILL, seed=1, auto_chance=False, unrestricted_undo=True)
    for step in ("pass", "take", "card ace"):
        free.play(step)
    assert free.undo(0) == 3


def test_undo_never_crosses_the_last_card_drawn() -> None:
    """The last card of the deck is certain, yet the seat that draws it sees it: undo stops there."""
    match = Match(DRILL, seed=1, auto_chance=False)
    for step in ("take", "card ace", "take", "card ace", "take", "card king", "take", "card queen", "take"):
        match.play(step)
    match.play("card jack")
    assert match.plies[-1].informs(0)
    assert not match.plies[-1].informs(1)
    assert not match.can_undo(0)


def test_undo_never_crosses_a_draw_the_seat_saw() -> None:
    """A token drawn in view of everybody stops undo for every seat."""
    match = _hot_seat()
    match.play("draw", seat=0)
    match.play("token blue")
    with pytest.raises(UndoError, match="cannot undo past step 2"):
        match.undo(0)
    assert len(match.plies) == 2


def test_undo_never_crosses_a_peek() -> None:
    """Looking at a card stops undo for the seat that looked, unless undo is unrestricted."""
    match = _hot_seat()
    match.play("look 1", seat=0)
    match.play("card king")
    assert not match.can_undo(0)
    free = Match(DRILL, seed=1, auto_chance=False, unrestricted_undo=True)
    free.play("look 1", seat=0)
    free.play("card king")
    assert free.undo(0) == 2
    assert free.state == free.start


def test_undo_never_crosses_a_reveal_without_chance() -> None:
    """Taking a card another seat looked at shows it without a chance step: undo stops there too."""
    match = _hot_seat()
    match.play("pass", seat=0)
    match.play("look 1", seat=1)
    match.play("card queen")
    match.play("take", seat=0)
    assert [p.player for p in match.plies] == [0, 1, tabletop.CHANCE, 0]
    with pytest.raises(UndoError, match="seat 0 cannot undo past step 4"):
        match.undo(0)


def test_undo_refusals() -> None:
    """Nothing to undo, a bot's seat and nothing to redo are refused with UndoError."""
    match = Match(DRILL, seed=1, agents={1: "random"})
    with pytest.raises(UndoError, match="no move to undo"):
        match.undo()
    with pytest.raises(UndoError, match="nothing to redo"):
        match.redo()
    match.play("shuffle")
    with pytest.raises(UndoError, match="bot|random"):
        match.undo(1)


def test_a_new_move_after_undo_drops_the_redo_line() -> None:
    """Playing after an undo replaces the undone steps."""
    match = _hot_seat()
    match.play("shuffle", seat=0)
    match.undo(0)
    match.play("pass", seat=0)
    assert not match.can_redo()
    assert [str(p.move) for p in match.plies] == ["pass"]


def test_undo_then_bots_replay_from_the_seed() -> None:
    """After undo, the same decisions give the same game again: chance and bots are seeded."""
    match = Match(DRILL, seed=11, agents={1: "random"})
    match.play("shuffle")
    first = match.state
    match.undo(0)
    match.play("shuffle")
    assert match.state == first


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_seat_json_shows_only_the_seat(game: tabletop.Game) -> None:
    """The seat document has the seat's view (no seed), legal moves only on its turn, no foreign events."""
    match = Match(game, seed=6)
    for seat in range(match.num_players):
        doc = match.seat_json(seat)
        assert doc["view"]["state"]["seed"] is None
        assert doc["view"] == __import__("json").loads(match.view(seat).to_json())
        assert bool(doc["legal"]) == (match.current_player == seat)
        assert all(seat in e.get("visible_to", [seat]) for e in doc["events"])


def test_a_failing_agent_is_not_a_refused_move() -> None:
    """A script that is not notation fails as a RuntimeError naming the agent, after the person's move was played."""
    match = Match(DRILL, seed=1, agents={1: ScriptedAgent(["dance"])})
    with pytest.raises(
        RuntimeError, match="the agent 'scripted' of seat 1 failed at step 2: not a Drill move: 'dance'"
    ):
        match.play("pass")
    assert [str(p.move) for p in match.plies] == ["pass"]
    assert match.current_player == 1


@pytest.mark.skipif("conservas" not in tabletop.GAMES, reason="the game 'conservas' is not registered yet")
def test_conservas_undo_stops_at_tokens_drawn_from_the_bag() -> None:
    """Choosing the first boat deals boats and draws the first handful: that move cannot be taken back."""
    match = Match("conservas", seed=1)
    match.play(match.legal_moves()[0])
    with pytest.raises(UndoError, match="it showed seat 0 new information"):
        match.undo(0)
    free = Match("conservas", seed=1, unrestricted_undo=True)
    before = free.state
    free.play(free.legal_moves()[0])
    assert free.undo(0) > 1
    assert free.state == before


@pytest.mark.skipif("archipel" not in tabletop.GAMES, reason="the game 'archipel' is not registered yet")
def test_archipel_undo_stops_at_an_exposed_fish() -> None:
    """A catch that exposes a face-down fish shows it to every seat: the catch cannot be taken back."""
    import random

    match = Match("archipel", seed=1, options={"players": 2}, agents={1: "greedy"})
    rng = random.Random(1)
    while not match.is_over:
        moves = match.legal_moves()
        catches = [m for m in moves if str(m).startswith("catch")]
        steps = match.play(catches[0] if catches else rng.choice(moves), seat=0)
        exposed = [p for p in steps if p.before.flow.key == "turn.expose"]
        if exposed and steps[0].player == 0:
            break
    assert exposed, "no fish was exposed"
    assert exposed[0].informs(0) and exposed[0].informs(1)
    assert any("fish" in e.text for e in exposed[0].events_for(1))
    assert not match.can_undo(0)


def test_undo_rewinds_a_scripted_agent() -> None:
    """After undo, a scripted seat plays its script again from the step it had reached; redo keeps it in step."""
    agent = ScriptedAgent(["shuffle", "pass"])
    match = Match(DRILL, seed=1, agents={1: agent})
    match.play("pass")
    assert [str(p.move) for p in match.plies] == ["pass", "shuffle"]
    match.undo(0)
    assert agent.played == 0
    match.redo()
    assert agent.played == 1
    match.undo(0)
    match.play("pass")
    assert [str(p.move) for p in match.plies] == ["pass", "shuffle"]
    match.play("pass")
    assert [str(p.move) for p in match.plies] == ["pass", "shuffle", "pass", "pass"]
