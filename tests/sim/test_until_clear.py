"""``--until-clear``: a cell plays rounds until a sequential test answers its question or the
game cap is hit, the report says which, and the decision is the same on every back-end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grimoire.cli.main import app
from grimoire.sim.metrics import summarize_study
from grimoire.sim.sequential import bounds, llrs
from grimoire.sim.study import Chunk, StudySpec, local_backend, process_backend, run_study
from grimoire.sim.study_report import write_report


def komi(name: str, cap: int, rule: str = "sprt", **options: Any) -> StudySpec:
    return StudySpec(
        "toy-komi",
        [2],
        games=cap,
        variants={name: options},
        lineups=[["random"]],
        until_clear=rule,
        chunk=50,
    )


def stop_of(spec: StudySpec, folder: Path | None = None) -> dict[str, Any]:
    cell = summarize_study(run_study(spec, folder=folder))["cells"][0]
    assert cell["games"] == cell["stop"]["games"]
    return dict(cell["stop"])


def test_a_clear_question_stops_early_and_a_close_one_runs_on(tmp_path: Path) -> None:
    """The starter's initiative of 3 against no komi: the first player wins about 87%, and
    the SPRT (H0: no advantage, H1: 5 points) says so at the first check, 100 games of the
    10,000 allowed. With a 40-sided die and a komi of 2 the advantage is about 2.5 points,
    halfway between H0 and H1: the test goes on to the cap."""
    clear = stop_of(komi("clear", 10_000, komi=0))
    assert (clear["games"], clear["reason"]) == (100, "h1+")
    assert clear["text"].startswith("SPRT: the first player wins about 5 points more")
    close = stop_of(komi("close", 1000, komi=2, sides=40))
    assert (close["games"], close["reason"]) == (1000, "cap")
    assert close["text"].startswith("game cap of 1000 reached before the SPRT decided")
    low, high = bounds()
    assert low < close["llr"][0] < high
    fair = stop_of(komi("fair", 10_000, komi=3))  # komi = initiative: no advantage
    assert (fair["games"], fair["reason"]) == (500, "h0")
    # the interval rule: both seats' 95% intervals 10 points wide or less: 2 x 1.96 x
    # sqrt(.25 / n) <= .1 from n = 385, so at the check after 400 games
    spec = komi("ci", 10_000, "ci", komi=3)
    spec.ci_width = 0.1
    width = stop_of(spec)
    assert (width["games"], width["reason"]) == (400, "width")


def test_the_report_says_what_stopped_each_cell(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    summary = summarize_study(run_study(komi("clear", 10_000, komi=0)))
    page = write_report(summary, tmp_path / "r").read_text()
    assert "each cell played in rounds of 100 games until its question was clear (sprt)" in page
    assert "Stopped after 100 games: SPRT: the first player wins about 5 points more" in page


def test_the_sprt_statistic_by_hand() -> None:
    """LLR of +d against 0 for a mean x of n games with variance v: d/v (sum - n(fair +
    d/2)); here 100 games, 70 won by the first player."""
    from grimoire.sim.cellstats import CellStats

    stats = CellStats(2)
    for game in range(100):
        winner = 0 if game < 70 else 1
        stats.add_game([1.0, 0.0], [winner], 2, 1, None, ["a", "a"], [], [set(), set()], game, 0)
    variance = 0.7 - 0.7**2
    up, down = llrs(stats, 0.05)
    assert up == pytest.approx(0.05 / variance * (70 - 100 * 0.525))
    assert down == pytest.approx(0.05 / variance * (100 * 0.475 - 70))


def test_until_clear_gives_the_same_answer_on_any_back_end_and_resumes(tmp_path: Path) -> None:
    """Five Seals (the pool's workers find games by name): a process pool with one-game
    chunks stops where this process with four-game chunks does, with the same numbers."""
    spec = StudySpec.from_dict(
        {
            "game": "five-seals",
            "players": [2],
            "games": 12,
            "seed": 3,
            "lineups": [["random"]],
            "until_clear": "sprt",
            "detect": 0.3,
            "check_every": 4,
            "chunk": 4,
        }
    )
    alone = summarize_study(run_study(spec, folder=tmp_path / "s"))
    spec.chunk = 1
    pooled = summarize_study(run_study(spec, process_backend(2)))
    assert alone.pop("spec")["chunk"] == 4 and pooled.pop("spec")["chunk"] == 1
    assert json.dumps(alone, sort_keys=True) == json.dumps(pooled, sort_keys=True)
    # run again in its folder: nothing is played, the same answer
    spec.chunk = 4
    ran: list[Chunk] = []

    def counting(todo: list[Chunk], done: Any) -> None:
        ran.extend(todo)
        local_backend(todo, done)

    again = summarize_study(run_study(spec, counting, folder=tmp_path / "s"))
    again.pop("spec")
    assert ran == [] and again == alone


def test_a_study_folder_takes_more_games_later(tmp_path: Path) -> None:
    """The game count is not part of a study's identity: run again with a higher cap and only
    the new games are played."""
    spec = komi("close", 200, komi=2, sides=40)
    first = stop_of(spec, tmp_path / "s")
    assert (first["games"], first["reason"]) == (200, "cap")
    spec.games = 300
    ran: list[Chunk] = []

    def counting(todo: list[Chunk], done: Any) -> None:
        ran.extend(todo)
        local_backend(todo, done)

    summary = summarize_study(run_study(spec, counting, folder=tmp_path / "s"))
    assert summary["cells"][0]["games"] == 300
    assert [(c.start, c.stop) for c in ran] == [(200, 250), (250, 300)]


def test_the_command_takes_until_clear() -> None:
    result = CliRunner().invoke(
        app,
        [
            "study",
            "--game",
            "five-seals",
            "--players",
            "2",
            "--bots",
            "random",
            "--games",
            "4",
            "--until-clear",
            "--check-every",
            "2",
            "--detect",
            "0.4",
        ],
    )
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "until clear (sprt), at most 4 games per" in text
    assert "stopped after" in text
