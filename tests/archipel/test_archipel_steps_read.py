"""Reading holds the table to the step a state stands at (fuzz 38): texts that keep every card and
fish counted but put them where play never does, and from which play crashed or lost a counted
item, are refused by the field, the value and the rule, the same after a sound state as alone."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from archipel_helpers import boat, play, random_states, started
from archipel_helpers import verdict_after as _after
from archipel_helpers import verdict_alone as _alone

import tabletop
from tabletop.archipel import GAME, ArchipelState
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.tokens import Tokens


def _refused(sound: ArchipelState, text: str, path: str, rule: str, words: str) -> None:
    with pytest.raises(DecodeError, match=words) as caught:
        GAME.state_from_json(text)
    assert caught.value.path == f"state.{path}"
    assert rule in str(caught.value)


def _refused_state(sound: ArchipelState, state: ArchipelState, path: str, rule: str, words: str) -> None:
    _refused(sound, state.to_json(), path, rule, words)
    verdict = _alone(state)
    assert verdict is not None and verdict[2] == path and _after(sound, state) == verdict


def _edited(state: ArchipelState, edit: Any) -> str:
    document = json.loads(state.to_json())
    edit(document["state"])
    return json.dumps(document)


def test_a_text_with_a_spot_fewer_is_refused_even_with_its_fish_counted() -> None:
    """ARC-1.5: the fish lie on the board's 30 spots; a text one spot short, whose unseen fish was
    moved to a market so every fish is still counted, was read and play then raised IndexError."""
    sound = GAME.new_game(3, players=3)

    def edit(state: dict[str, Any]) -> None:
        state["spots"].pop()
        state["unseen"]["blue"] -= 1
        state["markets"][3]["blue"] = 1

    _refused(sound, _edited(sound, edit), "spots", "ARC-1.5", "29 entries, but .* has 30")


@pytest.mark.parametrize(("field", "rule"), [("shops", "ARC-1.7"), ("markets", "ARC-4.2"), ("storms", "ARC-4.3")])
def test_a_text_with_an_entry_more_or_fewer_than_the_board_is_refused_by_the_field(field: str, rule: str) -> None:
    """ARC-1.7, ARC-4.2, ARC-4.3: one shop and one market per island, one entry per storm space; a
    text with one more or fewer was refused only by a zip's ValueError naming no field."""
    sound = GAME.new_game(3, players=2)
    want = len(getattr(sound, field))
    _refused(sound, _edited(sound, lambda s: s[field].pop()), field, rule, f"{want - 1} entries, but .* has {want}")
    more = _edited(sound, lambda s: s[field].append(s[field][-1]))
    _refused(sound, more, field, rule, f"{want + 1} entries")


def _dealt(draws: int) -> ArchipelState:
    state = GAME.new_game(5, players=4)
    for _ in range(draws):
        state = state.apply(tabletop.sample_chance(state))
    return state


def test_the_warehouse_dealt_before_every_shop_is_refused() -> None:
    """ARC-1.7: "Each shop now gets three square cards. ... The warehouse also gets three": a text
    at the deal whose warehouse held the first shop's three cards was read, and the deal then put
    a fourth card in the warehouse."""
    sound = _dealt(3)
    state = attrs.evolve(sound, warehouse=sound.shops[0], shops=(Tokens(), *sound.shops[1:]))
    _refused_state(sound, state, "warehouse", "ARC-1.7", "the warehouse holds 3 cards before every shop has three")


def test_a_shop_dealt_before_an_earlier_one_is_full_is_refused() -> None:
    """ARC-1.7: the shops are dealt in turn, three cards each: none holds cards while an earlier
    open one is short of three."""
    sound = _dealt(4)
    shops = (sound.shops[1], sound.shops[0], *sound.shops[2:])
    island = sound.map.island_ids[1]
    _refused_state(sound, attrs.evolve(sound, shops=shops), "shops[1]", "ARC-1.7", f"shop {island} holds 3 cards")


