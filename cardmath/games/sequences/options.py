"""Sequences' options and what one player sees of a game.

>>> SequencesOptions().division, SequencesOptions(division="floor").division
('truncate', 'floor')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardmath import codec
from cardmath.cards import SequencesCard
from cardmath.game import Observation, Options, option
from cardmath.games.sequences.arithmetic import COLOURS, DECKS
from cardmath.games.sequences.moves import _sorted_cards
from cardmath.games.sequences.reading import CardSequence

__all__ = ["DIVISION_RULES", "MAX_ROUNDS", "SequencesObservation", "SequencesOptions"]

DIVISION_RULES: dict[str, str] = {
    "truncate": "A quotient that is not whole rounds toward zero: 1 ÷ 2 = 0, -7 ÷ 2 = -3, "
    "-2 ÷ 4 = 0.",
    "floor": "A quotient that is not whole rounds down: 1 ÷ 2 = 0, -7 ÷ 2 = -4, -2 ÷ 4 = -1.",
}
"""Each way of dividing in one sentence (the settings panel and ``games`` show them)."""


MAX_ROUNDS = 60
"""Most rounds a game may be limited to (a whole game takes about 22: each player plays
two of 35 cards a turn)."""


@codec.serializable("sequences.SequencesOptions")
@dataclass(frozen=True)
class SequencesOptions(Options):
    """``division``: ``"truncate"`` (toward zero, -2 / 4 = 0) or ``"floor"`` (-2 / 4 = -1).
    ``redraw_ends_turn``: a whole-hand redraw is the player's turn (default), or the player
    then plays from the new hand."""

    players: int = option(
        2, "Players", "Sequences is for two: red plays first, blue second.", minimum=2, maximum=2
    )
    division: str = option(
        "truncate",
        "Division",
        "How ÷ rounds a quotient that is not a whole number.",
        choices={"truncate": "toward zero", "floor": "down"},
        choice_help=DIVISION_RULES,
    )
    redraw_ends_turn: bool = option(
        True,
        "Redraw ends the turn",
        "A player who must put their whole hand under their pile and draw six new cards "
        "plays from them next turn (off: straight away).",
    )
    rounds: int = option(
        0,
        "Rounds",
        "Stop when each player has had this many turns and score every sequence as it "
        "stands, sealed or open (0: play until the cards run out, as the seed does).",
        minimum=0,
        maximum=MAX_ROUNDS,
    )


@codec.serializable("sequences.SequencesObservation")
@dataclass(frozen=True)
class SequencesObservation(Observation):
    """What one player sees: their own hand, the table, and the sizes of hidden piles."""

    colour: str
    hand: tuple[SequencesCard, ...]
    pile_size: int
    opponent_hand_size: int
    opponent_pile_size: int
    sequences: tuple[CardSequence, ...]
    turn_number: int
    idle_turns: int
    division: str
    scores: tuple[int, ...]

    def opponent_unseen(self) -> tuple[SequencesCard, ...]:
        """The opponent's cards not on the table: their hand and pile together."""
        colour = COLOURS[1 - self.player]
        on_table = Counter(
            card for sequence in self.sequences for card in sequence.cards if card.colour == colour
        )
        unseen = Counter(DECKS[colour]) - on_table
        return _sorted_cards(unseen.elements())
