"""What a study's statistics say, and only what they support: rates with 95% intervals, tests,
verdicts that name a winner only when a test separates it, comparisons, ratings.

Everything is computed from ``CellStats`` (exact sums), so the numbers are the same whatever
the back-end. Intervals are Wilson score intervals for rates and normal intervals for means;
tests are two-sided at 5%; where a table holds many tests (variant pairs, cards), their
p-values are adjusted by Benjamini-Hochberg (``q``) and only ``q < 0.05`` counts as clear.
Seats are counted from 1 in every text a person reads (the page, the terminal, the verdicts);
the ``seat`` fields of summary.json and Parquet are ids from 0, as in the games' options.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from grimoire.sim.cellstats import CellStats
from grimoire.sim.stats import Z95, wilson
from grimoire.sim.study import SEATS_NOTE, Cell, StudyResult

__all__ = ["Z95", "wilson"]  # wilson moved to grimoire.sim.stats; importable here as before

Z80 = 0.8416212335729143  # one-sided z of 80% power
LEVEL = 0.05


def two_sided_p(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def chi_square_p(statistic: float, df: int) -> float | None:
    """Upper tail of the chi-square distribution (scipy if installed)."""
    try:
        from scipy.stats import chi2  # type: ignore[import-untyped]
    except ImportError:
        return None
    return float(chi2.sf(statistic, df))


def benjamini_hochberg(ps: Sequence[float | None]) -> list[float | None]:
    """Benjamini-Hochberg adjusted p-values (q) of a family of tests, in the given order
    (None stays None and does not count): a row with q < 0.05 is a discovery at a false
    discovery rate of 5%. scipy's ``false_discovery_control`` computes them; without scipy (the
    ``study`` extra) every q is None, as a chi-square p is, and nothing counts as clear."""
    known = [(i, p) for i, p in enumerate(ps) if p is not None]
    out: list[float | None] = [None] * len(ps)
    if not known:
        return out
    try:
        from scipy.stats import false_discovery_control
    except ImportError:
        return out
    qs = false_discovery_control([p for _i, p in known], method="bh")
    for (i, _p), q in zip(known, qs, strict=True):
        out[i] = float(q)
    return out


def proportions_p(s1: float, n1: int, s2: float, n2: int) -> float | None:
    """Two-sided p of a two-proportion z-test (pooled)."""
    if n1 <= 0 or n2 <= 0:
        return None
    pooled = (s1 + s2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return two_sided_p((s1 / n1 - s2 / n2) / se) if se else 1.0


def homogeneity_p(a: CellStats, b: CellStats) -> float | None:
    """Whether two cells' seats win in different proportions: the chi-square test of the
    2 x seats table of seat wins (shared wins count fractionally)."""
    rows = [[float(w) for w in a.seat_wins], [float(w) for w in b.seat_wins]]
    totals = [sum(row) for row in rows]
    columns = [x + y for x, y in zip(*rows, strict=True)]
    grand = sum(totals)
    if not grand or not all(totals):
        return None
    statistic = 0.0
    used = 0
    for col, column in enumerate(columns):
        if column == 0:
            continue
        used += 1
        for row, total in zip(rows, totals, strict=True):
            expected = total * column / grand
            statistic += (row[col] - expected) ** 2 / expected
    if used < 2:
        return 1.0
    return chi_square_p(statistic, used - 1)


def seat_balance(stats: CellStats) -> dict[str, Any]:
    """Whether seats win equally often: chi-square of seat wins against a fair share, the
    spread of seat win rates, and the first player's advantage (the seat that started each
    game; seat 0 in a game that started with a simultaneous decision) with its z-test."""
    n, games = stats.players, stats.games
    decided = games - stats.no_winner
    wins = [float(w) for w in stats.seat_wins]
    fair = 1 / n
    expected = decided / n if decided else 0
    chi2 = sum((w - expected) ** 2 / expected for w in wins) if expected else 0.0
    rates = [w / games for w in wins] if games else [0.0] * n
    known = sum(stats.starts)
    first_rate = float(stats.first.total) / stats.first.n if stats.first.n else fair
    first = first_rate - fair
    z = first / math.sqrt(fair * (1 - fair) / games) if games else 0.0
    if known == games:
        who = "the first player"
    elif known == 0:
        who = "seat 0 (every game started with a simultaneous decision)"
    else:
        who = "the first player (seat 0 where several seats started at once)"
    return {
        "fair_rate": fair,
        "chi_square": chi2,
        "chi_square_p": chi_square_p(chi2, n - 1) if expected else None,
        "spread": max(rates) - min(rates),
        "starts": list(stats.starts),
        "first_player": who,
        "first_player_win_rate": first_rate if games else None,
        "first_player_win_rate_ci95": wilson(float(stats.first.total), stats.first.n),
        "first_player_advantage": first,
        "first_player_p": two_sided_p(z) if games else None,
        "first_player_significant": bool(games) and two_sided_p(z) < LEVEL,
    }


def features(stats: CellStats) -> list[dict[str, Any]]:
    """Per card / spell / action used: the win rate of the seats that used it against the
    others', their difference (an *association*: a seat that is winning may use a card
    because it is winning), its p-value and its Benjamini-Hochberg q over the cell's rows."""
    seat_games = stats.games * stats.players
    decided_shares = float(sum(stats.seat_wins))
    rows: list[dict[str, Any]] = []
    for key, feature in stats.features.items():
        users_rate = float(feature.wins) / feature.used if feature.used else None
        others = seat_games - feature.used
        others_wins = decided_shares - float(feature.wins)
        others_rate = others_wins / others if others else None
        association = (
            users_rate - others_rate if users_rate is not None and others_rate is not None else None
        )
        rows.append(
            {
                "feature": key,
                "used": feature.used,
                "use_rate": feature.used / seat_games if seat_games else None,
                "win_rate": users_rate,
                "win_rate_ci95": wilson(float(feature.wins), feature.used),
                "others_win_rate": others_rate,
                "association": association,
                "p": proportions_p(float(feature.wins), feature.used, others_wins, others),
            }
        )
    for row, q in zip(rows, benjamini_hochberg([row["p"] for row in rows]), strict=True):
        row["q"] = q
        row["clear"] = q is not None and q < LEVEL
    rows.sort(key=lambda f: (-float(f["association"] or 0.0), str(f["feature"])))
    return rows


