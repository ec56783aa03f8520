"""Rate limits shared by the processes of a cluster (issue 36): behind three processes on one
PostgreSQL database, one client gets the documented budget, not three times it (the buckets
live in the database: ``grimoire.web.cluster.rates``). Marked ``postgres``."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator

import httpx
import pytest
from pg_server import PostgresCluster
from web_helpers import ServerProcess

pytestmark = pytest.mark.postgres

BURST, CREATE_BURST = 12, 3


@pytest.fixture
def three(postgres_cluster: PostgresCluster) -> Iterator[list[ServerProcess]]:
    # small budgets, refilled slowly (one a minute): what is let through is the burst
    limits = [
        *("--action-burst", str(BURST), "--action-per-minute", "1"),
        *("--create-burst", str(CREATE_BURST), "--create-per-minute", "1"),
    ]
    url = postgres_cluster.create_database()
    ServerProcess(url).start().stop()  # migrate once, first
    servers = [ServerProcess(url, 0.05, extra=limits) for _ in range(3)]
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        list(pool.map(lambda server: server.start(), servers))
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()


def test_one_client_gets_one_budget_across_three_processes(three: list[ServerProcess]) -> None:
    body = {"game": "toy", "players": 2, "seats": [{}, {"kind": "bot"}], "name": "Ann"}
    created = [httpx.post(three[n % 3].url + "/api/games", json=body, timeout=30) for n in range(9)]
    codes = [response.status_code for response in created]
    assert codes.count(201) == CREATE_BURST and codes.count(429) == 9 - CREATE_BURST, codes
    refused = next(response for response in created if response.status_code == 429)
    assert int(refused.headers["Retry-After"]) >= 1
    first = next(response.json() for response in created if response.status_code == 201)
    game_id, token = first["state"]["id"], first["token"]
    answers = [  # junk actions from one client, spread over the three processes
        httpx.post(
            f"{three[n % 3].url}/api/games/{game_id}/actions",
            json={"version": 10_000, "action": {"id": 0}},
            headers={"X-Seat-Token": token},
            timeout=30,
        ).status_code
        for n in range(4 * BURST)
    ]
    # the burst, and at most a token or two refilled while the requests went out
    assert BURST <= len([code for code in answers if code != 429]) <= BURST + 2, answers
    assert answers[-BURST:] == [429] * BURST, answers
    other = httpx.get(f"{three[1].url}/api/games/{game_id}/state", timeout=30)
    assert other.status_code == 200  # reads have their own budget


def test_a_bucket_spent_later_than_the_statement_began_is_not_emptied(postgres_url: str) -> None:
    """A take reads the database's clock before it waits for the bucket's row; the row may by
    then hold a later time (spent meanwhile by another process). Time must not run backwards:
    with a high rate, a few milliseconds the wrong way emptied a full bucket (429s under the
    load benchmark's raised limits)."""
    from sqlalchemy import text

    from grimoire.web.cluster.rates import SharedBuckets
    from grimoire.web.limits import RateLimit
    from grimoire.web.outage import Outage
    from grimoire.web.store import make_engine, migrate

    engine = make_engine(postgres_url)
    try:
        migrate(engine)
        limit = RateLimit(10, 60_000_000.0, name="action")  # a million a second
        with engine.begin() as connection:  # spent "5 s from now": a later time than the take's
            connection.execute(
                text(
                    "INSERT INTO rate_buckets (key, tokens, at) "
                    "VALUES ('action client', 5, extract(epoch from clock_timestamp()) + 5)"
                )
            )
        buckets = SharedBuckets(engine, Outage())
        for _ in range(4):  # 5 tokens held: 4 takes leave 1
            buckets.take([(limit, "client")])
        with engine.connect() as connection:
            tokens: float = connection.execute(
                text("SELECT tokens FROM rate_buckets WHERE key = 'action client'")
            ).scalar_one()
        assert tokens == pytest.approx(1.0)
    finally:
        engine.dispose()
