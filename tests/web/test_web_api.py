"""HTTP and WebSocket API of the web app, on the test-only Toy game (tests/web/web_toygame.py).

Toy: each seat holds hidden cards; a turn is an optional ``boost``, an optional ``draw`` (chance)
and a ``play``. That gives undo something to take back (boost), something it must not take back
(a draw reveals a card), and a turn change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import first_action, hub_of, wait_until

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def create(client: TestClient, **body: Any) -> tuple[dict[str, Any], str | None]:
    body.setdefault("game", "toy")
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    client.cookies.clear()  # act through explicit tokens from here on
    return data["state"], data["token"]


def seated(token: str | None) -> dict[str, str]:
    assert token
    return {"X-Seat-Token": token}


def two_player_game(client: TestClient) -> tuple[str, str, str]:
    """A running 2-person Toy game: (id, token of seat 0, token of seat 1)."""
    state, token0 = create(client, seats=TWO_PEOPLE)
    assert state["status"] == "open"
    joined = client.post(f"/api/games/{state['id']}/join", json={"seat": 1, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    assert token0
    return state["id"], token0, joined.json()["token"]


def state_of(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/state", headers=seated(token) if token else None)
    assert response.status_code == 200, response.text
    doc: dict[str, Any] = response.json()
    return doc


def act(client: TestClient, game_id: str, token: str, action: dict[str, Any], version: int) -> Any:
    """Post ``action``: an action of a payload (sent back by its id, as the page does) or an
    ``{"id"}`` / ``{"text"}`` reference."""
    ref = {"id": action["id"]} if "id" in action else action
    return client.post(
        f"/api/games/{game_id}/actions",
        json={"version": version, "action": ref},
        headers=seated(token),
    )


def some_move(payload: dict[str, Any]) -> dict[str, Any]:
    """A card to play if the seat holds one, else the draw."""
    plays = [action for action in payload["actions"] if action["kind"] == "play"]
    return plays[0] if plays else first_action(payload, kind="draw")


def to_act(client: TestClient, game_id: str, tokens: dict[int, str]) -> tuple[str, dict[str, Any]]:
    """The token of the seat to act and its payload."""
    spectator = state_of(client, game_id)
    seat = spectator["to_act"][0]
    return tokens[seat], state_of(client, game_id, tokens[seat])


# ----------------------------------------------------------------------------- catalog, create
def test_catalog_lists_every_registered_game_with_its_options(client: TestClient) -> None:
    data = client.get("/api/catalog").json()
    names = [game["name"] for game in data["games"]]
    assert "toy" in names and "ciub" in names
    toy = next(game for game in data["games"] if game["name"] == "toy")
    assert toy["min_players"] == 2 and toy["max_players"] == 4
    assert {option["name"] for option in toy["declared_options"]} == {"rounds", "colour", "fast"}
    assert data["bot_levels"] == ["random", "heuristic", "easy", "normal", "hard"]


def test_create_against_bots_starts_at_once_and_sets_the_seat_cookie(
    client: TestClient,
) -> None:
    response = client.post("/api/games", json={"game": "toy", "players": 3, "name": "Ann"})
    assert response.status_code == 201
    data = response.json()
    game_id = data["state"]["id"]
    assert data["seat"] == 0 and data["token"]
    assert client.cookies.get(f"grimoire_seat_{game_id}") == data["token"]
    assert data["state"]["status"] == "running"
    assert [seat["kind"] for seat in data["state"]["seats"]] == ["person", "bot", "bot"]
    assert data["state"]["seats"][0]["name"] == "Ann"
    # the cookie alone identifies the seat
    assert client.get(f"/api/games/{game_id}/state").json()["viewer"] == 0


def test_create_with_options_and_named_bot_levels(client: TestClient) -> None:
    state, _ = create(
        client,
        players=2,
        options={"rounds": 1, "colour": "blue", "fast": True},
        seats=[{"kind": "person"}, {"kind": "bot", "level": "random", "name": "Robo"}],
    )
    assert state["options"] == {"rounds": 1, "colour": "blue", "fast": True}
    assert state["seats"][1] == {
        "seat": 1,
        "name": "Robo",
        "kind": "bot",
        "level": "random",
        "taken": True,
    }


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess"}, "no game called 'chess'"),
        ({"game": "toy", "players": 9}, "2..4 players"),
        ({"game": "toy", "options": {"rounds": "many"}}, "takes a whole number"),
        ({"game": "toy", "options": {"colour": "green"}}, "must be one of"),
        ({"game": "toy", "options": {"speed": 3}}, "has no option 'speed'"),
        ({"game": "toy", "players": 3, "seats": [{"kind": "person"}]}, "1 seats given for a 3"),
        ({"game": "toy", "seats": [{"kind": "person"}]}, "2..4 players, not 1"),
        ({"game": "toy", "players": 2, "seats": TWO_PEOPLE, "join_seat": 5}, "join_seat 5"),
        ({"game": "ciub", "options": {"components": "/etc/passwd"}}, "server setting"),
    ],
)
def test_create_refuses_bad_requests_with_a_reason(
    client: TestClient, body: dict[str, Any], reason: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert reason in response.json()["detail"]
    assert client.get("/api/games?status=open,running,finished").json()["games"] == []


def test_create_validates_the_body_shape(client: TestClient) -> None:
    for body in (
        {},
        {"game": "toy", "seats": [{"kind": "alien"}]},
        {"game": "toy", "seats": [{"kind": "bot", "level": "genius"}]},
        {"game": "toy", "colour": "red"},
    ):
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, body
        assert response.json()["detail"]
    assert client.post("/api/games", content=b"not json").status_code == 422


def test_server_only_options_are_not_offered(client: TestClient) -> None:
    ciub = next(g for g in client.get("/api/catalog").json()["games"] if g["name"] == "ciub")
    assert "components" not in {option["name"] for option in ciub["declared_options"]}


# ----------------------------------------------------------------------------- lobby lists
def test_list_games_by_status(client: TestClient) -> None:
    open_state, _ = create(client, seats=TWO_PEOPLE)
    running, _ = create(client, players=2)
    listed = client.get("/api/games").json()["games"]
    by_id = {game["id"]: game for game in listed}
    assert by_id[open_state["id"]]["status"] == "open"
    assert by_id[open_state["id"]]["join_urls"] == {"1": f"/games/{open_state['id']}/join/1"}
    assert by_id[running["id"]]["status"] == "running"
    only_open = client.get("/api/games?status=open").json()["games"]
    assert [game["id"] for game in only_open] == [open_state["id"]]
    assert client.get("/api/games?status=lost").status_code == 422
    summary = client.get(f"/api/games/{open_state['id']}").json()
    assert summary["id"] == open_state["id"] and "view" not in summary


def test_unknown_game_is_404_everywhere(client: TestClient) -> None:
    for method, url, body in [
        ("GET", "/api/games/nope", None),
        ("GET", "/api/games/nope/state", None),
        ("GET", "/api/games/nope/replay", None),
        ("POST", "/api/games/nope/join", {"seat": 0}),
        ("POST", "/api/games/nope/actions", {"version": 0, "action": {"id": 0}}),
        ("POST", "/api/games/nope/undo", {"version": 0}),
        ("POST", "/api/games/nope/leave", {}),
        ("GET", "/games/nope", None),
        ("GET", "/games/nope/join/0", None),
        ("GET", "/games/nope/replay", None),
    ]:
        response = client.request(method, url, json=body)
        assert response.status_code == 404, (method, url)
        if url.startswith("/api/"):
            assert response.json() == {"detail": "there is no game 'nope'"}
        else:
            assert "there is no game" in response.text


# ----------------------------------------------------------------------------- seats
def test_join_a_free_seat_once(client: TestClient) -> None:
    state, _ = create(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}])
    game_id = state["id"]
    response = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "name": "  Bea  "})
    assert response.status_code == 200
    data = response.json()
    assert data["seat"] == 1 and data["state"]["viewer"] == 1
    assert data["state"]["seats"][1]["name"] == "Bea"
    assert data["state"]["status"] == "running"  # every seat is taken now
    assert client.cookies.get(f"grimoire_seat_{game_id}") == data["token"]
    client.cookies.clear()
    again = client.post(f"/api/games/{game_id}/join", json={"seat": 1})
    assert again.status_code == 409 and "already taken" in again.json()["detail"]
    bot = client.post(f"/api/games/{game_id}/join", json={"seat": 2})
    assert bot.status_code == 409 and "bot" in bot.json()["detail"]
    missing = client.post(f"/api/games/{game_id}/join", json={"seat": 7})
    assert missing.status_code == 404


def test_an_open_game_waits_for_its_players(client: TestClient) -> None:
    state, token = create(client, seats=TWO_PEOPLE)
    action = state["actions"]
    assert state["your_turn"] is False and action == []
    response = act(client, state["id"], token or "", {"id": 13}, state["version"])
    assert response.status_code == 409
    assert "waits for players" in response.json()["detail"]


def test_a_seated_player_may_give_a_free_seat_to_a_bot(client: TestClient) -> None:
    state, token = create(client, seats=TWO_PEOPLE)
    game_id = state["id"]
    assert client.post(f"/api/games/{game_id}/seats/1/bot", json={}).status_code == 403
    response = client.post(
        f"/api/games/{game_id}/seats/1/bot", json={"level": "random"}, headers=seated(token)
    )
    assert response.status_code == 200
    assert response.json()["status"] == "running"
    assert response.json()["seats"][1]["kind"] == "bot"
    taken = client.post(f"/api/games/{game_id}/seats/0/bot", json={}, headers=seated(token))
    assert taken.status_code == 409  # seat 0 is taken (by the caller, who would use /leave)


def test_leaving_hands_the_seat_to_a_bot_that_finishes_the_game(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    response = client.post(f"/api/games/{game_id}/leave", json={}, headers=seated(token1))
    assert response.status_code == 200
    assert response.json()["viewer"] is None  # the leaver now watches
    assert state_of(client, game_id)["seats"][1]["kind"] == "bot"
    # the old token is worth nothing now
    assert state_of(client, game_id, token1)["viewer"] is None
    refused = act(client, game_id, token1, {"id": 13}, 0)
    assert refused.status_code == 403
    # seat 0 plays on; the bot answers until the game ends
    while True:
        payload = wait_until(
            lambda: state_of(client, game_id, token0),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if payload["status"] == "finished":
            break
        move = some_move(payload)
        assert act(client, game_id, token0, {"id": move["id"]}, payload["version"]).is_success
    assert payload["winners"] and payload["terminal"]


# ----------------------------------------------------------------------------- acting
def test_only_the_seat_holder_acts_for_a_seat(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    tokens = {0: token0, 1: token1}
    token, payload = to_act(client, game_id, tokens)
    me = payload["viewer"]
    other = tokens[1 - me]
    url = f"/api/games/{game_id}/actions"
    body = {"version": payload["version"], "action": {"id": 13}}
    # no token at all: 403
    assert client.post(url, json=body).status_code == 403
    # a made-up token: 403
    assert client.post(url, json=body, headers=seated("forged")).status_code == 403
    # a real token, claiming another seat: 403
    response = client.post(url, json={**body, "seat": me}, headers=seated(other))
    assert response.status_code == 403
    assert (
        response.json()["detail"] == f"you hold seat {2 - me}: you cannot act for seat {me + 1}"
    )  # from 1
    # the right seat, but not its turn: 422 with the reason
    response = client.post(url, json=body, headers=seated(other))
    assert response.status_code == 422 and "not your turn" in response.json()["detail"]
    assert state_of(client, game_id)["version"] == payload["version"]  # nothing changed
    # the seat to act: fine
    ok = client.post(url, json={**body, "seat": me}, headers=seated(token))
    assert ok.status_code == 200 and ok.json()["version"] == payload["version"] + 1


def test_illegal_and_malformed_actions_change_nothing(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    token, payload = to_act(client, game_id, {0: token0, 1: token1})
    before = payload
    url = f"/api/games/{game_id}/actions"
    version = payload["version"]
    cases = [
        ({"version": version, "action": {"id": 999}}, 422, "outside this game's action space"),
        ({"version": version, "action": {"id": -3}}, 422, "outside"),
        ({"version": version, "action": {"text": "dance"}}, 422, "cannot read 'dance'"),
        ({"version": version, "action": {}}, 422, 'an action in JSON is {"id": n}'),
        ({"version": version, "action": {"id": "1"}}, 422, None),
        ({"version": version}, 422, None),
        ({"action": {"id": 13}}, 422, None),
        ({"version": version, "action": {"id": 13}, "extra": 1}, 422, None),
    ]
    held = [card.lower() for card in payload["view"]["hand"]]
    not_held = next(name for name in ("ember", "frost", "gale", "thorn", "ivy") if name not in held)
    cases.append(
        ({"version": version, "action": {"text": f"play {not_held}"}}, 422, "is not legal now")
    )
    for body, status, reason in cases:
        response = client.post(url, json=body, headers=seated(token))
        assert response.status_code == status, (body, response.text)
        detail = response.json()["detail"]
        assert detail
        if reason:
            assert reason in detail, (body, detail)
    assert state_of(client, game_id, token) == before


def test_actions_by_text_work_too(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    token, payload = to_act(client, game_id, {0: token0, 1: token1})
    response = act(client, game_id, token, {"text": "boost"}, payload["version"])
    assert response.status_code == 200
    assert response.json()["log"][-1]["text"] == "boost"


def test_a_stale_version_gets_409_and_the_fresh_state(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    token, payload = to_act(client, game_id, {0: token0, 1: token1})
    version = payload["version"]
    first = act(client, game_id, token, {"id": 13}, version)  # boost
    assert first.status_code == 200
    second = act(client, game_id, token, {"id": 12}, version)  # draw, on the old version
    assert second.status_code == 409
    data = second.json()
    assert "version" in data["detail"]
    assert data["state"] == first.json()  # the fresh state, as the seat sees it
    assert state_of(client, game_id, token)["version"] == version + 1


def test_a_stale_action_on_the_last_move_gets_409_and_the_finished_state(
    client: TestClient,
) -> None:
    """The loser of a race on the game's last move is stale like any other: 409 with the fresh
    (finished) state, not just "the game is over"."""
    state, token0 = create(client, seats=TWO_PEOPLE, options={"rounds": 1})
    game_id = state["id"]
    token1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    client.cookies.clear()
    tokens = {0: token0 or "", 1: token1}
    token, payload = to_act(client, game_id, tokens)
    assert act(client, game_id, token, {"id": some_move(payload)["id"]}, payload["version"])
    token, payload = to_act(client, game_id, tokens)
    plays = [action for action in payload["actions"] if action["kind"] == "play"]
    last = act(client, game_id, token, {"id": plays[0]["id"]}, payload["version"])
    assert last.status_code == 200 and last.json()["status"] == "finished"
    stale = act(client, game_id, token, {"id": plays[1]["id"]}, payload["version"])
    assert stale.status_code == 409
    assert stale.json()["state"] == last.json()


def test_bots_play_their_turns_and_the_game_ends_with_scores(client: TestClient) -> None:
    state, token = create(client, players=3, options={"rounds": 2})
    game_id = state["id"]
    while True:
        payload = wait_until(
            lambda: state_of(client, game_id, token),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if payload["status"] == "finished":
            break
        assert payload["to_act"] == [0]
        move = some_move(payload)
        assert act(client, game_id, token or "", {"id": move["id"]}, payload["version"]).is_success
    assert payload["terminal"] and payload["winners"]
    assert len(payload["scores"]) == 3
    assert sum(len(p) for p in payload["view"]["played"]) == 6
    listed = client.get("/api/games?status=finished").json()["games"]
    assert listed[0]["final_scores"] == payload["scores"]
    assert listed[0]["final_winners"] == payload["winners"]
    after = act(client, game_id, token or "", {"id": 0}, payload["version"])
    assert after.status_code == 409 and "over" in after.json()["detail"]


def test_the_log_tells_each_viewer_only_what_it_may_know(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    seat0 = state_of(client, game_id, token0)
    seat1 = state_of(client, game_id, token1)
    spectator = state_of(client, game_id)
    assert len(seat0["log"]) == len(seat1["log"]) == len(spectator["log"]) == 4  # the deal
    dealt_to_0 = [entry["text"] for entry in seat0["log"][:2]]
    assert all(text.startswith("you are dealt ") for text in dealt_to_0)
    assert [entry["text"] for entry in seat1["log"][:2]] == ["seat 1 is dealt a card"] * 2
    assert [entry["text"] for entry in spectator["log"]] == [  # seats counted from 1
        "seat 1 is dealt a card",
        "seat 1 is dealt a card",
        "seat 2 is dealt a card",
        "seat 2 is dealt a card",
    ]
    assert all(entry["actor"] == "chance" for entry in spectator["log"])


# ----------------------------------------------------------------------------- undo
def test_undo_takes_back_own_actions_within_the_turn(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    tokens = {0: token0, 1: token1}
    token, payload = to_act(client, game_id, tokens)
    start = payload
    assert payload["can_undo"] is False
    boosted = act(client, game_id, token, {"id": 13}, payload["version"]).json()
    assert boosted["can_undo"] is True and boosted["view"]["boosted"] is True
    # another seat cannot undo it, and a spectator has no seat at all
    other = tokens[1 - payload["viewer"]]
    refused = client.post(
        f"/api/games/{game_id}/undo", json={"version": boosted["version"]}, headers=seated(other)
    )
    assert refused.status_code == 422 and "your own turn" in refused.json()["detail"]
    anonymous = client.post(f"/api/games/{game_id}/undo", json={"version": boosted["version"]})
    assert anonymous.status_code == 403
    # a stale undo is a 409 with the fresh state
    stale = client.post(
        f"/api/games/{game_id}/undo", json={"version": start["version"]}, headers=seated(token)
    )
    assert stale.status_code == 409 and stale.json()["state"]["version"] == boosted["version"]
    undone = client.post(
        f"/api/games/{game_id}/undo", json={"version": boosted["version"]}, headers=seated(token)
    )
    assert undone.status_code == 200
    back = undone.json()
    assert back["version"] == boosted["version"] + 1  # versions only grow
    assert back["view"] == start["view"] and back["log"] == start["log"]
    assert back["actions"] == start["actions"] and back["can_undo"] is False
    again = client.post(
        f"/api/games/{game_id}/undo", json={"version": back["version"]}, headers=seated(token)
    )
    assert again.status_code == 422 and "nothing to take back" in again.json()["detail"]


def test_undo_never_crosses_chance_or_a_turn_change(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    tokens = {0: token0, 1: token1}
    token, payload = to_act(client, game_id, tokens)
    boosted = act(client, game_id, token, {"id": 13}, payload["version"]).json()
    drawn = act(client, game_id, token, {"id": 12}, boosted["version"]).json()  # chance follows
    assert drawn["log"][-1]["actor"] == "chance"
    assert drawn["can_undo"] is False
    response = client.post(
        f"/api/games/{game_id}/undo", json={"version": drawn["version"]}, headers=seated(token)
    )
    assert response.status_code == 422
    assert "something random happened" in response.json()["detail"]
    play = first_action(drawn, kind="play")
    played = act(client, game_id, token, {"id": play["id"]}, drawn["version"]).json()
    assert played["your_turn"] is False and played["can_undo"] is False
    response = client.post(
        f"/api/games/{game_id}/undo", json={"version": played["version"]}, headers=seated(token)
    )
    assert response.status_code == 422


def test_several_own_actions_can_be_taken_back_one_by_one(client: TestClient) -> None:
    """Undo goes back through a run of the same seat's actions (Toy: boost, then play would end
    the turn, so the run here is a single boost; Ciúb's tests cover longer runs)."""
    game_id, token0, token1 = two_player_game(client)
    token, payload = to_act(client, game_id, {0: token0, 1: token1})
    boosted = act(client, game_id, token, {"id": 13}, payload["version"]).json()
    back = client.post(
        f"/api/games/{game_id}/undo", json={"version": boosted["version"]}, headers=seated(token)
    ).json()
    boosted_again = act(client, game_id, token, {"id": 13}, back["version"]).json()
    assert boosted_again["view"] == boosted["view"]
    assert boosted_again["version"] == boosted["version"] + 2