def cell_metrics(
    cell: Cell, stats: CellStats, info: dict[str, Any] | None = None
) -> dict[str, Any]:
    games, n = stats.games, stats.players
    has_turns = stats.turns.n > 0
    return {
        "label": cell.label,
        "players": n,
        "variant": cell.variant,
        "options": cell.options,
        "lineup": list(cell.lineup),
        **(info or {}),
        "games": games,
        "no_winner": stats.no_winner,
        "seats": [
            {
                "seat": seat,
                "wins": float(stats.seat_wins[seat]),
                "win_rate": float(stats.seat_wins[seat]) / games if games else None,
                "win_rate_ci95": wilson(float(stats.seat_wins[seat]), games),
                "score": stats.seat_scores[seat].summary(),
                "started": stats.starts[seat],
            }
            for seat in range(n)
        ],
        "balance": seat_balance(stats),
        "margin": stats.margin.summary(),
        "length": {
            "decisions": stats.decisions.summary(),
            # only for a game that counts turns (None: it has none, so no column)
            "turns": stats.turns.summary() if has_turns else None,
            "chance_steps": stats.chance_steps.summary(),
            "decisions_per_turn": stats.per_turn.summary() if has_turns else None,
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
        "features": features(stats),
    }


def games_needed(p1: float, p2: float) -> int | None:
    """Games per variant for a two-proportion test to find this difference 80% of the time."""
    if p1 == p2:
        return None
    mean = (p1 + p2) / 2
    top = Z95 * math.sqrt(2 * mean * (1 - mean)) + Z80 * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))
    return math.ceil(top * top / (p1 - p2) ** 2)


