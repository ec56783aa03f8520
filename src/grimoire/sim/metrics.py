"""What a study's statistics say: rates with 95% intervals, tests, comparisons, ratings.

Everything is computed from ``CellStats`` (exact sums), so the numbers are the same whatever
the back-end. Intervals are Wilson score intervals for rates and normal intervals for means;
tests are two-sided at 5%.
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

from grimoire.sim.cellstats import CellStats
from grimoire.sim.study import Cell, StudyResult

Z95 = 1.959963984540054
Z80 = 0.8416212335729143  # one-sided z of 80% power


def wilson(successes: float, n: int) -> list[float] | None:
    """The 95% Wilson interval of a rate (successes may be fractional: shared wins)."""
    if n <= 0:
        return None
    p = successes / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exact at the ends, not 5e-17
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return [low, high]


def two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_p(statistic: float, df: int) -> float | None:
    """Upper tail of the chi-square distribution (scipy if installed)."""
    try:
        from scipy.stats import chi2  # type: ignore[import-untyped]
    except ImportError:
        return None
    return float(chi2.sf(statistic, df))


def seat_balance(stats: CellStats) -> dict[str, Any]:
    """Whether seats win equally often: chi-square of seat wins against a fair share, the
    spread of seat win rates, and the first seat's advantage with its z-test."""
    n, games = stats.players, stats.games
    decided = games - stats.no_winner
    wins = [float(w) for w in stats.seat_wins]
    fair = 1 / n
    expected = decided / n if decided else 0
    chi2 = sum((w - expected) ** 2 / expected for w in wins) if expected else 0.0
    rates = [w / games for w in wins] if games else [0.0] * n
    first = rates[0] - fair
    z = first / math.sqrt(fair * (1 - fair) / games) if games else 0.0
    return {
        "fair_rate": fair,
        "chi_square": chi2,
        "chi_square_p": chi_square_p(chi2, n - 1) if expected else None,
        "spread": max(rates) - min(rates),
        "first_player_advantage": first,
        "first_player_p": two_sided_p(z) if games else None,
        "first_player_significant": bool(games) and two_sided_p(z) < 0.05,
    }


def cell_metrics(cell: Cell, stats: CellStats) -> dict[str, Any]:
    games, n = stats.games, stats.players
    seat_games = games * n
    decided_shares = float(sum(stats.seat_wins))
    features: list[dict[str, Any]] = []
    for key, feature in stats.features.items():
        users_rate = float(feature.wins) / feature.used if feature.used else None
        others = seat_games - feature.used
        others_rate = (decided_shares - float(feature.wins)) / others if others else None
        effect = (
            users_rate - others_rate if users_rate is not None and others_rate is not None else None
        )
        features.append(
            {
                "feature": key,
                "used": feature.used,
                "use_rate": feature.used / seat_games if seat_games else None,
                "win_rate": users_rate,
                "win_rate_ci95": wilson(float(feature.wins), feature.used),
                "others_win_rate": others_rate,
                "effect": effect,
            }
        )
    features.sort(key=lambda f: (-float(f["effect"] or 0.0), str(f["feature"])))
    return {
        "label": cell.label,
        "players": n,
        "variant": cell.variant,
        "options": cell.options,
        "lineup": list(cell.lineup),
        "games": games,
        "no_winner": stats.no_winner,
        "seats": [
            {
                "seat": seat,
                "wins": float(stats.seat_wins[seat]),
                "win_rate": float(stats.seat_wins[seat]) / games if games else None,
                "win_rate_ci95": wilson(float(stats.seat_wins[seat]), games),
                "score": stats.seat_scores[seat].summary(),
            }
            for seat in range(n)
        ],
        "balance": seat_balance(stats),
        "margin": stats.margin.summary(),
        "length": {
            "decisions": stats.decisions.summary(),
            "turns": stats.turns.summary(),
            "chance_steps": stats.chance_steps.summary(),
            "decisions_per_turn": stats.per_turn.summary(),
            "branching": stats.branching.summary(),
            "histogram": {str(k): v for k, v in sorted(stats.length_histogram.items())},
        },
        "score_histogram": {str(k): v for k, v in sorted(stats.score_histogram.items())},
        "entrants": [
            {
                "bot": kind,
                "seat_games": stats.entrant_games[kind],
                "win_rate": float(stats.entrant_wins[kind]) / stats.entrant_games[kind],
                "win_rate_ci95": wilson(float(stats.entrant_wins[kind]), stats.entrant_games[kind]),
            }
            for kind in sorted(stats.entrant_games)
        ],
        "features": features,
    }


def games_needed(p1: float, p2: float) -> int | None:
    """Games per variant for a two-proportion test to find this difference 80% of the time."""
    if p1 == p2:
        return None
    mean = (p1 + p2) / 2
    top = Z95 * math.sqrt(2 * mean * (1 - mean)) + Z80 * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(top * top / (p1 - p2) ** 2)


