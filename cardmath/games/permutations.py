"""Permutations (seed 002): secret auctions where a round scores a triangular number.

Three or four players each hold eleven numbered cards in four colours (three colours for
three players). A round is eleven auctions. In each auction every player secretly bids
one card from their hand; the bids are revealed and the players draft, highest bid
first, one card each from the face-up pool. The bids then become the next pool, so every
bid is both a claim to priority and a gift to the table. The eleven cards a player
drafted in a round score ``m(m + 1) / 2`` for their largest colour count ``m``, and they
become that player's hand for the next round. The game ends after the round in which
someone reaches 100 points; the highest total wins and equal totals share the win.

The pigeonhole principle is in the scoring: eleven cards in four colours always include
at least three of one colour, so every round scores at least 6.

>>> round_score(["1R", "5R", "9R", "13R", "17R", "21R", "2Y", "6Y", "10Y", "14Y", "4B"])
21
>>> minimum_max(players=4), minimum_max(players=3)
(3, 4)
>>> game = PermutationsGame(players=3)
>>> state = game.new_state(seed=5)
>>> len(state.pool), [len(hand) for hand in state.hands]
(3, [11, 11, 11])
>>> for player in range(3):
...     state = state.apply(Bid(state.hands[state.current_player][0]))
>>> state.phase, state.current_player == state.draft_order[0]
('draft', True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from cardmath import codec
from cardmath.cards import (
    PERMUTATIONS_COLOURS,
    NumberCard,
    permutations_colour,
    permutations_deck,
)
from cardmath.errors import (
    ActionSyntaxError,
    CardError,
    CardMathError,
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

HAND_SIZE = 11
"""Cards dealt to each player, and auctions in each round."""

AUCTIONS_PER_ROUND = HAND_SIZE
TARGET_SCORE = 100
COLOURINGS: tuple[str, ...] = ("interleaved", "blocks")


# --- the arithmetic a lesson can call ------------------------------------------------


def triangular(m: int) -> int:
    """The m-th triangular number ``m(m + 1) / 2``, exactly (1 + 2 + ... + m).

    >>> [triangular(m) for m in range(3, 12)]
    [6, 10, 15, 21, 28, 36, 45, 55, 66]
    """
    if isinstance(m, bool) or not isinstance(m, int) or m < 0:
        raise CardMathError(f"a triangular number needs a whole number m >= 0, not {quoted(m)}")
    return m * (m + 1) // 2


def _checked_cards(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> tuple[NumberCard, ...]:
    """The cards as :class:`NumberCard`, refusing anything that is not a card of the
    Permutations deck: text that names no card, a number repeated (each number is on one
    card only), and cards of two different colourings. ``colouring`` (``None``: either)
    fixes which colouring the cards must follow."""
    if isinstance(cards, str):
        cards = [
            word for word in re.split(r"[\s,]+", checked_text(cards, "cards", "1R 5R 2Y")) if word
        ]
    elif isinstance(cards, NumberCard) or not isinstance(cards, Iterable):
        raise CardError(
            f"cards are a list such as ['1R', '5R', '2Y'] or text '1R 5R 2Y', not {quoted(cards)}"
        )
    if colouring is not None and colouring not in COLOURINGS:
        raise OptionError(f"Colouring is 'interleaved' or 'blocks', not {quoted(colouring)}")
    found: dict[int, NumberCard] = {}
    for item in cards:
        card = item if isinstance(item, NumberCard) else NumberCard.parse(item)
        if card.number in found:
            raise CardError(
                f"{card.number} appears twice ({found[card.number]} and {card}): each number "
                "is on one card only"
            )
        found[card.number] = card
        if len(found) > 48:  # only reachable by repeating, refused above; a guard for iterators
            break
    chosen = (colouring,) if colouring is not None else COLOURINGS
    fitting = [
        name
        for name in chosen
        if all(permutations_colour(card.number, name) == card.colour for card in found.values())
    ]
    if not fitting and colouring is not None:
        wrong = next(
            card
            for card in found.values()
            if permutations_colour(card.number, colouring) != card.colour
        )
        raise CardError(
            f"{wrong} is not a card of the {colouring} colouring: card {wrong.number} is "
            f"{permutations_colour(wrong.number, colouring)}"
        )
    if not fitting:
        raise CardError(
            "these cards mix the two colourings (interleaved and blocks): a game uses one"
        )
    return tuple(found.values())


def colour_counts(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> dict[str, int]:
    """How many of ``cards`` are of each colour (all four colours, in deck order).

    Cards may be given as :class:`NumberCard`, as text such as ``"19G"``, or as one text
    ``"1R 5R 2Y"``. A card that does not exist (``19R``), a number given twice, or cards
    of two colourings are refused with :class:`~cardmath.errors.CardError`;
    ``colouring`` (``"interleaved"`` or ``"blocks"``) says which colouring the cards
    follow (``None``: either, the same for all).

    >>> colour_counts(["1R", "5R", "2Y", "19G"])
    {'red': 2, 'yellow': 1, 'green': 1, 'blue': 0}
    >>> colour_counts(["1R", "1R"])
    Traceback (most recent call last):
      ...
    cardmath.errors.CardError: 1 appears twice (1R and 1R): each number is on one card only
    """
    counts = dict.fromkeys(PERMUTATIONS_COLOURS, 0)
    for card in _checked_cards(cards, colouring):
        counts[card.colour] += 1
    return counts


def largest_colour_count(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None
) -> int:
    """Your *max*: the largest number of ``cards`` that share a colour (0 for no cards).

    >>> largest_colour_count(["1R", "5R", "2Y"])
    2
    """
    return max(colour_counts(cards, colouring).values())


def round_score(cards: Iterable[NumberCard | str] | str, colouring: str | None = None) -> int:
    """A round's score: ``m(m + 1) / 2`` where ``m`` is the largest colour count.

    >>> round_score(["1R", "5R", "9R", "2Y"])
    6
    >>> round_score([])
    0
    >>> round_score(["19R", "19G", "19B"])
    Traceback (most recent call last):
      ...
    cardmath.errors.CardError: there is no card 19R: card 19 is green (or yellow when the cards are coloured in blocks)
    """
    return triangular(largest_colour_count(cards, colouring))


def colours_in_play(players: int) -> tuple[str, ...]:
    """The colours used with ``players`` players (three players set blue aside).

    >>> colours_in_play(3), len(colours_in_play(4))
    (('red', 'yellow', 'green'), 4)
    """
    if players == 3:
        return PERMUTATIONS_COLOURS[:3]
    if players == 4:
        return PERMUTATIONS_COLOURS
    raise OptionError(f"Permutations is for 3 or 4 players, not {quoted(players)}")


def minimum_max(players: int, cards: int = HAND_SIZE) -> int:
    """The smallest possible *max* for ``cards`` cards in the colours of a ``players`` game.

    By the pigeonhole principle, ``cards`` cards in ``k`` colours always include at least
    ``ceil(cards / k)`` of one colour (if every colour had fewer, there would be at most
    ``k * (ceil(cards / k) - 1) < cards`` cards), and spreading the cards as evenly as
    possible reaches exactly that number, so it is the minimum. Each colour has 12
    cards, enough for any even spread of at most eleven cards.

    >>> minimum_max(4), minimum_max(3), minimum_max(4, cards=12), minimum_max(4, cards=0)
    (3, 4, 3, 0)
    """
    colours = len(colours_in_play(players))
    if isinstance(cards, bool) or not isinstance(cards, int) or not 0 <= cards <= 12 * colours:
        raise CardMathError(f"a hand holds 0 to {12 * colours} cards here, not {quoted(cards)}")
    return -(-cards // colours)


def minimum_round_score(players: int) -> int:
    """The fewest points anyone can score in a round: ``triangular(minimum_max(players))``.

    >>> minimum_round_score(4), minimum_round_score(3)
    (6, 10)
    """
    return triangular(minimum_max(players))


def pigeonhole_statement(players: int, cards: int = HAND_SIZE) -> str:
    """The pigeonhole argument for the smallest possible max, as one exact sentence.

    >>> print(pigeonhole_statement(4))
    Any 11 cards in 4 colours include at least 3 of one colour: with at most 2 of each colour there would be at most 4 × 2 = 8 cards, fewer than 11. An even spread such as 3, 3, 3, 2 shows that 3 can be the max, so 3 is the smallest possible max and every round scores at least 3 × 4 / 2 = 6.
    """
    colours = len(colours_in_play(players))
    least = minimum_max(players, cards)
    if cards == 0:
        return "With no cards there is no colour group, so the max is 0 and the score is 0."
    quotient, remainder = divmod(cards, colours)
    spread = [quotient + 1] * remainder + [quotient] * (colours - remainder)
    # Only a full round's eleven drafted cards are "every round"; other counts are a hand.
    scored = "every round scores" if cards == HAND_SIZE else "such a hand scores"
    return (
        f"Any {counted(cards, 'card')} in {colours} colours {'includes' if cards == 1 else 'include'} "
        f"at least {least} of one colour: "
        f"with at most {least - 1} of each colour there would be at most "
        f"{colours} × {least - 1} = {counted(colours * (least - 1), 'card')}, fewer than {cards}. "
        f"An even spread such as {', '.join(map(str, spread))} shows that {least} can be the "
        f"max, so {least} is the smallest possible max and {scored} at least "
        f"{least} × {least + 1} / 2 = {triangular(least)}."
    )


# --- options, actions, records ----------------------------------------------------------


COLOURING_RULES: dict[str, str] = {
    "interleaved": "Card n has colour (n - 1) mod 4: 1 red, 2 yellow, 3 green, 4 blue, 5 red, "
    "and so on.",
    "blocks": "Cards 1 to 12 are red, 13 to 24 yellow, 25 to 36 green, 37 to 48 blue.",
}
"""Each colouring in one sentence (the settings panel and ``games`` show them)."""

MAX_TARGET = 500
"""Highest target: every round scores at least 6 points for someone, so a game to 500
ends within 84 rounds (about 7,400 moves with four players), never a million moves."""

MAX_ROUNDS = 50
"""Most rounds a game may be limited to."""


@codec.serializable("permutations.PermutationsOptions")
@dataclass(frozen=True)
class PermutationsOptions(Options):
    """The rules that may vary (defaults follow the seed and the rulings).

    * ``players``: 3 or 4 (three players set the blue cards aside).
    * ``colouring``: ``"interleaved"`` (card n has colour (n - 1) mod 4) or ``"blocks"``
      (1-12 red, 13-24 yellow, 25-36 green, 37-48 blue).
    * ``target``: the game ends after the round in which someone's total reaches it
      (1 to 500).
    * ``max_rounds``: optionally end after this many rounds even if nobody reached the
      target (a lesson-length game); ``None`` plays to the target.
    * ``face_up_drafts``: drafted cards lie face up instead of face down, so every
      player's observation shows every drafted pile (an open-information variant).
    """

    players: int = option(
        4,
        "Players",
        "Three or four; with three the blue cards are set aside.",
        minimum=3,
        maximum=4,
    )
    colouring: str = option(
        "interleaved",
        "Colouring",
        "Which numbers share a colour.",
        choices={"interleaved": "interleaved", "blocks": "in blocks"},
        choice_help=COLOURING_RULES,
    )
    target: int = option(
        TARGET_SCORE,
        "Target score",
        "The game ends after the round in which someone's total reaches this.",
        minimum=1,
        maximum=MAX_TARGET,
    )
    max_rounds: int | None = option(
        None,
        "Round limit",
        "End after this many rounds even if nobody reached the target (blank: no limit).",
        minimum=1,
        maximum=MAX_ROUNDS,
    )
    face_up_drafts: bool = option(
        False,
        "Face-up drafts",
        "Drafted cards lie face up, so everyone sees everyone's pile.",
    )


@codec.serializable("permutations.Bid")
@dataclass(frozen=True)
class Bid:
    """Secretly bid ``card`` from your hand: ``bid 19G``."""

    card: NumberCard

    def __str__(self) -> str:
        return f"bid {self.card}"


@codec.serializable("permutations.Draft")
@dataclass(frozen=True)
class Draft:
    """Take ``card`` from the pool when it is your turn to draft: ``draft 19G``."""

    card: NumberCard

    def __str__(self) -> str:
        return f"draft {self.card}"


Action = Bid | Draft


@codec.serializable("permutations.AuctionResult")
@dataclass(frozen=True)
class AuctionResult:
    """A finished auction, as everyone at the table saw it.

    ``pool`` is what was on offer; ``bids[p]`` and ``drafts[p]`` are player p's revealed
    bid and drafted card; ``order`` lists the players from the highest bid down.
    """

    round_number: int
    auction: int
    pool: tuple[NumberCard, ...]
    bids: tuple[NumberCard, ...]
    order: tuple[int, ...]
    drafts: tuple[NumberCard, ...]


@codec.serializable("permutations.RoundResult")
@dataclass(frozen=True)
class RoundResult:
    """A scored round: each player's max (largest colour count), points and new total."""

    round_number: int
    maxes: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def drafting_order(bids: Sequence[NumberCard]) -> tuple[int, ...]:
    """The players in the order they draft: highest bid first (``bids[p]`` is player p's).

    Numbers are unique, so two bids never tie.

    >>> drafting_order([NumberCard.parse("17R"), NumberCard.parse("40B"), NumberCard.parse("3G")])
    (1, 0, 2)
    """
    return tuple(sorted(range(len(bids)), key=lambda player: -bids[player].number))


