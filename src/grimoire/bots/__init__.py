"""Bots: the ``Bot`` contract, a random bot, each game's heuristic bot, search bots (``mcts``,
``ismcts``) and levels, by name (and any registered with ``register_bot``); ``from_policy``
seats a trained policy; ``analysis`` of a position."""

from __future__ import annotations

from grimoire.bots.budget import Budget
from grimoire.bots.evaluation import evaluate
from grimoire.bots.ismcts import IsmctsBot
from grimoire.bots.mcts import MctsBot
from grimoire.bots.policy import PolicyBot, from_policy
from grimoire.bots.random_bot import RandomBot
from grimoire.bots.registry import BOT_KINDS, LEVELS, make_bot, plugin_bots, register_bot
from grimoire.core.bot import Bot

__all__ = [
    "BOT_KINDS",
    "LEVELS",
    "Bot",
    "Budget",
    "IsmctsBot",
    "MctsBot",
    "PolicyBot",
    "RandomBot",
    "evaluate",
    "from_policy",
    "make_bot",
    "plugin_bots",
    "register_bot",
]
