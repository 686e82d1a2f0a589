"""Sum 15 rules of the middle: card values, the sets a card makes, claims and how a play is
judged."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import STANDARD_PIPS, STANDARD_RANKS, SUITS, Card, standard_deck
from cardmath.errors import (
    ActionSyntaxError,
    CardError,
    IllegalMove,
    checked_text,
    quoted,
)
from cardmath.game import (
    counted,
)

DECK: tuple[Card, ...] = standard_deck(jokers=0)
"""One 52-card deck without jokers."""

PLAYERS_PER_DECK = 6
"""The seed's rule of thumb: one deck for every six players (rounded up)."""

MAX_DECKS = 10
MIN_PLAYERS = 2
MAX_PLAYERS = 40

FIFTEEN = "multiple of 15"
FOURTEEN = "makes 14"
PAIR = "pair"
RUN = "run"
RULES: tuple[str, ...] = (FIFTEEN, FOURTEEN, PAIR, RUN)
"""The four ways to take cards, in the order they are checked."""

PLAY_RULE = "play a card from your hand"


# --- arithmetic of the middle ---------------------------------------------------------


def card_value(card: Card) -> int:
    """A card's value in Sum 15: Ace 1, 2 to 10 as printed, Jack 11, Queen 12, King 13.

    >>> [card_value(Card.parse(text)) for text in ("AS", "7H", "JD", "QC", "KS")]
    [1, 7, 11, 12, 13]
    """
    if not isinstance(card, Card) or card.suit not in SUITS or card.rank not in STANDARD_RANKS:
        raise CardError(f"Sum 15 is played with ordinary playing cards, not {quoted(card)}")
    return STANDARD_PIPS[card.rank]


_VALUES: dict[Card, int] = {card: STANDARD_PIPS[card.rank] for card in DECK}
"""Every card of the game with its value (the engine's own cards, already checked)."""

MAX_MIDDLE = len(DECK) * MAX_DECKS
"""The most cards a middle can hold (every card of the most decks)."""


def _middle_cards(middle: Any) -> tuple[Card, ...]:
    """A middle given as cards or as text, checked: ordinary cards only, and never more
    copies of a card than the most decks (10) hold."""
    if isinstance(middle, str):
        middle = cards(middle)
    elif isinstance(middle, Card) or not isinstance(middle, Iterable):
        raise CardError(f"the middle is a sequence of cards (oldest first), not {quoted(middle)}")
    found = tuple(itertools.islice(middle, MAX_MIDDLE + 1))
    if len(found) > MAX_MIDDLE:
        raise CardError(
            f"a middle holds at most {MAX_MIDDLE} cards (every card of {MAX_DECKS} decks)"
        )
    for item in found:
        card_value(item)
    repeated = [card for card, count in Counter(found).items() if count > MAX_DECKS]
    if repeated:
        raise CardError(
            f"{repeated[0]} is in the middle more than {MAX_DECKS} times: a game has at most "
            f"{MAX_DECKS} decks"
        )
    return found


def middle_total(middle: Iterable[Card] | str) -> int:
    """The total of the cards in the middle (cards, or text such as ``"KS 2D 10H"``).

    >>> middle_total(cards("KS 2D 10H")), middle_total("KS 2D 10H")
    (25, 25)
    """
    return sum(card_value(card) for card in _middle_cards(middle))


def cards(text: str) -> tuple[Card, ...]:
    """Cards from text separated by spaces or commas, for examples and lessons.

    >>> cards("7H, 7S QD")
    (Card('7H'), Card('7S'), Card('QD'))
    """
    checked_text(text, "cards", "7H 7S QD", error=CardError)
    return tuple(Card.parse(word) for word in re.split(r"[\s,]+", text.strip()) if word)


def _value_text(card: Card) -> str:
    """``7`` for a number card, ``Q (12)`` for a court card or Ace, for sums."""
    value = card_value(card)
    return card.rank if card.rank.isdigit() else f"{card.rank} ({value})"


