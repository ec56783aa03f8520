"""Runika's games before and after a speed change: many seeded games, compared in full.

    PYTHONPATH=<tree>/src .venv/bin/python bench/identical_runika.py OUT.json [--random N]
        [--heuristic N] [--compare OTHER.json]

Plays ``--random`` seeded random games and ``--heuristic`` seeded heuristic games at every
player count (1..5), the options cycling through the variants a count allows, and writes each
game's full action list and the sha256 of its final position. With ``--compare`` it reports
every game whose actions or final position differ from ``OTHER.json`` (written by the tree
before the change), and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import grimoire
from grimoire.bots import RandomBot
from grimoire.core.bot import Bot
from grimoire.sim import play_game

VARIANTS: list[dict[str, Any]] = [
    {},
    {"simultaneous": True},
    {"secret_runes": True},
    {"quick_draft": True},
    {"luniorn": True},
    {"secret_runes": True, "interaction": True, "simultaneous": True},
    {"charm": True},
    {"goal": 15, "starting_rune_end": True, "flame_target": "red"},
    {"secret_runes": True, "secret_winner": "points", "luniorn": True},
    {"quick_draft": True, "simultaneous": True, "luniorn": True},
]


def allowed(players: int, options: dict[str, Any]) -> bool:
    try:
        grimoire.make("runika", players, **options)
    except grimoire.InvalidOptions:
        return False
    return True


def one_game(players: int, options: dict[str, Any], seed: int, heuristic: bool) -> dict[str, Any]:
    game = grimoire.make("runika", players, **options)
    bots: list[Bot] = []
    for seat in range(players):
        bot = game.heuristic_bot(seed * 10 + seat) if heuristic else None
        bots.append(bot if bot is not None else RandomBot(seed * 10 + seat))
    result = play_game(game, bots, seed)
    assert result.record is not None
    state = result.record.replay()
    position = json.dumps(state.to_json(), sort_keys=True).encode()
    return {
        "players": players,
        "options": options,
        "seed": seed,
        "heuristic": heuristic,
        "actions": [list(a) for a in result.record.actions],
        "position": hashlib.sha256(position).hexdigest(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--random", type=int, default=200, help="random games per player count")
    parser.add_argument("--heuristic", type=int, default=100, help="heuristic games per count")
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    print(grimoire.BUILD.describe(), flush=True)
    games: list[dict[str, Any]] = []
    start = time.process_time()
    for players in range(1, 6):
        variants = [v for v in VARIANTS if allowed(players, v)]
        for heuristic, count in ((False, args.random), (True, args.heuristic)):
            for index in range(count):
                options = variants[index % len(variants)]
                seed = 1000 * players + index + (500 if heuristic else 0)
                games.append(one_game(players, options, seed, heuristic))
        print(
            f"{players} players: {len(games)} games, {time.process_time() - start:.0f} s",
            flush=True,
        )
    args.out.write_text(json.dumps(games))
    if args.compare is None:
        return 0
    before = json.loads(args.compare.read_text())
    if len(before) != len(games):
        print(f"{len(before)} games before, {len(games)} now")
        return 1
    differ = 0
    for old, new in zip(before, games, strict=True):
        if old != new:
            differ += 1
            cut = next(
                (
                    i
                    for i, (a, b) in enumerate(zip(old["actions"], new["actions"], strict=False))
                    if a != b
                ),
                min(len(old["actions"]), len(new["actions"])),
            )
            print(
                f"DIFFER: {new['players']}p {new['options']} seed {new['seed']} "
                f"heuristic={new['heuristic']}: first different action at {cut}"
            )
    print(f"{len(games)} games compared, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
