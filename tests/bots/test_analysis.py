"""``analyse`` says something per action where the search's cut rollouts cannot: the final
score and margin of games played to the end, solo games ranked by expected score, names in the
game's own words. Small iteration budgets; deterministic from the seed."""

from __future__ import annotations

import random

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.analysis import analyse
from grimoire.core.state import State


def early(name: str, players: int, skip: int, seed: int = 3) -> State:
    """The ``skip``-th real decision of a seeded heuristic game."""
    game = grimoire.make(name, players=players)
    state = game.new_state(seed)
    bots = [make_bot("heuristic", game, s) for s in range(players)]
    rng = random.Random(seed)
    passed = 0
    while True:
        state.resolve_chance()
        seat = min(state.seats_to_act())
        if len(state.progress_actions(seat)) > 2:
            if passed >= skip:
                return state
            passed += 1
        state.apply(bots[seat].choose(state.for_seat(seat, rng.getrandbits(32)), seat), seat)


def test_solo_runika_ranks_by_expected_final_score_not_a_certain_win() -> None:
    state = early("runika", 1, 5)
    rows = analyse(state, 0, "60", seed=1, playouts=4)
    assert all(row.win_chance == 1.0 for row in rows)  # the cut rollouts alone tell nothing
    finals = [row.final_score for row in rows if not row.backs_out]
    assert finals == sorted(finals, reverse=True)
    assert len(set(finals)) > 1 and all(row.playouts == 4 for row in rows)
    assert analyse(state, 0, "60", seed=1, playouts=4) == rows


def test_early_fatal_has_final_scores_and_margins() -> None:
    state = early("fatal", 3, 1)
    seat = min(state.seats_to_act())
    assert state.scores()[seat] == 0  # so the horizon's running score says 0.0
    rows = analyse(state, seat, "60", seed=2, playouts=4)
    assert all(row.final_score > 0 for row in rows)
    assert len({row.final_margin for row in rows}) > 1
    chances = [row.win_chance for row in rows]
    assert chances == sorted(chances, reverse=True)


def test_five_seals_tells_the_ways_of_taking_dice_apart_and_names_seals() -> None:
    game = grimoire.make("five-seals", players=2)
    state = game.new_state(3)
    state.resolve_chance()
    seat = min(state.seats_to_act())
    rows = analyse(state, seat, "40", seed=1, playouts=4)
    texts = [row.text for row in rows]
    assert all(text.startswith("take ") for text in texts) and len(set(texts)) == len(texts)
    assert len({row.final_margin for row in rows}) > 1  # not one number for every way
    later = early("five-seals", 2, 6)
    who = min(later.seats_to_act())
    seals = later.game.aids(later, who)["seals"]
    breaks = {
        later.action_to_json(a)["node"]
        for a in later.legal_actions(who)
        if later.action_to_json(a).get("kind") == "break"
    }
    assert seals and all(isinstance(seal["name"], str) for seal in seals)
    assert breaks <= {seal["name"] for seal in seals}  # "2G1", as in the action "break 2G1"


def test_every_root_action_gets_its_share_and_the_rest_follows_the_search() -> None:
    state = early("fatal", 3, 4)
    seat = min(state.seats_to_act())
    rows = analyse(state, seat, "200", seed=2, playouts=0)
    searched = [row for row in rows if not row.backs_out]
    floor = 200 // (4 * len(searched))
    assert all(row.visits >= floor for row in searched)
    assert sum(row.visits for row in searched) == 200
    assert max(row.visits for row in searched) > 200 // len(searched)  # not all equal


def test_an_evaluator_given_scores_the_cut_rollouts() -> None:
    """``analyse(..., evaluator=)`` scores the search's cut rollouts with it, not the game's
    hook (bench/fitted_evaluation.py compares two evaluations so): one that says seat 0 always
    wins makes every action of seat 0 a certain win."""
    state = early("five-seals", 2, 2)
    seat = min(state.seats_to_act())
    asked: list[int] = []

    def certain(position: State, who: int) -> float:
        asked.append(who)
        return 1.0 if who == seat else 0.0

    rows = analyse(state, seat, "30", seed=1, evaluator=certain)
    assert asked
    assert all(row.win_chance == 1.0 for row in rows if not row.backs_out and row.visits)
    assert analyse(state, seat, "30", seed=1) != rows  # the game's own evaluation differs
