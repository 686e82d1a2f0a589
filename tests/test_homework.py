"""Homework end to end without a browser: the command line, a student's progress, the
pages' presenters, and the nbgrader export validated by nbgrader itself."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardmath.homework import (
    HomeworkCode,
    Progress,
    PuzzleWork,
    Receipt,
    check_receipts,
    homework_set,
)
from cardmath.links import binder_url, local_url

ROOT = Path(__file__).resolve().parents[1]
CODE = HomeworkCode("sequences", 2481, 4, "medium")


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardmath", "homework", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        input=stdin,
        check=False,
    )


def test_homework_new_prints_the_code_and_the_links_the_setting_builds() -> None:
    done = run_cli(
        "new", "--game", "navigator", "--seed", "2481", "--count", "8", "--level", "medium"
    )
    assert done.returncode == 0, done.stderr
    code = str(HomeworkCode("navigator", 2481, 8, "medium"))
    assert done.stdout.splitlines()[0] == f"Homework code: {code}"
    assert binder_url("homework.ipynb", {"code": code}) in done.stdout
    assert local_url("homework.ipynb", {"code": code}) in done.stdout


def test_homework_new_refuses_a_bad_request_in_words() -> None:
    done = run_cli("new", "--game", "sum15", "--count", "50")
    assert (
        done.returncode == 2
        and "the number of puzzles is a whole number from 1 to 20" in done.stderr
    )


def test_homework_answers_lists_a_right_answer_to_each_puzzle() -> None:
    done = run_cli("answers", str(CODE))
    assert done.returncode == 0, done.stderr
    for puzzle in homework_set(CODE).puzzles:
        assert f"   answer: {puzzle.answer_key}" in done.stdout


def test_homework_check_counts_the_honest_and_flags_the_rest(tmp_path: Path) -> None:
    homework = homework_set(CODE)
    honest = Receipt(
        str(CODE),
        "Ada",
        tuple(PuzzleWork(p.answer_key, True) for p in homework.puzzles),
        homework.fingerprint,
    )
    lying = Receipt(
        str(CODE), "Bob", (PuzzleWork("1", True),) + (PuzzleWork(),) * 3, homework.fingerprint
    )
    file = tmp_path / "receipts.txt"
    file.write_text(lying.to_text() + "\n")
    table = tmp_path / "class.csv"
    done = run_cli(
        "check", honest.to_text(), "--file", str(file), "--csv", str(table), "--code", str(CODE)
    )
    assert done.returncode == 1  # something was flagged
    assert "1 counted, 1 flagged" in done.stdout
    assert "FLAGGED Bob: puzzle 1 is claimed solved" in done.stdout
    rows = table.read_text().splitlines()
    assert rows[0].startswith("name,status,solved,hints used,handed in,p1 solved")
    assert rows[1].startswith("Ada,counted,4,0") and rows[2].startswith("Bob,flagged,0,0")


def test_a_worse_navigator_answer_never_replaces_a_better_one() -> None:
    progress = Progress.start(HomeworkCode("navigator", 2481, 1, "easy"), "Ada")
    puzzle = progress.homework.puzzle(1).puzzle
    best = progress.homework.puzzle(1).answer_key
    assert progress.check(1, best).solved
    progress.check(1, "1 + 1")
    assert (
        progress.work[0].answer == best and progress.work[0].solved and progress.work[0].tries == 2
    )
    assert puzzle.target is not None


def test_progress_resumes_only_its_own_homework() -> None:
    progress = Progress.start(CODE, "Ada")
    progress.hint(2)
    text = progress.receipt().to_text()
    assert Progress.resume(text, CODE).work[1].hints == 1
    with pytest.raises(Exception, match="is for homework"):
        Progress.resume(text, HomeworkCode("sequences", 1, 4, "medium"))


def test_the_page_asks_for_a_code_when_the_address_has_a_wrong_one() -> None:
    from widgets.homework.page import HomeworkPage

    page = HomeworkPage.from_query("code=SEQ-2481-4M-0")
    assert page.screen == "code"
    assert "check letter is wrong" in page.page_message.value
    page.code_box.value = str(CODE)
    page.open_button.click()
    assert page.screen == "start" and str(CODE) in page.code_label.value
    page.start_button.click()  # no name yet
    assert page.screen == "start" and "type your name first" in page.start_message.value


def test_the_page_records_hints_shows_the_explanation_when_done_and_hands_in() -> None:
    from widgets.homework.page import HomeworkPage

    page = HomeworkPage.from_query(f"code={CODE}")
    page.name_box.value = "Ada"
    page.start_button.click()
    assert page.explanation.layout.display == "none"
    for _ in range(4):
        page.hint_button.click()
    assert page.hint_button.disabled and "Hint 4." in page.hints.value
    assert page.explanation.layout.display == "flex" and page.explanation.steps_html.value
    page.next_button.click()
    page.answer_box.value = "oops"
    page.check_button.click()
    assert "Type a whole number" in page.feedback.value
    page.handin_button.click()
    checked = check_receipts(page.receipt_box.value, CODE).receipts[0]
    assert checked.counted and [p.hints for p in checked.puzzles] == [4, 0, 0, 0]
    assert [p.tries for p in checked.puzzles] == [0, 1, 0, 0]
    assert 'download="homework-' in page.download.value


def test_the_results_page_shows_the_answer_key_and_a_csv() -> None:
    from widgets.homework.results import HomeworkResults

    page = HomeworkResults.from_query(f"code={CODE}")
    page.key_button.click()
    assert homework_set(CODE).puzzle(1).answer_key in page.answers.value
    page.check_button.click()
    assert "No receipts found" in page.message.value


def test_the_notebooks_are_listed_as_homework_for_the_landing_page() -> None:
    for name in ("homework.ipynb", "homework-results.ipynb", "homework-new.ipynb"):
        meta = json.loads((ROOT / "lessons" / name).read_text())["metadata"]["cardmath"]
        assert meta["kind"] == "homework" and meta["title"]


@pytest.mark.slow
def test_the_nbgrader_export_is_validated_by_nbgrader(tmp_path: Path) -> None:
    """nbgrader itself: the source passes its checks, the released copy fails them until
    a student answers, a right answer passes and a wrong one fails with the engine's words."""
    nbgrader = shutil.which("nbgrader", path=str(Path(sys.executable).parent))
    assert nbgrader, "nbgrader is pinned in requirements-dev.txt"
    code = HomeworkCode("sum15", 2481, 2, "easy")
    course = tmp_path / "course"
    done = run_cli("export", str(code), "--nbgrader", "--out", str(course / "source" / "hw1"))
    assert done.returncode == 0, done.stderr
    source = course / "source" / "hw1" / "homework.ipynb"
    import nbformat

    nbformat.validate(nbformat.read(source, as_version=4))

    # nbgrader runs its database migrations with the `alembic` command of its environment
    env = {**os.environ, "PATH": f"{Path(nbgrader).parent}{os.pathsep}{os.environ.get('PATH', '')}"}

    def nbgrader_run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [nbgrader, *args],
            cwd=course,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
            env=env,
        )

    validated = nbgrader_run("validate", str(source))
    assert "Success! Your notebook passes all the tests." in validated.stdout, (
        validated.stdout + validated.stderr
    )
    made = nbgrader_run("generate_assignment", "hw1", "--CourseDirectory.root=" + str(course))
    assert made.returncode == 0, made.stdout + made.stderr
    released = course / "release" / "hw1" / "homework.ipynb"
    notebook = json.loads(released.read_text())
    answers = [c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("solution")]
    assert all("BEGIN SOLUTION" not in "".join(c["source"]) for c in answers)
    empty = nbgrader_run("validate", "--invert", str(released))
    assert "Success!" in empty.stdout, empty.stdout + empty.stderr  # every check fails unanswered
    homework = homework_set(code)
    answers[0]["source"] = f"answer_1 = {json.dumps(homework.puzzle(1).answer_key)}"
    wrong = next(
        key for key, _ in homework.puzzle(2).choices if key not in homework.puzzle(2).puzzle.answers
    )
    answers[1]["source"] = f"answer_2 = {json.dumps(wrong)}"
    student = tmp_path / "student.ipynb"
    student.write_text(json.dumps(notebook))
    graded = nbgrader_run("validate", str(student))
    assert "Puzzle 2:" in graded.stdout and "Puzzle 1:" not in graded.stdout, graded.stdout
