"""The terminal as a newcomer meets it (issue 25): a short setup, seats counted from 1, board
labels that match the actions, option values listed whole, a study that checks its extras first,
what --workers 0 means, how many steps a replay has, score tables without an empty column, and
plurals through the catalogues."""

from __future__ import annotations

import io
import json
import os
import random
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console
from tests.rules.five_seals.fs_helpers import new_state
from tests.rules.runika.rk_helpers import runika_game
from typer.testing import CliRunner

import grimoire
from grimoire.cli.main import app
from grimoire.cli.options import worker_count
from grimoire.cli.play import new_session, run, score_table
from grimoire.core.errors import InvalidOptions
from grimoire.games.five_seals.frames import Decision
from grimoire.i18n import language_scope, ngettext

WIDE = {"COLUMNS": "80", "TERM": "dumb"}


def text_of(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_five_seals_setup_is_a_few_lines_and_log_shows_it_all() -> None:
    result = CliRunner().invoke(
        app, ["play", "five-seals", "--seed", "3"], input="log\nquit\nn\n", env=WIDE
    )
    before_prompt = result.output.split("Your choice")[0]
    assert len(before_prompt.splitlines()) < 60, before_prompt  # was about 160 lines
    assert before_prompt.count("gets a") <= 2  # the 128 tokens and scrolls placed: summed up
    assert re.search(r"\.\.\. and 1\d\d more chance events \('log' shows them all\)", before_prompt)
    after_log = result.output.split("Your choice", 1)[1]
    assert after_log.count("gets a") > 90  # 'log' tells every line


def test_only_the_viewers_familiar_is_with_you() -> None:
    state = grimoire.make("five-seals", players=3).new_state(3)
    rows = text_of(state.game.render_text(state, 1), width=140)
    assert rows.count("with you") == 1
    mine = next(line for line in rows.splitlines() if "(you)" in line)
    assert "with you" in mine and mine.lstrip("│ ").startswith("2 ")  # seat 1 is the 2nd
    assert rows.count("unplaced") == 2
    spectator = text_of(state.game.render_text(state, None), width=140)
    assert "with you" not in spectator


def test_five_seals_board_counts_seats_from_1_like_its_svg() -> None:
    state = new_state(grimoire.make("five-seals", players=3), 3)
    text = text_of(state.game.render_text(state, 0), width=140)
    assert f"first player {state.first + 1};" in text
    frame = state.stack[-1]
    assert isinstance(frame, Decision)  # every Five Seals frame is one
    seat = int(frame.s)
    assert f"Seat {seat + 1}: take" in text
    numbers = [int(m) for m in re.findall(r"^│ (\d) \w", text, re.MULTILINE)]
    assert numbers == [1, 2, 3]


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "seat {n}"), ("de", "Platz {n}"), ("ja", "席{n}")]
)
def test_the_games_texts_count_seats_from_1_and_read_them_back(lang: str, word: str) -> None:
    """The games' own texts count seats from 1 (no renumbering in the terminal any more): a
    F.A.T.A.L. deal names seat id 1 "seat 2", its action texts name a seat as people count, and
    the parser reads that text back to the same id."""
    state = grimoire.make("fatal", players=3).new_state(3, resolve_chance=False)
    with language_scope(lang):
        dealt = state.describe(-1, state.sample_chance(), None)  # seat id 0's character
        assert word.format(n=1) in dealt and word.format(n=0) not in dealt, dealt
    english = grimoire.make("fatal", players=3).new_state(3)
    rng, named = random.Random(3), 0
    while not english.is_terminal() and named < 20:
        if english.is_chance():
            english.play(english.sample_chance())
            continue
        for action in english.legal_actions():
            text = english.action_to_string(action)
            for n in re.findall(r"\bseat (\d+)", text):
                assert 1 <= int(n) <= 3, text
                named += 1
            assert english.game.codec.parse(text) == action, text
        english.play(rng.choice(english.legal_actions()))
    assert named  # some action named a seat


def test_a_bots_move_names_its_seat_from_1(tmp_path: Path) -> None:
    session = new_session("ciub", 2, ["random"], seed=5, options={"start_player": 1})
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(["quit", "n"])
    run(session, console, lambda prompt: next(answers), tmp_path / "save.json")
    assert "seat 2 (random):" in out.getvalue()  # the bot at seat index 1
    assert "seat 1 (random)" not in out.getvalue()


