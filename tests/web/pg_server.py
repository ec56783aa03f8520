"""A throwaway PostgreSQL cluster for the tests.

``PostgresCluster.start()`` runs ``initdb`` into a fresh temporary directory (in /dev/shm where
there is one) and ``pg_ctl start`` on a free loopback port (127.0.0.1 only, its unix socket in
the same directory), with trust authentication for the superuser ``postgres`` and no fsync
(nothing here has to survive a crash; it starts in about two seconds), then creates the database
``grimoire_test``; ``create_database()`` makes more. ``stop()`` shuts the server down at once and
removes the directory. PostgreSQL refuses to run as root, so as root every binary runs as the
``postgres`` user (``runuser -u postgres --``), which owns the directory.

``find_bindir()`` looks for the binaries with ``pg_config --bindir``, then in Debian's
``/usr/lib/postgresql/<version>/bin``, then on ``$PATH``; ``$GRIMOIRE_PG_BINDIR`` overrides.
``PostgresUnavailable`` says why a cluster cannot be had here (the tests skip with it).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from web_helpers import free_port

DATABASE = "grimoire_test"
TIMEOUT = 30  # seconds for any one step (initdb, start, stop)


class PostgresUnavailable(Exception):
    """No PostgreSQL server binaries (or no way to run them) on this machine."""


def _has_server(bindir: Path) -> bool:
    return all((bindir / name).is_file() for name in ("initdb", "pg_ctl", "postgres"))


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", path.parent.name)) or (0,)


def find_bindir() -> Path:
    """The directory of ``initdb``, ``pg_ctl`` and ``postgres``."""
    override = os.environ.get("GRIMOIRE_PG_BINDIR")
    if override:
        if _has_server(Path(override)):
            return Path(override)
        raise PostgresUnavailable(f"$GRIMOIRE_PG_BINDIR={override} has no initdb/pg_ctl/postgres")
    candidates: list[Path] = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            )
            candidates.append(Path(out.stdout.strip()))
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key, reverse=True)
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(Path(initdb).parent)
    for bindir in candidates:
        if _has_server(bindir):
            return bindir
    raise PostgresUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl) found via pg_config, "
        "/usr/lib/postgresql/*/bin or $PATH (apt-get install postgresql)"
    )


def scratch_dir() -> str | None:
    """Where the cluster goes: ``$GRIMOIRE_PG_TMPDIR``, else /dev/shm (memory: starting and
    removing the cluster is then quick even where deleting files on disk is slow), else the
    usual temporary directory."""
    chosen = os.environ.get("GRIMOIRE_PG_TMPDIR")
    if chosen:
        return chosen
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK):
        return shm
    return None


class PostgresCluster:
    """One private PostgreSQL server; ``url(name)`` is the SQLAlchemy URL of a database in it."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.port = 0
        self.directory: Path | None = None
        self._names = itertools.count(1)
        self._as: list[str] = []  # the command prefix that runs a binary as the owner
        self._user: pwd.struct_passwd | None = None
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            try:
                self._user = pwd.getpwnam("postgres")
            except KeyError as error:
                raise PostgresUnavailable(
                    "running as root, and there is no 'postgres' user to run PostgreSQL as"
                ) from error
            runuser = shutil.which("runuser")
            if runuser is None:
                raise PostgresUnavailable("running as root, and there is no runuser")
            self._as = [runuser, "-u", "postgres", "--"]

    @property
    def data(self) -> Path:
        assert self.directory is not None
        return self.directory / "data"

    def _run(self, *args: str) -> None:
        command = [*self._as, str(self.bindir / args[0]), *args[1:]]
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}{self.log()}"
            )

    def log(self) -> str:
        path = self.directory / "server.log" if self.directory else None
        return path.read_text(errors="replace")[-4000:] if path and path.exists() else ""

    def url(self, database: str = DATABASE) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> PostgresCluster:
        """initdb, start on a free loopback port, create ``grimoire_test``."""
        self.directory = Path(tempfile.mkdtemp(prefix="grimoire-pg-", dir=scratch_dir()))
        try:
            if self._user is not None:
                os.chown(self.directory, self._user.pw_uid, self._user.pw_gid)
            self._run(
                "initdb",
                "--pgdata",
                str(self.data),
                "--username=postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            )
            for attempt in range(3):  # the free port may be taken before the server binds it
                self.port = free_port()
                settings = (
                    f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory} "
                    "-F -c synchronous_commit=off -c full_page_writes=off"
                )
                try:
                    self._run(
                        "pg_ctl",
                        "start",
                        "--pgdata",
                        str(self.data),
                        "--log",
                        str(self.directory / "server.log"),
                        "--wait",
                        f"--timeout={TIMEOUT}",
                        "-o",
                        settings,
                    )
                    break
                except RuntimeError:
                    if attempt == 2:
                        raise
            self.create_database(DATABASE)
        except BaseException:
            self.stop()
            raise
        return self

    def create_database(self, name: str | None = None) -> str:
        """A new empty database (``grimoire_test_<n>`` unless named); its URL."""
        import psycopg
        from psycopg import sql

        name = name or f"{DATABASE}_{next(self._names)}"
        with psycopg.connect(
            host="127.0.0.1", port=self.port, user="postgres", dbname="postgres", autocommit=True
        ) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (at once: nothing in it is kept) and remove its directory."""
        if self.directory is None:
            return
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "stop", "--pgdata", str(self.data), "-m", "immediate", "--wait")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
