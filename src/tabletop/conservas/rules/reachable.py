"""The invariants of where play stands in Conservas: what the round, the handful, the catch, the
market and the cards owned can be at each step, so that a state read from JSON that play could
never reach is refused (with the field, the value and the rule) instead of played on.

[`invariants`][tabletop.conservas.invariants.invariants] calls
[`play_invariants`][tabletop.conservas.rules.reachable.play_invariants] after its conserved
counts. Each check is a comparison or two: what depends on the owned upgrades or the market alone
is worked out once per tuple of them (a game's states share them for many steps) and found again
by identity.

What play keeps, step by step (`flow.key`):

* the round marker is between 1 and the month's last round (CON-4.9); only `end.over` may hold a
  forfeit (CON-2.7), and `end.over` without one comes after the last round's End of Day;
* the handful being drawn (`hand`) is empty outside At Sea, but for the partial handful of a
  forfeit; at `sea.draw` it is short of `handful`, at `sea.sift` and `sea.place` complete
  (CON-2.1); `handful` less the tokens still to return is 5 or the size of an owned `draw_count`
  card (0 before the first handful), and the tokens to return are at most the owned `sift`
  extras, pending only at `sea.draw` and `sea.sift` (CON-6.3, CON-6.6);
* the catch is empty from the End of Day on, and no larger than the catch sizes of the boats used
  this round (CON-2.3); each card got one handful at most, and only the player's boats and the
  Open Water card get any (CON-2.2; a boat discarded at the last End of Day stays named);
* each filled market space holds a kind it takes, and the space the fill order asks for first is
  filled (CON-3.2 to CON-3.4);
* only a card that keeps a paid token holds one, never water (CON-3.6); no upgrade was bought in
  a later round (CON-6.1); the setup offer is gone once a boat was chosen (CON-1.5); the End of
  Day report holds no negative amount (CON-4.6);
* the only deck card whose place is known is the boat put under the boat deck at setup, public
  and seen by seat 0, the only seat (CON-1.5: nothing is hidden from the solo player, so a view
  is the state and reads back); a handful is drawn only while a card still has none (CON-2.5);
* what this round records names cards that are there, once each: `bought` holds boats of the
  fleet, last in its line in the order bought, and upgrades owned since this round (every one of
  them: none before On Land), and nothing before On Land
  (CON-3.5, CON-3.7); `spent` holds owned once-per-round cards whose use play records (a
  `redraw` from At Sea on, a `sale_bonus` or `boat_discount` from On Land on), `handful_spent`
  owned ongoing `redraw` cards, neither before the first handful nor at `sea.sift` (CON-6.1,
  CON-6.4); `due` holds boats of the fleet not bought this round, only at `eod.pay` (CON-4.6).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NoReturn

from tabletop.conservas.checks import MAX_CATCH, PREREQ
from tabletop.conservas.content import BOATS, MONTHS, UPGRADES
from tabletop.conservas.moves import OPEN_WATER
from tabletop.conservas.rules.effects import BASE_DRAW
from tabletop.conservas.rules.reachable_table import fail as _fail
from tabletop.conservas.rules.reachable_table import table_invariants
from tabletop.conservas.state import Cards, ConservasState, OwnedUpgrade

__all__ = ["OVERFISHING", "play_invariants"]

OVERFISHING: Final = ("short", "empty")
"""The values of the `overfishing` option (CON-2.7)."""
_ROUNDS: Final = {m.id: m.rounds for m in MONTHS.values()}
_HAND_STEPS: Final = frozenset({"sea.draw", "sea.sift", "sea.place"})
_OFFER_STEPS: Final = frozenset({"setup.offer", "setup.choose"})
_CATCH_PHASES: Final = frozenset({"sea", "land"})

#: Per month, per space in order: the kinds the space takes (CON-3.2) and the index of the space
#: to fill first (`PREREQ`, -1 for none).
_SPACES: Final[Mapping[str, tuple[tuple[frozenset[str], int], ...]]] = {
    m.id: tuple((frozenset(s.needs), PREREQ[m.id][i]) for i, s in enumerate(m.spaces)) for m in MONTHS.values()
}


def play_invariants(state: ConservasState) -> None:
    """Where play stands is one that play can reach (see the module docstring).

    Raises:
        InvariantBroken: Naming the field at fault, its value and the rule.
    """
    flow = state.flow
    key = flow.key
    rounds = _ROUNDS[state.month]
    if not 1 <= flow.round <= rounds:
        _fail(f"round {flow.round}: {MONTHS[state.month].name} has rounds 1 to {rounds}", "flow.round", "CON-4.9")
    if state.overfishing not in OVERFISHING:
        _fail(f"overfishing {state.overfishing!r} is not short or empty", "overfishing", "CON-2.7")
    over = key == "end.over"
    forfeit = bool(state.forfeit)  # Blank.NONE is ""
    if forfeit and not over:
        _fail(f"forfeited ({state.forfeit!r}) at {key}: a forfeit ends the game", "forfeit", "CON-2.7")
    if over and not forfeit and flow.round != rounds:
        _fail(f"the game is over in round {flow.round} of {rounds} without a forfeit", "flow", "CON-4.9")
    upgrades = _upgrades(state.cards.upgrades)
    if upgrades.last_round > flow.round:
        _fail(f"an upgrade bought in round {upgrades.last_round}, in round {flow.round}", "cards.upgrades", "CON-6.1")
    if upgrades.fault:
        _fail(upgrades.fault, upgrades.fault_path, upgrades.fault_rule)
    if upgrades.last_round == flow.round:
        _bought_now(state)
    _handful(state, key, upgrades, over and forfeit)
    market = state.market
    if market not in _SOUND_MARKETS.get(state.month, ()):
        _market(state)
    if state.cards.offer and key not in _OFFER_STEPS:
        _fail(f"boats still offered at {key}: {', '.join(state.cards.offer)}", "cards.offer", "CON-1.5")
    cards = state.cards
    known = cards.boat_deck.bottom
    if known and (len(known) != 1 or known[0].seen_by != _SEAT_0 or not known[0].public):
        _known(cards)
    if cards.boat_deck.top or cards.upgrade_deck.top or cards.upgrade_deck.bottom:
        _known(cards)
    report = state.report
    if report.income < 0 or report.upkeep < 0:
        _fail(f"income {report.income}, upkeep {report.upkeep}", "report", "CON-4.6")
    if state.bought or state.spent or state.handful_spent or state.due:
        _this_round(state, upgrades)
    table_invariants(state)  # the table at setup, the rows, the End of Day report, the end
    _catch(state, upgrades, flow.phase in _CATCH_PHASES or (over and forfeit))  # last: see the tests' `sound`


def _handful(state: ConservasState, key: str, upgrades: _Owned, forfeited: bool) -> None:
    """CON-2.1, CON-6.3, CON-6.6: the handful, its size and the tokens still to return."""
    hand = state.hand.total
    handful = state.handful
    to_return = state.to_return
    if to_return and key not in ("sea.draw", "sea.sift"):
        _fail(f"{to_return} token(s) to return at {key}", "to_return", "CON-6.6")
    if to_return > upgrades.sift:
        _fail(f"{to_return} token(s) to return; the upgrades owned sift {upgrades.sift}", "to_return", "CON-6.6")
    if key == "sea.sift" and not to_return:
        _fail("nothing to return at sea.sift", "to_return", "CON-6.6")
    if state.flow.phase == "setup":
        if handful or hand:
            _fail(
                f"a handful of {handful} ({state.hand or 'nothing'} drawn) before the first round", "handful", "CON-2.1"
            )
        return
    if handful - to_return not in upgrades.sizes:
        sizes = " or ".join(map(str, sorted(upgrades.sizes)))
        _fail(f"handful {handful} ({to_return} to return): a handful is {sizes} tokens", "handful", "CON-2.1")
    if key in _HAND_STEPS:
        if key == "sea.draw" and hand >= handful:
            _fail(f"{hand} token(s) drawn of a handful of {handful}, still drawing", "hand", "CON-2.1")
        if key != "sea.draw" and hand != handful:
            _fail(f"{hand} token(s) drawn of a handful of {handful} at {key}", "hand", "CON-2.1")
    elif hand and not (forfeited and hand <= handful):
        _fail(f"tokens in the handful at {key}: {state.hand}", "hand", "CON-2.1")


def _catch(state: ConservasState, upgrades: _Owned, fishing: bool) -> None:
    """CON-2.2, CON-2.3: the boats used this round, and what they hold."""
    used = state.used
    fleet = state.cards.fleet
    if used and (used, fleet) != _SOUND_USED[0]:
        if len(set(used)) != len(used):
            twice = next(card for index, card in enumerate(used) if card in used[:index])
            _fail(f"{twice} received two handfuls this round", "used", "CON-2.2")
        gone = [card for card in used if card not in fleet and card != OPEN_WATER]
        for card in gone:
            if not (state.flow.key == "end.over" and card in state.cards.boat_discard):
                _fail(f"{card!r} received a handful but is not one of the player's boats", "used", "CON-2.2")
        if not gone:  # sound whatever the step
            _SOUND_USED[0] = (used, fleet)
    if len(used) > len(fleet) and state.flow.key in _HAND_STEPS:
        _fail(f"a handful drawn at {state.flow.key} once every card got one: {', '.join(used)}", "used", "CON-2.5")
    catch = state.catch.total
    if not catch:
        return
    if not fishing:
        _fail(f"tokens on the boats at {state.flow.key}: {state.catch}", "catch", "CON-4.1")
    room = _room(used, fleet, upgrades.catch_bonus)
    if catch > room:
        _fail(f"{catch} token(s) on the boats; the boats used this round hold {room}", "catch", "CON-2.3")


def _room(used: tuple[str, ...], fleet: tuple[str, ...], bonus: int) -> int:
    """What the boats of `fleet` used this round hold (CON-2.3), kept for the last `used`, `fleet`
    (by identity) and `bonus` (a round's states share them)."""
    last = _LAST_ROOM[0]
    if last[0] is used and last[1] is fleet and last[2] == bonus:
        return last[3]
    room = sum([min(MAX_CATCH, BOATS[card].catch + bonus) for card in used if card in fleet])
    _LAST_ROOM[0] = (used, fleet, bonus, room)
    return room


_LAST_ROOM: Final[list[tuple[tuple[str, ...], tuple[str, ...], int, int]]] = [((), (), 0, 0)]
"""The last `_room` worked out, with its `used`, `fleet` and `bonus` (kept alive: identities not reused)."""


def _known(cards: Cards) -> NoReturn:
    """CON-1.5: a deck's known cards are the boat put under the boat deck at setup, which the
    player saw (public and seen by seat 0): called when they are not, to name the fault."""
    for name in ("boat_deck", "upgrade_deck"):
        deck = getattr(cards, name)
        for part in ("top", "bottom"):
            for index, known in enumerate(getattr(deck, part)):
                path = f"cards.{name}.{part}[{index}]"
                if known.seen_by != _SEAT_0:
                    seen = sorted(known.seen_by)
                    _fail(f"{known.card!r} seen by {seen}: seat 0, the only seat, saw it", f"{path}.seen_by", "CON-1.5")
                if not known.public:
                    _fail(
                        f"{known.card!r} not public: nothing is hidden from the solo player",
                        f"{path}.public",
                        "CON-1.5",
                    )
    if cards.upgrade_deck.top or cards.upgrade_deck.bottom:
        _fail("a known upgrade card: only the boat put under the boat deck is known", "cards.upgrade_deck", "CON-1.5")
    if cards.boat_deck.top:
        _fail(
            "a known card on top of the boat deck: the boat put under is at its bottom",
            "cards.boat_deck.top",
            "CON-1.5",
        )
    _fail(
        f"{len(cards.boat_deck.bottom)} known boats under the deck: one was put there",
        "cards.boat_deck.bottom",
        "CON-1.5",
    )


_SEAT_0: Final = frozenset({0})
"""Who saw the boat put under the deck: the only seat."""

_SOUND_USED: Final[list[tuple[tuple[str, ...], tuple[str, ...]]]] = [((), ())]
"""The cards used this round and the fleet of the last state whose `used` was found sound (a
round's states share them)."""


def _market(state: ConservasState) -> None:
    """CON-3.2 to CON-3.4: each filled space holds a kind it takes, in the fill order."""
    market = state.market
    spaces = _SPACES[state.month]
    for index, mark in enumerate(market):
        if mark:
            kinds, before = spaces[index]
            space = MONTHS[state.month].spaces[index]
            if mark not in kinds:
                _fail(f"{mark} on space {space.id}, which takes {space.needs}", f"market[{index}]", "CON-3.3")
            if before >= 0 and not market[before]:
                first = MONTHS[state.month].spaces[before].id
                _fail(f"space {space.id} filled before {first}", f"market[{index}]", "CON-3.4")
    sound = _SOUND_MARKETS.setdefault(state.month, set())
    if len(sound) >= _MARKETS_KEPT:
        sound.clear()
    sound.add(market)


_MARKETS_KEPT: Final = 1024
_SOUND_MARKETS: Final[dict[str, set[tuple[str, ...]]]] = {}
"""Per month, the markets found sound (at most `_MARKETS_KEPT`, then forgotten): a game fills a
space a few times a round, so most states, and most states read, hold a market met before."""


def _this_round(state: ConservasState, upgrades: _Owned) -> None:
    """CON-3.5, CON-3.7, CON-4.6, CON-6.1, CON-6.4: what this round records of the cards names
    cards that are there, once each, at the steps that record them."""
    key = state.flow.key
    phase = state.flow.phase
    fleet = state.cards.fleet
    bought = state.bought
    _once(bought, "bought")
    for index, card in enumerate(bought):
        if phase in _BEFORE_LAND:
            _fail(f"{card!r} bought this round at {key}: cards are bought On Land", f"bought[{index}]", "CON-3.7")
        if card in BOATS:
            if card not in fleet:
                _fail(f"{card!r} bought this round is not one of the player's boats", f"bought[{index}]", "CON-3.7")
        elif upgrades.rounds.get(card) != state.flow.round:
            what = "an upgrade the player does not own" if card in UPGRADES else "not a boat or an upgrade"
            if card in upgrades.rounds:
                what = f"an upgrade bought in round {upgrades.rounds[card]}"
            _fail(f"{card!r} bought in round {state.flow.round}: {what}", f"bought[{index}]", "CON-3.5")
    boats = tuple(card for card in bought if card in BOATS)
    if boats and fleet[-len(boats) :] != boats:
        line = ", ".join(fleet)
        _fail(f"{', '.join(boats)} bought this round, the fleet's line being {line}", "bought", "CON-3.7")
    for name, spent in (("spent", state.spent), ("handful_spent", state.handful_spent)):
        _once(spent, name)
        for index, card in enumerate(spent):
            if phase == "setup" or (key == "sea.sift" and name == "handful_spent"):
                _fail(f"{card!r} used at {key}", f"{name}[{index}]", "CON-6.1")
            field, on_land = upgrades.uses.get(card, ("", False))
            if field != name or (on_land and phase == "sea"):
                what = f"{name} records no use of it" if card in upgrades.rounds else "not an upgrade the player owns"
                if field == name:
                    what = "it is used On Land"
                _fail(f"{card!r} in {name} at {key}: {what}", f"{name}[{index}]", "CON-6.1")
    due = state.due
    _once(due, "due")
    for index, boat in enumerate(due):
        if key != "eod.pay":
            _fail(f"{boat!r} owes upkeep at {key}: upkeep is settled at the End of Day", f"due[{index}]", "CON-4.6")
        if boat not in fleet or boat in bought:
            what = "bought this round" if boat in bought else "not one of the player's boats"
            _fail(f"{boat!r} owes upkeep: {what}", f"due[{index}]", "CON-4.6")


def _bought_now(state: ConservasState) -> None:
    """CON-3.5, CON-3.8: an upgrade owned since this round was traded On Land this round, and
    `bought` names it until the End of Day (which replaces the cards bought); before On Land no
    upgrade is owned since this round."""
    for index, owned in enumerate(state.cards.upgrades):
        if owned.round == state.flow.round and owned.card not in state.bought:
            where = "before this round's On Land" if state.flow.phase in _BEFORE_LAND else "but not in bought"
            message = f"{owned.card!r} owned since round {owned.round}, this round, {where}"
            _fail(message, f"cards.upgrades[{index}].round", "CON-3.5")


def _once(cards: tuple[str, ...], name: str) -> None:
    """Each card at most once in what this round records."""
    if len(set(cards)) != len(cards):
        twice = next(card for index, card in enumerate(cards) if card in cards[:index])
        _fail(f"{twice!r} twice in {name}: {', '.join(cards)}", name, "CON-6.1" if "spent" in name else "CON-3.7")


_BEFORE_LAND: Final = frozenset({"setup", "sea"})
#: How play records the use of a card, by effect kind and frequency: the field it is in (`spent`,
#: `handful_spent`), and whether it is used only On Land (from At Sea on otherwise).
_USES: Final[Mapping[tuple[str, str], tuple[str, bool]]] = {
    ("redraw", "once_per_round"): ("spent", False),
    ("redraw", "ongoing"): ("handful_spent", False),
    ("sale_bonus", "once_per_round"): ("spent", True),
    ("boat_discount", "once_per_round"): ("spent", True),
}


class _Owned:
    """What the checks read of a tuple of owned upgrades, worked out once per tuple."""

    __slots__ = (
        "catch_bonus",
        "fault",
        "fault_path",
        "fault_rule",
        "last_round",
        "rounds",
        "sift",
        "sizes",
        "uses",
    )

    def __init__(self, upgrades: tuple[OwnedUpgrade, ...]) -> None:
        self.sizes = frozenset({BASE_DRAW})
        self.sift = self.catch_bonus = self.last_round = 0
        self.fault = self.fault_path = self.fault_rule = ""
        self.rounds = {owned.card: owned.round for owned in upgrades}
        self.uses: dict[str, tuple[str, bool]] = {}
        for index, owned in enumerate(upgrades):
            card = owned.upgrade
            effect = card.effect
            use = _USES.get((effect.kind, card.frequency))
            if use is not None:
                self.uses[owned.card] = use
            if effect.kind == "draw_count":
                self.sizes |= {effect.amount}
            elif effect.kind == "sift":
                self.sift += effect.amount
            elif effect.kind == "catch_bonus":
                self.catch_bonus += effect.amount
            self.last_round = max(self.last_round, owned.round)
            if self.fault:
                continue
            if owned.round < 1:
                self.fault = f"{owned.card} bought in round {owned.round}"
                self.fault_path, self.fault_rule = f"cards.upgrades[{index}].round", "CON-6.1"
            elif owned.kept and (not card.keep_token or "water" in owned.kept):
                what = "keeps no token" if not card.keep_token else "was paid for with fish, not water"
                self.fault = f"{owned.card} holds {owned.kept}: {card.name} {what}"
                self.fault_path, self.fault_rule = f"cards.upgrades[{index}].kept", "CON-3.6"


_LAST_OWNED: list[tuple[object, _Owned]] = [((), _Owned(()))]


def _upgrades(upgrades: tuple[OwnedUpgrade, ...]) -> _Owned:
    """`_Owned` of `upgrades`, kept for the last tuple read (a game's states share it)."""
    last = _LAST_OWNED[0]
    if last[0] is not upgrades:
        last = (upgrades, _Owned(upgrades))
        _LAST_OWNED[0] = last
    return last[1]
