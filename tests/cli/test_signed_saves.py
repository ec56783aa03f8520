"""Saves the terminal writes are signed with the installation's key (core/documents.py): read
back, they load without the full try-out (issue 34: checked loads at the cost of trusted ones for
the engine's own documents) and identical; an edited, foreign or unsigned file is checked in
full."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import grimoire
from grimoire.bots import make_bot
from grimoire.cli import documents
from grimoire.cli.documents import read_document, save_document
from grimoire.cli.saving import write_json
from grimoire.core.documents import is_signed, signed_json
from grimoire.core.errors import InvalidPosition
from grimoire.core.state import CHANCE, history_from_json
from grimoire.sim import play_game


def _mid_game(name: str, players: int) -> grimoire.State:
    game = grimoire.make(name, players)
    result = play_game(game, [make_bot("random", game, seat) for seat in range(players)], 5)
    assert result.record is not None
    state = game.new_state(5, resolve_chance=False)
    for actor, action in result.record.actions[: len(result.record.actions) // 2]:
        state.apply(action, actor)
    return state


@pytest.fixture
def trusted_flags(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The ``trusted`` flag each document read in the test was parsed with."""
    seen: list[bool] = []
    parse = documents.parse_document

    def spy(doc: dict[str, Any], *, trusted: bool = False) -> documents.Document:
        seen.append(trusted)
        return parse(doc, trusted=trusted)

    monkeypatch.setattr(documents, "parse_document", spy)
    return seen


@pytest.mark.parametrize(("name", "players"), [("ciub", 2), ("five-seals", 2), ("runika", 2)])
def test_an_own_save_loads_trusted_and_identical(
    name: str, players: int, tmp_path: Path, trusted_flags: list[bool]
) -> None:
    state = _mid_game(name, players)
    path = tmp_path / "save.json"
    write_json(path, save_document(state, [0], {1: "random"}))
    assert is_signed(path.read_bytes(), grimoire.__version__)
    loaded = read_document(path)
    assert trusted_flags == [True]
    assert loaded.state.to_json() == state.to_json()
    assert loaded.humans == [0] and loaded.bots == {1: "random"}


def test_an_edited_save_is_checked_in_full(tmp_path: Path, trusted_flags: list[bool]) -> None:
    state = _mid_game("ciub", 2)
    path = tmp_path / "save.json"
    write_json(path, save_document(state, [0], {}))
    text = path.read_text()
    doc = json.loads(text)
    doc["position"]["history"][3] = [CHANCE - 5, 0]  # an actor no game has
    edited = json.dumps(doc, indent=1)
    # the signature kept as it was: it no longer matches the text
    path.write_text(edited[:-2] + f',\n "signature": "{doc["signature"]}"\n}}')
    assert not is_signed(path.read_bytes(), grimoire.__version__)
    with pytest.raises(InvalidPosition, match=r"history\[3\]"):
        read_document(path)
    assert trusted_flags == [False]


def test_a_save_reformatted_or_from_another_installation_is_checked(
    tmp_path: Path, trusted_flags: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _mid_game("five-seals", 2)
    doc = save_document(state, [0], {})
    signed = signed_json(doc, grimoire.__version__)
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads(signed), indent=4))  # the same content, new text
    assert read_document(pretty).state.to_json() == state.to_json()
    monkeypatch.setenv("GRIMOIRE_KEY_FILE", str(tmp_path / "other.key"))
    foreign = tmp_path / "foreign.json"
    foreign.write_text(signed)
    assert not is_signed(foreign.read_bytes(), grimoire.__version__)
    assert read_document(foreign).state.to_json() == state.to_json()
    assert trusted_flags == [False, False]


def test_without_a_key_saves_are_unsigned_and_checked(
    tmp_path: Path, trusted_flags: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("GRIMOIRE_KEY_FILE", str(blocker / "signing.key"))  # cannot be made
    state = _mid_game("runika", 2)
    path = tmp_path / "save.json"
    write_json(path, save_document(state, [0], {}))
    assert "signature" not in json.loads(path.read_text())
    assert read_document(path).state.to_json() == state.to_json()
    assert trusted_flags == [False]


def test_the_key_is_made_once_for_the_owner_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = tmp_path / "deep" / "signing.key"
    monkeypatch.setenv("GRIMOIRE_KEY_FILE", str(key))
    first = signed_json({"a": 1}, "1.0")
    assert key.stat().st_mode & 0o777 == 0o600
    assert signed_json({"a": 1}, "1.0") == first and is_signed(first.encode(), "1.0")
    assert not is_signed(first.encode(), "1.1")  # another version's: checked in full


GOOD = [[0, 5], [CHANCE, 2], (1, 7)]


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        ([0, True], 0),
        (["0", 5], 0),
        ([0], 0),
        ([0, 1, 2], 0),
        ({"0": 1, "1": 2}, 0),
        ([CHANCE - 1, 3], 0),
        ([0, 2.0], 0),
        ("ab", 0),
    ],
)
def test_a_history_is_checked_entry_by_entry(bad: Any, where: int) -> None:
    assert history_from_json(GOOD) == [(0, 5), (CHANCE, 2), (1, 7)]
    with pytest.raises(InvalidPosition, match=rf"history\[{len(GOOD) + where}\]"):
        history_from_json([*GOOD, bad, [0, 1]])
