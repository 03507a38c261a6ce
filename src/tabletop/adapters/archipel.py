"""The AI bridge of Archipel: action ids, observation tensor, determinization.

**Actions** (position-based on the board's location list; `N` depends on the board and the
number of boats: 161 + 84 * players on the reference board, 329 for 2 boats, 581 for 5):

| range | size | meaning |
|---|---|---|
| `sail` | locations | sail to the board location at this index (`board.locations` order) (ARC-2.3, ARC-5.3) |
| `catch` | 1 | try to catch the fish here (ARC-3.1) |
| `multi` | 2 | 0 release, 1 use the multicolour bait (ARC-3.3) |
| `feed` | baits | the shark eats this bait (ARC-3.4) |
| `refuel` | jerrycans | refuel with this jerrycan (ARC-4.6) |
| `refuel-boat` | jerrycans x players | the boat of seat p fills its tank with jerrycan j (ARC-2.6, ARC-4.6) |
| `throw` | fish kinds | throw this fish overboard (ARC-3.6) |
| `give` | items x players | give item i to the boat of seat p (ARC-6.1) |
| `take` | items x players | take item i from the boat of seat p (ARC-6.1) |
| `place` | storm spaces | put the blank storm on this space (ARC-4.3) |
| `calm` | storm spaces | remove the storm on this space (ARC-4.4) |
| `discard` | card kinds | discard this card (ARC-4.7) |
| `end` | 1 | end the turn: `end turn` (ARC-2.5), `stay` (ARC-2.7) or `done` (ARC-4.8), whichever is legal |
| `over` | 1 | declare the season over (ARC-7.1) |

Items are `fuel`, then `fish-<kind>` per fish kind, then the card kinds; card kinds are the
board's square-card kinds sorted, fish kinds the fish sorted (colours and `shark`).

**Ending a turn.** The three ways, `end turn` at sea (ARC-2.5), `stay` in an island's harbour
(ARC-2.7) and `done` on the quay (ARC-4.8), share the one id `end`: at most one of them is ever
legal (the step and the boat's location decide which), so the id decodes to the legal one and
the action space keeps its size.

**Chance.** A card drawn from the pocket is its card-kind index; a fish exposed is the
number of card kinds plus its fish-kind index.

**Observation.** See [`layout()`][tabletop.adapters.bridge.Bridge.layout]. Everything on the
table is public; the one secret is the memory game's (ARC-8.3): a fish exposed and turned
face down again shows as `?` in every view, and a determinization draws which of the fish
missing from everything visible lies where, every arrangement equally likely (the exposures
were draws without replacement, so all orders of them are). Face-down fish nobody has seen
are not decided by the game yet (their exposure is a chance event), so a sample keeps them so.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import attrs

from tabletop.adapters.archipel_bounds import game_length_bound
from tabletop.adapters.bridge import DecodingBridge, Section, seat_of
from tabletop.adapters.encoding import ActionSpace, TensorLayout, as_id, view_digest
from tabletop.archipel import GAME
from tabletop.archipel.content.board import Board, board_for
from tabletop.archipel.content.kinds import BAITS, FISH, JERRYCANS
from tabletop.archipel.flow import MACHINE
from tabletop.archipel.moves import (
    CATCH,
    FISH_ITEM,
    FUEL,
    OVER,
    Calm,
    Catch,
    Discard,
    Done,
    Draw,
    End,
    EndTurn,
    Expose,
    Feed,
    Give,
    MultiChoice,
    Over,
    Place,
    Refuel,
    Sail,
    Stay,
    Take,
    Throw,
)
from tabletop.archipel.render import render
from tabletop.archipel.state import EMPTY, UNSEEN, ArchipelState, Spot
from tabletop.kernel.deck import HIDDEN
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.protocol import Move, State
from tabletop.kernel.tokens import Tokens

__all__ = ["ArchipelBridge", "make_bridge", "options_of"]

_FISH_KINDS: Final = tuple(sorted(FISH))
_BAITS: Final = tuple(sorted(BAITS))
_STEPS: Final = tuple(MACHINE.steps())
_MAX_SEATS: Final = 5
_SPOT_STATES: Final = 4  # empty, unseen, remembered face down (hidden), known kind


def options_of(state: State) -> dict[str, Any]:
    """The options an Archipel state (or view) was made with."""
    assert isinstance(state, ArchipelState), f"not an Archipel state: {type(state).__name__}"
    return {
        "players": state.num_players,
        "memory": state.memory,
        "short": state.short,
        "first_player": state.flow.first_player,
        "colours": _colours(state),
        "board": state.board,
        "idle_rounds": state.idle_rounds,
        "declare": state.declare,
    }


def _colours(state: ArchipelState) -> tuple[str, ...]:
    """The `colours` option: `()` (the default) when the boats hold the first home ports in board order."""
    colours = tuple(boat.colour for boat in state.boats)
    homes = state.map.homes
    return () if colours == tuple(home.colour for home in homes[: len(colours)]) else colours


def make_bridge(options: Mapping[str, Any]) -> ArchipelBridge:
    """The Archipel bridge for validated `options`."""
    return ArchipelBridge(options)


class ArchipelBridge(DecodingBridge):
    """Archipel as fixed action ids, a fixed observation tensor and determinization.

    Co-operative: every seat gets the same return, 0, 0.5 or 1 (the three endings). Of
    perfect information but in the memory game.

    Attributes:
        actions: The named action ranges (see the module docstring).
        board: The board the options name.
    """

    utility = "identical"

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.game = GAME
        self.options = dict(options)
        board = board_for(self.options["board"])
        self.board: Board = board
        players = int(self.options["players"])
        self.cards: tuple[str, ...] = tuple(sorted(board.cards))
        self.items: tuple[str, ...] = (FUEL, *(FISH_ITEM + f for f in _FISH_KINDS), *self.cards)
        self._card_index = {c: i for i, c in enumerate(self.cards)}
        self._item_index = {c: i for i, c in enumerate(self.items)}
        self._location_index = {loc: i for i, loc in enumerate(board.locations)}
        self._fish_index = {f: i for i, f in enumerate(_FISH_KINDS)}
        self._players = players
        # Only the memory game hides anything (ARC-8.3); otherwise a view is the whole state.
        self.perfect_information = not self.options["memory"]
        n_items, n_storms = len(self.items), len(board.storm_ids)
        self.actions = ActionSpace(
            (
                ("sail", len(board.locations), "sail to the location at this index of board.locations"),
                ("catch", 1, "try to catch the fish where the boat is (ARC-3.1)"),
                ("multi", 2, "0 release, 1 use the multicolour bait (ARC-3.3)"),
                ("feed", len(_BAITS), "the shark eats this bait (sorted bait kinds) (ARC-3.4)"),
                ("refuel", len(JERRYCANS), "refuel with this jerrycan (ARC-4.6)"),
                (
                    "refuel-boat",
                    len(JERRYCANS) * players,
                    "can j * players + seat p: that boat fills its tank with its jerrycan (ARC-2.6, ARC-4.6)",
                ),
                ("throw", len(_FISH_KINDS), "throw a fish of this kind overboard (ARC-3.6)"),
                ("give", n_items * players, "item i * players + seat p: give it to that boat (ARC-6.1)"),
                ("take", n_items * players, "item i * players + seat p: take it from that boat (ARC-6.1)"),
                ("place", n_storms, "put the blank storm on this storm space (ARC-4.3)"),
                ("calm", n_storms, "remove the storm on this storm space (ARC-4.4)"),
                ("discard", len(self.cards), "discard a card of this kind (ARC-4.7)"),
                ("end", 1, "end the turn (ARC-2.5, ARC-2.7)"),
                ("over", 1, "declare the season over (ARC-7.1)"),
            )
        )
        self.num_actions = self.actions.size
        self.max_chance_outcomes = len(self.cards) + len(_FISH_KINDS)
        n_cards, n_fish, n_islands = len(self.cards), len(_FISH_KINDS), len(board.island_ids)
        self.tensor = TensorLayout(
            (
                ("step", len(_STEPS), "one-hot: the phase step (MACHINE.steps() order)"),
                ("seat", _MAX_SEATS, "one-hot: the seat observing"),
                ("player", _MAX_SEATS, "one-hot: the seat to play"),
                (
                    "scalars",
                    9,
                    "round, first player, fuel supply, chance events, last progress round, "
                    "warehouse closed, memory game, short game, season over",
                ),
                ("options", 3, "idle rounds, declare 'anytime', declare 'supplied'"),
                ("boats.at", _MAX_SEATS * len(board.locations), "per seat: one-hot location of its boat"),
                ("boats.home", _MAX_SEATS * len(board.locations), "per seat: one-hot location of its home port"),
                ("boats.fuel", _MAX_SEATS, "per seat: fuel on the boat"),
                ("boats.fish", _MAX_SEATS * n_fish, "per seat, per fish kind: fish on the boat"),
                ("boats.cards", _MAX_SEATS * n_cards, "per seat, per card kind: cards on the boat"),
                (
                    "spots",
                    len(board.spots) * (_SPOT_STATES + 1 + n_fish),
                    "per spot: one-hot empty/unseen/remembered face down/known, face up, one-hot fish kind",
                ),
                ("unseen", n_fish, "per fish kind: fish not exposed yet"),
                ("storms", n_storms * (n_cards + 1), "per storm space: one-hot free, or the card on it"),
                ("pocket", n_cards, "per card kind: cards in the pocket"),
                ("shops", n_islands * n_cards, "per island, per card kind: cards in its shop"),
                ("shut", n_islands, "per island: its shop is closed"),
                ("markets", n_islands * n_fish, "per island, per fish kind: fish delivered"),
                ("warehouse", n_cards, "per card kind: cards in the warehouse"),
                ("bought", n_cards, "per card kind: cards just taken from a shop"),
                ("removed", n_cards, "per card kind: cards out of the game"),
                ("lost", n_fish, "per fish kind: fish out of the game"),
                (
                    "turn",
                    2 + (n_islands + 1) + (n_cards + 1),
                    "may catch; sailed this turn (a try before sailing is the stay, ARC-2.7); "
                    "one-hot shop emptied (none first); one-hot weather card waiting (none first)",
                ),
                (
                    "gifts",
                    _MAX_SEATS * _MAX_SEATS * len(self.items),
                    "(giver * 5 + taker) * items + item: given this turn",
                ),
            )
        )
        self.observation_shape = (self.tensor.size,)
        # Derived from the rules and the content: see tabletop.adapters.archipel_bounds.
        idle_rounds = int(self.options["idle_rounds"])
        self.max_game_length = game_length_bound(players, idle_rounds=idle_rounds, islands=n_islands)

    # Actions -----------------------------------------------------------------------------

    def action_of(self, state: State, move: Move) -> int:
        """The id of `move` (or of a chance outcome) in `state`.

        Raises:
            IllegalMove: If `move` is not legal in `state`.
        """
        if not state.is_legal(move):
            msg = f"{move} is not legal here, so it has no id"
            raise IllegalMove(msg, code="not-legal", move=move)
        assert isinstance(state, ArchipelState)
        space = self.actions
        if isinstance(move, Draw):
            return self._card_index[move.card]
        if isinstance(move, Expose):
            return len(self.cards) + self._fish_index[move.fish]
        if isinstance(move, Sail):
            return space.id("sail", self._location_index[move.to])
        if isinstance(move, Catch):
            return space.id("catch")
        if isinstance(move, MultiChoice):
            return space.id("multi", int(move.use))
        if isinstance(move, Feed):
            return space.id("feed", _BAITS.index(move.bait))
        if isinstance(move, Refuel) and move.boat:
            seat = [b.colour for b in state.boats].index(move.boat)
            return space.id("refuel-boat", JERRYCANS.index(move.can) * self._players + seat)
        if isinstance(move, Refuel):
            return space.id("refuel", JERRYCANS.index(move.can))
        if isinstance(move, Throw):
            return space.id("throw", self._fish_index[move.fish])
        if isinstance(move, Give | Take):
            seat = [b.colour for b in state.boats].index(move.boat)
            name = "give" if isinstance(move, Give) else "take"
            return space.id(name, self._item_index[move.item] * self._players + seat)
        if isinstance(move, Place | Calm):
            name = "place" if isinstance(move, Place) else "calm"
            return space.id(name, self.board.storm_index[move.space])
        if isinstance(move, Discard):
            return space.id("discard", self._card_index[move.card])
        if isinstance(move, EndTurn | Stay | Done):
            return space.id("end")
        assert isinstance(move, Over), f"an Archipel move the bridge does not know: {move!r}"
        return space.id("over")

    def _decode(self, state: ArchipelState, action: int) -> Move | None:
        if state.is_chance_node:
            number = as_id(action)
            if number is None or not 0 <= number < self.max_chance_outcomes:
                return None
            action = number
            n = len(self.cards)
            return Draw(self.cards[action]) if action < n else Expose(_FISH_KINDS[action - n])
        name, index = self.actions.decode(action)
        if name == "end":
            return End.resolve(state)  # the one of end turn / stay / done the state calls for
        simple: dict[str, Move] = {"catch": CATCH, "over": OVER}
        if name in simple:
            return simple[name]
        if name == "sail":
            return Sail(self.board.locations[index])
        if name == "multi":
            return MultiChoice(bool(index))
        if name == "feed":
            return Feed(_BAITS[index])
        if name == "refuel":
            return Refuel(JERRYCANS[index])
        if name == "refuel-boat":
            can, seat = divmod(index, self._players)
            return Refuel(JERRYCANS[can], state.boats[seat].colour)
        if name == "throw":
            return Throw(_FISH_KINDS[index])
        if name in ("give", "take"):
            item, seat = divmod(index, self._players)
            cls = Give if name == "give" else Take
            return cls(self.items[item], state.boats[seat].colour)
        if name in ("place", "calm"):
            return (Place if name == "place" else Calm)(self.board.storm_ids[index])
        return Discard(self.cards[index])

    # Observations ------------------------------------------------------------------------

    def layout(self) -> tuple[Section, ...]:
        """The sections of the observation tensor (see the module docstring)."""
        return self.tensor.sections

    def observation(self, view: State, seat: int) -> tuple[float, ...]:
        """The observation tensor of `seat`, from `view` only.

        Raises:
            SeatError: If `seat` is not a seat of the game (a `ValueError`).
        """
        seat = seat_of(view, ArchipelState, seat, where="observation")
        assert isinstance(view, ArchipelState)
        board, t = self.board, self.tensor.new()
        cards, fish = self.cards, _FISH_KINDS
        locations = len(board.locations)
        t.onehot("step", _STEPS.index(view.flow.key))
        t.onehot("seat", seat)
        if not view.is_terminal and not view.is_chance_node:
            t.onehot("player", view.flow.player)
        t.put(
            "scalars",
            (
                view.flow.round,
                view.flow.first_player,
                view.supply,
                view.chance_count,
                view.last_progress,
                view.warehouse_shut,
                view.memory,
                view.short,
                bool(view.ended_by),
            ),
        )
        t.put("options", (view.idle_rounds, view.declare == "anytime", view.declare == "supplied"))
        for i, boat in enumerate(view.boats):
            t.onehot("boats.at", self._location_index[boat.at], locations, i)
            t.onehot("boats.home", self._location_index[boat.home], locations, i)
            t.set("boats.fuel", i, boat.fuel)
            t.counts("boats.fish", boat.fish, fish, i)
            t.counts("boats.cards", boat.cards, cards, i)
        width = _SPOT_STATES + 1 + len(fish)
        for i, spot in enumerate(view.spots):
            state = 0 if spot.fish == EMPTY else 1 if spot.fish == UNSEEN else 2 if spot.fish == HIDDEN else 3
            t.set("spots", i * width + state, 1)
            t.set("spots", i * width + _SPOT_STATES, spot.face_up)
            if state == 3:
                t.set("spots", i * width + _SPOT_STATES + 1 + self._fish_index[spot.fish], 1)
        t.counts("unseen", view.unseen, fish)
        for i, card in enumerate(view.storms):
            t.onehot("storms", 1 + self._card_index[card] if card else 0, len(cards) + 1, i)
        t.counts("pocket", view.pocket.contents, cards)
        for i, shop in enumerate(view.shops):
            t.counts("shops", shop, cards, i)
        for i, island in enumerate(board.island_ids):
            t.set("shut", i, island in view.shut)
        for i, market in enumerate(view.markets):
            t.counts("markets", market, fish, i)
        for name, tokens in (("warehouse", view.warehouse), ("bought", view.bought), ("removed", view.removed)):
            t.counts(name, tokens, cards)
        t.counts("lost", view.lost, fish)
        turn = view.turn
        t.set("turn", 0, turn.may_catch)
        t.set("turn", 1, turn.sailed)
        t.set("turn", 2 + (1 + board.island_index[turn.shop] if turn.shop else 0), 1)
        base = 2 + len(board.island_ids) + 1
        t.set("turn", base + (1 + self._card_index[turn.weather] if turn.weather else 0), 1)
        colours = {b.colour: i for i, b in enumerate(view.boats)}
        for gift in turn.gifts:
            pair, _, item = gift.partition(":")
            giver, _, taker = pair.partition(">")
            where = (colours[giver] * _MAX_SEATS + colours[taker]) * len(self.items) + self._item_index[item]
            t.set("gifts", where, 1)
        return t.done()

    def observation_string(self, view: State, seat: int) -> str:
        """The board as text (`tabletop.archipel.render`), then a digest of the whole view."""
        seat = seat_of(view, ArchipelState, seat, where="observation_string")
        assert isinstance(view, ArchipelState)
        return f"{render(view, seat)}\nview {view_digest(view)}"

    # Determinization ---------------------------------------------------------------------

    def sample_state(self, view: State, seat: int, rng: random.Random) -> State:
        """A full state behind `view`: the remembered face-down fish drawn, a fresh seed.

        The fish behind the `?` spots are the fish missing from everything visible (spots,
        boats, markets, the unseen pool, the fish out of the game); every arrangement of them
        on those spots is equally likely.
        """
        seat = seat_of(view, ArchipelState, seat, where="sample_state")
        assert isinstance(view, ArchipelState)
        places = [i for i, spot in enumerate(view.spots) if spot.fish == HIDDEN]
        spots = list(view.spots)
        if places:
            missing = list(self.missing_fish(view).elements())
            assert len(missing) == len(places), f"{len(places)} face-down spots but {len(missing)} missing fish"
            rng.shuffle(missing)
            for i, kind in zip(places, missing, strict=True):
                spots[i] = Spot(kind, False)
        return attrs.evolve(view, spots=tuple(spots), seed=rng.getrandbits(63))

    def missing_fish(self, view: ArchipelState) -> Tokens:
        """The fish a view does not show anywhere: those behind its `?` spots."""
        seen = Tokens([s.fish for s in view.spots if s.fish not in (EMPTY, UNSEEN, HIDDEN)]) + view.unseen + view.lost
        for boat in view.boats:
            seen += boat.fish
        for market in view.markets:
            seen += market
        return FISH - seen
