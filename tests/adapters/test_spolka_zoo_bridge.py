"""The Spółka ZOO AI bridge: action ids, observation tensors and determinization (issue 13)."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from adapter_helpers import ZOO_MODULES as MODULES
from adapter_helpers import ZOO_SEATS as SEATS
from adapter_helpers import zoo_configs
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import adapters
from tabletop.adapters.spolka_zoo import MAX_GLORY, ZooBridge, options_of
from tabletop.adapters.spolka_zoo_actions import GROUPS, NUM_ACTIONS, group_of
from tabletop.adapters.spolka_zoo_bounds import glory_bound, price_bounds
from tabletop.adapters.spolka_zoo_sample import unseen
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.tokens import Tokens
from tabletop.spolka_zoo import GAME, Arrange, Choose, Hire, PlayIntrigue, Trade, ZooState
from tabletop.spolka_zoo.content import FRUITS, GOAL_IDS, HELPER_IDS, STARTING_DECKS, TOKENS
from tabletop.spolka_zoo.invariants import invariants
from tabletop.spolka_zoo.state import Task, evolve
from tabletop.spolka_zoo.state.makeup import resolving_company
from tabletop.testing.bridge import check_bridge, check_sampling


def play(state: ZooState, bridge: adapters.Bridge, rng: random.Random) -> Iterator[ZooState]:
    """Every state of a random game through the bridge, the last one terminal."""
    while not state.is_terminal:
        yield state
        if state.is_chance_node:
            state = state.apply(tabletop.sample_chance(state, rng))
        else:
            state = bridge.apply_action(state, rng.choice(bridge.legal_actions(state)))
    yield state


def new(seed: int = 0, **options: object) -> tuple[ZooState, adapters.Bridge]:
    state = GAME.new_game(seed=seed, **options)
    assert isinstance(state, ZooState)
    return state, adapters.bridge_for(state)


def until(state: ZooState, bridge: adapters.Bridge, rng: random.Random, key: str) -> ZooState:
    """Play randomly until the flow reaches step ``key``."""
    for s in play(state, bridge, rng):
        if s.flow.key == key:
            return s
    pytest.fail(f"no {key} in the game")


# Action space ------------------------------------------------------------------------------------


def check_actions(bridge: adapters.Bridge, state: ZooState) -> None:
    ids = bridge.legal_actions(state)
    moves = state.legal_moves()
    limit = bridge.max_chance_outcomes if state.is_chance_node else bridge.num_actions
    assert list(ids) == sorted(set(ids)), "ascending and distinct"
    assert len(ids) == len(moves), "distinct legal moves get distinct ids"
    assert all(0 <= a < limit for a in ids)
    for move in moves:
        assert bridge.move_of(state, bridge.action_of(state, move)) == move, "the round trip is exact"
    mask = bridge.legal_mask(state)
    assert len(mask) == bridge.num_actions
    if state.is_chance_node:
        assert not any(mask)
        outcomes = bridge.chance_outcomes(state)
        assert [a for a, _ in outcomes] == list(ids)
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
    else:
        assert [a for a, on in enumerate(mask) if on] == list(ids), "the mask is the legal moves"


@settings(max_examples=10)
@given(zoo_configs(), st.integers(0, 2**32))
def test_action_ids_over_random_play_of_every_configuration(options: dict[str, object], seed: int) -> None:
    """At every step of a random game: ids in range, distinct, ascending, round trip exact, mask = moves."""
    state, bridge = new(seed, **options)
    for s in play(state, bridge, random.Random(seed)):
        check_actions(bridge, s)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1, "bots": 1, "empty_board_ties": "unpaid", "starting_money": 0},
        {"players": 2, "modules": MODULES},
        {
            "players": 2,
            "bots": 2,
            "modules": ("events", "intrigues"),
            "seating": "alternate",
            "bot_rule": "all-effects",
        },
    ],
)
def test_the_shared_bridge_property_suite(options: dict[str, object]) -> None:
    """ai-core's checker (tabletop.testing.bridge) passes on Spółka ZOO configurations."""
    report = check_bridge(GAME, [options], seeds=[len(options)], sample_every=40)
    assert report.games == 1 and report.samples > 0


