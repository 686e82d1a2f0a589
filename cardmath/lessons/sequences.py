"""Sequences in the classroom: the warm-up, the two readings of a sequence, the exercises.

Everything a Sequences lesson or dashboard shows about *how a sequence is worked out*
comes from here, so the screens hold no arithmetic of their own:

* :func:`deal_warmup`: a seeded sequence for "what does this sequence make?";
* :func:`left_to_right` and :func:`calculator`: the game's reading (strictly left to
  right, whole-number division) and a calculator's (× and ÷ first, exact fractions),
  each with LaTeX, a tree diagram and its steps;
* the lesson's exercises (:func:`lesson_exercises`), each with a checker that answers in
  words and names the usual mistake.

>>> warm = deal_warmup(7)
>>> warm.sequence.is_sealed, len(warm.evaluation.steps) >= 4
(True, True)
>>> game, usual = left_to_right("[4] + 2 * 5"), calculator("[4] + 2 * 5")
>>> game.value_text, usual.value_text
('30', '14')
>>> usual.steps
('2 × 5 = 10', '4 + 10 = 14')

sympy is imported only by :func:`calculator` (for its LaTeX), never at import time.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

from cardmath.cards import SequencesCard, sequences_deck
from cardmath.errors import CardMathError, IllegalMove, quoted
from cardmath.exercises import Exercise, Verdict, choice_exercise, self_checked
from cardmath.expr import show_number
from cardmath.game import chance
from cardmath.games.sequences import (
    SHOWN,
    CardSequence,
    Evaluation,
    ExpressionLeaf,
    ExpressionNode,
    apply_operator,
    conventional_expression,
    evaluate_sequence,
    parse_sequence,
    to_expression,
)

__all__ = [
    "Reading",
    "WarmUp",
    "calculator",
    "deal_warmup",
    "fraction_text",
    "left_to_right",
    "lesson_exercises",
    "make_target_exercise",
    "running_value_points",
    "sequence_value_exercise",
    "student_text",
    "tree_svg",
    "whole_number_exercise",
]

Tree = ExpressionLeaf | ExpressionNode

WORKED_EXAMPLE = "[4] + 2 cancel * 5 invert * 2 swap ="
"""The rules' own worked example."""


# --- numbers as a student reads them ------------------------------------------------


def _decimal(value: Fraction) -> tuple[str, bool]:
    """``value`` as a decimal: (text, exact?). Exact when the denominator has only the
    factors 2 and 5; otherwise rounded to three places."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    for places in range(0, 13):
        scaled = value * 10**places
        if scaled.denominator == 1:
            digits = str(scaled.numerator).rjust(places + 1, "0")
            text = digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"
            return sign + text, True
    thousandths = (value.numerator * 2000 + value.denominator) // (2 * value.denominator)
    digits = str(thousandths).rjust(4, "0")
    return f"{sign}{digits[:-3]}.{digits[-3:]}", False


def fraction_text(value: Fraction | int) -> str:
    """A calculator's answer in words a student reads: a whole number, or a fraction
    with its decimal.

    >>> fraction_text(Fraction(14)), fraction_text(Fraction(8, 5)), fraction_text(Fraction(-2, 3))
    ('14', '8/5 = 1.6', '−2/3 ≈ −0.667')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return show_number(value.numerator).replace("-", "−")
    if max(abs(value.numerator), value.denominator) >= 10**30:
        return "a fraction with very long numbers"
    decimal, exact = _decimal(value)
    text = f"{value.numerator}/{value.denominator} {'=' if exact else '≈'} {decimal}"
    return text.replace("-", "−")


def _fraction_latex(value: Fraction) -> str:
    if value.denominator == 1:
        return show_number(value.numerator)
    sign = "-" if value < 0 else ""
    return rf"{sign}\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


