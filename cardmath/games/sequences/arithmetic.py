"""Sequences' decks and arithmetic: the two colours, the operators, and one operation
exactly as the rules define it (``/`` is integer division, truncated or floored).

>>> apply_operator("/", -7, 2), apply_operator("/", -7, 2, "floor")
(-3, -4)
"""

from __future__ import annotations

from typing import Any

from cardmath.cards import SequencesCard, sequences_deck
from cardmath.errors import IllegalMove, OptionError, quoted
from cardmath.expr import MAX_DIGITS, fits

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
