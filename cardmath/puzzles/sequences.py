"""The Sequences puzzle: work out a dealt sequence strictly left to right.

A seeded deal from one colour's deck gives a sequence as it could lie on the table: a
starter, operators with their numbers, and (at harder levels) the modifiers cancel,
invert and swap. The student types its value. The value, the steps and the reading
with the usual order of operations all come from the engine
(:func:`cardmath.games.sequences.evaluate_sequence`), under the game's division rule.

>>> puzzle = SequencesPuzzle.deal(4, "easy")
>>> puzzle.text, puzzle.value
('[2] + 6 + 4 * 2', 24)
>>> puzzle.check("24").solved, puzzle.check("24").message
(True, 'Right: [2] + 6 + 4 * 2 is 24, worked left to right.')
>>> print(SequencesPuzzle("[4] + 2 * 5").check("14").message)
Not 14: that is the usual order of operations (× before +). A sequence is worked strictly left to right, so do the + first.
>>> SequencesPuzzle("[4] + 2 * 5").hint(3)
'Start with 4 + 2 = 6, then keep going left to right.'
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import TypedDict

from cardmath.cards import SEQUENCES_CONTENTS, SequencesCard
from cardmath.errors import CardMathError, IllegalMove, quoted
from cardmath.expr import show_number
from cardmath.game import chance
from cardmath.games.sequences import (
    DIVISIONS,
    SHOWN,
    Evaluation,
    ExpressionNode,
    apply_operator,
    conventional_value,
    evaluate_sequence,
    parse_sequence,
    to_expression,
)
from cardmath.solver import DIFFICULTY_LABELS

__all__ = ["LEVELS", "SequencesPuzzle", "SequencesVerdict", "read_whole_number"]


class Level(TypedDict):
    pairs: tuple[int, int]
    ops: str
    modifiers: int
    starters: tuple[int, ...]


LEVELS: dict[str, Level] = {
    "easy": {"pairs": (2, 3), "ops": "+-*", "modifiers": 0, "starters": (2, 4)},
    "medium": {"pairs": (3, 4), "ops": "+-*/", "modifiers": 1, "starters": (0, 2, 4)},
    "hard": {"pairs": (4, 5), "ops": "+-*/?", "modifiers": 2, "starters": (-2, 0, 2, 4)},
}
"""How each level deals: operator-and-number pairs, operators used, modifiers at most,
starters (``?`` is the wild operator card, played as one of + − × ÷)."""

_DECK: Counter[tuple[str, str]] = Counter(
    {(kind, face): copies for kind, face, copies in SEQUENCES_CONTENTS}
)
_MODIFIER_WORDS = {
    "cancel": "cancel takes away the operator and number just before it",
    "invert": "invert turns the operator before it into its opposite (+ and −, × and ÷)",
    "swap": "swap swaps the last two operators",
}


def read_whole_number(text: object, *, digits: int = 12) -> int | None:
    """A whole number typed by a student (``−`` or ``-``, spaces and commas allowed),
    else ``None``.

    >>> read_whole_number(" −1,024 "), read_whole_number("3.5"), read_whole_number("9" * 40)
    (-1024, None, None)
    """
    if not isinstance(text, str) or len(text) > 40:
        return None
    cleaned = text.strip().replace("−", "-").replace(",", "").replace(" ", "")
    body = cleaned.removeprefix("-")
    if not body.isdigit() or len(body) > digits:
        return None
    return int(cleaned)


@dataclass(frozen=True)
class SequencesVerdict:
    """What the check of a typed value says: ``solved`` when it is the value; ``ok``
    when it is a whole number at all; ``distance`` how far it is from the value."""

    ok: bool
    solved: bool
    message: str
    distance: int | None = None


@dataclass(frozen=True)
class SequencesPuzzle:
    """One sequence to evaluate (its text as the rules write it) under ``division``.

    >>> SequencesPuzzle("[4] + 2 cancel * 5 invert * 2 swap =").value
    10
    >>> SequencesPuzzle("[4] + 7")
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: 7 is not a Sequences card: the number cards are 2, 3, 4, 5, 6, 8, 10
    """

    text: str
    division: str = "truncate"

    def __post_init__(self) -> None:
        if self.division not in DIVISIONS:
            raise CardMathError(
                f"division is one of {', '.join(DIVISIONS)}, not {quoted(self.division)}"
            )
        parse_sequence(self.text, "red")  # real cards of one deck, in an order the rules allow

    # --- dealing ------------------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int, level: str = "medium") -> SequencesPuzzle:
        """The sequence of ``seed`` at ``level`` (``easy``, ``medium``, ``hard``): cards of
        the red deck, each at most as often as the deck holds it.

        >>> SequencesPuzzle.deal(5, "hard").text
        '[-2] * 3 / 5 invert + 4 cancel / 2 - 4'
        """
        if level not in LEVELS:
            raise CardMathError(f"the levels are {', '.join(LEVELS)}, not {quoted(level)}")
        rng = chance(seed, "sequences puzzle", level)
        for _ in range(200):
            text = _deal_text(rng, level)
            try:
                return cls(text)
            except IllegalMove:  # beyond the deck's copies: deal again
                continue
        raise CardMathError(
            f"no sequence could be dealt for seed {quoted(seed)}"
        )  # pragma: no cover

    # --- the rules' verdicts ------------------------------------------------------------

    @cached_property
    def evaluation(self) -> Evaluation:
        """The engine's steps and value."""
        return evaluate_sequence(self.text, self.division)

    @property
    def value(self) -> int:
        """The sequence's value, strictly left to right after its modifiers."""
        return self.evaluation.value

    @cached_property
    def usual_value(self) -> int:
        """What the same expression gives with × and ÷ before + and −."""
        return conventional_value(self.text, self.division)

    @cached_property
    def _plain(self) -> tuple[int, tuple[tuple[str, int], ...]]:
        """The starter and the (operator, number) pairs once the modifiers are applied."""
        tree = to_expression(self.text)
        pairs: list[tuple[str, int]] = []
        while isinstance(tree, ExpressionNode):
            right = tree.right
            assert not isinstance(right, ExpressionNode)  # left to right: right is a number
            pairs.append((tree.op, right.value))
            tree = tree.left
        return tree.value, tuple(reversed(pairs))

    @property
    def modifiers(self) -> tuple[str, ...]:
        """The modifier cards of the sequence, in order."""
        return tuple(word for word in self.text.split() if word in _MODIFIER_WORDS)

    @property
    def prompt(self) -> str:
        """The question, in words for a student."""
        sentences = [
            f"What is the value of the sequence {self.text}? Work strictly left to right, "
            "one card after another (no × before +)."
        ]
        if self.modifiers:
            used = [_MODIFIER_WORDS[word] for word in dict.fromkeys(self.modifiers)]
            sentences.append("Apply the modifiers first: " + "; ".join(used) + ".")
        if "/" in self.text:
            sentences.append(
                "÷ rounds toward zero: 7 ÷ 2 = 3, −7 ÷ 2 = −3."
                if self.division == "truncate"
                else "÷ rounds down: 7 ÷ 2 = 3, −7 ÷ 2 = −4."
            )
        if "?" in self.text:
            sentences.append("A ?× card counts as the operator written after the ?.")
        return " ".join(sentences)

    @property
    def reading(self) -> str:
        """The sequence after its modifiers, left to right, as a student writes it:
        ``4 × 5 ÷ 2``."""
        start, pairs = self._plain
        parts = [show_number(start)]
        for op, number in pairs:
            parts += [SHOWN[op], show_number(number)]
        return " ".join(parts).replace("-", "−")

    def check(self, text: object) -> SequencesVerdict:
        """Judge a typed value; never raises.

        >>> puzzle = SequencesPuzzle("[4] + 2 cancel * 5")
        >>> puzzle.check("30").message
        'Not 30: apply the modifiers first (cancel takes away the operator and number just before it), then work left to right.'
        >>> puzzle.check("twenty").message
        "Type a whole number, such as 12 or −3 (not 'twenty')."
        """
        given = read_whole_number(text)
        if given is None:
            shown = quoted(text.strip()) if isinstance(text, str) else quoted(text)
            return SequencesVerdict(
                False, False, f"Type a whole number, such as 12 or −3 (not {shown})."
            )
        distance = abs(given - self.value)
        if given == self.value:
            return SequencesVerdict(
                True,
                True,
                f"Right: {self.text} is {show_number(self.value)}, worked left to right.",
                0,
            )
        shown = show_number(given).replace("-", "−")
        if given == self.usual_value and self.usual_value != self.value:
            return SequencesVerdict(
                True,
                False,
                f"Not {shown}: that is the usual order of operations (× before +). A sequence "
                f"is worked strictly left to right, so do the {SHOWN[self._plain[1][0][0]]} first.",
                distance,
            )
        if self.modifiers and given == self._ignoring_modifiers():
            used = [_MODIFIER_WORDS[word] for word in dict.fromkeys(self.modifiers)]
            return SequencesVerdict(
                True,
                False,
                f"Not {shown}: apply the modifiers first ({'; '.join(used)}), then work left to right.",
                distance,
            )
        return SequencesVerdict(
            True,
            False,
            f"Not {shown}. Go one card at a time, left to right, and try again.",
            distance,
        )

    def _ignoring_modifiers(self) -> int | None:
        """The value a student gets by skipping the modifier cards (``None``: no value)."""
        kept = " ".join(word for word in self.text.split() if word not in _MODIFIER_WORDS)
        try:
            return evaluate_sequence(kept, self.division).value
        except CardMathError:
            return None

    def hint(self, level: int) -> str:
        """A graded hint: 1 how to read a sequence, 2 the sequence after its modifiers,
        3 the first step, 4 every step.

        >>> puzzle = SequencesPuzzle("[4] + 2 cancel * 5")
        >>> puzzle.hint(2)
        'After the modifiers the sequence reads 4 × 5, to be worked left to right.'
        >>> print(puzzle.hint(4))
        4 = 4 (start card); 4 + 2 = 6 (operator + number); 4 = 4 (cancel the +); 4 * 5 = 20 (apply *). The value is 20.
        """
        if isinstance(level, bool) or level not in (1, 2, 3, 4):
            raise CardMathError("hint levels are 1, 2, 3 and 4")
        if level == 1:
            if self.modifiers:
                used = [_MODIFIER_WORDS[word] for word in dict.fromkeys(self.modifiers)]
                return "First apply the modifiers: " + "; ".join(used) + "."
            return "Work strictly left to right: do each operation as you meet it, even + before ×."
        if level == 2:
            return f"After the modifiers the sequence reads {self.reading}, to be worked left to right."
        if level == 3:
            start, pairs = self._plain
            if not pairs:
                return f"Nothing is left after the modifiers but the starter {start}."
            op, number = pairs[0]
            value = apply_operator(op, start, number, self.division)
            step = f"{show_number(start)} {SHOWN[op]} {number} = {show_number(value)}"
            return f"Start with {step.replace('-', '−')}, then keep going left to right."
        return "; ".join(self.steps) + f". The value is {show_number(self.value)}."

    @property
    def steps(self) -> tuple[str, ...]:
        """The engine's steps: what is left of the sequence after each card, and its value."""
        return tuple(
            f"{step.expression} = {show_number(step.value)} ({step.note})"
            if step.note != "seal the sequence"
            else f"= seals the sequence at {show_number(step.value)}"
            for step in self.evaluation.steps
        )

    @property
    def latex(self) -> str:
        """The sequence after its modifiers as LaTeX, with the brackets that make the usual
        order of operations read it left to right, and its value."""
        return f"{to_expression(self.text).latex()} = {show_number(self.value)}"

    @property
    def caption(self) -> str:
        """One line under the explanation: left to right against the usual order."""
        if self.usual_value == self.value:
            return f"= {show_number(self.value)}; here the usual order gives the same."
        return (
            f"= {show_number(self.value)} left to right; the usual order of operations would "
            f"give {show_number(self.usual_value)}."
        )

    def cards(self) -> tuple[SequencesCard, ...]:
        """The sequence's cards (red), in order, for drawing."""
        return parse_sequence(self.text, "red").cards

    @cached_property
    def rating(self) -> tuple[int, str]:
        """Difficulty 1..5 and its label (the solver's labels): points for operations,
        modifiers, a division that rounds, a negative step, and a left-to-right value that
        differs from the usual order.

        >>> SequencesPuzzle("[4] + 2 * 5").rating, SequencesPuzzle.deal(5, "hard").rating
        ((1, 'gentle'), (3, 'tricky'))
        """
        start, pairs = self._plain
        points = max(0, len(pairs) - 2)
        points += sum(2 if word == "swap" else 1 for word in self.modifiers)
        value, rounds, negative = start, False, start < 0
        for op, number in pairs:
            if op == "/" and value % number:
                rounds = True
            value = apply_operator(op, value, number, self.division)
            negative = negative or value < 0
        points += 2 * rounds + negative + (self.usual_value != self.value)
        score = min(5, 1 + points // 2)
        return score, DIFFICULTY_LABELS[score - 1]


def _deal_text(rng: random.Random, level: str) -> str:
    """One sequence text dealt by ``rng`` at ``level`` (may need more copies of a card
    than the deck holds: the caller deals again)."""
    plan = LEVELS[level]
    low, high = plan["pairs"]
    pair_count = rng.randint(low, high)
    ops = list(plan["ops"])
    numbers = [face for (kind, face) in _DECK if kind == "number"]
    modifiers_left = int(plan["modifiers"])
    words = [f"[{rng.choice(plan['starters'])}]"]
    pairs = 0
    for index in range(pair_count):
        op = rng.choice(ops)
        if op == "?":
            op = "?" + rng.choice("+-*/")
        words += [op, rng.choice(numbers)]
        pairs += 1
        last = index == pair_count - 1
        if modifiers_left and (last or rng.random() < 0.4):
            choices = ["cancel", "invert"] + (["swap"] if pairs >= 2 and level == "hard" else [])
            word = rng.choice(choices)
            words.append(word)
            modifiers_left -= 1
            if word == "cancel":
                pairs -= 1
    if pairs == 0 or (level != "easy" and rng.random() < 0.25):
        words += [rng.choice(ops).replace("?", "+"), rng.choice(numbers)]
    return " ".join(words)
