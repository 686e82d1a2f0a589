"""What a fuzzing audit typed into the command line, homework and links, refused in words.

Every refusal is a sentence (exit status 2, no traceback, at most a short quote of what
was typed); numbers are written with the digits 0-9 everywhere; one seed limit holds on
the command line, in a dashboard's address and in homework codes; a receipt that
replaced another under the same name is shown to the teacher; saved games live in the
server's own folder and old ones are deleted.
"""

from __future__ import annotations

import csv
import io
import os
import re
import subprocess
import sys
import time
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

from cardmath.__main__ import main
from cardmath.errors import CardMathError, foreign_digit, is_ascii_digits, read_whole_number
from cardmath.game import MAX_SEED, read_seed
from cardmath.homework.checking import check_receipts
from cardmath.homework.codes import CodeError, HomeworkCode, read_code
from cardmath.homework.receipts import PuzzleWork, Receipt
from cardmath.homework.sets import homework_set

ROOT = Path(__file__).resolve().parents[1]
FULL_WIDTH = "１２"
ARABIC_INDIC = "١٢"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command; it must be refused in a sentence. Returns the message."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse refuses with status 2
        status = stop.code
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert "Traceback" not in err
    assert "error:" in err
    assert len(err) < 1_500, err[:300]
    return err


# --- homework files -----------------------------------------------------------------------


def test_an_endless_receipts_file_is_refused_without_reading_it_all() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cardmath", "homework", "check", "--file", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "longer than 5,000,000 characters" in result.stderr


def test_paths_that_cannot_be_written_are_refused_in_words(capsys, tmp_path) -> None:
    code = str(HomeworkCode("sum15", 7, 3, "easy"))
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    err = refused(capsys, "homework", "export", code, "--nbgrader", "--out", str(blocked / "x"))
    assert "cannot write the assignment into" in err
    receipt = _receipt("Ada").to_text()
    err = refused(capsys, "homework", "check", receipt, "--csv", str(blocked / "x.csv"))
    assert "cannot write the class table to" in err
    err = refused(capsys, "homework", "check", "--file", str(tmp_path))
    assert "cannot read" in err and "directory" in err


# --- the class table in a spreadsheet ----------------------------------------------------------


@pytest.mark.parametrize("name", ["=HYPERLINK(1)", "\r=cmd|x", "\t=cmd|x", " \t+1", "@SUM(1)"])
def test_a_name_that_would_start_a_formula_is_kept_as_text_in_the_csv(name: str) -> None:
    results = check_receipts(_receipt(name).to_text())
    text = results.to_csv()
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[1][0] == "'" + name.replace("\r", " ")
    assert len(rows) == 2 and "\r" not in text  # a line break would start a row: a formula


# --- long arguments -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("solve", "--target", "3", "x" * 120_000),
        ("reach", "1", "2", "x" * 120_000),
        ("solve", "--target", "9" * 120_000, "1", "2"),
        ("solve", "--target", "3", "--must-use", "x" * 120_000, "1"),
        ("links", "x" * 120_000),
        ("homework", "answers", "x" * 120_000),
    ],
    ids=["solve-card", "reach-card", "solve-target", "must-use", "links", "code"],
)
def test_a_huge_argument_is_quoted_only_by_a_short_prefix(capsys, argv) -> None:
    err = refused(capsys, *argv)
    assert len(err) < 1_000


def test_the_search_budget_has_an_upper_bound(capsys) -> None:
    from cardmath.commands.solve import MAX_WORK

    err = refused(capsys, "solve", "--target", "3", "--work", str(MAX_WORK + 1), "1", "2")
    assert f"--work is a whole number from 1 to {MAX_WORK:,}" in err
    refused(capsys, "solve", "--target", "3", "--work", "9" * 40, "1", "2")
    refused(capsys, "reach", "--work", "0", "1", "2")


# --- one rule for digits ----------------------------------------------------------------


