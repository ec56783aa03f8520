from __future__ import annotations

import io
import json
from fractions import Fraction

import pytest
from rich.console import Console

from grimoire.core.errors import InvalidOptions, UnknownGame
from grimoire.sim import (
    TOURNAMENT_FORMAT,
    SimulationError,
    TournamentResult,
    expand_bots,
    game_seed,
    render,
    run_tournament,
    seating,
    to_json_text,
)
from grimoire.sim.tournament import bot_seed

# --------------------------------------------------------------------------- determinism


def test_same_seed_same_results_and_json() -> None:
    first = run_tournament("ciub", 2, ["random"], 4, seed=1)
    again = run_tournament("ciub", 2, ["random"], 4, seed=1)
    assert first.to_json(include_games=True) == again.to_json(include_games=True)
    assert to_json_text(first) == to_json_text(again)
    other = run_tournament("ciub", 2, ["random"], 4, seed=2)
    assert [r.seed for r in other.results] != [r.seed for r in first.results]


def test_workers_give_identical_results() -> None:
    # ciub with its heuristic bot against random, and a toy game defined only in the tests
    # (its class reaches the worker processes by reference).
    lineup = ["heuristic", "random"]
    serial = run_tournament("ciub", 2, lineup, 4, seed=3, keep_records=True)
    parallel = run_tournament("ciub", 2, lineup, 4, seed=3, workers=2, keep_records=True)
    assert serial.results == parallel.results
    assert serial.to_json(include_games=True) == parallel.to_json(include_games=True)
    toy_serial = run_tournament("toy-guess", 3, ["random"], 40, seed=4)
    toy_parallel = run_tournament("toy-guess", 3, ["random"], 40, seed=4, workers=2)
    assert toy_serial.to_json(include_games=True) == toy_parallel.to_json(include_games=True)


def test_seeds_are_derived_per_game_and_seat() -> None:
    result = run_tournament("toy-claim", 2, ["random"], 3, seed=8, keep_records=True)
    assert [r.seed for r in result.results] == [game_seed(8, i) for i in range(3)]
    assert len({game_seed(8, i) for i in range(100)}) == 100
    assert bot_seed(8, 0, 0) != bot_seed(8, 0, 1) != bot_seed(8, 1, 1)
    # game i does not depend on how many games the tournament has
    longer = run_tournament("toy-claim", 2, ["random"], 6, seed=8, keep_records=True)
    assert longer.results[:3] == result.results


# --------------------------------------------------------------------------- seat rotation


def test_seating_rotates_every_entrant_through_every_seat() -> None:
    lineup = ["a", "b", "c"]
    assert seating(lineup, 0, True) == ["a", "b", "c"]
    assert seating(lineup, 1, True) == ["c", "a", "b"]  # entrant j at seat (j + 1) % 3
    assert seating(lineup, 2, True) == ["b", "c", "a"]
    assert seating(lineup, 3, True) == ["a", "b", "c"]
    assert seating(lineup, 2, False) == ["a", "b", "c"]
    for entrant, kind in enumerate(lineup):
        assert sorted(seating(lineup, i, True).index(kind) for i in range(3)) == [0, 1, 2]
        assert all(seating(lineup, i, True)[(entrant + i) % 3] == kind for i in range(9))


def test_tournament_seats_bots_as_rotated() -> None:
    result = run_tournament("toy-claim", 3, ["heuristic", "random", "random"], 6, seed=5)
    assert result.balanced
    assert result.seatings == [
        seating(["heuristic", "random", "random"], i, True) for i in range(6)
    ]
    for kinds, game in zip(result.seatings, result.results, strict=True):
        # the bots that really played: the toy's heuristic bot is called "claimer"
        assert game.bots == ["claimer" if kind == "heuristic" else "random" for kind in kinds]
    for seat in result.seats:
        assert seat.bots == {"heuristic": 2, "random": 4}


