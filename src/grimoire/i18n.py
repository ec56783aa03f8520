"""Languages of the interface: gettext catalogues (Babel) for English, German and Japanese.

The catalogues live in ``grimoire/locale/<lang>/LC_MESSAGES/grimoire.po``; the compiled ``.mo``
files beside them are committed (a test checks they match the ``.po``). English is the source
language: its msgids are the English texts, so English needs no catalogue.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel.support import NullTranslations, Translations

LANGUAGES = {"en": "English", "de": "Deutsch", "ja": "日本語"}
DEFAULT = "en"
DOMAIN = "grimoire"
LOCALE_DIR = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("grimoire_lang", default=DEFAULT)


@cache
def translations(lang: str) -> NullTranslations:
    """The catalogue of ``lang`` (no-op translations for English or an unknown language)."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [lang], DOMAIN)


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


def set_language(lang: str) -> None:
    """Make ``lang`` the language of ``gettext`` in this context (the terminal's, say)."""
    _current.set(lang if lang in LANGUAGES else DEFAULT)


def language() -> str:
    """The language of this context."""
    return _current.get()


def gettext(message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: this context's language)."""
    return translations(lang or _current.get()).gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark ``message`` for extraction where it is translated later (``gettext(HELP)``)."""
    return message


def catalogue(lang: str) -> dict[str, str]:
    """Every translated message of ``lang`` (msgid -> msgstr), for the browser's scripts."""
    found = translations(lang)
    if not isinstance(found, Translations):
        return {}
    messages: dict[Any, str] = found._catalog  # gettext keeps them here
    return {k: v for k, v in messages.items() if isinstance(k, str) and k and isinstance(v, str)}
