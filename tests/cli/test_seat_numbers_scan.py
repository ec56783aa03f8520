"""One numbering for people: no screen or report a person reads names a seat 0 or a seat past
the player count. Scanned: the terminal boards of every game at every player count for every
viewer (and the spectator) through a seeded game, with the prompt, the listed actions and the
log lines, in English, German and Japanese; ``play``'s screens to the end against bots; the
help; ``analyse``; ``simulate``."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import grimoire
from grimoire.cli.main import app
from grimoire.cli.play import new_session, run
from grimoire.core.i18n import language_scope
from grimoire.core.state import CHANCE, State

GAMES = ["ciub", "fatal", "five-seals", "runika"]
# "seat 3", "Seat 3", "seats 1 and 3", "Platz 3", "席3", "Seat 3's" (counted from 1: 1..players)
SEAT = re.compile(r"(?:\b[Ss]eats?|\bPlatz|\bPlätze|席)\s*(\d+)(?:\s*(?:and|und|,|、)\s*(\d+))*")
SCANS_PER_GAME = 6


def wrong_seats(text: str, players: int) -> list[str]:
    bad = []
    for match in SEAT.finditer(text):
        numbers = [int(n) for n in re.findall(r"\d+", match.group(0))]
        if any(not 1 <= n <= players for n in numbers):
            bad.append(text[max(0, match.start() - 40) : match.end() + 20])
    return bad


def drawn(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(renderable)
    return out.getvalue()


def screens(state: State) -> str:
    """Everything each viewer reads of ``state``: the board, the prompt, the listed actions."""
    game, parts = state.game, []
    for viewer in [*range(game.players), None]:
        parts.append(drawn(game.render_text(state, viewer)))
        parts.append(str(state.view(viewer).get("prompt", "")))
    for seat in sorted(state.seats_to_act()):
        parts += [state.action_to_string(a) for a in state.legal_actions(seat)]
    return "\n".join(parts)


def player_counts(name: str) -> list[int]:
    cls = type(grimoire.make(name))
    return list(range(cls.min_players, cls.max_players + 1))


@pytest.mark.parametrize(
    ("name", "players"), [(name, n) for name in GAMES for n in player_counts(name)]
)
@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_boards_prompts_actions_and_log_lines_count_seats_from_1(
    name: str, players: int, lang: str
) -> None:
    state = grimoire.make(name, players=players).new_state(7, resolve_chance=False)
    rng = random.Random(players)
    bad: list[str] = []
    with language_scope(lang):
        for step in range(600):
            if state.is_terminal():
                break
            if state.is_chance():
                actor, action = CHANCE, state.sample_chance()
            else:
                actor = min(state.seats_to_act())
                action = rng.choice(state.legal_actions(actor))
                if step % (600 // SCANS_PER_GAME) < 1 or rng.random() < 0.02:
                    bad += wrong_seats(screens(state), players)
            for viewer in [*range(players), None]:
                bad += wrong_seats(state.describe(actor, action, viewer), players)
            state.apply(action, None if actor == CHANCE else actor)
        bad += wrong_seats(screens(state), players)
    assert not bad, bad[:10]


@pytest.mark.parametrize("name", GAMES)
def test_a_terminal_game_to_the_end_counts_seats_from_1(tmp_path: Path, name: str) -> None:
    players = player_counts(name)[-1]
    session = new_session(name, players, ["random"], seed=3, options={}, seat=players - 1)
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    answers = iter(["scores", "log", "help", *["1"] * 5000])  # the first listed choice
    assert run(session, console, lambda prompt: next(answers), tmp_path / "save.json") == 0
    assert not wrong_seats(out.getvalue(), players), wrong_seats(out.getvalue(), players)[:10]


def test_help_analyse_and_simulate_count_seats_from_1(tmp_path: Path) -> None:
    runner = CliRunner()
    texts = [runner.invoke(app, [command, "--help"]).output for command in ("play", "analyse")]
    state = grimoire.make("fatal", players=3).new_state(4)
    save = tmp_path / "fatal.json"
    save.write_text(json.dumps(state.to_json()), encoding="utf-8")
    seat = min(state.seats_to_act()) + 1
    analysed = runner.invoke(app, ["analyse", str(save), "--budget", "40", "--seat", str(seat)])
    assert analysed.exit_code == 0, analysed.output
    assert f"seat {seat}'s actions" in analysed.output
    simulated = runner.invoke(
        app, ["simulate", "ciub", "--games", "4", "--players", "3", "--workers", "1"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert "Seat 0" not in simulated.output and re.search(r"\b1\b", simulated.output)
    texts += [analysed.output, simulated.output]
    assert not wrong_seats("\n".join(texts), 3), wrong_seats("\n".join(texts), 3)[:10]
