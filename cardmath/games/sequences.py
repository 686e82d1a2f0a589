"""Sequences: Wouter's two-player operator game (seed 001), exactly by the rules.

Each player owns a 35-card deck (red for player 1, blue for player 2). Starter cards open
*sequences* on the table; anyone may then extend any open sequence with operators,
numbers and modifiers, and a terminator (``=``) seals it. At the end every sequence is
evaluated **strictly left to right** after its modifiers, and scores for the owner of its
starter. So ``[4] + 2 * 5`` is 30 here, not 14, and ``/`` is integer division.

The lesson helpers work on a sequence's text form, exactly as the rules write it:

>>> result = evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =")
>>> result.value, [step.value for step in result.steps]
(10, [4, 6, 4, 20, 0, 0, 10, 10])
>>> print(to_expression("[4] + 2 * 5"))
(4 + 2) × 5
>>> evaluate_sequence("[4] + 2 * 5").value, conventional_value("[4] + 2 * 5")
(30, 14)

A whole turn is one action, with a text form a student can type:

>>> game = SequencesGame()
>>> state = game.new_state(seed=0)
>>> [str(card) for card in state.hands[0]]
['red [4]', 'red 4', 'red 10', 'red +', 'red /', 'red =']
>>> str(state.legal_actions()[0])
'play red [4]; bury red 4'
>>> later = state.apply(state.parse_action("play red [4]; bury red 10"))
>>> [str(sequence) for sequence in later.sequences], len(later.hands[0])
(['[4]'], 6)
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from collections.abc import Sequence as SequenceOf
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from cardmath import codec
from cardmath.cards import SEQUENCES_CONTENTS, SequencesCard, sequences_deck
from cardmath.errors import CardError, IllegalMove, OptionError, checked_text, quoted
from cardmath.expr import MAX_DIGITS, fits, show_number
from cardmath.game import (
    TERMINAL,
    Game,
    Observation,
    Options,
    Outcome,
    State,
    chance,
    option,
    player_names,
    shuffled,
    winners_by_score,
)

__all__ = [
    "COLOURS",
    "DIVISIONS",
    "HAND_SIZE",
    "MAX_SEQUENCES",
    "CardSequence",
    "Evaluation",
    "EvaluationStep",
    "ExpressionLeaf",
    "ExpressionNode",
    "Play",
    "PlayedCard",
    "SequencesGame",
    "SequencesObservation",
    "SequencesOptions",
    "SequencesState",
    "Turn",
    "TurnPlan",
    "apply_operator",
    "check_play",
    "conventional_expression",
    "conventional_value",
    "evaluate_sequence",
    "parse_sequence",
    "plan_turn",
    "single_plays",
    "to_expression",
]

COLOURS: tuple[str, str] = ("red", "blue")
"""Player 1 plays the red deck, player 2 the blue deck."""

HAND_SIZE = 6
MAX_SEQUENCES = 8
"""One sequence per starter card: four red, four blue."""

MUST_REDRAW = (
    "you have no card on the table and cannot play, so you must put your whole "
    "hand under your pile and draw six new cards"
)
"""Why a player whose only move is the whole-hand redraw may do nothing else."""

DIVISIONS: tuple[str, ...] = ("truncate", "floor")
"""How ``/`` rounds a quotient that is not whole: toward zero (default) or down."""

CHOSEN_OPERATORS: tuple[str, ...] = ("+", "-", "*", "/")
"""What a ``?`` card may be played as."""

INVERSE: dict[str, str] = {"+": "-", "-": "+", "*": "/", "/": "*"}
"""What ``invert`` turns each operator into."""

SHOWN: dict[str, str] = {"+": "+", "-": "−", "*": "×", "/": "÷"}
"""Operators as a student sees them in an expression."""

DECKS: dict[str, tuple[SequencesCard, ...]] = {colour: sequences_deck(colour) for colour in COLOURS}
"""Each player's 35 cards, exactly as the rules list them."""

FULL_DECK: tuple[SequencesCard, ...] = DECKS["red"] + DECKS["blue"]

_KIND_ORDER = {"starter": 0, "number": 1, "operator": 2, "terminator": 3, "modifier": 4}
_FACE_ORDER = {"+": 0, "-": 1, "*": 2, "/": 3, "?": 4, "=": 0, "cancel": 0, "invert": 1, "swap": 2}


def _card_key(card: SequencesCard) -> tuple[int, int, int]:
    """Sort key: colour, then starters, numbers, operators, terminators, modifiers."""
    kind = _KIND_ORDER[card.kind]
    face = int(card.face) if kind <= 1 else _FACE_ORDER[card.face]
    return (COLOURS.index(card.colour), kind, face)


_CARD_KEYS: dict[SequencesCard, tuple[int, int, int]] = {
    card: _card_key(card) for card in FULL_DECK
}


# --- arithmetic ----------------------------------------------------------------------


_GUARD_BITS = (10**MAX_DIGITS).bit_length()
_OUT_OF_RANGE = f"the result would have more than {MAX_DIGITS:,} digits"


def _check_division(division: Any) -> str:
    if not isinstance(division, str) or division not in DIVISIONS:
        raise OptionError(
            f"Division is 'truncate' (toward zero) or 'floor' (down), not {quoted(division)}"
        )
    return division


def apply_operator(op: str, left: int, right: int, division: str = "truncate") -> int:
    """``left op right`` with the game's integer division.

    ``division="truncate"`` rounds toward zero, ``"floor"`` rounds down; they differ only
    for negative quotients. A result of more than 10,000 digits is refused as out of
    range (the project's size guard), before it is computed.

    >>> apply_operator("/", 1, 2), apply_operator("/", -2, 4), apply_operator("/", -7, 2)
    (0, 0, -3)
    >>> apply_operator("/", -2, 4, "floor"), apply_operator("/", -7, 2, "floor")
    (-1, -4)
    >>> apply_operator("*", 10**9999, 10)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: out of range: the result would have more than 10,000 digits
    """
    if type(left) is not int or type(right) is not int:
        raise IllegalMove(
            f"a sequence works with whole numbers, not {quoted(left)} and {quoted(right)}",
            rule="whole numbers",
        )
    if op == "+":
        result = left + right
    elif op == "-":
        result = left - right
    elif op == "*":
        if left.bit_length() + right.bit_length() > _GUARD_BITS + 1:
            raise IllegalMove(f"out of range: {_OUT_OF_RANGE}", rule="out of range")
        result = left * right
    elif op == "/":
        if right == 0:
            raise IllegalMove("cannot divide by 0", rule="no division by 0")
        if _check_division(division) == "floor":
            return left // right
        quotient = abs(left) // abs(right)
        return quotient if (left >= 0) == (right > 0) else -quotient
    else:
        raise IllegalMove(f"{quoted(op)} is not an operator of this game", rule="operators")
    if not fits(result):
        raise IllegalMove(f"out of range: {_OUT_OF_RANGE}", rule="out of range")
    return result


# --- cards on the table --------------------------------------------------------------


@codec.serializable("sequences.PlayedCard")
@dataclass(frozen=True)
class PlayedCard:
    """A card lying in a sequence; ``operator`` is what an operator card stands for (the
    chosen operator of a ``?`` card, the face of the others), ``""`` for other cards.

    >>> str(PlayedCard(SequencesCard.parse("blue ?"), "*"))
    '?*'
    """

    card: SequencesCard
    operator: str = ""

    def __post_init__(self) -> None:
        if self.card.kind == "operator":
            expected = CHOSEN_OPERATORS if self.card.face == "?" else (self.card.face,)
            if self.operator not in expected:
                raise IllegalMove(
                    f"a {self.card.face} card must be played as one of {' '.join(expected)}",
                    rule="choose the ? operator",
                )
        elif self.operator:
            raise IllegalMove(f"{self.card} is not an operator card", rule="operators")

    def __str__(self) -> str:
        if self.card.face == "?":
            return f"?{self.operator}"
        return self.card.text


