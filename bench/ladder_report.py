"""The ladder's tables for docs/bots.md from ``grimoire study`` summaries (``--json``).

    .venv/bin/python bench/ladder_report.py STUDY.json [...] [--cpu LOG]

Each study is a line-up of bots with seats rotated (``bench/results/ladder/*.toml``); the
table gives each entrant's share of the games it won (a shared win counts as a share) with the
95% Wilson interval the study computed, and, with ``--cpu``, the CPU seconds per game read from
a log of ``/usr/bin/time -f "NAME games=N user=U sys=S wall=W"`` lines: the logged runs' CPU
over the games they played (a run stopped without its line is noted ``NAME games=N unlogged``,
and its games are left out of the count).
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
from pathlib import Path
from typing import Any

LINE = re.compile(r"^(\S+) games=(\d+) user=([\d.]+) sys=([\d.]+) wall=([\d.]+)")
# a run stopped without its time line: "NAME games=N unlogged" (N: the games finished by then)
UNLOGGED = re.compile(r"^(\S+) games=(\d+) unlogged")


def cpu_per_game(log: Path) -> dict[str, float]:
    """CPU seconds per game of each study: its logged runs' CPU over the games they played (a
    run's games: its count less the count the run before it ended with)."""
    cpu: dict[str, float] = {}
    played: dict[str, int] = {}
    before: dict[str, int] = {}
    for line in log.read_text("utf-8").splitlines():
        match = LINE.match(line) or UNLOGGED.match(line)
        if not match:
            continue
        name, games = match.group(1), int(match.group(2))
        if match.re is LINE:
            cpu[name] = cpu.get(name, 0.0) + float(match.group(3)) + float(match.group(4))
            played[name] = played.get(name, 0) + games - before.get(name, 0)
        before[name] = games
    return {name: cpu[name] / played[name] for name in cpu if played[name]}


def table(path: Path, cpu: dict[str, float]) -> str:
    doc: dict[str, Any] = json.loads(path.read_text("utf-8"))
    out = []
    for cell in doc["cells"]:
        spec = doc["spec"]
        name = path.name.removesuffix(".json").removesuffix(".summary")
        per_game = cpu.get(name)
        cost = f", {per_game:.0f} CPU s a game" if per_game is not None else ""
        out.append(
            f"#### {doc['title']}, {cell['players']} players: {' vs '.join(cell['lineup'])} "
            f"({cell['games']} games, study seed {spec['seed']}{cost})"
        )
        out += ["", "| bot | seat-games | win share | 95% interval |", "|---|---|---|---|"]
        for row in cell["entrants"]:
            low, high = row["win_rate_ci95"]
            out.append(
                f"| {row['bot']} | {row['seat_games']} | {100 * row['win_rate']:.0f}% | "
                f"{100 * low:.0f}..{100 * high:.0f}% |"
            )
        verdict = target(cell)
        if verdict:
            out += ["", verdict]
        out.append("")
    return "\n".join(out)


def target(cell: dict[str, Any]) -> str:
    """Issue 28's target for the cell's line-up, and whether the games reach it."""
    lineup, players, games = cell["lineup"], cell["players"], cell["games"]
    rows = {row["bot"]: row for row in cell["entrants"]}
    first = rows.get(lineup[0])
    if first is None:
        return ""
    share, (low, _) = first["win_rate"], first["win_rate_ci95"]
    reached = f"{100 * share:.0f}% of {games} games, 95% lower bound {100 * low:.0f}%"
    if lineup[0] == "hard" and set(lineup[1:]) == {"heuristic"}:
        need_share, need_low = (0.65, 0.55) if players == 2 else (0.45, 0.38)
        met = games >= 200 and share >= need_share and low >= need_low
        return (
            f"Target: hard wins >= {100 * need_share:.0f}% of >= 200 games with the lower "
            f"bound >= {100 * need_low:.0f}%. Reached: {reached}: "
            f"**{'met' if met else 'not met'}**."
        )
    if players == 2 and len(lineup) == 2:
        # one step of "hard > normal > easy": the stronger level's share is above half at 95%
        met = low > 0.5
        return (
            f"Step {lineup[0]} > {lineup[1]} (separated at 95%: the lower bound above 50%). "
            f"Reached: {reached}: **{'separated' if met else 'not separated'}**."
        )
    if len(lineup) == len(set(lineup)) >= 3:
        # the steps at one table: each level's win share against the next one's; the games share
        # tables, so a step counts as separated only when the two 95% intervals do not overlap
        # (stricter than a paired test, which the study's aggregated chunks cannot give)
        steps = []
        for strong, weak in itertools.pairwise(lineup):
            (s_low, _), (_, w_high) = rows[strong]["win_rate_ci95"], rows[weak]["win_rate_ci95"]
            verdict = "separated" if s_low > w_high else "not separated"
            steps.append(
                f"{strong} > {weak}: {100 * rows[strong]['win_rate']:.0f}% against "
                f"{100 * rows[weak]['win_rate']:.0f}%, **{verdict}**"
            )
        return (
            f"Steps at one table of {games} games (separated at 95%: the stronger level's "
            f"interval wholly above the weaker one's): " + "; ".join(steps) + "."
        )
    return ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("studies", nargs="+", type=Path)
    parser.add_argument("--cpu", type=Path, help="the /usr/bin/time log of the runs")
    args = parser.parse_args()
    cpu = cpu_per_game(args.cpu) if args.cpu else {}
    print("\n".join(table(path, cpu) for path in args.studies))


if __name__ == "__main__":
    main()
