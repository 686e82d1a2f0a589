"""The solver: seed examples, golden counts, distinct solutions, choices, hints, difficulty."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardmath.solver.engine as solver_engine
from cardmath.errors import CardMathError, ExpressionError
from cardmath.expr import BinOp, Expr, Num, apply_op, evaluate, leaves, parse
from cardmath.solver import (
    DIFFICULTY_LABELS,
    Choice,
    Rules,
    best_choice,
    complexity,
    countdown_reachable,
    difficulty,
    hint,
    normal_form,
    reachable,
    solve,
)

GOLDEN = Path(__file__).parent / "golden"
J, Q, K = Choice((11,), "J"), Choice((12,), "Q"), Choice((13,), "K")
ACE = Choice((1, 100), "A")


# --- a brute-force reference built only on apply_op ------------------------------------------


def all_trees(numbers: tuple[int, ...], ops: str) -> Iterable[tuple[Expr, int]]:
    """Every legal tree using each number once (any order, any bracketing), with its value."""
    if len(numbers) == 1:
        yield Num(numbers[0]), numbers[0]
        return
    indices = range(len(numbers))
    for size in range(1, len(numbers)):
        for chosen in itertools.combinations(indices, size):
            left_numbers = tuple(numbers[i] for i in chosen)
            right_numbers = tuple(numbers[i] for i in indices if i not in chosen)
            rights = list(all_trees(right_numbers, ops))
            for left, a in all_trees(left_numbers, ops):
                for right, b in rights:
                    for op in ops:
                        try:
                            value = apply_op(op, a, b)
                        except ExpressionError:
                            continue
                        yield BinOp(op, left, right), value


def brute_values(numbers: tuple[int, ...], ops: str) -> set[int]:
    return {value for _, value in all_trees(numbers, ops)}


def brute_forms(numbers: tuple[int, ...], ops: str, target: int) -> set[tuple]:
    return {normal_form(tree) for tree, value in all_trees(numbers, ops) if value == target}


# --- seed examples ----------------------------------------------------------------------------


def test_seed_target_31_with_7_8_jack() -> None:
    result = solve([7, 8, 11], 31)
    assert result.best_distance == 1
    assert result.best_values == (32,)
    assert [str(expression) for expression in result.solutions] == ["(11 − 7) × 8"]
    assert result.solution_count == 1
    assert not result.exact


def test_seed_target_44_beacon_6_nav_memory_5_6_j_q() -> None:
    result = best_choice([5, 6, J, Q], 44, choose=2, must_use=[6])
    assert result.best_distance == 2
    best = result.best
    assert best.cards == ("6", "5", "Q") and best.values == (6, 5, 12)
    assert str(best.solution.best) == "6 × 5 + 12"
    assert evaluate(best.solution.best) == 42
    # no choice of two cards does better: check every pair by brute force
    memory = [5, 6, 11, 12]
    for pair in itertools.combinations(memory, 2):
        values = brute_values((6, *pair), "+-*/^")
        assert min(abs(value - 44) for value in values) >= 2
    assert all(choice.solution.best_distance == 2 for choice in result.choices)


# --- golden counts ------------------------------------------------------------------------------


def test_24_game_golden_counts() -> None:
    golden = json.loads((GOLDEN / "solver_counts.json").read_text())["game_24"]
    for case in golden:
        top = case["max_card"]
        hands = list(itertools.combinations_with_replacement(range(1, top + 1), 4))
        assert len(hands) == case["hands"]
        solvable = sum(24 in reachable(hand, "+-*/") for hand in hands)
        assert solvable == case["solvable"]


def test_hutton_countdown_example() -> None:
    numbers = [1, 3, 7, 10, 25, 50]
    hit = solve(numbers, 765, "+-*/", countdown_rules=True)
    assert hit.best_distance == 0 and hit.solution_count > 0
    for expression in hit.solutions:
        assert evaluate(expression) == 765
    miss = solve(numbers, 831, "+-*/", countdown_rules=True)
    assert miss.best_distance == 1
    assert miss.best_values == (830, 832)
    assert 831 not in reachable(numbers, "+-*/", countdown_rules=True)


def test_countdown_counts_match_the_reference_solver() -> None:
    """Counts recorded from the countdown-numbers-solver package (same normal form)."""
    golden = json.loads((GOLDEN / "solver_counts.json").read_text())["countdown"]
    for case in golden:
        result = solve(case["numbers"], case["target"], "+-*/", countdown_rules=True)
        assert result.best_distance == 0
        assert result.solution_count == case["solutions"], case


# --- distinct solutions ---------------------------------------------------------------------


def test_distinct_count_by_hand_1_2_3_make_6() -> None:
    # with + - × ÷: 1 + 2 + 3, 1 × 2 × 3, 2 × 3 ÷ 1 (see docs/arithmetic.md)
    basic = solve([1, 2, 3], 6, "+-*/")
    assert {str(e) for e in basic.solutions} == {"3 + 2 + 1", "3 × 2 × 1", "3 × 2 ÷ 1"}
    assert basic.solution_count == 3
    # with ^ as well: (3 × 2) ^ 1, 2 ^ 1 × 3, 3 ^ 1 × 2
    full = solve([1, 2, 3], 6)
    assert full.solution_count == 6
    assert {str(e) for e in full.solutions} >= {"(3 × 2) ^ 1", "2 ^ 1 × 3", "3 ^ 1 × 2"}


def test_equal_numbers_do_not_double_count() -> None:
    result = solve([5, 5, 1], 25)
    assert {str(e) for e in result.solutions} == {
        "5 × 5 × 1",
        "5 × 5 ÷ 1",
        "(5 × 5) ^ 1",
        "5 ^ 1 × 5",
    }
    assert result.solution_count == 4
    assert solve([5, 5], 10).solution_count == 1


def test_tree_shapes_of_one_solution_are_listed_once() -> None:
    result = solve([2, 3, 4], 9, "+-")
    assert [str(e) for e in result.solutions] == ["4 + 3 + 2"]
    assert normal_form(parse("2 + (3 + 4)")) == normal_form(parse("(4 + 2) + 3"))
    assert normal_form(parse("8 - (3 - 2)")) == normal_form(parse("8 + 2 - 3"))
    assert normal_form(parse("8 / (4 / 2)")) == normal_form(parse("8 * 2 / 4"))
    assert normal_form(parse("8 - 3 - 2")) == normal_form(parse("8 - (3 + 2)"))
    assert normal_form(parse("8 - 3")) != normal_form(parse("3 - 8"))
    assert normal_form(parse("2 ^ 3 ^ 2")) != normal_form(parse("(2 ^ 3) ^ 2"))


small_hands = st.lists(st.integers(min_value=0, max_value=13), min_size=1, max_size=3)
ops_strategy = st.sampled_from(["+-*/^", "+-*/", "+-", "*/", "^", "-/^"])


@settings(max_examples=120, deadline=None)
@given(small_hands, ops_strategy)
def test_reachable_matches_brute_force(hand: list[int], ops: str) -> None:
    assert reachable(hand, ops) == brute_values(tuple(hand), ops)


@settings(max_examples=80, deadline=None)
@given(small_hands, ops_strategy, st.integers(min_value=-20, max_value=150))
def test_solutions_match_brute_force(hand: list[int], ops: str, target: int) -> None:
    values = brute_values(tuple(hand), ops)
    if not values:  # 0 ^ 0 alone: refused by name, not a crash
        with pytest.raises(CardMathError, match="make no value with the operators"):
            solve(hand, target, ops)
        return
    result = solve(hand, target, ops)
    best = min(abs(value - target) for value in values)
    assert result.best_distance == best
    assert set(result.best_values) == {v for v in values if abs(v - target) == best}
    expected = set().union(*(brute_forms(tuple(hand), ops, v) for v in result.best_values))
    assert {normal_form(e) for e in result.solutions} == expected
    assert result.solution_count == len(expected)
    for expression in result.solutions:
        assert evaluate(expression) in result.best_values
        assert sorted(leaf.value for leaf in leaves(expression)) == sorted(hand)


def test_four_numbers_with_powers_match_brute_force() -> None:
    for hand in [(2, 3, 4, 5), (0, 1, 1, 13), (100, 2, 12, 13), (1, 2, 2, 3)]:
        assert reachable(hand) == brute_values(hand, "+-*/^")


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=13), min_size=3, max_size=4),
    st.sampled_from(["+-*/^", "+-*/", "*/^", "-^"]),
    st.integers(min_value=-30, max_value=200),
)
def test_membership_search_matches_brute_force(hand: list[int], ops: str, target: int) -> None:
    """Big hands ask "does it make v?" before listing values: check that path on small ones."""
    values = brute_values(tuple(hand), ops)
    best = min(abs(value - target) for value in values)
    expected_values = {value for value in values if abs(value - target) == best}
    expected = set().union(*(brute_forms(tuple(hand), ops, v) for v in expected_values))
    original = solver_engine._LISTED_UP_TO
    for listed_up_to in (1, 2):
        solver_engine._LISTED_UP_TO = listed_up_to
        try:
            result = solve(hand, target, ops)
        finally:
            solver_engine._LISTED_UP_TO = original
        assert result.best_distance == best
        assert set(result.best_values) == expected_values
        assert {normal_form(e) for e in result.solutions} == expected


def test_five_numbers() -> None:
    hand = (2, 3, 5, 7, 11)
    values = brute_values(hand, "+-*")
    for target in (0, 97, 2311, 10**6):
        result = solve(hand, target, "+-*")
        assert result.best_distance == min(abs(value - target) for value in values)


def test_big_powers_stay_inside_the_guard() -> None:
    values = reachable([100, 100, 13, 12])
    assert all(abs(value) < 10**10_000 for value in values)
    assert 100**156 * 100 in values  # 100 ^ (13 × 12) × 100
    assert (100 * 100) ** (13 * 12) in values
    result = solve([100, 100, 13, 12], 10**314)
    assert result.best_distance == 0
    assert "100 ^ (13 × 12) × 100" in {str(e) for e in result.solutions}


def test_countdown_rules_keep_intermediates_positive() -> None:
    result = solve([1, 3, 7, 10, 25, 50], 765, "+-*/", countdown_rules=True)
    for expression in result.solutions:
        tree_steps = [step for step in _steps(expression)]
        assert all(value >= 1 for value in tree_steps)
    assert 0 not in reachable([3, 3], "+-*/", countdown_rules=True)
    assert 0 in reachable([3, 3], "+-*/")
    assert -1 in reachable([3, 4], "-")
    assert -1 not in reachable([3, 4], "-", positive_only=True)
    assert reachable([5, 1], "*", skip_trivial=True, use_all=False) == {5, 1}


def _steps(expression: Expr) -> list[int]:
    from cardmath.expr import calculation_steps

    return [step.value for step in calculation_steps(expression)]


def test_use_all_false_uses_any_selection() -> None:
    assert reachable([7, 8], "+", use_all=False) == {7, 8, 15}
    result = solve([7, 8, 100], 100, "+-*/", use_all=False)
    assert str(result.solutions[0]) == "100"


def test_max_magnitude_is_an_explicit_shortcut() -> None:
    assert 2**12 not in reachable([2, 12], "^", max_magnitude=1000)
    assert 2**12 in reachable([2, 12], "^")


def test_bad_inputs() -> None:
    with pytest.raises(CardMathError):
        solve([1, 2], 3, "+%")
    with pytest.raises(CardMathError):
        solve([-1, 2], 3)
    with pytest.raises(CardMathError):
        solve([1, 2], 3.5)  # type: ignore[arg-type]
    with pytest.raises(CardMathError):
        solve(list(range(1, 9)), 3)
    assert solve([], 5).solutions == ()
    with pytest.raises(CardMathError, match=r"^0, 0 make no value with the operators \^$"):
        solve([0, 0], 0, "^")


def test_ops_aliases() -> None:
    assert reachable([3, 4], "x÷") == reachable([3, 4], "*/")
    assert reachable([3, 4], "+ −") == reachable([3, 4], "+-")


def test_one_rules_object_means_what_the_single_keywords_mean() -> None:
    """``Rules`` carries the rules once; the single keywords still work on top of it."""
    countdown = Rules.countdown()
    assert countdown == Rules("+-*/", use_all=False, positive_only=True, skip_trivial=True)
    numbers = [1, 3, 7, 10, 25, 50]
    assert solve(numbers, 831, countdown) == solve(numbers, 831, "+-*/", countdown_rules=True)
    assert reachable([7, 8], Rules("+"), use_all=False) == {7, 8, 15}
    assert reachable([7, 8], Rules("+", use_all=False), ops="*") == {7, 8, 56}
    assert Rules("x ÷").ops == "*/" and Rules("÷ x") == Rules("*/")
    plus_only = best_choice([5, 5, 2], 7, choose=2, rules=Rules("+"))
    assert plus_only == best_choice([5, 5, 2], 7, choose=2, ops="+")
    assert hint([7, 8, 11], 31, 4, rules=Rules("+-")).text.startswith("11 + 8 + 7 = 26")
    assert difficulty([12, 3, 1], 4, rules="+-*/") == difficulty([12, 3, 1], 4, ops="+-*/")
    with pytest.raises(CardMathError, match="operators must be some of"):
        Rules("+?")
    with pytest.raises(CardMathError, match="max_magnitude must be at least 1"):
        solve([2, 3], 5, Rules(max_magnitude=0))
    with pytest.raises(CardMathError, match="rules must be Rules"):
        solve([2, 3], 5, 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unexpected keyword argument 'use_al'"):
        solve([2, 3], 5, use_al=False)  # type: ignore[call-arg]


# --- ranking --------------------------------------------------------------------------------


def test_ranking_puts_gentle_solutions_first() -> None:
    assert complexity(parse("7 + 8")) < complexity(parse("7 - 8"))
    assert complexity(parse("7 - 8")) > complexity(parse("8 - 7"))  # negative step
    assert complexity(parse("3 * 4")) < complexity(parse("12 / 4"))
    assert complexity(parse("12 / 4")) < complexity(parse("2 ^ 3"))
    assert complexity(parse("(11 - 7) * 8")) < complexity(parse("8 * (11 - 7)"))
    result = solve([1, 2, 3], 6)
    assert str(result.solutions[0]) == "3 + 2 + 1"
    scores = [complexity(e) for e in result.solutions]
    assert scores == sorted(scores)


# --- choices ------------------------------------------------------------------------------------


def test_ace_counts_as_1_or_100() -> None:
    result = best_choice([ACE, 2], 102)
    assert result.best_distance == 0
    assert result.best.values == (100, 2)
    assert str(result.best.solution.best) == "100 + 2"
    low = best_choice([ACE, 2], 3)
    assert low.best.values == (1, 2)


def test_best_choice_labels_leaves_with_card_names() -> None:
    result = best_choice([5, 6, J, Q], 44, choose=2, must_use=[6])
    labels = [leaf.label for leaf in leaves(result.best.solution.best)]
    assert "Q" in labels
    assert result.solution_count == len(result.solutions) >= 2


def test_best_choice_dedupes_equal_cards() -> None:
    result = best_choice([5, 5, 2], 7, choose=2, ops="+")
    assert len(result.choices) == 1  # 5 + 2 with either 5 is one choice, not two
    assert result.best.values == (5, 2)
    both = best_choice([5, 5, 2], 10, choose=2, ops="+*")
    assert sorted(choice.values for choice in both.choices) == [(5, 2), (5, 5)]


def test_best_choice_errors() -> None:
    with pytest.raises(CardMathError):
        best_choice([1, 2], 3, choose=3)
    with pytest.raises(CardMathError):
        best_choice([1, 2], 3, choose=0)
    with pytest.raises(CardMathError):
        Choice(())


# --- hints and difficulty ------------------------------------------------------------------


def test_hint_levels_for_the_seed_example() -> None:
    cards = [7, 8, J]
    one = hint(cards, 31, 1)
    assert one.text == "The best possible is 1 away from 31."
    assert one.best_distance == 1 and one.cards == ()
    two = hint(cards, 31, 2)
    assert two.text == "The best possible is 1 away from 31. Use 7, 8 and J (11)."
    three = hint(cards, 31, 3)
    assert three.text == "Start with 11 − 7 = 4."
    assert three.expression is None
    four = hint(cards, 31, 4)
    assert str(four.expression) == "(11 − 7) × 8"
    assert four.text.startswith("(11 − 7) × 8 = 32, 1 away from 31.")
    with pytest.raises(CardMathError):
        hint(cards, 31, 5)


def test_hint_for_the_navigator_draft() -> None:
    two = hint([5, 6, J, Q], 44, 2, choose=2, must_use=[6])
    assert "Use 6, 5 and Q (12)" in two.text
    assert two.values == (6, 5, 12)
    exact = hint([ACE, 2], 102, 2)
    assert exact.text == "You can make 102 exactly. Use A (100) and 2."


def test_difficulty_of_known_puzzles() -> None:
    easy = difficulty([7, 8, 11], 26)
    assert easy.label == "gentle" and easy.score == 1
    assert easy.solution_count == 1 and easy.operations == 2
    seed = difficulty([7, 8, 11], 31)
    assert seed.best_distance == 1 and seed.solution_count == 1
    hard = difficulty([1, 3, 7, 10, 25, 50], 831, ops="+-*/", countdown_rules=True)
    assert hard.best_distance == 1
    assert hard.score > seed.score > easy.score
    assert hard.label in DIFFICULTY_LABELS
    divide = difficulty([12, 3, 1], 4, ops="+-*/")
    assert divide.needs_division
    for rating in (easy, seed, hard, divide):
        assert 1 <= rating.score <= 5
        assert rating.label == DIFFICULTY_LABELS[rating.score - 1]


# --- many Countdown hands at once ------------------------------------------------------------

countdown_hand = st.lists(st.sampled_from([*range(1, 11), 25, 50, 75, 100]), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(countdown_hand, min_size=1, max_size=6),
    st.sampled_from(["+-*/", "+-", "*/", "+*", "-/"]),
)
def test_countdown_reachable_agrees_with_reachable(hands: list[list[int]], ops: str) -> None:
    fast = countdown_reachable(hands, 1, 400, ops)
    for hand, values in zip(hands, fast, strict=True):
        slow = reachable(hand, ops, countdown_rules=True)
        assert values == {value for value in slow if 1 <= value <= 400}


def test_countdown_reachable_on_six_number_hands() -> None:
    hands = [(1, 3, 7, 10, 25, 50), (1, 1, 2, 2, 3, 3), (25, 50, 75, 100, 9, 10)]
    fast = countdown_reachable(hands)
    assert 765 in fast[0] and 831 not in fast[0]
    for hand, values in zip(hands, fast, strict=True):
        slow = reachable(hand, "+-*/", countdown_rules=True)
        assert values == {value for value in slow if 100 <= value <= 999}


def test_countdown_reachable_big_numbers_fall_back_exactly() -> None:
    hands = [(10**6, 10**6, 10**6, 2)]
    fast = countdown_reachable(hands, 1, 10**12)
    slow = reachable(hands[0], "+-*/", countdown_rules=True)
    assert fast[0] == {value for value in slow if 1 <= value <= 10**12}


def test_countdown_reachable_never_lists_zero_or_less() -> None:
    """Every Countdown value is 1 or more, whatever the range asked for."""
    assert countdown_reachable([(3, 3), (2,)], -5, 10) == [{1, 3, 6, 9}, {2}]
    assert countdown_reachable([(3, 3)], -5, 0) == [frozenset()]


_GOLDEN_ANSWERS_SCRIPT = """
import json, sys
if sys.argv[1] == "blocked":
    sys.modules["numpy"] = None  # as in the browser build: `import numpy` fails
