"""The order in which the make targets hand test files to the workers: the longest first.

``make unit`` and ``make browser`` give whole files to the workers in the order collected
(``--dist loadfile --no-loadscope-reorder``, ordered in ``conftest.py``). A long file
handed out last kept one worker busy after the others had finished.
"""

from __future__ import annotations

LONGEST_FIRST = (
    # the browser tests: the seconds each file took, three workers on two cores
    "tests/browser/test_projector.py",  # 200
    "tests/browser/test_rooms_browser.py",  # 100
    "tests/browser/test_security.py",  # 87
    "tests/browser/test_lite.py",  # 87
    "tests/browser/test_navigator_dashboard.py",  # 83
    "tests/browser/test_projector_fixes.py",  # 81
    "tests/browser/test_hub_rooms.py",  # about 80 (with the class service's tests)
    "tests/browser/test_binder.py",  # 72
    "tests/browser/test_sequences_dashboard.py",  # 60
    "tests/browser/test_jupyterhub.py",  # 59
    "tests/browser/test_navigator_class.py",  # 44
    "tests/browser/test_permutations_dashboard.py",  # 42
    # the unit tests, the same way
    "tests/test_sequences.py",  # 37
    "tests/test_permutations.py",  # 27
    "tests/test_navigator_harness.py",  # 22
    "tests/test_rooms.py",  # 15
)
"""The test files that take longest, longest first (measured): they are collected first."""
