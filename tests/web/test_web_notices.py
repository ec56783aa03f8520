"""The notices that are no move (a pause, a resume, a bot taking a seat) are saved with the
change that made them (``games.events``), so a page at any process hears them, and a server that
starts again still tells them (issue 36: events reached only the pages of the process that made
them)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_web_api import seated, state_of
from test_web_clocks import REALTIME, timed_app, two_people
from web_helpers import FakeTime


def notices(client: TestClient, game_id: str) -> list[tuple[str, Any, Any]]:
    return [(e["kind"], e["seat"], e["by"]) for e in state_of(client, game_id)["events"]]


@pytest.mark.postgres
def test_a_notice_made_at_one_process_is_told_at_another(postgres_url: str) -> None:
    clock = FakeTime()
    with timed_app(postgres_url, clock) as a, timed_app(postgres_url, clock) as b:
        game_id, tokens = two_people(a, REALTIME)
        assert notices(b, game_id) == []  # b holds the table now
        assert a.post(f"/api/games/{game_id}/pause", headers=seated(tokens[1])).status_code == 200
        assert notices(b, game_id) == [("pause", None, 1)]
        assert b.post(f"/api/games/{game_id}/resume", headers=seated(tokens[0])).status_code == 200
        assert notices(a, game_id) == [("pause", None, 1), ("resume", None, 0)]
        left = a.post(f"/api/games/{game_id}/leave", headers=seated(tokens[1]))
        assert left.status_code == 200, left.text
        told = state_of(b, game_id)["events"][-1]
        assert (told["kind"], told["seat"], told["by"], told["detail"]) == ("bot", 1, 1, "left")


def test_the_notices_survive_a_restart(any_database_url: str) -> None:
    clock = FakeTime()
    with timed_app(any_database_url, clock) as client:
        game_id, tokens = two_people(client, REALTIME)
        paused = client.post(f"/api/games/{game_id}/pause", headers=seated(tokens[0]))
        assert paused.status_code == 200
        before = state_of(client, game_id)["events"]
    with timed_app(any_database_url, clock) as client:
        assert state_of(client, game_id)["events"] == before
        assert [event["kind"] for event in before] == ["pause"]
