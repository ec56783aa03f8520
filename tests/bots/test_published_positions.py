"""The published analysis positions (bench/results/analysis-positions/, issue 28's agreement
measure) load under the game as it is now: a rule or option added since they were made must
come with the sets made again (``bench/analysis_agreement.py --make``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import grimoire
from grimoire import registry

FOLDER = Path(__file__).resolve().parents[2] / "bench" / "results" / "analysis-positions"
SETS = sorted(FOLDER.glob("*.json"))


def test_there_are_sets_for_every_game() -> None:
    """Every game that ships with grimoire (``registry.BUILTIN``: the sets are made for those,
    not for a toy or a plugin) has its set."""
    games = {json.loads(path.read_text("utf-8"))[0]["game"] for path in SETS}
    assert games == set(registry.BUILTIN)


@pytest.mark.parametrize("path", SETS, ids=[path.stem for path in SETS])
def test_every_published_position_loads(path: Path) -> None:
    docs = json.loads(path.read_text("utf-8"))
    assert len(docs) == 20
    for doc in docs:
        game = grimoire.make(doc["game"], players=doc["players"])
        state = game.state_from_json(doc["position"])
        assert doc["seat"] in state.seats_to_act()
