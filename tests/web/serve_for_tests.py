"""Run the web app in its own process for the tests, with the test-only Toy game registered.

``--clock-file PATH``: the clocks' time is the real time plus the number of seconds written in
that file (a test moves time forward by writing it); ``--clock-tick`` and the limits as in
``grimoire.web.limits.Limits`` (``web_helpers.FAST_CLIENT``: the read and action limits out of
the way of a test client that plays as fast as the server answers)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the checkout: tests.toys

import grimoire.registry

grimoire.registry.register("toy", "web_toygame:ToyGame")
grimoire.registry.register("toy-plain", "web_toygame:PlainToyGame")

from tests.toys import register_for_good  # noqa: E402

register_for_good()

import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from grimoire.web.limits import Limits  # noqa: E402
from grimoire.web.server import run  # noqa: E402


def file_clock(path: str) -> Callable[[], float]:
    """Real time plus the offset (seconds) in ``path``: the test moves it."""

    def now() -> float:
        try:
            with open(path) as handle:
                offset = float(handle.read().strip() or 0)
        except (OSError, ValueError):
            offset = 0.0
        return time.time() + offset

    return now


def seeded_games(base: int) -> None:
    """New games take their secret seeds from ``random.Random(base)``, so a test that needs a
    known game (its length, say) gets the same one every run; tokens stay random."""
    import random
    import secrets

    import grimoire.web.hub as hub

    seeds = random.Random(base)

    class SeededSecrets:
        randbits = staticmethod(seeds.getrandbits)

        def __getattr__(self, name: str) -> object:
            return getattr(secrets, name)

    vars(hub)["secrets"] = SeededSecrets()  # the module the hub draws from, replaced


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--bot-delay", type=float, default=0.0)
    parser.add_argument("--clock-file", default=None)
    parser.add_argument("--clock-tick", type=float, default=1.0)
    parser.add_argument("--max-body", type=int, default=Limits.max_body)
    parser.add_argument("--create-burst", type=int, default=100)
    parser.add_argument("--create-per-minute", type=float, default=100.0)
    parser.add_argument("--max-bot-games", type=int, default=Limits.max_bot_games)
    parser.add_argument("--seeds", type=int, default=None)
    # the read and action limits keep their defaults (no page or person of the browser tests
    # meets them); a test that plays a whole game as fast as the server answers raises them
    parser.add_argument("--action-burst", type=int, default=Limits.action_burst)
    parser.add_argument("--action-per-minute", type=float, default=Limits.action_per_minute)
    parser.add_argument("--read-burst", type=int, default=Limits.read_burst)
    parser.add_argument("--read-per-minute", type=float, default=Limits.read_per_minute)
    args = parser.parse_args()
    if args.seeds is not None:
        seeded_games(args.seeds)
    limits = Limits(
        max_body=args.max_body,
        create_burst=args.create_burst,
        create_per_minute=args.create_per_minute,
        max_bot_games=args.max_bot_games,
        clock_tick=args.clock_tick,
        action_burst=args.action_burst,
        action_per_minute=args.action_per_minute,
        read_burst=args.read_burst,
        read_per_minute=args.read_per_minute,
    )
    now = file_clock(args.clock_file) if args.clock_file else None
    run(
        "127.0.0.1",
        args.port,
        args.database_url,
        bot_delay=args.bot_delay,
        log_level="warning",
        now=now,
        limits=limits,
    )
