"""Runika's data file (issue 9, "Data"; docs/rules/runika.md, "Components"): every field has a
provenance tag, and a user's own file replaces the dice faces, the disc order and the
starting-rune marks without a code change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.rules.runika.rk_helpers import (
    do,
    game,
    pos,
    position,
    runika_state,
    seat_doc,
    texts,
)

from grimoire.core.errors import InvalidOptions

DATA = Path(__file__).parents[3] / "src/grimoire/games/runika/data/components.toml"
TAGS = ("RULEBOOK", "SOURCED", "PROPOSED", "RULING")


def _copy(tmp_path: Path, *edits: tuple[str, str]) -> str:
    """The shipped file copied with each (old, new) edit made once."""
    text = DATA.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "components.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_provenance_entry_of_the_shipped_file_is_tagged() -> None:
    """Data: "as data files with provenance tags": every entry of every provenance table
    starts with one of the four tags."""
    import tomllib

    doc = tomllib.loads(DATA.read_text(encoding="utf-8"))
    tables = {k: v for k, v in doc.items() if k.endswith("provenance")}
    tables["game.provenance"] = doc["game"]["provenance"]
    assert {"colour_provenance", "rune_provenance", "professor_provenance"} <= set(tables)
    for name, table in tables.items():
        for field, tag in table.items():
            assert str(tag).startswith(TAGS), (name, field, tag)


def test_a_file_without_a_provenance_tag_is_refused(tmp_path: Path) -> None:
    """The loader refuses a table field without its tag, naming the field."""
    path = _copy(tmp_path, ('points = "PROPOSED: every value"\n', ""))
    with pytest.raises(InvalidOptions, match="'points' needs a provenance tag"):
        game(2, components=path)


def test_a_users_file_changes_the_red_faces(tmp_path: Path) -> None:
    """A corrected face table is read from the file: a red die with two flame faces rolls a
    flame twice as often (chance weights), the shipped one once in six."""
    red = 'faces = ["1", "1", "element", "element", "rotate", "flame"]'
    path = _copy(tmp_path, (red, red.replace('"rotate"', '"flame"')))
    for components, flames in ((path, 2 / 6), (None, 1 / 6)):
        options = {"components": components} if components else {}
        rolling = [{"k": "main", "s": 0, "st": "roll"}]
        seats = {0: {"store": ["R?"], "stack": rolling}, 1: {"store": ["G?"]}}
        state = position(options=options, seats=seats)
        weights = {state.action_to_string(a): w for a, w in state.chance_weights()}
        flame = sum(w for text, w in weights.items() if text.startswith("roll Rf"))
        assert flame / sum(weights.values()) == pytest.approx(flames)


def test_a_users_file_changes_the_disc_order(tmp_path: Path) -> None:
    """The disc's colour order is data (PROPOSED): with blue on the right and red on the left,
    a red 1 face enters from the left side."""
    red, blue = 'element = "fire"\nside = "right"', 'element = "water"\nside = "left"'
    swap = ((red, red.replace("right", "left")), (blue, blue.replace("left", "right")))
    path = _copy(tmp_path, *swap)
    for components, side in ((path, "left"), (None, "right")):
        options = {"components": components} if components else {}
        state = position(options=options, seats={0: {"store": ["R1"]}, 1: {"store": ["G?"]}})
        do(state, "resolve R1")
        assert {t.split()[1] for t in texts(state) if t.startswith("enter")} == {side}


def test_a_users_file_changes_the_starting_rune_marks(tmp_path: Path) -> None:
    """Starting-rune marks are data: unmarking Sweep in a copied file means gaining it no longer
    ends the short game (``starting_rune_end``)."""
    sweep = 'pattern = "GGG"\npoints = 1\ntiming = "R"\nstart = true'
    path = _copy(tmp_path, (sweep, sweep.replace("start = true", "start = false")))
    rows = ["G1 G1 G1 ..", ".. .. .. ..", ".. .. .. ..", ".. .. .. .."]
    main = [{"k": "main", "s": 0, "st": "claims"}]
    for components, marked in ((None, True), (path, False)):
        options = {"starting_rune_end": True, **({"components": components} if components else {})}
        shown: dict[str, Any] = {"display": [["sweep"], ["blaze"], ["spark"]]}
        state = position(options=options, seats={0: {"grid": rows, "stack": main}}, **shown)
        comp_basic = [state.comp.runes[r].id for r in state.comp.basic]
        doc = state.to_json(history=False)
        doc["position"]["deck"] = [r for r in comp_basic if r not in ("sweep", "blaze", "spark")]
        state = runika_state(state.game.state_from_json(doc))
        do(state, "claim sweep")
        assert [r["id"] for r in seat_doc(state)["runes"]] == ["sweep"]
        assert pos(state)["start_done"] is marked
