"""Files the terminal reads are refused in one line, never with a traceback (issue 22): a
deeply nested JSON file (100k brackets; once a RecursionError traceback in ``grimoire render``
and ``play --load``), and ``render FILE --seat 7`` on a 3-player save (Five Seals crashed with
an IndexError; Ciúb printed "Odds for seat 7"). Every command exits 2 with one short line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import grimoire
from grimoire.cli.documents import save_document
from grimoire.cli.main import app

GAMES = ["ciub", "fatal", "five-seals", "runika"]
DEPTH = 100_000
DEEP = "[" * DEPTH + "]" * DEPTH


def save_of(name: str, path: Path, players: int = 3) -> Path:
    """A save of a real game part-way through: a person at seat 0, random bots elsewhere."""
    state = grimoire.make(name, players=players).new_state(seed=7)
    rng = random.Random(7)
    for _ in range(12):
        if state.is_terminal():
            break
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        state.resolve_chance()
    bots = {seat: "random" for seat in range(1, players)}
    path.write_text(json.dumps(save_document(state, [0], bots)), encoding="utf-8")
    return path


def one_line_refusal(result: Result) -> str:
    """Exit 2, one short line, no traceback; the line."""
    output = result.output
    lines = [line for line in output.splitlines() if line.strip()]
    assert result.exit_code == 2, (result.exit_code, output[-2000:], repr(result.exception))
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in output
    assert len(lines) == 1, output[:2000]
    assert len(lines[0]) < 300 and "[[[[[[" not in lines[0], lines[0][:400]
    return lines[0]


COMMANDS = {
    "render": ["render"],
    "replay": ["replay"],
    "analyse": ["analyse"],
    "play --load": ["play", "--load"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_file_of_100k_brackets_is_refused_in_one_line(tmp_path: Path, command: str) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    result = CliRunner().invoke(app, [*COMMANDS[command], str(deep)], input="quit\nn\n")
    one_line_refusal(result)


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("name", GAMES)
def test_a_save_with_a_field_nested_100k_deep_is_refused_in_one_line(
    tmp_path: Path, name: str, command: str
) -> None:
    """Every game: a real save of it whose position holds a field nested 100k brackets deep."""
    path = save_of(name, tmp_path / f"{name}.json")
    doc = json.loads(path.read_text())
    doc["position"]["position"]["deep"] = "@DEEP@"
    path.write_text(json.dumps(doc).replace('"@DEEP@"', DEEP))
    result = CliRunner().invoke(app, [*COMMANDS[command], str(path)], input="quit\nn\n")
    one_line_refusal(result)


@pytest.mark.parametrize("seat", ["7", "4", "0", "-1"])  # seats are counted from 1
@pytest.mark.parametrize("name", GAMES)
def test_render_refuses_a_seat_the_save_does_not_have(tmp_path: Path, name: str, seat: str) -> None:
    """``grimoire render FILE --seat 7`` on a 3-player save: one clear line naming the seat
    (Five Seals crashed with an IndexError; Ciúb rendered "Odds for seat 7")."""
    path = save_of(name, tmp_path / f"{name}.json")
    result = CliRunner().invoke(app, ["render", str(path), "--seat", seat])
    line = one_line_refusal(result)
    assert seat in line and "seat" in line.lower()
    assert "Odds" not in result.output


def test_the_saves_used_here_render_for_every_seat(tmp_path: Path) -> None:
    """The unchanged saves render for each of their seats: the refusals above are the seat's
    and the nesting's doing."""
    for name in GAMES:
        path = save_of(name, tmp_path / f"{name}.json")
        for seat in ("1", "3"):  # counted from 1
            result = CliRunner().invoke(app, ["render", str(path), "--seat", seat])
            assert result.exit_code == 0, (name, seat, result.output[-2000:])
