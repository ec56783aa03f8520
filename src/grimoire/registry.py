"""The table of games: built-in packages plus any installed plugin.

A plugin registers a game with an entry point in the group ``grimoire.games``
(``name = "package.module:GameClass"``); nothing else in grimoire needs to change.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

from grimoire.core.errors import UnknownGame
from grimoire.core.game import Game
from grimoire.core.record import use_game_factory

BUILTIN: dict[str, str] = {
    "ciub": "grimoire.games.ciub:CiubGame",
    "five-seals": "grimoire.games.five_seals:FiveSealsGame",
    "fatal": "grimoire.games.fatal:FatalGame",
    "runika": "grimoire.games.runika:RunikaGame",
}
ALIASES: dict[str, str] = {"ciúb": "ciub"}


@functools.cache
def _plugins() -> tuple[tuple[str, str], ...]:
    """Installed plugins, scanned once per process: the scan reads every installed package's
    metadata (40 ms here), and the web app looks games up on every table it creates or loads."""
    from importlib.metadata import entry_points  # on first use: 14 ms at import

    return tuple((point.name, point.value) for point in entry_points(group="grimoire.games"))


def _table() -> dict[str, str]:
    table = dict(BUILTIN)
    for name, value in _plugins():
        table.setdefault(name, value)
    return table


def games() -> list[str]:
    """Names of the registered games."""
    return sorted(_table())


def game_class(name: str) -> type[Game]:
    key = ALIASES.get(name.lower(), name.lower())
    table = _table()
    if key not in table:
        raise UnknownGame(f"no game called {name!r}; games: {', '.join(sorted(table))}")
    module_name, _, attribute = table[key].partition(":")
    cls = getattr(importlib.import_module(module_name), attribute)
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise UnknownGame(f"{table[key]} is not a grimoire Game")
    return cls


def make(name: str, players: int | None = None, **options: Any) -> Game:
    """A game by name, for ``players`` seats (default: its minimum) with ``options``."""
    cls = game_class(name)
    return cls(cls.min_players if players is None else players, options)


use_game_factory(make)
