"""grimoire: magic-themed tabletop games played by their exact rules."""

# Import the ``grimoire.games`` package first: importing a subpackage binds its name on the
# parent once, and the function ``games`` below must win that name for good.
import grimoire.games as _games_package  # noqa: F401
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
