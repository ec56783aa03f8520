"""``kill -9`` of server processes under real WebSocket clients (issue 24): three processes on
one PostgreSQL database behind a small round-robin TCP proxy (the test's own, the way a load
balancer fronts them); the clients (``websockets``) and every HTTP request go through it, so each
lands on whichever process is next, and a client whose process dies reconnects through it to a
living one, as the game page does.

A clocked table (turn-based, no reserve, no grace), two people and a bot: the process one
person's socket is on is killed mid-game, the other person's clock then runs out, and the
seat goes to a bot exactly once, by whichever process holds the duties then; the process the
first person's socket moved to is killed too; the person plays on with two bots to the end.
Every client reconnects and hears the rest; versions never go back; every acknowledged move is
in the record, which replays to each acknowledged state and to the final one.

Marked ``postgres``. The server's clock reads real time plus an offset in a file (all three
processes read the same file): running a clock out is writing a number. Nothing here measures a
duration."""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from pg_server import PostgresCluster
from web_helpers import ServerProcess

pytestmark = pytest.mark.postgres
websockets_sync = pytest.importorskip("websockets.sync.client")
WebSocketException = pytest.importorskip("websockets.exceptions").WebSocketException

PATIENCE = 60.0  # seconds before a wait gives up (a failure, not a measurement)


