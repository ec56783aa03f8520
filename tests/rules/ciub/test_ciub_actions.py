"""Ciúb's actions as declared (``actions.ACTIONS``): every id keeps its meaning, its texts in
English, German and Japanese and its JSON (``action_texts.json``: what the hand-written codec
gave before the actions were declared), and every spelling the old parser read still names
the same action."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import grimoire
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.games.ciub.frames import Face
from grimoire.games.ciub.state import CiubState

FIXTURE = Path(__file__).with_name("action_texts.json")
LANGS = ("en", "de", "ja")


@cache
def fixture() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return doc


def texts(state: CiubState, ids: list[int], lang: str) -> list[str]:
    with language_scope(lang):
        return [state.action_to_string(action) for action in ids]


def base() -> CiubState:
    """The state the docs table is made from: the default 4-player game, a decision."""
    state = grimoire.make("ciub", 4).new_state(0)
    assert isinstance(state, CiubState) and not state.is_chance()
    return state


# ------------------------------------------------------------------ ids, texts, JSON
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("length", ["normal", "short"])
def test_the_number_of_ids_is_the_same_for_every_player_count_and_length(
    players: int, length: str
) -> None:
    assert grimoire.make("ciub", players, length=length).num_actions == 969


def test_every_id_keeps_its_english_text_and_json() -> None:
    state = base()
    ids = list(range(state.game.num_actions))
    assert texts(state, ids, "en") == fixture()["texts"]["en"]
    for action, fields in zip(ids, fixture()["json"], strict=True):
        doc = state.action_to_json(action)
        assert doc == {"id": action, "text": fixture()["texts"]["en"][action], **fields}


# The only text that changed: a face id read where no die is being adjusted (never a legal
# action then) is one template now, "face {face}" with the face "#3", so Japanese shows it in
# that template's quotes ("面「#3」", before "面#3"). German and English read as before.
@pytest.mark.parametrize("lang", ["de", "ja"])
def test_every_id_keeps_its_german_and_japanese_text(lang: str) -> None:
    state = base()
    expected = list(fixture()["texts"][lang])
    if lang == "ja":
        for action in state.game.codec.ids("face"):
            face = action - state.game.codec.base("face")
            assert expected[action] == f"面#{face}"
            expected[action] = f"面「#{face}」"
    assert texts(state, list(range(state.game.num_actions)), lang) == expected


def walk_states() -> dict[int, list[tuple[CiubState, dict[str, Any]]]]:
    """The fixture's positions, replayed: its seeded random games, one node at a time."""
    out: dict[int, list[tuple[CiubState, dict[str, Any]]]] = {}
    entries = fixture()["walk"]
    for players, seed in sorted({(e["players"], e["seed"]) for e in entries}):
        wanted = {e["step"]: e for e in entries if (e["players"], e["seed"]) == (players, seed)}
        state = grimoire.make("ciub", players).new_state(seed, resolve_chance=False)
        assert isinstance(state, CiubState)
        rng = random.Random(seed)
        while wanted and not state.is_terminal():
            if state.step in wanted:
                copy = state.clone()
                assert isinstance(copy, CiubState)
                out.setdefault(players, []).append((copy, wanted.pop(state.step)))
            if state.is_chance():
                state.apply(state.sample_chance())
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert not wanted
    return out


def test_texts_json_and_log_lines_in_play_are_unchanged_in_each_language() -> None:
    """Decisions of every kind (the dice actions' frames among them: the face names as the
    die being adjusted shows them) and chance nodes of every kind (setup, rolls, draws)."""
    seen = 0
    for states in walk_states().values():
        for state, entry in states:
            ids = entry["ids"]
            if state.is_chance():
                assert [o for o, _w in state.chance_weights()] == ids
            else:
                assert state.legal_actions() == ids
                docs = [state.action_to_json(a) for a in ids]
                assert [{k: v for k, v in d.items() if k not in ("id", "text")} for d in docs] == (
                    entry["json"]
                )
            actor = -1 if state.is_chance() else state.current_player
            assert isinstance(actor, int)
            for lang in LANGS:
                assert texts(state, ids, lang) == entry[lang], (entry["step"], lang)
                with language_scope(lang):
                    lines = [state.describe(actor, o, v) for o in ids[:3] for v in (None, 0)]
                assert lines == entry["describe"][lang]
            seen += 1
    assert seen == len(fixture()["walk"])


def test_chance_outcomes_parse_back_from_their_texts() -> None:
    """At a chance node a text names an outcome (``chance_to_string``), in each language."""
    for states in walk_states().values():
        for state, entry in states:
            if not state.is_chance():
                continue
            for lang in LANGS:
                with language_scope(lang):
                    for outcome, text in zip(entry["ids"], entry[lang], strict=True):
                        assert state.parse_action(text) == outcome


# ------------------------------------------------------------------ the old spellings
def at_face(target: str) -> CiubState:
    """A state asked for the face die ``target`` is adjusted to (the frame alone matters to
    the parser)."""
    state = base()
    die = state.c.die_by_label(target)
    assert die is not None
    state.stack.append(Face(s=state.turn, by=die, target=die))
    return state


def enc(state: CiubState, kind: str, *args: int) -> int:
    return state.game.codec.encode(kind, *args)


def die(state: CiubState, label: str) -> int:
    found = state.c.die_by_label(label)
    assert found is not None
    return found


def colour(state: CiubState, name: str) -> int:
    return state.c.colour_named(name).index


