"""Tables that survive real people, in a real browser (Playwright driving /usr/bin/chromium):
a private table played to the end by a person at a desk and one on a phone, while a third walks
away and their seat goes to a bot when their clock runs out; the personal rejoin link; the 413
and 429 limits; Five Seals' click targets; the games on a 390 px phone.

The server's clocks read real time plus an offset the test writes to a file (the
``--clock-file`` of tests/web/serve_for_tests.py): running a clock out is writing a number, not
waiting. Nothing here measures a duration.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web_browser import ARGS, CHROMIUM, shot, sync_api, version, wait_for_change
from web_helpers import ServerProcess

import grimoire

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESK = {"viewport": {"width": 1280, "height": 900}}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def clock_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("clock") / "offset"
    path.write_text("0")
    return path


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, clock_file: Path) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "tables.db"
    extra = ["--clock-file", str(clock_file), "--clock-tick", "0.05"]
    process = ServerProcess(f"sqlite:///{db}", bot_delay=0.02, extra=extra).start()
    yield process
    process.kill()


class People:
    """Browser contexts (each its own cookies: another person, another device), closed after
    the test, with every JavaScript error they raised."""

    def __init__(self, browser: Any) -> None:
        self.browser = browser
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def page(self, device: dict[str, Any]) -> Any:
        context = self.browser.new_context(**device)
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def people(browser: Any) -> Iterator[People]:
    crowd = People(browser)
    yield crowd
    crowd.close()
    assert not crowd.errors, f"JavaScript errors: {crowd.errors}"


def game_id(page: Any) -> str:
    return str(page.get_attribute("#game", "data-game"))


def api_state(page: Any) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(
        f"fetch('/api/games/{game_id(page)}/state').then(r => r.json())"
    )
    return state


def play_by_clicking(page: Any) -> None:
    """The viewer's move on the Toy board: a card clicked (or tapped) in the SVG."""
    page.wait_for_selector("#game[data-your-turn='1'] #board svg [data-card].gr-clickable")
    before = version(page)
    card = page.locator("#board svg [data-card].gr-clickable").first
    # click() scrolls the card into view and retries when the board is drawn again under it
    # (a presence change redraws it); a separate scroll failed on the detached old card
    card.click()
    wait_for_change(page, before)


def join(page: Any, link: str, name: str) -> None:
    page.goto(link)
    page.fill("#join-name", name)
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#game[data-status]")


def rejoin_link(page: Any) -> str:
    page.wait_for_selector("#rejoin:not([hidden]) #rejoin-link")
    # the link can be read: it once sat in the 14 px dot column of the invitation rows' grid
    link_box, panel_box = (
        page.locator("#rejoin-link").bounding_box(),
        page.locator("#rejoin").bounding_box(),
    )
    assert link_box["width"] > panel_box["width"] / 2
    return str(page.input_value("#rejoin-link"))


def fill_private_table(page: Any, name: str, before: Callable[[], None] | None = None) -> None:
    """The lobby's form for a private 3-seat table with two invitations and a real-time clock
    of two minutes a move (no reserve); ``before`` sets game options first."""
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "3")
    page.fill("#player-name", name)
    page.select_option("#seats select[data-seat='1']", "invite")
    page.select_option("#seats select[data-seat='2']", "invite")
    if before is not None:
        before()
    page.select_option("#visibility-select", "private")
    page.select_option("#clock-select", "realtime")
    page.select_option("#move-select", "120")
    page.select_option("#reserve-select", "0")


