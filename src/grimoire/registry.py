"""The table of games: built-in packages plus any installed plugin.

A plugin registers a game with an entry point in the group ``grimoire.games``
(``name = "package.module:GameClass"``), or in one process with ``register(name, target)`` (a
test session, a notebook); nothing else in grimoire needs to change. ``BUILTIN`` is the games
that ship with grimoire, and only those.
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
# games registered in this process (``register``), after the built-in ones and the plugins
REGISTERED: dict[str, str] = {}


def register(name: str, target: str) -> None:
    """Register the game ``target`` (``"package.module:GameClass"``) as ``name`` in this process,
    as an installed plugin would be (other processes do not see it). A name already taken by
    another game is refused."""
    key = name.lower()
    taken = _table().get(key)
    if taken is not None and taken != target:
        raise UnknownGame(f"the game name {name!r} is taken by {taken}")
    REGISTERED[key] = target


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
    for name, value in REGISTERED.items():
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
