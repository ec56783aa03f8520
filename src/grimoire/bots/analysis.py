"""Analysis of a position: every legal action of a seat with its estimated win chance, its
expected final score and margin, and the visits behind them.

``analyse`` searches the position as the seat sees it (``for_seat``: never the true hidden
information) with the game's search (``mcts`` or ``ismcts``). Every root action first gets an
equal share of a quarter of the iterations (so each has an estimate), the rest go where the
search's own selection sends them, so the best action is judged as the bots judge it; the win
chance is the mean reward (a win counts 1, a shared win its share, a rollout cut before the end
the ``evaluate`` hook's estimate).

The search's rollouts stop a few decisions ahead, where the running score says little (0 early
in F.A.T.A.L.), so each action is also played to the end of the game ``playouts`` times with
the game's heuristic for every seat (each from a new re-deal of what the seat cannot see, from
the seed: deterministic): the mean final score, the mean final margin (the seat's score minus
the best other seat's), and the share of those games won. In a solo game (one seat) there is
nobody to beat, so actions are ranked by expected final score (then the solo win share of the
playouts); with several seats by the search's win chance.

A back-out (``State.backs_out``: a ``cancel`` of a half-made choice) is listed last, unsearched
(``backs_out`` true, no visits): it only leads back to a choice the seat already had, so the
analysis never ranks it best; the search shares its iterations among ``progress_actions``.

The budget: under an iteration budget the search takes the iterations and every action gets its
``playouts`` games however long they take (reproducible from the seed). Under a time budget the
whole analysis keeps to it: the search takes ``SEARCH_SHARE`` of the time, the playouts the
rest, one game per action in turn (up to ``playouts`` each); a game still running when the time
is up is dropped, so an action may have fewer games, or none (``playouts`` says how many).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from grimoire.bots.budget import Budget, Clock
from grimoire.bots.evaluation import Evaluator, terminal_rewards
from grimoire.bots.registry import search_kind
from grimoire.bots.search import TreeSearch
from grimoire.core.bot import Bot
from grimoire.core.errors import IllegalAction
from grimoire.core.state import CHANCE, TERMINAL, State

PLAYOUTS = 8  # games played to the end per action by `grimoire analyse`
UNIFORM_SHARE = 4  # a quarter of the iterations shared equally among the root actions
SEARCH_SHARE = 0.6  # of a time budget: the search; the playouts get the rest


@dataclass
class ActionAnalysis:
    action: int
    text: str  # the game's own text of the action (``break 2G1``, ``take B``, ``resolve Rr``)
    visits: int
    win_chance: float  # the search's mean result (solo: the same, the goal reached or not)
    std_error: float
    expected_score: float  # the seat's running score where the search's rollouts stopped
    backs_out: bool = False  # listed last, not searched (see the module docstring)
    final_score: float = 0.0  # mean final score of the playouts
    final_score_error: float = 0.0  # its standard error
    final_margin: float = 0.0  # mean (own final score - best other final score); solo: 0
    final_win: float = 0.0  # share of the playouts won
    playouts: int = 0


def acting_seat(state: State) -> int:
    """The seat to act (the lowest of a simultaneous decision); an error at chance or the end."""
    actor = state.current_player
    if isinstance(actor, frozenset):
        return min(actor)
    if actor < 0:
        raise IllegalAction("no seat is to act here (chance or the end of the game)")
    return actor


def analyse(
    state: State,
    seat: int | None = None,
    budget: Budget | str = "2s",
    seed: int = 0,
    playouts: int = 0,
    evaluator: Evaluator | None = None,
    *,
    now: Callable[[], float] = time.perf_counter,
) -> list[ActionAnalysis]:
    """Every legal action of ``seat`` (default: the seat to act), best first; ``playouts``
    games to the end per action for the final score and margin (``grimoire analyse`` plays
    ``PLAYOUTS``; 0: none, the final fields stay 0), within a time budget as far as the time
    allows (the module docstring). ``evaluator`` scores the search's cut rollouts instead of
    the game's ``evaluate`` hook (to compare evaluations). ``now``: the time source."""
    started = now()
    seat = acting_seat(state) if seat is None else seat
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"seat {seat + 1} has no legal action here")
    rng = random.Random(seed)
    view = state.for_seat(seat, rng)
    searched = view.progress_actions(seat)
    kind = search_kind(state.game)
    budget = Budget.parse(budget)
    deadline = None
    if budget.seconds is not None:  # the search takes its share of the time left
        deadline = started + budget.seconds
        share = SEARCH_SHARE if playouts > 0 else 1.0  # the playouts get the rest
        budget = Budget(budget.iterations, max((deadline - now()) * share, 1e-6))
    floor = 0
    if len(searched) > 1:
        total = budget.iterations if budget.iterations is not None else 0
        floor = max(1, total // (UNIFORM_SHARE * len(searched))) if total else 0
    tree = TreeSearch(
        view,
        seat,
        rng,
        determinize_each=kind == "ismcts",
        observe_others=kind == "ismcts",
        root_uniform=len(searched) > 1 and floor == 0,
        root_floor=floor,
        evaluator=evaluator,
    )
    result = tree.run(budget, early_stop=False, clock=Clock(budget, now))
    solo = state.game.players == 1
    rows = [
        ActionAnalysis(
            stats.action,
            state.action_to_string(stats.action),
            stats.visits,
            stats.mean,
            stats.std_error,
            stats.score,
        )
        for stats in result.actions
    ]
    if playouts > 0:
        _play_outs(view, seat, rows, playouts, seed, deadline, now)
    if solo:  # an action without a finished playout has no final score: after the others
        rows.sort(
            key=lambda r: (r.playouts == 0, -r.final_score, -r.final_win, -r.win_chance, r.action)
        )
    else:
        rows.sort(key=lambda r: (-r.win_chance, -r.final_margin, -r.visits, r.action))
    rows += [
        ActionAnalysis(a, state.action_to_string(a), 0, 0.0, 0.0, 0.0, backs_out=True)
        for a in legal
        if a not in searched
    ]
    return rows


# a finished playout: (the seat's final score, its margin over the best other seat, its win)
Outcome = tuple[float, float, float]


def _play_outs(
    view: State,
    seat: int,
    rows: list[ActionAnalysis],
    count: int,
    seed: int,
    deadline: float | None,
    now: Callable[[], float],
) -> None:
    """Up to ``count`` games from ``view`` after each row's action, one per action in turn
    until ``deadline`` (None: all of them); each action draws from its own generator, so its
    games are the same whatever the others get."""
    rngs = {row.action: random.Random(f"{seed}/{row.action}") for row in rows}
    games: dict[int, list[Outcome]] = {row.action: [] for row in rows}
    for _round in range(count):
        for row in rows:
            outcome = _play_out(view, seat, row.action, rngs[row.action], deadline, now)
            if outcome is None:  # the time is up: this game is dropped, and no other starts
                _summarise(rows, games)
                return
            games[row.action].append(outcome)
    _summarise(rows, games)


def _play_out(
    view: State,
    seat: int,
    action: int,
    rng: random.Random,
    deadline: float | None,
    now: Callable[[], float],
) -> Outcome | None:
    """One game from ``view`` after ``action``, every seat played by the game's heuristic
    among its progress actions (random where it has none or backs out); None if ``deadline``
    passes before it ends."""
    game = view.game
    state = view.resample(seat, rng, informed=True)  # the search's deal (search.py)
    state.apply(action, seat)
    seeds = [rng.getrandbits(48) for _ in range(game.players)]  # drawn either way
    bots: list[Bot | None] = [
        game.heuristic_bot(seed) if game.capabilities.heuristic else None for seed in seeds
    ]
    for _step in range(game.max_game_length):
        if deadline is not None and now() >= deadline:
            return None
        actor = state.current_player
        if actor == TERMINAL:
            break
        if actor == CHANCE:
            state.resolve_chance()  # the re-deal's own seed: not the real future
            continue
        who = actor if isinstance(actor, int) else min(actor)
        legal = state.progress_actions(who)
        chosen = legal[0]
        if len(legal) > 1:
            bot = bots[who]
            chosen = bot.choose(state, who) if bot is not None else -1
            if chosen not in legal:
                chosen = legal[rng.randrange(len(legal))]
        state.apply(chosen, who)
    final = [float(s) for s in state.scores()]
    others = [s for i, s in enumerate(final) if i != seat]
    margin = final[seat] - max(others) if others else 0.0
    won = terminal_rewards(state)[seat] if state.is_terminal() else 0.0
    return final[seat], margin, won


def _summarise(rows: list[ActionAnalysis], games: dict[int, list[Outcome]]) -> None:
    """Each row's final-score fields from its finished games (none: they stay 0)."""
    for row in rows:
        outcomes = games[row.action]
        if outcomes:
            _fill(row, outcomes)


def _fill(row: ActionAnalysis, outcomes: list[Outcome]) -> None:
    scores = [score for score, _margin, _won in outcomes]
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / (n - 1) if n > 1 else 0.0
    row.final_score = mean
    row.final_score_error = math.sqrt(var / n)
    row.final_margin = sum(margin for _score, margin, _won in outcomes) / n
    row.final_win = sum(won for _score, _margin, won in outcomes) / n
    row.playouts = n


def analysis_json(rows: list[ActionAnalysis]) -> list[dict[str, Any]]:
    return [asdict(row) for row in rows]