def compare(a: tuple[Cell, CellStats], b: tuple[Cell, CellStats]) -> dict[str, Any]:
    """Variant ``a`` against ``b`` (same players and line-up): the first seat's win rate and
    the game length, with a test and the games a clear answer would need."""
    (cell_a, sa), (cell_b, sb) = a, b
    pa, pb = float(sa.seat_wins[0]) / sa.games, float(sb.seat_wins[0]) / sb.games
    pooled = (float(sa.seat_wins[0]) + float(sb.seat_wins[0])) / (sa.games + sb.games)
    se = math.sqrt(pooled * (1 - pooled) * (1 / sa.games + 1 / sb.games))
    p_first = two_sided_p((pa - pb) / se) if se else 1.0
    la, lb = sa.decisions, sb.decisions
    length_p = None
    if (
        la.stdev is not None
        and lb.stdev is not None
        and la.mean is not None
        and lb.mean is not None
    ):
        se_len = math.sqrt(la.stdev**2 / la.n + lb.stdev**2 / lb.n)
        length_p = two_sided_p((la.mean - lb.mean) / se_len) if se_len else 1.0
    return {
        "a": cell_a.variant,
        "b": cell_b.variant,
        "players": cell_a.players,
        "lineup": list(cell_a.lineup),
        "first_seat_win_rate": [pa, pb],
        "first_seat_difference": pa - pb,
        "first_seat_p": p_first,
        "first_seat_significant": p_first < 0.05,
        "games_needed_per_variant": games_needed(pa, pb),
        "spread": [seat_balance(sa)["spread"], seat_balance(sb)["spread"]],
        "mean_decisions": [la.mean, lb.mean],
        "length_p": length_p,
    }


def ratings(result: StudyResult) -> list[dict[str, Any]]:
    """openskill (Plackett-Luce) ratings of the bot kinds, from the first games of each cell
    in index order: each game is a match between the kinds at the table, a kind ranked by its
    best seat's score (games with one kind only say nothing and are left out). Needs the
    ``study`` extra; an empty list without it."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return []
    model = PlackettLuce()
    table: dict[str, Any] = {}
    matches = 0
    for kinds, scores in result_rating_games(result):
        best: dict[str, float] = {}
        for kind, score in zip(kinds, scores, strict=True):
            best[kind] = max(best.get(kind, score), score)
        if len(best) < 2:
            continue
        names = sorted(best)
        teams = [[table.setdefault(kind, model.rating(name=kind))] for kind in names]
        rated = model.rate(teams, scores=[best[kind] for kind in names])
        for kind, team in zip(names, rated, strict=True):
            table[kind] = team[0]
        matches += 1
    return sorted(
        (
            {"bot": kind, "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(), "games": matches}
            for kind, r in table.items()
        ),
        key=lambda row: (-row["ordinal"], row["bot"]),
    )


def result_rating_games(result: StudyResult) -> list[tuple[list[str], list[float]]]:
    games: list[tuple[list[str], list[float]]] = []
    for _cell, stats in result.cells:
        games.extend(stats.rating_games)
    return games


def summarize_study(result: StudyResult) -> dict[str, Any]:
    """The study's whole summary as JSON data (what the report shows)."""
    cells = [cell_metrics(cell, stats) for cell, stats in result.cells]
    comparisons = []
    for a, b in combinations(result.cells, 2):
        if a[0].players == b[0].players and a[0].lineup == b[0].lineup:
            comparisons.append(compare(a, b))
    groups: dict[tuple[int, tuple[str, ...]], list[dict[str, Any]]] = {}
    for metrics in cells:
        groups.setdefault((metrics["players"], tuple(metrics["lineup"])), []).append(metrics)
    balance = []
    for (players, lineup), members in sorted(groups.items()):
        ranked = sorted(members, key=lambda m: (m["balance"]["chi_square"], m["variant"]))
        balance.append(
            {
                "players": players,
                "lineup": list(lineup),
                "most_balanced": ranked[0]["variant"],
                "ranking": [
                    {
                        "variant": m["variant"],
                        "chi_square": m["balance"]["chi_square"],
                        "chi_square_p": m["balance"]["chi_square_p"],
                        "spread": m["balance"]["spread"],
                        "seat_win_rates": [s["win_rate"] for s in m["seats"]],
                        "seat_win_rate_ci95": [s["win_rate_ci95"] for s in m["seats"]],
                    }
                    for m in ranked
                ],
            }
        )
    return {
        "format": "grimoire-study-summary/1",
        "game": result.spec.game,
        "spec": result.spec.to_json(),
        "fingerprint": result.spec.fingerprint,
        "cells": cells,
        "balance": balance,
        "comparisons": comparisons,
        "ratings": ratings(result),
    }
