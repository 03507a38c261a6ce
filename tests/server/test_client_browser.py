"""The web client of `tabletop serve` in headless Chromium, against a real uvicorn on SQLite.

Each game is set up in the lobby and played to its end by clicking only (highlighted pieces
on the table, the move buttons and the menus they open); two seats in two browser contexts
never receive each other's secrets (checked on the WebSocket frames, not on the page); and a
server killed mid-game and restarted is reconnected to by the open page, which plays on.

Needs Debian's Chromium at /usr/bin/chromium and the `playwright` package (no browser is
downloaded). Without them the tests are skipped, unless `TABLETOP_REQUIRE_BROWSER` is set (as
`.ci/run` does), when they fail. Screenshots go to `test-artifacts/client/` (git-ignored).
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import custom_board, free_port, uvicorn_server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
ARTIFACTS = Path(__file__).parents[2] / "test-artifacts" / "client"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: At most this many clicks per game (the games below end well before).
MAX_CLICKS = 400
CLICKABLE = ".board .can, .actions button.action"


def _unavailable(reason: str) -> None:
    if os.environ.get("TABLETOP_REQUIRE_BROWSER"):
        pytest.fail(f"{reason} (TABLETOP_REQUIRE_BROWSER is set, so the browser test must run)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """A headless Debian Chromium driven by playwright."""
    if not CHROMIUM.exists():
        _unavailable("Debian's chromium is not installed at /usr/bin/chromium (apt-get install -y chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (pip install -e '.[dev]')")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real `tabletop serve` on a fresh SQLite file; its base URL."""
    with uvicorn_server(tmp_path_factory.mktemp("db") / "matches.sqlite3") as (url, _):
        yield url


