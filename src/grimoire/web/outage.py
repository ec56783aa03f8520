"""The database not answering, or every connection of the pool in use: answered, not crashed.

A request that needs the database while it does not answer gets a 503 with ``Retry-After`` and
a reason in the page's language (``routes.handlers``), never a 500; the page keeps the person's
move and sends it again by itself. The server logs **one line when an outage begins and one when
it ends**, however many requests and background duties met it in between (no traceback per
request): ``Outage`` keeps that state for one engine, told by SQLAlchemy's own events (a failed
statement or connection, a connection checked out again). A full pool (``pool_timeout`` elapsed)
is an overload, not an outage: a 503 too, logged at most once a minute.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

log = logging.getLogger("grimoire.web")

RETRY_AFTER = 2  # seconds a client waits before it tries again
POOL_TIMEOUT = 5.0  # seconds a request waits for a connection of a full pool, then a 503
_OVERLOAD_LOG_EVERY = 60.0


def is_unavailable(error: BaseException) -> bool:
    """Whether ``error`` says the database cannot be used now (try again later), rather than a
    bug: a lost or refused connection, a locked or unreachable database, a full pool. (An
    integrity or a programming error is a bug: it stays a 500 with its traceback.)"""
    if isinstance(error, PoolTimeout | OperationalError | InterfaceError):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


class Outage:
    """Whether the database answers, as last seen; one log line per change of that.

    Thread-safe: statements run in worker threads."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self.since: float | None = None  # when the current outage began (None: none)
        self.refused = 0  # requests and duties that met the current outage
        self.outages = 0  # outages since the server started
        self._overload_logged = -_OVERLOAD_LOG_EVERY

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: BaseException, *, counted: bool = True) -> None:
        """A request or a duty met ``error`` (the database unavailable); ``counted`` False: a
        statement failed (SQLAlchemy's event), the request it served is counted when answered."""
        with self._lock:
            self.refused += counted
            if self.since is not None:
                return
            self.since = self._clock()
            self.outages += 1
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
        log.warning("database unavailable: answering 503 until it answers (%s)", first_line)

    def answered(self) -> None:
        """A connection was taken from the pool and answered (the pool pings it first)."""
        if self.since is None:  # the common case: no lock
            return
        with self._lock:
            if self.since is None:
                return
            lasted, refused = self._clock() - self.since, self.refused
            self.since, self.refused = None, 0
        log.warning("database answers again after %.1f s (%d requests refused)", lasted, refused)

    def overloaded(self) -> None:
        """Every connection of the pool stayed in use for ``POOL_TIMEOUT``."""
        now = self._clock()
        with self._lock:
            if now - self._overload_logged < _OVERLOAD_LOG_EVERY:
                return
            self._overload_logged = now
        log.warning("every database connection is in use: answering 503 (logged once a minute)")

    def met(self, error: BaseException, what: str, *args: Any) -> None:
        """A background duty (a bot, a clock, a catch-up) failed with ``error``: an outage or
        an overload is noted (logged once), anything else is logged with its traceback."""
        if isinstance(error, PoolTimeout):
            self.overloaded()
        elif is_unavailable(error):
            self.failed(error)
        else:
            log.error(what, *args, exc_info=error)

    def watch(self, engine: Engine) -> None:
        """Follow ``engine``'s connections: a driver error begins an outage, a checked-out
        connection ends it."""
        event.listen(engine, "handle_error", self._on_error)
        event.listen(engine.pool, "checkout", self._on_checkout)

    def _on_error(self, context: Any) -> None:
        # a lost connection, or none could be made at all
        if context.is_disconnect or context.connection is None:
            self.failed(context.original_exception, counted=False)

    def _on_checkout(self, *_: Any) -> None:
        self.answered()
