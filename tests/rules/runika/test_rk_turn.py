"""Runika player turn: roll, re-rolls paid by discards, resolve every die (rules, Step 2
"Roll" and "Resolve"; rulings 1 and 4)."""

from __future__ import annotations

from tests.rules.runika.rk_helpers import (
    bag,
    chance_texts,
    do,
    outcome,
    pos,
    position,
    start,
    texts,
)

ROLL_STACK = [{"k": "main", "s": 0, "st": "roll"}]
REROLL_STACK = [{"k": "main", "s": 0, "st": "reroll"}]


def test_turn_starts_by_rolling_every_stored_die() -> None:
    """Roll: "Roll all dice in your storage" (ruling 1: at the start of that player's turn)."""
    state = position(seats={0: {"store": ["G?", "R?", "Y?"], "stack": ROLL_STACK}})
    rolled = []
    while state.is_chance():
        rolled.append(chance_texts(state)[0].split()[1][0])
        outcome(state, chance_texts(state)[0])
    assert sorted(rolled) == ["G", "R", "Y"]
    assert sorted(pos(state)["seats"][0]["store"]) == ["G1", "R1", "Y1"]


def test_reroll_discard_returns_die_to_bag_and_rerolls_chosen_die() -> None:
    """Roll: "discard one die from your storage (back into the bag) to re-roll one or more
    dice"; ruling 4: discarded dice return to the bag."""
    state = position(seats={0: {"store": ["G1", "Re", "Yr"], "stack": REROLL_STACK}})
    before = bag(state)
    do(state, "discard G1", "reroll Yr", "roll")
    assert bag(state)["G"] == before["G"] + 1
    assert state.is_chance() and chance_texts(state)[0].startswith("roll Y")
    outcome(state, "roll Y1")
    assert sorted(pos(state)["seats"][0]["store"]) == ["Re", "Y1"]


def test_reroll_needs_at_least_one_die_marked() -> None:
    """Roll: "Discarding without re-rolling at least one die is not allowed"."""
    state = position(seats={0: {"store": ["G1", "Re"], "stack": REROLL_STACK}})
    do(state, "discard G1")
    assert "roll" not in texts(state)
    assert "reroll G1" not in texts(state)  # the paid die is not re-rolled
    do(state, "reroll Re")
    assert "roll" in texts(state)


def test_single_stored_die_cannot_pay_for_a_reroll() -> None:
    """Roll: a discard must re-roll at least one other die, so one die alone cannot pay."""
    state = position(seats={0: {"store": ["G1"], "stack": REROLL_STACK}})
    assert not any(t.startswith("discard") for t in texts(state))


def test_reroll_several_dice_for_one_discard() -> None:
    """Roll: one discard re-rolls "one or more dice of your storage of your choice"."""
    state = position(seats={0: {"store": ["G1", "Re", "Yr", "Be"], "stack": REROLL_STACK}})
    do(state, "discard G1", "reroll Re", "reroll Yr", "reroll Be", "roll")
    rolled = []
    while state.is_chance():
        rolled.append(chance_texts(state)[0].split()[1][0])
        outcome(state, chance_texts(state)[-1])
    assert sorted(rolled) == ["B", "R", "Y"]
    assert len(pos(state)["seats"][0]["store"]) == 3


def test_reroll_any_number_of_times() -> None:
    """Roll: "any number of times" a discard pays for a re-roll."""
    state = position(seats={0: {"store": ["G1", "Re", "Yr", "Be"], "stack": REROLL_STACK}})
    do(state, "discard G1", "reroll Yr", "roll")
    outcome(state, "roll Yr")
    do(state, "discard Be", "reroll Yr", "roll")
    outcome(state, "roll Y1")
    assert sorted(pos(state)["seats"][0]["store"]) == ["Re", "Y1"]
    assert any(t.startswith("discard") for t in texts(state))


def test_no_reroll_once_resolution_started() -> None:
    """Roll: "Once you move on to resolution, no more re-rolls"."""
    state = position(seats={0: {"store": ["G1", "Re", "Yr"], "stack": REROLL_STACK}})
    do(state, "done")
    assert not any(t.startswith("discard") for t in texts(state))
    assert {t for t in texts(state) if t.startswith("resolve")} == {
        "resolve G1",
        "resolve Re",
        "resolve Yr",
    }


def test_every_stored_die_must_be_resolved() -> None:
    """Resolve: "Resolve every die in your storage" (ruling 1): the player cannot end
    resolution while a die is stored."""
    state = position(seats={0: {"store": ["G1", "R1"]}})
    assert "done" not in texts(state)
    do(state, "resolve G1", "enter top 1")
    assert "done" not in texts(state)
    assert texts(state) == ["resolve R1"]


def test_turn_passes_clockwise_after_all_dice_resolved() -> None:
    """Step 2: turns go clockwise from the initiative holder; the next player rolls."""
    state = position(
        3,
        seats={0: {"store": ["G1"]}, 1: {"store": ["B?"]}, 2: {"store": ["Y?"]}},
    )
    do(state, "resolve G1", "enter top 1")
    assert state.is_chance()
    assert chance_texts(state)[0].startswith("roll B")  # seat 1 rolls next
    outcome(state, "roll B1")
    assert state.current_player == 1


def test_roll_faces_follow_the_dice_faces() -> None:
    """Components: a red die has a flame face (red only); other colours have none."""
    state = position(seats={0: {"store": ["R?", "G?"], "stack": ROLL_STACK}})
    faces = {}
    while state.is_chance():
        first = chance_texts(state)
        faces[first[0].split()[1][0]] = {t.split()[1][1] for t in first}
        outcome(state, first[0])
    assert faces == {"G": {"1", "e", "r"}, "R": {"1", "e", "r", "f"}}


def test_other_players_dice_stay_unrolled_until_their_turn() -> None:
    """Ruling 1: "The roll happens at the start of that player's turn": after the draft only
    the initiative holder rolls; the others' dice wait unrolled in storage."""
    state = start(2, seed=3, first_player=1)
    while pos(state)["phase"] == "draft" and not state.is_chance():
        do(state, texts(state)[0])
    while state.is_chance() and pos(state)["phase"] == "draft":
        outcome(state, chance_texts(state)[0])
    assert pos(state)["phase"] == "turns"
    assert all(e.get("s") == 1 for e in pos(state)["chance"])
    assert all(d.endswith("?") for d in pos(state)["seats"][0]["store"])
    assert len(pos(state)["seats"][0]["store"]) == 4


def test_rotate_and_flame_faces_are_not_pushed() -> None:
    """Step 2: only the 1 face and the mana face are pushed into the grid; a rotate face turns
    the disc and a flame face offers its two options."""
    state = position(seats={0: {"store": ["Rf", "Gr", "R1"]}})
    do(state, "resolve Rf")
    assert not any(t.startswith("enter") for t in texts(state))
    do(state, "flame clear", "resolve Gr")
    assert pos(state)["seats"][0]["grid"] == [".. .. .. .."] * 4
    assert texts(state) == ["resolve R1"]
