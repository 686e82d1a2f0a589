"""Sequences read card by card: the cards on the table, the grammar a sequence follows
(starter, operator, number, modifiers, terminator), its value strictly left to right,
and the lesson helpers that read a sequence from its text (its worked evaluation is in
:mod:`cardmath.games.sequences.evaluation`).

>>> parse_sequence("[4] + 2 * 5").value()
30
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from functools import cached_property, lru_cache

from cardmath import codec
from cardmath.cards import SEQUENCES_CONTENTS, SequencesCard
from cardmath.errors import CardError, IllegalMove, checked_text, quoted
from cardmath.games.sequences.arithmetic import (
    CHOSEN_OPERATORS,
    COLOURS,
    INVERSE,
    apply_operator,
)
from cardmath.wording import plural

# --- cards on the table --------------------------------------------------------------


@codec.serializable("sequences.PlayedCard")
@dataclass(frozen=True)
class PlayedCard:
    """A card lying in a sequence; ``operator`` is what an operator card stands for (the
    chosen operator of a ``?`` card, the face of the others), ``""`` for other cards.

    >>> str(PlayedCard(SequencesCard.parse("blue ?"), "*"))
    '?*'
    """

    card: SequencesCard
    operator: str = ""

    def __post_init__(self) -> None:
        if self.card.kind == "operator":
            expected = CHOSEN_OPERATORS if self.card.face == "?" else (self.card.face,)
            if self.operator not in expected:
                raise IllegalMove(
                    f"a {self.card.face} card must be played as one of {' '.join(expected)}",
                    rule="choose the ? operator",
                )
        elif self.operator:
            raise IllegalMove(f"{self.card} is not an operator card", rule="operators")

    def __str__(self) -> str:
        if self.card.face == "?":
            return f"?{self.operator}"
        return self.card.text


@dataclass(frozen=True)
class _Item:
    """One token of a sequence, with or without a physical card (the lesson helpers)."""

    kind: str
    number: int = 0  # starters and numbers
    word: str = ""  # the operator, modifier name or "="
    text: str = ""


@dataclass(frozen=True)
class _Reading:
    """A sequence after all its modifiers: the starter, the (operator, number) pairs,
    an operator still waiting for its number, whether it is sealed, the last card's kind."""

    start: int
    pairs: tuple[tuple[str, int], ...]
    pending: str
    sealed: bool
    last_kind: str


def _grammar_error(reading: _Reading, item: _Item) -> IllegalMove | None:
    """Why ``item`` may not be the next card of a sequence read as ``reading`` (or None)."""
    if item.kind == "starter":
        return IllegalMove(
            "a starter card starts a new sequence; it cannot be played onto one",
            rule="starter starts a sequence",
        )
    if reading.sealed:
        return IllegalMove(
            "this sequence is sealed by its terminator (=): no card may follow it",
            rule="terminator seals",
        )
    last = reading.last_kind
    if item.kind == "number":
        if last != "operator":
            return IllegalMove(
                "a number may only follow an operator", rule="number only after an operator"
            )
    elif item.kind == "operator":
        if last == "operator":
            return IllegalMove(
                "an operator may only follow a starter, a number or a modifier",
                rule="operator after starter, number or modifier",
            )
    elif item.kind == "terminator":
        if last == "operator":
            return IllegalMove(
                "a terminator cannot follow an operator: the operator needs its number first",
                rule="terminator not after an operator",
            )
    elif item.kind == "modifier":
        if last == "operator":
            return IllegalMove(
                "a modifier cannot follow an operator: the operator needs its number first",
                rule="modifier not after an operator",
            )
        if item.word == "cancel" and not reading.pairs:
            return IllegalMove(
                "cancel needs an operator and its number to remove, and this sequence has none",
                rule="cancel needs an operator+number pair",
            )
        if item.word == "invert" and not reading.pairs:
            return IllegalMove(
                "invert needs an operator to invert, and this sequence has none",
                rule="invert needs an operator",
            )
        if item.word == "swap" and len(reading.pairs) < 2:
            return IllegalMove(
                "swap needs two operators in the sequence to swap",
                rule="swap needs two operators",
            )
    return None


