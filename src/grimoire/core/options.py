"""Game options: declared once per game, validated in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from grimoire.core.errors import InvalidOptions
from grimoire.core.i18n import N_


@dataclass(frozen=True)
class Option:
    """One named option of a game: its default, the values it accepts, and what it means."""

    name: str
    default: Any
    help: str
    choices: Sequence[Any] | None = None
    kind: type = field(default=str)
    minimum: int | None = None  # for whole numbers: the smallest value accepted

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            # Compare types too: True == 1 and 1.0 == 1, but neither is the seat number 1.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                raise InvalidOptions(
                    f"option {self.name!r} must be one of {list(self.choices)}, not {value!r}"
                )
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} takes true or false, not {value!r}")
            return value
        if value is None and self.default is None:
            return None
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"option {self.name!r} takes a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(
                    f"option {self.name!r} must be {self.minimum} or more, not {value!r}"
                )
            return value
        if not isinstance(value, self.kind):
            raise InvalidOptions(
                f"option {self.name!r} takes a {self.kind.__name__}, not {value!r}"
            )
        return value

    def describe(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices is not None:
            doc["choices"] = list(self.choices)
        else:
            doc["type"] = self.kind.__name__
        if self.minimum is not None:
            doc["minimum"] = self.minimum
        return doc

    def shown(self, text: Callable[[str], str]) -> dict[str, Any]:
        """``describe()`` with what a person reads, through ``text`` (a translation, e.g.
        ``core.i18n.game_text``): ``label``, ``help`` and, with choices, ``choice_labels`` (one
        per choice). The name and the values stay as declared: they are what is sent back.
        The msgids: ``label_msgid(name)``, ``choice_msgid(name, value)`` and the help itself."""
        doc = self.describe()
        label = text(label_msgid(self.name))
        doc["label"] = self.name.replace("_", " ") if label == label_msgid(self.name) else label
        doc["help"] = text(self.help)
        if self.choices is not None:
            doc["choice_labels"] = [_choice_label(self.name, c, text) for c in self.choices]
        return doc


def label_msgid(name: str) -> str:
    """The catalogue's msgid of an option's name: ``option: start_player``."""
    return f"option: {name}"


def choice_msgid(name: str, value: str) -> str:
    """The catalogue's msgid of a word an option takes: ``option start_player: random``."""
    return f"option {name}: {value}"


def _choice_label(name: str, value: Any, text: Callable[[str], str]) -> str:
    if not isinstance(value, str):  # numbers (seats, points) read the same in every language
        return str(value)
    label = text(choice_msgid(name, value))
    return value if label == choice_msgid(name, value) else label


# the shared option's name, in the shell's catalogue (a game's own options are in its own)
DECISION_LIMIT = "decision_limit"
DECISION_LIMIT_LABEL = N_("option: decision_limit")


def decision_limit(default: int = 20_000) -> Option:
    """The engine safeguard a game offers when its rules alone do not bound its length: the
    game ends, scored as it stands, after this many player decisions (``max_game_length``).
    The core declares it for a game that names its default (``Game.decision_limit``) and
    enforces it (``State.apply``); a game never declares it itself."""
    return Option(
        DECISION_LIMIT,
        default,
        N_(
            "engine safeguard (PROPOSED): the game ends, scored as it stands, once this many "
            "player decisions have been made"
        ),
        kind=int,
        minimum=1,
    )


def resolve_options(
    game_name: str, declared: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise InvalidOptions."""
    by_name = {option.name: option for option in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise InvalidOptions(f"{game_name} has no option {unknown[0]!r} (options: {known})")
    resolved = {option.name: option.default for option in declared}
    for name, value in given.items():
        resolved[name] = by_name[name].validate(value)
    return resolved
