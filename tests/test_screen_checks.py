"""The projector walk's overlap check finds every pair of lines that run into each other.

``overlapping_texts`` sets each line only against the lines starting above its bottom (a
screen has hundreds of lines, and every screen of every walk is checked): on any screen it
reports the same pairs as setting every line against every other.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from tests.browser.screen_checks import _cover, _ink, overlapping_texts

coordinate = st.integers(min_value=0, max_value=400)


@st.composite
def screens(draw: st.DrawFn) -> list[dict[str, Any]]:
    boxes = []
    for number in range(draw(st.integers(min_value=0, max_value=12))):
        rects = []
        for _ in range(draw(st.integers(min_value=1, max_value=3))):
            left, top = draw(coordinate), draw(coordinate)
            width = draw(st.integers(min_value=3, max_value=200))
            height = draw(st.integers(min_value=3, max_value=60))
            rects.append([left, top, left + width, top + height])
        boxes.append({"text": f"text {number}", "rects": rects, "onScreen": True, "clipped": False})
    return boxes


def every_pair(boxes: list[dict[str, Any]]) -> set[str]:
    """The overlaps found by setting every line against every other."""
    lines = [(box, _ink(rect)) for box in boxes for rect in box["rects"]]
    found = set()
    for i, (one, a) in enumerate(lines):
        for other, b in lines[i + 1 :]:
            area_a = (a[2] - a[0]) * (a[3] - a[1])
            area_b = (b[2] - b[0]) * (b[3] - b[1])
            if other is not one and _cover(a, b) > max(4.0, 0.05 * min(area_a, area_b)):
                found.add(frozenset((one["text"], other["text"])))
    return {" and ".join(sorted(pair)) for pair in found}


def reported_pairs(found: list[str]) -> set[str]:
    return {" and ".join(sorted(line.strip("'").split("' overlaps '"))) for line in found}


@given(screens())
def test_the_overlap_check_reports_what_every_pair_would(boxes: list[dict[str, Any]]) -> None:
    found = overlapping_texts(None, boxes=boxes)
    expected = every_pair(boxes)
    if len(found) < 12:  # the check reports at most twelve lines
        assert reported_pairs(found) == expected
    else:
        assert reported_pairs(found) <= expected


def test_two_lines_on_top_of_each_other_are_reported() -> None:
    boxes = [
        {"text": "Deal", "rects": [[10, 10, 110, 40]], "onScreen": True, "clipped": False},
        {"text": "again", "rects": [[12, 14, 90, 44]], "onScreen": True, "clipped": False},
        {"text": "below", "rects": [[10, 200, 110, 230]], "onScreen": True, "clipped": False},
    ]
    assert overlapping_texts(None, boxes=boxes) == ["'Deal' overlaps 'again'"]
