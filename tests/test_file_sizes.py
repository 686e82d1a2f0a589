"""Files small enough to read in one sitting: none in ``cardmath/`` or ``widgets/`` over
800 lines (Python, scripts, stylesheets and templates alike). A file that grows past it
does several jobs; split it along its seams, as ``cardmath/solver/`` and the dashboards'
stylesheets are split."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 800
KINDS = {".py", ".js", ".css", ".mako"}


def test_no_file_of_the_packages_is_over_800_lines():
    files = [
        path
        for package in ("cardmath", "widgets")
        for path in (ROOT / package).rglob("*")
        if path.suffix in KINDS and "__pycache__" not in path.parts
    ]
    assert len(files) > 200  # the packages were found
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in files
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert too_long == {}
