"""Game options on the command line: ``--option key=value``, shared by every command."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from grimoire.core.errors import InvalidOptions

_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_INT = re.compile(r"[+-]?[0-9]+")
_TRUE = frozenset({"true", "yes", "on"})
_FALSE = frozenset({"false", "no", "off"})
_NONE = frozenset({"none", "null"})


def parse_value(text: str) -> Any:
    """A command-line option value: ``true``/``false`` (also yes/no, on/off) as bools,
    ``none``/``null`` as None, whole numbers as ints, anything else as text. Quotes force
    text: ``'0'`` or ``"true"`` is the string inside them."""
    value = text.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    if lowered in _NONE:
        return None
    if _INT.fullmatch(value):
        return int(value)
    return value


def parse_options(items: Iterable[str] | None) -> dict[str, Any]:
    """``["length=short", "skulls_wild=true"]`` -> ``{"length": "short", "skulls_wild": True}``.

    Raises InvalidOptions, naming the bad item, for an item without ``=``, an empty or
    malformed name, an empty value, or a name given twice. Whether the game knows the name
    and accepts the value is checked later, by the game.
    """
    options: dict[str, Any] = {}
    for item in items or ():
        key, equals, raw = item.partition("=")
        key = key.strip()
        if not equals:
            raise InvalidOptions(f"option {item!r} is not of the form key=value")
        if not key:
            raise InvalidOptions(f"option {item!r} has no name before '='")
        if not _KEY.fullmatch(key):
            raise InvalidOptions(
                f"option name {key!r} in {item!r} must start with a letter or '_' and "
                "contain only letters, digits, '_' and '-'"
            )
        if not raw.strip():
            raise InvalidOptions(
                f"option {key!r} has no value: write {key}=none for no value, "
                f'or {key}="" for empty text'
            )
        if key in options:
            raise InvalidOptions(f"option {key!r} is given twice")
        options[key] = parse_value(raw)
    return options
