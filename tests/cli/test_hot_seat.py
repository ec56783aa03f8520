"""Hot seat: several people at one terminal play simultaneous decisions (Duel: sealed; Race:
parallel turns with chance inside) against a bot, and no screen shows another seat's secret."""

from __future__ import annotations

import io
import itertools
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tests.toys import register
from typer.testing import CliRunner

from grimoire.cli.main import app
from grimoire.cli.play import Session, load, new_session, run

CLEAR = "=====CLEAR====="


@pytest.fixture(autouse=True)
def toys(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register(monkeypatch)
    yield


class Screen(Console):
    """A console that marks where the screen was cleared."""

    def clear(self, home: bool = True) -> None:
        self.file.write(f"\n{CLEAR}\n")


def screen() -> tuple[Screen, io.StringIO]:
    out = io.StringIO()
    return Screen(file=out, width=120, color_system=None), out


def people(
    session: Session, seed: int, out: io.StringIO, script: list[str] | None = None
) -> Callable[[str], str]:
    """Scripted people: hand-over prompts get Enter; choices are random legal numbers for the
    seat named in the prompt. Prompts are printed (as ``console.input`` does) and kept in
    ``asked``."""
    rng = random.Random(seed)
    queue = list(script or [])

    def ask(prompt: str) -> str:
        out.write(prompt + ": \n")
        ask.asked.append(prompt)  # type: ignore[attr-defined]
        if "press Enter" in prompt:
            return ""
        if queue:
            answer = queue.pop(0)
            if answer == "^C":
                raise KeyboardInterrupt
            return answer
        if "Save the game" in prompt:
            return "y"
        match = re.match(r"Seat (\d+)", prompt)  # people count seats from 1
        seat = int(match.group(1)) - 1 if match else session.humans[0]
        legal = session.state.legal_actions(seat)
        return str(rng.randrange(len(legal)) + 1)

    ask.asked = []  # type: ignore[attr-defined]
    return ask


def segments(text: str) -> list[tuple[int, str]]:
    """The output cut at each screen clear: the parts shown while one person had the screen
    (the part after that person's hand-over prompt), with that person's seat."""
    found: list[tuple[int, str]] = []
    parts = text.split(CLEAR)
    for before, part in itertools.pairwise(parts):
        owner = re.search(r"Seat (\d+) \([^)]*\): press Enter", before)
        if owner and "press Enter" not in part:
            found.append((int(owner.group(1)) - 1, part))  # counted from 1 on the screen
    return found


def hands_shown(part: str) -> list[set[int]]:
    return [
        {int(x) for x in re.findall(r"\d+", hand)}
        for hand in re.findall(r'"hand": \[([^\]]*)\]', part)
    ]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_duel_two_people_and_a_bot_see_only_their_own_hands(tmp_path: Path, seed: int) -> None:
    session = new_session("toy_duel", 3, ["random"], seed=seed, options={"hand": 3}, seat=[0, 1])
    console, out = screen()
    ask = people(session, seed, out)
    assert run(session, console, ask, tmp_path / "save.json") == 0
    assert session.state.is_terminal()
    # every card of a hand is played face up by the end: the hands as they were dealt
    hands = {seat: set(session.state.revealed[seat]) for seat in (0, 1)}  # type: ignore[attr-defined]
    text = out.getvalue()
    parts = segments(text)
    assert {seat for seat, _ in parts} == {0, 1}
    for seat, part in parts:
        for shown in hands_shown(part):
            assert shown <= hands[seat], f"seat {seat}'s screen showed another hand"
        for card in re.findall(r"you: you choose (\d+)", part):
            assert int(card) in hands[seat]
        for line in re.findall(r"seat 3 \(random\): .*", part):  # seat 2, counted from 1
            assert line == "seat 3 (random): seat 3 chooses a card"  # never the bot's card
        for dealt_to in re.findall(r"deal \d+ to seat (\d+)", part):
            assert int(dealt_to) - 1 == seat  # a card dealt is named only to its receiver
    # the hand-over prompt came before every change of person
    handovers = [p for p in ask.asked if "press Enter" in p]  # type: ignore[attr-defined]
    assert len(handovers) >= 3 * 2
    assert "Final scores" in text.split(CLEAR)[-1]


def test_race_parallel_turns_with_chance_keep_lucky_numbers_secret(tmp_path: Path) -> None:
    session = new_session("toy_race", 3, ["random"], seed=4, options={"rounds": 2}, seat=[0, 1])
    console, out = screen()
    assert run(session, console, people(session, 4, out), tmp_path / "save.json") == 0
    state = session.state
    assert state.is_terminal()
    lucky = state.lucky  # type: ignore[attr-defined]
    parts = segments(out.getvalue())
    assert {seat for seat, _ in parts} == {0, 1}
    for seat, part in parts:
        for other in range(3):
            if other == seat:
                continue
            assert f"your lucky number is {lucky[other]}" not in part
            assert f'"my_lucky": {lucky[other]}' not in part
    first = next(part for seat, part in parts if seat == 0)
    assert f"your lucky number is {lucky[0]}" in first  # a private notice, on its own screen
    # rolls of the other seats are public and reached each person in their own queue
    assert "seat 3 (random): seat 3 rolls" in out.getvalue()


def test_one_person_sees_bots_moves_through_describe_only(tmp_path: Path) -> None:
    """A single person is never asked to hand over; the bots' sealed choices read "chooses a
    card", never the card."""
    session = new_session("toy_duel", 2, ["random"], seed=6, options={}, seat=0)
    console, out = screen()
    ask = people(session, 6, out)
    assert run(session, console, ask, tmp_path / "save.json") == 0
    text = out.getvalue()
    assert CLEAR not in text
    assert not any("press Enter" in p for p in ask.asked)  # type: ignore[attr-defined]
    assert "seat 2 (random): seat 2 chooses a card" in text  # seat 1, counted from 1
    bot_lines = re.findall(r"seat 2 \(random\): .*", text)
    assert bot_lines and set(bot_lines) == {"seat 2 (random): seat 2 chooses a card"}


def test_a_hot_seat_game_saves_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    session = new_session("toy_race", 3, ["random"], seed=9, options={}, seat=[0, 2])
    console, out = screen()
    code = run(session, console, people(session, 9, out, ["1", "^C", "y"]), path)
    assert code == 130
    saved: dict[str, Any] = json.loads(path.read_text())
    assert saved["humans"] == [0, 2] and saved["bots"] == {"1": "random"}
    resumed = load(path)
    assert resumed.humans == [0, 2] and resumed.state == session.state
    console, out = screen()
    assert run(resumed, console, people(resumed, 10, out), path) == 0
    assert resumed.state.is_terminal()


def test_command_line_hot_seat(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["play", "toy_duel", "--players", "2", "--humans", "1,2", "--seed", "3"],
        input="\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n",
    )
    assert result.exit_code == 0, result.output
    assert "press Enter when only you see the screen" in result.output
    assert "Final scores" in result.output
    bad = CliRunner().invoke(app, ["play", "toy_duel", "--humans", "0,x"])
    assert bad.exit_code == 2 and "--humans takes seat numbers like 1,3" in bad.output
