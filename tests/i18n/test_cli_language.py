"""The terminal in another language: --lang, GRIMOIRE_LANG, the fallback, and 'rules'."""

from __future__ import annotations

import json
from pathlib import Path

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
    assert "Regeln: Ein Zug (aus de/fatal.md)" in result.output


def test_the_log_and_the_save_prompts_speak_german(tmp_path: Path) -> None:
    """What a person reads on every move (whose move it was) and when leaving (issue #14)."""
    mine = tmp_path / "mine.json"
    mine.write_text("{}")  # someone else's file: overwritten only after a yes ("j" in German)
    command = ["--lang", "de", "play", "ciub", "--players", "2", "--bots", "random"]
    command += ["--seed", "3", "--save-to", str(mine)]
    result = runner.invoke(app, command, input="1\nquit\n\nj\n")
    assert result.exit_code == 130, result.output
    text = " ".join(result.output.split())  # the console wraps long lines
    assert "Platz 2 (zufällig): Zug beenden" in text  # the bot's move (seat 1, counted from 1)
    assert "du: passen" in text  # the person's own
    assert "Spiel vor dem Verlassen speichern? [J/n, oder ein Dateiname]" in text
    assert "gibt es schon. Überschreiben? [j/N, oder ein anderer Dateiname]" in text
    assert "Gespeichert in" in text and "Saved to" not in text and "you:" not in text
    assert json.loads(mine.read_text())["format"].startswith("grimoire-save/")


def test_the_score_table_and_leaving_without_saving_in_japanese() -> None:
    result = runner.invoke(
        app,
        ["--lang", "ja", "play", "ciub", "--players", "2", "--bots", "random", "--seed", "3"],
        input="scores\nquit\nいいえ\n",
    )
    assert result.exit_code == 130, result.output
    assert "ボット（ランダム）" in result.output and "あなた" in result.output
    assert "保存せずに終了しました。" in result.output
