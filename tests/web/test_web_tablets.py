"""Every game's table on a tablet (768 and 800 px, portrait), measured in a real browser
(Playwright driving /usr/bin/chromium): with 40-letter names at every seat, German's long words
and the most players a game seats, no page or frame is wider than the screen, at the opening of
a table, at a finished table of bots with its result and full log, and on its replay page.

Between 700 and 1,000 px the page is one column; a long unbroken name once set that column's
width (809-848 px on an 800 px tablet). Nothing here measures time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_phones import BOT, NAME, assert_fits, create
from web_helpers import ServerProcess, chromium, playwright_or_skip, wait_until

pytestmark = pytest.mark.browser

sync_api = playwright_or_skip()

WIDTHS = (768, 800)
GAMES = {"ciub": 4, "five-seals": 5, "fatal": 5, "runika": 5}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path: Path = tmp_path_factory.mktemp("tablets") / "games.db"
    process = ServerProcess(f"sqlite:///{path}", bot_delay=0.0).start()
    yield process
    process.kill()


def tablet(browser: Any, server: ServerProcess, width: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": 1100}, has_touch=True)
    context.add_cookies([{"name": "grimoire_lang", "value": "de", "url": server.url}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


@pytest.mark.parametrize("width", WIDTHS, ids=lambda width: f"{width}px")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_tables_keep_to_a_tablet(
    browser: Any, server: ServerProcess, game: str, width: int
) -> None:
    players = GAMES[game]
    context, page, errors = tablet(browser, server, width)
    try:
        # a person's table at its opening: the seats' names in the players panel and the board
        mine = create(
            server,
            game=game,
            players=players,
            name=NAME,
            seats=[{"kind": "person", "name": NAME}]
            + [{"kind": "bot", "name": BOT}] * (players - 1),
        )
        table = mine["state"]["id"]
        context.add_cookies(
            [{"name": f"grimoire_seat_{table}", "value": mine["token"], "url": server.url}]
        )
        page.goto(f"{server.url}/games/{table}")
        page.wait_for_selector("#game[data-status='running'] #players .player-name")
        assert_fits(page, width, f"{game}: a person's table")

        # a table of bots played to its end: the result names every seat, the log is full
        bots = create(
            server,
            game=game,
            players=players,
            name=NAME,
            seats=[{"kind": "bot", "level": "random", "name": BOT}] * players,
            join_seat=None,
        )
        watched = bots["state"]["id"]
        page.goto(f"{server.url}/games/{watched}")
        wait_until(
            lambda: httpx.get(f"{server.url}/api/games/{watched}/state").json(),
            lambda state: state["status"] == "finished",
            timeout=300,
        )
        page.reload()
        page.wait_for_selector("#game[data-status='finished'] #result:not([hidden])")
        assert page.locator("#log li").count() > 10
        assert_fits(page, width, f"{game}: a finished table of bots")

        page.goto(f"{server.url}/games/{watched}/replay")
        page.wait_for_selector("#board *")
        assert_fits(page, width, f"{game}: its replay")
        assert not errors, errors
    finally:
        context.close()
