"""Which Vector Sets a navigator may build: the beacon, the Hotshot lock, Command
Override and the Pirate Map.

>>> from cardmath.cards import Card
>>> memory = [Card.parse(text) for text in ("2H", "5H", "9C", "KH")]
>>> [str(choice) for choice in vector_set_choices(memory, Card.parse("3D"))][:2]
['2H 5H + beacon', '2H 9C + beacon']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from operator import attrgetter
from typing import Any

from cardmath import codec
from cardmath.cards import TRUMP, Card
from cardmath.errors import CardMathError
from cardmath.games.navigator.values import is_override, phantom_values

__all__ = [
    "VectorChoice",
    "VectorRules",
    "card_order",
    "player_rules",
    "possible_phantoms",
    "vector_set_choices",
    "why_not_choice",
]

# --- Vector Sets ---------------------------------------------------------------------


@codec.serializable("navigator.VectorRules", formerly=("navigator_rules.VectorRules",))
@dataclass(frozen=True)
class VectorRules:
    """Everything that decides which Vector Sets one player may build this round.

    ``override`` is ``""``, ``"forced"`` or ``"select"``; ``override_suit`` a suit letter
    (``T`` for tarot trumps); ``locked`` the player's Hotshot card (must use);
    ``skip_beacon`` whether the player owns the Pirate Map (may leave out the beacon).

    >>> VectorRules(override="forced", override_suit="H").override_suit
    'H'
    """

    override: str = ""
    override_suit: str = ""
    precog: bool = False
    slingshot: bool = False
    extrapolation: bool = False
    skip_beacon: bool = False
    locked: Card | None = None

    def __post_init__(self) -> None:
        if self.override not in ("", "forced", "select"):
            raise CardMathError(f"override is '', 'forced' or 'select', not {self.override!r}")
        if self.override and self.override_suit not in ("C", "D", "H", "S", TRUMP):
            raise CardMathError("with Command Override, say which suit is the Override suit")

    def __hash__(self) -> int:  # cached: rules are keys of the remembered answers
        value: int | None = self.__dict__.get("_hash")
        if value is None:
            value = hash(tuple(getattr(self, name) for name in _RULE_FIELDS))
            object.__setattr__(self, "_hash", value)
        return value

    def is_override(self, card: Card) -> bool:
        """Whether ``card`` is an Override card under these rules."""
        return bool(self.override) and is_override(card, self.override_suit)

    @classmethod
    def from_options(
        cls,
        options: Any = None,
        *,
        override_suit: str | None = None,
        locked: Card | None = None,
        map_owner: bool = False,
    ) -> VectorRules:
        """Rules from a :class:`~cardmath.games.navigator.NavigatorOptions` (``None``:
        the core game) and the player's situation.

        >>> from cardmath.games.navigator import NavigatorOptions
        >>> VectorRules.from_options(NavigatorOptions(variant="forced-precog")).override_suit
        'T'
        """
        if options is None:
            return cls(locked=locked, skip_beacon=map_owner)
        suit = override_suit if override_suit is not None else options.override_suit
        if options.precog:
            suit = TRUMP
        return cls(
            override=options.override_mode,
            override_suit=suit if options.override_mode else "",
            precog=options.precog,
            slingshot=options.slingshot,
            extrapolation=options.extrapolation,
            skip_beacon=map_owner and options.pirate_map,
            locked=locked if options.hotshot else None,
        )


_RULE_FIELDS = tuple(item.name for item in fields(VectorRules))


@lru_cache(maxsize=1024)
def player_rules(
    options: Any, override_suit: str, locked: Card | None, map_owner: bool
) -> VectorRules:
    """:meth:`VectorRules.from_options`, remembered (a game asks for the same few rules at
    every step; ``options`` is a hashable
    :class:`~cardmath.games.navigator.NavigatorOptions`).

    >>> player_rules(None, "", None, False) is player_rules(None, "", None, False)
    True
    """
    return VectorRules.from_options(
        options, override_suit=override_suit, locked=locked, map_owner=map_owner
    )


@codec.serializable("navigator.VectorChoice", formerly=("navigator_rules.VectorChoice",))
@dataclass(frozen=True)
class VectorChoice:
    """One Vector Set: the Nav Memory cards used and whether the Signpost Beacon is in it.

    >>> choice = VectorChoice((Card.parse("5H"), Card.parse("QC")), True)
    >>> str(choice), choice.cards(Card.parse("6D"))
    ('5H QC + beacon', (Card('5H'), Card('QC'), Card('6D')))
    """

    memory: tuple[Card, ...]
    beacon: bool = True

    def cards(self, beacon: Card | None) -> tuple[Card, ...]:
        """Every card of the Vector Set, the beacon last."""
        if self.beacon:
            if beacon is None:
                raise CardMathError("this Vector Set uses the Signpost Beacon, but there is none")
            return (*self.memory, beacon)
        return self.memory

    def __str__(self) -> str:
        cards = " ".join(str(card) for card in self.memory)
        return f"{cards} + beacon" if self.beacon else f"{cards} (no beacon: Pirate Map)"


card_order = attrgetter("rank", "suit")
"""Sort key of cards, in the order of :class:`~cardmath.cards.Card` (rank, then suit),
without comparing the dataclasses themselves."""


def _combinations(memory: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of ``memory`` with ``size`` cards (sorted tuples)."""
    found: dict[tuple[Card, ...], None] = {}
    for combo in itertools.combinations(sorted(memory, key=card_order), size):
        found[combo] = None
    return list(found)