# ----------------------------------------------------------------------------- the whole story
def test_a_private_table_to_the_end_with_a_phone_and_a_player_out_of_time(
    people: People, server: ServerProcess, clock_file: Path
) -> None:
    clock_file.write_text("0")
    ann = people.page(DESK)
    ann.goto(server.url + "/?game=toy")
    fill_private_table(ann, "Ann", before=lambda: ann.fill("[data-option='rounds']", "1"))
    shot(ann, "tables-lobby")
    ann.click("#create-button")
    ann.wait_for_url(re.compile(r"/games/\w+$"))
    table = game_id(ann)
    # shown once: Ann's own way back, and the invitation links (with the table's key)
    assert f"/games/{table}/rejoin#" in rejoin_link(ann)
    links = ann.locator("#share .share-link").evaluate_all("nodes => nodes.map(n => n.value)")
    assert len(links) == 2 and all("#key=" in link for link in links), links
    shot(ann, "tables-invite")

    # a stranger finds no trace of it in the lobby, and cannot take a seat without the key
    stranger = people.page(DESK)
    stranger.goto(server.url + "/")
    stranger.wait_for_selector("#open-games li")
    assert stranger.locator(f"[data-game-id='{table}']").count() == 0
    stranger.goto(links[1].split("#")[0])
    stranger.wait_for_selector("#join-error:not([hidden])")
    assert "invitation" in stranger.inner_text("#join-error")
    assert stranger.is_disabled("button[type=submit]")

    # Bea joins on her phone, Cy at a desk; Cy then walks away
    bea_phone = people.page(PHONE)
    join(bea_phone, links[0], "Bea")
    bea_link = rejoin_link(bea_phone)
    cy = people.page(DESK)
    join(cy, links[1], "Cy")
    cy.context.close()
    ann.wait_for_selector("#game[data-status='running']")
    assert api_state(ann)["private"] is True
    assert "Bea" in ann.inner_text("#players") and "Cy" in ann.inner_text("#players")
    assert ann.locator("#players [data-clock-seat]").count() == 3

    play_by_clicking(ann)
    # Bea goes on from another device through her personal link
    bea_phone.context.close()
    bea = people.page(PHONE)
    bea.goto(bea_link)
    bea.wait_for_url(re.compile(rf"/games/{table}$"))
    bea.wait_for_selector("#game[data-your-turn='1']")
    assert api_state(bea)["viewer"] == 1
    play_by_clicking(bea)
    shot(bea, "tables-phone")

    # Cy's turn: nobody plays; two minutes pass (on the server's clock)
    ann.wait_for_selector("#players .clock.running")
    assert re.fullmatch(r"\d+:\d\d", ann.inner_text("#players .clock.running"))
    clock_file.write_text("130")
    ann.wait_for_selector("#seat-tools [data-bot-seat='2']")
    assert "out of time" in ann.inner_text("#players")
    shot(ann, "tables-out-of-time")
    ann.click("#seat-tools [data-bot-seat='2']")
    for page in (ann, bea):  # the bot's move, then the result (a loaded CI machine took 30 s)
        page.wait_for_selector("#game[data-status='finished'] #result:not([hidden])", timeout=90000)
    final = api_state(ann)
    assert [seat["kind"] for seat in final["seats"]] == ["person", "person", "bot"]
    assert final["seats"][2]["name"] == "Cy (bot)"
    assert "gave seat 3 to a bot" in bea.inner_text("#log")
    shot(ann, "tables-finished")


def test_pause_and_resume_in_the_browser(
    people: People, server: ServerProcess, clock_file: Path
) -> None:
    created = httpx.post(
        server.url + "/api/games",
        json={"game": "toy", "players": 2, "clock": {"kind": "turn", "move_seconds": 3600}},
    ).json()
    page = people.page(DESK)
    page.context.add_cookies(
        [
            {
                "name": f"grimoire_seat_{created['state']['id']}",
                "value": created["token"],
                "url": server.url,
            }
        ]
    )
    page.goto(f"{server.url}/games/{created['state']['id']}")
    page.wait_for_selector("#game[data-your-turn='1'] #pause-button")
    page.click("#pause-button")
    # generous waits: on a loaded machine the server's answer can take a while
    page.wait_for_selector("#game[data-paused='1'] #resume-button", timeout=90000)
    assert "Paused by" in page.inner_text("#turn-banner")
    assert "paused" in page.inner_text("#players .clock")
    page.click("#resume-button")
    page.wait_for_selector("#game[data-paused='0'] #pause-button", timeout=90000)
    play_by_clicking(page)


