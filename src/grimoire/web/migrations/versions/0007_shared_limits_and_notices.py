"""Rate limits shared by all server processes (one token bucket per row), and each table's
notices in its row, so that every process tells them.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29

``rate_buckets``: a bucket's ``tokens`` at ``at`` (the database's epoch seconds), spent by every
process alike (see ``grimoire.web.cluster.rates``). UNLOGGED on PostgreSQL: a database crash
forgets the buckets (everyone starts full again), and no write of a limit waits for the WAL.
SQLite serves one process, whose buckets stay in its memory; the table is made there too, so the
schema is the same on both.

``games.events``: the table's newest notices that are no move (a bot took a seat, a pause, a
clock ran out), JSON, written with the change that made them (see ``grimoire.web.history``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    unlogged = ["UNLOGGED"] if op.get_bind().dialect.name == "postgresql" else []
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(96), primary_key=True),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        prefixes=unlogged,
    )
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("events", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.drop_column("events")
    op.drop_table("rate_buckets")
