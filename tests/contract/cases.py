"""The cases of the contract battery: every registered game (plus the toys of tests/toys) at a
sample of player counts and option values that still shows every count and every choice.

The sample is a cyclic covering: case i plays ``counts[i % len(counts)]`` players and gives the
k-th option its ``(i + k) % len(values)``-th value, with as many cases as the longest list. So
each player count and each option value appears in some case, without the full product.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from tests.toys import TOY_GAMES

import grimoire
from grimoire.core.errors import InvalidOptions
from grimoire.core.game import Game
from grimoire.core.options import Option

# Games whose random playthroughs are long: fewer cases keep the suite inside its budget while
# the cyclic sample still shows every value once.
MAX_CASES = 6


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    label: str = ""

    @property
    def id(self) -> str:
        return self.label


def sampled_values(option: Option) -> list[Any]:
    """The values of ``option`` the battery tries: every choice, both booleans, else the default
    (free numbers and paths are settings, not variants)."""
    if option.choices is not None:
        return list(option.choices)
    if option.kind is bool:
        return [False, True]
    return [option.default]


def game_class_of(name: str) -> type[Game]:
    """A registered game's class, or a toy's (toys are registered only during a test)."""
    if name in TOY_GAMES:
        module, _, attribute = TOY_GAMES[name].partition(":")
        cls: object = getattr(importlib.import_module(module), attribute)
        assert isinstance(cls, type) and issubclass(cls, Game)
        return cls
    return grimoire.game_class(name)


def cases_of(name: str) -> list[Case]:
    cls = game_class_of(name)
    counts = list(range(cls.min_players, cls.max_players + 1))
    varied = [(o.name, sampled_values(o)) for o in cls.declared_options]
    varied = [(key, values) for key, values in varied if len(values) > 1]
    size = max([len(counts)] + [len(values) for _, values in varied])
    cases: list[Case] = []
    for i in range(size):
        players = counts[i % len(counts)]
        options: dict[str, Any] = {}
        for k, (key, values) in enumerate(varied):
            # take the cyclic value, or the next one that this player count accepts
            for shift in range(len(values)):
                options[key] = values[(i + k + shift) % len(values)]
                try:
                    cls(players, options)
                    break
                except InvalidOptions:
                    continue
            else:
                del options[key]
        cls(players, options)  # every case must be a valid game
        label = f"{name}-{players}p" + "".join(f"-{key}={value}" for key, value in options.items())
        cases.append(Case(name, players, options, label))
    if len(cases) > MAX_CASES:
        # keep every player count and every value: greedy cover, then fill to MAX_CASES
        kept: list[Case] = []
        wanted = {("players", c) for c in counts} | {
            (key, repr(v)) for key, values in varied for v in values
        }
        for case in cases:
            shows = {("players", case.players)} | {
                (key, repr(v)) for key, v in case.options.items()
            }
            if shows & wanted:
                kept.append(case)
                wanted -= shows
        cases = kept if len(kept) >= MAX_CASES else kept + [c for c in cases if c not in kept]
        cases = cases[: max(MAX_CASES, len(kept))]
    return cases


def all_games() -> list[str]:
    """Every registered game and the toys (registered by the battery's conftest)."""
    return sorted(set(grimoire.game_names()) | set(TOY_GAMES))


def all_cases() -> list[Case]:
    return [case for name in all_games() for case in cases_of(name)]
