"""Limits that keep one client from stalling or flooding the server.

- ``BodyLimit``: request bodies above ``Limits.max_body`` bytes are refused with 413 before
  anything parses them (by their ``Content-Length``, or while they stream in without one).
- ``RateLimit``: a token bucket per key (429 with Retry-After): game creation per client
  address; ``RequestLimit`` counts every other API read and action per client (its address and
  the seat token it sends), and per address all its clients together. On PostgreSQL the
  buckets live in the database (``cluster.rates``): all processes of a cluster spend one budget.
- ``Limits.max_bot_games``: at most this many running games without a person in them.

Cheap validation comes first everywhere: the request models cap the number of options, seats
and characters, so no request makes the server do work in proportion to junk it sent.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

import anyio.to_thread
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclasses.dataclass(frozen=True)
class Limits:
    max_body: int = 64 * 1024  # bytes per request body
    create_burst: int = 10  # games a client may create at once ...
    create_per_minute: float = 10.0  # ... and then this many a minute
    max_bot_games: int = 50  # running games with no person seat, server-wide
    clock_tick: float = 1.0  # seconds between two looks at the clocks
    # API reads (GET) and actions (any other method) per client: a burst, then per minute.
    # A page reads a few times on loading and then listens on its WebSocket; a fast clicker
    # makes a few actions a second for a while: both stay far below.
    read_burst: int = 300
    read_per_minute: float = 1200.0
    action_burst: int = 60
    action_per_minute: float = 600.0
    address_share: int = 20  # one address (a household, a proxy): this many clients' worth

    @classmethod
    def from_env(cls) -> Limits:
        """The defaults, each overridden by its environment variable if set:
        ``GRIMOIRE_MAX_BODY``, ``GRIMOIRE_CREATE_BURST``, ``GRIMOIRE_CREATE_PER_MINUTE``,
        ``GRIMOIRE_MAX_BOT_GAMES``, ``GRIMOIRE_CLOCK_TICK``, ``GRIMOIRE_READ_BURST``,
        ``GRIMOIRE_READ_PER_MINUTE``, ``GRIMOIRE_ACTION_BURST``, ``GRIMOIRE_ACTION_PER_MINUTE``,
        ``GRIMOIRE_ADDRESS_SHARE``."""
        values: dict[str, int | float] = {}
        for item in dataclasses.fields(cls):
            raw = os.environ.get(f"GRIMOIRE_{item.name.upper()}")
            if raw is not None:
                kind = int if item.type in ("int", int) else float
                values[item.name] = kind(raw)
        return cls(**values)  # type: ignore[arg-type]


class TooMany(Exception):
    """Refused by a rate limit or a cap: 429, try again after ``retry_after`` seconds."""

    def __init__(self, detail: str, retry_after: float) -> None:
        super().__init__(detail)
        self.detail = detail
        self.retry_after = retry_after


class RateLimit:
    """A token bucket per key: ``burst`` at once, refilled at ``per_minute``. Keys idle long
    enough to be full again are forgotten, so memory stays bounded by the active clients."""

    def __init__(
        self,
        burst: int,
        per_minute: float,
        now: Callable[[], float] = time.monotonic,
        detail: str = "too many games created from here: wait a little",
        name: str = "create",
    ) -> None:
        self.burst = burst
        self.rate = per_minute / 60.0
        self.now = now
        self.detail = detail
        self.name = name  # the bucket's kind, in the keys of the shared buckets (cluster.rates)
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def wait(self, tokens: float) -> float:
        """Seconds until a bucket holding ``tokens`` holds one."""
        return (1 - tokens) / self.rate if self.rate > 0 else 3600.0

    def take(self, key: str) -> None:
        """Spend one token of ``key``'s bucket, or raise TooMany."""
        now = self.now()
        tokens, when = self.buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - when) * self.rate)
        if tokens < 1:
            raise TooMany(self.detail, self.wait(tokens))
        self.buckets[key] = (tokens - 1, now)
        if len(self.buckets) > 10_000:
            self._forget(now)

    def _forget(self, now: float) -> None:
        full = (self.burst / self.rate) if self.rate > 0 else float("inf")
        self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < full}


