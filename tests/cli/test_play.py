"""The terminal game: numbered choices and action text, bad input, Ctrl-C save, --load, the end."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from grimoire.cli.main import app
from grimoire.cli.play import Session, load, new_session, run


def quiet() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None), out


def chooser(session: Session, seed: int, script: list[str] | None = None) -> Callable[[str], str]:
    """A scripted person: first the given answers, then a random numbered legal choice."""
    rng = random.Random(seed)
    queue = list(script or [])

    def ask(prompt: str) -> str:
        if queue:
            answer = queue.pop(0)
            if answer == "^C":
                raise KeyboardInterrupt
            return answer
        if "Save the game" in prompt:
            return "y"
        legal = session.state.legal_actions()
        return str(rng.randrange(len(legal)) + 1)

    return ask


def test_play_to_the_end_shows_a_score_table(tmp_path: Path) -> None:
    session = new_session("ciub", 3, ["heuristic", "random"], seed=5, options={})
    console, out = quiet()
    code = run(session, console, chooser(session, 1), tmp_path / "save.json")
    assert code == 0
    assert session.state.is_terminal()
    text = out.getvalue()
    assert "Final scores" in text and "winner" in text
    # seats counted from 1, as people count them
    assert "seat 2 (heuristic)" in text and "seat 3 (random)" in text


def test_invalid_input_gets_a_message_and_a_new_prompt(tmp_path: Path) -> None:
    session = new_session("ciub", 2, ["heuristic"], seed=3, options={"start_player": 0})
    session.state.resolve_chance()  # the setup (``run`` would resolve and describe it)
    before = session.state.to_json()
    console, out = quiet()
    script = ["99", "claim 21", "fly away", "", "^C", "n"]
    code = run(session, console, chooser(session, 2, script), tmp_path / "save.json")
    assert code == 130
    text = out.getvalue()
    assert "choose a number from 1 to" in text
    assert "'claim 21' is not possible: " in text
    assert "cannot read 'fly away': say e.g. 'mark 1'" in text
    assert session.state.to_json() == before  # nothing a bad answer did changed the game
    assert not (tmp_path / "save.json").exists()  # the person said no


def test_action_text_is_accepted(tmp_path: Path) -> None:
    session = new_session("ciub", 2, ["heuristic"], seed=3, options={"start_player": 0})
    console, _ = quiet()
    run(session, console, chooser(session, 2, ["pass", "^C", "n"]), tmp_path / "s.json")
    assert session.state.history[-1][0] != 0 or session.state.phase != "mark"
    assert any(actor == 0 for actor, _ in session.state.history)


def test_ctrl_c_saves_and_load_resumes_exactly(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    session = new_session("ciub", 3, ["heuristic"], seed=8, options={"length": "short"})
    console, out = quiet()
    code = run(session, console, chooser(session, 4, ["1", "2", "1", "^C", "y"]), path)
    assert code == 130 and path.exists()
    assert "Resume with" in out.getvalue()
    resumed = load(path)
    assert resumed.state == session.state
    assert resumed.bot_kinds == {1: "heuristic", 2: "heuristic"}
    assert resumed.game.options["length"] == "short"
    console, _ = quiet()
    assert run(resumed, console, chooser(resumed, 5), path) == 0
    assert resumed.state.is_terminal()


def test_command_line_play_with_seed_option_and_load(tmp_path: Path) -> None:
    runner = CliRunner()
    path = tmp_path / "g.json"
    result = runner.invoke(
        app,
        [
            "play",
            "ciub",
            "--players",
            "3",
            "--bots",
            "heuristic,random",
            "--seed",
            "9",
            "-o",
            "length=short",
            "--save-to",
            str(path),
        ],
        input="1\nsave\nquit\ny\n",
    )
    assert result.exit_code == 130, result.output
    saved = json.loads(path.read_text())
    assert saved["position"]["options"]["length"] == "short"
    assert saved["position"]["seed"] == 9
    result = runner.invoke(app, ["play", "--load", str(path)], input="quit\nn\n")
    assert result.exit_code == 130
    assert "Seat 1:" in result.output  # seat 0: the terminal counts seats from 1
    result = runner.invoke(app, ["play", "ciub", "--short"])
    assert result.exit_code == 2 and "No such option: --short" in result.output


def test_command_line_errors_are_clear() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2 and "no game called 'chess'" in result.output
    result = runner.invoke(app, ["play", "ciub", "--players", "7"])
    assert result.exit_code == 2 and "2..4 players" in result.output
    result = runner.invoke(app, ["play", "ciub", "--players", "3", "--bots", "a,b,c"])
    assert result.exit_code == 2 and "names 3 bots for 2 other seats" in result.output
    result = runner.invoke(app, ["play", "ciub", "--bots", "genius"])
    assert result.exit_code == 2 and "no bot called 'genius'" in result.output


def test_games_lists_ciub() -> None:
    result = CliRunner().invoke(app, ["games"])
    assert result.exit_code == 0
    assert re.search(r"ciub .*2\.\.4", result.output) and "Ciúb" in result.output


def test_render_and_replay_a_record(tmp_path: Path) -> None:
    session = new_session("ciub", 2, ["heuristic"], seed=11, options={})
    console, _ = quiet()
    run(session, console, chooser(session, 6, ["1", "1", "^C", "n"]), tmp_path / "x.json")
    record = tmp_path / "record.json"
    record.write_text(json.dumps(session.state.record().to_json()))
    position = tmp_path / "position.json"
    position.write_text(json.dumps(session.state.to_json()))
    runner = CliRunner()
    result = runner.invoke(app, ["render", str(position)])
    assert result.exit_code == 0 and "Bottom row" in result.output
    result = runner.invoke(app, ["replay", str(record), "--step", "3"])
    assert result.exit_code == 0 and "Scores" in result.output
    result = runner.invoke(app, ["render", str(position), "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 0 and (tmp_path / "x.svg").read_text().startswith("<svg")


def test_game_names_lists_a_game_after_its_package_is_imported() -> None:
    """``grimoire.game_names()`` lists the games; ``grimoire.games`` is their plain package."""
    import types

    import grimoire
    from grimoire.games.ciub import CiubGame

    grimoire.make("ciub", players=2)
    assert CiubGame.name in grimoire.game_names()
    assert type(grimoire.games) is types.ModuleType and not callable(grimoire.games)
