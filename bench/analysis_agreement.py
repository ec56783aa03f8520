"""How often ``analyse``'s best action agrees with a 10x longer search, on a fixed published
set of 20 positions per game (issue 28's target: >= 80%).

    .venv/bin/python bench/analysis_agreement.py --make        # (re)write the position sets
    .venv/bin/python bench/analysis_agreement.py [--games ciub/2,...] [--scale 1.0] [--json OUT]

The positions (``bench/results/analysis-positions/<game>-<players>.json``) are made
deterministically: seeded heuristic games (seed 1000 + k), the position at a real decision
(more than two progress actions) picked with a seeded generator spread over the game, stored
whole (``to_json(history=False)``) with the seat to advise; the analysis reads only that
seat's ``for_seat`` view. Each position is analysed with the game's ``hard`` iterations
(``Game.search_iterations`` x ``--scale``) and ``PLAYOUTS`` playouts per action, seed 1, then
with 10x the iterations, seed 2 (other seeds: the two runs share no random numbers; the
playouts rank solo games and break ties of the search's estimates elsewhere). Reported: exact
agreement of the best action, and agreement "within noise" (the short run's choice is within
1.96 standard errors of the long run's best in the long run's own estimates: a tie the long
search cannot split either), with the CPU seconds spent.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.analysis import PLAYOUTS, ActionAnalysis, analyse
from grimoire.bots.budget import Budget
from grimoire.core.state import State

FOLDER = Path(__file__).parent / "results" / "analysis-positions"
SETS = [("ciub", 2), ("five-seals", 2), ("runika", 2), ("runika", 1), ("fatal", 3)]
COUNT = 20


def make_set(name: str, players: int, count: int = COUNT) -> list[dict[str, Any]]:
    """``count`` positions, one per seeded heuristic game, at a seeded real decision."""
    game = grimoire.make(name, players=players)
    found: list[dict[str, Any]] = []
    k = 0
    while len(found) < count:
        seed = 1000 + k
        k += 1
        pick = random.Random(seed)
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, s) for s in range(players)]
        target = pick.randrange(5, 60)
        real = 0
        while True:
            state.resolve_chance()
            if state.is_terminal():
                break
            seat = min(state.seats_to_act())
            if len(state.progress_actions(seat)) > 2:
                if real == target:
                    doc = state.to_json(history=False)
                    found.append(
                        {
                            "game": name,
                            "players": players,
                            "seed": seed,
                            "seat": seat,
                            "decision": real,
                            "position": doc,
                        }
                    )
                    break
                real += 1
            view = state.for_seat(seat, pick.getrandbits(32))
            state.apply(bots[seat].choose(view, seat), seat)
    return found


def path_of(name: str, players: int) -> Path:
    return FOLDER / f"{name}-{players}.json"


def load_set(name: str, players: int) -> list[tuple[State, int]]:
    game = grimoire.make(name, players=players)
    docs = json.loads(path_of(name, players).read_text("utf-8"))
    return [(game.state_from_json(doc["position"]), doc["seat"]) for doc in docs]


def within_noise(pick: int, long: list[ActionAnalysis], solo: bool) -> bool:
    best = long[0]
    mine = next(row for row in long if row.action == pick)
    if solo:
        gap = best.final_score - mine.final_score
        error = (best.final_score_error**2 + mine.final_score_error**2) ** 0.5
    else:
        gap = best.win_chance - mine.win_chance
        error = (best.std_error**2 + mine.std_error**2) ** 0.5
    return bool(gap <= 1.96 * error)


def measure(name: str, players: int, scale: float, count: int) -> dict[str, Any]:
    positions = load_set(name, players)[:count]
    hard = positions[0][0].game.search_iterations or 1000
    short = max(1, round(hard * scale))
    solo = players == 1
    exact = noise = 0
    rows = []
    started = time.process_time()
    for state, seat in positions:
        quick = analyse(state, seat, Budget(iterations=short), 1, PLAYOUTS)
        long = analyse(state, seat, Budget(iterations=10 * short), 2, PLAYOUTS)
        same = quick[0].action == long[0].action
        near = same or within_noise(quick[0].action, long, solo)
        exact += same
        noise += near
        rows.append({"short": quick[0].text, "long": long[0].text, "agree": same, "near": near})
        print(
            f"  {name}/{players} {quick[0].text!r:28} {long[0].text!r:28} {same} {near}", flush=True
        )
    return {
        "game": name,
        "players": players,
        "iterations": short,
        "long_iterations": 10 * short,
        "positions": len(positions),
        "agree": exact,
        "agree_within_noise": noise,
        "cpu_seconds": round(time.process_time() - started, 1),
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--make", action="store_true", help="write the position sets")
    parser.add_argument("--games", default=",".join(f"{g}/{p}" for g, p in SETS))
    parser.add_argument("--scale", type=float, default=1.0, help="x the hard iterations")
    parser.add_argument("--count", type=int, default=COUNT, help="the first N of each set")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    chosen = [(g, int(p)) for g, _, p in (item.partition("/") for item in args.games.split(","))]
    if args.make:
        FOLDER.mkdir(parents=True, exist_ok=True)
        for name, players in chosen:
            found = make_set(name, players)
            path_of(name, players).write_text(json.dumps(found) + "\n", "utf-8")
            print(f"wrote {path_of(name, players)} ({len(found)} positions)")
        return
    report = []
    for name, players in chosen:
        row = measure(name, players, args.scale, args.count)
        report.append(row)
        print(
            f"{name}/{players}: {row['agree']} of {row['positions']} agree, "
            f"{row['agree_within_noise']} within noise ({row['iterations']} vs "
            f"{row['long_iterations']} iterations, {row['cpu_seconds']} CPU s)",
            flush=True,
        )
        if args.json:
            Path(args.json).write_text(json.dumps(report, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
