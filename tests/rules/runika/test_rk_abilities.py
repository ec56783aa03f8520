"""Runika card abilities: every rune and achievement of the shipped data has its test, the three
timings (C continuous, R once per round, F flip once per game: rules "Rune abilities"), `cancel`
before an ability is finished, and abilities read from a components file (option
`components`). The per-card tests are in test_rk_abilities_grid.py and test_rk_abilities_dice.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.rules.runika import test_rk_abilities_dice as dice_tests
from tests.rules.runika import test_rk_abilities_grid as grid_tests
from tests.rules.runika.rk_helpers import (
    do,
    game,
    next_turn,
    outcome,
    pos,
    position,
    seat_doc,
    texts,
)

from grimoire.core.errors import InvalidOptions
from grimoire.core.state import State
from grimoire.games.runika import components

E = ".. .. .. .."
HOLD = "Y1"  # a stored die that keeps the turn open while abilities are used
REROLL = [{"k": "main", "s": 0, "st": "reroll"}]
SHIPPED = Path(components.__file__).parent / "data" / "components.toml"

# Every shipped rune and achievement -> the test showing its card text at work.
CARD_TESTS: dict[str, tuple[Any, str]] = {
    "sweep": (grid_tests, "test_sweep_moves_a_die_one_space_into_an_adjacent_empty_cell"),
    "charm": (dice_tests, "test_charm_lets_an_element_face_go_on_any_free_professor"),
    "hand_of_mist": (grid_tests, "test_hand_of_mist_moves_a_die_to_any_empty_cell"),
    "gale": (grid_tests, "test_rotate_choice_lets_a_rotate_face_turn_counter_clockwise"),
    "updraft": (dice_tests, "test_updraft_scores_for_claims_discarding_at_least_two_green"),
    "skyward": (grid_tests, "test_skyward_uses_simzas_ability_even_when_simza_is_occupied"),
    "empower": (dice_tests, "test_empower_turns_one_stored_die_to_its_1_face"),
    "magic_pocket": (
        dice_tests,
        "test_magic_pocket_keeps_one_stored_die_with_its_face_for_next_round",
    ),
    "wave_whip": (grid_tests, "test_wave_whip_pushes_a_die_in_from_the_opposite_side"),
    "spring": (dice_tests, "test_spring_makes_kobataan_draw_three_dice"),
    "tide_pool": (dice_tests, "test_tide_pool_draws_two_dice_rolls_them_into_storage"),
    "ripple": (dice_tests, "test_ripple_rerolls_one_stored_die_without_paying"),
    "spark": (grid_tests, "test_spark_discards_a_grid_die_one_point_if_it_showed_1"),
    "shimmerfield": (dice_tests, "test_shimmerfield_scores_one_point_per_flame_face"),
    "fire_flash": (grid_tests, "test_fire_flash_discards_a_whole_row_one_point_per_1"),
    "kindle": (dice_tests, "test_kindle_scores_one_more_point_for_a_claim"),
    "ember_path": (dice_tests, "test_ember_path_lets_flame_option_a_target_any_colour"),
    "blaze": (dice_tests, "test_blaze_gains_two_points"),
    "pivot": (grid_tests, "test_pivot_turns_the_disc_a_quarter_either_way"),
    "energise": (grid_tests, "test_rotate_choice_lets_a_rotate_face_turn_counter_clockwise"),
    "stone_dagger": (
        grid_tests,
        "test_stone_dagger_discards_a_grid_die_one_point_whatever_its_face",
    ),
    "bedrock": (grid_tests, "test_bedrock_swaps_two_orthogonally_adjacent_dice"),
    "landslide": (grid_tests, "test_landslide_sets_the_disc_to_any_orientation"),
    "quarry": (dice_tests, "test_quarry_may_turn_the_disc_clockwise_on_placing"),
    "wind_walk": (grid_tests, "test_wind_walk_lets_a_die_enter_from_any_side"),
    "tidal_vortex": (
        dice_tests,
        "test_tidal_vortex_rerolls_any_number_of_stored_dice_without_paying",
    ),
    "thunderbolt": (dice_tests, "test_thunderbolt_scores_per_red_die_discarded_by_a_flame"),
    "fortification": (grid_tests, "test_fortification_saves_a_die_pushed_off_into_storage"),
    "scroll_of_study": (
        dice_tests,
        "test_scroll_of_study_uses_any_professors_ability_without_die_or_token",
    ),
    "scroll_of_fortune": (
        dice_tests,
        "test_scroll_of_fortune_rerolls_any_number_of_dice_for_free",
    ),
    "scroll_of_honour": (dice_tests, "test_scroll_of_honour_has_no_ability_but_its_points"),
}

# Every ability kind -> one dedicated test (the card tests above, by kind).
KIND_TESTS: dict[str, str] = {
    "move_die": "sweep",
    "any_professor": "charm",
    "rotate_choice": "gale",
    "claim_bonus": "updraft",
    "professor_ability": "skyward",
    "set_face": "empower",
    "pocket": "magic_pocket",
    "opposite_side": "wave_whip",
    "draw_bonus": "spring",
    "draw_dice": "tide_pool",
    "free_reroll": "ripple",
    "discard_die": "spark",
    "flame_bonus": "shimmerfield",
    "discard_line": "fire_flash",
    "flame_any": "ember_path",
    "gain_points": "blaze",
    "turn_disc": "pivot",
    "swap_dice": "bedrock",
    "set_disc": "landslide",
    "professor_turn": "quarry",
    "any_side": "wind_walk",
    "discard_bonus": "thunderbolt",
    "save_pushed": "fortification",
    "none": "scroll_of_honour",
}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_shipped_card_and_ability_kind_has_a_test_naming_its_text() -> None:
    """Each rune and achievement of the shipped data (iterated, so that a new card is not
    forgotten) maps to a test whose docstring names the card and quotes its text; each ability
    kind in the data maps to one of those tests."""
    comp = game().comp
    cards = [(r.id, r.name, r.text, r.ability.kind) for r in comp.runes]
    cards += [(a.id, a.name, a.text, a.ability.kind) for a in comp.achievements]
    assert {c[0] for c in cards} == set(CARD_TESTS)
    for card_id, name, text, _kind in cards:
        module, test_name = CARD_TESTS[card_id]
        doc = _flat(getattr(module, test_name).__doc__ or "")
        assert name in doc, f"{test_name} does not name {name}"
        assert _flat(text).rstrip(".") in doc, f"{test_name} does not quote {name}'s text"
    kinds = {c[3] for c in cards}
    assert kinds <= set(KIND_TESTS), f"no test for {kinds - set(KIND_TESTS)}"
    for kind, card_id in KIND_TESTS.items():
        assert kind in kinds
        assert any(c[0] == card_id and c[3] == kind for c in cards)


# ---------------------------------------------------------------------- helpers
def with_cards(
    runes: list[str], rows: list[str] | None = None, store: list[str] | None = None, **seat: Any
) -> State:
    """Seat 0 plays last in round 1 (initiative seat 1), resolving, owning ``runes``: ending
    its turn ends the round, and seat 0 has the next round's initiative."""
    doc = {"runes": runes, "grid": rows or [E] * 4, "store": [HOLD] if store is None else store}
    return position(seats={0: doc | seat}, first=1, turn_i=1)


