"""Navigator's options: players, chips, rounds, the optional scoring rules and the
variants of seed 000.

>>> NavigatorOptions(variant="pirate_map").variant
('pirate-map',)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cached_property, lru_cache
from typing import Any

from cardmath import codec
from cardmath.cards import Card, standard_deck, tarot_deck
from cardmath.errors import OptionError, quoted
from cardmath.game import Options, option

__all__ = [
    "MAX_ROUNDS",
    "MAX_STARTING_CHIPS",
    "SUIT_CHOICES",
    "VARIANTS",
    "VARIANT_RULES",
    "NavigatorOptions",
]

VARIANTS: dict[str, str] = {
    "forced-override": "Forced Command Override",
    "select-override": "Select Command Override",
    "forced-precog": "Forced Precog",
    "select-precog": "Select Precog",
    "pirate-map": "Pirate Map",
}
"""Variant names (as the ``variant`` option and ``--variant`` take them) and titles."""

_VARIANT_ALIASES = {
    "forced-command-override": "forced-override",
    "select-command-override": "select-override",
    "pirate": "pirate-map",
    "piratemap": "pirate-map",
}


def _variant_name(text: Any) -> str:
    if not isinstance(text, str):
        raise OptionError(f"a variant is a name such as 'pirate-map', not {quoted(text)}")
    name = text.strip().lower().replace("_", "-").replace(" ", "-")
    name = _VARIANT_ALIASES.get(name, name)
    if name not in VARIANTS:
        raise OptionError(
            f"Navigator has no variant {quoted(text)}; the variants are {', '.join(VARIANTS)}"
        )
    return name


VARIANT_RULES: dict[str, str] = {
    "forced-override": "One suit is the Override suit: every Override card in your Nav Memory "
    "must be in your Vector Set, and an Override card in the target stands alone.",
    "select-override": "One suit is the Override suit: your Vector Set must hold one of the "
    "Override cards in your Nav Memory, and an Override card in the target stands alone.",
    "forced-precog": "Play with the tarot deck (Ace 100, trumps 0 to 21 are the Override suit) "
    "and the Forced Command Override rules.",
    "select-precog": "Play with the tarot deck (Ace 100, trumps 0 to 21 are the Override suit) "
    "and the Select Command Override rules.",
    "pirate-map": "Before a round a player may buy the Pirate Map (its price goes to the "
    "Bounty) and then may leave out the Signpost Beacon; a die corrupts one Nav Memory card.",
}
"""Each variant's rule in one sentence (the settings panel and ``games`` show them)."""

SUIT_CHOICES: dict[str, str] = {
    "": "drawn at random",
    "C": "clubs",
    "D": "diamonds",
    "H": "hearts",
    "S": "spades",
}

MAX_STARTING_CHIPS = 30
"""Most starting chips: with more, a game played until one navigator is left could run
for hundreds of rounds."""

MAX_ROUNDS = 100
"""Most rounds a game may be limited to (a lesson plays 5 to 20)."""


