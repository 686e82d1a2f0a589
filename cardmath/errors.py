"""The project's error family.

Every error a student, teacher or bot can meet is a :class:`CardMathError`, which is a
``ValueError`` so that ordinary ``except ValueError`` code keeps working.

>>> try:
...     raise IllegalMove("a number may only follow an operator", rule="number after operator")
... except CardMathError as error:
...     print(error.rule, "|", error)
number after operator | a number may only follow an operator
"""

from __future__ import annotations


class CardMathError(ValueError):
    """Base class of every error the project raises on purpose."""


class IllegalMove(CardMathError):
    """An action the rules do not allow; the state it was applied to is unchanged.

    ``rule`` names the rule that was broken, in a few words a teacher would use.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule or message


class ActionSyntaxError(CardMathError):
    """Text that does not spell an action of the game.

    Every game's ``parse_action`` reads syntax only and refuses with this error; whether
    the action it spells is allowed now is for ``apply`` to say, with
    :class:`IllegalMove`. ``rule`` names the form expected, in a few words.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule or "how a move is written"


class ExpressionError(CardMathError):
    """An expression that cannot be parsed or evaluated under the arithmetic rules."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class OutOfRange(ExpressionError):
    """A result beyond the size guard (more than 10,000 digits): the rules refuse it
    before it is computed, as "out of range"."""

    rule = "out of range"


class CardError(CardMathError):
    """Text that does not name a card, or a card that is not in the deck asked for."""


class OptionError(CardMathError):
    """An unknown game option, or an option value outside what the game allows."""


class SerializationError(CardMathError):
    """Saved data that cannot be turned back into a game state."""


MAX_TEXT_LENGTH = 1_000
"""Longest text any entry point reads (a move, a card list, a sequence): more is refused
before it is looked at, so no input can stall a kernel."""


def checked_text(
    value: object,
    what: str,
    example: str,
    *,
    limit: int = MAX_TEXT_LENGTH,
    error: type[CardMathError] = CardMathError,
    **details: object,
) -> str:
    """``value`` if it is text of at most ``limit`` characters, else ``error`` saying
    what was expected (``what``, like ``"a move"``) with an ``example``.

    ``details`` are passed on to the error (``rule=...`` for :class:`IllegalMove`).

    >>> checked_text(" draw ", "a move", "draw")
    ' draw '
    >>> checked_text(None, "a move", "draw")
    Traceback (most recent call last):
      ...
    cardmath.errors.CardMathError: a move is text, like 'draw', not None
    >>> checked_text("x" * 5000, "a move", "draw")
    Traceback (most recent call last):
      ...
    cardmath.errors.CardMathError: a move is at most 1,000 characters, not 5,000: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…
    """
    if not isinstance(value, str):
        raise error(f"{what} is text, like {example!r}, not {quoted(value)}", **details)
    if len(value) > limit:
        raise error(
            f"{what} is at most {limit:,} characters, not {len(value):,}: {quoted(value)}",
            **details,
        )
    return value


def quoted(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for messages that quote input.

    Never raises: a huge whole number is shortened by :func:`cardmath.expr.show_number`
    (Python refuses to print integers of more than 4,300 digits), and an object whose
    ``repr`` fails is named by its type.

    >>> quoted("7H"), quoted(10**5000), quoted("x" * 100)[-5:]
    ("'7H'", '100000…000000 (a number with 5,001 digits)', 'xxxx…')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        from cardmath.expr import show_number

        return show_number(value)
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_ascii_digits(text: str) -> bool:
    """``True`` when ``text`` is one or more of the digits 0-9 and nothing else.

    The one rule for numbers typed anywhere (answers, seeds, codes, targets, the command
    line): only the ASCII digits. Python's ``int()`` and ``str.isdigit()`` also take
    full-width (``１２``) and Arabic-Indic (``١٢``) digits, which the expression parser
    refuses; every entry point asks this function instead.

    >>> is_ascii_digits("2481"), is_ascii_digits("１２"), is_ascii_digits("١٢"), is_ascii_digits("")
    (True, False, False, False)
    """
    return bool(text) and all("0" <= char <= "9" for char in text)


def foreign_digit(text: str) -> str | None:
    """The first digit of ``text`` that is not one of 0-9 (a full-width or Arabic-Indic
    digit, say), or ``None``.

    >>> foreign_digit("12 + ٣"), foreign_digit("12 + 3")
    ('٣', None)
    """
    return next((char for char in text if char.isdigit() and not "0" <= char <= "9"), None)


def read_whole_number(
    value: object,
    what: str,
    *,
    low: int = 0,
    high: int,
    error: type[CardMathError] = CardMathError,
    **details: object,
) -> int:
    """The whole number ``value`` is, written with the digits 0-9 (a leading minus only
    when ``low`` is below 0; spaces around it are ignored), from ``low`` to ``high``;
    anything else is ``error`` saying so (``what`` names the number: ``"a seed"``).

    >>> read_whole_number(" 2481 ", "a seed", high=999_999_999)
    2481
    >>> read_whole_number("１２", "a seed", high=999_999_999)
    Traceback (most recent call last):
      ...
    cardmath.errors.CardMathError: a seed is a whole number from 0 to 999,999,999, written with the digits 0-9, not '１２'
    """
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text) if abs(text) <= 10 * max(abs(low), abs(high)) else "x"
    refusal = (
        f"{what} is a whole number from {low:,} to {high:,}, written with the digits 0-9, "
        f"not {quoted(value)}"
    )
    if not isinstance(text, str):
        raise error(refusal, **details)
    digits = text[1:] if text.startswith("-") and low < 0 else text
    if not is_ascii_digits(digits) or len(digits) > len(str(max(abs(low), abs(high)))) + 1:
        raise error(refusal, **details)
    number = int(text)
    if not low <= number <= high:
        raise error(refusal, **details)
    return number
