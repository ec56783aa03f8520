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

import pytest
from fastapi.testclient import TestClient
from test_web_api import act, create, seated, state_of
from tests.toys.duel import DuelState
from web_helpers import hub_of, wait_until

from grimoire.bots import RandomBot
from grimoire.core.state import State
from grimoire.web import create_app, seat_bots

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
    assert sum(1 for line in again.json()["state"]["log"] if line["text"] == "seat 1 rolls") == 1


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
    assert "seat 1 rolls" in log and "seat 2 rolls" in log  # counted from 1


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
    room = hub_of(client).rooms[game_id]
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
    duel = hub_of(client).rooms[game_id].state
    assert isinstance(duel, DuelState)
    assert sorted(other["view"]["hand"]) == sorted(duel.hands[1])
    assert not set(other["view"]["hand"]) & set(duel.hands[0])
    texts = [line["text"] for line in other["log"]]
    assert "seat 1 chooses a card" in texts  # seat id 0, counted from 1
    assert f"you choose {card['id']}" not in texts
    mine = [line["text"] for line in state_of(client, game_id, tokens[0])["log"]]
    assert f"you choose {card['id']}" in mine
    spectator = state_of(client, game_id)
    assert spectator["view"]["hand"] is None and spectator["view"]["my_choice"] is None


def test_a_choice_from_the_decision_stands_when_the_last_chooser_is_asked_alone(
    client: TestClient,
) -> None:
    """toy_duel_last asks the last seat still to choose as a plain seat, not a set of one: seat
    0 loaded its page during the simultaneous decision; seat 1 chose since, so now it is "seat
    0's turn". Seat 0's choice on the version it saw is still taken."""
    game_id, tokens = table(client, "toy_duel_last", hand=2)
    wait_until(lambda: state_of(client, game_id), lambda s: s["to_act"] == [0, 1])
    loaded = state_of(client, game_id, tokens[0])
    assert loaded["simultaneous"] and loaded["your_turn"]
    other = state_of(client, game_id, tokens[1])
    assert act(client, game_id, tokens[1], other["actions"][0], other["version"]).status_code == 200
    now = state_of(client, game_id, tokens[0])
    assert not now["simultaneous"] and now["to_act"] == [0] and now["version"] > loaded["version"]
    response = act(
        client, game_id, tokens[0], {"id": loaded["actions"][0]["id"]}, loaded["version"]
    )
    assert response.status_code == 200, response.text
    assert "you choose" in response.json()["log"][-1]["text"]


def test_an_old_version_is_still_a_409_outside_simultaneous_decisions(
    client: TestClient,
) -> None:
    """Toy takes turns: seat 1 loaded while seat 0 was to play; seat 0 played; seat 1's card,
    legal now, on the version it loaded is a real conflict (it never chose at that state)."""
    state, token0 = create(client, seats=[{"kind": "person"}, {"kind": "person"}])
    assert token0
    game_id = state["id"]
    token1 = client.post(f"/api/games/{game_id}/join", json={"seat": 1}).json()["token"]
    client.cookies.clear()
    seen_by_1 = state_of(client, game_id, token1)
    assert not seen_by_1["simultaneous"] and seen_by_1["to_act"] == [0]
    mover = state_of(client, game_id, token0)
    play = next(a for a in mover["actions"] if a.get("kind") == "play")
    assert act(client, game_id, token0, {"id": play["id"]}, mover["version"]).status_code == 200
    now = state_of(client, game_id, token1)
    assert now["your_turn"]
    card = next(a for a in now["actions"] if a.get("kind") == "play")
    late = act(client, game_id, token1, {"id": card["id"]}, seen_by_1["version"])
    assert late.status_code == 409
    assert late.json()["state"] == now


