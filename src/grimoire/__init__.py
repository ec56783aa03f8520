"""grimoire: magic-themed tabletop games played by their exact rules."""

import sys
import types

from grimoire import _build

# first of all: the compiled modules only if they are current, else pure Python throughout
BUILD = _build.activate()

import grimoire.games  # noqa: F401 - bound first, then made callable below
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
from grimoire.registry import game_class, make
from grimoire.registry import games as game_names


class _GamesPackage(types.ModuleType):
    """``grimoire.games`` is the package of the built-in games and, called, the list of
    registered game names: ``import grimoire.games.ciub.rules`` and ``grimoire.games()`` both
    work (a plain function of that name would hide the package from dotted imports)."""

    def __call__(self) -> list[str]:
        return game_names()


sys.modules["grimoire.games"].__class__ = _GamesPackage

__version__ = "0.1.0"

__all__ = [
    "BUILD",
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
    "game_names",
    "games",
    "make",
]
