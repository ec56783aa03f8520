"""grimoire: magic-themed tabletop games played by their exact rules.

The names below are loaded on first use (PEP 562), so ``import grimoire`` costs little more than
the interpreter's start; ``grimoire.make("ciub", 3)`` loads the engine and the registry.
"""

from __future__ import annotations

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

_ERRORS = ("GrimoireError", "IllegalAction", "InvalidOptions", "InvalidPosition", "UnknownGame")


def __getattr__(name: str) -> Any:
    value = _load(name)
    globals()[name] = value  # once loaded, a plain attribute
    return value


def _load(name: str) -> Any:
    """The public name ``name``, imported on first use. Every import is a plain import
    statement, so the layer contract (import-linter) sees it; none is made by a string."""
    if name in _ERRORS:
        from grimoire.core import errors

        return getattr(errors, name)
    if name == "Game":
        from grimoire.core.game import Game

        return Game
    if name == "GameRecord":
        # a record replays its game by name: loading the registry installs its factory
        from grimoire import registry
        from grimoire.core.record import GameRecord

        return GameRecord
    if name in ("CHANCE", "TERMINAL", "State"):
        from grimoire.core import state

        return getattr(state, name)
    if name in ("game_class", "make", "game_names"):
        from grimoire import registry

        return getattr(registry, "games" if name == "game_names" else name)
    if name == "games":  # the package of the games (a plain package; names: game_names())
        import grimoire.games

        return grimoire.games
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
    "make",
]
