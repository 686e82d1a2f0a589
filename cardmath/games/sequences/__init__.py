"""Sequences: Wouter's two-player operator game (seed 001), exactly by the rules.

Each player owns a 35-card deck (red for player 1, blue for player 2). Starter cards open
*sequences* on the table; anyone may then extend any open sequence with operators,
numbers and modifiers, and a terminator (``=``) seals it. At the end every sequence is
evaluated **strictly left to right** after its modifiers, and scores for the owner of its
starter. So ``[4] + 2 * 5`` is 30 here, not 14, and ``/`` is integer division.

The lesson helpers work on a sequence's text form, exactly as the rules write it:

>>> result = evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =")
>>> result.value, [step.value for step in result.steps]
(10, [4, 6, 4, 20, 0, 0, 10, 10])
>>> print(to_expression("[4] + 2 * 5"))
(4 + 2) × 5
>>> evaluate_sequence("[4] + 2 * 5").value, conventional_value("[4] + 2 * 5")
(30, 14)

A whole turn is one action, with a text form a student can type:

>>> game = SequencesGame()
>>> state = game.new_state(seed=0)
>>> [str(card) for card in state.hands[0]]
['red [4]', 'red 4', 'red 10', 'red +', 'red /', 'red =']
>>> str(state.legal_actions()[0])
'play red [4]; bury red 4'
>>> later = state.apply(state.parse_action("play red [4]; bury red 10"))
>>> [str(sequence) for sequence in later.sequences], len(later.hands[0])
(['[4]'], 6)

The rules live in one module per job: :mod:`.arithmetic` (decks and operators),
:mod:`.reading` (sequences read card by card, and from their text), :mod:`.trees`
(expression trees, left to right and conventional), :mod:`.moves` (plays, turns and
move generation) and :mod:`.state` (options, state, game, turn plans). Every public
name is importable from here.
"""

from __future__ import annotations

from cardmath.games.sequences.arithmetic import (
    CHOSEN_OPERATORS,
    COLOURS,
    DECKS,
    DIVISIONS,
    FULL_DECK,
    HAND_SIZE,
    INVERSE,
    MAX_SEQUENCES,
    MUST_REDRAW,
    SHOWN,
    apply_operator,
)
from cardmath.games.sequences.evaluation import Evaluation, EvaluationStep, evaluate_sequence
from cardmath.games.sequences.moves import (
    Play,
    Turn,
    check_play,
    parse_turn,
    play_pairs,
    single_plays,
)
from cardmath.games.sequences.moves import (
    _sorted_cards as _sorted_cards,  # the tests build hands with it
)
from cardmath.games.sequences.reading import (
    MAX_TYPED_NUMBER,
    CardSequence,
    PlayedCard,
    parse_sequence,
)
from cardmath.games.sequences.state import (
    DIVISION_RULES,
    SequencesGame,
    SequencesObservation,
    SequencesOptions,
    SequencesState,
    TurnPlan,
    plan_turn,
)
from cardmath.games.sequences.trees import (
    ExpressionLeaf,
    ExpressionNode,
    conventional_expression,
    conventional_value,
    to_expression,
)

__all__ = [
    "CHOSEN_OPERATORS",
    "COLOURS",
    "DECKS",
    "DIVISIONS",
    "DIVISION_RULES",
    "FULL_DECK",
    "HAND_SIZE",
    "INVERSE",
    "MAX_SEQUENCES",
    "MAX_TYPED_NUMBER",
    "MUST_REDRAW",
    "SHOWN",
    "CardSequence",
    "Evaluation",
    "EvaluationStep",
    "ExpressionLeaf",
    "ExpressionNode",
    "Play",
    "PlayedCard",
    "SequencesGame",
    "SequencesObservation",
    "SequencesOptions",
    "SequencesState",
    "Turn",
    "TurnPlan",
    "apply_operator",
    "check_play",
    "conventional_expression",
    "conventional_value",
    "evaluate_sequence",
    "parse_sequence",
    "parse_turn",
    "plan_turn",
    "play_pairs",
    "single_plays",
    "to_expression",
]
