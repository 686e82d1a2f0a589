"""How numbers and counts read in every message: plurals, counted nouns, number words,
the true minus sign, fractions and the letters of the face cards.

Every sentence a student or teacher reads builds its numbers here, so "1 ways", "-3"
with a hyphen or "3/1" cannot creep back in one screen at a time. Numbers become text
through :func:`cardmath.expr.show_number`, so a huge value is shortened, never refused.

>>> counted(1, "way"), counted(5, "way"), counted(2, "try", "tries")
('1 way', '5 ways', '2 tries')
>>> number_text(-7), fraction_text(Fraction(-3, 2)), rank_letter(12)
('−7', '−3/2', 'Q')
"""

from __future__ import annotations

from fractions import Fraction

__all__ = [
    "FACE_VALUES",
    "JOKER_NAMES",
    "JOKER_VALUE",
    "MINUS",
    "NUMBER_WORDS",
    "RANK_LETTERS",
    "RANK_VALUES",
    "counted",
    "fraction_text",
    "number_text",
    "number_word",
    "plural",
    "rank_letter",
    "rank_named",
    "read_rank",
    "times_word",
    "true_minus",
]

MINUS = "\u2212"
"""The minus sign a student reads (−), wider than the hyphen (-) the engine writes."""

NUMBER_WORDS: tuple[str, ...] = (
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip
"""The counts 0 to 12 in words (0 is "no": "no cards")."""

FACE_VALUES: dict[str, int] = {"J": 11, "Q": 12, "K": 13}
"""The face cards' letters and values: Jack 11, Queen 12, King 13."""

RANK_VALUES: dict[str, int] = {"A": 1, **FACE_VALUES}
"""The letters of the standard cards whose value is not printed on them (Ace low)."""

JOKER_NAMES: tuple[str, ...] = ("JK", "JOKER")
"""How a Joker is written (``JK`` on a card, ``JOKER`` typed in full)."""

JOKER_VALUE = 0
"""A Joker's face value wherever a game counts it as a number."""

RANK_LETTERS: dict[int, str] = {value: letter for letter, value in RANK_VALUES.items()}
"""The other way round: 1 A, 11 J, 12 Q, 13 K."""

_RANK_WORDS: dict[str, int] = {
    **RANK_VALUES, "ACE": 1, "JACK": 11, "QUEEN": 12, "KING": 13
}  # fmt: skip


def plural(number: int, noun: str, many: str | None = None) -> str:
    """``noun`` in the right number for ``number`` (``many``: an irregular plural).

    >>> plural(1, "hint"), plural(0, "hint"), plural(3, "hint"), plural(2, "try", "tries")
    ('hint', 'hints', 'hints', 'tries')
    >>> plural(-1, "point")
    'point'
    """
    if abs(number) == 1:
        return noun
    return many if many is not None else f"{noun}s"


def counted(number: int, noun: str, many: str | None = None) -> str:
    """A count with its noun in the right number: ``counted(3, "lap")`` is ``3 laps``.

    >>> counted(1, "lap"), counted(3, "card"), counted(0, "point"), counted(-2, "point")
    ('1 lap', '3 cards', '0 points', '−2 points')
    >>> counted(10**5000, "way")[:20]
    '100000…000000 (a num'
    """
    return f"{number_text(number)} {plural(number, noun, many)}"


def number_word(number: int) -> str:
    """A small count in words (``no`` to ``twelve``), a larger one in digits.

    >>> number_word(0), number_word(3), number_word(12), number_word(13)
    ('no', 'three', 'twelve', '13')
    """
    if 0 <= number < len(NUMBER_WORDS):
        return NUMBER_WORDS[number]
    return number_text(number)


def times_word(count: int) -> str:
    """How often something happened: ``once``, ``twice``, ``three times``, ``5 times``.

    >>> [times_word(n) for n in (1, 2, 3, 5)]
    ['once', 'twice', 'three times', '5 times']
    """
    if count == 1:
        return "once"
    if count == 2:
        return "twice"
    return f"{number_word(count) if count == 3 else number_text(count)} times"


def true_minus(text: str) -> str:
    """``text`` with every hyphen-minus turned into the true minus sign.

    >>> true_minus("[-2] - 3")
    '[−2] − 3'
    """
    return text.replace("-", MINUS)


def number_text(number: int) -> str:
    """A whole number as a student reads it: in full (or shortened when huge, by
    :func:`~cardmath.expr.show_number`) with a true minus sign.

    >>> number_text(-42), number_text(7)
    ('−42', '7')
    """
    from cardmath.expr import show_number

    return true_minus(show_number(number))


def fraction_text(value: Fraction | int, *, minus: bool = True) -> str:
    """An exact number as a fraction in lowest terms, or a whole number without ``/1``;
    ``minus=False`` keeps the hyphen (for text a student may copy back into a box).

    >>> fraction_text(Fraction(6, 4)), fraction_text(Fraction(4, 2)), fraction_text(-5)
    ('3/2', '2', '−5')
    >>> fraction_text(Fraction(-1, 3), minus=False)
    '-1/3'
    """
    from cardmath.expr import show_number

    exact = Fraction(value)
    if exact.denominator == 1:
        text = show_number(exact.numerator)
    else:
        text = f"{show_number(exact.numerator)}/{show_number(exact.denominator)}"
    return true_minus(text) if minus else text


def rank_letter(value: int) -> str:
    """A card value as it is printed on the card: ``A``, ``J``, ``Q``, ``K`` or the
    number; 14 (an Ace counted high) is an ``A`` too.

    >>> [rank_letter(value) for value in (1, 7, 11, 12, 13, 14)]
    ['A', '7', 'J', 'Q', 'K', 'A']
    """
    if value == 14:
        return "A"
    return RANK_LETTERS.get(value, number_text(value))


def rank_named(value: int) -> str:
    """A card value with its letter and its number when they differ: ``J (11)``.

    >>> rank_named(11), rank_named(7)
    ('J (11)', '7')
    """
    letter = rank_letter(value)
    return letter if letter == number_text(value) else f"{letter} ({value})"


def read_rank(text: str, *, highest: int = 13) -> int | None:
    """A card value typed by a student: a number from 1 to ``highest``, a letter
    (``A J Q K``) or a word (``queen``); ``None`` for anything else.

    >>> read_rank(" q "), read_rank("King"), read_rank("7"), read_rank("14"), read_rank("x")
    (12, 13, 7, None, None)
    """
    cleaned = text.strip().upper()
    if cleaned in _RANK_WORDS:
        return _RANK_WORDS[cleaned]
    if cleaned.isdigit() and len(cleaned) <= 2 and 1 <= int(cleaned) <= highest:
        return int(cleaned)
    return None