def games_to_detect(fair: float, detect: float) -> int:
    """Games for a one-sample test to find a seat winning ``detect`` more than ``fair`` 80% of
    the time."""
    p1 = min(0.999, fair + detect)
    top = Z95 * math.sqrt(fair * (1 - fair)) + Z80 * math.sqrt(p1 * (1 - p1))
    return math.ceil(top * top / detect**2)


def compare(a: tuple[Cell, CellStats], b: tuple[Cell, CellStats]) -> dict[str, Any]:
    """Variant ``a`` against ``b`` (same players and line-up): the first player's win rate,
    the seats' win proportions and the game length, with tests and the games a clear answer
    would need."""
    (cell_a, sa), (cell_b, sb) = a, b
    fa, fb = sa.first, sb.first
    pa = float(fa.total) / fa.n if fa.n else 0.0
    pb = float(fb.total) / fb.n if fb.n else 0.0
    p_first = proportions_p(float(fa.total), fa.n, float(fb.total), fb.n)
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
        "first_player_win_rate": [pa, pb],
        "first_player_difference": pa - pb,
        "first_player_p": p_first,
        "seats_p": homogeneity_p(sa, sb),
        "games_needed_per_variant": games_needed(pa, pb),
        "spread": [seat_balance(sa)["spread"], seat_balance(sb)["spread"]],
        "mean_decisions": [la.mean, lb.mean],
        "length_p": length_p,
    }


def _p(value: float | None) -> str:
    if value is None:
        return "p unavailable without scipy"
    return "p < 0.001" if value < 0.001 else f"p = {value:.3f}"


def _more(needed: int, played: int, detect: float, what: str) -> str:
    points = f"{100 * detect:g}"
    more = needed - played
    if more > 0:
        return f"about {more:,} more games {what} would detect a {points}-point difference"
    return (
        f"{played:,} games {what} would have shown a {points}-point difference 80% of the "
        f"time, so any difference is likely smaller"
    )


def balance_verdict(
    ranked: list[tuple[dict[str, Any], CellStats]], detect: float
) -> dict[str, Any]:
    """Which variant of a group (same players and line-up) is most balanced, if the data can
    tell: the one closest to the fair share (lowest chi-square) wins only when its seats' win
    proportions differ significantly (Benjamini-Hochberg over the pairs) from every other
    variant's; otherwise the variants it cannot be told from share the answer, and the page
    says how many more games would settle a ``detect``-point difference."""
    best, best_stats = ranked[0]
    players = best["players"]
    fair = 1 / players
    played = min(stats.games for _m, stats in ranked)
    if len(ranked) == 1:
        p = best["balance"]["chi_square_p"]
        needed = games_to_detect(fair, detect)
        if p is not None and p < LEVEL:
            worst = max(
                best["seats"], key=lambda s: (round(abs(s["win_rate"] - fair), 9), s["win_rate"])
            )
            ci = worst["win_rate_ci95"]
            text = (
                f"The seats are not balanced ({_p(p)}): seat {worst['seat'] + 1} wins "
                f"{100 * worst['win_rate']:.1f}% [{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%] "
                f"against a fair {100 * fair:.1f}%."
            )
            return {"kind": "unbalanced", "best": [], "p": p, "text": text}
        text = (
            f"No evidence that a seat is favoured ({_p(p)}); "
            f"{_more(needed, played, detect, 'in all')} in a seat's win rate."
        )
        return {"kind": "balanced", "best": [best["variant"]], "p": p, "text": text}
    pairs = [homogeneity_p(best_stats, stats) for _m, stats in ranked[1:]]
    qs = benjamini_hochberg(pairs)
    tied = [best["variant"]]
    apart = []
    for (metrics, _stats), q in zip(ranked[1:], qs, strict=True):
        if (
            q is not None
            and q < LEVEL
            and metrics["balance"]["chi_square"] > best["balance"]["chi_square"]
        ):
            apart.append(metrics["variant"])
        else:
            tied.append(metrics["variant"])
    needed = games_needed(fair, fair + detect) or 0
    more = _more(needed, played, detect, "per variant")
    tied_ps = [p for (m, _s), p in zip(ranked[1:], pairs, strict=True) if m["variant"] in tied]
    if len(tied) == 1:
        largest = max(q for q in qs if q is not None)
        text = (
            f"{best['variant']} is the most balanced: its seats' win rates differ from every "
            f"other variant's (q ≤ {largest:.3f}) and lie closest to the fair share "
            f"(chi-square {best['balance']['chi_square']:.2f})."
        )
        return {
            "kind": "winner",
            "best": tied,
            "p": max(p for p in pairs if p is not None),
            "text": text,
        }
    smallest = min((p for p in tied_ps if p is not None), default=None)
    if len(tied) == len(ranked):
        text = (
            f"No evidence that the variants' seat win rates differ ({_p(smallest)}); {more} "
            f"in a seat's win rate."
        )
        return {"kind": "tie", "best": tied, "p": smallest, "text": text}
    text = (
        f"{', '.join(tied)} are the most balanced, and the data do not separate them "
        f"({_p(smallest)}; {more}); {', '.join(apart)} "
        f"{'is' if len(apart) == 1 else 'are'} less balanced."
    )
    return {"kind": "tied-best", "best": tied, "p": smallest, "text": text}


