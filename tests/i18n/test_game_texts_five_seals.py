"""Five Seals' own texts in German and Japanese (our careful translation, no printed edition:
Siegel/封印, Schriftrolle/巻物, brechen/封印を解く, Würfel/ダイス, Vorrat/ストック,
Vertrauter/使い魔): action labels, log lines, the pending decision, the terminal board and
legend, refusal reasons and the SVG; action ids, the parser and English stay as they were."""

from __future__ import annotations

import io
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.i18n.i18n_helpers import new_table, play_in
from tests.rules.five_seals.fs_helpers import new_state

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.five_seals.render_text import describe_prompt
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.registry import make


def _play(lang: str, typed: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    return play_in(lang, "five-seals", typed, tmp_path, monkeypatch)


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(renderable)
    return out.getvalue()


def _setup_done() -> FiveSealsState:
    """Seat 0 starts (option): every seal circle and scroll box filled, seat 0 to take dice."""
    state = make("five-seals", 2, first_player=0).new_state(3)
    assert isinstance(state, FiveSealsState)
    return state


def _first_turn() -> FiveSealsState:
    """Both players have taken 3 dice (the first of the supply each time) and rolled them."""
    state = _setup_done()
    while not (state.stack and state.stack[-1].kind == "turn"):
        if state.is_chance():
            state.resolve_chance()
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_the_setup_log_lines_in_each_language() -> None:
    """Chance outcomes are log lines: the first player, each seal placed, a die rolled."""
    state = new_state(make("five-seals", 2), 3, resolve_chance=False)
    first = state.chance_outcomes()[0][0]
    assert state.describe(-1, first, 0) == f"first player seat {first + 1}"  # counted from 1
    with language_scope("de"):
        assert state.describe(-1, first, 0) == f"Startspieler: Platz {first + 1}"
    with language_scope("ja"):
        assert state.describe(-1, first, 0) == f"スタートプレイヤー: 席{first + 1}"
    state.apply(first)
    seal = state.chance_outcomes()[0][0]  # colour 0: a Fire (red) token on the first circle
    node = state.board.node_id(state.board.seals[0])
    assert state.describe(-1, seal, 0) == f"{node} gets a red token"
    with language_scope("de"):
        assert state.describe(-1, seal, 0) == f"{node} erhält ein Siegel in Rot"
    with language_scope("ja"):
        assert state.describe(-1, seal, 0) == f"{node}に赤の封印トークン"
        assert state.parse_action(f"{node}に赤の封印トークン") == seal  # as shown
    assert state.parse_action(f"{node} gets a red token") == seal  # English in any language


def test_labels_per_language_with_the_same_ids_and_english_unchanged() -> None:
    """Taking dice at setup (3 each, RULEBOOK): 'take R' / 'R nehmen' / 'Rを取る'."""
    state = _setup_done()
    ids = state.legal_actions()
    english = [state.action_to_string(a) for a in ids]
    assert (
        english == [state.codec.english(a) for a in ids] == ["take R", "take B", "take Y", "take G"]
    )
    with language_scope("de"):
        assert [state.action_to_string(a) for a in ids][:2] == ["R nehmen", "B nehmen"]
        assert state.legal_actions() == ids
    with language_scope("ja"):
        assert state.action_to_string(ids[0]) == "Rを取る"
        assert state.parse_action("take R") == ids[0]  # the parser reads English
    turn = _first_turn()
    breaks = [a for a in turn.legal_actions() if turn.codec.decode(a).kind == "break"]
    assert breaks, "with seed 3 the first player can break a seal at once"
    node = turn.board.node_id(turn.codec.decode(breaks[0]).arg)
    assert turn.action_to_string(breaks[0]) == f"break {node}"
    with language_scope("de"):
        assert turn.action_to_string(breaks[0]) == f"{node} brechen"
    with language_scope("ja"):
        assert turn.action_to_string(breaks[0]) == f"{node}の封印を解く"


def test_the_pending_decision_in_each_language() -> None:
    state = _setup_done()
    assert describe_prompt(state) == "Seat 1: take 3 more dice from the supply."
    with language_scope("de"):
        assert describe_prompt(state) == "Platz 1: noch 3 Würfel aus dem Vorrat nehmen."
    with language_scope("ja"):
        assert describe_prompt(state) == "席1: ストックからあと3個のダイスを取る。"
    turn = _first_turn()
    seat = int(turn.stack[-1].s) + 1  # counted from 1
    with language_scope("de"):
        assert describe_prompt(turn).startswith(f"Platz {seat} ist am Zug: Schriftrollen einsetzen")
    with language_scope("ja"):
        assert describe_prompt(turn).startswith(f"席{seat}の手番: 巻物を使い、封印を1つ解く")


def test_a_refusal_out_of_reach_in_each_language() -> None:
    """A seal behind other seals is out of reach (RULEBOOK: the path must not be blocked by
    other seal tokens): the rules' reason is in the chosen language."""
    turn = _first_turn()
    far = "0Re"  # the end of wedge 0's long path, behind a chain of seals
    assert turn.token[turn.board.index[far]] >= 0 or turn.card[turn.board.index[far]] >= 0
    action = turn.parse_action(f"break {far}")
    with pytest.raises(IllegalAction) as refused:
        turn.apply(action)
    assert str(refused.value).startswith(
        f"'break {far}' is not possible: {far} is out of your reach: seals close every path there"
    )
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        turn.apply(action)
    assert str(refused.value).startswith(
        f"'{far} brechen' ist nicht möglich: {far} ist außer Reichweite: Siegel versperren"
    )
    with language_scope("ja"), pytest.raises(IllegalAction) as refused:
        turn.apply(action)
    assert str(refused.value).startswith(f"'{far}の封印を解く'はできない: {far}は到達範囲外")
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        turn.parse_action("use Nothing")
    assert str(refused.value) == (
        "keine Schriftrolle namens 'Nothing' (z. B. Change of Fire, Change of Water, Change of Air)"
    )
    with language_scope("ja"), pytest.raises(IllegalAction) as refused:
        turn.parse_action("break 9ZZ")
    assert str(refused.value).startswith("この盤面にマス'9ZZ'はない(例: 0G1,")


def test_the_terminal_board_and_legend_in_each_language() -> None:
    turn = _first_turn()
    game = turn.game
    english = _text(game.render_text(turn, 0))
    assert "supply: Fire" in english and "mage at" in english and "round 1, circle I" in english
    with language_scope("de"):
        german = _text(game.render_text(turn, 0))
        legend = _text(game.text_topic(turn, 0, "legend", ""))
    for words in ("Vorrat: Feuer", "Magier auf", "Vertrauter", "Schriftrollen", "Runde 1, Kreis I"):
        assert words in german
    assert "Was Platz 1 von seinem Magier aus erreicht" in german and "supply" not in german
    assert legend.startswith("Legende: 0J:R3 Feld 0J")
    with language_scope("ja"):
        japanese = _text(game.render_text(turn, 0))
    assert "ストック: 火" in japanese and "使い魔" in japanese and "H:広間" in japanese


def test_a_german_terminal_game_lists_and_takes_a_typed_german_label(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("de", "r nehmen", monkeypatch, tmp_path)
    assert "   1 R nehmen" in out and "du: R nehmen" in out
    # the typed action was played (seat 0: the terminal counts seats from 1)
    assert "Platz 1: noch 2 Würfel aus dem Vorrat nehmen." in out
    assert "Vorrat: Feuer" in out and "take R" not in out
    assert "du: R nehmen" in _play("de", "take R", monkeypatch, tmp_path)  # English text
    assert "du: R nehmen" in _play("de", "1", monkeypatch, tmp_path)  # a number


def test_a_japanese_terminal_game_lists_and_takes_a_typed_japanese_label(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("ja", "Rを取る", monkeypatch, tmp_path)
    assert "   1 Rを取る" in out and "あなた: Rを取る" in out
    assert "席1: ストックからあと2個のダイスを取る。" in out


def test_a_german_web_payload_carries_german_labels_and_a_german_drawing(client: Any) -> None:
    game_id = new_table(client, "five-seals", first_player=0)
    url = f"/api/games/{game_id}/state"
    for _ in range(200):
        english = client.get(url, headers={"Accept-Language": "en"}).json()
        if english["actions"]:
            break
        time.sleep(0.02)
    german = client.get(url, headers={"Accept-Language": "de"}).json()
    assert english["actions"], "seat 0 never got to take dice"
    assert [a["id"] for a in german["actions"]] == [a["id"] for a in english["actions"]]
    assert [a["text"] for a in german["actions"]][:1] == ["R nehmen"]
    assert [a["text"] for a in english["actions"]][:1] == ["take R"]
    assert "Vorrat" in german["svg"] and "Runde 1 - Kreis I" in german["svg"]
    assert ">supply<" in english["svg"] and "Round 1 - circle I" in english["svg"]
    # the first log line: a seal placed at setup
    assert " gets a " in english["log"][0]["text"]
    assert " erhält ein Siegel in " in german["log"][0]["text"]
