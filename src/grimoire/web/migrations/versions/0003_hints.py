"""Hints: whether a table's seats may ask for an analysis of their position.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23

``games`` gains ``hints`` (a boolean). Existing games get none (the server default ``false``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (see 0002: no batch copy of ``games``, which would cascade on SQLite).
    op.add_column(
        "games", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("games", "hints")
