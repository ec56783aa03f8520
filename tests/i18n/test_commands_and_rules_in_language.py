"""The terminal's commands typed in the person's language (English always understood), and the
rules in context in German and Japanese (docs/rules/<lang>/<game>.md), with an English fallback
that says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.i18n.i18n_helpers import play_in
from typer.testing import CliRunner

from grimoire import rulebook
from grimoire.cli.main import app
from grimoire.registry import game_class, games
from grimoire.rulebook import SEARCH, rule_for, translated

runner = CliRunner()


def _flat(text: str) -> str:
    return " ".join(text.split())  # the console wraps long lines


def test_hilfe_lists_the_german_commands(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _flat(play_in("de", "ciub", "hilfe", tmp_path, monkeypatch))
    assert "Weitere Befehle: 'hilfe', 'punkte', 'regeln', 'speichern [DATEI]', 'beenden'" in out
    assert "Die englischen Befehle gehen auch." in out
    assert "nicht lesbar" not in out and "Nicht möglich" not in out  # not taken for an action


def test_speichern_and_beenden_in_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    command = ["--lang", "de", "play", "ciub", "--players", "2", "--seed", "3"]
    result = runner.invoke(app, command, input="speichern mein.json\nbeenden\nn\n")
    assert result.exit_code == 130, result.output
    assert (tmp_path / "mein.json").is_file()
    assert "Gespeichert in" in result.output


def test_japanese_commands_and_english_ones_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _flat(play_in("ja", "ciub", "ヘルプ\nルール\nhelp", tmp_path, monkeypatch))
    assert "'ヘルプ', '得点', 'ルール', '保存 [ファイル]', 'やめる'" in out
    assert "ルール: 手番 (de/ciub.md" not in out and "ja/ciub.md" in out
    assert "**フェーズ1**" in out
    assert out.count("その他のコマンド") >= 3  # the first line, ヘルプ and help


def test_regeln_prints_the_german_rules_of_the_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _flat(play_in("de", "ciub", "regeln", tmp_path, monkeypatch))
    assert "Regeln: Ein Zug (aus de/ciub.md)" in out
    assert "Setze deinen Marker" in out and "place your marker" not in out
    assert "noch nicht übersetzt" not in out


def test_a_section_without_translation_is_english_with_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rulebook, "translated", lambda lang, document: {})
    out = _flat(play_in("de", "ciub", "regeln", tmp_path, monkeypatch))
    assert "Regeln: A turn (aus ciub.md)" in out
    assert "Dieser Abschnitt ist noch nicht übersetzt: hier steht er auf Englisch." in out
    assert "place your marker" in out


TRANSLATED_RULES = [
    (lang, name)
    for name in sorted(games())
    for lang in ("de", "ja")
    if game_class(name).rules_file
    and (SEARCH[0] / lang / str(game_class(name).rules_file)).is_file()
]


def test_every_game_has_its_rules_translated() -> None:
    assert {name for _, name in TRANSLATED_RULES} == {
        name for name in games() if game_class(name).rules_file
    }


@pytest.mark.parametrize(("lang", "name"), TRANSLATED_RULES)
def test_a_translation_has_every_section_the_panel_shows_and_no_other(lang: str, name: str) -> None:
    cls = game_class(name)
    keys = set(cls.phase_rules.values())
    found = translated(lang, str(cls.rules_file))
    assert set(found) == keys
    assert all(heading and text for heading, text in found.values())
    game = cls(cls.min_players)
    state = game.new_state(1)
    rule = rule_for(game, state, lang)
    assert rule is not None and rule.language == lang
    assert rule.document == f"{lang}/{cls.rules_file}"


def test_the_rules_api_answers_in_the_pages_language(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.i18n.i18n_helpers import new_table

    game_id = new_table(client, "ciub", start_player=0)
    url = f"/api/games/{game_id}/rules"
    german = client.get(url, headers={"Accept-Language": "de"}).json()
    assert german["heading"] == "Ein Zug" and german["language"] == "de"
    assert german["document"] == "de/ciub.md" and german["note"] is None
    assert "Setze deinen Marker" in german["text"]
    monkeypatch.setattr(rulebook, "translated", lambda lang, document: {})
    fallback = client.get(url, headers={"Accept-Language": "ja"}).json()
    assert fallback["heading"] == "A turn" and fallback["language"] == "en"
    assert fallback["note"] == "この節はまだ翻訳されていません。英語のまま表示します。"


@pytest.mark.parametrize(
    ("lang", "typed", "listed"),
    [
        ("de", "karte 1\nzauber Leap\nlegende\nhilfe", "'karte' (der ganze Spielplan; 'karte 2'"),
        ("ja", "地図 1\n呪文 Leap\n凡例\nヘルプ", "'地図' (盤面全体; '地図 2'で1区画)"),
    ],
)
def test_five_seals_own_commands_in_the_persons_language(
    lang: str, typed: str, listed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _flat(play_in(lang, "five-seals", f"{typed}\nmap 2", tmp_path, monkeypatch))
    assert out.count(listed) >= 2  # the first line and the help line list them in the language
    # the map of wedge 1, the legend, and the English 'map 2' (understood in every language)
    words = {
        "de": ("Spielplan, Segment 1", "Legende:", "Spielplan, Segment 2"),
        "ja": ("盤面、区画1", "凡例:", "盤面、区画2"),
    }[lang]
    assert all(word in out for word in words), words
    assert "Leap over a reachable unblocked token" in out  # the spell's text (still English)
    assert "'map'" not in out and "'spells'" not in out  # the words are the person's
    for refusal in ("nicht lesbar", "Nicht möglich", "読めない"):
        assert refusal not in out
