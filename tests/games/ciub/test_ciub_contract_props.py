"""Ciúb-specific property tests of the engine contract on random games: mid-game records,
illegal non-integer actions, upper-case action text, views under a swap of unseen cards, card
conservation under resampling. The generic contracts are in tests/contract."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.ciub.ciub_play import Player, check_cards, play

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.core.record import GameRecord
from grimoire.core.state import CHANCE
from grimoire.games.ciub.state import CiubState

OPTIONS = st.fixed_dictionaries(
    {
        "length": st.sampled_from(["normal", "short"]),
        "self_adjust": st.sampled_from(["number_or_skull", "number", "not_action"]),
        "skulls_wild": st.booleans(),
        "start_player": st.sampled_from(["random", 0, 1]),
    }
)
SEEDS = st.integers(2**40, 2**63 - 1)  # long seeds: a leak would show in a view's text
PROPS = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PLAYERS = pytest.mark.parametrize("players", [2, 3, 4])


def new_game(players: int, options: dict[str, Any], seed: int) -> CiubState:
    state = grimoire.make("ciub", players=players, **options).new_state(seed)
    assert isinstance(state, CiubState)
    return state


# --------------------------------------------------------------------------- records
# (The JSON round trip at every step is in the contract battery, tests/contract.)
@PLAYERS
@settings(PROPS, max_examples=15)
@given(options=OPTIONS, seed=SEEDS, eager=st.booleans(), cut=st.floats(0.05, 0.95))
def test_records_replay_to_the_same_state(players, options, seed, eager, cut):
    """``state.record().replay()`` gives the same state: from the full record, from a record
    without its chance entries (re-drawn from the seed), from a record read back from JSON;
    a record taken mid-game replays to that mid-game position."""
    state = new_game(players, options, seed)
    mid: list[tuple[dict[str, Any], GameRecord]] = []
    cut_step = int(cut * 1000)

    def keep_mid(s: CiubState) -> None:
        if s.step % 40 == 0:
            assert s.game.state_from_json(s.to_json()) == s
        if not mid and s.step >= cut_step and not s.is_chance():
            mid.append((s.to_json(), s.record()))

    play(state, Player(seed, eager), keep_mid)
    record = state.record()
    assert record.replay() == state
    without_chance = GameRecord(
        record.game,
        record.players,
        record.options,
        record.seed,
        [(a, x) for a, x in record.actions if a != CHANCE],
    )
    assert len(without_chance.actions) < len(record.actions)
    assert without_chance.replay() == state
    assert GameRecord.from_json(json.loads(json.dumps(record.to_json()))).replay() == state
    if mid:
        doc, partial = mid[0]
        assert partial.replay().to_json() == doc


# --------------------------------------------------------------------------- probes
def wrong_actions(state: CiubState, rng: random.Random) -> list[Any]:
    legal = set(state.legal_actions())
    size = state.game.num_actions if not state.is_chance() else state.game.max_chance_outcomes
    pool = [a for a in rng.sample(range(size), 12) if a not in legal][:4]
    return [*pool, -1, size, state.game.num_actions + 7, 10**9, True, False, "1", 1.0, None]


def check_illegal(state: CiubState, rng: random.Random) -> None:
    """Illegal ids, out-of-range ids, non-integers and wrong seats raise IllegalAction and
    change nothing."""
    before = state.to_json()
    quick = fingerprint(state)
    for action in wrong_actions(state, rng):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert fingerprint(state) == quick
    n = state.game.players
    some = state.legal_actions()[0]
    actor = state.current_player
    seats = [s for s in range(-1, n + 1) if s != actor]
    for seat in seats if actor != CHANCE else [*range(n)]:
        with pytest.raises(IllegalAction):
            state.apply(some, seat=seat)
        assert fingerprint(state) == quick
    assert state.to_json() == before


def fingerprint(state: CiubState) -> tuple[Any, ...]:
    """What ``to_json`` holds, cheaply (the history is only counted)."""
    return state._position(), state.step, len(state.history), state.history[-1:]


def check_texts(state: CiubState) -> None:
    """Every legal action's text parses back to its id; its JSON too (by id and by text)."""
    for action in state.legal_actions():
        text = state.action_to_string(action)
        assert state.parse_action(text) == action, text
        assert state.parse_action(text.upper()) == action, text
        doc = json.loads(json.dumps(state.action_to_json(action)))
        assert state.action_from_json(doc) == action
        assert state.action_from_json({"text": doc["text"]}) == action


