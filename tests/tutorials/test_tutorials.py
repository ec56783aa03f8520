"""The games' tutorials (``grimoire.tutorial``, the data files ``games/<g>/data/tutorial.toml``):
every scripted move is legal in its step's position, every text is in English, German and
Japanese, every step names a rule the rules documents have in each language, and the file's
format is checked. The tutorials of the four shipped games are checked (``registry.BUILTIN``);
a registered game without one (the test session's Minimal) offers none."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import language_scope
from grimoire.registry import BUILTIN, game_class, games
from grimoire.rulebook import rule_named
from grimoire.tutorial import (
    Lesson,
    TutorialError,
    has_tutorial,
    lesson,
    load_tutorial,
    paragraphs,
    parse,
    parse_tutorial,
    said,
)

GAMES = sorted(BUILTIN)
OTHER_LANGUAGES = ("de", "ja")


def test_every_shipped_game_has_a_tutorial_and_says_so() -> None:
    for name in games():
        cls = game_class(name)
        assert cls(cls.min_players).capabilities.tutorial is (cls.tutorial_folder() is not None)
        assert has_tutorial(name) is (name in BUILTIN), name


def test_a_game_without_a_tutorial_is_refused_with_its_title() -> None:
    with pytest.raises(TutorialError, match="Minimal has no tutorial yet"):
        load_tutorial("toy_minimal")


@pytest.mark.parametrize("name", GAMES)
def test_every_scripted_move_is_legal_where_it_is_made(name: str) -> None:
    """The lesson is built from the file (it refuses a script the engine refuses); and again
    here: each expected move is legal in its position and taken, every other legal move is
    refused, and the last step ends the game (every tutorial teaches the end)."""
    found = lesson(name)
    assert 8 <= len(found) <= 15, len(found)
    for index in range(len(found)):
        for done in range(found.moves(index)):
            state = found.position(index, done)
            expected = found.expected(index, done)
            assert found.seat in state.seats_to_act()
            assert state.why_illegal(expected, found.seat) is None
            assert found.attempt(index, done, expected).ok
            for other in state.legal_actions(found.seat):
                if other != expected:
                    verdict = found.attempt(index, done, other)
                    assert not verdict.ok and verdict.legal and verdict.why is None
                    break
    assert found.position(len(found) - 1, found.moves(len(found) - 1)).is_terminal()


@pytest.mark.parametrize("name", GAMES)
def test_a_move_the_rules_forbid_is_refused_with_the_engines_reason(name: str) -> None:
    found = lesson(name)
    state = found.position(0, 0)
    legal = set(state.legal_actions(found.seat))
    illegal = next(a for a in range(found.game.num_actions) if a not in legal)
    verdict = found.attempt(0, 0, illegal)
    assert not verdict.ok and not verdict.legal
    assert verdict.why == state.why_illegal(illegal, found.seat) and verdict.why


@pytest.mark.parametrize("name", GAMES)
def test_every_text_is_in_english_german_and_japanese(name: str) -> None:
    tutorial = lesson(name).tutorial
    for where, texts in tutorial.texts():
        assert set(texts) == {"en", "de", "ja"}, where
        for lang in OTHER_LANGUAGES:
            assert texts[lang] and texts[lang] != texts["en"], (where, lang)
        # the same paragraphs, and the same {move} placeholder, in every language
        counts = {lang: len(paragraphs(text)) for lang, text in texts.items()}
        assert len(set(counts.values())) == 1, (where, counts)
        assert len({text.count("{move}") for text in texts.values()}) == 1, where
    for step in tutorial.steps:
        assert step.book.get("en"), step.id
        assert set(step.book) <= {"en", "de", "ja"}


@pytest.mark.parametrize("name", GAMES)
def test_every_step_names_a_rule_the_rules_have_in_each_language(name: str) -> None:
    found = lesson(name)
    for step in found.steps:
        assert step.rule, step.id
        english = rule_named(found.game, step.rule, "en")
        assert english is not None and english.text, (step.id, step.rule)
        for lang in OTHER_LANGUAGES:
            rule = rule_named(found.game, step.rule, lang)
            assert rule is not None and rule.language == lang, (step.id, lang)


@pytest.mark.parametrize("name", GAMES)
def test_the_short_game_after_the_tutorial_can_be_made(name: str) -> None:
    from grimoire.bots import make_bot
    from grimoire.registry import make

    final = lesson(name).tutorial.final
    game = make(name, players=final.players, **final.options)
    make_bot(final.bot, game, seed=1)
    assert final.bot == "easy"


def test_a_text_is_read_in_the_context_language_else_english() -> None:
    texts = {"en": "Roll.", "de": "Würfeln."}
    with language_scope("de"):
        assert said(texts) == "Würfeln."
    with language_scope("ja"):
        assert said(texts) == "Roll."


def test_paragraphs_join_lines_and_japanese_without_spaces() -> None:
    assert paragraphs("a b\nc\n\nd") == ["a b c", "d"]
    assert paragraphs("ダイスを\n振る。\n\nW1を\nトレイへ") == ["ダイスを振る。", "W1をトレイへ"]


def test_a_seat_in_the_file_counts_from_one_whatever_the_games_texts_do() -> None:
    found = lesson("fatal")
    state = found.position(5, 0)  # the steal example: Carl is the third seat
    action = parse(state, "steal seat 3 row 1")
    assert state.action_to_json(action)["seat"] == 2
    with pytest.raises(IllegalAction):
        parse(state, "steal seat 9 row 1")


# ------------------------------------------------------------------- the file's format

MINIMAL = """
format = "grimoire-tutorial/1"
players = 2
options = { start_player = 0 }
title.en = "T"
intro.en = "I"
outro.en = "O"
[[steps]]
id = "one"
rule = "Setup"
start = { position = "tutorial/setup.json" }
moves = ["pass"]
text.en = "Pass."
"""


def _ciub_folder() -> Any:
    return game_class("ciub").tutorial_folder()


def test_a_well_formed_file_plays() -> None:
    tutorial = parse_tutorial("ciub", MINIMAL, _ciub_folder())
    assert Lesson(tutorial).moves(0) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace('format = "grimoire-tutorial/1"', ""), "format must be"),
        (lambda t: t.replace('moves = ["pass"]', 'moves = ["claim 21"]'), "move 1 'claim 21'"),
        (lambda t: t.replace('moves = ["pass"]', "moves = []"), "at least one move"),
        (lambda t: t.replace('text.en = "Pass."', 'text.de = "Passen."'), "English text"),
        (lambda t: t.replace('id = "one"', 'id = "one"\nwhen = 1'), "unknown key 'when'"),
        (lambda t: t.replace("start = {", "begin = {"), "unknown key 'begin'"),
        (lambda t: t.replace('rule = "Setup"', 'rule = "Setup"\ntext.fr = "x"'), "language 'fr'"),
        (lambda t: t.replace("players = 2", "players = 9"), "2..4 players"),
        (lambda t: t.replace("setup.json", "nowhere.json"), "nowhere.json"),
        (lambda t: t + '[[steps]]\nid = "one"\nmoves = ["pass"]\ntext.en = "x"\n', "one id"),
        (lambda t: t.replace("format", "format = [", 1), "not TOML"),
        # the learner's seat, said counting from 1 as everywhere a person reads
        (
            lambda t: t.replace("players = 2", "players = 2\nseat = 1"),
            "the learner (seat 2) is not to act here (to act: seat 1)",
        ),
        (lambda t: t.replace("players = 2", "players = 2\nseat = 5"), "seat = 5 names no seat"),
    ],
)
def test_a_broken_file_is_refused_naming_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(TutorialError, match=re.escape(message)):
        Lesson(parse_tutorial("ciub", change(MINIMAL), _ciub_folder()))


def test_the_shipped_files_name_only_files_that_exist() -> None:
    for name in GAMES:
        folder = game_class(name).tutorial_folder()
        assert folder is not None
        for step in load_tutorial(name).steps:
            if step.position is not None:
                assert Path(str(folder / step.position)).is_file(), (name, step.position)
