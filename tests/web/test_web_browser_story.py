"""The whole story of issue 14 in a real browser (Playwright driving /usr/bin/chromium), with a
real game: Ann at a desk in German and Bea on a phone in Japanese play a private F.A.T.A.L. table
to the end, by clicking; Cy joins and walks away, and when his clock runs out his seat goes to a
bot. Each person reads the lobby, the table, the game's own words, the clock and the log's
events in the language they chose; nobody's page raises a JavaScript error.

The server's clock reads real time plus an offset the test writes to a file (the
``--clock-file`` of tests/web/serve_for_tests.py): running a clock out is writing a number, not
waiting. Nothing here measures a duration.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import shot, sync_api, version, wait_for_change
from test_web_browser_tables import (  # noqa: F401  (browser, people: the fixtures, shared)
    DESK,
    PHONE,
    People,
    api_state,
    browser,
    fill_private_table,
    game_id,
    join,
    people,
    rejoin_link,
)
from web_helpers import ServerProcess

pytestmark = pytest.mark.browser
expect = sync_api.expect
MOVES = 600  # both people's moves in a 3-player game take 80..250 clicks


@pytest.fixture
def clock_file(tmp_path: Path) -> Path:
    path = tmp_path / "offset"
    path.write_text("0")
    return path


@pytest.fixture
def server(tmp_path: Path, clock_file: Path) -> Iterator[ServerProcess]:
    extra = ["--clock-file", str(clock_file), "--clock-tick", "0.05", "--seeds", "3"]
    process = ServerProcess(f"sqlite:///{tmp_path / 'story.db'}", bot_delay=0.01, extra=extra)
    process.start()
    yield process
    process.kill()


def click_a_move(page: Any, rng: random.Random) -> None:
    """A move as a person makes it: a piece of the board or a button of the move list, then
    a choice from the menu if the click opened one."""
    page.wait_for_selector("#game[data-your-turn='1'] .fatal", timeout=30000)
    before = version(page)
    clickable = page.locator("#board .gr-clickable")
    if clickable.count() and rng.random() < 0.8:
        target = clickable.nth(rng.randrange(clickable.count()))
    else:
        details = page.locator("#actions details.all-actions")
        if details.count() and details.get_attribute("open") is None:
            details.locator("summary").click()
        buttons = page.locator("#actions button.action")
        target = buttons.nth(rng.randrange(buttons.count()))
    target.click()  # scrolls into view, and retries if the board is drawn again meanwhile
    if page.locator("#choice-menu:not([hidden])").count():
        items = page.locator("#choice-menu .menu-item")
        items.nth(rng.randrange(items.count())).click()
    wait_for_change(page, before)


def test_two_people_in_their_languages_one_on_a_phone_and_a_bot_for_the_one_who_left(
    people: People,  # noqa: F811  (the shared fixture)
    server: ServerProcess,
    clock_file: Path,
) -> None:
    # Ann's browser asks for German: the lobby speaks it
    ann = people.page({**DESK, "locale": "de-DE"})
    ann.goto(server.url + "/?game=fatal")
    expect(ann.locator("#create-title")).to_have_text("Neues Spiel")
    fill_private_table(ann, "Ann")
    ann.click("#create-button")
    ann.wait_for_url(re.compile(r"/games/\w+$"))
    table = game_id(ann)
    assert f"/games/{table}/rejoin#" in rejoin_link(ann)
    links = ann.locator("#share .share-link").evaluate_all("nodes => nodes.map(n => n.value)")
    assert len(links) == 2 and all("#key=" in link for link in links), links

    # Bea joins on her phone, which asks for Japanese; Cy joins in English and walks away
    bea = people.page({**PHONE, "locale": "ja-JP"})
    join(bea, links[0], "Bea")
    bea_link = rejoin_link(bea)  # shown once, when she joins
    cy = people.page(DESK)
    join(cy, links[1], "Cy")
    cy.context.close()
    for page in (ann, bea):
        page.wait_for_selector("#game[data-status='running'] .fatal", timeout=30000)
    assert api_state(ann)["private"] is True
    expect(ann.locator("#log-panel h2")).to_have_text("Spielverlauf")
    expect(bea.locator("#log-panel h2")).to_have_text("ゲームの記録")
    expect(ann.locator(".fatal-display .fatal-label")).to_have_text("Auslage")
    expect(bea.locator(".fatal-display .fatal-label")).to_have_text("展示")
    shot(bea, "story-phone-ja")

    pages = {0: ann, 1: bea}
    rng = random.Random(14)
    offset = 0
    clicks = 0
    for _ in range(MOVES):
        state = api_state(ann)
        if state["status"] == "finished":
            break
        movers = [seat for seat in state["to_act"] if seat in pages]
        if movers:
            click_a_move(pages[rng.choice(movers)], rng)
            clicks += 1
            continue
        if state["seats"][2]["kind"] == "person" and 2 in state["to_act"]:
            # Cy's turn and nobody plays it: two minutes pass on the server's clock
            offset += 130
            clock_file.write_text(str(offset))
            ann.wait_for_selector("#seat-tools [data-bot-seat='2']")
            expect(ann.locator("#players")).to_contain_text("Zeit abgelaufen")
            expect(bea.locator("#players")).to_contain_text("時間切れ")
            ann.click("#seat-tools [data-bot-seat='2']")
            # each reads who gave Cy's seat to a bot, in their own language
            expect(ann.locator("#log")).to_contain_text("Ann\u2069 gab Platz 3 einem Bot")
            expect(bea.locator("#log")).to_contain_text("Ann\u2069が席3をボットに任せました")
            continue
        time.sleep(0.05)  # the bot is thinking
    final = api_state(ann)
    assert final["status"] == "finished", f"not over after {clicks} clicks"
    assert [seat["kind"] for seat in final["seats"]] == ["person", "person", "bot"]
    assert final["seats"][2]["name"] == "Cy (bot)"

    # the end, each in their own language; log lines name the seats by their people's names
    for page in (ann, bea):
        page.wait_for_selector("#game[data-status='finished'] #result:not([hidden])")
    for page, seat_word in ((ann, "Platz"), (bea, "席")):
        lines = page.locator("#log li .what").all_inner_texts()
        assert lines and not any(re.search(rf"{seat_word}\s?\d", line) for line in lines), lines
    expect(ann.locator("#status-pill")).to_have_text("beendet")
    expect(bea.locator("#status-pill")).to_have_text("終了")
    shot(ann, "story-finished-de")
    shot(bea, "story-finished-ja")

    # Bea goes on from another phone through her personal link: still Japanese, still seated
    bea.context.close()
    again = people.page({**PHONE, "locale": "ja-JP"})
    again.goto(bea_link)
    again.wait_for_url(re.compile(rf"/games/{table}$"))
    again.wait_for_selector("#game[data-status='finished']")
    assert api_state(again)["viewer"] == 1
    expect(again.locator("#log-panel h2")).to_have_text("ゲームの記録")