@dataclass(frozen=True)
class _Item:
    """One token of a sequence, with or without a physical card (the lesson helpers)."""

    kind: str
    number: int = 0  # starters and numbers
    word: str = ""  # the operator, modifier name or "="
    text: str = ""


@dataclass(frozen=True)
class _Reading:
    """A sequence after all its modifiers: the starter, the (operator, number) pairs,
    an operator still waiting for its number, whether it is sealed, the last card's kind."""

    start: int
    pairs: tuple[tuple[str, int], ...]
    pending: str
    sealed: bool
    last_kind: str


def _grammar_error(reading: _Reading, item: _Item) -> IllegalMove | None:
    """Why ``item`` may not be the next card of a sequence read as ``reading`` (or None)."""
    if item.kind == "starter":
        return IllegalMove(
            "a starter card starts a new sequence; it cannot be played onto one",
            rule="starter starts a sequence",
        )
    if reading.sealed:
        return IllegalMove(
            "this sequence is sealed by its terminator (=): no card may follow it",
            rule="terminator seals",
        )
    last = reading.last_kind
    if item.kind == "number":
        if last != "operator":
            return IllegalMove(
                "a number may only follow an operator", rule="number only after an operator"
            )
    elif item.kind == "operator":
        if last == "operator":
            return IllegalMove(
                "an operator may only follow a starter, a number or a modifier",
                rule="operator after starter, number or modifier",
            )
    elif item.kind == "terminator":
        if last == "operator":
            return IllegalMove(
                "a terminator cannot follow an operator: the operator needs its number first",
                rule="terminator not after an operator",
            )
    elif item.kind == "modifier":
        if last == "operator":
            return IllegalMove(
                "a modifier cannot follow an operator: the operator needs its number first",
                rule="modifier not after an operator",
            )
        if item.word == "cancel" and not reading.pairs:
            return IllegalMove(
                "cancel needs an operator and its number to remove, and this sequence has none",
                rule="cancel needs an operator+number pair",
            )
        if item.word == "invert" and not reading.pairs:
            return IllegalMove(
                "invert needs an operator to invert, and this sequence has none",
                rule="invert needs an operator",
            )
        if item.word == "swap" and len(reading.pairs) < 2:
            return IllegalMove(
                "swap needs two operators in the sequence to swap",
                rule="swap needs two operators",
            )
    return None


def _advance(reading: _Reading, item: _Item) -> _Reading:
    """The reading after ``item`` (already checked by :func:`_grammar_error`)."""
    pairs, pending, sealed = reading.pairs, reading.pending, reading.sealed
    if item.kind == "operator":
        pending = item.word
    elif item.kind == "number":
        pairs, pending = (*pairs, (pending, item.number)), ""
    elif item.kind == "terminator":
        sealed = True
    elif item.word == "cancel":
        pairs = pairs[:-1]
    elif item.word == "invert":
        op, number = pairs[-1]
        pairs = (*pairs[:-1], (INVERSE[op], number))
    elif item.word == "swap":
        (op1, n1), (op2, n2) = pairs[-2], pairs[-1]
        pairs = (*pairs[:-2], (op2, n1), (op1, n2))
    return _Reading(reading.start, pairs, pending, sealed, item.kind)


def _fold(start: int, pairs: Iterable[tuple[str, int]], division: str) -> int:
    value = start
    for op, number in pairs:
        value = apply_operator(op, value, number, division)
    return value


def _item_of(played: PlayedCard) -> _Item:
    card = played.card
    if card.kind in ("starter", "number"):
        return _Item(card.kind, number=int(card.face), text=str(played))
    if card.kind == "operator":
        return _Item("operator", word=played.operator, text=str(played))
    return _Item(card.kind, word=card.face, text=card.face)


@codec.serializable("sequences.CardSequence")
@dataclass(frozen=True)
class CardSequence:
    """A sequence on the table: its starter, then every card played on it, in order.

    The text form is the rules' own: ``[4] + 2 cancel * 5 invert * 2 swap =``; a ``?``
    card shows the operator it was played as (``?*``).

    >>> sequence = parse_sequence("[4] + 2 cancel * 5")
    >>> sequence.value(), sequence.owner, sequence.is_sealed, sequence.expression_text
    (20, 0, False, '4 * 5')
    """

    cards: tuple[SequencesCard, ...]
    chosen: str = ""
    """The operators its ``?`` cards were played as, in order (``"*"``, ``"*+"``)."""

    def __post_init__(self) -> None:
        if not self.cards or self.cards[0].kind != "starter":
            raise IllegalMove("a sequence begins with a starter card", rule="starter starts")

    @classmethod
    def of(cls, played: Iterable[PlayedCard]) -> CardSequence:
        """The sequence of these played cards."""
        played = tuple(played)
        chosen = "".join(item.operator for item in played if item.card.face == "?")
        return cls(tuple(item.card for item in played), chosen)

    @cached_property
    def played(self) -> tuple[PlayedCard, ...]:
        """Every card with the operator it stands for."""
        choices = iter(self.chosen)
        return tuple(
            PlayedCard(card, next(choices) if card.face == "?" else card.face)
            if card.kind == "operator"
            else PlayedCard(card)
            for card in self.cards
        )

    @property
    def starter(self) -> SequencesCard:
        return self.cards[0]

    @property
    def owner(self) -> int:
        """The player the sequence scores for: the owner of its starter (0 red, 1 blue)."""
        return COLOURS.index(self.starter.colour)

    @cached_property
    def reading(self) -> _Reading:
        """The sequence after all its modifiers (see :func:`evaluate_sequence`)."""
        items = [_item_of(played) for played in self.played]
        reading = _Reading(items[0].number, (), "", False, "starter")
        for item in items[1:]:
            reading = _advance(reading, item)
        return reading

    @property
    def is_sealed(self) -> bool:
        return self.reading.sealed

    @property
    def last_kind(self) -> str:
        return self.reading.last_kind

    def value(self, division: str = "truncate") -> int:
        """The score: strictly left to right after the modifiers; an operator still
        waiting for its number counts for nothing."""
        return _fold(self.reading.start, self.reading.pairs, division)

    @property
    def expression_text(self) -> str:
        """What is left after the modifiers, in ASCII: ``4 * 5 / 2``."""
        return _expression_text(self.reading.start, self.reading.pairs)

    def can_take(self, card: SequencesCard, operator: str = "") -> IllegalMove | None:
        """Why ``card`` (a ``?`` played as ``operator``) may not go next, or ``None``."""
        try:
            played = PlayedCard(card, operator or (card.face if card.kind == "operator" else ""))
        except IllegalMove as error:
            return error
        return _grammar_error(self.reading, _item_of(played))

    def value_after(
        self, card: SequencesCard, operator: str = "", division: str = "truncate"
    ) -> int:
        """The value once ``card`` is added (fast: for bots; the play must be legal).

        >>> parse_sequence("[4] + 2 *").value_after(SequencesCard.parse("red 5"))
        30
        """
        if card.kind == "operator":
            item = _Item("operator", word=operator or card.face)
        elif card.kind == "number":
            item = _Item("number", number=int(card.face))
        else:
            item = _Item(card.kind, word=card.face)
        reading = _advance(self.reading, item)
        return _fold(reading.start, reading.pairs, division)

    def extended(self, card: SequencesCard, operator: str = "") -> CardSequence:
        """This sequence with ``card`` added (raises :class:`IllegalMove` when illegal)."""
        error = self.can_take(card, operator)
        if error is not None:
            raise error
        if card.kind == "operator" and not operator:
            operator = card.face
        chosen = self.chosen + operator if card.face == "?" else self.chosen
        longer = CardSequence((*self.cards, card), chosen)
        item = _item_of(PlayedCard(card, operator))
        longer.__dict__["reading"] = _advance(self.reading, item)  # cached_property's slot
        return longer

    def __str__(self) -> str:
        return " ".join(str(played) for played in self.played)


