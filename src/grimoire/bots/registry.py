"""Bots by name, for the CLI, the web app and simulations."""

from __future__ import annotations

from grimoire.bots.random_bot import RandomBot
from grimoire.core.bot import Bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game

BOT_KINDS = ("random", "heuristic")


def make_bot(kind: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``kind`` for ``game``: "random", or "heuristic" (the game's own heuristic
    bot; a game without one gets the random bot)."""
    kind = kind.strip().lower()
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        bot = game.heuristic_bot(seed)
        return bot if bot is not None else RandomBot(seed)
    raise InvalidOptions(f"no bot called {kind!r}; bots: {', '.join(BOT_KINDS)}")
