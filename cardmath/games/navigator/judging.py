"""Judging a declaration: is it a Vector Set the rules allow, does it use each card
once, and does the expression make the declared result?

>>> from cardmath.cards import Card
>>> C = Card.parse
>>> choice = VectorChoice((C("7H"), C("8S")))
>>> check_declaration([C("7H"), C("8S"), C("2C")], C("JD"), 31, choice, "(J - 7) * 8", 32).ok
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import CardMathError, ExpressionError, OutOfRange, quoted
from cardmath.expr import Expr, evaluate, leaves, parse, show_number
from cardmath.games.navigator.values import (
    SLINGSHOT_BONUS,
    card_names,
    card_values,
    is_slingshot,
    phantom_values,
)
from cardmath.games.navigator.vector_sets import (
    VectorChoice,
    VectorRules,
    is_allowed,
    why_not_choice,
)

__all__ = ["DeclarationCheck", "check_declaration"]

# --- judging a declaration -----------------------------------------------------------


@codec.serializable("navigator.DeclarationCheck", formerly=("navigator_rules.DeclarationCheck",))
@dataclass(frozen=True)
class DeclarationCheck:
    """The verdict on one declaration.

    ``legal`` is False when the declaration breaks a rule of the Vector Set or cannot be
    read (the engine refuses it, nothing happens); ``correct`` is False when it is legal
    but "calculated wrongly" (the expression does not make the declared value, or a step
    is not allowed), which forfeits the round. ``reason`` says why, and ``rule`` names
    the rule.
    """

    legal: bool
    correct: bool
    reason: str
    rule: str
    value: int | None = None
    distance: int | None = None
    effective_distance: int | None = None
    slingshot: bool = False
    phantom: int | None = None

    @property
    def ok(self) -> bool:
        """Legal and correctly calculated."""
        return self.legal and self.correct


def _match_cards(found: Counter[int], cards: Sequence[Card], precog: bool) -> bool:
    """Whether the multiset of numbers is exactly the cards' values (each Ace 1 or 100)."""
    rest = dict(found)  # every count above 0
    aces = 0
    for card in cards:
        values = card_values(card, precog)
        if len(values) == 1:
            count = rest.get(values[0], 0)
            if count <= 0:
                return False  # a card's value is not in the expression (or too few times)
            rest[values[0]] = count - 1
        else:
            aces += 1
    left = {number: count for number, count in rest.items() if count}
    return sum(left.values()) == aces and all(number in (1, 100) for number in left)


def _describe_cards(cards: Sequence[Card], precog: bool) -> str:
    parts = []
    for card in cards:
        shown = " or ".join(map(str, card_values(card, precog)))
        name = "Joker" if card.is_joker else card.rank
        parts.append(shown if name == shown else f"{name} ({shown})")
    return ", ".join(parts)


_SHOWN_LEAVES = 8
"""How many of an expression's numbers a refusal lists before "…"."""


