"""Bots you can wait for, on the page: each payload says which bot seats are deciding now
(``thinking``, public); the page shows their names with a spinner until the move arrives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import wait_until

from grimoire.web import create_app

SRC = Path(__file__).resolve().parents[2] / "src" / "grimoire" / "web"


@pytest.fixture
def slow_bots(database_url: str) -> Iterator[TestClient]:
    """Bots that wait a minute before each move: a bot's turn stays under way in the test."""
    with TestClient(create_app(database_url, bot_delay=60)) as client:
        yield client


def created(client: TestClient, seats: list[dict[str, Any]]) -> tuple[str, str]:
    person = next(n for n, seat in enumerate(seats) if seat["kind"] == "person")
    body = {"game": "toy", "seats": seats, "join_seat": person}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    client.cookies.clear()
    return data["state"]["id"], data["token"]


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    headers = {"X-Seat-Token": token} if token else None
    response = client.get(f"/api/games/{game_id}/state", headers=headers)
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_bot_to_move_is_thinking_for_everyone(slow_bots: TestClient) -> None:
    game_id, token = created(slow_bots, [{"kind": "bot", "level": "random"}, {"kind": "person"}])
    mine = state(slow_bots, game_id, token)
    assert mine["status"] == "running" and mine["to_act"] == [0]
    assert mine["thinking"] == [0] and not mine["your_turn"]
    assert state(slow_bots, game_id)["thinking"] == [0]  # a spectator sees it too


def test_a_person_to_move_is_not_thinking(slow_bots: TestClient) -> None:
    game_id, token = created(slow_bots, [{"kind": "person"}, {"kind": "bot", "level": "random"}])
    mine = state(slow_bots, game_id, token)
    assert mine["to_act"] == [0] and mine["your_turn"]
    assert mine["thinking"] == []
    action = mine["actions"][0]
    moved = slow_bots.post(
        f"/api/games/{game_id}/actions",
        json={"version": mine["version"], "action": {"id": action["id"]}},
        headers={"X-Seat-Token": token},
    )
    assert moved.is_success, moved.text
    after = state(slow_bots, game_id, token)
    assert after["to_act"] == [1] and after["thinking"] == [1]


def test_the_move_ends_the_thinking(client: TestClient) -> None:
    """Bots that move at once: once the bot has moved and a person is to act, nobody thinks."""
    game_id, token = created(client, [{"kind": "bot", "level": "random"}, {"kind": "person"}])
    after = wait_until(lambda: state(client, game_id, token), lambda s: s["your_turn"])
    assert after["thinking"] == []


def test_the_page_names_the_thinking_seat() -> None:
    """The page's banner takes ``thinking``, names the seats as it names them elsewhere and
    says it in the page's language (the texts are in the catalogues)."""
    script = (SRC / "static" / "game.js").read_text(encoding="utf-8")
    assert "payload.thinking" in script and "showThinking(banner, payload, paused)" in script
    assert 't("{name} is thinking…"' in script and 't("{names} are thinking…"' in script
    for lang in ("de", "ja"):
        po = (SRC.parent / "locale" / lang / "LC_MESSAGES" / "grimoire.po").read_text("utf-8")
        for msgid in ("{name} is thinking…", "{names} are thinking…"):
            entry = po.split(f'msgid "{msgid}"\n', 1)[1].split("\n", 1)[0]
            assert entry.startswith('msgstr "') and entry != 'msgstr ""', (lang, msgid)
