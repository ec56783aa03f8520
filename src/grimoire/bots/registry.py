"""Bots by name, for the CLI, the web app and simulations.

Names (case-insensitive):

* ``random``: uniformly random legal moves; ``random:progress`` never backs out
  (``State.progress_actions``).
* ``heuristic``: the game's own heuristic bot (refused for a game that ships none).
* ``mcts`` / ``ismcts`` with an optional budget and settings, e.g. ``mcts:1s``, ``mcts:2000``,
  ``ismcts:0.5s``, ``mcts:500/1s`` (both limits), ``mcts:2000:depth=4:c=0.8``; the default
  budget is the game's ``hard`` iterations (``Game.search_iterations``). Settings: ``depth``
  (rollout decisions before ``evaluate``), ``c`` (exploration), ``prior`` (bias to the
  heuristic's choice), ``widen`` (actions tried before widening), ``chance``
  (``open``/``closed``), ``rollout`` (``heuristic``/``random``), ``turn`` (a turn's decisions
  share this many budgets), ``reuse`` (1: keep the subtree of the chosen action for the seat's
  next decision, the default; 0: a new tree every time), ``deal`` (``informed``, the default:
  hidden things re-dealt weighed by what the seat saw of play, where the game says how;
  ``uniform``: evenly).
* ``search``: the game's search (``search_kind``): ``ismcts`` for a game with simultaneous
  decisions or hidden information that matters (F.A.T.A.L.), else ``mcts`` (Ciúb, Five Seals);
  same budgets and settings.
* Levels: ``easy``, ``normal``, ``hard``: iteration budgets from the game's
  ``Game.search_iterations`` (``level_bot``; docs/bots.md). A game without a heuristic plays
  ``easy`` as the search at a small budget (``EASY_WITHOUT_HEURISTIC``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from grimoire.bots.budget import Budget
from grimoire.bots.ismcts import IsmctsBot
from grimoire.bots.mcts import MctsBot
from grimoire.bots.random_bot import RandomBot
from grimoire.bots.search import SearchBot
from grimoire.core.bot import Bot
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game

# What each level plays, as iteration budgets (the same moves on any machine): ``hard``
# searches the game's ``Game.search_iterations`` per decision (calibrated once to about 1 CPU s
# on an idle core, docs/bots.md), ``normal`` a quarter of it; both share a turn's budget among
# its decisions (``turn=``: a turn costs at most about 3 decision budgets plus small shares).
# ``easy`` is the game's heuristic. ``level_bot`` gives the bot name a level plays in a game; a
# time budget stays available by name (``search:1s``).
LEVELS: dict[str, str] = {
    "easy": "heuristic",
    "normal": "search:{normal}:turn={turn}",
    "hard": "search:{hard}:turn={turn}",
}
HARD_ITERATIONS = 1000  # for a game that declares no ``search_iterations``
NORMAL_SHARE = 4  # normal searches 1/4 of hard's iterations
EASY_SHARE = 20  # easy, in a game without a heuristic: the search at 1/20 of hard's
TURN_BUDGETS = 3  # a turn's decisions share this many decision budgets
EASY_WITHOUT_HEURISTIC = "search:{easy}"
BOT_KINDS = ("random", "heuristic", "mcts", "ismcts", "search", *LEVELS)

_SETTINGS: dict[str, tuple[str, type]] = {
    "depth": ("depth", int),
    "c": ("exploration", float),
    "prior": ("prior_weight", float),
    "widen": ("widen_base", int),
    "chance": ("chance", str),
    "rollout": ("rollout", str),
    "turn": ("turn", float),
    "reuse": ("reuse", int),
    "deal": ("deal", str),
}


def default_bot(game: Game) -> str:
    """The bot a command uses when none is named: the game's heuristic if it ships one, else
    the ``easy`` level (a small search), each under its own name."""
    return "heuristic" if game.capabilities.heuristic else "easy"


def level_bot(level: str, game: Game) -> str:
    """The bot name ``level`` (easy, normal, hard) plays in ``game``: ``search:1100:turn=3``."""
    hard = game.search_iterations or HARD_ITERATIONS
    template = LEVELS[level]
    if level == "easy" and not game.capabilities.heuristic:
        template = EASY_WITHOUT_HEURISTIC
    return template.format(
        hard=hard,
        normal=max(1, hard // NORMAL_SHARE),
        easy=max(1, hard // EASY_SHARE),
        turn=TURN_BUDGETS,
    )


def search_kind(game: Game) -> str:
    """The search for ``search`` and the levels: the game's declared ``Game.search_kind``."""
    return game.search_kind


