"""F.A.T.A.L.'s own texts in German and Japanese (our careful translation of the English
rulebook: Trimagie/トリマジック, Vision/ヴィジョン, Geburtszeichen/誕生サイン,
Verzauberung/エンチャント, Schatz/宝物, Auslage/展示): action labels, log lines (the hidden
ones too), the pending decision, the terminal board and the refusals, in the terminal and in
the game's functions; action ids, records and the English texts stay as they were."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.rules.fatal.fatal_helpers import new_state
from typer.testing import CliRunner

from grimoire.cli.main import app
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.core.state import State
from grimoire.games.fatal.state import FatalState
from grimoire.registry import make


def _play(lang: str, typed: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """A seeded 3-player terminal game (F.A.T.A.L. needs three) in ``lang``: seat 0 (a person)
    passes step 1 (its only choice), is offered step 3 (no vision of its own may steal yet, so
    step 2 is skipped), types ``typed`` and quits without saving."""
    monkeypatch.chdir(tmp_path)
    command = ["--lang", lang, "play", "fatal", "--players", "3", "--seed", "3"]
    result = CliRunner().invoke(app, command, input=f"{typed}\nquit\nn\n")
    assert result.exit_code == 130, result.output
    return result.output


def test_a_german_terminal_game_lists_and_takes_a_typed_german_label(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("de", "v20 in reihe 2", monkeypatch, tmp_path)
    assert "Schritt 3: eine Vision in eine Reihe spielen, oder fertig" in out
    assert "   1 fertig" in out and "   5 V20 in Reihe 2" in out
    assert "du: spielt V20 (TAKE multiblade) in Reihe 2" in out
    # the hidden card drawn for playing it: the person sees nothing of it but the fact
    assert "Platz 1 legt eine Karte verdeckt beiseite" in out  # seat 0: people count from 1
    for word in ("Auslage", "Schatzstapel", "Spielstapel", "Charakter", "Deine Hand", "Spitze"):
        assert word in out
    assert "play V20 row 2" not in out and "Display:" not in out


def test_a_japanese_terminal_game_lists_and_takes_a_typed_japanese_label(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("ja", "V20を列2に出す", monkeypatch, tmp_path)
    assert "ステップ3: ヴィジョンを列に出す、または終了" in out
    assert "   5 V20を列2に出す" in out
    assert "あなた: V20 (TAKE multiblade)を列2に出す" in out
    assert "展示" in out and "宝物の山" in out and "あなたの手札" in out


def test_numbers_and_the_english_text_are_still_taken_in_german(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    played = "du: spielt V20 (TAKE multiblade) in Reihe 2"
    assert played in _play("de", "play V20 row 2", monkeypatch, tmp_path)
    assert played in _play("de", "5", monkeypatch, tmp_path)


def _dealt() -> FatalState:
    """A 3-player game at its first decision (seat 2 starts with seed 3)."""
    state = new_state(make("fatal", 3), 3)
    assert not state.is_chance()
    return state


def test_labels_prompt_and_log_lines_per_language_with_the_same_ids_and_english_unchanged() -> None:
    state = _dealt()
    seat = next(iter(state.seats_to_act()))
    ids = state.legal_actions(seat)
    english = [state.action_to_string(a) for a in ids]
    assert english == [state.game.codec.english(a) for a in ids]
    assert english[0] == "done"
    prompt = state.view(seat)["prompt"]
    assert prompt == (
        f"seat {seat + 1}: step 1: play an enchantment, exchange cards for a treasure, or done"
    )
    with language_scope("de"):
        assert state.legal_actions(seat) == ids
        assert state.action_to_string(ids[0]) == "fertig"
        assert state.view(seat)["prompt"] == (
            f"Platz {seat + 1}: Schritt 1: eine Verzauberung spielen, Karten gegen einen Schatz "
            "tauschen, oder fertig"
        )
        assert state.describe(seat, ids[0], 0) == f"Platz {seat + 1}: keine Verzauberung"
    with language_scope("ja"):
        assert state.action_to_string(ids[0]) == "終了"
        assert state.view(seat)["prompt"].startswith(f"席{seat + 1}: ステップ1: エンチャントを使う")
        assert state.describe(seat, ids[0], 0) == f"席{seat + 1}: エンチャントなし"
    assert state.describe(seat, ids[0], 0) == f"seat {seat + 1}: no enchantment"
    assert [state.action_to_string(a) for a in ids] == english


def test_every_label_of_a_kind_is_translated_whole_and_reads_back_in_english() -> None:
    """One template per kind ('steal seat {seat} row {row}'), word order the language's own;
    the English text still parses to the same id in any language."""
    state = _dealt()
    codec, first = state.codec, state.ids
    cases = {
        first.a_play(0, 1): ("play V01 row 2", "V01 in Reihe 2", "V01を列2に出す"),
        first.a_steal(2, 0): (
            "steal seat 3 row 1",  # seat id 2, counted from 1
            "aus Reihe 1 von Platz 3 stehlen",
            "席3の列1から奪う",
        ),
        first.a_mine(1, 2): ("mine row 2 card 3", "eigene Reihe 2, Karte 3", "自分の列2の3枚目"),
        codec.parse("reveal"): ("reveal", "aufdecken", "公開する"),
        codec.parse("hide"): ("hide", "verdeckt lassen", "伏せたままにする"),
    }
    for action, (en, de, ja) in cases.items():
        assert state.action_to_string(action) == en
        with language_scope("de"):
            assert state.action_to_string(action) == de
            assert state.parse_action(en) == action
        with language_scope("ja"):
            assert state.action_to_string(action) == ja


def test_the_hidden_deal_is_told_to_its_seat_alone_in_each_language() -> None:
    """The character deal: the seat learns its birth-sign and its opposing sign (Setup), the
    others only that a character was dealt."""
    state = make("fatal", 3).new_state(3, resolve_chance=False)
    assert state.is_chance()
    outcome = state.sample_chance()
    mine = state.describe(-1, outcome, 0)
    assert mine.startswith("you are ") and "your opposing sign is" in mine
    with language_scope("de"):
        assert state.describe(-1, outcome, 1) == "Platz 1 erhält einen Charakter"  # seat id 0
        german = state.describe(-1, outcome, 0)
        assert german.startswith("du bist ") and "dein gegnerisches Zeichen ist" in german
    with language_scope("ja"):
        assert state.describe(-1, outcome, 1) == "席1にキャラクターが配られる"
        assert "対立サイン" in state.describe(-1, outcome, 0)
    # the record's chance text stays English in any language (it is parsed back)
    with language_scope("de"):
        assert state.action_to_string(outcome).startswith("seat 1 is ")
    assert state.describe(-1, outcome, 1) == "seat 1 is dealt a character"


def _board(state: State, seat: int | None) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, color_system=None)
    console.print(state.game.render_text(state, seat))
    out = buffer.getvalue()
    assert isinstance(out, str)
    return out


def test_the_terminal_board_in_german_and_japanese_and_unchanged_in_english() -> None:
    state = _dealt()
    english = _board(state, 0)
    assert "Display:" in english and "treasure deck" in english and "Your hand" in english
    assert "^ straight: type  v reversed: ONE/SECOND  > sideways: tip stars" in english
    with language_scope("de"):
        german = _board(state, 0)
    for words in ("F.A.T.A.L. - Runde 1", "Auslage:", "Schatzstapel", "Spielstapel", "Charakter"):
        assert words in german
    assert "Platz 1 Reihe 1: (leer)" in german and "Deine Hand" in german
    assert "^ gerade: Typ  v umgedreht: ONE/SECOND  > quer: Sterne der Spitze" in german
    with language_scope("ja"):
        japanese = _board(state, 0)
    assert "ラウンド1" in japanese and "展示:" in japanese and "宝物の山" in japanese
    assert "席1 列1: (なし)" in japanese and "^ 正位置" in japanese and "あなたの手札" in japanese
    assert _board(state, 0) == english


def test_a_refusal_names_the_pending_step_in_german_and_japanese() -> None:
    """Stealing in step 1 (an enchantment or the exchange, or done) is refused with the step."""
    state = _dealt()
    seat = next(iter(state.seats_to_act()))
    steal = state.parse_action("steal seat 1 row 1")  # seat id 0
    assert steal not in state.legal_actions(seat)
    refusals: dict[str, str] = {}
    for lang in ("en", "de", "ja"):
        with language_scope(lang), pytest.raises(IllegalAction) as refused:
            state.apply(steal, seat)
        refusals[lang] = str(refused.value)
    assert refusals["en"].startswith(
        f"'steal seat 1 row 1' is not legal now: seat {seat + 1}: step 1"
    )
    assert refusals["de"].startswith(
        f"'aus Reihe 1 von Platz 1 stehlen' ist jetzt nicht erlaubt: Platz {seat + 1}: Schritt 1"
    )
    assert "; jetzt erlaubt: fertig" in refusals["de"]
    assert refusals["ja"].startswith(f"'席1の列1から奪う'は今は選べません: 席{seat + 1}: ステップ1")
    assert "; 今選べるもの: 終了" in refusals["ja"]


def test_an_unreadable_text_is_refused_in_the_chosen_language() -> None:
    state = _dealt()
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        state.parse_action("zaubern bitte")
    assert str(refused.value).startswith("'zaubern bitte' ist nicht lesbar")
    with pytest.raises(IllegalAction) as refused:
        state.parse_action("zaubern bitte")
    assert str(refused.value).startswith(
        "cannot read 'zaubern bitte': say e.g. 'enchant Elemental Shield'"
    )


def test_a_german_web_payload_carries_fatals_german_labels_and_prompt(client: Any) -> None:
    body = {
        "game": "fatal",
        "players": 3,
        "name": "Ann",
        "options": {"first_player": 0},
        "seats": [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * 2,
    }
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    url = f"/api/games/{response.json()['state']['id']}/state"
    english = client.get(url, headers={"Accept-Language": "en"}).json()
    german = client.get(url, headers={"Accept-Language": "de"}).json()
    assert [a["id"] for a in german["actions"]] == [a["id"] for a in english["actions"]]
    assert english["actions"][0]["text"] == "done" and german["actions"][0]["text"] == "fertig"
    assert german["view"]["prompt"].startswith("Platz 1: Schritt 1: eine Verzauberung spielen")
    assert english["view"]["prompt"].startswith("seat 1: step 1: play an enchantment")
