"""Study throughput: games/s per core for random and heuristic line-ups of every registered
game, the projected time of a 1,000,000-game study on 16 cores, and the overhead of the Ray
back-end on a local cluster against the process pool (same study, same numbers), and with
``--until-clear`` how many games the SPRT of ``grimoire study --until-clear`` plays per game
before it answers whether the first player has a 5-point advantage (random line-ups, at most
``--cap`` games).

    .venv/bin/python bench/bench_study.py [--games 40] [--ray] [--until-clear] [--json OUT]

Figures are wall-clock on this machine; compare runs on one machine only. Never asserted in
tests (docs/simulation.md).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grimoire.registry import game_class
from grimoire.registry import games as game_names
from grimoire.sim.study import (
    Backend,
    StudySpec,
    local_backend,
    process_backend,
    ray_backend,
    run_study,
)

MILLION = 1_000_000
CORES = 16


def rate(game: str, players: int, lineup: list[str], games: int) -> float:
    """Games per second of one process."""
    spec = StudySpec(game, [players], games=games, seed=7, lineups=[lineup], chunk=games)
    started = time.perf_counter()
    run_study(spec, local_backend)
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games per measurement")
    parser.add_argument("--ray", action="store_true", help="also measure the Ray back-end")
    parser.add_argument(
        "--until-clear", action="store_true", help="games the SPRT needs, random line-ups"
    )
    parser.add_argument("--cap", type=int, default=3000, help="--until-clear: games at most")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    args = parser.parse_args()
    console = Console()
    rows: list[dict[str, Any]] = []
    table = Table(title="Study throughput, one process")
    for column in ("game", "players", "line-up", "games/s", "1M games on 16 cores"):
        table.add_column(column)
    for name in game_names():
        cls = game_class(name)
        players = cls.min_players
        for lineup in (["random"], ["heuristic"]):
            per_second = rate(name, players, lineup, args.games)
            projected = MILLION / (per_second * CORES)
            rows.append(
                {
                    "game": name,
                    "players": players,
                    "lineup": lineup,
                    "games_per_second": per_second,
                    "million_on_16_cores_s": projected,
                }
            )
            table.add_row(
                name, str(players), lineup[0], f"{per_second:.1f}", f"{projected / 60:.0f} min"
            )
    console.print(table)
    if args.ray:
        spec = StudySpec("five-seals", [2], games=args.games, seed=3, lineups=[["random"]])
        timings = {}
        choices: list[tuple[str, Backend | None]] = [
            ("process pool (2)", process_backend(2)),
            ("ray", None),
        ]
        for label, backend in choices:
            if backend is None:
                import ray

                ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
                backend = ray_backend(None)
            started = time.perf_counter()
            run_study(spec, backend)
            timings[label] = time.perf_counter() - started
        overhead = timings["ray"] / timings["process pool (2)"]
        console.print(
            f"Ray on a local 2-CPU cluster: {timings['ray']:.1f} s against "
            f"{timings['process pool (2)']:.1f} s for the process pool ({overhead:.2f}x)"
        )
        rows.append({"ray_seconds": timings["ray"], "pool_seconds": timings["process pool (2)"]})
    if args.until_clear:
        until = Table(title=f"--until-clear (SPRT, 5 points), random bots, at most {args.cap}")
        for column in ("game", "players", "games", "stopped by", "first player wins"):
            until.add_column(column)
        for name in game_names():
            players = game_class(name).min_players
            spec = StudySpec(
                name, [players], games=args.cap, seed=7, lineups=[["random"]], until_clear="sprt"
            )
            result = run_study(spec, process_backend(2))
            cell, stats = result.cells[0]
            stop = result.info[cell.key]["stop"]
            first = float(stats.first.total) / stats.first.n
            until.add_row(name, str(players), str(stats.games), stop["reason"], f"{first:.1%}")
            rows.append({"game": name, "until_clear_games": stats.games, "stop": stop["reason"]})
        console.print(until)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
