"""Runika solo variant, the designer's draft (components file: rulings 9 and 16)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    bag,
    chance_texts,
    do,
    game,
    outcome,
    pos,
    position,
    seat_doc,
    texts,
)

from grimoire.core.state import State

EKAMU = {"solo_professor": "ekamu"}
FORT = ["Y1 Y1 .. ..", "G1 .. .. ..", "Y1 Y1 .. ..", ".. .. .. .."]  # Fortification YY/KK/YY
GOAL = {"ekamu": ["pivot", "energise", "stone_dagger"]}
CLAIMS = [{"k": "main", "s": 0, "st": "claims"}]


def _solo(**seat: Any) -> State:
    """The solo player (Ekamu turned over) mid-turn; ``seat`` sets its fields."""
    return position(1, options=EKAMU, seats={0: seat})


def _with_bag(state: State, left: dict[str, int]) -> State:
    """The same position with only ``left`` dice in the bag, the others removed from play."""
    doc = state.to_json(history=False)
    position_doc = doc["position"]
    for colour, count in position_doc["bag"].items():
        position_doc["removed"][colour] += count - left.get(colour, 0)
        position_doc["bag"][colour] = left.get(colour, 0)
    return state.game.state_from_json(doc)


# ---------------------------------------------------------------------- setup
@pytest.mark.parametrize(
    ("prof", "runes", "mastery"),
    [
        ("simza", ["sweep", "charm", "hand_of_mist"], "wind_walk"),
        ("ainfean", ["spark", "shimmerfield", "fire_flash"], "thunderbolt"),
        ("ekamu", ["pivot", "energise", "stone_dagger"], "fortification"),
        ("kobataan", ["empower", "magic_pocket", "wave_whip"], "tidal_vortex"),
    ],
)
def test_setup_the_turned_professor_sets_the_goal_runes(
    prof: str, runes: list[str], mastery: str
) -> None:
    """Ruling 9: "choose a professor; its card is turned over and cannot be used; the goal is
    its three named basic runes, then its mastery rune" (the runes the designer's post groups
    under that professor)."""
    state = game(1, solo_professor=prof).new_state(seed=2)
    doc = pos(state)
    assert doc["solo_professor"] == prof
    assert doc["display"] == [[r] for r in runes]
    assert doc["mastery"] == [{"rune": mastery, "owner": None}]
    in_play = {p["id"]: p["in_play"] for p in state.view(0)["professors"]}
    assert in_play[prof] is False
    assert sum(in_play.values()) == 3
    assert state.view(0)["goal"] is None  # no points goal in solo


def test_setup_a_random_professor_is_turned_over_by_default() -> None:
    """Ruling 9 (option ``solo_professor``, random by default): one of the four professors is
    drawn (Luniorn is not one of them, even in play); its goal runes are laid out."""
    state = game(1, luniorn=True).new_state(seed=2, resolve_chance=False)
    assert sorted(chance_texts(state)) == [
        "solo professor Ainfean",
        "solo professor Ekamu",
        "solo professor Ko'bataan",
        "solo professor Simza",
    ]
    outcome(state, "solo professor Ko'bataan")
    doc = pos(state)
    assert doc["solo_professor"] == "kobataan"
    assert doc["display"] == [["empower"], ["magic_pocket"], ["wave_whip"]]


def test_the_turned_professor_cannot_be_used() -> None:
    """Ruling 9: the turned professor "cannot be used": its element face only goes into the
    grid."""
    state = _solo(store=["Ye", "Ge"])
    do(state, "resolve Ye")
    assert not any(t.startswith("professor") for t in texts(state))
    do(state, "cancel", "resolve Ge")
    assert "professor Simza" in texts(state)


# ---------------------------------------------------------------------- the draft
def test_solo_draft_draw_8_keep_4_remove_the_rest_and_2_more() -> None:
    """Ruling 9: "each round draw 8 dice, keep 4, remove the other 4 from play, then remove 2
    more at random from the bag"."""
    state = game(1, solo_professor="ekamu").new_state(seed=3)
    doc = pos(state)
    assert len(doc["middle"]) == 8
    assert sum(bag(state).values()) == 72
    middle = list(doc["middle"])
    kept = []
    for _ in range(4):
        assert state.current_player == 0
        pick = texts(state)[-1]
        kept.append(pick.split()[1])
        middle.remove(kept[-1])
        do(state, pick)
    doc = pos(state)
    assert doc["middle"] == []
    assert {c: doc["removed"][c] for c in "GRBY"} == {c: middle.count(c) for c in "GRBY"}
    assert all(t.startswith("bag ") for t in chance_texts(state))
    bag_before = bag(state)
    outcome(state, "bag G")
    outcome(state, "bag G")
    doc = pos(state)
    assert doc["removed"]["G"] == middle.count("G") + 2
    assert bag(state)["G"] == bag_before["G"] - 2
    assert sum(bag(state).values()) == 80 - 8 - 2
    in_hand = [d[0] for d in doc["seats"][0]["store"]]
    in_hand += ["GRBY"[e["c"]] for e in doc["chance"] if e["k"] == "roll"]
    assert sorted(in_hand) == sorted(kept)