@pytest.mark.parametrize("digits", [FULL_WIDTH, ARABIC_INDIC])
def test_only_the_digits_0_to_9_are_numbers_everywhere(capsys, digits: str) -> None:
    from widgets.frame.query import read_query

    assert not is_ascii_digits(digits) and foreign_digit(digits) == digits[0]
    assert "digits 0-9" in refused(capsys, "solve", "--target", digits, "7", "5")
    assert "digits 0-9" in refused(capsys, "solve", "--target", "12", digits, "5")
    refused(capsys, "homework", "new", "--game", "sum15", "--seed", digits)
    refused(capsys, "links", "00-welcome.ipynb", "--seed", digits)
    refused(capsys, "play", "demo", "--seed", digits)
    with pytest.raises(CodeError):
        read_code(f"NAV-{digits}81-8M-2")
    with pytest.raises(CardMathError):
        read_seed(digits)
    page = read_query(f"seed={digits}&players={digits[0]}")
    assert page.seed is None and page.players is None and len(page.messages) == 2
    # a Sequences homework answer: told to write 0-9, never counted as solved
    homework = homework_set(HomeworkCode("sequences", 9, 1, "easy"))
    puzzle = homework.puzzles[0]
    right = puzzle.answer_key
    assert puzzle.check(right).solved
    foreign = right.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    if digits == ARABIC_INDIC:
        foreign = right.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩"))
    verdict = puzzle.check(foreign)
    assert not verdict.solved and "digits 0 to 9" in verdict.message


def test_the_whole_number_reader_says_what_it_wants() -> None:
    assert read_whole_number(" -7 ", "a target", low=-10, high=10) == -7
    for bad in ("", "-", "+7", "7.0", "1_000", "٣", "11", None, True):
        with pytest.raises(CardMathError, match="a target is a whole number from -10 to 10"):
            read_whole_number(bad, "a target", low=-10, high=10)


# --- one seed limit ----------------------------------------------------------------------


def test_one_seed_limit_for_the_command_line_the_address_and_homework(capsys) -> None:
    from widgets.frame import query

    assert query.MAX_SEED is MAX_SEED
    assert MAX_SEED == 999_999_999
    too_big = str(MAX_SEED + 1)
    assert "0 to 999,999,999" in refused(capsys, "play", "demo", "--seed", too_big)
    refused(capsys, "homework", "new", "--game", "navigator", "--seed", too_big)
    refused(capsys, "links", "navigator-dashboard.ipynb", "--seed", too_big)
    assert query.read_query(f"seed={too_big}").seed is None
    with pytest.raises(CodeError):
        HomeworkCode("navigator", MAX_SEED + 1, 8, "medium")
    # the largest seed deals on the command line and in the address alike
    assert query.read_query(f"seed={MAX_SEED}").seed == MAX_SEED
    assert main(["play", "demo", "--seed", str(MAX_SEED), "--json"]) == 0
    capsys.readouterr()
    assert str(HomeworkCode("navigator", MAX_SEED, 8, "medium")).startswith("NAV-999999999-")


# --- links --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "base", ["javascript:alert(1)", "JAVASCRIPT:alert(1)//", "data:text/html,x", "http://x/?a=<b>"]
)
def test_a_server_address_that_is_not_http_is_refused(capsys, base: str) -> None:
    err = refused(capsys, "links", "00-welcome.ipynb", "--local", "--base", base)
    assert "the server's address is http:// or https://" in err
    refused(capsys, "homework", "new", "--game", "sum15", "--seed", "7", "--base", base)


def test_a_notebook_that_does_not_exist_is_refused(capsys) -> None:
    err = refused(capsys, "links", "99-nothing.ipynb")
    assert "there is no lesson '99-nothing.ipynb' in lessons/" in err
    refused(capsys, "links", "99-nothing.ipynb", "--local")
    assert main(["links", "01-navigator.ipynb", "--local"]) == 0
    assert capsys.readouterr().out.strip().endswith("/voila/render/01-navigator.ipynb")


# --- a receipt under someone else's name ------------------------------------------------


