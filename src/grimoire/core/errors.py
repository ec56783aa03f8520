"""Errors raised by the engine. Every message says what was wrong and why."""

from __future__ import annotations


class GrimoireError(Exception):
    """Base class of every error the engine raises on purpose."""


class UnknownGame(GrimoireError, LookupError):
    """No game is registered under that name."""


class InvalidOptions(GrimoireError, ValueError):
    """A player count or option value that the game does not accept."""


class IllegalAction(GrimoireError, ValueError):
    """An action that is not legal now, or text/JSON that names no action.

    Raised before anything changes: the state is exactly as it was.
    """


class InvalidPosition(GrimoireError, ValueError):
    """A position document (state JSON) that does not describe a valid state."""
