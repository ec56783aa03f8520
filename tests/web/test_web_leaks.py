"""Nobody sees what they must not: every endpoint's JSON, for every seat and for spectators,
is checked for other seats' hidden cards, the face-down deck, and the secret seed.

The Toy game names its cards with distinctive words, so a leak is a plain substring search:
at any moment, no response for viewer V may mention a card in another seat's hand or in the
deck. Ciúb and Toy are also checked for the projection property at the web layer: re-dealing
everything a seat cannot see (``State.resample``) changes nothing in that seat's payload. The
simultaneous toys (Duel, Race) get the same scan through variants that plant distinctive words
for every secret (tests/web/web_simul_toys.py), with two people submitting on old versions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import hub_of, wait_until
from web_simul_toys import duel_secrets, race_secrets
from web_toygame import NAMES, ToyState

from grimoire.core.state import State
from grimoire.web.rooms import Room

SECRET_KEYS = {"seed", "position", "history", "rng", "deck", "hands", "pile", "box_cards"}


def hub_room(client: TestClient, game_id: str) -> Room:
    return hub_of(client).rooms[game_id]


def keys_in(doc: Any) -> set[str]:
    if isinstance(doc, dict):
        return set(doc) | {key for value in doc.values() for key in keys_in(value)}
    if isinstance(doc, list):
        return {key for value in doc for key in keys_in(value)}
    return set()


def forbidden_names(state: ToyState, viewer: int | None) -> set[str]:
    """Card names ``viewer`` must not see in ``state``: the deck and the other seats' hands."""
    hidden = set(state.deck)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden |= set(hand)
    return {NAMES[card] for card in hidden} | {NAMES[card].lower() for card in hidden}


def check(doc: Any, state: State, viewer: int | None, seed: int, where: str) -> None:
    assert isinstance(state, ToyState), state  # a room's state, of the toy game
    text = json.dumps(doc, ensure_ascii=False)
    assert str(seed) not in text, f"{where}: the seed leaked"
    secret_keys = keys_in(doc) & SECRET_KEYS
    assert not secret_keys, f"{where}: {secret_keys}"
    leaked = {name for name in forbidden_names(state, viewer) if name in text}
    assert not leaked, f"{where} (viewer {viewer}) mentions hidden cards {leaked}"


