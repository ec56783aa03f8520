"""The web app's refusals: each carries its HTTP status and a reason for the client."""

from __future__ import annotations

from typing import Any


class WebError(Exception):
    """An error with an HTTP status and a reason for the client."""

    status = 400

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


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

    def __init__(self, detail: str, state: dict[str, Any]) -> None:
        super().__init__(detail)
        self.state = state


class Unavailable(WebError):
    """The database did not take the change: nothing changed, the client may try again."""

    status = 503


class Unprocessable(WebError):
    """Well-formed, but the rules or the undo policy do not allow it."""

    status = 422
