"""Search bots never walk choose / back-out cycles, in any game: a small iteration-budget search
plays every seat of a seeded game (cut short by the game's decision limit, where it has the
safeguard; a game without one is bounded by its rules) and no position
comes back within a run of decisions (``core.progress.Repetitions``). In the games that
declare back-outs (Ciúb's and Runika's ``cancel``) some were legal along the way, and the
search never took one while anything else was legal. ``analyse`` lists back-outs last."""

from __future__ import annotations

import random

import pytest

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.analysis import analyse
from grimoire.bots.budget import Budget
from grimoire.core.progress import Repetitions
from grimoire.core.state import State

# every registered game at 2 players where it can (Runika's has more half-made choices than
# its solo game), else at its smallest count
GAMES = [
    (name, max(2, grimoire.game_class(name).min_players)) for name in sorted(grimoire.game_names())
]
BUDGET = "search:16"  # iterations: the same choices on any machine
DECISIONS = 120


def declares_back_outs(state: State) -> bool:
    return type(state).backs_out is not State.backs_out


def offered_back_out(state: State, seat: int) -> bool:
    return any(state.backs_out(a, seat) for a in state.legal_actions(seat))


@pytest.mark.parametrize(("name", "players"), GAMES, ids=[name for name, _ in GAMES])
def test_a_search_never_walks_a_choose_back_out_cycle(name: str, players: int) -> None:
    game = grimoire.make(name, players)
    if game.capabilities.decision_limit is not None:
        game = grimoire.make(name, players, decision_limit=DECISIONS)
    state = game.new_state(7)
    bots = [make_bot(BUDGET, game, seat) for seat in range(players)]
    rng = random.Random(7)
    watch = Repetitions()
    met = 0
    while not state.is_terminal():
        assert not watch.repeated(state), f"a position came back at step {state.step}"
        seat = min(state.seats_to_act())
        action = bots[seat].choose(state.for_seat(seat, rng.getrandbits(63)), seat)
        if offered_back_out(state, seat):
            met += 1
            assert not state.backs_out(action, seat) or state.progress_actions(seat) == [action]
        state.play(action, seat)
    assert (met > 0) == declares_back_outs(state)


def runika_half_made_choice() -> State:
    """A Runika position where the seat to act is resolving a die (``cancel`` is legal)."""
    game = grimoire.make("runika", 2)
    state = game.new_state(3)
    rng = random.Random(3)
    while True:
        seat = min(state.seats_to_act())
        legal = state.legal_actions(seat)
        if any(state.backs_out(a, seat) for a in legal) and len(legal) > 2:
            return state
        state.play(rng.choice(state.progress_actions(seat)), seat)


def test_analysis_lists_a_back_out_last_unsearched() -> None:
    state = runika_half_made_choice()
    seat = min(state.seats_to_act())
    rows = analyse(state, seat, Budget(iterations=40), seed=1)
    assert sorted(row.action for row in rows) == state.legal_actions(seat)
    back = [row for row in rows if row.backs_out]
    assert back and rows[-len(back) :] == back
    assert all(row.visits == 0 and state.backs_out(row.action, seat) for row in back)
    assert sum(row.visits for row in rows) == 40


def test_random_progress_never_backs_out_and_plain_random_may() -> None:
    state = runika_half_made_choice()
    seat = min(state.seats_to_act())
    game = state.game
    progress = make_bot("random:progress", game, 1)
    plain = make_bot("random", game, 1)
    picks = {progress.choose(state, seat) for _ in range(60)}
    assert picks == set(state.progress_actions(seat))
    assert any(state.backs_out(plain.choose(state, seat), seat) for _ in range(200))
