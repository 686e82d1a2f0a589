"""Dotter (seed 003): sequences and chance with hidden cards, peeks, guesses and laps of 121.

Each turn a player draws three cards face down (nobody looks at them), peeks at two
face-down cards of one player, or scores three face-down cards of one player, perhaps
after guessing what they are. Three cards score as a *series* (same difference, like
5, 7, 9, or same exact quotient, like 4, 6, 9), a *pair*, a *triple*, or *nothing*. A
right guess doubles the score, a wrong one scores only the lowest card, and points off
another player's cards are halved. Points are pegged in laps of 121; the first player to
complete six laps wins. The rule page is ``docs/games/dotter.md``.

Scoring is available on its own for lessons:

>>> score_hand("5 7 9").reason
'series, difference 2: 7 + 9 = 16'
>>> score_hand("4 6 9").points, score_hand("J J J", guess="quotient").points
(15, 44)
>>> score_hand("3 3 8", guess="pair", own=False).reason
'guess pair, right: 2 x (pair of 3s: 2 x 3 = 6) = 12; off another player: 12 / 2 = 6'

A whole game is played one action at a time:

>>> state = DotterGame(players=2).new_state(seed=9)
>>> [str(action) for action in state.legal_actions()]
['draw']
>>> state = state.apply(state.parse_action("draw"))
>>> state.current_player, len(state.deck)
(1, 51)

The rules live in one module per job: :mod:`.scoring` (hands, Jokers, explanations),
:mod:`.odds` (exact expectations and guess odds), :mod:`.actions` (options, positions,
actions, observations), :mod:`.laps` (the lap board and the peg), :mod:`.state` (the
state), :mod:`.game` (the game) and :mod:`.story` (turns told in words). Every public
name is importable from here.
"""

from __future__ import annotations

from cardmath.games.dotter.actions import (
    DECK_SIZE,
    FULL_DECK,
    LAP,
    SLOT_LETTERS,
    DotterAction,
    DotterObservation,
    DotterOptions,
    Draw,
    FaceDown,
    Gift,
    Give,
    Jokers,
    Pass,
    Peek,
    RoundEnd,
    Score,
    SeenCard,
    TurnedUp,
    parse_dotter_action,
    parse_position,
    position_label,
)
from cardmath.games.dotter.game import (
    DotterGame,
)
from cardmath.games.dotter.laps import peg, retained_points
from cardmath.games.dotter.odds import (
    GuessOdds,
    category_probabilities,
    expected_points,
    guess_odds,
)
from cardmath.games.dotter.scoring import (
    ACE_HIGH,
    CATEGORIES,
    GUESSES,
    JOKER_CHOICES,
    JOKER_RANK,
    RANK_COUNTS,
    RANK_LETTERS,
    RANK_NUMBERS,
    HandScore,
    JokerChoice,
    explain_score,
    joker_choices,
    joker_ranks,
    parse_guess,
    rank_number,
    score_hand,
    score_ranks,
)
from cardmath.games.dotter.state import DotterState
from cardmath.games.dotter.story import (
    Scored,
    TurnStory,
    describe_turn,
    possessive,
    scored_by,
    turn_story,
)

__all__ = [
    "ACE_HIGH",
    "CATEGORIES",
    "DECK_SIZE",
    "FULL_DECK",
    "GUESSES",
    "JOKER_CHOICES",
    "JOKER_RANK",
    "LAP",
    "RANK_COUNTS",
    "RANK_LETTERS",
    "RANK_NUMBERS",
    "SLOT_LETTERS",
    "DotterAction",
    "DotterGame",
    "DotterObservation",
    "DotterOptions",
    "DotterState",
    "Draw",
    "FaceDown",
    "Gift",
    "Give",
    "GuessOdds",
    "HandScore",
    "JokerChoice",
    "Jokers",
    "Pass",
    "Peek",
    "RoundEnd",
    "Score",
    "Scored",
    "SeenCard",
    "TurnStory",
    "TurnedUp",
    "category_probabilities",
    "describe_turn",
    "expected_points",
    "explain_score",
    "guess_odds",
    "joker_choices",
    "joker_ranks",
    "parse_dotter_action",
    "parse_guess",
    "parse_position",
    "peg",
    "position_label",
    "possessive",
    "rank_number",
    "retained_points",
    "score_hand",
    "score_ranks",
    "scored_by",
    "turn_story",
]
