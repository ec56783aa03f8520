"""FINAL ROUND AND END OF THE GAME, and "Who wins the contest?"."""

from __future__ import annotations

import pytest
from tests.rules.ciub.ciub_helpers import (
    OPUS,
    do,
    draw,
    finish_turn,
    held,
    legal,
    make,
    position,
    roll,
    set_aside_all,
    start_roll,
)

from grimoire.core.errors import IllegalAction

DICE3 = {0: "W1 W2 W3 W4 W5", 1: "R1 R2 W6 W7 W8", 2: "W11 W12 W13 W14 W15"}


def last_c_position(**extra):
    """3 players; the pile holds no B card and one C card (22) on the D card."""
    extra.setdefault("dice", DICE3)
    return position(
        make(3),
        top=[1, 2, 3, 4],
        bottom=[5, 6, 7, 8],
        pile={"B": [], "C": [22], "D": [OPUS]},
        **extra,
    )


def claims(state) -> set[int]:
    return {int(t.split()[1]) for t in legal(state) if t.startswith("claim")}


def claim_sixes(state, card=6, phase1="pass"):
    """Seat 1's turn: R1 and R2 roll 6, the whites 1; everything into the tray; claim."""
    faces = {"R1": "6", "R2": "6", "W6": "1", "W7": "1", "W8": "1"}
    if state.phase == "roll":  # a final turn: no phase 1
        roll(state, faces)
    else:
        start_roll(state, faces, phase1)
    set_aside_all(state)
    do(state, f"claim {card}")


def reveal_last_c(state):
    do(state, "remove 1")
    draw(state, 22)


def test_last_c_card_revealed_begins_the_end():
    """End: "The end of the game begins when you turn over the final C card"."""
    state = last_c_position()
    assert not state.triggered
    reveal_last_c(state)
    assert state.triggered and state.top == [22, 2, 3, 4]
    assert state.view(1)["endgame"]["triggered"] is True
    assert state.opus_holder is None


def test_next_claimer_also_takes_the_opus_magnum():
    """End: "The next player to gain a spell card takes that card plus the D card, the Opus
    Magnum, worth 5 more victory points"."""
    state = last_c_position()
    reveal_last_c(state)
    finish_turn(state)  # seat 0 claims nothing
    claim_sixes(state)  # seat 1: card 6 (6,6), 4 VP
    assert state.claimed[1] == [6, OPUS]
    assert state.vp(1) == 4 + 5
    assert state.pile["D"] == []
    assert state.opus_holder == 1


def test_every_other_player_takes_exactly_one_more_turn():
    """End: "All other players then take one more turn each"; ruling 10: the game ends before
    the Opus Magnum holder would move again."""
    state = last_c_position()
    reveal_last_c(state)
    finish_turn(state)
    claim_sixes(state)
    finish_turn(state)  # rest of seat 1's turn
    seen = []
    while not state.is_terminal():
        seen.append(state.turn)
        finish_turn(state)
    assert seen == [2, 0]
    assert state.is_terminal()
    with pytest.raises(IllegalAction):
        state.legal_actions()


def test_final_turns_skip_phase_1():
    """End, final turns: "1. Skip phase 1. Don't place any tokens and don't remove any cards"."""
    state = last_c_position(marker={2: 7})
    reveal_last_c(state)
    finish_turn(state)
    claim_sixes(state)
    finish_turn(state)
    top, bottom = list(state.top), list(state.bottom)
    assert state.turn == 2
    assert state.phase == "roll"  # straight to phase 2
    assert sorted(state.to_roll) == sorted(
        state.game.components.die_by_label(x) for x in held(state, 2)
    )
    finish_turn(state)
    assert state.marker == [None, None, 7]
    assert (state.top, state.bottom) == (top, bottom)


def final_turn_position(marker=None):
    """3 players; seat 1 holds the Opus Magnum; seat 2 is to take its final turn."""
    dice = {0: "W1 W2 W3 W4 W5", 1: "W6 W7 W8 W9 W10", 2: "R1 R2 O1 O2 W11"}
    return position(
        make(3),
        dice=dice,
        top=[6, 2, 22, 4],
        bottom=[5, 11, 7, 8],
        pile={"B": [], "C": [], "D": []},
        claimed={1: [12, OPUS]},
        marker=marker,
        turn=2,
        triggered=True,
        opus_holder=1,
        final_left=[2, 0],
    )


