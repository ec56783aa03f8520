"""A small run of bench/bench_web_load.py: concurrent games and clients on loopback, bounded by
a number of actions. It checks correctness only (no errors, no stale conflicts, every action
heard); throughput and latency are measured by the benchmark itself, never asserted here, so a
loaded machine cannot turn this test red."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

from web_helpers import ROOT, ServerProcess


def test_many_games_and_clients_at_once(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location(
        "bench_web_load", ROOT / "bench" / "bench_web_load.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_web_load", bench)  # dataclasses look their module up
    spec.loader.exec_module(bench)
    server = ServerProcess(f"sqlite:///{tmp_path / 'load.db'}", bot_delay=0.0).start()
    try:
        report = asyncio.run(
            # the action budget ends the run; the time limit only guards against a hang
            bench.run_load(
                server.url, games=8, bot_games=2, players=2, seconds=300.0, max_actions=60
            )
        )
    finally:
        server.kill()
    print(report)
    assert report["error_count"] == 0, report["errors"]
    assert report["conflicts_409"] == 0  # one client per seat: nobody acts on a stale state
    assert report["clients"] == 18
    assert report["actions"] >= 60
    assert report["websocket_messages"] >= report["actions"]