@pytest.mark.parametrize(("players", "bots"), SEATS)
def test_every_seat_count_with_every_module_combination(players: int, bots: int) -> None:
    """Every seat count with each of the 8 module combinations plays a whole game through the
    bridge: distinct ids in range at every step, the full action properties every 5th step."""
    for k in range(4):
        for modules in itertools.combinations(MODULES, k):
            state, bridge = new(players * 10 + bots + k, players=players, bots=bots, modules=modules)
            steps = 0
            for steps, s in enumerate(play(state, bridge, random.Random(players + k))):
                ids = bridge.legal_actions(s)
                limit = bridge.max_chance_outcomes if s.is_chance_node else bridge.num_actions
                assert len(ids) == len(s.legal_moves()) and all(0 <= a < limit for a in ids)
                if steps % 5 == 0:
                    check_actions(bridge, s)
            assert s.is_terminal and steps <= bridge.max_game_length, (modules, steps)


def test_the_bridge_keeps_every_option_of_its_game() -> None:
    """ZOO-1.3 (option `warehouse_fruit`): a bridge made with any option encodes the views of
    its own games; its configuration is the game's, field for field (it once left
    `warehouse_fruit` out and refused every view made with `less-starting`)."""
    options = {"players": 2, "bots": 1, "warehouse_fruit": "less-starting", "unowned_cards": "resolved"}
    state, bridge = new(5, **options)
    assert isinstance(bridge, ZooBridge) and bridge.config == state.config
    for s in itertools.islice(play(state, bridge, random.Random(5)), 0, 60, 7):
        seat = 0 if s.is_chance_node else s.current_player
        assert len(bridge.observation(s.view(seat), seat)) == bridge.observation_size


def test_the_action_space_is_small_and_the_same_for_every_option() -> None:
    """N is fixed and documented: the groups add up to it, every id has one group."""
    assert NUM_ACTIONS == sum(n for _, n in GROUPS) < 400
    assert {adapters.bridge("spolka_zoo", players=p, bots=b).num_actions for p, b in SEATS} == {NUM_ACTIONS}
    assert [group_of(a)[0] for a in (0, 6, NUM_ACTIONS - 1)] == ["pick", "done", "choose_deck"]
    with pytest.raises(ValueError, match="not in"):
        group_of(NUM_ACTIONS)


def test_ids_are_positions_not_cards() -> None:
    """Hiring names a market slot, an intrigue a hand position, a purchase from a seat an offset."""
    state, bridge = new(3, players=3, modules=("intrigues",))
    state = until(state, bridge, random.Random(1), "action.pick")
    row = state.piles.helper_row
    me = state.current_player
    rich = evolve(state.seats[me], fruit=Tokens({"apple": 9, "lemon": 9, "pineapple": 9}), money=50)
    seats = (*state.seats[:me], rich, *state.seats[me + 1 :])
    acting = evolve(state, seats=seats, turn=evolve(state.turn, seat=me, token="helper", action="helper"))
    acting = evolve(acting, flow=evolve(acting.flow, phase="action", step="act"))
    for slot, card in enumerate(row):
        if row.index(card) == slot:
            assert group_of(bridge.action_of(acting, Hire(card))) == ("hire", slot)
    hand = acting.seats[me].intrigues
    window = evolve(acting, flow=evolve(acting.flow, step="before"))
    for position, card in enumerate(hand):
        if hand.index(card) == position:
            assert group_of(bridge.action_of(window, PlayIntrigue(card))) == ("intrigue", position)
    fruit = evolve(acting, turn=evolve(acting.turn, token="fruit", action="fruit"))
    seller = (me + 2) % 3
    move = Trade("buy", "fruit", "lemon", seller)
    assert move in fruit.legal_moves()
    assert group_of(bridge.action_of(fruit, move)) == ("buy_fruit_from", 1 * 4 + 1)


