"""Reading a Spółka ZOO state refuses a card in a place that may not hold its family (fuzz report
37, finding 1): conservation counts every place together, so an intrigue among a seat's helpers,
a helper in the events deck or two rows' cards swapped were accepted, and play then failed with
a `KeyError`. Each refusal names the place, the card and the rule; every state and view of
seeded random games passes (`state.card_places`)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from zoo_helpers import refused, start, verdict_after, verdict_alone

from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.deck import Deck, Known
from tabletop.kernel.errors import DecodeError
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, ZooState
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state import Task
from tabletop.spolka_zoo.state.card_places import check_places

ALL = ("events", "hidden_goals", "intrigues")


def _modules(players: int = 3, bots: int = 0) -> ZooState:
    """A game with every module, set up (rows drawn, goals and intrigues dealt)."""
    return start(players, bots, modules=ALL)


def _piles(state: ZooState, **changes: Any) -> ZooState:
    return attrs.evolve(state, piles=attrs.evolve(state.piles, **changes))


def _seat(state: ZooState, i: int, **changes: Any) -> ZooState:
    seats = list(state.seats)
    seats[i] = attrs.evolve(seats[i], **changes)
    return attrs.evolve(state, seats=tuple(seats))


def _less(deck: Deck, card: str) -> Deck:
    return attrs.evolve(deck, middle=deck.middle.remove(card))


def _more(deck: Deck, card: str) -> Deck:
    return attrs.evolve(deck, middle=deck.middle + Tokens({card: 1}))


def _a(deck: Deck) -> str:
    return next(iter(deck.middle))


def _tasks(state: ZooState, *tasks: Task) -> ZooState:
    return attrs.evolve(state, queue=(*tasks, *state.queue))


def test_the_fuzz_reports_texts_are_refused_when_read() -> None:
    """Finding 1's three texts (seed 7, three players, intrigues and events, at `action.act`):
    each is refused by `state_from_json` at the place, naming the card."""
    state: ZooState = GAME.new_game(7, players=3, modules=("intrigues", "events"))  # type: ignore[assignment]
    rng = random.Random(0)
    while not (state.flow.key == "action.act" and not state.is_chance_node):
        state = state.apply(sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves()))
    base = json.loads(state.to_json())
    player = base["state"]["flow"]["player"]

    doc = json.loads(json.dumps(base))
    seat = doc["state"]["seats"][player]
    card = seat["intrigues"].pop(0)
    seat["helpers"].append(card)
    with pytest.raises(DecodeError, match=rf"{card!r} is not a helper card \(ZOO-4\.10\)") as caught:
        GAME.state_from_json(json.dumps(doc))
    assert caught.value.path == f"state.seats[{player}].helpers"

    doc = json.loads(json.dumps(base))
    piles = doc["state"]["piles"]
    helper = sorted(piles["helper_deck"]["middle"])[0]
    piles["helper_deck"]["middle"][helper] -= 1
    if not piles["helper_deck"]["middle"][helper]:
        del piles["helper_deck"]["middle"][helper]
    piles["event_deck"]["middle"][helper] = 1
    with pytest.raises(DecodeError, match=rf"{helper!r} is not an event card \(ZOO-12\.2\)") as caught:
        GAME.state_from_json(json.dumps(doc))
    assert caught.value.path == "state.piles.event_deck"

    doc = json.loads(json.dumps(base))
    piles = doc["state"]["piles"]
    i = next(k for k, x in enumerate(piles["influence_row"]) if x)
    h = next(k for k, x in enumerate(piles["helper_row"]) if x)
    piles["influence_row"][i], piles["helper_row"][h] = piles["helper_row"][h], piles["influence_row"][i]
    with pytest.raises(DecodeError, match=r"is not an influence card \(ZOO-1\.4\)") as caught:
        GAME.state_from_json(json.dumps(doc))
    assert caught.value.path == "state.piles.influence_row"


def test_a_seats_helpers_hold_helpers_only() -> None:
    """ZOO-4.10 "The player places the acquired Helper in their pool": a seat's helpers are
    helper cards hired from the market; an intrigue or influence card there is refused."""
    state = _modules()
    intrigue = state.seats[1].intrigues[0]
    moved = _seat(state, 1, intrigues=state.seats[1].intrigues[1:], helpers=(intrigue,))
    refused(moved, "seats[1].helpers", "ZOO-4.10", f"{intrigue!r} is not a helper card")
    row = list(state.piles.influence_row)
    card, row[0] = row[0], ""
    refused(_seat(_piles(state, influence_row=tuple(row)), 2, helpers=(card,)), "seats[2].helpers", "ZOO-4.10", card)


def test_the_rows_hold_their_own_family() -> None:
    """ZOO-1.4 and ZOO-1.5: the influence row is drawn from the influence deck and the helper
    market from the helper deck; a card of the other row in either is refused."""
    state = _modules()
    influence, helpers = list(state.piles.influence_row), list(state.piles.helper_row)
    influence[0], helpers[0] = helpers[0], influence[0]
    swapped = _piles(state, influence_row=tuple(influence), helper_row=tuple(helpers))
    refused(swapped, "piles.influence_row", "ZOO-1.4", f"{influence[0]!r} is not an influence card")
    helper, card = state.piles.helper_row[0], state.piles.influence_row[0]
    helpers[0], influence[0] = card, ""
    moved = _piles(state, influence_row=tuple(influence), helper_row=tuple(helpers))
    moved = _piles(moved, helper_deck=_more(state.piles.helper_deck, helper))
    refused(moved, "piles.helper_row", "ZOO-1.5", f"{card!r} is not a helper card")


def test_the_face_down_decks_hold_their_own_family() -> None:
    """ZOO-1.4, ZOO-1.5, ZOO-12.2: the influence, helper and events decks hold their own cards;
    a card of another family shuffled into one is refused."""
    state = _modules()
    p = state.piles
    helper, card = _a(p.helper_deck), _a(p.influence)
    into_events = _piles(state, helper_deck=_less(p.helper_deck, helper), event_deck=_more(p.event_deck, helper))
    refused(into_events, "piles.event_deck", "ZOO-12.2", f"{helper!r} is not an event card")
    into_helpers = _piles(state, influence=_less(p.influence, card), helper_deck=_more(p.helper_deck, card))
    refused(into_helpers, "piles.helper_deck", "ZOO-1.5", f"{card!r} is not a helper card")
    into_influence = _piles(state, helper_deck=_less(p.helper_deck, helper), influence=_more(p.influence, helper))
    refused(into_influence, "piles.influence", "ZOO-1.4", f"{helper!r} is not an influence card")


def test_the_bot_deck_and_its_discards_hold_bot_cards() -> None:
    """ZOO-13.4 and ZOO-13.5: one shared bot deck, its cards discarded and shuffled back; an
    influence card among the discards or a helper in the deck is refused."""
    state = start(2, 1)
    p = state.piles
    card, helper = _a(p.influence), _a(p.helper_deck)
    discarded = _piles(state, influence=_less(p.influence, card), bot_discard=Tokens({card: 1}))
    refused(discarded, "piles.bot_discard", "ZOO-13.4", f"{card!r} is not a bot card")
    drawn = _piles(state, helper_deck=_less(p.helper_deck, helper), bot_deck=_more(p.bot_deck, helper))
    refused(drawn, "piles.bot_deck", "ZOO-13.5", f"{helper!r} is not a bot card")


def test_the_events_set_aside_are_event_cards() -> None:
    """ZOO-12.3 "they set it aside and draw the next one": the events set aside are event cards."""
    state = _modules()
    p = state.piles
    goal = _a(p.goal_box)
    aside = _piles(state, goal_box=_less(p.goal_box, goal), event_aside=Tokens({goal: 1}))
    refused(aside, "piles.event_aside", "ZOO-12.3", f"{goal!r} is not an event card")


def test_goals_and_intrigues_lie_in_their_box_or_hand() -> None:
    """ZOO-12.5 "deal one face-down card to each player ... Put unused Hidden Goal cards back in
    the box" and ZOO-12.7 for intrigues: a seat's goal is a goal card, its hand intrigues, and
    each box holds its own cards."""
    state = _modules()
    p, seat = state.piles, state.seats[0]
    intrigue = seat.intrigues[0]
    swapped = _seat(state, 0, goal=intrigue, intrigues=(seat.goal, *seat.intrigues[1:]))
    refused(swapped, "seats[0].goal", "ZOO-12.5", f"{intrigue!r} is not a hidden goal card")
    helper = _a(p.helper_deck)
    hand = _piles(_seat(state, 0, intrigues=(*seat.intrigues, helper)), helper_deck=_less(p.helper_deck, helper))
    refused(hand, "seats[0].intrigues", "ZOO-12.7", f"{helper!r} is not an intrigue card")
    goal = _a(p.goal_box)
    boxed = _piles(state, goal_box=_less(p.goal_box, goal), intrigue_box=_more(p.intrigue_box, goal))
    refused(boxed, "piles.intrigue_box", "ZOO-12.7", f"{goal!r} is not an intrigue card")
    boxed = _piles(state, intrigue_box=_less(p.intrigue_box, intrigue := _a(p.intrigue_box)))
    boxed = _piles(boxed, goal_box=_more(p.goal_box, intrigue))
    refused(boxed, "piles.goal_box", "ZOO-12.5", f"{intrigue!r} is not a hidden goal card")


def test_company_decks_hold_company_cards_only() -> None:
    """ZOO-6.2 (Company decks "consist of Influence cards", starting cards counted as influence
    cards; ZOO-4.11 lobbying adds influence cards): a goal or helper card in a company deck, in
    its unknown middle or a known place, is refused."""
    state = _modules()
    goal = state.seats[0].goal
    bottom = attrs.evolve(state.decks[1], bottom=(Known(goal, frozenset({0})),))
    moved = attrs.evolve(_seat(state, 0, goal=""), decks=(state.decks[0], bottom, state.decks[2]))
    refused(moved, "decks[1]", "ZOO-6.2", f"{goal!r} is not a company card")
    helper = _a(state.piles.helper_deck)
    lobbied = _piles(state, helper_deck=_less(state.piles.helper_deck, helper))
    lobbied = attrs.evolve(lobbied, decks=(_more(state.decks[0], helper), *state.decks[1:]))
    refused(lobbied, "decks[0]", "ZOO-6.2", f"{helper!r} is not a company card")


def test_only_company_cards_and_played_intrigues_leave_the_game() -> None:
    """ZOO-11.3 (starting cards "may be moved between decks and removed"), ZOO-6.4 and ZOO-12.9
    ("A played and resolved Intrigue card must be removed from the game"): the cards removed are
    company cards and intrigues; a helper there (swapped with a helper-row card, as the fuzzer
    did) is refused."""
    state = _modules()
    removed = _piles(state, removed=(Known(state.seats[0].intrigues[0], public=True),))
    removed = _seat(removed, 0, intrigues=state.seats[0].intrigues[1:])
    invariants(removed)  # a played intrigue
    row = list(state.piles.helper_row)
    helper, row[1] = row[1], ""
    refused(
        _piles(state, helper_row=tuple(row), removed=(Known(helper, public=True),)),
        "piles.removed",
        "ZOO-11.3",
        f"{helper!r} is not a card that leaves the game",
    )


def test_cards_being_resolved_and_shown_are_company_cards() -> None:
    """ZOO-7.2 "successively drawing its top cards": the cards being resolved, and the market's
    record of the cards revealed, are company cards of a company."""
    state = _modules()
    helper = _a(state.piles.helper_deck)
    resolving = _piles(state, helper_deck=_less(state.piles.helper_deck, helper), resolving=(helper,))
    refused(resolving, "piles.resolving", "ZOO-7.2", f"{helper!r} is not a company card")
    refused(_piles(state, shown=(("apple", helper),)), "piles.shown", "ZOO-7.2", repr(helper))
    card = _a(state.decks[0])
    refused(_piles(state, shown=(("banana", card),)), "piles.shown", "ZOO-7.2", "'banana'")


def test_a_task_reads_a_card_of_the_family_it_expects() -> None:
    """ZOO-6.1 (an effect of a card is carried out) and ZOO-13.3 (the top bot card is resolved):
    an effect task names a card with that effect, a bot card's task a bot card."""
    state = _modules()
    goal = state.seats[0].goal
    refused(_tasks(state, Task("effect", actor=0, card=goal)), "queue[0].card", "ZOO-6.1", repr(goal))
    refused(_tasks(state, Task("effect", actor=0, card="inf-apple", index=3)), "queue[0].index", "ZOO-6.1", "effect 3")
    refused(_tasks(state, Task("target", seat=0, actor=0, card="bot-01")), "queue[0].card", "ZOO-6.1", "'bot-01'")
    bots = start(2, 1)
    refused(_tasks(bots, Task("bot_card", seat=2, card="h-owl")), "queue[0].card", "ZOO-13.3", "'h-owl'")


