"""Runika professors: prestige and their mandatory abilities (rules, Step 2 "A professor's
prestige"; rulings 6 and 11)."""

from __future__ import annotations

import pytest
from tests.rules.runika.rk_helpers import bag, chance_texts, do, outcome, pos, position, texts

PROFESSOR_OF = {"G": "Simza", "R": "Ainfean", "Y": "Ekamu", "B": "Ko'bataan"}
PROF_ID = {"Simza": "simza", "Ainfean": "ainfean", "Ekamu": "ekamu", "Ko'bataan": "kobataan"}


@pytest.mark.parametrize(("colour", "prof"), sorted(PROFESSOR_OF.items()))
def test_element_face_goes_only_on_the_matching_professor(colour: str, prof: str) -> None:
    """Rule: a free professor "can take a die showing the matching mana"."""
    state = position(seats={0: {"store": [f"{colour}e"]}})
    do(state, f"resolve {colour}e")
    assert [t for t in texts(state) if t.startswith("professor")] == [f"professor {prof}"]


def test_one_face_cannot_go_on_a_professor() -> None:
    """Rule: only a mana (element) face gains a professor's prestige; a 1 face is pushed."""
    state = position(seats={0: {"store": ["G1"]}})
    do(state, "resolve G1")
    assert not any(t.startswith("professor") for t in texts(state))


def test_occupied_professor_takes_no_die() -> None:
    """Rule: only a professor "whose mana box ... is empty" can take a die."""
    state = position(
        seats={0: {"store": ["Ge"]}},
        professors={"simza": {"dice": ["Ge"], "tokens": [1]}},
    )
    do(state, "resolve Ge")
    assert not any(t.startswith("professor") for t in texts(state))


def test_placing_puts_die_and_prestige_token_on_the_professor() -> None:
    """Rule: "Put the die there. If your prestige token is not yet on that professor, place one
    there"."""
    state = position(
        seats={0: {"store": ["Be"]}},
        professors={"kobataan": {"tokens": [1]}},
    )
    do(state, "resolve Be", "professor Ko'bataan")
    prof = pos(state)["professors"]["kobataan"]
    assert prof["dice"] == ["Be"]
    assert sorted(prof["tokens"]) == [0, 1]


def test_ruling_6_no_second_token_on_a_professor_holding_yours() -> None:
    """Ruling 6: "no second token on a professor that already holds yours"; the die is still
    placed and the ability still used."""
    state = position(
        seats={0: {"store": ["Ye"]}},
        professors={"ekamu": {"tokens": [0]}},
    )
    do(state, "resolve Ye", "professor Ekamu")
    prof = pos(state)["professors"]["ekamu"]
    assert prof["dice"] == ["Ye"]
    assert prof["tokens"] == [0]
    assert texts(state)[0].startswith("orient")  # the ability is still mandatory


def test_simza_pushes_one_grid_die_to_an_adjacent_space_with_chain() -> None:
    """Simza: "push one die of your spell grid to an adjacent space; it may push other dice as
    it goes"."""
    rows = ["B1 Y1 .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Ge"], "grid": rows}})
    do(state, "resolve Ge", "professor Simza", "cell a1", "dir right")
    assert pos(state)["seats"][0]["grid"][0] == ".. B1 Y1 .."


def test_simza_chain_push_can_push_a_die_off_the_grid_to_the_bag() -> None:
    """Simza: the moved die "may push other dice as it goes"; a die pushed past the edge is
    discarded to the bag (rule "Pushing", ruling 4)."""
    rows = ["B1 Y1 G1 R1", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Ge"], "grid": rows}})
    before = bag(state)
    do(state, "resolve Ge", "professor Simza", "cell a1", "dir right")
    assert pos(state)["seats"][0]["grid"][0] == ".. B1 Y1 G1"
    assert bag(state)["R"] == before["R"] + 1


def test_simza_ability_is_mandatory() -> None:
    """Ruling 6: the professor's ability is mandatory: no 'done' skips Simza's push."""
    rows = ["B1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Ge", "R1"], "grid": rows}})
    do(state, "resolve Ge", "professor Simza")
    assert "done" not in texts(state)
    assert "cancel" not in texts(state)
    assert texts(state) == ["cell a1"]


