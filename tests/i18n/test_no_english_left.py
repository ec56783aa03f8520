"""Every page and board in German and Japanese, with no English word of the English catalogue
left: the lobby, the join and rejoin pages, each game's table (the page, its payload's labels,
log lines and help, its drawing, its terminal board), a finished game, the replay, the rules of
the step and the error pages and refusals. The JS-drawn parts of the pages are checked in a
browser by test_no_english_left_browser.py.

An English word is one of the catalogues' msgids (the shell's and every game's). Allowed: the
proper names below (game titles, the names printed on cards, which the rulebooks keep), words that
are German words too, and the English command texts the rules quote in `code` (what a person may
type). Anything else is a string someone forgot to translate."""

from __future__ import annotations

import html
import io
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

from grimoire.core.i18n import language_scope
from grimoire.i18n import LOCALE_DIR
from grimoire.registry import game_class, games

pytest.importorskip("fastapi", reason="the web tests need the [web] extra")

from fastapi.testclient import TestClient

WORD = re.compile(r"(?<![\w'`{])[A-Za-z][a-z]{2,}(?![\w}])")

# names kept as printed (game titles, cards, scrolls, enchantments, mages, professors, signs)
PROPER_NAMES = {
    "grimoire",
    "runika",
    "five",
    "seals",
    "magic",
    "opus",
    "magnum",
    "luniorn",
    "simza",
    "ainfean",
    "binding",
    "absorption",
    "change",
    "crystal",
    "gaze",
    "fairy",
    "fire",
    "wind",
    "leap",
    "oblivion",
    "pickpocket",
    "quarry",
    "fortification",
    "unmasking",
    "elemental",
    "shield",
    "magical",
    "swap",
    "falling",
    "star",
    "double",
    "vision",
    "growth",
    "renewal",
    "strengthening",
    "synergy",
    "mind",
    "air",
    "water",
    "earth",
    "might",
    "circle",
    "speed",
    "ekamu",  # professors
    "mayday",  # the publisher of a revision (Five Seals' option edition)
}
# words that are German words too
GERMAN_TOO = {
    "die",
    "was",
    "name",
    "start",
    "phase",
    "marker",
    "link",
    "bot",
    "plus",
    "option",
    "solo",
    "text",
    "professor",
    "element",
    "symbol",
    "information",
    "hand",
    "reserve",
    "pause",
    "person",
    "initiative",
    "orange",
    "chance",
    "minute",
    "browser",
    "live",
    "dir",
    "enter",
    "lobby",
    "min",
    "server",
    "rune",
    "runen",
    "normal",
    "version",
    "rest",
    "falls",
    "professors",
}
# the games' titles and the languages' own names (the language selector) are names
TITLES = sorted({str(game_class(name).title) for name in games()} | {"English"}, key=len)[::-1]


def _domains() -> list[tuple[Path, str]]:
    found = [(LOCALE_DIR, "grimoire")]
    for name in games():
        module = __import__(game_class(name).__module__, fromlist=["_"])
        folder = Path(str(module.__file__)).parent / "locale"
        if folder.is_dir():
            found.append((folder, name))
    return found


def english_words() -> set[str]:
    words: set[str] = set()
    for folder, domain in _domains():
        with (folder / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for message in read_po(f):
                if message.id and isinstance(message.id, str):
                    text = re.sub(r"\{[^}]*\}|'[^']*'", " ", message.id)
                    words |= {w.lower() for w in WORD.findall(text)}
    return words


ENGLISH = english_words()


# a game's own printed words, allowed on its boards only
PRINTED = {
    "fatal": {"none", "stone", "multiblade", "parchment"},  # the cards' symbols, as printed
    "runika": {"pocket", "charm"},  # the runes Magic Pocket and Charm
}
# card and character names in Title Case ("Shaman of the North", "Ember Path", "Growth of Fire"),
# also run into Japanese ("Hand of Mistが場に並べられる": no \b between "t" and "が")
NAME_PHRASE = re.compile(
    r"(?<![A-Za-z])[A-Z][a-z]+(?: (?:of |the |of the )?[A-Z][a-z]+)+(?![A-Za-z])"
)
# the web's tables are seeded from this (GRIMOIRE_TEST_SEED), so every run deals the same
TEST_SEED = "11"


def left_in(text: str, lang: str, game: str = "") -> set[str]:
    """The English catalogue words in ``text`` (quoted commands and names aside)."""
    for title in TITLES:
        text = text.replace(title, " ")
    text = NAME_PHRASE.sub(" ", re.sub(r"`[^`]*`|'[^']*'", " ", text))
    allowed = PROPER_NAMES | PRINTED.get(game, set()) | (GERMAN_TOO if lang == "de" else set())
    return {w.lower() for w in WORD.findall(text)} & ENGLISH - allowed


def visible(page: str) -> str:
    """The text a person sees on an HTML page: its text and its titles, labels, placeholders."""
    page = re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", " ", page)
    attrs = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([text, *attrs]))


