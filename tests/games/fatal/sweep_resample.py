"""The large resample sweep of issue 8, as a script with progress (not collected by pytest):

    .venv/bin/python tests/games/fatal/sweep_resample.py GAMES [LOG] [START]

plays GAMES seeded random games (game k = START.. has seed 10**9 + k and 3 + k % 3 players),
each with every check of ``test_fatal_properties.play_checked`` (every seat's view unchanged
by its own resample at every step, positions and actions round-tripping through JSON every
``FATAL_ROUNDTRIP_EVERY`` steps), and appends a line per 100 games (and any failure, with its
seed) to LOG."""

from __future__ import annotations

import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from tests.games.fatal.test_fatal_properties import play_checked


def main() -> int:
    games = int(sys.argv[1])
    log = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("fatal-sweep.log")
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    start = time.time()
    counts = {3: 0, 4: 0, 5: 0}
    decisions = 0
    for k in range(first, first + games):
        players = 3 + k % 3
        seed = 10**9 + k
        try:
            decisions += play_checked(players, seed)
        except Exception:
            with log.open("a") as out:
                out.write(f"FAILED players={players} seed={seed}\n{traceback.format_exc()}\n")
            return 1
        counts[players] += 1
        if (k + 1) % 100 == 0 or k + 1 == first + games:  # k + 1: the games 0..k are done
            with log.open("a") as out:
                out.write(
                    f"{k + 1} games ok {counts} decisions {decisions} {time.time() - start:.0f}s\n"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