@codec.serializable("sum15.Claim")
@dataclass(frozen=True)
class Claim:
    """What playing ``card`` onto a middle takes, and why.

    ``cards`` are the cards the player takes (empty when nothing is taken), ``total`` is
    the middle's total just after the card is played, ``rules`` every rule that applies
    (the one that decides what is taken first) and ``reasons`` one sentence per rule.

    >>> claim = claims(cards("8D 7C"), Card.parse("7S"))
    >>> claim.rules, claim.total, claim.takes_whole_middle
    (('makes 14', 'pair'), 22, False)
    """

    card: Card
    cards: tuple[Card, ...]
    total: int
    rules: tuple[str, ...]
    reasons: tuple[str, ...]
    takes_whole_middle: bool = False

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __str__(self) -> str:
        if not self.cards:
            return f"{self.card} takes nothing: total {self.total}"
        return f"takes {' '.join(map(str, self.cards))}: {'; '.join(self.reasons)}"


def claims(middle: Sequence[Card] | str, card: Card | str) -> Claim:
    """What playing ``card`` onto ``middle`` (oldest card first, the starter included)
    would take, and why. Both may also be written as text, ``claims("9S 2D", "4C")``.

    The middle's total is checked first: a multiple of 15 takes the whole middle, even
    when a set lies inside it. Otherwise the last two cards making 14 or a pair take
    those two (both can hold at once: 7 and 7), and the last three running up or down by
    one take those three. A run never overlaps a pair or a 14: two cards one apart are
    never equal and never add up to an even number.

    >>> print(claims(cards("5C 6H"), Card.parse("8D")))
    takes 6H 8D: 6 + 8 = 14
    >>> claims(cards("KS"), Card.parse("KD")).reasons
    ('K and K are a pair',)
    >>> claims(cards("5C 3H"), Card.parse("2D")).reasons
    ()
    >>> claims(cards("9S 7H 7C"), Card.parse("7D")).rules  # 9 + 7 + 7 + 7 = 30
    ('multiple of 15', 'makes 14', 'pair')
    >>> print(claims("KS 9H", "8C"))
    takes KS 9H 8C: total 30 is a multiple of 15
    """
    if isinstance(card, str):
        card = Card.parse(card)
    card_value(card)  # refuse a card that is not part of the game
    after = (*_middle_cards(middle), card)
    return _claim_of(after, sum(card_value(item) for item in after))


def _claim_of(after: tuple[Card, ...], total: int) -> Claim:
    """:func:`claims` once its cards are checked: ``after`` is the middle with the card
    played last, ``total`` their total."""
    values = [_VALUES[item] for item in after[-3:]]
    rules: list[str] = []
    reasons: list[str] = []
    hold = 0  # how many of the last cards the set takes (for sets other than 15)
    if total % 15 == 0:
        rules.append(FIFTEEN)
        reasons.append(f"total {total} is a multiple of 15")
    if len(after) >= 2:
        first, second = after[-2:]
        if values[-2] + values[-1] == 14:
            rules.append(FOURTEEN)
            reasons.append(f"{_value_text(first)} + {_value_text(second)} = 14")
            hold = 2
        if first.rank == second.rank:
            rules.append(PAIR)
            reasons.append(f"{first.rank} and {second.rank} are a pair")
            hold = 2
    if len(after) >= 3:
        low, middle_value, high = values[-3:]
        step = middle_value - low
        if step in (1, -1) and high - middle_value == step:
            rules.append(RUN)
            direction = "up" if step == 1 else "down"
            ranks = ", ".join(item.rank for item in after[-3:])
            reasons.append(f"{ranks} is a run {direction}")
            hold = 3
    whole = bool(rules) and rules[0] == FIFTEEN
    taken = after if whole else after[len(after) - hold :] if hold else ()
    return Claim(after[-1], tuple(taken), total, tuple(rules), tuple(reasons), whole)


# --- claims: a set is taken only when its player names it ------------------------------

