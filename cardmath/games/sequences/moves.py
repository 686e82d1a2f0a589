"""Sequences' actions and move generation: a play, a whole turn (with its text form and
parser), the plays a hand allows, shared with the bots.

>>> str(parse_turn("play red [4]; bury red 10"))
'play red [4]; bury red 10'
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence as SequenceOf
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardmath import codec
from cardmath.cards import SequencesCard
from cardmath.errors import ActionSyntaxError, CardError, IllegalMove, checked_text, quoted
from cardmath.expr import show_number
from cardmath.game import cached_hash
from cardmath.games.sequences.arithmetic import (
    _CARD_KEYS,
    CHOSEN_OPERATORS,
    FULL_DECK,
    MAX_SEQUENCES,
)
from cardmath.games.sequences.reading import _OPERATOR_SPELLINGS, CardSequence
from cardmath.wording import counted

if TYPE_CHECKING:  # the options import this module
    from cardmath.games.sequences.options import SequencesOptions

# --- actions -------------------------------------------------------------------------


@codec.serializable("sequences.Play")
@dataclass(frozen=True)
class Play:
    """One card played: a starter opens a new sequence (``sequence`` is ``None``); any
    other card goes on the open sequence with that 0-based index (shown ``S1``, ``S2``...).
    ``operator`` is the operator chosen for a ``?`` card (``""`` for every other card).

    >>> str(Play(SequencesCard.parse("red ?"), 0, "*"))
    'red ? as * on S1'
    """

    card: SequencesCard
    sequence: int | None = None
    operator: str = ""

    def __str__(self) -> str:
        text = str(self.card) if isinstance(self.card, SequencesCard) else quoted(self.card)
        if self.operator:
            text += (
                f" as {self.operator if isinstance(self.operator, str) else quoted(self.operator)}"
            )
        if self.sequence is not None:
            where = self.sequence
            text += f" on S{show_number(where + 1) if isinstance(where, int) else quoted(where)}"
        return text

    @property
    def sort_key(self) -> tuple[Any, ...]:
        where = MAX_SEQUENCES if self.sequence is None else self.sequence
        return (where, _CARD_KEYS[self.card], self.operator)


def _sorted_cards(cards: Iterable[SequencesCard]) -> tuple[SequencesCard, ...]:
    return tuple(sorted(cards, key=_CARD_KEYS.__getitem__))


@codec.serializable("sequences.Turn")
@dataclass(frozen=True)
class Turn:
    """A whole turn: the cards played (at most two, to separate sequences), the cards put
    under the pile so that two cards leave the hand, or a redraw of the whole hand.

    Plays and buried cards are kept in a fixed order, so the same turn is one action.

    >>> turn = Turn((Play(SequencesCard.parse("red 5"), 2),), (SequencesCard.parse("red ="),))
    >>> str(turn), str(Turn()), str(Turn(redraw=True))
    ('play red 5 on S3; bury red =', 'pass', 'redraw hand')
    """

    plays: tuple[Play, ...] = ()
    buried: tuple[SequencesCard, ...] = ()
    redraw: bool = False

    __hash__ = cached_hash  # a turn's hash hashes its plays' cards: once is enough

    def __post_init__(self) -> None:
        if self.redraw and (self.plays or self.buried):
            raise IllegalMove(
                "a redraw puts the whole hand under the pile: it plays and buries nothing else",
                rule="hand redraw",
            )
        for part, name in ((self.plays, "plays"), (self.buried, "buried cards")):
            if not isinstance(part, (tuple, list)) or len(part) > 100:
                raise IllegalMove(
                    f"a turn's {name} are a short tuple, not {quoted(part)}", rule="turn"
                )
        plays, buried = tuple(self.plays), tuple(self.buried)
        for play in plays:
            if not (
                isinstance(play, Play)
                and isinstance(play.card, SequencesCard)
                and (
                    play.sequence is None
                    or (isinstance(play.sequence, int) and not isinstance(play.sequence, bool))
                )
                and isinstance(play.operator, str)
            ):
                raise IllegalMove(
                    f"{quoted(play)} is not a play: a play is a card and the sequence it goes on",
                    rule="turn",
                )
        for card in buried:
            if not isinstance(card, SequencesCard):
                raise IllegalMove(f"{quoted(card)} is not a Sequences card to bury", rule="turn")
        if len(plays) > 1:
            plays = tuple(sorted(plays, key=lambda play: play.sort_key))
        if len(buried) > 1:
            buried = _sorted_cards(buried)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "buried", buried)

    @classmethod
    def _canonical(cls, plays: tuple[Play, ...], buried: tuple[SequencesCard, ...]) -> Turn:
        """A turn from plays and buried cards already in the fixed order (fast path)."""
        turn = object.__new__(cls)
        turn.__dict__.update(plays=plays, buried=buried, redraw=False)  # fields, as set above
        return turn

    def __str__(self) -> str:
        if self.redraw:
            return "redraw hand"
        parts = []
        if self.plays:
            parts.append("play " + ", ".join(str(play) for play in self.plays))
        if self.buried:
            parts.append("bury " + ", ".join(str(card) for card in self.buried))
        return "; ".join(parts) if parts else "pass"


_PLAY_TEXT = re.compile(
    r"^(red|blue)\s+(\[\s*-?\d{1,4}\s*\]|-?\d{1,4}|[-+*/?=x×÷]|cancel|invert|swap)"
    r"(?:\s+as\s+([-+*/x×÷]))?(?:\s+on\s+S(\d{1,3}))?$",
    re.I,
)
_TURN_EXAMPLE = "play red 5 on S3, red ? as * on S1; bury red ="


def parse_turn(text: str) -> Turn:
    """Read a turn from its text form (the inverse of ``str(turn)``): syntax only, refused
    with :class:`~cardmath.errors.ActionSyntaxError`; whether the turn is allowed is for
    :meth:`SequencesState.apply` to say.

    >>> parse_turn("play red 5 on S3, red ? as x on S1; bury red =")
    Turn(plays=(Play(card=SequencesCard('red ?'), sequence=0, operator='*'), Play(card=SequencesCard('red 5'), sequence=2, operator='')), buried=(SequencesCard('red ='),), redraw=False)
    """
    checked_text(text, "a turn", _TURN_EXAMPLE, error=ActionSyntaxError, rule="turn text")
    cleaned = " ".join(text.strip().split())
    if cleaned.lower() in ("redraw", "redraw hand"):
        return Turn(redraw=True)
    if cleaned.lower() == "pass":
        return Turn()
    plays: list[Play] = []
    buried: list[SequencesCard] = []
    for part in (segment.strip() for segment in cleaned.split(";")):
        word, _, rest = part.partition(" ")
        if word.lower() not in ("play", "bury") or not rest.strip():
            raise ActionSyntaxError(
                f"cannot read {quoted(part)}: write a turn like '{_TURN_EXAMPLE}'",
                rule="turn text",
            )
        for entry in (piece.strip() for piece in rest.split(",")):
            if word.lower() == "bury":
                try:
                    buried.append(SequencesCard.parse(entry))
                except CardError as error:
                    raise ActionSyntaxError(str(error), rule="turn text") from error
                continue
            match = _PLAY_TEXT.match(entry)
            if not match:
                raise ActionSyntaxError(
                    f"cannot read the play {quoted(entry)}: write the card, then 'as *' for a ? "
                    "card, then 'on S2' unless it is a starter",
                    rule="turn text",
                )
            colour, face, chosen, where = match.groups()
            face = _OPERATOR_SPELLINGS.get(face, face)
            try:
                card = SequencesCard.parse(f"{colour} {face.replace(' ', '')}")
            except CardError as error:
                raise ActionSyntaxError(str(error), rule="turn text") from error
            operator = _OPERATOR_SPELLINGS.get(chosen, chosen) if chosen else ""
            plays.append(Play(card, int(where) - 1 if where else None, operator))
    return Turn(tuple(plays), tuple(buried))


# --- move generation (shared with the bots) ------------------------------------------


def single_plays(
    hand: Iterable[SequencesCard], sequences: SequenceOf[CardSequence]
) -> tuple[Play, ...]:
    """Every distinct single card the hand could play on this table, in a fixed order.

    >>> from cardmath.games.sequences import parse_sequence
    >>> table = (parse_sequence("[4] + 2"),)
    >>> hand = [SequencesCard.parse(text) for text in ("blue *", "blue 3", "blue [0]")]
    >>> [str(play) for play in single_plays(hand, table)]
    ['blue * on S1', 'blue [0]']
    """
    return tuple(entry[1] for entry in _single_entries(card_numbers(hand), sequences))


def play_pairs(
    hand: SequenceOf[SequencesCard], singles: SequenceOf[Play]
) -> list[tuple[Play, Play]]:
    """Every distinct pair of single plays that can be made together: two cards from the
    hand (two copies if both are the same card) going to separate sequences."""
    counts = Counter(hand)
    pairs = []
    for first, second in itertools.combinations(singles, 2):
        if first.sequence is not None and first.sequence == second.sequence:
            continue
        if first.card == second.card and counts[first.card] < 2:
            continue
        pairs.append((first, second))
    return pairs


# Move generation for the engine works on card numbers (a card's place in the sorted
# deck: equal cards, equal numbers) and on plays and turns made once and kept, so that
# listing a state's legal turns compares small integers instead of cards.

_CARDS: tuple[SequencesCard, ...] = tuple(sorted(set(FULL_DECK), key=_CARD_KEYS.__getitem__))
"""Every distinct card, in the sorted order of hands (its number is its index)."""
_NUMBERS: dict[SequencesCard, int] = {card: number for number, card in enumerate(_CARDS)}
_NEEDS: tuple[str, ...] = tuple(
    card.face if card.kind == "modifier" else card.kind for card in _CARDS
)
"""What each card is for :attr:`CardSequence.accepts`: its kind, a modifier its name."""
_CHOSEN: tuple[bool, ...] = tuple(card.face == "?" for card in _CARDS)
_CARD_NEEDS: dict[SequencesCard, str] = {card: _NEEDS[_NUMBERS[card]] for card in _CARDS}

PlayEntry = tuple[tuple[Any, ...], Play, int, int, "int | None"]
"""A single play as move generation keeps it: (sort key, play, play number, card number,
sequence)."""

_PLAYS: dict[tuple[int, int | None, str], PlayEntry] = {}
"""Every single play made so far, by (card number, sequence, operator): plays are
immutable, and there are at most 70 cards times 9 places times 4 operators."""
_TURNS: dict[int, Turn] = {}
"""Turns made so far, by a number made of their shape (a pair, a single, no play), play
numbers (each below 4,096) and buried card numbers (see :func:`_listed_turns`)."""
_MOST_TURNS = 200_000


def card_numbers(cards: Iterable[SequencesCard]) -> list[int]:
    """Each card's number (its place in the sorted deck; sorted cards, sorted numbers)."""
    return [_NUMBERS[card] for card in cards]