def flags(state: State, index: int = 0, key: str = "runes") -> tuple[bool, bool]:
    """(flipped, used) of the seat's card."""
    entry = seat_doc(state)[key][index]
    return bool(entry["flipped"]), bool(entry["used"])


def finish_turn_and_round(state: State) -> State:
    """Resolve the held die and end seat 0's turn: the round ends; play to seat 0's next turn."""
    do(state, f"resolve {HOLD}", "enter bottom 4")
    while not state.is_chance() and pos(state)["phase"] == "turns":
        do(state, "done")
    assert pos(state)["round"] == 2
    return next_turn(state, 0)


# ---------------------------------------------------------------------- continuous
def test_continuous_energise_turns_counter_clockwise_again_and_again() -> None:
    """Timing C (Energise, "choose clockwise or counter-clockwise" for each rotate face): two
    rotate faces in one turn both turn counter-clockwise, green ends at the bottom."""
    state = with_cards(["energise"], store=["Gr", "Gr", "G1"])
    do(state, "resolve Gr", "turn ccw", "resolve Gr")
    assert "turn ccw" in texts(state)
    do(state, "turn ccw", "resolve G1")
    assert {t.split()[1] for t in texts(state) if t.startswith("enter")} == {"bottom"}
    assert flags(state) == (False, False)