def drafted_in_round(
    auctions: Iterable[AuctionResult | None],
    round_number: int,
    players: int,
    in_progress: Sequence[NumberCard | None] = (),
) -> tuple[tuple[NumberCard, ...], ...]:
    """Each player's drafted cards in round ``round_number``, as everyone at the table saw
    them: the drafts of that round's finished ``auctions`` (repeats and other rounds'
    auctions are ignored, so a whole game's history may be passed) and ``in_progress``,
    the drafts already made in the auction going on (an observation's ``drafts``).

    Every draft is made in the open, so this is public; it is the tally a player with a
    perfect memory would keep of the face-down piles.

    >>> cards = [NumberCard.parse(text) for text in ("1R", "6Y", "9R", "14Y")]
    >>> first = AuctionResult(1, 1, tuple(cards[:2]), tuple(cards[2:]), (1, 0), (cards[0], cards[1]))
    >>> piles = drafted_in_round([first, first, None], 1, 2, in_progress=(cards[2], None))
    >>> [" ".join(map(str, pile)) for pile in piles]
    ['1R 9R', '6Y']
    """
    seen: dict[int, AuctionResult] = {}
    for auction in auctions:
        if auction is not None and auction.round_number == round_number:
            seen[auction.auction] = auction
    piles: list[list[NumberCard]] = [[] for _ in range(players)]
    for number in sorted(seen):
        for player, card in enumerate(seen[number].drafts[:players]):
            piles[player].append(card)
    for player, card in enumerate(in_progress[:players]):
        if card is not None:
            piles[player].append(card)
    return tuple(tuple(pile) for pile in piles)


