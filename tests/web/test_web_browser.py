"""The pages in a real browser: Playwright driving Debian's Chromium (/usr/bin/chromium).

Skipped, with the reason, only where no Chromium or no Playwright exists. The server is the real
app in its own process (tests/web/serve_for_tests.py) on a loopback port.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_helpers import ServerProcess, wait_until

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = (
    Path(os.environ.get("GRIMOIRE_SCREENSHOTS", ""))
    if os.environ.get("GRIMOIRE_SCREENSHOTS")
    else None
)
BUTTONS = ("pass", "done", "stop", "no_claim", "end_turn")

if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0.02).start()
    yield process
    process.kill()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version"))


def wait_for_change(page: Any, old: int) -> None:
    page.wait_for_function(
        f"Number(document.querySelector('#game').dataset.version) > {old}", timeout=60000
    )


def my_turn(page: Any) -> bool:
    return bool(page.get_attribute("#game", "data-your-turn") == "1")


def click_something(page: Any, step: int) -> str:
    """One Ciúb move by clicking the board: mostly the turn's buttons, sometimes a die or a
    card (with its menu, if it stands for several actions). Returns what was clicked."""
    board_things = page.locator("#board .ciub-die.gr-clickable, #board .ciub-card.gr-clickable")
    buttons = [k for k in BUTTONS if page.locator(f"#board [data-kind={k}].gr-clickable").count()]
    if board_things.count() and (step % 3 == 1 or not buttons):
        target = board_things.nth(step % board_things.count())
        label = target.get_attribute("aria-label")
        target.click()
        if page.locator("#choice-menu:not([hidden])").count():
            item = page.locator("#choice-menu .menu-item").first
            label = item.inner_text()
            item.click()
        return f"board: {label}"
    if buttons:
        page.locator(f"#board [data-kind={buttons[0]}].gr-clickable").first.click()
        return f"button: {buttons[0]}"
    other = page.locator("#board .gr-clickable").first  # supply dice, faces ...
    label = other.get_attribute("aria-label")
    other.click()
    if page.locator("#choice-menu:not([hidden])").count():
        page.locator("#choice-menu .menu-item").first.click()
    return f"other: {label}"


def api_state(page: Any) -> dict[str, Any]:
    game_id = page.get_attribute("#game", "data-game")
    state: dict[str, Any] = page.evaluate(
        f"fetch('/api/games/{game_id}/state').then(r => r.json())"
    )
    return state


def same_after_reload(page: Any, before: dict[str, Any]) -> None:
    """The reloaded page's state is ``before`` exactly, once its socket is back: between the
    old page's socket closing and the new one's opening the seat is rightly away (``absence``)."""
    wait_until(lambda: api_state(page), lambda state: state == before, timeout=30)


# ----------------------------------------------------------------------------- Ciúb
def test_ciub_against_two_bots_a_whole_turn_by_clicking_then_reload(
    page: Any, server: ServerProcess
) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select")
    page.select_option("#game-select", "ciub")
    page.select_option("#players-select", "3")
    page.fill("#player-name", "Morgana")
    assert page.input_value("#seats select[data-seat='0']") == "you"
    assert page.input_value("#seats select[data-seat='1']") == "bot:heuristic"
    assert page.input_value("#seats select[data-seat='2']") == "bot:heuristic"
    shot(page, "lobby")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#game[data-your-turn='1'] .ciub")
    assert "Your turn" in page.inner_text("#turn-banner")
    assert page.locator(".ciub-card").count() >= 8
    assert page.locator(".ciub-seat").count() == 3
    assert "Morgana" in page.inner_text("#players")
    shot(page, "ciub-start")
    # the exact odds beside every card the seat may claim: before its first roll, that roll's
    aids = api_state(page)["aids"]
    assert aids["seat"] == 0 and aids["cards"]
    assert page.locator(".ciub-odds.first-roll").count() == len(aids["cards"])
    for row in aids["cards"]:
        badge = f".ciub-card[data-card='{row['card']}'] .ciub-odds"
        assert float(page.get_attribute(badge, "data-odds")) == row["first_roll"]

    clicks: list[str] = []
    reloaded = False
    while my_turn(page):
        before = version(page)
        clicks.append(click_something(page, len(clicks)))
        wait_for_change(page, before)
        if not reloaded and len(clicks) >= 3 and my_turn(page):
            # a reload in the middle of the turn finds exactly the same state
            board = page.inner_html("#board")
            state = api_state(page)
            page.reload()
            page.wait_for_selector("#game[data-your-turn='1'] .ciub")
            same_after_reload(page, state)
            assert page.inner_html("#board") == board
            reloaded = True
            shot(page, "ciub-mid-turn")
        assert len(clicks) < 80, clicks
    assert reloaded
    assert any(click.startswith("board:") for click in clicks), clicks
    assert any("end_turn" in click or "end turn" in click for click in clicks), clicks
    # the turn went to a bot; the page follows it live and comes back to us
    page.wait_for_selector("#game[data-your-turn='1']", timeout=30000)
    log = page.inner_text("#log")
    assert "Bot 2" in log and "Bot 3" in log
    state = api_state(page)
    page.reload()
    page.wait_for_selector("#game[data-your-turn='1'] .ciub")
    same_after_reload(page, state)
    shot(page, "ciub-second-turn")


# ----------------------------------------------------------------------------- live, two seats
def test_a_second_seat_in_another_context_sees_every_move_live(
    browser: Any, page: Any, server: ServerProcess
) -> None:
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "2")
    page.select_option("#seats select[data-seat='1']", "invite")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#share .share-link")
    link = page.input_value("#share .share-link")
    assert "/join/1#key=" in link  # the lobby keeps seats for invited players by default
    shot(page, "toy-invite")

    friend_context = browser.new_context(viewport={"width": 1200, "height": 900})
    friend = friend_context.new_page()
    try:
        friend.goto(link)
        friend.fill("#join-name", "Bea")
        friend.click("button[type=submit]")
        friend.wait_for_url(re.compile(r"/games/\w+$"))
        friend.wait_for_selector("#game[data-status='running']")
        page.wait_for_selector("#game[data-status='running']")  # live: no reload
        assert "Bea" in page.inner_text("#players")
        pages = {0: page, 1: friend}
        for _move in range(4):
            seat = api_state(page)["to_act"][0]
            mover, watcher = pages[seat], pages[1 - seat]
            mover.wait_for_selector("#game[data-your-turn='1']")
            before = version(watcher)
            # play a card by clicking it in the game's SVG
            card = mover.locator("#board svg [data-card].gr-clickable").first
            name = card.get_attribute("data-card")
            card.click()
            wait_for_change(watcher, before)
            # One move may be pushed as more than one update (the move, then what follows
            # it): wait until both pages show the server's latest version.
            latest = api_state(mover)["version"]
            wait_for_change(watcher, latest - 1)
            wait_for_change(mover, latest - 1)
            assert version(watcher) == version(mover) == latest
            assert name.capitalize() in watcher.inner_text("#log")
        shot(friend, "toy-friend")
    finally:
        friend_context.close()


def test_undo_in_the_browser(page: Any, server: ServerProcess) -> None:
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "2")
    page.click("#create-button")
    page.wait_for_selector("#game[data-your-turn='1']")
    start = api_state(page)
    assert page.is_disabled("#undo-button")
    page.click("button.action:text-is('boost')")
    wait_for_change(page, start["version"])
    assert page.is_enabled("#undo-button")
    page.click("#undo-button")
    wait_for_change(page, start["version"] + 1)
    after = api_state(page)
    assert after["view"] == start["view"] and after["actions"] == start["actions"]
    assert page.is_disabled("#undo-button")


def test_the_hint_button_lists_the_best_actions_and_plays_one(
    page: Any, server: ServerProcess
) -> None:
    """Against a bot hints are on by default: the button lists at most three legal actions,
    and one of them plays from the list."""
    page.goto(server.url + "/?game=toy")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "2")
    page.click("#create-button")
    page.wait_for_selector("#game[data-your-turn='1'] #hint-button")
    start = api_state(page)
    page.click("#hint-button")
    page.wait_for_selector("#hint ol.hint-list li")
    listed = page.locator("#hint ol.hint-list button.action")
    assert 1 <= listed.count() <= 3
    legal = {str(action["id"]) for action in start["actions"]}
    assert {listed.nth(i).get_attribute("data-action-id") for i in range(listed.count())} <= legal
    listed.first.click()
    wait_for_change(page, start["version"])


def test_a_server_restart_under_an_open_page(page: Any, tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'restart.db'}", bot_delay=0.02).start()
    try:
        page.goto(server.url + "/?game=toy")
        page.wait_for_selector("#seats select")
        page.click("#create-button")
        page.wait_for_selector("#game[data-your-turn='1']")
        page.wait_for_selector("#conn.live")
        state = api_state(page)
        board = page.inner_html("#board")
        server.kill()
        page.wait_for_selector("#conn:not(.live)")
        server = ServerProcess(server.database_url, bot_delay=0.02, port=server.port).start()
        page.wait_for_selector("#conn.live", timeout=20000)  # the page reconnects by itself
        same_after_reload(page, state)
        assert page.inner_html("#board") == board
        before = version(page)
        page.locator("#board svg [data-card].gr-clickable").first.click()
        wait_for_change(page, before)
    finally:
        server.kill()


# ----------------------------------------------------------------------------- end, replay
def test_the_end_shows_winners_and_the_replay_steps_through(
    page: Any, server: ServerProcess
) -> None:
    created = httpx.post(
        server.url + "/api/games",
        json={
            "game": "toy",
            "players": 2,
            "options": {"rounds": 1},
            "join_seat": None,
            "seats": [{"kind": "bot"}, {"kind": "bot", "level": "random"}],
        },
    ).json()
    game_id = created["state"]["id"]
    final = wait_until(
        lambda: httpx.get(f"{server.url}/api/games/{game_id}/state").json(),
        lambda p: p["status"] == "finished",
    )
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#result:not([hidden])")
    text = page.inner_text("#result")
    winner = final["seats"][final["winners"][0]]["name"]
    assert winner in text and ("wins" in text or "share" in text)
    assert "Game over" in page.inner_text("#turn-banner")
    shot(page, "toy-finished")
    page.click("text=Watch the replay")
    page.wait_for_selector("#replay[data-step='0']")
    steps = final["log_length"]
    assert page.inner_text("#step-label") == f"step 0 of {steps}"
    page.click("#next")
    page.wait_for_selector("#replay[data-step='1']")
    assert "dealt" in page.inner_text("#current-move")
    page.click("#last")
    page.wait_for_selector(f"#replay[data-step='{steps}']")
    assert "play" in page.inner_text("#current-move")
    shot(page, "toy-replay")


# ----------------------------------------------------------------------------- Five Seals
def test_five_seals_board_renders_and_takes_a_click_on_a_seal(
    page: Any, server: ServerProcess
) -> None:
    import grimoire

    try:
        game = grimoire.make("five-seals", players=2)
        svg = game.render_svg(game.new_state(1), 0)
    except (ImportError, grimoire.GrimoireError) as error:
        pytest.skip(f"Five Seals (or its SVG board) is not in this checkout yet: {error!r}")
    assert svg and "data-node" in svg
    created = httpx.post(server.url + "/api/games", json={"game": "five-seals", "players": 2})
    assert created.status_code == 201, created.text
    game_id = created.json()["state"]["id"]
    page.context.add_cookies(
        [{"name": f"grimoire_seat_{game_id}", "value": created.json()["token"], "url": server.url}]
    )
    page.goto(f"{server.url}/games/{game_id}")
    page.wait_for_selector("#board svg")
    assert page.locator("#board svg [data-node]").count() > 5
    # draft dice from the list until breaking a seal is among the legal actions
    seals = page.locator("#board svg [data-node].gr-clickable")
    for _ in range(60):
        page.wait_for_selector("#game[data-your-turn='1']", timeout=30000)
        if seals.count():
            break
        before = version(page)
        page.locator("#actions button.action").first.click()
        wait_for_change(page, before)
    else:
        raise AssertionError("no seal became clickable")
    shot(page, "five-seals")
    seal = seals.first
    label = seal.get_attribute("aria-label")
    assert "break" in label or "choices" in label, label
    before = version(page)
    seal.click()
    if page.locator("#choice-menu:not([hidden])").count():
        page.locator("#choice-menu .menu-item").first.click()
    wait_for_change(page, before)
    assert "break" in page.inner_text("#log")


def test_a_game_without_picture_or_renderer_gets_the_generic_page(
    page: Any, server: ServerProcess
) -> None:
    page.goto(server.url + "/?game=toy-plain")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "2")
    page.click("#create-button")
    page.wait_for_selector("#game[data-your-turn='1'] .generic-view")
    view = page.inner_text("#board .generic-view").lower()
    assert "hand" in view and "deck size" in view
    hand = api_state(page)["view"]["hand"]
    assert all(card.lower() in view for card in hand)
    shot(page, "toy-plain")
    before = version(page)
    page.locator("#actions button.action", has_text=f"play {hand[0]}").click()
    wait_for_change(page, before)
    assert hand[0] in page.inner_text("#log")


# ----------------------------------------------------------------------------- simultaneous
def watch_actions(page: Any) -> list[int]:
    """The HTTP status of every action this page posts, from now on."""
    statuses: list[int] = []

    def seen(response: Any) -> None:
        if response.request.method == "POST" and response.url.endswith("/actions"):
            statuses.append(response.status)

    page.on("response", seen)
    return statuses


def new_page(browser: Any) -> tuple[Any, list[str]]:
    """A page in a browser context of its own (its own cookies: another person), and the
    JavaScript errors it will raise."""
    other = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    return other, errors


def two_people_and_a_bot(
    browser: Any, page: Any, server: ServerProcess, game: str
) -> tuple[Any, list[str]]:
    """Create ``game`` for 3 seats from the lobby: this page, a friend (joined in another
    browser context), a random bot. Returns the friend's page and its JavaScript errors."""
    page.goto(server.url + f"/?game={game}")
    page.wait_for_selector("#seats select")
    page.select_option("#players-select", "3")
    page.select_option("#seats select[data-seat='1']", "invite")
    page.select_option("#seats select[data-seat='2']", "bot:random")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/games/\w+$"))
    page.wait_for_selector("#share .share-link")
    link = page.input_value("#share .share-link")
    friend, errors = new_page(browser)
    friend.goto(link)
    friend.fill("#join-name", "Bea")
    friend.click("button[type=submit]")
    friend.wait_for_selector("#game[data-status='running']")
    page.wait_for_selector("#game[data-status='running']")
    return friend, errors


