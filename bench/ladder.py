"""The strength ladder of docs/bots.md: seat-rotated tournaments between bots, per game.

    .venv/bin/python bench/ladder.py --game ciub --players 2 \
        --bots random,heuristic,search:0.1s,search:1s --games 20 --out bench/results/x.json

At 2 players every pair of bots meets ``--games`` times, seats alternating. At more players
every game seats the bots in rotation (seat s of game g: bot (g + s) mod k), so each bot sits
in every seat equally often. Reported: each pairing's win share (a shared win counts as a share)
with its 95% Wilson interval, every bot's share of all its games, and openskill (Plackett-Luce)
ratings from every game ranked by score. Games are seeded from --first-seed (0); time budgets
make moves depend on the machine's speed, so reruns agree within the intervals, not exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import combinations
from typing import Any

import grimoire
from grimoire.bots import make_bot
from grimoire.sim.metrics import wilson
from grimoire.sim.play import play_game


def share(winners: list[int], seat: int) -> float:
    return 1.0 / len(winners) if seat in winners else 0.0


def run(
    game_name: str, players: int, kinds: list[str], games: int, first_seed: int = 0
) -> dict[str, Any]:
    from openskill.models import PlackettLuce

    game = grimoire.make(game_name, players=players)
    model = PlackettLuce()
    rating = {kind: model.rating(name=kind) for kind in kinds}
    tables: list[tuple[list[str], list[int], list[float]]] = []
    started = time.perf_counter()
    if players == 2:
        lineups = []
        for a, b in combinations(kinds, 2):
            for g in range(games):
                lineups.append([a, b] if g % 2 == 0 else [b, a])
    else:
        lineups = [[kinds[(g + s) % len(kinds)] for s in range(players)] for g in range(games)]
    for seed, lineup in enumerate(lineups, start=first_seed):
        bots = [make_bot(kind, game, seed * 31 + s) for s, kind in enumerate(lineup)]
        result = play_game(game, bots, seed, keep_record=False)
        tables.append((lineup, result.winners, list(result.scores)))
        done = seed - first_seed + 1
        print(f"{done}/{len(lineups)} {lineup} winners={result.winners}", file=sys.stderr)
        # Ratings: a bot ranked by its best seat's score (several seats of one bot: one team).
        best: dict[str, float] = {}
        for kind, score in zip(lineup, result.scores, strict=True):
            best[kind] = max(best.get(kind, score), score)
        if len(best) > 1:
            names = sorted(best)
            rated = model.rate([[rating[k]] for k in names], scores=[best[k] for k in names])
            for k, team in zip(names, rated, strict=True):
                rating[k] = team[0]
    pairs = []
    if players == 2:
        for a, b in combinations(kinds, 2):
            wins = n = 0.0
            for lineup, winners, _ in tables:
                if set(lineup) == {a, b} and lineup.count(a) == 1:
                    wins += share(winners, lineup.index(a))
                    n += 1
            pairs.append(
                {
                    "bot": a,
                    "against": b,
                    "games": int(n),
                    "win_share": wins / n if n else None,
                    "interval": wilson(wins, int(n)),
                }
            )
    overall = []
    for kind in kinds:
        wins = n = 0.0
        for lineup, winners, _ in tables:
            for seat, k in enumerate(lineup):
                if k == kind:
                    wins += share(winners, seat)
                    n += 1
        overall.append(
            {
                "bot": kind,
                "seats": int(n),
                "win_share": wins / n if n else None,
                "interval": wilson(wins, int(n)),
            }
        )
    ratings = [
        {"bot": k, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
        for k, r in sorted(rating.items(), key=lambda item: -item[1].ordinal())
    ]
    return {
        "game": game_name,
        "players": players,
        "bots": kinds,
        "games_per_pairing": games,
        "games": len(tables),
        "seconds": time.perf_counter() - started,
        "pairs": pairs,
        "overall": overall,
        "ratings": ratings,
    }


def markdown(report: dict[str, Any]) -> str:
    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%"

    def ci(iv: list[float] | None) -> str:
        return "-" if iv is None else f"{100 * iv[0]:.0f}..{100 * iv[1]:.0f}%"

    out = [f"### {report['game']}, {report['players']} players ({report['games']} games)", ""]
    if report["pairs"]:
        out += ["| bot | against | games | win share | 95% interval |", "|---|---|---|---|---|"]
        for p in report["pairs"]:
            out.append(
                f"| {p['bot']} | {p['against']} | {p['games']} | {pct(p['win_share'])} | "
                f"{ci(p['interval'])} |"
            )
        out.append("")
    out += [
        "| bot | seats played | win share | 95% interval | openskill mu | sigma |",
        "|---|---|---|---|---|---|",
    ]
    rated = {r["bot"]: r for r in report["ratings"]}
    for o in report["overall"]:
        r = rated[o["bot"]]
        out.append(
            f"| {o['bot']} | {o['seats']} | {pct(o['win_share'])} | {ci(o['interval'])} | "
            f"{r['mu']:.1f} | {r['sigma']:.1f} |"
        )
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="random,heuristic,search:0.1s,search:1s")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (2 players)")
    parser.add_argument("--out", help="write the JSON report here")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seed of the first game (to extend a run)"
    )
    args = parser.parse_args(argv)
    report = run(args.game, args.players, args.bots.split(","), args.games, args.first_seed)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    print(markdown(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