def test_identical_looked_at_cards_give_one_arrangement_id_each() -> None:
    """With two copies among the looked-at cards, each distinct arrangement keeps a distinct id."""
    state, bridge = new(5, players=2)
    state = until(state, bridge, random.Random(2), "action.pick")
    me = state.current_player
    cards = ("apple-1", "apple-1", "apple-2", "apple-3")
    deck = Deck(tuple(Known(c, frozenset({me})) for c in cards), Tokens(), ())
    look = Task("look", seat=me, actor=me, company="apple", n=4, arg="bottom")
    choosing = evolve(
        state,
        decks=(deck, *state.decks[1:]),
        queue=(look,),
        flow=evolve(state.flow, phase="effects", step="choose", player=me),
    )
    moves = choosing.legal_moves()
    assert all(isinstance(m, Arrange) for m in moves)
    ids = [bridge.action_of(choosing, m) for m in moves]
    # 12 distinct orders of a, a, b, c; a moved to a bottom (3 decks) with 6 orders of a, b, c left;
    # b or c moved with 3 orders of the rest.
    assert len(set(ids)) == len(moves) == 12 + 3 * 6 + 3 * 3 + 3 * 3
    assert all(group_of(a)[0] == "arrange" for a in ids)
    check_actions(bridge, choosing)


def test_an_illegal_id_raises_naming_the_legal_ids_and_changes_nothing() -> None:
    """A bad id gets IllegalMove naming the id and the legal ones; the state is untouched."""
    state, bridge = new(7, players=2, bots=1)
    state = until(state, bridge, random.Random(3), "action.pick")
    before = state.to_json()
    legal = bridge.legal_actions(state)
    bad = next(a for a in range(NUM_ACTIONS) if a not in legal)
    with pytest.raises(IllegalMove, match=rf"action {bad} is not legal here; legal ids: {', '.join(map(str, legal))}"):
        bridge.move_of(state, bad)
    with pytest.raises(IllegalMove):
        bridge.apply_action(state, -1)
    with pytest.raises(IllegalMove, match="action True is not legal"):
        bridge.move_of(state, True)  # type: ignore[arg-type]
    np = pytest.importorskip("numpy")
    assert bridge.move_of(state, np.int64(legal[0])) == bridge.move_of(state, legal[0])
    with pytest.raises(IllegalMove, match="not legal"):
        bridge.action_of(state, Choose("pass"))
    assert state.to_json() == before


def test_options_of_round_trips_and_bad_seat_counts_are_refused() -> None:
    """``options_of`` gives back the options; a bridge for six seats is refused by name."""
    options = {"players": 2, "bots": 2, "modules": ("events", "intrigues"), "seating": "alternate"}
    state, bridge = new(1, **options)
    assert options_of(state) == GAME.check_options(options)
    assert options_of(state.view(0)) == options_of(state)
    assert adapters.bridge_for(state) is adapters.bridge("spolka_zoo", **options)
    with pytest.raises(ValueError, match="the view was made with"):
        adapters.bridge("spolka_zoo", players=3).observation(state.view(0), 0)
    with pytest.raises(ValueError, match="no seat 7"):
        bridge.observation(state.view(0), 7)
    with pytest.raises(ValueError, match="players \\+ bots must be 2 to 5"):
        ZooBridge(GAME.check_options({"players": 4, "bots": 2}))
    assert "spolka_zoo" in repr(bridge)


# Observations -----------------------------------------------------------------------------------


def test_the_layout_covers_the_tensor_in_named_sections() -> None:
    """Sections are contiguous, uniquely named, documented and cover the tensor exactly."""
    for players, bots in SEATS:
        bridge = adapters.bridge("spolka_zoo", players=players, bots=bots, modules=MODULES)
        sections = bridge.layout()
        assert sections[0].offset == 0
        assert all(a.end == b.offset for a, b in itertools.pairwise(sections))
        assert sections[-1].end == bridge.observation_size == math.prod(bridge.observation_shape)
        assert len({s.name for s in sections}) == len(sections)
        assert all(s.doc and s.size > 0 for s in sections)