CLAIMS: dict[str, str] = {"fifteen": FIFTEEN, "14": FOURTEEN, "pair": PAIR, "run": RUN}
"""What a player says to claim a set (``"14"``, ``"pair"``, ``"run"``, ``"fifteen"``) and
the rule it names."""

CLAIM_WORDS: dict[str, str] = {rule: word for word, rule in CLAIMS.items()}
"""The word that claims each rule."""

_CLAIM_ALIASES: dict[str, str | None] = {
    **{word: word for word in CLAIMS},
    "15": "fifteen",
    "multiple of 15": "fifteen",
    "a multiple of 15": "fifteen",
    "fourteen": "14",
    "makes 14": "14",
    "a pair": "pair",
    "a run": "run",
    "nothing": None,
    "none": None,
    "no claim": None,
}

CLAIM_RULE = "claim your sets"
STARTER_RULE = "turn a starter when the middle is empty"
TABLE_RULE = "only cards of the decks in play"


def read_claim(text: str) -> str | None:
    """The claim word in ``text`` (``None`` for no claim); anything else is refused.

    >>> read_claim("Fourteen"), read_claim(" 15 "), read_claim("a run"), read_claim("nothing")
    ('14', 'fifteen', 'run', None)
    """
    checked_text(text, "a claim", "14", limit=40, error=ActionSyntaxError, rule=CLAIM_RULE)
    word = " ".join(text.strip().lower().split())
    if word not in _CLAIM_ALIASES:
        raise ActionSyntaxError(
            f"{quoted(text.strip())} is not a claim: say 14, pair, run or fifteen (or nothing)",
            rule=CLAIM_RULE,
        )
    return _CLAIM_ALIASES[word]


def claim_phrase(word: str | None) -> str:
    """How a claim is said in a sentence: ``"14"``, ``"a pair"``, ``"a run"``, ``"fifteen"``.

    >>> [claim_phrase(word) for word in ("14", "pair", "run", "fifteen", None)]
    ['14', 'a pair', 'a run', 'fifteen', 'nothing']
    """
    if word is None:
        return "nothing"
    return {"pair": "a pair", "run": "a run"}.get(word, word)


def _why_not(word: str, offer: Claim, middle: Sequence[Card]) -> str:
    """Why a claim of ``word`` is wrong, in one short sentence."""
    after = (*middle, offer.card)
    if word == "fifteen":
        return f"the total is {offer.total}, not a multiple of 15"
    if len(after) < 2:
        return f"the {offer.card} is alone in the middle"
    first, second = after[-2:]
    if word == "14":
        total = card_value(first) + card_value(second)
        return f"{_value_text(first)} + {_value_text(second)} = {total}, not 14"
    if word == "pair":
        return f"{first.rank} and {second.rank} are not a pair"
    if len(after) < 3:
        return "a run needs three cards in the middle"
    ranks = ", ".join(item.rank for item in after[-3:])
    return f"{ranks} is not a run"


@codec.serializable("sum15.Judgement")
@dataclass(frozen=True)
class Judgement:
    """What one play took, judged by the rules: the claim said (``None``: no claim),
    what the card offered (:class:`Claim`: every set it makes) and the cards taken.

    With claims off the best set is taken by itself. With claims on a correct claim
    takes the set it names (the whole middle for ``"fifteen"``, the last two for ``"14"``
    or ``"pair"``, the last three for ``"run"``); a wrong claim, or none, takes nothing.
    """

    card: Card
    claim: str | None
    offer: Claim
    taken: tuple[Card, ...]
    claims: bool
    why_wrong: str = ""

    @property
    def correct(self) -> bool:
        """A claim was said and the set it names is there."""
        return self.claim is not None and CLAIMS[self.claim] in self.offer.rules

    @property
    def wrong(self) -> bool:
        """A claim was said and there is no such set."""
        return self.claim is not None and not self.correct

    @property
    def missed(self) -> str:
        """What more could have been taken (``""``: nothing was missed), for example
        ``"6 + 8 = 14: you could have taken 2 cards"``."""
        best = len(self.offer.cards)
        if len(self.taken) >= best:
            return ""
        what = "the whole middle, " if self.offer.takes_whole_middle else ""
        return f"{self.offer.reasons[0]}: you could have taken {what}{counted(best, 'card')}"

    @property
    def best_claim(self) -> str | None:
        """The claim that takes most (``None`` when the card makes no set)."""
        return CLAIM_WORDS[self.offer.rules[0]] if self.offer.rules else None

    def __str__(self) -> str:
        parts = []
        if not self.claims:
            parts.append(str(self.offer) if self.taken else "no set: nothing taken")
        elif self.correct and self.claim is not None:
            reason = self.offer.reasons[self.offer.rules.index(CLAIMS[self.claim])]
            taken = " ".join(map(str, self.taken))
            parts.append(f"claimed {claim_phrase(self.claim)}: takes {taken} ({reason})")
        elif self.wrong:
            parts.append(f"claimed {claim_phrase(self.claim)}, but {self.why_wrong}: nothing taken")
        elif self.offer.cards:
            parts.append("no claim: nothing taken")
        else:
            parts.append("no set: nothing taken")
        if self.missed:
            parts.append(f"missed: {self.missed}")
        return "; ".join(parts)


