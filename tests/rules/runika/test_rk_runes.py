"""Runika rune claims (rules, "Achievements and runes" -> Runes; rulings 7 and 11; pattern
cell codes of the components file)."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    bag,
    do,
    grid,
    pos,
    position,
    runes_shown,
    seat_doc,
    texts,
)

from grimoire.games.runika.state import RunikaState

E = ".. .. .. .."
SHOWN = runes_shown("sweep", "landslide", "wave_whip")  # GGG; Y. / YY / .P; BBB / P.P


def _claims(state_texts: list[str]) -> set[str]:
    return {t for t in state_texts if t.startswith("claim")}


def _at(rows: list[str], store: list[str] | None = None, **fields: Any) -> RunikaState:
    merged = dict(SHOWN) | fields
    return position(seats={0: {"grid": rows, "store": store or []}}, **merged)


def test_runes_are_claimed_only_after_all_dice_resolved() -> None:
    """Ruling 7: "claimed after all dice are resolved": while a die is stored no claim is
    offered even though the grid holds the pattern."""
    state = _at(["G1 G1 G1 ..", E, E, E], store=["Y1"])
    assert _claims(texts(state)) == set()
    do(state, "resolve Y1", "enter bottom 4")
    assert _claims(texts(state)) == {"claim sweep"}


def test_claims_are_optional() -> None:
    """Ruling 7, 11: claims are optional: the player may finish without claiming."""
    state = _at(["G1 G1 G1 ..", E, E, E])
    assert "done" in texts(state)
    do(state, "done")
    assert seat_doc(state)["runes"] == []
    assert grid(state)[0] == "G1 G1 G1 .."


def test_claim_takes_the_card_discards_pattern_dice_scores_1_faces() -> None:
    """Runes: "Put each gained rune at the bottom left of your board, and discard from your
    grid the dice that form its pattern. Gain 1 point for each discarded die that showed 1";
    the card's points count towards the score."""
    state = _at(["G1 Ge G1 Y1", E, E, E])
    before = bag(state)
    do(state, "claim sweep")
    seat = seat_doc(state)
    assert [r["id"] for r in seat["runes"]] == ["sweep"]
    assert seat["grid"][0] == ".. .. .. Y1"
    assert seat["tokens"] == 2  # two 1 faces among the discarded dice
    assert bag(state)["G"] == before["G"] + 3
    assert state.scores()[0] == 2 + 1  # tokens + sweep's 1 point


def test_pattern_may_be_rotated() -> None:
    """Runes: "A pattern may be rotated": GGG stands vertically too."""
    state = _at(["Ge .. .. ..", "Ge .. .. ..", "Ge .. .. ..", E])
    assert "claim sweep" in texts(state)


@pytest.mark.parametrize(
    "rows",
    [
        # Landslide Y. / YY / .P as written, and turned 90, 180, 270 degrees (P = blue)
        ["Y1 .. .. ..", "Y1 Y1 .. ..", ".. B1 .. ..", E],
        [".. Y1 Y1 ..", "B1 Y1 .. ..", E, E],
        ["B1 .. .. ..", "Y1 Y1 .. ..", ".. Y1 .. ..", E],
        [".. Y1 B1 ..", "Y1 Y1 .. ..", E, E],
    ],
)
def test_chiral_pattern_matches_in_every_rotation(rows: list[str]) -> None:
    """Runes: a pattern may be rotated (all four quarter turns)."""
    assert "claim landslide" in texts(_at(rows))


@pytest.mark.parametrize(
    "rows",
    [
        # the mirror images of Landslide (Y. / YY / .P mirrored: .Y / YY / P.) and its turns
        [".. Y1 .. ..", "Y1 Y1 .. ..", "B1 .. .. ..", E],
        ["Y1 Y1 .. ..", ".. Y1 B1 ..", E, E],
    ],
)
def test_mirrored_pattern_does_not_match(rows: list[str]) -> None:
    """Runes: a pattern may be rotated "but not mirrored"."""
    assert "claim landslide" not in texts(_at(rows))


def test_pattern_smaller_than_grid_may_sit_anywhere() -> None:
    """Runes: "A pattern smaller than 4x4 may sit anywhere in the grid"."""
    state = _at([E, E, E, ".. G1 G1 G1"])
    assert "claim sweep" in texts(state)


def test_coloured_cell_needs_a_die_of_that_colour() -> None:
    """Cell codes: "A coloured cell must be filled by a die of that colour"."""
    state = _at(["G1 B1 G1 ..", E, E, E])
    assert "claim sweep" not in texts(state)


@pytest.mark.parametrize(
    ("p1", "p2", "ok"), [("G1", "G1", True), ("B1", "Be", True), ("G1", "Y1", False)]
)
def test_purple_cells_take_any_one_colour_all_the_same(p1: str, p2: str, ok: bool) -> None:
    """Cell codes: "A purple cell may be filled by any one colour (all purple cells of the
    pattern by the same colour)" (the pattern's own colour included). Wave Whip: BBB / P.P."""
    state = _at(["B1 B1 B1 ..", f"{p1} .. {p2} ..", E, E])
    assert ("claim wave_whip" in texts(state)) is ok


def test_white_cell_may_hold_a_die_that_stays() -> None:
    """Cell codes: "A white cell may be empty or hold any die (even of the pattern's colour)";
    it is not part of the claim, so its die stays in the grid."""
    state = _at(["B1 B1 B1 ..", "G1 Be G1 ..", E, E])
    assert "claim wave_whip" in texts(state)
    do(state, "claim wave_whip")
    assert grid(state)[:2] == [".. .. .. ..", ".. Be .. .."]
    assert seat_doc(state)["tokens"] == 5  # five 1 faces among the claimed dice