class RoundRobin:
    """A TCP proxy on a loopback port: each new connection goes to the next backend that
    accepts it (a dead one refuses, and the next is tried); bytes are copied both ways until
    either side closes. ``route[client port]`` is the backend a connection went to."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = list(ports)
        self.route: dict[int, int] = {}
        self._next = 0
        self._lock = threading.Lock()
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, address = self._listener.accept()
            except OSError:
                return  # closed
            threading.Thread(target=self._serve, args=(client, address[1]), daemon=True).start()

    def _serve(self, client: socket.socket, client_port: int) -> None:
        for _ in range(len(self.ports)):
            with self._lock:
                port = self.ports[self._next % len(self.ports)]
                self._next += 1
            try:
                backend = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                continue
            backend.settimeout(None)
            self.route[client_port] = port
            for source, sink in ((client, backend), (backend, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()
            return
        client.close()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:  # one side is gone: so is the other
            for each in (source, sink):
                with contextlib.suppress(OSError):
                    each.shutdown(socket.SHUT_RDWR)
                each.close()

    def close(self) -> None:
        self._listener.close()


class Listener(threading.Thread):
    """A WebSocket client of one seat (or a spectator) through the proxy that reconnects by
    itself whenever its connection ends; every message it hears, and the backend port of each
    connection it made."""

    def __init__(
        self, proxy: RoundRobin, game_id: str, token: str | None, at: int | None = None
    ) -> None:
        super().__init__(daemon=True)
        self.proxy = proxy
        self.at = at  # a backend's port: straight to that process, never through the proxy
        self.url = f"ws://127.0.0.1:{at or proxy.port}/api/games/{game_id}/ws"
        self.headers = {"X-Seat-Token": token} if token else {}
        self.heard: list[dict[str, Any]] = []
        self.backends: list[int] = []
        self.done = threading.Event()
        self.start()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                with websockets_sync.connect(
                    self.url, additional_headers=self.headers, open_timeout=10
                ) as socket_:
                    port = self.at or self.proxy.route[socket_.socket.getsockname()[1]]
                    self.backends.append(port)
                    while not self.done.is_set():
                        with contextlib.suppress(TimeoutError):
                            self.heard.append(json.loads(socket_.recv(timeout=0.2)))
            except (WebSocketException, OSError, KeyError):  # a cut or refused connection
                time.sleep(0.1)  # the page's back-off, short

    def last(self) -> dict[str, Any]:
        return self.heard[-1] if self.heard else {}

    def wait(self, done: Callable[[dict[str, Any]], bool], what: str) -> dict[str, Any]:
        deadline = time.monotonic() + PATIENCE
        while not (self.heard and done(self.heard[-1])):
            assert time.monotonic() < deadline, f"{what}; last heard: {str(self.last())[:1500]}"
            time.sleep(0.02)
        return self.heard[-1]


@pytest.fixture
def clock_file(tmp_path: Path) -> Path:
    path = tmp_path / "offset"
    path.write_text("0")
    return path


@pytest.fixture
def fronted(
    postgres_cluster: PostgresCluster, clock_file: Path
) -> Iterator[tuple[RoundRobin, list[ServerProcess]]]:
    """Three processes on a fresh database, behind the round-robin proxy."""
    url = postgres_cluster.create_database()
    ServerProcess(url).start().stop()  # migrate once, first
    extra = ["--clock-tick", "0.2", "--clock-file", str(clock_file)]
    servers = [ServerProcess(url, 0.05, extra=extra) for _ in range(3)]
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda server: server.start(), servers))
    proxy = RoundRobin([server.port for server in servers])
    try:
        yield proxy, servers
    finally:
        proxy.close()
        for server in servers:
            server.kill()


def request(method: str, url: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
    """An HTTP request through the proxy on a new connection (so to the next process); one
    that a dying process cut off is sent again (nothing was acknowledged)."""
    headers = {"X-Seat-Token": token} if token else {}
    for _ in range(20):
        try:
            answer = httpx.request(method, url, headers=headers, timeout=30, **kwargs)
        except httpx.HTTPError:
            time.sleep(0.1)
            continue
        if answer.status_code != 503:  # 503: the database did not take it, nothing changed
            return answer
        time.sleep(0.1)
    raise AssertionError(f"{method} {url}: no answer")


def test_kill_nine_twice_under_websocket_clients_a_clock_runs_out_once_nothing_lost(
    fronted: tuple[RoundRobin, list[ServerProcess]], clock_file: Path
) -> None:
    proxy, servers = fronted
    by_port = {server.port: server for server in servers}
    created = request(
        "POST",
        proxy.url + "/api/games",
        json={
            "game": "toy",
            "players": 3,
            "seats": [{}, {}, {"kind": "bot", "level": "random"}],
            "clock": {"kind": "turn", "move_seconds": 60, "reserve_seconds": 0, "grace_seconds": 0},
        },
    ).json()
    game_id, tokens = created["state"]["id"], {0: created["token"]}
    base = f"{proxy.url}/api/games/{game_id}"
    tokens[1] = request("POST", base + "/join", json={"seat": 1}).json()["token"]
    ann, bea, watcher = (Listener(proxy, game_id, token) for token in (tokens[0], tokens[1], None))
    listeners = [ann, bea, watcher]
    # a spectator at each process, not through the proxy: whichever process hands the seat over
    # tells its own listeners of it (the events of a payload are the process's own)
    at_each = [Listener(proxy, game_id, None, at=server.port) for server in servers]
    table = _Table(base, tokens, by_port)
    acknowledged, move, next_mover = table.acknowledged, table.move, table.next_mover

    # both people play a few moves; seat 0's process dies under its socket
    while len(acknowledged) < 4:
        mover = next_mover()
        move(mover, (ann, bea)[mover])
    first = table.kill_under(ann)

    # the clock runs on: seat 1's turn comes, its person never moves, time passes its move
    while next_mover() != 1:
        move(0, ann)
    bea.wait(lambda p: p["clock"]["seats"][1]["running"], "seat 1's clock running")
    clock_file.write_text("120")  # past the 60 s move, no reserve, no grace: a bot takes it
    bea.wait(lambda p: p["seats"][1]["kind"] == "bot", "seat 1 handed to a bot")
    # it reconnects elsewhere by itself (under load the reconnect may come after the hand-over)
    deadline = time.monotonic() + PATIENCE
    while ann.backends[-1] == first and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ann.backends[-1] != first and len(ann.backends) >= 2

    # seat 0 plays on with two bots; the process its socket moved to dies too
    moved = len(acknowledged)
    while len(acknowledged) < moved + 2:
        assert ann.last().get("status") != "finished"
        move(0, ann)
    second = table.kill_under(ann)
    while True:
        state = ann.wait(lambda p: p["your_turn"] or p["status"] == "finished", "seat 0's turn")
        if state["status"] == "finished":
            break
        move(0, ann)
    alive = next(server for server in servers if server.port not in (first, second))
    final = request("GET", f"{alive.url}/api/games/{game_id}/state", tokens[0]).json()
    assert final["status"] == "finished"
    for listener in listeners:
        listener.wait(lambda p: p["version"] == final["version"], "the final state")
        listener.done.set()
        versions = [message["version"] for message in listener.heard]
        assert versions == sorted(versions)  # nobody was ever told of a state taken back
        assert listener.backends[-1] == alive.port
    assert len(ann.backends) >= 3 and ann.backends[1] != ann.backends[0]
    _one_hand_over(listeners + at_each, at_each)
    assert [seat["name"] for seat in final["seats"]][1] == "Player 2 (bot)"
    # bots kept moving after each kill: every seat played all its cards
    assert len(set(map(len, final["view"]["played"]))) == 1
    assert sum(seat == 1 for seat, _ in acknowledged) >= 1 and len(acknowledged) >= 8
    _nothing_lost(alive.url, game_id, tokens, acknowledged, final)


class _Table:
    """The two people of the cluster test at their table: their moves, acknowledged ones kept."""

    def __init__(self, base: str, tokens: dict[int, str], by_port: dict[int, Any]) -> None:
        self.base, self.tokens, self.by_port = base, tokens, by_port
        self.acknowledged: list[tuple[int, dict[str, Any]]] = []

    def move(self, seat: int, listener: Listener) -> bool:
        """The seat's next action, on the state its socket last told it of; False if it did
        not move: the game ended, or that state was old news and the newer one is not the
        seat's turn. (A socket's last word may be old news: one whose process was killed hears
        nothing until it reconnects, and a process killed just after acknowledging a move never
        told of the state after it.)"""
        while True:
            state = listener.wait(
                lambda p: p.get("your_turn", False) or p.get("status") == "finished",
                f"seat {seat}'s turn",
            )
            if state["status"] == "finished":
                return False
            answer = request(
                "POST",
                self.base + "/actions",
                self.tokens[seat],
                json={"version": state["version"], "action": {"id": state["actions"][-1]["id"]}},
            )
            if answer.status_code == 200:
                self.acknowledged.append((seat, answer.json()))
                return True
            assert answer.status_code == 409, answer.text  # a bot moved first, or old news
            newer = listener.wait(lambda p, v=state["version"]: p["version"] > v, "a newer state")
            if not (newer.get("your_turn") or newer.get("status") == "finished"):
                return False

    def next_mover(self) -> int:
        """The person to act, as the database has it (asked through the proxy, so of any
        live process); both people move in turn here, so it waits out the bot's turns."""
        deadline = time.monotonic() + PATIENCE
        while True:
            state = request("GET", self.base + "/state", self.tokens[0]).json()
            people = [seat for seat in state["to_act"] if seat in (0, 1)]
            if people:
                return int(people[0])
            assert state["status"] != "finished" and time.monotonic() < deadline, "nobody's turn"
            time.sleep(0.02)

    def kill_under(self, listener: Listener) -> int:
        """kill -9 the process the listener's socket is on; its port."""
        port = listener.backends[-1]
        self.by_port[port].kill()
        return port


