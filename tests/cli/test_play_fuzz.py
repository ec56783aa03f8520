"""No input loses a game: ``grimoire play`` in-process, in every game and language, fed what a
person might type (numbers, listed texts, every command and topic word in English, German and
Japanese with any argument, ``save`` to odd names, random words and unicode, empty lines, Ctrl-C)
and then the end of the input. Never a traceback: the game goes on, or it is saved first."""

from __future__ import annotations

import io
import os
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from rich.console import Console

import grimoire
from grimoire.cli.play import COMMANDS, command_word, new_session, run, topics
from grimoire.core.i18n import language_scope

GAMES = [("ciub", 3), ("fatal", 3), ("five-seals", 2), ("runika", 2)]
LANGUAGES = ["en", "de", "ja"]
INTERRUPT = "\x00^C"  # an input that stands for Ctrl-C


def words_of(name: str, players: int) -> list[str]:
    """Every command and topic word of the game, in each language, and a few listed texts."""
    game = grimoire.make(name, players=players)
    words = {"?", "load", "undo", "hint", "explain", "learn"}
    for lang in LANGUAGES:
        with language_scope(lang):
            words |= {command_word(command) for command in COMMANDS}
            words |= set(topics(game)) | {game.text_topic_word(t) for t in topics(game)}
            state = game.new_state(1)
            while state.is_chance():
                state.resolve_chance()
            seat = min(state.seats_to_act())
            words |= {state.action_to_string(a) for a in state.legal_actions(seat)[:12]}
    return sorted(words | set(COMMANDS))


SAFE_TEXT = st.text(
    alphabet=st.characters(blacklist_characters="/\\~\r\n", blacklist_categories=["Cs"]),
    max_size=30,
)
SAVE_NAMES = st.sampled_from([".", "d", "d/x.json", "x.json", "a" * 300, "x\x00y", " ", "ü席"])


def inputs(words: list[str]) -> st.SearchStrategy[list[str]]:
    word = st.sampled_from(words)
    numbers = st.integers(min_value=-3, max_value=60).map(str)
    one = st.one_of(
        numbers,
        word,
        st.tuples(word, st.one_of(numbers, word, SAFE_TEXT)).map(" ".join),  # any argument
        st.tuples(st.sampled_from(["save", "speichern", "セーブ", "保存"]), SAVE_NAMES).map(
            " ".join
        ),
        SAFE_TEXT,
        st.sampled_from(["", "   ", "y", "n", "Y", "no", INTERRUPT, "1 2", "１", "٣", "½", "-0"]),
    )
    return st.lists(one, max_size=25)


class Typed:
    """The person: the drawn inputs one per prompt, then the end of the input (EOF)."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)

    def __call__(self, prompt: str) -> str:
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        if answer == INTERRUPT:
            raise KeyboardInterrupt
        return answer


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Saves land here (relative names and the home directory): nothing outside it."""
    where = tmp_path_factory.mktemp("fuzz")
    (where / "d").mkdir()
    before, home = Path.cwd(), os.environ.get("HOME")
    os.chdir(where)
    os.environ["HOME"] = str(where)
    yield where
    os.chdir(before)
    if home is not None:
        os.environ["HOME"] = home


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_no_input_loses_a_game(sandbox: Path, name: str, players: int) -> None:
    words = words_of(name, players)

    @settings(
        max_examples=20,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # a failure is shown as drawn: shrinking is slow
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(answers=inputs(words), lang=st.sampled_from(LANGUAGES), seed=st.integers(0, 50))
    @example(answers=["save x\x00y"], lang="en", seed=0)  # was a ValueError: a NUL in the name
    @example(answers=["save .", "save d", INTERRUPT, "x.json"], lang="de", seed=1)
    @example(answers=["save " + "a" * 300], lang="ja", seed=2)  # was an OSError: name too long
    def check(answers: list[str], lang: str, seed: int) -> None:
        session = new_session(name, players, ["random"], seed=seed, options={})
        out = io.StringIO()
        console = Console(file=out, width=400, color_system=None)  # paths whole
        save = sandbox / "game.json"
        save.unlink(missing_ok=True)
        with language_scope(lang):
            code = run(session, console, Typed(answers), save)  # no exception escapes
        text = out.getvalue()
        assert "Traceback" not in text
        assert code in (0, 1, 130), code
        if code == 1:  # the input ended: the game was saved first, where the person is told
            told = re.findall(r"--load\s+('[^']*'|\S+)", text)  # quoted as a shell reads it
            assert told and (sandbox / shlex.split(told[-1])[0]).exists(), text[-500:]

    check()