def test_simza_only_to_adjacent_spaces_inside_the_grid() -> None:
    """Simza: the die moves to an adjacent space (one step, orthogonal, inside the grid)."""
    rows = ["B1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Ge"], "grid": rows}})
    do(state, "resolve Ge", "professor Simza", "cell a1")
    assert {t for t in texts(state) if t.startswith("dir")} == {"dir right", "dir down"}


@pytest.mark.parametrize(("die", "points"), [("B1", 1), ("Be", 0)])
def test_ainfean_discards_a_grid_die_point_if_it_showed_1(die: str, points: int) -> None:
    """Ainfean: "discard one die of your spell grid; if it showed 1, gain 1 point"."""
    rows = [f"{die} .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Re", "Y1"], "grid": rows}})
    before = bag(state)
    do(state, "resolve Re", "professor Ainfean")
    if "cell a1" in texts(state):
        do(state, "cell a1")
    seat = pos(state)["seats"][0]
    assert seat["grid"][0] == ".. .. .. .."
    assert seat["tokens"] == points
    assert bag(state)["B"] == before["B"] + 1


def test_ainfean_ability_is_mandatory() -> None:
    """Ruling 6: Ainfean's discard must be made (no way to skip it)."""
    rows = ["B1 Ge .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Re", "Y1"], "grid": rows}})
    do(state, "resolve Re", "professor Ainfean")
    assert set(texts(state)) == {"cell a1", "cell b1"}


@pytest.mark.parametrize("colour", ["G", "R", "Y", "B"])
def test_ekamu_turns_the_disc_to_any_orientation(colour: str) -> None:
    """Ekamu: "turn your element disc to any orientation": the chosen colour goes on top, so
    its dice are then pushed in from the top."""
    state = position(seats={0: {"store": ["Ye", f"{colour}1"]}})
    do(state, "resolve Ye", "professor Ekamu")
    assert set(texts(state)) == {"orient G", "orient R", "orient Y", "orient B"}
    do(state, f"orient {colour}", f"resolve {colour}1")
    sides = {t.split()[1] for t in texts(state) if t.startswith("enter")}
    assert sides == {"top"}


def test_kobataan_draws_two_dice_rolls_them_into_storage() -> None:
    """Ko'bataan: "draw 2 dice from the bag, roll them and add them to your storage"."""
    state = position(seats={0: {"store": ["Be"]}})
    before = bag(state)
    do(state, "resolve Be", "professor Ko'bataan")
    outcome(state, "bag R")
    outcome(state, "roll Rf")
    outcome(state, "bag G")
    outcome(state, "roll G1")
    assert not state.is_chance()
    assert sorted(pos(state)["seats"][0]["store"]) == ["G1", "Rf"]
    after = bag(state)
    assert (after["R"], after["G"]) == (before["R"] - 1, before["G"] - 1)


def test_kobataan_drawn_dice_must_be_resolved_this_turn() -> None:
    """Ruling 1: every stored die is resolved; dice gained from Ko'bataan join the storage."""
    state = position(seats={0: {"store": ["Be"]}})
    do(state, "resolve Be", "professor Ko'bataan")
    for text in ("bag Y", "roll Y1", "bag Y", "roll Y1"):
        outcome(state, text)
    assert texts(state) == ["resolve Y1"]


@pytest.mark.parametrize(("die", "prof"), [("Ge", "Simza"), ("Re", "Ainfean")])
def test_ruling_11_grid_ability_with_empty_grid_fizzles(die: str, prof: str) -> None:
    """Ruling 11: "A mandatory professor ability that cannot act (Simza or Ainfean with an empty
    grid) fizzles; placing stays legal"."""
    state = position(seats={0: {"store": [die, "Y1"]}})
    do(state, f"resolve {die}")
    assert f"professor {prof}" in texts(state)
    do(state, f"professor {prof}")
    assert texts(state) == ["resolve Y1"]
    assert pos(state)["professors"][PROF_ID[prof]]["tokens"] == [0]


def test_kobataan_draw_chance_is_over_bag_colours() -> None:
    """Ko'bataan draws from the bag: only colours still in the bag can be drawn."""
    state = position(seats={0: {"store": ["Be"]}})
    do(state, "resolve Be", "professor Ko'bataan")
    assert set(chance_texts(state)) == {"bag G", "bag R", "bag B", "bag Y"}
