"""The arithmetic rule, the size guard, evaluation and the tree classes."""

from __future__ import annotations

from collections import Counter

import pytest

from cardmath.errors import CardMathError, ExpressionError
from cardmath.expr import (
    MAX_DIGITS,
    BinOp,
    Num,
    Step,
    apply_op,
    calculation_steps,
    evaluate,
    exact_quotient,
    fits,
    leaves,
    numbers_used,
    parse,
    power,
)


@pytest.mark.parametrize(
    ("op", "a", "b", "expected"),
    [
        ("+", 7, 8, 15),
        ("-", 7, 11, -4),
        ("*", -4, 8, -32),
        ("/", 12, 4, 3),
        ("/", -12, 4, -3),
        ("/", 0, 5, 0),
        ("^", 2, 10, 1024),
        ("^", -2, 3, -8),
        ("^", 1, -5, 1),
        ("^", -1, -3, -1),
        ("^", -1, -4, 1),
        ("^", 0, 5, 0),
        ("^", 7, 0, 1),
    ],
)
def test_apply_op_legal(op: str, a: int, b: int, expected: int) -> None:
    assert apply_op(op, a, b) == expected


@pytest.mark.parametrize(
    ("op", "a", "b", "reason"),
    [
        ("/", 17, 5, "17 ÷ 5 is not a whole number"),
        ("/", 5, 0, "cannot divide by 0"),
        ("/", 0, 0, "cannot divide by 0"),
        ("^", 0, 0, "0 ^ 0 is not defined"),
        ("^", 2, -1, "2 ^ -1 is not a whole number"),
        ("^", 0, -2, "0 ^ -2 is not defined (it would divide by 0)"),
        ("^", 10, 10_000, "the result would have more than 10,000 digits"),
        ("^", 100, 100**100, "the result would have more than 10,000 digits"),
    ],
)
def test_apply_op_refuses_with_a_reason(op: str, a: int, b: int, reason: str) -> None:
    with pytest.raises(ExpressionError) as caught:
        apply_op(op, a, b)
    assert str(caught.value) == reason


def test_expression_error_is_a_cardmath_error_and_a_value_error() -> None:
    with pytest.raises(CardMathError):
        apply_op("/", 1, 0)
    with pytest.raises(ValueError):
        apply_op("/", 1, 0)


def test_size_guard_boundary_is_exact() -> None:
    largest = 10**MAX_DIGITS - 1
    assert fits(largest) and fits(-largest)
    assert not fits(10**MAX_DIGITS)
    assert power(10, MAX_DIGITS - 1) == 10 ** (MAX_DIGITS - 1)  # 10,000 digits: fine
    assert power(10, MAX_DIGITS) is None  # 10,001 digits: out
    assert power(-10, MAX_DIGITS - 1) == -(10 ** (MAX_DIGITS - 1))
    assert apply_op("+", largest, 0) == largest
    with pytest.raises(ExpressionError, match="10,000 digits"):
        apply_op("+", largest, 1)
    with pytest.raises(ExpressionError, match="10,000 digits"):
        apply_op("-", -largest, 1)
    half = 10**5000
    assert apply_op("*", half - 1, half - 1) < 10**MAX_DIGITS
    with pytest.raises(ExpressionError, match="10,000 digits"):
        apply_op("*", half, half)
    with pytest.raises(ExpressionError, match="10,000 digits"):
        apply_op("*", largest, largest)


def test_power_decides_size_before_computing() -> None:
    # 2 ** (10 ** 12) would never finish; the guard answers at once
    assert power(2, 10**12) is None
    assert power(-3, 10**15 + 1) is None
    assert power(1, 10**30) == 1 and power(-1, 10**30 + 1) == -1 and power(0, 10**30) == 0


def test_exact_quotient() -> None:
    assert exact_quotient(-7, 7) == -1
    assert exact_quotient(7, -2) is None
    assert exact_quotient(0, 3) == 0
    assert exact_quotient(3, 0) is None


def test_unknown_operator() -> None:
    with pytest.raises(ExpressionError, match="unknown operator"):
        apply_op("%", 1, 2)
    with pytest.raises(ExpressionError, match="unknown operator"):
        BinOp("%", Num(1), Num(2))


def test_tree_classes_are_frozen_hashable_and_validated() -> None:
    tree = BinOp("*", BinOp("-", Num(11, "J"), Num(7)), Num(8))
    assert hash(tree) == hash(BinOp("*", BinOp("-", Num(11, "J"), Num(7)), Num(8)))
    assert tree != BinOp("*", BinOp("-", Num(11), Num(7)), Num(8))  # label differs
    with pytest.raises(AttributeError):
        tree.op = "+"  # type: ignore[misc]
    with pytest.raises(ExpressionError):
        Num(-1)
    with pytest.raises(ExpressionError):
        Num(True)  # type: ignore[arg-type]
    with pytest.raises(ExpressionError):
        Num(1.5)  # type: ignore[arg-type]
    with pytest.raises(ExpressionError):
        BinOp("+", Num(1), 2)  # type: ignore[arg-type]


def test_operator_overloads_build_trees() -> None:
    tree = (Num(11) - 7) * Num(8)
    assert tree == BinOp("*", BinOp("-", Num(11), Num(7)), Num(8))
    assert (Num(2) ^ 3).value == 8
    assert (Num(12) / 4 + 1).value == 4


def test_evaluate_and_value() -> None:
    assert evaluate(parse("(11 - 7) * 8")) == 32
    assert parse("2 ^ 3 ^ 2").value == 512
    assert Num(5).value == 5
    with pytest.raises(ExpressionError, match="17 ÷ 5 is not a whole number"):
        evaluate(parse("(2 + 15) / 5"))


def test_calculation_steps_follow_the_working_order() -> None:
    assert calculation_steps(parse("6 * 5 + 12")) == (Step(6, "*", 5, 30), Step(30, "+", 12, 42))
    assert calculation_steps(Num(4)) == ()
    assert [str(step) for step in calculation_steps(parse("2 ^ (3 - 1)"))] == [
        "3 − 1 = 2",
        "2 ^ 2 = 4",
    ]


def test_leaves_and_numbers_used() -> None:
    tree = parse("5 * (5 - J)", cards={"J": 11})
    assert leaves(tree) == (Num(5), Num(5), Num(11, "J"))
    assert numbers_used(tree) == Counter({5: 2, 11: 1})


def test_deep_tree_evaluates() -> None:
    tree: BinOp | Num = Num(1)
    for _ in range(300):
        tree = BinOp("+", tree, Num(1))
    assert evaluate(tree) == 301
