"""Incremental catch-up (issue 36): a process that holds a table applies the moves another
process made (the log entries after the version it holds) instead of reading and replaying the
whole game; what its pages are told is exactly what a full read gives. Two apps in one test
process on one PostgreSQL database stand for two server processes."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_web_api import TWO_PEOPLE, act, create, seated, state_of
from web_helpers import hub_of

import grimoire.web.hub
import grimoire.web.restore
from grimoire.web import create_app

pytestmark = pytest.mark.postgres


def without_clock_time(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without what depends on when the table was read (who counts as away since)."""
    payload.pop("server_time", None)
    payload.pop("absence", None)
    return payload


def test_a_process_catches_up_move_by_move_and_tells_what_a_full_read_tells(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    full_reads: list[str] = []
    whole = grimoire.web.restore.parts

    def counted(stored: Any) -> Any:
        full_reads.append(stored.id)
        return whole(stored)

    monkeypatch.setattr(grimoire.web.hub, "parts", counted)
    with (
        TestClient(create_app(postgres_url, bot_delay=0)) as a,
        TestClient(create_app(postgres_url, bot_delay=0)) as b,
    ):
        state, token0 = create(a, seats=TWO_PEOPLE, name="Ann")
        game_id = state["id"]
        joined = a.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "Bea"})
        tokens = {0: token0, 1: joined.json()["token"]}
        a.cookies.clear()
        state_of(b, game_id)  # b holds the table from here on: one full read
        reads = len(full_reads)
        moves = 0
        for moves in range(12):  # noqa: B007  (the count of moves made is checked below)
            table = state_of(a, game_id)
            if table["status"] != "running" or not table["to_act"]:
                break
            seat = table["to_act"][0]
            payload = state_of(a, game_id, tokens[seat])
            answer = act(a, game_id, tokens[seat], payload["actions"][0], payload["version"])
            assert answer.status_code == 200, answer.text
            told = {s: state_of(b, game_id, tokens[s]) for s in (0, 1)}
            assert told[0]["version"] == answer.json()["version"]
            assert len(full_reads) == reads  # caught up, not read whole
            hub_of(b).forget(game_id)  # a fresh, whole read of the same table
            fresh = {s: state_of(b, game_id, tokens[s]) for s in (0, 1)}
            reads = len(full_reads)
            for s in (0, 1):
                assert without_clock_time(told[s]) == without_clock_time(fresh[s])
        assert moves >= 3, moves
        table = state_of(a, game_id)
        if table["to_act"]:  # an undo is read whole again (its notice comes from the log)
            undone = a.post(
                f"/api/games/{game_id}/undo",
                json={"version": table["version"]},
                headers=seated(tokens[table["to_act"][0]]),
            )
            before = len(full_reads)
            state_of(b, game_id)
            assert len(full_reads) == before + (undone.status_code == 200)