def test_a_task_names_a_pile_or_mode_it_reads() -> None:
    """ZOO-12.5, ZOO-1.4, ZOO-4.12, ZOO-11.3: a deal draws from the goal or intrigue box, a refill
    from the influence or helper deck, a look puts a card to a bottom or out of the game, a move
    onto a company deck; a card name in its `arg` (the fuzzer's `queue[i].arg`) is refused."""
    state = _modules()
    refused(_tasks(state, Task("deal", seat=0, arg="inf-one-shot")), "queue[0].arg", "ZOO-12.5", "'inf-one-shot'")
    refused(_tasks(state, Task("draw_row", arg="goal")), "queue[0].arg", "ZOO-1.4", "'goal'")
    refused(
        _tasks(state, Task("look", seat=0, company="apple", n=4, arg="h-owl")), "queue[0].arg", "ZOO-4.12", "'h-owl'"
    )
    refused(_tasks(state, Task("move_card", company="apple", n=1, arg="h-owl")), "queue[0].arg", "ZOO-11.3", "'h-owl'")


def test_a_misplaced_card_beside_kept_parts_is_refused_as_alone() -> None:
    """The check skips the parts that are the very objects of the last sound state: a copy of a
    sound state with one part changed is refused exactly as a fresh check refuses it."""
    state = _modules()
    intrigue = state.seats[1].intrigues[0]
    broken = _seat(state, 1, intrigues=state.seats[1].intrigues[1:], helpers=(intrigue,))
    assert verdict_after(state, broken) == verdict_alone(broken) is not None
    row = list(state.piles.helper_row)
    row[0], influence = state.piles.influence_row[0], list(state.piles.influence_row)
    influence[0] = state.piles.helper_row[0]
    swapped = _piles(state, helper_row=tuple(row), influence_row=tuple(influence))
    assert verdict_after(state, swapped) == verdict_alone(swapped) is not None


