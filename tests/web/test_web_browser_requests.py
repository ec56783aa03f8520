"""What the pages ask of the server, in a real browser: the rules of the step are fetched only
while their panel is open (not after every change), an invitation link opened in a tab that
already shows the join page without the key enables "Take seat" at once (no reload), and a
click made while a move's answer is on its way is not lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_web_browser import ARGS, CHROMIUM, sync_api, version, wait_for_change
from web_helpers import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "requests.db"
    process = ServerProcess(f"sqlite:///{db}", bot_delay=0.02).start()
    yield process
    process.kill()


@pytest.fixture
def page(server: ServerProcess) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        yield page
        browser.close()
        assert not errors, f"JavaScript errors: {errors}"


def open_toy_game(page: Any, server: ServerProcess, rounds: int) -> None:
    """A Toy game of the page's person against a bot, made by the page's own fetch, opened."""
    page.goto(server.url + "/")
    body = {
        "game": "toy",
        "options": {"rounds": rounds},
        "seats": [{"kind": "person"}, {"kind": "bot"}],
    }
    created = page.evaluate(
        "body => fetch('/api/games', {method: 'POST', headers: {'content-type': "
        "'application/json'}, body: JSON.stringify(body)}).then(r => r.json())",
        body,
    )
    page.goto(f"{server.url}/games/{created['state']['id']}")


def play_a_card(page: Any) -> None:
    """The viewer's move on the Toy board: a card clicked (drawn first if the hand is empty);
    returns once the page shows the change."""
    page.wait_for_selector("#game[data-your-turn='1']")
    if not page.locator("#board svg [data-card].gr-clickable").count():
        before = version(page)
        page.locator("#actions button.action", has_text="draw").click()
        wait_for_change(page, before)
    page.wait_for_selector("#game[data-your-turn='1'] #board svg [data-card].gr-clickable")
    before = version(page)
    page.locator("#board svg [data-card].gr-clickable").first.click()
    wait_for_change(page, before)


def test_the_rules_are_fetched_only_while_their_panel_is_open(
    page: Any, server: ServerProcess
) -> None:
    rules: list[str] = []
    page.on("request", lambda r: rules.append(r.url) if r.url.endswith("/rules") else None)
    open_toy_game(page, server, rounds=4)
    page.wait_for_selector("#game[data-status]")
    play_a_card(page)
    play_a_card(page)
    assert rules == []  # closed: several changes, no request
    # the bot's answer shown first: a change arriving after the panel opens is fetched again
    page.wait_for_selector("#game[data-your-turn='1'] #actions button.action")
    page.click("#rules-details summary")
    page.wait_for_function("document.getElementById('rules-heading').textContent !== ''")
    assert len(rules) == 1  # opened: fetched at once
    with page.expect_request(lambda r: r.url.endswith("/rules")):
        play_a_card(page)  # open: fetched again after the change
    # the bot has answered and that change has been shown (with its fetch) before closing
    page.wait_for_selector("#game[data-your-turn='1'] #actions button.action")
    page.click("#rules-details summary")  # closed again
    seen = len(rules)
    play_a_card(page)  # the last move: the bot answers and the game ends
    page.wait_for_selector("#game[data-status='finished']")
    assert len(rules) == seen


def test_an_invitation_link_opened_over_the_keyless_join_page_enables_take_seat(
    page: Any, server: ServerProcess
) -> None:
    created = httpx.post(
        server.url + "/api/games",
        json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "person"}], "private": True},
    ).json()
    invitation = server.url + created["invite_urls"]["1"]
    assert "#key=" in invitation
    keyless = invitation.split("#")[0]
    page.goto(keyless)
    take = page.locator("#join-form button[type=submit]")
    assert take.is_disabled()
    assert page.locator("#join-error").is_visible()
    page.goto(invitation)  # the same page, now with the key in the fragment: no reload
    page.wait_for_function("!document.querySelector('#join-form button[type=submit]').disabled")
    assert not page.locator("#join-error").is_visible()
    page.fill("#join-name", "Bea")
    take.click()
    page.wait_for_url(f"**/games/{created['state']['id']}")
    page.wait_for_selector("#game[data-status='running']")


# The page's fetch of a move answers 1.5 s late, in the browser: the move is made at once on
# the server, whose news reaches the page over its socket before the answer does.
SLOW_ANSWERS = """
const fetchNow = window.fetch;
window.fetch = (url, init) => fetchNow(url, init).then((response) =>
  init && init.method === "POST" && String(url).endsWith("/actions")
    ? new Promise((resolve) => setTimeout(() => resolve(response), 1500))
    : response);
"""


def test_a_click_while_a_move_is_on_its_way_is_not_lost(page: Any, server: ServerProcess) -> None:
    """Boost, then draw at once: the list drawn from the boost's news, before its answer, keeps
    its buttons off until the answer is in, then takes the click. Before, a click on that list
    was dropped without a word (the three-process browser test met it under load)."""
    page.add_init_script(SLOW_ANSWERS)
    open_toy_game(page, server, rounds=2)
    page.wait_for_selector("#game[data-your-turn='1'] #actions button.action")
    before = version(page)
    page.locator("#actions button.action", has_text="boost").click()
    wait_for_change(page, before)  # the news, its answer still on the way
    boosted = version(page)
    draw = page.locator("#actions button.action", has_text="draw")
    draw.click(timeout=20000)  # waits while the buttons are off
    wait_for_change(page, boosted)
    assert page.locator("#actions button.action", has_text="draw").count() == 0
