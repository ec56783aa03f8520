"""The rule behind every move, in a real browser (Playwright driving /usr/bin/chromium): an
action button says what it would do on hover and by its "?" button, before anything is played;
a piece of the board no legal action uses says, on hover and on a tap, which rule refuses the
action it stands for (the server's ``why_illegal``), in the page's language; the end of a game
says where each seat's points came from."""

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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.02).start()
    yield process
    process.kill()


def open_page(browser: Any, server: ServerProcess, body: dict[str, Any], locale: str) -> Any:
    """A page on a new game (``body`` as POST /api/games takes it), holding its seat's cookie."""
    created = httpx.post(server.url + "/api/games", json=body)
    assert created.status_code == 201, created.text
    game_id = created.json()["state"]["id"]
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=locale)
    token = created.json().get("token")
    if token:
        cookie = {"name": f"grimoire_seat_{game_id}", "value": token, "url": server.url}
        context.add_cookies([cookie])
    page = context.new_page()
    page.grimoire_errors = []
    page.on("pageerror", lambda error: page.grimoire_errors.append(str(error)))
    page.goto(f"{server.url}/games/{game_id}")
    return page


def ciub_against_a_bot(browser: Any, server: ServerProcess, locale: str = "en-GB") -> Any:
    body = {
        "game": "ciub",
        "players": 2,
        "name": "Ann",
        "options": {"start_player": 0},
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}],
    }
    page = open_page(browser, server, body, locale)
    page.wait_for_selector("#game[data-your-turn='1']", timeout=60000)
    page.wait_for_selector("#actions button.action", state="attached")
    if page.locator("#actions details.all-actions").count():  # a board to click: listed too
        page.locator("#actions details.all-actions > summary").click()
    page.wait_for_selector("#actions button.action")
    return page


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def version(page: Any) -> str:
    return str(page.get_attribute("#game", "data-version"))


def test_an_action_says_what_it_does_and_a_piece_why_it_is_refused(
    browser: Any, server: ServerProcess
) -> None:
    page = ciub_against_a_bot(browser, server)
    before = version(page)
    # an action button: on hover, the explain box says what it would do and its rule
    button = page.locator("#actions button.action[data-action-id]").nth(1)
    button.hover()
    box = page.locator("#explain-box")
    box.wait_for(state="visible")
    assert "(rules: a turn, phase 1" in box.inner_text()
    assert "puts your marker on card" in box.inner_text()
    assert "(rules: a turn, phase 1" in (button.get_attribute("title") or "")
    # its "?" button says it too, and plays nothing (a tap on a phone)
    first = page.locator("#actions button.action[data-action-id]").first
    page.locator(f"#actions [data-explain-id='{first.get_attribute('data-action-id')}']").click()
    assert "leaves your marker" in box.inner_text()
    # a card to mark says what marking it does in its tooltip
    card = page.locator("#board .ciub-card.gr-clickable").first
    assert "puts your marker on card" in (card.get_attribute("title") or "")
    # a supply die, which no action of phase 1 uses: hover, then the rule that refuses it
    page.locator("#board [data-colour='red']").first.hover()
    tip = page.locator("#why-tip")
    tip.wait_for(state="visible", timeout=10000)
    assert "that is done in phase 3" in tip.inner_text()
    assert "refused" in (tip.get_attribute("class") or "")
    shot(page, "explain-why-tip")
    # a tap (click) on another says at once
    page.mouse.move(0, 0)
    page.locator("#board [data-colour='blue']").first.click()
    page.wait_for_function(
        "document.querySelector('#why-tip').textContent.includes('blue')", timeout=10000
    )
    assert version(page) == before  # nothing was played
    assert not page.grimoire_errors, page.grimoire_errors
    page.context.close()


def test_the_tip_speaks_the_pages_language(browser: Any, server: ServerProcess) -> None:
    page = ciub_against_a_bot(browser, server, "de-DE")
    page.locator("#actions button.action[data-action-id]").nth(1).hover()
    assert "(Regeln: ein Zug, Phase 1" in page.locator("#explain-box").inner_text()
    page.locator("#board [data-colour='red']").first.hover()
    tip = page.locator("#why-tip")
    tip.wait_for(state="visible", timeout=10000)
    assert "Phase 3" in tip.inner_text() and "nicht möglich" in tip.inner_text()
    assert not page.grimoire_errors, page.grimoire_errors
    page.context.close()


def test_the_end_says_where_the_points_came_from(browser: Any, server: ServerProcess) -> None:
    body = {
        "game": "ciub",
        "players": 2,
        "options": {"length": "short"},
        "join_seat": None,
        "seats": [{"kind": "bot", "level": "random"}] * 2,
    }
    page = open_page(browser, server, body, "en-GB")
    page.wait_for_selector("#breakdown", timeout=240000)
    seats = page.locator("#breakdown .breakdown-seat")
    assert seats.count() == 2
    text = page.inner_text("#breakdown")
    assert "Where the points came from" in text and "dice held" in text
    shot(page, "explain-breakdown")
    assert not page.grimoire_errors, page.grimoire_errors
    page.context.close()