def test_no_endpoint_shows_a_seat_what_it_must_not_see(client: TestClient) -> None:
    rng = random.Random(3)
    created = client.post(
        "/api/games",
        json={"game": "toy", "players": 3, "seats": [{"kind": "person"}] * 3},
    )
    game_id = created.json()["state"]["id"]
    tokens = {0: created.json()["token"]}
    client.cookies.clear()
    room = hub_room(client, game_id)
    seed = room.seed
    viewers: list[int | None] = [0, 1, 2, None]
    check(created.json(), room.state, 0, seed, "create")
    for seat in (1, 2):
        joined = client.post(f"/api/games/{game_id}/join", json={"seat": seat})
        client.cookies.clear()
        tokens[seat] = joined.json()["token"]
        check(joined.json(), room.state, seat, seed, "join")

    def headers(viewer: int | None) -> dict[str, str]:
        return {"X-Seat-Token": tokens[viewer]} if viewer is not None else {}

    states: dict[int, ToyState] = {}
    sockets = {
        viewer: client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers(viewer))
        for viewer in viewers
    }
    heard: dict[int | None, list[dict[str, Any]]] = {viewer: [] for viewer in viewers}
    with sockets[0] as ws0, sockets[1] as ws1, sockets[2] as ws2, sockets[None] as wss:
        by_viewer = {0: ws0, 1: ws1, 2: ws2, None: wss}
        checked = 0
        while True:
            state = room.state
            assert isinstance(state, ToyState)
            states[room.version] = state
            for viewer in viewers:
                heard[viewer].append(by_viewer[viewer].receive_json())
                for url in (
                    f"/api/games/{game_id}/state",
                    f"/api/games/{game_id}",
                    "/api/games?status=open,running,finished",
                    f"/api/games/{game_id}/replay?step={len(state.history)}",
                ):
                    response = client.get(url, headers=headers(viewer))
                    assert response.status_code == 200
                    check(response.json(), state, viewer, seed, url)
                    checked += 1
                # an earlier step of the replay, against the state at that step
                step = rng.randrange(len(state.history) + 1)
                replay = client.get(
                    f"/api/games/{game_id}/replay?step={step}", headers=headers(viewer)
                ).json()
                then = room.game.new_state(seed, resolve_chance=False)
                for actor, action in state.history[:step]:
                    then.apply(action, None if actor < 0 else actor)
                assert isinstance(then, ToyState)
                check(replay, then, viewer, seed, f"replay step {step}")
            if state.is_terminal():
                break
            current = state.current_player
            assert isinstance(current, int)
            seat = current
            payload = client.get(f"/api/games/{game_id}/state", headers=headers(seat)).json()
            if payload["can_undo"] and rng.random() < 0.3:
                response = client.post(
                    f"/api/games/{game_id}/undo",
                    json={"version": payload["version"]},
                    headers=headers(seat),
                )
            else:
                action = rng.choice(payload["actions"])
                response = client.post(
                    f"/api/games/{game_id}/actions",
                    json={"version": payload["version"], "action": {"id": action["id"]}},
                    headers=headers(seat),
                )
            assert response.status_code == 200
            check(response.json(), room.state, seat, seed, "act/undo response")
            # errors carry a fresh state too: check the 409's
            stale = client.post(
                f"/api/games/{game_id}/actions",
                json={"version": payload["version"], "action": {"id": 0}},
                headers=headers(seat),
            )
            assert stale.status_code == 409
            check(stale.json(), room.state, seat, seed, "409 response")
    for viewer, messages in heard.items():
        for message in messages:
            check(message, states[message["version"]], viewer, seed, "websocket")
    assert checked > 100
    # the seat's own secrets do reach it: the test would notice if the hand were blanked
    assert any(name in json.dumps(heard[0]) for name in NAMES)


@pytest.mark.parametrize("game", ["toy", "ciub"])
def test_hidden_information_does_not_change_a_payload(client: TestClient, game: str) -> None:
    """Re-deal all a seat cannot see: its payload (view, actions, rendering) stays the same."""
    rng = random.Random(11)
    created = client.post(
        "/api/games", json={"game": game, "players": 3, "seats": [{"kind": "person"}] * 3}
    ).json()
    game_id = created["state"]["id"]
    tokens = {0: created["token"]}
    client.cookies.clear()
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/games/{game_id}/join", json={"seat": seat}).json()[
            "token"
        ]
        client.cookies.clear()
    room = hub_room(client, game_id)  # nobody but this test moves the game: no bots
    compared = 0
    for _ in range(40):
        if room.state.is_terminal():
            break
        current = room.state.current_player
        assert isinstance(current, int)
        seat = current
        payload = client.get(
            f"/api/games/{game_id}/state", headers={"X-Seat-Token": tokens[seat]}
        ).json()
        action = rng.choice(payload["actions"])
        moved = client.post(
            f"/api/games/{game_id}/actions",
            json={"version": payload["version"], "action": {"id": action["id"]}},
            headers={"X-Seat-Token": tokens[seat]},
        )
        assert moved.status_code == 200
        for viewer in (0, 1, None):
            real_state = room.state
            real = dict(room.payload(viewer))
            for _ in range(3):
                room.payloads.clear()
                room.state = real_state.resample(viewer if viewer is not None else 0, rng)
                if viewer is None:  # a spectator sees less than any seat: resample all seats
                    for seat in range(1, room.game.players):
                        room.state = room.state.resample(seat, rng)
                try:
                    other = room.payload(viewer)
                finally:
                    room.state = real_state
                    room.payloads.clear()
                for key in ("view", "svg", "actions", "to_act", "scores", "winners"):
                    assert other[key] == real[key], (game, viewer, key)
                compared += 1
    assert compared > 30


