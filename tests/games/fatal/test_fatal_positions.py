"""Position documents: hand-written positions load with their defaults, round-trip, and a
malformed one is refused with InvalidPosition saying why."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.rules.fatal.fatal_helpers import make, position, zones

from grimoire.core.errors import InvalidPosition


def doc_of(**fields: Any) -> dict[str, Any]:
    game = make(3)
    base: dict[str, Any] = {
        **zones(3),
        "phase": "play",
        "characters": ["Flambeaux", "Lichtenborn", "Aquate"],
        "display": ["R3", "Y3", "B3"],
    }
    base.update(fields)
    return {
        "format": "grimoire-position/1",
        "game": "fatal",
        "players": 3,
        "options": dict(game.options),
        "seed": 1,
        "position": base,
    }


def test_a_hand_written_position_fills_the_deck_and_pool_and_round_trips() -> None:
    state = position(make(3), hands=[["V01", ["Pickpocket", 3]], [], []])
    assert len(state.deck) == 70 - 2 and len(state.t_pool) == 16 - 3
    assert state.t_mid == 12 - 4  # the pool minus the Queen's four companions
    doc = json.loads(json.dumps(state.to_json()))
    again = make(3).state_from_json(doc)
    assert again.to_json() == doc
    assert doc["position"]["hands"][0] == ["V01", ["Pickpocket", 3]]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"hands": [["V01", "V01"], [], []]}, r"hands\[0\]\[1\] = 'V01': more copies"),
        ({"hands": [["V99"], [], []]}, r"hands\[0\]\[0\] = 'V99': no such card"),
        ({"characters": ["Flambeaux", "Flambeaux", "Aquate"]}, "one character"),
        ({"characters": ["Flambeaux", "Terranova", "Aquate"]}, "a character of the 3-player"),
        ({"treasures": [["Queen"], [], []]}, "Queen"),
        ({"hands": [[["V01", 2]], [], []]}, "knows its own"),
        ({"deck": ["V01"]}, "deck = .*: cards the position does not place"),
        ({"phase": "later"}, "phase"),
        ({"rows": [[["V01", "V02", "V03", "V04"], []], [[], []], [[], []]]}, "at most three"),
        ({"stack": [{"k": "fly", "s": 0}]}, "stack"),
        ({"display": ["R3"]}, "display"),
        ({"hands": [[], []]}, r"hands = .*one entry per seat \(3\)"),
    ],
)
def test_malformed_positions_are_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidPosition, match=message):
        make(3).state_from_json(doc_of(**fields))


@pytest.mark.parametrize("zone", ["hands", "aside", "rows", "treasures", "display", "t_top"])
def test_a_missing_zone_is_refused_not_emptied(zone: str) -> None:
    """Only the deck and the treasure pool may be left out (they hold the rest); a missing
    hand, row or pile is refused, not read as empty."""
    doc = doc_of()
    del doc["position"][zone]
    with pytest.raises(InvalidPosition, match=f"missing required field `{zone}`"):
        make(3).state_from_json(doc)
