"""Helpers for the Conservas tests: forced setups, forced handfuls, crafted positions."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import attrs

import tabletop
from tabletop.conservas import ConservasState, OwnedUpgrade
from tabletop.conservas.content import UPGRADES
from tabletop.conservas.invariants import invariants
from tabletop.conservas.state import Cards
from tabletop.kernel.bag import Bag
from tabletop.kernel.errors import InvariantBroken
from tabletop.kernel.fastattrs import evolve
from tabletop.kernel.tokens import Tokens

GAME = tabletop.get_game("conservas")

BOATS_UP = ("quid-pro-pulpo", "pez-limoncello", "bogavanti")
_SPARE_BOATS = ("el-peztidigitador", "el-chipironcuatre", "percebe-un-olor")
UPGRADES_UP = ("secondary-nets", "fish-finders", "ref-market-stall")


_CARD_FIELDS = frozenset(field.name for field in attrs.fields(Cards))


def changed(state: ConservasState, **changes: object) -> ConservasState:
    """A crafted position: `state` with `changes`, where the parts of `state.cards` may be named
    directly (`fleet=...`, `boat_deck=...`), as the state reads them."""
    moved = {name: changes.pop(name) for name in list(changes) if name in _CARD_FIELDS}
    if moved:
        changes["cards"] = evolve(state.cards, **moved)
    return evolve(state, **changes)


def sound(state: ConservasState) -> None:
    """The invariants of a crafted position, which may hold more tokens on the boats than the
    boats used this round could hold (`with_catch`: a position play does not reach, CON-2.3,
    for tests of On Land and the End of Day); every other invariant must hold."""
    try:
        invariants(state)
    except InvariantBroken as exc:
        if (exc.path, exc.rule) != ("catch", "CON-2.3"):
            raise


def play(state: ConservasState, *texts: str) -> ConservasState:
    """Apply moves given as notation, in order (each text may hold several moves split by ';')."""
    for text in texts:
        for part in text.split(";"):
            if part.strip():
                state = state.apply(GAME.parse_move(state, part.strip()))
    return state


def draw(state: ConservasState, kinds: str) -> ConservasState:
    """Force the draws of ``kinds`` (``"sardine sardine water"``), one chance step each."""
    for kind in kinds.split():
        state = state.apply(GAME.parse_move(state, f"token {kind}"))
    return state


def start(
    month: str = "january",
    goal: str = "standard",
    *,
    first: str = "el-dorado",
    other: str = "te-parece-bonito",
    boats: Iterable[str] | None = None,
    upgrades: Iterable[str] = UPGRADES_UP,
    seed: int = 0,
) -> ConservasState:
    """A game after a forced setup, at the first draw of round 1.

    The default boat row is Quid Pro Pulpo, Pez Limoncello and Bogavanti, any of them
    replaced by a spare boat when it is one of the two offered.
    """
    if boats is None:
        spare = iter(_SPARE_BOATS)
        boats = [b if b not in (first, other) else next(spare) for b in BOATS_UP]
    state = GAME.new_game(seed, month=month, goal=goal)
    deals = [f"card {first}", f"card {other}", f"choose {first}"]
    deals += [f"card {b}" for b in boats] + [f"card {u}" for u in upgrades]
    state = play(state, *deals)
    assert isinstance(state, ConservasState)
    return state


def water_round(state: ConservasState, *, land: str = "done") -> ConservasState:
    """Play the current round with water handfuls (see ``to_land``), then ``land``, keeping both rows."""
    state = play(to_land(state), land)
    return finish_day(state)


def finish_day(state: ConservasState) -> ConservasState:
    """Keep both rows when asked; take the first dealt card; stop at the next round or the end."""
    round_ = state.flow.round
    while not state.is_terminal and state.flow.round == round_ and state.flow.phase == "eod":
        moves = state.legal_moves()
        state = state.apply(moves[0])
    return state


def own(state: ConservasState, *cards: str, round: int | None = None) -> ConservasState:
    """Give the player upgrades straight from the deck or row (keeping every card in one place):
    a card taken from the row is replaced there by the first card of the deck (by id) that is
    not one of `cards`, as the row is kept full while its deck holds a card (CON-4.4); a card
    traded this round leaves its place in the row empty (a card of the deck is swapped in for the
    row's last one first: CON-3.8, the row is refilled at the End of Day).

    The cards are owned since `round`, as play leaves them (CON-3.5: an upgrade is traded On
    Land; CON-3.8: `bought` names it until the End of Day): by default the state's round On Land
    and after (then named in `bought`), the round before it at sea. No upgrade is owned at sea in
    the round it was traded, so a state at sea of `round` or before (round 1 at sea, the default's
    first) is moved on to the next round first, its table otherwise as it is."""
    flow = state.flow
    early = flow.phase in ("setup", "sea")
    if round is None:
        round = max(1, flow.round - 1) if early else flow.round
    if early and round >= flow.round:
        state = changed(state, flow=evolve(flow, round=round + 1))
    now = not early and round == state.flow.round
    deck, row, owned = state.upgrade_deck, state.upgrade_row, list(state.upgrades)
    for card in cards:
        assert card in UPGRADES
        if now:  # traded from the row this round: its place stays empty until the End of Day (CON-3.8)
            if card not in row:  # the row's last card goes back to the deck for it first
                deck, row = deck.remove(card).shuffle_in(row[-1:]), (*row[:-1], card)
            row = tuple(c for c in row if c != card)
        elif card in row:
            spare = sorted(c for c in deck.cards() if c not in cards)
            if spare:
                deck = deck.remove(spare[0])
            row = tuple((spare[0] if spare else "") if c == card else c for c in row)
            row = tuple(c for c in row if c)
        else:
            deck = deck.remove(card)
        owned.append(OwnedUpgrade(card, round))
    bought = (*state.bought, *cards) if now else state.bought
    new = changed(state, upgrade_deck=deck, upgrade_row=row, upgrades=tuple(owned), bought=bought)
    sound(new)
    return new


def with_bag(state: ConservasState, **counts: int) -> ConservasState:
    """Set the bag's contents, moving tokens between bag and supply so every token stays counted."""
    pool = state.supply + state.bag.contents
    bag = Tokens(counts)
    new = changed(state, bag=Bag(bag), supply=pool - bag)
    sound(new)
    return new


def with_catch(state: ConservasState, **counts: int) -> ConservasState:
    """Put tokens from the supply on the boats (for On Land tests).

    The crafted catch may be more than the boats used this round could hold: see `sound`."""
    catch = Tokens(counts)
    new = changed(state, catch=state.catch + catch, supply=state.supply - catch)
    sound(new)
    return new


def supply_water(state: ConservasState, left: int) -> ConservasState:
    """Move supply water into the Deep Sea until the supply holds `left` water tokens."""
    extra = state.supply["water"] - left
    return changed(state, supply=state.supply.remove("water", extra), deep=state.deep.add("water", extra))


def with_deep(state: ConservasState, **counts: int) -> ConservasState:
    """Put tokens from the supply in the Deep Sea."""
    deep = Tokens(counts)
    new = changed(state, deep=state.deep + deep, supply=state.supply - deep)
    sound(new)
    return new


def to_land(state: ConservasState) -> ConservasState:
    """From a round's first draw, place all-water handfuls until On Land."""
    while state.flow.phase == "sea":
        if state.flow.step == "draw":
            state = draw(state, "water" if "water" in state.bag.contents else next(iter(state.bag.contents)))
        else:
            state = state.apply(state.legal_moves()[0])
    sound(state)
    return state


def codes(state: ConservasState, text: str) -> str:
    """The IllegalMove code for ``text`` (fails if the move is legal)."""
    try:
        state.apply(GAME.parse_move(state, text))
    except tabletop.IllegalMove as exc:
        return exc.code
    raise AssertionError(f"{text!r} was accepted")


def texts(moves: Iterable[object]) -> list[str]:
    """Moves as notation."""
    return [str(m) for m in moves]


def read_edited(state: ConservasState, edit: Callable[[dict[str, Any]], object] | None = None) -> ConservasState:
    """`state`'s JSON, changed by `edit(document["state"])` if given, read back as an untrusted text."""
    document = json.loads(state.to_json())
    if edit is not None:
        edit(document["state"])
    read = GAME.state_from_json(json.dumps(document))
    assert isinstance(read, ConservasState)
    return read


def read_refusal(state: ConservasState, edit: Callable[[dict[str, Any]], object]) -> str:
    """The message of the `DecodeError` refusing `state`'s JSON changed by `edit` (fails if it is read)."""
    try:
        read_edited(state, edit)
    except tabletop.DecodeError as exc:
        return str(exc)
    raise AssertionError("the edited state was read")


def paying_upkeep() -> ConservasState:
    """Round 1's End of Day at `eod.pay`: 2 euros, Quid Pro Pulpo (upkeep 1) and Bogavanti
    (upkeep 2) due, so the order of payments decides which boat stays (CON-4.6); the rows full."""
    state = start(first="quid-pro-pulpo", other="el-dorado")
    row = ("el-peztidigitador", "pez-limoncello", "el-dorado")
    state = changed(state, fleet=("quid-pro-pulpo", "bogavanti"), boat_row=row, money=2)
    state = changed(state, boat_deck=state.boat_deck.remove("el-dorado"))
    state = play(to_land(state), "done", "keep boats", "keep upgrades")
    assert state.flow.key == "eod.pay"
    return state
