"""F.A.T.A.L.'s renderer in a real browser (Playwright driving Chromium) speaks the page's
language: a German browser reads the table's own words in German (round, display, treasure
deck, hand, counts), the prompt comes from the engine in German with the seats' names put in
for "Platz N", and the language selector switches all of it to Japanese. Skipped where Chromium,
Playwright or the web extra is missing."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

pytestmark = pytest.mark.browser
CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
expect = sync_api.expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from web_helpers import ServerProcess  # noqa: E402  (after the skips)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.01).start()
    yield process
    process.kill()


@pytest.fixture
def page(server: ServerProcess) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(locale="de-DE", viewport={"width": 1400, "height": 1000})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        browser.close()
        assert not errors, errors


def test_the_fatal_table_in_german_then_japanese(page: Any, server: ServerProcess) -> None:
    page.goto(server.url + "/?game=fatal")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "3")
    page.select_option("#seats select[data-seat='1']", "bot:heuristic")
    page.select_option("#seats select[data-seat='2']", "bot:heuristic")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#game[data-your-turn='1'] .fatal", timeout=30000)
    expect(page.locator(".fatal-head strong")).to_have_text(re.compile(r"^Runde [12]$"))
    expect(page.locator(".fatal-display .fatal-label")).to_have_text("Auslage")
    expect(page.locator(".fatal-decks")).to_contain_text("Spielstapel")
    expect(page.locator(".fatal-hand .fatal-label")).to_have_text("Deine Hand")
    expect(page.locator(".fatal-seat.you .fatal-count")).to_contain_text("beiseite")
    expect(page.locator(".fatal-seat.you strong").first).to_contain_text("(du)")
    prompt = page.inner_text(".fatal-prompt")
    assert prompt.strip() and "seat" not in prompt and not re.search(r"Platz \d", prompt)

    page.select_option("#lang-select", "ja")  # the page reloads in Japanese
    page.wait_for_selector("#game[data-your-turn='1'] .fatal", timeout=30000)
    expect(page.locator(".fatal-head strong")).to_have_text(re.compile(r"^ラウンド[12]$"))
    expect(page.locator(".fatal-display .fatal-label")).to_have_text("展示")
    expect(page.locator(".fatal-hand .fatal-label")).to_have_text("あなたの手札")
    prompt = page.inner_text(".fatal-prompt")
    assert prompt.strip() and not re.search(r"席\d", prompt)