def svg_text(svg: str | None) -> str:
    return html.unescape(" ".join(re.findall(r">([^<>]+)<", svg or "")))


GAMES = [("ciub", 2), ("runika", 2), ("five-seals", 2), ("fatal", 3)]


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """One app with: a running table of each game (seat 0 a person, the others random bots),
    an open table with a free seat, and a finished game."""
    from grimoire.web import create_app

    db = tmp_path_factory.mktemp("db") / "games.db"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GRIMOIRE_TEST_SEED", TEST_SEED)
        app = create_app(f"sqlite:///{db}", bot_delay=0.0)
    with TestClient(app) as client:
        found: dict[str, Any] = {}
        for name, players in GAMES:
            seats = [{"kind": "person"}] + [{"kind": "bot", "level": "random"}] * (players - 1)
            body = {"game": name, "players": players, "name": "Ann", "seats": seats}
            created = client.post("/api/games", json=body).json()
            found[name] = (created["state"]["id"], created["token"])
            _wait_for_seat_0(client, *found[name])
        body = {"game": "ciub", "players": 2, "name": "Ann", "join": "anyone"}
        body["seats"] = [{"kind": "person"}, {"kind": "person"}]
        found["open"] = client.post("/api/games", json=body).json()["state"]["id"]
        body = {"game": "ciub", "players": 2, "options": {"length": "short"}, "join_seat": None}
        body["seats"] = [{"kind": "bot", "level": "random"}] * 2
        found["finished"] = client.post("/api/games", json=body).json()["state"]["id"]
        client.cookies.clear()
        yield client, found


def _wait_for_seat_0(client: TestClient, game_id: str, token: str) -> None:
    """Until the bots have moved up to the person's decision, so the state read is always the
    same one (the bots play in the background)."""
    for _ in range(400):
        state = client.get(f"/api/games/{game_id}/state", headers={"X-Seat-Token": token}).json()
        if 0 in state["to_act"] or state["status"] == "finished":
            return
        time.sleep(0.02)
    raise AssertionError(f"{game_id}: the bots never came to seat 0")


def _get(client: TestClient, url: str, lang: str, token: str | None = None) -> Any:
    headers = {"Accept-Language": lang} | ({"X-Seat-Token": token} if token else {})
    return client.get(url, headers=headers)


def _payload_text(payload: dict[str, Any]) -> str:
    view = payload.get("view") or {}
    parts = [a["text"] for a in payload.get("actions", [])]
    parts += [a["explain"] for a in payload.get("actions", [])]  # the rule behind each move
    parts += [p["what"] for row in payload.get("breakdown", []) for p in row["parts"]]
    parts += [line["text"] for line in payload.get("log", [])]
    parts += [
        str(v) for k, v in view.items() if (isinstance(v, str) and "help" in k) or k == "prompt"
    ]
    parts.append(svg_text(payload.get("svg")))
    return "\n".join(parts)


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_the_lobby_join_rejoin_and_error_pages(tables: Any, lang: str) -> None:
    client, found = tables
    pages = {
        "lobby": _get(client, "/", lang),
        "join": _get(client, f"/games/{found['open']}/join/1", lang),
        "rejoin": _get(client, f"/games/{found['open']}/rejoin", lang),
        "404": _get(client, "/games/no-such-game", lang),
        "no seat": _get(client, f"/games/{found['open']}/join/7", lang),
    }
    for where, response in pages.items():
        assert not left_in(visible(response.text), lang), where
    # the lobby's form, drawn from the catalogue: every game's options (names, helps, values)
    for game in _get(client, "/api/catalog", lang).json()["games"]:
        shown = [game["title"]]
        for option in game["declared_options"]:
            shown += [option["label"], option["help"], *option.get("choice_labels", [])]
        assert not left_in("\n".join(shown), lang, game["name"]), game["name"]


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_each_games_table_and_board(tables: Any, lang: str, name: str, players: int) -> None:
    client, found = tables
    game_id, token = found[name]
    page = _get(client, f"/games/{game_id}", lang, token).text
    assert not left_in(visible(page), lang), "page"
    payload = _get(client, f"/api/games/{game_id}/state", lang, token).json()
    assert not left_in(_payload_text(payload), lang, name), "payload"
    spectator = _get(client, f"/api/games/{game_id}/state", lang).json()
    assert not left_in(_payload_text(spectator), lang, name), "spectator's payload"
    svg = _get(client, f"/api/games/{game_id}/svg", lang, token)
    if svg.status_code == 200:
        assert not left_in(svg_text(svg.text), lang, name), "drawing"
    rule = _get(client, f"/api/games/{game_id}/rules", lang).json()
    assert rule["language"] == lang
    assert not left_in(f"{rule['heading']}\n{rule['text']}", lang), "rules"


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize(("name", "players"), GAMES)
def test_each_games_terminal_board(lang: str, name: str, players: int) -> None:
    cls = game_class(name)
    game = cls(players)
    state = game.new_state(3)
    for _ in range(30):
        if state.is_terminal():
            break
        seat = min(state.seats_to_act())
        state.play(state.legal_actions(seat)[-1], seat)
    out = io.StringIO()
    with language_scope(lang):
        viewer = min(state.seats_to_act()) if not state.is_terminal() else None
        Console(file=out, width=100, color_system=None).print(game.render_text(state, viewer))
    assert not left_in(out.getvalue(), lang, name)


