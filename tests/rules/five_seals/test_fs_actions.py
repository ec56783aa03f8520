"""Five Seals' declared actions (``actions.ACTIONS``) against what the hand-written codec gave:
every id's text, kind and fields on every shipped board and a board file, the labels in German
and Japanese, the chance outcomes' log lines, every old spelling, and refusals that say what
could not be read.

``action_texts.json`` and ``chance_texts.json`` were generated once from the hand-written codec
before the actions were declared (the record format: an id never changes its meaning)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.rules.five_seals.fs_helpers import new_state

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.core.state import CHANCE
from grimoire.games.five_seals import actions as A
from grimoire.games.five_seals.board import BoardError, board_from_json
from grimoire.games.five_seals.state import FiveSealsState

HERE = Path(__file__).parent
OLD = json.loads((HERE / "action_texts.json").read_text("utf-8"))
CHANCE_TEXTS = json.loads((HERE / "chance_texts.json").read_text("utf-8"))
EXAMPLE_BOARD = HERE / "data" / "example_board.json"


def _state(players: int, **options: Any) -> FiveSealsState:
    state = grimoire.make("five-seals", players, **options).new_state(0)
    assert isinstance(state, FiveSealsState) and not state.is_chance()
    return state


def _row(state: FiveSealsState, action: int) -> list[Any]:
    doc = dict(state.action_to_json(action))
    assert doc.pop("id") == action
    return [doc.pop("text"), doc.pop("kind"), doc]


def test_every_id_keeps_its_english_text_kind_and_fields_at_five_players() -> None:
    state = _state(5)
    assert state.game.num_actions == OLD["totals"]["5"] == len(OLD["rows"])
    for action, row in enumerate(OLD["rows"]):
        assert _row(state, action) == row, action
        assert state.codec.english(action) == row[0]
        assert state.parse_action(row[0]) == action


@pytest.mark.parametrize("board", ["2", "3", "4", "example_board"])
def test_the_board_dependent_ids_keep_their_meaning(board: str) -> None:
    """``break`` and ``node`` come after the fixed kinds, one id per node of the board."""
    options = {"board": str(EXAMPLE_BOARD)} if board == "example_board" else {}
    state = _state(2 if board == "example_board" else int(board), **options)
    assert state.game.num_actions == OLD["totals"][board]
    assert A.BREAK == 269 and state.codec.base("break") == A.BREAK
    for action in range(A.BREAK):  # the fixed kinds: as at 5 players
        assert _row(state, action) == OLD["rows"][action], action
    rows = OLD["boards"][board]
    assert len(rows) == state.game.num_actions - A.BREAK
    for offset, row in enumerate(rows):
        assert _row(state, A.BREAK + offset) == row, row
        assert state.parse_action(row[0]) == A.BREAK + offset


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_labels_in_german_and_japanese_are_unchanged(lang: str) -> None:
    state = _state(5)
    with language_scope(lang):
        texts = [state.action_to_string(action) for action in range(state.game.num_actions)]
        json_texts = [state.action_to_json(action)["text"] for action in range(len(texts))]
    assert texts == json_texts == OLD["texts"][lang]


@pytest.mark.parametrize("kind", sorted(CHANCE_TEXTS["nodes"]))
def test_chance_outcomes_read_as_before_and_parse_back_in_each_language(kind: str) -> None:
    """A chance outcome's text is its log line in the current language; it parses back as
    shown, and as the English log line in any language."""
    node = CHANCE_TEXTS["nodes"][kind]
    state = grimoire.make("five-seals", 3, circle="random").new_state(7, resolve_chance=False)
    for actor, action in node["history"]:
        state.apply(action, None if actor == CHANCE else actor)
    assert state.is_chance()
    assert [outcome for outcome, _weight in state.chance_weights()] == node["ids"]
    english = node["outcomes"]["en"]
    for lang, texts in node["outcomes"].items():
        with language_scope(lang):
            assert [state.action_to_string(outcome) for outcome in node["ids"]] == texts
            assert [state.action_to_json(outcome)["text"] for outcome in node["ids"]] == texts
            for outcome, shown, said in zip(node["ids"], texts, english, strict=True):
                assert state.parse_action(shown) == outcome
                assert state.parse_action(said.upper()) == outcome
    with pytest.raises(IllegalAction):
        state.parse_action("take R")  # a player's action names no outcome


# Every spelling the hand-written parser read (its aliases, short forms, numbers and cases),
# with the id it gave (5 players; the ids before ``break`` are those of every board).
OLD_SPELLINGS = [
    ("use Growth of Fire", 15),
    ("USE growth of fire", 15),
    ("use   Growth   of   Fire", 15),
    ("use growth/r", 15),
    ("use GROWTH/R", 15),
    ("use growth-of-fire", 15),
    ("use Binding", 100),
    ("use binding", 100),
    ("use BINDING", 100),
    ("Use Speed of Mind", 99),
    ("use speed/p", 99),
    ("scroll Binding", 201),
    ("scroll binding", 201),
    ("scroll Change of Water", 102),
    ("scroll change/b", 102),
    ("scroll change-of-water", 102),
    ("die R4", 205),
    ("die r4", 205),
    ("DIE R4", 205),
    ("die G6", 225),
    ("die B1", 208),
    ("die Y3", 216),
    ("their B2", 233),
    ("their b2", 233),
    ("THEIR G6", 249),
    ("take R", 250),
    ("take r", 250),
    ("take Fire", 250),
    ("take fire", 250),
    ("take red", 250),
    ("take RED", 250),
    ("take B", 251),
    ("take Water", 251),
    ("take blue", 251),
    ("take Y", 252),
    ("take Air", 252),
    ("take yellow", 252),
    ("take G", 253),
    ("take Earth", 253),
    ("take green", 253),
    ("colour Fire", 254),
    ("colour fire", 254),
    ("color Fire", 254),
    ("color fire", 254),
    ("COLOR FIRE", 254),
    ("colour R", 254),
    ("colour r", 254),
    ("colour red", 254),
    ("colour Water", 255),
    ("colour B", 255),
    ("colour blue", 255),
    ("colour Air", 256),
    ("colour Y", 256),
    ("colour yellow", 256),
    ("colour Earth", 257),
    ("colour G", 257),
    ("colour green", 257),
    ("colour Mind", 258),
    ("colour P", 258),
    ("colour purple", 258),
    ("colour mind", 258),
    ("color p", 258),
    ("color purple", 258),
    ("seat 1", 259),  # seats counted from 1, as people count them
    ("seat 2", 260),
    ("seat 3", 261),
    ("seat 4", 262),
    ("seat 5", 263),
    ("SEAT 3", 261),
    ("seat 03", 261),
    ("bind familiar", 264),
    ("BIND FAMILIAR", 264),
    ("bind  familiar", 264),
    ("bind break", 265),
    ("Bind Break", 265),
    ("done", 266),
    ("DONE", 266),
    ("Done", 266),
    ("end round", 267),
    ("END ROUND", 267),
    ("end", 267),
    ("END", 267),
    ("End", 267),
    ("unguard", 268),
    ("UNGUARD", 268),
    ("break H", 269),
    ("break 0G1", 270),
    ("BREAK 0G1", 270),
    ("break 5Rc", 413),
    ("node H", 422),
    ("node 0G1", 423),
    ("Node 0G1", 423),
    ("node 2Rc", 490),
]


@pytest.mark.parametrize(("text", "action"), OLD_SPELLINGS)
def test_every_old_spelling_parses_to_the_same_id(text: str, action: int) -> None:
    state = _state(5)
    assert state.parse_action(text) == action
    assert state.codec.parse(text) == action  # without a position too


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_english_and_the_labels_as_shown_parse_in_another_language(lang: str) -> None:
    state = new_state(grimoire.make("five-seals", 2, first_player=0), 3)
    legal = state.legal_actions()  # taking dice at setup: 'take R' ...
    with language_scope(lang):
        for action in legal:
            assert state.parse_action(state.action_to_string(action)) == action
            assert state.parse_action(state.codec.english(action)) == action


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("use Fireball", "no scroll called 'Fireball' (say e.g. Change of Fire, Change of Water,"),
        ("scroll Nothing of Fire", "no scroll called 'Nothing of Fire' (say e.g. Change of"),
        ("die X9", "there is no die 'X9': say its colour letter and value, e.g. R1, R2, R3"),
        ("their R7", "there is no die 'R7': say its colour letter and value, e.g. R1, R2, R3"),
        ("take P", "there are no 'P' dice (say e.g. R, B, Y)"),  # Mind dice do not exist
        ("take Mind", "there are no 'Mind' dice (say e.g. R, B, Y)"),
        ("colour pink", "there is no colour 'pink' (say e.g. Fire, Water, Air)"),
        ("seat 6", "there is no seat '6' (say e.g. 1, 2, 3)"),
        ("seat 0", "there is no seat '0' (say e.g. 1, 2, 3)"),
        ("break nowhere", "no node 'nowhere' on this board (say e.g. 0G1, 0G2, 0J)"),  # seals
        ("node 9ZZ", "no node '9ZZ' on this board (say e.g. 0G1, 0G2, 0J)"),
    ],
)
def test_an_unknown_value_is_named_with_examples(text: str, refusal: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        _state(5).parse_action(text)
    assert str(refused.value).startswith(refusal)


def test_an_unreadable_text_gives_examples_of_actions() -> None:
    state = _state(5)
    for text in ("dance", "end the round now", "use"):
        with pytest.raises(IllegalAction) as refused:
            state.parse_action(text)
        assert "'use Change of Fire'" in str(refused.value)
        assert "'end round'" in str(refused.value)
    with pytest.raises(IllegalAction, match="empty"):
        state.parse_action("  ")
    with language_scope("de"), pytest.raises(IllegalAction) as refused:
        state.parse_action("tanzen")
    assert str(refused.value).startswith("'tanzen' ist nicht lesbar")


def test_the_page_matches_these_json_fields() -> None:
    assert _state(2).codec.fields == ["card", "colour", "value", "seat", "node"]


def test_the_docs_rows_say_what_each_kind_means() -> None:
    rows = _state(5).codec.rows()
    assert [row["kind"] for row in rows] == [
        "use",
        "scroll",
        "die",
        "their",
        "take",
        "colour",
        "seat",
        "bind-familiar",
        "bind-break",
        "done",
        "end-round",
        "unguard",
        "break",
        "node",
    ]
    assert all(row["help"] for row in rows)
    assert rows[-1]["count"] == rows[-2]["count"] == 153  # one id per node of the 5p board


def test_a_board_whose_node_ids_differ_only_in_case_is_refused() -> None:
    """The parser reads node ids in any case (``break 0rc``), so two must not differ only so."""
    doc = json.loads(EXAMPLE_BOARD.read_text("utf-8"))
    seal = next(node for node in doc["nodes"] if node["kind"] == "seal")
    doc["nodes"].append({**seal, "id": seal["id"].swapcase()})
    with pytest.raises(BoardError, match="only in case"):
        board_from_json(doc)
