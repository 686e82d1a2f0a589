"""The class store's schema, kept by Alembic: ``python -m cardmath.service.migrate URL``.

Every change to the tables of :mod:`cardmath.rooms.schema` and
:mod:`cardmath.progress.schema` gets a revision in ``migrations/versions/`` (copy the
newest, chain ``down_revision``); the class service brings its database to the newest
revision when it starts, in one transaction (PostgreSQL's DDL is transactional), so a
school's database is changed in place and no room or progress record is lost. A store
made before migrations existed is stamped with the first revision (its tables are the
same).

>>> import tempfile
>>> url = f"sqlite:///{tempfile.mkdtemp()}/class.sqlite"
>>> upgrade(url), current(url)
('0001', '0001')
"""

from __future__ import annotations

import sys
from pathlib import Path

__all__ = ["HEAD", "current", "upgrade"]

HERE = Path(__file__).resolve().parent / "migrations"
HEAD = "0001"
"""The newest revision (what :func:`upgrade` brings a store to)."""


def _engine(url: str):  # type: ignore[no-untyped-def]
    import sqlalchemy as sa

    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    return sa.create_engine(url, poolclass=sa.pool.NullPool)


def upgrade(url: str, revision: str = "head") -> str:
    """Bring the store at ``url`` (``sqlite:///...`` or ``postgresql://...``) to
    ``revision``; returns the revision it is at."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    engine = _engine(url)
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()
    return current(url) or ""


def current(url: str) -> str | None:
    """The revision the store at ``url`` is at (``None``: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    engine = _engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m cardmath.service.migrate URL", file=sys.stderr)
        return 2
    print(upgrade(args[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
