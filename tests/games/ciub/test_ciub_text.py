"""Ciúb's action text: every text either names an action of the kind it starts with, or is
refused with IllegalAction (never another error, never a different action)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.rules.ciub.ciub_helpers import make, new_state, position, start_roll

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.games.ciub.state import CiubState

WORDS = [
    "pass",
    "mark",
    "remove",
    "use",
    "target",
    "face",
    "cancel",
    "swap",
    "for",
    "done",
    "set",
    "aside",
    "roll",
    "stop",
    "claim",
    "no",
    "move",
    "down",
    "return",
    "take",
    "trade",
    "pick",
    "whiten",
    "end",
    "turn",
    "W1",
    "B3",
    "r7",
    "y",
    "red",
    "white",
    "#",
    "#3",
    "#9",
    "6",
    "21",
    "-1",
    "-",
    "0",
    "33",
    "99",
    "skull",
    "re-roll",
    "2-for-1",
]


def adjusting() -> CiubState:
    """A state waiting for the face of an adjust (so 'face ...' texts mean something)."""
    state = position(
        make(2), dice={0: "W1 W2 P1", 1: "W6 W7 W8 W9 W10"}, top=[1, 2, 3], bottom=[4, 5, 6]
    )
    start_roll(state, {"W1": "swap", "W2": "3", "P1": "adjust"})
    state.apply_text("use P1")
    state.apply_text("target P1")
    return state


PREFIXES = [
    "face",
    "face #",
    "mark",
    "remove",
    "claim",
    "move down",
    "use",
    "target",
    "set aside",
    "return",
    "trade",
    "whiten",
    "take",
    "pick",
    "swap W1 for",
    "swap",
]
ARGS = [
    "0",
    "1",
    "5",
    "6",
    "9",
    "33",
    "34",
    "-1",
    "#9",
    "#5",
    "W1",
    "W21",
    "B7",
    "B8",
    "red",
    "pink",
    "skull",
    "2-for-1",
    "re-roll",
    "٣",
    "1e3",
    "",
]
STATES = {"start": lambda: new_state(grimoire.make("ciub", players=2), 1), "adjust": adjusting}


def kind_words(state: CiubState, action: int) -> str:
    return state.game.codec.decode(action).kind.replace("_", " ")


@pytest.mark.parametrize("text", ["face #9", "face #6", "face #-1", "face #99999999999999999999"])
def test_face_number_out_of_range_is_refused(text):
    """A die has six faces (#0..#5): another number names no face, and must not spill into
    the ids of other actions (before the fix, 'face #9' was 'swap W1 for orange')."""
    state = adjusting()
    with pytest.raises(IllegalAction):
        state.parse_action(text)


@pytest.mark.parametrize("text", ["mark -1", "claim -21", "remove -3", "move down -7"])
def test_negative_card_numbers_are_refused(text):
    """There are no negative card numbers: 'mark -1' names no card (it was read as 'mark 1')."""
    state = STATES["start"]()
    with pytest.raises(IllegalAction):
        state.parse_action(text)


def test_hyphenated_words_still_parse():
    """'re-roll', '2-for-1' and 'set-aside' style hyphens still read as spaces."""
    state = adjusting()
    assert state.parse_action("face 3") == state.game.codec.encode("face", 4)
    purple = state.c.colour_named("purple")
    assert (
        purple.faces[state.parse_action("face 2-for-1") - state.game.codec.base("face")]
        == "two_for_one"
    )
    assert state.parse_action("end-turn") == state.game.codec.encode("end_turn")
    assert state.parse_action("no-claim") == state.game.codec.encode("no_claim")


def check_text(state: CiubState, text: str) -> None:
    before = state.to_json()
    try:
        action = state.parse_action(text)
    except IllegalAction:
        pass
    else:
        assert 0 <= action < state.game.num_actions
        words = " ".join(text.lower().replace("-", " ").split())
        assert words.startswith(kind_words(state, action)), (text, action)
    assert state.to_json() == before


@pytest.mark.parametrize("which", sorted(STATES))
def test_every_kind_with_every_argument_names_that_kind_or_is_refused(which):
    """Each action word with each kind of argument (numbers out of range, negative, face
    numbers, unknown dice and colours) parses to an action of that kind or is refused."""
    state = STATES[which]()
    for prefix in PREFIXES:
        for arg in ARGS:
            check_text(state, f"{prefix} {arg}")
            check_text(state, f"{prefix}{arg}")


@settings(max_examples=300, derandomize=True, deadline=None, database=None)
@given(
    which=st.sampled_from(sorted(STATES)),
    text=st.one_of(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),
        st.text(max_size=20),
    ),
)
def test_any_text_names_an_action_of_its_kind_or_is_refused(which, text):
    """``parse_action`` on any text returns an id in range whose kind is the text's first
    word(s), or raises IllegalAction; the state does not change."""
    check_text(STATES[which](), text)
