"""The absence rule (issue 25): no table freezes when someone closes their browser, clock or not,
and a person whose seat went to a bot takes it back with their rejoin link or cookie, between
the bot's turns.

Time is a ``FakeTime`` moved by hand and the absence limits are short (60 s for the others,
180 s for the server); the watcher's tick is an hour of real time, so each test calls
``Hub.check_absences`` (what the watcher runs: who is connected, and the server's hand-overs)
itself. Bots wait an hour of real time before moving: a test moves them by hand
(``bot_moves``), so it knows whether a bot is in the middle of a turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_web_api import TWO_PEOPLE, act, create, seated, state_of
from web_helpers import FakeTime, hub_of, portal_call, wait_until

from grimoire.bots import make_bot
from grimoire.core.state import State
from grimoire.web import create_app, seat_bots
from grimoire.web.absence import AbsenceRule
from grimoire.web.hub import Hub
from grimoire.web.limits import Limits
from grimoire.web.rooms import Room

OTHERS, SERVER = 60.0, 180.0
BOOST = 13  # Toy's boost: the first step of a turn that goes on


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


def app_for(url: str, clock: FakeTime) -> TestClient:
    limits = Limits(clock_tick=3600)
    return TestClient(create_app(url, bot_delay=3600, now=clock, limits=limits))


@pytest.fixture
def client(database_url: str, clock: FakeTime) -> Iterator[TestClient]:
    with app_for(database_url, clock) as test_client:
        hub(test_client).absence = AbsenceRule(OTHERS, SERVER)
        yield test_client


def hub(client: TestClient) -> Hub:
    return hub_of(client)


def room(client: TestClient, game_id: str) -> Room:
    return hub(client).rooms[game_id]


def check(client: TestClient) -> None:
    """What the watcher does every tick."""
    portal_call(client, hub(client).check_absences)


def bot_moves(client: TestClient, game_id: str, seat: int) -> None:
    """The bot of ``seat`` plays one action now (as its task does after its delay)."""
    table = room(client, game_id)

    async def move() -> None:
        async with table.lock:
            await table.bots._move(seat)

    portal_call(client, move)


def two_people(client: TestClient, **body: Any) -> tuple[str, dict[int, str]]:
    """Ann (seat 0, to act first) and Bea at a Toy table."""
    state, token0 = create(client, seats=TWO_PEOPLE, name="Ann", **body)
    joined = client.post(f"/api/games/{state['id']}/join", json={"seat": 1, "name": "Bea"})
    assert joined.status_code == 200, joined.text
    client.cookies.clear()
    assert token0
    game_id = state["id"]
    assert state_of(client, game_id)["to_act"] == [0]
    return game_id, {0: token0, 1: joined.json()["token"]}


def hand_over(client: TestClient, game_id: str, seat: int, token: str | None) -> Any:
    headers = seated(token) if token else None
    return client.post(f"/api/games/{game_id}/seats/{seat}/bot", json={}, headers=headers)


def rejoin(client: TestClient, game_id: str, token: str) -> Any:
    response = client.post(f"/api/games/{game_id}/rejoin", headers=seated(token))
    client.cookies.clear()
    return response


def absence(client: TestClient, game_id: str, seat: int) -> dict[str, Any]:
    return dict(state_of(client, game_id)["absence"]["seats"][seat])


# ----------------------------------------------------------------------------- away
def test_a_table_without_a_clock_lets_the_others_give_an_away_seat_to_a_bot(
    client: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(client)
    start = state_of(client, game_id)
    assert start["clock"] is None
    assert start["absence"]["others_after_seconds"] == OTHERS
    assert start["absence"]["server_after_seconds"] == SERVER
    assert start["absence"]["seats"][0] == {
        "present": False,
        "away_since": clock.now,
        "handable": False,
        "held": False,
        "returning": False,
    }
    clock.advance(OTHERS - 1)
    check(client)
    early = hand_over(client, game_id, 0, tokens[1])
    assert early.status_code == 409 and "away long enough" in early.json()["detail"]
    clock.advance(1)
    check(client)  # the watcher tells everyone that the others may now
    assert absence(client, game_id, 0)["handable"] is True
    assert hand_over(client, game_id, 0, None).status_code == 403  # spectators never
    given = hand_over(client, game_id, 0, tokens[1])
    assert given.status_code == 200, given.text
    payload = given.json()
    assert payload["seats"][0] == {
        "seat": 0,
        "name": "Ann (bot)",
        "kind": "bot",
        "level": "easy",  # the game's default: Toy has no heuristic
        "taken": True,
    }
    assert payload["absence"]["seats"][0]["held"] is True
    event = payload["events"][-1]
    assert (event["kind"], event["seat"], event["by"], event["detail"]) == ("bot", 0, 1, "away")
    # the bot plays the seat: the table goes on
    bot_moves(client, game_id, 0)
    assert state_of(client, game_id)["version"] > start["version"]


def test_an_open_page_or_an_action_keeps_the_seat(client: TestClient, clock: FakeTime) -> None:
    game_id, tokens = two_people(client)
    headers = seated(tokens[0])
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=headers) as ws:
        assert ws.receive_json()["absence"]["seats"][0]["present"] is True
        clock.advance(10 * SERVER)
        check(client)
        assert hand_over(client, game_id, 0, tokens[1]).status_code == 409
        assert state_of(client, game_id)["seats"][0]["kind"] == "person"

    # the page closed: away from the last look that saw it (the watcher looks every tick)
    def checked_absence() -> dict[str, Any]:
        check(client)
        return absence(client, game_id, 0)

    wait_until(checked_absence, lambda a: not a["present"])
    assert absence(client, game_id, 0)["away_since"] == clock.now
    clock.advance(OTHERS - 10)
    payload = state_of(client, game_id, tokens[0])
    boosted = act(client, game_id, tokens[0], {"id": BOOST}, payload["version"])
    assert boosted.status_code == 200  # acting is being here too
    clock.advance(OTHERS - 1)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 409
    clock.advance(1)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 200


def test_the_server_gives_an_away_seat_to_a_bot_when_someone_waits(
    client: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(client)
    # Bea's page is open: she waits for Ann, who is gone
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=seated(tokens[1])) as ws:
        ws.receive_json()
        clock.advance(SERVER - 1)
        check(client)
        assert state_of(client, game_id)["seats"][0]["kind"] == "person"
        clock.advance(1)
        check(client)
        seen = state_of(client, game_id, tokens[1])
    assert seen["seats"][0]["kind"] == "bot" and seen["absence"]["seats"][0]["held"]
    event = seen["events"][-1]
    assert (event["kind"], event["seat"], event["by"], event["detail"]) == ("bot", 0, None, "away")
    # Bea is away now too, but her seat is not to act: nobody waits for her
    clock.advance(10 * SERVER)
    check(client)
    assert state_of(client, game_id)["seats"][1]["kind"] == "person"


def test_a_table_whose_people_are_all_gone_is_left_as_it_is(
    client: TestClient, clock: FakeTime
) -> None:
    """Both people gone at once (docs/web-api.md, Absence): nobody waits, so no seat goes to a
    bot however long they stay away; once Bea is back, Ann's seat goes after the limit."""
    game_id, tokens = two_people(client)
    clock.advance(10 * SERVER)
    check(client)
    assert [seat["kind"] for seat in state_of(client, game_id)["seats"]] == ["person"] * 2
    with client.websocket_connect(f"/api/games/{game_id}/ws", headers=seated(tokens[1])) as ws:
        ws.receive_json()
        check(client)  # Bea is here again: the table waits for Ann, away for long
        assert state_of(client, game_id)["seats"][0]["kind"] == "bot"
        assert state_of(client, game_id)["seats"][1]["kind"] == "person"