from cardmath.solver import Rules, countdown_reachable, hint, reachable, solve
numpy_at_import = sys.modules.get("numpy") is not None
cases = json.loads(sys.argv[2])
hands = [case["numbers"] for case in cases] + [[1, 1, 2, 2, 3, 3], [10**6, 10**6, 2]]
answers = {
    "hundreds": [sorted(values) for values in countdown_reachable(hands)],
    "wide": [sorted(values) for values in countdown_reachable(hands[:2], 1, 10**6)],
    "small": sorted(reachable([3, 3, 4], "+-*/", countdown_rules=True)),
    "counts": [
        solve(case["numbers"], case["target"], Rules.countdown()).solution_count
        for case in cases
    ],
    "hint": hint([7, 8, 11], 31, 4).text,
}
answers["numpy"] = sys.modules.get("numpy") is not None
answers["numpy_at_import"] = numpy_at_import
print(json.dumps(answers))
"""


def _answers(numpy: str, cases: list[dict[str, object]]) -> dict[str, object]:
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", _GOLDEN_ANSWERS_SCRIPT, numpy, json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=root,
    )
    answers: dict[str, object] = json.loads(done.stdout)
    return answers


def test_the_solver_gives_the_same_answers_without_numpy() -> None:
    """The browser build has no numpy: the solver imports and answers the same without it
    (Countdown's batch then runs on Python sets instead of numpy arrays)."""
    cases = json.loads((GOLDEN / "solver_counts.json").read_text())["countdown"][:3]
    without = _answers("blocked", cases)
    with_numpy = _answers("allowed", cases)
    assert without["numpy"] is False and with_numpy["numpy"] is True
    assert with_numpy["numpy_at_import"] is False  # numpy is imported by the batch alone
    assert without == {**with_numpy, "numpy": False}
    assert without["counts"] == [case["solutions"] for case in cases]
    hundreds = without["hundreds"]
    assert isinstance(hundreds, list)
    for case, values in zip(cases, hundreds, strict=False):
        assert case["target"] in values
    assert 765 in hundreds[0] and 831 not in hundreds[0]
    assert without["small"] == [1, 2, 3, 4, 5, 6, 7, 9, 10, 12, 13, 15, 21, 24, 36]


def test_countdown_reachable_errors() -> None:
    with pytest.raises(CardMathError):
        countdown_reachable([(1, 2)], ops="+^")
    with pytest.raises(CardMathError):
        countdown_reachable([(0, 2)])
    with pytest.raises(CardMathError):
        countdown_reachable([(1, 2)], 10, 5)
    with pytest.raises(CardMathError):
        countdown_reachable([()])


def test_every_reference_solver_solution_is_listed() -> None:
    """countdown-numbers-solver's solutions are a subset of ours (as normal forms).

    It lists fewer: it stops as soon as the target appears (so never ``(9 × 6 + 50) × 7
    ÷ (4 + 3)``), and its pruning of repeated numbers drops a few.
    """
    reference = pytest.importorskip("countdown_numbers_solver")
    for numbers, target in [([3, 4, 6, 7, 9, 50], 104), ([2, 3, 5, 5, 8, 50], 300)]:
        with contextlib.redirect_stdout(io.StringIO()):
            reference.solve(list(numbers), target)
        theirs = {normal_form(parse(text.replace("x", "*"))) for text in reference.unique_solutions}
        ours = {
            normal_form(e) for e in solve(numbers, target, "+-*/", countdown_rules=True).solutions
        }
        assert theirs < ours
    assert "(9 × 6 + 50) × 7 ÷ (4 + 3)" in {
        str(e) for e in solve([3, 4, 6, 7, 9, 50], 104, "+-*/", countdown_rules=True).solutions
    }
