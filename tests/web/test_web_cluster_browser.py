"""People in real browsers on three server processes sharing one PostgreSQL database (issue 24):
Ann's page talks to process A, Bea's to B, a spectator's to C; they play a whole F.A.T.A.L. table
(short: the ``decision_limit`` option ends it, scored as it stands) and a whole Runika table with
simultaneous play and secret runes (short: goal 15, ending on a starting rune), each with a bot
in the third seat, by clicking the pages' action buttons.

Every page hears every move over its WebSocket (every log line reaches it), ends at the final
version, and raises no JavaScript error; every WebSocket message of every page is scanned for
what its seat may not know, with the leak scans of the games' own web tests, against the true
state at that message's version (rebuilt from the record in the database afterwards).

Marked ``postgres`` and ``browser``; skipped without PostgreSQL, Chromium or Playwright."""

from __future__ import annotations

import concurrent.futures
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pg_server import PostgresCluster
from test_web_browser import sync_api
from test_web_browser_tables import browser  # noqa: F401  (the fixture, shared)
from tests.games.fatal.test_fatal_web_leaks import VISION, words
from tests.games.fatal.test_fatal_web_leaks import check as fatal_check
from tests.games.fatal.test_fatal_web_leaks import secrets as fatal_secrets
from tests.games.runika.test_runika_web_leaks import check as runika_check
from tests.games.runika.test_runika_web_leaks import named
from tests.games.runika.test_runika_web_leaks import secrets as runika_secrets
from tests.rules.fatal.fatal_helpers import fatal_state
from tests.rules.runika.rk_helpers import runika_state
from web_helpers import ServerProcess

from grimoire.core.state import State
from grimoire.registry import make
from grimoire.web.store import Store, make_engine

pytestmark = [pytest.mark.postgres, pytest.mark.browser]

# Runika's order of preference of a person: progress first, so the game ends in few moves
PRIORITY = ("claim", "draft", "pass", "resolve", "enter", "professor", "done", "orient", "keep")
MOVES = 400  # a safeguard: both people's moves together


@pytest.fixture(scope="module")
def cluster(postgres_cluster: PostgresCluster) -> Iterator[tuple[str, list[ServerProcess]]]:
    """Three processes on one fresh database (migrated once, first); new tables get seeds from
    a fixed base (the same games every run)."""
    url = postgres_cluster.create_database()
    ServerProcess(url).start().stop()
    extra = ["--clock-tick", "0.2", "--seeds", "11"]
    servers = [ServerProcess(url, 0.02, extra=extra) for _ in range(3)]
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda server: server.start(), servers))
    try:
        yield url, servers
    finally:
        for server in servers:
            server.kill()


class Person:
    """A page in a browser context of its own, at one process, with every WebSocket message
    it receives and every JavaScript error it raises."""

    def __init__(self, chromium: Any, server: ServerProcess, seat: int | None) -> None:
        self.server = server
        self.seat = seat
        self.page = chromium.new_context(viewport={"width": 1200, "height": 900}).new_page()
        self.errors: list[str] = []
        self.heard: list[dict[str, Any]] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("websocket", self._socket)
        self.page.goto(server.url + "/")

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda frame: self.heard.append(json.loads(frame)))

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        """The page's own fetch (its cookie: its seat)."""
        script = (
            "([method, path, body]) => fetch(path, {method, headers: {'Content-Type': "
            "'application/json'}, body: body === null ? undefined : JSON.stringify(body)})"
            ".then(async r => ({status: r.status, body: await r.json()}))"
        )
        answer: dict[str, Any] = self.page.evaluate(script, [method, path, body])
        assert answer["status"] in (200, 201), answer
        return dict(answer["body"])

    def open(self, game_id: str) -> None:
        self.page.goto(f"{self.server.url}/games/{game_id}")
        self.page.wait_for_selector("#game[data-status='running']", timeout=60000)

    def version(self) -> int:
        return int(self.page.get_attribute("#game", "data-version"))

    def my_turn(self) -> bool:
        return bool(self.page.get_attribute("#game", "data-your-turn") == "1")

    def status(self) -> str:
        return str(self.page.get_attribute("#game", "data-status"))

    def click(self, action_id: int, version: int) -> bool:
        """Click the action's button in the list of legal actions (opened if folded), while
        the page still shows ``version``: whether it was clicked. (A new payload redraws the
        list, folded again: a button can vanish under the click, then the caller looks again.)"""
        button = self.page.locator(f"#actions button.action[data-action-id='{action_id}']")
        for _ in range(20):
            if self.version() != version or not self.my_turn():
                return False
            details = self.page.locator("#actions details.all-actions")
            try:
                if details.count() and details.get_attribute("open", timeout=1000) is None:
                    details.locator("summary").click(timeout=2000)
                button.click(timeout=2000)
                return True
            except sync_api.Error:
                continue
        return False

    def close(self) -> None:
        self.page.context.close()