def parse_settings(parts: list[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key = key.strip().lower()
        if not sep or key not in _SETTINGS:
            raise InvalidOptions(
                f"unknown search setting {part!r}; settings: {', '.join(_SETTINGS)} (key=value)"
            )
        name, kind = _SETTINGS[key]
        try:
            settings[name] = kind(value.strip())
        except ValueError as error:
            raise InvalidOptions(f"search setting {key} needs a {kind.__name__}: {error}") from None
    for name, allowed in (
        ("chance", ("open", "closed")),
        ("rollout", ("heuristic", "random")),
        ("deal", ("informed", "uniform")),
        ("reuse", (0, 1)),
    ):
        if name in settings and settings[name] not in allowed:
            raise InvalidOptions(f"{name} must be one of {', '.join(map(str, allowed))}")
    if "reuse" in settings:
        settings["reuse"] = bool(settings["reuse"])
    if "turn" in settings and not settings["turn"] >= 1:
        raise InvalidOptions(f"turn shares at least 1 decision budget, not {settings['turn']:g}")
    return settings


BotFactory = Callable[[Game, int | None], Bot]
_PLUGINS: dict[str, BotFactory] = {}
_ENTRY_POINTS_READ: list[bool] = []


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``factory(game, seed)`` a bot name for every layer that reads bot names in this
    process (terminal, simulations, studies, the web); ``grimoire.bots.from_policy`` makes a
    trained policy one. Installed packages declare theirs as entry points in the group
    ``grimoire.bots`` (read on first use, so other processes find them too)."""
    key = name.strip().lower()
    base = key.partition(":")[0]
    if not key or ":" in key or base in BOT_KINDS:
        raise InvalidOptions(f"a bot name is a new word without ':', not {name!r}")
    _PLUGINS[key] = factory


def plugin_bots() -> dict[str, BotFactory]:
    """Registered bot names (``register_bot`` and the ``grimoire.bots`` entry points)."""
    if not _ENTRY_POINTS_READ:
        _ENTRY_POINTS_READ.append(True)
        from importlib.metadata import entry_points

        for point in entry_points(group="grimoire.bots"):
            _PLUGINS.setdefault(point.name.lower(), point.load())
    return _PLUGINS


def make_bot(kind: str, game: Game, seed: int | None = None) -> Bot:
    """A bot of ``kind`` for ``game`` (see the module docstring for the names)."""
    text = kind.strip().lower()
    if text in LEVELS:
        text = level_bot(text, game)
    base, _, rest = text.partition(":")
    if base == "random" and rest in ("", "progress"):
        return RandomBot(seed, progress=rest == "progress")
    if base == "heuristic" and not rest:
        bot = game.heuristic_bot(seed) if game.capabilities.heuristic else None
        if bot is None:
            raise InvalidOptions(
                f"{game.title} ships no heuristic bot; bots: random, search, mcts, ismcts, "
                "easy, normal, hard"
            )
        return bot
    if base == "search":
        base = search_kind(game)
    if base in ("mcts", "ismcts"):
        parts = rest.split(":") if rest else []
        # No budget named: the hard level's iterations (the same moves on any machine).
        budget = Budget(iterations=game.search_iterations or HARD_ITERATIONS)
        if parts and "=" not in parts[0]:
            budget = Budget.parse(parts.pop(0))
        cls: type[SearchBot] = MctsBot if base == "mcts" else IsmctsBot
        bot = cls(seed, budget, **parse_settings(parts))
        bot.name = text
        return bot
    factory = plugin_bots().get(text)
    if factory is not None:
        return factory(game, seed)
    raise InvalidOptions(
        f"no bot called {kind!r}; bots: {', '.join(BOT_KINDS + tuple(plugin_bots()))} "
        "(search bots take a budget: mcts:1s, mcts:2000, ismcts:0.5s)"
    )