def _one_hand_over(listeners: list[Listener], at_each: list[Listener]) -> None:
    """The clock's hand-over, once: one "bot" event for seat 1 (its clock ran out) in all that
    every client was told, whichever process told it."""
    for listener in at_each:
        listener.done.set()
    events = {
        (event["kind"], event["seat"], event["after"], event["detail"])
        for listener in listeners
        for message in listener.heard
        for event in message["events"]
        if event["kind"] == "bot"
    }
    assert len(events) == 1 and next(iter(events))[1::2] == (1, "ran_out"), events


def _nothing_lost(
    url: str,
    game_id: str,
    tokens: dict[int, str],
    acknowledged: list[tuple[int, dict[str, Any]]],
    final: dict[str, Any],
) -> None:
    """No acknowledged move lost: the record replays to each acknowledged state, and the last.
    (Seat 1's token holds no seat since the bot took it: its states are compared as anyone
    sees them, without the hand only its seat saw.)"""

    def public(view: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in view.items() if key not in ("hand", "viewer")}

    for seat, seen in acknowledged:
        step = seen["log_length"]
        again = request("GET", f"{url}/api/games/{game_id}/replay?step={step}", tokens[seat])
        if seat == 0:
            assert again.json()["view"] == seen["view"], (seat, step)
        else:
            assert public(again.json()["view"]) == public(seen["view"]), (seat, step)
    end = request("GET", f"{url}/api/games/{game_id}/replay?step={final['log_length']}", tokens[0])
    assert end.json()["view"] == final["view"]
