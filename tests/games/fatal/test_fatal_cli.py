"""The terminal: a person plays a full 4-player F.A.T.A.L. game against the heuristic bots to
the final score (through the generic CLI, with the game registered for the test only); the
person's screen shows the reveal as a prompt of its own seat and never another seat's hand."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

from rich.console import Console
from tests.rules.fatal.fatal_helpers import fatal_state

from grimoire.cli.play import new_session, run


def test_a_person_plays_a_full_four_player_game_in_the_terminal(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    session = new_session("fatal", 4, ["heuristic"], 17, {}, seat=0)
    rng = random.Random(3)
    prompts: list[str] = []
    hands_seen: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        state = fatal_state(session.state)
        legal = state.legal_actions(0)
        # what this screen has shown so far must not name a vision in another hand unseen
        hidden = {
            state.comp.card_name(state.kind(c))
            for s in range(1, 4)
            for c in state.hands[s]
            if state.comp.is_vision(state.kind(c)) and not state.ck[c] & 1
        }
        shown = out.getvalue()[len("".join(hands_seen)) :]
        hands_seen.append(shown)
        leaked = hidden & set(re.findall(r"\bV\d\d\b", shown))
        assert not leaked, leaked
        return str(rng.randrange(1, len(legal) + 1))

    code = run(session, console, ask, tmp_path / "save.json")
    text = out.getvalue()
    assert code == 0 and session.state.is_terminal()
    assert "game over" in text
    assert prompts  # the person was asked
