"""Runika's own texts in German and Japanese (the Japanese edition's terms: ドラフト,
ふり直し, 解決, 秘密ルーン, 功績, イニシアチブトークン): action labels, log lines and the pending
decision, in the terminal and on the web; ids and English unchanged."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from tests.i18n.i18n_helpers import new_table, play_in
from tests.rules.runika.rk_helpers import new_state

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
    assert "あなた: Gをドラフト" in out
    assert "席1がテーブル中央からダイスを1個選ぶ" in out  # seat 0: people count from 1


def test_a_german_terminal_game_lists_and_takes_a_typed_german_draft(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = _play("de", "g nehmen", monkeypatch, tmp_path)
    assert "   1 G nehmen" in out and "du: G nehmen" in out
    assert "Platz 1 nimmt einen Würfel aus der Mitte" in out  # seat 0, counted from 1
    assert "du: G nehmen" in _play("de", "draft G", monkeypatch, tmp_path)


def test_labels_and_log_lines_per_language_with_the_same_ids_and_english_unchanged() -> None:
    state = make("runika", 2).new_state(3)
    ids = state.legal_actions()
    english = [state.action_to_string(a) for a in ids]
    assert english == [state.game.codec.english(a) for a in ids]
    with language_scope("ja"):
        japanese = [state.action_to_string(a) for a in ids]
        assert state.legal_actions() == ids
    assert japanese[0] == english[0].split()[1] + "をドラフト"
    line = state.describe(0, ids[0], 1)
    with language_scope("de"):
        assert state.describe(0, ids[0], 1) == "Platz 1: " + english[0].split()[1] + " nehmen"
    assert line == f"seat 1: {english[0]}"  # seat id 0, counted from 1


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


# ---------------------------------------------------------------- card texts, chance, refusals
SHIPPED = Path(__file__).resolve().parents[2] / "src/grimoire/games/runika/data/components.toml"


def test_the_catalogue_lists_exactly_the_shipped_card_texts() -> None:
    """Every rune's and achievement's ``text`` of the shipped file is marked for translation
    (data_text.CARD_TEXTS), and nothing else is."""
    import tomllib

    from grimoire.games.runika.data_text import CARD_TEXTS

    data = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))
    texts = [card["text"] for card in data["rune"] + data["achievement"]]
    assert sorted(CARD_TEXTS) == sorted(texts)


def test_card_texts_in_the_view_are_in_the_viewers_language() -> None:
    """Sweep (move a die one space orthogonally) and Scroll of Honour (no ability): the Japanese
    edition's 呪文グリッド; a text the catalogue lacks (a user's own file) stays as written."""
    from grimoire.games.runika.data_text import card_text
    from grimoire.games.runika.view import rune_info

    state = new_state(make("runika", 2), 3)
    sweep = state.comp.rune_by_name("sweep")
    assert sweep is not None
    english = rune_info(state, sweep)["ability"]
    assert english == "Move one die of your grid one space orthogonally into an empty cell."
    with language_scope("ja"):
        assert rune_info(state, sweep)["ability"].startswith("自分の呪文グリッドのダイス1個を")
        assert card_text("No ability.") == "能力なし。"
    with language_scope("de"):
        assert rune_info(state, sweep)["ability"].startswith("Bewege einen Würfel")
        assert card_text("My own card's words.") == "My own card's words."
        for entry in state.view(0)["display"]:
            assert entry["rune"] is None or entry["rune"]["ability"] != english


def test_the_terminals_about_column_reads_the_card_in_the_language() -> None:
    """The terminal's rune line: points, timing letter, the starting mark, the card's text."""
    from grimoire.games.runika.render_text import rune_line
    from grimoire.games.runika.view import rune_info

    state = new_state(make("runika", 2), 3)
    magic_pocket = state.comp.rune_by_name("magic_pocket")
    assert magic_pocket is not None
    pocket = rune_info(state, magic_pocket)
    assert pocket["start"] and pocket["timing"] == "C"
    assert rune_line(pocket).plain.startswith("Magic Pocket (1 pt, C, starting rune) At round end")
    with language_scope("de"):
        german = rune_line(rune_info(state, magic_pocket))
    assert german.plain.startswith("Magic Pocket (1 Pkt., C, Startrune) Am Rundenende darfst du")


def test_chance_outcome_labels_are_translated_and_english_still_parses() -> None:
    """The initiative draw (Japanese edition: イニシアチブトークン) in each language; the
    English outcome text is what the parser reads, in any language."""
    state = make("runika", 2).new_state(3, resolve_chance=False)
    assert (
        state.is_chance() and state.view(None)["prompt"] == "chance: the initiative holder is drawn"
    )
    assert state.action_to_string(1) == "first player 2"  # seat id 1, counted from 1
    with language_scope("de"):
        assert state.action_to_string(1) == "Initiative: Platz 2"
        assert state.parse_action("first player 2") == 1
    with language_scope("ja"):
        assert state.action_to_string(1) == "イニシアチブ: 席2"


def test_the_parsers_refusal_is_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from grimoire.core.errors import IllegalAction

    state = make("runika", 2).new_state(3)
    with pytest.raises(IllegalAction, match=r"^cannot read 'dance': say e\.g\. 'draft G'"):
        state.parse_action("dance")
    with language_scope("de"), pytest.raises(IllegalAction, match=r"^'dance' ist nicht lesbar"):
        state.parse_action("dance")
    with language_scope("ja"), pytest.raises(IllegalAction, match=r"^'dance' は読み取れません"):
        state.parse_action("dance")
    with language_scope("de"), pytest.raises(IllegalAction, match="leerer Text"):
        state.parse_action("  ")
    assert "'tanzen' ist nicht lesbar: schreibe z. B. 'draft G', 'pass G'" in _play(
        "de", "tanzen", monkeypatch, tmp_path
    )


def _game_catalogue(client: Any, game_id: str, lang: str) -> dict[str, str]:
    import json

    page = client.get(f"/games/{game_id}", headers={"Accept-Language": lang}).text
    start = page.index('<script id="i18n-game-catalogue" type="application/json">')
    return dict(json.loads(page[start:].split(">", 1)[1].split("</script>", 1)[0]))


def test_the_game_page_carries_the_renderers_words(client: Any) -> None:
    """The renderer's words (render.js marks them tg("...")) in the page's catalogue."""
    game_id = new_table(client, "runika")
    german = _game_catalogue(client, game_id, "de")
    assert german["Draft pool"] == "Würfel zur Auswahl"
    assert german["Storage"] == "Ablage"
    assert german["Roll the marked dice"] == "Die gewählten Würfel neu würfeln"
    assert german["air"] == "Luft"  # an element of the data, for the rune tooltips
    assert _game_catalogue(client, game_id, "ja")["Storage"] == "ダイス置き場"
    renderer = (SHIPPED.parents[1] / "web" / "render.js").read_text(encoding="utf-8")
    assert 'tg("Draft pool")' in renderer and 'tg("Storage")' in renderer
    # every word the renderer marks reaches the page (the extractor skips a tg() inside a
    # template literal's ${...}: such a word would stay English)
    marked = set(re.findall(r'tg\("((?:[^"\\]|\\.)*)"', renderer)) - {"..."}
    assert len(marked) > 80 and not marked - set(german)
    assert german["goal {goal} pts"] == "Ziel {goal} Pkt."


def test_the_sides_and_directions_in_labels_are_translated() -> None:
    """'enter top a' and 'dir up' are read on every die resolved: the side and direction too
    (a top or bottom lane is its column letter, as the board labels it)."""
    from grimoire.games.runika.state import RunikaState

    state = make("runika", players=2).new_state(1)
    assert isinstance(state, RunikaState)
    label = RunikaState.action_to_string
    enter, up = state.codec.base("enter"), state.codec.base("dir")
    assert label(state, enter) == "enter top a" and label(state, up) == "dir up"
    with language_scope("de"):
        assert label(state, enter) == "einschieben oben a"
        assert label(state, enter + 4) == "einschieben rechts 1"
        assert label(state, up) == "Richtung aufwärts"
    with language_scope("ja"):
        assert label(state, enter + 8) == "押し込む 下 a"
        assert "top" not in label(state, enter) and "up" not in label(state, up)
