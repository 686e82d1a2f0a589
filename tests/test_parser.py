"""The safe parser: what students type, clear errors with positions, limits, properties."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardmath.errors import ExpressionError
from cardmath.expr import (
    MAX_INPUT_LENGTH,
    BinOp,
    Expr,
    Num,
    evaluate,
    parse,
)
from cardmath.printing import to_text

NAVIGATOR = {"A": 1, "J": 11, "Q": 12, "K": 13, "JK": 0}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(11-7)*8", 32),
        ("11 − 7 × 8", -45),
        ("8·(11−7)", 32),
        ("8⋅(11–7)", 32),
        ("(11 — 7) x 8", 32),
        ("(11 - 7) X 8", 32),
        ("2^3", 8),
        ("2**3", 8),
        ("2 ** 3 ** 2", 512),
        ("2 ^ 3 ^ 2", 512),
        ("(2 ^ 3) ^ 2", 64),
        ("12 ÷ 4 ÷ 3", 1),
        ("12 / (4 / 2)", 6),
        ("7 - 8 - 11", -12),
        ("[2 + 3] × {4 - 1}", 15),
        ("\t 1 +\u00a02 ", 3),
        ("007", 7),
        ("1 + 2 * 3 ^ 2", 19),
    ],
)
def test_parse_and_evaluate(text: str, value: int) -> None:
    assert evaluate(parse(text)) == value


def test_precedence_and_associativity_shape() -> None:
    assert parse("1 - 2 - 3") == BinOp("-", BinOp("-", Num(1), Num(2)), Num(3))
    assert parse("2 ^ 3 ^ 2") == BinOp("^", Num(2), BinOp("^", Num(3), Num(2)))
    assert parse("1 + 2 * 3") == BinOp("+", Num(1), BinOp("*", Num(2), Num(3)))


def test_card_names_with_context() -> None:
    tree = parse("(J - 7) x Q + a * jk", cards=NAVIGATOR)
    assert evaluate(tree) == 48
    assert "J" in repr(tree) and "JK" in repr(tree)
    assert parse("Jx7", cards=NAVIGATOR) == BinOp("*", Num(11, "J"), Num(7))
    assert parse("A", cards={"A": 100}) == Num(100, "A")
    assert evaluate(parse("P + N", cards={"P": 1, "N": 11})) == 12  # tarot Page, Knight


@pytest.mark.parametrize(
    ("text", "cards", "message", "position"),
    [
        ("(11-7))", None, "unexpected ')' at character 7", 7),
        ("J + 7", None, "card 'J' at character 1 has no value here", 1),
        ("7 + Q", {"J": 11}, "card 'Q' at character 5 has no value here", 5),
        ("7 + y", None, "unknown name 'y' at character 5", 5),
        ("(11 - 7", None, "missing ')'", 8),
        ("(11 - 7]", None, "']' at character 8 does not match the '(' at character 1", 8),
        ("11 -", None, "a number is missing after '-' at character 4", 5),
        ("", None, "type an expression", 1),
        ("   ", None, "type an expression", 1),
        ("-3 + 4", None, "'-' at character 1 needs a number before it", 1),
        ("4 * -3", None, "a number is missing before '-' at character 5", 5),
        ("4 * * 3", None, "a number is missing before '*' at character 5", 5),
        ("8(11 - 7)", None, "missing operator (such as ×) before '(' at character 2", 2),
        ("8 9", None, "missing operator (such as ×) before '9' at character 3", 3),
        ("1,000", None, "unexpected ',' at character 2", 2),
        ("2 % 3", None, "unexpected '%' at character 3", 3),
        ("()", None, "unexpected ')' at character 2", 2),
        ("1234567890123 + 1", None, "the number at character 1 is too long", 1),
    ],
)
def test_parse_errors_name_the_position(
    text: str, cards: dict[str, int] | None, message: str, position: int
) -> None:
    with pytest.raises(ExpressionError) as caught:
        parse(text, cards=cards)
    assert message in str(caught.value)
    assert caught.value.position == position


def test_guards_raise_clear_errors() -> None:
    with pytest.raises(ExpressionError, match="more than 10,000 digits"):
        evaluate(parse("100^100^100"))
    with pytest.raises(ExpressionError, match="0 \\^ 0 is not defined"):
        evaluate(parse("0^0"))
    with pytest.raises(ExpressionError, match="cannot divide by 0"):
        evaluate(parse("5/0"))
    with pytest.raises(ExpressionError, match="2 \\^ -1 is not a whole number"):
        evaluate(parse("2^(1-2)"))
    with pytest.raises(ExpressionError, match="no negative numbers"):
        parse("2^-1")
    with pytest.raises(ExpressionError, match="more than 10,000 digits"):
        evaluate(parse("9^9^9^9^9^9^9^9^9^9^9^9"))


def test_long_input_is_refused_at_once() -> None:
    with pytest.raises(ExpressionError, match="too long") as caught:
        parse("1+" * 5000)  # 10,000 characters
    assert "at most 500" in str(caught.value)
    with pytest.raises(ExpressionError, match="too long"):
        parse("(" * 10_000)
    parse("1+" * ((MAX_INPUT_LENGTH - 1) // 2) + "1")  # just under the limit is fine


def test_nesting_depth_is_limited() -> None:
    assert parse("(" * 40 + "1" + ")" * 40) == Num(1)
    with pytest.raises(ExpressionError, match="too many brackets"):
        parse("(" * 41 + "1" + ")" * 41)


def test_card_context_is_validated() -> None:
    with pytest.raises(ExpressionError):
        parse("J", cards={"J": -1})
    with pytest.raises(ExpressionError):
        parse("J", cards={"J1": 3})


def test_non_text_is_refused() -> None:
    with pytest.raises(ExpressionError):
        parse(42)  # type: ignore[arg-type]


# --- properties ---------------------------------------------------------------------------

_ALPHABET = "0123456789 +-*/^()[]{}xX×÷−–·JQKA.,%e_" + "\u00a0\n"


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=_ALPHABET, max_size=60) | st.text(max_size=40))
def test_any_text_gives_an_expression_or_an_expression_error(text: str) -> None:
    for cards in (None, NAVIGATOR):
        try:
            expression = parse(text, cards=cards)
        except ExpressionError:
            continue
        assert isinstance(expression, Expr)
        with contextlib.suppress(ExpressionError):
            evaluate(expression)


def trees(max_leaves: int = 7) -> st.SearchStrategy[Expr]:
    leaf = st.builds(Num, st.integers(min_value=0, max_value=200))
    return st.recursive(
        leaf,
        lambda children: st.builds(BinOp, st.sampled_from("+-*/^"), children, children),
        max_leaves=max_leaves,
    )


@settings(max_examples=400, deadline=None)
@given(trees())
def test_printed_text_parses_back_to_the_same_tree(tree: Expr) -> None:
    assert parse(to_text(tree)) == tree
    assert parse(to_text(tree, ascii=True)) == tree
    assert parse(str(tree)) == tree


@settings(max_examples=300, deadline=None)
@given(trees())
def test_reparsed_tree_has_the_same_value_or_the_same_refusal(tree: Expr) -> None:
    again = parse(str(tree))
    try:
        value = evaluate(tree)
    except ExpressionError as error:
        with pytest.raises(ExpressionError) as caught:
            evaluate(again)
        assert str(caught.value) == str(error)
    else:
        assert evaluate(again) == value


@settings(max_examples=200, deadline=None)
@given(trees(), st.sampled_from(["J", "Q", "K", "A", "JK"]))
def test_labelled_text_round_trips_with_a_card_context(tree: Expr, name: str) -> None:
    labelled = BinOp("+", tree, Num(NAVIGATOR[name], name))
    assert parse(to_text(labelled, labels=True), cards=NAVIGATOR) == labelled