# ----------------------------------------------------------------------------- simultaneous
# The marked variants of Duel (a sealed choice) and Race (parallel turns with a die after
# every roll) show each seat its own secrets under distinctive words (tests/web/web_simul_toys.py):
# Duel's hands, dealt cards and pending choices by card name, Race's lucky number by gem name,
# in the view ("hand_names", "my_lucky_name") and in private log lines ("deal 4 (Ivy) to seat
# 1", "you choose 4 (Ivy)", "your lucky number is 4 (Opal)").
SIMULTANEOUS: dict[str, tuple[Callable[[Any, int | None], set[str]], dict[str, Any]]] = {
    "toy_duel_marked": (duel_secrets, {"hand": 3}),
    "toy_race_marked": (race_secrets, {"rounds": 2, "max_rolls": 3}),
}
# keys of a full position that no payload may carry
POSITION_KEYS = {"seed", "position", "history", "rng", "hands", "chosen", "lucky_deck"}


def views_in(doc: Any) -> list[dict[str, Any]]:
    """Every game view in a response (a payload, a replay, or a payload inside one)."""
    if isinstance(doc, list):
        return [view for value in doc for view in views_in(value)]
    if not isinstance(doc, dict):
        return []
    found = [doc["view"]] if isinstance(doc.get("view"), dict) else []
    return found + [view for key, value in doc.items() if key != "view" for view in views_in(value)]


def check_secrets(
    doc: Any,
    state: State,
    viewer: int | None,
    seed: int,
    secrets_of: Callable[[Any, int | None], set[str]],
    where: str,
) -> None:
    """``doc``, sent to ``viewer`` about ``state``, names no secret of another seat, no
    position key, not the seed, and only the scores ``viewer`` may know."""
    text = json.dumps(doc, ensure_ascii=False)
    assert str(seed) not in text, f"{where}: the seed leaked"
    keys = keys_in(doc) & POSITION_KEYS
    assert not keys, f"{where}: {keys}"
    leaked = {word for word in secrets_of(state, viewer) if word in text}
    assert not leaked, f"{where} (viewer {viewer}) names another seat's secrets {leaked}"
    for view in views_in(doc):
        assert view["scores"] == state.public_scores(viewer), (where, viewer, view["scores"])
        if isinstance(doc, dict) and "scores" in doc:
            assert doc["scores"] == view["scores"], where


