"""Load test of the web app: many concurrent games and clients, on loopback only, bounded.

    .venv/bin/python bench/bench_web_load.py [--games 25] [--players 2] [--seconds 20]
                                             [--bot-games 5] [--think 0] [--bot-delay 0]
                                             [--clock none|realtime|turn]
                                             [--url http://127.0.0.1:PORT]
    .venv/bin/python bench/bench_web_load.py --sweep 10,50,200 [--think 0,1] [--seconds 20]
    .venv/bin/python bench/bench_web_load.py --processes 1,3 [--games 25] [--seconds 20]

Without ``--url`` it starts its own server (``python -m grimoire.web.server``) on a free
loopback port with a fresh SQLite file, and stops it at the end. Each person seat is one client:
it listens on the game's WebSocket and, whenever the pushed state says it is its turn, posts a
random legal action (``version`` included) and measures how long the POST takes; ``--think``
makes it wait like a person first (default 0: as fast as it can, which saturates the server).
``--bot-games`` adds games of one client against heuristic bots (``--bot-delay``, default 0).
Only 127.0.0.1 is ever contacted; the run stops after ``--seconds`` or ``--max-actions``,
whichever comes first.

Reports HTTP requests per second, actions per second, action latency (p50/p95/p99), WebSocket
messages received, and any non-200 answers (409s are counted apart: with one client per seat
there should be none). ``--clock realtime`` gives every game a real-time clock (so the clock
bookkeeping and its watcher are part of the load). ``--sweep 10,50,200`` runs once per number
of concurrent games (each on a fresh server, no bot games, real-time clocks) and for each
``--think`` value, and prints one table row per run. ``--processes 1,3`` starts a throwaway
PostgreSQL cluster (tests/web/pg_server.py) and runs the same load against
``grimoire serve --workers N`` on a fresh database for each N, in the same run, with the CPU
seconds the server processes used (from /proc) and the ratios to the first N. The started
server gets generous creation, read and action limits (``GRIMOIRE_CREATE_BURST``,
``GRIMOIRE_ACTION_PER_MINUTE`` ...): the benchmark plays all its games from one address, each
client as fast as it can.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
RAMP = 0.01  # seconds between two clients' arrivals
# One TLS context for every client (loopback is plain HTTP anyway): httpx builds a new one per
# client otherwise, 140 ms of the load generator's event loop each, which for 400 clients
# stalled every client for a minute.
TLS = ssl.create_default_context()


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)  # from the Server-Timing header
    requests: int = 0
    ws_messages: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)
    finished_games: int = 0

    def report(self, seconds: float) -> dict[str, Any]:
        ordered = sorted(self.latencies)

        def pct(p: float) -> float:
            if not ordered:
                return 0.0
            return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000

        return {
            "seconds": round(seconds, 2),
            "http_requests": self.requests,
            "requests_per_second": round(self.requests / seconds, 1),
            "actions": len(ordered),
            "actions_per_second": round(len(ordered) / seconds, 1),
            "action_latency_ms": {
                "mean": round(statistics.fmean(ordered) * 1000, 2) if ordered else 0.0,
                "p50": round(pct(0.50), 2),
                "p95": round(pct(0.95), 2),
                "p99": round(pct(0.99), 2),
                "max": round(ordered[-1] * 1000, 2) if ordered else 0.0,
            },
            "server_time_ms": {
                "p50": round(sorted(self.server_ms)[len(self.server_ms) // 2], 2)
                if self.server_ms
                else 0.0,
                "p95": round(sorted(self.server_ms)[int(0.95 * len(self.server_ms))], 2)
                if self.server_ms
                else 0.0,
            },
            "websocket_messages": self.ws_messages,
            "conflicts_409": self.conflicts,
            "errors": self.errors[:10],
            "error_count": len(self.errors),
            "finished_games": self.finished_games,
        }


def check_loopback(url: str) -> None:
    host = urlparse(url).hostname
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"refusing to load-test {host!r}: loopback only")


async def seat_client(
    url: str,
    http: httpx.AsyncClient,
    game_id: str,
    token: str,
    stats: Stats,
    deadline: float,
    max_actions: int,
    rng: random.Random,
    think: float,
    delay: float = 0.0,
) -> None:
    ws_url = url.replace("http://", "ws://") + f"/api/games/{game_id}/ws"
    headers = {"X-Seat-Token": token}
    # clients arrive over a moment, as people do: hundreds of handshakes in the same instant
    # measure the load generator's event loop more than the server
    await asyncio.sleep(delay)
    # one keep-alive connection per client: a shared pool of many connections costs the
    # load generator more than the server
    async with (
        httpx.AsyncClient(base_url=url, timeout=30, verify=TLS) as http,
        connect(ws_url, additional_headers=headers, open_timeout=60) as ws,
    ):
        acted_on = -1  # the version this client last acted on
        while time.monotonic() < deadline and len(stats.latencies) < max_actions:
            # wait in short slices, so a client whose opponent stopped at the action budget
            # notices the budget too instead of waiting for the deadline (cancelling recv is
            # safe: the message stays for the next call)
            try:
                raw = await asyncio.wait_for(
                    ws.recv(), timeout=min(0.5, max(0.05, deadline - time.monotonic()))
                )
            except TimeoutError:
                continue
            stats.ws_messages += 1
            payload = json.loads(raw)
            if payload["status"] == "finished":
                if payload["viewer"] == 0:
                    stats.finished_games += 1
                return
            # a payload is pushed for every change, also one that is not a move (someone's page
            # opened or closed, a pause): the same version again is no new turn
            if not payload["your_turn"] or payload["version"] <= acted_on:
                continue
            acted_on = payload["version"]
            if think:  # a person's pause; a newer state may arrive meanwhile
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            action = rng.choice(payload["actions"])
            started = time.perf_counter()
            response = await http.post(
                f"/api/games/{game_id}/actions",
                json={"version": payload["version"], "action": {"id": action["id"]}},
                headers=headers,
            )
            stats.requests += 1
            if response.status_code == 200:
                stats.latencies.append(time.perf_counter() - started)
                timing = response.headers.get("server-timing", "")
                if "dur=" in timing:
                    stats.server_ms.append(float(timing.split("dur=")[1]))
            elif response.status_code == 409:
                stats.conflicts += 1
            else:
                stats.errors.append(f"{response.status_code} {response.text[:200]}")


async def run_load(
    url: str,
    games: int = 25,
    players: int = 2,
    bot_games: int = 5,
    seconds: float = 20.0,
    max_actions: int = 200_000,
    game: str = "ciub",
    seed: int = 1,
    think: float = 0.0,
    clock: str = "none",
) -> dict[str, Any]:
    """Create the games, run every seat's client until the time or action budget is spent."""
    check_loopback(url)
    stats = Stats()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits, verify=TLS) as http:
        seats: list[tuple[str, str]] = []
        for index in range(games + bot_games):
            with_bots = index >= games
            body: dict[str, Any] = {"game": game, "players": players}
            if clock == "realtime":
                body["clock"] = {"kind": "realtime", "move_seconds": 600}
            elif clock == "turn":
                body["clock"] = {"kind": "turn", "move_seconds": 86400}
            if not with_bots:
                body["seats"] = [{"kind": "person"}] * players
            created = await http.post("/api/games", json=body)
            stats.requests += 1
            created.raise_for_status()
            data = created.json()
            game_id = data["state"]["id"]
            seats.append((game_id, data["token"]))
            http.cookies.clear()
            if not with_bots:
                for seat in range(1, players):
                    joined = await http.post(f"/api/games/{game_id}/join", json={"seat": seat})
                    stats.requests += 1
                    joined.raise_for_status()
                    seats.append((game_id, joined.json()["token"]))
                    http.cookies.clear()
        started = time.monotonic()
        deadline = started + seconds
        clients = [
            seat_client(
                url,
                http,
                game_id,
                token,
                stats,
                deadline,
                max_actions,
                random.Random(rng.random()),
                think,
                index * RAMP,
            )
            for index, (game_id, token) in enumerate(seats)
        ]
        results = await asyncio.gather(*clients, return_exceptions=True)
        elapsed = time.monotonic() - started
        for result in results:
            if isinstance(result, BaseException):
                stats.errors.append(repr(result))
    report = stats.report(elapsed)
    report.update(
        games=games,
        bot_games=bot_games,
        players=players,
        clients=len(seats),
        think=think,
        clock=clock,
    )
    return report


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    database_url: str, port: int, bot_delay: float, workers: int = 1
) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT / "src"),
        GRIMOIRE_CREATE_BURST="100000",
        GRIMOIRE_CREATE_PER_MINUTE="100000",
        GRIMOIRE_READ_BURST="100000",
        GRIMOIRE_READ_PER_MINUTE="10000000",
        GRIMOIRE_ACTION_BURST="100000",
        GRIMOIRE_ACTION_PER_MINUTE="10000000",
    )
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "grimoire.web.server",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database-url",
            database_url,
            "--bot-delay",
            str(bot_delay),
            "--workers",
            str(workers),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    servers: set[str] = set()
    while time.monotonic() < deadline:
        try:
            ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=1)
            if ready.status_code == 200:
                servers.add(ready.json()["server"])
            if len(servers) >= workers:  # every process answers
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server on loopback (default: start one)")
    parser.add_argument("--games", type=int, default=25, help="games between clients only")
    parser.add_argument("--bot-games", type=int, default=5, help="games of one client vs bots")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-actions", type=int, default=200_000)
    parser.add_argument("--game", default="ciub")
    parser.add_argument(
        "--think",
        default="0",
        help="mean seconds a client waits before acting (with --sweep: a comma-separated list)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=0.0, help="the started server's bot delay"
    )
    parser.add_argument("--clock", choices=("none", "realtime", "turn"), default="none")
    parser.add_argument(
        "--sweep", help="comma-separated numbers of concurrent games, one fresh server each"
    )
    parser.add_argument(
        "--processes", help="comma-separated server process counts, on PostgreSQL (e.g. 1,3)"
    )
    args = parser.parse_args()
    if args.processes:
        processes(args)
        return
    if args.sweep:
        sweep(args)
        return
    process = None
    url = args.url
    with tempfile.TemporaryDirectory() as tmp:
        if url is None:
            port = free_port()
            process = start_server(f"sqlite:///{Path(tmp) / 'load.db'}", port, args.bot_delay)
            url = f"http://127.0.0.1:{port}"
        before = cpu_seconds(process.pid) if process is not None else 0.0
        try:
            report = asyncio.run(
                run_load(
                    url,
                    games=args.games,
                    players=args.players,
                    bot_games=args.bot_games,
                    seconds=args.seconds,
                    max_actions=args.max_actions,
                    game=args.game,
                    think=float(args.think),
                    clock=args.clock,
                )
            )
            if process is not None:
                # the server's own CPU (it started here): setup and the game creations
                # included, so a short run overstates the cost of an action a little
                used = cpu_seconds(process.pid) - before
                report["server_cpu_seconds"] = round(used, 2)
                report["server_cpu_ms_per_action"] = round(
                    1000 * used / max(1, report["actions"]), 2
                )
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
    print(json.dumps(report, indent=2))


def cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system) of a process and its children that are still running."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def processes(args: argparse.Namespace) -> None:
    """The same load against 1, 3, ... server processes on PostgreSQL, in one run."""
    sys.path.insert(0, str(ROOT / "tests" / "web"))
    from pg_server import PostgresCluster, find_bindir

    cluster = PostgresCluster(find_bindir()).start()
    rows = []
    try:
        for workers in [int(n) for n in args.processes.split(",")]:
            url = cluster.create_database()
            port = free_port()
            process = start_server(url, port, args.bot_delay, workers)
            try:
                before = cpu_seconds(process.pid)
                report = asyncio.run(
                    run_load(
                        f"http://127.0.0.1:{port}",
                        games=args.games,
                        players=args.players,
                        bot_games=args.bot_games,
                        seconds=args.seconds,
                        max_actions=args.max_actions,
                        game=args.game,
                        think=float(args.think),
                        clock=args.clock,
                    )
                )
                used = cpu_seconds(process.pid) - before
            finally:
                process.terminate()
                process.wait(30)
            report.update(
                processes=workers,
                server_cpu_seconds=round(used, 2),
                server_cpu_ms_per_action=round(1000 * used / max(1, report["actions"]), 2),
            )
            rows.append(report)
            first = rows[0]
            print(
                f"processes {workers}  actions/s {report['actions_per_second']:7.1f} "
                f"(x{report['actions_per_second'] / max(0.1, first['actions_per_second']):.2f})  "
                f"p50 {report['action_latency_ms']['p50']:7.1f} ms  "
                f"server CPU {used:6.1f} s = {report['server_cpu_ms_per_action']:5.1f} ms/action  "
                f"errors {report['error_count']}",
                flush=True,
            )
    finally:
        cluster.stop()
    print(json.dumps({"cpus": os.cpu_count(), "runs": rows}, indent=2))


