"""Simultaneous decisions in the web app, on the toys of tests/toys: Duel (a sealed choice from
hidden hands) and Race (parallel turns with a die after every roll, a secret lucky number).

Each seat submits on its own: another seat's submission since the version a client saw does
not make its still-legal choice a 409; a seat's own double submission still is. The payload
says how many seats still decide, never what anyone chose; private notices and secrets reach
their own seat only.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient
from test_web_api import act, create, seated, state_of
from web_helpers import wait_until

PEOPLE_AND_BOT = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "level": "random"}]


def table(client: TestClient, game: str, **options: Any) -> tuple[str, dict[int, str]]:
    """A running 3-seat game: two people (tokens by seat) and a random bot."""
    state, token0 = create(client, game=game, seats=PEOPLE_AND_BOT, options=options)
    joined = client.post(f"/api/games/{state['id']}/join", json={"seat": 1, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    assert token0
    return state["id"], {0: token0, 1: joined.json()["token"]}


def test_both_people_submit_on_the_version_they_saw(client: TestClient) -> None:
    """Duel: every round both people choose on the payload they loaded; whoever submits second
    is on an old version (the other person and the bot moved meanwhile) and is still taken."""
    game_id, tokens = table(client, "toy_duel", hand=3)
    for _ in range(3):
        seen = {seat: state_of(client, game_id, token) for seat, token in tokens.items()}
        for seat in (0, 1):
            assert seen[seat]["your_turn"] and seen[seat]["simultaneous"]
        for seat in (1, 0):
            payload = seen[seat]
            choice = payload["actions"][0]
            response = act(client, game_id, tokens[seat], {"id": choice["id"]}, payload["version"])
            assert response.status_code == 200, response.text
            after = response.json()
            if after["simultaneous"] and not after["your_turn"]:
                assert after["waiting_for"] == len(after["to_act"]) >= 1
                assert after["actions"] == []
        wait_until(
            lambda: state_of(client, game_id),
            lambda s: s["status"] == "finished" or {0, 1} <= set(s["to_act"]),
        )
    final = wait_until(lambda: state_of(client, game_id), lambda s: s["status"] == "finished")
    assert len(final["final_scores"]) == 3


def test_a_real_conflict_is_still_a_409(client: TestClient) -> None:
    """Race: a seat's second submission on the version it already acted on is refused with the
    fresh state (a double click must not roll twice)."""
    game_id, tokens = table(client, "toy_race")
    payload = state_of(client, game_id, tokens[0])
    roll = next(a for a in payload["actions"] if a["text"] == "roll")
    first = act(client, game_id, tokens[0], {"id": roll["id"]}, payload["version"])
    assert first.status_code == 200, first.text
    again = act(client, game_id, tokens[0], {"id": roll["id"]}, payload["version"])
    assert again.status_code == 409
    assert again.json()["state"]["version"] > payload["version"]
    assert sum(1 for line in again.json()["state"]["log"] if line["text"] == "seat 0 rolls") == 1


def test_the_other_persons_roll_does_not_make_mine_stale(client: TestClient) -> None:
    """Race: seat 1 rolls after seat 0 rolled (and the die landed) on the version it loaded
    before; it is accepted because nothing of seat 1's own happened since."""
    game_id, tokens = table(client, "toy_race")
    loaded = {seat: state_of(client, game_id, token) for seat, token in tokens.items()}
    for seat in (0, 1):
        payload = loaded[seat]
        roll = next(a for a in payload["actions"] if a["text"] == "roll")
        response = act(client, game_id, tokens[seat], {"id": roll["id"]}, payload["version"])
        assert response.status_code == 200, response.text
    log = [line["text"] for line in state_of(client, game_id)["log"]]
    assert "seat 0 rolls" in log and "seat 1 rolls" in log


def play_race_to_the_end(client: TestClient, game_id: str, tokens: dict[int, str]) -> None:
    def step() -> dict[str, Any]:
        spectator = state_of(client, game_id)
        for seat, token in tokens.items():
            if spectator["status"] == "running" and seat in spectator["to_act"]:
                payload = state_of(client, game_id, token)
                if payload["your_turn"]:
                    action = payload["actions"][-1]  # stop when allowed
                    act(client, game_id, token, {"id": action["id"]}, payload["version"])
        return state_of(client, game_id)

    wait_until(step, lambda s: s["status"] == "finished")


def test_secrets_and_private_notices_reach_their_own_seat_only(client: TestClient) -> None:
    """Race: every payload and WebSocket message a seat or spectator gets holds no other
    seat's lucky number (in the view or the log) and no score it cannot know."""
    game_id, tokens = table(client, "toy_race", rounds=2)
    messages: dict[int | None, list[str]] = {0: [], 1: [], None: []}
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws", headers=seated(tokens[0])) as ws0,
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws_none,
    ):
        messages[0].append(ws0.receive_text())
        messages[None].append(ws_none.receive_text())
        play_race_to_the_end(client, game_id, tokens)
        for _ in range(3):  # a few of the pushes that followed
            messages[0].append(ws0.receive_text())
            messages[None].append(ws_none.receive_text())
    final = state_of(client, game_id)
    lucky = final["view"]["lucky"]  # shown to all once the game is over
    assert sorted(set(lucky)) == sorted(lucky)  # three different cards
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    for step in range(1, len(room.lines)):  # every position the game went through
        replay_seat = {
            seat: client.get(
                f"/api/games/{game_id}/replay?step={step}", headers=seated(tokens[seat])
            ).json()
            for seat in (0, 1)
        }
        for seat, payload in replay_seat.items():
            view = payload["view"]
            if view["terminal"]:
                continue
            assert view["my_lucky"] in (0, lucky[seat])
            others = [lucky[s] for s in range(3) if s != seat]
            texts = [line["text"] for line in payload["log"]]
            assert not any(f"your lucky number is {n}" in t for t in texts for n in others)
            assert [score is None for score in view["scores"]] == [s != seat for s in range(3)]
    for viewer, texts in messages.items():
        for text in texts:
            doc = json.loads(text)
            if doc["view"]["terminal"]:
                continue
            own = [] if viewer is None else [lucky[viewer]]
            assert doc["view"]["my_lucky"] in [None, 0, *own]
            for line in doc["log"]:
                if "your lucky number is" in line["text"]:
                    assert viewer is not None and line["text"].endswith(str(lucky[viewer]))


def test_duel_hands_and_pending_choices_stay_hidden(client: TestClient) -> None:
    """Duel: a seat's payload shows its own hand only, and another seat's pending choice only
    as "has chosen", never the card; the log says "seat N chooses a card" to the others."""
    game_id, tokens = table(client, "toy_duel", hand=3)
    payload = state_of(client, game_id, tokens[0])
    card = payload["actions"][0]
    act(client, game_id, tokens[0], {"id": card["id"]}, payload["version"])
    other = state_of(client, game_id, tokens[1])
    assert other["view"]["has_chosen"][0] is True and other["view"]["my_choice"] is None
    room = client.app.state.hub.rooms[game_id]  # type: ignore[attr-defined]
    assert sorted(other["view"]["hand"]) == sorted(room.state.hands[1])
    assert not set(other["view"]["hand"]) & set(room.state.hands[0])
    texts = [line["text"] for line in other["log"]]
    assert "seat 0 chooses a card" in texts
    assert f"you choose {card['id']}" not in texts
    mine = [line["text"] for line in state_of(client, game_id, tokens[0])["log"]]
    assert f"you choose {card['id']}" in mine
    spectator = state_of(client, game_id)
    assert spectator["view"]["hand"] is None and spectator["view"]["my_choice"] is None
