"""The terminal in another language: --lang, GRIMOIRE_LANG, the fallback, and 'rules'."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from grimoire.cli.main import app

runner = CliRunner()


def test_lang_ja_prints_japanese() -> None:
    result = runner.invoke(app, ["--lang", "ja", "play", "ciub", "--seed", "3"], input="quit\nn\n")
    assert result.exit_code == 130, result.output
    assert "プレイヤー 3 人。" in result.output
    assert "あなたの選択" in result.output
    assert "Your choice" not in result.output


def test_grimoire_lang_chooses_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIMOIRE_LANG", "de_DE.UTF-8")
    result = runner.invoke(app, ["play", "ciub", "--seed", "3"], input="scores\nquit\nn\n")
    assert result.exit_code == 130, result.output
    assert "Deine Wahl" in result.output and "Punkte" in result.output


def test_an_unknown_language_falls_back_to_english_and_says_so() -> None:
    result = runner.invoke(app, ["--lang", "xx", "play", "ciub", "--seed", "3"], input="quit\nn\n")
    assert result.exit_code == 130, result.output
    assert "unknown language 'xx'; using English (known: en, de, ja)" in result.output
    assert "Your choice" in result.output


def test_rules_prints_the_section_of_the_current_step() -> None:
    # Ciúb: seat 0 first decides in phase 1 of a turn; the section is "A turn" of ciub.md
    result = runner.invoke(app, ["play", "ciub", "--seed", "3"], input="rules\nquit\nn\n")
    assert result.exit_code == 130, result.output
    assert "Rules: A turn (from ciub.md)" in result.output
    assert "**Phase 1**" in result.output
    result = runner.invoke(
        app, ["--lang", "de", "play", "fatal", "--seed", "3"], input="rules\nquit\nn\n"
    )
    assert 'Regeln: A turn (rulebook "Game Play") (aus fatal.md)' in result.output
