"""The terminal: ``render_text`` of a mid-game state fits 80 columns and shows the grids with
the disc's sides, storage, professors, the runes on display with their patterns and the points;
a person plays a 3-player Luniorn game and a solo game to the end through the generic CLI."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from tests.rules.runika.rk_helpers import new_state, runika_state

from grimoire.cli.play import new_session, run
from grimoire.games.runika.game import RunikaGame
from grimoire.games.runika.state import RunikaState
from grimoire.games.runika.text import ENDED_TEXT


def mid_game(players: int, options: dict[str, object], rounds: int) -> RunikaState:
    game = RunikaGame(players, options)
    state = new_state(game, 5)
    rng = random.Random(1)
    while state.round <= rounds and not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance())
            continue
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_render_text_of_a_mid_game_state_fits_80_columns_and_shows_the_table() -> None:
    state = mid_game(3, {"luniorn": True}, 2)
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(state.game.render_text(state, 0))
    text = out.getvalue()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "round 3" in text and "Luniorn" in text and "Simza" in text  # professors
    assert "store:" in text and "pts" in text  # storage and points
    assert "a  b  c  d" in text  # the grid's lanes
    # the disc: green on one side of every grid; the other three colours on the others
    assert text.count("G G G G") + text.count("   G  ") >= 3
    for stack in state.display:  # every rune on display, by name, with its pattern
        rune = state.comp.runes[stack[-1]]
        assert rune.id in text
    assert "pattern" in text


@pytest.mark.parametrize(
    ("players", "options"), [(3, {"luniorn": True}), (1, {"solo_professor": "simza"})]
)
def test_a_person_plays_a_game_to_the_end_in_the_terminal(
    tmp_path: Path, players: int, options: dict[str, object]
) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    session = new_session("runika", players, ["heuristic"], 17, options, seat=0)
    rng = random.Random(3)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        legal = session.state.legal_actions(0)
        return str(rng.randrange(1, len(legal) + 1))

    code = run(session, console, ask, tmp_path / "save.json")
    assert code == 0 and session.state.is_terminal()
    assert "Score" in out.getvalue()  # the final table
    # why it ended, in words (a solo game says whether you won or lost)
    ended = runika_state(session.state).ended
    assert ENDED_TEXT[ended] in out.getvalue()
    if players == 1:
        assert ended in ("solo_win", "solo_loss")
    assert prompts
