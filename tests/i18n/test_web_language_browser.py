"""In a real browser (Playwright driving Chromium): a German browser gets German pages, the
language selector switches to Japanese and is remembered, and the game page's rules panel
shows the rule of the current step."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from web_helpers import ServerProcess

pytestmark = pytest.mark.browser
CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
expect = sync_api.expect


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "lang.db"
    process = ServerProcess(f"sqlite:///{db}", bot_delay=0.02).start()
    yield process
    process.kill()


@pytest.fixture
def page(server: ServerProcess) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(locale="de-DE")
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        browser.close()
        assert not errors, errors


def test_german_browser_japanese_by_choice_and_the_rules_panel(
    page: Any, server: ServerProcess
) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#create-title")).to_have_text("Neues Spiel")
    expect(page.locator("#create-button")).to_have_text("Spiel starten")
    page.select_option("#game-select", "ciub")
    page.click("#create-button")
    page.wait_for_url("**/games/*")
    expect(page.locator("#log-panel h2")).to_have_text("Spielverlauf")
    page.click("#rules-details summary")
    expect(page.locator("#rules-heading")).to_have_text("Ein Zug")
    expect(page.locator("#rules-text")).to_contain_text("Phase 1")

    page.select_option("#lang-select", "ja")  # the page reloads in Japanese
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#log-panel h2")).to_have_text("ゲームの記録")
    expect(page.locator("#status-pill")).to_have_text("対局中")
    page.goto(server.url + "/")  # remembered
    expect(page.locator("#create-title")).to_have_text("新しいゲーム")
