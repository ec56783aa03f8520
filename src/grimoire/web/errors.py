"""The web app's refusals: each carries its HTTP status and a reason for the client.

A reason is an English template with ``{name}`` placeholders and their values, so that the
answer can say it in the language of the page that asked (``in_language``); ``detail`` is the
English text (what the API says to a client that asks for no language)."""

from __future__ import annotations

from typing import Any

from grimoire.i18n import gettext


class Msg(str):
    """A value of a reason that is itself a message of the catalogue (an undo refusal):
    translated with the reason."""


class WebError(Exception):
    """An error with an HTTP status and a reason for the client."""

    status = 400

    def __init__(self, detail: str, **values: Any) -> None:
        english = detail.format(**values) if values else detail
        super().__init__(english)
        self.template = detail
        self.values = values
        self.detail = english

    def in_language(self, lang: str) -> str:
        """The reason in ``lang`` (as it is when the catalogue does not have it)."""
        text = gettext(self.template, lang)
        if not self.values:
            return text
        values = {
            key: gettext(value, lang) if isinstance(value, Msg) else value
            for key, value in self.values.items()
        }
        return text.format(**values)


class NotFound(WebError):
    status = 404


class Forbidden(WebError):
    status = 403


class Conflict(WebError):
    """The request does not fit the game's status (not started, over, seat taken)."""

    status = 409


class Stale(WebError):
    """The client acted on an old version; it gets the fresh state with the 409."""

    status = 409

    def __init__(self, detail: str, state: dict[str, Any], **values: Any) -> None:
        super().__init__(detail, **values)
        self.state = state


class Unavailable(WebError):
    """The database did not take the change: nothing changed, the client may try again."""

    status = 503


class Unprocessable(WebError):
    """Well-formed, but the rules or the undo policy do not allow it."""

    status = 422
