"""Every page on a 320 and a 360 px phone, measured in a real browser (Playwright driving
/usr/bin/chromium): no page or frame wider than the screen with 40-letter names everywhere
(lobby, join page, table, seats, log, result, replay), Ciúb's board inside its frame, Five Seals
readable (text at 12 px at least) with tap targets of 44 px, F.A.T.A.L.'s hand cards with their
names and effects, and board tooltips that name seats as the page does.

Nothing here measures time: layouts are read from the page once it has drawn.
"""

from __future__ import annotations

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
from grimoire.core.i18n import language_scope
from grimoire.games.fatal.text import _ as fatal_text

pytestmark = pytest.mark.browser

WIDTHS = (320, 360)
NAME = "Morgana" + "W" * 33  # 40 letters, no space: the longest name the server takes
BOT = "Merlin" + "M" * 34
FRIEND = "Nimue" + "N" * 35


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db = tmp_path_factory.mktemp("db") / "phones.db"
    process = ServerProcess(f"sqlite:///{db}", bot_delay=0.02).start()
    yield process
    process.kill()


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def width(request: pytest.FixtureRequest) -> int:
    return int(request.param)


class Phone:
    """A phone of ``width`` px in its own browser context (its own cookies), in ``lang``;
    every JavaScript error it raised fails the test."""

    def __init__(self, browser: Any, width: int, lang: str = "en") -> None:
        self.width = width
        self.context = browser.new_context(
            viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True
        )
        self.lang = lang
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))

    def sit(self, server: ServerProcess, created: dict[str, Any]) -> None:
        """This phone holds the seat token of ``created`` (the answer of POST /api/games)."""
        table = created["state"]["id"]
        self.context.add_cookies(
            [
                {"name": f"grimoire_seat_{table}", "value": created["token"], "url": server.url},
                {"name": "grimoire_lang", "value": self.lang, "url": server.url},
            ]
        )

    def close(self) -> None:
        self.context.close()
        assert not self.errors, f"JavaScript errors: {self.errors}"


@pytest.fixture
def phones(browser: Any) -> Iterator[list[Phone]]:
    made: list[Phone] = []
    yield made
    for phone in made:
        phone.close()


def phone(phones: list[Phone], browser: Any, width: int, lang: str = "en") -> Phone:
    made = Phone(browser, width, lang)
    phones.append(made)
    return made


# The page's width, and every frame (the board, the panels, the result, a lobby item, the
# board's own parts) whose content is wider than its box: none may be. An SVG board's own frame
# (.svg-board) pans by design and is left out.
OVERFLOW = """() => {
  const frames = [];
  const seen = document.querySelectorAll(
    '.board, .board > :not(.svg-board), .panel, .result, .game-item, .status-bar, main');
  for (const node of seen) {
    if (node.getClientRects().length && node.scrollWidth > node.clientWidth + 1) {
      frames.push(`${node.id || node.className}: ${node.scrollWidth} > ${node.clientWidth}`);
    }
  }
  return {page: document.documentElement.scrollWidth, frames};
}"""


def assert_fits(page: Any, width: int, where: str) -> None:
    layout = page.evaluate(OVERFLOW)
    assert layout["page"] <= width, (where, layout)
    assert not layout["frames"], (where, layout)


