"""What an operator watches: structured (JSON) logs and Prometheus-style metrics.

``json_logs()`` makes every log line one JSON object (``ts``, ``level``, ``logger``, ``msg``,
``pid``, and ``exc`` with a traceback). ``Metrics`` counts what the issue asks for, per server
process (each line carries ``pid``: with ``--workers N`` a scrape reaches one process, so scrape
each one, or sum by pid): actions accepted and their latency (a histogram of the time in the
server), HTTP answers by class, open WebSockets and live tables (read at each scrape), running
games (from the database). ``MetricsMiddleware`` measures the HTTP side.
"""

from __future__ import annotations

import bisect
import json
import logging
import os
import re
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

ACTION = re.compile(r"^/api/games/[^/]+/actions$")
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)  # seconds


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, object] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
            "pid": record.process,
        }
        if record.exc_info:
            doc["exc"] = self.formatException(record.exc_info)
        return json.dumps(doc, ensure_ascii=False)


def json_logs(level: int = logging.INFO) -> None:
    """Every log line (grimoire's, uvicorn's, alembic's) as one JSON object on stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True


class Metrics:
    """The counters of one process."""

    def __init__(self) -> None:
        self.actions = 0
        self.buckets = [0] * (len(BUCKETS) + 1)  # the last one: +Inf
        self.latency_sum = 0.0
        self.answers: dict[str, int] = {}
        self.started = time.time()

    def answered(self, status: int, path: str, method: str, seconds: float) -> None:
        kind = f"{status // 100}xx"
        self.answers[kind] = self.answers.get(kind, 0) + 1
        if method == "POST" and status == 200 and ACTION.match(path):
            self.actions += 1
            self.latency_sum += seconds
            self.buckets[bisect.bisect_left(BUCKETS, seconds)] += 1

    def text(self, sockets: int, tables: int, running: int | None) -> str:
        """The Prometheus text exposition."""
        pid = f'pid="{os.getpid()}"'
        lines = [
            "# HELP grimoire_actions_total Actions accepted (HTTP POST .../actions answered 200).",
            "# TYPE grimoire_actions_total counter",
            f"grimoire_actions_total{{{pid}}} {self.actions}",
            "# HELP grimoire_action_seconds Time in the server of an accepted action.",
            "# TYPE grimoire_action_seconds histogram",
        ]
        total = 0
        for bound, count in zip((*BUCKETS, float("inf")), self.buckets, strict=True):
            total += count
            le = "+Inf" if bound == float("inf") else f"{bound:g}"
            lines.append(f'grimoire_action_seconds_bucket{{{pid},le="{le}"}} {total}')
        lines += [
            f"grimoire_action_seconds_sum{{{pid}}} {self.latency_sum:.6f}",
            f"grimoire_action_seconds_count{{{pid}}} {self.actions}",
            "# HELP grimoire_http_responses_total HTTP answers by status class.",
            "# TYPE grimoire_http_responses_total counter",
        ]
        for kind, count in sorted(self.answers.items()):
            lines.append(f'grimoire_http_responses_total{{{pid},code="{kind}"}} {count}')
        lines += [
            "# HELP grimoire_open_sockets Open WebSockets (live pages) of this process.",
            "# TYPE grimoire_open_sockets gauge",
            f"grimoire_open_sockets{{{pid}}} {sockets}",
            "# HELP grimoire_live_tables Tables this process holds in memory.",
            "# TYPE grimoire_live_tables gauge",
            f"grimoire_live_tables{{{pid}}} {tables}",
            "# HELP grimoire_process_start_time_seconds When this process started.",
            "# TYPE grimoire_process_start_time_seconds gauge",
            f"grimoire_process_start_time_seconds{{{pid}}} {self.started:.3f}",
        ]
        if running is not None:
            lines += [
                "# HELP grimoire_games_running Games running (all processes: the database).",
                "# TYPE grimoire_games_running gauge",
                f"grimoire_games_running {running}",
            ]
        return "\n".join(lines) + "\n"


class MetricsMiddleware:
    """Counts every HTTP answer, and the accepted actions with their time in the server."""

    def __init__(
        self, app: ASGIApp, metrics: Metrics, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = self.clock()
        status = 500

        async def counted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, counted)
        finally:
            self.metrics.answered(
                status, scope.get("path", ""), scope.get("method", ""), self.clock() - started
            )
