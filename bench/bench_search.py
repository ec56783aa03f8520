"""Search speed: simulations (iterations) per second of ``mcts`` and ``ismcts`` per game,
from mid-game positions reached by heuristic play, with the default settings (rollouts of 8
decisions scored by the game's ``evaluate`` hook).

Run: ``.venv/bin/python bench/bench_search.py [iterations per search] [positions]``.
"""

from __future__ import annotations

import random
import sys
import time

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.budget import Budget
from grimoire.bots.search import TreeSearch
from grimoire.core.state import State

GAMES = [("ciub", 2), ("five-seals", 2), ("fatal", 3), ("fatal", 4)]


def positions(name: str, players: int, count: int) -> list[tuple[State, int]]:
    """Every 25th real decision (more than one legal action) of heuristic games."""
    game = grimoire.make(name, players=players)
    found: list[tuple[State, int]] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(seed)
        bots = [make_bot("heuristic", game, s) for s in range(players)]
        decisions = 0
        while not state.is_terminal() and len(found) < count:
            actor = state.current_player
            seat = actor if isinstance(actor, int) else min(actor)
            if len(state.legal_actions(seat)) > 1:
                decisions += 1
                if decisions % 25 == 0:
                    found.append((state.for_seat(seat, seed), seat))
            state.play(bots[seat].choose(state.for_seat(seat, seed), seat), seat)
        seed += 1
    return found


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    print(
        f"{'game':<12} {'players':>7} {'search':>7} {'sims/s':>8}  ({count} positions, "
        f"{iterations} iterations each)"
    )
    for name, players in GAMES:
        found = positions(name, players, count)
        for kind in ("mcts", "ismcts"):
            rng = random.Random(1)
            done = 0
            started = time.perf_counter()
            for state, seat in found:
                tree = TreeSearch(
                    state,
                    seat,
                    rng,
                    determinize_each=kind == "ismcts",
                    observe_others=kind == "ismcts",
                )
                tree.run(Budget(iterations=iterations), early_stop=False)
                done += tree.iterations
            rate = done / (time.perf_counter() - started)
            print(f"{name:<12} {players:>7} {kind:>7} {rate:>8.0f}")


if __name__ == "__main__":
    main()
