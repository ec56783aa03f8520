"""The lean core (issue 34): a history shared by clones, and the copies bots are dealt.

A clone shares its history's list with the state it was made from (two references, not every
entry): whichever appends at the end of the shared list appends in place, and a state behind
it copies its own part first, so each keeps exactly its own entries. ``core.bot.Dealer`` hands
each bot the cheapest copy that is safe: the true state to a bot that reads only its legal
actions, a re-deal from its seat's generator to a bot that reads nothing hidden, and otherwise
the re-deal seeded for the decision, as before."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from tests.toys import register
from tests.toys.duel import DuelState

import grimoire
from grimoire.core.bot import Bot, Dealer
from grimoire.core.rng import derive_seed
from grimoire.core.state import CHANCE, State


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register(monkeypatch)
    yield


def duel(seed: int = 11) -> DuelState:
    state = grimoire.make("toy_duel", players=2, hand=3).new_state(seed)
    assert isinstance(state, DuelState)
    return state


def play_some(state: State, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        seat = min(state.seats_to_act())
        state.play(rng.choice(state.legal_actions(seat)), seat)


def test_clones_share_the_history_and_keep_their_own_entries() -> None:
    state = grimoire.make("ciub", players=2).new_state(5)
    play_some(state, 30, random.Random(1))
    before = state.history
    first, second = state.clone(), state.clone()
    assert first._log is state._log  # shared, not copied
    play_some(first, 5, random.Random(2))
    play_some(second, 7, random.Random(3))
    play_some(state, 3, random.Random(4))
    for copy, extra in ((first, 5), (second, 7), (state, 3)):
        history = copy.history
        assert history[: len(before)] == before
        assert len(history) >= len(before) + extra
        assert len(history) == copy.history_length() == copy.step
        # each replays to itself: its own entries, none of another's
        replayed = copy.record().replay()
        assert replayed.to_json() == copy.to_json()
    assert first.history[len(before) :] != second.history[len(before) :]


def test_the_history_reads_as_a_list_and_changing_it_changes_nothing() -> None:
    state = duel()
    history = state.history
    assert isinstance(history, list) and history and all(actor == CHANCE for actor, _ in history)
    history.append((0, 1))
    assert state.history_length() == len(history) - 1
    assert state.last_entry() == state.history[-1]
    doc = state.to_json()
    assert doc["history"] == [list(entry) for entry in state.history]
    state.history = [(CHANCE, 1)]  # a caller may still set it
    assert state.history == [(CHANCE, 1)] and state.history_length() == 1


def test_a_loaded_history_is_the_documents_whatever_the_path() -> None:
    state = grimoire.make("ciub", players=3).new_state(2)
    play_some(state, 40, random.Random(5))
    doc = state.to_json()
    for trusted in (False, True):
        loaded = state.game.state_from_json(doc, trusted=trusted)
        assert loaded.history == state.history and loaded.to_json() == doc
        play_some(loaded, 3, random.Random(6))  # appends to its own list, not the document's
    assert doc == state.to_json()


class _Reader(Bot):
    """Reads the other seat's hand (hidden): not a bot that may say ``reads_hidden = False``."""

    def choose(self, state: State, seat: int | None = None) -> int:
        assert isinstance(state, DuelState) and seat is not None
        legal = state.legal_actions(seat)
        return legal[sum(state.hands[1 - seat]) % len(legal)]


class _Own(_Reader):
    """Reads its own hand only."""

    reads_hidden = False

    def choose(self, state: State, seat: int | None = None) -> int:
        assert seat is not None
        return max(state.legal_actions(seat))


class _Legal(_Own):
    reads_position = False


def test_the_dealer_hands_each_bot_the_cheapest_safe_copy() -> None:
    state = duel()
    derive = lambda seat, step: derive_seed(7, f"for_seat/{seat}/{step}")  # noqa: E731
    dealer = Dealer(7, derive)
    assert dealer.copy_for(_Legal(), state, 0) is state  # its legal actions only
    given = dealer.copy_for(_Reader(), state, 0)  # as every layer did before
    assert given == state.for_seat(0, derive(0, state.step)) and given is not state
    first = dealer.copy_for(_Own(), state, 0)
    second = dealer.copy_for(_Own(), state, 0)  # the seat's generator moved on
    for copy in (given, first, second):
        assert isinstance(copy, DuelState)
        assert copy.seed != state.seed and copy.history == [] and copy.view(0) == state.view(0)
    assert dealer.generator(0) is dealer.generator(0) is not dealer.generator(1)


def test_a_copy_never_has_the_real_seed() -> None:
    state = duel()

    class Echo(random.Random):
        def getrandbits(self, k: int) -> int:
            # a generator that would hand the real seed back as the copy's
            return state.seed if k == 63 else super().getrandbits(k)

    assert state.resample(0, Echo(1)).seed != state.seed