# ---------------------------------------------------------------------- ruling 16
def test_a_die_discarded_to_reroll_leaves_play() -> None:
    """Ruling 9 / 16: "a die discarded to re-roll leaves play" (not back into the bag)."""
    state = _solo(store=["G1", "Y1"], stack=[{"k": "main", "s": 0, "st": "reroll"}])
    before = bag(state)
    do(state, "discard G1", "reroll Y1", "roll")
    assert pos(state)["removed"]["G"] == 1
    assert bag(state) == before


@pytest.mark.parametrize("how", ["rotate", "pushed off", "claim"])
def test_only_dice_discarded_to_reroll_leave_play(how: str) -> None:
    """Ruling 16: "only dice discarded to re-roll leave play": a rotate face, a die pushed off
    the grid and a claimed pattern's dice go back to the bag (ruling 4)."""
    if how == "rotate":
        state = _solo(store=["Gr"])
        before = bag(state)
        do(state, "resolve Gr")
        colour = "G"
    elif how == "pushed off":
        rows = ["R1 .. .. ..", "R1 .. .. ..", "R1 .. .. ..", "R1 .. .. .."]
        state = _solo(store=["G1"], grid=rows)
        before = bag(state)
        do(state, "resolve G1", "enter top 1")
        colour = "R"
    else:
        state = _solo(grid=["Y1 Y1 .. ..", "Y1 .. .. ..", *[".. .. .. .."] * 2], stack=CLAIMS)
        before = bag(state)
        do(state, "claim pivot")
        colour = "Y"
    assert sum(pos(state)["removed"].values()) == 0
    assert bag(state)[colour] > before[colour]


# ---------------------------------------------------------------------- goal, win, loss
def test_the_mastery_rune_must_come_last() -> None:
    """Ruling 16: "the mastery rune must come last": with its pattern in the grid it cannot be
    claimed before the three basic goal runes."""
    seat = {"grid": FORT, "stack": CLAIMS, "runes": ["pivot", "energise"]}
    state = position(1, options=EKAMU, seats={0: seat}, display=[[], [], ["stone_dagger"]])
    assert "claim fortification" not in texts(state)


def test_solo_win_when_the_mastery_rune_is_gained_after_the_three() -> None:
    """Ruling 9: the goal is the three runes, "then its mastery rune": gaining it wins (the game
    ends at the round end, ruling 8)."""
    state = position(
        1,
        options=EKAMU,
        seats={0: {"grid": FORT, "stack": CLAIMS, "runes": GOAL["ekamu"]}},
        display=[[], [], []],
    )
    assert texts(state) == ["done", "claim fortification"]
    do(state, "claim fortification")
    assert state.is_terminal()
    assert pos(state)["ended"] == "solo_win"
    assert state.winners() == [0]


def test_goal_runes_are_not_refilled() -> None:
    """Ruling 9: the display holds the goal runes only: a claimed one is not replaced."""
    rows = ["Y1 Y1 .. ..", "Y1 .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = _solo(grid=rows, stack=CLAIMS, store=[])
    do(state, "claim pivot")
    doc = pos(state)
    assert doc["display"] == [[], ["energise"], ["stone_dagger"]]
    assert [r["id"] for r in seat_doc(state)["runes"]] == ["pivot"]
    assert not state.is_terminal()


def test_points_do_not_end_the_solo_game() -> None:
    """Ruling 9: the solo goal is the runes, not 20 points."""
    state = _with_bag(_solo(store=["G1"], tokens=25), {"G": 19, "R": 20})
    do(state, "resolve G1", "enter top 1")
    assert not state.is_terminal()
    assert pos(state)["round"] == 2


@pytest.mark.parametrize(("left", "over"), [(7, True), (8, False)])
def test_solo_loss_when_the_bag_cannot_supply_a_round(left: int, over: bool) -> None:
    """Rulings 9 and 16: "you lose when the bag cannot supply a round" (8 dice to draw; the
    loss condition is PROPOSED)."""
    state = _with_bag(_solo(store=["G1"]), {"B": left})
    do(state, "resolve G1", "enter top 1")
    assert state.is_terminal() is over
    if over:
        assert pos(state)["ended"] == "solo_loss"
        assert state.winners() == []
