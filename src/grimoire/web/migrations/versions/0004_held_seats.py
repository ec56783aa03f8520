"""Seats held by a bot for their person: the absence rule and taking a seat back.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

``seats`` gains ``held_for`` (the SHA-256 of the token of the person a bot took the seat from:
their rejoin link or cookie takes it back) and ``reclaiming`` (they asked for it back; they get
it when the bot's turn under way is over). Existing bot seats are held for nobody.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs (see 0002: no batch copy, which would cascade on SQLite).
    op.add_column("seats", sa.Column("held_for", sa.String(64), nullable=True))
    op.add_column(
        "seats", sa.Column("reclaiming", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    for column in ("reclaiming", "held_for"):
        op.drop_column("seats", column)