# --- the two readings ---------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """One way of reading a sequence: its maths (LaTeX, no ``$``), a tree diagram (SVG),
    the working one operation at a time, and the value (a fraction only for a calculator
    whose division does not come out whole)."""

    title: str
    latex: str
    tree_svg: str
    steps: tuple[str, ...]
    value: Fraction
    rendered_by: str = "cardmath"
    """``"sympy"`` when sympy rendered the LaTeX, ``"cardmath"`` for the project's own."""

    @property
    def value_text(self) -> str:
        return fraction_text(self.value)

    @property
    def value_latex(self) -> str:
        return _fraction_latex(self.value)


def _as_sequence(sequence: str | CardSequence) -> str | CardSequence:
    if not isinstance(sequence, str | CardSequence):
        raise IllegalMove(
            f"a sequence is text like '{WORKED_EXAMPLE}', not {quoted(sequence)}",
            rule="sequence text",
        )
    return sequence


def left_to_right(sequence: str | CardSequence, division: str = "truncate") -> Reading:
    """The game's reading: strictly left to right after the modifiers, whole-number
    division. The LaTeX has the brackets the usual order would need to read it this way.

    >>> reading = left_to_right(WORKED_EXAMPLE)
    >>> reading.latex, reading.value_text
    ('4 \\\\times 5 \\\\div 2', '10')
    >>> reading.steps[:2]
    ('4 → 4 (start card)', '4 + 2 → 6 (operator + number)')
    """
    sequence = _as_sequence(sequence)
    evaluation = evaluate_sequence(sequence, division)
    tree = to_expression(sequence)
    steps = tuple(
        f"{_shown(step.expression)} → {_number(step.value)} ({_shown(step.note)})"
        for step in evaluation.steps
    )
    return Reading(
        "Left to right (the game)",
        tree.latex(),
        tree_svg(tree, division=division),
        steps,
        Fraction(evaluation.value),
    )


def _number(value: int) -> str:
    return show_number(value).replace("-", "−")


def student_text(text: str) -> str:
    """A sequence or step text of the engine (ASCII operators) as a student reads it:
    × ÷ and a true minus sign.

    >>> student_text("[-2] - 3 ?* 4 / 2")
    '[−2] − 3 ?× 4 ÷ 2'
    """
    return text.replace("*", "×").replace("/", "÷").replace("-", "−")


_shown = student_text


def calculator(sequence: str | CardSequence, division: str = "truncate") -> Reading:
    """A calculator's reading of the same cards: × and ÷ first, then + and −, each from
    left to right, and no rounding (a division that is not whole gives a fraction). The
    LaTeX is rendered by sympy when sympy keeps every number and operator in the
    student's order, else by the project's own printer.

    >>> reading = calculator("[4] / 5 * 2 + 3")
    >>> reading.latex, reading.value_text, reading.rendered_by
    ('\\\\frac{4}{5} \\\\times 2 + 3', '23/5 = 4.6', 'sympy')
    >>> calculator("[4] / 5 / 2").latex   # sympy would write 4 × 1/5 over 2: our own
    '4 \\\\div 5 \\\\div 2'
    """
    sequence = _as_sequence(sequence)
    evaluate_sequence(sequence, division)  # every card checked against the rules
    tree = conventional_expression(sequence)
    latex, rendered_by = _sympy_latex(tree)
    return Reading(
        "The usual order (a calculator)",
        latex,
        tree_svg(tree, division=None),
        tuple(_exact_steps(tree)),
        tree.exact(),
        rendered_by,
    )


def _exact_steps(tree: Tree) -> list[str]:
    lines: list[str] = []

    def walk(node: Tree) -> Fraction:
        if isinstance(node, ExpressionLeaf):
            return Fraction(node.value)
        left, right = walk(node.left), walk(node.right)
        value = node.exact()
        lines.append(
            f"{_fraction_short(left)} {SHOWN[node.op]} {_fraction_short(right)} = "
            f"{_fraction_short(value)}"
        )
        return value

    value = walk(tree)
    if not lines:
        lines.append(_fraction_short(value))
    return lines


def _fraction_short(value: Fraction) -> str:
    text = (
        show_number(value.numerator)
        if value.denominator == 1
        else f"{value.numerator}/{value.denominator}"
    )
    return text.replace("-", "−")


