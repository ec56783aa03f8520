"""Core contracts for hidden information: ``resample`` as a template, ``for_seat``, public scores,
integer chance weights, positions without history, the component-data hash."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from tests.toys import register
from tests.toys.duel import DuelState
from tests.toys.race import RaceState

import grimoire
import grimoire.core.rng as rng_module
from grimoire import CHANCE, GameRecord, InvalidPosition
from grimoire.core.rng import pick_weighted, weights_of


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register(monkeypatch)
    yield


def duel(seed: int = 11) -> DuelState:
    state = grimoire.make("toy_duel", players=2, hand=3).new_state(seed)
    assert isinstance(state, DuelState)
    return state


def test_resample_always_resets_caches_seed_and_history() -> None:
    """The template: whatever the game's ``_resample`` returns, the copy has no cached chance
    outcomes or other seats' legal actions, an empty ``memo``, a fresh seed, no history, the
    same step. Only the seat's own legal actions (the same in every state it cannot tell
    apart) stay cached."""
    state = duel()
    state.legal_actions(0)  # fills the legal cache
    state.memo["secret"] = "the real hands"
    copy = state.resample(1, random.Random(3))
    assert copy._legal_cache is None and copy.memo == {}
    own = state.resample(0, random.Random(3))
    assert own._legal_cache == (state.step, 0, state.legal_actions(0), [])
    copy = state.resample(0, random.Random(3))
    assert copy.seed != state.seed and copy.history == [] and copy.step == state.step
    # a clone keeps the (still valid) legal cache but never the memo
    clone = state.clone()
    assert clone.memo == {} and clone._legal_cache == state._legal_cache


def test_for_seat_hides_a_planted_secret() -> None:
    """A bot's state re-deals what its seat cannot see: the other seat's hand (the planted
    secret) comes out differently across copies, its own hand never does."""
    state = duel()
    secret = sorted(state.hands[1])
    others = set()
    for seed in range(30):
        mine = state.for_seat(0, seed)
        assert isinstance(mine, DuelState)
        assert sorted(mine.hands[0]) == sorted(state.hands[0])
        assert mine.view(0) == state.view(0)
        assert mine.seed != state.seed and mine.history == []
        others.add(tuple(sorted(mine.hands[1])))
    assert len(others) > 1 and any(list(hand) != secret for hand in others)
    # a generator works as well as a seed, and the same seed gives the same copy
    assert state.for_seat(0, random.Random(4)) == state.for_seat(0, 4)


def test_public_scores_in_views_hide_a_secret_score() -> None:
    """Race: another seat's score depends on its secret lucky number, so a view shows only
    the viewer's own score until the end; ``scores()`` stays the true score."""
    state = grimoire.make("toy_race", players=3).new_state(5)
    assert isinstance(state, RaceState)
    play = random.Random(1)
    while not state.is_terminal():
        seat = min(state.seats_to_act())
        state.play(play.choice(state.legal_actions(seat)), seat)
        if state.is_terminal():
            break
        view = state.view(1)
        assert view["scores"][1] == state.scores()[1]
        assert view["scores"][0] is None and view["scores"][2] is None
        assert state.view(None)["scores"] == [None, None, None]
    assert state.view(1)["scores"] == state.scores()


def test_a_view_may_not_redefine_the_shared_fields() -> None:
    state = duel()
    original = state._view

    def clashing(seat: int | None) -> dict[str, object]:
        return {**original(seat), "scores": [0.0, 0.0]}

    state._view = clashing  # type: ignore[method-assign]
    with pytest.raises(ValueError, match="may not redefine"):
        state.view(0)


def test_chance_weights_and_exact_probabilities_agree() -> None:
    state = grimoire.make("toy_duel", players=2).new_state(3, resolve_chance=False)
    assert state.current_player == CHANCE
    weights = state.chance_weights()
    exact = state.chance_outcomes()
    total = sum(w for _, w in weights)
    assert [(o, Fraction(w, total)) for o, w in weights] == exact
    assert weights_of([(0, Fraction(1, 6)), (1, Fraction(1, 3)), (2, Fraction(1, 2))]) == [
        (0, 1),
        (1, 2),
        (2, 3),
    ]


def test_pick_weighted_compares_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outcome i is picked when draw / 2**64 < cumulative_i / total, in integers: the draw at
    exactly one half falls into the second of two equal outcomes."""
    monkeypatch.setattr(rng_module, "draw", lambda seed, step: 1 << 63)
    assert pick_weighted([(7, 1), (9, 1)], 0, 0) == 9
    monkeypatch.setattr(rng_module, "draw", lambda seed, step: (1 << 63) - 1)
    assert pick_weighted([(7, 1), (9, 1)], 0, 0) == 7
    with pytest.raises(ValueError):
        pick_weighted([], 0, 0)


def test_a_position_without_history_loads_to_the_same_position() -> None:
    state = duel()
    state.apply(state.legal_actions(0)[0], 0)
    doc = state.to_json(history=False)
    assert doc["history"] == []
    again = state.game.state_from_json(doc)
    assert again.to_json(history=False) == doc and again.step == state.step


def test_records_and_positions_name_their_component_data() -> None:
    game = grimoire.make("ciub", players=2)
    state = game.new_state(9)
    assert state.to_json()["data"] == game.data_hash == game.facts()["data_hash"]
    record = state.record()
    assert record.to_json()["data"] == game.data_hash
    assert GameRecord.from_json(record.to_json()).replay() == state
    old = record.to_json()
    del old["data"]  # records from before the hash still replay
    assert GameRecord.from_json(old).replay() == state
    other = dict(record.to_json(), data="feedfacefeedface")
    with pytest.raises(InvalidPosition, match="other Ciúb component data"):
        GameRecord.from_json(other).replay()


def test_option_dependent_flags_are_per_instance() -> None:
    game = grimoire.make("toy_duel", players=2)
    other = grimoire.make("toy_duel", players=2)
    game.hidden_information = False  # what a variant's __init__ may do
    assert other.hidden_information is True
    assert game.facts()["hidden_information"] is False