CONFIGS: list[dict[str, Any]] = [
    {"players": 2, "modules": ALL},
    {"players": 5, "modules": ALL},
    {"players": 4},
    {"players": 3, "bots": 1, "modules": ALL},
    {"players": 1, "bots": 4, "bot_rule": "all-effects", "modules": ALL},
    {"players": 2, "bots": 2, "seating": "alternate", "modules": ALL},
    {"players": 1, "bots": 2, "seating": "BBP"},
]


@pytest.mark.parametrize("options", CONFIGS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_state_and_view_of_random_games_passes(options: dict[str, Any]) -> None:
    """The check refuses nothing the rules reach: every state of seeded random games and every
    seat's view of each passes (hidden cards, removed cards, cards being resolved included)."""
    seen = {"removed": 0, "resolving": 0, "hidden": 0}
    for seed in range(4):
        rng = random.Random(seed)
        state: ZooState = GAME.new_game(seed, **options)  # type: ignore[assignment]
        while True:
            check_places(state)
            for player in range(len(state.seats)):
                check_places(state.view(player))  # type: ignore[arg-type]
            seen["removed"] += bool(state.piles.removed)
            seen["resolving"] += bool(state.piles.resolving)
            seen["hidden"] += any(seat.intrigues for seat in state.seats)
            if state.is_terminal:
                break
            move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
            state = state.apply(move)  # type: ignore[assignment]
    assert seen["resolving"]
    assert seen["removed"]
    if "intrigues" in options.get("modules", ()) and options["players"] > 1:
        assert seen["hidden"]
