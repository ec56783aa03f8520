"""The Runika property sweep of issue 9:

    .venv/bin/python bench/sweep_runika.py GAMES [--workers N] [--log FILE] [--start K]

plays the seeded games START..START+GAMES-1 of ``tests/games/runika/sweep_checks.py`` (players
cycle 1..5; the k-th game of a player count takes the k-th valid combination of the option
matrix, so every valid combination appears once GAMES >= 5 x the largest count, 2,400; 15%
of the games have heuristic-bot seats), with every check of that module after every
action (the resample check and the JSON round trip every 20 steps). Prints a summary (games per
player count and option value, combinations covered, decisions, endings, time, a digest of
every record: the same seeds give the same digest) and exits 1 on any failure, printing the
seed and options of each failing game. ``--log`` appends a progress line per 100 games and each
failure to FILE.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.games.runika.sweep_checks import Result, run, valid_combinations


def results(first: int, games: int, workers: int) -> Iterator[Result]:
    indices = range(first, first + games)
    if workers <= 1:
        yield from map(run, indices)
        return
    with multiprocessing.Pool(workers) as pool:
        yield from pool.imap(run, indices, chunksize=4)  # in order: the summary is reproducible


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--log", type=Path)
    parser.add_argument("--start", type=int, default=0, help="index of the first game")
    args = parser.parse_args()

    def log(line: str) -> None:
        if args.log:
            with args.log.open("a") as out:
                out.write(line + "\n")

    start = time.time()
    per_players: Counter[int] = Counter()
    per_value: Counter[tuple[str, str]] = Counter()
    combos: dict[int, set[str]] = {n: set() for n in range(1, 6)}
    endings: Counter[str] = Counter()
    bots: Counter[str] = Counter()
    decisions = steps = 0
    digest = 0
    failures: list[Result] = []
    for done, result in enumerate(results(args.start, args.games, args.workers), 1):
        sp = result.spec
        if result.failure:
            failures.append(result)
            log(f"FAILED {sp.describe()}\n{result.failure}")
        else:
            per_players[sp.players] += 1
            matrix = {k: v for k, v in sp.options.items() if k != "first_player"}
            combos[sp.players].add(repr(sorted(matrix.items())))
            for key, value in sp.options.items():
                per_value[(key, str(value))] += 1
            endings[result.ended] += 1
            bots["all heuristic" if len(sp.heuristic) == sp.players else
                 "one heuristic" if sp.heuristic else "random"] += 1  # fmt: skip
            decisions += result.decisions
            steps += result.steps
            digest = zlib.crc32(f"{digest}:{result.digest}".encode())
        if done % 100 == 0:
            log(f"{done} games, {len(failures)} failed, {decisions} decisions, "
                f"{time.time() - start:.0f}s")  # fmt: skip
    elapsed = time.time() - start
    print(f"Runika sweep: games {args.start}..{args.start + args.games - 1}, "
          f"{args.workers} worker(s), {elapsed:.0f}s")  # fmt: skip
    print("games per player count:", dict(sorted(per_players.items())))
    for n in range(1, 6):
        if per_players[n]:
            total = len(valid_combinations(n))
            print(f"  {n} players: {len(combos[n])} of {total} valid option combinations")
    print("games per option value:", dict(sorted(per_value.items())))
    print("players:", dict(bots), " endings:", dict(sorted(endings.items())))
    print(f"decisions {decisions}, steps (with chance) {steps}, record digest {digest:08x}")
    print(f"failures: {len(failures)}")
    for failure in failures:
        print(f"FAILED {failure.spec.describe()}")
        print("  " + failure.failure.strip().splitlines()[-1])
    log(f"done: {args.games} games, {len(failures)} failed, {decisions} decisions, "
        f"{elapsed:.0f}s, digest {digest:08x}")  # fmt: skip
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
