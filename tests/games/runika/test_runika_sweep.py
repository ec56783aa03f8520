"""The Runika property sweep (issue 9; ``bench/sweep_runika.py`` runs thousands of games): a
lean sample of its games with every check, and planted bugs that the checks must report."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.games.runika import sweep_checks
from tests.games.runika.sweep_checks import (
    check_dice,
    check_end,
    check_no_leaks,
    check_points_kept,
    check_round_start,
    run,
    spec,
)

from grimoire.games.runika import flow, view
from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.state import RunikaState

# games 0..59: 12 per player count, each on another valid option combination, every option
# value at least once (see test_the_sample_covers_every_option_value)
SAMPLE = range(60)


@pytest.mark.slow
def test_a_sample_of_the_sweep_keeps_every_invariant() -> None:
    # the costly checks 4 times sparser than the sweep's, to stay lean
    results = [run(i, sparse=4) for i in SAMPLE]
    failures = [r.spec.describe() + "\n" + r.failure for r in results if r.failure]
    assert not failures, "\n".join(failures)


def test_the_sample_covers_every_player_count_and_option_value() -> None:
    seen = {("players", spec(i).players) for i in SAMPLE}
    for i in SAMPLE:
        seen |= {(k, v) for k, v in spec(i).options.items()}
    assert {("players", n) for n in range(1, 6)} <= seen
    for name in sweep_checks.MATRIX_OPTIONS:
        default = next(o.default for o in RunikaGame.declared_options if o.name == name)
        for value in sweep_checks.values(name):
            assert value == default or (name, value) in seen, (name, value)
    assert any(spec(i).heuristic for i in SAMPLE)


def test_the_matrix_skips_exactly_the_refused_combinations() -> None:
    # the solo rules, rulings 13, 14, 20 and 22 (docs/rules/runika.md, Options): 1 player
    # takes luniorn x flame_target x solo_professor; interaction and secret_winner need secret
    # runes, which 5 players refuse; the charm token needs 5 players and no simultaneous play
    assert len(sweep_checks.valid_combinations(1)) == 2 * 2 * 5
    base = 2 * 2 * 3 * 2 * 2  # luniorn, quick_draft, goal, starting_rune_end, flame_target
    secret = 1 + 2 * 2  # none, or secret runes x interaction x secret_winner
    assert len(sweep_checks.valid_combinations(3)) == base * secret * 2  # x simultaneous
    assert len(sweep_checks.valid_combinations(5)) == base * 3  # simultaneous or charm or none


def test_a_game_gives_the_same_record_from_the_same_seed() -> None:
    first, again = run(5), run(5)  # a solo game: short
    assert not first.failure, first.failure
    assert (first.digest, first.decisions, first.ended) == (
        again.digest,
        again.decisions,
        again.ended,
    )
    assert run(10).digest != first.digest


def _mid_game(players: int, options: dict[str, Any], seed: int, steps: int) -> RunikaState:
    state = RunikaGame(players, options).new_state(seed, resolve_chance=False)
    assert isinstance(state, RunikaState)
    rng = random.Random(seed)
    while state.step < steps and not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
        else:
            seat = min(state.seats_to_act())
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_a_lost_or_extra_die_is_reported() -> None:
    state = _mid_game(3, {}, 4, 120)
    check_dice(state)  # the untouched game keeps its 80 dice
    state.bag[1] -= 1
    with pytest.raises(AssertionError, match="dice not conserved"):
        check_dice(state)
    state.bag[1] += 1
    state.grid[0][5] = 4 * 2  # a yellow die out of nowhere
    with pytest.raises(AssertionError, match="dice not conserved"):
        check_dice(state)


@pytest.mark.pure_only  # patches a module function
def test_a_view_that_shows_a_secret_rune_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game(3, {"secret_runes": True}, 7, 30)
    check_no_leaks(state)
    seat_view = view.seat_view
    # the planted bug: every seat's part of a view drawn as its owner sees it
    monkeypatch.setattr(view, "seat_view", lambda st, s, viewer: seat_view(st, s, s))
    with pytest.raises(AssertionError, match="secret rune"):
        check_no_leaks(state)


@pytest.mark.pure_only  # patches a module function
def test_a_view_that_shows_a_quick_draft_hand_is_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _mid_game(4, {"quick_draft": True}, 2, 0)
    while state.phase != "pass":
        state.apply(state.sample_chance())
    check_no_leaks(state)
    monkeypatch.setattr(view, "quick_hidden", lambda st: False)
    with pytest.raises(AssertionError, match=r"hand|bag"):
        check_no_leaks(state)


def test_falling_points_are_reported() -> None:
    state = _mid_game(2, {}, 3, 200)
    state.tokens[1] += 2
    before = state.scores()
    check_points_kept(before, state)
    state.tokens[1] -= 1
    with pytest.raises(AssertionError, match="seat 1's points fell"):
        check_points_kept(before, state)


def test_a_missed_game_end_is_reported() -> None:
    # ruling 8: 20 points end the game at the round end; a new round must not begin
    state = _mid_game(2, {}, 3, 200)
    check_round_start(state)
    state.tokens[0] = 20
    with pytest.raises(AssertionError, match="goal"):
        check_round_start(state)


@pytest.mark.pure_only  # patches a module function
def test_a_wrong_winner_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid_game(2, {}, 3, 10**6)
    assert state.is_terminal()
    check_end(state, 10)
    # ruling 8: most points win; the planted bug crowns the lowest score
    monkeypatch.setattr(
        flow, "winners", lambda st: [min(range(st.n), key=lambda s: flow.score(st, s))]
    )
    assert len(set(state.scores())) > 1  # this seed's game has a single winner
    with pytest.raises(AssertionError, match="winners"):
        check_end(state, 10)


def test_a_failing_game_is_reported_with_its_seed_and_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def planted(st: RunikaState) -> None:
        raise AssertionError("planted")

    monkeypatch.setattr(sweep_checks, "check_dice", planted)
    result = run(1)
    assert "AssertionError: planted" in result.failure
    assert "seed=1000000001" in result.spec.describe()
    assert all(f"{k}={v}" in result.spec.describe() for k, v in result.spec.options.items())