def _expression_text(start: int, pairs: Iterable[tuple[str, int]]) -> str:
    return " ".join([str(start), *(f"{op} {number}" for op, number in pairs)])


# --- lesson helpers ------------------------------------------------------------------

_TOKEN = re.compile(r"\[\s*-?\d+\s*\]|\?\s*[-+*/x×÷]|\d+|[-+*/x×÷?=]|[a-z]+", re.I)
"""One card of a sequence text. Number cards are never negative, so a ``-`` before a
number is always the minus operator: ``[4]-3`` reads ``[4] - 3``."""
_OPERATOR_SPELLINGS = {"x": "*", "×": "*", "÷": "/", "X": "*"}
_SEQUENCE_EXAMPLE = "[4] + 2 cancel * 5 invert * 2 swap ="

_CARD_NUMBERS: dict[str, tuple[int, ...]] = {
    kind: tuple(sorted({int(face) for k, face, _ in SEQUENCES_CONTENTS if k == kind}))
    for kind in ("starter", "number")
}
"""The numbers on the starter and number cards: [-2] [0] [2] [4] and 2 3 4 5 6 8 10."""

_COPIES: Counter[tuple[str, str]] = Counter(
    {(kind, face): copies for kind, face, copies in SEQUENCES_CONTENTS}
)
"""How many cards of each (kind, face) one colour's deck holds."""

MAX_TYPED_NUMBER = 9999
"""Largest number a sequence text may hold with ``any_numbers=True`` (four digits)."""


def _item_key(item: _Item) -> tuple[str, str]:
    """The (kind, face) of the card an item stands for (``?`` for a chosen operator)."""
    if item.kind in ("starter", "number"):
        return (item.kind, str(item.number))
    if item.kind == "operator":
        return ("operator", "?" if item.text.startswith("?") else item.word)
    return (item.kind, item.word)


def _check_cards_exist(items: list[_Item], colour: str | None) -> None:
    """Refuse numbers on no card, and more copies of a card than the decks hold (both
    decks, or only ``colour``'s deck)."""
    for item in items:
        if item.kind in _CARD_NUMBERS and item.number not in _CARD_NUMBERS[item.kind]:
            shown = ", ".join(
                f"[{n}]" if item.kind == "starter" else str(n) for n in _CARD_NUMBERS[item.kind]
            )
            raise IllegalMove(
                f"{item.text} is not a Sequences card: the {item.kind} cards are {shown}",
                rule="cards in the deck",
            )
    decks = 2 if colour is None else 1
    where = "the red and blue decks hold" if colour is None else f"the {colour} deck holds"
    counts = Counter(_item_key(item) for item in items)
    for (kind, face), count in counts.items():
        held = decks * _COPIES[(kind, face)]
        if count > held:
            shown = f"[{face}]" if kind == "starter" else face
            raise IllegalMove(
                f"{where} {held} '{shown}' card{'s' * (held != 1)}, so this sequence cannot "
                f"hold {count}",
                rule="cards in the deck",
            )


def _items_from_text(
    text: str, *, any_numbers: bool = False, colour: str | None = None
) -> list[_Item]:
    """The cards of a sequence text, checked to be cards of the game's two decks
    (only of ``colour``'s deck when given; ``any_numbers``: numbers need not be on a card,
    as in the rules' own examples)."""
    checked_text(text, "a sequence", _SEQUENCE_EXAMPLE, error=IllegalMove, rule="sequence text")
    position, items = 0, []
    text = text.strip()
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if not match:
            raise IllegalMove(
                f"cannot read {quoted(text[position:])}: write a sequence like "
                f"'{_SEQUENCE_EXAMPLE}'",
                rule="sequence text",
            )
        token, position = match.group(0), match.end()
        compact = "".join(token.split())
        digits = compact.strip("[]-")
        if digits.isdigit() and len(digits) > len(str(MAX_TYPED_NUMBER)):
            raise IllegalMove(
                f"{quoted(compact)} is not a Sequences card: no card has a number that long",
                rule="cards in the deck",
            )
        if compact.startswith("["):
            items.append(_Item("starter", number=int(compact[1:-1]), text=compact))
        elif compact.isdigit():
            number = int(compact)
            if number <= 0:
                raise IllegalMove(
                    f"number cards are positive, so {number} cannot be played",
                    rule="number cards are positive",
                )
            items.append(_Item("number", number=number, text=compact))
        elif compact.startswith("?"):
            if len(compact) == 1:
                raise IllegalMove(
                    "say which operator the ? card stands for, like ?* or ?+",
                    rule="choose the ? operator",
                )
            op = _OPERATOR_SPELLINGS.get(compact[1], compact[1])
            items.append(_Item("operator", word=op, text=f"?{op}"))
        elif compact in ("+", "-", "*", "/", "x", "X", "×", "÷"):
            op = _OPERATOR_SPELLINGS.get(compact, compact)
            items.append(_Item("operator", word=op, text=op))
        elif compact == "=":
            items.append(_Item("terminator", word="=", text="="))
        elif compact.lower() in ("cancel", "invert", "swap"):
            items.append(_Item("modifier", word=compact.lower(), text=compact.lower()))
        else:
            raise IllegalMove(
                f"{quoted(token)} is not a Sequences card (modifiers are cancel, invert, swap)",
                rule="sequence text",
            )
    if not items or items[0].kind != "starter":
        raise IllegalMove("a sequence begins with a starter card like [4]", rule="starter starts")
    if not any_numbers:
        _check_cards_exist(items, colour)
    return items


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


def _sequence_items(sequence: str | CardSequence, any_numbers: bool = False) -> list[_Item]:
    if isinstance(sequence, CardSequence):
        return [_item_of(played) for played in sequence.played]
    return _items_from_text(sequence, any_numbers=any_numbers)


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


def parse_sequence(text: str, colour: str = "red") -> CardSequence:
    """A :class:`CardSequence` of real cards from its text (every card in ``colour``).

    One colour's deck holds each card only so many times (one 5, two ×, three 2s...), so
    a text that needs more copies than the deck holds is refused.

    >>> str(parse_sequence("[2] ?x 3 invert =", "blue"))
    '[2] ?* 3 invert ='
    >>> parse_sequence("[4] + 5 + 5")
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: the red deck holds 1 '5' card, so this sequence cannot hold 2
    """
    if colour not in COLOURS:
        raise CardError(f"Sequences cards are red or blue, not {quoted(colour)}")
    items = _items_from_text(text, colour=colour)
    sequence = CardSequence((SequencesCard(colour, "starter", str(items[0].number)),))
    for item in items[1:]:
        if item.kind == "number":
            card = SequencesCard(colour, "number", str(item.number))
        elif item.kind == "operator":
            face = "?" if item.text.startswith("?") else item.word
            card = SequencesCard(colour, "operator", face)
        else:
            card = SequencesCard(colour, item.kind, item.word)  # type: ignore[arg-type]
        sequence = sequence.extended(card, item.word if item.kind == "operator" else "")
    return sequence


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


