"""Phase 1 "What is this token for?": place or shift your marker, or remove a top-row card."""

from __future__ import annotations

import pytest
from tests.rules.ciub.ciub_helpers import OPUS, do, draw, is_legal, legal, make, position

from grimoire.core.errors import IllegalAction

TOP = [1, 2, 3]
BOTTOM = [4, 5, 6]


def start(marker=None, pile=None, players=2):
    dice = {0: "W1 W2 W3 W4 W5", 1: "W6 W7 W8 W9 W10", 2: "W11 W12 W13 W14 W15"}
    return position(
        make(players),
        dice={seat: dice[seat] for seat in range(players)},
        top=list(TOP),
        bottom=list(BOTTOM),
        marker=marker,
        pile=pile,
    )


def test_phase1_is_optional():
    """Phase 1: "You don't have to take either of these actions": pass goes on to the roll."""
    state = start()
    assert "pass" in legal(state)
    do(state, "pass")
    assert state.phase == "roll"
    assert state.marker == [None, None] and state.top == TOP


def test_marker_on_any_face_up_card_in_either_row():
    """Phase 1 "Use the Token": put your token on any card without a token (ruling 6: any
    face-up card, top or bottom row)."""
    state = start()
    marks = {t for t in legal(state) if t.startswith("mark")}
    assert marks == {f"mark {card}" for card in TOP + BOTTOM}
    do(state, "mark 5")
    assert state.marker[0] == 5
    assert state.phase == "roll"  # either the token or a removal, not both


def test_marker_not_on_a_card_with_a_token():
    """Phase 1: the token goes on a card "without a token on it"."""
    state = start(marker={1: 2})
    assert not is_legal(state, "mark 2")
    with pytest.raises(IllegalAction):
        do(state, "mark 2")
    assert state.marker == [None, 2]


def test_marker_shift():
    """Phase 1: "If your token is already on a card, you may shift it to another card"."""
    state = start(marker={0: 4, 1: 2})
    assert is_legal(state, "mark 6")
    assert not is_legal(state, "mark 2")
    do(state, "mark 6")
    assert state.marker == [6, 2]  # card 4 is free again: one token per player


def test_remove_only_from_top_row():
    """Phase 1 "Remove a Card": "Choose one card from the top row and remove it"."""
    state = start()
    removes = {t for t in legal(state) if t.startswith("remove")}
    assert removes == {f"remove {card}" for card in TOP}
    for card in BOTTOM:
        assert not is_legal(state, f"remove {card}")


@pytest.mark.parametrize("owner", [0, 1])
def test_remove_not_a_marked_card(owner):
    """Phase 1: "You can't choose a card with a token on it" (anyone's token, your own too)."""
    state = start(marker={owner: 2})
    assert not is_legal(state, "remove 2")
    assert is_legal(state, "remove 1") and is_legal(state, "remove 3")


def test_removed_card_leaves_the_game_and_is_replaced_from_the_pile():
    """Phase 1: remove the card from the game, "Replace the removed card with the top card from
    the draw pile" (in the gap it left)."""
    state = start(pile={"B": [12, 13], "C": [22], "D": [OPUS]})
    do(state, "remove 2")
    assert 2 in state.discard and 2 not in state.top
    assert state.phase == "draw"
    draw(state, 13)
    assert state.top == [1, 13, 3]
    assert state.pile["B"] == [12]
    assert state.phase == "roll"  # then phase 2


def test_removed_card_not_replaced_when_only_d_is_left():
    """Ruling 9: refills stop when only the D card is left; a removed top-row card is then not
    replaced (the Opus Magnum is never drawn)."""
    state = start(pile={"B": [], "C": [], "D": [OPUS]})
    do(state, "remove 1")
    assert state.top == [2, 3]
    assert state.pile["D"] == [OPUS]
    assert state.phase == "roll"


def test_removed_cards_are_visible_to_all():
    """Phase 1: a card removed from the display was face up; every seat's view shows it."""
    state = start()
    do(state, "remove 3")
    draw(state, state.pile["B"][0])
    for seat in (0, 1, None):
        assert [card["id"] for card in state.view(seat)["discard"]] == [3]
