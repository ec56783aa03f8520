"""SQLite serves one server process: a second ``grimoire serve`` on the same file is refused at
start, with a line saying why, instead of both serving tables the other cannot see.

The server holds an exclusive ``flock`` on ``<database file>.lock`` while it runs; the system
releases it when the process ends, however it ends (``kill -9`` too). Apps made twice in one
process (the tests do) share the claim.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from sqlalchemy.engine import make_url


class AnotherServer(RuntimeError):
    """Another process serves this SQLite file."""


_held: dict[Path, tuple[int, int]] = {}  # lock file -> (descriptor, apps of this process)


def sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL (None: not SQLite, or in memory)."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or database is None or database in ("", ":memory:"):
        return None
    return Path(database).resolve()


def claim(url: str) -> Path | None:
    """Claim a SQLite file for this process (the lock file; None when there is nothing to
    claim); ``AnotherServer`` if another process holds it."""
    database = sqlite_file(url)
    if database is None:
        return None
    path = database.with_name(database.name + ".lock")
    if path in _held:
        descriptor, apps = _held[path]
        _held[path] = (descriptor, apps + 1)
        return path
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        other = os.read(descriptor, 32).decode(errors="replace").strip() or "?"
        os.close(descriptor)
        raise AnotherServer(
            f"another grimoire server (pid {other}) is serving the SQLite database {database}: "
            "SQLite serves one process; for several, use PostgreSQL (docs/deploy.md)"
        ) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, str(os.getpid()).encode())
    _held[path] = (descriptor, 1)
    return path


def release(path: Path | None) -> None:
    """Give back a claim (the last app of the process closes the lock file)."""
    if path is None or path not in _held:
        return
    descriptor, apps = _held[path]
    if apps > 1:
        _held[path] = (descriptor, apps - 1)
        return
    del _held[path]
    os.close(descriptor)  # releases the flock