def _play_entry(number: int, sequence: int | None, operator: str) -> PlayEntry:
    """The entry of the play of card ``number`` on ``sequence`` as ``operator``, made once."""
    found = _PLAYS.get((number, sequence, operator))
    if found is None:
        play = Play(_CARDS[number], sequence, operator)
        found = (play.sort_key, play, len(_PLAYS), number, sequence)
        _PLAYS[(number, sequence, operator)] = found
    return found


_BY_PLACE: list[list[tuple[PlayEntry, ...] | None]] = [
    [None] * len(_CARDS) for _ in range(MAX_SEQUENCES + 1)
]
"""The entries of each card's plays at each place, made once: ``_BY_PLACE[0]`` a new
sequence, ``_BY_PLACE[index + 1]`` the sequence ``index`` (a ``?`` card has one per
operator, in sorted order)."""


def _place_entries(number: int, sequence: int | None) -> tuple[PlayEntry, ...]:
    """The entries of card ``number``'s plays on ``sequence`` (``None``: a new one)."""
    row = _BY_PLACE[0 if sequence is None else sequence + 1]
    found = row[number]
    if found is None:
        operators = CHOSEN_OPERATORS if _CHOSEN[number] else ("",)
        found = row[number] = tuple(
            sorted(_play_entry(number, sequence, operator) for operator in operators)
        )
    return found