def play(
    chromium: Any,
    servers: list[ServerProcess],
    game: str,
    options: dict[str, Any],
    bot: str,
    choose: Callable[[list[dict[str, Any]], random.Random], dict[str, Any]],
) -> tuple[str, list[Person]]:
    """Ann (seat 0, at A) makes the table, Bea (seat 1, at B) joins, a bot takes seat 2, a
    spectator watches at C; the two people click moves until the game ends."""
    a, b, c = servers
    ann, bea, watcher = Person(chromium, a, 0), Person(chromium, b, 1), Person(chromium, c, None)
    people = [ann, bea, watcher]
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": bot}]
    created = ann.call(
        "POST",
        "/api/games",
        {"game": game, "players": 3, "options": options, "seats": seats, "name": "Ann"},
    )
    game_id = created["state"]["id"]
    bea.call("POST", f"/api/games/{game_id}/join", {"seat": 1, "name": "Bea"})
    for person in people:
        person.open(game_id)
    rng = random.Random(5)
    moves = 0
    while ann.status() != "finished":
        assert moves < MOVES, f"{game}: not over after {moves} moves"
        movers = [person for person in (ann, bea) if person.my_turn()]
        if not movers:  # the bot, or the other process's change on its way to this page
            ann.page.wait_for_timeout(50)
            continue
        person = rng.choice(movers)
        state = person.call("GET", f"/api/games/{game_id}/state")
        if not state["your_turn"] or state["version"] != person.version():
            continue  # the page is about to show a newer state: act on that one
        if not person.click(choose(state["actions"], rng)["id"], state["version"]):
            continue
        person.page.wait_for_function(
            f"Number(document.querySelector('#game').dataset.version) > {state['version']}",
            timeout=60000,
        )
        moves += 1
    final = watcher.call("GET", f"/api/games/{game_id}/state")
    for person in people:
        person.page.wait_for_selector("#game[data-status='finished']", timeout=60000)
        assert person.version() == final["version"]
        assert not person.errors, person.errors
    assert moves > 5
    return game_id, people


def states_by_version(url: str, game_id: str) -> tuple[int, dict[int, State]]:
    """The table's seed and its true state at every version, from the database."""
    engine = make_engine(url)
    try:
        stored = Store(engine).load(game_id)
    finally:
        engine.dispose()
    assert stored is not None and stored.status == "finished"
    game = make(stored.game, players=stored.players, **stored.options)
    state = game.new_state(stored.seed, resolve_chance=False)
    states = {0: state.clone()}
    for entry in stored.log:  # no undo at these tables: one entry is one version
        assert entry.kind in ("act", "chance")
        state.apply(entry.action, None if entry.actor < 0 else entry.actor)
        states[len(state.history)] = state.clone()
    assert len(state.history) == stored.version and state.is_terminal()
    return stored.seed, states


def heard_everything(people: list[Person], states: dict[int, State]) -> None:
    """Every page was told every log line, in increasing versions, up to the last."""
    last = max(states)
    for person in people:
        versions = [message["version"] for message in person.heard]
        assert versions and versions[-1] == last, (person.seat, versions[-5:])
        assert versions == sorted(versions), person.seat
        lines = {line["n"] for message in person.heard for line in message["log"]}
        assert lines == set(range(last)), (person.seat, sorted(set(range(last)) - lines)[:10])


def fatal_choice(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    return rng.choice(actions)


def runika_choice(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    for kind in PRIORITY:
        mine = [action for action in actions if action["kind"] == kind]
        if mine and rng.random() < 0.9:
            return rng.choice(mine)
    onward = [action for action in actions if action["kind"] != "cancel"]  # no back-out loops
    return rng.choice(onward or actions)


def test_fatal_on_three_processes_every_page_hears_every_move_and_nothing_leaks(
    browser: Any,  # noqa: F811
    cluster: tuple[str, list[ServerProcess]],
) -> None:
    url, servers = cluster
    game_id, people = play(
        browser, servers, "fatal", {"decision_limit": 40}, "random", fatal_choice
    )
    try:
        seed, states = states_by_version(url, game_id)
        heard_everything(people, states)
        planted = 0  # messages to Ann naming what Bea may not see: the scan would notice
        for person in people:
            for message in person.heard:
                state = fatal_state(states[message["version"]])
                fatal_check(message, state, person.seat, seed, "websocket")
                for line in message["log"]:  # a card secret before and after the line
                    hidden = fatal_secrets(fatal_state(states[line["n"]]), person.seat)
                    hidden &= fatal_secrets(fatal_state(states[line["n"] + 1]), person.seat)
                    assert not set(VISION.findall(line["text"])) & hidden, (person.seat, line)
                if person.seat == 0 and words(message["view"]) & fatal_secrets(state, 1):
                    planted += 1
        assert planted > 5
    finally:
        for person in people:
            person.close()


def test_runika_simultaneous_on_three_processes_every_page_hears_every_move_and_nothing_leaks(
    browser: Any,  # noqa: F811
    cluster: tuple[str, list[ServerProcess]],
) -> None:
    url, servers = cluster
    # the decision limit ends the game in time whatever the people's random picks (timing decides
    # which of the two moves first, so the game differs from run to run; one ran past 400 moves)
    options = {
        "simultaneous": True,
        "secret_runes": True,
        "goal": 15,
        "starting_rune_end": True,
        "decision_limit": 120,
    }
    game_id, people = play(browser, servers, "runika", options, "heuristic", runika_choice)
    try:
        seed, states = states_by_version(url, game_id)
        heard_everything(people, states)
        # both people were asked at once, and each was taken: simultaneous play across processes
        assert any(len(state.seats_to_act() & {0, 1}) == 2 for state in states.values())
        own = 0  # messages to Ann naming her own secret runes: the scan would notice
        for person in people:
            for message in person.heard:
                state = runika_state(states[message["version"]])
                runika_check(message, state, person.seat, seed, "websocket")
                if person.seat == 0 and named(
                    json.dumps(message["view"]), runika_secrets(state, 1)
                ):
                    own += 1
        assert own > 0
    finally:
        for person in people:
            person.close()
