"""Sum 15 (seed 004): mental addition for a table of four or a whole class of forty.

Everyone is dealt six cards and a starter is turned face up in the middle. In turn, left
of the dealer, each player plays one card into the middle. The player who makes a set
takes it:

* a **multiple of 15**: the total of every card in the middle (the starter included) is
  15, 30, 45, ... : the player takes the whole middle;
* otherwise the last two cards **make 14** (A 1, J 11, Q 12, K 13) or are a **pair**, or
  the last three are a **run** up or down by one (2-3-4, Q-J-10; no wrap past the Ace):
  the player takes those cards.

When the middle is empty a new starter is turned. When every dealt card has been played,
the player who took most cards wins (equal counts share the win). With many players
several decks are shuffled together: one per six players unless the teacher says
otherwise. Every ruling is on the rule page, ``docs/games/sum15.md``.

>>> from cardmath.cards import Card
>>> print(claims(cards("9S 2D"), Card.parse("4C")))
takes 9S 2D 4C: total 15 is a multiple of 15
>>> print(claims(cards("QH JD"), Card.parse("10S")))
takes QH JD 10S: Q, J, 10 is a run down
>>> game = Sum15Game(players=14, decks=2)
>>> state = game.new_state(seed=4)
>>> len(state.full_deck()), [len(hand) for hand in state.hands] == [6] * 14
(104, True)
>>> state.current_player  # the last player deals, so Player 1 plays first
0
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import STANDARD_PIPS, STANDARD_RANKS, SUITS, Card, standard_deck
from cardmath.errors import (
    ActionSyntaxError,
    CardError,
    IllegalMove,
    OptionError,
    checked_text,
    quoted,
)
from cardmath.game import (
    TERMINAL,
    Game,
    Observation,
    Options,
    Outcome,
    State,
    chance,
    counted,
    option,
    player_names,
    shuffled,
    winners_by_score,
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
    values = [card_value(item) for item in after]
    total = sum(values)
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
    return Claim(card, tuple(taken), total, tuple(rules), tuple(reasons), whole)


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
        elif self.correct:
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
    offer = claims(middle, card)
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


# --- options, actions, observation ----------------------------------------------------

DEALT = "dealt"
TABLE = "table"


@codec.serializable("sum15.Sum15Options")
@dataclass(frozen=True)
class Sum15Options(Options):
    """The table: how many play, with how many decks, who deals, how many cards each,
    whether sets must be claimed, and whether the computer deals.

    ``decks=None`` means one deck per six players, rounded up; ``dealer=None`` means the
    last player deals, so Player 1 (index 0) plays first; ``dealer`` counts from 0 like
    every player index in the code.

    >>> Sum15Options(players=14).deck_count, Sum15Options(players=14, decks=2).deck_count
    (3, 2)
    >>> Sum15Options(players=5).dealer_index, Sum15Options(players=5, dealer=2).dealer_index
    (4, 2)
    """

    players: int = option(
        4, "Players", "How many play: a table of four or a whole class.", minimum=2, maximum=40
    )
    decks: int | None = option(
        None,
        "Decks",
        "How many 52-card decks are shuffled together (blank: one for every six players).",
        minimum=1,
        maximum=MAX_DECKS,
    )
    dealer: int | None = option(
        None,
        "Dealer",
        "Who deals, counted from 0 for Player 1; the player on the dealer's left starts "
        "(blank: the last player deals, so Player 1 starts).",
        minimum=0,
        maximum=MAX_PLAYERS - 1,
    )
    hand_size: int = option(
        6, "Cards in each hand", "How many cards each player is dealt.", minimum=1, maximum=13
    )
    claims: bool = option(
        False,
        "Claim your sets",
        "A set is taken only when its player says it: 14, pair, run or fifteen. A wrong "
        "claim takes nothing and a missed set stays in the middle.",
    )
    cards: str = option(
        DEALT,
        "Cards",
        "Whether the computer deals, or the class plays with real cards and the computer referees.",
        choices={DEALT: "Dealt by the computer", TABLE: "Real cards on the table"},
        choice_help={
            DEALT: "The computer shuffles, deals every hand and turns each starter.",
            TABLE: "The class deals real decks; each card played and each starter turned is "
            "entered, and the computer checks every claim and counts every pile.",
        },
    )

    @property
    def deck_count(self) -> int:
        if self.decks is not None:
            return self.decks
        return math.ceil(self.players / PLAYERS_PER_DECK)

    @property
    def dealer_index(self) -> int:
        return self.players - 1 if self.dealer is None else self.dealer

    @property
    def plays(self) -> int:
        """How many cards are played in the whole game."""
        return self.players * self.hand_size

    def validate(self) -> None:
        super().validate()
        if self.dealer is not None and self.dealer >= self.players:
            raise OptionError(
                f"Dealer is a player index from 0 to {self.players - 1} (0 is Player 1), "
                f"or blank for the last player, not {self.dealer}"
            )
        needed = self.players * self.hand_size + 1
        available = len(DECK) * self.deck_count
        if needed > available:
            enough = math.ceil(needed / len(DECK))
            if enough <= MAX_DECKS:
                advice = f"use {enough} decks or more (decks={enough})"
            else:  # more decks than the game allows: deal fewer cards instead
                most = (len(DECK) * MAX_DECKS - 1) // self.players
                advice = (
                    f"even {MAX_DECKS} decks (the most) are too few: use {MAX_DECKS} decks "
                    f"with {most} cards in each hand or fewer (decks={MAX_DECKS}, "
                    f"hand_size={most})"
                )
            raise OptionError(
                f"Decks: {self.players} players with {self.hand_size} cards each and a starter "
                f"need {needed} cards, but {self.deck_count} deck{'s' * (self.deck_count > 1)} "
                f"{'have' if self.deck_count > 1 else 'has'} only {available}; {advice}"
            )


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@codec.serializable("sum15.Play")
@dataclass(frozen=True)
class Play:
    """Play ``card`` from your hand into the middle, claiming ``claim`` (a word of
    :data:`CLAIMS`, only when claims are on; ``None``: no claim). Text form: ``play 7H``,
    ``play 7H claim 14``."""

    card: Card
    claim: str | None = None

    def __str__(self) -> str:
        if self.claim is None:
            return f"play {self.card}"
        return f"play {self.card} claim {self.claim}"


@codec.serializable("sum15.Starter")
@dataclass(frozen=True)
class Starter:
    """With real cards on the table: the dealer turns ``card`` as the new starter. Text
    form: ``starter 9C``."""

    card: Card

    def __str__(self) -> str:
        return f"starter {self.card}"


@codec.serializable("sum15.Sum15Observation")
@dataclass(frozen=True)
class Sum15Observation(Observation):
    """What one player may see: their own hand, the middle, how many cards everyone
    holds and has taken, and every card that has been face up so far (``seen``: the
    middle and all taken cards, sorted, as a player who watched the game would know).
    The deck's order and the other hands stay hidden. ``claims``: sets must be claimed;
    ``table``: real cards on the table (the computer knows no hand, ``hand`` is empty)."""

    dealer: int
    hand: tuple[Card, ...]
    middle: tuple[Card, ...]
    total: int
    hand_sizes: tuple[int, ...]
    taken_counts: tuple[int, ...]
    seen: tuple[Card, ...]
    deck_size: int
    decks: int
    claims: bool = False
    table: bool = False


# --- the state ------------------------------------------------------------------------


def _sort_key(card: Card) -> tuple[int, str]:
    return (card_value(card), card.suit)


def _claim_options(claims_on: bool) -> tuple[str | None, ...]:
    return (None, *CLAIMS) if claims_on else (None,)


class _Sum15Table:
    """What both kinds of game (cards dealt by the computer, real cards on the table)
    share: the middle, the piles taken, the judging of a play, scores and the outcome."""

    options: Sum15Options
    middle: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    played: int

    @property
    def dealer(self) -> int:
        return self.options.dealer_index

    @property
    def total(self) -> int:
        """The total of the middle now."""
        return middle_total(self.middle)

    @property
    def plays_left(self) -> int:
        """How many cards are still to be played in the whole game."""
        return self.options.plays - self.played

    def claim(self, card: Card) -> Claim:
        """What playing ``card`` now would take (see :func:`claims`)."""
        return claims(self.middle, card)

    def judge(self, action: Play) -> Judgement:
        """What ``action`` takes now, judged as :func:`judge` does under this game's
        ``claims`` option (the action is not checked against the hand)."""
        return judge(self.middle, action.card, action.claim, claims_on=self.options.claims)

    def _read_claim_text(self, text: str) -> tuple[Card, str | None]:
        """Read ``play 7H``, ``7H``, ``play 7h claim 14``, ``7H pair``."""
        checked_text(text, "a move", "play 7H", error=ActionSyntaxError, rule=PLAY_RULE)
        words = re.sub(r"[,:]", " ", text).split()
        if words and words[0].lower() == "play":
            words = words[1:]
        if not words:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a card to play: write it like 'play 7H' or 'QS'",
                rule=PLAY_RULE,
            )
        try:
            card = Card.parse(words[0])
            card_value(card)
        except CardError as error:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a card to play: write it like 'play 7H' or 'QS'",
                rule=PLAY_RULE,
            ) from error
        rest = words[1:]
        said_claim = False
        while rest and rest[0].lower() in ("and", "claim", "claims", "claiming"):
            said_claim = True
            rest = rest[1:]
        if not rest:
            return card, None
        spoken = " ".join(rest)
        if not self.options.claims and not said_claim and spoken.lower() not in _CLAIM_ALIASES:
            raise ActionSyntaxError(
                f"{quoted(text.strip())}: a play is one card, written like 'play 7H'",
                rule=PLAY_RULE,
            )
        return card, read_claim(spoken)

    def _take(self, player: int, judgement: Judgement) -> tuple[tuple, tuple]:
        """The middle and the piles after ``player``'s judged play."""
        middle = (*self.middle, judgement.card)
        taken = self.taken
        if judgement.taken:
            middle = middle[: len(middle) - len(judgement.taken)]
            taken = tuple(
                pile + judgement.taken if index == player else pile
                for index, pile in enumerate(self.taken)
            )
        return middle, taken

    def scores(self) -> tuple[int, ...]:
        """Cards taken by each player so far."""
        return tuple(len(pile) for pile in self.taken)

    def outcome(self) -> Outcome:
        self.require_terminal()  # type: ignore[attr-defined]
        scores = self.scores()
        winners = winners_by_score(scores)
        verb = "wins" if len(winners) == 1 else "share the win"
        best = scores[winners[0]]
        summary = f"{player_names(winners)} {verb} with {best} card{'s' * (best != 1)} taken"
        if self.middle:
            summary += f"; {len(self.middle)} left in the middle"
        size = self.options.hand_size
        reason = f"every player has played the {size} card{'s' * (size != 1)} of their hand"
        return Outcome(winners, scores, summary, reason=reason)

    def _seen(self) -> tuple[Card, ...]:
        return tuple(
            sorted((*self.middle, *(card for pile in self.taken for card in pile)), key=_sort_key)
        )

    def full_deck(self) -> Sequence[Card]:
        return DECK * self.options.deck_count


