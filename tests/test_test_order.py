"""The test files named to run first (tests/order.py) are real test files: a
renamed file would otherwise silently lose its place at the front. Every browser test file
has its place: a new one left out would run after all of them, at the end."""

from __future__ import annotations

from pathlib import Path

from tests.order import LONGEST_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_named_to_run_first_exists_once() -> None:
    missing = [name for name in LONGEST_FIRST if not (ROOT / name).is_file()]
    assert missing == []
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)


def test_every_browser_test_file_has_its_place() -> None:
    browser = sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "browser").glob("test_*.py")
    )
    assert [name for name in browser if name not in LONGEST_FIRST] == []
