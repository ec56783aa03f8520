"""The language of the texts shown to people, and gettext catalogues per domain (Babel).

One setting for everything: the language lives in a ``ContextVar`` (the terminal sets it once;
the web server sets it around the building of each viewer's payload with ``language_scope``).
The interface shell's catalogue (domain ``grimoire``) and each game's own catalogue (domain =
the game's name, in ``<game package>/locale/<lang>/LC_MESSAGES/<domain>.po`` + ``.mo``) read the
same setting, so a new game brings its catalogue beside its package and needs nothing else.
English is the source language everywhere: msgids are the English texts, so English output is
exactly the untranslated text and needs no catalogue.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from gettext import NullTranslations
from pathlib import Path
from typing import Any

LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語"}
DEFAULT = "en"

_current: ContextVar[str] = ContextVar("grimoire_lang", default=DEFAULT)


def set_language(lang: str) -> None:
    """Make ``lang`` the language of this context (an unknown one means English)."""
    _current.set(lang if lang in LANGUAGES else DEFAULT)


def language() -> str:
    """The language of this context."""
    return _current.get()


@contextmanager
def language_scope(lang: str | None) -> Iterator[str]:
    """Texts built inside the ``with`` are in ``lang`` (None: leave the language as it is)."""
    if lang is None:
        yield _current.get()
        return
    token = _current.set(lang if lang in LANGUAGES else DEFAULT)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


@cache
def translations(domain: str, localedir: str, lang: str) -> NullTranslations:
    """The catalogue of ``domain`` in ``lang`` (no-op for English, an unknown language or a
    domain without a catalogue for it)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return NullTranslations()
    from babel.support import Translations  # on first use: Babel costs 10 ms at import

    found: NullTranslations = Translations.load(localedir, [lang], domain)
    return found


def translator(domain: str, localedir: Path | str) -> Callable[[str], str]:
    """A gettext function for ``domain`` that reads this context's language at each call."""
    where = str(localedir)

    def gettext(message: str) -> str:
        lang = _current.get()
        if lang == DEFAULT:  # the source language: texts are built for every log line
            return message
        return translations(domain, where, lang).gettext(message)

    return gettext


# The engine's own messages to players (core/state.py's generic refusals: "'x' is not legal
# now: ...", "it is not seat 1's turn ...") are in the shell's catalogue (domain "grimoire",
# ``grimoire/locale``, which ships with core): core still knows no game. Mark them ``_t("...")``
# so that babel.cfg's extraction finds them.
SHELL_DOMAIN = "grimoire"
SHELL_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def engine_text(message: str) -> str:
    """An engine message in this context's language (the shell's catalogue)."""
    lang = _current.get()
    if lang == DEFAULT:
        return message
    return translations(SHELL_DOMAIN, str(SHELL_LOCALE_DIR), lang).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction where it is translated later."""
    return message


def messages(domain: str, localedir: Path | str, lang: str) -> dict[str, str]:
    """Every translated message of ``domain`` in ``lang`` (msgid -> msgstr), for scripts."""
    from babel.support import Translations

    found = translations(domain, str(localedir), lang)
    if not isinstance(found, Translations):
        return {}
    table: dict[Any, str] = found._catalog  # gettext keeps them here
    return {k: v for k, v in table.items() if isinstance(k, str) and k and isinstance(v, str)}


def game_locale_dir(game: object) -> Path:
    """Where a game's catalogues are: ``locale`` beside the package of its ``Game`` class (a
    game or its class)."""
    cls = game if isinstance(game, type) else type(game)
    module = sys.modules[cls.__module__]
    return Path(str(module.__file__)).resolve().parent / "locale"


def game_text(game: object, message: str) -> str:
    """A text of a game's declarations (an option's name, help or value; ``game`` a game or its
    class) in this context's language: the game's catalogue (domain: its name), else the
    shell's (core's shared options such as ``decision_limit``), else ``message`` itself."""
    lang = _current.get()
    if lang == DEFAULT:
        return message
    domain = str(getattr(game, "name", ""))
    found = translations(domain, str(game_locale_dir(game)), lang).gettext(message)
    return found if found != message else engine_text(message)


def game_messages(game: Any, lang: str) -> dict[str, str]:
    """The game's own catalogue (domain = its name) in ``lang``, for its web renderer."""
    return messages(str(game.name), game_locale_dir(game), lang)


def percent(chance: float) -> str:
    """A chance as a whole percentage that never shows 0% or 100% unless it is exactly so."""
    value = 100 * chance
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"
