"""Position documents are refused with a reason or play on safely (issue 22): each decision
frame fits the board and sits on the frame the rules push it on (docs/rules/fatal.md, "What the
loader checks"). One test per defect of the issue, each with the document that loaded before
and the same frames in their proper place, which load and play."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.fatal.fatal_helpers import document, fatal_state, make, position, texts, top

from grimoire.core.errors import InvalidPosition
from grimoire.core.state import TERMINAL
from grimoire.games.fatal.checks import CHECKS
from grimoire.games.fatal.frames import FRAMES

STEAL_ROW = [["V27", "V28", "V29"], []]  # STEAL, one target, 2 cards (the trimagic tests)


def refused(match: str, **fields: Any) -> str:
    """The hand-written document (3 players) is refused with a short message matching."""
    with pytest.raises(InvalidPosition, match=match) as caught:
        make(3).state_from_json(document(make(3), **fields))
    message = str(caught.value)
    assert len(message) < 300 and "\n" not in message
    return message


def tri(**fields: Any) -> dict[str, Any]:
    """Seat 0's trimagic of row 1 (``STEAL_ROW``), at the stage given."""
    frame = {"k": "tri", "s": 0, "r": 0, "ty": "STEAL", "two": False, "n": 2, "j": 0}
    return frame | {"at": "tgt", "t": -1, "t0": -1, "sh": False} | fields


TURN4 = {"k": "turn", "s": 0, "at": 4}
CAST = {"rows": [STEAL_ROW, [[], []], [[], []]], "turn_state": {"casts": 1}}
RICH = {"treasures": [[], ["R1"], ["Y1"]], "hands": [["V01"], ["V02"], ["Elemental Shield"]]}


def test_every_frame_kind_has_its_cross_check() -> None:
    assert set(CHECKS) == set(FRAMES.kinds.values())


def test_a_target_frame_needs_the_trimagic_under_it() -> None:
    """Issue 22: ``"stack": [{"k": "target", "s": 0}]`` loaded and ``legal_actions()`` raised
    IndexError (the targets are read from the ``tri`` frame below)."""
    refused(r"stack\[0\] = .*the turn of the seat", stack=[{"k": "target", "s": 0}])
    refused(r"stack\[1\] = .*pushed on a tri frame", stack=[TURN4, {"k": "target", "s": 0}])
    early = [TURN4, tri(), {"k": "target", "s": 0}]  # the trimagic has not asked yet
    refused(r"stack\[2\] = .*pushed on a tri frame \(s=0, at='win'", stack=early, **CAST)
    on_tri = [TURN4, tri(at="win"), {"k": "target", "s": 0}]
    state = position(make(3), stack=on_tri, **CAST, **RICH)
    assert texts(state) == ["seat 2", "seat 3"]  # STEAL: another player (ruling 22)


def test_a_shield_frame_needs_the_trimagic_aimed_at_its_seat() -> None:
    """Issue 22: a ``shield`` frame with no trimagic loaded and ``allow`` crashed (the stack ran
    empty, or the turn frame below was marked as shielded)."""
    shield = {"k": "shield", "s": 1, "by": 0}
    refused(r"stack\[0\] = .*the turn of the seat", stack=[shield])
    refused(r"stack\[1\] = .*pushed on a tri frame", stack=[TURN4, shield], **RICH)
    wrong = [TURN4, tri(at="eff", t=2), shield]
    refused(r"stack\[2\] = .*pushed on a tri frame", stack=wrong, **CAST, **RICH)
    state = position(make(3), stack=[TURN4, tri(at="eff", t=1), shield], **CAST, **RICH)
    assert texts(state, 1) == ["allow"]
    state.apply(state.parse_action("allow"), 1)
    assert top(state)["k"] == "rsteal"  # the STEAL goes on


@pytest.mark.parametrize("special", [9, 3, -2])
def test_a_special_victory_names_a_seat_of_the_game(special: int) -> None:
    """Issue 22: ``"special": 9`` was accepted and the game ended with ``winners() == [9]``."""
    refused("special", special=special)


def test_a_special_victory_ends_the_game_with_a_live_seat() -> None:
    refused("special = 2: a special victory ends the game", special=2)
    over = {"phase": "over", "stack": [], "round": 2, "round1": [1, 2, 3]}
    refused("special = 2: a live seat", special=2, out=[False, False, True], **over)
    state = position(make(3), special=1, out=[False, False, True], **over)
    assert state.current_player == TERMINAL and state.winners() == [1]


REVEAL = {
    "stack": [TURN4, {"k": "rend", "at": "bonus"}, {"k": "reveal"}],
    "round1": [0, 0, 0],
    "queen_shown": True,
}