@dataclass(frozen=True)
class ExpressionLeaf:
    """A number in a sequence expression (``label`` is the card's text)."""

    value: int
    label: str = ""

    def evaluate(self, division: str = "truncate") -> int:
        return self.value

    def exact(self) -> Fraction:
        """The value as a calculator gives it (here simply the number)."""
        return Fraction(self.value)

    def __str__(self) -> str:
        return show_number(self.value).replace("-", "−")

    def latex(self) -> str:
        return show_number(self.value)


@dataclass(frozen=True)
class ExpressionNode:
    """``left op right`` in a sequence expression.

    A left-to-right reading (:func:`to_expression`) is left-deep: ``right`` is always a
    number. The usual reading (:func:`conventional_expression`) puts products under sums,
    so there ``right`` may be a product. Both print with only the brackets the usual order
    of operations needs, so a dashboard can show the two readings side by side.

    >>> tree = conventional_expression("[4] + 2 * 5")
    >>> str(tree), tree.evaluate(), str(tree.right)
    ('4 + 2 × 5', 14, '2 × 5')
    """

    op: str
    left: ExpressionLeaf | ExpressionNode
    right: ExpressionLeaf | ExpressionNode

    def evaluate(self, division: str = "truncate") -> int:
        """The value with the game's whole-number division."""
        return apply_operator(
            self.op, self.left.evaluate(division), self.right.evaluate(division), division
        )

    def exact(self) -> Fraction:
        """The value as a calculator gives it: exact, a fraction where a division is not
        whole (no rounding).

        >>> conventional_expression("[4] / 5 * 2").exact(), conventional_value("[4] / 5 * 2")
        (Fraction(8, 5), 0)
        """
        left, right = self.left.exact(), self.right.exact()
        if self.op == "+":
            return left + right
        if self.op == "-":
            return left - right
        if self.op == "*":
            return left * right
        return left / right  # a divisor is a number card or a product of them: never 0

    def _side(self, child: ExpressionLeaf | ExpressionNode, latex: bool, right: bool) -> str:
        inner = child.latex() if latex else str(child)
        if isinstance(child, ExpressionNode):
            weaker = _PRECEDENCE[child.op] < _PRECEDENCE[self.op]
            same = _PRECEDENCE[child.op] == _PRECEDENCE[self.op]
            if weaker or (right and same and self.op in "-/"):
                return r"\left(" + inner + r"\right)" if latex else f"({inner})"
        return inner

    def __str__(self) -> str:
        left, right = self._side(self.left, False, False), self._side(self.right, False, True)
        return f"{left} {SHOWN[self.op]} {right}"

    def latex(self) -> str:
        symbol = {"+": "+", "-": "-", "*": r"\times", "/": r"\div"}[self.op]
        left, right = self._side(self.left, True, False), self._side(self.right, True, True)
        return f"{left} {symbol} {right}"


def _reading_of(sequence: str | CardSequence, any_numbers: bool) -> _Reading:
    """A sequence after all its modifiers, every card checked against the rules."""
    items = _sequence_items(sequence, any_numbers)
    reading = _Reading(items[0].number, (), "", False, "starter")
    for item in items[1:]:
        error = _grammar_error(reading, item)
        if error is not None:
            raise error
        reading = _advance(reading, item)
    return reading


def to_expression(
    sequence: str | CardSequence, *, any_numbers: bool = False
) -> ExpressionLeaf | ExpressionNode:
    """The left-deep expression tree of a sequence after its modifiers.

    The project's :mod:`cardmath.expr` trees cannot hold it (their numbers are never
    negative, while a ``[-2]`` starter is, and their ``÷`` must divide exactly, while
    Sequences rounds), so this is a small tree of its own with ``str`` and ``latex()``.

    >>> tree = to_expression("[4] + 2 cancel * 5 invert * 2 swap =")
    >>> str(tree), tree.latex(), tree.evaluate()
    ('4 × 5 ÷ 2', '4 \\\\times 5 \\\\div 2', 10)
    >>> str(to_expression("[-2] - 3 * 4"))
    '(−2 − 3) × 4'
    """
    reading = _reading_of(sequence, any_numbers)
    tree: ExpressionLeaf | ExpressionNode = ExpressionLeaf(reading.start, f"[{reading.start}]")
    for op, number in reading.pairs:
        tree = ExpressionNode(op, tree, ExpressionLeaf(number, str(number)))
    return tree


def conventional_expression(
    sequence: str | CardSequence, *, any_numbers: bool = False
) -> ExpressionLeaf | ExpressionNode:
    """The same cards (after the modifiers) read with the usual order of operations:
    × and ÷ first, left to right, then + and −, left to right. This is how a calculator
    reads them.

    >>> str(conventional_expression("[2] - 8 / 4 * 3 + 5"))
    '2 − 8 ÷ 4 × 3 + 5'
    >>> conventional_expression("[2] - 8 / 4 * 3 + 5").left.right
    ExpressionNode(op='*', left=ExpressionNode(op='/', left=ExpressionLeaf(value=8, label='8'), right=ExpressionLeaf(value=4, label='4')), right=ExpressionLeaf(value=3, label='3'))
    """
    reading = _reading_of(sequence, any_numbers)
    terms: list[tuple[str, ExpressionLeaf | ExpressionNode]] = []
    sign = "+"
    product: ExpressionLeaf | ExpressionNode = ExpressionLeaf(reading.start, f"[{reading.start}]")
    for op, number in reading.pairs:
        leaf = ExpressionLeaf(number, str(number))
        if op in "*/":
            product = ExpressionNode(op, product, leaf)
        else:
            terms.append((sign, product))
            sign, product = op, leaf
    terms.append((sign, product))
    tree = terms[0][1]
    for sign, term in terms[1:]:
        tree = ExpressionNode(sign, tree, term)
    return tree


def conventional_value(
    sequence: str | CardSequence, division: str = "truncate", *, any_numbers: bool = False
) -> int:
    """The value the same expression would have with the usual order of operations
    (× and ÷ before + and −), for comparison with the game's left-to-right value. Its
    divisions are the game's whole-number divisions; :meth:`ExpressionNode.exact` gives
    a calculator's exact answer.

    >>> conventional_value("[4] + 2 * 5"), conventional_value("[2] - 8 / 4 * 3")
    (14, -4)
    """
    _check_division(division)
    return conventional_expression(sequence, any_numbers=any_numbers).evaluate(division)


# --- actions -------------------------------------------------------------------------


@codec.serializable("sequences.Play")
@dataclass(frozen=True)
class Play:
    """One card played: a starter opens a new sequence (``sequence`` is ``None``); any
    other card goes on the open sequence with that 0-based index (shown ``S1``, ``S2``...).
    ``operator`` is the operator chosen for a ``?`` card (``""`` for every other card).

    >>> str(Play(SequencesCard.parse("red ?"), 0, "*"))
    'red ? as * on S1'
    """

    card: SequencesCard
    sequence: int | None = None
    operator: str = ""

    def __str__(self) -> str:
        text = str(self.card) if isinstance(self.card, SequencesCard) else quoted(self.card)
        if self.operator:
            text += (
                f" as {self.operator if isinstance(self.operator, str) else quoted(self.operator)}"
            )
        if self.sequence is not None:
            where = self.sequence
            text += f" on S{show_number(where + 1) if isinstance(where, int) else quoted(where)}"
        return text

    @property
    def sort_key(self) -> tuple[Any, ...]:
        where = MAX_SEQUENCES if self.sequence is None else self.sequence
        return (where, _CARD_KEYS[self.card], self.operator)


