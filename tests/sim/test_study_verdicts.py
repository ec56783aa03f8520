"""What a study's report claims: a tie reported as a tie, a winner only when a test separates
it, card tables as Benjamini-Hochberg-controlled associations, the first player (not seat 0)
in the first-player figure, seats counted from 1 on the page (ids from 0 in the JSON), no
empty columns, whole chart titles."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from grimoire.sim.cellstats import CellStats
from grimoire.sim.metrics import benjamini_hochberg, summarize_study
from grimoire.sim.study import Cell, StudyResult, StudySpec, run_study
from grimoire.sim.study_report import balance_figure, write_report

pytest.importorskip("scipy")


def cell_stats(seat_wins: list[int], first_wins: int | None = None) -> CellStats:
    """A two-player cell of ``sum(seat_wins)`` games with these wins (seat 0 starts each)."""
    stats = CellStats(len(seat_wins))
    for seat, wins in enumerate(seat_wins):
        for _ in range(wins):
            scores = [0.0] * len(seat_wins)
            scores[seat] = 1.0
            stats.add_game(scores, [seat], 10, 1, None, ["random"] * 2, [2], [set(), set()])
    return stats


def result_of(**variants: list[int]) -> StudyResult:
    spec = StudySpec(
        "toy-komi", [2], games=400, variants={name: {} for name in variants}, lineups=[["random"]]
    )
    cells = [
        (Cell(2, name, {}, ("random", "random")), cell_stats(wins))
        for name, wins in variants.items()
    ]
    return StudyResult(spec, cells, "Komi")


def test_a_tie_is_reported_as_a_tie(tmp_path: Path) -> None:
    """Two variants with the same seat wins: no winner (the old report crowned the first by
    name), 'no evidence of a difference' with its p, and how many more games would tell."""
    summary = summarize_study(result_of(one=[210, 190], two=[210, 190]))
    group = summary["balance"][0]
    assert group["most_balanced"] is None
    verdict = group["verdict"]
    assert verdict["kind"] == "tie" and verdict["best"] == ["one", "two"]
    assert verdict["text"].startswith("No evidence that the variants' seat win rates differ (p = 1")
    # 5 points from a fair 50%: 1,565 games per variant for 80% power, 400 played
    assert (
        "about 1,165 more games per variant would detect a 5-point difference" in (verdict["text"])
    )
    page = write_report(summary, tmp_path / "r").read_text()
    assert "No evidence that the variants&#x27; seat win rates differ" in page
    assert "is the most balanced" not in page


def test_a_winner_only_when_the_test_separates_it() -> None:
    clear = summarize_study(result_of(fair=[200, 200], lopsided=[280, 120]))["balance"][0]
    assert clear["most_balanced"] == "fair" and clear["verdict"]["kind"] == "winner"
    assert clear["verdict"]["text"].startswith("fair is the most balanced: its seats' win")
    # a third variant the data cannot tell from the best shares the answer
    three = summarize_study(result_of(fair=[200, 200], near=[205, 195], lopsided=[280, 120]))
    verdict = three["balance"][0]["verdict"]
    assert three["balance"][0]["most_balanced"] is None
    assert verdict["kind"] == "tied-best" and verdict["best"] == ["fair", "near"]
    assert "lopsided is less balanced" in verdict["text"]
    # one variant: whether its own seats are balanced
    alone = summarize_study(result_of(only=[205, 195]))["balance"][0]["verdict"]
    assert alone["text"].startswith(
        "No evidence that a seat is favoured (p = 0.617); about 383 more"
    )
    unfair = summarize_study(result_of(only=[280, 120]))["balance"][0]["verdict"]
    assert unfair["text"].startswith("The seats are not balanced (p < 0.001): seat 1 wins 70.0%")


def test_benjamini_hochberg_matches_the_textbook() -> None:
    # R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02
    assert benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert benjamini_hochberg([None, 0.5]) == [None, 0.5]
    assert benjamini_hochberg([]) == [] and benjamini_hochberg([None]) == [None]


def _hand_written_bh(ps: list[float | None]) -> list[float | None]:
    """The code scipy's ``false_discovery_control`` replaced (grimoire.sim.metrics before)."""
    known = sorted((p, i) for i, p in enumerate(ps) if p is not None)
    m = len(known)
    out: list[float | None] = [None] * len(ps)
    running = 1.0
    for rank in range(m, 0, -1):
        p, i = known[rank - 1]
        running = min(running, p * m / rank)
        out[i] = min(1.0, running)
    return out


