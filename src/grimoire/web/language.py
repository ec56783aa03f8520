"""The page's language: the ``grimoire_lang`` cookie (set by the page's selector), else the
browser's ``Accept-Language``; templates get ``_`` and the scripts the catalogue."""

from __future__ import annotations

import re
from typing import Any

from fastapi import Request
from starlette.requests import HTTPConnection

from grimoire.i18n import LANGUAGES, N_, catalogue, gettext, negotiate, resolve

COOKIE = "grimoire_lang"

# The bot levels' names as people read them (the ids stay English: they are the API's values);
# static/common.js's levelName shows the same.
LEVEL_NAMES = {
    "easy": N_("easy"),
    "normal": N_("normal"),
    "hard": N_("hard"),
    "heuristic": N_("heuristic"),
    "random": N_("random"),
}

# The names the server gives a seat nobody named ("Player 2", "Bot 3", "Ann (bot)") are stored
# in English, once for every viewer: each page shows them in its own language (common.js's
# shownName does the same for the scripts).
DEFAULT_NAMES = (
    (re.compile(r"Player (\d+)"), N_("Player {number}")),
    (re.compile(r"Bot (\d+)"), N_("Bot {number}")),
)
BOT_SUFFIX = N_("{name} (bot)")


def shown_name(name: str, lang: str) -> str:
    """A seat's name in ``lang``: the server's default names translated, people's as typed."""
    for pattern, template in DEFAULT_NAMES:
        found = pattern.fullmatch(name)
        if found:
            return gettext(template, lang).format(number=found.group(1))
    if name.endswith(" (bot)"):
        return gettext(BOT_SUFFIX, lang).format(name=shown_name(name[: -len(" (bot)")], lang))
    return name


def level_name(level: str | None, lang: str) -> str:
    """A bot level's name in ``lang`` (an unknown one as it is)."""
    if level is None:
        return ""
    return gettext(LEVEL_NAMES[level], lang) if level in LEVEL_NAMES else level


def page_language(request: HTTPConnection) -> str:
    """The language of the page for this request (or WebSocket): a ``lang`` query parameter
    (the page's own, on its WebSocket: browsers need not send ``Accept-Language`` with the
    handshake, and Chromium does not), else the cookie, else ``Accept-Language``."""
    asked = request.query_params.get("lang")
    if asked:
        lang, warning = resolve(asked)
        if warning is None:
            return lang
    chosen = request.cookies.get(COOKIE)
    if chosen:
        lang, warning = resolve(chosen)
        if warning is None:
            return lang
    return negotiate(request.headers.get("accept-language"))


def template_context(request: Request) -> dict[str, Any]:
    """What every template may use: ``_``, ``lang``, the languages and the scripts' catalogue."""
    lang = page_language(request)

    def translate(message: str, **values: Any) -> str:
        text = gettext(message, lang)
        return text.format(**values) if values else text

    return {
        "_": translate,
        "lang": lang,
        "languages": LANGUAGES,
        "catalogue": catalogue(lang),
        "shown_name": lambda name: shown_name(name, lang),
        "level_name": lambda level: level_name(level, lang),
    }