@codec.serializable("sum15.Sum15State")
@dataclass(frozen=True)
class Sum15State(_Sum15Table, State):
    """One moment of a game of Sum 15 dealt by the computer.

    ``deck`` is face down with its top card first; ``middle`` lists the face-up cards
    oldest first (the starter, if still there, first); ``played`` counts the cards played
    so far, which fixes whose turn it is.

    >>> state = Sum15Game(players=3).new_state(seed=8)
    >>> state.middle, state.total
    ((Card('KS'),), 13)
    >>> after = state.apply(state.parse_action("play 2C"))
    >>> after.taken[0], after.middle  # 13 + 2 = 15: Player 1 takes both; a new starter
    ((Card('KS'), Card('2C')), (Card('3S'),))
    """

    options: Sum15Options
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    middle: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    played: int = 0

    @property
    def current_player(self) -> int:
        if self.played >= self.options.plays:
            return TERMINAL
        return (self.dealer + 1 + self.played) % self.num_players

    def legal_actions(self) -> tuple[Play, ...]:
        if self.is_terminal:
            return ()
        claims_said = _claim_options(self.options.claims)
        return tuple(
            Play(card, claim)
            for card in dict.fromkeys(self.hands[self.current_player])
            for claim in claims_said
        )

    def _check(self, action: Any) -> Play:
        self.require_not_terminal()
        if not isinstance(action, Play):
            raise IllegalMove(
                f"in Sum 15 a move is playing one card from your hand, not {quoted(action)}",
                rule=PLAY_RULE,
            )
        player = self.current_player
        if not isinstance(action.card, Card):
            raise IllegalMove(
                f"a play names one card, like Play(Card.parse('7H')), not {quoted(action.card)}",
                rule=PLAY_RULE,
            )
        _check_claim(action, self.options.claims)
        if action.card not in self.hands[player]:
            held = " ".join(map(str, self.hands[player]))
            raise IllegalMove(
                f"{player_names([player])} does not hold the {_card_name(action.card)}: "
                f"play a card from your hand ({held})",
                rule=PLAY_RULE,
            )
        return action

    def apply(self, action: Play) -> Sum15State:
        play = self._check(action)
        player = self.current_player
        hand = list(self.hands[player])
        hand.remove(play.card)
        middle, taken = self._take(player, self.judge(play))
        hands = tuple(
            tuple(hand) if index == player else cards for index, cards in enumerate(self.hands)
        )
        deck = self.deck
        played = self.played + 1
        if not middle and deck and played < self.options.plays:
            middle, deck = deck[:1], deck[1:]  # a new starter
        return Sum15State(self.options, self.seed, hands, deck, middle, taken, played)

    def parse_action(self, text: str) -> Play:
        """Read ``play 7H``, ``7H`` or ``7h``, with a claim when claims are on:
        ``play 7H claim 14``, ``7H pair``. Syntax only (refused with
        :class:`~cardmath.errors.ActionSyntaxError`): whether the card is in the mover's
        hand is for :meth:`apply` to say.

        >>> state = Sum15Game(players=2).new_state(seed=5)
        >>> state.parse_action("play " + str(state.hands[0][0])) == state.legal_actions()[0]
        True
        >>> state = Sum15Game(players=2, claims=True).new_state(seed=5)
        >>> state.parse_action(f"{state.hands[0][0]} and claim fifteen").claim
        'fifteen'
        """
        card, claim = self._read_claim_text(text)
        return Play(card, claim)

    def observation(self, player: int) -> Sum15Observation:
        frame = self.observation_frame(player)
        return Sum15Observation(
            **frame,
            dealer=self.dealer,
            hand=self.hands[player],
            middle=self.middle,
            total=self.total,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            taken_counts=self.scores(),
            seen=self._seen(),
            deck_size=len(self.deck),
            decks=self.options.deck_count,
            claims=self.options.claims,
            table=False,
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "middle": self.middle}
        for index, hand in enumerate(self.hands):
            zones[f"hand {index + 1}"] = hand
        for index, pile in enumerate(self.taken):
            zones[f"taken {index + 1}"] = pile
        return zones


