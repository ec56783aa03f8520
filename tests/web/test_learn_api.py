"""Learn to play in the web app (``web/routes/learn.py``): the list of tutorials, a tutorial's
steps walked to the end through the API in every language (what the page does), a wrong move
refused with the step's explanation and the rules' reason, the pages, and the short game the
page starts (the lobby's ``POST /api/games``, easy bots, hints on)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from grimoire.registry import BUILTIN
from grimoire.tutorial import lesson
from grimoire.web import create_app

GAMES = sorted(BUILTIN)


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module (the tutorials keep no state): SQLite is enough."""
    path = Path(tmp_path_factory.mktemp("learn")) / "grimoire.db"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0)) as client:
        yield client


def _get(client: TestClient, url: str, lang: str = "en") -> Any:
    answer = client.get(url, headers={"Accept-Language": lang})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_tutorials_are_listed_for_the_lobby(app_client: TestClient) -> None:
    listed = _get(app_client, "/api/learn", "de")["tutorials"]
    assert [item["name"] for item in listed] == sorted(listed_names := [i["name"] for i in listed])
    assert set(listed_names) == set(GAMES)  # the session's Minimal has none
    ciub = next(item for item in listed if item["name"] == "ciub")
    assert ciub["tutorial"] == "Ciúb lernen" and ciub["url"] == "/learn/ciub"


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
@pytest.mark.parametrize("name", GAMES)
def test_every_tutorial_is_walked_to_its_end_through_the_api(
    app_client: TestClient, name: str, lang: str
) -> None:
    info = _get(app_client, f"/api/learn/{name}", lang)
    assert info["intro"] and info["outro"] and info["final"]["bot"] == "easy"
    found = lesson(name)
    for index, step in enumerate(info["steps"]):
        for done in range(step["moves"]):
            doc = _get(app_client, f"/api/learn/{name}/steps/{index}?done={done}", lang)
            board = doc["board"]
            assert doc["number"] == index + 1 and doc["count"] == len(found)
            assert board["your_turn"] and board["viewer"] == info["seat"]
            assert doc["expected"]["id"] in {action["id"] for action in board["actions"]}
            assert doc["text"] and doc["hint"] and doc["rule"]["title"] and doc["book"]
            if lang != "en":  # the rules section is the translated one
                assert doc["rule"]["document"].startswith(f"{lang}/") and not doc["rule"]["note"]
            answer = app_client.post(
                f"/api/learn/{name}/steps/{index}/attempt",
                json={"done": done, "action": doc["expected"]["id"]},
                headers={"Accept-Language": lang},
            ).json()
            assert answer["ok"], (index, done, answer)
        end = _get(app_client, f"/api/learn/{name}/steps/{index}?done={step['moves']}", lang)
        assert end["after"] and end["expected"] is None and not end["board"]["your_turn"]
    assert end["last"] and end["board"]["terminal"]


def test_a_wrong_move_is_refused_with_the_explanation_and_the_rules_reason(
    app_client: TestClient,
) -> None:
    doc = _get(app_client, "/api/learn/ciub/steps/0", "de")
    assert doc["expected"]["text"] == "Marker auf 2"
    legal_other = next(a for a in doc["board"]["actions"] if a["id"] != doc["expected"]["id"])
    answer = app_client.post(
        "/api/learn/ciub/steps/0/attempt",
        json={"done": 0, "action": legal_other["id"]},
        headers={"Accept-Language": "de"},
    ).json()
    assert not answer["ok"] and answer["legal"] and answer["why"] is None
    assert answer["hint"] == [
        "In Phase 1 setzt du deinen Marker auf die Karte, die du willst: „{move}“."
    ]
    # a card the learner cannot mark (the pile's card 21): the rules' own reason, in German
    card = next(c for c in doc["candidates"] if c.get("card") == 21)
    answer = app_client.post(
        "/api/learn/ciub/steps/0/attempt",
        json={"done": 0, "action": card["id"]},
        headers={"Accept-Language": "de"},
    ).json()
    assert not answer["ok"] and not answer["legal"]
    assert "ist nicht möglich" in answer["why"] and "Karte 21" in answer["why"]


def test_the_clicks_the_page_answers_are_the_expected_moves_kind(app_client: TestClient) -> None:
    doc = _get(app_client, "/api/learn/ciub/steps/0")
    kinds = {candidate["kind"] for candidate in doc["candidates"]}
    legal = {action["id"] for action in doc["board"]["actions"]}
    assert kinds == {"mark"} and not legal & {c["id"] for c in doc["candidates"]}


def test_the_steps_log_tells_what_happened(app_client: TestClient) -> None:
    """The second step's script (the dice rolled) and, once the move is made, what followed."""
    doc = _get(app_client, "/api/learn/ciub/steps/1")
    assert [line["text"] for line in doc["lines"]][:2] == ["W1 rolls swap", "W2 rolls 2"]
    after = _get(app_client, "/api/learn/fatal/steps/1?done=2")
    assert any("plays V09" in line["text"] for line in after["lines"])


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/learn/chess", 404),
        ("/api/learn/toy_minimal", 404),
        ("/api/learn/ciub/steps/99", 404),
        ("/api/learn/ciub/steps/0?done=7", 422),
    ],
)
def test_what_does_not_exist_is_refused(app_client: TestClient, url: str, status: int) -> None:
    assert app_client.get(url).status_code == status


def test_an_attempt_out_of_range_is_refused(app_client: TestClient) -> None:
    url = "/api/learn/ciub/steps/0/attempt"
    assert app_client.post(url, json={"done": 1, "action": 3}).status_code == 422
    assert app_client.post(url, json={"done": 0, "action": 10**6}).status_code == 422
    assert app_client.post(url, json={"done": 0, "action": "3"}).status_code == 422


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_the_pages_are_in_the_pages_language(app_client: TestClient, lang: str) -> None:
    words = {"en": "Learn to play", "de": "Spielen lernen", "ja": "遊び方を覚える"}
    lobby = app_client.get("/", headers={"Accept-Language": lang}).text
    assert words[lang] in lobby and 'id="tutorials"' in lobby and 'href="/learn"' in lobby
    index = app_client.get("/learn", headers={"Accept-Language": lang}).text
    assert words[lang] in index and "/static/learn_index.js" in index
    page = app_client.get("/learn/runika", headers={"Accept-Language": lang}).text
    title = {"en": "Learn Runika", "de": "Runika lernen", "ja": "Runikaを覚える"}
    assert title[lang] in page and "/static/learn.js" in page and "i18n-game-catalogue" in page
    assert app_client.get("/learn/chess").status_code == 404


def test_the_short_game_the_page_starts_has_easy_bots_and_hints(app_client: TestClient) -> None:
    info = _get(app_client, "/api/learn/fatal")
    final = info["final"]
    seats = [
        {"kind": "person"} if seat == info["seat"] else {"kind": "bot", "level": final["bot"]}
        for seat in range(final["players"])
    ]
    created = app_client.post(
        "/api/games",
        json={
            "game": "fatal",
            "players": final["players"],
            "options": final["options"],
            "seats": seats,
            "join_seat": info["seat"],
            "private": True,
            "join": "invited",
            "hints": True,
        },
    )
    assert created.status_code == 201, created.text
    state = created.json()["state"]
    assert state["hints"] and [s["level"] for s in state["seats"][1:]] == ["easy", "easy"]
