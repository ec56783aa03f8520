"""The rate limits of every process of a cluster as one: token buckets in PostgreSQL.

Behind N processes a client must get the documented budget, not N times it, so on PostgreSQL
each bucket of ``limits.RateLimit`` (one per client, per address, per kind of request) is a row
of ``rate_buckets``, spent by one atomic ``INSERT ... ON CONFLICT DO UPDATE`` that refills it by
the **database's** clock (the processes' clocks may differ) and takes a token only if one is
there. The table is UNLOGGED (a crash of the database forgets the buckets: everyone starts full,
which is harmless). Rows of buckets idle for ``FORGET`` seconds are deleted now and then; such a
bucket is full again anyway unless a limit takes longer than that to refill.

A bucket that cannot be read (the database does not answer) lets the request through: the
request then meets the outage itself and is answered 503 (``web.outage``); a limit never turns
an outage into a refusal of its own.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from sqlalchemy import Float, String, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from grimoire.web.limits import RateLimit, TooMany
from grimoire.web.outage import Outage
from grimoire.web.store import Base

FORGET = 600.0  # seconds after which an idle bucket's row is deleted
_SWEEP_EVERY = 300.0  # seconds between two deletions of idle rows, per process


class RateBucketRow(Base):
    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(96), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float)  # the database's epoch seconds at the last take


_NOW = "extract(epoch from clock_timestamp())"
# EXCLUDED.at is read before the statement waits for the row's lock, so the row may have been
# spent later than that by the time this one gets it: time never runs backwards here (with a
# high rate, a few milliseconds the wrong way emptied the bucket: 429s under a raised limit)
_LEVEL = (
    "LEAST(CAST(:burst AS double precision), b.tokens + GREATEST(0, EXCLUDED.at - b.at) * :rate)"
)
TAKE = text(
    "INSERT INTO rate_buckets AS b (key, tokens, at) "
    f"VALUES (:key, CAST(:burst AS double precision) - 1, {_NOW}) "
    f"ON CONFLICT (key) DO UPDATE SET tokens = {_LEVEL} - 1, at = GREATEST(b.at, EXCLUDED.at) "
    f"WHERE {_LEVEL} >= 1 RETURNING b.tokens"
)
LEVEL = text(f"SELECT tokens + GREATEST(0, {_NOW} - at) * :rate FROM rate_buckets WHERE key = :key")
SWEEP = text(f"DELETE FROM rate_buckets WHERE at < {_NOW} - :age")


class SharedBuckets:
    """``RateLimit``s spent in PostgreSQL: one budget for all processes (see the module)."""

    def __init__(self, engine: Engine, outage: Outage) -> None:
        self.engine = engine
        self.outage = outage
        self._swept = time.monotonic()

    def take(self, spends: Sequence[tuple[RateLimit, str]]) -> None:
        """Spend one token of each (limit, key) in turn, or raise ``TooMany`` at the first
        empty bucket (the ones before it stay spent, as with the in-memory buckets)."""
        try:
            with self.engine.begin() as connection:
                for limit, key in spends:
                    values = {"key": f"{limit.name} {key}", "burst": limit.burst}
                    taken = connection.execute(TAKE, values | {"rate": limit.rate}).first()
                    if taken is None:
                        level = connection.execute(
                            LEVEL, {"key": values["key"], "rate": limit.rate}
                        ).scalar()
                        raise TooMany(limit.detail, limit.wait(float(level or 0.0)))
                if time.monotonic() - self._swept > _SWEEP_EVERY:
                    self._swept = time.monotonic()
                    connection.execute(SWEEP, {"age": FORGET})
        except SQLAlchemyError as error:  # no limit while the database does not answer
            self.outage.met(error, "the rate limits could not be read")