def _sorted_cards(cards: Iterable[SequencesCard]) -> tuple[SequencesCard, ...]:
    return tuple(sorted(cards, key=_CARD_KEYS.__getitem__))


@codec.serializable("sequences.Turn")
@dataclass(frozen=True)
class Turn:
    """A whole turn: the cards played (at most two, to separate sequences), the cards put
    under the pile so that two cards leave the hand, or a redraw of the whole hand.

    Plays and buried cards are kept in a fixed order, so the same turn is one action.

    >>> turn = Turn((Play(SequencesCard.parse("red 5"), 2),), (SequencesCard.parse("red ="),))
    >>> str(turn), str(Turn()), str(Turn(redraw=True))
    ('play red 5 on S3; bury red =', 'pass', 'redraw hand')
    """

    plays: tuple[Play, ...] = ()
    buried: tuple[SequencesCard, ...] = ()
    redraw: bool = False

    def __post_init__(self) -> None:
        if self.redraw and (self.plays or self.buried):
            raise IllegalMove(
                "a redraw puts the whole hand under the pile: it plays and buries nothing else",
                rule="hand redraw",
            )
        for part, name in ((self.plays, "plays"), (self.buried, "buried cards")):
            if not isinstance(part, (tuple, list)) or len(part) > 100:
                raise IllegalMove(
                    f"a turn's {name} are a short tuple, not {quoted(part)}", rule="turn"
                )
        plays, buried = tuple(self.plays), tuple(self.buried)
        for play in plays:
            if not (
                isinstance(play, Play)
                and isinstance(play.card, SequencesCard)
                and (
                    play.sequence is None
                    or (isinstance(play.sequence, int) and not isinstance(play.sequence, bool))
                )
                and isinstance(play.operator, str)
            ):
                raise IllegalMove(
                    f"{quoted(play)} is not a play: a play is a card and the sequence it goes on",
                    rule="turn",
                )
        for card in buried:
            if not isinstance(card, SequencesCard):
                raise IllegalMove(f"{quoted(card)} is not a Sequences card to bury", rule="turn")
        if len(plays) > 1:
            plays = tuple(sorted(plays, key=lambda play: play.sort_key))
        if len(buried) > 1:
            buried = _sorted_cards(buried)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "buried", buried)

    @classmethod
    def _canonical(cls, plays: tuple[Play, ...], buried: tuple[SequencesCard, ...]) -> Turn:
        """A turn from plays and buried cards already in the fixed order (fast path)."""
        turn = object.__new__(cls)
        object.__setattr__(turn, "plays", plays)
        object.__setattr__(turn, "buried", buried)
        object.__setattr__(turn, "redraw", False)
        return turn

    def __str__(self) -> str:
        if self.redraw:
            return "redraw hand"
        parts = []
        if self.plays:
            parts.append("play " + ", ".join(str(play) for play in self.plays))
        if self.buried:
            parts.append("bury " + ", ".join(str(card) for card in self.buried))
        return "; ".join(parts) if parts else "pass"


_PLAY_TEXT = re.compile(
    r"^(red|blue)\s+(\[\s*-?\d{1,4}\s*\]|-?\d{1,4}|[-+*/?=x×÷]|cancel|invert|swap)"
    r"(?:\s+as\s+([-+*/x×÷]))?(?:\s+on\s+S(\d{1,3}))?$",
    re.I,
)
_TURN_EXAMPLE = "play red 5 on S3, red ? as * on S1; bury red ="


def parse_turn(text: str) -> Turn:
    """Read a turn from its text form (the inverse of ``str(turn)``).

    >>> parse_turn("play red 5 on S3, red ? as x on S1; bury red =")
    Turn(plays=(Play(card=SequencesCard('red ?'), sequence=0, operator='*'), Play(card=SequencesCard('red 5'), sequence=2, operator='')), buried=(SequencesCard('red ='),), redraw=False)
    """
    checked_text(text, "a turn", _TURN_EXAMPLE, error=IllegalMove, rule="turn text")
    cleaned = " ".join(text.strip().split())
    if cleaned.lower() in ("redraw", "redraw hand"):
        return Turn(redraw=True)
    if cleaned.lower() == "pass":
        return Turn()
    plays: list[Play] = []
    buried: list[SequencesCard] = []
    for part in (segment.strip() for segment in cleaned.split(";")):
        word, _, rest = part.partition(" ")
        if word.lower() not in ("play", "bury") or not rest.strip():
            raise IllegalMove(
                f"cannot read {quoted(part)}: write a turn like '{_TURN_EXAMPLE}'",
                rule="turn text",
            )
        for entry in (piece.strip() for piece in rest.split(",")):
            if word.lower() == "bury":
                try:
                    buried.append(SequencesCard.parse(entry))
                except CardError as error:
                    raise IllegalMove(str(error), rule="turn text") from error
                continue
            match = _PLAY_TEXT.match(entry)
            if not match:
                raise IllegalMove(
                    f"cannot read the play {quoted(entry)}: write the card, then 'as *' for a ? "
                    "card, then 'on S2' unless it is a starter",
                    rule="turn text",
                )
            colour, face, chosen, where = match.groups()
            face = _OPERATOR_SPELLINGS.get(face, face)
            try:
                card = SequencesCard.parse(f"{colour} {face.replace(' ', '')}")
            except CardError as error:
                raise IllegalMove(str(error), rule="turn text") from error
            operator = _OPERATOR_SPELLINGS.get(chosen, chosen) if chosen else ""
            plays.append(Play(card, int(where) - 1 if where else None, operator))
    return Turn(tuple(plays), tuple(buried))


# --- move generation (shared with the bots) ------------------------------------------


def single_plays(
    hand: Iterable[SequencesCard], sequences: SequenceOf[CardSequence]
) -> tuple[Play, ...]:
    """Every distinct single card the hand could play on this table, in a fixed order.

    >>> table = (parse_sequence("[4] + 2"),)
    >>> hand = [SequencesCard.parse(text) for text in ("blue *", "blue 3", "blue [0]")]
    >>> [str(play) for play in single_plays(hand, table)]
    ['blue * on S1', 'blue [0]']
    """
    plays: list[Play] = []
    readings = [sequence.reading for sequence in sequences]
    for card in sorted(set(hand), key=_card_key):
        if card.kind == "starter":
            if len(sequences) < MAX_SEQUENCES:
                plays.append(Play(card, None))
            continue
        operators = CHOSEN_OPERATORS if card.face == "?" else ("",)
        for index, reading in enumerate(readings):
            if _fits(reading, card.kind, card.face):
                plays.extend(Play(card, index, operator) for operator in operators)
    return tuple(sorted(plays, key=lambda play: play.sort_key))


def _fits(reading: _Reading, kind: str, face: str) -> bool:
    """Whether a card of this kind and face may go next (the fast form of
    :func:`_grammar_error`, which says why not)."""
    if kind == "starter" or reading.sealed:
        return False
    if kind == "number":
        return reading.last_kind == "operator"
    if reading.last_kind == "operator":
        return False
    if kind == "modifier":
        return len(reading.pairs) >= (2 if face == "swap" else 1)
    return True