def spectator(browser: Any, server: ServerProcess, page: Any) -> tuple[Any, list[str]]:
    """The game of ``page`` opened by someone without a seat."""
    watcher, errors = new_page(browser)
    watcher.goto(server.url + f"/games/{page.get_attribute('#game', 'data-game')}")
    watcher.wait_for_selector("#game[data-status]")
    return watcher, errors


def scores_shown(page: Any) -> list[str]:
    return [text.strip() for text in page.locator("#players .score").all_inner_texts()]


def test_sealed_choices_in_two_browsers_with_a_bot(
    browser: Any, page: Any, server: ServerProcess
) -> None:
    """Duel: both people choose a card in their own browser, seat 0 first in one round and
    seat 1 first in the next; each choice is taken (no 409, no error); the first to choose reads
    "Waiting for 1 other player" until the other chooses; a spectator sees no hand."""
    friend, friend_errors = two_people_and_a_bot(browser, page, server, "toy_duel")
    watcher, watcher_errors = spectator(browser, server, page)
    try:
        pages = {0: page, 1: friend}
        posted = {seat: watch_actions(each) for seat, each in pages.items()}
        for round_ in range(3):
            first, second = (0, 1) if round_ % 2 == 0 else (1, 0)
            for seat in (first, second):
                mover = pages[seat]
                mover.wait_for_selector("#game[data-your-turn='1'] button.action")
                assert "everyone chooses at once" in mover.inner_text("#turn-banner")
                mover.locator("button.action").first.click()
                if seat == first:
                    # (if the bot is still choosing, it says 2 players at first)
                    mover.wait_for_selector(
                        "#actions .waiting:has-text('Waiting for 1 other player to choose')"
                    )
                    mover.wait_for_selector("#turn-banner:has-text('Waiting for 1 player')")
                    assert api_state(mover)["to_act"] == [second]
            view = api_state(watcher)["view"]
            assert view["hand"] is None and view["my_choice"] is None
            assert "deal" not in watcher.inner_text("#log")  # only "a card to seat N"
            shot(friend, f"duel-round-{round_}")
        for each in (page, friend, watcher):
            each.wait_for_selector("#game[data-status='finished']")
        assert posted[0] == [200] * 3 and posted[1] == [200] * 3, posted
        assert "you choose" not in watcher.inner_text("#log")
        assert api_state(watcher)["viewer"] is None
        assert not friend_errors and not watcher_errors
    finally:
        friend.context.close()
        watcher.context.close()


