"""The contract battery: every registered game, and the toys, at a sample of player counts and
options (tests/contract/cases.py), checked against the contracts of docs/architecture.md.

A new game is tested here the moment it is registered. Each random game is played to the end by
a seeded random player; along the way:

- the position round-trips through JSON text at every step (with its history every 50
  steps), with the same legal actions;
- legal actions are sorted, distinct and inside the action space; chance weights are positive
  integers whose outcomes are inside ``max_chance_outcomes`` and match the exact probabilities;
- an illegal action (not legal, out of range, a bool, the wrong seat) raises IllegalAction and
  leaves ``to_json()`` exactly as it was;
- every legal action's text parses back to it, and its JSON reads back by id and by text;
- ``describe`` is deterministic and its text is the same on a clone;
- per seat, ``resample(seat)`` keeps ``view(seat)``, ``view(None)`` and (when that seat acts)
  ``legal_actions(seat)``, conserves every object, gets a fresh seed and an empty history;
  ``for_seat`` is that resample; search's ``resample(seat, informed=True)`` keeps the same;
- public sequencing: who acts and the step count are in every view, so the check above also
  proves they depend only on what every seat knows;
- views are JSON data without the seed; games without hidden information resample to the same
  position; games without simultaneous decisions never ask several seats at once;
- the number of player actions stays within ``max_game_length``;
- the game's record replays to the same state, with and without its chance entries and through
  JSON, and a record or position made with other component data is refused.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import Counter
from typing import Any

import pytest
from tests.contract.cases import Case, all_cases, all_games

import grimoire
from grimoire.core.errors import IllegalAction, InvalidPosition
from grimoire.core.record import GameRecord
from grimoire.core.state import CHANCE, State

CASES = all_cases()
CHECKS = 24  # steps of a game at which the costlier per-seat checks run


def leaves(doc: Any) -> Counter[str]:
    """The multiset of scalar values in a JSON document (keys excluded): re-dealing hidden
    objects between zones keeps it."""
    found: Counter[str] = Counter()
    stack = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        else:
            found[json.dumps(item)] += 1
    return found


def seat_views(state: State) -> list[dict[str, Any]]:
    return [state.view(seat) for seat in [None, *range(state.game.players)]]


def check_legal_and_chance(state: State) -> None:
    game = state.game
    if state.is_chance():
        weights = state.chance_weights()
        assert weights, "a chance node with no outcome"
        assert all(isinstance(w, int) and w > 0 for _, w in weights), weights
        outcomes = [outcome for outcome, _ in weights]
        assert len(set(outcomes)) == len(outcomes), "duplicate chance outcomes"
        assert all(0 <= o < game.max_chance_outcomes for o in outcomes), outcomes
        total = sum(w for _, w in weights)
        exact = dict(state.chance_outcomes())
        assert all(exact[o] * total == w for o, w in weights), "weights and probabilities differ"
        return
    seats = state.seats_to_act()
    if len(seats) > 1:
        assert game.simultaneous_decisions, "several seats act at once in a sequential game"
    for seat in seats:
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to act with no legal action"
        assert legal == sorted(set(legal)), "legal actions must be sorted and distinct"
        assert all(0 <= a < game.num_actions for a in legal)


def check_illegal_actions_change_nothing(state: State, rng: random.Random) -> None:
    before = json.dumps(state.to_json())
    attempts: list[tuple[Any, int | None]] = [(True, None), (-1, None), (10**9, None)]
    if state.is_chance():
        legal = set(state.legal_actions())
        outside = [o for o in range(state.game.max_chance_outcomes + 1) if o not in legal]
        attempts += [(o, None) for o in outside[:2]]
        attempts.append((state.legal_actions()[0], 0))  # a seat at a chance node
    else:
        for seat in state.seats_to_act():
            legal = set(state.legal_actions(seat))
            others = [a for a in range(state.game.num_actions) if a not in legal]
            attempts += [(a, seat) for a in rng.sample(others, min(2, len(others)))]
        idle = [s for s in range(state.game.players) if s not in state.seats_to_act()]
        if idle:
            seat = next(iter(state.seats_to_act()))
            attempts.append((state.legal_actions(seat)[0], idle[0]))
    for action, actor in attempts:
        with pytest.raises(IllegalAction):
            state.apply(action, actor)
        assert json.dumps(state.to_json()) == before, f"illegal {action!r} changed the state"


def check_action_texts(state: State) -> None:
    """Every legal action's text parses back to its id, and its JSON reads back by id and text."""
    for seat in sorted(state.seats_to_act()):
        for action in state.legal_actions(seat):
            text = state.action_to_string(action)
            assert state.parse_action(text) == action, text
            doc = json.loads(json.dumps(state.action_to_json(action)))
            assert doc["id"] == action and doc["text"] == text
            assert state.action_from_json(doc) == action
            assert state.action_from_json({"text": text}) == action


