"""The engine keeps each sequence's value and the scores as the turns go (one more step
of the left-to-right value when a number is played): they must be what reading the
sequences afresh gives, in both ways of dividing."""

from __future__ import annotations

import random

import pytest

from cardmath.games import get_game
from cardmath.games.sequences import CardSequence, SequencesState, evaluate_sequence
from cardmath.testing import play_games


def _read_afresh(sequence: CardSequence) -> CardSequence:
    """The same cards as a new sequence, with nothing remembered."""
    return CardSequence(sequence.cards, sequence.chosen)


@pytest.mark.parametrize("division", ["truncate", "floor"])
def test_kept_values_and_scores_match_a_fresh_reading(division: str) -> None:
    game = get_game("sequences", division=division)
    checked = 0
    games = play_games(60)
    for seed in range(games):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.scores()  # the scores are kept from here on, turn by turn
            state = state.apply(rng.choice(state.legal_actions()))
            for sequence in state.sequences:
                fresh = _read_afresh(sequence)
                assert sequence.value(division) == fresh.value(division)
                assert sequence.value(division) == evaluate_sequence(sequence, division).value
                assert sequence.accepts == fresh.accepts and sequence.owner == fresh.owner
                checked += 1
            saved = SequencesState.from_json(state.to_json())
            assert state.scores() == saved.scores()
    assert checked > 100 * games  # sequences were there to check, turn after turn


def test_a_kept_value_follows_the_division_asked_for() -> None:
    game = get_game("sequences", division="floor")
    state = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(30):
        if state.is_terminal:
            break
        state.scores()
        state = state.apply(rng.choice(state.legal_actions()))
    for sequence in state.sequences:
        assert sequence.value("truncate") == _read_afresh(sequence).value("truncate")
        assert sequence.value("floor") == _read_afresh(sequence).value("floor")
