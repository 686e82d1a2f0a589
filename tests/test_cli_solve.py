"""``python -m cardmath solve`` and ``reach``, run as a student or teacher would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardmath", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_solve_prints_the_best_result() -> None:
    done = run("solve", "--target", "31", "7", "8", "J")
    assert done.returncode == 0, done.stderr
    assert "best 32, 1 away" in done.stdout
    assert "(11 − 7) × 8" in done.stdout
    assert "11 − 7 = 4; 4 × 8 = 32" in done.stdout


def test_solve_json() -> None:
    done = run("solve", "--target", "31", "7", "8", "J", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["target"] == 31
    assert data["best_distance"] == 1
    assert data["best_values"] == [32]
    assert data["solutions"] == ["(11 − 7) × 8"]
    assert data["solution_count"] == 1


def test_solve_navigator_draft_with_beacon() -> None:
    done = run(
        "solve", "-t", "44", "--must-use", "6", "--choose", "2", "5", "6", "J", "Q", "--json"
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["best_distance"] == 2
    assert data["solutions"][0] == "6 × 5 + 12"
    assert data["cards"][0] == ["6", "5", "Q"]


def test_solve_ace_is_1_or_100() -> None:
    data = json.loads(run("solve", "-t", "102", "A", "2", "--json").stdout)
    assert data["best_distance"] == 0 and data["solutions"] == ["100 + 2"]
    data = json.loads(run("solve", "-t", "3", "a", "2", "--json").stdout)
    assert data["best_distance"] == 0 and data["values"] == [[1, 2]]


def test_solve_all_and_ops() -> None:
    some = run(
        "solve", "-t", "765", "--countdown", "--ops", "+-*/", "1", "3", "7", "10", "25", "50"
    )
    every = run(
        "solve",
        "-t",
        "765",
        "--countdown",
        "--ops",
        "+-*/",
        "--all",
        "1",
        "3",
        "7",
        "10",
        "25",
        "50",
    )
    assert some.returncode == every.returncode == 0
    count = json.loads(
        run(
            "solve",
            "-t",
            "765",
            "--countdown",
            "--ops",
            "+-*/",
            "--json",
            "1",
            "3",
            "7",
            "10",
            "25",
            "50",
        ).stdout
    )["solution_count"]
    assert "more (--all lists them)" in some.stdout
    listed = [line for line in every.stdout.splitlines() if line.startswith("  ")]
    assert len(listed) == count > 5
    only_adding = json.loads(run("solve", "-t", "31", "--ops", "+", "7", "8", "J", "--json").stdout)
    assert only_adding["best_values"] == [26]


def test_reach_json() -> None:
    done = run("reach", "7", "8", "J", "--ops", "+-", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["values"] == [-12, -10, -4, 4, 10, 12, 26]
    assert data["count"] == 7 and data["cards"] == ["7", "8", "J"]
    assert 32 in json.loads(run("reach", "7", "8", "J", "--json").stdout)["values"]


def test_reach_text_and_joker() -> None:
    done = run("reach", "JK", "5", "--ops", "+*")
    assert done.returncode == 0
    assert done.stdout.strip() == "2 values: 0 5"


def test_bad_input_exits_2_without_traceback() -> None:
    for args in (
        ("solve", "--target", "31", "7", "8", "Z"),
        ("solve", "--target", "31", "--ops", "+%", "7", "8"),
        ("solve", "--target", "31", "--choose", "5", "7", "8"),
        ("solve", "--target", "31", "1", "2", "3", "4", "5", "6", "7"),
        ("reach", "-3"),
        ("solve", "--target", "x", "7"),
    ):
        done = run(*args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr
        assert done.stderr.strip(), args
    assert "'Z' is not a card" in run("solve", "--target", "31", "7", "8", "Z").stderr


def test_solutions_from_different_cards_each_name_their_cards() -> None:
    # 5 − 6 ÷ 6 and 6 − 12 ÷ 6 both make 4 × 11 = 44, from different cards of the hand
    done = run("solve", "--target", "44", "--must-use", "6", "--choose", "3", "5", "6", "J", "Q")
    assert done.returncode == 0, done.stderr
    assert "from 2 choices of cards" in done.stdout
    lines = [line for line in done.stdout.splitlines() if "= 44" in line]
    assert any(line.endswith("[6, 5, 6 and J (11)]") for line in lines), done.stdout
    assert any(line.endswith("[6, 6, J (11) and Q (12)]") for line in lines), done.stdout


# --- budgets, huge values, flags ----------------------------------------------------------


def test_reach_prints_huge_values_shortened_instead_of_crashing() -> None:
    for cards in (("2", "3", "4", "5"), ("A", "2", "3", "4"), ("7", "8", "9", "10")):
        done = run("reach", *cards)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stdout.startswith(tuple(f"{n}" for n in range(1, 10)))
        assert " digits)" in done.stdout  # e.g. -373391…356479 (a number with 489 digits)
    done = run("reach", "2", "2", "2", "2", "2", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["complete"] is True and data["count"] == len(data["values"]) == 270
    assert "-115792…639934 (a number with 78 digits)" in data["values"]
    assert 65536 in data["values"]


def test_reach_stopped_by_its_budget_says_so() -> None:
    done = run("reach", "--work", "20000", "2", "3", "4", "5", "6", "7")
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert last.startswith("Stopped early: searched 20,")
    assert last.endswith("values found so far, and there may be more")
    data = json.loads(
        run("reach", "--work", "20000", "--json", "2", "3", "4", "5", "6", "7").stdout
    )
    assert data["complete"] is False and data["note"].startswith("searched 20,")


def test_six_cards_to_make_1_stop_and_show_their_closest() -> None:
    for cards in (("2", "3", "4", "5", "6", "7"), ("--all", "9", "10", "J", "Q", "K", "A")):
        done = run("solve", "--target", "1", "--work", "20000", *cards)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert lines[0] == "Target 1: closest found 1, exactly"
        assert lines[1].startswith("Stopped early: searched 20,")
        assert "solution listed" in lines[2] or "solutions listed" in lines[2]
        first = lines[3].split("    (")[0].strip()
        assert first and "= 1)" in lines[3]
    data = json.loads(
        run(
            "solve", "--target", "1", "--work", "20000", "--json", "2", "3", "4", "5", "6", "7"
        ).stdout
    )
    assert data["complete"] is False and data["best_distance"] == 0
    assert data["note"].startswith("searched 20,")


def test_six_cards_to_make_1_within_the_default_budget() -> None:
    done = run("solve", "--target", "1", "2", "3", "4", "5", "6", "7")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Target 1: closest found 1, exactly\nStopped early: searched ")
    solutions = [
        line for line in done.stdout.splitlines() if line.startswith("  (") or line[2:3].isdigit()
    ]
    assert solutions and all(line.endswith("= 1)") for line in solutions)


def test_must_use_takes_one_argument_and_leaves_the_cards() -> None:
    done = run("solve", "--target", "44", "--must-use", "2", "7", "8", "J")
    assert done.returncode == 0, done.stderr
    assert "using 2, 7, 8 and J (11)" in done.stdout
    joined = run("solve", "--target", "44", "--must-use", "6,J", "--choose", "1", "5", "6", "Q")
    repeated = run(
        "solve",
        "--target",
        "44",
        "--must-use",
        "6",
        "--must-use",
        "J",
        "--choose",
        "1",
        "5",
        "6",
        "Q",
    )
    assert joined.returncode == repeated.returncode == 0
    assert joined.stdout == repeated.stdout
    assert "6, J (11) and" in joined.stdout
    assert "joined by commas" in run("solve", "--help").stdout


def test_conflicting_flags_are_errors_naming_them() -> None:
    cases = {
        (
            "--must-use",
            "6",
            "--countdown",
            "7",
            "8",
            "J",
        ): "--must-use cannot be combined with --countdown",
        ("--countdown", "--ops", "+-*/^", "7", "8", "J"): "--countdown has no ^",
        ("--choose", "5", "7", "8", "J"): "--choose 5 is impossible: 3 cards are listed",
        ("--choose", "0", "7", "8"): "--choose 0 leaves no cards",
        (
            "--must-use",
            "6,7",
            "1",
            "2",
            "3",
            "4",
            "5",
        ): "at most 6 cards can be used at once, not 7 (--must-use cards count too)",
        ("--must-use", "6,", "7"): "--must-use takes cards joined by commas",
        ("--ops", "+%", "7", "8"): "--ops: operators must be some of",
        ("--work", "0", "7", "8"): "--work is a whole number from 1 to",
    }
    for args, message in cases.items():
        done = run("solve", "--target", "44", *args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr
        assert message in done.stderr, (args, done.stderr)
