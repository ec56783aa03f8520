"""The engine's own generic refusals (core/state.py: an action not legal now, another seat's
turn, a finished game) in the player's language, from the shell's catalogue; English unchanged.
The games' parts of the message (their labels, their phase hint) come from their own domains."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.i18n.i18n_helpers import new_table, play_in

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.core.state import State
from grimoire.registry import make


def _ciub() -> tuple[State, int, int]:
    """A Ciúb game at seat 1's first decision, with an action id that is not legal now."""
    state = make("ciub", 2, start_player=0).new_state(3)
    assert state.current_player == 0
    legal = set(state.legal_actions())
    illegal = next(a for a in range(state.game.num_actions) if a not in legal)
    return state, 0, illegal


def _refusal(state: State, action: int, seat: int | None = None) -> str:
    with pytest.raises(IllegalAction) as error:
        state.apply(action, seat)
    return str(error.value)


def test_an_action_not_legal_now_is_refused_in_the_chosen_language() -> None:
    """Runika keeps the engine's message and adds its prompt (its own domain) to the hint."""
    state = make("runika", 2, first_player=0).new_state(3)
    assert state.current_player == 0
    done = state.parse_action("done")
    assert done not in state.legal_actions()  # the draft: take a die, nothing to finish
    english = _refusal(state, done)
    assert english.startswith("'done' is not legal now: seat 1 takes a die from the middle")
    assert "; legal now: draft " in english
    with language_scope("de"):
        german = _refusal(state, done)
    with language_scope("ja"):
        japanese = _refusal(state, done)
    assert german.startswith("'fertig' ist jetzt nicht erlaubt: Platz 1 nimmt einen Würfel")
    assert "; jetzt erlaubt: " in german and " nehmen" in german
    assert japanese.startswith("'完了'は今は選べません: 席1がテーブル中央からダイスを1個選ぶ")
    assert "; 今選べるもの: " in japanese and "をドラフト" in japanese


def test_a_games_own_reason_keeps_the_engines_list_in_the_language() -> None:
    """Ciúb explains the refusal itself (explain.py) and appends the engine's list."""
    state, _seat, illegal = _ciub()
    assert "; legal now: pass" in _refusal(state, illegal)
    with language_scope("de"):
        assert "; jetzt erlaubt: passen" in _refusal(state, illegal)
    with language_scope("ja"):
        assert "; 今選べるもの: パス" in _refusal(state, illegal)


def test_another_seats_turn_and_a_finished_game_in_german_and_japanese() -> None:
    state, _seat, _illegal = _ciub()
    action = state.legal_actions()[0]
    assert _refusal(state, action, 1) == "it is not seat 2's turn (seat 1 is to act)"
    with language_scope("de"):
        assert _refusal(state, action, 1) == "Platz 2 ist nicht am Zug (Platz 1 ist am Zug)"
    with language_scope("ja"):
        assert _refusal(state, action, 1) == "席2の番ではありません（席1の番です）"
    with language_scope("de"):
        assert _refusal(state, 10**6) == (
            f"Aktion 1000000 liegt außerhalb der Aktionen dieses Spiels "
            f"(0..{state.game.num_actions - 1})"
        )


def test_the_terminal_refuses_a_number_out_of_range_in_german(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = play_in("de", "runika", "999", tmp_path, monkeypatch)
    assert "Nicht möglich: wähle eine Zahl von 1 bis " in out


def test_the_web_refuses_an_illegal_action_in_the_pages_language(client: Any) -> None:
    game_id = new_table(client, "runika", first_player=0)
    url = f"/api/games/{game_id}"
    state = client.get(f"{url}/state", headers={"Accept-Language": "ja"}).json()
    assert state["your_turn"]
    act = {"version": state["version"], "action": {"text": "done"}}
    japanese = client.post(f"{url}/actions", json=act, headers={"Accept-Language": "ja"})
    assert japanese.status_code == 422
    assert japanese.json()["detail"].startswith("'完了'は今は選べません: ")
    english = client.post(f"{url}/actions", json=act)
    assert english.status_code == 422
    assert english.json()["detail"].startswith("'done' is not legal now: ")