def test_white_cell_may_be_empty() -> None:
    """Cell codes: a white cell may be empty."""
    state = _at(["B1 B1 B1 ..", "G1 .. G1 ..", E, E])
    assert "claim wave_whip" in texts(state)


# ---------------------------------------------------------------------- mastery runes
TIDAL = ["Ge B1 Ye ..", "B1 B1 B1 ..", E, E]  # KBK / BBB with black cells green/yellow


def test_mastery_black_cells_accept_other_colours_and_stay() -> None:
    """Mastery runes: "black cells may be empty or hold dice, but must not hold a die of the
    same colour as the dice forming the pattern"; black cells are not discarded."""
    state = position(seats={0: {"grid": TIDAL}}, **SHOWN)
    assert "claim tidal_vortex" in texts(state)
    do(state, "claim tidal_vortex")
    assert grid(state)[:2] == ["Ge .. Ye ..", ".. .. .. .."]
    seat = seat_doc(state)
    assert [r["id"] for r in seat["runes"]] == ["tidal_vortex"]
    assert seat["tokens"] == 4
    owners = {m["rune"]: m["owner"] for m in pos(state)["mastery"]}
    assert owners["tidal_vortex"] == 0
    assert state.scores()[0] == 4 + 5  # the owned card's 5 points count


def test_mastery_black_cells_may_be_empty() -> None:
    """Mastery runes: black cells may be empty."""
    state = position(seats={0: {"grid": [".. B1 .. ..", "B1 B1 B1 ..", E, E]}}, **SHOWN)
    assert "claim tidal_vortex" in texts(state)


def test_mastery_black_cell_with_pattern_colour_blocks_the_claim() -> None:
    """Mastery runes: a black cell must not hold a die of the pattern's colour."""
    state = position(seats={0: {"grid": ["Be B1 .. ..", "B1 B1 B1 ..", E, E]}}, **SHOWN)
    assert "claim tidal_vortex" not in texts(state)


def _mastery_row(tidal_vortex_owner: int) -> list[dict[str, Any]]:
    """The 4 mastery runes, nobody's but Tidal Vortex (owned by the given seat)."""
    owners = {"tidal_vortex": tidal_vortex_owner}
    names = ["wind_walk", "tidal_vortex", "thunderbolt", "fortification"]
    return [{"rune": r, "owner": owners.get(r)} for r in names]


def test_mastery_rune_owned_by_another_gives_points_only() -> None:
    """Runes: completing "a mastery rune that another player already owns, you gain neither the
    card nor its ability, but you do gain the card's points (as point tokens) and the points for
    the pattern's 1 dice"."""
    mastery = _mastery_row(tidal_vortex_owner=1)
    state = position(
        seats={0: {"grid": TIDAL}, 1: {"runes": ["tidal_vortex"]}},
        mastery=mastery,
        **SHOWN,
    )
    do(state, "claim tidal_vortex")
    seat = seat_doc(state)
    assert seat["runes"] == []
    assert seat["tokens"] == 5 + 4  # the card's 5 points + four 1 faces
    owners = {m["rune"]: m["owner"] for m in pos(state)["mastery"]}
    assert owners["tidal_vortex"] == 1


def test_mastery_rune_completed_once_per_player() -> None:
    """Runes: "Each player can complete each mastery rune only once"."""
    mastery = _mastery_row(tidal_vortex_owner=1)
    state = position(
        seats={0: {"grid": TIDAL, "mastered": ["tidal_vortex"]}, 1: {"runes": ["tidal_vortex"]}},
        mastery=mastery,
        **SHOWN,
    )
    assert "claim tidal_vortex" not in texts(state)


def test_own_mastery_rune_not_claimed_again() -> None:
    """Runes: a player who owns a mastery rune cannot complete it again."""
    mastery = _mastery_row(tidal_vortex_owner=0)
    state = position(
        seats={0: {"grid": TIDAL, "runes": ["tidal_vortex"], "mastered": ["tidal_vortex"]}},
        mastery=mastery,
        **SHOWN,
    )
    assert "claim tidal_vortex" not in texts(state)


# ---------------------------------------------------------------------- several claims
def test_several_runes_claimed_in_one_turn_in_any_order() -> None:
    """Ruling 7, 11: "as many as satisfied", in the order the player picks."""
    rows = ["G1 G1 G1 ..", "B1 B1 B1 ..", "Y1 .. Y1 ..", E]
    state = _at(rows)
    assert _claims(texts(state)) == {"claim sweep", "claim wave_whip"}
    do(state, "claim wave_whip", "at a2 0")  # BBB on row 2, P.P = yellow on row 3
    assert "claim sweep" in texts(state)
    do(state, "claim sweep")
    assert sorted(r["id"] for r in seat_doc(state)["runes"]) == ["sweep", "wave_whip"]


@pytest.mark.parametrize(
    ("first", "then"), [("claim sweep", "claim wave_whip"), ("claim wave_whip", "claim sweep")]
)
def test_later_claim_needs_dice_still_in_the_grid(first: str, then: str) -> None:
    """Ruling 7: "each claim must be possible with dice still in the grid after earlier claims
    that turn": Sweep (GGG on row 1) and Wave Whip turned 180 degrees (P.P = green a1, c1 over
    BBB) share two green dice, so only one of them can be claimed."""
    state = _at(["G1 G1 G1 ..", "B1 B1 B1 ..", E, E])
    assert _claims(texts(state)) == {"claim sweep", "claim wave_whip"}
    do(state, first)
    assert then not in texts(state)
    assert len(seat_doc(state)["runes"]) == 1
