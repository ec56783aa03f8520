"""``ServerTiming``: the ASGI middleware that stamps every HTTP answer with server times."""

from __future__ import annotations

import time
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class ServerTiming:
    """Adds ``Server-Timing: app;dur=<ms>`` to HTTP answers: the time spent in the server, as
    opposed to the network and the client (the load test reports both); and
    ``X-Server-Time``, the clocks' time now (seconds since the epoch), so a page counts clocks
    down in the server's time whatever its own clock says."""

    def __init__(self, app: ASGIApp, now: Callable[[], float] = time.time) -> None:
        self.app = app
        self.now = now

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={took:.2f}".encode()))
                headers.append((b"x-server-time", f"{self.now():.3f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed_send)
