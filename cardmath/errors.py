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
