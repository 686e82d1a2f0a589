"""Navigator's actions (buy or pass the Pirate Map, pick, declare) and the reader of a
typed declaration.

>>> from cardmath.cards import Card
>>> str(Pick(Card.parse("7H"), lock=True)), str(PassMap())
('lock 7H', 'pass')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, CardError, checked_text, quoted
from cardmath.expr import show_number
from cardmath.game import cached_hash
from cardmath.games.navigator.vector_sets import VectorChoice

__all__ = [
    "Action",
    "BuyMap",
    "Declare",
    "PassMap",
    "Pick",
    "parse_declaration",
    "parse_navigator_action",
    "pick_action",
]

# --- actions ---------------------------------------------------------------------------


@codec.serializable("navigator.BuyMap")
@dataclass(frozen=True)
class BuyMap:
    """Buy the Pirate Map before the deal, paying ``price`` chips into the Bounty."""

    price: int

    __hash__ = cached_hash

    def __str__(self) -> str:
        return f"buy the pirate map for {self.price} chips"


@codec.serializable("navigator.PassMap")
@dataclass(frozen=True)
class PassMap:
    """Do not buy the Pirate Map this round."""

    __hash__ = cached_hash

    def __str__(self) -> str:
        return "pass"


@codec.serializable("navigator.Pick")
@dataclass(frozen=True)
class Pick:
    """Keep ``card`` from the Data Packet; ``lock`` (first packet, Hotshot Spacer) locks it."""

    card: Card
    lock: bool = False

    __hash__ = cached_hash

    def __str__(self) -> str:
        return f"{'lock' if self.lock else 'pick'} {self.card}"


@codec.serializable("navigator.Declare")
@dataclass(frozen=True)
class Declare:
    """A showdown declaration: the Vector Set, the expression, and the declared result.

    ``memory`` are the Nav Memory cards used, ``beacon`` whether the Signpost Beacon is
    in the set (always, except for a Pirate Map owner), ``expression`` the text (card
    names J Q K JK may be typed; an Ace is typed as 1 or 100), ``value`` the declared
    result, ``target`` the target it is declared for (``None``: the current one).

    >>> str(Declare((Card.parse("7H"), Card.parse("8S")), True, "(J - 7) * 8", 32, 31))
    'declare 7H 8S + beacon: (J - 7) * 8 = 32 (target 31)'
    """

    memory: tuple[Card, ...]
    beacon: bool
    expression: str
    value: int
    target: int | None = None

    __hash__ = cached_hash

    @property
    def choice(self) -> VectorChoice:
        return VectorChoice(tuple(self.memory), self.beacon)

    def __str__(self) -> str:
        memory = self.memory if isinstance(self.memory, (tuple, list)) else (self.memory,)
        cards = " ".join(str(card) if isinstance(card, Card) else quoted(card) for card in memory)
        cards += " + beacon" if self.beacon else " (no beacon)"
        target = "" if self.target is None else f" (target {show_number(self.target)})"
        expression = (
            self.expression if isinstance(self.expression, str) else quoted(self.expression)
        )
        return f"declare {cards}: {expression} = {show_number(self.value)}{target}"


Action = BuyMap | PassMap | Pick | Declare


@lru_cache(maxsize=512)
def pick_action(card: Card, lock: bool) -> Pick:
    """The action of picking (or locking) ``card``, made once (actions are immutable).

    >>> pick_action(Card.parse("7H"), True) is pick_action(Card.parse("7H"), True)
    True
    """
    return Pick(card, lock)


_DECLARE_HEAD = re.compile(r"^\s*declare\s+(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_DECLARE_CARDS = re.compile(
    r"^(?P<cards>[^+(]*?)\s*(?P<beacon>\+\s*beacon|\(no beacon\))?\s*$", re.I
)
_DECLARE_TARGET = re.compile(r"\(\s*target\s+(?P<target>[0-9]{1,12})\s*\)\s*$", re.IGNORECASE)
_DECLARE_VALUE = re.compile(r"^\s*(?P<value>-?[0-9]{1,12})\s*$")
_DECLARATION_EXAMPLE = "declare 7H 8S + beacon: (J - 7) * 8 = 32"


def parse_declaration(text: str) -> Declare:
    """Read a declaration typed as ``declare 7H 8S + beacon: (J - 7) * 8 = 32``.

    The cards come before the colon (``(no beacon)`` for a Pirate Map owner's set), the
    expression after it, then ``=`` and the declared result, and perhaps the target the
    declaration is for, as the engine lists it (``(target 31)``). Anything else is
    refused with :class:`~cardmath.errors.ActionSyntaxError` (rule ``declaration``).

    >>> parse_declaration("declare 7H 8S + beacon: (J - 7) * 8 = 32").value
    32
    >>> parse_declaration("declare 7H 8S + beacon: (J - 7) * 8 = " + "9" * 50)
    Traceback (most recent call last):
      ...
    cardmath.errors.ActionSyntaxError: write a declaration as: declare 7H 8S + beacon: (J - 7) * 8 = 32, not 'declare 7H 8S + beacon: (J - 7) * 8 = 99999999999999999999…
    """
    checked_text(
        text, "a declaration", _DECLARATION_EXAMPLE, error=ActionSyntaxError, rule="declaration"
    )
    head = _DECLARE_HEAD.match(text)
    cards_text, colon, tail = head.group("rest").partition(":") if head else ("", "", "")
    target_match = _DECLARE_TARGET.search(tail)
    if target_match:
        tail = tail[: target_match.start()]
    expression, equals, value_text = tail.rpartition("=")
    cards_match = _DECLARE_CARDS.match(cards_text)
    value_match = _DECLARE_VALUE.match(value_text)
    if not (colon and equals and cards_match and value_match and expression.strip()):
        raise ActionSyntaxError(
            f"write a declaration as: {_DECLARATION_EXAMPLE}, not {quoted(text.strip())}",
            rule="declaration",
        )
    words = cards_match.group("cards").split()
    if len(words) > 5:
        raise ActionSyntaxError(
            f"a Vector Set uses two or three Nav Memory cards, not {len(words)}",
            rule="declaration",
        )
    try:
        cards = tuple(Card.parse(word) for word in words)
    except CardError as error:
        raise ActionSyntaxError(str(error), rule="declaration") from error
    beacon = not (cards_match.group("beacon") or "+").lower().startswith("(")
    target = target_match.group("target") if target_match else None
    return Declare(
        cards,
        beacon,
        expression.strip(),
        int(value_match.group("value")),
        None if target is None else int(target),
    )


_BUY = re.compile(
    r"^\s*buy(?:\s+the)?(?:\s+pirate)?(?:\s+map)?(?:\s+for)?\s+(?P<price>\d{1,12})"
    r"(?:\s+chips?)?\s*$",
    re.IGNORECASE,
)
_MOVE_EXAMPLES = "'pick 7H', 'lock 7H', 'pass', 'buy the pirate map for 2 chips' or a declaration"


def parse_navigator_action(text: str) -> Action:
    """Any Navigator action from its text (syntax only): ``pick 7H``, ``lock 7H``,
    ``pass``, ``buy the pirate map for 2 chips`` or a declaration (see
    :func:`parse_declaration`); anything else is refused with
    :class:`~cardmath.errors.ActionSyntaxError`.

    >>> parse_navigator_action("lock 7H"), parse_navigator_action("buy the pirate map for 2 chips")
    (Pick(card=Card('7H'), lock=True), BuyMap(price=2))
    >>> parse_navigator_action("fold")
    Traceback (most recent call last):
      ...
    cardmath.errors.ActionSyntaxError: 'fold' is not a Navigator move: write 'pick 7H', 'lock 7H', 'pass', 'buy the pirate map for 2 chips' or a declaration
    """
    checked_text(text, "a move", "pick 7H", error=ActionSyntaxError, rule="move format")
    words = text.split()
    first = words[0].lower() if words else ""
    if first == "declare":
        return parse_declaration(text)
    if words == ["pass"] or (len(words) == 1 and first == "pass"):
        return PassMap()
    if first in ("pick", "lock") and len(words) == 2:
        try:
            return Pick(Card.parse(words[1]), lock=first == "lock")
        except CardError as error:
            raise ActionSyntaxError(
                f"{quoted(words[1])} is not a card: {error}", rule="move format"
            ) from error
    bought = _BUY.match(text)
    if bought:
        return BuyMap(int(bought.group("price")))
    raise ActionSyntaxError(
        f"{quoted(text.strip())} is not a Navigator move: write {_MOVE_EXAMPLES}",
        rule="move format",
    )
