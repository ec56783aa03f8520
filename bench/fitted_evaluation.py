"""Issue 28's evaluation fitted to game outcomes, for Five Seals (2 players): how it was made and
how it was tested against the hand-written evaluation it replaced (whose value was the same for
every action in 11 of the 20 published analysis positions).

1. **Records.** Seeded heuristic self-play games (seed 9000 + g); at about every fifth real
   decision (more than one progress action) each seat's features
   (``grimoire.games.five_seals.evaluation.all_features``) are noted with the game's result for that
   seat (a win 1, a shared win its share, a loss 0).
2. **Fit.** ``P(seat wins) = softmax over seats of w . features(seat)`` (at 2 players a logistic
   regression on the seats' feature differences), fitted by maximum likelihood with a small L2
   penalty (``scipy.optimize.minimize``) on the first games; the rest are held out. The weights
   shipped in ``evaluation.WEIGHTS`` are this fit's with the defaults.
3. **Held-out log-loss** of the fitted model, of the hand-written evaluation (``hand_evaluate``,
   a softmax of the running scores) and of a coin, on the same positions.
4. **Flat positions**: of the 20 published analysis positions
   (``bench/results/analysis-positions/five-seals-2.json``), those where ``analyse`` at 100
   iterations gives every action the same value, with either evaluation.
5. **Head to head** at equal iterations: ``search:N:turn=3`` with the fitted evaluation against
   the same search with the hand-written one, seats alternating (game ``g``: seed 7000 + g), with
   the 95% Wilson interval of the fitted side's win share and each side's CPU per iteration.

    .venv/bin/python bench/fitted_evaluation.py [--games 400] [--held-out 100] \
        [--iterations 120] [--matches 60] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.analysis import analyse
from grimoire.bots.budget import Budget
from grimoire.bots.evaluation import Evaluator
from grimoire.bots.search import SearchBot
from grimoire.core.bot import Bot
from grimoire.core.evaluation import softmax_values
from grimoire.core.state import State
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.evaluation import all_features
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.sim.play import play_game
from grimoire.sim.stats import wilson

POSITIONS = Path(__file__).parent / "results" / "analysis-positions" / "five-seals-2.json"
NAMES = (
    "score / temperature",
    "score",
    "dice",
    "pips",
    "best seal in reach",
    "score x seals broken",
)


def hand_evaluate(state: State, seat: int) -> float:
    """The hand-written evaluation the fitted one replaced: a softmax of the running scores,
    temperature 2 + a fifth of their mean."""
    assert isinstance(state, FiveSealsState)
    values = state.memo.get("hand-evaluation")
    if values is None:
        scores = [float(score) for score in scoring.scores(state)]
        mean = sum(abs(score) for score in scores) / len(scores)
        values = state.memo["hand-evaluation"] = softmax_values(scores, 2.0 + 0.2 * mean)
    return float(values[seat])


class Noter:
    """Notes the features of about every fifth real decision of one game (an observer)."""

    def __init__(self, seed: int, features: Features, hand: Evaluator) -> None:
        self.pick = random.Random(seed)
        self.features, self.hand = features, hand
        self.noted: list[tuple[list[list[float]], list[float]]] = []

    def __call__(self, state: State, seat: int, action: int) -> None:
        if self.pick.random() > 0.2 or len(state.progress_actions(seat)) < 2:
            return
        seats = range(state.game.players)
        self.noted.append((self.features(state), [self.hand(state, s) for s in seats]))


Row = tuple[int, list[list[float]], list[float], list[float]]
Features = Callable[[State], list[list[float]]]


def records(
    games: int,
    name: str = "five-seals",
    players: int = 2,
    features: Features | None = None,
    hand: Evaluator | None = None,
) -> list[Row]:
    """``(game, features per seat, result per seat, hand-written estimate per seat)`` rows of
    ``games`` seeded heuristic games (Five Seals' features and evaluation by default)."""
    game = grimoire.make(name, players=players)
    rows: list[Row] = []
    for g in range(games):
        noter = Noter(g, features or five_seals_features, hand or hand_evaluate)
        bots = [make_bot("heuristic", game, 9000 + players * g + s) for s in range(players)]
        result = play_game(game, bots, 9000 + g, keep_record=False, observe=noter)
        share = [1 / len(result.winners) if s in result.winners else 0.0 for s in range(players)]
        rows += [(g, feats, share, hand) for feats, hand in noter.noted]
    return rows


def five_seals_features(state: State) -> list[list[float]]:
    assert isinstance(state, FiveSealsState)
    return all_features(state)


def fit(rows: list[Row]) -> np.ndarray:
    """The weights of the softmax model, by maximum likelihood with an L2 penalty."""
    x = np.array([feats for _, feats, _, _ in rows])  # positions x seats x features
    y = np.array([share for _, _, share, _ in rows])
    scale = x.reshape(-1, x.shape[-1]).std(axis=0) + 1e-9

    def loss(w: np.ndarray) -> float:
        logits = (x / scale) @ w
        logits -= logits.max(axis=1, keepdims=True)
        log_p = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
        return float(-(y * log_p).sum(axis=1).mean() + 1e-3 * (w @ w))

    found = minimize(loss, np.zeros(x.shape[-1]), method="BFGS")
    weights: np.ndarray = found.x / scale
    return weights


def log_loss(estimates: list[list[float]], results: list[list[float]]) -> float:
    """Mean cross-entropy of win-chance estimates against results (clipped at 1e-6)."""
    total = 0.0
    for p, y in zip(estimates, results, strict=True):
        clipped = (min(1 - 1e-6, max(1e-6, pi)) for pi in p)
        total -= sum(yi * math.log(pi) for pi, yi in zip(clipped, y, strict=True))
    return total / len(estimates)


def fitted(weights: np.ndarray, features: Features | None = None) -> Any:
    """The fitted model as an ``evaluate(state, seat)`` hook (Five Seals' features by default)."""
    w = [float(v) for v in weights]
    features_of = features or five_seals_features

    def evaluate(state: State, seat: int) -> float:
        values = state.memo.get("refitted-evaluation")
        if values is None:
            logits = [
                sum(a * b for a, b in zip(w, feats, strict=True)) for feats in features_of(state)
            ]
            values = state.memo["refitted-evaluation"] = softmax_values(logits, 1.0)
        return float(values[seat])

    return evaluate


class Timed(Bot):
    """A search bot whose CPU time and iterations are added up under ``name``."""

    def __init__(
        self, bot: SearchBot, name: str, cpu: dict[str, float], spent: dict[str, int]
    ) -> None:
        super().__init__()
        self.bot, self.name, self.cpu, self.spent = bot, name, cpu, spent

    def choose(self, state: State, seat: int | None = None) -> int:
        started = time.process_time()
        action = self.bot.choose(state, seat)
        self.cpu[self.name] += time.process_time() - started
        if self.bot.last is not None:
            self.spent[self.name] += self.bot.last.iterations
            self.bot.last = None
        return action


def match(weights: np.ndarray, iterations: int, games: int) -> dict[str, Any]:
    """The fitted evaluation against the hand-written one at equal iterations, seats
    alternating."""
    game = grimoire.make("five-seals", players=2)
    wins = 0.0
    cpu = {"fitted": 0.0, "hand": 0.0}
    spent = {"fitted": 0, "hand": 0}
    for g in range(games):
        new = make_bot(f"search:{iterations}:turn=3", game, 100 + g)
        old = make_bot(f"search:{iterations}:turn=3", game, 200 + g)
        assert isinstance(new, SearchBot) and isinstance(old, SearchBot)
        new.settings["evaluator"] = fitted(weights)
        old.settings["evaluator"] = hand_evaluate
        mine, theirs = Timed(new, "fitted", cpu, spent), Timed(old, "hand", cpu, spent)
        bots = [mine, theirs] if g % 2 == 0 else [theirs, mine]

        result = play_game(game, bots, 7000 + g, keep_record=False)
        if g % 2 in result.winners:
            wins += 1 / len(result.winners)
        print(f"  {g + 1} games: the fitted evaluation won {wins:g}", flush=True)
    low, high = wilson(wins, games) or [0.0, 1.0]
    return {
        "iterations": iterations,
        "games": games,
        "fitted_wins": wins,
        "fitted_share": wins / games,
        "interval95": [low, high],
        "cpu_per_1000_iterations": {
            name: 1000 * cpu[name] / spent[name] if spent[name] else None for name in cpu
        },
    }


def flat_positions(evaluator: Evaluator, iterations: int = 100) -> int:
    """How many published analysis positions get the same search value for every action."""
    docs = json.loads(POSITIONS.read_text("utf-8"))
    game = grimoire.make("five-seals", players=2)
    flat = 0
    for doc in docs:
        state = game.state_from_json(doc["position"])
        rows = analyse(state, doc["seat"], Budget(iterations=iterations), 1, 0, evaluator)
        flat += len({round(row.win_chance, 9) for row in rows if not row.backs_out}) == 1
    return flat


def arguments(description: str, iterations: int, matches_help: str) -> argparse.Namespace:
    """The command line both fitting benches take."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=400, help="self-play games recorded")
    parser.add_argument("--held-out", type=int, default=100, help="the last N of them")
    parser.add_argument("--iterations", type=int, default=iterations)
    parser.add_argument("--matches", type=int, default=60, help=matches_help)
    parser.add_argument("--json")
    return parser.parse_args()


def fitted_report(
    rows: list[Row], games: int, held_out: int, names: tuple[str, ...], players: int
) -> tuple[np.ndarray, dict[str, Any]]:
    """Fit on the games before the last ``held_out``; the weights and the report's first part
    (the build, the records, the weights by name, the held-out log-losses)."""
    train = [row for row in rows if row[0] < games - held_out]
    test = [row for row in rows if row[0] >= games - held_out]
    weights = fit(train)
    model = [
        [math.exp(v) / sum(math.exp(u) for u in logits) for v in logits]
        for logits in ([float(np.dot(weights, f)) for f in feats] for _, feats, _, _ in test)
    ]
    results = [share for _, _, share, _ in test]
    report: dict[str, Any] = {
        "build": grimoire.BUILD.describe(),
        "records": {"games": games, "positions": len(rows), "held_out_games": held_out},
        "weights": dict(zip(names, (float(w) for w in weights), strict=True)),
        "held_out_log_loss": {
            "fitted": log_loss(model, results),
            "hand": log_loss([hand for _, _, _, hand in test], results),
            "coin": log_loss([[1 / players] * players] * len(test), results),
        },
    }
    print(json.dumps(report, indent=2), flush=True)
    return weights, report


def finish(report: dict[str, Any], started: float, path: str | None) -> None:
    """Print the report with its CPU seconds, and write it to ``path`` if given."""
    report["cpu_seconds"] = round(time.process_time() - started, 1)
    print(json.dumps(report, indent=2))
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
            out.write("\n")


def main() -> None:
    args = arguments(__doc__.splitlines()[0], 120, "head-to-head games")
    started = time.process_time()
    rows = records(args.games)
    weights, report = fitted_report(rows, args.games, args.held_out, NAMES, 2)
    report["flat_positions_of_20"] = {
        "fitted": flat_positions(fitted(weights)),
        "hand": flat_positions(hand_evaluate),
    }
    print(json.dumps(report, indent=2), flush=True)
    if args.matches:
        report["match"] = match(weights, args.iterations, args.matches)
    finish(report, started, args.json)


if __name__ == "__main__":
    main()
