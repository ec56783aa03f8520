"""Private tables, invitation-only seats and clocks.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22

``games`` gains ``private`` (not listed in the lobby), ``join_policy`` (``anyone``: a free seat
may be taken from the lobby; ``invited``: only with the table's invitation key), ``invite`` (that
key), ``clock`` (the time control and each seat's clock, JSON) and ``deadline`` (when the server
must next look at the game's clocks, seconds since the epoch; indexed). Existing games keep
their behaviour: listed, joinable by anyone, no clock.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs, never a batch "copy and move" of the table: on SQLite, with foreign
    # keys on, dropping the old ``games`` table would cascade and delete every seat and log.
    op.add_column(
        "games", sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "games", sa.Column("join_policy", sa.String(16), nullable=False, server_default="anyone")
    )
    op.add_column("games", sa.Column("invite", sa.String(64), nullable=True))
    op.add_column("games", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("deadline", sa.Float(), nullable=True))
    op.create_index("ix_games_deadline", "games", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_games_deadline", table_name="games")
    for column in ("deadline", "clock", "invite", "join_policy", "private"):
        op.drop_column("games", column)  # SQLite 3.35+ drops a column in place