def _single_entries(hand: list[int], sequences: SequenceOf[CardSequence]) -> list[PlayEntry]:
    """:func:`single_plays` of the hand's card numbers, as sorted entries (made in their
    order: by sequence, new sequences last, then by card, then by operator)."""
    distinct = sorted(set(hand))  # card numbers go in the cards' sorted order
    while len(_BY_PLACE) <= len(sequences):  # a table the rules never make: more rows
        _BY_PLACE.append([None] * len(_CARDS))
    found: list[PlayEntry] = []
    accepted: dict[frozenset[str], list[int]] = {}
    for index, sequence in enumerate(sequences):
        accepts = sequence.accepts
        if not accepts:
            continue
        numbers = accepted.get(accepts)
        if numbers is None:
            numbers = accepted[accepts] = [n for n in distinct if _NEEDS[n] in accepts]
        if numbers:
            row = _BY_PLACE[index + 1]
            for number in numbers:
                found += row[number] or _place_entries(number, index)
    if len(sequences) < MAX_SEQUENCES:
        row = _BY_PLACE[0]
        for number in distinct:
            if _NEEDS[number] == "starter":
                found += row[number] or _place_entries(number, None)
    return found


def _pair_turns(hand: list[int], singles: list[PlayEntry]) -> list[Turn]:
    """The turns of two single plays made together (as :func:`play_pairs`: separate
    sequences, two copies of a card played twice), in order; nothing is buried. Turns are
    made once and kept (see :data:`_TURNS`)."""
    if len(_TURNS) >= _MOST_TURNS:
        _TURNS.clear()
    get = _TURNS.get
    turns: list[Turn] = []
    count = len(singles)
    for at, first in enumerate(singles):
        where, number = first[4], first[3]
        following = at + 1
        if where is not None:  # the plays on the same sequence come next: skip them
            while following < count and singles[following][4] == where:
                following += 1
        twice = None
        base = 1 << 50 | first[2] << 12
        for second in itertools.islice(singles, following, None):
            if second[3] == number:
                if twice is None:
                    twice = hand.count(number) > 1
                if not twice:
                    continue
            key = base | second[2]
            turn = get(key)
            if turn is None:
                turn = _TURNS[key] = Turn._canonical((first[1], second[1]), ())
            turns.append(turn)
    return turns


