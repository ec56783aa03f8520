"""F.A.T.A.L. in a real browser (Playwright driving Debian's Chromium): two people in two
browser contexts and a heuristic bot play by clicking the game's own renderer; the sealed reveal
and the Shield window appear as prompts to the seat that must answer; a spectator sees no hand;
no page raises a JavaScript error. Skipped where Chromium, Playwright or the web extra is
missing."""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the browser test needs the [web] extra")
httpx = pytest.importorskip("httpx")

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
# A whole game by clicking is tests/web/test_web_browser_story.py; here the first rounds are
# enough to see hands, the prompts and the spectator's view (FATAL_BROWSER_MOVES=400: to the end).
MOVES = int(os.environ.get("FATAL_BROWSER_MOVES", "120"))

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from web_helpers import ServerProcess  # noqa: E402  (after the skips)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.01).start()
    yield process
    process.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def new_page(browser: Any) -> tuple[Any, list[str]]:
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def api_state(page: Any) -> dict[str, Any]:
    game_id = page.get_attribute("#game", "data-game")
    state: dict[str, Any] = page.evaluate(
        f"fetch('/api/games/{game_id}/state').then(r => r.json())"
    )
    return state


def test_two_people_and_a_bot_play_fatal_by_clicking(browser: Any, server: ServerProcess) -> None:
    page, errors = new_page(browser)
    page.goto(server.url + "/?game=fatal")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "3")
    page.select_option("#seats select[data-seat='1']", "invite")
    page.select_option("#seats select[data-seat='2']", "bot:heuristic")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#share .share-link")
    link = page.input_value("#share .share-link")
    friend, friend_errors = new_page(browser)
    watcher, watcher_errors = new_page(browser)
    try:
        friend.goto(link)
        friend.fill("#join-name", "Bea")
        friend.click("button[type=submit]")
        friend.wait_for_selector("#game[data-status='running']")
        page.wait_for_selector("#game[data-status='running'] .fatal")
        watcher.goto(server.url + f"/games/{page.get_attribute('#game', 'data-game')}")
        watcher.wait_for_selector("#game[data-status] .fatal")
        pages = {0: page, 1: friend}
        rng = random.Random(5)
        seen = {"reveal": 0, "shield": 0, "hand": 0}
        for _ in range(MOVES):
            state = api_state(page)
            if state["status"] == "finished":
                break
            movers = [s for s in state["to_act"] if s in pages]
            if not movers:
                time.sleep(0.05)
                continue
            seat = rng.choice(movers)
            mover = pages[seat]
            mover.wait_for_selector("#game[data-your-turn='1'] .fatal", timeout=30000)
            before = int(mover.get_attribute("#game", "data-version"))
            prompt = mover.inner_text(".fatal-prompt")
            top = (state["view"]["stack"] or [{}])[-1]
            if top.get("k") == "reveal":
                assert "reveal your character" in prompt
                seen["reveal"] += 1
            mine = api_state(mover)
            if (mine["view"]["stack"] or [{}])[-1].get("k") == "shield":
                assert "targets you" in prompt
                seen["shield"] += 1
            if mover.locator(".fatal-hand .fatal-card").count():
                seen["hand"] += 1
            clickable = mover.locator("#board .gr-clickable")
            if clickable.count() and rng.random() < 0.8:
                clickable.nth(rng.randrange(clickable.count())).click()
            else:  # the page's list of legal actions (folded when there are many)
                details = mover.locator("#actions details.all-actions")
                if details.count() and details.get_attribute("open") is None:
                    details.locator("summary").click()
                buttons = mover.locator("#actions button.action")
                buttons.nth(rng.randrange(buttons.count())).click()
            if mover.locator("#choice-menu:not([hidden])").count():
                items = mover.locator("#choice-menu .menu-item")
                items.nth(rng.randrange(items.count())).click()
            mover.wait_for_function(
                f"Number(document.querySelector('#game').dataset.version) > {before}",
                timeout=30000,
            )
            assert watcher.locator(".fatal-hand").count() == 0  # a spectator sees no hand
        assert seen["hand"] > 0
        if api_state(page)["status"] == "finished":  # round 1 ended: both people were asked
            assert seen["reveal"] >= 2
        view = api_state(watcher)["view"]
        assert all("hand" not in seat for seat in view["seats"])
        assert not errors and not friend_errors and not watcher_errors
    finally:
        friend.context.close()
        watcher.context.close()
        page.context.close()
