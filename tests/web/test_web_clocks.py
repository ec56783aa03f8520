"""Clocks in the web app: real time (per move plus a reserve) and turn-based, chosen when the
table is created; a clock that runs out lets the others hand the seat to a bot, and after the
grace the server does it by itself; pause and resume; clocks survive a restart.

Time is a ``FakeTime`` the tests move by hand, and the clock watcher's tick is an hour of real
time, so nothing here waits or measures a duration: each test calls ``Hub.check_clocks`` (what
the watcher runs) after moving time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_web_api import TWO_PEOPLE, act, create, seated, some_move, state_of
from web_helpers import FakeTime, hub_of, portal_call, wait_until

from grimoire.web import create_app
from grimoire.web.limits import Limits

REALTIME = {"kind": "realtime", "move_seconds": 10, "reserve_seconds": 20, "grace_seconds": 100}
TURN = {"kind": "turn", "move_seconds": 3600, "grace_seconds": 7200}


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


def timed_app(url: str, clock: FakeTime) -> TestClient:
    return TestClient(create_app(url, bot_delay=0, now=clock, limits=Limits(clock_tick=3600)))


@pytest.fixture
def timed(database_url: str, clock: FakeTime) -> Iterator[TestClient]:
    with timed_app(database_url, clock) as client:
        yield client


def check_clocks(client: TestClient) -> None:
    """What the watcher does every tick."""
    portal_call(client, hub_of(client).check_clocks)


def two_people(client: TestClient, clock: dict[str, Any]) -> tuple[str, dict[int, str]]:
    state, token0 = create(client, seats=TWO_PEOPLE, name="Ann", clock=clock)
    joined = client.post(f"/api/games/{state['id']}/join", json={"seat": 1, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    assert token0
    return state["id"], {0: token0, 1: joined.json()["token"]}


def seat_clock(client: TestClient, game_id: str, seat: int) -> dict[str, Any]:
    clocks: dict[str, Any] = state_of(client, game_id)["clock"]
    return dict(clocks["seats"][seat])


def play_a_card(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    """A card played (or drawn, with no card in hand)."""
    payload = state_of(client, game_id, token)
    response = act(client, game_id, token, {"id": some_move(payload)["id"]}, payload["version"])
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def hand_over(client: TestClient, game_id: str, seat: int, token: str | None) -> Any:
    headers = seated(token) if token else None
    return client.post(f"/api/games/{game_id}/seats/{seat}/bot", json={}, headers=headers)


# ----------------------------------------------------------------------------- spending time
def test_a_quick_move_keeps_the_reserve_and_a_slow_one_spends_it(
    timed: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(timed, REALTIME)
    start = state_of(timed, game_id)
    assert start["clock"]["kind"] == "realtime" and start["to_act"] == [0]
    first = start["clock"]["seats"][0]
    assert first["running"] and first["left"] == 30 and first["deadline"] == clock.now + 30
    assert first["bot_at"] == clock.now + 130
    assert not start["clock"]["seats"][1]["running"]
    # a multi-step turn is one move: boost, then play, 8 seconds in all
    clock.advance(4)
    boosted = act(timed, game_id, tokens[0], {"id": 13}, start["version"])
    assert boosted.status_code == 200
    clock.advance(4)
    play_a_card(timed, game_id, tokens[0])
    assert seat_clock(timed, game_id, 0) == {
        "active": False,
        "running": False,
        "left": 30,
        "reserve": 20,
        "ran_out": False,
        "deadline": None,
        "bot_at": None,
    }
    # seat 1 takes 25 seconds: 15 beyond its move come off its reserve
    assert seat_clock(timed, game_id, 1)["running"]
    clock.advance(25)
    play_a_card(timed, game_id, tokens[1])
    assert seat_clock(timed, game_id, 1)["reserve"] == 5
    assert seat_clock(timed, game_id, 1)["left"] == 15
    assert seat_clock(timed, game_id, 0)["running"]
    summary = timed.get(f"/api/games/{game_id}").json()
    assert summary["clock"] == {**REALTIME, "paused": False}


def test_bad_time_controls_are_refused(timed: TestClient) -> None:
    for clock_spec in (
        {"kind": "realtime", "move_seconds": 0},
        {"kind": "turn", "move_seconds": 30},  # turn-based: a minute at least
        {"kind": "realtime", "move_seconds": 10, "reserve_seconds": -1},
        {"kind": "turn", "move_seconds": 3600, "grace_seconds": 10**9},
        {"kind": "blitz", "move_seconds": 10},
    ):
        response = timed.post(
            "/api/games", json={"game": "toy", "seats": TWO_PEOPLE, "clock": clock_spec}
        )
        assert response.status_code == 422, (clock_spec, response.text)
    assert timed.get("/api/games").json()["games"] == []


def test_bots_have_no_clock(timed: TestClient) -> None:
    state, _ = create(timed, seats=[{"kind": "bot"}, {"kind": "bot"}], join_seat=None, clock=TURN)
    final = wait_until(lambda: state_of(timed, state["id"]), lambda s: s["status"] == "finished")
    assert not any(seat["active"] or seat["running"] for seat in final["clock"]["seats"])


# ----------------------------------------------------------------------------- running out
def test_when_a_clock_runs_out_the_others_may_give_the_seat_to_a_bot(
    timed: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(timed, REALTIME)
    # not before the clock has run out, and never a spectator
    assert hand_over(timed, game_id, 0, tokens[1]).status_code == 409
    clock.advance(29)
    check_clocks(timed)
    assert not seat_clock(timed, game_id, 0)["ran_out"]
    assert hand_over(timed, game_id, 0, tokens[1]).status_code == 409
    clock.advance(1)
    check_clocks(timed)
    seen = state_of(timed, game_id, tokens[1])
    assert seen["clock"]["seats"][0]["ran_out"] and seen["clock"]["seats"][0]["left"] == 0
    assert [(e["kind"], e["seat"]) for e in seen["events"]] == [("ran_out", 0)]
    check_clocks(timed)  # told once
    assert len(state_of(timed, game_id)["events"]) == 1
    assert hand_over(timed, game_id, 0, None).status_code == 403
    # the late player may still move until someone hands the seat over; here Bea does
    given = hand_over(timed, game_id, 0, tokens[1])
    assert given.status_code == 200, given.text
    payload = given.json()
    assert payload["seats"][0]["kind"] == "bot" and payload["seats"][0]["name"] == "Ann (bot)"
    assert payload["events"][-1] | {"version": 0, "after": 0} == {
        "version": 0,
        "after": 0,
        "kind": "bot",
        "seat": 0,
        "by": 1,
        "text": None,
        "detail": "ran_out",
    }
    assert state_of(timed, game_id, tokens[0])["viewer"] is None  # Ann's link is spent
    # the bot plays seat 0 and the game goes on to its end
    while True:
        seen = wait_until(
            lambda: state_of(timed, game_id, tokens[1]),
            lambda p: p["your_turn"] or p["status"] == "finished",
        )
        if seen["status"] == "finished":
            break
        play_a_card(timed, game_id, tokens[1])
    assert seen["winners"]


def test_after_the_grace_bots_take_the_seats_and_finish_the_game(
    timed: TestClient, clock: FakeTime
) -> None:
    """Turn-based: nobody moves. Each clock runs out, a bot takes each seat after the grace
    (also for a game the server had dropped from memory), and the bots finish the game."""
    game_id, tokens = two_people(timed, TURN)
    hub = hub_of(timed)
    clock.advance(3600)
    check_clocks(timed)
    assert seat_clock(timed, game_id, 0)["ran_out"]
    assert state_of(timed, game_id)["seats"][0]["kind"] == "person"
    clock.advance(7199)
    check_clocks(timed)
    assert state_of(timed, game_id)["seats"][0]["kind"] == "person"
    clock.advance(1)
    hub.forget(game_id)  # the watcher finds due games in the database, live or not
    check_clocks(timed)
    seen = wait_until(lambda: state_of(timed, game_id), lambda s: s["to_act"] == [1])
    assert seen["seats"][0]["kind"] == "bot"
    bot_event = next(e for e in seen["events"] if e["kind"] == "bot")
    assert bot_event["by"] is None and bot_event["detail"] == "ran_out"
    assert seen["clock"]["seats"][1]["running"]
    clock.advance(3600 + 7200)
    check_clocks(timed)
    final = wait_until(lambda: state_of(timed, game_id), lambda s: s["status"] == "finished")
    assert [seat["kind"] for seat in final["seats"]] == ["bot", "bot"]
    assert final["winners"]
    assert state_of(timed, game_id, tokens[1])["viewer"] is None


def test_simultaneous_choices_run_every_deciding_seat_s_clock(
    timed: TestClient, clock: FakeTime
) -> None:
    state, token0 = create(
        timed,
        game="toy_duel",
        seats=TWO_PEOPLE,
        options={"hand": 3},
        clock={"kind": "realtime", "move_seconds": 10, "reserve_seconds": 0},
    )
    game_id = state["id"]
    joined = timed.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()
    timed.cookies.clear()
    assert token0
    payload = state_of(timed, game_id, token0)
    assert payload["simultaneous"] and set(payload["to_act"]) == {0, 1}
    assert [seat["running"] for seat in payload["clock"]["seats"]] == [True, True]
    clock.advance(4)
    choice = payload["actions"][0]
    assert act(timed, game_id, token0, {"id": choice["id"]}, payload["version"]).is_success
    clocks = state_of(timed, game_id)["clock"]["seats"]
    assert [seat["running"] for seat in clocks] == [False, True]
    clock.advance(6)
    check_clocks(timed)
    seen = state_of(timed, game_id, joined["token"])
    assert seen["clock"]["seats"][1]["ran_out"] and not seen["clock"]["seats"][0]["ran_out"]


# ----------------------------------------------------------------------------- pause
def test_a_pause_stops_the_clocks_and_the_game_until_someone_resumes(
    timed: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(timed, REALTIME)
    clock.advance(5)
    assert timed.post(f"/api/games/{game_id}/pause").status_code == 403  # spectators cannot
    paused = timed.post(f"/api/games/{game_id}/pause", headers=seated(tokens[1]))
    assert paused.status_code == 200, paused.text
    doc = paused.json()
    assert doc["clock"]["paused"] and doc["clock"]["paused_by"] == 1
    assert doc["clock"]["seats"][0] | {"left": 25, "running": False} == doc["clock"]["seats"][0]
    assert doc["events"][-1]["kind"] == "pause" and doc["events"][-1]["by"] == 1
    twice = timed.post(f"/api/games/{game_id}/pause", headers=seated(tokens[0]))
    assert twice.status_code == 409
    # nothing moves while paused: no action, no clock running out
    payload = state_of(timed, game_id, tokens[0])
    assert payload["your_turn"]
    card = next(a for a in payload["actions"] if a["kind"] == "play")
    refused = act(timed, game_id, tokens[0], {"id": card["id"]}, payload["version"])
    assert refused.status_code == 409 and "paused" in refused.json()["detail"]
    clock.advance(10_000)
    check_clocks(timed)
    assert seat_clock(timed, game_id, 0)["left"] == 25
    resumed = timed.post(f"/api/games/{game_id}/resume", headers=seated(tokens[0]))
    assert resumed.status_code == 200
    running = resumed.json()["clock"]["seats"][0]
    assert running["running"] and running["deadline"] == clock.now + 25
    assert timed.post(f"/api/games/{game_id}/resume", headers=seated(tokens[0])).status_code == 409
    assert play_a_card(timed, game_id, tokens[0])["version"] > payload["version"]


def test_a_table_without_a_clock_cannot_be_paused(timed: TestClient) -> None:
    state, token = create(timed)
    response = timed.post(f"/api/games/{state['id']}/pause", headers=seated(token))
    assert response.status_code == 409 and "no clock" in response.json()["detail"]
    assert state["clock"] is None


# ----------------------------------------------------------------------------- restarts
def test_clocks_survive_a_restart(any_database_url: str, clock: FakeTime) -> None:
    with timed_app(any_database_url, clock) as client:
        game_id, tokens = two_people(client, REALTIME)
        clock.advance(5)
        paused = client.post(f"/api/games/{game_id}/pause", headers=seated(tokens[0]))
        assert paused.status_code == 200
        clock.advance(100)
        before = state_of(client, game_id)["clock"]
    with timed_app(any_database_url, clock) as client:
        after = state_of(client, game_id)["clock"]
        assert after == before and after["paused"]
        assert client.post(f"/api/games/{game_id}/resume", headers=seated(tokens[1])).is_success
        clock.advance(20)
        play_a_card(client, game_id, tokens[0])  # 25 s in all: 15 from the reserve
        assert seat_clock(client, game_id, 0)["reserve"] == 5
        clock.advance(5)
    with timed_app(any_database_url, clock) as client:
        seat1 = seat_clock(client, game_id, 1)
        assert seat1["running"] and seat1["deadline"] == clock.now + 25
        clock.advance(25)
        check_clocks(client)
        assert seat_clock(client, game_id, 1)["ran_out"]
        assert hand_over(client, game_id, 1, tokens[0]).status_code == 200
