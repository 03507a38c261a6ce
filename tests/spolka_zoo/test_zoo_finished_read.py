"""ZOO-10.1: the game ends after the fifth round, and only there. A state's `finished` flag, from
which its outcome is scored, must agree with its flow: a text claiming a finished game at its
first step, or a game at its last step not finished, is refused by name, changing nothing."""

from __future__ import annotations

import pytest
from zoo_helpers import GAME, random_states

from tabletop.kernel.errors import DecodeError


def _refusal(text: str) -> DecodeError:
    with pytest.raises(DecodeError) as caught:
        GAME.state_from_json(text)
    return caught.value


def test_a_text_finished_before_the_end_is_refused_naming_the_field_and_rule() -> None:
    start = GAME.new_game(1, players=2)
    text = start.to_json()
    assert '"finished":false' in text
    error = _refusal(text.replace('"finished":false', '"finished":true'))
    assert error.path == "state.finished"
    assert "ZOO-10.1" in str(error) and "finished=True" in str(error) and "setup.board" in str(error)
    assert GAME.state_from_json(text) == start  # the sound text still reads


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 1, "bots": 4}])
def test_a_text_at_the_end_not_finished_is_refused_and_every_state_of_a_game_reads(options: dict[str, int]) -> None:
    states = random_states(3, **options)
    end = states[-1]
    assert end.is_terminal and end.finished and end.outcome is not None
    error = _refusal(end.to_json().replace('"finished":true', '"finished":false'))
    assert error.path == "state.finished" and "end.over" in str(error)
    for state in states[::7]:  # after a refusal the reader's memory of sound states still serves
        assert GAME.state_from_json(state.to_json()) == state
    for state in (states[0], states[len(states) // 2]):  # after sound reads, a flipped flag is still refused
        flipped = state.to_json().replace('"finished":false', '"finished":true')
        assert _refusal(flipped).path == "state.finished"
