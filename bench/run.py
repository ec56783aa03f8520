"""Engine benchmarks for every registered game, through the core contracts only.

    .venv/bin/python bench/run.py [--games ciub,five-seals] [--quick] [--players N] [--json OUT]

For each game it prints one table:

* decisions/s under random play: the time of ``legal_actions`` + a random choice + ``apply``
  per player decision, once without chance (only the decision loop is timed) and once with
  chance (the seeded chance draws that follow each decision are timed too), plus chance
  steps/s on their own;
* clone cost (µs) and ``to_json`` + ``state_from_json`` round-trip cost (µs), averaged over
  positions sampled from the start to the end of random games (long histories included):
  the checked load, the trusted load (``trusted=True``) and the position alone (no history);
* full games/s with the game's heuristic bots at every seat (and with random bots);
* memory: bytes a clone of the largest sampled position holds, and the tracemalloc peak of one
  whole random game (the state, its history and everything the rules allocate on the way).

Figures are CPU time (``time.process_time``: other processes on a loaded machine cost less),
single process; compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import grimoire
from grimoire.bots import RandomBot, make_bot
from grimoire.core.game import Game
from grimoire.core.state import CHANCE, State
from grimoire.sim import play_game

FULL = {"random_games": 200, "snapshots": 60, "reps": 200, "bot_games": 30}
QUICK = {"random_games": 20, "snapshots": 20, "reps": 40, "bot_games": 4}


def random_play(game: Game, games: int, seed: int, snapshots: int) -> dict[str, Any]:
    """Play ``games`` random games, timing decisions and chance separately; keep clones of
    about ``snapshots`` positions spread over the first games (cloned outside the timers)."""
    rng = random.Random(seed)
    warm_up = play_game(game, [RandomBot(seed + s) for s in range(game.players)], seed - 1)
    every = max(1, warm_up.decisions * min(games, 4) // max(1, snapshots))
    decisions = chance_steps = 0
    decision_ns = chance_ns = 0
    kept: list[State] = []
    wall = time.process_time_ns()
    for index in range(games):
        state = game.new_state(seed + index, resolve_chance=False)
        played = 0
        while True:
            start = time.process_time_ns()
            while state.current_player == CHANCE:
                state.apply(state.sample_chance())
                chance_steps += 1
            chance_ns += time.process_time_ns() - start
            if state.is_terminal():
                break
            seats = sorted(state.seats_to_act())
            start = time.process_time_ns()
            for seat in seats:
                state.apply(rng.choice(state.legal_actions(seat)), seat)
            decision_ns += time.process_time_ns() - start
            decisions += len(seats)
            played += len(seats)
            if played % every == 0 and len(kept) < snapshots:
                kept.append(state.clone())
        if len(kept) < snapshots:
            kept.append(state.clone())  # a finished game is a position too
    wall_ns = time.process_time_ns() - wall
    return {
        "games": games,
        "decisions": decisions,
        "chance_steps": chance_steps,
        "decisions_per_s_excluding_chance": decisions / (decision_ns / 1e9),
        "decisions_per_s_including_chance": decisions / ((decision_ns + chance_ns) / 1e9),
        "chance_steps_per_s": chance_steps / (chance_ns / 1e9) if chance_steps else None,
        "decisions_per_game": decisions / games,
        "random_games_per_s": games / (wall_ns / 1e9),
        "snapshots": kept,
    }


def per_call_us(states: list[State], reps: int, call: Callable[[State], object]) -> float:
    """Mean µs of ``call(state)`` over the states, ``reps`` calls each."""
    total_ns = 0
    gc.collect()
    for state in states:
        start = time.process_time_ns()
        for _ in range(reps):
            call(state)
        total_ns += time.process_time_ns() - start
    return total_ns / (reps * len(states)) / 1e3


def bot_games_per_s(game: Game, kind: str, games: int, seed: int) -> float:
    start = time.process_time()
    for index in range(games):
        bots = [make_bot(kind, game, seed + 100 * index + seat) for seat in range(game.players)]
        play_game(game, bots, seed + index, keep_record=False)
    return games / (time.process_time() - start)


def memory(game: Game, snapshots: list[State], seed: int) -> dict[str, int]:
    """Bytes held by a clone of the biggest snapshot; tracemalloc peak of one random game."""
    biggest = max(snapshots, key=lambda state: len(state.history))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        copy = biggest.clone()
        clone_bytes = tracemalloc.get_traced_memory()[0] - before
        del copy
        gc.collect()
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        bots = [RandomBot(seed + seat) for seat in range(game.players)]
        result = play_game(game, bots, seed, keep_record=False)
        game_peak = tracemalloc.get_traced_memory()[1] - base
    finally:
        tracemalloc.stop()
    return {
        "clone_bytes": clone_bytes,
        "clone_history": len(biggest.history),
        "game_peak_bytes": game_peak,
        "game_decisions": result.decisions,
    }


def bench_game(name: str, players: int | None, quick: bool, seed: int) -> dict[str, Any]:
    sizes = QUICK if quick else FULL
    cls = grimoire.game_class(name)
    game = grimoire.make(name, players=players)
    doc: dict[str, Any] = {"game": name, "title": cls.title, "players": game.players}
    play = random_play(game, sizes["random_games"], seed, sizes["snapshots"])
    snapshots: list[State] = play.pop("snapshots")
    doc["random_play"] = play
    doc["positions_sampled"] = len(snapshots)
    doc["mean_history"] = sum(len(s.history) for s in snapshots) / len(snapshots)
    doc["clone_us"] = per_call_us(snapshots, sizes["reps"], lambda s: s.clone())
    doc["json_round_trip_us"] = per_call_us(
        snapshots, sizes["reps"], lambda s: game.state_from_json(s.to_json())
    )
    doc["json_round_trip_trusted_us"] = per_call_us(
        snapshots, sizes["reps"], lambda s: game.state_from_json(s.to_json(), trusted=True)
    )
    doc["position_round_trip_us"] = per_call_us(
        snapshots,
        sizes["reps"],
        lambda s: game.state_from_json(s.to_json(history=False), trusted=True),
    )
    doc["json_text_round_trip_us"] = per_call_us(
        snapshots,
        max(1, sizes["reps"] // 4),
        lambda s: game.state_from_json(json.loads(json.dumps(s.to_json()))),
    )
    doc["json_round_trip_equal"] = all(game.state_from_json(s.to_json()) == s for s in snapshots)
    has_heuristic = game.heuristic_bot(0) is not None
    doc["heuristic_bot"] = has_heuristic
    try:
        doc["heuristic_games_per_s"] = bot_games_per_s(game, "heuristic", sizes["bot_games"], seed)
    except Exception as error:  # a bot still being written must not stop the other figures
        doc["heuristic_games_per_s"] = None
        doc["heuristic_error"] = f"{type(error).__name__}: {error}"
    doc["memory"] = memory(game, snapshots, seed)
    return doc


def table(doc: dict[str, Any], quick: bool) -> Table:
    play, mem = doc["random_play"], doc["memory"]
    title = f"{doc['title']} ({doc['game']}), {doc['players']} players" + (
        " — quick" if quick else ""
    )
    out = Table(title=title, title_justify="left")
    out.add_column("Measure")
    out.add_column("Value", justify="right")
    out.add_column("How")
    games = f"{play['games']} random games, {play['decisions_per_game']:.0f} decisions/game"
    out.add_row(
        "decisions/s, chance excluded",
        f"{play['decisions_per_s_excluding_chance']:,.0f}",
        f"legal_actions + choice + apply; {games}",
    )
    out.add_row(
        "decisions/s, chance included",
        f"{play['decisions_per_s_including_chance']:,.0f}",
        f"plus the seeded chance draws ({play['chance_steps'] / play['games']:.0f}/game)",
    )
    if play["chance_steps_per_s"] is not None:
        out.add_row("chance steps/s", f"{play['chance_steps_per_s']:,.0f}", "sample_chance + apply")
    out.add_row("random games/s", f"{play['random_games_per_s']:,.1f}", "whole loop, CPU time")
    sampled = f"mean over {doc['positions_sampled']} positions (history {doc['mean_history']:.0f})"
    out.add_row("clone", f"{doc['clone_us']:,.1f} µs", sampled)
    out.add_row(
        "to_json + from_json",
        f"{doc['json_round_trip_us']:,.1f} µs",
        "same positions; round trip equal: " + ("yes" if doc["json_round_trip_equal"] else "NO"),
    )
    out.add_row(
        "… trusted (own document)",
        f"{doc['json_round_trip_trusted_us']:,.1f} µs",
        "state_from_json(trusted=True): history entries not re-checked",
    )
    out.add_row(
        "position only",
        f"{doc['position_round_trip_us']:,.1f} µs",
        "to_json(history=False), trusted load",
    )
    out.add_row(
        "… + json.dumps/loads",
        f"{doc['json_text_round_trip_us']:,.1f} µs",
        "through JSON text",
    )
    if doc["heuristic_games_per_s"] is None:
        out.add_row("heuristic games/s", "failed", doc.get("heuristic_error", ""))
    else:
        how = "heuristic bot at every seat" if doc["heuristic_bot"] else "no heuristic: random"
        out.add_row("heuristic games/s", f"{doc['heuristic_games_per_s']:,.1f}", how)
    out.add_row(
        "state size (clone)",
        f"{mem['clone_bytes'] / 1024:,.1f} KiB",
        f"tracemalloc; biggest sampled position (history {mem['clone_history']})",
    )
    out.add_row(
        "peak memory, one game",
        f"{mem['game_peak_bytes'] / 1024:,.1f} KiB",
        f"tracemalloc peak over a random game ({mem['game_decisions']} decisions)",
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated game names (default: all registered)")
    parser.add_argument("--quick", action="store_true", help="small samples: a few seconds")
    parser.add_argument("--players", type=int, help="seats (default: each game's minimum)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)
    console = Console()
    registered = grimoire.game_names()
    names = [n.strip() for n in args.games.split(",")] if args.games else registered
    console.print(
        f"grimoire {grimoire.__version__}, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.machine()}; "
        f"{'quick' if args.quick else 'full'} run, seed {args.seed}",
        highlight=False,
    )
    results = []
    for name in names:
        try:
            grimoire.game_class(name)
        except grimoire.UnknownGame:
            console.print(f"[yellow]{name}: not registered, skipped[/]")
            continue
        doc = bench_game(name, args.players, args.quick, args.seed)
        results.append(doc)
        console.print(table(doc, args.quick))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    return 0 if results else 1


if __name__ == "__main__":
    sys.exit(main())