def sweep(args: argparse.Namespace) -> None:
    """One run per (number of games, think time), each against a fresh server: a table."""
    rows = []
    for think in [float(t) for t in str(args.think).split(",")]:
        for games in [int(n) for n in args.sweep.split(",")]:
            with tempfile.TemporaryDirectory() as tmp:
                port = free_port()
                process = start_server(f"sqlite:///{Path(tmp) / 'load.db'}", port, 0.0)
                try:
                    report = asyncio.run(
                        run_load(
                            f"http://127.0.0.1:{port}",
                            games=games,
                            players=args.players,
                            bot_games=0,
                            seconds=args.seconds,
                            max_actions=args.max_actions,
                            game=args.game,
                            think=think,
                            clock="realtime",
                        )
                    )
                finally:
                    process.terminate()
                    process.wait(10)
            rows.append(report)
            latency = report["action_latency_ms"]
            print(
                f"games {games:4d}  clients {report['clients']:4d}  think {think:3.1f} s  "
                f"actions/s {report['actions_per_second']:7.1f}  "
                f"p50 {latency['p50']:7.1f} ms  p95 {latency['p95']:7.1f} ms  "
                f"server p95 {report['server_time_ms']['p95']:6.1f} ms  "
                f"errors {report['error_count']}  409 {report['conflicts_409']}",
                flush=True,
            )
    print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
