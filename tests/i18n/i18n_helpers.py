"""Helpers of the i18n tests: a table with a person and a random bot (``new_table``) and a few
typed words in a terminal game in a language (``play_in``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grimoire.cli.main import app


def new_table(client: Any, game: str, **options: Any) -> str:
    """A running 2-seat table of ``game``: seat 0 a person (this client), seat 1 a random bot."""
    body = {
        "game": game,
        "players": 2,
        "name": "Ann",
        "options": options,
        "seats": [{"kind": "person"}, {"kind": "bot", "level": "random"}],
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return str(response.json()["state"]["id"])


def play_in(lang: str, game: str, typed: str, where: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The terminal's output of a seeded 2-player ``game`` in ``lang`` where a person types
    ``typed`` and then quits without saving (run in ``where``, so no save lands elsewhere)."""
    monkeypatch.chdir(where)
    command = ["--lang", lang, "play", game, "--players", "2", "--seed", "3"]
    result = CliRunner().invoke(app, command, input=f"{typed}\nquit\nn\n")
    assert result.exit_code == 130, result.output
    return result.output
