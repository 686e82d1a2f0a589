"""The test files named to run first (tests/order.py) are real test files: a
renamed file would otherwise silently lose its place at the front."""

from __future__ import annotations

from pathlib import Path

from tests.order import LONGEST_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_named_to_run_first_exists_once() -> None:
    missing = [name for name in LONGEST_FIRST if not (ROOT / name).is_file()]
    assert missing == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
