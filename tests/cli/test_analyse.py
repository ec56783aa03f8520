"""``grimoire analyse``: every legal action of the seat with its estimates, best first, the
same under the same seed and iteration budget; Ciúb's exact odds beside them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from tests.bots.ciub_positions import position
from typer.testing import CliRunner

import grimoire
from grimoire.bots import make_bot
from grimoire.cli.main import app
from grimoire.games.ciub.odds import OddsTimeout, card_odds, turn_odds


def run(*args: str) -> dict[str, object]:
    result = CliRunner().invoke(app, ["analyse", *args, "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert isinstance(doc, dict)
    return doc


def test_every_legal_action_best_first_with_exact_ciub_odds(tmp_path: Path) -> None:
    state = position(
        [("O1", "2", False), ("O2", "4", False), ("R1", "3", False)], phase="set_aside"
    )
    path = tmp_path / "position.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    doc = run(str(path), "--budget", "60", "--seed", "3")
    actions = doc["actions"]
    assert isinstance(actions, list)
    assert sorted(row["action"] for row in actions) == state.legal_actions(0)
    chances = [row["win_chance"] for row in actions]
    assert chances == sorted(chances, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in chances)
    assert sum(row["visits"] for row in actions) == 60
    assert run(str(path), "--budget", "60", "--seed", "3") == doc
    odds = doc["odds"]
    assert isinstance(odds, list)
    assert {row["card"] for row in odds} == set(state.bottom + state.top)
    for row in odds:
        assert row["odds"] == pytest.approx(float(card_odds(state, row["card"], exact=True)))


def test_a_finished_game_has_nothing_to_analyse(tmp_path: Path) -> None:
    game = grimoire.make("five-seals", players=2)
    state = game.new_state(1)
    bots = [make_bot("heuristic", game, s) for s in range(2)]
    while not state.is_terminal():
        seat = state.current_player
        assert isinstance(seat, int)
        state.play(bots[seat].choose(state, seat))
    path = tmp_path / "over.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    result = CliRunner().invoke(app, ["analyse", str(path), "--budget", "10"])
    assert result.exit_code == 2
    assert "no seat is to act" in result.output


def test_five_seals_lists_the_seals_in_reach(tmp_path: Path) -> None:
    from grimoire.games.five_seals import reach

    game = grimoire.make("five-seals", players=2)
    state = game.new_state(1)
    bots = [make_bot("heuristic", game, s) for s in range(2)]
    while state.current_player != 0 or len(state.legal_actions(0)) < 2 or state.step < 40:
        seat = state.current_player
        assert isinstance(seat, int)
        state.play(bots[seat].choose(state, seat))
    path = tmp_path / "seals.json"
    path.write_text(json.dumps(state.to_json()), encoding="utf-8")
    doc = run(str(path), "--budget", "20")
    seals = doc["seals"]
    assert isinstance(seals, list)
    assert [row["node"] for row in seals] == reach.targets(state, 0)  # type: ignore[arg-type]
    result = CliRunner().invoke(app, ["analyse", str(path), "--budget", "10"])
    assert "Seals in reach" in result.output


# Seat 0 after its first roll of five white dice (a swap and an inactive die among them): the
# exact odds of such a turn take the solver minutes (value iteration round the swap loops).
SLOW = [("W1", "1", False), ("W2", "1", False), ("W3", "swap", False), ("W4", None, False)]
SLOW.append(("W5", "2", False))


def test_the_card_odds_give_up_at_their_deadline_and_stay_right_after() -> None:
    fast = position([("O1", "2", False), ("O2", "4", False), ("R1", "3", False)], phase="set_aside")
    before = {row["card"]: row["odds"] for row in turn_odds(fast, 0)}
    slow = position(SLOW, phase="set_aside")
    with pytest.raises(OddsTimeout):
        turn_odds(slow, 0, deadline=time.monotonic() + 0.3)
    # the cached models were left clean: the same answers as before, and exact ones
    assert {row["card"]: row["odds"] for row in turn_odds(fast, 0)} == before
    for card, chance in before.items():
        assert chance == pytest.approx(float(card_odds(fast, card, exact=True)))


def test_analyse_keeps_to_its_time_when_the_odds_take_too_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import grimoire.cli.analyse as analyse_module

    monkeypatch.setattr(analyse_module, "ODDS_SECONDS", 0.3)
    path = tmp_path / "slow.json"
    slow = position(SLOW, phase="set_aside")
    path.write_text(json.dumps(slow.to_json()), encoding="utf-8")
    doc = run(str(path), "--budget", "20", "--seed", "3")
    assert doc["odds"] == [] and doc["odds_timed_out"] is True
    rows = doc["actions"]
    assert isinstance(rows, list)
    assert sum(row["visits"] for row in rows) == 20
    text = CliRunner().invoke(app, ["analyse", str(path), "--budget", "20"]).output
    assert "not shown" in " ".join(text.split())
