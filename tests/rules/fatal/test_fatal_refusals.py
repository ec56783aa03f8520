"""An illegal action says which rule it breaks (issue #14), in the chosen language: a vision or
enchantment not in the hand, a vision into a row that already holds three (rulebook "Game
Play": two rows of three), a card not among those looked at; other kinds name the step."""

from __future__ import annotations

import pytest
from tests.rules.fatal.fatal_helpers import chance, do, frame, make, position

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.fatal.state import FatalState


def refused(state: FatalState, text: str) -> str:
    action = state.parse_action(text)
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, 0)
    assert state.to_json() == before  # nothing changed
    return str(caught.value)


def test_a_vision_not_in_hand_and_a_full_row_are_named() -> None:
    state = position(
        make(3),
        hands=[["V01", "V02", "V03"], ["V04"], ["V05"]],
        rows=[[["V06", "V07"], []], [[], []], [[], []]],
    )
    do(state, "done")
    assert frame(state) == "play"
    message = refused(state, "play V40 row 2")
    assert "V40 is not in your hand" in message and "legal now: done, play V01 row 1" in message
    do(state, "play V01 row 1")  # the third card of row 1
    chance(state, "V30")
    assert "your row 1 is full" in refused(state, "play V02 row 1")
    with language_scope("de"):
        assert "deine Reihe 1 ist voll" in refused(state, "play V02 row 1")
    with language_scope("ja"):
        assert "V40は手札にありません" in refused(state, "play V40 row 2")


def test_an_enchantment_not_in_hand_is_named_and_another_step_is_told() -> None:
    state = position(make(3), hands=[["Double Vision", "V02"], ["V03"], ["V04"]])
    assert frame(state) == "act1"
    assert "Pickpocket is not in your hand" in refused(state, "enchant Pickpocket")
    message = refused(state, "play V02 row 1")  # a step-3 action at step 1
    assert "is not legal now" in message and "step 1" in message
