"""Languages of the interface: gettext catalogues (Babel) for English, German and Japanese.

The catalogues live in ``grimoire/locale/<lang>/LC_MESSAGES/grimoire.po``; the compiled ``.mo``
files beside them are committed (a test checks they match the ``.po``). English is the source
language: its msgids are the English texts, so English needs no catalogue. The language setting
and the catalogue loading are ``grimoire.core.i18n``'s (the games' own catalogues use them too).
"""

from __future__ import annotations

import os
from gettext import NullTranslations
from pathlib import Path

from grimoire.core import i18n as core
from grimoire.core.i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    language,
    language_scope,
    set_language,
)

__all__ = [
    "DEFAULT",
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "catalogue",
    "from_environment",
    "gettext",
    "language",
    "language_scope",
    "negotiate",
    "ngettext",
    "resolve",
    "set_language",
    "translations",
]

DOMAIN = "grimoire"
LOCALE_DIR = Path(__file__).parent / "locale"


def translations(lang: str) -> NullTranslations:
    """The catalogue of ``lang`` (no-op translations for English or an unknown language)."""
    return core.translations(DOMAIN, str(LOCALE_DIR), lang)


def resolve(requested: str | None) -> tuple[str, str | None]:
    """(a supported language, a warning or None) for ``requested`` ("de", "de-AT", "ja_JP")."""
    if not requested:
        return DEFAULT, None
    base = requested.strip().replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES:
        return base, None
    known = ", ".join(LANGUAGES)
    return DEFAULT, f"unknown language {requested!r}; using English (known: {known})"


def from_environment() -> str | None:
    """The language asked for by ``GRIMOIRE_LANG``, if set."""
    return os.environ.get("GRIMOIRE_LANG") or None


def negotiate(accept_language: str | None) -> str:
    """The best supported language for an ``Accept-Language`` header (English if none fits)."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        lang, warning = resolve(tag)
        if tag and warning is None and quality > 0:
            weighted.append((-quality, index, lang))
    return min(weighted)[2] if weighted else DEFAULT


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: this context's language)."""
    return translations(lang or language()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, count: int, lang: str | None = None) -> str:
    """The form of a message for ``count`` things (``"{count} player"`` / ``"{count} players"``),
    by the plural rule of ``lang``'s catalogue (English: one for 1, the other otherwise;
    Japanese has one form); the caller fills ``{count}``."""
    return translations(lang or language()).ngettext(singular, plural, count)


def catalogue(lang: str) -> dict[str, str]:
    """Every translated message of ``lang`` (msgid -> msgstr), for the browser's scripts."""
    return core.messages(DOMAIN, LOCALE_DIR, lang)