def _check_claim(action: Play, claims_on: bool) -> None:
    if action.claim is None:
        return
    if not claims_on:
        raise IllegalMove(
            "claims are off in this game: sets are taken by themselves, so just play the "
            f"card (play {action.card})",
            rule=CLAIM_RULE,
        )
    if not isinstance(action.claim, str) or action.claim not in CLAIMS:
        raise IllegalMove(
            f"{quoted(action.claim)} is not a claim: say 14, pair, run or fifteen (or nothing)",
            rule=CLAIM_RULE,
        )


@codec.serializable("sum15.Sum15TableState")
@dataclass(frozen=True)
class Sum15TableState(_Sum15Table, State):
    """A game played with real cards, the computer as referee (option ``cards="table"``).

    The class deals real decks, so the computer knows no hand and no deck order: it is
    told each starter turned (:class:`Starter`, by the dealer) and each card played with
    its claim (:class:`Play`, by the player whose turn it is). It refuses a card of which
    every copy in the decks is already face up, judges every claim and counts every pile.
    ``starters`` counts the starters turned, so the cards left in the deck are known.

    >>> state = Sum15Game(players=3, cards="table", claims=True).new_state(seed=1)
    >>> state.current_player, str(state.legal_actions()[0])  # the dealer turns a starter
    (2, 'starter AC')
    >>> state = state.apply(state.parse_action("starter KS"))
    >>> state = state.apply(state.parse_action("play 2C claim fifteen"))
    >>> state.taken[0], state.current_player  # 13 + 2 = 15; the dealer turns the next starter
    ((Card('KS'), Card('2C')), 2)
    """

    options: Sum15Options
    seed: int
    middle: tuple[Card, ...] = ()
    taken: tuple[tuple[Card, ...], ...] = ()
    played: int = 0
    starters: int = 0

    @property
    def deck_size(self) -> int:
        """Cards still in the deck (real cards: dealt hands and starters turned are gone)."""
        return len(self.full_deck()) - self.options.plays - self.starters

    @property
    def needs_starter(self) -> bool:
        """The middle is empty, the deck has cards and play goes on: turn a starter."""
        return not self.middle and self.deck_size > 0 and self.played < self.options.plays

    @property
    def current_player(self) -> int:
        if self.played >= self.options.plays:
            return TERMINAL
        if self.needs_starter:
            return self.dealer
        return (self.dealer + 1 + self.played) % self.num_players

    def unseen(self) -> Counter[Card]:
        """How many copies of each card have not been face up: in hands or the deck."""
        counts = Counter(self.full_deck())
        counts.subtract(self._seen())
        return +counts

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards still in each player's hand."""
        players, first = self.num_players, self.dealer + 1
        rounds, extra = divmod(self.played, players)
        return tuple(
            self.options.hand_size - rounds - (1 if (seat - first) % players < extra else 0)
            for seat in range(players)
        )

    def legal_actions(self) -> tuple[Play | Starter, ...]:
        if self.is_terminal:
            return ()
        unseen = self.unseen()
        available = [card for card in DECK if unseen[card] > 0]
        if self.needs_starter:
            return tuple(Starter(card) for card in available)
        claims_said = _claim_options(self.options.claims)
        return tuple(Play(card, claim) for card in available for claim in claims_said)

    def _check_card(self, card: Any) -> Card:
        if not isinstance(card, Card):
            raise IllegalMove(f"a card, like Card.parse('7H'), not {quoted(card)}", rule=PLAY_RULE)
        card_value(card)
        if self.unseen()[card] <= 0:
            decks = self.options.deck_count
            copies = f"{decks} {_card_name(card)}s" if decks > 1 else f"one {_card_name(card)}"
            raise IllegalMove(
                f"the {decks} deck{'s' * (decks > 1)} in play hold{'s' * (decks == 1)} only "
                f"{copies}, and {'all are' if decks > 1 else 'it is'} already face up: "
                "check the card",
                rule=TABLE_RULE,
            )
        return card

    def _check(self, action: Any) -> Play | Starter:
        self.require_not_terminal()
        if self.needs_starter:
            if not isinstance(action, Starter):
                raise IllegalMove(
                    f"the middle is empty: {player_names([self.dealer])} (the dealer) turns "
                    "a starter from the deck first",
                    rule=STARTER_RULE,
                )
            self._check_card(action.card)
            return action
        if not isinstance(action, Play):
            raise IllegalMove(
                "a starter is turned only when the middle is empty; now "
                f"{player_names([self.current_player])} plays a card",
                rule=STARTER_RULE if isinstance(action, Starter) else PLAY_RULE,
            )
        _check_claim(action, self.options.claims)
        self._check_card(action.card)
        return action

    def apply(self, action: Play | Starter) -> Sum15TableState:
        move = self._check(action)
        if isinstance(move, Starter):
            return Sum15TableState(
                self.options, self.seed, (move.card,), self.taken, self.played, self.starters + 1
            )
        middle, taken = self._take(self.current_player, self.judge(move))
        return Sum15TableState(
            self.options, self.seed, middle, taken, self.played + 1, self.starters
        )

    def parse_action(self, text: str) -> Play | Starter:
        """Read ``starter 9C`` (or just ``9C``) when a starter is due, else a play as
        :meth:`Sum15State.parse_action` reads it (syntax only: whether every copy of the card
        is already face up is for :meth:`apply` to say)."""
        checked_text(text, "a move", "play 7H", error=ActionSyntaxError, rule=PLAY_RULE)
        words = text.split()
        if words and words[0].lower() in ("starter", "turn"):
            try:
                card = Card.parse(words[-1])
            except CardError as error:
                raise ActionSyntaxError(
                    f"{quoted(text.strip())} is not a starter: write it like 'starter 9C'",
                    rule=STARTER_RULE,
                ) from error
            return Starter(card)
        card, claim = self._read_claim_text(text)
        if self.needs_starter and claim is None and not text.strip().lower().startswith("play"):
            return Starter(card)
        return Play(card, claim)

    def observation(self, player: int) -> Sum15Observation:
        frame = self.observation_frame(player)
        return Sum15Observation(
            **frame,
            dealer=self.dealer,
            hand=(),
            middle=self.middle,
            total=self.total,
            hand_sizes=self.hand_sizes(),
            taken_counts=self.scores(),
            seen=self._seen(),
            deck_size=self.deck_size,
            decks=self.options.deck_count,
            claims=self.options.claims,
            table=True,
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {
            "middle": self.middle,
            "hands and deck (not yet face up)": tuple(self.unseen().elements()),
        }
        for index, pile in enumerate(self.taken):
            zones[f"taken {index + 1}"] = pile
        return zones


def _card_name(card: Card) -> str:
    return card.name[0].lower() + card.name[1:]


def deal(options: Sum15Options, seed: int) -> Sum15State:
    """Shuffle the decks together, deal ``hand_size`` cards to each player one at a time
    starting left of the dealer, and turn the starter."""
    pack = shuffled(DECK * options.deck_count, chance(seed, "deal"))
    players = options.players
    order = [(options.dealer_index + 1 + offset) % players for offset in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    dealt = players * options.hand_size
    for position, card in enumerate(pack[:dealt]):
        hands[order[position % players]].append(card)
    starter, deck = pack[dealt : dealt + 1], pack[dealt + 1 :]
    return Sum15State(
        options=options,
        seed=seed,
        hands=tuple(tuple(sorted(hand, key=_sort_key)) for hand in hands),
        deck=deck,
        middle=starter,
        taken=((),) * players,
    )


class Sum15Game(Game[Sum15Options]):
    """Sum 15 for 2 to 40 players (see the module docstring and the rule page)."""

    name = "sum15"
    title = "Sum 15"
    options_class = Sum15Options
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def _new_state(self, seed: int) -> Sum15State | Sum15TableState:
        if self.options.cards == TABLE:
            return Sum15TableState(self.options, seed, taken=((),) * self.options.players)
        return deal(self.options, seed)

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One event for the play, plus the deal, a new starter and the end when they
        happen (see the rule page for the fields)."""
        assert isinstance(before, _Sum15Table) and isinstance(after, _Sum15Table)
        events: list[dict[str, Any]] = []
        player = before.current_player
        name = player_names([player])
        if isinstance(action, Starter):
            assert isinstance(after, Sum15TableState)
            return [
                {
                    "event": "starter",
                    "player": player + 1,
                    "action": str(action),
                    "starter": str(action.card),
                    "deck_left": after.deck_size,
                    "text": f"{name} (the dealer) turns a new starter: {action.card}",
                }
            ]
        if before.played == 0 and isinstance(before, Sum15State):
            decks = before.options.deck_count
            starter = " ".join(map(str, before.middle))
            events.append(
                {
                    "event": "deal",
                    "dealer": before.dealer + 1,
                    "decks": decks,
                    "hand_size": before.options.hand_size,
                    "starter": [str(card) for card in before.middle],
                    "text": f"{player_names([before.dealer])} deals {before.options.hand_size} "
                    f"cards each from {decks} deck{'s' * (decks > 1)}; the starter is {starter}",
                }
            )
        judgement = before.judge(action)
        took = judgement.taken
        left = (*before.middle, action.card)[: len(before.middle) + 1 - len(took)]
        said = f" and claims {claim_phrase(action.claim)}" if before.options.claims else ""
        if took:
            reason = (
                judgement.offer.reasons[judgement.offer.rules.index(CLAIMS[action.claim])]
                if action.claim is not None
                else "; ".join(judgement.offer.reasons)
            )
            text = (
                f"{name} plays {action.card}{said} and takes {' '.join(map(str, took))}: "
                f"{reason} ({name} has taken {len(after.taken[player])})"
            )
        else:
            text = f"{name} plays {action.card}{said}"
            if judgement.wrong:
                text += f", but {judgement.why_wrong}: nothing taken"
            text += f"; middle {_show(left)}, total {judgement.offer.total}"
        if judgement.missed:
            text += f" (missed: {judgement.missed})"
        events.append(
            {
                "event": "play",
                "player": player + 1,
                "action": str(action),
                "card": str(action.card),
                "claim": action.claim,
                "total": judgement.offer.total,
                "took": [str(card) for card in took],
                "rules": list(judgement.offer.rules),
                "reasons": list(judgement.offer.reasons),
                "missed": judgement.missed,
                "middle": [str(card) for card in after.middle],
                "taken": list(after.scores()),
                "text": text,
            }
        )
        if took and not left and isinstance(after, Sum15State):
            if after.middle:
                events.append(
                    {
                        "event": "starter",
                        "starter": str(after.middle[0]),
                        "deck_left": len(after.deck),
                        "text": f"New starter: {after.middle[0]}",
                    }
                )
            elif not after.is_terminal:
                events.append(_no_starter_event())
        if (
            isinstance(after, Sum15TableState)
            and not after.middle
            and not after.is_terminal
            and not after.needs_starter
        ):
            events.append(_no_starter_event())
        if after.is_terminal and after.middle:
            events.append(
                {
                    "event": "left",
                    "middle": [str(card) for card in after.middle],
                    "text": f"Left in the middle, taken by nobody: {_show(after.middle)}",
                }
            )
        return events


def _no_starter_event() -> dict[str, Any]:
    return {
        "event": "no starter",
        "text": "The deck is used up: the middle stays empty and the next card played starts it",
    }


def _show(middle: Sequence[Card]) -> str:
    return " ".join(map(str, middle)) if middle else "(empty)"


def unseen_counts(observation: Sum15Observation) -> Counter[int]:
    """How many cards of each value (1 to 13) the observing player has not seen: they are
    in other hands or in the deck.

    >>> state = Sum15Game(players=2).new_state(seed=3)
    >>> sum(unseen_counts(state.observation(0)).values()) == 52 - 6 - 1
    True
    """
    counts: Counter[int] = Counter({value: 4 * observation.decks for value in range(1, 14)})
    for card in (*observation.hand, *observation.seen):
        counts[card_value(card)] -= 1
    return counts