@settings(max_examples=10)
@given(zoo_configs(), st.integers(0, 2**32))
def test_equal_views_give_equal_tensors_and_different_views_different_ones(
    options: dict[str, object], seed: int
) -> None:
    """Re-dealing what a seat cannot see keeps its tensor; views that differ never share a tensor."""
    state, bridge = new(seed, **options)
    rng = random.Random(seed)
    seen: dict[tuple[float, ...], ZooState] = {}
    for i, s in enumerate(play(state, bridge, rng)):
        if i % 3:
            continue
        seat = rng.randrange(s.num_players)
        view = s.view(seat)
        tensor = bridge.observation(view, seat)
        assert len(tensor) == bridge.observation_size
        other = GAME.perturb(s, seat, rng)
        assert other.view(seat) == view
        assert bridge.observation(other.view(seat), seat) == tensor
        assert isinstance(bridge.observation_string(view, seat), str)
        key = (*tensor,)
        if key in seen:
            assert seen[key] == view, "two different views share a tensor"
        seen[key] = view


def test_a_change_in_a_mark_the_seat_sees_changes_its_tensor() -> None:
    """Who has seen a visible card, the order of removed cards and the queue are in the tensor."""
    state, bridge = new(11, players=3)
    state = until(state, bridge, random.Random(4), "action.pick")
    seat = state.current_player
    base = bridge.observation(state.view(seat), seat)
    deck = state.decks[0]
    marked = Deck((Known("apple-1", frozenset({seat})),), deck.middle, ())
    twice = Deck((Known("apple-1", frozenset({seat, (seat + 1) % 3})),), deck.middle, ())
    a = bridge.observation(evolve(state, decks=(marked, *state.decks[1:])).view(seat), seat)
    b = bridge.observation(evolve(state, decks=(twice, *state.decks[1:])).view(seat), seat)
    assert len({base, a, b}) == 3
    removed = (Known("inf-apple", public=True), Known("inf-lemon", public=True))
    one = evolve(state, piles=evolve(state.piles, removed=removed))
    other = evolve(state, piles=evolve(state.piles, removed=removed[::-1]))
    assert bridge.observation(one.view(seat), seat) != bridge.observation(other.view(seat), seat)
    queued = evolve(state, queue=(Task("divide", company="lemon"),))
    assert bridge.observation(queued.view(seat), seat) != base


def test_the_tensor_shows_the_observer_its_own_secrets_only() -> None:
    """My hand and goal are in my tensor; another seat's hidden cards appear only as counts."""
    state, bridge = new(12, players=2, modules=("hidden_goals", "intrigues"))
    state = until(state, bridge, random.Random(5), "action.pick")
    rng = random.Random(6)
    for _ in range(5):
        other = GAME.perturb(state, 0, rng)
        assert bridge.observation(other.view(0), 0) == bridge.observation(state.view(0), 0)
    assert state.seats[1].intrigues and HIDDEN in state.view(0).seats[1].intrigues


# Determinization ---------------------------------------------------------------------------------


@settings(max_examples=10)
@given(zoo_configs(), st.integers(0, 2**32))
def test_samples_match_the_view_keep_every_invariant_and_play_to_the_end(options: dict[str, object], seed: int) -> None:
    """A sample's view is the view, its legal moves the view's, and it plays on to the end."""
    state, bridge = new(seed, **options)
    rng = random.Random(seed)
    states = list(play(state, bridge, rng))
    for s in rng.sample(states, 4):
        seat = s.current_player if s.current_player >= 0 else rng.randrange(s.num_players)
        view = s.view(seat)
        sample = bridge.sample_state(view, seat, rng)
        assert isinstance(sample, ZooState)
        assert sample.view(seat) == view
        invariants(sample)
        if sample.current_player == seat:
            assert sample.legal_moves() == view.legal_moves()
        assert adapters.determinize(view, seat, rng).view(seat) == view
        end = list(play(sample, bridge, rng))[-1]
        assert end.is_terminal and end.outcome is not None


def _acting_state() -> tuple[ZooState, adapters.Bridge]:
    """Two players with hidden goals: seat 1 has picked, seat 0 resolves its token first."""
    state, bridge = new(21, players=2, modules=("hidden_goals",))
    rng = random.Random(7)
    while state.flow.key != "action.act" or state.turn.seat != 0:
        state = state.apply(
            tabletop.sample_chance(state, rng) if state.is_chance_node else rng.choice(state.legal_moves())
        )
    assert state.seats[1].pick and state.view(0).seats[1].pick == HIDDEN
    return state, bridge


