from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.progress import Progress, TaskID

from grimoire.cli.options import parse_options, parse_value
from grimoire.cli.simulate import parse_bots, simulate_command
from grimoire.core.errors import InvalidOptions, UnknownGame

# --------------------------------------------------------------------------- parse_options


def test_parse_options_types() -> None:
    assert parse_options(
        [
            "length=short",
            "start_player=2",
            "offset=-3",
            "skulls_wild=true",
            "fast=No",
            "components=none",
            "label='0'",
            'flag="true"',
            "path=a=b.toml",
            " spaced = words here ",
        ]
    ) == {
        "length": "short",
        "start_player": 2,
        "offset": -3,
        "skulls_wild": True,
        "fast": False,
        "components": None,
        "label": "0",
        "flag": "true",
        "path": "a=b.toml",
        "spaced": "words here",
    }
    assert parse_options([]) == {} and parse_options(None) == {}
    assert parse_value("1.5") == "1.5"  # only whole numbers become numbers
    assert parse_value('""') == ""


@pytest.mark.parametrize(
    ("items", "message"),
    [
        (["length"], "'length' is not of the form key=value"),
        (["=short"], "has no name before '='"),
        (["2x=1"], "must start with a letter"),
        (["my option=1"], "must start with a letter"),
        (["length="], "option 'length' has no value: write length=none"),
        (["length=short", "length=normal"], "option 'length' is given twice"),
    ],
)
def test_parse_options_errors(items: list[str], message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        parse_options(items)


def test_parse_bots() -> None:
    assert parse_bots("heuristic") == ["heuristic"]
    assert parse_bots("heuristic, random,random") == ["heuristic", "random", "random"]


# --------------------------------------------------------------------------- simulate_command


def test_simulate_prints_tables_and_writes_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sim.json"
    result = simulate_command("ciub", 4, 2, "random", 5, ["length=short", "start_player=0"], 1, out)
    printed = capsys.readouterr().out
    for text in ("Wins by seat", "Wins by bot", "Game length", "decisions", "turns", "Ciúb"):
        assert text in printed
    assert f"Results written to {out}" in printed
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc == result.to_json(include_games=True)
    assert doc["format"] == "grimoire-tournament/1"
    assert doc["options"]["length"] == "short" and doc["options"]["start_player"] == 0
    assert doc["games"] == 4 and len(doc["results"]) == 4
    assert doc["lineup"] == ["random", "random"]


def test_simulate_json_to_stdout_matches_other_worker_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    simulate_command("ciub", 4, 2, "heuristic,random", 9, [], 1, Path("-"))
    serial = json.loads(capsys.readouterr().out)
    simulate_command("ciub", 4, 2, "heuristic,random", 9, [], 2, Path("-"))
    parallel = json.loads(capsys.readouterr().out)
    assert serial == parallel
    assert serial["seats"][0]["bots"] == {"heuristic": 2, "random": 2}


def test_simulate_defaults_to_minimum_players(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_command("ciub", games=2, bots="random", seed=1)
    assert result.players == 2
    assert "2 games in" in capsys.readouterr().out


def test_simulate_bad_input() -> None:
    with pytest.raises(UnknownGame):
        simulate_command("chess", 1, 2, "random", 1, [], 1, None)
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        simulate_command("ciub", 1, 2, "random", 1, ["colour=red"], 1, None)
    with pytest.raises(InvalidOptions, match="not of the form key=value"):
        simulate_command("ciub", 1, 2, "random", 1, ["short"], 1, None)
    with pytest.raises(InvalidOptions, match="3 bots for 2 players"):
        simulate_command("ciub", 1, 2, "random,random,random", 1, [], 1, None)


def test_the_progress_bar_moves_with_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """With worker processes the bar advances as chunks finish, not only at the end."""
    import grimoire.cli.simulate as sim

    seen: list[tuple[float, float]] = []

    class Recording(Progress):
        def update(self, task_id: TaskID, **fields: Any) -> None:
            if "completed" in fields:
                seen.append((float(fields["completed"]), float(fields["total"])))
            super().update(task_id, **fields)

    monkeypatch.setattr(sim, "Progress", Recording)
    simulate_command("ciub", 6, 2, "random", 3, ["length=short"], 2, None)
    assert seen[-1] == (6.0, 6.0)
    assert any(0 < done < total for done, total in seen), seen