def test_nobody_waits_for_a_person_playing_bots_alone(client: TestClient, clock: FakeTime) -> None:
    state, _token = create(client, name="Ann")
    clock.advance(100 * SERVER)
    check(client)
    assert state_of(client, state["id"])["seats"][0]["kind"] == "person"


def test_a_clocked_table_keeps_the_rule_and_a_turn_based_one_goes_by_its_clock(
    client: TestClient, clock: FakeTime
) -> None:
    # real time: a long move, but an away seat goes to a bot after the absence limit
    realtime = {"kind": "realtime", "move_seconds": 1800, "reserve_seconds": 0}
    game_id, tokens = two_people(client, clock=realtime)
    clock.advance(OTHERS)
    check(client)
    assert not state_of(client, game_id)["clock"]["seats"][0]["ran_out"]
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 200
    # turn-based: being away is how one plays; the clock is the rule
    turn = {"kind": "turn", "move_seconds": 3600, "grace_seconds": 3600}
    game_id, tokens = two_people(client, clock=turn)
    seen = state_of(client, game_id)["absence"]
    assert seen["others_after_seconds"] is None and seen["seats"][0]["away_since"] is None
    clock.advance(3599)
    check(client)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 409
    assert state_of(client, game_id)["seats"][0]["kind"] == "person"