# ----------------------------------------------------------------------------- replay
def test_replay_steps_through_the_whole_game(client: TestClient) -> None:
    state, token = create(client, players=2, options={"rounds": 1})
    game_id = state["id"]
    payload = wait_until(lambda: state_of(client, game_id, token), lambda p: p["your_turn"])
    play = first_action(payload, kind="play")
    act(client, game_id, token or "", {"id": play["id"]}, payload["version"])
    final = wait_until(
        lambda: state_of(client, game_id, token), lambda p: p["status"] == "finished"
    )
    headers = seated(token)
    first = client.get(f"/api/games/{game_id}/replay?step=0", headers=headers).json()
    steps = first["steps"]
    assert steps == final["log_length"] >= 5
    assert first["view"]["step"] == 0 and first["log"] == []
    assert first["view"]["hand"] == []
    frames = [
        client.get(f"/api/games/{game_id}/replay?step={n}", headers=headers).json()
        for n in range(steps + 1)
    ]
    assert [frame["view"]["step"] for frame in frames] == list(range(steps + 1))
    assert frames[-1]["view"] == final["view"]
    assert frames[-1]["log"] == final["log"]
    assert frames[2]["view"]["hand_sizes"][0] == 2  # after the first two deals
    bad = client.get(f"/api/games/{game_id}/replay?step={steps + 1}")
    assert bad.status_code == 422 and f"0..{steps}" in bad.json()["detail"]
    assert client.get(f"/api/games/{game_id}/replay?step=-1").status_code == 422


