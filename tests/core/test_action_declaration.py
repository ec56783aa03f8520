"""Actions declared once (``core.action_declaration``): the declaration's own checks, and for
every registered game that each id's English text reads back to it and that no text, however
odd, makes the parser raise anything but ``IllegalAction``."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grimoire
from grimoire.core.action_declaration import Actions, Domain, Kind, Labelled, Numbered
from grimoire.core.errors import IllegalAction
from grimoire.core.state import State


def _decision(name: str) -> State:
    """A position of ``name`` at a player's decision (its largest player count)."""
    game = grimoire.make(name, grimoire.game_class(name).max_players)
    state = game.new_state(7)
    while state.is_chance():
        state.resolve_chance()
    return state


@pytest.mark.parametrize("name", grimoire.game_names())
def test_every_legal_actions_english_text_reads_back_to_it(name: str) -> None:
    """In three random games: every legal action's English text (what the parser reads in any
    language) names it; and every id of the space has a text and JSON."""
    game = grimoire.make(name, grimoire.game_class(name).max_players)
    codec = game.codec
    for action in range(codec.total):
        assert codec.english(action) and codec.json(action)["id"] == action
    rng = random.Random(5)
    for seed in range(3):
        state = game.new_state(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            for seat in sorted(state.seats_to_act()):
                for action in state.legal_actions(seat):
                    assert codec.parse(codec.english(action), state) == action
            seat = min(state.seats_to_act())
            state.play(rng.choice(state.legal_actions(seat)), seat)


@pytest.mark.parametrize("name", grimoire.game_names())
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40) | st.from_regex(r"[a-z]{1,8}( [A-Za-z0-9#²\-]{1,6}){0,4}"))
def test_no_text_makes_the_parser_fail_otherwise(name: str, text: str) -> None:
    state = _decision(name)
    before = state.to_json()
    try:
        action = state.parse_action(text)
    except IllegalAction as refusal:
        assert str(refusal)
    else:
        assert 0 <= action < state.game.num_actions
    assert state.to_json() == before  # parsing changes nothing


def test_the_declaration_refuses_its_own_mistakes() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        Actions(Kind("roll", "roll"), Kind("roll", "roll again"))
    with pytest.raises(ValueError, match="names a slot twice"):
        Kind("move", "move {die} and {die}")
    with pytest.raises(ValueError, match="has no slot"):
        Kind("take", "take {die}", domains={"card": "card"})
    with pytest.raises(ValueError, match="does not name the slots"):
        Kind("take", "take {die}", also=("grab",))
    with pytest.raises(ValueError, match="no domain given for die"):
        Actions(Kind("take", "take {die}")).bind()
    with pytest.raises(ValueError, match="does not hold"):
        Domain(16, shape=(4, 3))
    with pytest.raises(ValueError, match="outside the domain"):
        Labelled(["red"], spellings={"r": 1})


def test_a_shaped_domain_is_one_value_for_texts_and_two_for_ids() -> None:
    lanes = Labelled([f"{side} {lane}" for side in ("top", "left") for lane in "ab"], shape=(2, 2))
    codec = Actions(Kind("roll", "roll"), Kind("enter", "enter {lane}")).bind(lane=lanes)
    assert codec.decode(codec.parse("enter left b")).args == (1, 1)
    assert codec.encode("enter", 1, 0) == 3 and codec.text(3) == "enter left a"
    assert codec.size("enter") == 4 and list(codec.ids("enter")) == [1, 2, 3, 4]


def test_numbers_read_only_as_plain_decimal_digits() -> None:
    rows = Numbered(3, what="row")
    assert [rows.read(word, None) for word in ("1", "3", "0", "4", "-1", "²", "１")] == [
        0,
        2,
        None,
        None,
        None,
        None,
        None,
    ]


def test_a_refusal_quotes_the_value_as_typed_and_gives_examples() -> None:
    codec = Actions(Kind("take", "take {piece} to row {row}")).bind(
        piece=Labelled(["Red Mage", "Blue"], what="piece"), row=Numbered(2, what="row")
    )
    assert codec.parse("TAKE red mage TO ROW 2") == 1
    with pytest.raises(IllegalAction, match=r"^there is no piece 'Green Mage' \(say e\.g\. Red"):
        codec.parse("take Green Mage to row 1")
    with pytest.raises(IllegalAction, match=r"^there is no row '7' \(say e\.g\. 1, 2\)"):
        codec.parse("take blue to row 7")
    with pytest.raises(IllegalAction, match=r"^cannot read 'dance': say e\.g\. 'take Red Mage"):
        codec.parse("dance")