def _rate(value: float | None, ci: list[float] | None) -> str:
    if value is None:
        return "–"
    interval = "" if ci is None else f" [{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%]"
    return f"{100 * value:.1f}%{interval}"


def _first_player(members: list[dict[str, Any]]) -> str:
    """What the tests found about the first player in each variant: the SPRT's decision where
    a cell ran under it, else the z-test, Benjamini-Hochberg over the group's variants."""
    qs = benjamini_hochberg([m["balance"]["first_player_p"] for m in members])
    found, level = [], []
    for m, q in zip(members, qs, strict=True):
        b, stop = m["balance"], m.get("stop") or {"rule": "fixed"}
        rate = _rate(b["first_player_win_rate"], b["first_player_win_rate_ci95"])
        fair = f"{100 * b['fair_rate']:.1f}%"
        if stop["rule"] == "sprt" and stop["reason"] in ("h1+", "h1-"):
            side = "favoured" if stop["reason"] == "h1+" else "disfavoured"
            found.append(
                f"{side} in {m['variant']}: wins {rate} against a fair {fair} "
                f"(the SPRT decided after {stop['games']:,} games)"
            )
        elif stop["rule"] == "sprt" and stop["reason"] == "h0":
            level.append(f"{m['variant']} (the SPRT found no advantage as large as its target)")
        elif q is not None and q < LEVEL:
            side = "favoured" if b["first_player_advantage"] > 0 else "disfavoured"
            found.append(
                f"{side} in {m['variant']}: wins {rate} against a fair {fair} (q = {q:.3f})"
            )
    if found:
        text = "; ".join(found)
        return f"First player: {text}" + (f"; level in {', '.join(level)}." if level else ".")
    known = [q for q in qs if q is not None]
    smallest = f" (smallest q = {min(known):.3f})" if known else ""
    return f"First player: no evidence of an advantage in any variant{smallest}."


def _between(comparisons: list[dict[str, Any]]) -> str | None:
    """The clear comparisons of the group's variants, as the comparison table marks them."""
    if not comparisons:
        return None
    clear = []
    for c in comparisons:
        what = []
        if c["first_player_q"] is not None and c["first_player_q"] < LEVEL:
            a, b = c["first_player_win_rate"]
            what.append(
                f"the first player's win rate ({100 * a:.1f}% vs {100 * b:.1f}%, "
                f"q = {c['first_player_q']:.3f})"
            )
        if c["seats_q"] is not None and c["seats_q"] < LEVEL:
            what.append(f"the seats' win rates (q = {c['seats_q']:.3f})")
        if what:
            clear.append(f"{c['a']} and {c['b']} differ in {' and in '.join(what)}")
    if not clear:
        return "Between variants: no comparison is clear (every q ≥ 0.05)."
    return "Between variants: " + "; ".join(clear) + "."


