"""Runika's evaluation hook (games/runika/evaluation.py): a win estimate per seat in [0, 1],
summing to about 1, higher for a clearly better position, and blind to hidden runes."""

from __future__ import annotations

from typing import Any

import pytest

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.evaluation import evaluator_for
from grimoire.core.state import State
from grimoire.games.runika import evaluation
from grimoire.games.runika.state import RunikaState

VARIANTS: list[dict[str, Any]] = [{}, {"secret_runes": True}]


def mid_game(seed: int, players: int = 2, steps: int = 60, **options: Any) -> RunikaState:
    game = grimoire.make("runika", players=players, **options)
    state = game.new_state(seed)
    bots = [make_bot("heuristic", game, s) for s in range(players)]
    for _ in range(steps):
        if state.is_terminal():
            break
        actor = state.current_player
        seat = actor if isinstance(actor, int) else min(actor)
        state.play(bots[seat].choose(state.for_seat(seat, seed), seat), seat)
    assert isinstance(state, RunikaState)
    return state


def seat_to_act(state: State) -> int:
    actor = state.current_player
    return actor if isinstance(actor, int) else min(actor)


@pytest.mark.parametrize("options", VARIANTS)
def test_runika_has_its_own_hook_in_unit_range_summing_to_one(options: dict[str, Any]) -> None:
    state = mid_game(3, **options)
    assert evaluator_for(state.game, state) == state.game.evaluate
    values = [state.game.evaluate(state, s) for s in range(state.n)]
    assert values == [evaluation.evaluate(state, s) for s in range(state.n)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=0.15)


@pytest.mark.pure_only  # patches a module function
def test_more_points_scores_higher(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clearly better position (the seat's own points raised) is worth more to it."""
    state = mid_game(5)
    before = evaluation.evaluate(state, 0)
    better = state.clone()
    assert isinstance(better, RunikaState)
    from grimoire.games.runika import flow

    original = flow.score
    monkeypatch.setattr(flow, "score", lambda st, s: original(st, s) + (10 if s == 0 else 0))
    better.memo.clear()
    after = evaluation.evaluate(better, 0)
    assert after > before


def test_secret_runes_of_others_are_not_read() -> None:
    """Two truths the seat cannot tell apart (others' secret runes dealt otherwise) give the
    same value."""
    state = mid_game(7, secret_runes=True)
    seat = seat_to_act(state)
    one, other = state.for_seat(seat, 1), state.for_seat(seat, 2)
    assert one.view(seat) == other.view(seat)
    assert evaluation.evaluate(one, seat) == evaluation.evaluate(other, seat)


@pytest.mark.parametrize("options", VARIANTS)
def test_search_plays_runika(options: dict[str, Any]) -> None:
    state = mid_game(11, **options)
    seat = seat_to_act(state)
    bot = make_bot("ismcts:30", state.game, 1)
    action = bot.choose(state.for_seat(seat, 4), seat)
    assert action in state.legal_actions(seat)