def test_an_action_not_legal_now_on_an_old_version_is_a_409(client: TestClient) -> None:
    """Duel: seat 1 loaded, seat 0 chose since; seat 1 names a card it does not hold on the
    old version: refused with the fresh state, nothing changes."""
    game_id, tokens = table(client, "toy_duel", hand=3)
    loaded = {seat: state_of(client, game_id, token) for seat, token in tokens.items()}
    first = act(client, game_id, tokens[0], loaded[0]["actions"][0], loaded[0]["version"])
    assert first.status_code == 200
    held = {a["id"] for a in loaded[1]["actions"]}
    foreign = next(card for card in range(12) if card not in held)
    refused = act(client, game_id, tokens[1], {"id": foreign}, loaded[1]["version"])
    assert refused.status_code == 409
    assert refused.json()["state"]["your_turn"]
    assert state_of(client, game_id, tokens[1])["view"]["hand"] == loaded[1]["view"]["hand"]


def test_after_a_restart_an_old_version_is_refused_once(database_url: str) -> None:
    """Who has waited since when is kept in memory only: a server started again refuses a
    choice on a version from before the restart (409 with the fresh state); the client then
    chooses on that state and it is taken."""
    with TestClient(create_app(database_url, bot_delay=0)) as first:
        game_id, tokens = table(first, "toy_duel", hand=3)
        loaded = state_of(first, game_id, tokens[0])
        other = state_of(first, game_id, tokens[1])
        assert act(first, game_id, tokens[1], other["actions"][0], other["version"]).status_code
    with TestClient(create_app(database_url, bot_delay=0)) as again:
        stale = act(again, game_id, tokens[0], loaded["actions"][0], loaded["version"])
        assert stale.status_code == 409
        fresh = stale.json()["state"]
        taken = act(again, game_id, tokens[0], fresh["actions"][0], fresh["version"])
        assert taken.status_code == 200, taken.text


def test_bots_choose_on_their_own_seats_state_never_the_true_one(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Duel, a person against two bots, one of which fails every time (so the random fallback
    chooses for it): every state a bot or the fallback is given is made for its seat
    (``State.for_seat``): another seed, no history, the seat's own hand as it is, the other
    hands and the deck re-dealt."""
    hub = hub_of(client)
    given: list[tuple[str, int | None, Any, Any]] = []  # (who, seat, given, the truth then)

    def record(who: str, state: State, seat: int | None) -> None:
        (room,) = hub.rooms.values()  # the bot chooses under the room's lock: the true state
        given.append((who, seat, state, room.state))

    class Spy(RandomBot):
        def choose(self, state: State, seat: int | None = None) -> int:
            record("bot", state, seat)
            if seat == 2:
                raise RuntimeError("this bot always fails; the fallback chooses")
            return super().choose(state, seat)

    class Fallback(RandomBot):
        def choose(self, state: State, seat: int | None = None) -> int:
            record("fallback", state, seat)
            return super().choose(state, seat)

    monkeypatch.setattr(seat_bots, "make_bot", lambda level, game, seed: Spy(seed))
    monkeypatch.setattr(seat_bots, "RandomBot", Fallback)
    state, token = create(
        client,
        game="toy_duel",
        options={"hand": 3},
        seats=[{"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}],
    )
    assert token
    game_id = state["id"]

    def my_turn_or_over() -> dict[str, Any]:
        return wait_until(
            lambda: state_of(client, game_id, token),
            lambda s: s["your_turn"] or s["status"] == "finished",
        )

    payload = my_turn_or_over()
    while payload["status"] != "finished":
        move = act(client, game_id, token, payload["actions"][0], payload["version"])
        assert move.status_code == 200, move.text
        payload = my_turn_or_over()
    assert {(who, seat) for who, seat, _, _ in given} == {("bot", 1), ("bot", 2), ("fallback", 2)}
    redealt = 0
    for _who, seat, mine, truth in given:
        assert seat is not None and mine is not truth
        assert mine.seed != truth.seed and mine.history == [] and truth.history
        assert mine.step == truth.step and mine.current_player == truth.current_player
        assert sorted(mine.hands[seat]) == sorted(truth.hands[seat])
        assert mine.view(seat) == truth.view(seat)
        redealt += any(
            sorted(mine.hands[other]) != sorted(truth.hands[other])
            for other in range(3)
            if other != seat
        )
    assert redealt > 0