def test_sealed_reveal_choices_are_live_seats_at_the_reveal() -> None:
    """Issue 22: ``"sealed_reveal": [8]`` loaded and crashed at the end of round 1 (the
    reveal of seat 8)."""
    refused("sealed_reveal", sealed_reveal=[8], **REVEAL)
    refused("sealed_hide", sealed_hide=[3], **REVEAL)
    refused("only while the reveal is asked", sealed_reveal=[1])
    refused("a seat still to choose", sealed_reveal=[0, 1], sealed_hide=[2], **REVEAL)
    refused("one choice per seat", sealed_reveal=[1], sealed_hide=[1], **REVEAL)
    state = position(make(3), sealed_reveal=[1], **REVEAL)
    assert state.current_player == frozenset({0, 2})
    state.apply(state.parse_action("hide"), 0)
    state.apply(state.parse_action("hide"), 2)
    assert state.revealed == [False, True, False]


def test_a_torow_frame_points_at_a_stolen_vision_that_fits() -> None:
    """Issue 22: a ``torow`` frame (where a stolen vision goes) pointing at an empty row, or a
    row whose card fits none of the thief's rows, left a decision with no legal action."""
    turn = {"k": "turn", "s": 0, "at": 2}
    rows = [[["V01"], ["V02"]], [["V03", "V04"], []], [[], []]]
    torow = {"k": "torow", "s": 0, "v": 1, "r": 0}
    refused(r"stack\[1\] = .*another seat's row with a card", stack=[turn, torow | {"r": 1}])
    refused(r"Expected `int` <= 1 - at `\$.stack\[1\].r`", stack=[turn, torow | {"r": 7}])
    refused(r"stack\[1\] = .*another seat's row", stack=[turn, torow | {"v": 0}], rows=rows)
    short = [rows[0], [["V03"], []], rows[2]]  # V03 would go straight: both rows hold one card
    refused(r"stack\[1\] = .*rows can take", stack=[turn, torow], rows=short)
    state = position(make(3), stack=[turn, torow], rows=rows)
    assert texts(state) == ["to row 1", "to row 2"]


GAZE = {
    "in_effect": ["Crystal Gaze"],
    "t_top": [["R1", 1], ["Y1", 1], ["B1", 1]],
    "t_top_bot": 0,
}


def test_a_gorder_frame_points_at_the_looked_at_treasures() -> None:
    """Issue 22: a ``gorder`` frame (Crystal Gaze: the next looked-at treasure to put back)
    with nothing looked at left a decision with no legal action."""
    base = [
        {"k": "turn", "s": 0, "at": 1},
        {"k": "draw", "s": 0, "to": "aside"},
        {"k": "spent"},
        {"k": "gaze", "s": 0, "at": 2},
    ]
    gorder = {"k": "gorder", "s": 0, "i": 0}
    nothing = {**GAZE, "t_top": []}
    refused(r"stack\[4\].i = 0: a place of the looked-at top", stack=[*base, gorder], **nothing)
    refused(r"stack\[4\].i = 2", stack=[*base, gorder | {"i": 2}], **GAZE)
    refused(r"stack\[1\] = .*pushed on a gaze frame", stack=[base[0], gorder], **GAZE)
    state = position(make(3), stack=[*base, gorder], **GAZE)
    assert texts(state) == ["treasure R1", "treasure Y1", "treasure B1"]


def test_a_trimagic_has_a_known_type_read_from_its_row() -> None:
    """Issue 22: an unknown trimagic type was accepted and acted like a DISCARD that could hit
    the caster (STEAL and DISCARD aim at another player, ruling 22)."""
    refused(
        r"Invalid enum value 'FLY' - at `\$.stack\[1\].ty`", stack=[TURN4, tri(ty="FLY")], **CAST
    )
    refused(r"stack\[1\] = .*read from the row", stack=[TURN4, tri(ty="DISCARD")], **CAST)
    refused(r"stack\[1\].r = 1: a complete row", stack=[TURN4, tri(r=1)], **CAST)
    state = position(make(3), stack=[TURN4, tri()], **CAST, **RICH)
    assert top(state)["k"] == "target" and texts(state) == ["seat 2", "seat 3"]


def test_a_position_where_nobody_can_act_ends_by_ruling_31_or_is_refused_not_looped() -> None:
    """Found writing these tests (and by the independent tests): with no card in any hand or
    row and no treasure, the turn passes from seat to seat without asking anything. Ruling 31
    (the default) ends the game after that round in which nothing changed; with the play-on
    reading (``idle_round=False``) it would pass forever, and the loader gives up after a bound
    and refuses it."""
    ended = fatal_state(make(3).state_from_json(document(make(3))))
    assert ended.is_terminal() and ended.idle_turns == 3
    assert sorted(ended.winners()) == [0, 1, 2]  # nothing held: everyone ties at 0
    play_on = make(3, idle_round=False)
    with pytest.raises(InvalidPosition, match="never reaches a decision"):
        play_on.state_from_json(document(play_on))
    state = position(make(3), hands=[[], [], ["V01"]])
    assert state.current_player == 2
