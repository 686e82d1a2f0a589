"""The Navigator lesson (``lessons/01-navigator.ipynb``): order of operations, expression
trees, when division is allowed, what powers do to size.

Every exercise is a :class:`cardmath.exercises.Exercise`: the question in words (maths in
``$...$``), a checker that uses the project's arithmetic, graded hints and a reference
answer that a student sees only when they ask for it after trying. The answers come from
the engine (the division questions ask the arithmetic rule itself), never typed in here.

>>> [exercise.check(exercise.answer).ok for exercise in order_of_operations()]
[True, True, True, True]
>>> division_questions()[1].check("yes").message
'Not quite: 8 × 6 = 48, and 2 is left over: 50 ÷ 8 is not a whole number.'
>>> land_at_42().check("5 * 6 + 12").ok
True
"""

from __future__ import annotations

from dataclasses import dataclass

from cardmath.errors import ExpressionError
from cardmath.exercises import Exercise, choice_exercise, expression_exercise, number_exercise
from cardmath.expr import digit_count, evaluate, parse, show_number
from cardmath.printing import steps, to_latex, to_text
from cardmath.wording import counted

__all__ = [
    "SizeRow",
    "division_questions",
    "land_at_42",
    "make_81",
    "order_of_operations",
    "power_questions",
    "reach_count",
    "reach_svg",
    "sizes",
    "worked",
]


def _maths(text: str) -> str:
    """``text`` as inline LaTeX, in the order it is written (``$2 + 3 \\times 4$``)."""
    return f"${to_latex(parse(text))}$"


def order_of_operations() -> list[Exercise]:
    """Exercise 1: four sums where the order of operations decides the answer."""
    questions = [
        ("2 + 3 * 4", "× comes before +: work out 3 × 4 first, then add 2."),
        ("(2 + 3) * 4", "Brackets come first: 2 + 3 = 5."),
        ("12 - 8 - 3", "Subtract from left to right: 12 − 8 first."),
        ("12 - (8 - 3)", "Brackets come first: 8 − 3 = 5."),
    ]
    return [
        number_exercise(f"Work out {_maths(text)}.", text, hints=[hint]) for text, hint in questions
    ]


def land_at_42() -> Exercise:
    """Exercise 2: the seed's example, target 44 with 5, 6 and Q: land 2 away, at 42."""
    return expression_exercise(
        "The target is <b>44</b> and your Vector Set is <b>5, 6 and Q (12)</b>. Write an "
        "expression that uses each card once and lands <b>2 away, at 42</b>. Type "
        "<code>*</code> for ×, <code>/</code> for ÷ (or the signs themselves).",
        [5, 6, 12],
        42,
        "6 * 5 + 12",
        hints=["Which two cards multiply to something near 42?", "6 × 5 = 30. What is left?"],
    )


def division_questions() -> list[Exercise]:
    """Exercise 3: is each division allowed? The arithmetic rule itself answers."""
    found = []
    for text in ("36 / 9", "50 / 8", "(9 + 3) / 6", "13 / 0"):
        tree = parse(text)
        top, bottom = evaluate(tree.left), evaluate(tree.right)  # type: ignore[attr-defined]
        try:
            value = evaluate(tree)
        except ExpressionError as error:
            answer, why = "no", f"{error}."
        else:
            answer, why = "yes", f"{to_text(tree)} = {show_number(value)}, a whole number."
        if bottom == 0:
            mistake = f"every number times 0 makes 0, never {top}: dividing by 0 cannot be done."
        elif answer == "no":
            whole = top // bottom
            mistake = (
                f"{bottom} × {whole} = {bottom * whole}, and {top - bottom * whole} is left "
                f"over: {top} ÷ {bottom} is not a whole number."
            )
        else:
            mistake = (
                f"{bottom} × {top // bottom} = {top}: {top} ÷ {bottom} leaves nothing over, "
                "and a division is refused only when something is left over (or by 0)."
            )
        found.append(
            choice_exercise(
                f"Is {_maths(text)} allowed in Navigator? Answer yes or no.",
                answer,
                ["yes", "no"],
                mistakes={"yes" if answer == "no" else "no": mistake},
                hints=["Allowed only when the answer is a whole number, with nothing left over."],
                explanation=why[:1].upper() + why[1:],
            )
        )
    return found


