"""Presence across server processes: who has a page open at which table, per process.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-26

``presence``: one row per (game, seat, server process) with a page open there, ``seen`` by the
server's clock; each process rewrites its own rows every tick (see ``grimoire.web.cluster.duties``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("server", sa.String(32), primary_key=True),
        sa.Column("seen", sa.Float(), nullable=False),
    )
    op.create_index("ix_presence_seen", "presence", ["seen"])


def downgrade() -> None:
    op.drop_index("ix_presence_seen", "presence")
    op.drop_table("presence")
