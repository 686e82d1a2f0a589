"""Cards and decks for every game on the platform.

Three kinds of card cover the five games:

* :class:`Card`: a playing card from the standard 54-card deck (with two jokers) or the
  80-card tarot deck (Page and Knight court cards, trumps 0..21, two jokers).
* :class:`SequencesCard`: a card of the Sequences game (starters, numbers, operators,
  terminators, modifiers), red or blue.
* :class:`NumberCard`: a Permutations card, a number 1..48 in one of four colours.

Every card has a short text form that round-trips, and draws itself in a notebook.

>>> Card.parse("QH")
Card('QH')
>>> str(Card.parse("10s")), Card.parse("JK").is_joker
('10S', True)
>>> len(standard_deck()), len(tarot_deck()), len(sequences_deck("red")), len(permutations_deck())
(54, 80, 35, 48)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeVar

from cardmath.errors import CardError, quoted
from cardmath.wording import JOKER_VALUE, RANK_VALUES

# --- playing cards (standard and tarot) ---------------------------------------------

SUITS: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
"""Suit letters and their names; tarot suit cards use the same four suits."""

SUIT_SYMBOLS: dict[str, str] = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "T": "★"}
TRUMP = "T"
"""Suit letter of the tarot trumps (the Major Arcana)."""

JOKER = "JK"

STANDARD_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TAROT_RANKS: tuple[str, ...] = (
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "P", "N", "Q", "K"
)  # fmt: skip
"""Tarot suit ranks: P is the Page, N the Knight (as in chess notation)."""

RANK_NAMES: dict[str, str] = {
    "A": "Ace", "J": "Jack", "Q": "Queen", "K": "King", "P": "Page", "N": "Knight",
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
    "8": "Eight", "9": "Nine", "10": "Ten",
}  # fmt: skip

STANDARD_PIPS: dict[str, int] = {
    **RANK_VALUES, **{str(n): n for n in range(2, 11)}, JOKER: JOKER_VALUE
}  # fmt: skip
"""Face values with the Ace low and the joker 0 (each game maps ranks to its own values)."""

TRUMP_NAMES: tuple[str, ...] = (
    "The Fool", "The Magician", "The High Priestess", "The Empress", "The Emperor",
    "The Hierophant", "The Lovers", "The Chariot", "Strength", "The Hermit",
    "Wheel of Fortune", "Justice", "The Hanged Man", "Death", "Temperance", "The Devil",
    "The Tower", "The Star", "The Moon", "The Sun", "Judgement", "The World",
)  # fmt: skip

_Parsed = TypeVar("_Parsed")
_TRUMP_NUMBERS = frozenset(str(number) for number in range(22))
_PARSED: dict[str, Card] = {}
_PARSED_SEQUENCES: dict[str, SequencesCard] = {}
_PARSED_NUMBERS: dict[str, NumberCard] = {}
_MOST_REMEMBERED = 10_000


def _remembered(cache: dict[str, _Parsed], text: str, read: Callable[[str], _Parsed]) -> _Parsed:
    """``read(text)``, remembered for a short text: cards are immutable, so one object
    serves every copy (saved games and moves read the same few texts constantly)."""
    if isinstance(text, str):
        found = cache.get(text)
        if found is not None:
            return found
    card = read(text)
    if len(cache) < _MOST_REMEMBERED and len(text) <= 16:
        cache[text] = card
    return card


_PLAYING_CARD = re.compile(r"^\s*(?:(JK|JOKER)|T(\d{1,2})|(10|[2-9AJQKPN])([CDHS]))\s*$", re.I)


@dataclass(frozen=True, order=True)
class Card:
    """A standard or tarot playing card.

    ``rank`` is one of ``A 2..10 J Q K`` (tarot adds ``P`` Page and ``N`` Knight, and
    trumps use their number ``"0".."21"`` with suit ``T``); ``suit`` is ``C D H S``, ``T``
    for a trump, or ``""`` for a joker.

    >>> Card.parse("T21").name, Card.parse("NC").name
    ('The World (trump 21)', 'Knight of clubs')
    >>> Card("A", "S").pips, Card.parse("JK").pips
    (1, 0)
    """

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.rank, str) or not isinstance(self.suit, str):
            raise CardError(
                f"a card's rank and suit are text, like Card('Q', 'H'), not "
                f"{quoted(self.rank)} and {quoted(self.suit)}"
            )
        if self.suit == "":
            if self.rank != JOKER:
                raise CardError(f"only a joker has no suit, not {quoted(self.rank)}")
        elif self.suit == TRUMP:
            if self.rank not in _TRUMP_NUMBERS:
                raise CardError(f"tarot trumps are numbered 0 to 21, not {quoted(self.rank)}")
        elif self.suit in SUITS:
            if self.rank not in TAROT_RANKS and self.rank not in STANDARD_RANKS:
                raise CardError(f"{quoted(self.rank)} is not a card rank")
        else:
            raise CardError(f"{quoted(self.suit)} is not a suit (use C, D, H, S or T)")
        object.__setattr__(self, "_hash", hash((self.rank, self.suit)))
        if self.suit == "":
            text = JOKER
        elif self.suit == TRUMP:
            text = f"T{self.rank}"
        else:
            text = f"{self.rank}{self.suit}"
        object.__setattr__(self, "_text", text)

    _hash: ClassVar[int]  # each card's own, set in __post_init__ (ClassVar: not a field)
    _text: ClassVar[str]  # its text, as __str__ gives it (saved games write it constantly)

    def __hash__(self) -> int:  # cached: cards are hashed constantly by the engines
        return self._hash

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from text: ``QH``, ``10S``, ``as`` (Ace of spades), ``JK``, ``T21``."""
        return _remembered(_PARSED, text, cls._parse)

    @classmethod
    def _parse(cls, text: str) -> Card:
        match = _PLAYING_CARD.match(text) if isinstance(text, str) and len(text) < 100 else None
        if not match:
            raise CardError(
                f"{quoted(text)} is not a card: write rank then suit, like QH, 10S, AC, "
                "or JK for a joker, T0..T21 for a tarot trump"
            )
        joker, trump, rank, suit = match.groups()
        if joker:
            return cls(JOKER, "")
        if trump is not None:
            return cls(str(int(trump)), TRUMP)
        return cls(rank.upper(), suit.upper())

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def is_joker(self) -> bool:
        return self.suit == ""

    @property
    def is_trump(self) -> bool:
        return self.suit == TRUMP

    @property
    def pips(self) -> int:
        """The face value with Ace 1, J 11, Q 12, K 13, joker 0 and trumps by number.

        Tarot Page and Knight have no standard value; games map them (``ValueError``).
        """
        if self.is_trump:
            return int(self.rank)
        if self.rank in STANDARD_PIPS:
            return STANDARD_PIPS[self.rank]
        raise CardError(f"the {self.name} has no standard value; the game decides it")

    @property
    def name(self) -> str:
        """The card's name in words, as a screen reader should say it."""
        if self.is_joker:
            return "Joker"
        if self.is_trump:
            return f"{TRUMP_NAMES[int(self.rank)]} (trump {self.rank})"
        return f"{RANK_NAMES[self.rank]} of {SUITS[self.suit]}"

    @property
    def colour(self) -> Literal["red", "black"]:
        """Traditional colour: hearts and diamonds red, everything else black."""
        return "red" if self.suit in ("H", "D") else "black"

    def _repr_svg_(self) -> str:
        from cardmath.svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        """The same drawing inline, so the page names it (an ``<img>`` has no alt)."""
        return self._repr_svg_()


