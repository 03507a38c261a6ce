"""A load test for a running server: many WebSocket clients playing many matches at once.

```
python -m tabletop.server.load --url http://127.0.0.1:8000 --matches 10 --seats 5 --seconds 60
python -m tabletop.server.load --url http://127.0.0.1:8000 --browsers --matches 3 --seats 2 --seconds 60
```

It makes `matches` Archipel matches of `seats` human boats, joins every seat, opens one
WebSocket per seat, and for `seconds` each client plays a random legal move whenever its
document says it is its turn (declaring the season over only when it must, so matches
last). At the end it checks that no client received an error, and that each match's record
holds exactly the moves the clients had accepted (none lost, none doubled). It prints a
summary and exits 1 on any error or lost move.

With `--browsers`, every client is instead a real page of the web client in headless
Chromium (Debian's `/usr/bin/chromium` through playwright, one browser context per seat, so
each page has its own token in its own `localStorage`), which plays by clicking a highlighted
piece, a move button or a move of the menu a piece opens, whenever its page offers one. The
same checks hold, and any error the page shows, throws or is sent fails the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs
import httpx
from websockets.asyncio.client import connect

__all__ = ["CHROMIUM", "LoadReport", "run_browser_load", "run_load"]

CHROMIUM = "/usr/bin/chromium"
"""The Chromium that `--browsers` drives (Debian's; playwright downloads none)."""
#: What a page may click to move: a highlighted piece, or a move button beside the table.
_CLICKABLE = ".board .can, .actions button.action"


@attrs.define
class LoadReport:
    """What a load run saw.

    Attributes:
        clients: WebSocket clients connected.
        matches: Matches played.
        moves: Moves the clients sent that the server accepted.
        recorded: Moves by people in the matches' records at the end.
        documents: Documents received.
        errors: Error messages received (each as its JSON).
        seconds: How long the clients played.
    """

    clients: int = 0
    matches: int = 0
    moves: int = 0
    recorded: int = 0
    documents: int = 0
    errors: list[str] = attrs.Factory(list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True with no error and every accepted move in the records."""
        return not self.errors and self.moves == self.recorded

    def __str__(self) -> str:
        rate = self.moves / self.seconds if self.seconds else 0.0
        verdict = "ok" if self.ok else "FAILED"
        return (
            f"{verdict}: {self.clients} clients over {self.matches} matches for {self.seconds:.1f} s: "
            f"{self.moves} moves accepted ({rate:.1f}/s), {self.recorded} recorded, "
            f"{self.documents} documents, {len(self.errors)} errors"
        )


async def run_load(url: str, *, matches: int = 10, seats: int = 5, seconds: float = 5.0, seed: int = 0) -> LoadReport:
    """Play `matches` matches of `seats` seats each against the server at `url` for `seconds`."""
    report = LoadReport(matches=matches, clients=matches * seats)
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        tables = [await _table(http, seats, rng.randrange(2**31)) for _ in range(matches)]
        ws_url = url.replace("http://", "ws://").replace("https://", "wss://")
        counts: dict[str, int] = {match: 0 for match, _ in tables}
        stop = time.monotonic() + seconds
        started = time.monotonic()
        clients = [
            _client(f"{ws_url}/ws/matches/{match}", token, stop, random.Random(rng.random()), report, counts, match)
            for match, tokens in tables
            for token in tokens
        ]
        await asyncio.gather(*clients)
        report.seconds = time.monotonic() - started
        for match, tokens in tables:
            record = (await http.get(f"/api/matches/{match}/record", headers=_bearer(tokens[0]))).json()
            report.recorded += sum(1 for step in record["record"]["moves"] if step["player"] >= 0)
        report.moves = sum(counts.values())
    return report


async def _table(http: httpx.AsyncClient, seats: int, seed: int) -> tuple[str, list[str]]:
    body = {"game": "archipel", "options": {"players": seats}, "seats": ["human"] * seats, "seed": seed}
    made = (await http.post("/api/matches", json=body)).raise_for_status().json()
    tokens = [made["token"]]
    for seat in range(1, seats):
        joined = (await http.post(f"/api/matches/{made['match']}/seats/{seat}")).raise_for_status().json()
        tokens.append(joined["token"])
    return made["match"], tokens


async def _client(
    url: str, token: str, stop: float, rng: random.Random, report: LoadReport, counts: dict[str, int], match: str
) -> None:
    async with connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        waiting: int | None = None  # the step our last move was sent at, until a later document
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.05, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] == "error":
                report.errors.append(json.dumps(message))
                waiting = None
                continue
            if message["type"] != "document":
                continue
            report.documents += 1
            doc = message["document"]
            if waiting is not None and doc["step"] > waiting:
                counts[match] += 1
                waiting = None
            if waiting is None and doc["turn"] == doc["seat"] and doc["legal"] and time.monotonic() < stop:
                waiting = doc["step"]
                await ws.send(json.dumps({"type": "move", "move": _pick(doc["legal"], rng)}))
        if waiting is not None:  # our last move: wait for its document, or its error
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] == "error":
                    report.errors.append(json.dumps(message))
                    break
                if message["type"] == "document" and message["document"]["step"] > waiting:
                    counts[match] += 1
                    break


async def run_browser_load(
    url: str,
    *,
    matches: int = 2,
    seats: int = 2,
    seconds: float = 5.0,
    seed: int = 0,
    executable: str = CHROMIUM,
) -> LoadReport:
    """Like [run_load][tabletop.server.load.run_load], each client a Chromium page that plays by clicking.

    Raises:
        RuntimeError: Without the `playwright` package or the Chromium at `executable`.
    """
    try:
        from playwright.async_api import async_playwright
    except ImportError as exc:
        raise RuntimeError(f"--browsers needs the playwright package (pip install playwright): {exc}") from None
    report = LoadReport(matches=matches, clients=matches * seats)
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        tables = [await _table(http, seats, rng.randrange(2**31)) for _ in range(matches)]
        counts: dict[str, int] = {match: 0 for match, _ in tables}
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(
                executable_path=executable, headless=True, args=["--no-sandbox", "--disable-gpu", "--no-first-run"]
            )
            try:
                pages = [
                    await _page(browser, url, match, seat, token, report)
                    for match, tokens in tables
                    for seat, token in enumerate(tokens)
                ]
                started = time.monotonic()
                stop = started + seconds
                await asyncio.gather(
                    *(
                        _clicker(page, stop, random.Random(rng.random()), report, counts, match)
                        for page, (match, _) in zip(pages, [t for t in tables for _ in range(seats)], strict=True)
                    )
                )
                report.seconds = time.monotonic() - started
            finally:
                await browser.close()
        for match, tokens in tables:
            record = (await http.get(f"/api/matches/{match}/record", headers=_bearer(tokens[0]))).json()
            report.recorded += sum(1 for step in record["record"]["moves"] if step["player"] >= 0)
        report.moves = sum(counts.values())
    return report


async def _page(browser: Any, url: str, match: str, seat: int, token: str, report: LoadReport) -> Any:
    """A page of its own (a browser context: its own localStorage) on the match, as `seat`."""
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    key, value = json.dumps(f"tabletop:{match}"), json.dumps(json.dumps({"seat": seat, "token": token}))
    await context.add_init_script(f"localStorage.setItem({key}, {value});")
    page = await context.new_page()
    page.on("pageerror", lambda exc: report.errors.append(f"page error: {exc}"))

    def frame(payload: Any) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        message = json.loads(text)
        if message.get("type") == "document":
            report.documents += 1
        elif message.get("type") == "error":
            report.errors.append(text)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    await page.goto(f"{url}/#/match/{match}")
    await page.wait_for_selector(".board", timeout=60_000)
    return page


async def _clicker(
    page: Any, stop: float, rng: random.Random, report: LoadReport, counts: dict[str, int], match: str
) -> None:
    """Click a move whenever the page offers one, until `stop`; count the moves the page shows played."""
    while time.monotonic() < stop:
        board = page.locator(".board")
        if await board.get_attribute("data-turn") == "over":
            return
        targets = page.locator(_CLICKABLE)
        moves = [targets.nth(i) for i in range(await targets.count())]
        if not moves:
            await page.wait_for_timeout(50)
            continue
        names = [await m.get_attribute("data-move") or "" for m in moves]
        going_on = [m for m, name in zip(moves, names, strict=True) if not name.startswith("season")] or moves
        before = int(await board.get_attribute("data-step") or 0)
        try:
            await rng.choice(going_on).click(timeout=5_000)
            menu = page.locator(".menu .menu-move")
            if await menu.count():
                await menu.nth(rng.randrange(await menu.count())).click(timeout=5_000)
            await page.wait_for_function(
                f"() => Number(document.querySelector('.board')?.dataset.step) > {before}"
                " || document.querySelector('[data-testid=error]') !== null",
                timeout=30_000,
            )
        except Exception as exc:  # the page was redrawn under the click (a push): look again
            if "Timeout" in type(exc).__name__ and time.monotonic() < stop:
                report.errors.append(f"seat page of {match}: no answer to a click: {exc}")
            continue
        shown = page.locator("[data-testid=error]")
        if await shown.count():
            report.errors.append(f"seat page of {match}: {await shown.inner_text()}")
            return
        counts[match] += 1


def _pick(legal: Sequence[Any], rng: random.Random) -> str:
    """A random legal move, declaring the season over only when nothing else is left (matches last)."""
    going_on = [entry for entry in legal if entry["group"] != "season"] or list(legal)
    return str(rng.choice(going_on)["move"])


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: run the load and print the report; exit 1 unless it is ok."""
    parser = argparse.ArgumentParser(description="Load-test a running tabletop server over WebSockets.")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--seats", type=int, default=5, help="seats (clients) per match, 1 to 5")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--browsers", action="store_true", help=f"each client a Chromium page that plays by clicking ({CHROMIUM})"
    )
    args = parser.parse_args(argv)
    run = run_browser_load if args.browsers else run_load
    try:
        report: Any = asyncio.run(
            run(args.url, matches=args.matches, seats=args.seats, seconds=args.seconds, seed=args.seed)
        )
    except RuntimeError as exc:
        print(f"load: {exc}", file=sys.stderr)
        return 2
    print(report)
    for error in report.errors[:10]:
        print("  error:", error, file=sys.stderr)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