def _advance(reading: _Reading, item: _Item) -> _Reading:
    """The reading after ``item`` (already checked by :func:`_grammar_error`)."""
    pairs, pending, sealed = reading.pairs, reading.pending, reading.sealed
    if item.kind == "operator":
        pending = item.word
    elif item.kind == "number":
        pairs, pending = (*pairs, (pending, item.number)), ""
    elif item.kind == "terminator":
        sealed = True
    elif item.word == "cancel":
        pairs = pairs[:-1]
    elif item.word == "invert":
        op, number = pairs[-1]
        pairs = (*pairs[:-1], (INVERSE[op], number))
    elif item.word == "swap":
        (op1, n1), (op2, n2) = pairs[-2], pairs[-1]
        pairs = (*pairs[:-2], (op2, n1), (op1, n2))
    advanced = object.__new__(_Reading)  # as the constructor makes it, without running it
    advanced.__dict__.update(
        start=reading.start, pairs=pairs, pending=pending, sealed=sealed, last_kind=item.kind
    )
    return advanced


def _fold(start: int, pairs: Iterable[tuple[str, int]], division: str) -> int:
    value = start
    for op, number in pairs:
        value = apply_operator(op, value, number, division)
    return value


@lru_cache(maxsize=1024)
def _item_for(card: SequencesCard, operator: str) -> _Item:
    """The item of ``card`` played as ``operator`` (made once: items are immutable)."""
    return _item_of(PlayedCard(card, operator))


def _item_of(played: PlayedCard) -> _Item:
    card = played.card
    if card.kind in ("starter", "number"):
        return _Item(card.kind, number=int(card.face), text=str(played))
    if card.kind == "operator":
        return _Item("operator", word=played.operator, text=str(played))
    return _Item(card.kind, word=card.face, text=card.face)