@dataclass(frozen=True)
class PileSummary:
    """A pile's colour counts (``counts``, in deck order, for the colours in play), its
    max (``largest``), the colours that reach it (``best``) and ``score``, the points it
    would make if the round ended now: ``largest * (largest + 1) / 2``."""

    counts: tuple[tuple[str, int], ...]
    largest: int
    best: tuple[str, ...]
    score: int


def pile_summary(
    cards: Iterable[NumberCard | str] | str, colouring: str | None = None, players: int = 4
) -> PileSummary:
    """What a screen shows of a pile: colour counts, the max and the score it would make
    now (cards are checked as :func:`colour_counts` checks them).

    >>> summary = pile_summary(["1R", "5R", "2Y", "3G"], players=3)
    >>> summary.counts, summary.largest, summary.best, summary.score
    ((('red', 2), ('yellow', 1), ('green', 1)), 2, ('red',), 3)
    >>> pile_summary([]).best, pile_summary([]).score
    ((), 0)
    """
    counts = colour_counts(cards, colouring)
    colours = colours_in_play(players)
    largest = max(counts.values())
    best = tuple(colour for colour in colours if largest and counts[colour] == largest)
    return PileSummary(
        tuple((colour, counts[colour]) for colour in colours),
        largest,
        best,
        triangular(largest),
    )