class Page:
    """A browser page on the client, with what it received on its WebSockets."""

    def __init__(self, browser: Any, url: str, viewport: dict[str, int] = DESKTOP) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.page = self.context.new_page()
        self.frames: list[str] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.page.goto(url)
        self.page.wait_for_selector(".game")

    def _frame(self, payload: Any) -> None:
        self.frames.append(payload if isinstance(payload, str) else payload.decode())

    def documents(self) -> list[dict[str, Any]]:
        """Every document received so far."""
        messages = [json.loads(f) for f in self.frames]
        return [m["document"] for m in messages if m.get("type") == "document"]

    def create(self, game: str, options: dict[str, Any], seats: list[str], seed: int) -> None:
        """Set up a match in the lobby's form (by clicking and choosing) and start it."""
        box = self.page.locator(f'.game[data-game="{game}"]')
        for name, value in options.items():
            field = box.locator(f"#opt-{name}")
            kind = field.get_attribute("data-kind")
            if kind == "flag":
                field.set_checked(bool(value))
            elif kind == "choice":
                field.select_option(json.dumps(value))
            elif kind == "subset":
                for choice in value:
                    field.locator(f'input[value="{choice}"]').check()
            else:
                field.fill(str(value))
        self.settled(game)
        if box.locator(".seat-count").count():
            box.locator(".seat-count").select_option(str(len(seats)))
        for n, kind in enumerate(seats):
            box.locator(f'.seat-kind[data-seat="{n}"]').select_option(kind)
        box.locator(".seed").fill(str(seed))
        box.locator(".create").click()
        self.page.wait_for_selector(".board")

    def settled(self, game: str) -> None:
        """Wait until the lobby has the seats the form's options make (it asks the server for them)."""
        self.page.wait_for_function(
            f"() => document.querySelector('.game[data-game=\"{game}\"] .seats-form:not(.pending)') !== null"
        )

    def step(self) -> int:
        """The step the page shows."""
        return int(self.page.locator(".board").get_attribute("data-step") or 0)

    def over(self) -> bool:
        """Whether the page shows the game over."""
        return self.page.locator(".board").get_attribute("data-turn") == "over"

    def wait_for_my_turn_or_end(self) -> None:
        """Wait until the page offers a move or shows the end."""
        self.page.wait_for_function(
            f"""() => {{ const b = document.querySelector('.board');
                return b && (b.dataset.turn === 'over' || document.querySelector('{CLICKABLE}') !== null); }}""",
            timeout=30_000,
        )

    def click_a_move(self, rng: random.Random) -> None:
        """Click a highlighted piece or a move button (and a move of its menu); wait for the next document."""
        before = self.step()
        targets = self.page.locator(CLICKABLE)
        target = targets.nth(rng.randrange(targets.count()))
        target.scroll_into_view_if_needed()
        target.click(timeout=5_000)
        menu = self.page.locator(".menu .menu-move")
        if menu.count():
            menu.nth(rng.randrange(menu.count())).click()
        self.page.wait_for_function(
            f"() => Number(document.querySelector('.board')?.dataset.step) > {before}"
            " || document.querySelector('[data-testid=error]') !== null",
            timeout=30_000,
        )
        error = self.page.locator("[data-testid=error]")
        assert not error.count(), error.inner_text()

    def play_to_end(self, rng: random.Random, max_clicks: int = MAX_CLICKS) -> int:
        """Click moves until the game is over; the number of clicks."""
        for clicks in range(max_clicks):
            self.wait_for_my_turn_or_end()
            if self.over():
                return clicks
            self.click_a_move(rng)
        raise AssertionError(f"the game did not end in {max_clicks} clicks")

    def screenshot(self, name: str) -> None:
        """Save a full-page screenshot at the desktop size and at phone width."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.set_viewport_size(DESKTOP)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}-1280x800.png"))
        self.page.set_viewport_size(PHONE)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}-phone.png"), full_page=True)
        self.page.set_viewport_size(DESKTOP)

    def close(self) -> None:
        """Close the context, first checking the page threw no error."""
        assert not self.errors, self.errors
        self.context.close()


GAMES = [
    ("conservas", {"month": "january"}, ["human"], 3),
    ("archipel", {"players": 1, "short": True, "idle_rounds": 2}, ["human"], 3),
    ("spolka_zoo", {"players": 1, "bots": 2}, ["human", "bot deck", "bot deck"], 3),
]


@pytest.mark.parametrize(("game", "options", "seats", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_each_game_is_set_up_in_the_lobby_and_played_to_its_end_by_clicking(
    chromium: Any, server: str, game: str, options: dict[str, Any], seats: list[str], seed: int
) -> None:
    """Lobby form, then clicks only until the result shows; screenshots at the start and the end."""
    page = Page(chromium, server)
    try:
        page.create(game, options, seats, seed)
        page.wait_for_my_turn_or_end()
        page.screenshot(f"{game}-start")
        rng = random.Random(seed)
        for _ in range(3):  # a few moves in: something on the table
            if not page.over():
                page.click_a_move(rng)
                page.wait_for_my_turn_or_end()
        page.screenshot(f"{game}-playing")
        page.play_to_end(rng)
        assert page.page.locator("[data-testid=outcome]").is_visible()
        assert page.documents()[-1]["outcome"] is not None
        assert_one_seat_numbering(page)
        page.screenshot(f"{game}-end")
    finally:
        page.close()


def _seat_numbers(text: str) -> set[int]:
    """The seat numbers a text names ("seat 0", "Seat 2's turn", "glory seat 1")."""
    return {int(n) for n in re.findall(r"\b[Ss]eat (\d+)", text)}


def assert_one_seat_numbering(page: Page) -> None:
    """The page, the event lines and the outcome number seats alike: from 0, as the wire's ids.

    The seat list shows "Seat 0", "Seat 1"...; every seat an event line or the result names is
    one of those; the page's own seat is the document's `seat`; each event line is the event's
    text, not prefixed with the seat numbered another way.
    """
    doc = page.documents()[-1]
    listed = _seat_numbers(page.page.locator(".seat-list").inner_text())
    assert listed == set(range(len(doc["seats"]))), listed
    if doc["seat"] is not None:
        assert f"You sit in seat {doc['seat']}." in page.page.locator(".side").inner_text()
    lines = page.page.locator(".log li").all_inner_texts()
    assert lines == [e["text"] for e in doc["events"][-200:]]
    named = set().union(*(_seat_numbers(line) for line in lines))
    if page.page.locator("[data-testid=outcome]").count():
        result = page.page.locator("[data-testid=outcome]").inner_text()
        named |= _seat_numbers(result)
        summary = " ".join(f"{k} {v}" for k, v in doc["outcome"]["summary"].items())
        assert _seat_numbers(summary) <= _seat_numbers(result)
    assert named <= listed, f"seats {sorted(named - listed)} are named but the page lists {sorted(listed)}"


def _held(doc: dict[str, Any], seat: int) -> set[str]:
    """The hidden goal and intrigue ids `seat` holds in its own document."""
    own = doc["view"]["state"]["seats"][seat]
    return {c for c in [own["goal"], *own["intrigues"]] if c and c != "?"}


def _public(doc: dict[str, Any]) -> set[str]:
    """The card ids shown face up to everyone (removed in public) in a document."""
    return {r["card"] for r in doc["view"]["state"]["piles"]["removed"] if isinstance(r, dict) and r.get("public")}


def test_two_seats_in_two_browsers_never_receive_each_others_secrets(chromium: Any, server: str) -> None:
    """Spółka ZOO with hidden goals and intrigues: seat 0 starts it, seat 1 joins from the lobby; both click moves.

    On the wire, each context's frames carry its own token and secrets only: the other
    seat's token never, the other seat's goal and intrigues never while the game runs.
    """
    first, second = Page(chromium, server), Page(chromium, server)
    try:
        options = {"players": 2, "bots": 0, "modules": ["hidden_goals", "intrigues"]}
        first.create("spolka_zoo", options, ["human", "human"], 5)
        match = first.page.url.rsplit("/", 1)[1]
        second.page.reload()
        second.page.locator(f'li[data-match="{match}"] button.join').first.click()
        second.page.wait_for_selector(".board")
        rng = random.Random(5)
        for _ in range(24):
            for page in (first, second):
                if page.page.locator(CLICKABLE).count() and not page.over():
                    page.click_a_move(rng)
            first.page.wait_for_timeout(100)
        for page, seat in ((first, 0), (second, 1)):
            page.page.wait_for_selector(".seat-list")
            assert_one_seat_numbering(page)
            page.screenshot(f"spolka_zoo-seat{seat}-of-2")
        tokens = [
            json.loads(p.page.evaluate(f"localStorage.getItem('tabletop:{match}')"))["token"] for p in (first, second)
        ]
        by_step = [{doc["step"]: doc for doc in p.documents()} for p in (first, second)]
        assert any(_held(doc, 0) for doc in by_step[0].values()), "seat 0 holds a hidden goal or intrigue"
        assert any(_held(doc, 1) for doc in by_step[1].values()), "seat 1 holds a hidden goal or intrigue"
        checked = 0
        for seat, other in ((0, 1), (1, 0)):
            page = (first, second)[seat]
            assert all(doc["seat"] == seat for doc in by_step[seat].values())
            assert not any(tokens[other] in frame for frame in page.frames), "the other seat's token reached this page"
            for step, doc in by_step[seat].items():
                theirs = doc["view"]["state"]["seats"][other]
                assert theirs["goal"] in ("", "?") and all(c == "?" for c in theirs["intrigues"]), theirs
                if step in by_step[other] and doc["outcome"] is None:
                    secret = _held(by_step[other][step], other) - _held(doc, seat) - _public(doc)
                    text = json.dumps(doc)
                    assert not [card for card in secret if card in text], (seat, step, secret)
                    checked += 1
        assert checked > 10
    finally:
        first.close()
        second.close()


def test_the_page_reconnects_when_the_server_is_killed_and_restarted(chromium: Any, tmp_path: Path) -> None:
    """`kill -9` mid-game; a new server on the same file and port: the same page, unreloaded, plays on."""
    db, port = tmp_path / "matches.sqlite3", free_port()
    with uvicorn_server(db, port) as (url, process):
        page = Page(chromium, url)
        page.create("conservas", {"month": "january"}, ["human"], 11)
        rng = random.Random(11)
        for _ in range(4):
            page.wait_for_my_turn_or_end()
            page.click_a_move(rng)
        page.wait_for_my_turn_or_end()
        before = page.documents()[-1]
        page.page.evaluate("window.__same_page = true")
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        page.page.wait_for_selector("#status.offline", timeout=15_000)
        page.screenshot("conservas-offline")
    with uvicorn_server(db, port):
        page.page.wait_for_function("document.getElementById('status').textContent === 'connected'", timeout=30_000)
        assert page.page.evaluate("window.__same_page") is True
        again = page.documents()[-1]
        assert again == before
        assert page.step() == before["step"]
        page.click_a_move(rng)
        assert page.documents()[-1]["step"] > before["step"]
        page.close()


def test_archipel_on_a_board_of_its_own_is_drawn_from_the_servers_board_data(chromium: Any, tmp_path: Path) -> None:
    """`tabletop serve --board FILE`: the lobby offers the file, and the page draws that archipelago (its
    islands, names and places, from the document's `board`), not the reference map; clicks play on it."""
    board = custom_board(tmp_path)
    with uvicorn_server(tmp_path / "matches.sqlite3", extra=["--board", str(board)]) as (url, _):
        page = Page(chromium, url)
        try:
            options = {"players": 1, "short": True, "idle_rounds": 2, "board": str(board)}
            page.create("archipel", options, ["human"], 4)
            page.wait_for_my_turn_or_end()
            doc = page.documents()[-1]
            assert doc["board"]["name"] == "Mine"
            assert page.page.locator("[data-testid=board-name]").inner_text() == "Mine"
            assert page.page.locator('[data-testid=map] [data-el="island:home"]').count() == 1
            assert page.page.locator('[data-testid=map] [data-el="island:jade"]').count() == 0
            assert "Home Island" in page.page.locator("[data-testid=shops]").inner_text()
            drawn = page.page.eval_on_selector_all(
                "[data-testid=map] circle[data-area]", "cs => cs.map(c => [c.dataset.area, +c.getAttribute('cy')])"
            )
            assert drawn == [[a["id"], a["y"]] for a in doc["board"]["areas"]]
            from tabletop.archipel.content.board import reference_board

            assert [y for _, y in drawn] != [a.y for a in reference_board().data.areas]  # not the reference map
            rng = random.Random(4)
            for _ in range(3):
                if not page.over():
                    page.click_a_move(rng)
                    page.wait_for_my_turn_or_end()
            page.screenshot("archipel-own-board")
        finally:
            page.close()


def test_several_chromium_pages_play_at_once_with_no_error_and_no_lost_move(chromium: Any, server: str) -> None:
    """The load test in real browsers, short: four Chromium pages (two matches of two seats) click moves at
    once for a few seconds; no page shows, throws or is sent an error, and the records hold every move the
    pages showed played (the long form: `python -m tabletop.server.load --browsers --seconds 60`)."""
    command = [sys.executable, "-m", "tabletop.server.load", "--url", server, "--browsers"]
    command += ["--matches", "2", "--seats", "2", "--seconds", "4", "--seed", "3"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)  # its own playwright
    assert done.returncode == 0, done.stdout + done.stderr
    found = re.search(r"^ok: 4 clients over 2 matches .*: (\d+) moves accepted .*, (\d+) recorded", done.stdout, re.M)
    assert found, done.stdout
    assert int(found[1]) == int(found[2]) > 0


def test_a_seating_pattern_is_typed_in_the_lobby_checked_and_played(chromium: Any, server: str) -> None:
    """Spółka ZOO's seating takes a pattern typed in the lobby (ZOO-13.1: "A Bot may become the First Player").

    A pattern that does not seat the chosen players and bots is refused under the field, naming
    it, and the match cannot be started; the field suggests every placement for the counts; a
    fitting pattern (in any case) seats the bot first, shows its seat as the game's bot, and the
    person who started the match sits in the first seat a person has.
    """
    page = Page(chromium, server)
    try:
        box = page.page.locator('.game[data-game="spolka_zoo"]')
        box.locator("#opt-players").select_option("2")
        box.locator("#opt-bots").select_option("1")
        page.settled("spolka_zoo")
        suggested = box.locator("#opt-seating-values option").evaluate_all("(os) => os.map((o) => o.value)")
        assert suggested == ["humans-first", "alternate", "BPP"]
        box.locator("#opt-seating").fill("PPPB")
        page.settled("spolka_zoo")
        refusal = box.locator("#opt-seating-error").inner_text()
        assert "'PPPB' seats 3 players (P) and 1 bots (B)" in refusal and "2 players and 1 bots" in refusal
        assert box.locator(".create").is_disabled()
        box.locator("#opt-seating").fill("bpp")
        page.settled("spolka_zoo")
        assert box.locator("#opt-seating-error").inner_text() == ""
        kinds = box.locator(".seat-kind").evaluate_all("(ss) => ss.map((s) => [...s.options].map((o) => o.value))")
        assert kinds[0] == ["bot deck"] and "human" in kinds[1] and "human" in kinds[2]
        box.locator('.seat-kind[data-seat="2"]').select_option("agent:random")
        box.locator(".seed").fill("4")
        box.locator(".create").click()
        page.page.wait_for_selector(".board")
        doc = page.documents()[-1]
        assert [s["kind"] for s in doc["seats"]] == ["bot deck", "human", "agent:random"]
        assert doc["seat"] == 1
        assert doc["view"]["state"]["config"]["seating"] == "BPP"
        assert "Seat 0 (bot)" in page.page.locator(".board").inner_text()
    finally:
        page.close()