def test_benjamini_hochberg_gives_what_the_hand_written_code_gave() -> None:
    """scipy's BH replaced the hand-written one: the same q for every family (ties, None, ones,
    zeros, tiny and large p), to rounding."""
    import random

    rng = random.Random(37)
    families: list[list[float | None]] = [
        [0.01, 0.04, 0.03, 0.005],
        [0.05, 0.05, 0.05],
        [0.0, 1.0, None, 0.2, 0.2],
        [1e-12, 0.9, 0.999],
    ]
    for _ in range(200):
        size = rng.randint(1, 30)
        family: list[float | None] = [
            None if rng.random() < 0.1 else rng.choice([rng.random(), rng.random() ** 6, 1.0])
            for _ in range(size)
        ]
        families.append(family)
    for family in families:
        old, new = _hand_written_bh(family), benjamini_hochberg(family)
        assert [q is None for q in new] == [q is None for q in old]
        assert [q for q in new if q is not None] == pytest.approx(
            [q for q in old if q is not None], rel=1e-12, abs=1e-15
        )


def test_card_tables_are_associations_under_multiple_comparison_control(tmp_path: Path) -> None:
    """Twenty cards used at random and one that only winners use: only that one is 'clear',
    each row has its p and BH q (q >= p), and the page says association, not effect."""
    stats = CellStats(2)
    for game in range(200):
        winner = game % 2
        used: list[set[str]] = [set(), set()]
        used[winner].add("use:Crown")
        for card in range(20):
            used[(game * 7 + card * 3 + game // 5) % 2].add(f"use:Card {card}")
        scores = [1.0 if seat == winner else 0.0 for seat in range(2)]
        stats.add_game(scores, [winner], 10, 1, None, ["random"] * 2, [2], used)
    cell = Cell(2, "v", {}, ("random", "random"))
    spec = StudySpec("toy-komi", [2], lineups=[["random"]])
    summary = summarize_study(StudyResult(spec, [(cell, stats)], "Komi"))
    rows = summary["cells"][0]["features"]
    assert all("effect" not in row and row["q"] >= row["p"] for row in rows)
    assert [row["feature"] for row in rows if row["clear"]] == ["use:Crown"]
    assert rows[0]["feature"] == "use:Crown" and rows[0]["association"] == 1.0
    page = write_report(summary, tmp_path / "r").read_text()
    assert "association (points)" in page and "An association, not an effect" in page
    assert "Benjamini–Hochberg over the cell's 21 rows" in page


def test_the_first_player_figure_follows_who_started(tmp_path: Path) -> None:
    """toy-komi with a random starter: the starter wins about 87% of the games, seat 0 about
    half; the figure is the starter's, and who started is counted per seat."""
    spec = StudySpec(
        "toy-komi",
        [2],
        games=200,
        variants={"random start": {"starter": "random"}},
        lineups=[["random"]],
    )
    cell = summarize_study(run_study(spec))["cells"][0]
    balance = cell["balance"]
    assert sum(balance["starts"]) == 200 and min(balance["starts"]) > 80
    assert [seat["started"] for seat in cell["seats"]] == balance["starts"]
    assert balance["first_player"] == "the first player"
    assert balance["first_player_win_rate"] > 0.8
    assert abs(cell["seats"][0]["win_rate"] - 0.5) < 0.1
    assert balance["first_player_advantage"] == pytest.approx(
        balance["first_player_win_rate"] - 0.5
    )


def test_seats_from_0_everywhere_no_empty_turns_column_and_whole_titles(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    spec = StudySpec(
        "toy-komi", [2], games=4, variants={"a": {}, "b": {"komi": 3}}, lineups=[["random"]]
    )
    summary = summarize_study(run_study(spec))
    page = write_report(summary, tmp_path / "r").read_text()
    assert summary["title"] == "Komi" and "<h1>Study of Komi</h1>" in page
    assert [seat["seat"] for seat in summary["cells"][0]["seats"]] == [0, 1]
    assert "<th>seat 1</th><th>seat 2</th>" in page and "seat 0" not in page
    assert "seat 3" not in page
    assert (
        "seats are counted from 1 on the page" in page
        and "ids from 0" in (json.loads((tmp_path / "r" / "summary.json").read_text())["seats"])
    )
    # toy-komi counts no turns: no turns figure at all (it used to print "turns –")
    assert summary["cells"][0]["length"]["turns"] is None
    assert "turns" not in page and "–," not in page
    claim = summarize_study(run_study(StudySpec("toy-claim", [2], games=2, lineups=[["random"]])))
    assert claim["cells"][0]["length"]["turns"]["mean"] == 2
    # a long title wraps inside the picture instead of running off its edges
    group = {**summary["balance"][0], "lineup": ["a-bot-with-a-very-long-name"] * 2}
    figure = balance_figure(group)
    figure.canvas.draw()
    title = figure.axes[0].title.get_window_extent()
    box = figure.bbox
    assert box.x0 <= title.x0 and title.x1 <= box.x1 and title.y1 <= box.y1
    assert "\n" in figure.axes[0].get_title()


def test_shared_wins_count_in_the_first_players_share() -> None:
    stats = CellStats(2)
    stats.add_game([1.0, 1.0], [0, 1], 4, 1, None, ["a", "b"], [], [set(), set()], 0, 1)
    stats.add_game([2.0, 1.0], [0], 4, 1, None, ["a", "b"], [], [set(), set()], 1, 1)
    assert stats.starts == [0, 2] and stats.first.total == Fraction(1, 2)


def three_player_cell(first_player_wins: int, games: int = 200) -> CellStats:
    """Three seats taking turns to start; the first player wins ``first_player_wins`` games,
    the others are shared out so that every seat wins about a third."""
    stats = CellStats(3)
    for game in range(games):
        first = game % 3
        winner = first if game < first_player_wins else (first + 1 + game % 2) % 3
        scores = [0.0, 0.0, 0.0]
        scores[winner] = 1.0
        stats.add_game(scores, [winner], 10, 1, None, ["random"] * 3, [2], [set()] * 3, game, first)
    return stats


def test_the_headline_names_each_effect_and_agrees_with_the_tables_and_the_sprt() -> None:
    """Issue 37's study: the SPRT stopped ``stars2`` after 200 games with its first player
    winning 45.5% against a fair 33.3%, and the comparison table marked it clear, while the
    headline said "no evidence of a difference between the variants" (it ranked the variants
    by their seats, which a random first player keeps level). Now each effect has its
    sentence, and the early stop is said with what it does to the p-values."""
    spec = StudySpec(
        "toy-komi",
        [3],
        games=400,
        variants={"base": {}, "stars2": {}},
        lineups=[["random"]],
    )
    cells = [
        (Cell(3, "base", {}, ("random",) * 3), three_player_cell(66)),
        (Cell(3, "stars2", {}, ("random",) * 3), three_player_cell(91)),
    ]
    sprt = {
        "rule": "sprt",
        "reason": "h1+",
        "games": 200,
        "text": "SPRT: the first player wins about 5 points more than the fair share",
        "llr": [3.1, -9.0],
        "bounds": [-2.98, 3.66],
    }
    fixed = {"rule": "fixed", "reason": "fixed", "games": 200, "text": "", "llr": None}
    info = {cells[0][0].key: {"stop": fixed}, cells[1][0].key: {"stop": sprt}}
    summary = summarize_study(StudyResult(spec, cells, "Stars", info))
    (group,) = summary["balance"]
    (comparison,) = summary["comparisons"]
    assert comparison["significant"]  # the table marks the first player's difference clear
    text = group["headline"]
    assert text.startswith("Seats: No evidence that the variants' seat win rates differ")
    assert "First player: favoured in stars2: wins 45.5% [" in text
    assert "against a fair 33.3% (the SPRT decided after 200 games)" in text
    assert "Between variants: base and stars2 differ in the first player's win rate" in text
    assert "Stopped early by a sequential rule: stars2 after 200 games" in text
    assert "nominal" in text
    assert "No evidence of a difference between the variants" not in text
