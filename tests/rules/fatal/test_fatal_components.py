"""Component data: data files with a provenance tag per field, loadable from a user's own file
(an owner of the cards replaces the PROPOSED deck without code)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from tests.rules.fatal.fatal_helpers import make, new_state

from grimoire.core.components import PROVENANCE_TAGS
from grimoire.core.errors import InvalidOptions
from grimoire.games.fatal.components import LOADER

SHIPPED = LOADER.text(None)


def test_shipped_data_matches_the_components_file() -> None:
    """Components: 52 visions (13 per type; per type 4 stone, 4 multiblade, 4 parchment, 1
    without symbol), 9 enchantment kinds x 2, treasures 3 2 1 1 -1 per colour, the chart."""
    comp = make(3).comp
    assert len(comp.visions) == 52
    for vtype in ("DRAW", "TAKE", "STEAL", "DISCARD"):
        kinds = [v for v in comp.visions if v.type == vtype]
        assert len(kinds) == 13
        assert [
            sum(v.symbol == s for v in kinds) for s in ("stone", "multiblade", "parchment", "none")
        ] == [4, 4, 4, 1]
    assert sum(e.copies for e in comp.enchantments) == 18
    assert [e.name for e in comp.enchantments][:2] == ["Elemental Shield", "Magical Swap"]
    assert comp.values == (3, 2, 1, 1, -1) and comp.chart == (1, 3, 6, 10, 15)
    assert all(1 <= v.tip_stars <= 2 for v in comp.visions)
    assert make(3).num_actions == 239


def test_every_field_has_a_provenance_tag() -> None:
    comp = make(3).comp
    for table, fields in comp.provenance.items():
        for field, tag in fields.items():
            assert tag.startswith(PROVENANCE_TAGS), (table, field, tag)


def test_a_users_own_file_replaces_the_data(tmp_path: Path) -> None:
    """Option components: a file of the same shape replaces the cards; the data hash (in facts,
    positions and records) changes with it."""
    text = SHIPPED.replace('name = "Pickpocket"', 'name = "Sticky Fingers"').replace(
        'key = "double"\nname = "Double Vision"\neffect = "double"\ncopies = 2',
        'key = "double"\nname = "Double Vision"\neffect = "double"\ncopies = 3',
    )
    path = tmp_path / "mine.toml"
    path.write_text(text)
    game = make(3, components=str(path))
    assert game.comp.card_by_name("Sticky Fingers") is not None
    assert game.lay.num_cards == 71
    assert game.data_hash != make(3).data_hash
    state = new_state(game, 3)
    assert sum(len(h) for h in state.hands) == 12


def test_a_file_without_provenance_is_refused(tmp_path: Path) -> None:
    doc = tomllib.loads(SHIPPED)
    assert doc["visions"]["provenance"]["tip_stars"]
    text = SHIPPED.replace('tip_stars = "PROPOSED (RULEBOOK:', 'tip_stars = "(RULEBOOK:')
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InvalidOptions, match="provenance"):
        make(3, components=str(path))
    with pytest.raises(InvalidOptions, match="cannot read"):
        make(3, components=str(tmp_path / "missing.toml"))