def test_final_turns_claim_from_either_row():
    """End, final turns: "2. You may now gain a spell card ... from anywhere in the display,
    either from the bottom or the top row"."""
    state = final_turn_position()
    roll(state, {"R1": "6", "R2": "6", "O1": "6", "O2": "4", "W11": "2"})
    set_aside_all(state)
    assert claims(state) == {6, 2, 11}  # 6,6 and 2,4,6 (top), 6,6,6 (bottom)
    do(state, "claim 2")
    assert state.claimed[2] == [2]  # no second Opus Magnum
    assert state.top == [6, 22, 4]


def test_final_turns_other_markers_still_block():
    """End, final turns: a card "without another player's token on it" (DE: "Noch liegende
    Marker anderer Spieler blockieren aber weiterhin einzelne Karten"); your own is fine."""
    state = final_turn_position(marker={0: 6, 1: 11, 2: 2})
    roll(state, {"R1": "6", "R2": "6", "O1": "6", "O2": "4", "W11": "2"})
    set_aside_all(state)
    assert claims(state) == {2}
    do(state, "claim 2")
    assert state.marker == [6, 11, None]


def test_trigger_then_claim_in_the_same_turn():
    """End: "The next player to gain a spell card" after the final C card is turned over may
    be the player who turned it over in phase 1 of this very turn."""
    dice = {0: "R1 R2 W1 W2 W3", 1: "W6 W7 W8 W9 W10", 2: "W11 W12 W13 W14 W15"}
    state = last_c_position(dice=dice)
    reveal_last_c(state)
    roll(state, {"R1": "6", "R2": "6", "W1": "1", "W2": "1", "W3": "1"})
    set_aside_all(state)
    do(state, "claim 6")
    assert state.claimed[0] == [6, OPUS]


def test_trigger_after_a_claim_goes_to_the_next_claim():
    """End: a claim made before the last C card is turned over does not earn the Opus
    Magnum; the next claim does."""
    state = position(
        make(3),
        dice={0: "W1 W2 W3 W4 W5", 1: "R1 R2 W6 W7 W8", 2: "W11 W12 W13 W14 W15"},
        top=[1, 2, 3, 4],
        bottom=[5, 6, 7, 8],
        turn=1,
        pile={"B": [], "C": [22], "D": [OPUS]},
    )
    claim_sixes(state)
    assert state.claimed[1] == [6]
    do(state, "move down 1")
    draw(state, 22)
    assert state.triggered and state.opus_holder is None
    finish_turn(state)
    assert state.turn == 2 and state.phase == "mark"  # not a final turn yet


def test_game_goes_on_until_someone_claims():
    """End: the final turns start only once a spell is gained after the trigger; until then
    turns are normal (phase 1 included)."""
    state = last_c_position()
    reveal_last_c(state)
    for _ in range(4):
        finish_turn(state)
        assert state.phase == "mark" and not state.is_terminal()


def two_player_end(vp0, vp1, dice0, dice1):
    """2 players; seat 0 holds the Opus Magnum; seat 1 takes its final turn, claims nothing
    and takes a yellow die."""
    claimed = {0: [OPUS, *vp0], 1: vp1}
    state = position(
        make(2),
        dice={0: dice0, 1: dice1},
        top=[2, 4, 5],
        bottom=[7, 8, 9],
        pile={"B": [], "C": [], "D": []},
        claimed=claimed,
        turn=1,
        triggered=True,
        opus_holder=0,
        final_left=[1],
    )
    roll(state, {name: "1" for name in held(state, 1)})
    do(state, "stop", "no claim", "take yellow", "end turn")
    assert state.is_terminal()
    return state


def test_winner_most_victory_points():
    """ "The player with the most points wins the game" (even with fewer dice)."""
    state = two_player_end([], [11, 10], "W1 W2 W3 W4 W5 R1 R2", "W6 W7 W8")
    assert state.scores() == [5.0, 10.0]
    assert state.winners() == [1]


def test_tie_broken_by_most_dice():
    """ "If there is a tie, the tied player with the most dice wins" (ruling 11)."""
    state = two_player_end([3], [10, 6], "W1 W2 W3 W4 W5 R1 R2", "W6 W7 W8 W9 W10")
    assert state.scores() == [8.0, 8.0]
    assert state.winners() == [0]  # 7 dice against 5 + 1


def test_still_tied_shared_win():
    """ "If two or more players are still tied, then they all win" (ruling 11)."""
    state = two_player_end([3], [10, 6], "W1 W2 W3 W4 W5 R1", "W6 W7 W8 W9 W10")
    assert state.scores() == [8.0, 8.0]
    assert state.winners() == [0, 1]


def test_no_winner_before_the_end():
    """The winner is decided "after the last player has completed his final turn"."""
    state = final_turn_position()
    assert state.winners() == []
    assert not state.is_terminal()
