"""Saves are never lost and never written over another file unasked; render, replay and
--load read saves, records and positions alike."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from grimoire.cli.documents import SAVE_FORMAT, read_document
from grimoire.cli.main import app
from grimoire.cli.play import Session, load, new_session, run

OTHER = '{"not": "a game"}'


def quiet() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None), out


def script(answers: list[str]) -> Callable[[str], str]:
    """A person who gives these answers in turn: "^C" is Ctrl-C, "^D" (or no answer left) the
    end of input."""
    queue = list(answers)

    def ask(prompt: str) -> str:
        ask.prompts.append(prompt)  # type: ignore[attr-defined]
        answer = queue.pop(0) if queue else "^D"
        if answer == "^C":
            raise KeyboardInterrupt
        if answer == "^D":
            raise EOFError
        return answer

    ask.prompts = []  # type: ignore[attr-defined]
    return ask


def session() -> Session:
    return new_session("ciub", 2, ["random"], seed=3, options={})


def play(answers: list[str], default: Path, own: Path | None = None) -> tuple[int, str, Session]:
    game = session()
    console, out = quiet()
    code = run(game, console, script(answers), default, own_file=own)
    return code, out.getvalue(), game


def test_a_file_name_typed_at_the_leave_prompt_saves_there(tmp_path: Path) -> None:
    default, named = tmp_path / "default.json", tmp_path / "mine.json"
    code, text, game = play(["1", "^C", str(named)], default)
    assert code == 130 and not default.exists()
    assert f"Saved to {named}" in text
    assert load(named).state == game.state
    assert json.loads(named.read_text())["format"] == SAVE_FORMAT


@pytest.mark.parametrize(
    ("answers", "why"),
    [
        (["^C", ""], "Enter at the leave prompt"),
        (["^C", "y"], "yes at the leave prompt"),
        (["^C", "", ""], "Enter at the overwrite question"),
        (["^C", "", "n"], "no at the overwrite question"),
        (["^C", "^C"], "a second Ctrl-C"),
        (["^C", "^D"], "the end of input at the leave prompt"),
        (["^C", "", "^C"], "Ctrl-C at the overwrite question"),
        (["^D"], "the end of input at the choice prompt"),
        (["save", "", "quit", "n"], "the save command"),
    ],
)
def test_another_file_is_never_overwritten_unasked(
    tmp_path: Path, answers: list[str], why: str
) -> None:
    default = tmp_path / "grimoire-save.json"
    default.write_text(OTHER)
    code, text, game = play(answers, default)
    assert default.read_text() == OTHER, why
    kept = tmp_path / "grimoire-save-1.json"
    assert load(kept).state == game.state, why  # the game went to a free name instead
    assert str(kept) in text
    assert code in (1, 130)


def test_overwrite_only_when_the_person_says_so(tmp_path: Path) -> None:
    default = tmp_path / "grimoire-save.json"
    default.write_text(OTHER)
    code, _, game = play(["^C", "", "y"], default)
    assert code == 130 and load(default).state == game.state
    assert not (tmp_path / "grimoire-save-1.json").exists()
    # another name typed at the overwrite question is used instead
    (tmp_path / "b.json").write_text(OTHER)
    code, _, game = play(["^C", "", str(tmp_path / "c.json")], tmp_path / "b.json")
    assert (tmp_path / "b.json").read_text() == OTHER
    assert load(tmp_path / "c.json").state == game.state


def test_the_games_own_file_is_updated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, _, game = play(["save " + str(path), "1", "^C", ""], tmp_path / "default.json")
    assert code == 130 and load(path).state == game.state  # saved twice, asked nothing
    resumed = load(path)
    console, _ = quiet()
    ask = script(["1", "^C", "^C"])
    assert run(resumed, console, ask, path, own_file=path) == 130
    assert load(path).state == resumed.state
    assert not any("Overwrite" in p for p in ask.prompts)  # type: ignore[attr-defined]


def test_no_answer_leaves_without_saving(tmp_path: Path) -> None:
    code, text, _ = play(["quit", "n"], tmp_path / "s.json")
    assert code == 130 and "Left without saving" in text and not (tmp_path / "s.json").exists()


# --------------------------------------------------------------------------- the commands


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """A save (a person at seat 0, a random bot at 1), its record, and its position."""
    game = session()
    console, _ = quiet()
    run(
        game,
        console,
        script(["1", "2", "1", "save " + str(tmp_path / "save.json"), "quit", "n"]),
        tmp_path / "x.json",
    )
    record, position = tmp_path / "record.json", tmp_path / "position.json"
    record.write_text(json.dumps(game.state.record().to_json()))
    position.write_text(json.dumps(game.state.to_json()))
    return {"save": tmp_path / "save.json", "record": record, "position": position}


@pytest.mark.parametrize("kind", ["save", "record", "position"])
def test_render_replay_and_load_read_every_kind(files: dict[str, Path], kind: str) -> None:
    runner = CliRunner()
    states = {name: read_document(path).state for name, path in files.items()}
    assert states["save"] == states["record"] == states["position"]
    rendered = runner.invoke(app, ["render", str(files[kind])])
    assert rendered.exit_code == 0, rendered.output
    assert "Bottom row" in rendered.output
    replayed = runner.invoke(app, ["replay", str(files[kind]), "--step", "5"])
    assert replayed.exit_code == 0, replayed.output
    assert "? bot" not in replayed.output
    if kind == "save":
        assert "person" in replayed.output and "random bot" in replayed.output
    else:
        assert "not recorded" in replayed.output
    loaded = runner.invoke(app, ["play", "--load", str(files[kind])], input="quit\nn\n")
    assert loaded.exit_code == 130, loaded.output
    assert "Your choice" in loaded.output


def test_a_position_set_up_part_way_renders_but_does_not_replay(
    files: dict[str, Path], tmp_path: Path
) -> None:
    doc = json.loads(files["position"].read_text())
    doc["history"] = []  # as State.to_json(history=False) writes it
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(json.dumps(doc))
    runner = CliRunner()
    assert runner.invoke(app, ["render", str(puzzle)]).exit_code == 0
    result = runner.invoke(app, ["replay", str(puzzle), "--step", "2"])
    assert result.exit_code == 2 and "no actions from the start to replay" in result.output


def test_unreadable_files_are_refused_with_the_reason(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.json"
    bad.write_text(OTHER)
    for command in (["render", str(bad)], ["replay", str(bad)], ["play", "--load", str(bad)]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, command
        assert "not a grimoire save, record or position" in result.output


def test_load_refuses_other_settings_and_applies_bots(files: dict[str, Path]) -> None:
    runner = CliRunner()
    save = str(files["save"])
    for extra, message in (
        (["five-seals"], "it is a ciub game, not five-seals"),
        (["--players", "3"], "it has 2 players, not 3"),
        (["--seed", "4"], "its seed is 3, not 4"),
        (["-o", "length=short"], "its option length is"),
    ):
        result = runner.invoke(app, ["play", *extra, "--load", save])
        assert result.exit_code == 2, extra
        assert message in result.output and "cannot be resumed" in result.output
    same = runner.invoke(
        app, ["play", "ciub", "--players", "2", "--seed", "3", "--load", save], input="quit\nn\n"
    )
    assert same.exit_code == 130, same.output
    changed = runner.invoke(app, ["play", "--load", save, "--bots", "heuristic"], input="quit\nn\n")
    assert changed.exit_code == 130
    assert "bots now seat 2: heuristic (was random bot)" in changed.output  # id 1, from 1
    both = runner.invoke(app, ["play", "--load", save, "--humans", "1,2"], input="quit\nn\n")
    assert "people now at seat(s) 1, 2 (the file had 1)" in both.output


def test_command_line_asks_before_overwriting(tmp_path: Path) -> None:
    other = tmp_path / "taken.json"
    other.write_text(OTHER)
    result = CliRunner().invoke(
        app,
        ["play", "ciub", "--players", "2", "--seed", "3", "--save-to", str(other)],
        input="quit\n\n\n",
    )
    assert result.exit_code == 130, result.output
    text = " ".join(result.output.split())
    assert "Save the game before leaving? [Y/n, or a file name]" in text
    assert "already exists. Overwrite it? [y/N, or another file name]" in text
    assert other.read_text() == OTHER
    assert load(tmp_path / "taken-1.json").state.seed == 3


@pytest.mark.parametrize(
    ("name", "players"), [("ciub", 2), ("five-seals", 2), ("fatal", 3), ("runika", 2)]
)
def test_a_save_of_every_game_renders_replays_and_loads(
    tmp_path: Path, name: str, players: int
) -> None:
    game = new_session(name, players, ["random"], seed=5, options={})
    console, _ = quiet()
    path = tmp_path / f"{name}.json"
    assert run(game, console, script(["1", "1", "^D"]), path) == 1  # input ended: saved
    assert json.loads(path.read_text())["format"] == SAVE_FORMAT
    assert read_document(path).state == game.state
    runner = CliRunner()
    rendered = runner.invoke(app, ["render", str(path)])
    assert rendered.exit_code == 0, rendered.output
    replayed = runner.invoke(app, ["replay", str(path), "--step", "3"])
    assert replayed.exit_code == 0, replayed.output
    assert "person" in replayed.output and "random bot" in replayed.output
    assert "? bot" not in replayed.output
    loaded = runner.invoke(app, ["play", "--load", str(path)], input="quit\nn\n")
    assert loaded.exit_code == 130 and "Your choice" in loaded.output, loaded.output
    assert "Left without saving" in loaded.output


def test_the_resume_hint_quotes_a_name_with_a_space(tmp_path: Path) -> None:
    """The command the person is told to run works when pasted: a name with a space is quoted."""
    import shlex

    from grimoire.cli.saving import Saver

    out = io.StringIO()
    saver = Saver(tmp_path / "game.json", Console(file=out, width=300), lambda _: "")
    saver.report(tmp_path / "my game.json")
    command = out.getvalue().split("Resume with: ", 1)[1].strip()
    assert shlex.split(command)[-1] == str(tmp_path / "my game.json")