def test_parallel_turns_in_two_browsers_with_a_bot(
    browser: Any, page: Any, server: ServerProcess
) -> None:
    """Race: both people roll and stop in their own browsers at the same time as the bot, in
    turns that change order; every action is taken (no 409, no error); a person whose turn is
    over reads "Waiting for N other players"; each page shows only its own lucky number and
    "?" for the scores it cannot know, a spectator none of them; the end shows everything."""
    friend, friend_errors = two_people_and_a_bot(browser, page, server, "toy_race")
    watcher, watcher_errors = spectator(browser, server, page)
    try:
        pages = {0: page, 1: friend}
        posted = {seat: watch_actions(each) for seat, each in pages.items()}
        mine = {seat: api_state(each)["view"]["my_lucky"] for seat, each in pages.items()}
        assert mine[0] != mine[1] and all(2 <= n <= 6 for n in mine.values())
        seen = api_state(watcher)
        assert seen["view"]["my_lucky"] is None and seen["scores"] == [None, None, None]
        assert "your lucky number" not in watcher.inner_text("#log")
        assert scores_shown(watcher) == ["?", "?", "?"]
        waited = 0
        order = [0, 1]
        while api_state(page)["status"] != "finished":
            order.reverse()
            for seat in order:
                each = pages[seat]
                state = api_state(each)
                if state["status"] == "finished" or not state["your_turn"]:
                    continue
                view = state["view"]
                other = mine[1 - seat]
                assert view["my_lucky"] == mine[seat]
                assert f"your lucky number is {mine[seat]}" in each.inner_text("#log")
                assert f"your lucky number is {other}" not in each.inner_text("#log")
                assert [score is None for score in view["scores"]] == [s != seat for s in range(3)]
                assert scores_shown(each).count("?") == 2
                label = "stop" if view["rolls"][seat] >= 1 else "roll"
                each.click(f"button.action:text-is('{label}')")
                wait_for_change(each, state["version"])
                after = api_state(each)
                if after["status"] == "running" and seat not in after["to_act"]:
                    # this turn is over while others play on
                    each.wait_for_selector("#actions .waiting:has-text('Waiting for')")
                    each.wait_for_selector("#turn-banner:has-text('Waiting for')")
                    waited += 1
        for each in (page, friend, watcher):
            each.wait_for_selector("#game[data-status='finished']")
        assert waited > 0
        assert posted[0] and posted[1]
        assert set(posted[0]) == {200} and set(posted[1]) == {200}, posted
        final = api_state(page)
        assert final["view"]["lucky"][:2] == [mine[0], mine[1]]
        for each in (page, friend, watcher):
            each.wait_for_selector("#players .score")
            assert "?" not in scores_shown(each)
        shot(page, "race-finished")
        assert not friend_errors and not watcher_errors
    finally:
        friend.context.close()
        watcher.context.close()