def test_unbalanced_and_fixed_seating() -> None:
    unbalanced = run_tournament("toy-claim", 3, ["heuristic", "random", "random"], 4, seed=5)
    assert not unbalanced.balanced
    assert "not balanced" in _rendered(unbalanced)
    fixed = run_tournament(
        "toy-claim", 3, ["heuristic", "random", "random"], 6, seed=5, rotate_seats=False
    )
    assert not fixed.balanced
    assert fixed.seats[0].bots == {"heuristic": 6}
    assert all(kinds == ["heuristic", "random", "random"] for kinds in fixed.seatings)
    same = run_tournament("toy-claim", 3, ["random"], 4, seed=5)
    assert same.balanced  # one kind everywhere is always balanced


# --------------------------------------------------------------------------- shared wins


def test_shared_wins_count_fractionally() -> None:
    result = run_tournament("toy-claim", 3, ["random"], 6, seed=1, options={"winners": "all"})
    assert result.shared_wins == 6 and result.no_winner == 0
    for seat in result.seats:
        assert seat.wins == pytest.approx(2.0)
        assert seat.win_rate.mean == pytest.approx(1 / 3)
    assert sum(seat.wins for seat in result.seats) == pytest.approx(6.0)
    assert result.bots[0].wins == pytest.approx(6.0)
    assert result.bots[0].win_rate.mean == pytest.approx(1 / 3)


def test_no_winner_and_single_winner() -> None:
    nobody = run_tournament("toy-claim", 2, ["random"], 4, seed=1, options={"winners": "none"})
    assert nobody.no_winner == 4 and nobody.shared_wins == 0
    assert all(seat.wins == 0 for seat in nobody.seats)
    first = run_tournament("toy-claim", 2, ["random"], 4, seed=1, options={"winners": "seat0"})
    assert [seat.wins for seat in first.seats] == [4.0, 0.0]
    assert first.seats[0].win_rate.stderr == 0.0


def test_mixed_wins_match_the_games() -> None:
    """Heuristic (always claims) against two random bots: recompute every figure by hand."""
    result = run_tournament("toy-claim", 3, ["heuristic", "random", "random"], 30, seed=9)
    shares = [[Fraction(0)] * 3 for _ in result.results]
    for row, game in zip(shares, result.results, strict=True):
        for seat in game.winners:
            row[seat] = Fraction(1, len(game.winners))
    for stats in result.seats:
        assert stats.wins == float(sum(row[stats.seat] for row in shares))
    by_kind = {bot.bot: bot for bot in result.bots}
    heuristic, random = by_kind["heuristic"], by_kind["random"]
    assert heuristic.seats_per_game == 1 and random.seats_per_game == 2
    expected = {"heuristic": Fraction(0), "random": Fraction(0)}
    for kinds, row in zip(result.seatings, shares, strict=True):
        for seat, kind in enumerate(kinds):
            expected[kind] += row[seat]
    assert heuristic.wins == float(expected["heuristic"])
    assert random.wins == float(expected["random"])
    assert heuristic.wins + random.wins == pytest.approx(30)  # the claimer always shares a win
    assert heuristic.win_rate.mean == pytest.approx(heuristic.wins / 30)
    assert random.win_rate.mean == pytest.approx(random.wins / 60)  # per seat-game
    assert heuristic.win_rate.mean > random.win_rate.mean
    assert result.shared_wins == sum(1 for game in result.results if len(game.winners) > 1)
    assert result.length.turns is not None and result.length.turns.mean == 3
    assert result.length.decisions.mean == 3 and result.length.chance_steps.mean == 1


