"""When a study cell has played enough: a sequential test, checked between rounds of games.

``--until-clear`` plays every cell in rounds of ``check_every`` games and asks, after each
round, whether the cell's question is answered; the cell stops when it is, or when it reaches
the study's game cap. The questions:

* ``sprt`` (default): does the first player win more (or less) than the fair share? A
  two-sided sequential probability ratio test, as chess-engine testing frameworks run them
  (the normal approximation of the generalised SPRT, with the variance of the games so far):
  H0 "the first player's advantage is 0" against H1 "it is ``detect`` points" (and, mirrored,
  "-``detect``"), with error rates ``ALPHA`` (split between the two sides) and ``BETA``. A
  cell whose true advantage is far from the midpoint ``detect / 2`` stops after few games; one
  near it runs long, to the cap if need be.
* ``ci``: every seat's 95% win-rate interval (and the first player's) is at most
  ``ci_width`` wide.

The decision uses only the exact statistics of whole rounds, so it is the same on any
back-end, with any number of workers and any chunk size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from grimoire.sim.cellstats import CellStats
from grimoire.sim.stats import wilson

ALPHA = 0.05  # chance of declaring an advantage where there is none (both sides together)
BETA = 0.05  # chance of missing an advantage of ``detect`` points
RULES = ("sprt", "ci")


def bounds() -> tuple[float, float]:
    """The SPRT's log-likelihood-ratio bounds (accept H0 at or below, H1 at or above)."""
    return math.log(BETA / (1 - ALPHA / 2)), math.log((1 - BETA) / (ALPHA / 2))


def llrs(stats: CellStats, detect: float) -> tuple[float, float]:
    """The log-likelihood ratios of "the first player's advantage is +detect" and "is
    -detect" against "is 0", from the first player's win share in each game (normal
    approximation, the per-game variance estimated from the games)."""
    first = stats.first
    n = first.n
    if n == 0:
        return 0.0, 0.0
    total = float(first.total)
    variance = max(1e-9, float(first.squares - first.total * first.total / n) / n)
    fair = 1 / stats.players
    up = detect / variance * (total - n * (fair + detect / 2))
    down = detect / variance * (n * (fair - detect / 2) - total)
    return up, down


@dataclass(frozen=True)
class Stop:
    """Why a cell stopped (or that it goes on: ``reason`` "running")."""

    rule: str  # "sprt", "ci" or "fixed" (no --until-clear)
    reason: str  # "h0", "h1+", "h1-", "width", "cap", "fixed" or "running"
    games: int
    text: str
    llr: tuple[float, float] | None = None

    @property
    def done(self) -> bool:
        return self.reason != "running"

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "reason": self.reason,
            "games": self.games,
            "text": self.text,
            "llr": None if self.llr is None else list(self.llr),
            "bounds": list(bounds()) if self.rule == "sprt" else None,
        }


def decide(stats: CellStats, rule: str, cap: int, detect: float, width: float) -> Stop:
    """Whether a cell has played enough under ``rule`` (``cap`` games at most)."""
    games = stats.games
    points = f"{100 * detect:g}"
    if rule == "sprt":
        low, high = bounds()
        up, down = llrs(stats, detect)
        state = f"LLR {up:+.2f} / {down:+.2f}, bounds {low:.2f} and {high:.2f}"
        if up >= high:
            return Stop(
                rule,
                "h1+",
                games,
                f"SPRT: the first player wins about {points} "
                f"points more than the fair share, or more ({state})",
                (up, down),
            )
        if down >= high:
            return Stop(
                rule,
                "h1-",
                games,
                f"SPRT: the first player wins about {points} "
                f"points less than the fair share, or less ({state})",
                (up, down),
            )
        if up <= low and down <= low:
            return Stop(
                rule,
                "h0",
                games,
                f"SPRT: no first-player advantage as large as {points} points ({state})",
                (up, down),
            )
        if games >= cap:
            return Stop(
                rule,
                "cap",
                games,
                f"game cap of {cap} reached before the SPRT decided ({state})",
                (up, down),
            )
        return Stop(rule, "running", games, state, (up, down))
    if rule == "ci":
        widest = max(_widths(stats), default=1.0)
        state = f"widest 95% interval {100 * widest:.1f} points, target {100 * width:g}"
        if widest <= width:
            return Stop(rule, "width", games, f"interval width reached ({state})")
        if games >= cap:
            return Stop(rule, "cap", games, f"game cap of {cap} reached first ({state})")
        return Stop(rule, "running", games, state)
    raise ValueError(f"no stopping rule {rule!r} (rules: {', '.join(RULES)})")


def _widths(stats: CellStats) -> list[float]:
    out = []
    rates = [(float(wins), stats.games) for wins in stats.seat_wins]
    rates.append((float(stats.first.total), stats.first.n))
    for successes, n in rates:
        interval = wilson(successes, n)
        out.append(1.0 if interval is None else interval[1] - interval[0])
    return out
