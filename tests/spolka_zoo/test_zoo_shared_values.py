"""Values the rules keep and share instead of building at every step: a card's effect tasks and
the turns changed at a reveal or a used action. Shared values equal the ones built anew."""

from __future__ import annotations

import pytest

from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.spolka_zoo.content import EFFECTS
from tabletop.spolka_zoo.rules import actions, effects
from tabletop.spolka_zoo.state import Task, Turn


@pytest.mark.parametrize(("company", "actor"), [("", -1), ("apple", -1), ("", 2), ("lemon", 0)])
def test_a_cards_effect_tasks_are_the_tasks_built_with_keywords_and_shared(company: str, actor: int) -> None:
    for card in EFFECTS:
        built = tuple(
            Task("effect", actor=actor, company=company, card=card, index=i) for i in range(len(EFFECTS[card]))
        )
        assert effects.effect_tasks(card, company, actor) == built
        assert effects.effect_tasks(card, company, actor) is effects.effect_tasks(card, company, actor)


def test_a_hidden_card_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(IllegalMove, match="a view cannot resolve a card it does not know"):
            effects.effect_tasks(HIDDEN, "apple", 0)


def test_a_changed_turn_equals_the_turn_evolved_and_is_shared() -> None:
    turn = Turn(number=2, position=1, seat=3)
    revealed = actions._turn_with(turn, "trade", "trade", turn.used)
    assert revealed == Turn(number=2, position=1, seat=3, token="trade", action="trade")
    assert actions._turn_with(turn, "trade", "trade", False) is revealed
    used = actions._used(revealed)
    assert used == Turn(number=2, position=1, seat=3, token="trade", action="trade", used=True)
    assert actions._used(revealed) is used
    other = Turn(number=2, position=1, seat=3)  # equal, another object: its own entry, an equal turn
    assert actions._turn_with(other, "trade", "trade", False) == revealed
