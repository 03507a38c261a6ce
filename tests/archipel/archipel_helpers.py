"""Building Archipel positions for rule tests, keeping every conserved quantity conserved.

Cards a test puts on a boat come out of the pocket, fish come out of the unseen pool and
fuel out of the supply, so the game's invariants still hold and a broken rule cannot hide
behind a broken position.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

import attrs

from tabletop.archipel import GAME, ArchipelState, new_game
from tabletop.archipel.invariants import check_invariants
from tabletop.archipel.state import Boat, Spot
from tabletop.kernel.chance import CHANCE, sample_chance
from tabletop.kernel.serialize import PartAnswers
from tabletop.kernel.tokens import Tokens


def started(seed: int = 0, **options: Any) -> ArchipelState:
    """A new game at the first player's first decision, the shops dealt storm cards first.

    Dealing storms, leaks, good weather, orange, purple and green bait and the red jerrycans
    leaves blue, yellow, red and multicolour bait, storm gear and the blue jerrycans in the
    pocket, where
    :func:`shop` and :func:`boat` take the cards a test needs from.
    """
    state = new_game(seed, **options)
    while state.current_player == CHANCE:
        outcomes = [str(move)[5:] for move in state.legal_moves()]
        storms = [o for o in outcomes if o.startswith("storm-") and o != "storm-gear"]
        pick = (storms or [o for o in DEAL_FIRST if o in outcomes] or outcomes)[0]
        state = play(state, f"draw {pick}")
    return state


DEAL_FIRST = ("leak", "good-weather", "bait-orange", "bait-purple", "bait-green", "jerrycan-red")


def random_states(seed: int, players: int, limit: int = 600, **options: Any) -> list[ArchipelState]:
    """The states of a seeded random game (`declare="supplied"`), chance sampled by probability,
    at most `limit` of them."""
    rng = random.Random(seed)
    state = new_game(seed, players=players, declare="supplied", **options)
    states = [state]
    while not state.is_terminal and len(states) < limit:
        move = sample_chance(state, rng) if state.current_player == CHANCE else rng.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
    return states


def play(state: ArchipelState, *moves: str) -> ArchipelState:
    """Apply moves (and forced chance outcomes) given in notation."""
    for text in moves:
        state = state.apply(GAME.parse_move(state, text))
    return state


def settle(state: ArchipelState) -> ArchipelState:
    """Sample chance from the seed until a player decides (or the game ends)."""
    while state.current_player == CHANCE:
        state = state.apply(sample_chance(state))
    return state


def boat(state: ArchipelState, seat: int, **changes: Any) -> ArchipelState:
    """Change boat ``seat``: ``at``, ``fuel``, ``cards`` (from the pocket), ``fish`` (from the unseen pool)."""
    old = state.boats[seat]
    new = old
    extra: dict[str, Any] = {}
    if "cards" in changes:
        cards = Tokens(changes.pop("cards"))
        state = fetch(attrs.evolve(state, pocket=state.pocket.put(old.cards)), cards)
        new = attrs.evolve(new, cards=cards)
    if "fish" in changes:
        fish = Tokens(changes.pop("fish"))
        unseen = state.unseen + old.fish - fish
        extra["unseen"] = unseen
        new = attrs.evolve(new, fish=fish)
        extra["spots"] = _unseen_spots(state, unseen.total)
    if "fuel" in changes:
        extra["supply"] = state.supply + old.fuel - changes["fuel"]
    new = attrs.evolve(new, **changes)
    boats = list(state.boats)
    boats[seat] = new
    return attrs.evolve(state, boats=tuple(boats), **extra)


def _unseen_spots(state: ArchipelState, unseen: int) -> tuple[Spot, ...]:
    """Empty spots from the end of the board until ``unseen`` unseen ones remain."""
    spots = list(state.spots)
    count = sum(spot.fish == "unseen" for spot in spots)
    for i in range(len(spots) - 1, -1, -1):
        if count <= unseen:
            break
        if spots[i].fish == "unseen":
            spots[i] = Spot("", False)
            count -= 1
    for i in range(len(spots)):
        if count >= unseen:
            break
        if spots[i].fish == "":
            spots[i] = Spot()
            count += 1
    return tuple(spots)


def fetch(state: ArchipelState, cards: Tokens) -> ArchipelState:
    """Take ``cards`` off the table: from the pocket, else from a shop or the warehouse
    (which gets a card from the pocket in exchange)."""
    for card in cards.elements():
        if state.pocket.contents[card]:
            state = attrs.evolve(state, pocket=state.pocket.take(Tokens([card])))
            continue
        swap = next(k for k in state.pocket.contents if k not in cards)
        pocket = state.pocket.take(Tokens([swap]))
        i = next((i for i, s in enumerate(state.shops) if s[card]), None)
        if i is None:
            warehouse = state.warehouse.remove(card).add(swap)
            state = attrs.evolve(state, pocket=pocket, warehouse=warehouse)
        else:
            shops = list(state.shops)
            shops[i] = shops[i].remove(card).add(swap)
            state = attrs.evolve(state, pocket=pocket, shops=tuple(shops))
    return state


def shop(state: ArchipelState, island: str, cards: list[str]) -> ArchipelState:
    """Give ``island``'s shop these cards (its old ones go back to the pocket)."""
    i = state.map.island_index[island]
    new = Tokens(cards)
    shops = list(state.shops)
    old, shops[i] = shops[i], Tokens()
    state = attrs.evolve(state, shops=tuple(shops), pocket=state.pocket.put(old))
    state = fetch(state, new)
    shops = list(state.shops)
    shops[i] = new
    return attrs.evolve(state, shops=tuple(shops))