def power_questions() -> list[Exercise]:
    """Exercise 4: powers, and which way a tower of powers is read."""
    questions = [
        ("2 ^ 3", "2 ^ 3 means 2 × 2 × 2."),
        ("3 ^ 2", "3 ^ 2 means 3 × 3."),
        ("2 ^ 3 ^ 2", "A tower is read from the top down: first 3 ^ 2 = 9, then 2 ^ 9."),
    ]
    return [
        number_exercise(f"Work out {_maths(text)}.", text, hints=[hint]) for text, hint in questions
    ]


def make_81() -> Exercise:
    """Exercise 5: make 81 from 3, 2 and 2 (a power is the only way)."""
    return expression_exercise(
        "Make <b>81</b> from the cards <b>3, 2 and 2</b>, each used once.",
        [3, 2, 2],
        81,
        "3 ^ (2 + 2)",
        hints=["81 = 3 × 3 × 3 × 3.", "How do you make 4 from 2 and 2?"],
    )


@dataclass(frozen=True)
class SizeRow:
    """One line of the table of powers: the expression, its value and how many digits."""

    text: str
    value: str
    digits: str


def sizes(
    texts: tuple[str, ...] = ("2 ^ 3", "3 ^ 2", "(2 ^ 3) ^ 2", "2 ^ 3 ^ 2", "13 ^ 13"),
) -> list[SizeRow]:
    """How big powers get: each expression's value and its number of digits.

    >>> [(row.value, row.digits) for row in sizes(("2 ^ 3", "13 ^ 13"))]
    [('8', '1 digit'), ('302875106592253', '15 digits')]
    """
    rows = []
    for text in texts:
        value = evaluate(parse(text))
        rows.append(
            SizeRow(to_text(parse(text)), show_number(value), counted(digit_count(value), "digit"))
        )
    return rows


def worked(text: str, target: int | None = None, *, one_line: bool = False) -> str:
    """The working of an expression, one step a line (``one_line``: the expression, then
    its steps on one line).

    >>> print(worked("(11 - 7) * 8", target=31))
    11 − 7 = 4
    4 × 8 = 32
    1 away from 31
    >>> print(worked("(2 + 15) / 5", one_line=True))
    (2 + 15) ÷ 5:  2 + 15 = 17, then 17 ÷ 5 is not a whole number
    """
    tree = parse(text)
    working = steps(tree, target=target).split("; ")
    if one_line:
        return f"{to_text(tree)}:  {', then '.join(working)}"
    return "\n".join(working)


def reach_svg(cards: tuple[int, ...] = (7, 8, 11), target: int = 31) -> str:
    """A picture (SVG) of every target from 0 to 143 that ``cards`` make exactly, each
    card used once, with ``target`` marked: a number line with one stroke per target.

    matplotlib is imported here, when the picture is drawn, never with ``cardmath``.

    >>> reach_svg().startswith("<?xml") or reach_svg().startswith("<svg")
    True
    """
    import io

    from matplotlib.figure import Figure

    from cardmath.solver import reachable

    made = sorted(value for value in reachable(list(cards)) if 0 <= value <= 143)
    figure = Figure(figsize=(10, 2.0))
    axes = figure.add_subplot()
    axes.vlines(made, 0, 1, colors="#1565c0", linewidth=2)
    hit = target in made
    axes.vlines([target], -0.25, 1.25, colors="#b3261e" if not hit else "#1b7a2f", linewidth=3)
    axes.annotate(
        f"target {target}: {'made exactly' if hit else 'not made exactly'}",
        (target, 1.3),
        ha="center",
        fontsize=12,
    )
    axes.set_xlim(-2, 145)
    axes.set_ylim(-0.4, 1.8)
    axes.set_yticks([])
    axes.set_xticks(range(0, 144, 10))
    axes.set_xlabel(f"targets from 0 to 143 made exactly with {', '.join(map(str, cards))}")
    for side in ("left", "right", "top"):
        axes.spines[side].set_visible(False)
    figure.tight_layout()
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()


def reach_count(cards: tuple[int, ...] = (7, 8, 11)) -> int:
    """How many of the targets 0 to 143 ``cards`` make exactly.

    >>> reach_count((7, 8, 11)), reach_count((1, 2, 3))
    (16, 13)
    """
    from cardmath.solver import reachable

    return sum(1 for value in reachable(list(cards)) if 0 <= value <= 143)
