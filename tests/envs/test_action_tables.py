"""The committed per-game action-id tables (docs/actions/<game>.md) are current."""

from __future__ import annotations

from pathlib import Path

import grimoire
from grimoire.envs.actions import action_table, write_tables

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "actions"


def test_the_committed_tables_are_current() -> None:
    """docs/actions documents the games that ship with grimoire (``registry.BUILTIN``), not
    every registered game: the toys (and a plugin) have no table there."""
    stale = write_tables(FOLDER, check=True)  # default: the built-in games
    assert not stale, f"stale action tables {stale}: run scripts/action_tables.py"


def test_a_table_lists_every_id_with_its_text(tmp_path: Path) -> None:
    game = grimoire.make("fatal", grimoire.game_class("fatal").max_players)
    table = action_table("fatal")
    assert "## Kinds" in table  # each kind declared, above the ids
    ids = table.split(f"## {game.players} players", 1)[1]
    rows = [line for line in ids.splitlines() if line[:2] == "| "]
    assert len(rows) == game.num_actions + 2  # and the header rows
    state = game.new_state(0)
    assert rows[2].startswith(f"| 0 | {state.action_to_string(0)} |")
    (tmp_path / "fatal.md").write_text("an old table\n", "utf-8")
    assert write_tables(tmp_path, check=True, games=["fatal"]) == ["fatal.md"]
    assert (tmp_path / "fatal.md").read_text("utf-8") == "an old table\n"  # check writes nothing