# ----------------------------------------------------------------------------- websocket
def test_websocket_pushes_each_seat_its_own_view_on_every_change(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    tokens = {0: token0, 1: token1}
    token, payload = to_act(client, game_id, tokens)
    me = payload["viewer"]
    other = tokens[1 - me]
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws", headers=seated(other)) as ws_other,
        client.websocket_connect(f"/api/games/{game_id}/ws") as ws_spectator,
    ):
        hello = ws_other.receive_json()
        assert hello["viewer"] == 1 - me and hello["version"] == payload["version"]
        assert ws_spectator.receive_json()["viewer"] is None
        act(client, game_id, token, {"id": 13}, payload["version"])
        pushed = ws_other.receive_json()
        assert pushed["version"] == payload["version"] + 1
        assert pushed == state_of(client, game_id, other)
        assert ws_spectator.receive_json() == state_of(client, game_id)


def test_websocket_for_an_unknown_game_is_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/api/games/nope/ws") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4404


# ----------------------------------------------------------------------------- pages, docs
def test_pages_render(client: TestClient) -> None:
    state, _ = create(client, seats=TWO_PEOPLE)
    game_id = state["id"]
    lobby = client.get("/")
    assert lobby.status_code == 200 and "New game" in lobby.text
    page = client.get(f"/games/{game_id}")
    assert page.status_code == 200 and f'data-game="{game_id}"' in page.text
    join = client.get(f"/games/{game_id}/join/1")
    assert join.status_code == 200 and "Take seat 2" in join.text
    assert client.get(f"/games/{game_id}/join/9").status_code == 404
    assert client.get(f"/games/{game_id}/replay").status_code == 200
    for asset in ("app.css", "common.js", "game.js", "lobby.js", "replay.js", "join.js"):
        assert client.get(f"/static/{asset}").status_code == 200, asset


