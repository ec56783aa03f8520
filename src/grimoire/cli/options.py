"""Game options on the command line: ``--option key=value``, shared by every command."""

from __future__ import annotations

import os
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


def worker_count(workers: int) -> int:
    """The processes ``--workers`` asks for: 1 or more as given, 0 for one per CPU core of this
    machine; a negative number is refused (InvalidOptions)."""
    if workers < 0:
        raise InvalidOptions(
            f"--workers takes 1 or more processes, or 0 for one per CPU core, not {workers}"
        )
    return workers or os.cpu_count() or 1


def workers_note(workers: int) -> str | None:
    """What ``--workers 0`` turned into, to say so (None for any other number)."""
    if workers != 0:
        return None
    from grimoire.i18n import gettext as _t

    return _t("--workers 0: {count} processes, one per CPU core").format(count=worker_count(0))


def missing_extra(needs: Iterable[tuple[str, str]]) -> str | None:
    """The one-line refusal for the first (module, what needs it) whose module cannot be
    imported, naming the extra to install; None when all are there. Checked before a long run,
    so it does not fail at its end."""
    import importlib

    from grimoire.i18n import gettext as _t

    for module, purpose in needs:
        try:
            importlib.import_module(module)
        except ImportError:
            return _t("{purpose} needs the study extra ({module} is missing): {install}").format(
                purpose=purpose, module=module, install="pip install 'grimoire[study]'"
            )
    return None
