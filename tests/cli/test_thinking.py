"""Bots you can wait for: while a bot decides, the terminal says which seat is thinking (a
spinner, cleared after); a pipe or a file gets no such lines."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from grimoire.cli.play import new_session, run
from grimoire.core.i18n import language_scope

from .test_play import chooser

THINKING = {"en": "is thinking…", "de": "überlegt…", "ja": "考え中…"}


def played(tmp_path: Path, terminal: bool, lang: str = "en") -> tuple[str, Any]:
    session = new_session("ciub", 3, ["heuristic", "random"], seed=5, options={})
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=terminal)
    with language_scope(lang):
        assert run(session, console, chooser(session, 1), tmp_path / "save.json") == 0
    return out.getvalue(), session


def test_each_bot_turn_names_the_seat_thinking_before_its_move(tmp_path: Path) -> None:
    text, _ = played(tmp_path, terminal=True)
    lines = [line for line in re.split(r"[\r\n]|\x1b\[[0-9;]*[A-Za-z]", text) if line.strip()]
    thinking = [n for n, line in enumerate(lines) if "is thinking…" in line]
    moves = [n for n, line in enumerate(lines) if re.match(r"\s*seat [23] \(\w+\): ", line)]
    assert thinking and moves
    for n in moves:  # every bot move comes after a spinner naming that seat
        before = [m for m in thinking if m < n]
        assert before, lines[n]
        seat = lines[n].split("(")[0].strip()
        assert lines[before[-1]].split("(")[0].strip().endswith(seat), (lines[before[-1]], lines[n])
    spinner = re.compile(r"seat (\d) \((\w+)\) is thinking")
    said = {match.groups() for n in thinking if (match := spinner.search(lines[n]))}
    assert said == {("2", "heuristic"), ("3", "random")}  # seats from 1, with their bots
    assert "seat 1 (you) is thinking" not in text and "seat 0" not in text


def test_the_spinner_is_cleared_after_each_wait(tmp_path: Path) -> None:
    """A live status erases itself: its last drawing is followed by the cursor moved back up."""
    text, _ = played(tmp_path, terminal=True)
    for match in re.finditer(r"is thinking…", text):
        assert "\x1b[" in text[match.end() : match.end() + 40], text[
            match.start() : match.end() + 40
        ]


def test_a_pipe_gets_no_spinner_lines(tmp_path: Path) -> None:
    text, _ = played(tmp_path, terminal=False)
    assert "thinking" not in text
    assert "seat 2 (heuristic): " in text


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_spinner_speaks_the_language(tmp_path: Path, lang: str) -> None:
    text, _ = played(tmp_path, terminal=True, lang=lang)
    assert THINKING[lang] in text and "is thinking" not in text
