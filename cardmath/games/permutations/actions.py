"""Permutations options, actions (bid, draft) and the records of auctions and rounds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardmath import codec
from cardmath.cards import (
    NumberCard,
)
from cardmath.game import (
    Options,
    option,
)
from cardmath.games.permutations.arithmetic import (
    TARGET_SCORE,
    colour_counts,
    colours_in_play,
    triangular,
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
    for player, pending in enumerate(in_progress[:players]):
        if pending is not None:
            piles[player].append(pending)
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