def _receipt(name: str, handed_in: int = 29_390_400, right: bool = True) -> Receipt:
    homework = homework_set(HomeworkCode("sequences", 9, 2, "easy"))
    work = tuple(PuzzleWork(p.answer_key if right else "", right, 1, 2) for p in homework.puzzles)
    return Receipt(str(homework.code), name, work, homework.fingerprint, handed_in=handed_in)


def test_a_later_receipt_under_the_same_name_is_shown_to_the_teacher(capsys) -> None:
    real = _receipt("Ada", handed_in=29_390_400).to_text()
    forged = _receipt("ada ", handed_in=29_390_500, right=False).to_text()
    other = _receipt("Bob").to_text()
    results = check_receipts([real, forged, other])
    counted = {receipt.name.strip(): receipt for receipt in results.counted}
    assert counted["ada"].notes and not counted["Bob"].notes
    assert "anyone can type any name" in counted["ada"].notes[0]
    assert "2 solved; this one: 0" in counted["ada"].notes[0]
    rows = list(csv.DictReader(io.StringIO(results.to_csv(), newline="")))
    ada = next(row for row in rows if row["name"] == "ada ")
    assert ada["status"] == "counted, to check" and "check with" in ada["notes"]
    assert next(row for row in rows if row["name"] == "Ada")["status"] == "replaced"
    main(["homework", "check", real, forged, other])
    out = capsys.readouterr().out
    assert re.search(r"^CHECK ada .*anyone can type any name", out, re.MULTILINE)
    assert "(CHECK: replaced an earlier receipt)" in out
    # and on the teacher's results page, above the table
    from widgets.homework.results import HomeworkResults

    page = HomeworkResults(code=results.code)
    page.paste.value = "\n".join([real, forged, other])
    page.check_button.click()
    assert "cm-homework-to-check" in page.flagged.value
    assert "check with ada" in page.flagged.value


# --- saved games ------------------------------------------------------------------------


def test_saved_games_go_to_the_servers_own_folder_and_old_ones_go(tmp_path) -> None:
    from widgets.frame.store import SessionStore, sessions_folder

    folder = sessions_folder({})
    assert ".cardmath" not in folder.parts
    assert folder == Path(sys.prefix) / "var" / "cardmath" / "sessions" or "jupyter" in str(folder)
    assert sessions_folder({"CARDMATH_SESSIONS": str(tmp_path)}) == tmp_path
    store = SessionStore(tmp_path / "games")
    assert store.save("old-game-1", "{}") and store.save("new-game-1", "{}")
    month_ago = time.time() - 31 * 86_400
    os.utime(tmp_path / "games" / "old-game-1.json", (month_ago, month_ago))
    SessionStore(tmp_path / "games")  # the same process: pruned once already
    assert store.load("old-game-1") == "{}"
    assert store.prune() == 1
    assert store.load("old-game-1") is None and store.load("new-game-1") == "{}"
    assert (tmp_path / "games").stat().st_mode & 0o077 == 0


# --- requires-python ------------------------------------------------------------------------


def test_requires_python_admits_only_pythons_every_pin_supports() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = SpecifierSet(project["requires-python"])
    lowest = min(
        (f"3.{minor}.{patch}" for minor in range(11, 14) for patch in range(20)),
        key=lambda v: (v not in required, tuple(map(int, v.split(".")))),
    )
    assert lowest in required
    pins = {}
    for name in ("requirements.txt", "requirements-dev.txt"):
        for line in (ROOT / name).read_text().splitlines():
            if "==" in line and not line.startswith("#"):
                package = line.split("==")[0].strip().lower().replace("_", "-")
                pins[package] = line
    narrower = []
    for package in pins:
        try:
            supported = metadata.metadata(package).get("Requires-Python")
        except metadata.PackageNotFoundError:
            continue
        if supported and lowest not in SpecifierSet(supported):
            narrower.append(f"{package} needs Python {supported}")
    assert not narrower, f"requires-python {required} admits {lowest}, but " + "; ".join(narrower)