def _contains(combo: Sequence[Card], required: Sequence[Card]) -> bool:
    """Whether ``combo`` holds every card of ``required`` (as a multiset)."""
    if not required:
        return True
    if len(required) == 1:
        return required[0] in combo
    return not Counter(required) - Counter(combo)


def vector_set_choices(
    memory: Sequence[Card], beacon: Card | None, rules: VectorRules | None = None
) -> tuple[VectorChoice, ...]:
    """Every Vector Set the rules allow from this Nav Memory and beacon.

    Core game: two Nav Memory cards and the beacon. A Hotshot's locked card must be used.
    Forced Command Override: every Override card in the Nav Memory is used, plus other
    cards to make at least three with the beacon (so the set may be larger). Select
    Command Override: exactly three cards, at least one of them an Override card from the
    Nav Memory when it holds any. Pirate Map owner: also all three remaining Nav Memory
    cards without the beacon, unless the beacon is an Override card.

    >>> C = Card.parse
    >>> memory = [C("2H"), C("5H"), C("9C"), C("KH")]
    >>> len(vector_set_choices(memory, C("3D")))
    6
    >>> forced = VectorRules(override="forced", override_suit="H")
    >>> [str(choice) for choice in vector_set_choices(memory, C("3D"), forced)]
    ['2H 5H KH + beacon']
    >>> select = VectorRules(override="select", override_suit="H")
    >>> len(vector_set_choices(memory, C("3D"), select))
    6
    """
    return _choices(tuple(memory), beacon, rules or VectorRules())


@lru_cache(maxsize=8192)
def _choices(
    memory: tuple[Card, ...], beacon: Card | None, rules: VectorRules
) -> tuple[VectorChoice, ...]:
    """:func:`vector_set_choices`, remembered (the engine asks at every declaration)."""
    cards = sorted(memory, key=card_order)
    required: list[Card] = []
    if rules.locked is not None and rules.locked in cards:
        required.append(rules.locked)
    # an Override card: of the Override suit (a Joker, of no suit, never is), as is_override
    suit = rules.override_suit if rules.override else ""
    overrides = [card for card in cards if card.suit == suit] if suit else []
    choices: list[VectorChoice] = []

    def allowed(combo: tuple[Card, ...]) -> bool:
        if not required and not overrides:
            return True
        if not _contains(combo, required):
            return False
        if rules.override == "forced" and not _contains(combo, overrides):
            return False
        return not (
            rules.override == "select"
            and overrides
            and not any(card.suit == suit for card in combo)
        )

    def sets_of(size: int) -> list[tuple[Card, ...]]:
        if rules.override == "forced":
            mandatory = list((Counter(overrides) | Counter(required)).elements())
            if len(mandatory) >= size:
                if len(mandatory) > len(cards):
                    return []
                return [tuple(sorted(mandatory, key=card_order))]
        return [combo for combo in _combinations(cards, size) if allowed(combo)]

    if beacon is not None:
        choices += [VectorChoice(combo, True) for combo in sets_of(min(2, len(cards)))]
    if rules.skip_beacon and not (beacon is not None and suit and beacon.suit == suit):
        choices += [VectorChoice(combo, False) for combo in sets_of(min(3, len(cards)))]
    return tuple(choices)


