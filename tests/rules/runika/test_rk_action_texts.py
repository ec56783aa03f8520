"""The actions declared once (``actions.ACTIONS``) say, read and serialise every id as the
hand-written codec did: ``action_texts.json`` was generated from that codec before the move
(5 players, default options, shipped components): each id's English text, its German and
Japanese labels and its JSON fields, and every spelling the old parser read with its id."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from tests.rules.runika.rk_helpers import runika_game

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.runika.actions import CANCEL, DONE, FLAME_CLEAR, ROLL, TURN_CCW, TURN_CW
from grimoire.games.runika.state import RunikaState

FIXTURE = json.loads((Path(__file__).parent / "action_texts.json").read_text("utf-8"))
ACTIONS: list[dict[str, Any]] = FIXTURE["actions"]
SPELLINGS: dict[str, int] = FIXTURE["spellings"]


def _state(players: int = 5, **options: Any) -> RunikaState:
    state = grimoire.make("runika", players, **options).new_state(0)
    assert isinstance(state, RunikaState) and not state.is_chance()
    return state


def _kind(action: int) -> str:
    return str(ACTIONS[action]["json"]["kind"])


def test_every_id_keeps_its_english_text_and_its_json() -> None:
    state = _state()
    assert state.game.num_actions == len(ACTIONS) == 284
    for row in ACTIONS:
        action = row["id"]
        assert state.action_to_string(action) == row["text"], action
        assert state.game.codec.english(action) == row["text"], action
        doc = state.action_to_json(action)
        assert doc == {"id": action, "text": row["text"], **row["json"]}, action
        assert list(doc) == ["id", "text", *row["json"]], action  # the docs table's order


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_id_keeps_its_german_and_japanese_text(lang: str) -> None:
    state = _state()
    with language_scope(lang):
        shown = [state.action_to_string(row["id"]) for row in ACTIONS]
        assert shown == [row[lang] for row in ACTIONS]
        assert [state.action_to_json(row["id"])["text"] for row in ACTIONS] == shown


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(
    "options",
    [{}, {"luniorn": True}, {"simultaneous": True}, {"quick_draft": True}],
    ids=["default", "luniorn", "simultaneous", "quick"],
)
def test_the_number_of_ids_is_the_same_for_every_table(
    players: int, options: dict[str, Any]
) -> None:
    if players == 1 and (options.get("simultaneous") or options.get("quick_draft")):
        pytest.skip("solo refuses it")
    assert grimoire.make("runika", players, **options).num_actions == 284


# every spelling the old parser read, grouped by the kind of the id it read
BY_KIND: dict[str, list[tuple[str, int]]] = defaultdict(list)
for _text, _action in SPELLINGS.items():
    BY_KIND[_kind(_action)].append((_text, _action))


@pytest.mark.parametrize("kind", sorted(BY_KIND))
def test_every_old_spelling_still_reads_as_the_same_id(kind: str) -> None:
    """Case, spacing, a colour's name or element, a card's name, ``enter top 1``, ``line
    column a``...: each spelling the old parser read (the fixture) and its id."""
    codec = _state().game.codec
    read = {text: codec.parse(text) for text, _ in BY_KIND[kind]}
    assert read == dict(BY_KIND[kind])


def test_each_kind_has_its_old_spellings_in_the_fixture() -> None:
    """The fixture covers every kind with more than its English texts (the parametrization
    above is not empty by accident)."""
    kinds = {_kind(row["id"]) for row in ACTIONS}
    assert set(BY_KIND) == kinds
    english = {row["text"] for row in ACTIONS}
    assert len(SPELLINGS) > 4 * len(english)
    for old in ("enter top 1", "line column a", "draft green", "draft fire", "professor kobataan"):
        assert old in SPELLINGS


def test_the_single_actions_are_the_first_six_ids() -> None:
    codec = _state().game.codec
    named = ("done", "cancel", "roll", "flame-clear", "turn-cw", "turn-ccw")
    constants = (DONE, CANCEL, ROLL, FLAME_CLEAR, TURN_CW, TURN_CCW)
    assert [codec.base(kind) for kind in named] == list(constants)


def test_the_hot_path_ids_are_the_codecs() -> None:
    game = runika_game(_state().game)
    ids, codec = game.ids, game.codec
    assert [ids.enter(s, lane) for s in range(4) for lane in range(4)] == list(codec.ids("enter"))
    assert [ids.at(c, r) for c in range(16) for r in range(4)] == list(codec.ids("at"))
    for kind in codec.space.kinds:
        assert ids.id(kind) == codec.base(kind)


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("draft purple", "there is no colour 'purple' (say e.g. G, R, B)"),
        ("enter left a", "there is no lane 'left a' (say e.g. top a, top b, top c)"),
        ("discard G?", "there is no die 'G?' (say e.g. G1, Ge, Gr)"),
        ("claim scroll_of_study", "there is no rune 'scroll_of_study' (say e.g. sweep, charm"),
        ("seat 6", "there is no seat '6' (say e.g. 1, 2, 3)"),
        ("seat 0", "there is no seat '0' (say e.g. 1, 2, 3)"),
        ("at a1 45", "there is no rotation '45' (say e.g. 0, 90, 180)"),
    ],
)
def test_an_unknown_value_is_named_with_examples(text: str, refusal: str) -> None:
    state = _state()
    with pytest.raises(IllegalAction) as caught:
        state.parse_action(text)
    assert str(caught.value).startswith(refusal)


def test_an_unknown_value_is_refused_in_the_language() -> None:
    state = _state()
    with language_scope("de"), pytest.raises(IllegalAction, match=r"^Farbe 'purple' gibt es nicht"):
        state.parse_action("draft purple")
    with language_scope("ja"), pytest.raises(IllegalAction, match=r"^押し込む位置 'left a' は"):
        state.parse_action("enter left a")
    with language_scope("de"), pytest.raises(IllegalAction, match=r"^'5' ist eine Zahl"):
        state.parse_action("5")  # the codec's own refusals, in the game's catalogue


def test_a_label_as_shown_in_the_language_reads_back() -> None:
    """The texts shown in German and Japanese of the legal actions read back as well."""
    state = _state()
    for lang in ("de", "ja"):
        with language_scope(lang):
            for action in state.legal_actions():
                assert state.parse_action(state.action_to_string(action)) == action


def test_a_chance_outcome_reads_by_its_english_text_and_by_its_label() -> None:
    """At a chance node the old English text (``chance.outcome_text``: ``deal sweep``,
    ``roll Ge (element)``) reads in every language, and so does the label shown."""
    cases = [({}, {"first", "rune", "bag", "roll"}), ({"secret_runes": True}, {"deal"})]
    for options, kinds in cases:
        state = grimoire.make("runika", 2, **options).new_state(5, resolve_chance=False)
        assert _check_chance_texts(state, kinds) >= kinds


def _check_chance_texts(state: Any, kinds: set[str]) -> set[str]:
    """Plays ``state`` on (random progress, the last outcome of each chance node) until it has
    met the chance nodes of ``kinds`` (or 3000 steps), checking every outcome's texts on the
    way; the kinds met."""
    from grimoire.games.runika import chance

    seen: set[str] = set()
    rng = random.Random(5)
    while not kinds <= seen and not state.is_terminal() and state.step < 3000:
        if not state.is_chance():
            state.apply(rng.choice(state.progress_actions()))
            continue
        seen.add(state.chance[0].kind)
        for outcome, _weight in state.chance_weights():
            english = chance.outcome_text(state, outcome)
            assert state.action_to_string(outcome) == english
            assert state.parse_action(english.upper()) == outcome
            for lang in ("de", "ja"):
                with language_scope(lang):
                    assert state.parse_action(english) == outcome
                    shown = state.action_to_string(outcome)
                    assert shown == chance.outcome_label(state, outcome)
                    assert state.parse_action(shown) == outcome
        state.apply(state.chance_weights()[-1][0])
    return seen