def standard_deck(jokers: int = 2) -> tuple[Card, ...]:
    """The standard deck: 52 cards in four suits, then ``jokers`` jokers (54 by default).

    >>> deck = standard_deck()
    >>> str(deck[0]), str(deck[-1]), len(standard_deck(jokers=0))
    ('AC', 'JK', 52)
    """
    cards = [Card(rank, suit) for suit in SUITS for rank in STANDARD_RANKS]
    return tuple(cards + [Card(JOKER, "")] * jokers)


def tarot_deck(jokers: int = 2) -> tuple[Card, ...]:
    """The tarot deck: 56 suit cards (with Page and Knight), 22 trumps 0..21, two jokers.

    >>> deck = tarot_deck()
    >>> len(deck), sum(card.is_trump for card in deck), sum(card.is_joker for card in deck)
    (80, 22, 2)
    """
    suited = [Card(rank, suit) for suit in SUITS for rank in TAROT_RANKS]
    trumps = [Card(str(number), TRUMP) for number in range(22)]
    return tuple(suited + trumps + [Card(JOKER, "")] * jokers)


# --- Sequences cards -----------------------------------------------------------------

SequencesKind = Literal["starter", "number", "operator", "terminator", "modifier"]
SEQUENCES_COLOURS: tuple[str, ...] = ("red", "blue")
MODIFIERS: tuple[str, ...] = ("cancel", "invert", "swap")
OPERATORS: tuple[str, ...] = ("+", "-", "*", "/", "?")

