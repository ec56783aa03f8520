"""Revisions: every write of a table counts, so that several server processes can share it.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25

``games`` gains ``revision``: one more with every committed change of the game (its log, its
seats, its clocks). A server process compares it with the revision of the table it holds in
memory, and reloads the table when another process changed it (see ``grimoire.web.cluster``).
Existing games start at 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN (see 0002: no batch copy of ``games``, which would cascade on SQLite).
    op.add_column(
        "games", sa.Column("revision", sa.BigInteger(), nullable=False, server_default="0")
    )


def downgrade() -> None:
    op.drop_column("games", "revision")
