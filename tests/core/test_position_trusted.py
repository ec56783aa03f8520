"""Loading a position: the trusted fast path (documents this process made) loads the same
state as the checked default; the default still rejects a malformed history."""

from __future__ import annotations

import pytest

from grimoire import registry
from grimoire.bots import RandomBot
from grimoire.core.errors import InvalidPosition
from grimoire.sim import play_game


@pytest.mark.parametrize("name", ["ciub", "five-seals", "fatal"])
def test_trusted_load_matches_checked_load(name: str) -> None:
    game = registry.make(name)
    record = play_game(game, [RandomBot(s) for s in range(game.players)], 7).record
    assert record is not None
    state = game.new_state(7, resolve_chance=False)
    for actor, action in record.actions[: len(record.actions) // 2]:
        state.apply(action, actor if actor >= 0 else None)
    doc = state.to_json()
    fast = game.state_from_json(doc, trusted=True)
    checked = game.state_from_json(doc)
    assert fast == checked == state
    assert fast.history == checked.history == state.history
    for seat in state.seats_to_act():
        assert fast.legal_actions(seat) == state.legal_actions(seat)


def test_checked_load_rejects_a_malformed_history() -> None:
    game = registry.make("ciub")
    doc = game.new_state(3).to_json()
    doc["history"] = [["seat", 1]]
    with pytest.raises(InvalidPosition):
        game.state_from_json(doc)