def test_openapi_documents_every_http_endpoint(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path, method in [
        ("/api/catalog", "get"),
        ("/api/games", "post"),
        ("/api/games", "get"),
        ("/api/games/{game_id}", "get"),
        ("/api/games/{game_id}/join", "post"),
        ("/api/games/{game_id}/leave", "post"),
        ("/api/games/{game_id}/seats/{seat}/bot", "post"),
        ("/api/games/{game_id}/state", "get"),
        ("/api/games/{game_id}/actions", "post"),
        ("/api/games/{game_id}/undo", "post"),
        ("/api/games/{game_id}/replay", "get"),
        ("/api/games/{game_id}/rejoin", "post"),
        ("/api/games/{game_id}/pause", "post"),
        ("/api/games/{game_id}/resume", "post"),
        ("/api/games/{game_id}/svg", "get"),
    ]:
        assert method in paths[path], (path, method)
        assert paths[path][method]["summary"]
    assert "409" in paths["/api/games/{game_id}/actions"]["post"]["responses"]
    assert client.get("/docs").status_code == 200


def test_game_assets_are_served_only_from_the_games_web_directory(client: TestClient) -> None:
    ciub = client.get("/assets/games/ciub/render.js")
    assert ciub.status_code == 200
    assert ciub.headers["content-type"].startswith("text/javascript")
    for bad in (
        "/assets/games/ciub/../__init__.py",
        "/assets/games/ciub/%2e%2e/__init__.py",
        "/assets/games/ciub/nothing.js",
        "/assets/games/ciub/__init__.py",
        "/assets/games/toy/render.js",
        "/assets/games/nope/render.js",
    ):
        assert client.get(bad).status_code == 404, bad


def test_idle_games_leave_memory_and_come_back_unchanged(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from grimoire.web import hub as hubs

    monkeypatch.setattr(hubs, "MAX_ROOMS", 2)
    made = [create(client, seats=TWO_PEOPLE) for _ in range(5)]
    hub = hub_of(client)
    assert len(hub.rooms) <= 3
    for state, token in made:
        again = state_of(client, state["id"], token)
        assert again["view"] == state["view"] and again["version"] == state["version"]
        assert again["viewer"] == 0  # the seat token still works after a reload from the DB
    assert len(hub.rooms) <= 3


def test_replay_checkpoints_survive_an_undo(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from grimoire.web import replay

    monkeypatch.setattr(replay, "REPLAY_EVERY", 2)
    game_id, token0, token1 = two_player_game(client)
    token, payload = to_act(client, game_id, {0: token0, 1: token1})
    boosted = act(client, game_id, token, {"text": "boost"}, payload["version"]).json()
    steps = boosted["log_length"]
    url = f"/api/games/{game_id}/replay?step={steps}"
    assert client.get(url, headers=seated(token)).json()["view"] == boosted["view"]
    back = client.post(
        f"/api/games/{game_id}/undo", json={"version": boosted["version"]}, headers=seated(token)
    ).json()
    drawn = act(client, game_id, token, {"text": "draw"}, back["version"]).json()
    for step in range(drawn["log_length"] + 1):
        frame = client.get(f"/api/games/{game_id}/replay?step={step}", headers=seated(token))
        assert frame.json()["view"]["step"] == step
    assert frame.json()["view"] == drawn["view"]
    assert frame.json()["log"] == drawn["log"]


def test_websocket_from_another_site_is_refused(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    state, _ = create(client, seats=TWO_PEOPLE)
    url = f"/api/games/{state['id']}/ws"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url, headers={"Origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["id"] == state["id"]


def test_a_game_can_bring_its_own_page_renderer(client: TestClient, tmp_path: Path) -> None:
    """The hook: ``web_assets()`` on the Game class (or a ``web/`` directory in its package)."""
    from web_toygame import DrawnToyGame

    from grimoire.web import assets

    (tmp_path / "render.js").write_text("export function render(root) {}\n")
    (tmp_path / "render.css").write_text(".x {}\n")
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "ember.svg").write_text("<svg/>")
    (tmp_path / "notes.txt").write_text("not an asset type")
    DrawnToyGame.assets = str(tmp_path)
    assets.asset_dir.cache_clear()
    assets._renderer_urls.cache_clear()
    try:
        state, _ = create(client, game="toy-drawn", players=2)
        assert state["renderer"] == "/assets/games/toy-drawn/render.js"
        assert state["stylesheet"] == "/assets/games/toy-drawn/render.css"
        script = client.get(state["renderer"])
        assert script.status_code == 200 and "export function render" in script.text
        assert client.get("/assets/games/toy-drawn/cards/ember.svg").status_code == 200
        assert client.get("/assets/games/toy-drawn/notes.txt").status_code == 404
        plain, _ = create(client, game="toy-plain", players=2)
        assert plain["renderer"] is None and plain["svg"] is None  # the generic page
    finally:
        DrawnToyGame.assets = None
        assets.asset_dir.cache_clear()
        assets._renderer_urls.cache_clear()


def test_a_lone_surrogate_in_a_request_gets_a_422_not_a_500(client: Any) -> None:
    """Malformed input gets a 4xx with a reason, even when the reason quotes the bad text."""
    body = (
        '{"game": "ciub", "players": 2, "seats": '
        '[{"kind": "human", "name": "\\ud800"}, {"kind": "bot", "level": "random"}]}'
    )
    response = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert response.json()["detail"]


def test_a_bot_seat_plays_the_games_default_level(client: TestClient) -> None:
    """The web toy ships no heuristic: a bot seat without a level plays ``easy`` (a small
    search, under its own name), and ``heuristic`` is refused when the table is made."""
    state, _ = create(client, seats=[{"kind": "person"}, {"kind": "bot"}])
    assert [seat["level"] for seat in state["seats"]] == [None, "easy"]
    refused = client.post(
        "/api/games",
        json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "bot", "level": "heuristic"}]},
    )
    assert refused.status_code == 422 and "ships no heuristic bot" in refused.text
