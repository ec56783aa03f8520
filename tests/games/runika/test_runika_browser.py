"""Runika in a real browser (Playwright driving Debian's Chromium), by clicking its own renderer:
a simultaneous-play game against a heuristic bot played to the end (draft picks on the pool,
pushes by the lane arrows around the grid, stored dice, runes, buttons), the seat's own sealed
claims shown as pending while the bot's are never revealed; a quick-draft pass shown as
pending to its seat only; the page at a phone's width. No page raises a JavaScript error.
Skipped where Chromium, Playwright or the web extra is missing."""

from __future__ import annotations

import os
import random
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the browser test needs the [web] extra")
httpx = pytest.importorskip("httpx")

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
MOVES = 400  # a short game (goal 15, ends on a starting rune) takes 50..90 of the person's moves

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))
from web_helpers import ServerProcess, wait_until  # noqa: E402  (after the skips)

# The order a person picks in: progress first, so the game ends in few moves.
PRIORITY = [
    *("claim", "draft", "pass", "resolve", "enter", "professor", "done", "orient", "keep"),
    *("at", "cell", "dir", "line", "seat", "luniorn", "turn-cw", "roll", "ability"),
    *("flame-clear", "die", "discard", "reroll", "turn-ccw", "charm", "cancel"),
]
YOU = ".rk-seat.you"
BUTTONS = {"done", "cancel", "roll", "flame-clear", "turn-cw", "turn-ccw", "dir", "line", "at"}


# Games get seeds from this base (serve_for_tests.py --seeds), so the long test plays the same
# short game every run rather than one of 50..400 moves.
SEEDS = os.environ.get("RUNIKA_BROWSER_SEEDS", "14")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    database = f"sqlite:///{tmp_path / 'games.db'}"
    process = ServerProcess(database, bot_delay=0.0, extra=["--seeds", SEEDS]).start()
    yield process
    process.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def new_page(browser: Any, width: int = 1300, height: int = 1000) -> tuple[Any, list[str]]:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


def start_game(page: Any, server: ServerProcess, people: int = 1, **options: Any) -> str:
    """A running 2-player game, the page's context seated at seat 0. Against a heuristic bot
    the game is made in the lobby, ticking and choosing the options; with ``people=2`` through
    the API, and seat 1 joins through the API and then acts only when told to."""
    if people == 1:
        page.goto(server.url + "/?game=runika")
        page.wait_for_selector("#seats select[data-seat='1']")
        page.select_option("#players-select", "2")
        page.select_option("#seats select[data-seat='1']", "bot:heuristic")
        for name, value in options.items():
            if isinstance(value, bool):
                page.set_checked(f"[data-option='{name}']", value)
            else:
                page.select_option(f"[data-option='{name}']", str(value))
        page.click("#create-button")
        page.wait_for_url(re.compile(r"/games/\w+$"))
        page.wait_for_selector("#game[data-status='running'] .runika")
        return str(page.get_attribute("#game", "data-game"))
    page.goto(server.url + "/")
    body = {
        "game": "runika",
        "players": 2,
        "options": options,
        "seats": [{"kind": "person"}, {"kind": "person"}],
        "name": "Ann",
    }
    created = page.evaluate(
        "body => fetch('/api/games', {method: 'POST', headers: {'Content-Type': "
        "'application/json'}, body: JSON.stringify(body)}).then(r => r.json())",
        body,
    )
    game_id: str = created["state"]["id"]
    joined = httpx.post(f"{server.url}/api/games/{game_id}/join", json={"seat": 1})
    assert joined.status_code == 200, joined.text
    TOKENS[game_id] = joined.json()["token"]
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#game[data-status='running'] .runika")
    return game_id


TOKENS: dict[str, str] = {}  # the second person's seat token, by game


def api_state(page: Any, game_id: str) -> dict[str, Any]:
    script = f"fetch('/api/games/{game_id}/state').then(r => r.json())"
    state: dict[str, Any] = page.evaluate(script)
    return state


def shows(page: Any, version: int) -> bool:
    """Wait until the page has drawn ``version`` or a later one; whether it shows that one."""
    page.wait_for_function(
        f"Number(document.querySelector('#game').dataset.version) >= {version} && "
        "document.querySelector('#game .runika') !== null",
        timeout=30000,
    )
    return int(page.get_attribute("#game", "data-version")) == version