def test_continuous_charm_works_for_every_element_die() -> None:
    """Timing C (Charm): two green element faces go on Ekamu and then Ko'bataan, both
    professors of other colours, in the same turn."""
    state = with_cards(["charm"], store=["Ge", "Ge", "Y1"])
    do(state, "resolve Ge", "professor Ekamu", "orient G", "resolve Ge")
    assert "professor Ko'bataan" in texts(state)
    do(state, "professor Ko'bataan")
    assert state.is_chance()  # Ko'bataan's draw


def test_continuous_shimmerfield_scores_each_flame() -> None:
    """Timing C (Shimmerfield, "+1 point each time you resolve a flame face"): two flames, two
    points."""
    state = with_cards(["shimmerfield"], store=["Rf", "Rf", "Y1"])
    do(state, "resolve Rf", "flame clear", "resolve Rf", "flame clear")
    assert seat_doc(state)["tokens"] == 2


# ---------------------------------------------------------------------- once per round
def test_once_per_round_sweep_refused_again_then_available_next_round() -> None:
    """Timing R ("usable once each round"): after Sweep the card is used and not offered again
    this turn; at the next round it is offered again."""
    state = with_cards(["sweep"], ["G1 .. .. ..", E, E, E])
    do(state, "ability sweep", "cell a1", "dir right")
    assert flags(state) == (False, True)
    assert "ability sweep" not in texts(state)
    finish_turn_and_round(state)
    assert flags(state) == (False, False)
    assert "ability sweep" in texts(state)


def test_once_per_round_gale_second_rotate_turns_clockwise_then_resets() -> None:
    """Timing R on a passive card (Gale, "you may turn the disc counter-clockwise instead"):
    the first rotate face may turn counter-clockwise; the second that round turns clockwise at
    once (no choice); the next round Gale is ready again."""
    state = with_cards(["gale"], store=["Gr", "Gr", HOLD])
    do(state, "resolve Gr", "turn ccw", "resolve Gr")
    assert "turn ccw" not in texts(state)
    assert seat_doc(state)["disc"] == 0  # one quarter back, one quarter forward
    assert flags(state) == (False, True)
    finish_turn_and_round(state)
    assert flags(state) == (False, False)


def test_once_per_round_wave_whip_opposite_side_only_once() -> None:
    """Timing R (Wave Whip): the second blue die of the round may only enter from its own
    side."""
    state = with_cards(["wave_whip"], store=["B1", "B1", HOLD])
    do(state, "resolve B1", "enter right 1", "resolve B1")
    assert {t.split()[1] for t in texts(state) if t.startswith("enter")} == {"left"}


