"""Runika rune and achievement abilities on stored dice, professors, flames, claims and points
(components file, rune and achievement tables; rules "Rune abilities"). Each test gives seat 0
the card and shows the card's text at work in a concrete position."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    bag,
    do,
    next_turn,
    outcome,
    pos,
    position,
    runes_shown,
    seat_doc,
    texts,
)

from grimoire.core.state import State

E = ".. .. .. .."
HOLD = "Y1"  # a stored die that keeps the turn open while abilities are used
REROLL = [{"k": "main", "s": 0, "st": "reroll"}]


def with_cards(
    runes: list[str],
    rows: list[str] | None = None,
    store: list[str] | None = None,
    **fields: Any,
) -> State:
    """Seat 0, resolving, owns ``runes`` with that grid and storage (a held die by default);
    ``seat`` adds seat fields (achievements, stack...)."""
    seat = {"runes": runes, "grid": rows or [E] * 4, "store": [HOLD] if store is None else store}
    return position(seats={0: seat | fields.pop("seat", {})}, **fields)


def starting(state: State, prefix: str) -> set[str]:
    return {t for t in texts(state) if t.startswith(prefix)}


def store(state: State) -> list[str]:
    return sorted(seat_doc(state)["store"])


def tokens(state: State) -> int:
    return int(seat_doc(state)["tokens"])


# ---------------------------------------------------------------------- stored dice
def test_empower_turns_one_stored_die_to_its_1_face() -> None:
    """Empower (R): "After rolling, turn one stored die to its 1 face": only dice not already
    on 1 are offered; the chosen one becomes a 1, nothing else changes."""
    state = with_cards(["empower"], store=["Ge", "Rr", "G1"], seat={"stack": REROLL})
    do(state, "ability empower")
    assert starting(state, "die") == {"die Ge", "die Rr"}
    do(state, "die Rr")
    assert store(state) == ["G1", "Ge", "R1"]


def test_ripple_rerolls_one_stored_die_without_paying() -> None:
    """Ripple (R): "Re-roll one stored die without discarding a die": one die only, no die
    goes to the bag."""
    state = with_cards(["ripple"], store=["Ge", "Rr"], seat={"stack": REROLL})
    before = bag(state)
    do(state, "ability ripple", "reroll Rr")
    assert not starting(state, "reroll")  # one die at most
    do(state, "roll")
    outcome(state, "roll R1")
    assert store(state) == ["Ge", "R1"]
    assert bag(state) == before


def test_free_rerolls_only_before_resolving() -> None:
    """Rules, Roll: "Once you move on to resolution, no more re-rolls": Ripple is not offered
    in the resolve stage."""
    state = with_cards(["ripple"], store=["Ge", "Rr"])
    assert "ability ripple" not in texts(state)


def test_tidal_vortex_rerolls_any_number_of_stored_dice_without_paying() -> None:
    """Tidal Vortex (R): "Re-roll any number of stored dice without discarding"."""
    state = with_cards(["tidal_vortex"], store=["Ge", "Rr", "Y1"], seat={"stack": REROLL})
    before = bag(state)
    do(state, "ability tidal_vortex", "reroll Ge", "reroll Rr", "reroll Y1", "roll")
    for text in ("roll G1", "roll Rf", "roll Ye"):
        outcome(state, text)
    assert store(state) == ["G1", "Rf", "Ye"]
    assert bag(state) == before


def test_tide_pool_draws_two_dice_rolls_them_into_storage() -> None:
    """Tide Pool (F): "Draw 2 dice from the bag, roll them, add them to storage"."""
    state = with_cards(["tide_pool"])
    before = bag(state)
    do(state, "ability tide_pool")
    for text in ("bag G", "roll G1", "bag R", "roll Rf"):
        outcome(state, text)
    assert not state.is_chance()
    assert store(state) == ["G1", "Rf", "Y1"]
    after = bag(state)
    assert (after["G"], after["R"]) == (before["G"] - 1, before["R"] - 1)
    assert seat_doc(state)["runes"][0]["flipped"] is True


def test_spring_makes_kobataan_draw_three_dice() -> None:
    """Spring (C): "Ko'bataan's ability draws 3 dice for you instead of 2" (Ko'bataan: draw 2
    dice, roll them into storage)."""
    state = with_cards(["spring"], store=["Be", "Y1"])
    do(state, "resolve Be", "professor Ko'bataan")
    draws = 0
    while state.is_chance():
        outcome(state, "bag G")
        outcome(state, "roll G1")
        draws += 1
    assert draws == 3
    assert store(state) == ["G1", "G1", "G1", "Y1"]


def test_spring_does_not_add_to_other_draws() -> None:
    """Spring names Ko'bataan's ability only: Tide Pool still draws its 2 dice."""
    state = with_cards(["spring", "tide_pool"])
    do(state, "ability tide_pool")
    draws = 0
    while state.is_chance():
        outcome(state, "bag G")
        outcome(state, "roll G1")
        draws += 1
    assert draws == 2


def test_magic_pocket_keeps_one_stored_die_with_its_face_for_next_round() -> None:
    """Magic Pocket (C): "At round end you may keep one unresolved stored die, with its face,
    for next round" (ruling 19): `keep Ge` sets it aside (one die only); the next round it is
    back in storage still showing its element face, beside the freshly rolled dice."""
    state = with_cards(["magic_pocket"], store=["Ge", "G1"], first=1, turn_i=1)
    assert {"keep Ge", "keep G1"} <= set(texts(state))
    do(state, "keep Ge")
    assert seat_doc(state)["pocket"] == "Ge"
    assert not starting(state, "keep")  # one die only
    do(state, "resolve G1", "enter top 1")
    assert pos(state)["round"] == 2
    next_turn(state, 0)
    kept = seat_doc(state)
    assert kept["pocket"] is None
    assert "Ge" in kept["store"]
    assert len(kept["store"]) == 5  # the four drafted dice and the kept one


# ---------------------------------------------------------------------- professors
def test_charm_lets_an_element_face_go_on_any_free_professor() -> None:
    """Charm (C): "A die showing its element face may go on any free professor, not only its
    own": a green element face may go on Ainfean, Ekamu or Ko'bataan (Simza is occupied, so
    not there), and the professor's ability follows (Ekamu: orient the disc)."""
    state = with_cards(["charm"], store=["Ge", "Y1"], professors={"simza": {"dice": ["Ge"]}})
    do(state, "resolve Ge")
    expected = {"professor Ainfean", "professor Ekamu", "professor Ko'bataan"}
    assert starting(state, "professor") == expected
    do(state, "professor Ekamu")
    assert pos(state)["professors"]["ekamu"] == {"dice": ["Ge"], "tokens": [0]}
    assert starting(state, "orient") == {"orient G", "orient R", "orient B", "orient Y"}


