"""The shared contract battery (tests/contract) run on F.A.T.A.L. before it is registered:
the game is put in the registry for each test only."""

from __future__ import annotations

import zlib

import pytest
from tests.contract.cases import Case, cases_of
from tests.contract.test_contract import play_through

import grimoire.registry
from grimoire.core.record import GameRecord
from grimoire.core.state import CHANCE

TARGET = "grimoire.games.fatal:FatalGame"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(grimoire.registry.BUILTIN, "fatal", TARGET)


def fatal_cases() -> list[Case]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(grimoire.registry.BUILTIN, "fatal", TARGET)
        return cases_of("fatal")


CASES = fatal_cases()


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
@pytest.mark.parametrize("offset", [0, 1])
def test_contract_battery_random_game(case: Case, offset: int) -> None:
    """Contract battery: a seeded random game keeps every contract; its record replays."""
    state = play_through(case, seed=2**40 + zlib.crc32(case.id.encode()) + offset)
    assert len(state.scores()) == case.players
    record = state.record()
    assert record.replay() == state
    players_only = GameRecord(
        record.game,
        record.players,
        record.options,
        record.seed,
        [(a, b) for a, b in record.actions if a != CHANCE],
        record.data,
    )
    assert players_only.replay() == state