def play_pairs(
    hand: SequenceOf[SequencesCard], singles: SequenceOf[Play]
) -> list[tuple[Play, Play]]:
    """Every distinct pair of single plays that can be made together: two cards from the
    hand (two copies if both are the same card) going to separate sequences."""
    counts = Counter(hand)
    pairs = []
    for first, second in itertools.combinations(singles, 2):
        if first.sequence is not None and first.sequence == second.sequence:
            continue
        if first.card == second.card and counts[first.card] < 2:
            continue
        pairs.append((first, second))
    return pairs


def _submultisets(cards: SequenceOf[SequencesCard], size: int) -> list[tuple[SequencesCard, ...]]:
    """The distinct choices of ``size`` cards from sorted ``cards`` (equal cards are one
    choice), each in sorted order, in a fixed order."""
    return list(dict.fromkeys(itertools.combinations(cards, size)))


def _remove(
    hand: SequenceOf[SequencesCard], cards: Iterable[SequencesCard]
) -> tuple[SequencesCard, ...]:
    remaining = list(hand)
    for card in cards:
        remaining.remove(card)
    return tuple(remaining)


def _playable_kinds(sequences: SequenceOf[CardSequence]) -> frozenset[str]:
    """Which card faces (by kind, and modifiers by name) could be played somewhere now."""
    kinds = set()
    if len(sequences) < MAX_SEQUENCES:
        kinds.add("starter")
    for sequence in sequences:
        reading = sequence.reading
        if reading.sealed:
            continue
        if reading.last_kind == "operator":
            kinds.add("number")
            continue
        kinds.update(("operator", "terminator"))
        if reading.pairs:
            kinds.update(("cancel", "invert"))
        if len(reading.pairs) >= 2:
            kinds.add("swap")
    return frozenset(kinds)


def _could_play(card: SequencesCard, playable: frozenset[str]) -> bool:
    return (card.face if card.kind == "modifier" else card.kind) in playable


def check_play(play: Play, colour: str, sequences: SequenceOf[CardSequence]) -> None:
    """Raise :class:`IllegalMove` naming the rule if the ``colour`` player may not make
    ``play`` on this table (one card on its own; the turn's other rules are the state's).

    >>> table = (parse_sequence("[4] + 2"),)
    >>> check_play(Play(SequencesCard.parse("blue 5"), 0), "blue", table)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: S1: a number may only follow an operator
    """
    card = play.card
    if card.colour != colour:
        raise IllegalMove(f"{card} is not one of your cards", rule="card in hand")
    if card.face != "?" and play.operator:
        raise IllegalMove(
            "only a ? card is played as a chosen operator", rule="choose the ? operator"
        )
    if card.kind == "starter":
        if play.sequence is not None:
            raise IllegalMove(
                "a starter card starts a new sequence; it cannot be played onto one",
                rule="starter starts a sequence",
            )
        if len(sequences) >= MAX_SEQUENCES:
            raise IllegalMove("there are already 8 sequences", rule="at most 8 sequences")
        return
    if play.sequence is None:
        raise IllegalMove(
            f"say which sequence {card} goes on (only a starter starts a new one)",
            rule="starter starts a sequence",
        )
    if not 0 <= play.sequence < len(sequences):
        raise IllegalMove(
            f"there is no sequence S{show_number(play.sequence + 1)}: the table has "
            f"S1 to S{len(sequences)}"
            if sequences
            else f"there is no sequence S{show_number(play.sequence + 1)}: the table is empty",
            rule="no such sequence",
        )
    error = sequences[play.sequence].can_take(card, play.operator)
    if error is not None:
        raise IllegalMove(f"S{play.sequence + 1}: {error}", rule=error.rule)


# --- state ---------------------------------------------------------------------------


DIVISION_RULES: dict[str, str] = {
    "truncate": "A quotient that is not whole rounds toward zero: 1 ÷ 2 = 0, -7 ÷ 2 = -3, "
    "-2 ÷ 4 = 0.",
    "floor": "A quotient that is not whole rounds down: 1 ÷ 2 = 0, -7 ÷ 2 = -4, -2 ÷ 4 = -1.",
}
"""Each way of dividing in one sentence (the settings panel and ``games`` show them)."""


@codec.serializable("sequences.SequencesOptions")
@dataclass(frozen=True)
class SequencesOptions(Options):
    """``division``: ``"truncate"`` (toward zero, -2 / 4 = 0) or ``"floor"`` (-2 / 4 = -1).
    ``redraw_ends_turn``: a whole-hand redraw is the player's turn (default), or the player
    then plays from the new hand."""

    players: int = option(
        2, "Players", "Sequences is for two: red plays first, blue second.", minimum=2, maximum=2
    )
    division: str = option(
        "truncate",
        "Division",
        "How ÷ rounds a quotient that is not a whole number.",
        choices={"truncate": "toward zero", "floor": "down"},
        choice_help=DIVISION_RULES,
    )
    redraw_ends_turn: bool = option(
        True,
        "Redraw ends the turn",
        "A player who must put their whole hand under their pile and draw six new cards "
        "plays from them next turn (off: straight away).",
    )


@codec.serializable("sequences.SequencesObservation")
@dataclass(frozen=True)
class SequencesObservation(Observation):
    """What one player sees: their own hand, the table, and the sizes of hidden piles."""

    colour: str
    hand: tuple[SequencesCard, ...]
    pile_size: int
    opponent_hand_size: int
    opponent_pile_size: int
    sequences: tuple[CardSequence, ...]
    turn_number: int
    idle_turns: int
    division: str
    scores: tuple[int, ...]

    def opponent_unseen(self) -> tuple[SequencesCard, ...]:
        """The opponent's cards not on the table: their hand and pile together."""
        colour = COLOURS[1 - self.player]
        on_table = Counter(
            card for sequence in self.sequences for card in sequence.cards if card.colour == colour
        )
        unseen = Counter(DECKS[colour]) - on_table
        return _sorted_cards(unseen.elements())


