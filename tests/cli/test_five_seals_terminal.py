"""Five Seals in the terminal: the board drawn as paths from the hall, a map of what the
player to act can reach (breakable, in reach, blocked), and the spells' texts on request."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import grimoire
from grimoire.cli.main import app
from grimoire.games.five_seals.components import LOADER
from grimoire.games.five_seals.frames import Decision
from grimoire.games.five_seals.reach import breakable, targets
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.games.five_seals.text_map import board_map, surroundings

LABEL = re.compile(r"(\d?[A-Za-z][A-Za-z0-9]*):(\S+)((?: [@fG]\d?)*)(?: ([!*x]))?")


def text_of(renderable: object, width: int = 100) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def in_play(seed: int, moves: int) -> FiveSealsState:
    state = grimoire.make("five-seals", players=3).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.play(rng.choice(state.legal_actions()))
    assert isinstance(state, FiveSealsState)
    return state


def labels(text: str) -> dict[str, tuple[str, str, str]]:
    found: dict[str, tuple[str, str, str]] = {}
    for node, content, figures, mark in LABEL.findall(text.split("Legend:")[0]):
        assert node not in found, f"{node} drawn twice"
        found[node] = (content, figures, mark)
    return found


def test_the_whole_board_is_drawn_once_with_its_joins() -> None:
    state = in_play(4, 150)
    board = state.board
    text = text_of(board_map(state, 0))
    drawn = labels(text)
    assert set(drawn) == {node.id for node in board.nodes}
    for line in text.splitlines():
        for node, joined in re.findall(r"(\S+):\S+[^↔\n]* ↔ ([\w,]+)", line):
            for other in joined.split(","):
                assert board.index[other] in board.adj[board.index[node]], (node, other)
    for node, (content, _, _) in drawn.items():
        index = board.index[node]
        if state.token[index] >= 0:  # a seal shows its colour letter and strength
            code = state.token[index]
            assert content == f"{state.comp.letters[code // 10]}{code % 10}"
    one = labels(text_of(board_map(state, 0, wedge=2)))
    assert set(one) == {"H"} | {n.id for n in board.nodes if n.wedge == 2}


def test_the_reach_map_marks_what_can_be_broken_and_what_blocks() -> None:
    checked = 0
    for seed in range(3):
        state = in_play(seed, 120)
        if state.phase != "play" or state.is_chance():
            continue
        frame = state.stack[-1]
        assert isinstance(frame, Decision)  # every Five Seals frame is one
        seat = int(frame.s)
        drawn = labels(text_of(surroundings(state, seat)))
        ids = state.board.node_id
        can = {ids(n) for n in breakable(state, seat)}
        reach = {ids(n) for n in targets(state, seat)}
        assert {n for n, (_, _, mark) in drawn.items() if mark == "!"} == can
        assert {n for n, (_, _, mark) in drawn.items() if mark == "*"} == reach - can
        for node, (_, _, mark) in drawn.items():
            if mark == "x":  # a seal at the edge that a figure or a guardian blocks
                index = state.board.index[node]
                assert node not in reach and (state.token[index] >= 0 or state.card[index] >= 0)
        # the map counts seats from 1, as people do
        assert f"@{seat + 1}" in "".join(figures for _, figures, _ in drawn.values())
        checked += 1
    assert checked


def test_map_spells_and_legend_commands() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "five-seals", "--players", "2", "--seed", "3"],
        input="map\nmap 9\nspells Leap\nspells Fly\nlegend\nquit\nn\n",
    )
    assert result.exit_code == 130, result.output
    text = " ".join(result.output.split())
    assert "'map' (the whole board" in text  # listed by the start message and 'help'
    assert "Board H:hall @1 @2" in text
    assert "wedges are numbered 0..5" in text
    assert "Leap over a reachable unblocked token" in text
    assert "No spell called 'Fly'" in text
    assert "Legend: 0J:R3 node 0J" in text


def _every_case(name: str) -> list[str]:
    return sorted({name, name.lower(), name.upper(), name.swapcase(), name.title()})


# the 100 spell scrolls and Binding (card 100, every player's first scroll)
SCROLL_NAMES = [
    name for card in range(101) for name in _every_case(LOADER.load(None).card_name(card))
]


@pytest.mark.parametrize("name", SCROLL_NAMES)
def test_spells_shows_every_scroll_by_name_in_any_case(name: str) -> None:
    """'spells Binding' once raised IndexError (Binding is no family of the spell list) and
    ended the game: every scroll's name, in every case, shows its row."""
    state = in_play(2, 0)
    shown = text_of(state.game.text_topic(state, 0, "spells", name), width=160)
    card = state.comp.card_by_name(name)
    assert card is not None
    spell = "Binding" if card == 100 else state.comp.spells[card // 5].name
    assert f"│ {spell} " in shown, shown
    assert "No spell called" not in shown


def test_spells_binding_in_the_terminal_keeps_the_game() -> None:
    result = CliRunner().invoke(
        app,
        ["play", "five-seals", "--players", "2", "--seed", "3"],
        input="spells Binding\nspells binding\nspells BINDING\nmap\nquit\nn\n",
    )
    assert result.exit_code == 130, result.output  # quit, not a crash
    text = " ".join(result.output.split())
    assert "IndexError" not in text and "Traceback" not in text
    assert text.count("Binding") >= 3
    assert "Board H:hall" in text  # the game went on after 'spells Binding'


def test_illegal_actions_say_why_and_change_nothing() -> None:
    from grimoire.core.errors import IllegalAction

    said: set[str] = set()
    for seed in range(3):
        state = in_play(seed, 0)
        rng = random.Random(seed)
        while not state.is_terminal() and state.step < 400:
            if not state.is_chance():
                before = state.to_json()
                node = rng.choice(state.board.nodes).id
                for text in (f"break {node}", "end round", "take R", "use Leap of Fire"):
                    action = state.parse_action(text)
                    if action in state.legal_actions():
                        continue
                    with pytest.raises(IllegalAction) as caught:
                        state.apply(action)
                    message = str(caught.value)
                    assert message.startswith(f"'{text}' is not possible: ")
                    assert "legal now:" in message
                    said.update(
                        reason
                        for reason in (
                            "holds no seal",
                            "is out of your reach",
                            "adding up to",
                            "blocked by seat",
                            "you must break a seal while you can",
                            "you hold no face-up Leap of Fire",
                            "not the decision now",
                        )
                        if reason in message
                    )
                assert state.to_json() == before
            state.play(rng.choice(state.legal_actions()))
    assert len(said) >= 6, said


def test_scroll_names_stay_whole_at_80_columns() -> None:
    state = in_play(2, 700)
    text = text_of(state.game.render_text(state, 0), width=80)
    assert max(len(line) for line in text.splitlines()) <= 80
    for hand in state.hands:
        for card, _, _ in hand:
            name = state.comp.card_name(card)
            assert name in text, name  # on one line, not split where it wrapped
