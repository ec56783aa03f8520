"""Runika's own texts in German and Japanese (the Japanese edition's terms: ドラフト,
ふり直し, 解決, 秘密ルーン, 功績, イニシアチブトークン): action labels, log lines and the pending
decision, in the terminal and on the web; ids and English unchanged."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from tests.i18n.i18n_helpers import new_table, play_in

from grimoire.core.i18n import language_scope
from grimoire.registry import make


def _play(lang: str, typed: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    return play_in(lang, "runika", typed, tmp_path, monkeypatch)


def test_a_japanese_terminal_game_lists_and_takes_a_typed_japanese_draft(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The draft (ステップ1: ダイスのドラフト): 'Gをドラフト' is listed, typed and played."""
    out = _play("ja", "Gをドラフト", monkeypatch, tmp_path)
    assert "   1 Gをドラフト" in out
    assert "you: 席0: Gをドラフト" in out
    assert "席0がテーブル中央からダイスを1個選ぶ" in out


def test_a_german_terminal_game_lists_and_takes_a_typed_german_draft(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("de", "g nehmen", monkeypatch, tmp_path)
    assert "   1 G nehmen" in out and "you: Platz 0: G nehmen" in out
    assert "Platz 0 nimmt einen Würfel aus der Mitte" in out
    assert "you: Platz 0: G nehmen" in _play("de", "draft G", monkeypatch, tmp_path)


def test_labels_and_log_lines_per_language_with_the_same_ids_and_english_unchanged() -> None:
    state = make("runika", 2).new_state(3)
    ids = state.legal_actions()
    english = [state.action_to_string(a) for a in ids]
    assert english == [state.codec.to_text(a) for a in ids]  # type: ignore[attr-defined]
    with language_scope("ja"):
        japanese = [state.action_to_string(a) for a in ids]
        assert state.legal_actions() == ids
    assert japanese[0] == english[0].split()[1] + "をドラフト"
    line = state.describe(0, ids[0], 1)
    with language_scope("de"):
        assert state.describe(0, ids[0], 1) == "Platz 0: " + english[0].split()[1] + " nehmen"
    assert line == f"seat 0: {english[0]}"


def test_a_german_web_payload_carries_runikas_german_labels(client: Any) -> None:
    game_id = new_table(client, "runika")
    url = f"/api/games/{game_id}/state"
    for _ in range(200):  # the bot may hold the initiative: wait for seat 0's first pick
        english = client.get(url, headers={"Accept-Language": "en"}).json()
        if english["actions"]:
            break
        time.sleep(0.02)
    german = client.get(url, headers={"Accept-Language": "de"}).json()
    assert english["actions"], "seat 0 never got to draft"
    assert [a["id"] for a in german["actions"]] == [a["id"] for a in english["actions"]]
    assert all(a["text"].endswith(" nehmen") for a in german["actions"])
    assert all(a["text"].startswith("draft ") for a in english["actions"])
    assert german["log"] and all(line["text"] for line in german["log"])
    assert german["log"][0]["text"] != english["log"][0]["text"]
