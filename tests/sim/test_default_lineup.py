"""A study or a tuning that names no line-up plays the game's default bot at every seat: its
heuristic where it ships one (its capability), else the ``easy`` level, never a bot it lacks."""

from __future__ import annotations

from grimoire.sim.study import StudySpec
from grimoire.sim.tune import TuneSpec


def test_no_line_up_named_is_the_games_default_bot() -> None:
    assert StudySpec(game="ciub", players=[2]).lineups == [["heuristic"]]
    assert StudySpec(game="toy_minimal", players=[2]).lineups == [["easy"]]  # no heuristic
    assert StudySpec.from_dict({"game": "toy_minimal", "players": [3]}).lineups == [["easy"]]
    assert TuneSpec(game="toy_minimal", players=2, params=[]).lineup == ["easy"]
    named = StudySpec(game="toy_minimal", players=[2], lineups=[["random"]])
    assert named.lineups == [["random"]]
