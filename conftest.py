"""Settings shared by every test: the Hypothesis profiles, the random-play level, and a
real PostgreSQL server for the rooms' store (``postgres_server``: under ``CI=true`` a
missing PostgreSQL is a failure, never a reason to pass).

(At the root, outside the collected folders: pytest collects every conftest.py under
``tests/`` for doctests, and two modules named ``conftest`` there would clash.)

Hypothesis profiles (``HYPOTHESIS_PROFILE`` picks one; otherwise ``ci`` under
``CI=true`` and ``dev`` elsewhere; ``make check`` and ``make test`` choose ``ci``):

* ``ci``: derandomized and without the example database, so a run gives the same
  examples every time and a failure in CI is a failure in the next run too;
* ``dev``: new random examples each run, with the example database in ``.hypothesis/``
  replaying the failures found before.

How many random games the random-play tests play is ``CARDMATH_PLAY``
(``check``, ``test``, ``bench``), read once by :func:`cardmath.testing.play_games`.

The test files that take longest run first (``tests/order.py``): the make targets hand
out whole files to the workers in the order collected (``--dist loadfile
--no-loadscope-reorder``), and a long file started last would keep one worker busy while
the others have finished.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

from cardmath.testing import play_level
from tests.order import LONGEST_FIRST
from tests.pgserver import PostgresServer

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", database=DirectoryBasedExampleDatabase(".hypothesis/examples"))

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
)
settings.load_profile(PROFILE)

sys.dont_write_bytecode = False
"""pytest rewrites the asserts of every test module it imports (230 of them: 5 CPU-s) and
keeps the result in ``__pycache__`` only where bytecode may be written. Where
``PYTHONDONTWRITEBYTECODE`` is set (as on the machine CI runs on) every test worker of
every run would rewrite them all again; this process writes them (the servers and
kernels the tests start still follow the environment)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    root = Path(__file__).parent

    def place(item: pytest.Item) -> int:
        path = Path(str(item.fspath))
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        return rank.get(name, len(rank))

    items.sort(key=place)  # stable: a file's tests keep their order, as do the other files


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis profile: {PROFILE}; random play: CARDMATH_PLAY={play_level()}"


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


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty class store's address: a SQLite file, or a new database on the
    session's PostgreSQL server (the rooms' and the class record's suites run on both)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'class.sqlite'}"
        return
    with request.getfixturevalue("postgres_server").database("class") as url:
        yield url
