"""The web example end to end in headless Chromium: a whole game through the page, and no seat sees another's secrets.

Needs Debian's Chromium at /usr/bin/chromium (``apt-get install chromium``; ``.ci/run`` installs
it) and the Python ``playwright`` package (in the ``dev`` extra), driving that browser: no
browser is downloaded. Without Chromium the tests are skipped, unless the environment
variable ``TABLETOP_REQUIRE_BROWSER`` is set (as ``.ci/run`` does), when they fail.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from frontend_helpers import serving

import tabletop
from tabletop.frontend import Match

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How many moves the leak test plays in a real game (Drill is always played to its end).
LEAK_TEST_MOVES = 30


def _unavailable(reason: str) -> None:
    if os.environ.get("TABLETOP_REQUIRE_BROWSER"):
        pytest.fail(f"{reason} (TABLETOP_REQUIRE_BROWSER is set, so the browser test must run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium context with a fresh profile."""
    if not CHROMIUM.exists():
        _unavailable("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as driver:
        context = driver.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=True,
            args=ARGS,
        )
        context.set_default_timeout(20_000)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, Any]]:
    """The example server on a free port of 127.0.0.1."""
    with serving() as running:
        yield running


def _lobby(browser: Any, site: tuple[str, Any], game: str) -> tuple[Any, list[str]]:
    """A new page on the lobby with ``game`` chosen, and the list its script errors go to."""
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site[0] + "/")
    page.wait_for_selector("body[data-status=lobby-ready]")
    page.select_option("#game", game)
    return page, errors


def _play_from_lobby(browser: Any, site: tuple[str, Any], game: str) -> tuple[Any, Match]:
    """Open the page, start ``game`` against bots from the lobby and click moves until it ends."""
    page, errors = _lobby(browser, site, game)
    server = site[1]
    page.click("#start")
    page.wait_for_selector("body[data-status=your-turn], body[data-status=over]")
    moves = 0
    while page.get_attribute("body", "data-status") != "over":
        ply = page.get_attribute("body", "data-ply")
        page.click("#moves button.move >> nth=0")
        page.wait_for_function(
            "ply => document.body.dataset.ply !== ply && document.body.dataset.status !== 'busy'", arg=ply
        )
        moves += 1
        assert moves < 5_000, "the game did not end"
    assert not errors, errors
    match_id = page.evaluate("session.match")
    return page, server.lobby.matches[match_id].match


def _check_outcome_shown(page: Any, match: Match) -> None:
    assert match.is_over
    assert match.outcome is not None
    outcome = page.text_content("#outcome")
    assert page.is_visible("#outcome")
    assert outcome.startswith("Game over.")
    for key, value in match.outcome.summary().items():
        assert f"{key}: {value}" in outcome


def test_page_plays_drill_against_a_bot_to_the_end(browser: Any, site: tuple[str, Any]) -> None:
    """Drill against a bot, played by clicking the page's move buttons, ends with the outcome shown."""
    page, match = _play_from_lobby(browser, site, "drill")
    _check_outcome_shown(page, match)
    assert match.seats == ("human", "greedy")
    page.close()


@pytest.mark.skipif("conservas" not in tabletop.GAMES, reason="the game 'conservas' is not registered yet")
def test_page_plays_conservas_to_the_end(browser: Any, site: tuple[str, Any]) -> None:
    """Conservas with its default options, played by clicking the page's move buttons, ends with the outcome shown."""
    page, match = _play_from_lobby(browser, site, "conservas")
    _check_outcome_shown(page, match)
    page.close()


#: Options that give a game more to hide (secret goals and hands).
SECRET_OPTIONS: dict[str, dict[str, Any]] = {"spolka_zoo": {"modules": ["hidden_goals", "intrigues"]}}


def _two_seat_options(game: tabletop.Game) -> dict[str, Any] | None:
    """Options giving ``game`` at least two human seats (and its secret modules), or None if it has none."""
    if game.new_game(seed=0).num_players >= 2:
        return dict(SECRET_OPTIONS.get(game.name, {}))
    for option in game.options:
        if option.name in ("players", "seats", "boats", "num_players") and 2 in option.choices:
            return {option.name: 2}
    return None


LEAK_GAMES = ["drill"] + [name for name in tabletop.GAMES if _two_seat_options(tabletop.get_game(name)) is not None]


