"""Fixtures shared by the test folders: a real PostgreSQL server for the rooms' store.

Under ``CI=true`` a missing PostgreSQL is a failure (CI must install Debian's
``postgresql``), never a reason to pass; elsewhere the PostgreSQL half of the room suite
is skipped with the reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from tests.pgserver import PostgresServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL 15 cluster for the whole run, in a temporary folder, Unix socket only."""
    if not PostgresServer.available():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("PostgreSQL is missing: CI must install Debian's postgresql (.ci/run)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = PostgresServer.start()
    try:
        yield server
    finally:
        server.stop()
