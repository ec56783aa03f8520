"""Runika flame face (rules, Step 2 "Flame face"; ruling 5 and option ``flame_target``)."""

from __future__ import annotations

from tests.rules.runika.rk_helpers import bag, do, pos, position, texts

MIXED = ["R1 B1 .. ..", ".. Re .. ..", ".. .. Y1 ..", ".. .. .. .."]


def _cells(state_texts: list[str]) -> set[str]:
    return {t for t in state_texts if t.startswith("cell")}


def test_flame_default_option_a_targets_only_non_red_dice() -> None:
    """Ruling 5 (revised, default ``flame_target=non_red``): option (a) "discards one non-red
    die from your grid"."""
    state = position(seats={0: {"store": ["Rf"], "grid": MIXED}})
    do(state, "resolve Rf")
    assert _cells(texts(state)) == {"cell b1", "cell c3"}
    assert "flame clear" in texts(state)


def test_flame_option_red_reading_targets_only_red_dice() -> None:
    """Ruling 5, the other reading (``flame_target=red``): option (a) discards one red die."""
    state = position(options={"flame_target": "red"}, seats={0: {"store": ["Rf"], "grid": MIXED}})
    do(state, "resolve Rf")
    assert _cells(texts(state)) == {"cell a1", "cell b2"}


def test_flame_option_a_replaces_target_with_flame_die_on_its_1_face() -> None:
    """Flame (a): "discard one ... die from your spell grid, then turn the flame die to its
    point face and put it where the discarded die was"; the target returns to the bag."""
    state = position(seats={0: {"store": ["Rf"], "grid": MIXED}})
    before = bag(state)
    do(state, "resolve Rf", "cell b1")
    seat = pos(state)["seats"][0]
    assert seat["grid"][0] == "R1 R1 .. .."
    assert bag(state)["B"] == before["B"] + 1
    assert bag(state)["R"] == before["R"]  # the flame die stays in the grid


def test_flame_option_a_red_reading_replaces_a_red_die() -> None:
    """Ruling 5 (``flame_target=red``): the red target is discarded, the flame die on 1 takes
    its place."""
    state = position(options={"flame_target": "red"}, seats={0: {"store": ["Rf"], "grid": MIXED}})
    before = bag(state)
    do(state, "resolve Rf", "cell b2")
    assert pos(state)["seats"][0]["grid"][1] == ".. R1 .. .."
    assert bag(state)["R"] == before["R"] + 1


def test_flame_option_b_discards_every_red_grid_die_and_the_flame_die() -> None:
    """Flame (b): "discard all red dice in your spell grid, then discard the flame die"."""
    state = position(seats={0: {"store": ["Rf"], "grid": MIXED}})
    before = bag(state)
    do(state, "resolve Rf", "flame clear")
    seat = pos(state)["seats"][0]
    assert seat["grid"] == [".. B1 .. ..", ".. .. .. ..", ".. .. Y1 ..", ".. .. .. .."]
    assert bag(state)["R"] == before["R"] + 3  # two grid dice and the flame die


def test_flame_scores_nothing_by_itself() -> None:
    """Ruling 5: "Flame scores nothing by itself" (not even for discarded 1 faces)."""
    for choice in ("cell b1", "flame clear"):
        state = position(seats={0: {"store": ["Rf"], "grid": MIXED}})
        do(state, "resolve Rf", choice)
        assert pos(state)["seats"][0]["tokens"] == 0


def test_flame_with_no_eligible_die_only_option_b() -> None:
    """Ruling 5: "With no eligible die only option (b) applies, which then just discards the
    flame die" (default reading: a grid of red dice only)."""
    rows = ["R1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(seats={0: {"store": ["Rf"], "grid": rows}})
    do(state, "resolve Rf")
    assert [t for t in texts(state) if t != "cancel"] == ["flame clear"]


def test_flame_on_empty_grid_just_discards_the_flame_die() -> None:
    """Ruling 5: with an empty grid option (b) only discards the flame die (to the bag)."""
    state = position(seats={0: {"store": ["Rf"]}})
    before = bag(state)
    do(state, "resolve Rf")
    assert [t for t in texts(state) if t != "cancel"] == ["flame clear"]
    do(state, "flame clear")
    assert bag(state)["R"] == before["R"] + 1
    assert pos(state)["seats"][0]["grid"] == [".. .. .. .."] * 4


def test_red_reading_with_only_non_red_dice_offers_only_option_b() -> None:
    """Ruling 5 (``flame_target=red``): no red grid die means no option (a)."""
    rows = ["B1 .. .. ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    state = position(options={"flame_target": "red"}, seats={0: {"store": ["Rf"], "grid": rows}})
    do(state, "resolve Rf")
    assert [t for t in texts(state) if t != "cancel"] == ["flame clear"]
