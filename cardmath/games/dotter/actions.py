"""Dotter's options, card positions, actions (with their parser) and what a player sees.

>>> str(parse_dotter_action("peek p2 1a 1b", players=2))
'peek p2 1a 1b'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from cardmath import codec
from cardmath.cards import Card, standard_deck
from cardmath.errors import (
    ActionSyntaxError,
    CardMathError,
    IllegalMove,
    OptionError,
    checked_text,
    quoted,
)
from cardmath.game import (
    Observation,
    Options,
    option,
)
from cardmath.games.dotter.scoring import (
    RANK_COUNTS,
    _value_name,
    joker_ranks,
    parse_guess,
    rank_number,
)

# --- options, positions, actions ------------------------------------------------------

LAP = 121
FULL_DECK: tuple[Card, ...] = standard_deck()
"""The 54 cards Dotter is played with (two Jokers)."""
DECK_SIZE = len(FULL_DECK)


@codec.serializable("dotter.DotterOptions")
@dataclass(frozen=True)
class DotterOptions(Options):
    """Dotter's options; the defaults are the seed's rules and the rulings.

    * ``laps``: laps of ``lap_length`` points to win (seed: 6).
    * ``fewer_laps``: one lap fewer for each player beyond two (the seed's suggestion).
    * ``lap_length``: points in a lap (seed: 121, the cribbage board); the peg is the last.
    * ``new_cards_wait``: new cards are not scorable until their drawer has had a turn.
    * ``bank``: each player's first row of a round is a bank of three protected cards
      that only its owner may score while the deck lasts.
    * ``scoring_limit``: at most this many scorings per player per round (0: no limit).
    * ``max_rounds``: the game stops after this many rounds (0: play until someone wins).
    """

    players: int = option(
        2, "Players", "How many play (the seed was tested with two).", minimum=2, maximum=6
    )
    laps: int = option(
        6, "Laps to win", "Laps of the board a player must complete to win.", minimum=1, maximum=20
    )
    fewer_laps: bool = option(
        False,
        "Fewer laps with more players",
        "One lap fewer to win for each player beyond two (at least one lap).",
    )
    lap_length: int = option(
        LAP,
        "Points in a lap",
        "How many points make one lap of the board (a cribbage board has 121).",
        minimum=10,
        maximum=1000,
    )
    new_cards_wait: bool = option(
        True,
        "New cards wait",
        "Cards just drawn cannot be scored until their drawer has had another turn.",
    )
    bank: bool = option(
        False,
        "Bank of three",
        "Each player's first row of a round is protected: only its owner may score those "
        "cards while the deck lasts.",
    )
    scoring_limit: int = option(
        0,
        "Scorings per round",
        "At most this many scorings per player in a round (0: no limit; the seed suggests 5 to 7).",
        minimum=0,
        maximum=DECK_SIZE // 3,
    )
    give_to_score: bool = option(
        False,
        "Give three to score more",
        "With a scoring limit: a player who has used all their scorings may score once more "
        "by first giving three of their own face-down cards to another player.",
    )
    max_rounds: int = option(
        0,
        "Round limit",
        "Stop after this many rounds and the leaders win (0: play until someone wins).",
        minimum=0,
        maximum=100,
    )

    def validate(self) -> None:
        super().validate()
        if self.give_to_score and not self.scoring_limit:
            raise OptionError(
                "Give three to score more needs a limit to score beyond: set Scorings per "
                "round to a whole number from 1 to 18"
            )

    @property
    def laps_to_win(self) -> int:
        """Laps needed to win, after ``fewer_laps`` (never fewer than one)."""
        if self.fewer_laps:
            return max(1, self.laps - (self.players - 2))
        return self.laps


SLOT_LETTERS = "abc"


def position_label(row: int, slot: int) -> str:
    """The name of a face-down place: row number then a, b or c (``"2b"``)."""
    return f"{row}{SLOT_LETTERS[slot]}"


def parse_position(text: str) -> tuple[int, int]:
    """``"2b"`` -> (2, 1): the row (from 1) and the place in it (a, b, c).

    >>> parse_position("2b"), parse_position(" 10A ")
    ((2, 1), (10, 0))
    """
    match = (
        re.fullmatch(r"\s*(\d{1,3})([abcABC])\s*", text)
        if isinstance(text, str) and len(text) < 100
        else None
    )
    if not match:
        raise IllegalMove(
            f"{quoted(text)} is not a card place: write the row number then a, b or c, like 2b",
            rule="card places",
        )
    return int(match.group(1)), SLOT_LETTERS.index(match.group(2).lower())


@codec.serializable("dotter.FaceDown")
@dataclass(frozen=True)
class FaceDown:
    """A face-down card in a player's rows: its stable place (``row`` from 1 in the order
    the owner drew them this round, ``slot`` 0..2), whether it is ``new`` (its drawer has
    not had another turn yet) and which players have seen it."""

    row: int
    slot: int
    card: Card
    new: bool
    seen_by: frozenset[int]

    @cached_property
    def label(self) -> str:
        """Where the card lies, ``2b`` (kept once asked: reading it again is a lookup)."""
        return position_label(self.row, self.slot)


@codec.serializable("dotter.Draw")
@dataclass(frozen=True)
class Draw:
    """Draw three cards from the deck, face down, unseen, as a new row."""

    def __str__(self) -> str:
        return "draw"


@codec.serializable("dotter.Peek")
@dataclass(frozen=True)
class Peek:
    """Look at two face-down cards of player ``owner`` (0-based; shown 1-based)."""

    owner: int
    places: tuple[str, ...]

    def __str__(self) -> str:
        return f"peek p{self.owner + 1} {' '.join(self.places)}"


@codec.serializable("dotter.Score")
@dataclass(frozen=True)
class Score:
    """Score three face-down cards of player ``owner``, with an optional ``guess``."""

    owner: int
    places: tuple[str, ...]
    guess: str = ""

    def __str__(self) -> str:
        text = f"score p{self.owner + 1} {' '.join(self.places)}"
        return f"{text} guess {self.guess}" if self.guess else text


@codec.serializable("dotter.Pass")
@dataclass(frozen=True)
class Pass:
    """Let the turn go by: allowed only when nothing else is possible."""

    def __str__(self) -> str:
        return "pass"


@codec.serializable("dotter.Jokers")
@dataclass(frozen=True)
class Jokers:
    """Say what the Jokers just turned up stand for (a rank per Joker, Ace 1 to King
    13, in increasing order), which finishes the score."""

    ranks: tuple[int, ...]

    def __str__(self) -> str:
        names = " ".join(_value_name(rank) for rank in self.ranks)
        return f"joker {names}" if len(self.ranks) == 1 else f"jokers {names}"


@codec.serializable("dotter.Give")
@dataclass(frozen=True)
class Give:
    """Give three of your own face-down cards to player ``to`` (0-based), to score once
    more after using all your scorings of the round (the *give three* option)."""

    places: tuple[str, ...]
    to: int

    def __str__(self) -> str:
        return f"give {' '.join(self.places)} to p{self.to + 1}"


@codec.serializable("dotter.TurnedUp")
@dataclass(frozen=True)
class TurnedUp:
    """Three cards turned up by a score that waits for its scorer to say what the
    Jokers among them stand for."""

    owner: int
    places: tuple[str, ...]
    cards: tuple[Card, ...]
    guess: str


@codec.serializable("dotter.Gift")
@dataclass(frozen=True)
class Gift:
    """Three cards just given: ``giver`` must now score (not these cards), which
    ``receiver`` holds as their row ``row``."""

    giver: int
    receiver: int
    row: int


@codec.serializable("dotter.RoundEnd")
@dataclass(frozen=True)
class RoundEnd:
    """How a round ended: laps and lap points when the last card was scored (the peg
    holder's points are the lap length), the leaders of the lap (the peg counting 0),
    and the lap points each player kept."""

    round_number: int
    laps: tuple[int, ...]
    points: tuple[int, ...]
    lap_points: tuple[int, ...]
    leaders: tuple[int, ...]
    kept: tuple[int, ...]


DotterAction = Draw | Peek | Score | Jokers | Give | Pass


_MOVE_EXAMPLES = "draw, peek p2 1a 1b, score p1 1a 1b 2c guess pair, joker 9, give 1a 1b 1c to p2"


def _player_number(word: str, players: int | None) -> int | None:
    """The 0-based player a word like ``p2`` names (``None`` if it names none); a number
    past the last player is refused."""
    match = re.fullmatch(r"p(\d{1,3})", word)
    if not match:
        return None
    number = int(match.group(1))
    last = players if players is not None else 999
    if not 1 <= number <= last:
        shown = f"p1 to p{players}" if players is not None else "numbered from p1"
        raise ActionSyntaxError(
            f"there is no player p{number}: the players are {shown}", rule="players"
        )
    return number - 1


def _places(words: Sequence[str], count: int, verb: str) -> tuple[str, ...]:
    if len(words) > 3:
        raise ActionSyntaxError(
            f"a {verb} names {count} card places, not {len(words)}", rule="card places"
        )
    return tuple(position_label(*place) for place in sorted(parse_position(word) for word in words))


def parse_dotter_action(text: str, players: int | None = None) -> DotterAction:
    """Read an action from its text form (places are put in order). Players are numbered
    from 1 in text (``p1``); with ``players`` a number past the last player is refused.
    Syntax only: text that spells no action is refused with
    :class:`~cardmath.errors.ActionSyntaxError`, and whether the action is allowed now is
    for :meth:`DotterState.apply` to say.

    >>> parse_dotter_action("score p2 3a 1c 1a guess double")
    Score(owner=1, places=('1a', '1c', '3a'), guess='pair')
    >>> parse_dotter_action("peek p3 1a 1b", players=2)
    Traceback (most recent call last):
      ...
    cardmath.errors.ActionSyntaxError: there is no player p3: the players are p1 to p2
    >>> parse_dotter_action("jokers K 3"), parse_dotter_action("give 2c 2a 2b to p1")
    (Jokers(ranks=(3, 13)), Give(places=('2a', '2b', '2c'), to=0))
    """
    checked_text(text, "a Dotter move", "draw", limit=200, error=ActionSyntaxError, rule="moves")
    try:
        return _read_dotter_action(text, players)
    except ActionSyntaxError:
        raise
    except CardMathError as error:  # a place, a rank or a guess that is not one
        raise ActionSyntaxError(str(error), rule=getattr(error, "rule", "moves")) from error


def _read_dotter_action(text: str, players: int | None) -> DotterAction:
    words = text.strip().lower().split()
    if words == ["draw"]:
        return Draw()
    if words == ["pass"]:
        return Pass()
    if len(words) in (2, 3) and words[0] in ("joker", "jokers"):
        return Jokers(joker_ranks(words[1:], len(words) - 1))
    if len(words) >= 3 and words[0] == "give" and words[-2] == "to":
        receiver = _player_number(words[-1], players)
        if receiver is not None:
            return Give(_places(words[1:-2], 3, "give"), receiver)
    owner = _player_number(words[1], players) if len(words) >= 2 else None
    if owner is not None and words[0] in ("peek", "score"):
        rest = words[2:]
        guess = ""
        if words[0] == "score" and len(rest) >= 2 and rest[-2] == "guess":
            guess = parse_guess(rest[-1]) or ""
            rest = rest[:-2]
        if words[0] == "peek":
            return Peek(owner, _places(rest, 2, "peek"))
        return Score(owner, _places(rest, 3, "score"), guess)
    raise ActionSyntaxError(
        f"{quoted(text.strip())} is not a Dotter move: write {_MOVE_EXAMPLES}", rule="moves"
    )


# --- observation ----------------------------------------------------------------------


@codec.serializable("dotter.SeenCard")
@dataclass(frozen=True)
class SeenCard:
    """A face-down card as one player sees it: ``card`` is ``None`` unless they have seen
    it. Everyone sees where it lies, whether it is new or protected, and who has looked."""

    label: str
    card: Card | None
    new: bool
    protected: bool
    seen_by: frozenset[int]


@codec.serializable("dotter.DotterObservation")
@dataclass(frozen=True)
class DotterObservation(Observation):
    """What ``player`` may know: the public table, and faces only of cards they have
    peeked at or seen scored (the discards)."""

    options: DotterOptions
    round_number: int
    deck_size: int
    areas: tuple[tuple[SeenCard, ...], ...]
    discards: tuple[Card, ...]
    laps: tuple[int, ...]
    points: tuple[int, ...]
    scorings: tuple[int, ...]
    pending: TurnedUp | None = None
    """Cards turned up by a score waiting for its scorer to say what the Jokers are."""
    gift: Gift | None = None
    """Three cards just given: their giver must now score (not those cards)."""
    last_round: RoundEnd | None = None
    """How the last round ended (``None`` in the first round)."""

    def unseen_pool(self) -> tuple[int, ...]:
        """Counts by rank number (Joker first) of the cards this player has not seen:
        the deck and the face-down cards they have not looked at."""
        counts = list(RANK_COUNTS)
        visible = list(self.discards)
        visible += [seen.card for area in self.areas for seen in area if seen.card is not None]
        if self.pending is not None:
            visible += self.pending.cards
        for card in visible:
            counts[rank_number(card)] -= 1
        return tuple(counts)

    def scorable(self, owner: int) -> tuple[SeenCard, ...]:
        """``owner``'s face-down cards that this player could score on their turn: not
        new (while new cards wait), not in another player's bank, not just given."""
        wait = self.options.new_cards_wait
        gift = self.gift
        return tuple(
            seen
            for seen in self.areas[owner]
            if not (seen.new and wait)
            and not seen.protected
            and not (
                gift is not None
                and owner == gift.receiver
                and parse_position(seen.label)[0] == gift.row
            )
        )