def test_runika_lanes_are_named_as_the_board_labels_them() -> None:
    game = runika_game(grimoire.make("runika", players=2))
    state = game.new_state(1)
    codec, ids = game.codec, game.ids
    top_a, left_1 = ids.enter(0, 0), ids.enter(3, 0)
    assert state.action_to_string(top_a) == "enter top a"
    assert state.action_to_string(ids.enter(2, 3)) == "enter bottom d"
    assert state.action_to_string(left_1) == "enter left 1"  # rows are numbered on the board
    assert codec.parse("enter top a") == codec.parse("enter top 1") == top_a  # both read
    assert codec.parse("enter top A") == top_a
    with pytest.raises(grimoire.IllegalAction):
        codec.parse("enter left a")  # a row has no letter
    board = text_of(state.game.render_text(state, 0), width=120)
    assert "a  b  c  d" in board


def test_games_lists_every_option_value_whole_at_80_columns() -> None:
    result = CliRunner().invoke(app, ["games"], env=WIDE)
    assert result.exit_code == 0
    assert "…" not in result.output
    flat = re.sub(r"[│\s]+", "", result.output)
    for name in grimoire.game_names():
        for option in grimoire.registry.game_class(name).declared_options:
            assert option.name in flat
            for choice in option.choices or ():
                assert str(choice) in flat, (name, option.name, choice)
    assert "self_adjust=number_or_skull(number_or_skull|number|not_action)" in flat


def test_a_study_without_its_extra_says_so_before_playing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import grimoire.cli.study as study

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("games were played before the check")

    monkeypatch.setattr(study, "run_study", played)
    result = CliRunner().invoke(
        app,
        ["study", "--game", "ciub", "--games", "2", "--report", str(tmp_path / "r")],
        env=WIDE,
    )
    assert result.exit_code == 2, result.output
    message = " ".join(result.output.split())
    assert "a report needs the study extra (matplotlib is missing)" in message
    assert "pip install 'grimoire[study]'" in message


def test_workers_0_is_one_per_core_and_is_said_negative_is_refused() -> None:
    assert worker_count(0) == (os.cpu_count() or 1)
    assert worker_count(3) == 3
    with pytest.raises(InvalidOptions, match="--workers takes 1 or more"):
        worker_count(-1)
    runner = CliRunner()
    zero = runner.invoke(app, ["simulate", "ciub", "--games", "2", "--workers", "0"], env=WIDE)
    assert zero.exit_code == 0, zero.output
    assert f"--workers 0: {os.cpu_count() or 1} processes, one per CPU core" in zero.output
    negative = runner.invoke(app, ["simulate", "ciub", "--games", "2", "--workers", "-2"])
    assert negative.exit_code == 2 and "--workers takes 1 or more" in negative.output


def test_replay_says_how_many_steps_there_are(tmp_path: Path) -> None:
    state = grimoire.make("ciub", players=2).new_state(4)
    for _ in range(12):
        state.play(state.legal_actions()[0])
    record = tmp_path / "record.json"
    record.write_text(json.dumps(state.record().to_json()))
    steps = len(state.record().actions)
    runner = CliRunner()
    end = runner.invoke(app, ["replay", str(record)], env=WIDE)
    assert f"Step {steps} of {steps}" in end.output
    third = runner.invoke(app, ["replay", str(record), "--step", "3"], env=WIDE)
    assert f"Step 3 of {steps}" in third.output


def test_score_tables_have_no_empty_column_and_plurals_agree() -> None:
    state = grimoire.make("ciub", players=2).new_state(4)
    running = text_of(score_table(state, [0], {1: "random"}))
    header = next(line for line in running.splitlines() if "Seat" in line)
    assert header.count("┃") == 4  # seat, player, score: three columns, no empty fourth
    assert re.search(r"│ 1 +│ you", running)  # seats counted from 1
    assert ngettext("{count} player.", "{count} players.", 1) == "{count} player."
    assert ngettext("{count} player.", "{count} players.", 2) == "{count} players."
    with language_scope("de"):
        assert ngettext("{count} player.", "{count} players.", 1) == "{count} Spieler."
    result = CliRunner().invoke(
        app, ["play", "runika", "--players", "1", "--seed", "1"], input="quit\nn\n", env=WIDE
    )
    assert "1 player." in result.output and "1 players" not in result.output


@pytest.mark.parametrize(("name", "players"), [("ciub", 2), ("fatal", 3), ("runika", 2)])
def test_every_board_counts_seats_from_1(name: str, players: int) -> None:
    state = grimoire.make(name, players=players).new_state(2)
    while state.is_chance():
        state.play(state.legal_actions()[0])
    text = text_of(state.game.render_text(state, 0), width=160)
    assert "(you)" in text
    assert "0 (you)" not in text and not re.search(r"\bseat 0\b", text, re.IGNORECASE)