def test_charm_does_not_let_a_1_face_on_a_professor() -> None:
    """Charm speaks of "a die showing its element face": a 1 face still only goes in the grid."""
    state = with_cards(["charm"], store=["G1", "Y1"])
    do(state, "resolve G1")
    assert not starting(state, "professor")


@pytest.mark.parametrize(("choice", "side"), [("turn cw", "right"), ("done", "top")])
def test_quarry_may_turn_the_disc_clockwise_on_placing(choice: str, side: str) -> None:
    """Quarry (R): "When you place a die on a professor, you may also turn your disc 90 degrees
    clockwise": after placing on Simza (empty grid: the push fizzles, ruling 11) the player may
    turn (green goes right) or decline (green stays on top, the card unused)."""
    state = with_cards(["quarry"], store=["Ge", "G1"])
    do(state, "resolve Ge", "professor Simza")
    assert set(texts(state)) == {"turn cw", "done"}
    do(state, choice)
    assert seat_doc(state)["runes"][0]["used"] is (choice == "turn cw")
    do(state, "resolve G1")
    assert {t.split()[1] for t in starting(state, "enter")} == {side}


# ---------------------------------------------------------------------- flames
def test_ember_path_lets_flame_option_a_target_any_colour() -> None:
    """Ember Path (C): "Your flame option (a) may target a die of any colour": by default
    (ruling 5) only the non-red G1 could be replaced; with the card the red R1 too, and the
    flame die takes its place on its 1 face."""
    rows = ["R1 G1 .. ..", E, E, E]
    plain = with_cards([], rows, store=["Rf", "Y1"])
    do(plain, "resolve Rf")
    assert starting(plain, "cell") == {"cell b1"}
    state = with_cards(["ember_path"], rows, store=["Rf", "Y1"])
    before = bag(state)
    do(state, "resolve Rf")
    assert starting(state, "cell") == {"cell a1", "cell b1"}
    do(state, "cell a1")
    assert seat_doc(state)["grid"][0] == "R1 G1 .. .."
    assert bag(state)["R"] == before["R"] + 1  # the replaced red die went to the bag


@pytest.mark.parametrize("choice", ["cell b1", "flame clear"])
def test_shimmerfield_scores_one_point_per_flame_face(choice: str) -> None:
    """Shimmerfield (C): "+1 point each time you resolve a flame face", either option (the
    flame itself scores nothing, ruling 5)."""
    state = with_cards(["shimmerfield"], ["R1 G1 .. ..", E, E, E], store=["Rf", "Y1"])
    do(state, "resolve Rf", choice)
    assert tokens(state) == 1


def test_thunderbolt_scores_per_red_die_discarded_by_a_flame() -> None:
    """Thunderbolt (C): "+1 point per red die you discard from your grid with a flame face or
    Ainfean": flame option (b) discards the two red dice, 2 points (G1 stays)."""
    state = with_cards(["thunderbolt"], ["R1 G1 R1 ..", E, E, E], store=["Rf", "Y1"])
    do(state, "resolve Rf", "flame clear")
    assert seat_doc(state)["grid"][0] == ".. G1 .. .."
    assert tokens(state) == 2