# --- the state --------------------------------------------------------------------------


@codec.serializable("permutations.PermutationsObservation")
@dataclass(frozen=True)
class PermutationsObservation(Observation):
    """What one player may see.

    Everyone sees the face-up pool, who has already chosen a bid (not which card), the
    revealed bids and the drafts of the current auction once bidding is over, the last
    finished auction, hand and pile sizes, and the scores. Only ``player`` sees their own
    hand, pending bid and drafted pile; ``piles`` holds the other players' drafted cards
    only when the ``face_up_drafts`` option is on (otherwise ``()`` for them).
    """

    players: int
    round_number: int
    auction: int
    phase: str
    hand: tuple[NumberCard, ...]
    my_bid: NumberCard | None
    has_bid: tuple[bool, ...]
    revealed_bids: tuple[NumberCard | None, ...]
    draft_order: tuple[int, ...]
    drafts: tuple[NumberCard | None, ...]
    pool: tuple[NumberCard, ...]
    piles: tuple[tuple[NumberCard, ...], ...]
    pile_sizes: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    last_auction: AuctionResult | None
    rounds: tuple[RoundResult, ...]
    options: PermutationsOptions

    @property
    def deck(self) -> tuple[NumberCard, ...]:
        """The cards in play in this game."""
        return deck_in_play(self.options.colouring, self.players)