def create(server: ServerProcess, **body: Any) -> dict[str, Any]:
    answer = httpx.post(server.url + "/api/games", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def play_out(server: ServerProcess, table: str, tokens: dict[int, str]) -> None:
    """Play the people's seats of a Toy table to the end through the API (first legal action)."""
    for _ in range(60):
        state = httpx.get(f"{server.url}/api/games/{table}/state").json()
        if state["status"] == "finished":
            return
        movers = [seat for seat in state["to_act"] if seat in tokens]
        if not movers:
            continue  # the bot is thinking
        seat = movers[0]
        cookies = {f"grimoire_seat_{table}": tokens[seat]}
        mine = httpx.get(f"{server.url}/api/games/{table}/state", cookies=cookies).json()
        if not mine["actions"]:
            continue
        played = httpx.post(
            f"{server.url}/api/games/{table}/actions",
            json={"version": mine["version"], "action": {"id": mine["actions"][-1]["id"]}},
            cookies=cookies,
        )
        assert played.status_code in (200, 409), played.text
    raise AssertionError("the Toy table did not finish")


# ----------------------------------------------------------------------------- names
def test_long_names_never_widen_a_page(
    browser: Any, phones: list[Phone], server: ServerProcess, width: int
) -> None:
    created = create(
        server,
        game="toy",
        players=3,
        options={"rounds": 1},
        name=NAME,
        seats=[{"kind": "person"}, {"kind": "bot", "name": BOT}, {"kind": "person"}],
    )
    table = created["state"]["id"]
    visitor = phone(phones, browser, width)

    # the lobby lists the open table with its names, for everyone
    visitor.page.goto(server.url + "/")
    item = visitor.page.locator(f".game-item[data-game-id='{table}']")
    item.wait_for()
    assert NAME in item.inner_text().replace("\n", "")
    assert_fits(visitor.page, width, "lobby")
    item_box = item.bounding_box()
    assert item_box["x"] + item_box["width"] <= width

    # the join page lists the seats with their names
    visitor.page.goto(f"{server.url}/games/{table}/join/2")
    visitor.page.wait_for_selector("#join-name")
    assert BOT in visitor.page.inner_text(".seat-summary").replace("\n", "")
    assert_fits(visitor.page, width, "join page")

    # the creator's table: seats, log and banner keep to the screen; the players panel cuts a
    # name it cannot show whole with an ellipsis
    owner = phone(phones, browser, width)
    owner.sit(server, created)
    owner.page.goto(f"{server.url}/games/{table}")
    owner.page.wait_for_selector("#game[data-status='open'] #players .player-name")
    joined = httpx.post(
        f"{server.url}/api/games/{table}/join", json={"seat": 2, "name": FRIEND}
    ).json()
    owner.page.wait_for_selector("#game[data-status='running'] #log li .who")
    assert_fits(owner.page, width, "table")
    cut = owner.page.evaluate(
        """() => [...document.querySelectorAll('#players .player-name, #log bdi.who')].map(
             (n) => [n.scrollWidth > n.clientWidth, getComputedStyle(n).textOverflow,
                     n.getBoundingClientRect().right])"""
    )
    assert cut and all(over and overflow == "ellipsis" for over, overflow, _ in cut), cut
    assert all(right <= width for _, _, right in cut), cut

    # the end: the result's table of names, then the replay
    play_out(server, table, {0: created["token"], 2: joined["token"]})
    owner.page.wait_for_selector("#game[data-status='finished'] #result:not([hidden]) .scores")
    assert FRIEND in owner.page.inner_text("#result").replace("\n", "")
    assert_fits(owner.page, width, "result")
    shot(owner.page, f"phone-{width}-names-result")
    owner.page.goto(f"{server.url}/games/{table}/replay")
    owner.page.wait_for_selector("#replay[data-step]")
    owner.page.click("#last")
    owner.page.wait_for_function(
        "document.querySelector('#replay').dataset.step === document.querySelector('#step').max"
    )
    assert_fits(owner.page, width, "replay")


# ----------------------------------------------------------------------------- Ciúb
# The seed of the Ciúb server's first table: its first deal ends a row of the 360 px board with a
# two-digit card of the owl, whose head once overran the board (random deals showed it in 3 of 25)
CIUB_SEED = "34"


@pytest.fixture
def ciub_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own whose first table is always the same deal."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_TEST_SEED", CIUB_SEED)
        process = ServerProcess(f"sqlite:///{tmp_path / 'ciub.db'}", bot_delay=0.02).start()
    yield process
    process.kill()


def test_ciub_board_fits_its_frame(
    browser: Any, phones: list[Phone], ciub_server: ServerProcess, width: int
) -> None:
    server = ciub_server
    created = create(
        server,
        game="ciub",
        players=3,
        name=NAME,
        seats=[{"kind": "person"}] + [{"kind": "bot", "name": BOT}] * 2,
    )
    # German: the longest words of the phase track
    player = phone(phones, browser, width, lang="de")
    player.sit(server, created)
    player.page.goto(f"{server.url}/games/{created['state']['id']}")
    for move in range(3):
        player.page.wait_for_selector("#game[data-your-turn='1'] .ciub .gr-clickable")
        assert_fits(player.page, width, f"Ciúb, move {move}")
        before = version(player.page)
        player.page.locator("#board .ciub-button.gr-clickable").last.tap()
        wait_for_change(player.page, before)
    shot(player.page, f"phone-{width}-ciub")