def choose(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by_kind.setdefault(action["kind"], []).append(action)
    for kind in PRIORITY:
        if kind in by_kind:
            return rng.choice(by_kind[kind])
    return rng.choice(actions)


def selector(action: dict[str, Any]) -> str:
    """The element of the renderer that stands for the action."""
    kind = action["kind"]
    if kind in BUTTONS:
        fields = {"dir": "dir", "line": "line"}
        extra = f"[data-{fields[kind]}='{action[fields[kind]]}']" if kind in fields else ""
        if kind == "at":
            extra = f"[data-cell='{action['cell']}'][data-rotation='{action['rotation']}']"
        return f".rk-buttons button[data-kind='{kind}']{extra}"
    if kind == "draft":
        return f".rk-middle [data-kind='draft'][data-colour='{action['colour']}']"
    if kind == "pass":
        return f"{YOU} .rk-hand [data-kind='pass'][data-colour='{action['colour']}']"
    if kind == "luniorn":
        return f"[data-kind='luniorn'][data-colour='{action['colour']}']"
    if kind == "orient":
        return f"{YOU} [data-kind='orient'][data-colour='{action['colour']}']"
    if kind in ("discard", "reroll", "resolve", "keep", "die"):
        return f"{YOU} .rk-store [data-die='{action['die']}']"
    if kind == "enter":
        lane = f"[data-side='{action['side']}'][data-lane='{action['lane']}']"
        return f"{YOU} [data-kind='enter']{lane}"
    if kind in ("professor", "charm"):
        return f"[data-professor='{action['professor']}']"
    if kind == "cell":
        return f".rk-board [data-cell='{action['cell']}']"
    if kind == "seat":
        return f".rk-seat-head[data-seat='{action['seat']}']"
    if kind == "ability":
        return f"{YOU} [data-kind='ability'][data-card='{action['card']}']"
    assert kind == "claim", kind
    return f"[data-kind='claim'][data-rune='{action['rune']}']"


def click_action(page: Any, action: dict[str, Any]) -> dict[str, Any]:
    """Click the renderer's element for the action (and its line of the menu if one opens);
    the server's answer: the seat's payload after it."""
    target = page.locator(selector(action)).first
    assert "gr-clickable" in (target.get_attribute("class") or ""), action
    posted = page.expect_response(
        lambda r: r.url.endswith("/actions") and r.request.method == "POST"
    )
    with posted as response:
        target.click()
        menu = page.locator("#choice-menu:not([hidden])")
        if menu.count():
            page.locator("#choice-menu .menu-item", has_text=action["text"]).first.click()
    assert response.value.ok, response.value.text()
    assert response.value.request.post_data_json["action"]["id"] == action["id"]
    payload: dict[str, Any] = response.value.json()
    return payload


def test_a_simultaneous_game_against_a_bot_played_to_the_end_by_clicking(
    browser: Any, server: ServerProcess
) -> None:
    page, errors = new_page(browser)
    try:
        game_id = start_game(page, server, simultaneous=True, goal=15, starting_rune_end=True)
        rng = random.Random(3)
        clicked: set[str] = set()
        pending_seen = False
        state = api_state(page, game_id)
        moves = 0
        for _ in range(MOVES):
            # the bot's sealed claims are counted, never named, in the person's payload
            bot = state["view"]["seats"][1]
            assert all(rune is None for rune in bot["claims"])
            assert all(cells is None for cells in bot["claim_cells"])
            mine = state["view"]["seats"][0]
            if mine["claims"] and not pending_seen and shows(page, state["version"]):
                # sealed till the round end: shown to its seat as pending
                assert mine["claims"][-1] in page.inner_text(f"{YOU} .rk-sealed.pending")
                pending_seen = True
            if state["status"] == "finished":
                break
            if not state["your_turn"] or not shows(page, state["version"]):
                page.wait_for_timeout(30)  # the bot moves (or moved meanwhile)
                state = api_state(page, game_id)
                continue
            action = choose(state["actions"], rng)
            state = click_action(page, action)
            clicked.add(action["kind"])
            moves += 1
        final = api_state(page, game_id)
        assert final["status"] == "finished", "the game did not end in the moves allowed"
        assert {"draft", "resolve", "enter", "done"} <= clicked
        print(f"pending claims seen: {pending_seen}; moves: {moves}; kinds: {sorted(clicked)}")
        page.wait_for_selector("#result:not([hidden])")
        assert not errors, errors
    finally:
        page.context.close()


def test_a_quick_draft_pass_is_pending_to_its_seat_only(
    browser: Any, server: ServerProcess
) -> None:
    """Seat 1 (a person who waits) has not passed: seat 0's click leaves its pass sealed, shown
    to seat 0 as pending; seat 1's payload says it passed, not which die."""
    page, errors = new_page(browser)
    try:
        game_id = start_game(page, server, people=2, quick_draft=True)
        state = api_state(page, game_id)
        while not any(a["kind"] == "pass" for a in state["actions"]):
            assert state["status"] == "running"
            page.wait_for_timeout(30)
            state = api_state(page, game_id)
        # the other hand is hidden while the pass is open: counted, not shown
        assert state["view"]["seats"][1]["quick_hand"]
        assert all(c is None for c in state["view"]["seats"][1]["quick_hand"])
        assert state["view"]["bag"] is None
        assert shows(page, state["version"])
        action = next(a for a in state["actions"] if a["kind"] == "pass")
        after = click_action(page, action)
        assert after["view"]["phase"] == "pass" and not after["your_turn"]
        assert shows(page, after["version"])
        assert "You pass" in page.inner_text(f"{YOU} .rk-sealed.pending")
        assert "You pass" not in page.inner_text(".rk-seat:not(.you)")
        other = httpx.get(
            f"{server.url}/api/games/{game_id}/state", headers={"X-Seat-Token": TOKENS[game_id]}
        ).json()
        assert other["your_turn"]
        passed = other["view"]["seats"][0]
        assert passed["quick_passed"] and passed["quick_pass"] is None
        assert all(c is None for c in passed["quick_hand"])
        assert not errors, errors
    finally:
        page.context.close()


def test_the_phone_layout_keeps_the_moves_near(browser: Any, server: ServerProcess) -> None:
    page, errors = new_page(browser, 390, 844)
    try:
        game_id = start_game(page, server, simultaneous=True)
        state = api_state(page, game_id)
        while not state["your_turn"]:
            page.wait_for_timeout(30)
            state = api_state(page, game_id)
        assert shows(page, state["version"])
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 390, f"the page scrolls sideways ({wide} px)"
        sizes = page.evaluate(
            "[...document.querySelectorAll('.runika *')].filter(e => e.childNodes.length && "
            "[...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))"
            ".map(e => parseFloat(getComputedStyle(e).fontSize))"
        )
        assert sizes and min(sizes) >= 8
        # the draft pool (the first move of a round) is on the first screens, not far below
        top = page.evaluate("document.querySelector('.rk-middle').getBoundingClientRect().top")
        assert top < 2000
        action = choose(state["actions"], random.Random(1))
        click_action(page, action)
        assert not errors, errors
    finally:
        page.context.close()


def test_the_replay_draws_every_step_of_a_bots_game(browser: Any, server: ServerProcess) -> None:
    """Two bots play a short game on the server; a spectator steps through its replay (the
    renderer with no actions and no viewer)."""
    created = httpx.post(
        server.url + "/api/games",
        json={
            "game": "runika",
            "players": 2,
            "options": {"simultaneous": True, "goal": 15, "starting_rune_end": True},
            "join_seat": None,
            "seats": [{"kind": "bot"}, {"kind": "bot", "level": "heuristic"}],
        },
    ).json()
    game_id = created["state"]["id"]
    final = wait_until(
        lambda: httpx.get(f"{server.url}/api/games/{game_id}/state").json(),
        lambda state: state["status"] == "finished",
        timeout=120,
    )
    page, errors = new_page(browser)
    try:
        page.goto(f"{server.url}/games/{game_id}/replay")
        page.wait_for_selector("#replay[data-step='0'] .runika")
        page.click("#next")
        page.wait_for_selector("#replay[data-step='1'] .runika")
        steps = int(page.inner_text("#step-label").split()[-1])  # "step 1 of N"
        assert steps >= final["log_length"] > 1
        page.click("#last")
        page.wait_for_selector(f"#replay[data-step='{steps}'] .runika", timeout=60000)
        assert "game is over" in page.inner_text(".rk-prompt")
        assert page.locator(".rk-seat.you").count() == 0
        assert not errors, errors
    finally:
        page.context.close()
