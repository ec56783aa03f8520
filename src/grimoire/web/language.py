"""The page's language: the ``grimoire_lang`` cookie (set by the page's selector), else the
browser's ``Accept-Language``; templates get ``_`` and the scripts the catalogue."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from starlette.requests import HTTPConnection

from grimoire.i18n import LANGUAGES, catalogue, gettext, negotiate, resolve

COOKIE = "grimoire_lang"


def page_language(request: HTTPConnection) -> str:
    """The language of the page for this request (or WebSocket)."""
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

    return {"_": translate, "lang": lang, "languages": LANGUAGES, "catalogue": catalogue(lang)}