def _stopped(members: list[dict[str, Any]]) -> str | None:
    early = [
        m
        for m in members
        if (m.get("stop") or {"rule": "fixed"})["rule"] != "fixed" and m["stop"]["reason"] != "cap"
    ]
    if not early:
        return None
    names = ", ".join(f"{m['variant']} after {m['stop']['games']:,} games" for m in early)
    return (
        f"Stopped early by a sequential rule: {names}. Their p-values, q-values and "
        "intervals are nominal: stopping when the data looked clear makes them too small and "
        "too narrow, so for the first player the SPRT's decision (with its 5% error rates) is "
        "the valid answer."
    )


def headline(
    members: list[dict[str, Any]], verdict: dict[str, Any], comparisons: list[dict[str, Any]]
) -> str:
    """One verdict for a group of variants (same players and line-up), each effect on its own:
    the seats (``balance_verdict``), the first player in each variant, the differences between
    variants as the comparison table marks them, and which cells stopped early and what that
    does to their p-values. It never says less than the tables show."""
    members = sorted(members, key=lambda m: m["variant"])
    parts = [f"Seats: {verdict['text']}", _first_player(members), _between(comparisons)]
    parts.append(_stopped(members))
    return " ".join(part for part in parts if part)


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
    detect = result.spec.detect
    cells = [cell_metrics(cell, stats, result.info.get(cell.key)) for cell, stats in result.cells]
    comparisons = []
    for a, b in combinations(result.cells, 2):
        if a[0].players == b[0].players and a[0].lineup == b[0].lineup:
            comparisons.append(compare(a, b))
    q_first = benjamini_hochberg([c["first_player_p"] for c in comparisons])
    q_seats = benjamini_hochberg([c["seats_p"] for c in comparisons])
    for c, qf, qs in zip(comparisons, q_first, q_seats, strict=True):
        c["first_player_q"], c["seats_q"] = qf, qs
        c["significant"] = any(q is not None and q < LEVEL for q in (qf, qs))
    groups: dict[tuple[int, tuple[str, ...]], list[tuple[dict[str, Any], CellStats]]] = {}
    for metrics, (_cell, stats) in zip(cells, result.cells, strict=True):
        groups.setdefault((metrics["players"], tuple(metrics["lineup"])), []).append(
            (metrics, stats)
        )
    balance = []
    for (players, lineup), members in sorted(groups.items()):
        ranked = sorted(members, key=lambda m: (m[0]["balance"]["chi_square"], m[0]["variant"]))
        verdict = balance_verdict(ranked, detect)
        mine = [c for c in comparisons if c["players"] == players and tuple(c["lineup"]) == lineup]
        balance.append(
            {
                "players": players,
                "lineup": list(lineup),
                "headline": headline([m for m, _stats in members], verdict, mine),
                # a variant only when a test separates it from the others
                "most_balanced": verdict["best"][0] if verdict["kind"] == "winner" else None,
                "verdict": verdict,
                "ranking": [
                    {
                        "variant": m["variant"],
                        "games": m["games"],
                        "chi_square": m["balance"]["chi_square"],
                        "chi_square_p": m["balance"]["chi_square_p"],
                        "spread": m["balance"]["spread"],
                        "seat_win_rates": [s["win_rate"] for s in m["seats"]],
                        "seat_win_rate_ci95": [s["win_rate_ci95"] for s in m["seats"]],
                        "first_player_win_rate": m["balance"]["first_player_win_rate"],
                        "first_player_win_rate_ci95": m["balance"]["first_player_win_rate_ci95"],
                    }
                    for m, _stats in ranked
                ],
            }
        )
    return {
        "format": "grimoire-study-summary/2",
        "game": result.spec.game,
        "title": result.title or result.spec.game,
        "seats": SEATS_NOTE,
        "detect": detect,
        "spec": result.spec.to_json(),
        "fingerprint": result.spec.fingerprint,
        "cells": cells,
        "balance": balance,
        "comparisons": comparisons,
        "ratings": ratings(result),
    }