def _post(base: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST")
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.mark.parametrize("name", LEAK_GAMES)
def test_a_seat_page_never_receives_another_seats_secrets(browser: Any, site: tuple[str, Any], name: str) -> None:
    """Two people play on two pages; everything each page receives is its own view and its own events."""
    base, server = site
    game = tabletop.get_game(name) if name != "drill" else server.lobby.games["drill"]
    options = _two_seat_options(game) or {}
    players = Match(game, seed=4, options=options).num_players
    created = _post(base, "/api/matches", {"game": name, "seed": 4, "options": options, "seats": ["human"] * players})
    match: Match = server.lobby.matches[created["match"]].match
    pages, received = {}, {}
    for seat_text, token in created["tokens"].items():
        seat = int(seat_text)
        page = browser.new_page()
        received[seat] = []
        page.on("response", lambda response, seat=seat: received[seat].append(response))
        page.goto(f"{base}/#match={created['match']}&token={token}")
        page.wait_for_selector("body[data-status=your-turn], body[data-status=waiting], body[data-status=over]")
        pages[seat] = page
    limit = None if name == "drill" else LEAK_TEST_MOVES
    moves = 0
    while not match.is_over and (limit is None or moves < limit):
        seat = match.current_player
        page = pages[seat]
        page.bring_to_front()  # a background tab's timers and animation frames are throttled
        page.evaluate("refresh()")
        page.wait_for_selector("body[data-status=your-turn]")
        page.click("#moves button.move >> nth=0")
        page.wait_for_function("document.body.dataset.status !== 'busy'")
        moves += 1
    for page in pages.values():
        page.evaluate("refresh()")
    if name == "drill":
        assert match.is_over
        _check_outcome_shown(pages[0], match)
    for seat, responses in received.items():
        documents = [r.json() for r in responses if "/api/matches/" in r.url and r.ok]
        assert documents
        _assert_only_own(match, seat, documents)
        _assert_no_secret_card(match, seat, [r.text() for r in responses if "/api/matches/" in r.url])
    for page in pages.values():
        page.close()


def _assert_only_own(match: Match, seat: int, documents: list[dict[str, Any]]) -> None:
    """Every document a seat's page received is built from that seat's view and events only."""
    states = [match.start, *(p.after for p in match.plies)]
    views = [json.loads(s.view(seat).to_json()) for s in states]
    allowed = [{"ply": p.index, **e.to_dict()} for p in match.plies for e in p.events_for(seat)]
    for doc in documents:
        assert doc["seat"] == seat
        assert doc["view"] in views
        assert doc["view"]["state"]["seed"] is None
        assert all(event in allowed for event in doc["events"])
        if doc["legal"]:
            assert doc["to_move"] == seat
        if match.game.name == "drill":
            assert all(card == "?" for card in doc["view"]["state"]["cards"][1 - seat])


def _assert_no_secret_card(match: Match, seat: int, bodies: list[str]) -> None:
    """Independently of the secrecy analysis: no other seat's secret card id is in any answer ``seat`` got.

    Spółka ZOO's hidden goals and intrigue hands stay secret until the end; the answers to
    ``seat`` must never name another seat's (unless ``seat`` holds the same card itself).
    """
    if match.game.name != "spolka_zoo":
        return
    seats = match.state.seats  # type: ignore[attr-defined]
    mine = {seats[seat].goal, *seats[seat].intrigues}
    secret = {card for i, s in enumerate(seats) if i != seat for card in (s.goal, *s.intrigues)} - mine - {""}
    assert secret, "the game dealt no secret cards to check"
    for body in bodies:
        assert not [card for card in secret if f'"{card}"' in body or f" {card}" in body]


@pytest.mark.skipif("spolka_zoo" not in tabletop.GAMES, reason="the game 'spolka_zoo' is not registered yet")
def test_page_takes_a_typed_seating_pattern(browser: Any, site: tuple[str, Any]) -> None:
    """Spółka ZOO's seating is a text field suggesting its named placements; a pattern that does not seat the
    players and bots is refused in the lobby naming it, and "bpp" seats a bot as the first player (ZOO-13.1)
    with the page's person in seat 1, its turn shown."""
    page, errors = _lobby(browser, site, "spolka_zoo")
    server = site[1]
    field = page.locator('[data-option="seating"]')
    assert field.evaluate("(i) => i.tagName") == "INPUT"
    assert page.locator("#values-seating option").evaluate_all("(os) => os.map((o) => o.value)") == [
        "humans-first",
        "alternate",
    ]
    page.select_option('[data-option="players"]', "2")
    page.select_option('[data-option="bots"]', "1")
    field.fill("PPPB")
    page.click("#start")
    page.wait_for_function("() => document.getElementById('lobby-error').textContent !== ''")
    assert "'PPPB' seats 3 players (P) and 1 bots (B)" in page.text_content("#lobby-error")
    before = set(server.lobby.matches)
    field.fill("bpp")
    page.click("#start")
    page.wait_for_selector("body[data-status=your-turn], body[data-status=over]")
    (made,) = set(server.lobby.matches) - before
    match = server.lobby.matches[made].match
    assert match.seats == ("bot deck", "human", "greedy")
    assert match.options["seating"] == "BPP"
    assert page.evaluate("session.token") in {t for t, s in server.lobby.matches[made].tokens.items() if s == 1}
    assert not errors, errors
    page.close()