# ----------------------------------------------------------------------------- limits
def test_the_lobby_tells_of_413_and_429(people: People, tmp_path: Path) -> None:
    extra = ["--create-burst", "2", "--create-per-minute", "0.01", "--max-body", "2048"]
    limited = ServerProcess(f"sqlite:///{tmp_path / 'limited.db'}", extra=extra).start()
    try:
        page = people.page(DESK)
        page.goto(limited.url + "/?game=toy")
        page.wait_for_selector("#seats select")
        status = page.evaluate(
            """async () => {
              const options = {};
              for (let i = 0; i < 500000; i += 1) options[`k${i}`] = i;
              const response = await fetch('/api/games', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({game: 'toy', options})});
              return [response.status, (await response.json()).detail];
            }"""
        )
        assert status[0] == 413 and "larger than 2048" in status[1]
        for _ in range(2):
            page.goto(limited.url + "/?game=toy")
            page.wait_for_selector("#seats select")
            page.click("#create-button")
            page.wait_for_url(re.compile(r"/games/\w+$"))
        page.goto(limited.url + "/?game=toy")
        page.wait_for_selector("#seats select")
        page.click("#create-button")
        page.wait_for_selector("#create-error:not([hidden])")
        assert "too many games" in page.inner_text("#create-error")
        assert page.url.endswith("/?game=toy")  # still in the lobby
        games = httpx.get(limited.url + "/api/games").json()["games"]
        assert len(games) == 2
    finally:
        limited.kill()