def _listed_turns(
    hand: list[int],
    singles: list[PlayEntry],
    pairs: list[Turn],
    most: int,
    bury: int,
) -> tuple[Turn, ...]:
    """Every turn playing ``most`` cards (a pair of ``pairs``, one single, or none) and
    burying ``bury`` of the cards left (each distinct choice once), in order: the engine's
    legal turns. Turns are made once and kept (see :data:`_TURNS`)."""
    if most == 2:  # two cards leave the hand: nothing is buried
        return tuple(pairs)
    if len(_TURNS) >= _MOST_TURNS:
        _TURNS.clear()
    get = _TURNS.get
    turns: list[Turn] = []
    if most == 1:
        distinct = list(dict.fromkeys(hand))
        for entry in singles:
            number = entry[3]
            if not bury:
                left: list[int] = [-1]
            elif hand.count(number) > 1:
                left = distinct
            else:
                left = [card for card in distinct if card != number]
            base = 2 << 50 | entry[2] << 8
            for card in left:
                key = base | (card + 1)
                turn = get(key)
                if turn is None:
                    buried = (_CARDS[card],) if card >= 0 else ()
                    turn = _TURNS[key] = Turn._canonical((entry[1],), buried)
                turns.append(turn)
    else:
        for cards in dict.fromkeys(itertools.combinations(hand, bury)):
            key = 3 << 50 | (cards[0] + 1 if cards else 0) << 8 | (cards[1] + 1 if bury > 1 else 0)
            turn = get(key)
            if turn is None:
                turn = _TURNS[key] = Turn._canonical((), tuple(_CARDS[card] for card in cards))
            turns.append(turn)
    return tuple(turns)


