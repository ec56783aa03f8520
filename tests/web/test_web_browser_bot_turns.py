"""Each bot's turn in short in the page's log, in a real browser (Playwright driving
/usr/bin/chromium): a F.A.T.A.L. table where two bots move before the person, in German."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from web_helpers import ServerProcess, chromium, playwright_or_skip

pytestmark = pytest.mark.browser

SHOTS = Path(os.environ["GRIMOIRE_SCREENSHOTS"]) if os.environ.get("GRIMOIRE_SCREENSHOTS") else None
sync_api = playwright_or_skip()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.02).start()
    yield process
    process.kill()


def test_the_log_tells_each_bot_turn_in_short(server: ServerProcess) -> None:
    body = {
        "game": "fatal",
        "players": 3,
        "options": {"first_player": 0},
        "join_seat": 2,
        "seats": [{"kind": "bot", "level": "random"}] * 2 + [{"kind": "person", "name": "Ann"}],
    }
    created = httpx.post(server.url + "/api/games", json=body)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["state"]["id"], created.json()["token"]
    with chromium(sync_api) as browser:
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="de-DE")
        cookie = {"name": f"grimoire_seat_{game_id}", "value": token, "url": server.url}
        context.add_cookies([cookie])
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server.url}/games/{game_id}")
        page.wait_for_selector("#game[data-your-turn='1']", timeout=60000)
        turns = page.locator("#log li.turn-summary")
        assert turns.count() >= 1
        first = turns.first
        assert first.get_attribute("data-seat") == "0"
        text = first.locator(".what").inner_text()
        assert text.startswith("der Zug in Kürze: "), text
        assert "Platz 0" not in text and "seat" not in text, text
        assert first.locator(".who").inner_text().strip()  # the bot's name, as the log names it
        # it follows the bot's own lines: the line before it is one of seat 1's
        before = first.locator("xpath=preceding-sibling::li[1]")
        assert "seat-text-0" in (before.locator(".who").get_attribute("class") or "") or (
            "chance" in (before.get_attribute("class") or "")
        )
        if SHOTS is not None:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.locator("#log").screenshot(path=str(SHOTS / "fatal-turn-in-short-de.png"))
        assert not errors, errors
        context.close()
