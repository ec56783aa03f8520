"""Ciúb's own texts in German (the German edition's terms) and Japanese: action labels, log
lines, the board's headings and refusal reasons, in the terminal and in the game's functions;
records, ids and English stay as they were."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.i18n.i18n_helpers import play_in

from grimoire.core.i18n import language_scope
from grimoire.registry import make


def _play(lang: str, typed: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    return play_in(lang, "ciub", typed, tmp_path, monkeypatch)


def test_a_german_terminal_game_shows_the_editions_terms_and_takes_a_typed_german_action(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Phase 1 in German: 'passen' is listed, typed and played (the turn moves to phase 2)."""
    out = _play("de", "Passen", monkeypatch, tmp_path)
    for term in ("Obere Reihe", "Untere Reihe", "Vorrat", "Würfelschale", "Marker einsetzen"):
        assert term in out
    assert "   1 passen" in out and "du: passen" in out
    assert "Phase 2:" in out  # the typed action was played
    assert "Top row" not in out and "phase 1:" not in out


def test_a_japanese_terminal_game_shows_japanese_labels_and_takes_a_typed_japanese_action(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("ja", "パス", monkeypatch, tmp_path)
    assert "上段" in out and "ストック" in out and "   1 パス" in out
    assert "あなた: パス" in out and "フェイズ2" in out


def test_numbers_and_english_texts_are_still_taken_in_german(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert "du: passen" in _play("de", "pass", monkeypatch, tmp_path)
    assert "du: passen" in _play("de", "1", monkeypatch, tmp_path)


def test_labels_templates_and_log_lines_in_each_language_but_the_same_ids() -> None:
    """'swap {die} for {colour}' is one template per language (word order is the language's);
    the action ids and the record do not depend on the language."""
    state = make("ciub", 2).new_state(3)
    while state.is_chance():
        outcome = state.chance_outcomes()[0][0]
        with language_scope("de"):
            german_line = state.describe(-1, outcome, 0)
        english_line = state.describe(-1, outcome, 0)
        assert german_line != english_line
        state.apply(outcome)
    ids = state.legal_actions()
    english = [state.action_to_string(a) for a in ids]
    with language_scope("de"):
        german = [state.action_to_string(a) for a in ids]
        assert state.legal_actions() == ids
    with language_scope("ja"):
        japanese = [state.action_to_string(a) for a in ids]
    assert english[0] == "pass" and german[0] == "passen" and japanese[0] == "パス"
    assert {"mark 8", "Marker auf 8", "8にマーカーを置く"} <= set(english + german + japanese)


def test_a_refusal_reason_in_german() -> None:
    """The rules' reason for a refused text is in the chosen language."""
    from grimoire.core.errors import IllegalAction

    state = make("ciub", 2).new_state(3)
    while state.is_chance():
        state.resolve_chance()
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        state.parse_action("claim 99")
    assert str(refused.value) == "es gibt keine Karte '99' (z. B. 1, 2, 3)"
    with pytest.raises(IllegalAction) as refused:
        state.parse_action("claim 99")
    assert str(refused.value) == "there is no card '99' (say e.g. 1, 2, 3)"


def test_the_rules_reason_for_an_action_out_of_its_phase_in_german_and_japanese() -> None:
    """explain.why_not: claiming in phase 1 is refused with the phase it belongs to."""
    from grimoire.core.errors import IllegalAction

    state = make("ciub", 2).new_state(3)
    while state.is_chance():
        state.resolve_chance()
    card = state.view(0)["bottom"][0]["id"]
    claim = state.parse_action(f"claim {card}")
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        state.apply(claim)
    assert str(refused.value).startswith(
        f"'{card} erfüllen' ist nicht möglich: das geschieht in Phase 3 (eine Zauberkarte "
        "erfüllen), und jetzt ist Phase 1"
    )
    with language_scope("ja"), pytest.raises(IllegalAction) as refused:
        state.apply(claim)
    assert str(refused.value).startswith(f"'{card}を獲得'はできない: それはフェイズ3")
    with pytest.raises(IllegalAction) as refused:
        state.apply(claim)
    assert str(refused.value).startswith(f"'claim {card}' is not possible: that is done in phase 3")