def test_every_hidden_assignment_appears_with_its_exact_probability() -> None:
    """Seat 1's goal (6 unseen) and pick (its unplayed tokens) are drawn uniformly: each pair equally."""
    state, bridge = _acting_state()
    goals = sorted(set(GOAL_IDS) - {state.seats[0].goal})
    played = state.seats[1].played
    picks = [t for t in TOKENS if t not in played and (t != "duplicate" or played)]
    pairs = list(itertools.product(goals, picks))
    expected = dict.fromkeys(pairs, 1 / len(pairs))

    def key(sample: object) -> tuple[str, str]:
        assert isinstance(sample, ZooState)
        assert sample.piles.goal_box.cards() == Tokens(goals) - Tokens([sample.seats[1].goal])
        return sample.seats[1].goal, sample.seats[1].pick

    tally = check_sampling(bridge, state.view(0), 0, expected, key=key, samples=100 * len(pairs), seed=2026)
    assert set(tally) == set(pairs)


def test_deck_draws_follow_the_card_counts() -> None:
    """ZOO-4.12: the top card of a sampled company deck whose cards are all of unknown identity is each
    card no makeup places with probability count / those cards."""
    state, bridge = _acting_state()
    *_, pineapple = state.deck_makeup
    unknown = ((Tokens(), len(state.decks[0])), (Tokens(), len(state.decks[1])))
    state = evolve(state, deck_makeup=(*unknown, pineapple))  # as after cards left apple and lemon secretly
    view = state.view(0)
    assert not state.decks[0].top and not state.decks[0].bottom
    pool = Counter(unseen(view)["influence"]) - Counter(pineapple[0].elements())
    assert sum(pool.values()) == len(state.decks[0]) + len(state.decks[1])
    rng = random.Random(99)
    runs = 3000
    tops: Counter[str] = Counter()
    for _ in range(runs):
        sample = bridge.sample_state(view, 0, rng)
        assert isinstance(sample, ZooState)
        middle = sample.decks[0].middle.elements()
        tops[middle[rng.randrange(len(middle))]] += 1
    total = sum(pool.values())
    for card, n in pool.items():
        expected = runs * n / total
        assert abs(tops[card] - expected) < 5 * math.sqrt(expected) + 1, (card, tops[card], expected)
    assert set(tops) <= set(pool)


def test_a_view_that_is_not_one_is_refused() -> None:
    """A view with more hidden places than unseen cards raises a clear ValueError."""
    state, bridge = _acting_state()
    view = state.view(0)
    extra = evolve(view, piles=evolve(view.piles, removed=(*view.piles.removed, Known(HIDDEN))))
    with pytest.raises(ValueError, match="more hidden influence cards"):
        bridge.sample_state(extra, 0, random.Random(0))
    owls = evolve(view, piles=evolve(view.piles, removed=(Known("h-owl", public=True),) * 5))
    with pytest.raises(ValueError, match="shows cards the game does not hold: h-owl,h-owl,h-owl"):
        bridge.sample_state(owls, 0, random.Random(0))
    assert attrs.has(type(view))


def test_a_bot_hiring_every_turn_fits_the_tensor() -> None:
    """A bot may hire on each of its 15 turns (bot cards 2-4): its helpers all fit the layout."""
    state, bridge = new(13, players=2, bots=1)
    state = until(state, bridge, random.Random(8), "action.pick")
    bot = next(i for i, s in enumerate(state.seats) if s.bot)
    helpers = tuple(sorted(HELPER_IDS)[:15])
    crowded = evolve(
        state, seats=tuple(evolve(s, helpers=helpers) if i == bot else s for i, s in enumerate(state.seats))
    )
    tensors = {bridge.observation(crowded.view(seat), seat) for seat in range(crowded.num_players)}
    assert len(tensors) == crowded.num_players
    assert bridge.observation(crowded.view(0), 0) != bridge.observation(state.view(0), 0)