# --------------------------------------------------------------------------- progress, JSON


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_callback(workers: int) -> None:
    calls: list[tuple[int, int]] = []
    run_tournament(
        "toy-claim",
        2,
        ["random"],
        50,
        seed=1,
        workers=workers,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert calls[-1] == (50, 50)
    assert all(total == 50 for _, total in calls)
    done = [d for d, _ in calls]
    assert done == sorted(done) and len(set(done)) == len(done)
    if workers == 1:
        assert done == list(range(1, 51))
    else:
        assert len(calls) > 1  # chunks report as they finish


def test_json_schema() -> None:
    result = run_tournament("toy-guess", 3, ["mcts:4", "random", "random"], 9, seed=2)
    doc = json.loads(to_json_text(result, include_games=True))
    assert doc["format"] == TOURNAMENT_FORMAT
    assert set(doc) == {
        "format",
        "game",
        "title",
        "players",
        "options",
        "seed",
        "games",
        "lineup",
        "rotate_seats",
        "balanced",
        "fair_win_rate",
        "seats",
        "bots",
        "length",
        "shared_wins",
        "no_winner",
        "results",
    }
    assert doc["game"] == "toy-guess" and doc["options"] == {"rounds": 3}
    assert doc["lineup"] == ["mcts:4", "random", "random"]
    assert doc["fair_win_rate"] == pytest.approx(1 / 3)
    summary_keys = {"n", "mean", "stderr", "min", "max"}
    for seat in doc["seats"]:
        assert set(seat) == {
            "seat",
            "games",
            "wins",
            "win_rate",
            "win_rate_stderr",
            "score",
            "bots",
        }
        assert set(seat["score"]) == summary_keys
    for bot in doc["bots"]:
        assert set(bot) == {
            "bot",
            "seats_per_game",
            "games",
            "wins",
            "win_rate",
            "win_rate_stderr",
            "score",
        }
    assert [bot["bot"] for bot in doc["bots"]] == ["mcts:4", "random"]
    assert set(doc["length"]) == {"decisions", "chance_steps", "turns"}
    assert doc["length"]["turns"] is None  # toy-guess exposes no turn count
    assert set(doc["length"]["decisions"]) == summary_keys
    assert len(doc["results"]) == 9
    row = doc["results"][4]
    assert set(row) == {
        "index",
        "seating",
        "seed",
        "scores",
        "winners",
        "decisions",
        "chance_steps",
        "turns",
        "bots",
        "first_player",
    }
    assert row["index"] == 4 and row["seed"] == game_seed(2, 4)
    assert row["first_player"] is None  # toy-guess starts with a simultaneous decision
    assert "results" not in result.to_json()


def test_rich_rendering() -> None:
    result = run_tournament("toy-claim", 2, ["heuristic", "random"], 4, seed=1)
    text = _rendered(result)
    for heading in ("Wins by seat", "Wins by bot", "Game length", "Claim", "heuristic ×2"):
        assert heading in text


def _rendered(result: TournamentResult) -> str:
    console = Console(width=160, file=io.StringIO())
    console.print(render(result))
    assert isinstance(console.file, io.StringIO)
    return console.file.getvalue()


# --------------------------------------------------------------------------- bad input


def test_expand_bots() -> None:
    assert expand_bots(["Heuristic"], 3) == ["heuristic"] * 3
    assert expand_bots(["random", " heuristic "], 2) == ["random", "heuristic"]
    with pytest.raises(InvalidOptions, match="3 bots for 2 players"):
        expand_bots(["random"] * 3, 2)
    with pytest.raises(InvalidOptions, match="at least one bot"):
        expand_bots([""], 2)


def test_bad_tournaments() -> None:
    with pytest.raises(UnknownGame):
        run_tournament("no-such-game", 2, ["random"], 1, seed=1)
    with pytest.raises(InvalidOptions, match="no bot called 'genius'"):
        run_tournament("toy-claim", 2, ["genius"], 1, seed=1)
    with pytest.raises(InvalidOptions, match="games must be"):
        run_tournament("toy-claim", 2, ["random"], 0, seed=1)
    with pytest.raises(InvalidOptions, match="workers must be"):
        run_tournament("toy-claim", 2, ["random"], 1, seed=1, workers=0)
    with pytest.raises(InvalidOptions, match="no option 'colour'"):
        run_tournament("toy-claim", 2, ["random"], 1, seed=1, options={"colour": "red"})
    with pytest.raises(InvalidOptions):
        run_tournament("toy-claim", 9, ["random"], 1, seed=1)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_failing_game_stops_the_tournament(workers: int) -> None:
    # every toy-claim game needs 2 decisions; the error comes back from a worker process too
    with pytest.raises(SimulationError, match=r"toy-claim seed \d+: no end after 1 decisions"):
        run_tournament("toy-claim", 2, ["random"], 6, seed=1, workers=workers, max_decisions=1)


def test_players_default_to_the_minimum() -> None:
    assert run_tournament("toy-guess", None, ["random"], 2, seed=1).players == 2