@codec.serializable("sequences.CardSequence")
@dataclass(frozen=True)
class CardSequence:
    """A sequence on the table: its starter, then every card played on it, in order.

    The text form is the rules' own: ``[4] + 2 cancel * 5 invert * 2 swap =``; a ``?``
    card shows the operator it was played as (``?*``).

    >>> sequence = parse_sequence("[4] + 2 cancel * 5")
    >>> sequence.value(), sequence.owner, sequence.is_sealed, sequence.expression_text
    (20, 0, False, '4 * 5')
    """

    cards: tuple[SequencesCard, ...]
    chosen: str = ""
    """The operators its ``?`` cards were played as, in order (``"*"``, ``"*+"``)."""

    def __post_init__(self) -> None:
        if not self.cards or self.cards[0].kind != "starter":
            raise IllegalMove("a sequence begins with a starter card", rule="starter starts")

    @classmethod
    def of(cls, played: Iterable[PlayedCard]) -> CardSequence:
        """The sequence of these played cards."""
        played = tuple(played)
        chosen = "".join(item.operator for item in played if item.card.face == "?")
        return cls(tuple(item.card for item in played), chosen)

    @cached_property
    def played(self) -> tuple[PlayedCard, ...]:
        """Every card with the operator it stands for."""
        choices = iter(self.chosen)
        return tuple(
            PlayedCard(card, next(choices) if card.face == "?" else card.face)
            if card.kind == "operator"
            else PlayedCard(card)
            for card in self.cards
        )

    @property
    def starter(self) -> SequencesCard:
        return self.cards[0]

    @cached_property
    def owner(self) -> int:
        """The player the sequence scores for: the owner of its starter (0 red, 1 blue)."""
        return COLOURS.index(self.starter.colour)

    @cached_property
    def reading(self) -> _Reading:
        """The sequence after all its modifiers (see :func:`evaluate_sequence`)."""
        items = [_item_of(played) for played in self.played]
        reading = _Reading(items[0].number, (), "", False, "starter")
        for item in items[1:]:
            reading = _advance(reading, item)
        return reading

    @cached_property
    def accepts(self) -> frozenset[str]:
        """What may go next: card kinds, and modifiers by name (``"swap"``); empty once
        sealed. The short form of :func:`_grammar_error`'s rules, for move generation.

        >>> sorted(parse_sequence("[4] + 2").accepts)
        ['cancel', 'invert', 'operator', 'terminator']
        """
        return _accepts_of(self.reading)

    @property
    def is_sealed(self) -> bool:
        return self.reading.sealed

    @property
    def last_kind(self) -> str:
        return self.reading.last_kind

    def value(self, division: str = "truncate") -> int:
        """The score: strictly left to right after the modifiers; an operator still
        waiting for its number counts for nothing."""
        cached: tuple[str, int] | None = self.__dict__.get("_value")
        if cached is not None and cached[0] == division:
            return cached[1]
        value = _fold(self.reading.start, self.reading.pairs, division)
        self.__dict__["_value"] = (division, value)  # a cache, not a field
        return value

    @property
    def expression_text(self) -> str:
        """What is left after the modifiers, in ASCII: ``4 * 5 / 2``."""
        return _expression_text(self.reading.start, self.reading.pairs)

    def can_take(self, card: SequencesCard, operator: str = "") -> IllegalMove | None:
        """Why ``card`` (a ``?`` played as ``operator``) may not go next, or ``None``."""
        try:
            played = PlayedCard(card, operator or (card.face if card.kind == "operator" else ""))
        except IllegalMove as error:
            return error
        return _grammar_error(self.reading, _item_of(played))

    def value_after(
        self, card: SequencesCard, operator: str = "", division: str = "truncate"
    ) -> int:
        """The value once ``card`` is added (fast: for bots; the play must be legal).

        >>> parse_sequence("[4] + 2 *").value_after(SequencesCard.parse("red 5"))
        30
        """
        if card.kind == "operator":
            item = _Item("operator", word=operator or card.face)
        elif card.kind == "number":
            item = _Item("number", number=int(card.face))
        else:
            item = _Item(card.kind, word=card.face)
        reading = _advance(self.reading, item)
        return _fold(reading.start, reading.pairs, division)

    def extended(self, card: SequencesCard, operator: str = "") -> CardSequence:
        """This sequence with ``card`` added (raises :class:`IllegalMove` when illegal)."""
        error = self.can_take(card, operator)
        if error is not None:
            raise error
        return self._then(card, operator)

    def _then(self, card: SequencesCard, operator: str = "") -> CardSequence:
        """:meth:`extended` for a card already known to fit (one of a state's own legal
        turns): the same sequence, without checking again."""
        if card.kind == "operator" and not operator:
            operator = card.face
        item = _item_for(card, operator)
        longer = object.__new__(CardSequence)  # begins with this one's starter: no check
        values = longer.__dict__
        values["cards"] = (*self.cards, card)
        values["chosen"] = self.chosen + operator if card.face == "?" else self.chosen
        values["reading"] = reading = _advance(self.reading, item)
        values["accepts"] = _accepts_of(reading)  # asked at every turn's listing
        owner = self.__dict__.get("owner")
        if owner is not None:
            values["owner"] = owner  # the same starter
        known = self.__dict__.get("_value")
        if known is not None:  # the value so far, and one more step of it (or none)
            if item.kind == "number":
                with suppress(IllegalMove):  # out of range: value() says so when asked
                    values["_value"] = (
                        known[0],
                        apply_operator(reading.pairs[-1][0], known[1], item.number, known[0]),
                    )
            elif item.kind != "modifier":
                values["_value"] = known  # an operator waiting, or the terminator: no change
        return longer

    @classmethod
    def _started(cls, starter: SequencesCard, division: str) -> CardSequence:
        """The new sequence of ``starter`` (a starter card: one of a state's own legal
        turns), with what every turn asks of it already known: its reading, what it
        accepts, its owner and its value (the starter's number).

        >>> started = CardSequence._started(SequencesCard.parse("blue [-2]"), "floor")
        >>> started == CardSequence((SequencesCard.parse("blue [-2]"),))
        True
        >>> started.value("floor"), started.owner, sorted(started.accepts)
        (-2, 1, ['operator', 'terminator'])
        """
        start = int(starter.face)
        reading = object.__new__(_Reading)  # as the constructor makes it, without running it
        reading.__dict__.update(
            start=start, pairs=(), pending="", sealed=False, last_kind="starter"
        )
        started = object.__new__(cls)  # begins with a starter: no check
        started.__dict__.update(
            cards=(starter,),
            chosen="",
            reading=reading,
            accepts=_accepts_of(reading),
            owner=COLOURS.index(starter.colour),
            _value=(division, start),
        )
        return started

    def __str__(self) -> str:
        return " ".join(str(played) for played in self.played)


