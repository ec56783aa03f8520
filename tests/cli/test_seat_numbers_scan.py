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


def named(state: State, action: int) -> str:
    try:
        return state.action_to_string(action)
    except Exception:
        return ""


def refusals(state: State, seat: int, players: int, rng: random.Random) -> list[str]:
    """The refusals of some actions ``seat`` may not play now (up to 60 of the action space,
    the first ids of each kind among them), and of a move asked of a seat not to act."""
    game = state.game
    legal = set(state.legal_actions(seat))
    # the action space is sized for the most players: an action naming a seat this game has
    # not ("steal seat 5 row 1" at 3) is refused in its own words, which are right
    possible = [a for a in range(game.num_actions) if not wrong_seats(named(state, a), players)]
    kinds: dict[str, int] = {}
    for action in possible:
        kinds.setdefault(game.codec.decode(action).kind, action)
    pool = [a for a in possible if a not in legal]
    tried = {*kinds.values(), *rng.sample(pool, min(60, len(pool)))} - legal
    said = [state.why_illegal(action, seat) or "" for action in sorted(tried)]
    idle = [s for s in range(game.players) if s not in state.seats_to_act()]
    if idle and state.legal_actions(seat):
        said.append(state.why_illegal(state.legal_actions(seat)[0], idle[0]) or "")
    return said


def breakdown_texts(state: State) -> str:
    parts = []
    for viewer in [*range(state.game.players), None]:
        for row in state.game.score_breakdown(state, viewer):
            parts += [str(part["what"]) for part in row["parts"]]
    return "\n".join(parts)


@pytest.mark.parametrize(
    ("name", "players"), [(name, n) for name in GAMES for n in player_counts(name)]
)
@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_explanations_refusals_turn_summaries_and_breakdowns_count_seats_from_1(
    name: str, players: int, lang: str
) -> None:
    """``Game.explain`` of every legal action, ``State.why_illegal`` of refused ones, each
    seat's turn in short (``Game.turn_summary``) for every viewer, and the score breakdown at
    the end for every viewer: no seat 0, no seat past the player count."""
    state = grimoire.make(name, players=players).new_state(11, resolve_chance=False)
    game = state.game
    rng = random.Random(players * 7)
    bad: list[str] = []
    run: tuple[int, State] | None = None  # the seat whose run of decisions goes on, and before
    with language_scope(lang):
        for step in range(20000):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(state.sample_chance(), None)
                continue
            actor = min(state.seats_to_act())
            legal = state.legal_actions(actor)
            if step < 40 or rng.random() < 0.03:
                texts = [game.explain(state, action, actor) for action in legal]
                texts += refusals(state, actor, players, rng)
                bad += wrong_seats("\n".join(texts), players)
            if run is not None and run[0] != actor:
                for viewer in [*range(players), None]:
                    said = game.turn_summary(run[1], state, run[0], viewer) or ""
                    bad += wrong_seats(said, players)
                run = None
            if run is None:
                run = (actor, state.clone())
            state.apply(rng.choice(legal), actor)
        assert state.is_terminal(), f"{name} did not end"
        bad += wrong_seats(breakdown_texts(state), players)
    assert not bad, bad[:10]
