"""grimoire: magic-themed tabletop games played by their exact rules."""

from grimoire.core.errors import (
    GrimoireError,
    IllegalAction,
    InvalidOptions,
    InvalidPosition,
    UnknownGame,
)
from grimoire.core.game import Game
from grimoire.core.record import GameRecord
from grimoire.core.state import CHANCE, TERMINAL, State
from grimoire.registry import game_class, games, make

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameRecord",
    "GrimoireError",
    "IllegalAction",
    "InvalidOptions",
    "InvalidPosition",
    "State",
    "UnknownGame",
    "game_class",
    "games",
    "make",
]