_ACCEPT_NOTHING: frozenset[str] = frozenset()
_ACCEPT_NUMBER = frozenset({"number"})
_ACCEPTS = (
    frozenset({"operator", "terminator"}),
    frozenset({"operator", "terminator", "cancel", "invert"}),
    frozenset({"operator", "terminator", "cancel", "invert", "swap"}),
)
"""What a sequence that is not sealed and does not end with an operator accepts, by how
many operator+number pairs it holds (0, 1, 2 or more)."""


def _accepts_of(reading: _Reading) -> frozenset[str]:
    """:attr:`CardSequence.accepts` of a sequence read as ``reading``."""
    if reading.sealed:
        return _ACCEPT_NOTHING
    if reading.last_kind == "operator":
        return _ACCEPT_NUMBER
    return _ACCEPTS[min(len(reading.pairs), 2)]


def _expression_text(start: int, pairs: Iterable[tuple[str, int]]) -> str:
    return " ".join([str(start), *(f"{op} {number}" for op, number in pairs)])


# --- lesson helpers ------------------------------------------------------------------

_TOKEN = re.compile(r"\[\s*-?\d+\s*\]|\?\s*[-+*/x×÷]|\d+|[-+*/x×÷?=]|[a-z]+", re.I)
"""One card of a sequence text. Number cards are never negative, so a ``-`` before a
number is always the minus operator: ``[4]-3`` reads ``[4] - 3``."""
_OPERATOR_SPELLINGS = {"x": "*", "×": "*", "÷": "/", "X": "*"}
_SEQUENCE_EXAMPLE = "[4] + 2 cancel * 5 invert * 2 swap ="

_CARD_NUMBERS: dict[str, tuple[int, ...]] = {
    kind: tuple(sorted({int(face) for k, face, _ in SEQUENCES_CONTENTS if k == kind}))
    for kind in ("starter", "number")
}
"""The numbers on the starter and number cards: [-2] [0] [2] [4] and 2 3 4 5 6 8 10."""

_COPIES: Counter[tuple[str, str]] = Counter(
    {(kind, face): copies for kind, face, copies in SEQUENCES_CONTENTS}
)
"""How many cards of each (kind, face) one colour's deck holds."""

MAX_TYPED_NUMBER = 9999
"""Largest number a sequence text may hold with ``any_numbers=True`` (four digits)."""


def _item_key(item: _Item) -> tuple[str, str]:
    """The (kind, face) of the card an item stands for (``?`` for a chosen operator)."""
    if item.kind in ("starter", "number"):
        return (item.kind, str(item.number))
    if item.kind == "operator":
        return ("operator", "?" if item.text.startswith("?") else item.word)
    return (item.kind, item.word)


def _check_cards_exist(items: list[_Item], colour: str | None) -> None:
    """Refuse numbers on no card, and more copies of a card than the decks hold (both
    decks, or only ``colour``'s deck)."""
    for item in items:
        if item.kind in _CARD_NUMBERS and item.number not in _CARD_NUMBERS[item.kind]:
            shown = ", ".join(
                f"[{n}]" if item.kind == "starter" else str(n) for n in _CARD_NUMBERS[item.kind]
            )
            raise IllegalMove(
                f"{item.text} is not a Sequences card: the {item.kind} cards are {shown}",
                rule="cards in the deck",
            )
    decks = 2 if colour is None else 1
    where = "the red and blue decks hold" if colour is None else f"the {colour} deck holds"
    counts = Counter(_item_key(item) for item in items)
    for (kind, face), count in counts.items():
        held = decks * _COPIES[(kind, face)]
        if count > held:
            shown = f"[{face}]" if kind == "starter" else face
            raise IllegalMove(
                f"{where} {held} '{shown}' {plural(held, 'card')}, so this sequence cannot "
                f"hold {count}",
                rule="cards in the deck",
            )


