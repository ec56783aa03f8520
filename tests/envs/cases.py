"""Which games, player counts and options the environment tests play.

Every registered game (``grimoire.game_names()``, so a game registered later is covered at once)
and the toys. Each game gets two cases: its minimum player count with the default options,
and its maximum player count with the last value of every option that lists choices (or
``True`` for a flag), falling back to the default where that player count refuses it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from tests.toys import TOY_GAMES

import grimoire
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game

TOYS = sorted(TOY_GAMES)
GAMES = sorted(grimoire.game_names())
HIDDEN_TOY = "toy_duel"  # sealed decision, hidden hands


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def id(self) -> str:
        shown = "".join(f"-{key}={value}" for key, value in self.options.items())
        return f"{self.game}-{self.players}p{shown}"

    def kwargs(self, **extra: Any) -> dict[str, Any]:
        return {"players": self.players, **self.options, **extra}

    def make(self, **extra: Any) -> Game:
        return grimoire.make(self.game, self.players, **{**self.options, **extra})


def game_class(name: str) -> type[Game]:
    if name in TOY_GAMES:
        module, _, attribute = TOY_GAMES[name].partition(":")
        cls: object = getattr(importlib.import_module(module), attribute)
        assert isinstance(cls, type) and issubclass(cls, Game)
        return cls
    return grimoire.game_class(name)


def cases_of(name: str) -> list[Case]:
    cls = game_class(name)
    cases = [Case(name, cls.min_players)]
    options: dict[str, Any] = {}
    for option in cls.declared_options:
        if option.choices is not None:
            value = list(option.choices)[-1]
        elif option.kind is bool:
            value = not option.default
        else:
            continue
        try:
            cls(cls.max_players, {**options, option.name: value})
        except InvalidOptions:
            continue
        if value != option.default:
            options[option.name] = value
    if cls.max_players != cls.min_players or options:
        cases.append(Case(name, cls.max_players, options))
    return cases


def short_options(name: str, limit: int) -> dict[str, Any]:
    """Options that end a game within ``limit`` decisions, where the game offers the engine's
    ``decision_limit`` safeguard (for the slow per-step checks of OpenSpiel); else none."""
    cls = game_class(name)
    return (
        {"decision_limit": limit}
        if any(o.name == "decision_limit" for o in cls.declared_options)
        else {}
    )


ALL_CASES = [case for name in GAMES + TOYS for case in cases_of(name)]
GAME_CASES = [case for name in GAMES for case in cases_of(name)]