# ----------------------------------------------------------------------------- Five Seals
SEALS = """() => {
  const svg = document.querySelector('#board .svg-board svg');
  const texts = [...svg.querySelectorAll('text')].filter(
    (n) => n.textContent.trim() && n.getBoundingClientRect().width);
  const sizes = texts.map((n) => parseFloat(getComputedStyle(n).fontSize) * n.getScreenCTM().a);
  const pads = new Map([...svg.querySelectorAll('.gr-pad')].map(
    (pad) => [pad.dataset.padFor, pad.getBoundingClientRect()]));
  const targets = [...svg.querySelectorAll('.gr-clickable')].map((node) => {
    const own = node.getBoundingClientRect();
    const pad = pads.get(node.dataset.pad);
    const box = pad || own;
    return {kind: node.getAttribute('class'), width: box.width, height: box.height};
  });
  const frame = document.querySelector('#board .svg-board');
  return {sizes, targets, texts: texts.length, scale: svg.dataset.scale,
          frame: frame.clientWidth, drawn: svg.getBoundingClientRect().width};
}"""


def test_five_seals_reads_at_12_px_with_44_px_targets_and_pans(
    browser: Any, phones: list[Phone], server: ServerProcess, width: int
) -> None:
    created = create(
        server,
        game="five-seals",
        players=2,
        name=NAME,
        seats=[{"kind": "person"}, {"kind": "bot", "name": BOT}],
    )
    player = phone(phones, browser, width)
    player.sit(server, created)
    player.page.goto(f"{server.url}/games/{created['state']['id']}")
    player.page.wait_for_selector("#game[data-your-turn='1'] #board svg .gr-clickable")
    assert_fits(player.page, width, "Five Seals")
    board = player.page.evaluate(SEALS)
    assert board["texts"] > 100
    assert min(board["sizes"]) >= 12 - 0.01, sorted(board["sizes"])[:10]
    assert board["targets"], "nothing to tap"
    small = [t for t in board["targets"] if t["width"] < 44 - 0.01 or t["height"] < 44 - 0.01]
    assert not small, small
    assert board["drawn"] > board["frame"]  # larger than the screen: it pans in its frame
    shot(player.page, f"phone-{width}-five-seals")

    # a tap beside a small piece, on its pad, plays that piece's action
    spot = player.page.evaluate(
        """() => {
          for (const pad of document.querySelectorAll('#board .gr-pad')) {
            const node = document.querySelector(`#board [data-pad="${pad.dataset.padFor}"]`);
            pad.scrollIntoView({block: 'center', inline: 'center'});
            const outer = pad.getBoundingClientRect();
            const inner = node.getBoundingClientRect();
            // a point inside the pad but above or left of the piece
            const x = inner.left - outer.left > 3 ? outer.left + 1.5 : outer.left + outer.width / 2;
            const y = inner.left - outer.left > 3 ? outer.top + outer.height / 2 : outer.top + 1.5;
            if (x >= inner.left && y >= inner.top) continue;
            return {x, y, beside: true, hit: document.elementFromPoint(x, y) === pad,
                    label: node.getAttribute('aria-label')};
          }
          return {beside: false};
        }"""
    )
    assert spot["beside"] and spot["hit"], spot
    before = version(player.page)
    player.page.touchscreen.tap(spot["x"], spot["y"])
    if player.page.locator("#choice-menu:not([hidden])").count():
        player.page.locator("#choice-menu .menu-item").first.tap()
    wait_for_change(player.page, before)

    # zoom out to the whole board, and back to the readable size
    player.page.wait_for_selector("#board [data-zoom='fit']")
    player.page.locator("#board [data-zoom='fit']").tap()
    fitted = player.page.evaluate(SEALS)
    assert fitted["scale"] == "fit" and fitted["drawn"] <= fitted["frame"] + 1, fitted
    player.page.locator("#board [data-zoom='readable']").tap()
    player.page.locator("#board [data-zoom-step='in']").tap()
    zoomed = player.page.evaluate(SEALS)
    assert float(zoomed["scale"]) > float(board["scale"]), (zoomed["scale"], board["scale"])
    assert_fits(player.page, width, "Five Seals zoomed in")


