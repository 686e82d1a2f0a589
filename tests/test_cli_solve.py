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
