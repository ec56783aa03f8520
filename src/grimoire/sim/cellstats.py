"""Exact, mergeable statistics of a block of games.

Every field is a count or an exact sum (an ``int`` while every term is whole, a ``Fraction``
once one is not: the same number either way, and the same text in JSON), so merging chunks in
any order, in any process or on any machine gives the very same numbers: a study's result does
not depend on how its games were split. Whole numbers stay plain ``int`` arithmetic: a study
pays for exact fractions only where a term is one (a shared win, decisions per turn). Nothing
here keeps a list of games, except the line-ups and scores of each cell's first
``RATING_GAMES`` games, from which the bots' ratings are computed (a rating depends on the
order of the games, so it cannot be an exact mergeable sum).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

RATING_GAMES = 2000
MOMENTS = ("margin", "decisions", "chance_steps", "turns", "per_turn", "branching", "first")


Exact = int | Fraction  # an exact number: int while it is whole


def _frac(value: Any) -> Exact:
    """An exact number from "3/4" text or a number (an int when it is whole)."""
    found = Fraction(value)
    return found.numerator if found.denominator == 1 else found


def exact(value: float | int | Fraction) -> Exact:
    """``value`` exactly: an int when it is whole (as most scores are), else a Fraction."""
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    found = Fraction(value)
    return found.numerator if found.denominator == 1 else found


@dataclass
class Moments:
    """Count, exact sum and sum of squares, minimum and maximum of observations."""

    n: int = 0
    total: Exact = 0
    squares: Exact = 0
    low: Exact | None = None
    high: Exact | None = None

    def add(self, value: float | int | Fraction) -> None:
        x = exact(value)
        self.n += 1
        self.total += x
        self.squares += x * x
        self.low = x if self.low is None else min(self.low, x)
        self.high = x if self.high is None else max(self.high, x)

    def add_sums(self, n: int, total: int, squares: int, low: int, high: int) -> None:
        """``n`` whole observations at once, by their sum, sum of squares, least and most
        (what a caller accumulated as plain integers: the same as ``add`` on each)."""
        if n <= 0:
            return
        self.n += n
        self.total += total
        self.squares += squares
        self.low = low if self.low is None else min(self.low, low)
        self.high = high if self.high is None else max(self.high, high)

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        for value in (other.low, other.high):
            if value is not None:
                self.low = value if self.low is None else min(self.low, value)
                self.high = value if self.high is None else max(self.high, value)

    @property
    def mean(self) -> float | None:
        return float(Fraction(self.total, self.n)) if self.n else None

    @property
    def stdev(self) -> float | None:
        """Sample standard deviation (n - 1), from the exact sums."""
        if self.n < 2:
            return None
        total = Fraction(self.total)
        variance = (self.squares - total * total / self.n) / (self.n - 1)
        return math.sqrt(max(0.0, float(variance)))

    def interval(self) -> tuple[float, float] | None:
        """A 95% interval of the mean (normal approximation)."""
        if self.n < 2 or self.mean is None or self.stdev is None:
            return None
        half = 1.96 * self.stdev / math.sqrt(self.n)
        return (self.mean - half, self.mean + half)

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "total": str(self.total),
            "squares": str(self.squares),
            "low": None if self.low is None else str(self.low),
            "high": None if self.high is None else str(self.high),
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Moments:
        return cls(
            n=int(doc["n"]),
            total=_frac(doc["total"]),
            squares=_frac(doc["squares"]),
            low=None if doc["low"] is None else _frac(doc["low"]),
            high=None if doc["high"] is None else _frac(doc["high"]),
        )

    def summary(self) -> dict[str, Any]:
        interval = self.interval()
        return {
            "n": self.n,
            "mean": self.mean,
            "stdev": self.stdev,
            "ci95": list(interval) if interval else None,
            "min": None if self.low is None else float(self.low),
            "max": None if self.high is None else float(self.high),
        }


class Branching:
    """The legal actions counted at each decision of a game, as plain integer sums (folded
    into ``CellStats.branching`` once, at the end of the game)."""

    __slots__ = ("high", "low", "n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0
        self.squares = 0
        self.low = 1 << 62
        self.high = 0

    def add(self, count: int) -> None:
        self.n += 1
        self.total += count
        self.squares += count * count
        if count < self.low:
            self.low = count
        if count > self.high:
            self.high = count

    def fold(self, into: Moments) -> None:
        into.add_sums(self.n, self.total, self.squares, self.low, self.high)


@dataclass
class Feature:
    """One kind of action (a card, spell or rune used): in how many seat-games it was used,
    and the win shares of those seat-games."""

    used: int = 0
    wins: Exact = 0

    def merge(self, other: Feature) -> None:
        self.used += other.used
        self.wins += other.wins


@dataclass
class CellStats:
    """Statistics of the games of one study cell (or of a chunk of them)."""

    players: int
    games: int = 0
    no_winner: int = 0
    seat_wins: list[Exact] = field(default_factory=list)
    seat_scores: list[Moments] = field(default_factory=list)
    margin: Moments = field(default_factory=Moments)  # winner's score minus the runner-up's
    decisions: Moments = field(default_factory=Moments)
    chance_steps: Moments = field(default_factory=Moments)
    turns: Moments = field(default_factory=Moments)
    per_turn: Moments = field(default_factory=Moments)  # decisions per turn, per game
    branching: Moments = field(default_factory=Moments)  # legal actions at each decision
    length_histogram: Counter[int] = field(default_factory=Counter)  # decisions, by 10s
    score_histogram: Counter[int] = field(default_factory=Counter)  # seat scores, rounded
    entrant_wins: dict[str, Exact] = field(default_factory=dict)  # by bot kind
    entrant_games: dict[str, int] = field(default_factory=dict)
    features: dict[str, Feature] = field(default_factory=dict)
    rating_games: list[tuple[list[str], list[float]]] = field(default_factory=list)
    # who started: games started by each seat, and the starting player's win share per game
    # (seat 0's in a game whose first decision was simultaneous: ``games - sum(starts)`` games)
    starts: list[int] = field(default_factory=list)
    first: Moments = field(default_factory=Moments)

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [0] * self.players
        if not self.starts:
            self.starts = [0] * self.players
        if not self.seat_scores:
            self.seat_scores = [Moments() for _ in range(self.players)]

    def add_game(
        self,
        scores: list[float],
        winners: list[int],
        decisions: int,
        chance_steps: int,
        turns: int | None,
        bots: list[str],
        legal_counts: list[int] | Branching,
        used: list[set[str]],
        index: int = 0,
        first_player: int | None = None,
    ) -> None:
        """One finished game: its scores and winners, its length, the bot at each seat, the
        number of legal actions at each decision (a list, or their sums as a ``Branching``),
        the features each seat used, and the seat that started (None: a simultaneous start)."""
        self.games += 1
        share: Exact = 1 if len(winners) == 1 else Fraction(1, max(1, len(winners)))
        shares: list[Exact] = [share if s in winners else 0 for s in range(len(scores))]
        if first_player is not None:
            self.starts[first_player] += 1
        self.first.add(shares[0 if first_player is None else first_player])
        if index < RATING_GAMES:
            self.rating_games.append((list(bots), [float(score) for score in scores]))
        if not winners:
            self.no_winner += 1
        for seat, score in enumerate(scores):
            self.seat_wins[seat] += shares[seat]
            self.seat_scores[seat].add(score)
            self.score_histogram[round(score)] += 1
            kind = bots[seat]
            self.entrant_wins[kind] = self.entrant_wins.get(kind, 0) + shares[seat]
            self.entrant_games[kind] = self.entrant_games.get(kind, 0) + 1
            for key in used[seat]:
                feature = self.features.setdefault(key, Feature())
                feature.used += 1
                feature.wins += shares[seat]
        ranked = sorted(scores, reverse=True)
        if len(ranked) > 1:
            self.margin.add(exact(ranked[0]) - exact(ranked[1]))
        self.decisions.add(decisions)
        self.chance_steps.add(chance_steps)
        self.length_histogram[decisions // 10 * 10] += 1
        if turns:
            self.turns.add(turns)
            self.per_turn.add(Fraction(decisions, turns))
        if isinstance(legal_counts, Branching):
            legal_counts.fold(self.branching)
        else:
            for count in legal_counts:
                self.branching.add(count)

    def merge(self, other: CellStats) -> None:
        self.games += other.games
        self.no_winner += other.no_winner
        for seat in range(self.players):
            self.seat_wins[seat] += other.seat_wins[seat]
            self.seat_scores[seat].merge(other.seat_scores[seat])
        for seat in range(self.players):
            self.starts[seat] += other.starts[seat]
        for name in MOMENTS:
            getattr(self, name).merge(getattr(other, name))
        self.length_histogram.update(other.length_histogram)
        self.score_histogram.update(other.score_histogram)
        for kind, wins in other.entrant_wins.items():
            self.entrant_wins[kind] = self.entrant_wins.get(kind, 0) + wins
        for kind, games in other.entrant_games.items():
            self.entrant_games[kind] = self.entrant_games.get(kind, 0) + games
        for key, feature in other.features.items():
            self.features.setdefault(key, Feature()).merge(feature)
        room = RATING_GAMES - len(self.rating_games)
        self.rating_games.extend(other.rating_games[: max(0, room)])

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "games": self.games,
            "no_winner": self.no_winner,
            "seat_wins": [str(w) for w in self.seat_wins],
            "seat_scores": [m.to_json() for m in self.seat_scores],
            "starts": list(self.starts),
            **{name: getattr(self, name).to_json() for name in MOMENTS},
            "length_histogram": {str(k): v for k, v in sorted(self.length_histogram.items())},
            "score_histogram": {str(k): v for k, v in sorted(self.score_histogram.items())},
            "entrant_wins": {k: str(v) for k, v in sorted(self.entrant_wins.items())},
            "entrant_games": dict(sorted(self.entrant_games.items())),
            "features": {key: [f.used, str(f.wins)] for key, f in sorted(self.features.items())},
            "rating_games": [[kinds, scores] for kinds, scores in self.rating_games],
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> CellStats:
        stats = cls(
            players=int(doc["players"]),
            games=int(doc["games"]),
            no_winner=int(doc["no_winner"]),
            seat_wins=[_frac(w) for w in doc["seat_wins"]],
            seat_scores=[Moments.from_json(m) for m in doc["seat_scores"]],
            length_histogram=Counter({int(k): v for k, v in doc["length_histogram"].items()}),
            score_histogram=Counter({int(k): v for k, v in doc["score_histogram"].items()}),
            entrant_wins={k: _frac(v) for k, v in doc["entrant_wins"].items()},
            entrant_games={k: int(v) for k, v in doc["entrant_games"].items()},
            features={k: Feature(int(u), _frac(w)) for k, (u, w) in doc["features"].items()},
            rating_games=[(list(k), [float(x) for x in s]) for k, s in doc["rating_games"]],
            starts=[int(n) for n in doc["starts"]],
        )
        for name in MOMENTS:
            setattr(stats, name, Moments.from_json(doc[name]))
        return stats