# ----------------------------------------------------------------------------- F.A.T.A.L.
def fatal_position(want: Callable[[Any, int, list[dict[str, Any]]], bool]) -> tuple[Any, int]:
    """A 3-player F.A.T.A.L. position (random play from fixed seeds) where ``want`` holds for
    the state, a seat to act and its legal actions."""
    game = grimoire.make("fatal", players=3)
    for seed in range(40):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            seat = min(state.seats_to_act())
            actions = [state.action_to_json(a) for a in state.legal_actions(seat)]
            if want(state, seat, actions):
                return state, seat
            state.play(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError("no such position")


def probe(page: Any, state: Any, seat: int) -> None:
    """Draw ``state`` as ``seat`` sees it with the page's own board code (F.A.T.A.L.'s renderer),
    in a frame of the board's width before the page's board; clicks go to ``window.played``."""
    names = [NAME, FRIEND, BOT]
    payload = {
        "id": "probe",
        "version": 0,
        "status": "running",
        "view": state.view(seat),
        "viewer": seat,
        "seats": [{"seat": s, "name": names[s], "kind": "person", "taken": True} for s in range(3)],
        "to_act": [seat],
        "your_turn": True,
        "actions": [state.action_to_json(a) for a in state.legal_actions(seat)],
        "action_fields": ["kind", *state.game.codec.fields],  # as the server's payload says
        "renderer": "/assets/games/fatal/render.js",
        "stylesheet": "/assets/games/fatal/render.css",
        "svg": None,
    }
    page.evaluate(
        """async (payload) => {
          const common = await import('/static/common.js');
          document.getElementById('probe')?.remove();
          const box = document.createElement('div');
          box.id = 'probe';
          box.className = 'board';
          document.getElementById('board').before(box);
          window.played = [];
          await common.renderBoard(box, payload, (id) => window.played.push(id));
        }""",
        payload,
    )


def fatal_page(phones: list[Phone], browser: Any, server: ServerProcess, width: int) -> Phone:
    """A phone watching a F.A.T.A.L. table in German (the page holds the game's catalogue)."""
    created = create(server, game="fatal", players=3, name=NAME)
    viewer = phone(phones, browser, width, lang="de")
    viewer.context.add_cookies([{"name": "grimoire_lang", "value": "de", "url": server.url}])
    viewer.page.goto(f"{server.url}/games/{created['state']['id']}")
    viewer.page.wait_for_selector("#game[data-status] #board .fatal")
    return viewer


def test_fatal_hand_cards_show_names_and_effects(
    browser: Any, phones: list[Phone], server: ServerProcess, width: int
) -> None:
    def both_kinds(state: Any, seat: int, actions: list[dict[str, Any]]) -> bool:
        hand = state.view(seat)["seats"][seat].get("hand") or []
        return any(card.startswith("V") for card in hand) and any(
            not re.fullmatch(r"V\d\d", card) for card in hand
        )

    state, seat = fatal_position(both_kinds)
    viewer = fatal_page(phones, browser, server, width)
    probe(viewer.page, state, seat)
    cards = viewer.page.evaluate(
        """() => {
          const frame = document.getElementById('probe').getBoundingClientRect();
          return [...document.querySelectorAll('#probe .fatal-hand .fatal-card')].map((n) => {
            const box = n.getBoundingClientRect();
            return {card: n.dataset.card, text: n.innerText,
                    effect: n.querySelector('.fatal-effect')?.innerText ?? null,
                    inside: box.left >= frame.left - 0.5 && box.right <= frame.right + 0.5,
                    visible: box.width > 0 && box.height > 0};
          });
        }"""
    )
    hand = state.view(seat)["seats"][seat]["hand"]
    assert sorted(card["card"] for card in cards) == sorted(hand)
    comp = state.comp
    with language_scope("de"):
        for card in cards:
            assert card["visible"] and card["inside"], card
            assert card["card"] in card["text"], card  # its name ...
            kind = comp.card_by_name(card["card"])
            if comp.is_vision(kind):  # ... and what it shows straight and reversed
                vision = comp.visions[kind]
                target = "SECOND" if vision.second else "ONE"
                assert vision.type in card["text"] and target in card["text"], card
            else:  # ... and its effect, in German
                english = comp.enchantment(kind).text
                assert card["effect"] == fatal_text(english) != english, card
    assert_fits(viewer.page, width, "F.A.T.A.L. hand")
    shot(viewer.page, f"phone-{width}-fatal-hand")


def test_board_tooltips_name_seats_as_the_page_does(
    browser: Any, phones: list[Phone], server: ServerProcess
) -> None:
    """The games' action texts number seats from 0 ("target seat 1 row 2" is the page's second
    player): the board's tooltips and labels say the people's names, as the list of moves."""

    def targets_a_seat(state: Any, seat: int, actions: list[dict[str, Any]]) -> bool:
        return any("seat" in action and action["kind"] == "row" for action in actions)

    state, seat = fatal_position(targets_a_seat)
    viewer = fatal_page(phones, browser, server, 360)
    probe(viewer.page, state, seat)
    tips = viewer.page.evaluate(
        """() => [...document.querySelectorAll('#probe .gr-clickable')].flatMap(
             (n) => [n.getAttribute('title'), n.getAttribute('aria-label')]).filter(Boolean)"""
    )
    assert tips
    assert not [tip for tip in tips if re.search(r"\bseat \d", tip, re.I)], tips
    assert any(FRIEND in tip for tip in tips), tips  # seat 1 is Nimue..., the page's second