def _checked_cards(cards: Any, what: str) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card`, or a :class:`CardMathError` naming ``what``."""
    if type(cards) is tuple and len(cards) <= 80 and all(type(card) is Card for card in cards):
        return cards  # the engine's own tuples: the common case, checked quickly
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise CardMathError(f"{what} is a list of cards, not {quoted(cards)}")
    if len(cards) > 80 or not all(isinstance(card, Card) for card in cards):
        raise CardMathError(f"{what} holds cards like Card.parse('7H'), not {quoted(cards)}")
    return tuple(cards)


def check_declaration(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    choice: VectorChoice,
    expression: str | Expr,
    declared: int,
    rules: VectorRules | None = None,
) -> DeclarationCheck:
    """Judge a declaration: the Vector Set, the expression, and the declared value.

    A declaration the rules cannot accept is not ``legal`` (the engine refuses it and
    nothing happens): a Vector Set the rules do not allow, text that cannot be read, an
    expression that does not use each card exactly once, or one whose result is out of
    range (more than 10,000 digits). A legal declaration whose arithmetic is wrong is
    not ``correct`` ("calculated wrongly": it forfeits the round). Arguments that are not
    a Nav Memory, a beacon, a target, a Vector Set and rules raise :class:`CardMathError`.

    >>> C = Card.parse
    >>> memory, beacon = [C("7H"), C("8S"), C("2C"), C("3D")], C("JD")
    >>> choice = VectorChoice((C("7H"), C("8S")))
    >>> check = check_declaration(memory, beacon, 31, choice, "(J - 7) * 8", 32)
    >>> check.ok, check.distance
    (True, 1)
    >>> check = check_declaration(memory, beacon, 31, choice, "(J - 7) * 8", 31)
    >>> check.legal, check.correct, check.reason
    (True, False, 'calculated wrongly: the expression makes 32, not 31')
    >>> check_declaration(memory, beacon, 31, choice, "(J - 7) * 2", 8).reason
    'your expression must use each Vector Set card exactly once: it uses 11, 7, 2 but your cards are 7, 8, J (11)'
    >>> huge = VectorChoice((C("9H"), C("9S")))
    >>> check = check_declaration([C("9H"), C("9S")], C("9D"), 31, huge, "9 ^ 9 ^ 9", 3)
    >>> check.legal, check.rule, check.reason
    (False, 'out of range', 'out of range: the result would have more than 10,000 digits')
    """
    memory = _checked_cards(memory, "a Nav Memory")
    if beacon is not None and not isinstance(beacon, Card):
        raise CardMathError(f"the Signpost Beacon is a card or None, not {quoted(beacon)}")
    if isinstance(target, bool) or not isinstance(target, int):
        raise CardMathError(f"the target is a whole number, not {quoted(target)}")
    if not isinstance(choice, VectorChoice):
        raise CardMathError(f"a Vector Set is a VectorChoice, not {quoted(choice)}")
    chosen = _checked_cards(choice.memory, "a Vector Set")
    if chosen is not choice.memory or not isinstance(choice.beacon, bool):
        choice = VectorChoice(chosen, bool(choice.beacon))
    if rules is not None and not isinstance(rules, VectorRules):
        raise CardMathError(f"the rules are a VectorRules, not {quoted(rules)}")
    rules = rules or VectorRules()
    if isinstance(expression, str) and type(declared) is int:
        return _judged(memory, beacon, target, choice, expression, declared, rules)
    return _judge(memory, beacon, target, choice, expression, declared, rules)


@lru_cache(maxsize=4096)
def _judged(
    memory: tuple[Card, ...],
    beacon: Card | None,
    target: int,
    choice: VectorChoice,
    expression: str,
    declared: int,
    rules: VectorRules,
) -> DeclarationCheck:
    """A typed declaration's verdict, remembered: the engine judges each declaration when
    it is made and again at the showdown."""
    plain = _plain_sum_verdict(memory, beacon, target, choice, expression, declared, rules)
    if plain is not None:
        return plain
    return _judge(memory, beacon, target, choice, expression, declared, rules)


def _judge(
    memory: tuple[Card, ...],
    beacon: Card | None,
    target: int,
    choice: VectorChoice,
    expression: str | Expr,
    declared: Any,
    rules: VectorRules,
) -> DeclarationCheck:
    """:func:`check_declaration` once its arguments are checked."""
    problem = why_not_choice(choice, memory, beacon, rules)
    if problem is not None:
        return DeclarationCheck(False, False, problem, "Vector Set")
    cards = choice.cards(beacon)
    if isinstance(declared, bool) or not isinstance(declared, int):
        return DeclarationCheck(
            False, False, f"declare a whole number, not {quoted(declared)}", "declaration"
        )
    if isinstance(expression, Expr):
        tree = expression
    elif isinstance(expression, str):
        try:
            tree = parse(expression, cards=card_names(rules.precog))
        except ExpressionError as error:
            return DeclarationCheck(
                False, False, f"your expression cannot be read: {error}", "expression"
            )
    else:
        return DeclarationCheck(
            False, False, f"an expression is text, not {quoted(expression)}", "expression"
        )
    used = Counter(leaf.value for leaf in leaves(tree))
    phantom = None
    if not _match_cards(used, cards, rules.precog):
        matched = False
        if rules.extrapolation:
            for candidate in phantom_values(cards, rules.precog):
                rest = Counter(used)
                rest[candidate] -= 1
                if rest[candidate] >= 0 and _match_cards(+rest, cards, rules.precog):
                    phantom, matched = candidate, True
                    break
        if not matched:
            numbers = [show_number(leaf.value) for leaf in leaves(tree)]
            if len(numbers) > _SHOWN_LEAVES:
                numbers = [*numbers[:_SHOWN_LEAVES], "…"]
            return DeclarationCheck(
                False,
                False,
                "your expression must use each Vector Set card exactly once: it uses "
                f"{', '.join(numbers)} but your cards are {_describe_cards(cards, rules.precog)}"
                + (
                    f" (a phantom may be {' or '.join(map(str, phantom_values(cards, rules.precog)))})"
                    if rules.extrapolation and phantom_values(cards, rules.precog)
                    else ""
                ),
                "every card exactly once",
            )
    slingshot = rules.slingshot and is_slingshot(cards)
    try:
        value = evaluate(tree)
    except OutOfRange as error:
        return DeclarationCheck(False, False, f"out of range: {error}", "out of range")
    except ExpressionError as error:
        return DeclarationCheck(
            True,
            False,
            f"calculated wrongly: {error}",
            "calculated wrongly",
            slingshot=slingshot,
            phantom=phantom,
        )
    distance = abs(value - target)
    effective = distance - (SLINGSHOT_BONUS if slingshot else 0)
    if value != declared:
        return DeclarationCheck(
            True,
            False,
            f"calculated wrongly: the expression makes {show_number(value)}, "
            f"not {show_number(declared)}",
            "calculated wrongly",
            value,
            distance,
            effective,
            slingshot,
            phantom,
        )
    return _correct(value, distance, effective, slingshot, phantom)


def _correct(
    value: int, distance: int, effective: int, slingshot: bool, phantom: int | None
) -> DeclarationCheck:
    """The verdict on a correct declaration."""
    away = f"{show_number(distance)} away" + (
        f", {show_number(effective)} after the Slingshot" if slingshot else ""
    )
    return DeclarationCheck(
        True,
        True,
        f"{show_number(value)}: {away}",
        "declaration",
        value,
        distance,
        effective,
        slingshot,
        phantom,
    )


_SUM_CHARS = frozenset("0123456789 +")
"""Every character of a plain sum's text (card values joined by " + ")."""


def _plain_sum_verdict(
    memory: tuple[Card, ...],
    beacon: Card | None,
    target: int,
    choice: VectorChoice,
    expression: str,
    declared: int,
    rules: VectorRules,
) -> DeclarationCheck | None:
    """The verdict on the plain sum of an allowed Vector Set, declared as what it makes
    (the declarations the engine lists), without reading the text; ``None`` for any
    other declaration. It is the verdict the full check gives: the text adds up each
    card's value once, in the order of ``choice``."""
    if not _SUM_CHARS.issuperset(expression):
        return None  # brackets or another operation: not a plain sum's text
    if not is_allowed(choice, memory, beacon, rules):
        return None
    cards = choice.cards(beacon)
    values = [card_values(card, rules.precog)[0] for card in cards]
    value = sum(values)
    if value != declared or expression != " + ".join(map(str, values)):
        return None
    slingshot = rules.slingshot and is_slingshot(cards)
    distance = abs(value - target)
    return _correct(
        value, distance, distance - (SLINGSHOT_BONUS if slingshot else 0), slingshot, None
    )