@codec.serializable("navigator.NavigatorOptions")
@dataclass(frozen=True)
class NavigatorOptions(Options):
    """Navigator's options (defaults are the core game of seed 000 with the rulings).

    ``variant`` takes one variant name or a tuple of them (``forced-override``,
    ``select-override``, ``forced-precog``, ``select-precog``, ``pirate-map``); it is
    stored as a tuple in a fixed order. ``override_suit`` is ``""`` (drawn at random per
    game) or ``C D H S``. ``rounds`` 0 plays until one navigator is left.

    >>> NavigatorOptions(variant="pirate_map").variant
    ('pirate-map',)
    >>> NavigatorOptions(variant=("forced-override", "select-precog")).validate()
    Traceback (most recent call last):
      ...
    cardmath.errors.OptionError: Variants: choose at most one of the Command Override and Precog variants, not Forced Command Override and Select Precog
    """

    players: int = option(3, "Players", "How many navigators play.", minimum=2, maximum=4)
    starting_chips: int = option(
        10,
        "Starting chips",
        "Chips each navigator starts with; a navigator without chips is out.",
        minimum=1,
        maximum=MAX_STARTING_CHIPS,
    )
    rounds: int = option(
        0,
        "Rounds",
        "Stop after this many rounds and the most chips win; 0 plays until one navigator is left.",
        minimum=0,
        maximum=MAX_ROUNDS,
    )
    hotshot: bool = option(
        False,
        "Hotshot Spacer",
        "A player may lock a card of their first Data Packet: they must use it, and win or "
        "lose 2 chips with every other player.",
    )
    slingshot: bool = option(
        False,
        "Slingshot Manoeuvre",
        "A Vector Set all of one suit counts 2 closer to the target.",
    )
    extrapolation: bool = option(
        False,
        "Extrapolative Computation",
        "Three consecutive values in a Vector Set allow one extra phantom value just below "
        "or just above them.",
    )
    variant: tuple[str, ...] = option(
        (),
        "Variants",
        "Variants of the seed; the Pirate Map combines with any one of the others.",
        choices=VARIANTS,
        choice_help=VARIANT_RULES,
        exclusive={
            "Command Override and Precog variants": (
                "forced-override",
                "select-override",
                "forced-precog",
                "select-precog",
            )
        },
    )
    override_suit: str = option(
        "",
        "Override suit",
        "Which suit is the Override suit in the Command Override variants; drawn at random "
        "for each game unless you choose one.",
        choices=SUIT_CHOICES,
    )

    def __post_init__(self) -> None:
        variant: Any = self.variant
        if isinstance(variant, str):
            variant = () if not variant.strip() else tuple(variant.split(","))
        if not isinstance(variant, (tuple, list, frozenset, set)):
            raise OptionError(f"Variants are a name or a tuple of names, not {quoted(variant)}")
        names = {_variant_name(name) for name in variant}
        object.__setattr__(self, "variant", tuple(name for name in VARIANTS if name in names))
        suit = self.override_suit
        if isinstance(suit, str):
            object.__setattr__(self, "override_suit", suit.strip().upper())

    def validate(self) -> None:
        super().validate()
        exclusive = [VARIANTS[name] for name in self.variant if name != "pirate-map"]
        if len(exclusive) > 1:
            raise OptionError(
                "Variants: choose at most one of the Command Override and Precog variants, "
                "not " + " and ".join(exclusive)
            )
        if self.override_suit and not self.override_mode:
            raise OptionError("Override suit needs the Forced or Select Command Override variant")
        if self.override_suit and self.precog:
            raise OptionError("Override suit: in Precog the trumps are always the Override suit")

    def __hash__(self) -> int:  # cached: options are keys of the remembered rules
        value: int | None = self.__dict__.get("_hash")
        if value is None:
            value = hash(tuple(getattr(self, item.name) for item in fields(self)))
            object.__setattr__(self, "_hash", value)
        return value

    @cached_property
    def override_mode(self) -> str:
        """``""``, ``"forced"`` or ``"select"``: which Command Override rules apply."""
        for name in self.variant:
            if name.startswith("forced"):
                return "forced"
            if name.startswith("select"):
                return "select"
        return ""

    @cached_property
    def precog(self) -> bool:
        """Whether a Precog variant is on (tarot deck, trumps are the Override suit)."""
        return any(name.endswith("precog") for name in self.variant)

    @cached_property
    def pirate_map(self) -> bool:
        return "pirate-map" in self.variant

    def deck(self) -> tuple[Card, ...]:
        """The 54-card deck, or the 80-card tarot deck for Precog (made once: cards are
        immutable, and a game collects and deals its deck every round)."""
        return _deck(self.precog)


@lru_cache(maxsize=2)
def _deck(precog: bool) -> tuple[Card, ...]:
    return tuple(tarot_deck() if precog else standard_deck())