SEQUENCES_CONTENTS: tuple[tuple[SequencesKind, str, int], ...] = (
    ("starter", "-2", 1), ("starter", "0", 1), ("starter", "2", 1), ("starter", "4", 1),
    ("number", "2", 3), ("number", "3", 2), ("number", "4", 2), ("number", "5", 1),
    ("number", "6", 1), ("number", "8", 1), ("number", "10", 1),
    ("operator", "+", 3), ("operator", "-", 3), ("operator", "*", 2), ("operator", "/", 2),
    ("operator", "?", 1),
    ("terminator", "=", 4),
    ("modifier", "cancel", 2), ("modifier", "invert", 2), ("modifier", "swap", 1),
)  # fmt: skip
"""One colour's 35 cards, as (kind, face, copies), exactly as the Sequences rules list them."""

_SEQUENCES_FACES = frozenset((kind, face) for kind, face, _ in SEQUENCES_CONTENTS)
_SEQUENCES_KINDS = tuple(dict.fromkeys(kind for kind, _, _ in SEQUENCES_CONTENTS))
_SEQUENCES_CARD = re.compile(
    r"^\s*(red|blue)\s+(\[-?\d+\]|-?\d+|[-+*/?=]|cancel|invert|swap)\s*$", re.I
)


@dataclass(frozen=True, order=True)
class SequencesCard:
    """A Sequences card: ``face`` is ``[4]`` style text for a starter's number, the number,
    the operator (``+ - * / ?``), ``=`` or the modifier's name; ``colour`` red or blue.

    >>> card = SequencesCard.parse("red [-2]")
    >>> card.kind, card.value, str(card)
    ('starter', -2, 'red [-2]')
    >>> SequencesCard.parse("blue ?").kind
    'operator'
    """

    colour: str
    kind: SequencesKind
    face: str

    def __post_init__(self) -> None:
        if not all(isinstance(part, str) for part in (self.colour, self.kind, self.face)):
            raise CardError(
                "a Sequences card's colour, kind and face are text, like "
                "SequencesCard('red', 'number', '5')"
            )
        if self.colour not in SEQUENCES_COLOURS:
            raise CardError(f"Sequences cards are red or blue, not {quoted(self.colour)}")
        if self.kind not in _SEQUENCES_KINDS:
            raise CardError(
                f"a Sequences card is a {', '.join(_SEQUENCES_KINDS)}, not {quoted(self.kind)}"
            )
        if (self.kind, self.face) not in _SEQUENCES_FACES:
            raise CardError(f"there is no Sequences {self.kind} card {quoted(self.face)}")
        object.__setattr__(self, "_hash", hash((self.colour, self.kind, self.face)))
        object.__setattr__(self, "_text", f"{self.colour} {self.text}")

    _hash: ClassVar[int]  # each card's own, set in __post_init__ (ClassVar: not a field)
    _text: ClassVar[str]  # its text, as __str__ gives it

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> SequencesCard:
        """Read ``"red [4]"``, ``"blue 10"``, ``"red ?"``, ``"blue cancel"``, ``"red ="``."""
        return _remembered(_PARSED_SEQUENCES, text, cls._parse)

    @classmethod
    def _parse(cls, text: str) -> SequencesCard:
        match = _SEQUENCES_CARD.match(text) if isinstance(text, str) and len(text) < 100 else None
        if not match:
            raise CardError(
                f"{quoted(text)} is not a Sequences card: write the colour then the card, "
                "like 'red [4]', 'blue 10', 'red +', 'blue =' or 'red swap'"
            )
        colour, face = match.group(1).lower(), match.group(2).lower()
        if face.startswith("["):
            return cls(colour, "starter", face[1:-1])
        if face.lstrip("-").isdigit():
            return cls(colour, "number", face)
        if face in MODIFIERS:
            return cls(colour, "modifier", face)
        if face == "=":
            return cls(colour, "terminator", face)
        return cls(colour, "operator", face)

    @property
    def value(self) -> int | None:
        """The number on a starter or number card, ``None`` for the others."""
        return int(self.face) if self.kind in ("starter", "number") else None

    @property
    def text(self) -> str:
        """The card's face as the rules write it: ``[4]``, ``2``, ``+``, ``=``, ``cancel``."""
        return f"[{self.face}]" if self.kind == "starter" else self.face

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"SequencesCard({str(self)!r})"

    def _repr_svg_(self) -> str:
        from cardmath.svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        """The same drawing inline, so the page names it (an ``<img>`` has no alt)."""
        return self._repr_svg_()


def sequences_deck(colour: str) -> tuple[SequencesCard, ...]:
    """One player's 35-card Sequences deck in ``colour`` (red or blue).

    >>> deck = sequences_deck("blue")
    >>> sum(card.kind == "operator" for card in deck), sum(card.kind == "starter" for card in deck)
    (11, 4)
    """
    cards: list[SequencesCard] = []
    for kind, face, copies in SEQUENCES_CONTENTS:
        cards += [SequencesCard(colour, kind, face)] * copies  # copies: one object, as Jokers
    return tuple(cards)


# --- Permutations cards --------------------------------------------------------------

