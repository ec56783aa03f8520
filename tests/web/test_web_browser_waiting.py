"""Bots you can wait for and the rule behind a refused move, in a real browser (Playwright
driving /usr/bin/chromium), on F.A.T.A.L. tables whose bots take a minute a move: the banner
names the bot deciding; a display slot, which no action of the first step takes, says on hover
which rule refuses it, in the page's language."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import ServerProcess, chromium, playwright_or_skip

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ["GRIMOIRE_SCREENSHOTS"]) if os.environ.get("GRIMOIRE_SCREENSHOTS") else None
sync_api = playwright_or_skip()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Bots that wait a minute before each move: a bot's turn stays under way in a test."""
    path = tmp_path_factory.mktemp("waiting") / "games.db"
    process = ServerProcess(f"sqlite:///{path}", bot_delay=60).start()
    yield process
    process.kill()


def fatal_page(browser: Any, server: ServerProcess, first: int, locale: str) -> Any:
    """A F.A.T.A.L. table for 3, the person at seat 1 with two bots; seat id ``first`` starts."""
    body = {
        "game": "fatal",
        "players": 3,
        "options": {"first_player": first},
        "join_seat": 0,
        "seats": [{"kind": "person", "name": "Ann"}]
        + [{"kind": "bot", "level": "random", "name": name} for name in ("Bea", "Cy")],
    }
    created = httpx.post(server.url + "/api/games", json=body)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["state"]["id"], created.json()["token"]
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
    cookie = {"name": f"grimoire_seat_{game_id}", "value": token, "url": server.url}
    context.add_cookies([cookie])
    page = context.new_page()
    page.grimoire_errors = []
    page.on("pageerror", lambda error: page.grimoire_errors.append(str(error)))
    page.goto(f"{server.url}/games/{game_id}")
    return page


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_the_banner_names_the_bot_that_is_thinking(browser: Any, server: ServerProcess) -> None:
    page = fatal_page(browser, server, 1, "ja-JP")
    page.wait_for_selector("#game[data-thinking='1']", timeout=30000)
    banner = page.locator(".thinking")
    assert banner.inner_text() == "\u2068Bea\u2069 が考え中…", banner.inner_text()
    assert page.get_attribute("#game", "data-your-turn") != "1"
    shot(page, "fatal-thinking-ja")
    assert not page.grimoire_errors, page.grimoire_errors
    page.context.close()


def test_a_refused_piece_says_its_rule_in_fatal(browser: Any, server: ServerProcess) -> None:
    page = fatal_page(browser, server, 0, "de-DE")
    page.wait_for_selector("#game[data-your-turn='1']", timeout=30000)
    page.locator("#board .fatal-slot[data-slot='1']").hover()
    tip = page.locator("#why-tip")
    tip.wait_for(state="visible", timeout=10000)
    text = tip.inner_text()
    # the display is for the end of the turn: step 1 allows an enchantment, the exchange, done
    assert text.startswith("'Auslagefeld 1' ist jetzt nicht erlaubt: "), text
    assert "Schritt 1: eine Verzauberung spielen" in text and "jetzt erlaubt: fertig" in text
    assert "refused" in (tip.get_attribute("class") or "")
    shot(page, "fatal-why-tip-de")
    assert not page.grimoire_errors, page.grimoire_errors
    page.context.close()
