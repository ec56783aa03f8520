"""grimoire: magic-themed tabletop games played by their exact rules.

The names below are loaded on first use (PEP 562), so ``import grimoire`` costs little more than
the interpreter's start; ``grimoire.make("ciub", 3)`` loads the engine and the registry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from grimoire import _build

# first of all: the compiled modules only if they are current, else pure Python throughout
BUILD = _build.activate()

if TYPE_CHECKING:
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

__version__ = "0.1.0"

# public name -> (module, attribute)
_LAZY = {
    "GrimoireError": ("grimoire.core.errors", "GrimoireError"),
    "IllegalAction": ("grimoire.core.errors", "IllegalAction"),
    "InvalidOptions": ("grimoire.core.errors", "InvalidOptions"),
    "InvalidPosition": ("grimoire.core.errors", "InvalidPosition"),
    "UnknownGame": ("grimoire.core.errors", "UnknownGame"),
    "Game": ("grimoire.core.game", "Game"),
    "GameRecord": ("grimoire.core.record", "GameRecord"),
    "CHANCE": ("grimoire.core.state", "CHANCE"),
    "TERMINAL": ("grimoire.core.state", "TERMINAL"),
    "State": ("grimoire.core.state", "State"),
    "game_class": ("grimoire.registry", "game_class"),
    "make": ("grimoire.registry", "make"),
    "game_names": ("grimoire.registry", "games"),
}


def __getattr__(name: str) -> Any:
    if name == "games":  # the package of the games; called, the registered names
        return importlib.import_module("grimoire.games")
    if name in _LAZY:
        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value  # once loaded, a plain attribute
        return value
    raise AttributeError(f"module 'grimoire' has no attribute {name!r}")


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