@codec.serializable("permutations.PermutationsState")
@dataclass(frozen=True)
class PermutationsState(State):
    """One moment of a game of Permutations.

    ``hands`` are the cards each player can still bid this round; ``bids`` the cards bid
    in the current auction (``None`` before a player has bid); ``draft_order`` the players
    still to draft, highest bid first (empty while bids are being made); ``drafts`` the
    card each player has drafted in this auction; ``piles`` the cards each player has
    drafted this round (next round's hand); ``pool`` the face-up cards on offer.
    """

    options: PermutationsOptions
    seed: int
    hands: tuple[tuple[NumberCard, ...], ...]
    pool: tuple[NumberCard, ...]
    bids: tuple[NumberCard | None, ...]
    draft_order: tuple[int, ...]
    drafts: tuple[NumberCard | None, ...]
    piles: tuple[tuple[NumberCard, ...], ...]
    totals: tuple[int, ...]
    round_number: int = 1
    auction: int = 1
    rounds: tuple[RoundResult, ...] = ()
    last_auction: AuctionResult | None = None
    finished: bool = False

    # -- whose turn ------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"bid"`` while secret bids are being chosen, ``"draft"`` after the reveal,
        ``"over"`` when the game has ended."""
        if self.finished:
            return "over"
        return "draft" if self.draft_order else "bid"

    @property
    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.draft_order:
            return self.draft_order[0]
        return next(player for player, bid in enumerate(self.bids) if bid is None)

    def legal_actions(self) -> tuple[Bid | Draft, ...]:
        if self.finished:
            return ()
        if self.draft_order:
            return tuple(Draft(card) for card in self.pool)
        return tuple(Bid(card) for card in self.hands[self.current_player])

    # -- moves -----------------------------------------------------------------------

    def parse_action(self, text: str) -> Bid | Draft:
        """Read ``"bid 19G"`` or ``"draft 19G"`` (the colour letter may be left out,
        since every number is on one card only). Syntax only (refused with
        :class:`~cardmath.errors.ActionSyntaxError`): whether the card may be bid or
        drafted now is for :meth:`apply` to say.

        >>> state = PermutationsGame(players=4).new_state(seed=1)
        >>> card = state.hands[0][0]
        >>> state.parse_action(f"bid {card.number}") == Bid(card)
        True
        """
        checked_text(text, "a move", "bid 19G", error=ActionSyntaxError, rule="move format")
        match = re.match(r"^\s*(bid|draft|take)\s+(\d{1,2})\s*([RYGB])?\s*$", text, re.I)
        if not match:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a Permutations move: write 'bid 19G' to bid a card from "
                "your hand, or 'draft 19G' to take a card from the pool",
                rule="move format",
            )
        verb, number, letter = match.group(1).lower(), int(match.group(2)), match.group(3)
        card = next((c for c in self.full_deck() if c.number == number), None)
        if card is None:
            raise ActionSyntaxError(
                f"there is no card {number} in this game's deck", rule="cards in play"
            )
        if letter and letter.upper() != card.colour[0].upper():
            raise ActionSyntaxError(
                f"card {number} is {card.colour} ({card}) in this game, not {number}{letter}",
                rule="card colours",
            )
        return Bid(card) if verb == "bid" else Draft(card)

    def apply(self, action: Bid | Draft) -> PermutationsState:
        self.require_not_terminal()
        if isinstance(action, Bid | Draft) and not isinstance(action.card, NumberCard):
            verb = type(action).__name__.lower()
            raise IllegalMove(
                f"{quoted(action.card)} is not a card: a move holds a NumberCard, such as "
                f"{type(action).__name__}(NumberCard.parse('19G')); to read text, use "
                f"state.parse_action('{verb} 19G')",
                rule="move format",
            )
        if isinstance(action, Bid):
            return self._apply_bid(action.card)
        if isinstance(action, Draft):
            return self._apply_draft(action.card)
        raise IllegalMove(
            f"{quoted(action)} is not a Permutations move: bid a card or draft a card",
            rule="move format",
        )

    def _apply_bid(self, card: NumberCard) -> PermutationsState:
        if self.draft_order:
            raise IllegalMove(
                f"the bids are revealed: {player_names([self.current_player])} now drafts a "
                "card from the pool, highest bid first",
                rule="draft in decreasing bid order",
            )
        player = self.current_player
        hand = self.hands[player]
        if card not in hand:
            raise IllegalMove(
                f"{card} is not in {player_names([player])}'s hand: a bid is one card from "
                f"your own hand ({' '.join(map(str, hand))})",
                rule="bid a card from your hand",
            )
        hands = _replace_at(self.hands, player, tuple(c for c in hand if c != card))
        bids = _replace_at(self.bids, player, card)
        if any(bid is None for bid in bids):
            return replace(self, hands=hands, bids=bids)
        # Everyone has bid: reveal, and draft in decreasing order of bid value.
        order = drafting_order(bids)  # type: ignore[arg-type]
        return replace(self, hands=hands, bids=bids, draft_order=order)

    def _apply_draft(self, card: NumberCard) -> PermutationsState:
        if not self.draft_order:
            raise IllegalMove(
                "nobody drafts until every player has chosen a secret bid",
                rule="secret bids first",
            )
        player = self.current_player
        if card not in self.pool:
            raise IllegalMove(
                f"{card} is not in the pool: {player_names([player])} drafts one of "
                f"{' '.join(map(str, self.pool))}",
                rule="draft a card from the pool",
            )
        pool = tuple(c for c in self.pool if c != card)
        piles = _replace_at(self.piles, player, self.piles[player] + (card,))
        drafts = _replace_at(self.drafts, player, card)
        order = self.draft_order[1:]
        if order:
            return replace(self, pool=pool, piles=piles, drafts=drafts, draft_order=order)
        return self._finish_auction(piles, drafts)

    def _finish_auction(
        self, piles: tuple[tuple[NumberCard, ...], ...], drafts: tuple[NumberCard | None, ...]
    ) -> PermutationsState:
        """Every player has drafted: the bids become the next pool."""
        players = self.num_players
        bids: tuple[NumberCard, ...] = tuple(bid for bid in self.bids if bid is not None)
        result = AuctionResult(
            self.round_number,
            self.auction,
            tuple(sorted(d for d in drafts if d is not None)),
            bids,
            drafting_order(bids),
            tuple(d for d in drafts if d is not None),
        )
        state = replace(
            self,
            pool=tuple(sorted(bids)),
            bids=(None,) * players,
            drafts=(None,) * players,
            draft_order=(),
            piles=piles,
            last_auction=result,
        )
        if self.auction < AUCTIONS_PER_ROUND:
            return replace(state, auction=self.auction + 1)
        return state._score_round()

    def _score_round(self) -> PermutationsState:
        """Eleven auctions are over: score the piles, then end or start the next round."""
        colouring = self.options.colouring
        maxes = tuple(largest_colour_count(pile, colouring) for pile in self.piles)
        scores = tuple(triangular(m) for m in maxes)
        totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        result = RoundResult(self.round_number, maxes, scores, totals)
        rounds = (*self.rounds, result)
        cap = self.options.max_rounds
        if max(totals) >= self.options.target or (cap is not None and self.round_number >= cap):
            return replace(self, totals=totals, rounds=rounds, finished=True)
        return replace(
            self,
            totals=totals,
            rounds=rounds,
            hands=tuple(tuple(sorted(pile)) for pile in self.piles),
            piles=((),) * self.num_players,
            round_number=self.round_number + 1,
            auction=1,
        )

    # -- what players see ------------------------------------------------------------

    def observation(self, player: int) -> PermutationsObservation:
        frame = self.observation_frame(player)
        players = self.num_players
        revealed = bool(self.draft_order)
        open_piles = self.options.face_up_drafts
        return PermutationsObservation(
            **frame,
            players=players,
            round_number=self.round_number,
            auction=self.auction,
            phase=self.phase,
            hand=self.hands[player],
            my_bid=self.bids[player],
            has_bid=tuple(bid is not None for bid in self.bids),
            revealed_bids=self.bids if revealed else (None,) * players,
            draft_order=self.draft_order,
            drafts=self.drafts,
            pool=self.pool,
            piles=tuple(
                pile if open_piles or index == player else ()
                for index, pile in enumerate(self.piles)
            ),
            pile_sizes=tuple(len(pile) for pile in self.piles),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            totals=self.totals,
            last_auction=self.last_auction,
            rounds=self.rounds,
            options=self.options,
        )

    def outcome(self) -> Outcome:
        self.require_terminal()
        winners = winners_by_score(self.totals)
        verb = "wins" if len(winners) == 1 else "share the win"
        rounds = len(self.rounds)
        target = self.options.target
        if max(self.totals) >= target:
            reason = f"the game ends after the round in which a total reaches {target}"
        else:
            reason = f"the round limit of {rounds} round{'s' * (rounds != 1)} is reached"
        return Outcome(
            winners,
            self.totals,
            f"{player_names(winners)} {verb} with {self.totals[winners[0]]} points "
            f"after {self.round_number} round{'s' if self.round_number != 1 else ''}",
            reason=reason,
        )

    def card_zones(self) -> Mapping[str, Sequence[NumberCard]]:
        zones: dict[str, Sequence[NumberCard]] = {"pool": self.pool}
        for player in range(self.num_players):
            bid = self.bids[player]
            zones[f"hand {player + 1}"] = self.hands[player]
            zones[f"bid {player + 1}"] = () if bid is None else (bid,)
            zones[f"drafted {player + 1}"] = self.piles[player]
        return zones

    def full_deck(self) -> Sequence[NumberCard]:
        return deck_in_play(self.options.colouring, self.num_players)

    def set_aside(self) -> tuple[NumberCard, ...]:
        """The cards not used in this game (the blue cards with three players)."""
        used = set(self.full_deck())
        return tuple(c for c in permutations_deck(self.options.colouring) if c not in used)  # type: ignore[arg-type]


def deck_in_play(colouring: str, players: int) -> tuple[NumberCard, ...]:
    """The cards used with ``players`` players (36 for three players, 48 for four).

    >>> len(deck_in_play("interleaved", 3)), deck_in_play("blocks", 4)[-1]
    (36, NumberCard('48B'))
    """
    if not isinstance(colouring, str) or colouring not in COLOURINGS:
        raise OptionError(f"Colouring is 'interleaved' or 'blocks', not {quoted(colouring)}")
    colours_in_play(players)  # refuses other player counts
    return _deck_in_play(colouring, players)


@cache
def _deck_in_play(colouring: str, players: int) -> tuple[NumberCard, ...]:
    return permutations_deck(colouring, players)  # type: ignore[arg-type]


def _replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]


# --- the game -------------------------------------------------------------------------


class PermutationsGame(Game[PermutationsOptions]):
    """Permutations for 3 or 4 players (see the module docstring for the rules).

    >>> game = PermutationsGame(players=4, colouring="blocks")
    >>> state = game.new_state(seed=2)
    >>> sorted(state.pool) == list(state.pool), len(state.pool)
    (True, 4)
    """

    name = "permutations"
    title = "Permutations"
    options_class = PermutationsOptions
    min_players = 3
    max_players = 4

    def _new_state(self, seed: int) -> PermutationsState:
        players = self.options.players
        deck = shuffled(
            deck_in_play(self.options.colouring, players),
            chance(seed, "deal"),
        )
        hands = tuple(
            tuple(sorted(deck[HAND_SIZE * p : HAND_SIZE * (p + 1)])) for p in range(players)
        )
        pool = tuple(sorted(deck[HAND_SIZE * players :]))
        return PermutationsState(
            options=self.options,
            seed=seed,
            hands=hands,
            pool=pool,
            bids=(None,) * players,
            draft_order=(),
            drafts=(None,) * players,
            piles=((),) * players,
            totals=(0,) * players,
        )

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One line per finished auction, and one per scored round.

        Single bids print nothing (they are secret until everyone has bid).
        """
        assert isinstance(before, PermutationsState) and isinstance(after, PermutationsState)
        if not isinstance(action, Draft) or len(before.draft_order) != 1:
            return []
        auction = after.last_auction
        assert auction is not None
        bids = ", ".join(f"P{p + 1} {auction.bids[p]}" for p in range(before.num_players))
        drafts = ", ".join(f"P{p + 1} {auction.drafts[p]}" for p in auction.order)
        events: list[dict[str, Any]] = [
            {
                "event": "auction",
                "round": auction.round_number,
                "auction": auction.auction,
                "pool": [str(c) for c in auction.pool],
                "bids": [str(c) for c in auction.bids],
                "order": [p + 1 for p in auction.order],
                "drafts": [str(c) for c in auction.drafts],
                "text": f"Round {auction.round_number}, auction {auction.auction}: "
                f"pool {' '.join(map(str, auction.pool))} | bids {bids} | drafts {drafts}",
            }
        ]
        if len(after.rounds) > len(before.rounds):
            result = after.rounds[-1]
            piles = after.piles if after.finished else after.hands
            parts = []
            for p in range(before.num_players):
                counts = colour_counts(piles[p], before.options.colouring)
                best = [colour for colour, n in counts.items() if n == result.maxes[p]]
                parts.append(
                    f"P{p + 1} max {result.maxes[p]} ({'/'.join(best)}) -> "
                    f"{result.scores[p]}, total {result.totals[p]}"
                )
            events.append(
                {
                    "event": "round",
                    "round": result.round_number,
                    "piles": [[str(c) for c in sorted(pile)] for pile in piles],
                    "maxes": list(result.maxes),
                    "scores": list(result.scores),
                    "totals": list(result.totals),
                    "text": f"Round {result.round_number} scores: " + "; ".join(parts),
                }
            )
        return events