def test_the_docs_page_shows_the_action_groups_and_sizes_the_bridge_has() -> None:
    """docs/ai/spolka_zoo.md lists every action group with its first id and size, and the sizes."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "ai" / "spolka_zoo.md").read_text(encoding="utf-8")
    start = 0
    for name, size in GROUPS:
        assert f"| `{name}` | {start} | {size} |" in page, name
        start += size
    assert f"`N = {NUM_ACTIONS}`" in page
    assert f"`max_chance_outcomes = {adapters.bridge('spolka_zoo').max_chance_outcomes}`" in page
    sizes = [f"{adapters.bridge('spolka_zoo', players=players).observation_size:,}" for players in (2, 4, 5)]
    assert "({} values with two players, {} with four, {} with five;".format(*sizes) in page


# What a view keeps of the decks: public compositions, seen-by marks (issue 13) ------------------------


def _looked_at(seed: int = 5, **options: object) -> tuple[ZooState, adapters.Bridge, int]:
    """A decision state where some company deck holds a card that one seat saw and another did not, and
    an influence card lies in an unknown place of a company deck."""
    state, bridge = new(seed, **options)
    for s in play(state, bridge, random.Random(seed)):
        if s.is_chance_node or s.is_terminal or not any(c.startswith("inf-") for d in s.decks for c in d.middle):
            continue
        for deck in s.decks:
            for known in (*deck.top, *deck.bottom):
                if len(known.seen_by) == 1 and not known.public:
                    return s, bridge, next(iter(known.seen_by))
    pytest.fail("nobody looked at a company card")


def test_the_face_down_piles_that_only_lose_cards_face_up_show_their_composition() -> None:
    """ZOO-1.4, ZOO-1.5, ZOO-4.11: the influence and helper decks lose cards only to their face-up rows (a
    bot's lobbying reveals its card), bot and event cards are resolved face up and shuffled back: every seat
    knows what these decks hold (not their order). The boxes keep it hidden, and so do the company decks once
    a card can have moved secretly."""
    state, bridge = new(8, players=2, bots=2, modules=MODULES)
    for s in itertools.islice(play(state, bridge, random.Random(8)), 0, None, 25):
        for seat in range(s.num_players):
            view = s.view(seat)
            for name in ("influence", "helper_deck", "bot_deck", "event_deck"):
                assert getattr(view.piles, name).middle == getattr(s.piles, name).middle, name
            for deck in (view.piles.goal_box, view.piles.intrigue_box):
                assert set(deck.middle) <= {HIDDEN}
            assert all(set(deck.middle) <= {HIDDEN} for deck in view.decks)  # their makeup says the rest


def test_a_view_keeps_who_saw_a_hidden_card_and_samples_carry_the_marks() -> None:
    """ZOO-4.12: the others do not see the cards a seat looked at, but everybody saw it look: the view keeps
    the marks of a hidden card (not its identity), the tensor shows them, and a sampled card keeps them."""
    state, bridge, looker = _looked_at(players=3)
    other = (looker + 1) % 3
    view = state.view(other)
    places = [(c, i, k) for c, d in enumerate(state.decks) for i, k in enumerate((*d.top, *d.bottom))]
    hidden = [(c, i, k) for c, i, k in places if not k.visible_to(other)]
    marked = [(c, i, k) for c, i, k in hidden if k.seen_by]
    assert marked
    for c, i, known in hidden:
        shown = (*view.decks[c].top, *view.decks[c].bottom)[i]
        assert shown == Known(HIDDEN, known.seen_by)
    unmarked = evolve(view, decks=tuple(d.redacted(other) for d in view.decks))  # the same view without the marks
    assert bridge.observation(unmarked, other) != bridge.observation(view, other)
    rng = random.Random(3)
    for _ in range(20):
        sample = bridge.sample_state(view, other, rng)
        assert isinstance(sample, ZooState)
        assert sample.view(other) == view
        for c, i, known in marked:
            dealt = (*sample.decks[c].top, *sample.decks[c].bottom)[i]
            assert dealt.seen_by == known.seen_by and dealt.visible_to(looker)


def test_a_hidden_change_leaves_the_other_seats_views_tensors_and_legal_ids_alone() -> None:
    """Perturbation: re-dealing what a seat cannot see (which company deck holds which unseen card, what
    another seat looked at, hands, goals, picks) changes nothing that seat receives."""
    state, bridge, _ = _looked_at(2, players=3, modules=("hidden_goals", "intrigues"))
    rng = random.Random(1)
    for seat in range(3):
        view = state.view(seat)
        for _ in range(5):
            other = GAME.perturb(state, seat, rng)
            assert isinstance(other, ZooState)
            assert other.view(seat) == view
            assert bridge.observation(other.view(seat), seat) == bridge.observation(view, seat)
            assert bridge.observation_string(other.view(seat), seat) == bridge.observation_string(view, seat)
            if state.current_player == seat:
                assert bridge.legal_actions(other) == bridge.legal_actions(state)
    # Two unseen company cards swapped between two decks: nobody's view changes.
    apple, lemon = state.decks[0], state.decks[1]
    a = next(iter(apple.middle))
    b = next(c for c in lemon.middle if c != a)
    swapped = evolve(
        state,
        decks=(
            Deck(apple.top, apple.middle.remove(a) + Tokens([b]), apple.bottom),
            Deck(lemon.top, lemon.middle.remove(b) + Tokens([a]), lemon.bottom),
            state.decks[2],
        ),
    )
    invariants(swapped)
    for seat in range(3):
        assert bridge.observation(swapped.view(seat), seat) == bridge.observation(state.view(seat), seat)
    # A company card swapped with one of the influence deck: that composition is public, every view changes.
    influence = state.piles.influence
    index, deck = next((i, d) for i, d in enumerate(state.decks) if any(x.startswith("inf-") for x in d.middle))
    card = next(x for x in deck.middle if x.startswith("inf-"))
    c = next(x for x in influence.middle if x != card)
    decks = list(state.decks)
    decks[index] = Deck(deck.top, deck.middle.remove(card) + Tokens([c]), deck.bottom)
    mixed = evolve(
        state,
        decks=tuple(decks),
        piles=evolve(state.piles, influence=Deck((), influence.middle.remove(c) + Tokens([card]), ())),
        deck_makeup=(),  # hand-made decks: the makeup derived as for a state saved without one
    )
    invariants(mixed)
    for seat in range(3):
        assert bridge.observation(mixed.view(seat), seat) != bridge.observation(state.view(seat), seat)


def _small_case() -> tuple[ZooState, adapters.Bridge, str, str, tuple[str, str]]:
    """Seat 0 at a decision, with few unseen influence-family cards: the apple deck holds two unknown
    cards, the lemon deck a top card only seat 1 has seen, the influence deck two; the rest is out of the
    game face up. Returns the state, its bridge, the card with two copies among the three company cards,
    the single one, and the influence deck's two."""
    state, bridge = _acting_state()
    family = Tokens([c for d in (*state.decks, state.piles.influence) for c in d.cards().elements()])
    twin = next(c for c, n in sorted(family.items()) if n >= 2 and c.startswith("inf-"))
    single = "apple-1"
    pair = tuple(c for c in sorted(family) if c.startswith("inf-") and c != twin)[:2]
    rest = family - Tokens([twin, twin, single, *pair])
    decks = (Deck.shuffled([twin, single]), Deck((Known(twin, frozenset({1})),)), Deck())
    piles = evolve(
        state.piles,
        influence=Deck.shuffled(pair),
        removed=(*state.piles.removed, *(Known(c, public=True) for c in rest.elements())),
    )
    # past a market, the makeup derived as for a state saved without one: every card of unknown identity
    small = evolve(state, decks=decks, piles=evolve(piles, shown_round=1), deck_makeup=())
    invariants(small)
    return small, bridge, twin, single, (pair[0], pair[1])


def test_the_unseen_company_cards_are_dealt_with_their_exact_probabilities_per_deck() -> None:
    """Three unseen company cards (two copies of one card and a single one) over the apple deck's two
    unknown cards and the lemon deck's card seen by seat 1: the lemon card is the single one with
    probability 1/3, a copy with 2/3; the influence deck keeps its public two; seat 1's mark stays."""
    small, bridge, twin, single, pair = _small_case()
    view = small.view(0)
    assert view.piles.influence.middle == Tokens(pair)
    assert view.decks[1].top == (Known(HIDDEN, frozenset({1})),)

    def key(sample: object) -> tuple[Tokens, str]:
        assert isinstance(sample, ZooState)
        assert sample.view(0) == view
        assert sample.piles.influence.middle == Tokens(pair)
        (top,) = sample.decks[1].top
        assert top.seen_by == frozenset({1})
        return sample.decks[0].middle, top.card

    expected = {(Tokens([twin, single]), twin): 2 / 3, (Tokens([twin, twin]), single): 1 / 3}
    tally = check_sampling(bridge, view, 0, expected, key=key, samples=1500, seed=13)
    assert set(tally) == set(expected)
    # Seat 1 saw the lemon card: the apple deck's two are the rest, whatever the sample.
    rng = random.Random(4)
    samples = [bridge.sample_state(small.view(1), 1, rng) for _ in range(30)]
    assert {s.decks[0].middle for s in samples if isinstance(s, ZooState)} == {Tokens([twin, single])}


# Bounds -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bots", "modules"), [(2, 0, ()), (5, 0, MODULES), (1, 2, ("intrigues",)), (3, 2, MODULES)]
)
def test_the_glory_bound_is_derived_for_the_options_and_random_play_stays_below_it(
    players: int, bots: int, modules: tuple[str, ...]
) -> None:
    """ZOO-10.3 to ZOO-10.5: the returns are glory, at most `glory_bound(config)`; prices never pass the
    derived highest share and fruit prices; the bound is tighter than the old blanket 1000 and within a
    small factor of what random play reaches (it is every term's worst case at once)."""
    state, bridge = new(7, players=players, bots=bots, modules=modules)
    assert bridge.max_utility == glory_bound(state.config) < MAX_GLORY
    share, fruit = price_bounds(state.config)
    assert (share, fruit) == ((24, 7) if "intrigues" in modules else (20, 5))
    best = 0.0
    for seed in range(3):
        rng = random.Random(seed)
        for s in play(GAME.new_game(seed=seed, players=players, bots=bots, modules=modules), bridge, rng):
            assert max(s.share_price) <= share and max(s.fruit_price) <= fruit
        assert s.outcome is not None
        returns = s.outcome.returns
        assert all(0 <= r <= bridge.max_utility for r in returns)
        best = max(best, *returns)
    assert bridge.max_utility <= 40 * best