@pytest.mark.parametrize("lang", ["de", "ja"])
def test_a_finished_game_its_replay_and_a_refusal(tables: Any, lang: str) -> None:
    client, found = tables
    game_id = found["finished"]
    finished = _get(client, f"/api/games/{game_id}/state", lang).json()
    for _ in range(200):
        if finished["status"] == "finished":
            break
        time.sleep(0.05)
        finished = _get(client, f"/api/games/{game_id}/state", lang).json()
    assert finished["status"] == "finished"
    assert not left_in(_payload_text(finished), lang)
    assert not left_in(visible(_get(client, f"/games/{game_id}", lang).text), lang)
    assert not left_in(visible(_get(client, f"/games/{game_id}/replay", lang).text), lang)
    for step in (0, 5, finished["log_length"]):
        replay = _get(client, f"/api/games/{game_id}/replay?step={step}", lang).json()
        assert not left_in(_payload_text(replay), lang), step
    # refusals the pages show: an action that is no action, a seat that is not there
    running, token = found["fatal"]
    headers = {"Accept-Language": lang, "X-Seat-Token": token}
    version = client.get(f"/api/games/{running}/state", headers=headers).json()["version"]
    act = {"version": version, "action": {"id": 10**6}}
    refused = client.post(f"/api/games/{running}/actions", json=act, headers=headers)
    assert refused.status_code == 422
    assert not left_in(json.loads(refused.text)["detail"], lang)
    missing = client.post(f"/api/games/{running}/seats/9/bot", json={}, headers=headers)
    assert missing.status_code == 404
    assert not left_in(json.loads(missing.text)["detail"], lang)

    # the API's refusals a person can meet through the page or a CLI client
    stale = client.post(
        f"/api/games/{running}/actions",
        json={"version": version - 1, "action": {"id": 0}},
        headers=headers,
    )
    assert stale.status_code == 409
    lang_only = {"Accept-Language": lang}
    body = {"game": "ciub", "players": 2, "seats": [{"kind": "bot", "level": "godlike"}] * 2}
    refusals = {
        "stale version": stale,
        "unknown level": client.post("/api/games", json=body, headers=lang_only),
        "seat count": client.post(
            "/api/games", json=body | {"seats": [{"kind": "person"}] * 3}, headers=lang_only
        ),
        "hand-over level": client.post(
            f"/api/games/{running}/seats/1/bot", json={"level": "godlike"}, headers=headers
        ),
    }
    for where, refused in refusals.items():
        assert refused.status_code in (409, 422), where
        assert not left_in(refused.json()["detail"], lang), where
    malformed = client.post(
        "/api/games", content=b"{not json", headers=lang_only | {"Content-Type": "application/json"}
    )
    assert malformed.status_code == 400
    assert not left_in(malformed.json()["message"], lang), "malformed body"


def test_card_names_are_names_in_every_script() -> None:
    """Runika's runes as the log names them (seen on Runika tables dealt at random): a name
    run into Japanese text, and a one-word rune that is also an English catalogue word."""
    assert not left_in("Hand of Mistが場に並べられる", "ja", "runika")
    assert not left_in("Charm wird in die Auslage gelegt", "de", "runika")
    assert left_in("the hand is put on display", "ja", "runika") >= {"hand", "display"}
