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
from typing import Any

from cardmath import codec
from cardmath.cards import SequencesCard
from cardmath.errors import ActionSyntaxError, CardError, IllegalMove, checked_text, quoted
from cardmath.expr import show_number
from cardmath.games.sequences.arithmetic import (
    _CARD_KEYS,
    CHOSEN_OPERATORS,
    MAX_SEQUENCES,
    _card_key,
)
from cardmath.games.sequences.reading import _OPERATOR_SPELLINGS, CardSequence, _Reading

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
        object.__setattr__(turn, "plays", plays)
        object.__setattr__(turn, "buried", buried)
        object.__setattr__(turn, "redraw", False)
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
    plays: list[Play] = []
    readings = [sequence.reading for sequence in sequences]
    for card in sorted(set(hand), key=_card_key):
        if card.kind == "starter":
            if len(sequences) < MAX_SEQUENCES:
                plays.append(Play(card, None))
            continue
        operators = CHOSEN_OPERATORS if card.face == "?" else ("",)
        for index, reading in enumerate(readings):
            if _fits(reading, card.kind, card.face):
                plays.extend(Play(card, index, operator) for operator in operators)
    return tuple(sorted(plays, key=lambda play: play.sort_key))


def _fits(reading: _Reading, kind: str, face: str) -> bool:
    """Whether a card of this kind and face may go next (the fast form of
    :func:`_grammar_error`, which says why not)."""
    if kind == "starter" or reading.sealed:
        return False
    if kind == "number":
        return reading.last_kind == "operator"
    if reading.last_kind == "operator":
        return False
    if kind == "modifier":
        return len(reading.pairs) >= (2 if face == "swap" else 1)
    return True


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


def _submultisets(cards: SequenceOf[SequencesCard], size: int) -> list[tuple[SequencesCard, ...]]:
    """The distinct choices of ``size`` cards from sorted ``cards`` (equal cards are one
    choice), each in sorted order, in a fixed order."""
    return list(dict.fromkeys(itertools.combinations(cards, size)))


def _remove(
    hand: SequenceOf[SequencesCard], cards: Iterable[SequencesCard]
) -> tuple[SequencesCard, ...]:
    remaining = list(hand)
    for card in cards:
        remaining.remove(card)
    return tuple(remaining)


def _playable_kinds(sequences: SequenceOf[CardSequence]) -> frozenset[str]:
    """Which card faces (by kind, and modifiers by name) could be played somewhere now."""
    kinds = set()
    if len(sequences) < MAX_SEQUENCES:
        kinds.add("starter")
    for sequence in sequences:
        reading = sequence.reading
        if reading.sealed:
            continue
        if reading.last_kind == "operator":
            kinds.add("number")
            continue
        kinds.update(("operator", "terminator"))
        if reading.pairs:
            kinds.update(("cancel", "invert"))
        if len(reading.pairs) >= 2:
            kinds.add("swap")
    return frozenset(kinds)


def _could_play(card: SequencesCard, playable: frozenset[str]) -> bool:
    return (card.face if card.kind == "modifier" else card.kind) in playable


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
