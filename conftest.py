"""Settings shared by every test: the Hypothesis profiles and the random-play level.

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
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from hypothesis.database import DirectoryBasedExampleDatabase

from cardmath.testing import play_level

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", database=DirectoryBasedExampleDatabase(".hypothesis/examples"))

PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").lower() == "true" else "dev"
)
settings.load_profile(PROFILE)


def pytest_report_header(config: pytest.Config) -> str:
    return f"hypothesis profile: {PROFILE}; random play: CARDMATH_PLAY={play_level()}"
