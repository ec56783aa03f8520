"""Calibrate the search levels: CPU seconds per search iteration, per game.

The levels are iteration budgets (docs/bots.md): the same seed plays the same moves on any
machine. They were calibrated once so that ``hard`` thinks about 1 s per decision on an idle
core of the machine that measured them. This measures, per game, the CPU time
(``time.process_time``, not wall time: the machine is shared) of searches of a fixed number of
iterations from real decisions (every 7th decision with more than one progress action of
seeded heuristic games), with the search settings the levels use, and prints the iterations one
CPU second buys.

    .venv/bin/python bench/calibrate_levels.py [--iterations 200] [--positions 12] [--json OUT]

CPU time on a loaded machine is a little longer than on an idle one (shared caches), so the
figures err towards fewer iterations.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import grimoire
from grimoire import BUILD
from grimoire.bots import make_bot
from grimoire.bots.budget import Budget
from grimoire.bots.search import SearchBot
from grimoire.core.state import State

GAMES = [("ciub", 2), ("five-seals", 2), ("runika", 2), ("runika", 1), ("fatal", 3)]


def positions(name: str, players: int, count: int, every: int = 7) -> list[tuple[State, int]]:
    """Every ``every``-th real decision of seeded heuristic games, as its seat sees it."""
    game = grimoire.make(name, players=players)
    found: list[tuple[State, int]] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, s) for s in range(players)]
        decisions = 0
        while len(found) < count:
            state.resolve_chance()
            if state.is_terminal():
                break
            seat = min(state.seats_to_act())
            if len(state.progress_actions(seat)) > 1:
                decisions += 1
                if decisions % every == 0:
                    found.append((state.for_seat(seat, seed), seat))
            state.apply(bots[seat].choose(state.for_seat(seat, seed), seat), seat)
        seed += 1
    return found


def measure(name: str, players: int, iterations: int, count: int) -> dict[str, Any]:
    found = positions(name, players, count)
    game = found[0][0].game
    bot = make_bot(f"search:{iterations}", game, 1)
    assert isinstance(bot, SearchBot)
    done = 0
    random.seed(0)
    started = time.process_time()
    for state, seat in found:
        result = bot.search(state, seat, Budget(iterations=iterations))
        done += result.iterations
    cpu = time.process_time() - started
    return {
        "game": name,
        "players": players,
        "search": game.search_kind,
        "positions": len(found),
        "iterations": done,
        "cpu_seconds": round(cpu, 3),
        "iterations_per_cpu_second": round(done / cpu, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--games", default=",".join(f"{g}/{p}" for g, p in GAMES))
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    rows = []
    build = BUILD.describe()
    print(f"build: {build}")
    for item in args.games.split(","):
        name, _, players = item.partition("/")
        row = measure(name, int(players or 2), args.iterations, args.positions)
        rows.append(row)
        print(
            f"{row['game']:<11} {row['players']}p {row['search']:<7} "
            f"{row['iterations_per_cpu_second']:>8.1f} iterations per CPU second "
            f"({row['iterations']} in {row['cpu_seconds']} s)",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"build": build, "rows": rows}, handle, indent=2)


if __name__ == "__main__":
    main()
