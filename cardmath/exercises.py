"""Exercises that check themselves: a question, a checker, graded hints, an answer.

A lesson asks a question; the student types an answer; a checker (pure Python, here, so
the rules stay in ``cardmath``) says whether it is right, in words a student reads. The
reference answer is kept for the teacher and the tests, and shown to a student only
when they ask for it after trying (the dashboard's ``Exercise`` widget does that).

>>> question = number_exercise("What is 2 + 3 × 4?", "2 + 3 * 4", hints=["× comes before +."])
>>> question.check("20").ok, question.check("20").message
(False, 'Not quite: 20 is not the answer. Try again, step by step.')
>>> question.check(" 14 ").ok
True
>>> question.check(question.answer).ok   # the reference answer is always accepted
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from cardmath.errors import CardMathError, quoted
from cardmath.expr import evaluate, leaves, parse, show_number
from cardmath.printing import steps, to_text
from cardmath.wording import fraction_text

__all__ = [
    "Exercise",
    "Verdict",
    "choice_exercise",
    "expression_exercise",
    "fraction_exercise",
    "number_exercise",
    "read_fraction",
    "self_checked",
    "whole_number_exercise",
]

MAX_ANSWER = 200
"""Longest answer a checker reads (longer text is refused at once)."""


@dataclass(frozen=True)
class Verdict:
    """What a checker says: right or not, and one or two sentences for the student."""

    ok: bool
    message: str


@dataclass(frozen=True)
class Exercise:
    """A question (``prompt``, may hold ``$...$`` maths), how to check an answer, graded
    ``hints`` (easiest first) and the reference ``answer`` (never shown unasked);
    ``choices`` lists the options of a multiple-choice question (empty otherwise)."""

    prompt: str
    checker: Callable[[str], Verdict] = field(repr=False)
    answer: str
    hints: tuple[str, ...] = ()
    placeholder: str = "your answer"
    choices: tuple[str, ...] = ()

    def check(self, text: object) -> Verdict:
        """Check an answer; never raises, whatever is typed."""
        if not isinstance(text, str):
            return Verdict(False, "Type your answer in the box.")
        if len(text) > MAX_ANSWER:
            return Verdict(
                False, f"That answer is too long: keep it under {MAX_ANSWER} characters."
            )
        if not text.strip():
            return Verdict(False, "Type your answer in the box, then press Check.")
        try:
            return self.checker(text)
        except CardMathError as error:
            return Verdict(False, str(error))


def _whole_number(text: str) -> int | None:
    cleaned = text.strip().replace("−", "-").replace(",", "")
    body = cleaned.removeprefix("-")
    if not body.isdigit() or len(body) > 50:
        return None
    return int(cleaned)


def number_exercise(
    prompt: str, expression: str, *, hints: Sequence[str] = (), placeholder: str = "a number"
) -> Exercise:
    """Work out ``expression`` (the project's parser, exact arithmetic); the answer is
    its value.

    >>> number_exercise("12 − (8 − 3)?", "12 - (8 - 3)").answer
    '7'
    """
    value = evaluate(parse(expression))

    def checker(text: str) -> Verdict:
        given = _whole_number(text)
        if given is None:
            return Verdict(False, f"Type a whole number, such as 14 (not {quoted(text.strip())}).")
        if given != value:
            return Verdict(
                False,
                f"Not quite: {show_number(given)} is not the answer. Try again, step by step.",
            )
        return Verdict(True, f"Correct! {steps(parse(expression))}.")

    return Exercise(prompt, checker, show_number(value), tuple(hints), placeholder)


def whole_number_exercise(
    prompt: str,
    answer: int,
    *,
    explanation: str = "",
    mistakes: Mapping[int, str] | None = None,
    hints: Sequence[str] = (),
    placeholder: str = "a whole number",
) -> Exercise:
    """A question whose answer is one whole number (a count, a score, a smallest size).

    ``explanation`` follows "Correct!"; ``mistakes`` maps typical wrong answers to a
    sentence that helps with exactly that mistake.

    >>> question = whole_number_exercise("Smallest max of 11 cards in 4 colours?", 3,
    ...     explanation="Two of each is only 8 cards.", mistakes={2: "Two of each is only 8."})
    >>> question.check("3").message
    'Correct! Two of each is only 8 cards.'
    >>> question.check("2").message, question.check("5").ok
    ('Not quite. Two of each is only 8.', False)
    """
    if isinstance(answer, bool) or not isinstance(answer, int):
        raise CardMathError(f"the answer is a whole number, not {quoted(answer)}")
    helps = dict(mistakes or {})

    def checker(text: str) -> Verdict:
        given = _whole_number(text)
        if given is None:
            return Verdict(False, f"Type a whole number, such as 12 (not {quoted(text.strip())}).")
        if given == answer:
            return Verdict(True, f"Correct! {explanation}".strip())
        if given in helps:
            return Verdict(False, f"Not quite. {helps[given]}")
        return Verdict(
            False, f"Not quite: {show_number(given)} is not the answer. Look again, then try."
        )

    return Exercise(prompt, checker, show_number(answer), tuple(hints), placeholder)


def expression_exercise(
    prompt: str,
    cards: Sequence[int],
    target: int,
    answer: str,
    *,
    hints: Sequence[str] = (),
) -> Exercise:
    """Write an expression that uses each of ``cards`` exactly once and makes ``target``.

    >>> question = expression_exercise("Make 42 from 5, 6, 12.", [5, 6, 12], 42, "6 * 5 + 12")
    >>> question.check("5 * 6 + 12").ok, question.check("6 * 7").message
    (True, 'Use each of the cards 5, 6, 12 exactly once (you used 6, 7).')
    """
    wanted = Counter(cards)

    def checker(text: str) -> Verdict:
        tree = parse(text)
        used = [leaf.value for leaf in leaves(tree)]
        if Counter(used) != wanted:
            return Verdict(
                False,
                f"Use each of the cards {', '.join(map(str, sorted(cards)))} exactly once "
                f"(you used {', '.join(map(show_number, used))}).",
            )
        value = evaluate(tree)
        if value != target:
            return Verdict(
                False,
                f"{to_text(tree)} makes {show_number(value)}, not {target}. Try another order "
                "or other brackets.",
            )
        return Verdict(True, f"Correct! {steps(tree, target=target)}.")

    return self_checked(
        Exercise(prompt, checker, answer, tuple(hints), "type it, e.g. (11 - 7) * 8"), target
    )


def self_checked(exercise: Exercise, target: int) -> Exercise:
    """``exercise``, once its own reference answer is accepted: a lesson whose answer
    does not make ``target`` is refused when the lesson is written, not in class.

    >>> expression_exercise("Make 42 from 5, 6, 12.", [5, 6, 12], 42, "6 * 5 - 12")
    Traceback (most recent call last):
    ...
    cardmath.errors.CardMathError: the reference answer '6 * 5 - 12' does not make 42
    """
    if not exercise.check(exercise.answer).ok:
        raise CardMathError(f"the reference answer {exercise.answer!r} does not make {target}")
    return exercise


def choice_exercise(
    prompt: str,
    answer: str,
    choices: Sequence[str],
    *,
    mistakes: Mapping[str, str],
    hints: Sequence[str] = (),
    explanation: str = "",
) -> Exercise:
    """Pick one of ``choices`` (typed; case and spaces do not matter). ``mistakes`` says,
    for every wrong choice, what is wrong with the thinking that leads to it: a wrong try
    never hears "try the other answer", which would give a two-way choice away, and no
    mistake may name the right answer (both are refused when the lesson is written).

    >>> question = choice_exercise("Is 17 ÷ 5 allowed?", "no", ["yes", "no"],
    ...     mistakes={"yes": "5 × 3 = 15: 2 is left over."})
    >>> question.check("No").ok, question.check("yes").message, question.check("maybe").message
    (True, 'Not quite: 5 × 3 = 15: 2 is left over.', 'Answer one of: yes, no.')
    >>> choice_exercise("Is 17 ÷ 5 allowed?", "no", ["yes", "no"], mistakes={})
    Traceback (most recent call last):
    ...
    cardmath.errors.CardMathError: say what is wrong with the answer 'yes'
    """
    options = {choice.strip().lower(): choice for choice in choices}
    right = answer.strip().lower()
    if right not in options:
        raise CardMathError(f"the answer {answer!r} is not one of the choices")
    reasons = {choice.strip().lower(): text for choice, text in mistakes.items()}
    for choice in reasons:
        if choice not in options or choice == right:
            raise CardMathError(f"{choice!r} is not a wrong choice of this question")
    for choice, text in reasons.items():
        if re.search(rf"(?<![\w-]){re.escape(right)}(?![\w-])", text.lower()):
            raise CardMathError(f"the mistake for {choice!r} names the answer {answer!r}")
    for choice in options:
        if choice != right and choice not in reasons:
            raise CardMathError(f"say what is wrong with the answer {options[choice]!r}")

    def checker(text: str) -> Verdict:
        picked = text.strip().lower()
        if picked not in options:
            return Verdict(False, f"Answer one of: {', '.join(choices)}.")
        if picked != right:
            return Verdict(False, f"Not quite: {reasons[picked]}")
        return Verdict(True, f"Correct! {explanation}".strip())

    return Exercise(prompt, checker, answer, tuple(hints), " or ".join(choices), tuple(choices))


_FRACTION = re.compile(r"^\s*([+-]?\d{1,30})\s*(?:/\s*(\d{1,30}))?\s*$")
_DECIMAL = re.compile(r"^\s*([+-]?\d{0,30})[.,](\d{1,30})\s*$")


def read_fraction(text: str) -> Fraction | None:
    """An exact number typed as a fraction (``3/2``), a whole number or a decimal
    (``1.5``); ``None`` for anything else (a zero denominator too).

    >>> read_fraction(" 6 / 4 "), read_fraction("1.5"), read_fraction("2"), read_fraction("1/0")
    (Fraction(3, 2), Fraction(3, 2), Fraction(2, 1), None)
    """
    cleaned = text.replace("−", "-").replace("÷", "/")
    match = _FRACTION.match(cleaned)
    if match:
        top, bottom = match.groups()
        if bottom is not None and int(bottom) == 0:
            return None
        return Fraction(int(top), int(bottom) if bottom is not None else 1)
    match = _DECIMAL.match(cleaned)
    if match:
        whole, decimals = match.groups()
        sign = -1 if whole.startswith("-") else 1
        whole = whole.lstrip("+-") or "0"
        return sign * (Fraction(int(whole)) + Fraction(int(decimals), 10 ** len(decimals)))
    return None


def fraction_exercise(
    prompt: str,
    answer: Fraction,
    *,
    hints: Sequence[str] = (),
    explanation: str = "",
    placeholder: str = "a fraction, like 3/4",
) -> Exercise:
    """Give an exact number, typed as a fraction (``25/26``), a whole number or a decimal
    that is exactly equal; any equal fraction is right, and the answer is shown in lowest
    terms. A decimal that is only close is refused: the answer is exact.

    >>> question = fraction_exercise("6/4 in lowest terms?", Fraction(3, 2))
    >>> question.check("3/2").ok, question.check("12/8").message
    (True, 'Correct! 12/8 = 3/2.')
    >>> question.check("2/3").message
    'Not quite: 2/3 is not the answer. Try again.'
    >>> fraction_exercise("25/26?", Fraction(25, 26)).check("0.96").message
    '0.96 is close but not exact: write the answer as a fraction (like 3/4).'
    """
    exact = Fraction(answer)
    shown = fraction_text(exact, minus=False)

    def checker(text: str) -> Verdict:
        given = read_fraction(text)
        if given is None:
            return Verdict(
                False,
                f"Type a fraction such as 3/4 or a whole number (not {quoted(text.strip())}).",
            )
        if given != exact:
            if "." in text or "," in text:
                close = abs(given - exact) <= abs(exact) / 50
                if close:
                    return Verdict(
                        False,
                        f"{text.strip()} is close but not exact: write the answer as a fraction "
                        "(like 3/4).",
                    )
            return Verdict(False, f"Not quite: {text.strip()} is not the answer. Try again.")
        typed = text.strip().replace(" ", "")
        equal = "" if typed == shown else f" {typed} = {shown}."
        message = f"Correct!{equal} {explanation}".strip()
        return Verdict(True, message)

    return Exercise(prompt, checker, shown, tuple(hints), placeholder)
