"""Alembic environment: migrations run on the connection the app passes in ``attributes``."""

from __future__ import annotations

from alembic import context

import grimoire.web.cluster.duties  # noqa: F401  (its presence table)
from grimoire.web.store import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is None:
        from grimoire.web.store import make_engine

        engine = make_engine(config.get_main_option("sqlalchemy.url") or "sqlite:///grimoire.db")
        with engine.begin() as connection:
            context.configure(connection=connection, target_metadata=target_metadata)
            context.run_migrations()
        return
    context.configure(connection=connection, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