SPELLINGS: list[tuple[str, str, str, tuple[Any, ...]]] = [
    # (where, text, kind, arguments: ints, die labels or colour names)
    ("base", "pass", "pass", ()),
    ("base", "  PASS ", "pass", ()),
    ("base", "cancel", "cancel", ()),
    ("base", "done", "done", ()),
    ("base", "Roll", "roll", ()),
    ("base", "stop", "stop", ()),
    ("base", "no claim", "no_claim", ()),
    ("base", "no-claim", "no_claim", ()),
    ("base", "No   Claim", "no_claim", ()),
    ("base", "end turn", "end_turn", ()),
    ("base", "end-turn", "end_turn", ()),
    ("base", "mark 21", "mark", (21,)),
    ("base", "MARK 7", "mark", (7,)),
    ("base", "mark 007", "mark", (7,)),
    ("base", "remove 7", "remove", (7,)),
    ("base", "claim 21", "claim", (21,)),
    ("base", "claim 33", "claim", (33,)),
    ("base", "move down 7", "move_down", (7,)),
    ("base", "move-down 7", "move_down", (7,)),
    ("base", "swap W1 for red", "swap", ("W1", "red")),
    ("base", "swap w1 red", "swap", ("W1", "red")),
    ("base", "swap W20 for r", "swap", ("W20", "red")),
    ("base", "swap b7 b", "swap", ("B7", "blue")),
    ("base", "SWAP Y3 FOR Purple", "swap", ("Y3", "purple")),
    ("base", "use B1", "use", ("B1",)),
    ("base", "use p7", "use", ("P7",)),
    ("base", "target R2", "target", ("R2",)),
    ("base", "set aside Y1", "set_aside", ("Y1",)),
    ("base", "set-aside o4", "set_aside", ("O4",)),
    ("base", "return R2", "return", ("R2",)),
    ("base", "trade G1", "trade", ("G1",)),
    ("base", "whiten R1", "whiten", ("R1",)),
    ("base", "take red", "take", ("red",)),
    ("base", "take R", "take", ("red",)),
    ("base", "pick white", "pick", ("white",)),
    ("base", "pick w", "pick", ("white",)),
    ("base", "pick Green", "pick", ("green",)),
    ("base", "face #0", "face", (0,)),
    ("base", "face #5", "face", (5,)),
    ("base", "face #03", "face", (3,)),
    ("G1", "face skull", "face", (0,)),
    ("G1", "FACE Skull", "face", (0,)),
    ("G1", "face re-roll", "face", (1,)),
    ("G1", "face re roll", "face", (1,)),
    ("G1", "face reroll", "face", (1,)),
    ("G1", "face 2 for 1", "face", (3,)),
    ("G1", "face 2-for-1", "face", (3,)),
    ("G1", "face 2for1", "face", (3,)),
    ("G1", "face two_for_one", "face", (3,)),
    ("G1", "face 7", "face", (5,)),
    ("G1", "face #4", "face", (4,)),
    ("W3", "face 1", "face", (0,)),
    ("W3", "face swap", "face", (4,)),
    ("P2", "face adjust", "face", (1,)),
    ("P2", "face 3", "face", (4,)),
    ("O1", "face 4", "face", (3,)),
    ("O1", "face 6", "face", (5,)),
    ("B5", "face 2", "face", (5,)),
    ("B5", "face swap", "face", (2,)),
]


def where(name: str) -> CiubState:
    return base() if name == "base" else at_face(name)


@pytest.mark.parametrize(("at", "text", "kind", "args"), SPELLINGS)
def test_every_old_spelling_names_the_same_action(
    at: str, text: str, kind: str, args: tuple[Any, ...]
) -> None:
    state = where(at)
    values = []
    for arg in args:
        if isinstance(arg, int):
            values.append(arg)
        elif arg[0].isupper():
            values.append(die(state, arg))
        else:
            values.append(colour(state, arg))
    assert state.parse_action(text) == enc(state, kind, *values)


REFUSED = [
    ("base", ""),
    ("base", "   "),
    ("base", "5"),
    ("base", "fly"),
    ("base", "mark 0"),  # an id of no card
    ("base", "mark 34"),
    ("base", "mark -1"),
    ("base", "claim 99"),
    ("base", "claim ²"),
    ("base", "use"),
    ("base", "use W21"),
    ("base", "use X1"),
    ("base", "swap W1 for black"),
    ("base", "swap W1 for"),
    ("base", "take k"),
    ("base", "face #6"),
    ("base", "face #9"),
    ("base", "face 3"),  # no die is being adjusted
    ("base", "face skull"),
    ("P2", "face 7"),
    ("P2", "face re-roll"),
    ("W3", "face skull"),
    ("G1", "face # 3"),
]


@pytest.mark.parametrize(("at", "text"), REFUSED)
def test_what_the_old_parser_refused_is_refused(at: str, text: str) -> None:
    with pytest.raises(IllegalAction):
        where(at).parse_action(text)


@pytest.mark.parametrize(
    ("at", "text", "reason"),
    [
        ("base", "claim 99", "there is no card '99' (say e.g. 1, 2, 3)"),
        ("base", "use X9", "there is no die 'X9' (dice are named like W1, B3)"),
        ("base", "take black", "there is no colour 'black' (say e.g. white, yellow, orange)"),
        ("base", "face #9", "there is no face #9 (faces are #0..#5)"),
        ("base", "face 3", "'face ...' only answers which face to adjust a die to"),
        ("P2", "face 7", "a purple die has no face '7' (faces: skull, adjust, 2-for-1, 3, 4)"),
    ],
)
def test_a_value_that_cannot_be_read_is_named_with_examples(
    at: str, text: str, reason: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        where(at).parse_action(text)
    assert str(refused.value) == reason