def test_every_seat_knows_each_company_decks_makeup_and_samples_keep_it() -> None:
    """ZOO-1.2, ZOO-4.11, ZOO-4.12: each company deck's public makeup (its starting cards and the cards lobbied
    into it openly, and how many of unknown identity once cards moved secretly) is in every view and the
    tensor, and samples keep each deck's known cards in that deck; a deck's unknown middle is only a count."""
    state, bridge = new(3, players=3)
    rng = random.Random(3)
    secret = 0
    for s in itertools.islice(play(state, bridge, rng), 0, None, 7):
        if s.is_terminal:
            break
        for seat in range(3):
            view = s.view(seat)
            assert view.deck_makeup == s.deck_makeup
            assert all(set(d.middle) <= {HIDDEN} for d in view.decks)
            sample = bridge.sample_state(view, seat, rng)
            assert isinstance(sample, ZooState)
            for c, (known, _) in enumerate(s.deck_makeup):
                resolving = Tokens(list(s.piles.resolving)) if resolving_company(s) == FRUITS[c] else Tokens()
                assert known <= sample.decks[c].cards() + resolving
        secret += sum(n for _, n in s.deck_makeup) > 0
    assert secret
    start, _ = new(3, players=3)
    first = next(s for s in play(start, bridge, random.Random(0)) if not s.is_chance_node)
    assert first.view(1).deck_makeup == tuple((Tokens(deck), 0) for deck in STARTING_DECKS[3])
    other = evolve(first, deck_makeup=((Tokens(), 7), *first.deck_makeup[1:]))
    assert bridge.observation(other.view(1), 1) != bridge.observation(first.view(1), 1)