def check_describe_is_deterministic(state: State, actor: int, action: int) -> None:
    copy = state.clone()
    for viewer in [None, *range(state.game.players)]:
        text = state.describe(actor, action, viewer)
        assert isinstance(text, str) and text
        assert state.describe(actor, action, viewer) == text
        assert copy.describe(actor, action, viewer) == text


def check_resample(state: State, rng: random.Random) -> None:
    game = state.game
    views = seat_views(state)
    true_position = state.to_json()
    for seat in range(game.players):
        seen = json.dumps(views[seat + 1])
        assert str(state.seed) not in seen, "a view contains the seed"
        copy = state.resample(seat, random.Random(rng.getrandbits(32)))
        assert copy is not state
        assert copy.history == [] and copy.step == state.step
        assert copy.current_player == state.current_player, "who acts must be public"
        assert copy.view(seat) == views[seat + 1], f"resample({seat}) changed seat {seat}'s view"
        assert copy.view(None) == views[0], f"resample({seat}) changed the spectator's view"
        if seat in state.seats_to_act():
            assert copy.legal_actions(seat) == state.legal_actions(seat)
        position = copy.to_json()
        assert leaves(position["position"]) == leaves(true_position["position"]), (
            f"resample({seat}) did not conserve the game's objects"
        )
        if not game.hidden_information:
            assert position["position"] == true_position["position"]
        # search's re-deal (``informed``) keeps the same view and objects
        informed = state.resample(seat, random.Random(rng.getrandbits(32)), informed=True)
        assert informed.view(seat) == views[seat + 1], f"informed resample({seat}) changed a view"
        assert informed.view(None) == views[0]
        assert leaves(informed.to_json()["position"]) == leaves(true_position["position"])
        twin = state.for_seat(seat, 7)
        assert twin.seed != state.seed or state.seed == 0
        assert twin.view(seat) == views[seat + 1]


def play_through(case: Case, seed: int) -> State:
    """A seeded random game of ``case`` with every per-step check; returns the final state."""
    game = grimoire.make(case.game, players=case.players, **case.options)
    rng = random.Random(seed)
    state = game.new_state(seed, resolve_chance=False)
    checks = {rng.randrange(0, 400) for _ in range(CHECKS)} | {0, 1, 2}
    decisions = 0
    while not state.is_terminal():
        check_legal_and_chance(state)
        # (the history is checked every 50 steps: copying it at every step is quadratic)
        full = state.step % 50 == 0
        doc = state.to_json(history=full)
        again = game.state_from_json(json.loads(json.dumps(doc)))
        assert again.to_json(history=full) == doc, f"no JSON round trip at step {state.step}"
        if state.step in checks or state.step % 97 == 0:
            check_illegal_actions_change_nothing(state, rng)
            check_resample(state, rng)
            check_action_texts(state)
        if state.is_chance():
            actor, action = CHANCE, state.sample_chance()
        else:
            actor = min(state.seats_to_act()) if rng.random() < 0.5 else max(state.seats_to_act())
            action = rng.choice(state.legal_actions(actor))
            assert again.legal_actions(actor) == state.legal_actions(actor)
            decisions += 1
            assert decisions <= game.max_game_length, "more actions than max_game_length"
        check_describe_is_deterministic(state, actor, action)
        state.apply(action, None if actor == CHANCE else actor)
    check_resample(state, rng)
    assert game.state_from_json(json.loads(json.dumps(state.to_json()))) == state
    return state


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_random_game_keeps_every_contract(case: Case) -> None:
    state = play_through(case, seed=2**40 + zlib.crc32(case.id.encode()))
    scores = state.scores()
    assert len(scores) == case.players
    assert state.view(0)["scores"] == state.public_scores(0)
    assert set(state.winners()) <= set(range(case.players))
    # the record replays: as it is, without chance entries, and through JSON
    record = state.record()
    assert record.replay() == state
    players_only = GameRecord(
        record.game,
        record.players,
        record.options,
        record.seed,
        [(a, b) for a, b in record.actions if a != CHANCE],
        record.data,
    )
    assert players_only.replay() == state
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay() == state


@pytest.mark.parametrize("name", all_games())
def test_other_component_data_is_refused(name: str) -> None:
    game = grimoire.make(name, players=grimoire.game_class(name).min_players)
    facts = game.facts()
    assert facts["data_hash"] == game.data_hash and facts["max_game_length"] > 0
    state = game.new_state(5)
    position = state.to_json()
    assert position["data"] == game.data_hash
    position["data"] = "0" * 16
    with pytest.raises(InvalidPosition, match=r"other .* component data"):
        game.state_from_json(position)
    record = state.record().to_json()
    record["data"] = "0" * 16
    with pytest.raises(InvalidPosition, match=r"other .* component data"):
        GameRecord.from_json(record).replay()
