"""The story of issue 25 in a real browser (Playwright driving /usr/bin/chromium): a player closes
the lid, the table goes on with a bot, the player comes back and takes the seat again; on a
table without a clock (back by the browser's cookie) and on a clocked one (back by the personal
rejoin link), both people on a 360 px phone in Japanese.

The server's clocks read real time plus an offset the test writes to a file (``--clock-file``),
and its absence limits are short (60 s for the others): being away a minute is writing a
number, not waiting. Nothing here measures a duration.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import shot, sync_api
from test_web_browser_tables import (  # noqa: F401  (browser, people: the fixtures, shared)
    People,
    api_state,
    browser,
    game_id,
    join,
    people,
    play_by_clicking,
    rejoin_link,
)
from web_helpers import ServerProcess

pytestmark = pytest.mark.browser
expect = sync_api.expect
PHONE_JA = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "locale": "ja-JP",
}
OTHERS = 60


@pytest.fixture(scope="module")
def clock_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clock") / "offset"
    path.write_text("0")
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock_file: Path) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "absence.db"
    extra = ["--clock-file", str(clock_file), "--clock-tick", "0.05"]
    with pytest.MonkeyPatch.context() as env:  # the server reads its absence rule at start
        env.setenv("GRIMOIRE_AWAY_OTHERS_AFTER", str(OTHERS))
        env.setenv("GRIMOIRE_AWAY_SERVER_AFTER", "600")
        process = ServerProcess(f"sqlite:///{db}", bot_delay=0.02, extra=extra).start()
    yield process
    process.kill()


def open_table(page: Any, url: str, clock: str) -> str:
    """Ann's table in the lobby: Toy for two, the second seat by link, with ``clock``; the
    lobby states in Japanese when a seat goes to a bot. The invitation link."""
    page.goto(url + "/?game=toy")
    page.wait_for_selector("#seats select")
    page.fill("#player-name", "Ann")
    page.select_option("#players-select", "2")
    page.select_option("#seats select[data-seat='1']", "invite")
    page.select_option("#clock-select", clock)
    note = page.locator("#handover-note")
    expect(note).to_contain_text("ページを閉じたプレイヤーの席は、1分後に")
    if clock == "realtime":  # the lobby's default: 30 s a move, 2 min reserve, 1 min grace
        expect(note).to_contain_text("2分 30秒後")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    link = page.locator("#share .share-link").first.input_value()
    return str(link)


@pytest.mark.parametrize("clock", ["none", "realtime"])
def test_a_player_closes_the_lid_a_bot_plays_on_and_the_player_takes_the_seat_back(
    people: People,  # noqa: F811  (the shared fixture)
    server: ServerProcess,
    clock_file: Path,
    clock: str,
) -> None:
    ann = people.page(PHONE_JA)
    invitation = open_table(ann, server.url, clock)
    bea = people.page(PHONE_JA)
    join(bea, invitation, "Bea")
    bea_link = rejoin_link(bea)
    table = game_id(ann)
    for page in (ann, bea):
        page.wait_for_selector("#game[data-status='running']")
    play_by_clicking(ann)  # Ann's move; now Bea's turn

    # Bea closes the lid: her page is gone (her browser keeps its cookie)
    bea.wait_for_selector("#game[data-your-turn='1']")
    cookies = bea.context.storage_state()
    ann.wait_for_selector(f"#board[data-drawn-version='{api_state(ann)['version']}'] svg")
    ann.evaluate("() => { document.querySelector('#board svg').dataset.kept = 'yes' }")
    bea.context.close()
    expect(ann.locator("#players [data-away-seat='1']")).to_contain_text("不在")
    # news of presence does not draw the board again (a click on it would be lost)
    assert ann.locator("#board svg[data-kept='yes']").count() == 1
    give = ann.locator("#seat-tools [data-away-bot-seat='1']")
    expect(give).to_be_disabled()  # not yet: the others wait a minute
    offset = float(clock_file.read_text()) + OTHERS + 1
    clock_file.write_text(str(offset))
    expect(give).to_be_enabled()
    shot(ann, f"absence-{clock}-away-ja")
    give.click()
    expect(ann.locator("#log")).to_contain_text(
        "Ann\u2069が席2をボットに任せました:プレイヤーが不在でした"
    )
    # the table goes on: the bot plays Bea's turn, and it is Ann's again
    ann.wait_for_selector("#game[data-your-turn='1']", timeout=30000)
    state = api_state(ann)
    assert state["seats"][1]["kind"] == "bot" and state["absence"]["seats"][1]["held"]

    # Bea comes back on her phone: by her cookie (no clock), by her personal link (clock)
    if clock == "none":
        again = people.browser.new_context(**PHONE_JA, storage_state=cookies)
        people.contexts.append(again)
        back = again.new_page()
        back.on("pageerror", lambda error: people.errors.append(str(error)))
        back.goto(f"{server.url}/games/{table}")
    else:
        back = people.page(PHONE_JA)
        back.goto(bea_link)
        back.wait_for_url(re.compile(rf"/games/{table}$"))
    back.wait_for_selector("#game[data-status='running']")
    # not in the middle of the bot's turn (it is Ann's): the seat is hers again at once
    back.wait_for_function("() => document.querySelector('#players .tag.you') !== null")
    mine = api_state(back)
    assert mine["viewer"] == 1 and mine["seats"][1] == {
        "seat": 1,
        "name": "Bea",
        "kind": "person",
        "level": None,
        "taken": True,
    }
    # she sees her own seat again (her hand), and the log says, in her language, that she is back
    assert mine["view"]["hand"] is not None
    for page in (ann, back):
        expect(page.locator("#log")).to_contain_text("Bea\u2069が戻り、席に復帰しました")
    shot(back, f"absence-{clock}-back-ja")
    play_by_clicking(ann)
    play_by_clicking(back)  # her own move, at her next turn
    assert api_state(ann)["seats"][1]["kind"] == "person"
