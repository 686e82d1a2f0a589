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


class ExpressionError(CardMathError):
    """An expression that cannot be parsed or evaluated under the arithmetic rules."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.position = position


class CardError(CardMathError):
    """Text that does not name a card, or a card that is not in the deck asked for."""


class OptionError(CardMathError):
    """An unknown game option, or an option value outside what the game allows."""


class SerializationError(CardMathError):
    """Saved data that cannot be turned back into a game state."""