# ----------------------------------------------------------------------------- Five Seals
def five_seals_position(want: Callable[[Any, list[dict[str, Any]]], bool]) -> tuple[Any, int]:
    """A Five Seals position (2 players, random play from fixed seeds) where ``want`` holds for
    the state and the legal actions of the seat to act."""
    game = grimoire.make("five-seals", players=2)
    for seed in range(20):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            seat = state.current_player
            actions = [state.action_to_json(a) for a in state.legal_actions()]
            if want(state, actions):
                assert isinstance(seat, int)
                return state, seat
            state.play(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def wire(page: Any, state: Any, seat: int) -> int:
    """The real SVG of ``state`` for ``seat``, made clickable by the page's own code; the
    actions it plays are collected in ``window.played``."""
    svg = state.game.render_svg(state, seat)
    actions = [state.action_to_json(a) for a in state.legal_actions()]
    count: int = page.evaluate(
        """async ([svg, actions, viewer]) => {
          const common = await import('/static/common.js');
          document.getElementById('probe')?.remove();
          const box = document.createElement('div');
          box.id = 'probe';
          box.innerHTML = svg;
          document.body.prepend(box);
          window.played = [];
          return common.wireClicks(box, actions, (id) => window.played.push(id), viewer);
        }""",
        [svg, actions, seat],
    )
    return count


def played(page: Any) -> list[int]:
    result: list[int] = page.evaluate("window.played")
    return result


def test_five_seals_clicks_never_play_your_action_on_another_player_s_pieces(
    people: People, server: ServerProcess
) -> None:
    page = people.page(DESK)
    page.goto(server.url + "/")

    def binding_for_both(state: Any, actions: list[dict[str, Any]]) -> bool:
        mine = any(a["kind"] == "use" and a["card"] == "Binding" for a in actions)
        other = 1 - int(state.current_player)
        return mine and f'data-card="Binding" data-owner="{other}"' in state.game.render_svg(
            state, state.current_player
        )

    state, seat = five_seals_position(binding_for_both)
    other = 1 - seat
    use = next(
        state.action_to_json(a)["id"]
        for a in state.legal_actions()
        if state.action_to_json(a).get("card") == "Binding"
    )
    assert wire(page, state, seat) > 0
    theirs = page.locator(f"#probe .scroll[data-owner='{other}']")
    assert theirs.count() > 0
    assert page.locator(f"#probe .scroll[data-owner='{other}'].gr-clickable").count() == 0
    page.locator(f"#probe .scroll[data-owner='{other}'][data-card='Binding']").click()
    assert played(page) == []  # another player's Binding plays nothing
    page.locator(f"#probe .scroll[data-owner='{seat}'][data-card='Binding']").click()
    assert played(page) == [use]

    def own_dice(state: Any, actions: list[dict[str, Any]]) -> bool:
        return bool(actions) and {a["kind"] for a in actions} == {"die"}

    state, seat = five_seals_position(own_dice)
    assert wire(page, state, seat) > 0
    assert page.locator(f"#probe .die[data-owner='{seat}'].gr-clickable").count() > 0
    assert page.locator("#probe .supply").count() == 4
    assert page.locator("#probe .supply.gr-clickable").count() == 0  # supply dice: not yours
    assert page.locator(f"#probe .die[data-owner='{1 - seat}'].gr-clickable").count() == 0
    page.locator("#probe .supply").first.click()
    assert played(page) == []


# ----------------------------------------------------------------------------- phones
TEXT_SIZES = """() => {
  const sizes = [];
  for (const node of document.querySelectorAll('#board *')) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const box = node.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    let size = parseFloat(getComputedStyle(node).fontSize);
    if (node instanceof SVGElement) size *= node.getScreenCTM().a;
    sizes.push(size);
  }
  sizes.sort((a, b) => a - b);
  return sizes;
}"""


@pytest.mark.parametrize(
    ("game", "players"), [("ciub", 3), ("five-seals", 2), ("fatal", 3), ("runika", 3)]
)
def test_a_phone_shows_readable_text_and_the_moves_within_reach(
    people: People, server: ServerProcess, game: str, players: int
) -> None:
    created = httpx.post(server.url + "/api/games", json={"game": game, "players": players})
    assert created.status_code == 201, created.text
    doc = created.json()
    page = people.page(PHONE)
    page.context.add_cookies(
        [{"name": f"grimoire_seat_{doc['state']['id']}", "value": doc["token"], "url": server.url}]
    )
    page.goto(f"{server.url}/games/{doc['state']['id']}")
    page.wait_for_selector("#game[data-your-turn='1'] #actions-panel", timeout=30000)
    page.wait_for_function("document.querySelectorAll('#board .gr-clickable').length > 0")
    shot(page, f"phone-{game}")
    layout = page.evaluate(
        """() => ({
          width: document.documentElement.scrollWidth,
          actions: document.querySelector('#actions-panel').getBoundingClientRect().top + scrollY,
          board: document.querySelector('#board').getBoundingClientRect().top + scrollY,
          endless: document.getAnimations().filter(
            (a) => a.effect.getComputedTiming().iterations === Infinity).length,
        })"""
    )
    assert layout["width"] <= 390, layout  # the page itself never scrolls sideways
    assert layout["actions"] < 2000, layout  # the moves are within reach
    assert layout["board"] < layout["actions"], layout  # the board first, then the moves
    assert layout["endless"] == 0, layout  # no animation runs for ever
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes, "no text on the board"
    # seats go by their people's names on the board as in the list (numbered there from 1)
    board_text = page.inner_text("#board")
    assert not re.search(r"\b[Ss]eat \d", board_text), board_text
    assert sizes[0] >= 7.9, sizes[:10]  # nothing unreadably small (8 px at the least) ...
    assert sizes[len(sizes) // 2] >= 11, sizes  # ... and most text at a reading size
    # and a move works by touch
    before = version(page)
    button = page.locator("#actions button.action").first
    if not button.is_visible():
        page.locator("#actions details summary").tap()
    button.tap()
    wait_for_change(page, before)


def test_the_turn_pill_does_not_pulse_for_ever(people: People, server: ServerProcess) -> None:
    created = httpx.post(server.url + "/api/games", json={"game": "toy", "players": 2}).json()
    page = people.page(DESK)
    page.context.add_cookies(
        [
            {
                "name": f"grimoire_seat_{created['state']['id']}",
                "value": created["token"],
                "url": server.url,
            }
        ]
    )
    page.goto(f"{server.url}/games/{created['state']['id']}")
    page.wait_for_selector("#game[data-your-turn='1'] #turn-banner strong")
    timing = page.evaluate(
        "getComputedStyle(document.querySelector('#turn-banner strong')).animationIterationCount"
    )
    assert timing != "infinite" and float(timing) <= 3, timing
    assert json.loads(page.evaluate("JSON.stringify(document.getAnimations().length)")) <= 1