def test_the_catalog_states_the_absence_rule(client: TestClient) -> None:
    doc = client.get("/api/catalog").json()["absence"]
    assert doc == {"others_after_seconds": OTHERS, "server_after_seconds": SERVER}


def test_the_limits_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRIMOIRE_AWAY_OTHERS_AFTER", "30")
    monkeypatch.setenv("GRIMOIRE_AWAY_SERVER_AFTER", "90")
    assert AbsenceRule.from_env() == AbsenceRule(30.0, 90.0)
    for others, server in ((100.0, 50.0), (0.0, 60.0)):
        with pytest.raises(ValueError):
            AbsenceRule(others, server)


# ----------------------------------------------------------------------------- taking it back
def test_the_cookie_takes_a_seat_back_at_once_between_turns(
    client: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(client)
    spectator = state_of(client, game_id)
    clock.advance(OTHERS)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 200
    # while the bot holds the seat, Ann's cookie shows her what a spectator sees, nothing more
    cookie = {"Cookie": f"grimoire_seat_{game_id}={tokens[0]}"}
    held = client.get(f"/api/games/{game_id}/state", headers=cookie).json()
    assert held["viewer"] is None and held["view"] == spectator["view"]
    # the bot has not moved: the seat is between turns, so it is hers again at once
    back = client.post(f"/api/games/{game_id}/reclaim", headers=cookie)
    assert back.status_code == 200, back.text
    doc = back.json()
    assert doc["seat"] == 0 and doc["returning"] is False and doc["state"]["viewer"] == 0
    mine = state_of(client, game_id, tokens[0])
    assert mine["seats"][0] == {
        "seat": 0,
        "name": "Ann",
        "kind": "person",
        "level": None,
        "taken": True,
    }
    assert mine["your_turn"] and mine["absence"]["seats"][0]["held"] is False
    assert mine["view"] == room(client, game_id).state.view(0)  # her seat's view again
    event = mine["events"][-1]
    assert (event["kind"], event["seat"], event["by"]) == ("back", 0, 0)
    # a token that never held the seat takes nothing; the seat is no longer held for anyone
    assert (
        client.post(f"/api/games/{game_id}/reclaim", headers=seated(tokens[1])).json()["seat"] == 1
    )
    forged = client.post(f"/api/games/{game_id}/reclaim", headers=seated("forged"))
    assert forged.status_code == 403


def test_the_rejoin_link_takes_a_seat_back_when_the_bot_s_turn_is_over(
    client: TestClient, clock: FakeTime
) -> None:
    game_id, tokens = two_people(client)
    # Ann starts her turn (a boost: her turn goes on), then her page is gone
    start = state_of(client, game_id, tokens[0])
    assert act(client, game_id, tokens[0], {"id": BOOST}, start["version"]).status_code == 200
    clock.advance(OTHERS)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 200
    # her rejoin link: the bot is in the middle of her turn, so she gets the seat after it
    asked = rejoin(client, game_id, tokens[0])
    assert asked.status_code == 200, asked.text
    assert asked.json()["returning"] is True and asked.json()["state"]["viewer"] is None
    held = state_of(client, game_id, tokens[0])
    assert held["viewer"] is None and held["seats"][0]["kind"] == "bot"
    assert held["absence"]["seats"][0] == {
        "present": False,
        "away_since": None,
        "handable": False,
        "held": True,
        "returning": True,
    }
    table = room(client, game_id)
    while state_of(client, game_id)["seats"][0]["kind"] == "bot":
        assert 0 in state_of(client, game_id)["to_act"]  # the bot finishes the turn itself
        before = len(table.state.history)
        bot_moves(client, game_id, 0)
        assert len(table.state.history) > before
    # her turn was played to its end by the bot; the seat is hers before her next turn
    mine = state_of(client, game_id, tokens[0])
    assert mine["viewer"] == 0 and mine["seats"][0]["name"] == "Ann"
    assert mine["to_act"] == [1] and not mine["your_turn"]
    assert [e["kind"] for e in mine["events"]][-2:] == ["bot", "back"]
    # nothing she did is lost: her boost is in the game's history, and the record replays
    state = table.state
    assert (0, BOOST) in state.history
    assert state.record().replay().to_json() == state.to_json()
    # and the seat plays on as hers
    bea = state_of(client, game_id, tokens[1])
    card = next(a for a in bea["actions"] if a["kind"] == "play")
    assert act(client, game_id, tokens[1], {"id": card["id"]}, bea["version"]).is_success
    assert state_of(client, game_id, tokens[0])["your_turn"]


def test_the_bot_holding_a_seat_sees_only_that_seat(
    client: TestClient, clock: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[tuple[State, int | None]] = []
    made = make_bot  # the function seat_bots calls, patched there below

    def spied(level: str, game: Any, seed: int | None = None) -> Any:
        bot = made(level, game, seed)
        choose = bot.choose

        def recorded(state: State, seat: int | None = None) -> int:
            given.append((state, seat))
            return choose(state, seat)

        bot.choose = recorded  # type: ignore[method-assign]
        return bot

    monkeypatch.setattr(seat_bots, "make_bot", spied)
    game_id, tokens = two_people(client)
    clock.advance(OTHERS)
    assert hand_over(client, game_id, 0, tokens[1]).status_code == 200
    table = room(client, game_id)
    while 0 in table.state.seats_to_act():
        truth = table.state
        bot_moves(client, game_id, 0)
        state, seat = given[-1]
        # the seat's own view of the true position, with the hidden rest re-dealt, a fresh
        # seed and no history: never the true state or a clone of it
        assert seat == 0 and state is not truth
        assert state.view(0) == truth.view(0)
        assert state.seed != truth.seed and state.history == []
    assert given


def test_a_held_seat_survives_a_restart(database_url: str, clock: FakeTime) -> None:
    with app_for(database_url, clock) as client:
        hub(client).absence = AbsenceRule(OTHERS, SERVER)
        game_id, tokens = two_people(client)
        clock.advance(OTHERS)
        assert hand_over(client, game_id, 0, tokens[1]).status_code == 200
    with app_for(database_url, clock) as client:
        assert state_of(client, game_id)["absence"]["seats"][0]["held"] is True
        back = rejoin(client, game_id, tokens[0])
        assert back.status_code == 200 and back.json()["returning"] is False
        assert state_of(client, game_id, tokens[0])["viewer"] == 0
    with app_for(database_url, clock) as client:
        seats = state_of(client, game_id)["seats"]
        assert [(s["kind"], s["name"]) for s in seats] == [("person", "Ann"), ("person", "Bea")]


def test_a_seat_left_on_purpose_is_not_held(client: TestClient) -> None:
    game_id, tokens = two_people(client)
    left = client.post(f"/api/games/{game_id}/leave", json={}, headers=seated(tokens[0]))
    assert left.status_code == 200
    assert left.json()["absence"]["seats"][0]["held"] is False
    assert rejoin(client, game_id, tokens[0]).status_code == 403