@pytest.mark.parametrize("game", sorted(SIMULTANEOUS))
def test_simultaneous_decisions_show_nobody_another_seats_secret(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """Two people and a bot; every response and every WebSocket message for seat 0, seat 1
    and a spectator, at every version, is scanned for the planted words of the secrets it
    must not know. Each round the people load the state, then submit in a random order: the
    second one on an older version (taken), and the first one once more on it (409)."""
    secrets_of, options = SIMULTANEOUS[game]
    rng = random.Random(7)
    created = client.post(
        "/api/games",
        json={
            "game": game,
            "players": 3,
            "options": options,
            "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "random"}],
        },
    )
    assert created.status_code == 201, created.text
    game_id = created.json()["state"]["id"]
    tokens = {0: created.json()["token"]}
    client.cookies.clear()
    room = hub_room(client, game_id)
    seed = room.seed
    states: dict[int, State] = {room.version: room.state}
    publish = room.changed

    def changed() -> None:  # keep every version the game reaches, to check messages against
        states[room.version] = room.state
        publish()

    monkeypatch.setattr(room, "changed", changed)
    check_secrets(created.json(), room.state, 0, seed, secrets_of, "create")
    joined = client.post(f"/api/games/{game_id}/join", json={"seat": 1})
    client.cookies.clear()
    tokens[1] = joined.json()["token"]
    check_secrets(
        joined.json(), states[joined.json()["state"]["version"]], 1, seed, secrets_of, "join"
    )
    own = secrets_of(room.state, 1) - secrets_of(room.state, 0)  # seat 0's own secret words
    assert own

    viewers: list[int | None] = [0, 1, None]

    def headers(viewer: int | None) -> dict[str, str]:
        return {"X-Seat-Token": tokens[viewer]} if viewer is not None else {}

    def bots_done(_: Any = None) -> bool:
        return room.bots.idle()

    def room_state() -> dict[str, Any]:
        return {"version": room.version}

    heard: dict[int | None, list[str]] = {viewer: [] for viewer in viewers}
    accepted_stale = refused_again = 0
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers(0)) as ws0,
        client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers(1)) as ws1,
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws_none,
    ):
        sockets = {0: ws0, 1: ws1, None: ws_none}
        while True:
            wait_until(room_state, bots_done)  # the bot has moved as far as it can
            state = room.state
            for viewer in viewers:  # every message up to the newest version
                while True:
                    message = sockets[viewer].receive_json()
                    heard[viewer].append(json.dumps(message))
                    then = states[message["version"]]
                    check_secrets(message, then, viewer, seed, secrets_of, "websocket")
                    if message["version"] == room.version:
                        break
                for url in (
                    f"/api/games/{game_id}/state",
                    f"/api/games/{game_id}",
                    "/api/games?status=open,running,finished",
                    f"/api/games/{game_id}/replay?step={len(state.history)}",
                ):
                    response = client.get(url, headers=headers(viewer))
                    assert response.status_code == 200, response.text
                    check_secrets(response.json(), state, viewer, seed, secrets_of, url)
                step = rng.randrange(len(state.history) + 1)
                replay = client.get(
                    f"/api/games/{game_id}/replay?step={step}", headers=headers(viewer)
                ).json()
                earlier = room.game.new_state(seed, resolve_chance=False)
                for actor, action in state.history[:step]:
                    earlier.apply(action, None if actor < 0 else actor)
                check_secrets(replay, earlier, viewer, seed, secrets_of, f"replay step {step}")
            if state.is_terminal():
                break
            movers = [seat for seat in (0, 1) if seat in state.seats_to_act()]
            loaded = {
                seat: client.get(f"/api/games/{game_id}/state", headers=headers(seat)).json()
                for seat in (0, 1)
            }
            for seat, payload in loaded.items():
                assert payload["simultaneous"] and payload["your_turn"] == (seat in movers)
                if seat not in movers:
                    assert payload["waiting_for"] == len(payload["to_act"]) > 0
            rng.shuffle(movers)
            for order, seat in enumerate(movers):
                payload = loaded[seat]
                choice = {"id": rng.choice(payload["actions"])["id"]}
                stale = payload["version"] != room.version
                response = client.post(
                    f"/api/games/{game_id}/actions",
                    json={"version": payload["version"], "action": choice},
                    headers=headers(seat),
                )
                assert response.status_code == 200, response.text
                accepted_stale += stale
                answer = response.json()
                check_secrets(answer, states[answer["version"]], seat, seed, secrets_of, "act")
                if order == 0:  # the same submission again: acts once, then a 409
                    again = client.post(
                        f"/api/games/{game_id}/actions",
                        json={"version": payload["version"], "action": choice},
                        headers=headers(seat),
                    )
                    assert again.status_code == 409, again.text
                    refused_again += 1
                    fresh = again.json()["state"]
                    check_secrets(
                        again.json(), states[fresh["version"]], seat, seed, secrets_of, "409"
                    )
    assert accepted_stale > 0 and refused_again > 0
    assert room.state.is_terminal()
    # the scan is not vacuous: seat 0's own secret words did reach seat 0
    assert any(word in text for text in heard[0] for word in own)
