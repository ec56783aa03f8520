"""Ciúb in the terminal: every die label names its die (identical dice included), illegal
actions say why, a legend, card rows that fit 80 columns, and an SVG board."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from tests.rules.ciub.ciub_helpers import new_state

import grimoire
from grimoire.cli.play import _chosen
from grimoire.core.errors import IllegalAction
from grimoire.games.ciub.state import CiubState
from grimoire.games.ciub.view import unseen_cards

DIE_KINDS = ("use", "target", "set aside", "return", "trade", "whiten")


def positions(players: int = 3, games: int = 4) -> Iterator[CiubState]:
    """Positions of random games, a person's turn each."""
    game = grimoire.make("ciub", players=players)
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state(seed)
        while not state.is_terminal():
            assert isinstance(state, CiubState)
            yield state
            state.play(rng.choice(state.legal_actions()))


def identical(s: CiubState, a: int, b: int) -> bool:
    return (s.c.die_colour[a], s.loc[a], s.face[a], s.tray[a], s.spent[a]) == (
        s.c.die_colour[b],
        s.loc[b],
        s.face[b],
        s.tray[b],
        s.spent[b],
    )


def test_every_identical_die_can_be_named() -> None:
    """The rules offer one die of a set of identical dice; its twins' labels name the same
    move (``target R6`` when ``target R2`` is offered), so a label never stops working."""
    checked = 0
    for s in positions():
        by = getattr(s.stack[-1], "by", None) if s.stack else None
        for action in s.legal_actions():
            text = s.action_to_string(action)
            match = re.fullmatch(r"(use|target|set aside|return|trade|whiten) (\w+)", text)
            if not match:
                continue
            offered = s.c.die_by_label(match.group(2))
            assert offered is not None
            if offered == by:  # the acting die is no twin of any other: it targets itself
                continue
            for twin in range(s.c.num_dice):
                if twin in (offered, by) or not identical(s, offered, twin):
                    continue
                named = f"{match.group(1)} {s.c.die_label[twin]}"
                assert s.parse_action(named) == action, named
                checked += 1
    assert checked > 50  # the situation is common: the test saw it


def test_a_twin_label_is_taken_with_a_note() -> None:
    for s in positions():
        if s.phase != "set_aside":
            continue
        mine = [d for d, w in enumerate(s.loc) if w == s.turn and not s.tray[d] and s.face[d] >= 0]
        twins = [(a, b) for a in mine for b in mine if a < b and identical(s, a, b)]
        if not twins:
            continue
        a, b = twins[0]
        out = io.StringIO()
        console = Console(file=out, width=100, color_system=None)
        label = s.c.die_label[b]
        action = _chosen(s, s.turn, f"set aside {label}", s.legal_actions(), console)
        assert s.action_to_string(action) == f"set aside {s.c.die_label[a]}"
        assert "the same move" in out.getvalue()
        return
    pytest.fail("no position with two identical free dice")


REASONS = {
    "claim": ("is done in phase 3", "does not meet card", "not face up in the rows", "marker"),
    "mark": ("is done in phase 1", "marker", "not face up in the rows"),
    "use": ("is not one of your dice", "in your tray", "has not been rolled", "shows"),
}


def test_illegal_actions_say_why_and_change_nothing() -> None:
    rng = random.Random(5)
    said: dict[str, set[str]] = {kind: set() for kind in REASONS}
    for s in positions(games=2):
        before = s.to_json()
        legal = set(s.legal_actions())
        for kind in REASONS:
            if kind == "use":
                text = f"use {s.c.die_label[rng.randrange(s.c.num_dice)]}"
            else:
                text = f"{kind} {rng.choice(sorted(s.c.cards))}"
            try:
                action = s.parse_action(text)
            except IllegalAction:
                continue
            if action in legal:
                continue
            with pytest.raises(IllegalAction) as caught:
                s.apply(action)
            message = str(caught.value)
            assert message.startswith(f"'{s.action_to_string(action)}' is not possible: ")
            assert "legal now:" in message
            said[kind].update(r for r in REASONS[kind] if r in message)
        assert s.to_json() == before
    for kind, reasons in REASONS.items():
        assert said[kind] == set(reasons), kind  # each kind of reason was given


def test_the_board_fits_80_columns_with_whole_cards_and_a_legend() -> None:
    for players in (2, 4):
        game = grimoire.make("ciub", players=players)
        state = new_state(game, 3)
        out = io.StringIO()
        Console(file=out, width=80, color_system=None).print(game.render_text(state, 0))
        lines = out.getvalue().splitlines()
        assert max(len(line) for line in lines) <= 80
        assert any(line.startswith("Legend:") for line in lines)
        board = out.getvalue().split("Legend:")[0]
        cards = re.findall(r"\[\s*(\d+)\] [^\s]+ \d+VP", board)
        assert len(cards) == len(state.top) + len(state.bottom)  # no card split over lines


def test_svg_board_shows_the_public_position() -> None:
    game = grimoire.make("ciub", players=3)
    state = new_state(game, 8)
    svg = game.render_svg(state, 0)
    assert svg is not None and svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    for card in state.top + state.bottom:
        assert f'data-card="{card}"' in svg
    for die, where in enumerate(state.loc):
        if where >= 0:
            assert f'data-die="{state.c.die_label[die]}"' in svg
    for hidden in unseen_cards(state):
        assert f'data-card="{hidden}"' not in svg  # the pile and the box stay face down