def _leaves(tree: Tree) -> list[int]:
    if isinstance(tree, ExpressionLeaf):
        return [tree.value]
    return _leaves(tree.left) + _leaves(tree.right)


def _operators(tree: Tree) -> list[str]:
    if isinstance(tree, ExpressionLeaf):
        return []
    return [*_operators(tree.left), tree.op, *_operators(tree.right)]


def _sympy_latex(tree: Tree) -> tuple[str, str]:
    """LaTeX by sympy (sums flat, products left to right), if it is faithful."""
    try:
        from sympy import Add, Integer, Mul, Pow, latex
    except ImportError:  # pragma: no cover - sympy is pinned
        return tree.latex(), "cardmath"

    def product(node: Tree) -> object:
        if isinstance(node, ExpressionLeaf):
            return Integer(node.value)
        left, right = product(node.left), product(node.right)
        if node.op == "*":
            return Mul(left, right, evaluate=False)
        return Mul(left, Pow(right, Integer(-1), evaluate=False), evaluate=False)

    terms: list[object] = []
    node = tree
    while isinstance(node, ExpressionNode) and node.op in "+-":
        term = product(node.right)
        terms.append(term if node.op == "+" else Mul(Integer(-1), term, evaluate=False))
        node = node.left
    terms.append(product(node))
    terms.reverse()
    expression = terms[0] if len(terms) == 1 else Add(*terms, evaluate=False)
    try:
        rendered = latex(expression, order="none", mul_symbol="times")
    except (RecursionError, ValueError, TypeError):  # pragma: no cover - defensive
        return tree.latex(), "cardmath"
    if _faithful(rendered, tree):
        return rendered, "sympy"
    return tree.latex(), "cardmath"


def _faithful(rendered: str, tree: Tree) -> bool:
    """Whether sympy's LaTeX shows the tree's numbers in order and each operator once
    (a division as a fraction bar), with no brackets beyond those around a negative
    starter.

    >>> _faithful(r"4 - \\frac{8}{2}", conventional_expression("[4] - 8 / 2"))
    True
    >>> _faithful(r"\\frac{4 \\times \\frac{1}{5}}{2}", conventional_expression("[4] / 5 / 2"))
    False
    """
    leaves = _leaves(tree)
    found = [int(text) for text in re.findall(r"(?:^|(?<=\())-\d+|\d+", rendered)]
    if found != leaves:
        return False
    ops = Counter(_operators(tree))
    negatives = sum(value < 0 for value in leaves)
    if rendered.count(r"\times") != ops["*"] or rendered.count(r"\frac") != ops["/"]:
        return False
    if rendered.count("+") != ops["+"] or rendered.count("-") != ops["-"] + negatives:
        return False
    return rendered.count(r"\left(") <= negatives


# --- the tree diagram ---------------------------------------------------------------

_RADIUS = 22
_COLUMN = 52
_ROW = 72
_MARGIN = 14
_OPERATOR_FILL = "#fdf1d6"
_NUMBER_FILL = "#dbeafe"


def tree_svg(tree: Tree, *, division: str | None = "truncate") -> str:
    """A tree diagram of a sequence expression as SVG: numbers along the bottom in
    reading order, each operator above what it works on, with its value underneath
    (the game's whole-number division, or ``division=None`` for a calculator's exact
    fractions).

    >>> svg = tree_svg(conventional_expression("[4] + 2 * 5"), division=None)
    >>> svg.startswith("<svg") and ">×<" in svg and ">10<" in svg and ">14<" in svg
    True
    """
    shapes: list[str] = []
    lines: list[str] = []
    column = [0]
    deepest = [0]

    def place(node: Tree, depth: int) -> tuple[float, float]:
        deepest[0] = max(deepest[0], depth)
        y = _MARGIN + _RADIUS + depth * _ROW
        if isinstance(node, ExpressionLeaf):
            x: float = _MARGIN + _RADIUS + column[0] * _COLUMN
            column[0] += 1
            shapes.append(_circle(x, y, _fraction_short(Fraction(node.value)), _NUMBER_FILL))
            return x, y
        lx, ly = place(node.left, depth + 1)
        rx, ry = place(node.right, depth + 1)
        x = (lx + rx) / 2
        lines.append(_line(x, y, lx, ly))
        lines.append(_line(x, y, rx, ry))
        shapes.append(_circle(x, y, SHOWN[node.op], _OPERATOR_FILL))
        value = Fraction(node.evaluate(division)) if division is not None else node.exact()
        shapes.append(
            f'<text x="{x:g}" y="{y + _RADIUS + 15:g}" text-anchor="middle" font-size="14" '
            f'font-weight="bold" fill="#374151">{escape(_fraction_short(value))}</text>'
        )
        return x, y

    place(tree, 0)
    width = 2 * _MARGIN + 2 * _RADIUS + (column[0] - 1) * _COLUMN
    height = 2 * _MARGIN + 2 * _RADIUS + deepest[0] * _ROW + 20
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" role="img">'
        f"<title>{escape(str(tree))}</title>{''.join(lines)}{''.join(shapes)}</svg>"
    )