def storms(state: ArchipelState, placed: dict[int, str]) -> ArchipelState:
    """Put storm cards (from the pocket) on storm spaces by number: ``{7: "storm-7", 3: "storm-blank"}``."""
    for number, card in placed.items():
        spaces = list(state.storms)
        i = state.map.storm_by_number[number]
        state = fetch(
            attrs.evolve(state, pocket=state.pocket.put(Tokens([c for c in (spaces[i],) if c]))), Tokens([card])
        )
        spaces[i] = card
        state = attrs.evolve(state, storms=tuple(spaces))
    return state


def fish_at(state: ArchipelState, spot: str, fish: str, face_up: bool = True) -> ArchipelState:
    """Expose the unseen fish on ``spot`` as ``fish`` (taken from the unseen pool)."""
    i = state.map.spot_index[spot]
    assert state.spots[i].fish == "unseen"
    spots = list(state.spots)
    spots[i] = Spot(fish, face_up)
    return attrs.evolve(state, spots=tuple(spots), unseen=state.unseen.remove(fish))


def emptied(state: ArchipelState, spot: str, fish: str) -> ArchipelState:
    """Take the unseen fish off ``spot`` (as ``fish``) and out of the game: the spot is empty."""
    state = fish_at(state, spot, fish)
    spots = list(state.spots)
    spots[state.map.spot_index[spot]] = Spot("", False)
    return attrs.evolve(state, spots=tuple(spots), lost=state.lost.add(fish))


__all__ = ["Boat", "boat", "emptied", "fetch", "fish_at", "play", "settle", "shop", "started", "storms"]


# The invariants' verdicts, plain or after a sound state (the invariants keep what they found) ------

Verdict = tuple[str, str, str, str] | None
"""`None` for a check that passed, else the refusal's type, message, path and rule."""


def invariants_verdict(check: Callable[..., object], *args: object) -> Verdict:
    """The verdict of `check(*args)` (any exception: a state the plain check cannot read either)."""
    try:
        check(*args)
    except Exception as exc:
        return type(exc).__name__, str(exc), getattr(exc, "path", ""), getattr(exc, "rule", "")
    return None


def forget_invariants() -> None:
    """Drop everything Archipel's invariants remember: the next check is the plain one."""
    module = sys.modules["tabletop.archipel.invariants"]
    module._SOUND[0] = None
    module._KEPT_OPTIONS.clear()
    for value in vars(module).values():
        if isinstance(value, PartAnswers):
            value._kept.clear()


def verdict_alone(state: ArchipelState) -> Verdict:
    """The verdict of the invariants on `state` with nothing remembered."""
    forget_invariants()
    verdict = invariants_verdict(check_invariants, state)
    forget_invariants()
    return verdict


def verdict_after(sound: ArchipelState, state: ArchipelState) -> Verdict:
    """The verdict of the invariants on `state` just after `sound` was found sound."""
    check_invariants(sound)
    assert sys.modules["tabletop.archipel.invariants"]._SOUND[0] is sound
    return invariants_verdict(check_invariants, state)