PERMUTATIONS_COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
Colouring = Literal["interleaved", "blocks"]


def permutations_colour(number: int, colouring: Colouring = "interleaved") -> str:
    """The colour of Permutations card ``number`` (1..48).

    ``interleaved`` (the default): colour index (n - 1) mod 4; ``blocks``: 1-12 red,
    13-24 yellow, 25-36 green, 37-48 blue.

    >>> permutations_colour(1), permutations_colour(6), permutations_colour(6, "blocks")
    ('red', 'yellow', 'red')
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 48:
        raise CardError(f"Permutations cards are numbered 1 to 48, not {quoted(number)}")
    if colouring == "interleaved":
        return PERMUTATIONS_COLOURS[(number - 1) % 4]
    if colouring == "blocks":
        return PERMUTATIONS_COLOURS[(number - 1) // 12]
    raise CardError(f"colouring is 'interleaved' or 'blocks', not {quoted(colouring)}")


@dataclass(frozen=True, order=True)
class NumberCard:
    """A Permutations card: a unique number 1..48 and its colour.

    The colour is the number's colour in one of the two colourings (interleaved or
    blocks), so a card that exists in neither is refused.

    >>> card = NumberCard.parse("27G")
    >>> card.number, card.colour, str(card)
    (27, 'green', '27G')
    >>> NumberCard.parse("19R")
    Traceback (most recent call last):
      ...
    cardmath.errors.CardError: there is no card 19R: card 19 is green (or yellow when the cards are coloured in blocks)
    """

    number: int
    colour: str

    def __post_init__(self) -> None:
        number = self.number
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 48:
            raise CardError(f"Permutations cards are numbered 1 to 48, not {quoted(number)}")
        if not isinstance(self.colour, str) or self.colour not in PERMUTATIONS_COLOURS:
            raise CardError(f"{quoted(self.colour)} is not a Permutations colour")
        interleaved = permutations_colour(number, "interleaved")
        blocks = permutations_colour(number, "blocks")
        if self.colour not in (interleaved, blocks):
            other = f" (or {blocks} when the cards are coloured in blocks)"
            raise CardError(
                f"there is no card {number}{self.colour[0].upper()}: card {number} is "
                f"{interleaved}{other if blocks != interleaved else ' in both colourings'}"
            )
        object.__setattr__(self, "_hash", hash((self.number, self.colour)))
        object.__setattr__(self, "_text", f"{number}{self.colour[0].upper()}")

    _hash: ClassVar[int]  # each card's own, set in __post_init__ (ClassVar: not a field)
    _text: ClassVar[str]  # its text, as __str__ gives it

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def parse(cls, text: str) -> NumberCard:
        """Read ``"27G"``: the number, then R, Y, G or B for the colour."""
        return _remembered(_PARSED_NUMBERS, text, cls._parse)

    @classmethod
    def _parse(cls, text: str) -> NumberCard:
        match = (
            re.match(r"^\s*(\d{1,2})\s*([RYGB])\s*$", text, re.I)
            if isinstance(text, str) and len(text) < 100
            else None
        )
        if not match:
            raise CardError(
                f"{quoted(text)} is not a Permutations card: write the number then its colour "
                "letter R, Y, G or B, like 27G"
            )
        letter = match.group(2).upper()
        colour = next(name for name in PERMUTATIONS_COLOURS if name[0].upper() == letter)
        return cls(int(match.group(1)), colour)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"NumberCard({str(self)!r})"

    def _repr_svg_(self) -> str:
        from cardmath.svg import card_svg

        return card_svg(self)

    def _repr_html_(self) -> str:
        """The same drawing inline, so the page names it (an ``<img>`` has no alt)."""
        return self._repr_svg_()


def permutations_deck(
    colouring: Colouring = "interleaved", players: int = 4
) -> tuple[NumberCard, ...]:
    """The Permutations deck: 48 cards, or 36 for three players (blue set aside).

    >>> len(permutations_deck(players=3)), permutations_deck("blocks")[12]
    (36, NumberCard('13Y'))
    """
    cards = tuple(NumberCard(n, permutations_colour(n, colouring)) for n in range(1, 49))
    if players == 3:
        cards = tuple(card for card in cards if card.colour != "blue")
    return cards


AnyCard = Card | SequencesCard | NumberCard


def parse_card(text: str) -> AnyCard:
    """Read any card from its text form, whichever deck it belongs to.

    >>> parse_card("QH"), parse_card("red +"), parse_card("48B")
    (Card('QH'), SequencesCard('red +'), NumberCard('48B'))
    """
    for kind in (Card, SequencesCard, NumberCard):
        try:
            return kind.parse(text)
        except CardError:
            continue
    raise CardError(f"{quoted(text)} is not a card of any deck this platform knows")