def _circle(x: float, y: float, text: str, fill: str) -> str:
    size = 17 if len(text) <= 3 else 12
    return (
        f'<g><circle cx="{x:g}" cy="{y:g}" r="{_RADIUS}" fill="{fill}" stroke="#1f2937" '
        f'stroke-width="1.5"/><text x="{x:g}" y="{y + size / 3:g}" text-anchor="middle" '
        f'font-size="{size}" fill="#111827">{escape(text)}</text></g>'
    )


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#6b7280"/>'


# --- the running value, card by card ------------------------------------------------


def running_value_points(
    sequence: str | CardSequence, division: str = "truncate"
) -> list[tuple[str, int]]:
    """(the cards just added, the value after them) for each step of a sequence: what a
    plot of its running value draws.

    >>> running_value_points(WORKED_EXAMPLE)[:4]
    [('[4]', 4), ('+ 2', 6), ('cancel', 4), ('* 5', 20)]
    """
    evaluation = evaluate_sequence(_as_sequence(sequence), division)
    return [(step.cards, step.value) for step in evaluation.steps]


# --- the warm-up --------------------------------------------------------------------


@dataclass(frozen=True)
class WarmUp:
    """A dealt sequence for "what does this sequence make?", with both readings."""

    seed: int
    sequence: CardSequence
    division: str = "truncate"

    @property
    def evaluation(self) -> Evaluation:
        return evaluate_sequence(self.sequence, self.division)

    @property
    def value(self) -> int:
        """What the sequence makes in the game (left to right)."""
        return self.evaluation.value

    def left_to_right(self) -> Reading:
        return left_to_right(self.sequence, self.division)

    def calculator(self) -> Reading:
        return calculator(self.sequence, self.division)


WARMUP_ATTEMPTS = 400
"""Most sequences tried for one warm-up (a budget: the deal never searches for ever)."""

MAX_WARMUP_VALUE = 200
"""No running value of a warm-up goes beyond ±200 (mental arithmetic)."""


