"""A sequence worked out step by step, as in the rules' worked table.

>>> evaluate_sequence("[4] + 2 * 5").value
30
"""

from __future__ import annotations

from dataclasses import dataclass

from cardmath.expr import show_number
from cardmath.games.sequences.arithmetic import _check_division
from cardmath.games.sequences.reading import (
    CardSequence,
    _advance,
    _expression_text,
    _fold,
    _grammar_error,
    _Reading,
    _sequence_items,
)

__all__ = ["Evaluation", "EvaluationStep", "evaluate_sequence"]


@dataclass(frozen=True)
class EvaluationStep:
    """One line of the rules' worked table: the cards just added, what is left of the
    sequence after them (``expression``, ASCII as in the rules), its value, and why.
    ``position`` is where the step's last card lies in the sequence (0: the starter), so
    a screen can show each running value under its card.

    >>> [step.position for step in evaluate_sequence("[4] + 2 cancel * 5 =").steps]
    [0, 2, 3, 5, 6]
    """

    cards: str
    expression: str
    value: int
    note: str
    position: int = 0

    def __str__(self) -> str:
        return f"{self.expression:<16} ({show_number(self.value)}, {self.note})"


@dataclass(frozen=True)
class Evaluation:
    """The value of a sequence and the steps that lead to it."""

    value: int
    steps: tuple[EvaluationStep, ...]
    sealed: bool

    def table(self) -> str:
        """The steps as the rules print them, one per line."""
        return "\n".join(str(step) for step in self.steps)

    @property
    def running_values(self) -> tuple[int, ...]:
        """The value after each step, as in the rules' worked example (a Reveal steps
        through these, a plot draws them).

        >>> evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =").running_values
        (4, 6, 4, 20, 0, 0, 10, 10)
        """
        return tuple(step.value for step in self.steps)


def evaluate_sequence(
    sequence: str | CardSequence, division: str = "truncate", *, any_numbers: bool = False
) -> Evaluation:
    """Evaluate a sequence step by step, strictly left to right after its modifiers.

    One step per move, as in the rules' worked table: the starter, each operator with its
    number, each modifier, the terminator. (An operator still waiting for its number, at
    the end of an open sequence, is shown as a step that changes nothing: it does not
    count.) Every card is checked against the rules; an impossible sequence raises
    :class:`IllegalMove` naming the rule. The text must name cards of the game's two
    decks (``[5]`` and ``7`` are on no card); ``any_numbers=True`` reads any numbers of
    up to four digits, as the rules' own examples do (``[1] + 2 - 3 swap``).

    >>> print(evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =").table())
    4                (4, start card)
    4 + 2            (6, operator + number)
    4                (4, cancel the +)
    4 * 5            (20, apply *)
    4 / 5            (0, invert: * becomes /)
    4 / 5 * 2        (0, apply *)
    4 * 5 / 2        (10, swap the / and the *)
    10               (10, seal the sequence)
    >>> evaluate_sequence("[-2] / 4").value, evaluate_sequence("[-2] / 4", "floor").value
    (0, -1)
    >>> evaluate_sequence("[4] cancel")
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: cancel needs an operator and its number to remove, and this sequence has none
    >>> evaluate_sequence("[4] + 7")
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: 7 is not a Sequences card: the number cards are 2, 3, 4, 5, 6, 8, 10
    >>> evaluate_sequence("[1] + 2 - 3 swap", any_numbers=True).value
    2
    """
    _check_division(division)
    items = _sequence_items(sequence, any_numbers)
    first = items[0]
    reading = _Reading(first.number, (), "", False, "starter")
    steps = [EvaluationStep(first.text, str(first.number), first.number, "start card")]
    index = 1
    while index < len(items):
        item = items[index]
        error = _grammar_error(reading, item)
        if error is not None:
            raise error
        before = reading
        reading = _advance(reading, item)
        if item.kind == "operator":
            following = items[index + 1] if index + 1 < len(items) else None
            if following is None:
                value = _fold(reading.start, reading.pairs, division)
                text = _expression_text(reading.start, reading.pairs) + f" {item.word}"
                steps.append(
                    EvaluationStep(item.text, text, value, "operator waiting for a number", index)
                )
            index += 1
            continue
        value = _fold(reading.start, reading.pairs, division)
        expression = _expression_text(reading.start, reading.pairs)
        cards = item.text
        if item.kind == "number":
            cards = f"{items[index - 1].text} {item.text}"
            first_number = not any(earlier.kind == "number" for earlier in items[:index])
            note = "operator + number" if first_number else f"apply {reading.pairs[-1][0]}"
        elif item.kind == "terminator":
            expression, note = show_number(value), "seal the sequence"
        elif item.word == "cancel":
            note = f"cancel the {before.pairs[-1][0]}"
        elif item.word == "invert":
            old, new = before.pairs[-1][0], reading.pairs[-1][0]
            note = f"invert: {old} becomes {new}"
        else:
            note = f"swap the {before.pairs[-2][0]} and the {before.pairs[-1][0]}"
        steps.append(EvaluationStep(cards, expression, value, note, index))
        index += 1
    final = _fold(reading.start, reading.pairs, division)
    return Evaluation(final, tuple(steps), reading.sealed)
