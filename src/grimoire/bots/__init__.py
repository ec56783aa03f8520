"""Bots: the ``Bot`` contract, a random bot, each game's heuristic bot, by name."""

from __future__ import annotations

from grimoire.bots.random_bot import RandomBot
from grimoire.bots.registry import BOT_KINDS, make_bot
from grimoire.core.bot import Bot

__all__ = ["BOT_KINDS", "Bot", "RandomBot", "make_bot"]
