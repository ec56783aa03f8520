"""What the lobby offers: the registered games with the options a visitor may set, and the bot
levels."""

from __future__ import annotations

import functools
import logging
from typing import Any

import grimoire
from grimoire.bots import LEVELS as BOT_LEVELS
from grimoire.bots.registry import default_bot
from grimoire.core.game import Game
from grimoire.core.i18n import game_text
from grimoire.core.options import Option
from grimoire.registry import game_class, games
from grimoire.web.errors import Unprocessable

log = logging.getLogger("grimoire.web")

# Bots a lobby offers: the plain ones and the named levels (raw search settings are for the CLI).
LEVELS = ("random", "heuristic", *BOT_LEVELS)


def default_level(game: Game) -> str:
    """The level of a bot seat that names none: the game's heuristic, or ``easy`` for a game
    that ships no heuristic (``bots.default_bot``)."""
    return default_bot(game)


def server_only(option: Option) -> bool:
    """Free-text string options (file paths and the like) are server settings: the web app
    keeps their defaults, so a visitor cannot make the server read a file of their choice."""
    return option.choices is None and option.kind is str


def refuse_server_options(cls: type[Game], options: dict[str, Any]) -> None:
    for option in cls.declared_options:
        if (
            server_only(option)
            and option.name in options
            and options[option.name] != option.default
        ):
            raise Unprocessable(
                f"option {option.name!r} is a server setting; the web app keeps its default"
            )


def catalog_doc() -> list[dict[str, Any]]:
    """Every registered game's facts at its default player count (for the create form), its
    options' words in this context's language."""
    entries = []
    for name in games():
        try:
            cls = game_class(name)
            facts = grimoire.make(name, players=cls.min_players).facts()
        except Exception:  # a broken plugin must not break the lobby
            log.exception("game %s cannot be offered", name)
            continue
        entries.append(
            {
                "name": facts["name"],
                "title": facts["title"],
                "min_players": facts["min_players"],
                "max_players": facts["max_players"],
                # keys and values as declared; label, help and choice_labels in the language
                "declared_options": [
                    option.shown(functools.partial(game_text, cls))
                    for option in cls.declared_options
                    if not server_only(option)
                ],
                "hidden_information": facts["hidden_information"],
                "simultaneous_decisions": facts["simultaneous_decisions"],
                # the bot a lobby seat gets by default: heuristic, or easy without one
                "default_level": "heuristic" if facts["capabilities"]["heuristic"] else "easy",
            }
        )
    return entries