def swap_unseen(state: CiubState, rng: random.Random) -> CiubState | None:
    """A copy in which an unseen pile card and a card removed face down trade places (same
    letter), or None if there is no such pair."""
    pairs = [
        (letter, p, b)
        for letter in ("B", "C")
        for p in state.pile[letter]
        for b in state.box_cards
        if state.c.cards[b].letter == letter
    ]
    if not pairs:
        return None
    letter, p, b = rng.choice(pairs)
    copy = state.clone()
    assert isinstance(copy, CiubState)
    copy.pile[letter] = sorted([c for c in copy.pile[letter] if c != p] + [b])
    copy.box_cards = sorted([c for c in copy.box_cards if c != b] + [p])
    return copy


def check_views(state: CiubState, rng: random.Random) -> int:
    """Views are JSON data without the seed; a view does not change when only hidden
    information (which unseen cards are in the pile) changes. Returns 1 if a swap was made."""
    seats = [*range(state.game.players), None]
    views = {seat: state.view(seat) for seat in seats}
    for view in views.values():
        text = json.dumps(view)
        assert '"seed"' not in text and str(state.seed) not in text
    other = swap_unseen(state, rng)
    if other is None:
        return 0
    assert other.to_json() != state.to_json()
    for seat in seats:
        assert other.view(seat) == views[seat]
    return 1


def check_resample(state: CiubState, rng: random.Random) -> int:
    """``resample`` keeps every seat's view, conserves the cards, keeps the legal actions;
    returns 1 if the hidden cards came out differently."""
    seat = rng.randrange(state.game.players)
    copy = state.resample(seat, random.Random(rng.getrandbits(32)))
    assert isinstance(copy, CiubState)
    for viewer in [*range(state.game.players), None]:
        assert copy.view(viewer) == state.view(viewer)
    check_cards(copy)
    if not state.is_terminal() and not state.is_chance():  # chance outcomes may differ
        assert copy.legal_actions() == state.legal_actions()
    return int((copy.pile, copy.box_cards) != (state.pile, state.box_cards))


@PLAYERS
@settings(PROPS, max_examples=15)
@given(options=OPTIONS, seed=SEEDS, eager=st.booleans())
def test_illegal_actions_texts_views_and_resampling(players, options, seed, eager):
    """At sampled steps of a random game: illegal actions raise IllegalAction and leave the
    state unchanged; legal actions' text and JSON parse back; views hide the seed and the
    unseen cards; ``resample`` keeps every view and conserves the cards."""
    state = new_game(players, options, seed)
    rng = random.Random(seed ^ 0x5EED)
    swapped = resampled = 0

    def probe(s: CiubState) -> None:
        nonlocal swapped, resampled
        if s.is_terminal():
            return
        if not s.is_chance() and rng.random() < 0.25:
            check_texts(s)
        if rng.random() < 0.03:
            check_illegal(s, rng)
            swapped += check_views(s, rng)
            resampled += check_resample(s, rng)

    probe(state)
    play(state, Player(seed, eager), probe)
    before = state.to_json()
    for action in (0, state.game.codec.encode("end_turn")):  # the game is over
        with pytest.raises(IllegalAction):
            state.apply(action)
    with pytest.raises(IllegalAction):
        state.legal_actions()
    assert state.to_json() == before
    check_views(state, rng)
    check_resample(state, rng)
    if players < 4:  # cards were removed face down: there was hidden information to vary
        assert swapped > 0 and resampled > 0
