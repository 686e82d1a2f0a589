"""The class record (cardmath.progress) on SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

import pytest

from cardmath.progress import ClassRecord, Student, configured_url, open_record
from cardmath.rooms import BadName, BadToken, NameTaken

LESSON = "01-navigator"


@pytest.fixture
def record(store_url: str) -> Iterator[ClassRecord]:
    opened = open_record(store_url)
    yield opened
    opened.close()


def test_attempts_make_the_grid(record: ClassRecord) -> None:
    ana, ben, cleo = (record.register(name) for name in ("Ana", "Ben", "Cleo"))
    record.record(ana, LESSON, "Exercise 1", "20", ok=False, hints=0)
    record.record(ana, LESSON, "Exercise 1", "14", ok=True, hints=1)
    record.record(ben, LESSON, "Exercise 1", "20", ok=False, hints=0)
    record.record(ben, LESSON, "Exercise 10", "512", ok=True, hints=0)
    record.record(cleo, LESSON, "Exercise 2", "yes", ok=True, hints=2)
    grid = record.grid(LESSON)
    assert grid.to_text().splitlines() == [
        "student  Exercise 1  Exercise 2  Exercise 10",
        "Ana      ✔ ✘1 ?1     ·           ·",
        "Ben      ✘1          ·           ✔",
        "Cleo     ·           ✔ ?2        ·",
    ]
    assert grid.to_text(anonymous=True).splitlines()[1].startswith("Student 1  ")
    summary = record.summary(LESSON, "Exercise 1")
    assert (summary.solved, summary.tried, summary.share_solved) == (1, 2, "1 of 2 (50%)")
    assert [(text, count) for text, count, _ in summary.wrong_answers] == [("20", 2)]
    assert record.lessons() == [LESSON]
    assert record.grid("another lesson").students == ("Ana", "Ben", "Cleo")


def test_names_are_refused_with_a_sentence(record: ClassRecord) -> None:
    with pytest.raises(BadName, match="type your name"):
        record.register("   ")
    with pytest.raises(BadName, match="at most 40 characters, not 200"):
        record.register("x" * 200)
    ana = record.register("Ana Lopez")
    with pytest.raises(NameTaken, match="already taken in this class"):
        record.register("  ana   LOPEZ ")
    # "is this you?": only the browser holding the token carries on as Ana
    assert record.resume("ana lopez", ana.token).name == "Ana Lopez"
    with pytest.raises(BadToken, match="another browser"):
        record.resume("Ana Lopez", "a guessed token")
    with pytest.raises(BadToken):
        record.record(Student("Ana Lopez", "forged"), LESSON, "Exercise 1", "1", ok=True, hints=0)
    assert record.attempts() == []
    assert record.students() == ["Ana Lopez"]
    assert "token" not in repr(ana) and ana.token not in repr(ana)


def test_html_and_formulas_are_kept_as_text_and_exported_safely(record: ClassRecord) -> None:
    evil = record.register("<b>=HYPERLINK(1)</b>")
    formula = record.register("=cmd|' /C calc'!A0")
    record.record(evil, LESSON, "Exercise 1", "<script>alert(1)</script>", ok=False, hints=0)
    record.record(formula, LESSON, "Exercise 1", "=1+1", ok=False, hints=0)
    assert {a.answer for a in record.attempts()} == {"<script>alert(1)</script>", "=1+1"}
    rows = list(csv.reader(io.StringIO(record.grid(LESSON).to_csv())))
    assert [row[0] for row in rows[1:]] == ["<b>=HYPERLINK(1)</b>", "'=cmd|' /C calc'!A0"]
    for row in rows:
        for text in row:
            assert not text.lstrip().startswith(("=", "+", "-", "@"))


def test_the_board_pauses_and_shows_an_answer_without_its_name(record: ClassRecord) -> None:
    ana = record.register("Ana")
    assert record.paused() is None and record.shown() is None
    before = record.version()
    record.pause("Eyes on the board, please")
    assert record.paused() == "Eyes on the board, please"
    assert record.version() != before
    record.resume_class()
    assert record.paused() is None
    answer = record.record(ana, LESSON, "Exercise 5", "(11 - 7) * 8", ok=False, hints=0)
    record.show(answer)
    shown = record.shown()
    assert shown == {"lesson": LESSON, "exercise": "Exercise 5", "answer": "(11 - 7) * 8",
                     "ok": False}  # fmt: skip
    assert "Ana" not in repr(shown)
    with pytest.raises(BadToken):
        record.show(answer + 100)
    record.show(None)
    assert record.shown() is None


def test_two_pages_share_one_record(store_url: str) -> None:
    first, second = open_record(store_url), open_record(store_url)
    try:
        ana = first.register("Ana")
        second.record(ana, LESSON, "Exercise 1", "14", ok=True, hints=0)
        assert first.grid(LESSON).cell("Ana", (LESSON, "Exercise 1")).solved
        with pytest.raises(NameTaken):
            second.register("ANA")
    finally:
        first.close()
        second.close()


def test_recording_is_off_unless_a_class_store_is_configured(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("CARDMATH_ROOMS", raising=False)
    monkeypatch.delenv("CARDMATH_CLASS_URL", raising=False)
    assert configured_url() is None  # Binder, offline
    monkeypatch.setenv("CARDMATH_CLASS_URL", "http://10.0.0.5:8866/?token=abc")
    assert configured_url().startswith("sqlite:///")  # the class server
    monkeypatch.setenv("CARDMATH_ROOMS", f"sqlite:///{tmp_path}/x.sqlite")
    assert configured_url() == f"sqlite:///{tmp_path}/x.sqlite"


def test_the_command_line_prints_and_writes_the_grid(store_url: str, tmp_path) -> None:
    import subprocess
    import sys

    record = open_record(store_url)
    ana, ben = record.register("Ana"), record.register("=Ben")
    record.record(ana, LESSON, "Exercise 1", "14", ok=True, hints=1)
    record.record(ben, LESSON, "Exercise 2", "no", ok=False, hints=0)
    expected = record.grid(LESSON).to_text()
    record.close()
    out = tmp_path / "grid.csv"
    command = [sys.executable, "-m", "cardmath", "class", "progress", "--store", store_url]
    done = subprocess.run(
        [*command, "--lesson", LESSON, "--csv", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(expected + "\n")
    rows = list(csv.reader(io.StringIO(out.read_text())))
    assert rows == [["student", "Exercise 1", "Exercise 2"], ["'=Ben", "·", "✘1"],
                    ["Ana", "✔ ?1", "·"]]  # fmt: skip


def test_a_hub_user_claims_their_own_name(record: ClassRecord) -> None:
    first = record.claim("ana")
    again = record.claim("ana")  # a new browser, after the hub signed ana in
    assert again.name == "ana" and again.token != first.token
    with pytest.raises(BadToken):
        record.resume("ana", first.token)
    assert record.resume("ana", again.token).name == "ana"