def test_once_per_round_kindle_scores_the_first_claim_only() -> None:
    """Timing R (Kindle, "+1 point when you claim a rune"): two claims in one turn, one bonus:
    Sweep (three 1 faces) + 1, then Bedrock (three 1 faces) without the bonus."""
    rows = ["G1 G1 G1 ..", E, "Y1 Y1 Y1 ..", E]
    shown: dict[str, Any] = {"display": [["sweep"], ["bedrock"], ["charm"]]}
    state = position(seats={0: {"runes": ["kindle"], "grid": rows}}, **shown)
    do(state, "claim sweep")
    assert seat_doc(state)["tokens"] == 3 + 1
    do(state, "claim bedrock")
    assert seat_doc(state)["tokens"] == 3 + 1 + 3


# ---------------------------------------------------------------------- flip
def test_flip_blaze_once_per_game_points_kept() -> None:
    """Timing F ("usable once per game by flipping the card; its points are kept"): Blaze is
    flipped, not offered again this turn nor next round, and its 2 card points still count."""
    state = with_cards(["blaze"])
    do(state, "ability blaze")
    assert flags(state) == (True, False)
    assert "ability blaze" not in texts(state)
    finish_turn_and_round(state)
    assert flags(state) == (True, False)
    assert "ability blaze" not in texts(state)
    assert state.scores()[0] == 2 + 2  # Blaze's 2 tokens + the flipped card's 2 points


def test_flip_scroll_of_fortune_once_per_game_points_kept() -> None:
    """Timing F on an achievement (Scroll of Fortune, 3 points): flipped after one free
    re-roll, not offered next round, its points kept."""
    state = with_cards([], store=["Ge", HOLD], achievements=["scroll_of_fortune"], stack=REROLL)
    do(state, "ability scroll_of_fortune", "reroll Ge", "roll")
    outcome(state, "roll Ge")
    assert flags(state, key="achievements") == (True, False)
    do(state, "done", "resolve Ge", "enter top 1")
    finish_turn_and_round(state)
    assert "ability scroll_of_fortune" not in texts(state)
    assert state.scores()[0] == 3


# ---------------------------------------------------------------------- cancel
def snapshot(state: State) -> dict[str, Any]:
    """The state document without the action counters (``step``, the history and the
    ``decisions`` safeguard count, which every decision, a cancel too, advances)."""
    doc = state.to_json(history=False)
    doc.pop("step")
    doc["position"].pop("decisions")
    return doc


CANCELS = [
    ("sweep", ["G1 .. .. ..", E, E, E], ["ability sweep", "cell a1"]),
    ("hand_of_mist", ["G1 .. .. ..", E, E, E], ["ability hand_of_mist", "cell a1"]),
    ("bedrock", ["G1 B1 .. ..", E, E, E], ["ability bedrock", "cell a1"]),
    ("spark", ["G1 .. .. ..", E, E, E], ["ability spark"]),
    ("stone_dagger", ["G1 .. .. ..", E, E, E], ["ability stone_dagger"]),
    ("fire_flash", ["G1 .. .. ..", E, E, E], ["ability fire_flash"]),
    ("landslide", None, ["ability landslide"]),
    ("pivot", None, ["ability pivot"]),
    ("skyward", ["G1 .. .. ..", E, E, E], ["ability skyward", "cell a1"]),
    ("empower", None, ["ability empower"]),
    ("scroll_of_study", ["G1 .. .. ..", E, E, E], ["ability scroll_of_study", "professor Ekamu"]),
]


@pytest.mark.parametrize(("card", "rows", "steps"), CANCELS, ids=[c[0] for c in CANCELS])
def test_cancel_before_finishing_an_ability_changes_nothing(
    card: str, rows: list[str] | None, steps: list[str]
) -> None:
    """`cancel` backs out of a card's ability not yet finished: the state document is the same
    as before it began (no card used or flipped, no die moved)."""
    scroll = card.startswith("scroll")
    extra = {"achievements": [card]} if scroll else {}
    state = with_cards([] if scroll else [card], rows, store=["Ge", HOLD], **extra)
    before = snapshot(state)
    do(state, *steps)
    assert snapshot(state) != before
    while len(seat_doc(state)["stack"]) > 1:
        do(state, "cancel")
    assert snapshot(state) == before


