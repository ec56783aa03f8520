"""The facts of one live game that a room's helpers read (``rooms.Room`` holds them): a
protocol, so that the helpers never import the room."""

from __future__ import annotations

from typing import Protocol

from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.web.history import Line
from grimoire.web.store import Seat


class Table(Protocol):
    id: str
    game: Game
    title: str
    seed: int
    status: str
    version: int  # the number of log entries so far
    seats: list[Seat]
    state: State
    # the state where the final run of one seat's actions began (undo never goes past it)
    base: State
    lines: list[Line]
