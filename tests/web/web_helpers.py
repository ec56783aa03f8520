"""Helpers of the web tests: a real server process, polling, payload checks."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import httpx

if TYPE_CHECKING:  # the web extra: imported by the tests that use these helpers only
    from fastapi.testclient import TestClient

    from grimoire.web.hub import Hub

T = TypeVar("T")

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


CHROMIUM = os.environ.get("GRIMOIRE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def playwright_or_skip() -> Any:
    """Playwright's sync API, or the calling test module skipped with the reason: no Chromium
    (Debian's, since Playwright cannot download one here) or no Playwright."""
    import pytest

    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(
            f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True
        )
    return pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")


@contextmanager
def chromium(sync_api: Any, args: list[str] = CHROMIUM_ARGS) -> Iterator[Any]:
    """A Chromium browser driven by Playwright, closed after."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
        yield browser
        browser.close()


# options of serve_for_tests.py for a test client that plays a whole game as fast as the server
# answers (far faster than a person): the read and action limits out of its way
FAST_CLIENT = [
    *("--action-burst", "100000", "--action-per-minute", "10000000"),
    *("--read-burst", "100000", "--read-per-minute", "10000000"),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``grimoire.web`` served by uvicorn in a child process on a loopback port."""

    def __init__(
        self,
        database_url: str,
        bot_delay: float = 0.0,
        port: int | None = None,
        extra: list[str] | None = None,
    ):
        self.database_url = database_url
        self.bot_delay = bot_delay
        self.extra = list(extra or [])  # more options of serve_for_tests.py
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> ServerProcess:
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(HERE / "serve_for_tests.py"),
                "--port",
                str(self.port),
                "--database-url",
                self.database_url,
                "--bot-delay",
                str(self.bot_delay),
                *self.extra,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server exited at start:\n{error}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server did not start in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_until(
    fetch: Callable[[], dict[str, Any]],
    done: Callable[[dict[str, Any]], bool],
    timeout: float = 60.0,
) -> dict[str, Any]:
    """Poll ``fetch`` until ``done`` holds; the last result (AssertionError on timeout).

    The pause between polls grows from 20 ms to 250 ms: each poll builds a payload on the
    server under test, and polling a long bots-only game every 20 ms starved its bots."""
    deadline = time.monotonic() + timeout
    pause = 0.02
    while True:
        result = fetch()
        if done(result):
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; last result: {str(result)[:2000]}")
        time.sleep(pause)
        pause = min(pause * 1.5, 0.25)


def first_action(payload: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """The first legal action in ``payload`` whose JSON has all ``fields``."""
    for action in payload["actions"]:
        if all(action.get(key) == value for key, value in fields.items()):
            found: dict[str, Any] = action
            return found
    raise AssertionError(f"no action with {fields} in {[a['text'] for a in payload['actions']]}")


def stored(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload without who is at the table now (``absence``: live connections and when each
    seat was last seen, kept in the server's memory, not in the database)."""
    return {key: value for key, value in payload.items() if key != "absence"}


class FakeTime:
    """A time source the test moves by hand (seconds since the epoch), for the clocks."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def hub_of(client: TestClient) -> Hub:
    """The hub of the app a test client serves."""
    from fastapi import FastAPI

    from grimoire.web.hub import Hub

    app = client.app
    assert isinstance(app, FastAPI), app
    hub = app.state.hub
    assert isinstance(hub, Hub), hub
    return hub


def portal_call(client: TestClient, func: Callable[[], Awaitable[T]]) -> T:
    """``func()`` run on the event loop of a test client that is entered (``with client``)."""
    assert client.portal is not None, "the test client is not entered"
    return client.portal.call(func)
