"""The AI bridge of Conservas: action ids, observation tensor, determinization.

**Actions.** One space for every month and goal, `N = 5115` ids, position-based (see
`docs/ai/layouts.md` for the table, also printed by `bridge.actions.ranges`):

| range | size | meaning |
|---|---|---|
| `choose` | 2 | keep the 1st/2nd of the offered boats (sorted by id) (CON-1.5) |
| `place` | 18 x 252 | place the handful on the boat at fleet position p, keeping multiset m (CON-2.2) |
| `place_open_water` | 1 | place the handful on the Open Water card (CON-2.4) |
| `redraw` | 5 | redraw a token of this kind (CON-6.4) |
| `return` | 252 | return multiset m of the handful to the bag (CON-6.6) |
| `sell` | 17 x 5 | sell to market space s, leaving a token of kind k on it (CON-3.2/3.3) |
| `trade` | 3 x 14 x 5 | trade for the upgrade at row position r, paying f, keeping kind k or none (CON-3.5/3.6) |
| `buy` | 3 | buy the boat at row position r (CON-3.7) |
| `done` | 1 | end On Land (CON-3.9) |
| `row` | 2 | keep / discard the row being decided (CON-4.3/4.4) |
| `upkeep` | 18 | pay the upkeep of the boat at fleet position p next (CON-4.6) |

Token kinds are in the order `water, sardine, mussel, scallop, octopus`; a multiset `m` is
the index of a multiset of at most 5 tokens in `MULTISETS` (sizes 0 to 5, each size in
`itertools.combinations_with_replacement` order); a payment `f` indexes `PAYMENTS` (one
fish of each kind, then the ten pairs).

**Chance.** 50 outcome ids: a token drawn from the bag is its kind's index (0-4), a card
dealt is `5 +` its index in `CARDS` (the 18 boats, then the 27 upgrades, in content order).

**Observation.** See [`layout()`][tabletop.adapters.bridge.Bridge.layout]: counts of every
token place, the market, and for every boat and upgrade where it is (positions in ordered
places, `0` when absent), all read from the view. Conservas hides nothing from its player, so
the only thing a determinization draws is the seed of the future (and any known card a view
shows face down, which no current rule creates).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any, Final

from tabletop.adapters.bridge import DecodingBridge, Section, seat_of
from tabletop.adapters.conservas_length import game_length_bound
from tabletop.adapters.encoding import ActionSpace, Tensor, TensorLayout, as_id, view_digest
from tabletop.conservas import GAME
from tabletop.conservas.checks import MAX_CATCH, SPACE_INDEX
from tabletop.conservas.content import BOATS, FISH, KINDS, MONTH_NAMES, MONTHS, UPGRADES
from tabletop.conservas.flow import MACHINE
from tabletop.conservas.moves import (
    OPEN_WATER,
    Buy,
    Choose,
    Deal,
    Done,
    Draw,
    Place,
    Redraw,
    Return,
    Row,
    Sell,
    Trade,
    Upkeep,
)
from tabletop.conservas.render import render
from tabletop.conservas.state import ConservasState
from tabletop.kernel.deck import HIDDEN, Deck, Known
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens

__all__ = ["CARDS", "MULTISETS", "PAYMENTS", "ConservasBridge", "make_bridge", "options_of"]

#: Every multiset of at most `MAX_CATCH` tokens, by size, in combinations order.
MULTISETS: Final[tuple[Tokens, ...]] = tuple(
    Tokens(combo) for size in range(MAX_CATCH + 1) for combo in itertools.combinations_with_replacement(KINDS, size)
)
_MULTISET_INDEX: Final = {tokens: index for index, tokens in enumerate(MULTISETS)}
#: The fish an upgrade can cost: one fish, or two (CON-3.5).
PAYMENTS: Final[tuple[Tokens, ...]] = tuple(
    Tokens(combo) for size in (1, 2) for combo in itertools.combinations_with_replacement(FISH, size)
)
_PAYMENT_INDEX: Final = {tokens: index for index, tokens in enumerate(PAYMENTS)}
_BOATS: Final = tuple(BOATS)
_UPGRADES: Final = tuple(UPGRADES)
#: The cards a chance outcome can deal: the boats, then the upgrades.
CARDS: Final[tuple[str, ...]] = (*_BOATS, *_UPGRADES)
_CARD_INDEX: Final = {card: index for index, card in enumerate(CARDS)}
_BOAT_INDEX: Final = {card: index for index, card in enumerate(_BOATS)}
_UPGRADE_INDEX: Final = {card: index for index, card in enumerate(_UPGRADES)}
_USED_INDEX: Final = {card: index for index, card in enumerate((*_BOATS, OPEN_WATER))}
_KIND_INDEX: Final = {kind: index for index, kind in enumerate(KINDS)}
_STEPS: Final = tuple(MACHINE.steps())
_MAX_SPACES: Final = max(len(month.spaces) for month in MONTHS.values())
_ROW: Final = 3
_NB, _NU, _NK = len(_BOATS), len(_UPGRADES), len(KINDS)

ACTIONS: Final = ActionSpace(
    (
        ("choose", 2, "keep the offered boat at this position (offer sorted by id) (CON-1.5)"),
        ("place", _NB * len(MULTISETS), "fleet position p * 252 + kept multiset m: place the handful there (CON-2.2)"),
        ("place_open_water", 1, "place the handful on the Open Water card (CON-2.4)"),
        ("redraw", _NK, "return a drawn token of this kind and draw again (CON-6.4)"),
        ("return", len(MULTISETS), "return this multiset of the handful to the bag (CON-6.6)"),
        ("sell", _MAX_SPACES * _NK, "market space s * 5 + kind k: sell, leaving a k token there (CON-3.2/3.3)"),
        ("trade", _ROW * len(PAYMENTS) * 5, "row r * 70 + payment f * 5 + kept kind (0 none, 1+fish) (CON-3.5/3.6)"),
        ("buy", _ROW, "buy the face-up boat at this row position (CON-3.7)"),
        ("done", 1, "end On Land (CON-3.9)"),
        ("row", 2, "0 keep, 1 discard the row being decided (CON-4.3/4.4)"),
        ("upkeep", _NB, "settle the upkeep of the boat at this fleet position next (CON-4.6)"),
    )
)

_N_CHANCE: Final = _NK + len(CARDS)

_SCALARS: Final = ("round", "rounds", "money", "handful", "to_return", "chance_count", "forfeit")

LAYOUT: Final = TensorLayout(
    (
        ("month", len(MONTH_NAMES), "one-hot: the month played"),
        ("goal", 2, "one-hot: standard, difficult"),
        ("step", len(_STEPS), "one-hot: the phase step (MACHINE.steps() order)"),
        ("scalars", len(_SCALARS), "round, rounds, money, handful size, tokens to return, chance events, forfeit 0/1"),
        ("supply", _NK, "tokens per kind in the general supply"),
        ("bag", _NK, "tokens per kind in the sea bag"),
        ("hand", _NK, "tokens per kind in the handful drawn"),
        ("catch", _NK, "tokens per kind on the boats"),
        ("deep", _NK, "tokens per kind in the Deep Sea"),
        ("market", _MAX_SPACES * (_NK + 1), "per market space: one-hot empty, or the kind left on it"),
        ("boats.offer", _NB, "per boat: position + 1 in the setup offer, else 0"),
        ("boats.row", _NB, "per boat: position + 1 in the face-up row"),
        ("boats.fleet", _NB, "per boat: position + 1 in the fleet line"),
        ("boats.discard", _NB, "per boat: position + 1 in the discard pile"),
        ("boats.deck", _NB, "per boat: 1 if in the deck's unknown middle"),
        ("boats.deck_top", _NB, "per boat: position + 1 among the deck's known top cards"),
        ("boats.deck_bottom", _NB, "per boat: position + 1 among the deck's known bottom cards"),
        ("boats.due", _NB, "per boat: position + 1 in the upkeep still due"),
        ("used", _NB + 1, "per boat, then Open Water: position + 1 among the cards used this round"),
        ("upgrades.row", _NU, "per upgrade: position + 1 in the face-up row"),
        ("upgrades.discard", _NU, "per upgrade: position + 1 in the discard pile"),
        ("upgrades.deck", _NU, "per upgrade: 1 if in the deck's unknown middle"),
        ("upgrades.deck_top", _NU, "per upgrade: position + 1 among the deck's known top cards"),
        ("upgrades.deck_bottom", _NU, "per upgrade: position + 1 among the deck's known bottom cards"),
        ("upgrades.owned", _NU, "per upgrade: position + 1 in the player's area"),
        ("upgrades.round", _NU, "per owned upgrade: the round it was bought in"),
        ("upgrades.kept", _NU * _NK, "per upgrade, per kind: tokens kept on the card"),
        ("spent", len(CARDS), "per card: position + 1 among the effects used this round"),
        ("handful_spent", len(CARDS), "per card: position + 1 among the effects used for this handful"),
        ("bought", len(CARDS), "per card: position + 1 among the cards bought this round"),
        ("deck_hidden", 4, "face-down known cards: boat deck top, bottom; upgrade deck top, bottom"),
        ("report", 2, "last End of Day: income, upkeep paid"),
        ("report.discarded", _NB, "per boat: position + 1 among the boats discarded for upkeep"),
        ("report.spawned", _NK, "tokens per kind spawned"),
        ("report.restocked", _NK, "tokens per kind restocked"),
    )
)


def options_of(state: State) -> dict[str, Any]:
    """The options a Conservas state (or view) was made with: its month and goal."""
    assert isinstance(state, ConservasState), f"not a Conservas state: {type(state).__name__}"
    return {"month": state.month, "goal": state.goal}


def make_bridge(options: Mapping[str, Any]) -> ConservasBridge:
    """The Conservas bridge for validated `options` (month, goal)."""
    return ConservasBridge(options)


class ConservasBridge(DecodingBridge):
    """Conservas as fixed action ids, a fixed observation tensor and determinization.

    Solo, won (1) or lost (0), and nothing but the future is hidden from the player.

    Attributes:
        actions: The named action ranges (see the module docstring).
    """

    perfect_information = True

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.game = GAME
        self.options = dict(options)
        self.actions = ACTIONS
        self.num_actions = ACTIONS.size
        self.max_chance_outcomes = _N_CHANCE
        self.observation_shape = (LAYOUT.size,)
        month = MONTHS[self.options["month"]]
        # Derived from the rules and the cards (see conservas_length): 1,322 to 2,283 steps.
        self.max_game_length = game_length_bound(month.id)
        self._spaces = month.spaces

    # Actions -----------------------------------------------------------------------------

    def action_of(self, state: State, move: Move) -> int:
        """The id of `move` (or of a chance outcome) in `state`.

        Raises:
            IllegalMove: If `move` is not legal in `state`.
        """
        assert isinstance(state, ConservasState)
        if not state.is_legal(move):
            msg = f"{move} is not legal here, so it has no id"
            raise IllegalMove(msg, code="not-legal", move=move)
        if isinstance(move, Draw):
            return _KIND_INDEX[move.token]
        if isinstance(move, Deal):
            return _NK + _CARD_INDEX[move.card]
        return self._encode(state, move)

    def _encode(self, state: ConservasState, move: Move) -> int:
        space = self.actions
        if isinstance(move, Choose):
            return space.id("choose", sorted(set(state.offer)).index(move.boat))
        if isinstance(move, Place):
            if move.card == OPEN_WATER:
                return space.id("place_open_water")
            position = state.fleet.index(move.card)
            return space.id("place", position * len(MULTISETS) + _MULTISET_INDEX[move.kept])
        if isinstance(move, Redraw):
            return space.id("redraw", _KIND_INDEX[move.token])
        if isinstance(move, Return):
            return space.id("return", _MULTISET_INDEX[move.tokens])
        if isinstance(move, Sell):
            index = SPACE_INDEX[state.month][move.space]
            return space.id("sell", index * _NK + _KIND_INDEX[move.leave])
        if isinstance(move, Trade):
            keep = 1 + FISH.index(move.keep) if move.keep else 0
            row = state.upgrade_row.index(move.card)
            return space.id("trade", (row * len(PAYMENTS) + _PAYMENT_INDEX[move.paid]) * 5 + keep)
        if isinstance(move, Buy):
            return space.id("buy", state.boat_row.index(move.boat))
        if isinstance(move, Done):
            return space.id("done")
        if isinstance(move, Row):
            return space.id("row", int(move.discard))
        assert isinstance(move, Upkeep), f"a Conservas move the bridge does not know: {move!r}"
        return space.id("upkeep", state.fleet.index(move.boat))

    def _decode(self, state: ConservasState, action: int) -> Move | None:
        if state.is_chance_node:
            number = as_id(action)
            if number is None or not 0 <= number < _N_CHANCE:
                return None
            action = number
            return Draw(KINDS[action]) if action < _NK else Deal(CARDS[action - _NK])
        name, index = self.actions.decode(action)
        if name == "choose":
            return Choose(sorted(set(state.offer))[index])
        if name == "place":
            position, kept = divmod(index, len(MULTISETS))
            return Place(state.fleet[position], MULTISETS[kept])
        if name == "place_open_water":
            return Place(OPEN_WATER)
        if name == "redraw":
            return Redraw(KINDS[index])
        if name == "return":
            return Return(MULTISETS[index])
        if name == "sell":
            where, kind = divmod(index, _NK)
            market = self._spaces[where]
            return Sell(market.id, market.needs, KINDS[kind])
        if name == "trade":
            rest, keep = divmod(index, 5)
            row, paid = divmod(rest, len(PAYMENTS))
            return Trade(state.upgrade_row[row], PAYMENTS[paid], FISH[keep - 1] if keep else "")
        if name == "buy":
            return Buy(state.boat_row[index])
        if name == "done":
            return Done()
        if name == "row":
            return Row("boats" if state.flow.step == "boat_choice" else "upgrades", bool(index))
        return Upkeep(state.fleet[index])

    # Observations ------------------------------------------------------------------------

    def layout(self) -> tuple[Section, ...]:
        """The sections of the observation tensor (see the module docstring)."""
        return LAYOUT.sections

    def observation(self, view: State, seat: int) -> tuple[float, ...]:
        """The observation tensor of the player, from `view` only.

        Raises:
            SeatError: If `seat` is not 0 (a `ValueError`).
        """
        seat = seat_of(view, ConservasState, seat, where="observation")
        assert isinstance(view, ConservasState)
        t = LAYOUT.new()
        t.onehot("month", MONTH_NAMES.index(view.month))
        t.onehot("goal", ("standard", "difficult").index(view.goal))
        t.onehot("step", _STEPS.index(view.flow.key))
        scalars = (view.flow.round, view.rounds, view.money, view.handful, view.to_return, view.chance_count)
        t.put("scalars", (*scalars, float(bool(view.forfeit))))
        for name, tokens in (
            ("supply", view.supply),
            ("bag", view.bag.contents),
            ("hand", view.hand),
            ("catch", view.catch),
            ("deep", view.deep),
        ):
            t.counts(name, tokens, KINDS)
        for index, left in enumerate(view.market):
            t.onehot("market", 1 + _KIND_INDEX[left] if left else 0, _NK + 1, index)
        for name, order in (
            ("boats.offer", view.offer),
            ("boats.row", view.boat_row),
            ("boats.fleet", view.fleet),
            ("boats.discard", view.boat_discard),
            ("boats.due", view.due),
            ("report.discarded", view.report.discarded),
        ):
            t.positions(name, order, _BOAT_INDEX)
        t.positions("used", view.used, _USED_INDEX)
        for name, order in (("upgrades.row", view.upgrade_row), ("upgrades.discard", view.upgrade_discard)):
            t.positions(name, order, _UPGRADE_INDEX)
        t.positions("upgrades.owned", [u.card for u in view.upgrades], _UPGRADE_INDEX)
        for owned in view.upgrades:
            t.set("upgrades.round", _UPGRADE_INDEX[owned.card], owned.round)
            t.counts("upgrades.kept", owned.kept, KINDS, _UPGRADE_INDEX[owned.card])
        for name, order in (("spent", view.spent), ("handful_spent", view.handful_spent), ("bought", view.bought)):
            t.positions(name, order, _CARD_INDEX)
        hidden = [
            *_deck(t, "boats", view.boat_deck, _BOAT_INDEX),
            *_deck(t, "upgrades", view.upgrade_deck, _UPGRADE_INDEX),
        ]
        t.put("deck_hidden", hidden)
        t.put("report", (view.report.income, view.report.upkeep))
        t.counts("report.spawned", view.report.spawned, KINDS)
        t.counts("report.restocked", view.report.restocked, KINDS)
        return t.done()

    def observation_string(self, view: State, seat: int) -> str:
        """The board as text (`tabletop.conservas.render`), then a digest of the whole view."""
        seat = seat_of(view, ConservasState, seat, where="observation_string")
        assert isinstance(view, ConservasState)
        return f"{render(view, seat)}\nview {view_digest(view)}"

    # Determinization ---------------------------------------------------------------------

    def sample_state(self, view: State, seat: int, rng: random.Random) -> State:
        """The view with a fresh seed (and any face-down known card drawn among the missing ones).

        The bag's and the decks' unknown orders are chance events, not state, so nothing else
        is hidden from the player.
        """
        seat = seat_of(view, ConservasState, seat, where="sample_state")
        assert isinstance(view, ConservasState)
        boats = _fill(view.boat_deck, _BOATS, [*view.boat_row, *view.boat_discard, *view.offer, *view.fleet], rng)
        owned = [u.card for u in view.upgrades]
        upgrades = _fill(view.upgrade_deck, _UPGRADES, [*view.upgrade_row, *view.upgrade_discard, *owned], rng)
        return evolve(view, seed=rng.getrandbits(63), cards=evolve(view.cards, boat_deck=boats, upgrade_deck=upgrades))


def _deck(t: Tensor, name: str, deck: Deck, index: Mapping[str, int]) -> tuple[int, int]:
    for card in deck.middle.elements():
        t.set(f"{name}.deck", index[card], deck.middle[card])
    for part, known in (("deck_top", deck.top), ("deck_bottom", deck.bottom)):
        t.positions(f"{name}.{part}", [k.card for k in known if k.card != HIDDEN], index)
    return sum(k.card == HIDDEN for k in deck.top), sum(k.card == HIDDEN for k in deck.bottom)


def _fill(deck: Deck, every: tuple[str, ...], elsewhere: list[str], rng: random.Random) -> Deck:
    """`deck` with its face-down known cards drawn uniformly among the cards seen nowhere."""
    places = [k for k in (*deck.top, *deck.bottom) if k.card == HIDDEN]
    if not places:
        return deck
    seen = Tokens([*elsewhere, *deck.middle.elements(), *(k.card for k in (*deck.top, *deck.bottom))])
    missing = list((Tokens(list(every)) - seen.remove(HIDDEN, len(places))).elements())
    rng.shuffle(missing)
    cards = iter(missing)
    top = tuple(Known(next(cards)) if k.card == HIDDEN else k for k in deck.top)
    bottom = tuple(Known(next(cards)) if k.card == HIDDEN else k for k in deck.bottom)
    return Deck(top, deck.middle, bottom)
