"""Japanese and German boards in an 80-column terminal: text is wrapped (by display width: an East
Asian wide character takes two columns), never cut with "…", and no line is wider than 80."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import grimoire
from grimoire.core.i18n import language_scope
from grimoire.core.state import State

GAMES = [("ciub", 2), ("runika", 2), ("five-seals", 2), ("fatal", 3)]


def _positions(name: str, players: int) -> list[State]:
    """A few positions along a seeded random game."""
    game = grimoire.make(name, players=players)
    state, rng, found = game.new_state(5), random.Random(5), []
    for step in range(240):
        if state.is_terminal():
            break
        if state.is_chance():
            state.resolve_chance()
            continue
        if step % 40 == 0:
            found.append(state.clone())
        seat = min(state.seats_to_act())
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return found


def _board(state: State, lang: str) -> str:
    out = io.StringIO()
    with language_scope(lang):
        seat = min(state.seats_to_act())
        Console(file=out, width=80, color_system=None).print(state.game.render_text(state, seat))
    return out.getvalue()


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("lang", ["ja", "de"])
def test_boards_wrap_at_80_columns_and_cut_nothing(name: str, players: int, lang: str) -> None:
    for state in _positions(name, players):
        text = _board(state, lang)
        assert "…" not in text
        assert max(cell_len(line) for line in text.splitlines()) <= 80


def test_a_japanese_rune_text_is_all_there() -> None:
    """Runika's rune texts (the 'about' column) come out whole, only folded over lines."""
    state = _positions("runika", 2)[0]
    text = _board(state, "ja")
    # the last column of the runes' table, its pieces over the lines joined
    joined = "".join(
        line.split("│")[-2].strip() for line in text.splitlines() if line.count("│") == 4
    )
    joined = re.sub(r"\s", "", joined)
    with language_scope("ja"):
        from grimoire.games.runika.render_text import rune_line

        lines = [rune_line(slot["rune"]) for slot in state.view(0)["display"] if slot["rune"]]
    assert lines
    for line in lines:
        plain = re.sub(r"\s", "", line.plain if hasattr(line, "plain") else str(line))
        assert plain in joined
