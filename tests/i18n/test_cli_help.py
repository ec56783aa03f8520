"""``grimoire --help`` and each command's help in the chosen language (--lang, GRIMOIRE_LANG);
every help text of the app is in the catalogue (cli/help_texts.py lists them)."""

from __future__ import annotations

from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from grimoire.cli.help_texts import HELP_TEXTS
from grimoire.cli.main import app
from grimoire.i18n import gettext

runner = CliRunner()


def _helps(command: Any) -> set[str]:
    found = {command.help} | {p.help for p in command.params if getattr(p, "help", None)}
    for sub in getattr(command, "commands", {}).values():
        found |= _helps(sub)
    return found - {None}


def test_every_help_text_is_listed_and_translated() -> None:
    helps = _helps(typer.main.get_command(app))
    assert helps == set(HELP_TEXTS)
    for lang in ("de", "ja"):
        assert not [text for text in HELP_TEXTS if gettext(text, lang) == text], lang


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def test_help_in_german_with_lang() -> None:
    result = runner.invoke(app, ["--lang", "de", "--help"])
    assert result.exit_code == 0, result.output
    out = _flat(result.output)
    assert "Brettspiele rund um Magie" in out and "Befehle" in out
    assert "Im Terminal gegen Bots spielen" in out
    assert "Play in the terminal against bots" not in out


def test_a_commands_help_in_japanese_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIMOIRE_LANG", "ja")
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0, result.output
    assert "ターミナルでボットと対戦する" in result.output and "オプション" in result.output
    assert "シード（標準: ランダム）" in result.output
    monkeypatch.delenv("GRIMOIRE_LANG")
    english = runner.invoke(app, ["play", "--help"])  # English again, in the same process
    assert "seed (default: random)" in english.output and "Options" in english.output
