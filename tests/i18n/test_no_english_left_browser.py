"""What the pages' scripts draw, in a real browser (Playwright driving Chromium), in German and
Japanese: the lobby's lists, each game's page with its renderer (board, actions, players, log),
a finished game's result and its replay. Fails on any English word of the catalogues (the same
rule as test_no_english_left.py), the lobby's form with each game's options included."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from tests.i18n.test_no_english_left import GAMES, TEST_SEED, left_in
from web_helpers import ServerProcess

pytestmark = pytest.mark.browser
CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

# the page's text as a person meets it: what is shown, and the tooltips and labels
SHOWN = """() => {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { parts.push(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (["SCRIPT", "STYLE"].includes(node.tagName)) return;
    for (const name of ["title", "aria-label", "placeholder"]) {
      if (node.getAttribute(name)) parts.push(node.getAttribute(name));
    }
    if (node.tagName === "title") parts.push(node.textContent);
    for (const child of node.childNodes) walk(child);
  };
  walk(document.body);
  parts.push(document.title);
  return parts.join("\\n");
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "words.db"
    with pytest.MonkeyPatch.context() as patch:  # the same tables every run
        patch.setenv("GRIMOIRE_TEST_SEED", TEST_SEED)
        process = ServerProcess(f"sqlite:///{db}", bot_delay=0.0).start()
    yield process
    process.kill()


def test_the_scripts_draw_no_english(server: ServerProcess) -> None:
    import httpx

    tables = {}
    for name, players in GAMES:
        seats = [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
        body = {"game": name, "players": players, "name": "Ann", "seats": seats}
        created = httpx.post(f"{server.url}/api/games", json=body).json()
        tables[name] = (created["state"]["id"], created["token"])
    body = {"game": "ciub", "players": 2, "options": {"length": "short"}, "join_seat": None}
    body["seats"] = [{"kind": "bot", "level": "random"}] * 2
    finished = httpx.post(f"{server.url}/api/games", json=body).json()["state"]["id"]
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for lang in ("de", "ja"):
            context = browser.new_context(locale=lang)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
            found: dict[str, set[str]] = {}
            page.goto(server.url + "/")
            page.wait_for_selector("#game-select option", state="attached")
            page.wait_for_timeout(300)  # the tables listed
            found["lobby"] = left_in(page.evaluate(SHOWN), lang)
            for name, _ in GAMES:  # the form shows the chosen game's options
                page.select_option("#game-select", name)
                page.wait_for_selector("#options [data-option]", state="attached")
                found[f"lobby, {name}"] = left_in(page.evaluate(SHOWN), lang, name)
            for name, (game_id, token) in tables.items():
                context.set_extra_http_headers({"X-Seat-Token": token})
                page.goto(f"{server.url}/games/{game_id}")
                page.wait_for_function("document.getElementById('game').dataset.version")
                page.wait_for_timeout(300)  # the renderer's module and the rules arrive
                found[name] = left_in(page.evaluate(SHOWN), lang, name)
            context.set_extra_http_headers({})
            page.goto(f"{server.url}/games/{finished}")
            page.wait_for_function("document.getElementById('game').dataset.status === 'finished'")
            found["result"] = left_in(page.evaluate(SHOWN), lang)
            page.goto(f"{server.url}/games/{finished}/replay")
            page.wait_for_function("document.getElementById('replay').dataset.step === '0'")
            page.click("#last")
            page.wait_for_function("document.getElementById('replay').dataset.step !== '0'")
            found["replay"] = left_in(page.evaluate(SHOWN), lang)
            context.close()
            assert not errors, errors
            assert not {where: words for where, words in found.items() if words}, lang
        browser.close()
