"""Levels as iteration budgets, a turn's decisions sharing one budget, and the subtree kept
between a seat's decisions: all counted in iterations (no timing is asserted)."""

from __future__ import annotations

import hashlib
from collections import defaultdict

import pytest

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.registry import (
    EASY_SHARE,
    EASY_WITHOUT_HEURISTIC,
    HARD_ITERATIONS,
    NORMAL_SHARE,
    level_bot,
)
from grimoire.bots.search import TURN_FLOOR, SearchBot
from grimoire.core.bot import Bot
from grimoire.core.game import Game
from grimoire.core.rng import derive_seed
from grimoire.registry import BUILTIN

# Seat 0's first 40 decisions in Ciúb seed 5, ``search:40:turn=3`` (seed 1) against the
# heuristic. An iteration budget makes the moves a function of the seeds alone, on any machine
# and in either build; a change of the search, an evaluation or a heuristic changes this
# digest (update it then, having checked that the change was meant).
PINNED = "search:40:turn=3"
# 0a1fa232...: Ciúb's re-deal of a seat's copy (view.resample) draws the face-down cards by a
# partial shuffle now (issue 34), so the search's determinisations, and its moves, changed
PINNED_DIGEST = "0a1fa2323c30bb76"


def play(game: grimoire.Game, bots: list[Bot], seed: int, decisions: int) -> list[tuple[int, int]]:
    """``(seat, action)`` of the first ``decisions`` decisions, each bot given its seat's view."""
    state = game.new_state(seed)
    played: list[tuple[int, int]] = []
    while len(played) < decisions:
        state.resolve_chance()
        if state.is_terminal():
            break
        seat = min(state.seats_to_act())
        view = state.for_seat(seat, derive_seed(seed, f"{seat}/{state.step}"))
        action = bots[seat].choose(view, seat)
        played.append((seat, action))
        state.apply(action, seat)
    return played


def test_every_game_calibrates_its_levels_in_iterations() -> None:
    """The games that ship with grimoire (``registry.BUILTIN``) calibrate their search levels
    (docs/bots.md); a game without a calibration, or without a heuristic, gets the defaults
    (tested in test_a_game_without_a_calibration_or_heuristic_gets_the_defaults)."""
    for name in sorted(BUILTIN):
        game = grimoire.make(name)
        assert type(game).search_iterations is not Game.search_iterations, name
        hard = game.search_iterations
        assert hard is not None and hard >= 100
        assert level_bot("hard", game) == f"search:{hard}:turn=3"
        assert level_bot("normal", game) == f"search:{hard // 4}:turn=3"
        assert level_bot("easy", game) == "heuristic"


def test_a_game_without_a_calibration_or_heuristic_gets_the_defaults() -> None:
    """Minimal (tests/toys/minimal.py) declares neither: the levels search the bots' default
    iterations, and ``easy`` is a small search with random rollouts, never "heuristic"."""
    game = grimoire.make("toy_minimal")
    assert game.search_iterations is None and not game.capabilities.heuristic
    hard = HARD_ITERATIONS
    assert level_bot("hard", game) == f"search:{hard}:turn=3"
    assert level_bot("easy", game) == EASY_WITHOUT_HEURISTIC.format(
        hard=hard, normal=hard // NORMAL_SHARE, easy=hard // EASY_SHARE, turn=3
    )
    assert isinstance(make_bot("easy", game, 1), SearchBot)


def test_the_same_seeds_play_the_same_moves_on_any_machine() -> None:
    game = grimoire.make("ciub", players=2)
    runs = []
    for _ in range(2):
        bots = [make_bot(PINNED, game, 1), make_bot("heuristic", game, 2)]
        runs.append([a for seat, a in play(game, bots, 5, 200) if seat == 0][:40])
    assert runs[0] == runs[1] and len(runs[0]) == 40
    digest = hashlib.sha256(repr(runs[0]).encode()).hexdigest()[:16]
    assert digest == PINNED_DIGEST


class Spy(Bot):
    """Records every search of a ``SearchBot``: (turn, seat, iterations, visits at the root)."""

    def __init__(self, inner: SearchBot) -> None:
        super().__init__(0)
        self.inner = inner
        self.searches: list[tuple[int | None, int, int, int]] = []

    def choose(self, state: grimoire.State, seat: int | None = None) -> int:
        before = self.inner.last
        action = self.inner.choose(state, seat)
        last = self.inner.last
        if last is not None and last is not before:
            visits = sum(a.visits for a in last.actions)
            self.searches.append((state.turns, seat or 0, last.iterations, visits))
        return action


@pytest.fixture(scope="module")
def ciub_turns() -> dict[str, list[tuple[int | None, int, int, int]]]:
    """Seat 0's searches over its first turns of one Ciúb game, with and without sharing."""
    game = grimoire.make("ciub", players=2)
    found = {}
    for name, kind in (("shared", "mcts:64:turn=3"), ("each", "mcts:64:reuse=0")):
        bot = make_bot(kind, game, 3)
        assert isinstance(bot, SearchBot)
        spy = Spy(bot)
        play(game, [spy, make_bot("heuristic", game, 4)], 11, 140)
        found[name] = spy.searches
    return found


def test_a_turns_decisions_share_one_budget(
    ciub_turns: dict[str, list[tuple[int | None, int, int, int]]],
) -> None:
    per_turn: dict[int | None, list[int]] = defaultdict(list)
    for turn, _, iterations, _ in ciub_turns["shared"]:
        per_turn[turn].append(iterations)
    long_turns = [spent for spent in per_turn.values() if len(spent) >= 8]
    assert long_turns, "no turn with many decisions to share"
    for spent in per_turn.values():
        # at most `turn` budgets, plus the floor share of each decision once they are spent
        assert sum(spent) <= 64 * (3 + TURN_FLOOR * len(spent)) + len(spent)
        assert min(spent) >= 1
    # without sharing, the same kind of turn costs about a budget a decision
    each: dict[int | None, list[int]] = defaultdict(list)
    for turn, _, iterations, _ in ciub_turns["each"]:
        each[turn].append(iterations)
    longest = max(each.values(), key=len)
    assert sum(longest) > 64 * (3 + TURN_FLOOR * len(longest)) + len(longest)


def test_a_forced_decision_costs_nothing() -> None:
    game = grimoire.make("ciub", players=2)
    bot = make_bot("mcts:64:turn=3", game, 3)
    assert isinstance(bot, SearchBot)
    state = game.new_state(2)
    while True:
        state.resolve_chance()
        seat = min(state.seats_to_act())
        if len(state.progress_actions(seat)) == 1:
            break
        state.apply(state.progress_actions(seat)[0], seat)
    bot.choose(state.for_seat(seat, 1), seat)
    assert bot.last is None  # no search was run


def test_the_next_decision_of_a_turn_starts_from_the_kept_subtree(
    ciub_turns: dict[str, list[tuple[int | None, int, int, int]]],
) -> None:
    reused = [visits - iterations for _, _, iterations, visits in ciub_turns["shared"]]
    assert all(extra >= 0 for extra in reused)
    assert sum(1 for extra in reused if extra > 0) >= 5  # kept statistics were searched on
    assert all(visits == iterations for _, _, iterations, visits in ciub_turns["each"])
