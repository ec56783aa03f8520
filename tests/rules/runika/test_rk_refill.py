"""Runika rune display refill (rules, "Clean-up")."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rules.runika.rk_helpers import (
    chance_texts,
    do,
    outcome,
    pos,
    position,
    runes_shown,
    seat_doc,
)

from grimoire.games.runika.state import RunikaState

PIVOT = ["Y1 Y1 .. ..", "Y1 .. .. ..", ".. .. .. ..", ".. .. .. .."]
SWEEP = ["G1 G1 G1 ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]


SHIPPED = Path(__file__).resolve().parents[3] / "src/grimoire/games/runika/data/components.toml"


def _state(
    rows: list[str],
    deck: list[str],
    display: list[list[str]] | None = None,
    components: str | None = None,
) -> RunikaState:
    fields = runes_shown("sweep", "pivot", "kindle")
    fields["deck"] = deck
    if display is not None:
        fields["display"] = display
    options = {"components": components} if components else {}
    seats = {0: {"grid": rows}, 1: {"store": ["G?"]}}
    return position(options=options, seats=seats, **fields)


@pytest.fixture
def two_sweeps(tmp_path: Path) -> str:
    """Components with two Sweep cards (the shipped data has one of each rune; identical
    runes meet on the display only with two or more)."""
    text = SHIPPED.read_text(encoding="utf-8")
    old = 'id = "sweep"\n'
    assert text.count(old) == 1
    path = tmp_path / "components.toml"
    path.write_text(text.replace(old, old + "copies = 2\n"), encoding="utf-8")
    return str(path)


def test_taken_basic_rune_is_replaced_from_the_deck() -> None:
    """Clean-up: "when a basic rune card has been taken, refill the display from the rune
    deck"."""
    state = _state(PIVOT, ["charm", "gale"])
    do(state, "claim pivot")
    assert set(chance_texts(state)) == {"rune charm", "rune gale"}
    outcome(state, "rune gale")
    assert pos(state)["display"] == [["sweep"], ["gale"], ["kindle"]]
    assert pos(state)["deck"] == ["charm"]


def test_identical_drawn_rune_is_stacked_and_another_drawn(two_sweeps: str) -> None:
    """Clean-up: "If the drawn rune is identical to one already displayed, put it on top of
    that one and draw another to fill the space"."""
    state = _state(PIVOT, ["sweep", "charm"], components=two_sweeps)
    do(state, "claim pivot")
    outcome(state, "rune sweep")
    assert pos(state)["display"][0] == ["sweep", "sweep"]
    assert chance_texts(state) == ["rune charm"]
    outcome(state, "rune charm")
    assert pos(state)["display"] == [["sweep", "sweep"], ["charm"], ["kindle"]]


def test_claim_from_a_stack_takes_only_its_top_card(two_sweeps: str) -> None:
    """Clean-up: "Gaining from a stack takes just its top card"."""
    display = [["sweep", "sweep"], ["pivot"], ["kindle"]]
    state = _state(SWEEP, ["charm"], display=display, components=two_sweeps)
    do(state, "claim sweep")
    # the space still shows a sweep: no rune is drawn (the next chance is seat 1's roll)
    assert not any(t.startswith("rune") for t in chance_texts(state))
    assert pos(state)["display"] == [["sweep"], ["pivot"], ["kindle"]]
    assert [r["id"] for r in seat_doc(state)["runes"]] == ["sweep"]


def test_no_refill_without_a_taken_rune() -> None:
    """Clean-up: the refill follows a taken rune; a turn without a claim draws none."""
    state = _state(PIVOT, ["charm", "gale"])
    do(state, "done")
    assert pos(state)["deck"] == ["charm", "gale"]
    assert pos(state)["display"] == [["sweep"], ["pivot"], ["kindle"]]
    assert not any(t.startswith("rune") for t in chance_texts(state))
