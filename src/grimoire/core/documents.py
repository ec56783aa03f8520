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
import os
import re
from typing import Any, TypeVar

from grimoire.core.errors import InvalidPosition

MAX_BYTES = 32 * 1024 * 1024  # a long game's save with its history is well under 1 MB
MAX_DEPTH = 100  # the deepest real document nests about 8 levels
EXCERPT = 60
T = TypeVar("T")

# Signed documents: what this installation wrote itself (a saved game) carries, as its last
# member, a keyed BLAKE2b MAC of the rest of its exact text, so that reading it back can skip
# the full try-out (``Game.state_from_json(doc, trusted=True)``) at the cost of one hash of the
# file's bytes. Anything else (no signature, another installation's, an edited file) is checked
# in full. The key is per installation: GRIMOIRE_KEY_FILE, else
# $XDG_DATA_HOME/grimoire/signing.key (~/.local/share/...), made on the first save (mode 600).
SIGNATURE = "signature"
_SIGNED_TAIL = b',\n "signature": "'
_MAC_HEX = 32

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


def key_file() -> str:
    """Where this installation's signing key is (GRIMOIRE_KEY_FILE overrides it)."""
    chosen = os.environ.get("GRIMOIRE_KEY_FILE")
    if chosen:
        return chosen
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return os.path.join(data, "grimoire", "signing.key")


_KEYS: dict[str, bytes] = {}  # read once a process


def installation_key(create: bool = False) -> bytes | None:
    """This installation's signing key (32 random bytes), made if ``create`` and missing;
    None if there is none or it cannot be read or made (documents are then written unsigned
    and read with the full check)."""
    path = key_file()
    if path in _KEYS:
        return _KEYS[path]
    key = _read_or_make_key(path, create)
    if key is not None:
        _KEYS[path] = key
    return key


def _read_or_make_key(path: str, create: bool) -> bytes | None:
    try:
        with open(path, "rb") as stream:
            key = stream.read()
        return key if len(key) >= 32 else None
    except FileNotFoundError:
        if not create:
            return None
    except OSError:
        return None
    import secrets

    key = secrets.token_bytes(32)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it meanwhile
        return _read_or_make_key(path, create=False)
    except OSError:
        return None
    with os.fdopen(handle, "wb") as stream:
        stream.write(key)
    return key


def _mac(key: bytes, body: bytes, version: str) -> str:
    """The MAC of a document's text; the writer's version is part of it, so a document written
    by another version of the engine (whose rules may differ) is checked in full."""
    import hashlib

    digest = hashlib.blake2b(key=key, digest_size=_MAC_HEX // 2, person=b"grimoire-doc")
    digest.update(version.encode())
    digest.update(b"\0")
    digest.update(body)
    return digest.hexdigest()


def json_lines(doc: dict[str, Any]) -> str:
    """``doc`` as JSON text with one top-level member a line, each value compact (the json
    module's C encoder: ``indent`` would use its pure-Python one, ten times slower).

    >>> print(json_lines({"a": 1, "b": [1, 2]}))
    {
     "a": 1,
     "b": [1,2]
    }
    """
    if not doc:
        return "{}"
    members = (
        f" {json.dumps(key)}: {json.dumps(value, separators=(',', ':'))}"
        for key, value in doc.items()
    )
    return "{\n" + ",\n".join(members) + "\n}"


def signed_json(doc: dict[str, Any], version: str = "") -> str:
    """``doc`` as JSON text (``json_lines``), signed with this installation's key as its last
    member ``"signature"`` (made if there is none yet; unsigned if it cannot be made);
    ``version``: the engine's (``grimoire.__version__``), read back by the same version only.

    >>> text = signed_json({"format": "x", "n": [1, 2]})
    >>> is_signed(text.encode()), json.loads(text)["n"]
    (True, [1, 2])
    >>> is_signed(text.replace("1", "3").encode()), is_signed(b'{"n": 1}')
    (False, False)
    """
    body = json_lines(doc)
    key = installation_key(create=True)
    if key is None or not body.endswith("\n}") or SIGNATURE in doc:
        return body
    mac = _mac(key, body.encode(), version)
    return f'{body[:-2]},\n "{SIGNATURE}": "{mac}"\n}}'


def is_signed(data: bytes, version: str = "") -> bool:
    """True if ``data`` (a file's bytes) is a document ``signed_json`` wrote with this
    installation's key and ``version``, unchanged since: it may be loaded as trusted."""
    end = data.rstrip()
    at = end.rfind(_SIGNED_TAIL)
    if at < 0 or len(end) != at + len(_SIGNED_TAIL) + _MAC_HEX + 3 or not end.endswith(b'"\n}'):
        return False
    key = installation_key()
    if key is None:
        return False
    import hmac

    mac = end[at + len(_SIGNED_TAIL) : at + len(_SIGNED_TAIL) + _MAC_HEX]
    return hmac.compare_digest(mac, _mac(key, end[:at] + b"\n}", version).encode())