@codec.serializable("sequences.SequencesState")
@dataclass(frozen=True)
class SequencesState(State):
    """A moment of a Sequences game. ``piles[p][0]`` is the top of player ``p``'s pile;
    buried cards go to its end (the bottom)."""

    options: SequencesOptions
    seed: int
    hands: tuple[tuple[SequencesCard, ...], ...]
    piles: tuple[tuple[SequencesCard, ...], ...]
    sequences: tuple[CardSequence, ...] = ()
    to_move: int = 0
    turn_number: int = 0
    idle_turns: int = 0
    ended: str = ""
    """Why the game ended ("" while it goes on)."""

    # --- protocol ---

    @property
    def current_player(self) -> int:
        return TERMINAL if self.ended else self.to_move

    def has_card_on_table(self, player: int) -> bool:
        colour = COLOURS[player]
        return any(card.colour == colour for sequence in self.sequences for card in sequence.cards)

    @cached_property
    def _analysis(self) -> tuple[tuple[Play, ...], list[tuple[Play, Play]], int]:
        hand = self.hands[self.to_move]
        singles = single_plays(hand, self.sequences)
        pairs = play_pairs(hand, singles) if len(hand) >= 2 else []
        most = 2 if pairs else (1 if singles else 0)
        return singles, pairs, most

    @property
    def most_cards_playable(self) -> int:
        """The must-play-maximum: how many cards the player to move must play."""
        return self._analysis[2]

    def must_redraw(self) -> bool:
        """No card on the table yet and none playable: the whole hand goes under the pile."""
        player = self.to_move
        return (
            self.most_cards_playable == 0
            and not self.has_card_on_table(player)
            and bool(self.hands[player])
            and bool(self.piles[player])
        )

    def cards_to_bury(self, played: int) -> int:
        """How many cards go under the pile after playing ``played`` cards: enough that
        two leave the hand, but none once the pile is empty (there is nothing to draw)."""
        player = self.to_move
        if not self.piles[player]:
            return 0
        return max(0, min(2 - played, len(self.hands[player]) - played))

    @cached_property
    def _legal(self) -> tuple[Turn, ...]:
        if self.ended:
            return ()
        if self.must_redraw():
            return (Turn(redraw=True),)
        singles, pairs, most = self._analysis
        hand = self.hands[self.to_move]
        if most == 2:
            groups: list[tuple[Play, ...]] = [pair for pair in pairs]
        elif most == 1:
            groups = [(play,) for play in singles]
        else:
            groups = [()]
        bury = self.cards_to_bury(most)
        if not bury:
            return tuple(Turn._canonical(plays, ()) for plays in groups)
        turns = []
        choices: dict[Any, list[tuple[SequencesCard, ...]]] = {}
        for plays in groups:
            key = plays[0].card if plays else ()
            if key not in choices:
                choices[key] = _submultisets(_remove(hand, (play.card for play in plays)), bury)
            turns.extend(Turn._canonical(plays, buried) for buried in choices[key])
        return tuple(turns)

    def legal_actions(self) -> tuple[Turn, ...]:
        return self._legal

    def parse_action(self, text: str) -> Turn:
        """Read a turn from its text (any order of plays and buried cards)."""
        return parse_turn(text)

    def _check(self, turn: Any) -> None:
        """Raise :class:`IllegalMove` naming the first rule ``turn`` breaks."""
        self.require_not_terminal()
        if not isinstance(turn, Turn):
            raise IllegalMove(f"{quoted(turn)} is not a Sequences turn", rule="turn")
        player = self.to_move
        hand = self.hands[player]
        redraw = self.must_redraw()
        if redraw and turn.redraw:
            return
        if turn.redraw:
            raise IllegalMove(
                "you may redraw your whole hand only when you have no card on the table "
                "and cannot play any card",
                rule="hand redraw",
            )
        if len(turn.plays) > 2:
            raise IllegalMove("you play at most two cards per turn", rule="two cards per turn")
        available = Counter(hand)
        for play in turn.plays:
            if available[play.card] == 0:
                raise IllegalMove(f"you have no {play.card} in your hand", rule="card in hand")
            available[play.card] -= 1
        targets = [play.sequence for play in turn.plays if play.sequence is not None]
        if len(targets) != len(set(targets)):
            raise IllegalMove(
                "your two cards must go to separate sequences", rule="separate sequences"
            )
        for play in turn.plays:
            self._check_play(play)
        if redraw:
            raise IllegalMove(MUST_REDRAW, rule="hand redraw")
        most = self.most_cards_playable
        if len(turn.plays) < most:
            raise IllegalMove(
                f"you must play as many cards as you can, and you can play {most} here",
                rule="play the maximum",
            )
        if len(turn.plays) > most:  # only if the two plays cannot go together
            raise IllegalMove(
                "these cards cannot both be played this turn", rule="separate sequences"
            )
        bury = self.cards_to_bury(len(turn.plays))
        for card in turn.buried:
            if available[card] == 0:
                raise IllegalMove(
                    f"you cannot put {card} under your pile: it is not left in your hand",
                    rule="card in hand",
                )
            available[card] -= 1
        if len(turn.buried) != bury:
            if not self.piles[player]:
                reason = "your pile is empty, so you keep your cards and draw none"
            else:
                reason = f"put {bury} card{'s' if bury != 1 else ''} under your pile so that two cards leave your hand"
            raise IllegalMove(reason, rule="two cards leave the hand")

    def _check_play(self, play: Play) -> None:
        check_play(play, COLOURS[self.to_move], self.sequences)

    def apply(self, action: Turn) -> SequencesState:
        self._check(action)
        turn: Turn = action
        player = self.to_move
        hand, pile = list(self.hands[player]), list(self.piles[player])
        sequences = list(self.sequences)
        drew = 0
        if turn.redraw:
            pile += hand
            hand = pile[: min(HAND_SIZE, len(pile))]
            pile = pile[len(hand) :]
            drew = len(hand)
        else:
            for play in turn.plays:
                hand.remove(play.card)
                if play.sequence is None:
                    sequences.append(CardSequence((play.card,)))
                else:
                    sequences[play.sequence] = sequences[play.sequence].extended(
                        play.card, play.operator
                    )
            for card in turn.buried:
                hand.remove(card)
                pile.append(card)
            drew = max(0, min(HAND_SIZE - len(hand), len(pile)))
            hand += pile[:drew]
            pile = pile[drew:]
        hands = tuple(
            _sorted_cards(hand) if index == player else cards
            for index, cards in enumerate(self.hands)
        )
        piles = tuple(
            tuple(pile) if index == player else cards for index, cards in enumerate(self.piles)
        )
        idle = 0 if (turn.plays or drew) else self.idle_turns + 1
        same_player = turn.redraw and not self.options.redraw_ends_turn
        following = SequencesState(
            self.options,
            self.seed,
            hands,
            piles,
            tuple(sequences),
            player if same_player else 1 - player,
            self.turn_number + 1,
            idle,
            "",
        )
        reason = following._end_reason()
        if reason:
            following = SequencesState(
                self.options, self.seed, hands, piles, tuple(sequences),
                following.to_move, following.turn_number, idle, reason,
            )  # fmt: skip
        return following

    def _end_reason(self) -> str:
        if not any(self.hands) and not any(self.piles):
            return "both players are out of cards"
        if self.idle_turns >= 2:
            return "two turns in a row with no card played and none drawn"
        playable = _playable_kinds(self.sequences)
        if not any(
            _could_play(card, playable)
            for player in range(2)
            for cards in (self.hands[player], self.piles[player])
            for card in cards
        ):
            return "no card left in any hand or pile can be played"
        return ""

    # --- scores and views ---

    def sequence_values(self) -> tuple[int, ...]:
        """The value of every sequence (open or sealed), left to right after modifiers."""
        return tuple(sequence.value(self.options.division) for sequence in self.sequences)

    def scores(self) -> tuple[int, ...]:
        """Each player's total: the sum of the sequences their starters began."""
        totals = [0, 0]
        for sequence, value in zip(self.sequences, self.sequence_values(), strict=True):
            totals[sequence.owner] += value
        return tuple(totals)

    def outcome(self) -> Outcome:
        self.require_terminal()
        scores = self.scores()
        winners = winners_by_score(scores)
        verb = "share the win" if len(winners) > 1 else "won"
        summary = f"{player_names(winners)} {verb}, {scores[0]} to {scores[1]} ({self.ended})"
        return Outcome(winners, scores, summary)

    def observation(self, player: int) -> SequencesObservation:
        frame = self.observation_frame(player)
        return SequencesObservation(
            **frame,
            colour=COLOURS[player],
            hand=self.hands[player],
            pile_size=len(self.piles[player]),
            opponent_hand_size=len(self.hands[1 - player]),
            opponent_pile_size=len(self.piles[1 - player]),
            sequences=self.sequences,
            turn_number=self.turn_number,
            idle_turns=self.idle_turns,
            division=self.options.division,
            scores=self.scores(),
        )

    def card_zones(self) -> Mapping[str, SequenceOf[SequencesCard]]:
        zones: dict[str, SequenceOf[SequencesCard]] = {}
        for player, colour in enumerate(COLOURS):
            zones[f"{colour} hand"] = self.hands[player]
            zones[f"{colour} pile"] = self.piles[player]
        for index, sequence in enumerate(self.sequences):
            zones[f"S{index + 1}"] = sequence.cards
        return zones

    def full_deck(self) -> SequenceOf[SequencesCard]:
        return FULL_DECK

    def table_text(self) -> list[str]:
        """One line per sequence: ``S1 [4] + 2 = 6 (Player 1, sealed)``."""
        lines = []
        for index, (sequence, value) in enumerate(
            zip(self.sequences, self.sequence_values(), strict=True)
        ):
            status = "sealed" if sequence.is_sealed else "open"
            lines.append(
                f"S{index + 1} {sequence}  -> {value} ({player_names([sequence.owner])}, {status})"
            )
        return lines