def deal_warmup(seed: int, division: str = "truncate", *, modifiers: int = 1) -> WarmUp:
    """A seeded sealed sequence of one deck's cards whose left-to-right value differs
    from a calculator's, with ``modifiers`` modifier cards (0 to 2) and every running
    value within ±200; a calculator's answer is a whole number whenever such a sequence
    turns up within half the budget. The same seed deals the same sequence everywhere.

    >>> deal_warmup(3) == deal_warmup(3), deal_warmup(3) == deal_warmup(4)
    (True, False)
    >>> sum(card.kind == "modifier" for card in deal_warmup(5, modifiers=2).sequence.cards)
    2
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 10**12:
        raise IllegalMove(f"a seed is a whole number, not {quoted(seed)}", rule="seed")
    if isinstance(modifiers, bool) or modifiers not in (0, 1, 2):
        raise IllegalMove(
            f"a warm-up has 0, 1 or 2 modifier cards, not {quoted(modifiers)}", rule="warm-up"
        )
    for attempt in range(WARMUP_ATTEMPTS):
        found = _try_warmup(seed, attempt, division, modifiers)
        if found is not None:
            return WarmUp(seed, found, division)
    return WarmUp(seed, parse_sequence("[4] + 2 * 5 ="), division)  # pragma: no cover


def _try_warmup(seed: int, attempt: int, division: str, modifiers: int) -> CardSequence | None:
    rng = chance(seed, "warm-up", attempt)
    deck = list(sequences_deck("red"))
    rng.shuffle(deck)
    starters = [card for card in deck if card.kind == "starter"]
    numbers = [card for card in deck if card.kind == "number"]
    operators = [card for card in deck if card.kind == "operator"]
    spare = [card for card in deck if card.kind == "modifier"]
    pairs = rng.choice((3, 3, 4))
    after = sorted(rng.sample(range(1, pairs + 1), modifiers)) if modifiers else []
    sequence = CardSequence((starters[0],))
    try:
        for index in range(1, pairs + 1):
            operator = operators.pop()
            chosen = rng.choice("+-*/") if operator.face == "?" else operator.face
            sequence = sequence.extended(operator, chosen).extended(numbers.pop())
            for _ in range(after.count(index)):
                usable = [card for card in spare if sequence.can_take(card) is None]
                if not usable:
                    return None
                modifier = usable[0]
                spare.remove(modifier)
                sequence = sequence.extended(modifier)
        sequence = sequence.extended(SequencesCard("red", "terminator", "="))
        evaluation = evaluate_sequence(sequence, division)
    except CardMathError:
        return None
    if len(sequence.reading.pairs) < 2:
        return None
    if any(abs(value) > MAX_WARMUP_VALUE for value in evaluation.running_values):
        return None
    usual = conventional_expression(sequence).exact()
    if usual == evaluation.value:
        return None
    if usual.denominator != 1 and attempt < WARMUP_ATTEMPTS // 2:
        return None  # a whole-number calculator answer keeps the talk on the order first
    return sequence


# --- exercises ----------------------------------------------------------------------


def _typed_whole_number(text: str) -> int | None:
    cleaned = text.strip().replace("−", "-").replace("–", "-").replace(",", "").replace(" ", "")
    body = cleaned.removeprefix("-")
    if not body.isdigit() or len(body) > 30:
        return None
    return int(cleaned)


def _number_checker(value: int, explain: str, mistakes: dict[int, str]) -> Callable[[str], Verdict]:
    def checker(text: str) -> Verdict:
        given = _typed_whole_number(text)
        if given is None:
            return Verdict(
                False, f"Type a whole number, such as 12 or −3 (not {quoted(text.strip())})."
            )
        if given == value:
            return Verdict(True, f"Correct! {explain}")
        if given in mistakes:
            return Verdict(False, f"Not quite: {mistakes[given]}")
        return Verdict(
            False,
            f"Not quite: {show_number(given).replace('-', '−')} is not it. "
            "Go card by card and write the value after each one.",
        )

    return checker


def sequence_value_exercise(
    prompt: str, sequence: str, division: str = "truncate", *, hints: Sequence[str] = ()
) -> Exercise:
    """What does this sequence make in the game? A calculator's answer (the usual order)
    is refused with the reason.

    >>> question = sequence_value_exercise("What does [4] + 2 × 5 make?", "[4] + 2 * 5")
    >>> question.check("30").ok, question.check("14").message
    (True, 'Not quite: 14 is what a calculator says (× before +). In Sequences you go strictly from left to right.')
    """
    reading = left_to_right(sequence, division)
    value = int(reading.value)
    mistakes: dict[int, str] = {}
    usual = conventional_expression(sequence).exact()
    if usual.denominator == 1 and usual != value:
        mistakes[int(usual)] = (
            f"{fraction_text(usual)} is what a calculator says (× before +). In Sequences "
            "you go strictly from left to right."
        )
    working = "; ".join(reading.steps)
    return Exercise(prompt, _number_checker(value, working, mistakes), str(value), tuple(hints))


def whole_number_exercise(
    prompt: str,
    left: int,
    operator: str,
    right: int,
    division: str = "truncate",
    *,
    hints: Sequence[str] = (),
) -> Exercise:
    """One operation the way the game does it (``/`` is whole-number division). Rounding
    the wrong way (down instead of toward zero, or up) is refused with the rule.

    >>> question = whole_number_exercise("−7 ÷ 2 in Sequences?", -7, "/", 2)
    >>> question.check("-3").ok, question.check("-4").message
    (True, 'Not quite: −4 is rounding down. The game rounds toward zero: drop the part after the point.')
    """
    value = apply_operator(operator, left, right, division)
    mistakes: dict[int, str] = {}
    if operator == "/" and left % right:
        down, up = left // right, -(-left // right)
        for wrong, how in ((down, "rounding down"), (up, "rounding up")):
            if wrong != value:
                rule = (
                    "The game rounds toward zero: drop the part after the point."
                    if division == "truncate"
                    else "This game rounds down (floor division)."
                )
                mistakes[wrong] = f"{show_number(wrong).replace('-', '−')} is {how}. {rule}"
    shown = (
        f"{show_number(left).replace('-', '−')} {SHOWN[operator]} {show_number(right)} = "
        f"{show_number(value).replace('-', '−')}."
    )
    return Exercise(prompt, _number_checker(value, shown, mistakes), str(value), tuple(hints))


def make_target_exercise(
    prompt: str, cards: Sequence[str], target: int, answer: str, *, hints: Sequence[str] = ()
) -> Exercise:
    """Put the given cards in an order whose sequence makes ``target`` (typed as a
    sequence, e.g. ``[2] + 3 * 4``; every card used once).

    >>> question = make_target_exercise("Make 20.", ["[2]", "+", "*", "3", "4"], 20, "[2] + 3 * 4")
    >>> question.check("[2] + 3 * 4").ok, question.check("[2] * 4 + 3").message
    (True, '[2] × 4 + 3 makes 11 in Sequences, not 20. Try another order.')
    >>> question.check("[2] + 3 * 5").message
    'Use exactly these cards, each once: [2] 3 4 + × (you used [2] 3 5 + ×).'
    """
    wanted = Counter(_face(text) for text in cards)

    def checker(text: str) -> Verdict:
        sequence = parse_sequence(text.replace("−", "-"), "red")
        used = Counter(
            card.face if card.kind != "starter" else card.text for card in sequence.cards
        )
        if used != wanted:
            return Verdict(
                False,
                f"Use exactly these cards, each once: {_faces_text(wanted)} "
                f"(you used {_faces_text(used)}).",
            )
        value = evaluate_sequence(sequence).value
        shown = _shown(str(sequence))
        if value != target:
            return Verdict(
                False,
                f"{shown} makes {_number(value)} in Sequences, not {_number(target)}. "
                "Try another order.",
            )
        return Verdict(True, f"Correct! {shown} makes {_number(target)}.")

    return self_checked(Exercise(prompt, checker, answer, tuple(hints), "e.g. [0] - 5 * 2"), target)


def _face(text: str) -> str:
    """A card face as the engine writes it (``×`` -> ``*``), checked to be a card."""
    face = {"×": "*", "x": "*", "÷": "/", "−": "-"}.get(text.strip(), text.strip())
    card = SequencesCard.parse(f"red {face}")
    return card.text if card.kind == "starter" else card.face


def _faces_text(faces: Counter[str]) -> str:
    return " ".join(_shown(face) for face in sorted(faces.elements(), key=_face_order))


def _face_order(face: str) -> tuple[int, int, str]:
    if face.startswith("["):
        return (0, int(face[1:-1]), face)
    if face.isdigit():
        return (1, int(face), face)
    order = ("+", "-", "*", "/", "?", "=", "cancel", "invert", "swap")
    return (2, order.index(face) if face in order else len(order), face)


def lesson_exercises(division: str = "truncate") -> dict[str, list[Exercise]]:
    """The exercises of the lesson ``02-sequences``, by section: ``order``,
    ``modifiers``, ``division``, ``target``. Their sequences are not worked out anywhere
    in the lesson itself.

    >>> sections = lesson_exercises()
    >>> [len(items) for items in sections.values()]
    [3, 4, 3, 2]
    """
    order = [
        sequence_value_exercise(
            "In Sequences, what does $[2] + 4 \\times 3$ make?",
            "[2] + 4 * 3",
            division,
            hints=("Start with 2. Add 4. Then multiply what you have by 3.",),
        ),
        sequence_value_exercise(
            "In Sequences, what does $[2] - 8 \\times 3$ make?",
            "[2] - 8 * 3",
            division,
            hints=("2 − 8 first. Below zero is fine.", "Then multiply −6 by 3."),
        ),
        sequence_value_exercise(
            "In Sequences, what does $[4] + 6 \\div 2 \\times 5$ make?",
            "[4] + 6 / 2 * 5",
            division,
            hints=("4 + 6 = 10, then keep going one card at a time.",),
        ),
    ]
    modifiers = [
        sequence_value_exercise(
            "What does $[4]\\ +\\ 5\\ \\text{cancel}\\ \\times\\ 3$ make? (cancel removes "
            "the last operator and its number)",
            "[4] + 5 cancel * 3",
            division,
            hints=("After cancel, the + 5 is gone: the sequence is [4] again.",),
        ),
        sequence_value_exercise(
            "What does $[2]\\ +\\ 10\\ \\times\\ 3\\ \\text{invert}$ make? (invert turns "
            "the last operator into its inverse)",
            "[2] + 10 * 3 invert",
            division,
            hints=(
                "The inverse of × is ÷.",
                "So the sequence is now [2] + 10 ÷ 3: 12 ÷ 3.",
            ),
        ),
        sequence_value_exercise(
            "What does $[4]\\ +\\ 2\\ \\times\\ 5\\ \\text{swap}$ make? (swap exchanges "
            "the last two operators; the numbers stay where they are)",
            "[4] + 2 * 5 swap",
            division,
            hints=("After swap the sequence reads [4] × 2 + 5.",),
        ),
        choice_exercise(
            "The sequence is $[4] \\times 5$, worth 20. Which modifier brings it back to "
            "exactly 4: cancel or invert?",
            "cancel",
            ["cancel", "invert"],
            hints=(
                "Try both. invert makes it 4 ÷ 5: what is that in whole numbers?",
                "cancel takes the × 5 away altogether.",
            ),
            explanation="cancel removes × 5, so the sequence is [4] again; invert would "
            "make it 4 ÷ 5 = 0.",
        ),
    ]
    dividing = [
        whole_number_exercise(
            "In Sequences, what is $9 \\div 4$?",
            9,
            "/",
            4,
            division,
            hints=("9 ÷ 4 is 2.25; the game keeps only the whole part.",),
        ),
        whole_number_exercise(
            "In Sequences, what is $-9 \\div 4$?",
            -9,
            "/",
            4,
            division,
            hints=("−9 ÷ 4 is −2.25 on a calculator.", "Drop the part after the point."),
        ),
        sequence_value_exercise(
            "What does $[-2] - 3 \\div 2$ make in Sequences?",
            "[-2] - 3 / 2",
            division,
            hints=("−2 − 3 first.", "Then −5 ÷ 2 is −2.5 on a calculator: which whole part?"),
        ),
    ]
    target = [
        make_target_exercise(
            "Put the cards $[2]$, $+$, $\\times$, $3$, $4$ in order to make a sequence worth "
            "exactly <b>20</b>.",
            ["[2]", "+", "*", "3", "4"],
            20,
            "[2] + 3 * 4",
            hints=("The starter comes first.", "Add first, then multiply the total."),
        ),
        make_target_exercise(
            "Put the cards $[4]$, $-$, $\\div$, $10$, $2$ in order to make a sequence worth "
            "exactly <b>−3</b>.",
            ["[4]", "-", "/", "10", "2"],
            -3,
            "[4] - 10 / 2",
            hints=("4 − 10 = −6.", "Now halve it."),
        ),
    ]
    return {"order": order, "modifiers": modifiers, "division": dividing, "target": target}