@pytest.mark.parametrize("card", ["ripple", "tidal_vortex", "scroll_of_fortune"])
def test_cancel_a_free_reroll_changes_nothing(card: str) -> None:
    """`cancel` before `roll` of a free re-roll: nothing re-rolled, the card not used."""
    scroll = card.startswith("scroll")
    extra = {"achievements": [card]} if scroll else {}
    state = with_cards([] if scroll else [card], store=["Ge", HOLD], stack=REROLL, **extra)
    before = snapshot(state)
    do(state, f"ability {card}", "reroll Ge", "cancel")
    assert snapshot(state) == before


# ---------------------------------------------------------------------- the data file
def _edited(tmp_path: Path, rune: str, old: str, new: str) -> str:
    """A copy of the shipped components file with ``old`` replaced by ``new`` in one rune's
    entry."""
    text = SHIPPED.read_text("utf-8")
    start = text.index(f'id = "{rune}"')
    end = text.index("[[", start)
    block = text[start:end]
    assert old in block
    path = tmp_path / "components.toml"
    path.write_text(text[:start] + block.replace(old, new) + text[end:], "utf-8")
    return str(path)


def _blaze(path: str | None) -> int:
    options = {"components": path} if path else {}
    state = position(options=options, seats={0: {"runes": ["blaze"], "store": [HOLD]}})
    do(state, "ability blaze")
    return int(seat_doc(state)["tokens"])


def test_components_file_changes_gain_points(tmp_path: Path) -> None:
    """Option `components`: Blaze's `gain_points` 2 -> 4 in a copied file gains 4 points; the
    shipped file still gains 2."""
    path = _edited(tmp_path, "blaze", "points = 2 }", "points = 4 }")
    assert _blaze(path) == 4
    assert _blaze(None) == 2


def _tide_pool_draws(path: str | None) -> int:
    options = {"components": path} if path else {}
    state = position(options=options, seats={0: {"runes": ["tide_pool"], "store": [HOLD]}})
    do(state, "ability tide_pool")
    draws = 0
    while state.is_chance():
        outcome(state, "bag G")
        outcome(state, "roll G1")
        draws += 1
    return draws


def test_components_file_changes_draw_dice_count(tmp_path: Path) -> None:
    """Option `components`: Tide Pool's `draw_dice` count 2 -> 3 draws 3 dice; the shipped
    file (and Ko'bataan's own count, a separate entry) still draws 2."""
    path = _edited(tmp_path, "tide_pool", "count = 2", "count = 3")
    assert _tide_pool_draws(path) == 3
    assert _tide_pool_draws(None) == 2


def test_components_file_with_unknown_ability_kind_is_refused(tmp_path: Path) -> None:
    """The loader refuses a card whose ability kind the engine does not implement, naming the
    card and the kind."""
    path = _edited(tmp_path, "blaze", 'kind = "gain_points"', 'kind = "summon_dragon"')
    with pytest.raises(InvalidOptions, match=re.escape("rune 'blaze'")) as error:
        game(components=path)
    assert "summon_dragon" in str(error.value)
    assert "gain_points" in str(error.value)  # the accepted kinds are listed