# --- a turn put together card by card (for screens) --------------------------------


@dataclass(frozen=True)
class TurnPlan:
    """A turn being put together one card at a time, read from the legal turns.

    ``plays``: the plays chosen so far; ``most``: how many cards this turn must play
    (the must-play-maximum rule); ``next_plays``: every play that may still join them in
    a legal turn; ``bury``: how many cards go under the pile with exactly these plays, or
    ``None`` while they are not yet a whole turn; ``redraw``: the only move is to put the
    whole hand under the pile and draw six new cards.
    """

    plays: tuple[Play, ...]
    most: int
    next_plays: tuple[Play, ...]
    bury: int | None
    redraw: bool = False

    @property
    def complete(self) -> bool:
        """Whether these plays make a whole turn (once ``bury`` cards are chosen)."""
        return self.bury is not None

    def places_for(self, card: SequencesCard) -> tuple[int | None, ...]:
        """Where ``card`` may go next: sequence indexes, ``None`` for a new sequence."""
        return tuple(dict.fromkeys(play.sequence for play in self.next_plays if play.card == card))


def plan_turn(observation: SequencesObservation, plays: Iterable[Play] = ()) -> TurnPlan:
    """What the player to move may still do after choosing ``plays`` (``()``: nothing yet).

    A screen builds a turn from clicks with this: which cards may join the chosen ones,
    how many must be played, how many buried. Plays that cannot begin a legal turn are
    refused with :class:`IllegalMove` naming the first rule they break, and nothing else
    changes.

    >>> state = SequencesGame().new_state(seed=0)
    >>> seen = state.observation(0)
    >>> plan = plan_turn(seen)
    >>> plan.most, plan.bury, [str(play) for play in plan.next_plays]
    (1, None, ['red [4]'])
    >>> plan = plan_turn(seen, [Play(SequencesCard.parse("red [4]"))])
    >>> plan.complete, plan.bury
    (True, 1)
    >>> plan_turn(seen, [Play(SequencesCard.parse("red +"), 0)])
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: there is no sequence S1: the table is empty
    """
    legal = observation.legal_actions
    if not legal:
        over = "the game is over" if observation.is_terminal else "it is not your turn"
        raise IllegalMove(over, rule="turn order")
    chosen = tuple(plays)
    if any(turn.redraw for turn in legal):
        if chosen:
            raise IllegalMove(MUST_REDRAW, rule="hand redraw")
        return TurnPlan((), 0, (), None, redraw=True)
    most = max(len(turn.plays) for turn in legal)
    wanted = Counter(chosen)
    if not chosen:
        matching = list(legal)
    elif len(chosen) == 1:
        matching = [turn for turn in legal if chosen[0] in turn.plays]
    else:
        matching = [turn for turn in legal if not wanted - Counter(turn.plays)]
    if not matching:
        raise _why_not(observation, chosen, most)
    following = {
        play
        for plays in {turn.plays for turn in matching}
        for play in (Counter(plays) - wanted).elements()
    }
    bury = next((len(turn.buried) for turn in matching if len(turn.plays) == len(chosen)), None)
    return TurnPlan(chosen, most, tuple(sorted(following, key=lambda play: play.sort_key)), bury)


def _why_not(observation: SequencesObservation, chosen: tuple[Play, ...], most: int) -> IllegalMove:
    """The first rule that keeps ``chosen`` out of every legal turn."""
    if len(chosen) > 2:
        return IllegalMove("you play at most two cards per turn", rule="two cards per turn")
    available = Counter(observation.hand)
    for play in chosen:
        if not isinstance(play, Play):
            return IllegalMove(f"{quoted(play)} is not a play", rule="turn")
        if available[play.card] == 0:
            return IllegalMove(f"you have no {play.card} in your hand", rule="card in hand")
        available[play.card] -= 1
    table = len(observation.sequences)
    started = sum(play.sequence is None for play in chosen)
    for play in chosen:
        if play.sequence is not None and table <= play.sequence < table + started:
            return IllegalMove(
                "your two cards must go to separate sequences: the second cannot go on the "
                "sequence the first one starts",
                rule="separate sequences",
            )
    targets = [play.sequence for play in chosen if play.sequence is not None]
    if len(targets) != len(set(targets)):
        return IllegalMove(
            "your two cards must go to separate sequences", rule="separate sequences"
        )
    for play in chosen:
        try:
            check_play(play, observation.colour, observation.sequences)
        except IllegalMove as error:
            return error
    if len(chosen) < most:
        return IllegalMove(
            f"you must play as many cards as you can: you can play {most} this turn, but "
            f"not if one of them is {chosen[-1]}",
            rule="play the maximum",
        )
    return IllegalMove("these cards cannot both be played this turn", rule="separate sequences")


class SequencesGame(Game[SequencesOptions]):
    """Wouter's two-player operator game: see ``docs/games/sequences.md``."""

    name = "sequences"
    title = "Sequences"
    options_class = SequencesOptions
    min_players = 2
    max_players = 2

    def _new_state(self, seed: int) -> SequencesState:
        piles = [shuffled(DECKS[colour], chance(seed, "shuffle", colour)) for colour in COLOURS]
        hands = tuple(_sorted_cards(pile[:HAND_SIZE]) for pile in piles)
        return SequencesState(self.options, seed, hands, tuple(pile[HAND_SIZE:] for pile in piles))

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        assert isinstance(before, SequencesState) and isinstance(after, SequencesState)
        player = before.to_move
        turn: Turn = action
        drew = (
            len(after.hands[player])
            - len(before.hands[player])
            + len(turn.plays)
            + len(turn.buried)
        )
        if turn.redraw:
            drew = len(after.hands[player])
        head = f"Turn {after.turn_number}, {player_names([player])} ({COLOURS[player]}): {turn}"
        if drew:
            head += f"; drew {drew}"
        scores = after.scores()
        lines = [head, *(f"  {line}" for line in after.table_text())]
        lines.append(f"  scores {scores[0]} to {scores[1]}")
        events: list[dict[str, Any]] = [
            {
                "event": "turn",
                "turn": after.turn_number,
                "player": player + 1,
                "colour": COLOURS[player],
                "action": str(turn),
                "plays": [
                    {
                        "card": str(play.card),
                        "sequence": (
                            play.sequence + 1
                            if play.sequence is not None
                            else [s.starter for s in after.sequences].index(play.card) + 1
                        ),
                        "as": play.operator or None,
                    }
                    for play in turn.plays
                ],
                "buried": [str(card) for card in turn.buried],
                "redraw": turn.redraw,
                "drew": drew,
                "sequences": [str(sequence) for sequence in after.sequences],
                "values": list(after.sequence_values()),
                "scores": list(scores),
                "text": "\n".join(lines),
            }
        ]
        if after.is_terminal:
            events.append(
                {
                    "event": "game over",
                    "reason": after.ended,
                    "text": f"Game over: {after.ended}.",
                }
            )
        return events
