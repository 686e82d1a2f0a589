"""An expression still being built: mistakes named in a student's words, before any check,
and never a disagreement with the parser."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardmath.errors import CardMathError
from cardmath.expr import MAX_INPUT_LENGTH, evaluate, parse
from cardmath.games.navigator_rules import typed_names
from cardmath.partial import read_partial

NAMES = typed_names()
HAND = [(7,), (8,), (11,), (1, 100), (0,)]  # 7, 8, J, an Ace, a Joker


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("7 8", "Put a sign (+ − × ÷ ^) between 7 and 8."),
        ("7 (8 + 11)", "Put a sign (+ − × ÷ ^) between 7 and the bracket (."),
        ("(7 + 8) 11", "Put a sign (+ − × ÷ ^) between ) and 11."),
        ("+ 7", "Start with a number or a bracket, not +."),
        ("− 7", "Start with a number or a bracket, not − (there are no negative cards)."),
        ("7 + × 8", "Two signs in a row (+ ×): put a number between them."),
        ("7 x * 8", "Two signs in a row (× ×): put a number between them."),
        ("(× 8", "After a bracket ( comes a number, not ×."),
        ("7 + 8)", "This ) closes a bracket that was never opened."),
        ("7 + ()", "The brackets are empty: put something inside them."),
        ("(7 + )", "A number is missing between + and )."),
        ("[7 + 8)", "The bracket [ must be closed with ], not )."),
        ("7 + 7", "You used 7 twice, but only one of your cards is worth 7."),
        ("9 + 8", "None of your cards is worth 9."),
        ("Q + 8", "None of your cards is worth 12."),
        ("7 + Z", "'Z' is not a card. Type numbers, or the card names J, Q, K, A, JK."),
        ("7 % 8", "'%' cannot be used here. Use numbers, + − × ÷ ^ and brackets."),
        ("7 + 8 + 11 + 0 + 1 + 100", "That is 6 numbers, but you have only 5 cards."),
        ("11 / 7 + 8", "That step is not allowed: 11 ÷ 7 is not a whole number."),
        ("0 ^ (8 − 8)", "You used 8 twice, but only one of your cards is worth 8."),
    ],
)
def test_a_mistake_is_named_in_plain_words(text: str, words: str) -> None:
    reading = read_partial(text, names=NAMES, cards=HAND)
    assert reading.problem == words
    if not words.startswith("That step"):  # a step of arithmetic has no one place
        assert reading.position is not None and 0 <= reading.position <= len(text)


def test_a_step_the_rules_refuse_is_named_once_the_expression_is_whole() -> None:
    assert read_partial("0 ^ 0").problem == "That step is not allowed: 0 ^ 0 is not defined."
    assert read_partial("12 / 0 +").ok  # not whole yet: no step is judged


@pytest.mark.parametrize(
    ("text", "needs"),
    [
        ("", "Start with a card or a number."),
        ("(11 − 7) ×", "Finish it: a number must come after ×."),
        ("(11 − 7", "Finish it: close the bracket with )."),
        ("((11 − 7) × (8", "Finish it: close the 2 brackets with )."),
        ("8 × (", "Finish it: put a number inside the bracket."),
    ],
)
def test_unfinished_is_not_a_mistake(text: str, needs: str) -> None:
    reading = read_partial(text, names=NAMES, cards=HAND)
    assert reading.ok and not reading.complete and reading.unfinished == needs


def test_cards_typed_by_name_or_number_are_matched_to_the_hand() -> None:
    reading = read_partial("(J − 7) × 8", names=NAMES, cards=HAND)
    assert reading.ok and reading.complete and reading.cards == (2, 0, 1)
    assert reading.value == 32
    joker = read_partial("jk + 100", names=NAMES, cards=HAND)
    assert joker.ok and joker.cards == (4, 3)
    ace = read_partial("A + 7", names=NAMES, cards=HAND)  # 1 or 100: the student chooses
    assert ace.ok and [piece.name for piece in ace.undecided] == ["A"] and ace.value is None


def test_two_cards_of_one_value_and_the_clicked_one_first() -> None:
    hand = [(7,), (7,), (8,)]
    assert read_partial("7 + 7", cards=hand).ok
    assert read_partial("7", cards=hand, prefer=[1]).cards == (1,)


def test_a_phantom_value_is_allowed_once() -> None:
    hand = [(7,), (8,), (9,)]
    assert read_partial("(9 − 6) × 8 + 7", cards=hand, spare=(6, 10)).ok
    twice = read_partial("6 + 6 + 7", cards=hand, spare=(6, 10))
    assert twice.problem == "None of your cards is worth 6."


def test_too_long_and_not_text_are_refused_calmly() -> None:
    assert "too long" in read_partial("1+" * MAX_INPUT_LENGTH).problem
    assert read_partial(None).problem  # type: ignore[arg-type]
    assert "too long" in read_partial("1" * 40).problem


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789 +-*/^()[]xJQKAjk×−÷%", max_size=40))
def test_never_raises_and_agrees_with_the_parser(text: str) -> None:
    reading = read_partial(text, names=NAMES)
    try:
        tree = parse(text, cards={k: v[0] for k, v in NAMES.items() if len(v) == 1})
    except CardMathError:
        tree = None
    if tree is not None:  # the parser reads it: the builder calls it complete
        assert reading.complete and not reading.unfinished
        try:
            value = evaluate(tree)
        except CardMathError:
            assert reading.problem.startswith("That step is not allowed")
        else:
            assert reading.ok and reading.value == value
    elif not reading.undecided:  # the parser refuses: a mistake, or simply unfinished
        assert reading.problem or not reading.complete
