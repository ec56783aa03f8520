"""Where the time of random play goes: cProfile of whole random games, top entries.

    .venv/bin/python bench/profile.py GAME [--games N] [--players N] [--bots random]
                                           [--top N] [--sort cumulative|tottime] [--out FILE]

Games are played by ``grimoire.sim.play_game`` (the same driver as tournaments), so the profile
covers new_state, chance (``resolve_chance``), ``legal_actions``, ``apply`` and the bots.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file is called profile.py: drop its folder from the path, or ``import cProfile`` (which
# imports the standard library's ``profile``) would import this script instead.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

import argparse  # noqa: E402
import cProfile  # noqa: E402
import io  # noqa: E402
import pstats  # noqa: E402
import time  # noqa: E402

import grimoire  # noqa: E402
from grimoire.bots import make_bot  # noqa: E402
from grimoire.sim import play_game  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game, e.g. ciub")
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--players", type=int, help="seats (default: the game's minimum)")
    parser.add_argument("--bots", default="random", help="bot kind at every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=25, help="entries to print (default 25)")
    parser.add_argument("--sort", default="cumulative", choices=("cumulative", "tottime"))
    parser.add_argument("--out", type=Path, help="also save the raw profile (for snakeviz etc.)")
    args = parser.parse_args(argv)

    game = grimoire.make(args.game, players=args.players)
    profiler = cProfile.Profile()
    decisions = 0
    start = time.perf_counter()
    profiler.enable()
    for index in range(args.games):
        bots = [
            make_bot(args.bots, game, args.seed * 1000 + index * 10 + s)
            for s in range(game.players)
        ]
        decisions += play_game(game, bots, args.seed + index, keep_record=False).decisions
    profiler.disable()
    elapsed = time.perf_counter() - start

    print(
        f"{game.title}, {game.players} players, {args.games} games with {args.bots} bots: "
        f"{decisions} decisions in {elapsed:.2f} s under the profiler "
        f"({decisions / elapsed:,.0f} decisions/s; profiling slows play down)"
    )
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)
    print(text.getvalue().rstrip())
    if args.out is not None:
        profiler.dump_stats(str(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
