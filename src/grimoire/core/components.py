r"""Component data: the TOML files a game is made from, read once, with their provenance.

Every game keeps its cards, dice and tables in ``data/components.toml`` inside its package, each
table tagged with where its values come from (``PROVENANCE_TAGS``). A player may point the
game's ``components`` option at a file of the same shape (an owner of the physical game
correcting a PROPOSED table). ``ComponentLoader`` reads either, once per process, and turns it
into the game's own typed components with the game's ``build`` function; the raw text feeds
``Game.data_hash``, so a record made with other data is refused rather than replayed wrongly.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.toml"
>>> _ = path.write_text('[dice]\ncount = 5\n[provenance]\ncount = "PROPOSED: a guess"\n')
>>> loader = ComponentLoader("grimoire.core", lambda doc: doc["dice"]["count"])
>>> loader.load(str(path))
5
>>> provenance({"count": "a guess"}, ["count"], "[dice]")
Traceback (most recent call last):
...
grimoire.core.components.ComponentError: [dice]: field 'count' needs a provenance tag ...
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, TypeVar

from grimoire.core.errors import InvalidOptions

PROVENANCE_TAGS = ("RULEBOOK", "SOURCED", "PROPOSED", "RULING")
DEFAULT_FILE = "data/components.toml"
T = TypeVar("T")


class ComponentError(InvalidOptions):
    """A components file that cannot be read or does not describe the game's components.

    An ``InvalidOptions``: the file is named by the game's ``components`` option, and every
    interface reports a bad option the same way (exit 2, HTTP 422)."""


class ComponentLoader(Generic[T]):
    """Reads a game's component data: the shipped file of ``package`` or a user's file.

    ``build(doc)`` turns the parsed TOML into the game's components and raises
    ``ComponentError`` on anything it cannot use. Both the text and the built components are
    cached by path, so every game object of one edition shares them."""

    def __init__(
        self, package: str, build: Callable[[dict[str, Any]], T], filename: str = DEFAULT_FILE
    ) -> None:
        self.package = package
        self.filename = filename
        self._build = build
        self.text: Callable[[str | None], str] = lru_cache(maxsize=16)(self._read)
        self.load: Callable[[str | None], T] = lru_cache(maxsize=16)(self._load)

    def _read(self, path: str | None) -> str:
        """The text of the components file: the shipped one, or the TOML file at ``path``."""
        try:
            if path is None:
                shipped = resources.files(self.package).joinpath(self.filename)
                return shipped.read_text("utf-8")
            return Path(path).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise ComponentError(f"cannot read components file {path!r}: {error}") from error

    def _load(self, path: str | None) -> T:
        try:
            doc = tomllib.loads(self.text(path))
        except tomllib.TOMLDecodeError as error:
            raise ComponentError(f"components file {path!r} is not TOML: {error}") from error
        return self._build(doc)


def provenance(table: Any, fields: Iterable[str], where: str) -> dict[str, str]:
    """A table's provenance tags, checked: every field in ``fields`` has a tag starting with
    one of ``PROVENANCE_TAGS`` (``"PROPOSED: from the card photos"``)."""
    if not isinstance(table, Mapping):
        raise ComponentError(f"{where} needs a provenance table")
    for name in fields:
        tag = table.get(name)
        if not isinstance(tag, str) or not tag.startswith(PROVENANCE_TAGS):
            raise ComponentError(
                f"{where}: field {name!r} needs a provenance tag starting with one of "
                f"{PROVENANCE_TAGS}"
            )
    return {str(key): str(value) for key, value in table.items()}


def whole_number(doc: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    """``doc[key]`` as a whole number >= ``low`` (a bool is no number), else ComponentError."""
    value = doc.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ComponentError(f"{where}.{key} must be a whole number >= {low}, not {value!r}")
    return value
