"""The landing page lists every lesson and dashboard from the notebooks' own metadata."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from widgets.landing import CLASS_URL_VARIABLE, catalogue, landing_page, lesson_list

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def write(folder: Path, name: str, about: dict | None, heading: str = "") -> None:
    cells = [{"cell_type": "markdown", "metadata": {}, "source": [heading]}] if heading else []
    metadata = {"cardmath": about} if about is not None else {}
    (folder / name).write_text(json.dumps({"cells": cells, "metadata": metadata}))


def test_the_projects_notebooks_are_listed_by_title() -> None:
    entries = catalogue(LESSONS)
    titles = [entry.title for entry in entries]
    assert titles[:2] == [
        "Welcome to cardmath",
        "Navigator: order of operations and expression trees",
    ]
    assert "Navigator dashboard" in titles
    assert all(entry.path != "index.ipynb" for entry in entries)  # the page itself is not
    html = landing_page(LESSONS)._repr_html_()
    assert '<a href="01-navigator.ipynb">Navigator: order of operations' in html
    assert '<a href="navigator-dashboard.ipynb">Navigator dashboard</a>' in html
    assert "<h2>Lessons</h2>" in html and "<h2>Dashboards for the classroom</h2>" in html
    assert "<h2>Homework</h2>" in html and '<a href="homework-new.ipynb">Set a homework</a>' in html
    for entry in entries:  # every notebook of a game says what it is
        assert entry.kind in ("lesson", "dashboard", "homework", "rooms"), entry.path
        assert entry.topic and entry.ages and entry.minutes


def test_a_new_games_notebooks_appear_by_themselves(tmp_path: Path) -> None:
    write(
        tmp_path,
        "02-sum15.ipynb",
        {
            "kind": "lesson",
            "title": "Sum 15: number bonds",
            "game": "sum15",
            "topic": "number bonds",
            "ages": "8-11",
            "minutes": 40,
            "order": 2,
        },
    )
    write(
        tmp_path,
        "sum15-dashboard.ipynb",
        {"kind": "dashboard", "title": "Sum 15 dashboard", "game": "sum15", "order": 2},
    )
    write(
        tmp_path,
        "01-navigator.ipynb",
        {"kind": "lesson", "title": "Navigator lesson", "game": "navigator", "order": 1},
    )
    write(tmp_path, "index.ipynb", {"kind": "index", "title": "Landing"})
    write(tmp_path, "scratch.ipynb", None, heading="# My own notes")
    (tmp_path / "broken.ipynb").write_text("{not json")
    entries = catalogue(tmp_path)
    assert [(e.title, e.kind) for e in entries] == [
        ("Navigator lesson", "lesson"),
        ("Sum 15: number bonds", "lesson"),
        ("Sum 15 dashboard", "dashboard"),
        ("broken", "other"),
        ("My own notes", "other"),
    ]
    assert entries[1].game_title == "Sum 15"
    html = landing_page(tmp_path)._repr_html_()
    assert "Other notebooks" in html and "My own notes" in html and "8-11" in html
    welcome = lesson_list(tmp_path)._repr_html_()
    assert "Sum 15 dashboard" in welcome and "My own notes" not in welcome


def test_titles_and_topics_are_escaped(tmp_path: Path) -> None:
    write(
        tmp_path,
        "x <b>.ipynb",
        {"kind": "lesson", "title": "<script>alert(1)</script>", "game": "<i>", "topic": "a & b"},
    )
    html = landing_page(tmp_path)._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html and "a &amp; b" in html
    assert 'href="x%20%3Cb%3E.ipynb"' in html


def test_the_class_address_is_shown_when_a_class_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "01-navigator.ipynb", {"kind": "lesson", "title": "Navigator lesson"})
    monkeypatch.delenv(CLASS_URL_VARIABLE, raising=False)
    assert '<div class="cm-landing-class">' not in landing_page(tmp_path)._repr_html_()
    monkeypatch.setenv(CLASS_URL_VARIABLE, "http://10.0.0.5:8866/class/ABCD")
    html = landing_page(tmp_path)._repr_html_()
    assert '<section class="cm-class-banner"' in html and "<svg" in html  # the QR code
    assert "10.0.0.5:8866/class/ABCD" in html
    assert "cm-class-banner" not in lesson_list(tmp_path)._repr_html_()  # the welcome page
