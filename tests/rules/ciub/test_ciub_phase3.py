"""Phase 3 "Have I cast a successful spell?": card requirements, claims, moving a card down,
returning dice, and the compensation die."""

from __future__ import annotations

import pytest
from tests.rules.ciub.ciub_helpers import (
    colours_held,
    do,
    draw,
    held,
    legal,
    make,
    position,
    set_aside_all,
    start_roll,
    supply,
    tray,
)

from grimoire.games.ciub.requirements import meets

OTHER = "W6 W7 W8 W9 W10"


def card(game, number):
    return game.components.cards[number]


def claims(state) -> set[int]:
    return {int(t.split()[1]) for t in legal(state) if t.startswith("claim")}


def rolled_into_tray(
    faces: dict[str, str], *, top, bottom, marker=None, other=OTHER, players=2, **options
):
    """Seat 0 rolls ``faces`` and puts every die in the tray: phase 3 begins."""
    dice = {0: " ".join(faces), 1: other}
    if players > 2:
        dice[2] = "W11 W12 W13 W14 W15"
    state = position(make(players, **options), dice=dice, top=top, bottom=bottom, marker=marker)
    start_roll(state, faces)
    if state.phase == "actions":
        do(state, "done")
    set_aside_all(state)
    assert state.phase == "claim"
    return state


# --------------------------------------------------------------------------- requirements
def test_number_faces_with_repeats():
    """ "For cards with number die faces: you must match all those numbers with at least as
    many dice as shown" (card 21: 1,1,6,6); extra dice do not hurt."""
    game = make(2)
    need = card(game, 21)
    assert meets(need, ["1", "1", "6", "6"])
    assert meets(need, ["6", "1", "skull", "6", "2", "1"])
    assert not meets(need, ["1", "6", "6", "6"])
    assert not meets(need, ["1", "1", "6"])
    assert not meets(card(game, 27), ["1", "2", "3", "4", "5", "5"])  # 1,2,3,4,5,6
    assert meets(card(game, 26), ["7", "7", "7"])


def test_sum_counts_number_faces_only():
    """ "For cards with a number followed by a +: the total of all your number faces must
    equal or be higher than this"; action faces and skulls count 0 (components: die faces)."""
    game = make(2)
    twenty = card(game, 3)
    assert twenty.need == "20+"
    assert meets(twenty, ["7", "7", "6"])
    assert meets(twenty, ["7", "7", "4", "3"])
    assert not meets(twenty, ["7", "7", "5", "skull", "two_for_one", "swap", "reroll", "adjust"])
    assert meets(card(game, 23), ["7"] * 4 + ["5"])  # 33+


def test_equal_numbers():
    """ "For cards with = die faces: you must have at least this number of dice, all with the
    same number face" (card 1: 4=)."""
    game = make(2)
    four = card(game, 1)
    assert four.need == "4="
    assert meets(four, ["3", "3", "3", "3"])
    assert meets(four, ["5", "5", "5", "5", "5", "1"])
    assert not meets(four, ["3", "3", "3", "4"])
    assert not meets(four, ["1", "2", "3", "4"])
    assert not meets(four, ["swap"] * 4)  # action faces are not numbers
    assert not meets(four, ["two_for_one"] * 4)


def test_equal_numbers_with_skulls():
    """ "Note: You can use the corresponding number of skull faces instead" (ruling 4: N skulls
    satisfy N=; skulls never combine with numbers)."""
    game = make(2)
    assert meets(card(game, 1), ["skull"] * 4)
    assert meets(card(game, 15), ["skull"] * 5)
    assert not meets(card(game, 15), ["skull"] * 4)
    assert not meets(card(game, 1), ["skull", "skull", "3", "3"])
    assert not meets(card(game, 1), ["skull", "3", "3", "3"])
    assert not meets(card(game, 6), ["6", "skull"])  # 6,6: a skull is no 6
    assert not meets(card(game, 3), ["7", "7", "skull", "skull"])  # 20+


def test_skulls_wild_option():
    """Ruling 4, option skulls_wild: skulls may join equal numbers inside "=" sets only."""
    game = make(2, skulls_wild=True)
    assert meets(card(game, 1), ["skull", "3", "3", "3"], skulls_wild=True)
    assert meets(card(game, 1), ["skull", "skull", "1", "1"], skulls_wild=True)
    assert not meets(card(game, 1), ["skull", "1", "1", "2"], skulls_wild=True)
    assert not meets(card(game, 6), ["6", "skull"], skulls_wild=True)


@pytest.mark.parametrize("wild", [False, True])
def test_skulls_in_a_claim(wild):
    """Ruling 4 through a turn: three 3s and a skull claim 4= only with skulls_wild; four
    skulls claim it either way."""
    state = rolled_into_tray(
        {"W1": "3", "W2": "3", "W3": "3", "G1": "skull"},
        top=[2, 4, 5],
        bottom=[1, 6, 7],
        skulls_wild=wild,
    )
    assert claims(state) == ({1} if wild else set())
    state = rolled_into_tray(
        {"G1": "skull", "G2": "skull", "P1": "skull", "B1": "skull"},
        top=[2, 4, 5],
        bottom=[1, 6, 7],
        skulls_wild=wild,
    )
    assert claims(state) == {1}


# --------------------------------------------------------------------------- claiming
def test_claim_only_from_the_bottom_row():
    """Phase 3: match "a spell card in the bottom row without an opponent's marker"."""
    state = rolled_into_tray(
        {"R1": "6", "R2": "6", "O1": "4", "O2": "2"}, top=[6, 5, 8], bottom=[7, 2, 9]
    )
    assert claims(state) == {2}  # 2,4,6 in the bottom row; 6,6 is in the top row


