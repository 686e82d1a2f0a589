"""Alembic's environment: migrate the connection :mod:`cardmath.service.migrate` passes in."""

from __future__ import annotations

from alembic import context


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=None, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # run by Alembic (not when a doctest run imports it)
    run()
