"""The Sum 15 puzzle: spot the set a card makes.

A seeded deal gives a middle as it could lie on the table (a starter, then cards that
took nothing) and a card about to be played onto it. The student says what that card
takes: the whole middle (its total is a multiple of 15), the last two (they make 14, or
are a pair), the last three (a run), or nothing. The verdict is the engine's
:func:`cardmath.games.sum15.claims`, so the middle's total is checked first, as in a game.

>>> puzzle = Sum15Puzzle.deal(3, "medium")
>>> " ".join(map(str, puzzle.middle)), str(puzzle.card)
('4D 5S AD', '5D')
>>> puzzle.answers
('fifteen',)
>>> puzzle.check("pair").message
'Not a pair: A and 5 are not the same rank. Add up the middle first: 4 + 5 + 1 + 5 = 15.'
>>> puzzle.check("fifteen").message
'Right: 5♦ takes the whole middle: total 15 is a multiple of 15.'
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from cardmath.cards import SUIT_SYMBOLS, Card
from cardmath.errors import CardMathError, quoted
from cardmath.game import chance, shuffled
from cardmath.games.sum15 import DECK, FIFTEEN, FOURTEEN, PAIR, RUN, Claim, card_value, claims
from cardmath.solver import DIFFICULTY_LABELS

__all__ = ["ANSWERS", "LEVELS", "Sum15Puzzle", "Sum15Verdict"]

ANSWERS: dict[str, str] = {
    "fifteen": "The whole middle: a multiple of 15",
    "14": "The last two: they make 14",
    "pair": "The last two: a pair",
    "run": "The last three: a run",
    "nothing": "Nothing",
}
"""What a student may answer (the key), and how the choice is shown."""

_SPELLINGS = {
    "15": "fifteen", "fifteen": "fifteen", "multiple of 15": "fifteen", "whole middle": "fifteen",
    "14": "14", "fourteen": "14", "makes 14": "14",
    "pair": "pair", "a pair": "pair", "run": "run", "a run": "run",
    "nothing": "nothing", "none": "nothing", "no set": "nothing",
}  # fmt: skip
_RULE_ANSWER = {FIFTEEN: "fifteen", FOURTEEN: "14", PAIR: "pair", RUN: "run"}

LEVELS: dict[str, dict[str, object]] = {
    "easy": {"middle": (1, 2), "answers": ("14", "pair", "nothing", "fifteen")},
    "medium": {"middle": (2, 4), "answers": ("14", "pair", "run", "fifteen", "nothing")},
    "hard": {"middle": (3, 6), "answers": ("run", "fifteen", "nothing", "fifteen-and-more")},
}
"""How each level deals: cards in the middle before the play, and the answers dealt for
(``fifteen-and-more``: the total is a multiple of 15 and another set hides in it)."""


@dataclass(frozen=True)
class Sum15Verdict:
    """The check of an answer: ``solved`` when it names what the card takes; ``ok``
    when it is one of the answers at all."""

    ok: bool
    solved: bool
    message: str
    distance: int | None = None


def _name(card: Card) -> str:
    return f"{card.rank}{SUIT_SYMBOLS[card.suit]}"


@dataclass(frozen=True)
class Sum15Puzzle:
    """A middle (oldest card first, the starter first) and the card played onto it.

    >>> Sum15Puzzle((Card.parse("QH"), Card.parse("JD")), Card.parse("10S")).answers
    ('run',)
    """

    middle: tuple[Card, ...]
    card: Card

    def __post_init__(self) -> None:
        _ = self.claim  # the engine refuses what is not cards of the game

    @classmethod
    def deal(cls, seed: int, level: str = "medium") -> Sum15Puzzle:
        """The puzzle of ``seed`` at ``level`` (``easy``, ``medium``, ``hard``): a middle
        that could lie on a table (no card in it took anything) and the card to play.

        >>> puzzle = Sum15Puzzle.deal(7, "hard")
        >>> len(puzzle.middle) >= 3
        True
        """
        if level not in LEVELS:
            raise CardMathError(f"the levels are {', '.join(LEVELS)}, not {quoted(level)}")
        plan = LEVELS[level]
        rng = chance(seed, "sum15 puzzle", level)
        answers: tuple[str, ...] = plan["answers"]  # type: ignore[assignment]
        wanted = rng.choice(answers)
        fallback: Sum15Puzzle | None = None
        for _ in range(400):
            puzzle = _deal_one(rng, plan["middle"])  # type: ignore[arg-type]
            if puzzle is None:
                continue
            fallback = fallback or puzzle
            if puzzle.kind == wanted:
                return puzzle
        assert fallback is not None
        return fallback

    @cached_property
    def claim(self) -> Claim:
        """The engine's verdict: what the card takes, and why."""
        return claims(self.middle, self.card)

    @property
    def answers(self) -> tuple[str, ...]:
        """Every answer that names what the card takes (14 and pair may both hold)."""
        claim = self.claim
        if claim.takes_whole_middle:
            return ("fifteen",)
        if not claim.cards:
            return ("nothing",)
        return tuple(_RULE_ANSWER[rule] for rule in claim.rules)

    @property
    def kind(self) -> str:
        """The answer, or ``fifteen-and-more`` when another set hides in a multiple of 15."""
        if self.claim.takes_whole_middle and len(self.claim.rules) > 1:
            return "fifteen-and-more"
        return self.answers[0]

    @property
    def total(self) -> int:
        """The middle's total once the card is played."""
        return self.claim.total

    @property
    def prompt(self) -> str:
        """The question, in words for a student."""
        middle = ", ".join(_name(card) for card in self.middle)
        return (
            f"The middle holds {middle} (oldest first). You play {_name(self.card)}. What do "
            "you take? The total of the whole middle is checked first."
        )

    def check(self, text: object) -> Sum15Verdict:
        """Judge an answer (a key of :data:`ANSWERS`, or the words of a set); never raises.

        >>> puzzle = Sum15Puzzle((Card.parse("5C"), Card.parse("6H")), Card.parse("8D"))
        >>> puzzle.check("14").solved, puzzle.check("run").message
        (True, 'Not a run: 5, 6, 8 do not go up or down by one. Look at the last two cards: 6 + 8 = 14.')
        >>> puzzle.check("maybe").message
        "Answer one of: fifteen, 14, pair, run, nothing (not 'maybe')."
        """
        answer = _SPELLINGS.get(text.strip().lower()) if isinstance(text, str) else None
        if answer is None:
            shown = quoted(text.strip() if isinstance(text, str) else text)
            return Sum15Verdict(False, False, f"Answer one of: {', '.join(ANSWERS)} (not {shown}).")
        claim = self.claim
        if answer in self.answers:
            if answer == "nothing":
                message = f"Right: {_name(self.card)} takes nothing (total {claim.total}, no 14, pair or run)."
            else:
                reason = claim.reasons[claim.rules.index(_rule_of(answer))]
                what = (
                    "the whole middle" if claim.takes_whole_middle else f"{len(claim.cards)} cards"
                )
                message = f"Right: {_name(self.card)} takes {what}: {reason}."
            return Sum15Verdict(True, True, message)
        return Sum15Verdict(True, False, f"{self._why_not(answer)} {self._nudge()}")

    def _why_not(self, answer: str) -> str:
        after = (*self.middle, self.card)
        values = [card_value(card) for card in after]
        if answer == "fifteen":
            return f"Not a multiple of 15: the total is {self.total}."
        if answer == "nothing":
            return "It does take something."
        if answer == "14" or answer == "pair":
            if len(after) < 2:
                return "There is only one card."
            if _rule_of(answer) in self.claim.rules:
                return f"Yes, the last two are a {'14' if answer == '14' else 'pair'}, but the total comes first."
            if answer == "14":
                return f"The last two do not make 14: {values[-2]} + {values[-1]} = {values[-2] + values[-1]}."
            return f"Not a pair: {after[-2].rank} and {after[-1].rank} are not the same rank."
        if len(after) < 3:
            return "A run needs three cards."
        if RUN in self.claim.rules:
            return "Yes, the last three are a run, but the total comes first."
        ranks = ", ".join(card.rank for card in after[-3:])
        return f"Not a run: {ranks} do not go up or down by one."

    def _nudge(self) -> str:
        claim = self.claim
        if claim.takes_whole_middle or not claim.cards:
            sums = " + ".join(str(card_value(card)) for card in (*self.middle, self.card))
            return f"Add up the middle first: {sums} = {claim.total}."
        if RUN in claim.rules:
            return "Look at the last three cards."
        last = self.middle[-1]
        if FOURTEEN in claim.rules:
            return f"Look at the last two cards: {card_value(last)} + {card_value(self.card)} = 14."
        return "Look at the last two cards."

    def hint(self, level: int) -> str:
        """A graded hint: 1 what to check first, 2 the total, 3 where the set is, 4 the
        answer with its reason.

        >>> puzzle = Sum15Puzzle((Card.parse("5C"), Card.parse("6H")), Card.parse("8D"))
        >>> [puzzle.hint(level) for level in (2, 4)]
        ['After 8♦ the middle adds up to 5 + 6 + 8 = 19: not a multiple of 15.', 'It takes 6H 8D: 6 + 8 = 14.']
        """
        if isinstance(level, bool) or level not in (1, 2, 3, 4):
            raise CardMathError("hint levels are 1, 2, 3 and 4")
        claim = self.claim
        if level == 1:
            return "First add up the whole middle with your card: is it 15, 30, 45 …?"
        if level == 2:
            sums = " + ".join(str(card_value(card)) for card in (*self.middle, self.card))
            verdict = "a multiple of 15!" if claim.total % 15 == 0 else "not a multiple of 15."
            return (
                f"After {_name(self.card)} the middle adds up to {sums} = {claim.total}: {verdict}"
            )
        if level == 3:
            if claim.takes_whole_middle:
                return "The total decides: the whole middle is taken."
            if not claim.cards:
                return "Check the last two cards (14? a pair?) and the last three (a run?): none of them works."
            return f"Look at the last {len(claim.cards)} cards."
        if not claim.cards:
            return f"It takes nothing: total {claim.total}, and no 14, pair or run."
        return f"It {claim}."

    @property
    def steps(self) -> tuple[str, ...]:
        """The engine's reasons, one a line (or why nothing is taken)."""
        claim = self.claim
        if not claim.reasons:
            return (f"total {claim.total} is not a multiple of 15", "no 14, pair or run at the end")
        return claim.reasons

    @property
    def latex(self) -> str:
        """The middle's sum as LaTeX."""
        sums = " + ".join(str(card_value(card)) for card in (*self.middle, self.card))
        return f"{sums} = {self.total}"

    @property
    def caption(self) -> str:
        claim = self.claim
        if not claim.cards:
            return f"{_name(self.card)} takes nothing."
        what = (
            "the whole middle" if claim.takes_whole_middle else f"the last {len(claim.cards)} cards"
        )
        return f"{_name(self.card)} takes {what}."

    @cached_property
    def rating(self) -> tuple[int, str]:
        """Difficulty 1..5 and its label: points for a long middle, a big total, a run, a
        set hidden inside a multiple of 15, and a near miss (nothing to take).

        >>> Sum15Puzzle((Card.parse("KS"),), Card.parse("KD")).rating
        (1, 'gentle')
        """
        claim = self.claim
        points = max(0, len(self.middle) - 2)
        points += claim.total >= 30
        points += RUN in claim.rules
        points += 2 * (claim.takes_whole_middle and len(claim.rules) > 1)
        points += not claim.cards
        score = min(5, 1 + points // 2)
        return score, DIFFICULTY_LABELS[score - 1]


def _rule_of(answer: str) -> str:
    return {value: key for key, value in _RULE_ANSWER.items()}[answer]


def _deal_one(rng: random.Random, sizes: tuple[int, int]) -> Sum15Puzzle | None:
    """A middle of ``sizes`` cards that took nothing, and the next card (``None``: the
    deal ran into a set before the middle was long enough)."""
    deck = shuffled(DECK, rng)
    size = rng.randint(*sizes)
    middle = [deck[0]]
    index = 1
    while len(middle) < size and index < len(deck):
        card = deck[index]
        index += 1
        if not claims(middle, card):  # a card that took something would have emptied it
            middle.append(card)
    if len(middle) < size or index >= len(deck):
        return None
    return Sum15Puzzle(tuple(middle), deck[index])
