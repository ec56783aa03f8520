"""``grimoire analyse --budget 2s`` takes about 2 s in all: the search, the games played to the
end and the odds share the time; an iteration budget says before it starts what comes on top.

No test here reads a wall clock: the analysis is given a clock in which time passes only with
work (``WorkClock``: every action or chance outcome applied, in the search, the games to the end
or the replay of the file, costs a millisecond), so a part of the analysis that ignored the
budget would run that clock far past it; and one test counts the process's CPU time, which a
busy machine can only make smaller."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import grimoire
from grimoire.bots import make_bot
from grimoire.bots.analysis import PLAYOUTS
from grimoire.cli.analyse import ODDS_SHARE, analyse_command
from grimoire.core.state import State

GAMES = [("ciub", 3), ("fatal", 3), ("five-seals", 2), ("runika", 2), ("runika", 1)]
STEP = 0.001  # the work clock's seconds per action applied


class WorkClock:
    """Seconds that pass only with work: ``STEP`` per action or chance outcome applied."""

    def __init__(self) -> None:
        self.t = 0.0
        self.applied = 0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def work_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[WorkClock]:
    clock = WorkClock()
    apply = State.apply

    def counted(state: State, action: object, seat: int | None = None) -> None:
        clock.t += STEP
        clock.applied += 1
        apply(state, action, seat)

    monkeypatch.setattr(State, "apply", counted)
    yield clock


def early_position(tmp_path: Path, name: str, players: int, moves: int = 6) -> Path:
    """A saved position a few random moves into a seeded game: most of the game still to come,
    so that games played to the end are long."""
    game = grimoire.make(name, players=players)
    state = game.new_state(5)
    bots = [make_bot("random", game, seat) for seat in range(players)]
    rng = random.Random(5)
    played = 0
    while played < moves and not state.is_terminal():
        if state.is_chance():
            state.resolve_chance()
            continue
        seat = min(state.seats_to_act())
        state.apply(bots[seat].choose(state.for_seat(seat, rng.getrandbits(32)), seat), seat)
        played += 1
    while state.is_chance():
        state.resolve_chance()
    path = tmp_path / f"{name}-{players}.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    return path


def quiet() -> Console:
    return Console(file=open("/dev/null", "w"), width=100)


def analysed(path: Path, budget: str, clock: WorkClock) -> Any:
    """``analyse --json`` of ``path`` on ``clock``, which starts at 0."""
    clock.t = 0.0
    out = Console(record=True, width=100, file=open("/dev/null", "w"))  # noqa: SIM115
    analyse_command(out, path, None, budget, 0, None, True, now=clock)
    return json.loads(out.export_text())


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_time_budget_is_the_whole_analysis(
    tmp_path: Path, work_clock: WorkClock, name: str, players: int
) -> None:
    """All the work, the replay of the file included, keeps to the budget (a search iteration
    or a step of a game to the end may start just before the time is up)."""
    path = early_position(tmp_path, name, players)
    doc = analysed(path, "0.5s", work_clock)
    assert 0.45 <= work_clock.t <= 0.5 + 0.05, work_clock.t
    actions = [row for row in doc["actions"] if not row["backs_out"]]
    assert sum(row["visits"] for row in actions) > 0
    # the games to the end got the rest of the time: some finished, none past the budget
    assert all(0 <= row["playouts"] <= PLAYOUTS for row in actions)


def test_games_to_the_end_share_the_time_one_per_action_in_turn(
    tmp_path: Path, work_clock: WorkClock
) -> None:
    """A long game (F.A.T.A.L. from its first turns): a short budget finishes only a few games
    to the end, spread over the actions (never eight for one and none for another)."""
    path = early_position(tmp_path, "fatal", 3)
    doc = analysed(path, "0.3s", work_clock)
    counts = [row["playouts"] for row in doc["actions"] if not row["backs_out"]]
    assert max(counts) - min(counts) <= 1


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_an_iteration_budget_says_what_comes_on_top(
    tmp_path: Path, work_clock: WorkClock, name: str, players: int
) -> None:
    """Under an iteration budget the games to the end come on top of the search (reproducible,
    and long): the command says so before it starts, and plays every one of them."""
    path = early_position(tmp_path, name, players)
    console = Console(record=True, width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    work_clock.t = 0.0
    analyse_command(console, path, None, "30", 0, None, False, now=work_clock)
    text = " ".join(console.export_text().split())
    first = text.split(". ")[0]
    assert first == "Budget 30 search iterations", text[:200]
    assert f"On top of them: {PLAYOUTS} games played to the end after each action" in text
    assert "give a time such as 2s to bound the whole" in text
    doc = analysed(path, "30", work_clock)
    assert all(row["playouts"] == PLAYOUTS for row in doc["actions"] if not row["backs_out"])


def test_a_time_budget_says_it_is_the_whole(tmp_path: Path, work_clock: WorkClock) -> None:
    path = early_position(tmp_path, "ciub", 3)
    console = Console(record=True, width=200, file=open("/dev/null", "w"))  # noqa: SIM115
    work_clock.t = 0.0
    analyse_command(console, path, None, "2s", 0, None, False, now=work_clock)
    text = " ".join(console.export_text().split())
    assert text.startswith(
        f"Budget 2s in all: up to {ODDS_SHARE * 2:g} s for the exact odds, then the search, "
        f"then up to {PLAYOUTS} games played to the end after each action, until the time is up."
    )


def test_the_odds_get_their_share_of_a_time_budget(
    tmp_path: Path, work_clock: WorkClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ciúb's exact odds run on their own deadline: they are given their share of the budget,
    not five seconds on top of it."""
    path = early_position(tmp_path, "ciub", 3)
    cls = type(grimoire.make("ciub", players=3))
    given: list[float | None] = []
    aids = cls.aids

    def recorded(game: Any, state: State, seat: int | None, seconds: float | None = None) -> Any:
        given.append(seconds)
        return aids(game, state, seat, seconds)

    monkeypatch.setattr(cls, "aids", recorded)
    analysed(path, "2s", work_clock)
    assert given == [ODDS_SHARE * 2]


def test_the_whole_command_keeps_to_its_budget_in_cpu_time(tmp_path: Path) -> None:
    """The CPU time of ``analyse --budget 1s`` on an early F.A.T.A.L. position (it took 10 to 81 s
    before: eight games to the end per action on top of the budget). CPU time can only be less
    than the wall time the budget is counted in, however busy the machine."""
    path = early_position(tmp_path, "fatal", 3)
    analyse_command(quiet(), path, None, "0.2s", 0, None, False)  # load components, caches
    started = time.process_time()
    analyse_command(quiet(), path, None, "1s", 0, None, False)
    assert time.process_time() - started < 1.5
