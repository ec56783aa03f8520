"""Shared by the position tests (issue 22): a loaded state that must play on, and a guard that
turns a loader that never returns into a failure (not a timing check: a load takes milliseconds)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from grimoire.core.state import State


class Hang(BaseException):
    """A load or move still running after the guard's seconds (a procedure loop)."""


@contextmanager
def no_hang(seconds: int) -> Iterator[None]:
    """Raise ``Hang`` in the block if it runs longer than ``seconds``."""

    def stop(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s: the document hangs the loader")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def play_on(state: State) -> None:
    """Every legal action of every seat to act, on a clone, then every view: where a defect
    crashes; a finished game's winners are seats of the game."""
    for seat in sorted(state.seats_to_act()):
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to act with no legal action"
        for action in legal:
            after = state.clone()
            after.apply(action, seat)
            after.resolve_chance()
            for viewer in [None, *range(state.game.players)]:
                after.view(viewer)
    assert all(0 <= w < state.game.players for w in state.winners()), state.winners()
