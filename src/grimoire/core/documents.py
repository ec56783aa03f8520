"""Reading documents from outside (positions, saves, records): bounded, checked, one-line errors.

Anything a user hands the engine goes through here before a game sees it: ``parse_json``
bounds the size and the nesting depth before parsing (a file of 100k brackets is refused, not a
RecursionError), ``convert`` checks a part of a document against a declared msgspec type
(types, ranges, enums, lengths, required fields), and ``require`` is the one-line cross-check a
game's loader writes for what only it knows. Every refusal is an ``InvalidPosition`` naming the
field and at most a short excerpt of the value.

>>> parse_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> parse_json("[" * 1000 + "]" * 1000)
Traceback (most recent call last):
...
grimoire.core.errors.InvalidPosition: the document nests deeper than 100 levels
>>> excerpt("x" * 5_000_000)[-25:]
'x... (5000002 characters)'
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from grimoire.core.errors import InvalidPosition

MAX_BYTES = 32 * 1024 * 1024  # a long game's save with its history is well under 1 MB
MAX_DEPTH = 100  # the deepest real document nests about 8 levels
EXCERPT = 60
T = TypeVar("T")

# a whole JSON string (skipped) or one bracket
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def parse_json(text: str | bytes, what: str = "document") -> Any:
    """JSON data from ``text``, refused with InvalidPosition if it is larger than ``MAX_BYTES``,
    nests deeper than ``MAX_DEPTH`` or is not JSON."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(data) > MAX_BYTES:
        raise InvalidPosition(f"the {what} is larger than {MAX_BYTES // (1024 * 1024)} MB")
    check_depth(data, what)
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as error:
        raise InvalidPosition(f"the {what} is not JSON: {shorten(str(error))}") from None


def check_depth(data: bytes, what: str = "document") -> None:
    """Refuse JSON text nesting deeper than ``MAX_DEPTH`` (brackets inside strings ignored)."""
    depth = 0
    for match in _TOKENS.finditer(data):
        char = match.group()
        if char in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidPosition(f"the {what} nests deeper than {MAX_DEPTH} levels")
        elif char in (b"]", b"}"):
            depth -= 1


def excerpt(value: Any, limit: int = EXCERPT) -> str:
    """A short text of ``value`` for an error message (never the whole of a huge value)."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"<a deeply nested {type(value).__name__}>"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 8]}... ({len(text)} characters)"


def shorten(message: str, limit: int = 200) -> str:
    """A long error message cut in the middle: msgspec's quote the bad value whole and name the
    field at their end (``- at `$.stack[0].k```), so both ends are kept."""
    if len(message) <= limit:
        return message
    tail = message[message.rfind(" - at ") :] if " - at " in message else ""
    tail = tail if len(tail) < limit // 2 else tail[: limit // 2]
    return message[: limit - len(tail) - 3] + "..." + tail


def convert(raw: Any, kind: type[T], where: str) -> T:
    """``raw`` as ``kind`` (a msgspec Struct or type), checked: InvalidPosition naming the path."""
    import msgspec  # on first use: 14 ms at import, and only positions from outside need it

    try:
        return msgspec.convert(raw, kind, strict=True)
    except msgspec.ValidationError as error:
        raise InvalidPosition(shorten(f"{where}: {error}", 160)) from None


def require(condition: bool, where: str, value: Any, why: str) -> None:
    """A game's cross-check: InvalidPosition ``"<where> = <excerpt>: <why>"`` unless it holds."""
    if not condition:
        raise InvalidPosition(f"{where} = {excerpt(value)}: {why}")
