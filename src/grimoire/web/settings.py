"""The web app's settings: given to ``create_app``, else from the environment, else defaults."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable

from grimoire.web.limits import Limits

DEFAULT_DATABASE_URL = "sqlite:///grimoire.db"
DEFAULT_BOT_DELAY = 0.5


@dataclasses.dataclass(frozen=True)
class Settings:
    database_url: str  # a SQLite or PostgreSQL SQLAlchemy URL
    bot_delay: float  # seconds a bot waits before each action
    now: Callable[[], float]  # the clocks' time source, seconds since the epoch
    limits: Limits
    # tests only: tables are seeded from this number in the order they are created (a table's
    # seed is its secret, so a real server never sets it); None: a random seed per table
    test_seed: int | None = None

    @classmethod
    def resolve(
        cls,
        database_url: str | None = None,
        bot_delay: float | None = None,
        now: Callable[[], float] | None = None,
        limits: Limits | None = None,
    ) -> Settings:
        """The given settings; the others from ``$GRIMOIRE_DATABASE_URL``,
        ``$GRIMOIRE_BOT_DELAY``, ``Limits.from_env()`` and (tests only)
        ``$GRIMOIRE_TEST_SEED``, else the defaults."""
        url = database_url or os.environ.get("GRIMOIRE_DATABASE_URL") or DEFAULT_DATABASE_URL
        if bot_delay is None:
            bot_delay = float(os.environ.get("GRIMOIRE_BOT_DELAY", DEFAULT_BOT_DELAY))
        raw_seed = os.environ.get("GRIMOIRE_TEST_SEED")
        test_seed = None if raw_seed is None else int(raw_seed)
        return cls(url, bot_delay, now or time.time, limits or Limits.from_env(), test_seed)