# ---------------------------------------------------------------------- passive cards' timing
def _two_uses(rune: str, options: dict[str, Any]) -> Any:
    """Use the passive rune's effect twice in one turn; return what shows the second use."""
    cards = {"runes": [rune]}
    if rune == "charm":  # two green element faces on professors of other colours
        state = position(options=options, seats={0: cards | {"store": ["Ge", "Ge", HOLD]}})
        do(state, "resolve Ge", "professor Ekamu", "orient G", "resolve Ge")
        return {t for t in texts(state) if t.startswith("professor")}
    if rune == "shimmerfield":  # two flames
        state = position(options=options, seats={0: cards | {"store": ["Rf", "Rf", HOLD]}})
        do(state, "resolve Rf", "flame clear", "resolve Rf", "flame clear")
        return seat_doc(state)["tokens"]
    if rune == "thunderbolt":  # a red die by Ainfean, then one by a flame
        seat = cards | {"grid": ["R1 R1 .. ..", E, E, E], "store": ["Re", "Rf", HOLD]}
        state = position(options=options, seats={0: seat})
        do(state, "resolve Re", "professor Ainfean", "cell a1", "resolve Rf", "flame clear")
        return seat_doc(state)["tokens"]
    if rune == "ember_path":  # a flame replaces a red die, then a second flame's targets
        seat = cards | {"grid": ["R1 R1 G1 ..", E, E, E], "store": ["Rf", "Rf", HOLD]}
        state = position(options=options, seats={0: seat})
        do(state, "resolve Rf", "cell a1", "resolve Rf")
        return {t for t in texts(state) if t.startswith("cell")}
    if rune == "wind_walk":  # a red die from the top, then a second one's sides
        state = position(options=options, seats={0: cards | {"store": ["R1", "R1", HOLD]}})
        do(state, "resolve R1", "enter top 1", "resolve R1")
        return {t.split()[1] for t in texts(state) if t.startswith("enter")}
    assert rune == "spring"  # Ko'bataan by a die, then by Scroll of Study
    seat = cards | {"store": ["Be", HOLD], "achievements": ["scroll_of_study"]}
    state = position(options=options, seats={0: seat})
    do(state, "resolve Be", "professor Ko'bataan")
    while state.is_chance():
        outcome(state, "bag G")
        outcome(state, "roll G1")
    do(state, "ability scroll_of_study", "professor Ko'bataan")
    draws = 0
    while state.is_chance():
        outcome(state, "bag G")
        outcome(state, "roll G1")
        draws += 1
    return draws


ALL_SIDES = {"top", "right", "bottom", "left"}
TWICE = [  # rune, second use when continuous (shipped), second use when once per round
    ("charm", {"professor Simza", "professor Ainfean", "professor Ko'bataan"}, {"professor Simza"}),
    ("shimmerfield", 2, 1),
    ("thunderbolt", 2 + 1, 2),
    ("ember_path", {"cell a1", "cell b1", "cell c1"}, {"cell c1"}),
    ("wind_walk", ALL_SIDES, {"right"}),
    ("spring", 3, 2),
]


@pytest.mark.parametrize(("rune", "continuous", "once"), TWICE, ids=[t[0] for t in TWICE])
def test_passive_card_made_once_per_round_in_a_file_acts_once(
    tmp_path: Path, rune: str, continuous: Any, once: Any
) -> None:
    """Timing R read from the data ("Once per round: usable once each round") holds for every
    passive card: the shipped continuous rune acts on both uses in a turn; the same rune with
    `timing = "R"` in a components file only on the first."""
    path = _edited(tmp_path, rune, 'timing = "C"', 'timing = "R"')
    assert _two_uses(rune, {}) == continuous
    assert _two_uses(rune, {"components": path}) == once


def test_magic_pocket_made_flip_in_a_file_keeps_a_die_once_per_game(tmp_path: Path) -> None:
    """Timing F read from the data: Magic Pocket with `timing = "F"` keeps a die once; the next
    round `keep` is no longer offered (the shipped continuous card offers it again)."""
    path = _edited(tmp_path, "magic_pocket", 'timing = "C"', 'timing = "F"')
    for options, again in (({}, True), ({"components": path}, False)):
        seat = {"runes": ["magic_pocket"], "store": ["Ge", HOLD]}
        state = position(options=options, seats={0: seat}, first=1, turn_i=1)
        do(state, "keep Ge")
        finish_turn_and_round(state)
        do(state, "done")  # to the resolve stage, where `keep` is offered
        assert any(t.startswith("keep") for t in texts(state)) is again
