"""Learn to play in a real browser (Playwright driving Debian's Chromium): from the lobby's
"Learn to play" to each game's tutorial page, every step made by clicking the highlighted piece
on the board drawn by the game's own renderer (or the step's button in the list), a wrong click
answered with the step's explanation (and the rules' reason for a piece the rules forbid), to
the short game against the easy bot with hints on. Every game is walked to its end in every
language (one language per run: `-k "walked and in-ja"`), and the page's other buttons (show me,
make it for me, previous step) are tried on its first steps in the languages other than its
first.

Skipped, with the reason, where no Chromium or no Playwright exists."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_helpers import CHROMIUM_ARGS, ServerProcess, chromium, playwright_or_skip

from grimoire.registry import BUILTIN

pytestmark = pytest.mark.browser

ARGS = [*CHROMIUM_ARGS, "--disable-quic"]
SHOTS = Path(os.environ["GRIMOIRE_SCREENSHOTS"]) if os.environ.get("GRIMOIRE_SCREENSHOTS") else None
LANGUAGES = ("en", "de", "ja")
# each game's first language: its buttons are tried on its first steps in the other two
FIRST = {"ciub": "en", "five-seals": "de", "fatal": "ja", "runika": "en"}
REFUSED = {
    "en": "Not this move here.",
    "de": "Nicht dieser Zug hier.",
    "ja": "ここではその手ではありません。",
}
REASON = {
    "en": "The rules do not allow it here",
    "de": "Die Regeln erlauben das hier nicht",
    "ja": "ここではルール上できません",
}
STEP = {"en": "Step {n} of {count}", "de": "Schritt {n} von {count}", "ja": "ステップ {n}/{count}"}

sync_api = playwright_or_skip()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api, ARGS) as launched:
        yield launched


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("learn") / "games.db"
    process = ServerProcess(f"sqlite:///{path}", bot_delay=0.02).start()
    yield process
    process.kill()


def _page(browser: Any, lang: str) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, locale=lang)
    context.add_cookies([{"name": "grimoire_lang", "value": lang, "url": "http://127.0.0.1"}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _where(page: Any) -> tuple[str, str]:
    return page.get_attribute("#learn", "data-step"), page.get_attribute("#learn", "data-done")


def _wait_for_change(page: Any, before: tuple[str, str]) -> None:
    step, done = before
    page.wait_for_function(
        f"() => {{ const r = document.getElementById('learn'); return r.dataset.step !== '{step}'"
        f" || r.dataset.done !== '{done}'; }}"
    )


def make_the_move(page: Any) -> str:
    """Make the step's move: the highlighted piece on the board if there is one (from the
    choice menu when the piece stands for several moves), else the highlighted button."""
    expected = page.get_attribute("#learn", "data-expected")
    button = page.locator(f'#actions button[data-action-id="{expected}"]')
    assert "learn-expected" in (button.get_attribute("class") or "")
    label = button.inner_text()
    before = _where(page)
    piece = page.locator("#board .learn-expected")
    if piece.count():
        piece.first.click()
        menu = page.locator("#choice-menu")
        if menu.is_visible():
            menu.get_by_role("button", name=label, exact=True).click()
        how = "board"
    else:
        button.click()
        how = "list"
    _wait_for_change(page, before)
    return how


def next_step(page: Any) -> None:
    before = _where(page)
    page.click("#learn-next")
    _wait_for_change(page, before)


def wrong_click(page: Any, lang: str) -> None:
    """A legal move that is not the step's: refused with the step's explanation."""
    expected = page.get_attribute("#learn", "data-expected")
    others = page.locator(f'#actions button.action:not([data-action-id="{expected}"])')
    if not others.count():
        return
    before = _where(page)
    others.first.click()
    page.wait_for_selector("#learn-message:not([hidden])")
    message = page.inner_text("#learn-message")
    assert REFUSED[lang] in message
    assert _where(page) == before  # nothing moved


def open_tutorial(page: Any, server: ServerProcess, name: str) -> int:
    """From the lobby's Learn to play panel to the game's tutorial page; its step count."""
    page.goto(server.url + "/")
    page.click(f'#tutorials [data-learn="{name}"] a')
    page.wait_for_selector('#learn[data-step="1"]')
    return int(re.findall(r"\d+", page.inner_text("#learn-progress"))[-1])


@pytest.mark.parametrize("lang", LANGUAGES, ids=lambda lang: f"in-{lang}")
@pytest.mark.parametrize("name", sorted(BUILTIN))
def test_a_tutorial_is_walked_to_its_end_by_clicking(
    browser: Any, server: ServerProcess, name: str, lang: str
) -> None:
    context, page, errors = _page(browser, lang)
    try:
        count = open_tutorial(page, server, name)
        assert STEP[lang].format(n=1, count=count) == page.inner_text("#learn-progress")
        shot(page, f"learn-{name}-{lang}-1")
        wrong_click(page, lang)
        on_board = 0
        for number in range(1, count + 1):
            assert page.get_attribute("#learn", "data-step") == str(number)
            assert page.inner_text("#learn-text").strip()
            assert page.inner_text("#learn-rule").strip()  # the rule it teaches
            if name == "ciub" and number == 13:  # claim 21: card 9 is no claim of yours
                page.click('#board [data-card="9"]')
                page.wait_for_selector("#learn-message:not([hidden])")
                assert REASON[lang] in page.inner_text("#learn-message")
            while page.get_attribute("#learn", "data-expected"):
                on_board += make_the_move(page) == "board"
            assert page.is_visible("#learn-after")
            if number < count:
                next_step(page)
        assert on_board, "no move was made on the board"
        shot(page, f"learn-{name}-{lang}-end")
        # the short game: easy bots, hints on
        page.click("#learn-play")
        page.wait_for_url(re.compile(r"/games/\w+$"))
        page.wait_for_selector("#hint-button", timeout=90_000)
        assert page.locator("#players li.player").count() >= 2
    finally:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"


@pytest.mark.parametrize(
    ("name", "lang"),
    [(n, lang) for n in sorted(BUILTIN) for lang in LANGUAGES if lang != FIRST[n]],
)
def test_a_tutorials_first_steps_in_the_other_languages(
    browser: Any, server: ServerProcess, name: str, lang: str
) -> None:
    context, page, errors = _page(browser, lang)
    try:
        count = open_tutorial(page, server, name)
        assert page.inner_text("#learn-progress") == STEP[lang].format(n=1, count=count)
        wrong_click(page, lang)
        page.click("#learn-show")  # the step's explanation, without a refusal
        assert REFUSED[lang] not in page.inner_text("#learn-message")
        while page.get_attribute("#learn", "data-expected"):
            make_the_move(page)
        next_step(page)
        assert page.get_attribute("#learn", "data-step") == "2"
        page.click("#learn-skip")  # "make it for me"
        page.wait_for_function("() => document.getElementById('learn').dataset.done !== '0'")
        page.click("#learn-back")
        page.wait_for_function("() => document.getElementById('learn').dataset.step === '1'")
        shot(page, f"learn-{name}-{lang}-back")
    finally:
        context.close()
    assert not errors, f"JavaScript errors: {errors}"