def is_allowed(
    choice: VectorChoice, memory: Sequence[Card], beacon: Card | None, rules: VectorRules
) -> bool:
    """Whether ``choice`` (its cards in any order) is one of :func:`vector_set_choices`.

    >>> C = Card.parse
    >>> is_allowed(VectorChoice((C("5H"), C("2H"))), [C("2H"), C("5H"), C("9C")], C("3D"), VectorRules())
    True
    """
    return VectorChoice(tuple(sorted(choice.memory, key=card_order)), choice.beacon) in _allowed(
        tuple(memory), beacon, rules
    )


@lru_cache(maxsize=8192)
def _allowed(
    memory: tuple[Card, ...], beacon: Card | None, rules: VectorRules
) -> frozenset[VectorChoice]:
    """:func:`vector_set_choices` as a set, remembered."""
    return frozenset(_choices(memory, beacon, rules))


def why_not_choice(
    choice: VectorChoice,
    memory: Sequence[Card],
    beacon: Card | None,
    rules: VectorRules,
) -> str | None:
    """Why ``choice`` is not a Vector Set the rules allow (``None`` when it is)."""
    if is_allowed(choice, memory, beacon, rules):
        return None  # every allowed set is made of Nav Memory cards
    if Counter(choice.memory) - Counter(memory):
        missing = sorted((Counter(choice.memory) - Counter(memory)).elements())
        verb = "is" if len(missing) == 1 else "are"
        return f"{', '.join(map(str, missing[:8]))} {verb} not in your Nav Memory"
    wanted = Counter(choice.memory)
    if not choice.beacon and (not rules.skip_beacon or beacon is None):
        return "the Signpost Beacon must be part of your Vector Set"
    if not choice.beacon and rules.is_override(beacon):  # type: ignore[arg-type]
        return "the Signpost Beacon is an Override card, so even the Pirate Map cannot skip it"
    if rules.locked is not None and rules.locked in memory and rules.locked not in choice.memory:
        return f"your locked Hotshot card {rules.locked} must be used"
    overrides = [card for card in memory if rules.is_override(card)]
    if rules.override == "forced" and Counter(overrides) - wanted:
        return "Forced Command Override: every Override card in your Nav Memory must be used"
    if rules.override == "select" and overrides and not any(map(rules.is_override, wanted)):
        return "Select Command Override: you must use one of the Override cards in your Nav Memory"
    if rules.override == "forced":
        return (
            "Forced Command Override: use all your Override cards and fill up to three cards "
            "with the Signpost Beacon"
        )
    if choice.beacon:
        return "a Vector Set is two Nav Memory cards and the Signpost Beacon"
    return "without the beacon the Pirate Map's Vector Set is the three remaining Nav Memory cards"


def possible_phantoms(cards: Iterable[Card], rules: VectorRules) -> tuple[int, ...]:
    """Every phantom value some Vector Set of ``cards`` could allow under ``rules`` (none
    without Extrapolative Computation): what a builder accepts without a card.

    >>> C = Card.parse
    >>> possible_phantoms([C("7S"), C("8D"), C("9H"), C("KS")], VectorRules(extrapolation=True))
    (6, 10)
    >>> possible_phantoms([C("7S"), C("8D"), C("9H")], VectorRules())
    ()
    """
    return phantom_values(cards, rules.precog) if rules.extrapolation else ()