def test_opponent_marker_blocks_own_marker_returns():
    """Phase 1/3: a token marks a card so "no other player can ... claim it (bottom row)";
    "If the card you gained had your token on it, you may reuse your token next round"."""
    faces = {"R1": "6", "R2": "6", "O1": "4", "O2": "2"}
    state = rolled_into_tray(faces, top=[5, 8, 9], bottom=[6, 2, 7], marker={1: 6, 0: 2})
    assert claims(state) == {2}
    do(state, "claim 2")
    assert state.marker == [None, 6]
    assert state.claimed[0] == [2]


def test_one_claim_per_turn_then_move_a_top_card_down_and_refill():
    """Phase 3: "You can gain only 1 spell card each turn"; then "choose a card in the top row
    and move it to the bottom row. It may have a token on it. Replace the card with the top
    card from the draw pile." """
    faces = {"R1": "6", "R2": "6", "O1": "4", "O2": "2"}
    state = rolled_into_tray(faces, top=[5, 8, 9], bottom=[6, 2, 7], marker={1: 8})
    assert claims(state) == {2, 6}
    do(state, "claim 6")
    assert state.phase == "move_down"
    assert legal(state) == {"move down 5", "move down 8", "move down 9"}
    do(state, "move down 8")
    assert state.bottom == [8, 2, 7]  # into the gap the claimed card left
    assert state.marker[1] == 8  # the token moves with its card
    draw(state, 12)
    assert state.top == [5, 12, 9]
    assert state.phase == "trade"  # four dice: nothing to return
    assert not any(t.startswith("claim") for t in legal(state))
    do(state, "end turn")
    assert state.claimed == [[6], []]


def test_return_all_but_five_dice_of_your_choice():
    """Phase 3: "Finally, choose all but 5 of your dice and return them to the supply"."""
    faces = {"W1": "1", "W2": "1", "W3": "1", "Y1": "5", "O1": "6", "R1": "3", "G1": "7"}
    state = rolled_into_tray(faces, top=[5, 8, 10], bottom=[9, 2, 7])
    do(state, "claim 9")  # 1,1,1
    do(state, "move down 5")
    draw(state, 12)
    assert state.phase == "reduce"
    returns = {t for t in legal(state) if t.startswith("return")}
    assert {t.split()[1][0] for t in returns} == {"W", "Y", "O", "R", "G"}  # any die
    do(state, "return G1")
    assert state.phase == "reduce"
    do(state, "return W1")
    assert state.phase == "trade"
    assert colours_held(state, 0) == {"white": 2, "yellow": 1, "orange": 1, "red": 1}


def test_claim_with_five_dice_or_fewer_returns_nothing():
    """Phase 3: "all but 5": with five dice there is nothing to return."""
    faces = {"W1": "1", "W2": "1", "W3": "1", "W4": "2", "W5": "3"}
    state = rolled_into_tray(faces, top=[5, 8, 10], bottom=[9, 2, 7])
    do(state, "claim 9", "move down 5")
    draw(state, 12)
    assert state.phase == "trade"
    assert len(held(state, 0)) == 5


def test_no_claim_is_a_choice():
    """Phase 3 "No success?": "If you cannot gain a spell card, or you choose not to"."""
    faces = {"R1": "6", "R2": "6"}
    state = rolled_into_tray(faces, top=[5, 8, 9], bottom=[6, 2, 7])
    assert {"claim 6", "no claim"} <= legal(state)
    do(state, "no claim")
    assert state.claimed == [[], []]


def test_no_claim_keep_all_dice_and_take_one_of_your_choice():
    """Phase 3: "keep all your dice. Choose and take one additional die from the supply ...
    Do not put this die into your dice tray." (ruling 7: white included, if there is one)."""
    faces = {"W1": "2", "W2": "2", "W3": "2", "R1": "3", "R2": "3", "O1": "2", "B1": "1"}
    state = rolled_into_tray(faces, top=[5, 8, 9], bottom=[6, 2, 7])
    assert supply(state)["white"] == 2  # W4 and W5
    do(state, "no claim")
    assert state.phase == "take"
    assert legal(state) == {
        f"take {c}" for c in ("white", "yellow", "orange", "red", "green", "purple", "blue")
    }
    before = held(state, 0)
    do(state, "take white")
    (new,) = held(state, 0) - before
    assert new.startswith("W")
    assert new not in tray(state)
    assert state.phase == "trade"  # no returning dice after no claim: 8 dice kept
    assert len(held(state, 0)) == 8


def test_no_claim_and_empty_supply_takes_nothing():
    """Ruling 7: take one die from the supply "if it has any"."""
    every = " ".join(f"{c}{i}" for c in "YORGPB" for i in range(1, 5))
    rest = " ".join(f"{c}{i}" for c in "YORGPB" for i in range(5, 8))
    faces = {name: "3" for name in every.split() if name[0] in "YRP"}
    faces.update({name: "2" for name in every.split() if name[0] in "OB"})
    faces.update({name: "7" for name in every.split() if name[0] == "G"})
    faces.update({f"W{i}": "1" for i in range(1, 6)})
    state = rolled_into_tray(faces, top=[5, 8, 9], bottom=[6, 2, 7], other=OTHER + " " + rest)
    assert sum(supply(state).values()) == 0
    do(state, "no claim")
    assert state.phase == "trade"