def _items_from_text(
    text: str, *, any_numbers: bool = False, colour: str | None = None
) -> list[_Item]:
    """The cards of a sequence text, checked to be cards of the game's two decks
    (only of ``colour``'s deck when given; ``any_numbers``: numbers need not be on a card,
    as in the rules' own examples)."""
    checked_text(text, "a sequence", _SEQUENCE_EXAMPLE, error=IllegalMove, rule="sequence text")
    position, items = 0, []
    text = text.strip()
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if not match:
            raise IllegalMove(
                f"cannot read {quoted(text[position:])}: write a sequence like "
                f"'{_SEQUENCE_EXAMPLE}'",
                rule="sequence text",
            )
        token, position = match.group(0), match.end()
        compact = "".join(token.split())
        digits = compact.strip("[]-")
        if digits.isdigit() and len(digits) > len(str(MAX_TYPED_NUMBER)):
            raise IllegalMove(
                f"{quoted(compact)} is not a Sequences card: no card has a number that long",
                rule="cards in the deck",
            )
        if compact.startswith("["):
            items.append(_Item("starter", number=int(compact[1:-1]), text=compact))
        elif compact.isdigit():
            number = int(compact)
            if number <= 0:
                raise IllegalMove(
                    f"number cards are positive, so {number} cannot be played",
                    rule="number cards are positive",
                )
            items.append(_Item("number", number=number, text=compact))
        elif compact.startswith("?"):
            if len(compact) == 1:
                raise IllegalMove(
                    "say which operator the ? card stands for, like ?* or ?+",
                    rule="choose the ? operator",
                )
            op = _OPERATOR_SPELLINGS.get(compact[1], compact[1])
            items.append(_Item("operator", word=op, text=f"?{op}"))
        elif compact in ("+", "-", "*", "/", "x", "X", "×", "÷"):
            op = _OPERATOR_SPELLINGS.get(compact, compact)
            items.append(_Item("operator", word=op, text=op))
        elif compact == "=":
            items.append(_Item("terminator", word="=", text="="))
        elif compact.lower() in ("cancel", "invert", "swap"):
            items.append(_Item("modifier", word=compact.lower(), text=compact.lower()))
        else:
            raise IllegalMove(
                f"{quoted(token)} is not a Sequences card (modifiers are cancel, invert, swap)",
                rule="sequence text",
            )
    if not items or items[0].kind != "starter":
        raise IllegalMove("a sequence begins with a starter card like [4]", rule="starter starts")
    if not any_numbers:
        _check_cards_exist(items, colour)
    return items


def _sequence_items(sequence: str | CardSequence, any_numbers: bool = False) -> list[_Item]:
    if isinstance(sequence, CardSequence):
        return [_item_of(played) for played in sequence.played]
    return _items_from_text(sequence, any_numbers=any_numbers)


def parse_sequence(text: str, colour: str = "red") -> CardSequence:
    """A :class:`CardSequence` of real cards from its text (every card in ``colour``).

    One colour's deck holds each card only so many times (one 5, two ×, three 2s...), so
    a text that needs more copies than the deck holds is refused.

    >>> str(parse_sequence("[2] ?x 3 invert =", "blue"))
    '[2] ?* 3 invert ='
    >>> parse_sequence("[4] + 5 + 5")
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: the red deck holds 1 '5' card, so this sequence cannot hold 2
    """
    if colour not in COLOURS:
        raise CardError(f"Sequences cards are red or blue, not {quoted(colour)}")
    items = _items_from_text(text, colour=colour)
    sequence = CardSequence((SequencesCard(colour, "starter", str(items[0].number)),))
    for item in items[1:]:
        if item.kind == "number":
            card = SequencesCard(colour, "number", str(item.number))
        elif item.kind == "operator":
            face = "?" if item.text.startswith("?") else item.word
            card = SequencesCard(colour, "operator", face)
        else:
            card = SequencesCard(colour, item.kind, item.word)  # type: ignore[arg-type]
        sequence = sequence.extended(card, item.word if item.kind == "operator" else "")
    return sequence
