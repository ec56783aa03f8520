"""Action ids: one stable id per small decision, declared once (``actions.ACTIONS``); every id
keeps the text, JSON and translations the hand-written codec gave it (``action_texts.json``,
written from that codec before it went), and every spelling it read still reads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.rules.fatal.fatal_helpers import make

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.fatal.state import FatalState

FIXTURE = json.loads((Path(__file__).parent / "action_texts.json").read_text("utf-8"))
OLD = {entry["id"]: entry for entry in FIXTURE["actions"]}


def _decision() -> FatalState:
    state = make(5).new_state(1)
    assert isinstance(state, FatalState) and not state.is_chance()
    return state


def test_every_id_keeps_its_number_of_ids() -> None:
    """The record format: 239 ids at every player count and whatever the options."""
    for players in (3, 4, 5):
        assert make(players).num_actions == FIXTURE["total"] == 239
    options: dict[str, Any] = {"aside_leftovers": "keep", "shield_gifts": False}
    assert make(4, star_treasure="optional", idle_round=False, **options).num_actions == 239


def test_every_id_keeps_its_english_text_and_json() -> None:
    state = _decision()
    assert state.game.num_actions == len(OLD)
    for action, old in OLD.items():
        assert state.action_to_string(action) == old["text"], action
        assert state.game.codec.english(action) == old["text"], action
        assert state.action_to_json(action) == {"id": action, "text": old["text"], **old["json"]}


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_id_keeps_its_german_and_japanese_text(lang: str) -> None:
    state = _decision()
    with language_scope(lang):
        shown = {action: state.action_to_string(action) for action in OLD}
    assert shown == {action: old[lang] for action, old in OLD.items()}


def test_every_text_parses_back_in_any_case_and_in_each_language() -> None:
    state = _decision()
    codec = state.game.codec
    for action, old in OLD.items():
        assert codec.parse(old["text"]) == action
        assert codec.parse(old["text"].upper()) == action
        assert state.parse_action(old["text"]) == action
    seat = state.current_player
    assert isinstance(seat, int)
    legal = state.legal_actions(seat)
    for lang in ("de", "ja"):  # a legal action's text as shown in the person's language
        with language_scope(lang):
            for action in legal:
                assert state.parse_action(OLD[action][lang]) == action


# every spelling the hand-written parser read (its code before the declaration replaced it):
# the single words, the enchantments' keys, the Queen's short names, numbers with a leading
# zero, any case and spacing; seats counted from 1 since the texts count them so for people
OLD_SPELLINGS = [
    *(("DONE", 0), ("  Done ", 0), ("exchange", 1), ("SHIELD", 2), ("Allow", 3)),
    *(("reveal", 4), ("Hide", 5)),
    *(("enchant magical swap", 7), ("enchant  Magical   Swap", 7), ("enchant swap", 7)),
    *(("ENCHANT PICKPOCKET", 11), ("enchant gaze", 12), ("enchant trade", 14)),
    *(("enchant shield", 6), ("enchant double", 8), ("enchant wind", 9), ("enchant star", 10)),
    *(("enchant unmask", 13), ("enchant Wind of Oblivion", 9)),
    *(("play v01 row 1", 15), ("PLAY V07 ROW 2", 28), ("play V01 row 01", 15)),
    ("play v52 row 2", 118),
    *(("steal seat 3 row 1", 123), ("steal seat 1 row 2", 120), ("steal seat 5 row 2", 128)),
    *(("steal seat 03 row 1", 123), ("steal seat 01 row 1", 119)),
    *(("to row 1", 129), ("TO ROW 2", 130)),
    *(("card V07", 137), ("card v01", 131), ("card magical swap", 184), ("card swap", 184)),
    *(("card Fairy Trade", 191), ("card trade", 191)),
    *(("treasure R3", 192), ("treasure r3", 192), ("treasure y-1", 199), ("treasure Y-1", 199)),
    *(("treasure Queen", 212), ("treasure q", 212), ("treasure enchantress queen", 212)),
    *(("treasure QUEEN", 212), ("treasure V2", 209)),
    *(("slot 1", 213), ("slot 3", 215), ("seat 1", 216), ("seat 3", 218), ("seat 5", 220)),
    *(("target seat 3 row 1", 225), ("TARGET SEAT 1 ROW 2", 222)),
    *(("mine row 1 card 2", 232), ("mine row 2 card 3", 236)),
    *(("cast row 1", 237), ("cast row 2", 238)),
]


@pytest.mark.parametrize(("text", "action"), OLD_SPELLINGS)
def test_every_old_spelling_still_reads(text: str, action: int) -> None:
    state = _decision()
    assert state.game.codec.parse(text) == action
    assert state.parse_action(text) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "an empty text names no action"),
        ("fly", "cannot read 'fly': say e.g. 'enchant Elemental Shield', 'play V01 row 1'"),
        ("play V01 row 3", "there is no row '3' (say e.g. 1, 2)"),
        ("play V99 row 1", "there is no vision 'V99' (say e.g. V01, V02, V03)"),
        ("play Pickpocket row 1", "there is no vision 'Pickpocket'"),
        ("enchant V01", "there is no enchantment 'V01' (say e.g. Elemental Shield,"),
        ("seat 6", "there is no seat '6' (say e.g. 1, 2, 3)"),
        ("seat 0", "there is no seat '0' (say e.g. 1, 2, 3)"),
        ("treasure Z9", "there is no treasure 'Z9' (say e.g. R3, R2, R1)"),
        ("slot 0", "there is no slot '0' (say e.g. 1, 2, 3)"),
        ("mine row 1 card 4", "there is no place in the row '4' (say e.g. 1, 2, 3)"),
        ("card", "cannot read 'card'"),
        ("done now", "cannot read 'done now'"),
    ],
)
def test_an_unreadable_text_is_refused_naming_what_could_not_be_read(text: str, says: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        _decision().parse_action(text)
    assert str(refused.value).startswith(says)


def test_a_refusal_names_the_value_in_german_and_japanese() -> None:
    state = _decision()
    said = {"de": "Vision 'V99' gibt es nicht", "ja": "ヴィジョン 'V99'はありません"}
    for lang, says in said.items():
        with language_scope(lang), pytest.raises(IllegalAction) as refused:
            state.parse_action("play V99 row 1")
        assert says in str(refused.value), str(refused.value)


def test_ids_keep_their_numbers() -> None:
    """Ids are the record format: with the shipped data every kind starts where it did before
    the actions were declared (239 ids)."""
    codec = make(3).codec
    bases = {kind: codec.base(kind) for kind in codec.space.kinds}
    assert bases == {
        **{"done": 0, "exchange": 1, "shield": 2, "allow": 3, "reveal": 4, "hide": 5},
        **{"enchant": 6, "play": 15, "steal": 119, "to-row": 129, "card": 131},
        **{"treasure": 192, "slot": 213, "seat": 216, "row": 221, "mine": 231, "cast": 237},
    }


def test_enchant_counts_the_enchantment_kinds_and_the_rules_add_the_visions() -> None:
    game = make(3)
    comp = game.comp
    decoded = game.codec.decode(14)
    assert decoded.kind == "enchant" and decoded.arg == 8  # the segment's own argument
    assert comp.enchantments[decoded.arg].name == "Fairy Trade"
    card_kind = comp.enchantments[decoded.arg].kind
    assert card_kind == len(comp.visions) + 8 and game.ids.a_enchant(card_kind) == 14
    assert game.ids.card + card_kind == game.codec.parse("card Fairy Trade")