def judge(
    middle: Sequence[Card] | str,
    card: Card | str,
    claim: str | None = None,
    *,
    claims_on: bool = True,
) -> Judgement:
    """Judge playing ``card`` onto ``middle`` with ``claim`` (a claim word or ``None``).

    ``claims_on=False`` is the plain game: the best set is taken by itself and a claim
    may not be said.

    >>> print(judge("5C 6H", "8D"))  # no claim said
    no claim: nothing taken; missed: 6 + 8 = 14: you could have taken 2 cards
    >>> judge("5C 6H", "8D").missed
    '6 + 8 = 14: you could have taken 2 cards'
    >>> print(judge("5C 6H", "8D", "14"))
    claimed 14: takes 6H 8D (6 + 8 = 14)
    >>> print(judge("5C 6H", "8D", "run"))
    claimed a run, but 5, 6, 8 is not a run: nothing taken; missed: 6 + 8 = 14: you could have taken 2 cards
    >>> print(judge("KS 3H 7C", "7D", "pair"))  # 13 + 3 + 7 + 7 = 30
    claimed a pair: takes 7C 7D (7 and 7 are a pair); missed: total 30 is a multiple of 15: you could have taken the whole middle, 4 cards
    >>> judge("KS 3H 7C", "7D", claims_on=False).taken
    (Card('KS'), Card('3H'), Card('7C'), Card('7D'))
    """
    if isinstance(middle, str):
        middle = cards(middle)
    if isinstance(card, str):
        card = Card.parse(card)
    return _judged(middle, card, claim, claims_on, claims(middle, card))


def _judged(
    middle: Sequence[Card], card: Card, claim: str | None, claims_on: bool, offer: Claim
) -> Judgement:
    """:func:`judge` once ``offer`` (what ``card`` takes from ``middle``) is known."""
    if not claims_on:
        if claim is not None:
            raise IllegalMove(
                "claims are off in this game: sets are taken by themselves, so just play "
                f"the card (play {card})",
                rule=CLAIM_RULE,
            )
        return Judgement(card, None, offer, offer.cards, False)
    if claim is not None and claim not in CLAIMS:
        raise IllegalMove(
            f"{quoted(claim)} is not a claim: say 14, pair, run or fifteen (or nothing)",
            rule=CLAIM_RULE,
        )
    if claim is None:
        return Judgement(card, None, offer, (), True)
    rule = CLAIMS[claim]
    if rule not in offer.rules:
        return Judgement(card, claim, offer, (), True, _why_not(claim, offer, tuple(middle)))
    after = (*middle, card)
    size = {FIFTEEN: len(after), FOURTEEN: 2, PAIR: 2, RUN: 3}[rule]
    return Judgement(card, claim, offer, tuple(after[len(after) - size :]), True)


def _card_name(card: Card) -> str:
    return card.name[0].lower() + card.name[1:]
