"""What Navigator's cards are worth: in a Vector Set, in the target, in a run.

* :func:`card_values`, :func:`target_card_value`, :func:`target_value`: card values and
  the target (an Override card stands alone);
* :func:`card_names` and :func:`typed_names`: the names a student may type;
* :func:`is_slingshot` (Slingshot Manoeuvre) and :func:`phantom_values` (Extrapolative
  Computation).

>>> from cardmath.cards import Card
>>> target_value(Card.parse("QH"), Card.parse("5C"))
125
"""

from __future__ import annotations

from collections.abc import Iterable

from cardmath.cards import Card
from cardmath.errors import CardMathError
from cardmath.wording import FACE_VALUES, JOKER_NAMES, JOKER_VALUE

__all__ = [
    "PHANTOM_RANGE",
    "SLINGSHOT_BONUS",
    "card_names",
    "card_values",
    "is_override",
    "is_slingshot",
    "phantom_values",
    "sequence_value",
    "target_card_value",
    "target_value",
    "typed_names",
]

PHANTOM_RANGE = range(0, 14)
"""Extrapolated phantom values stay inside 0..13 (no value past a King)."""

SLINGSHOT_BONUS = 2
"""Slingshot Manoeuvre: a Vector Set all of one suit takes 2 off its distance."""

_FACE = {**FACE_VALUES, "P": 1, "N": 11}
_JOKERS = dict.fromkeys(JOKER_NAMES, JOKER_VALUE)


# --- card values ---------------------------------------------------------------------


def card_values(card: Card, precog: bool = False) -> tuple[int, ...]:
    """The values a card may take in a Vector Set.

    Standard deck: A 1 or 100 (the player's choice), J 11, Q 12, K 13, Joker 0. Precog
    (tarot): Page 1, Knight 11, Queen 12, King 13, Ace 100 always, trumps their number.

    >>> card_values(Card.parse("AS")), card_values(Card.parse("AS"), precog=True)
    ((1, 100), (100,))
    >>> card_values(Card.parse("JK")), card_values(Card.parse("T20"), precog=True)
    ((0,), (20,))
    """
    if card.is_joker:
        return (0,)
    if card.is_trump:
        return (int(card.rank),)
    if card.rank == "A":
        return (100,) if precog else (1, 100)
    if card.rank in _FACE:
        return (_FACE[card.rank],)
    return (int(card.rank),)


def target_card_value(card: Card, precog: bool = False) -> int:
    """A card's value in the target: the Ace is 1 (100 in Precog), the rest as usual.

    >>> target_card_value(Card.parse("AH")), target_card_value(Card.parse("AH"), precog=True)
    (1, 100)
    """
    if card.rank == "A" and not card.is_trump:
        return 100 if precog else 1
    return card_values(card, precog)[0]


def sequence_value(card: Card, precog: bool = False) -> int:
    """A card's value for Extrapolative Computation: the Ace counts 1 (100 in Precog).

    >>> sequence_value(Card.parse("AC")), sequence_value(Card.parse("KC"))
    (1, 13)
    """
    return target_card_value(card, precog)


def is_override(card: Card, override_suit: str) -> bool:
    """Whether ``card`` belongs to the Override suit (a Joker never does)."""
    return bool(override_suit) and not card.is_joker and card.suit == override_suit


def target_value(
    first: Card,
    second: Card | None = None,
    *,
    precog: bool = False,
    override_suit: str = "",
) -> int:
    """The target made by the first card (tens) and the second card (ones).

    With Command Override an Override card stands alone: if the first card is one, the
    target is its value (no second card is dealt); if the second is, the first is
    discarded and the target is the second's value.

    >>> C = Card.parse
    >>> target_value(C("3S"), C("5D")), target_value(C("QH"), C("5C")), target_value(C("5H"), C("KS"))
    (35, 125, 63)
    >>> target_value(C("JK"), C("5D")), target_value(C("AS"), C("AD"))
    (5, 11)
    >>> target_value(C("7H"), C("KS"), override_suit="S")
    13
    """
    if is_override(first, override_suit):
        return target_card_value(first, precog)
    if second is None:
        raise CardMathError("the target needs a second card (ones) unless the first is Override")
    if is_override(second, override_suit):
        return target_card_value(second, precog)
    return 10 * target_card_value(first, precog) + target_card_value(second, precog)


def card_names(precog: bool = False) -> dict[str, int]:
    """Card names a student may type in an expression, with their values.

    The Ace is left out in the standard deck (it is 1 or 100: type the number).

    >>> card_names()["Q"], card_names(precog=True)["N"]
    (12, 11)
    """
    if precog:
        return {"P": 1, "N": 11, "Q": 12, "K": 13, "A": 100, **_JOKERS}
    return {**FACE_VALUES, **_JOKERS}


def typed_names(precog: bool = False) -> dict[str, tuple[int, ...]]:
    """Card names a student may type in an expression builder, each with every value it
    may stand for: the standard deck's Ace is 1 or 100, so the builder asks which.

    >>> typed_names()["A"], typed_names()["K"], typed_names(precog=True)["A"]
    ((1, 100), (13,), (100,))
    >>> list(typed_names())
    ['J', 'Q', 'K', 'A', 'JK', 'JOKER']
    """
    names: dict[str, tuple[int, ...]] = {
        name: (value,) for name, value in card_names(precog).items()
    }
    if precog:
        return names
    ace = card_values(Card.parse("AS"))
    ordered = {name: names[name] for name in ("J", "Q", "K")}
    return {**ordered, "A": ace, **{k: v for k, v in names.items() if k not in ordered}}


# --- Slingshot and Extrapolative Computation -----------------------------------------


def is_slingshot(cards: Iterable[Card]) -> bool:
    """Whether every card is of one suit (a Joker has no suit, so it never is).

    >>> is_slingshot(map(Card.parse, ["2H", "9H", "KH"])), is_slingshot(map(Card.parse, ["2H", "JK"]))
    (True, False)
    """
    suits = {card.suit for card in cards}
    return len(suits) == 1 and "" not in suits


def phantom_values(cards: Iterable[Card], precog: bool = False) -> tuple[int, ...]:
    """Phantom values three consecutive values allow: one just below or just above.

    The Ace counts 1 and the Joker 0; phantoms stay inside 0..13.

    >>> C = Card.parse
    >>> phantom_values([C("AH"), C("2S"), C("3D")]), phantom_values([C("JH"), C("QS"), C("KD")])
    ((0, 4), (10,))
    >>> phantom_values([C("JK"), C("AS"), C("2D")]), phantom_values([C("4H"), C("6S"), C("7D")])
    ((3,), ())
    """
    values = {sequence_value(card, precog) for card in cards}
    found: set[int] = set()
    for low in values:
        if low + 1 in values and low + 2 in values:
            found.update(v for v in (low - 1, low + 3) if v in PHANTOM_RANGE)
    return tuple(sorted(found))
