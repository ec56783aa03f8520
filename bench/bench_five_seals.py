"""Five Seals speed: reach and legal-target computation, random-play decisions per second,
clone and JSON costs. Run: ``.venv/bin/python bench/bench_five_seals.py [games]``."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import grimoire
from grimoire.games.five_seals import reach
from grimoire.games.five_seals.state import FiveSealsState


def mid_game_states(players: int, count: int) -> list[FiveSealsState]:
    """Positions from random circle-IV games (the circle with the reach spells)."""
    game = grimoire.make("five-seals", players=players, circle=4)
    found: list[FiveSealsState] = []
    seed = 0
    while len(found) < count:
        st = game.new_state(seed)
        assert isinstance(st, FiveSealsState)
        rng = random.Random(seed)
        step = 0
        while not st.is_terminal():
            if step % 37 == 0 and st.phase == "play":
                copy = st.clone()
                assert isinstance(copy, FiveSealsState)
                found.append(copy)
            st.play(rng.choice(st.legal_actions()))
            step += 1
        seed += 1
    return found[:count]


def per_call(states: list[FiveSealsState], work: Callable[[FiveSealsState], object]) -> float:
    """Microseconds per call of ``work`` on a fresh cache (nothing remembered from before)."""
    repeats = max(1, 2000 // len(states))
    start = time.perf_counter()
    for _ in range(repeats):
        for st in states:
            st._legal_cache = None
            st.board_changed()  # drops the regions too (and the memo)
            work(st)
    return (time.perf_counter() - start) / (repeats * len(states)) * 1e6


def to_act(st: FiveSealsState) -> int:
    actor = st.current_player
    return actor if isinstance(actor, int) and actor >= 0 else 0


def leap_all(st: FiveSealsState) -> None:
    seat = to_act(st)
    for node in reach.targets(st, seat):
        reach.leap_targets(st, seat, node)


def random_play(players: int, games: int) -> tuple[float, float]:
    """(decisions per second, milliseconds per game) of uniformly random play."""
    game = grimoire.make("five-seals", players=players, circle=4)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        st = game.new_state(seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            st.play(rng.choice(st.legal_actions()))
            decisions += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, elapsed / games * 1000


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    rows = []
    for players in (2, 3, 4, 5):
        states = mid_game_states(players, 60)
        rate, per_game = random_play(players, games)
        rows.append(
            (
                players,
                per_call(states, lambda st: reach.targets(st, to_act(st))),
                per_call(states, leap_all),
                per_call(states, lambda st: st.legal_actions() if not st.is_chance() else None),
                per_call(states, lambda st: st.clone()),
                per_call(states, lambda st: st.to_json()),
                rate,
                per_game,
            )
        )
    head = (
        "players",
        "reach us",
        "leap-all us",
        "legal us",
        "clone us",
        "to_json us",
        "decisions/s",
        "ms/game",
    )
    print(" | ".join(f"{h:>11}" for h in head))
    for row in rows:
        print(" | ".join(f"{v:>11.1f}" if isinstance(v, float) else f"{v:>11}" for v in row))
    print(
        "reach: targets of the player to act; leap-all: Leap's check for every reachable token; "
        "legal: all legal actions (incl. every scroll's usability); random play: circle IV, "
        f"{games} games per player count."
    )


if __name__ == "__main__":
    main()