def _take_out(cards: list[SequencesCard], card: SequencesCard) -> None:
    """Remove one ``card`` from ``cards`` (as ``list.remove``, looking for the very
    object first: a deck's copies of a card are one object, so no comparing is needed)."""
    for index, held in enumerate(cards):
        if held is card:
            del cards[index]
            return
    cards.remove(card)


_NO_KINDS: frozenset[str] = frozenset()
_STARTER = frozenset({"starter"})


def check_play(play: Play, colour: str, sequences: SequenceOf[CardSequence]) -> None:
    """Raise :class:`IllegalMove` naming the rule if the ``colour`` player may not make
    ``play`` on this table (one card on its own; the turn's other rules are the state's).

    >>> from cardmath.games.sequences import parse_sequence
    >>> table = (parse_sequence("[4] + 2"),)
    >>> check_play(Play(SequencesCard.parse("blue 5"), 0), "blue", table)
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: S1: a number may only follow an operator
    """
    card = play.card
    if card.colour != colour:
        raise IllegalMove(f"{card} is not one of your cards", rule="card in hand")
    if card.face != "?" and play.operator:
        raise IllegalMove(
            "only a ? card is played as a chosen operator", rule="choose the ? operator"
        )
    if card.kind == "starter":
        if play.sequence is not None:
            raise IllegalMove(
                "a starter card starts a new sequence; it cannot be played onto one",
                rule="starter starts a sequence",
            )
        if len(sequences) >= MAX_SEQUENCES:
            raise IllegalMove("there are already 8 sequences", rule="at most 8 sequences")
        return
    if play.sequence is None:
        raise IllegalMove(
            f"say which sequence {card} goes on (only a starter starts a new one)",
            rule="starter starts a sequence",
        )
    if not 0 <= play.sequence < len(sequences):
        raise IllegalMove(
            f"there is no sequence S{show_number(play.sequence + 1)}: the table has "
            f"S1 to S{len(sequences)}"
            if sequences
            else f"there is no sequence S{show_number(play.sequence + 1)}: the table is empty",
            rule="no such sequence",
        )
    error = sequences[play.sequence].can_take(card, play.operator)
    if error is not None:
        raise IllegalMove(f"S{play.sequence + 1}: {error}", rule=error.rule)


def _end_reason(
    options: SequencesOptions,
    hands: tuple[tuple[SequencesCard, ...], ...],
    piles: tuple[tuple[SequencesCard, ...], ...],
    sequences: tuple[CardSequence, ...],
    turn_number: int,
    idle_turns: int,
) -> str:
    """Why a game with these hands, piles and table is over ("" while it goes on)."""
    if not any(hands) and not any(piles):
        return "both players are out of cards"
    rounds = options.rounds
    if rounds and turn_number >= 2 * rounds:
        return f"the round limit of {counted(rounds, 'round')} is reached"
    if idle_turns >= 2:
        return "two turns in a row with no card played and none drawn"
    # which card faces (by kind, and modifiers by name) could be played somewhere now
    playable = _NO_KINDS.union(*[sequence.accepts for sequence in sequences])
    if len(sequences) < MAX_SEQUENCES:
        playable |= _STARTER
    need = _CARD_NEEDS.__getitem__
    for cards in (*hands, *piles):
        if not playable.isdisjoint(map(need, cards)):
            return ""
    return "no card left in any hand or pile can be played"