def test_a_multicolour_choice_on_a_fish_nobody_has_seen_is_refused() -> None:
    """ARC-3.3: the multicolour choice is about the exposed fish where the boat is; a text moving the
    boat to an unseen spot was read, and the release then laid the unseen fish face up."""
    sound = play(boat(started(1), 0, at="f01", cards=["bait-multi"]), "catch", "fish red")
    assert sound.flow.key == "turn.multi"
    state = boat(sound, 0, at="f02")
    _refused_state(sound, state, "spots[1]", "ARC-3.3", "Spot.*unseen.* to catch with multicolour bait")


def test_a_multicolour_choice_with_the_matching_bait_aboard_is_refused() -> None:
    """ARC-3.2, ARC-3.3: a fish whose colour bait is aboard is caught with it at once; the choice of
    the multicolour bait comes only when that bait is missing."""
    sound = play(boat(started(1), 0, at="f01", cards=["bait-multi"]), "catch", "fish red")
    cards = Tokens(["bait-multi", "bait-red"])
    state = attrs.evolve(sound, pocket=sound.pocket.draw("bait-red"))
    state = attrs.evolve(state, boats=(attrs.evolve(state.boats[0], cards=cards), *state.boats[1:]))
    _refused_state(sound, state, "boats[0].cards", "ARC-3.3", "its bait-red, which catches it")


def test_a_shark_choosing_among_one_kind_of_bait_is_refused() -> None:
    """ARC-3.4: "The shark eats a bait card of your choice": with one kind of bait aboard it is eaten
    at once, so the choice (`turn.shark`) comes with two kinds or more."""
    sound = play(boat(started(1), 0, at="f01", cards=["bait-red", "bait-blue"]), "catch", "fish shark")
    assert sound.flow.key == "turn.shark"
    state = attrs.evolve(sound, pocket=sound.pocket.put(Tokens(["bait-blue"])))
    state = attrs.evolve(state, boats=(attrs.evolve(state.boats[0], cards=Tokens(["bait-red"])), *state.boats[1:]))
    _refused_state(sound, state, "boats[0].cards", "ARC-3.4", "among 1 kinds of bait")


def test_a_fish_exposed_with_a_full_hold_is_refused() -> None:
    """ARC-3.6: "Your boat can carry three fish at most": a try needs room for the fish."""
    sound = play(boat(started(1), 0, at="f01", cards=["bait-red"]), "catch")
    assert sound.flow.key == "turn.expose"
    state = boat(sound, 0, fish=["blue", "blue", "yellow"])
    _refused_state(sound, state, "boats[0].fish", "ARC-3.6", "with 3 fish aboard")


def _emptied(seed: int = 3) -> ArchipelState:
    """A state of a seeded game at a harbour step before the refill, its boat having emptied its island's shop."""
    for state in random_states(seed, 3):
        if state.turn.shop and state.flow.key in ("harbour.dock", "harbour.weather", "harbour.stow"):
            return state
    raise AssertionError("no shop emptied in the seeded game")


def test_cards_in_the_shop_the_boat_emptied_are_refused() -> None:
    """ARC-2.7: the boat takes the shop's cards, and the warehouse refills it only after (ARC-4.9):
    a text with a card back in that shop was read, and the refill then lost the card."""
    sound = _emptied()
    i = sound.map.island_index[sound.turn.shop]
    card = next(iter(sound.pocket.contents))
    shops = list(sound.shops)
    shops[i] = Tokens([card])
    state = attrs.evolve(sound, shops=tuple(shops), pocket=sound.pocket.draw(card))
    _refused_state(sound, state, f"shops[{i}]", "ARC-2.7", f"shop {sound.turn.shop} holds 1 cards after the boat took")


def test_every_state_of_seeded_games_and_their_views_still_reads() -> None:
    """The checks refuse only what play never reaches: every state of seeded games of 1-5 boats,
    the memory and the short game, and the current seat's view, reads back equal."""
    for seed, options in enumerate(({}, {"memory": True}, {"short": True}, {"memory": True, "short": True})):
        for state in random_states(seed, 1 + seed, limit=400, **options):
            assert GAME.state_from_json(state.to_json()) == state
            seat = max(state.current_player, 0)
            view = state.view(seat)
            assert GAME.state_from_json(view.to_json()) == view


