"""The web app shows nobody what they must not see in F.A.T.A.L.:
three people play a whole game through the HTTP API; after every action, every seat's and a
spectator's payload (state, summary, list, replay) is scanned for planted markers: vision ids in
another seat's hand, in the deck or set aside that the viewer has not seen, characters the viewer
does not know, and the seed. The newest log lines are scanned the same way."""

from __future__ import annotations

import json
import random
import re
import secrets as secrets_module
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web test needs the [web] extra")

from fastapi.testclient import TestClient

from grimoire.games.fatal.state import PUBLIC, FatalState
from grimoire.web import create_app

SEED = 7_340_251_998_113_467  # long enough not to occur in a payload by chance
VISION = re.compile(r"\bV\d\d\b")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_delay=0)) as test_client:
        yield test_client


def secrets(state: FatalState, viewer: int | None) -> set[str]:
    bit = PUBLIC if viewer is None else 1 << viewer
    comp = state.comp
    hidden = set()
    for zone in [state.deck, state.looking, *state.hands, *state.aside]:
        for card in zone:
            kind = state.kind(card)
            if comp.is_vision(kind) and not state.ck[card] & bit:
                hidden.add(comp.card_name(kind))
    shown = {
        comp.signs[state.lay.opposing(state.char[s])].name
        for s in range(state.n)
        if state.char[s] >= 0 and state.ck_char[s] & bit
    }
    for s in range(state.n):
        if state.char[s] >= 0 and not state.ck_char[s] & bit:
            name = comp.signs[state.char[s]].name
            if name not in shown:
                hidden.add(name)
    return hidden


def words(doc: Any) -> set[str]:
    text = json.dumps(doc, ensure_ascii=False)
    return set(VISION.findall(text)) | set(re.findall(r"[A-Z][a-z]+", text))


def check(doc: Any, state: FatalState, viewer: int | None, seed: int, where: str) -> None:
    body = (
        {key: value for key, value in doc.items() if key != "log"} if isinstance(doc, dict) else doc
    )
    text = json.dumps(body, ensure_ascii=False)
    assert str(seed) not in text, f"{where}: the seed leaked"
    assert '"position"' not in text and '"history"' not in text, where  # no position document
    leaked = words(body) & secrets(state, viewer)
    assert not leaked, f"{where} (viewer {viewer}) shows {leaked}"


def test_no_payload_shows_a_seat_another_seats_secret(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The room's seed is fixed so that the game, and what the scan meets, is the same every run
    # (patched where the web draws it, whichever of its modules that is).
    monkeypatch.setattr(secrets_module, "randbits", lambda bits: SEED)
    rng = random.Random(8)
    created = client.post(
        "/api/games", json={"game": "fatal", "players": 3, "seats": [{"kind": "person"}] * 3}
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["state"]["id"]
    tokens = {0: created.json()["token"]}
    client.cookies.clear()
    for seat in (1, 2):
        joined = client.post(f"/api/games/{game_id}/join", json={"seat": seat})
        client.cookies.clear()
        tokens[seat] = joined.json()["token"]
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    seed = room.seed
    viewers: list[int | None] = [0, 1, 2, None]
    seen_lines = {viewer: 0 for viewer in viewers}
    # What each viewer could not know before the last action. A new log line leaks only a card
    # secret both before and after it: "seat 0: discards V08" is public when it happens, even if
    # the discard pile is then reshuffled and V08 drawn into a hand in the same action.
    before: dict[int | None, set[str] | None] = {viewer: None for viewer in viewers}

    def headers(viewer: int | None) -> dict[str, str]:
        return {"X-Seat-Token": tokens[viewer]} if viewer is not None else {}

    actions = 0
    planted = 0  # payloads of seat 0 naming what seat 1 may not see: the scan would notice
    while True:
        state = room.state
        assert isinstance(state, FatalState)
        for viewer in viewers:
            payload = client.get(f"/api/games/{game_id}/state", headers=headers(viewer)).json()
            check(payload, state, viewer, seed, "state")
            if viewer == 0 and words(payload["view"]) & secrets(state, 1):
                planted += 1
            hidden = secrets(state, viewer)
            earlier = before[viewer]
            secret_throughout = hidden if earlier is None else hidden & earlier
            for line in payload["log"]:
                if line["n"] >= seen_lines[viewer]:
                    leaked = set(VISION.findall(line["text"])) & secret_throughout
                    assert not leaked, (viewer, line, leaked)
            seen_lines[viewer] = payload["log_length"]
            before[viewer] = hidden
            if actions % 25 == 0:
                for url in (
                    f"/api/games/{game_id}",
                    "/api/games?status=open,running,finished",
                    f"/api/games/{game_id}/replay?step={len(state.history)}",
                ):
                    check(client.get(url, headers=headers(viewer)).json(), state, viewer, seed, url)
        if state.is_terminal() or actions >= 1500:
            break
        seat = rng.choice(sorted(state.seats_to_act()))
        payload = client.get(f"/api/games/{game_id}/state", headers=headers(seat)).json()
        action = rng.choice(payload["actions"])
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": payload["version"], "action": {"id": action["id"]}},
            headers=headers(seat),
        )
        assert response.status_code == 200, response.text
        check(response.json(), room.state, seat, seed, "action response")
        actions += 1
    assert actions > 50 and planted > 50