def too_many_response(
    detail: str, retry_after: float
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """A 429 answer: status, headers (``Retry-After`` in whole seconds, at least 1) and body."""
    body = json.dumps({"detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(max(1, math.ceil(retry_after))).encode()),
    ]
    return 429, headers, body


class RequestLimit:
    """ASGI middleware: the rate limits of API reads and actions (429 with ``Retry-After``).

    A client is its address and the seat token it sends for the game in the path (header or
    that game's cookie), so the people of one household or of the tests' loopback each have
    their own budget; all clients of an address together get ``address_share`` times one
    client's, so a flood that sends a new made-up token each time is refused too. Game creation
    (``POST /api/games``) has its own limit; pages, static files and WebSockets are not counted
    here."""

    def __init__(self, app: ASGIApp, limits: Limits, now: Callable[[], float] = time.monotonic):
        self.app = app
        share = max(1, limits.address_share)
        reads = "too many requests from here: wait a little"
        actions = "too many actions from here: wait a little"
        self.clients = {
            "read": RateLimit(limits.read_burst, limits.read_per_minute, now, reads, "read"),
            "action": RateLimit(
                limits.action_burst, limits.action_per_minute, now, actions, "action"
            ),
        }
        self.addresses = {
            "read": RateLimit(
                limits.read_burst * share, limits.read_per_minute * share, now, reads, "reads"
            ),
            "action": RateLimit(
                limits.action_burst * share,
                limits.action_per_minute * share,
                now,
                actions,
                "actions",
            ),
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/api/"):
            await self.app(scope, receive, send)
            return
        method = scope["method"]
        if method == "POST" and path.rstrip("/") == "/api/games":
            await self.app(scope, receive, send)  # creation: RateLimit of its own
            return
        kind = "read" if method in ("GET", "HEAD", "OPTIONS") else "action"
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        spends = [
            (self.addresses[kind], address),
            (self.clients[kind], f"{address} {client_token(scope, path)}"),
        ]
        try:
            await spend(scope["app"].state, spends)
        except TooMany as error:
            status, headers, body = too_many_response(error.detail, error.retry_after)
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)


async def spend(state: Any, spends: Sequence[tuple[RateLimit, str]]) -> None:
    """Spend one token of each (limit, key), or raise ``TooMany``: in this process's memory, or,
    when the app runs as one of a cluster (``state.shared_buckets``, PostgreSQL), in the
    database, so that every process spends one budget per client (``cluster.rates``)."""
    shared = getattr(state, "shared_buckets", None)
    if shared is None:
        for limit, key in spends:
            limit.take(key)
    else:
        await anyio.to_thread.run_sync(shared.take, spends)


def client_token(scope: Scope, path: str) -> str:
    """The seat token a request sends for the game in its path (``X-Seat-Token``, else the
    game's seat cookie), or "" for none; only a hash of it is kept as a key."""
    parts = path.split("/")  # "", "api", "games", id, ...
    game = parts[3] if len(parts) > 3 and parts[2] == "games" else None
    token = ""
    for name, value in scope.get("headers", []):
        if name == b"x-seat-token":
            token = value.decode("latin-1")
            break
        if name == b"cookie" and game is not None and not token:
            token = cookie_parser(value.decode("latin-1")).get(f"grimoire_seat_{game}", "")
    return hashlib.sha256(token.encode()).hexdigest()[:24] if token else ""


class BodyLimit:
    """ASGI middleware: a body above ``max_body`` bytes gets 413 and is never parsed. The body
    is read here (at most ``max_body`` bytes) and handed to the app as it came."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = -1
                if declared > self.max_body or declared < 0:
                    await self._refuse(send)
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        detail = f"the request body is larger than {self.max_body} bytes"
        body = json.dumps({"detail": detail}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