def test_cards_on_the_quay_after_the_turn_in_a_harbour_are_refused() -> None:
    """ARC-4.7, ARC-4.8: the cards beyond four are handed over or leave the game before the turn in
    the harbour is over; a text at the refill with cards on the quay was read, and the next turn
    then began with them there."""
    sound = next(s for s in random_states(3, 3) if s.flow.key == "harbour.restock")
    card = next(iter(sound.pocket.contents))
    state = attrs.evolve(sound, bought=Tokens([card]), pocket=sound.pocket.draw(card))
    _refused_state(sound, state, "bought", "ARC-4.7", f"cards {card} left on the quay at harbour.restock")


def _at_step(state: ArchipelState, key: str) -> str:
    """The text of `state` with its flow moved to the step `key` (phase.step), nothing else changed."""
    phase, step = key.split(".")

    def edit(document: dict[str, Any]) -> None:
        document["flow"]["phase"], document["flow"]["step"] = phase, step

    return _edited(state, edit)


def test_a_season_over_while_it_goes_on_is_refused() -> None:
    """ARC-7.1, ARC-7.6: `ended_by` says how the season ended; a text at `turn.act` naming a way was
    read and had an outcome while play went on."""
    sound = started(2)
    for ended_by in ("idle", "foo"):
        state = attrs.evolve(sound, ended_by=ended_by)
        _refused_state(sound, state, "ended_by", "ARC-7.1", f"ended_by='{ended_by}' at turn.act: the season goes on")


def test_a_season_ended_in_no_way_the_rules_know_is_refused() -> None:
    """ARC-7.1, ARC-7.5, ARC-7.6: the season is declared over, or ends complete, stranded or idle;
    a text at the end naming another way was read and its outcome named it."""
    sound = play(started(2), "season over")
    state = attrs.evolve(sound, ended_by="foo")
    _refused_state(sound, state, "ended_by", "ARC-7.1", "ended_by='foo': the season ends declared, complete")


def test_a_weather_card_waiting_outside_the_news_is_refused() -> None:
    """ARC-4.3: a blank storm's space is chosen while the news is read (`harbour.weather`): a text at
    the quay with the card still waiting was read and play broke an invariant at the next step; a
    text at `harbour.weather` with none waiting was read and play raised KeyError."""
    sound = next(s for s in random_states(3, 3) if s.flow.key == "harbour.weather")
    _refused(sound, _at_step(sound, "harbour.dock"), "turn.weather", "ARC-4.3", "waits for a choice at harbour.dock")
    at_sea = next(s for s in random_states(3, 3) if s.flow.key == "turn.act" and not s.in_harbour(s.flow.player))
    docked = attrs.evolve(at_sea, flow=attrs.evolve(at_sea.flow, phase="harbour", step="weather"))
    _refused(at_sea, docked.to_json(), f"boats[{at_sea.flow.player}].at", "ARC-2.5", "not in a harbour")
    in_harbour = next(s for s in random_states(3, 3) if s.flow.key == "harbour.dock" and not s.turn.weather)
    _refused(in_harbour, _at_step(in_harbour, "harbour.weather"), "turn.weather", "ARC-4.3", "no weather card waits")


def test_a_boat_on_the_quay_at_sea_is_refused() -> None:
    """ARC-2.5, ARC-4.8: the quay's steps follow entering a harbour; a text at `harbour.dock` with the
    boat to play at sea was read."""
    sound = boat(started(1), 0, at="f01")
    words = "at f01 at harbour.dock, not in a harbour"
    _refused(sound, _at_step(sound, "harbour.dock"), "boats[0].at", "ARC-2.5", words)


def test_a_boat_on_the_quay_that_has_not_taken_its_shop_is_refused() -> None:
    """ARC-2.7: "when in a harbour, you are forced to take the cards in that harbour's shop": a text
    at the quay of an island with an open shop and no shop taken was read."""
    sound = boat(started(1), 0, at="jade")
    _refused(sound, _at_step(sound, "harbour.dock"), "turn.shop", "ARC-2.7", "in the harbour of jade at harbour.dock")


def test_a_refill_of_no_shop_is_refused() -> None:
    """ARC-4.9: the warehouse refills the shop the boat emptied; a text at the deal moved to the refill
    (`harbour.restock`) was read and play went on with the shops half dealt."""
    sound = _dealt(4)
    _refused(sound, _at_step(sound, "harbour.restock"), "turn.shop", "ARC-4.9", "the warehouse refills no shop")
