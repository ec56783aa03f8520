"""Tables that survive real people: private and invitation-only tables, personal rejoin links,
limits on what one client may send or start, names that cannot disguise text, a seat left twice
at once, and undo told to everyone."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_web_api import TWO_PEOPLE, act, create, seated, state_of, two_player_game
from web_helpers import hub_of, portal_call

from grimoire.web import create_app
from grimoire.web.errors import Forbidden
from grimoire.web.limits import Limits


def invite_key(url: str) -> str:
    assert "#key=" in url, url
    return url.split("#key=", 1)[1]


def listed(client: TestClient) -> list[str]:
    games = client.get("/api/games?status=open,running,finished").json()["games"]
    return [game["id"] for game in games]


# ----------------------------------------------------------------------------- private tables
def test_a_private_table_is_not_listed_and_takes_players_by_invitation_only(
    client: TestClient,
) -> None:
    response = client.post(
        "/api/games", json={"game": "toy", "seats": TWO_PEOPLE, "private": True, "name": "Ann"}
    )
    assert response.status_code == 201, response.text
    created = response.json()
    client.cookies.clear()
    game_id = created["state"]["id"]
    key = invite_key(created["invite_urls"]["1"])
    assert created["state"]["invite_urls"] == created["invite_urls"]  # the creator sees them
    assert game_id not in listed(client)
    summary = client.get(f"/api/games/{game_id}").json()
    assert summary["private"] and summary["join"] == "invited" and summary["join_urls"] == {}
    # nobody without the key sees it: not the summary, not a spectator's payload
    spectator = client.get(f"/api/games/{game_id}/state").text
    assert key not in spectator and key not in json.dumps(summary)
    assert json.loads(spectator)["invite_urls"] == {}
    for body in ({"seat": 1}, {"seat": 1, "key": "guess"}, {"seat": 1, "key": key + "x"}):
        refused = client.post(f"/api/games/{game_id}/join", json=body)
        assert refused.status_code == 403 and "invitation" in refused.json()["detail"]
    assert state_of(client, game_id)["status"] == "open"  # nothing changed
    joined = client.post(f"/api/games/{game_id}/join", json={"seat": 1, "key": key})
    assert joined.status_code == 200, joined.text
    assert joined.json()["state"]["status"] == "running"


def test_a_listed_table_may_keep_its_seats_for_invited_players(client: TestClient) -> None:
    invited = client.post(
        "/api/games", json={"game": "toy", "seats": TWO_PEOPLE, "join": "invited"}
    ).json()
    anyone = client.post("/api/games", json={"game": "toy", "seats": TWO_PEOPLE}).json()
    client.cookies.clear()
    ids = listed(client)
    assert invited["state"]["id"] in ids and anyone["state"]["id"] in ids
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games[invited["state"]["id"]]["join_urls"] == {}
    assert games[anyone["state"]["id"]]["join_urls"] == {
        "1": f"/games/{anyone['state']['id']}/join/1"
    }
    refused = client.post(f"/api/games/{invited['state']['id']}/join", json={"seat": 1})
    assert refused.status_code == 403
    key = invite_key(invited["invite_urls"]["1"])
    taken = client.post(f"/api/games/{invited['state']['id']}/join", json={"seat": 1, "key": key})
    assert taken.status_code == 200
    free = client.post(f"/api/games/{anyone['state']['id']}/join", json={"seat": 1})
    assert free.status_code == 200
    private_for_anyone = client.post(
        "/api/games", json={"game": "toy", "private": True, "join": "anyone"}
    )
    assert private_for_anyone.status_code == 422


# ----------------------------------------------------------------------------- rejoin
def test_the_rejoin_link_brings_a_player_back_from_another_browser(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    joined_again = client.get(f"/api/games/{game_id}/state", headers=seated(token1)).json()
    assert joined_again["viewer"] == 1
    created = client.post("/api/games", json={"game": "toy", "seats": TWO_PEOPLE})
    link = created.json()["rejoin_url"]
    new_id = created.json()["state"]["id"]
    assert link == f"/games/{new_id}/rejoin#{created.json()['token']}"
    client.cookies.clear()
    # "another browser": no cookie, only the link's token, handed over once as a header
    token = link.split("#", 1)[1]
    back = client.post(f"/api/games/{new_id}/rejoin", headers=seated(token))
    assert back.status_code == 200, back.text
    assert back.json()["seat"] == 0 and back.json()["state"]["viewer"] == 0
    assert client.cookies.get(f"grimoire_seat_{new_id}") == token
    assert client.get(f"/api/games/{new_id}/state").json()["viewer"] == 0  # by the cookie now
    page = client.get(f"/games/{new_id}/rejoin")
    assert page.status_code == 200 and "rejoin.js" in page.text
    client.cookies.clear()
    forged = client.post(f"/api/games/{new_id}/rejoin", headers=seated("forged"))
    assert forged.status_code == 403
    assert client.post(f"/api/games/{new_id}/rejoin").status_code == 403
    # a seat that was left is not a seat any more
    assert client.post(f"/api/games/{game_id}/leave", json={}, headers=seated(token0)).is_success
    gone = client.post(f"/api/games/{game_id}/rejoin", headers=seated(token0))
    assert gone.status_code == 403


# ----------------------------------------------------------------------------- limits
@pytest.fixture
def limited(database_url: str) -> Iterator[TestClient]:
    limits = Limits(max_body=4096, create_burst=3, create_per_minute=0.001, max_bot_games=1)
    # bots wait a minute before each move: a game of bots stays running during the test
    with TestClient(create_app(database_url, bot_delay=60, limits=limits)) as client:
        yield client


def test_a_huge_body_is_refused_before_it_is_read(limited: TestClient) -> None:
    options = {f"k{i}": i for i in range(500_000)}
    body = json.dumps({"game": "toy", "options": options}).encode()
    response = limited.post(
        "/api/games", content=body, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413 and "larger than 4096" in response.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it streams in
        for start in range(0, len(body), 65536):
            yield body[start : start + 65536]

    streamed = limited.post(
        "/api/games", content=chunks(), headers={"content-type": "application/json"}
    )
    assert streamed.status_code == 413
    assert limited.get("/api/games").json()["games"] == []


def test_many_option_keys_are_refused_by_cheap_validation(client: TestClient) -> None:
    options = {f"k{i}": 0 for i in range(65)}
    response = client.post("/api/games", json={"game": "toy", "options": options})
    assert response.status_code == 422 and "too_long" in response.text
    deep = '{"game": "toy", "options": {"a": ' + "[" * 20000 + "]" * 20000 + "}}"
    nested = client.post("/api/games", content=deep, headers={"content-type": "application/json"})
    assert nested.status_code in (400, 422)
    assert client.get("/api/games").json()["games"] == []


def test_game_creation_is_rate_limited_per_client(limited: TestClient) -> None:
    for _ in range(3):
        assert limited.post("/api/games", json={"game": "toy"}).status_code == 201
    refused = limited.post("/api/games", json={"game": "toy"})
    assert refused.status_code == 429 and "too many games" in refused.json()["detail"]
    assert int(refused.headers["retry-after"]) >= 1
    assert len(limited.get("/api/games").json()["games"]) == 3
    # other requests are not limited
    game_id = limited.get("/api/games").json()["games"][0]["id"]
    assert limited.get(f"/api/games/{game_id}/state").status_code == 200


def test_games_of_bots_alone_are_capped(limited: TestClient) -> None:
    bots = {"game": "toy", "join_seat": None, "seats": [{"kind": "bot"}, {"kind": "bot"}]}
    first = limited.post("/api/games", json=bots)
    assert first.status_code == 201 and first.json()["state"]["status"] == "running"
    refused = limited.post("/api/games", json=bots)
    assert refused.status_code == 429 and "bots alone" in refused.json()["detail"]
    with_a_person = limited.post("/api/games", json={"game": "toy"})
    assert with_a_person.status_code == 201


# ----------------------------------------------------------------------------- names
NAMES = [
    ("Ann\u202eevil", "Annevil"),  # right-to-left override
    ("\u2067Bea\u2069", "Bea"),  # isolates
    ("\ufeffCy", "Cy"),  # byte order mark
    ("D\u200bo\u200dn", "Don"),  # zero-width space and joiner
    # emoji joined by zero-width joiners stay one picture (a joiner between letters does not)
    ("Ann \U0001f469\u200d\U0001f4bb", "Ann \U0001f469\u200d\U0001f4bb"),  # woman technologist
    ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),  # rainbow flag
    ("\U0001f469\U0001f3fd\u200d\U0001f680", "\U0001f469\U0001f3fd\u200d\U0001f680"),  # skin tone
    ("\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",) * 2,  # Scotland
    ("Bo\u200d\U0001f680", "Bo\U0001f680"),  # a joiner after a letter is dropped
    ("E\u0301va", "\u00c9va"),  # NFC
    ("\u3164", "Player 2"),  # a letter that draws nothing
    ("   ", "Player 2"),
]


def test_a_name_cut_at_the_limit_leaves_no_joiner_dangling() -> None:
    from grimoire.web.names import clean_name

    joined = "\U0001f469\u200d\U0001f4bb"
    assert clean_name("x" * 38 + joined, "P") == "x" * 38 + "\U0001f469"
    assert clean_name("x" * 37 + joined, "P") == "x" * 37 + joined


def test_names_are_normalised(database_url: str) -> None:
    limits = Limits(create_burst=len(NAMES))  # a table per name
    with TestClient(create_app(database_url, bot_delay=0, limits=limits)) as client:
        for typed, shown in NAMES:
            state, _ = create(client, seats=TWO_PEOPLE)
            url = f"/api/games/{state['id']}/join"
            joined = client.post(url, json={"seat": 1, "name": typed})
            assert joined.status_code == 200
            assert joined.json()["state"]["seats"][1]["name"] == shown


# ----------------------------------------------------------------------------- leave, undo
def test_a_seat_left_twice_at_once_is_handed_over_once(client: TestClient) -> None:
    game_id, token0, _ = two_player_game(client)
    hub = hub_of(client)
    room = hub.rooms[game_id]
    held = room.seats[0].token_hash

    async def both() -> tuple[object, ...]:
        import asyncio

        return await asyncio.gather(
            room.hand_to_bot(0, "random", by=0, held=held),
            room.hand_to_bot(0, "random", by=0, held=held),
            return_exceptions=True,
        )

    results = portal_call(client, both)
    assert results.count(None) == 1
    assert [type(r) for r in results if r is not None] == [Forbidden]
    seats = state_of(client, game_id)["seats"]
    assert seats[0]["kind"] == "bot" and seats[0]["name"] == "Player 1 (bot)"
    again = client.post(f"/api/games/{game_id}/leave", json={}, headers=seated(token0))
    assert again.status_code == 403
    assert state_of(client, game_id)["seats"][0]["name"] == "Player 1 (bot)"


def test_everyone_is_told_who_took_back_what(client: TestClient) -> None:
    game_id, token0, token1 = two_player_game(client)
    tokens = {0: token0, 1: token1}
    mover = state_of(client, game_id)["to_act"][0]
    payload = state_of(client, game_id, tokens[mover])
    boosted = act(client, game_id, tokens[mover], {"id": 13}, payload["version"]).json()
    undone = client.post(
        f"/api/games/{game_id}/undo",
        json={"version": boosted["version"]},
        headers=seated(tokens[mover]),
    )
    assert undone.status_code == 200
    for token in (tokens[1 - mover], None):
        events = state_of(client, game_id, token)["events"]
        assert len(events) == 1
        event = events[0]
        assert event["kind"] == "undo" and event["seat"] == mover and event["by"] == mover
        assert event["text"] == "boost" and event["after"] == payload["log_length"]
        assert event["version"] == boosted["version"] + 1
    # told again after the server reloads the game from the database
    hub = hub_of(client)
    before = state_of(client, game_id, tokens[1 - mover])["events"]
    hub.forget(game_id)
    assert state_of(client, game_id, tokens[1 - mover])["events"] == before


def test_a_game_with_its_own_page_sends_no_svg_in_payloads_but_serves_it(
    client: TestClient, tmp_path: Path
) -> None:
    """A game that draws its own page never shows the SVG there: payloads leave it out (it cost
    every change a drawing per viewer), ``GET .../svg`` still has it."""
    from web_toygame import DrawnToyGame

    from grimoire.web import assets

    (tmp_path / "render.js").write_text("export function render(root) {}\n")
    DrawnToyGame.assets = str(tmp_path)
    assets.asset_dir.cache_clear()
    assets._renderer_urls.cache_clear()
    try:
        drawn = client.post("/api/games", json={"game": "toy-drawn", "players": 2}).json()
        toy = client.post("/api/games", json={"game": "toy", "players": 2}).json()
        client.cookies.clear()
        assert drawn["state"]["renderer"] and drawn["state"]["svg"] is None
        assert toy["state"]["renderer"] is None and toy["state"]["svg"].startswith("<svg")
        url = f"/api/games/{drawn['state']['id']}/svg"
        served = client.get(url, headers=seated(drawn["token"]))
        assert served.status_code == 200
        assert served.headers["content-type"].startswith("image/svg+xml")
        assert served.text.startswith("<svg") and "data-card" in served.text
        assert "data-card" not in client.get(url).text  # a spectator sees no hand
        plain = client.post("/api/games", json={"game": "toy-plain", "players": 2}).json()
        assert client.get(f"/api/games/{plain['state']['id']}/svg").status_code == 404
    finally:
        DrawnToyGame.assets = None
        assets.asset_dir.cache_clear()
        assets._renderer_urls.cache_clear()
