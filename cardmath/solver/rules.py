"""The rules of one search: which operators, whether every number is used, what results count.

:class:`Rules` carries them as one frozen value that every public query takes as
``rules``. A string of operators is shorthand for ``Rules(ops=...)``, and the single
keywords older code passes (``ops=``, ``use_all=``, ``positive_only=``, ``skip_trivial=``,
``max_magnitude=``, ``countdown_rules=``) are still accepted on top of it
(:func:`resolve_rules`).

>>> Rules(ops="+ - × ÷")
Rules(ops='+-*/', use_all=True, positive_only=False, skip_trivial=False, max_magnitude=None)
>>> Rules.countdown().use_all, Rules.countdown().ops
(False, '+-*/')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypedDict

from cardmath.errors import CardMathError
from cardmath.expr import OPERATORS

__all__ = ["DEFAULT_RULES", "MAX_NUMBERS", "RuleOptions", "Rules", "clean_ops", "resolve_rules"]

MAX_NUMBERS = 6
"""Most numbers one search takes (every card game here uses at most six)."""

_OPERATOR_ALIASES = {"x": "*", "×": "*", "÷": "/", "−": "-", "**": "^"}


def clean_ops(ops: str) -> str:
    """The operators named in ``ops`` (``"+-*/"``, ``"+ - × ÷"``...) in the standard order.

    >>> clean_ops("÷ x +")
    '+*/'
    """
    if not isinstance(ops, str):
        raise CardMathError(f"operators must be some of + - * / ^, not {ops!r}")
    text = ops
    for alias, op in _OPERATOR_ALIASES.items():
        text = text.replace(alias, op)
    unknown = sorted(set(text) - set(OPERATORS) - {" ", ","})
    if unknown or not any(op in text for op in OPERATORS):
        raise CardMathError(f"operators must be some of + - * / ^, not {ops!r}")
    return "".join(op for op in OPERATORS if op in text)


@dataclass(frozen=True, slots=True)
class Rules:
    """How numbers may be combined in one search.

    ``ops``: the operators allowed (aliases such as ``×`` and ``÷`` are understood; kept
    in the standard order ``+-*/^``). ``use_all``: each number used exactly once (else
    any non-empty selection). ``positive_only``: every intermediate result 1 or more.
    ``skip_trivial``: no ×1, ÷1 or ^1. ``max_magnitude``: drop intermediates larger than
    this (faster, may miss solutions; the 10,000-digit guard always applies).

    >>> Rules("+-", use_all=False)
    Rules(ops='+-', use_all=False, positive_only=False, skip_trivial=False, max_magnitude=None)
    >>> Rules(max_magnitude=0)
    Traceback (most recent call last):
    ...
    cardmath.errors.CardMathError: max_magnitude must be at least 1
    """

    ops: str = OPERATORS
    use_all: bool = True
    positive_only: bool = False
    skip_trivial: bool = False
    max_magnitude: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "ops", clean_ops(self.ops))
        if self.max_magnitude is not None and self.max_magnitude < 1:
            raise CardMathError("max_magnitude must be at least 1")

    @classmethod
    def countdown(cls, ops: str = "+-*/", max_magnitude: int | None = None) -> Rules:
        """The TV show's rules: any selection, positive intermediates, no ×1 or ÷1.

        >>> Rules.countdown("+-")
        Rules(ops='+-', use_all=False, positive_only=True, skip_trivial=True, max_magnitude=None)
        """
        return cls(ops, False, True, True, max_magnitude)

    def with_countdown(self) -> Rules:
        """These operators (and magnitude limit) under the Countdown selection rules."""
        return replace(self, use_all=False, positive_only=True, skip_trivial=True)


DEFAULT_RULES = Rules()
"""Every operator, each number used exactly once, any intermediate result."""


class RuleOptions(TypedDict, total=False):
    """The single rule keywords accepted alongside ``rules`` (see :func:`resolve_rules`)."""

    ops: str
    use_all: bool
    positive_only: bool
    skip_trivial: bool
    max_magnitude: int | None
    countdown_rules: bool


def resolve_rules(rules: Rules | str, options: RuleOptions) -> Rules:
    """``rules`` (a string: its operators) with any single keywords applied on top.

    ``countdown_rules=True`` sets ``use_all``, ``positive_only`` and ``skip_trivial`` as on
    the TV show, whatever else is given. An unknown keyword is a ``TypeError``, as for any function.

    >>> resolve_rules("+-*/", {"countdown_rules": True}) == Rules.countdown()
    True
    >>> resolve_rules(Rules("+"), {"use_all": False}).use_all
    False
    """
    base = Rules(rules) if isinstance(rules, str) else rules
    if not isinstance(base, Rules):
        raise CardMathError(f"rules must be Rules or a string of operators, not {rules!r}")
    if not options:
        return base
    unknown = sorted(set(options) - set(RuleOptions.__annotations__))
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    resolved = Rules(
        options.get("ops", base.ops),
        options.get("use_all", base.use_all),
        options.get("positive_only", base.positive_only),
        options.get("skip_trivial", base.skip_trivial),
        options.get("max_magnitude", base.max_magnitude),
    )
    return resolved.with_countdown() if options.get("countdown_rules") else resolved
