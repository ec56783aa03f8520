"""The "Add a game" walk-through of docs/architecture.md, followed step by step.

Pips (tests/toys/pips.py) is written from the walk-through alone, on the core's shared blocks.
It is registered with one line (``tests/toys/__init__.py``; the battery's conftest applies it)
and nothing else in grimoire changes; then every layer plays it: the contract battery (it is
one of the battery's games), the terminal, simulations, the web app, and the RL adapters.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from tests.contract.cases import all_games
from tests.toys import TOY_GAMES
from tests.toys.pips import PipsGame
from typer.testing import CliRunner

import grimoire
from grimoire.cli.main import app
from grimoire.core.errors import InvalidOptions, InvalidPosition

NAME = "toy_pips"


def test_one_registry_line_makes_it_a_game_of_every_layer() -> None:
    assert TOY_GAMES[NAME] == "tests.toys.pips:PipsGame"
    assert NAME in grimoire.game_names() and NAME in all_games()  # the contract battery's games
    game = grimoire.make(NAME, players=3)
    assert game.facts()["search_kind"] == "ismcts"  # declared defaults: hidden information
    assert game.facts()["heuristic"] is False


def test_component_data_with_provenance_and_a_players_own_file(tmp_path: Path) -> None:
    game = grimoire.make(NAME, players=2)
    assert isinstance(game, PipsGame)
    assert game.comp.length == 40
    mine = tmp_path / "short.toml"
    shipped = (Path(__file__).parents[1] / "toys" / "pips.toml").read_text()
    mine.write_text(shipped.replace("length = 40", "length = 10"))
    short = grimoire.make(NAME, players=2, components=str(mine))
    assert isinstance(short, PipsGame)
    assert short.comp.length == 10 and short.data_hash != game.data_hash
    untagged = tmp_path / "untagged.toml"
    untagged.write_text(shipped.replace('length = "PROPOSED', 'length_was = "PROPOSED'))
    with pytest.raises(InvalidOptions, match="needs a provenance tag"):
        grimoire.make(NAME, players=2, components=str(untagged))


def test_positions_are_checked_by_the_declared_type_and_the_cross_checks() -> None:
    game = grimoire.make(NAME, players=2)
    state = game.new_state(4)
    state.play(state.legal_actions()[0])  # roll: a pick frame with two dice
    doc = state.to_json()
    assert doc["position"]["stack"][0]["k"] == "pick"
    assert game.state_from_json(doc) == state
    for path, value, message in [
        (("turn",), 9, "turn"),
        (("deck",), [0, 0, 1], "every bonus card exactly once"),
        (("stack",), [{"k": "pick", "s": "0"}], "Expected `int`"),
        (("stack",), [{"k": "nope", "s": 0}], "Invalid value 'nope'"),
        (("spaces",), None, "Expected `array`"),
    ]:
        bad = json.loads(json.dumps(doc))
        bad["position"][path[0]] = value
        with pytest.raises(InvalidPosition, match=message):
            game.state_from_json(bad)


def test_the_terminal_plays_and_simulates_it(tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "Pips" in listed.output
    script = "roll\ntake 2\n" * 60
    played = runner.invoke(app, ["play", NAME, "--players", "2", "--bots", "random"], input=script)
    assert played.exit_code == 0, played.output
    simulated = runner.invoke(app, ["simulate", NAME, "--games", "6", "--players", "3"])
    assert simulated.exit_code == 0, simulated.output


def test_the_web_app_seats_it_with_a_bot(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from grimoire.web import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0)) as client:
        seats = [{"kind": "person"}, {"kind": "bot", "level": "random"}]
        created = client.post("/api/games", json={"game": NAME, "seats": seats})
        assert created.status_code == 201, created.text
        game_id, token = created.json()["state"]["id"], created.json()["token"]
        client.cookies.clear()
        headers = {"X-Seat-Token": token}
        for _ in range(200):
            payload = client.get(f"/api/games/{game_id}/state", headers=headers).json()
            if payload["status"] == "finished":
                break
            if payload["your_turn"]:
                body = {
                    "version": payload["version"],
                    "action": {"id": payload["actions"][-1]["id"]},
                }
                moved = client.post(f"/api/games/{game_id}/actions", json=body, headers=headers)
                assert moved.status_code == 200, moved.text
        assert payload["status"] == "finished"
        assert payload["final_scores"] is not None


def test_the_rl_adapters_accept_it() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import grimoire.envs.pettingzoo as gz

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(gz.env(NAME, players=3), num_cycles=200)
