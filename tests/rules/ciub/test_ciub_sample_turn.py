"""The rulebook's SAMPLE TURN (EN "SAMPLE TURN", DE "BEISPIEL EINES KOMPLETTEN SPIELZUGES"),
replayed step by step from a position, with every die roll applied as an explicit chance outcome.

Florian (red, seat 0) starts his turn with seven dice. The rulebook does not print the faces
that play no part; those are chosen here so that nothing else could be set aside or claimed:
dice W1 W2 W3 W4 (white), O1 (orange), B1 B2 (blue).
"""

from __future__ import annotations

from tests.rules.ciub.ciub_helpers import (
    OPUS,
    colours_held,
    die,
    do,
    draw,
    held,
    in_tray,
    is_legal,
    legal,
    make,
    position,
    roll,
    showing,
    supply,
    tray,
    where,
)

from grimoire.core.state import CHANCE

FLORIAN = 0
TARGET = 21  # B card "1,1,6,6", 6 VP: "two 1s and two 6s", "worth 6 victory points"
MARKED = 14  # the top-row card Florian puts his token on


def chance_steps(state, since: int) -> int:
    return sum(1 for actor, _ in state.history[since:] if actor == CHANCE)


def test_sample_turn_step_by_step():
    """SAMPLE TURN: marker, three rolls with swap / re-roll / adjust, forced skull, stop,
    claim of card 21 for 6 VP, marked card moved down, back to 5 dice, red and yellow
    traded for white."""
    game = make(4)
    state = position(
        game,
        dice={
            FLORIAN: "W1 W2 W3 W4 O1 B1 B2",
            1: "W6 W7 W8 W9 W10",
            2: "W11 W12 W13 W14 W15",
            3: "W16 W17 W18 W19 W20",
        },
        top=[11, 2, MARKED, 5, 6],
        bottom=[TARGET, 1, 3, 7, 8],  # "the card at the bottom left worth 6 victory points"
        marker={1: 1},  # an opponent's token elsewhere: card 21 is free
    )
    assert state.turn == FLORIAN and state.phase == "mark"
    assert len(held(state, FLORIAN)) == 7  # "He has seven dice left from the previous round"

    # Phase 1: "Florian puts his token on a card in the top row."
    do(state, f"mark {MARKED}")
    assert state.marker[FLORIAN] == MARKED
    assert state.phase == "roll"

    # First roll (7 dice): every die is rolled, one chance node each.
    assert sorted(state.to_roll) == sorted(die(game, x) for x in held(state, FLORIAN))
    step = len(state.history)
    roll(
        state,
        {"W1": "swap", "W2": "swap", "W3": "3", "W4": "2", "O1": "2", "B1": "reroll", "B2": "2"},
    )
    assert chance_steps(state, step) == 7
    assert state.phase == "actions"
    assert all(showing(state, x) is not None for x in held(state, FLORIAN))
    assert tray(state) == {} and not state.cycle_ok
    assert supply(state)["red"] == 7 and supply(state)["white"] == 1  # W5

    # "Florian swaps the two white dice for two red ones."
    before = held(state, FLORIAN)
    do(state, "swap W1 for red")
    do(state, "swap W2 for red")
    reds = held(state, FLORIAN) - before
    assert where(state, "W1") == where(state, "W2") == -1  # back in the supply
    assert {x[0] for x in reds} == {"R"} and len(reds) == 2
    assert all(showing(state, x) is None for x in reds)  # the new dice are inactive
    assert len(held(state, FLORIAN)) == 7
    assert supply(state)["red"] == 5 and supply(state)["white"] == 3
    assert state.cycle_ok  # swapping allows the next roll

    # "Using the (blue) re-roll action, he re-rolls the orange die ... a 6."
    step = len(state.history)
    do(state, "use B1", "target O1")
    roll(state, {"O1": "6"})
    assert chance_steps(state, step) == 1
    assert showing(state, "O1") == "6"
    assert not is_legal(state, "use B1")  # each symbol once

    # No dice action is left to use, so the set-aside step follows by itself.
    assert state.phase == "set_aside"
    # "He puts this die into his dice tray."
    assert not any(t.startswith("set aside R") for t in legal(state))  # inactive reds
    do(state, "set aside O1")
    assert tray(state) == {"O1": "6"}
    assert state.cycle_ok

    # Second roll (6 dice): the inactive reds are rolled too.
    do(state, "roll")
    red1, red2 = sorted(reds)
    assert len(state.to_roll) == 6
    assert die(game, "O1") not in state.to_roll  # tray dice stay as they are
    roll(state, {"W3": "swap", "W4": "3", "B1": "reroll", "B2": "adjust", red1: "5", red2: "4"})
    assert state.phase == "actions"
    assert not state.cycle_ok  # counted afresh for every roll
    assert {"use B1", "use B2"} <= legal(state)

    # "He swaps one white die for a yellow one."
    before = held(state, FLORIAN)
    do(state, "swap W3 for yellow")
    (yellow,) = held(state, FLORIAN) - before
    assert yellow.startswith("Y") and showing(state, yellow) is None
    assert where(state, "W3") == -1 and supply(state)["yellow"] == 6

    # "He then activates this inactive yellow die with his (blue) re-roll action and rolls a 1."
    do(state, "use B1", f"target {yellow}")
    roll(state, {yellow: "1"})
    assert showing(state, yellow) == "1"

    # "Florian then adjusts the red 5 to a 6 using his (blue) adjust face action
    # (he must immediately set aside this blue die in his dice tray)."
    do(state, "use B2", f"target {red1}", "face 6")
    assert showing(state, red1) == "6"
    assert in_tray(state, "B2") and showing(state, "B2") == "adjust"

    # "He then sets aside the two dice showing the 1 and the 6 in his dice tray."
    assert state.phase == "set_aside"  # no action left: W3 swapped, B1 spent, B2 set aside
    do(state, f"set aside {yellow}", f"set aside {red1}")
    assert tray(state) == {"O1": "6", "B2": "adjust", yellow: "1", red1: "6"}

    # Third roll (3 dice).
    do(state, "roll")
    assert sorted(state.to_roll) == sorted(die(game, x) for x in ("W4", "B1", red2))
    roll(state, {"W4": "1", "B1": "skull", red2: "4"})
    # "Without any swap, re-roll, or adjust actions ... Florian must set aside the skull die."
    assert state.phase == "set_aside"
    assert in_tray(state, "B1") and showing(state, "B1") == "skull"
    assert not in_tray(state, "W4") and not in_tray(state, red2)
    # "With the new white 1 result ... he is finished rolling dice for this turn."
    do(state, "set aside W4", "stop")
    assert state.phase == "claim"
    assert not in_tray(state, red2)
    assert sorted(tray(state).values()) == sorted(["6", "adjust", "1", "6", "skull", "1"])

    # Phase 3: "The dice in his dice tray allow him to gain the spell card he wanted."
    assert f"claim {TARGET}" in legal(state)
    do(state, f"claim {TARGET}")
    assert state.claimed[FLORIAN] == [TARGET]
    assert state.scores()[FLORIAN] == 6
    assert TARGET not in state.bottom

    # "he picks up the card he earlier marked ... and moves it together with his token
    # to the bottom row. He then fills the gap in the top row with a new card."
    assert state.phase == "move_down"
    do(state, f"move down {MARKED}")
    assert MARKED in state.bottom and MARKED not in state.top
    assert state.marker[FLORIAN] == MARKED
    refill = state.pile["B"][0]
    draw(state, refill)
    assert state.top == [11, 2, refill, 5, 6]
    assert len(state.bottom) == 5

    # "Since he has gained a card and currently has seven dice, he must return two of them."
    assert state.phase == "reduce" and len(held(state, FLORIAN)) == 7
    do(state, "return R1", "return B1")
    assert len(held(state, FLORIAN)) == 5
    assert state.phase == "trade"

    # Phase 4: "Florian doesn't have any dice with the 2 for 1 symbol in his dice tray."
    assert not any(t.startswith("trade") for t in legal(state))
    # "He decides to trade the red die and the yellow die for one white die each."
    whites_in_supply = supply(state)["white"]
    assert whites_in_supply == 4  # W5 and the three whites he swapped away
    do(state, f"whiten {red2}", f"whiten {yellow}")
    assert colours_held(state, FLORIAN) == {"white": 3, "orange": 1, "blue": 1}
    assert supply(state)["white"] == whites_in_supply - 2
    do(state, "end turn")
    assert state.turn == 1 and state.phase == "mark"
    assert state.vp(FLORIAN) == 6 and OPUS not in state.claimed[FLORIAN]
    assert state.claimed[1:] == [[], [], []] and state.marker == [MARKED, 1, None, None]
    assert not any(state.tray) and all(f == -1 for f in state.face)