@pytest.mark.parametrize(("cell", "points"), [("a1", 1 + 1), ("b1", 1)])
def test_thunderbolt_scores_per_red_die_discarded_by_ainfean(cell: str, points: int) -> None:
    """Thunderbolt: Ainfean discarding the red R1 scores its 1 face and 1 more; the green G1
    only its 1 face."""
    state = with_cards(["thunderbolt"], ["R1 G1 .. ..", E, E, E], store=["Re", "Y1"])
    do(state, "resolve Re", "professor Ainfean", f"cell {cell}")
    assert tokens(state) == points


def test_thunderbolt_ignores_other_discards() -> None:
    """Thunderbolt names the flame face and Ainfean only: Spark discarding a red 1 scores just
    Spark's point."""
    state = with_cards(["thunderbolt", "spark"], ["R1 .. .. ..", E, E, E])
    do(state, "ability spark", "cell a1")
    assert tokens(state) == 1


# ---------------------------------------------------------------------- claims and points
SHOWN = runes_shown("sweep", "charm", "landslide")  # GGG; G. / PG; Y. / YY / .P


def test_kindle_scores_one_more_point_for_a_claim() -> None:
    """Kindle (R): "+1 point when you claim a rune": Sweep's three 1 faces and Kindle's
    point."""
    state = with_cards(["kindle"], ["G1 G1 G1 ..", E, E, E], store=[], **SHOWN)
    do(state, "claim sweep")
    assert tokens(state) == 3 + 1


@pytest.mark.parametrize(
    ("rows", "rune", "bonus"),
    [
        (["G1 G1 G1 ..", E, E, E], "sweep", 1),  # three green
        (["G1 .. .. ..", "R1 G1 .. ..", E, E], "charm", 1),  # two green, P = red
        (["Y1 .. .. ..", "Y1 Y1 .. ..", ".. G1 .. ..", E], "landslide", 0),  # one green
    ],
)
def test_updraft_scores_for_claims_discarding_at_least_two_green(
    rows: list[str], rune: str, bonus: int
) -> None:
    """Updraft (C): "+1 point whenever you claim a rune whose discarded dice include at least 2
    green": 3 or 2 green dice score the extra point, 1 green does not."""
    state = with_cards(["updraft"], rows, store=[], **SHOWN)
    do(state, f"claim {rune}")
    ones = sum(row.count("1") for row in rows)
    assert tokens(state) == ones + bonus


def test_blaze_gains_two_points() -> None:
    """Blaze (F): "Gain 2 points": 2 point tokens; the flipped card keeps its own 2 points."""
    state = with_cards(["blaze"])
    do(state, "ability blaze")
    assert tokens(state) == 2
    assert seat_doc(state)["runes"][0]["flipped"] is True
    assert state.scores()[0] == 2 + 2


# ---------------------------------------------------------------------- achievements
def test_scroll_of_study_uses_any_professors_ability_without_die_or_token() -> None:
    """Scroll of Study (F): "Use any professor's ability without a die or token": every
    professor that can act is offered, an occupied one too (Ekamu holds seat 1's die);
    Ekamu's ability sets the disc; no die or token goes on Ekamu."""
    ekamu = {"dice": ["Ye"], "tokens": [1]}
    rows = ["G1 .. .. ..", E, E, E]
    seat = {"achievements": ["scroll_of_study"]}
    state = with_cards([], rows, store=["B1"], seat=seat, professors={"ekamu": ekamu})
    do(state, "ability scroll_of_study")
    profs = {"professor Simza", "professor Ainfean", "professor Ekamu", "professor Ko'bataan"}
    assert starting(state, "professor") == profs
    do(state, "professor Ekamu", "orient B", "resolve B1")
    assert {t.split()[1] for t in starting(state, "enter")} == {"top"}
    assert pos(state)["professors"]["ekamu"] == ekamu
    assert seat_doc(state)["achievements"][0]["flipped"] is True


def test_scroll_of_study_with_ainfean_discards_and_scores() -> None:
    """Scroll of Study with Ainfean: "discard one die of your spell grid; if it showed 1, gain
    1 point"."""
    state = with_cards([], ["G1 .. .. ..", E, E, E], seat={"achievements": ["scroll_of_study"]})
    do(state, "ability scroll_of_study", "professor Ainfean", "cell a1")
    assert seat_doc(state)["grid"][0] == E
    assert tokens(state) == 1


def test_scroll_of_fortune_rerolls_any_number_of_dice_for_free() -> None:
    """Scroll of Fortune (F): "Re-roll any number of stored dice for free"."""
    seat = {"achievements": ["scroll_of_fortune"], "stack": REROLL}
    state = with_cards([], store=["Ge", "Rr", "Y1"], seat=seat)
    before = bag(state)
    do(state, "ability scroll_of_fortune", "reroll Ge", "reroll Rr", "roll")
    outcome(state, "roll G1")
    outcome(state, "roll R1")
    assert store(state) == ["G1", "R1", "Y1"]
    assert bag(state) == before
    assert seat_doc(state)["achievements"][0]["flipped"] is True


def test_scroll_of_honour_has_no_ability_but_its_points() -> None:
    """Scroll of Honour (C): "No ability.": no ability action; its 4 points count."""
    state = with_cards([], seat={"achievements": ["scroll_of_honour"]})
    assert not starting(state, "ability")
    assert state.scores()[0] == 4
