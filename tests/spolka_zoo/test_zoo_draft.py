"""The draft a step is worked out on: a faithful copy, changed in place without touching the
state it came from, frozen once into the new state."""

from __future__ import annotations

import random

import attrs
from zoo_helpers import random_states, seat, start

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.spolka_zoo import GAME, ZooState, rules
from tabletop.spolka_zoo.rules import economy
from tabletop.spolka_zoo.rules.bots import card_feasible
from tabletop.spolka_zoo.state import Draft

FIELDS = [field.name for field in attrs.fields(ZooState)]


def test_a_draft_holds_every_field_and_freezes_back_to_an_equal_state() -> None:
    """Draft(state) copies every field of the state (the very same values) and freeze() rebuilds it."""
    assert sorted(Draft.FIELDS) == sorted(FIELDS)
    for state in random_states(3, players=1, bots=2, modules=("events", "hidden_goals", "intrigues"))[::25]:
        draft = Draft(state)
        assert all(getattr(draft, name) is getattr(state, name) for name in FIELDS)
        frozen = draft.freeze()
        assert frozen == state and frozen is not state and hash(frozen) == hash(state)


def test_changing_a_draft_leaves_the_state_alone() -> None:
    """Money, flow and the counter change on the draft; the state it was copied from does not."""
    state = start(3)
    before = state.to_json()
    draft = Draft(state)
    economy.gain(draft, 0, 5)
    draft.chance_count += 1
    assert state.to_json() == before
    after = draft.freeze()
    assert after.seats[0].money == state.seats[0].money + 5 and after.seats[1:] == state.seats[1:]
    assert after.chance_count == state.chance_count + 1


def test_apply_never_changes_its_input() -> None:
    """Every step of random games (bots, every module) leaves the state it was applied to unchanged."""
    for options in ({"players": 3}, {"players": 1, "bots": 2, "modules": ("events", "hidden_goals", "intrigues")}):
        rng = random.Random(7)
        state: ZooState = GAME.new_game(7, **options)  # type: ignore[assignment]
        while not state.is_terminal:
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            text = state.to_json()
            state.apply(move)
            assert state.to_json() == text
            state = state.apply(move)


def test_the_kernel_handler_of_automatic_steps_matches_apply() -> None:
    """A state left at an automatic step (as a loaded one could be) is settled by the kernel's
    handler to the state ``apply`` builds directly."""
    for state in random_states(11, players=2, bots=1, modules=("events",))[:-1]:
        move = sample_chance(state) if state.current_player == CHANCE else state.legal_moves()[-1]
        draft = Draft(state)
        rules.apply_in_place(draft, move)  # the move alone, no automatic step yet
        halfway = draft.freeze()
        assert ZooState.MACHINE.advance(halfway, ZooState.AUTO) == state.apply(move)


def test_trying_every_effect_of_a_bot_card_leaves_the_draft_alone() -> None:
    """With bot_rule="all-effects" the effects are tried one after the other on a copy."""
    state = seat(start(2, 1, bot_rule="all-effects"), 2, fruit={"apple": 3, "lemon": 3})
    draft = Draft(state)
    assert card_feasible(draft, 2, "bot-03")
    assert draft.freeze() == state
