"""Component data: the shipped file through core's ComponentLoader, and a user's own file
(option ``components``) refused with a ComponentError naming what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rules.ciub.ciub_helpers import ciub_game

import grimoire
from grimoire.core.components import ComponentError
from grimoire.games.ciub.components import LOADER

SHIPPED = LOADER.text(None)


def test_the_shipped_file_builds_every_component() -> None:
    """62 dice (20 white, 7 of each power colour), 33 cards (the Opus Magnum is card 33)."""
    comp = LOADER.load(None)
    assert comp.num_dice == 62 and len(comp.colours) == 7
    assert len(comp.cards) == 33 and comp.opus.id == 33
    assert set(comp.provenance) >= {"dice", "cards", "setup", "counts"}


def test_a_users_file_with_other_data_is_another_edition(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(SHIPPED.replace("white_per_player = 5", "white_per_player = 4"), "utf-8")
    mine = ciub_game(grimoire.make("ciub", players=2, components=str(path)))
    assert mine.components.white_per_player == 4
    assert mine.data_hash != grimoire.make("ciub", players=2).data_hash


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ('counts = "RULEBOOK', 'counts = "a guess', "provenance"),
        ('"1", "2", "3", "4", "swap", "swap"', '"1", "2", "3", "4", "swap"', "6 faces"),
        ('"1", "2", "3", "4", "swap", "swap"', '"1", "2", "3", "4", "swap", "joker"', "joker"),
        ('need = "4="', 'need = "four"', "four"),
        ("white_per_player = 5", "white_per_player = -5", "white_per_player"),
        ("2 = [4, 4, 4]", "2 = [4, 4]", "remove_normal.2"),
        ('letter = "D"', 'letter = "C"', "Opus Magnum"),
    ],
)
def test_a_broken_file_is_refused_naming_the_fault(
    tmp_path: Path, old: str, new: str, why: str
) -> None:
    assert old in SHIPPED
    path = tmp_path / "broken.toml"
    path.write_text(SHIPPED.replace(old, new, 1), "utf-8")
    with pytest.raises(ComponentError, match=why):
        grimoire.make("ciub", players=2, components=str(path))


def test_a_missing_or_garbled_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ComponentError, match="cannot read"):
        grimoire.make("ciub", players=2, components=str(tmp_path / "nowhere.toml"))
    path = tmp_path / "garbled.toml"
    path.write_text("[dice\n", "utf-8")
    with pytest.raises(ComponentError, match="not TOML"):
        grimoire.make("ciub", players=2, components=str(path))
