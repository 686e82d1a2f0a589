"""The engine helpers the Sequences screens stand on: a turn put together card by card
(:func:`plan_turn`), the running values of a sequence, and its usual-order reading."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from cardmath.cards import SequencesCard
from cardmath.errors import IllegalMove
from cardmath.games import get_game
from cardmath.games.sequences import (
    CHOSEN_OPERATORS,
    Play,
    SequencesState,
    Turn,
    conventional_expression,
    conventional_value,
    evaluate_sequence,
    parse_sequence,
    plan_turn,
    to_expression,
)


def _states(games: int, seed: int = 0) -> list[SequencesState]:
    """Every state of a few seeded random games (each player to move in turn)."""
    game = get_game("sequences")
    states = []
    for number in range(games):
        rng = random.Random(seed * 1000 + number)
        state = game.new_state(seed=seed * 1000 + number)
        while not state.is_terminal:
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return states


STATES = _states(6)


def test_every_legal_turn_can_be_built_play_by_play() -> None:
    """A screen that clicks the plays of a legal turn one at a time is never refused, is
    offered each next play, and learns how many cards that turn buries."""
    checked = 0
    for state in STATES:
        seen = state.observation(state.current_player)
        one_per_plays = list({turn.plays: turn for turn in state.legal_actions()}.values())
        for turn in random.Random(len(one_per_plays)).sample(
            one_per_plays, min(12, len(one_per_plays))
        ):
            if turn.redraw:
                assert plan_turn(seen).redraw
                continue
            chosen: list[Play] = []
            for play in turn.plays:
                plan = plan_turn(seen, chosen)
                assert play in plan.next_plays
                assert play.sequence in plan.places_for(play.card)
                chosen.append(play)
            plan = plan_turn(seen, chosen)
            assert plan.complete and plan.bury == len(turn.buried)
            assert plan.most == len(turn.plays) == state.most_cards_playable
            checked += 1
    assert checked > 200


def test_the_plays_offered_are_exactly_those_of_legal_turns() -> None:
    for state in STATES:
        seen = state.observation(state.current_player)
        plan = plan_turn(seen)
        legal_plays = {play for turn in state.legal_actions() for play in turn.plays}
        assert set(plan.next_plays) == legal_plays
        assert plan.complete == (plan.most == 0 and not plan.redraw)


def test_every_other_play_is_refused_with_the_rule_the_engine_gives() -> None:
    """A play no legal turn starts with is refused by rule, as the engine refuses the same
    card played on its own; the must-play-maximum is named when that is the reason."""
    rules: Counter[str] = Counter()
    for state in STATES[::3]:
        seen = state.observation(state.current_player)
        plan = plan_turn(seen)
        if plan.redraw:
            with pytest.raises(IllegalMove) as refused:
                plan_turn(seen, [Play(seen.hand[0], None)])
            assert refused.value.rule == "hand redraw"
            continue
        places = [None, *range(len(seen.sequences))]
        for card in set(seen.hand):
            operators = CHOSEN_OPERATORS if card.face == "?" else ("",)
            for where in places:
                for operator in operators:
                    play = Play(card, where, operator)
                    if play in plan.next_plays:
                        continue
                    with pytest.raises(IllegalMove) as refused:
                        plan_turn(seen, [play])
                    rule = refused.value.rule
                    assert rule and str(refused.value)
                    rules[rule] += 1
                    if rule != "play the maximum":
                        with pytest.raises(IllegalMove) as engine:
                            state.apply(Turn((play,)))
                        assert engine.value.rule == rule
    assert {"number only after an operator", "starter starts a sequence"} <= set(rules)


def test_the_second_card_may_not_go_on_the_sequence_the_first_starts() -> None:
    state = get_game("sequences").new_state(seed=0)
    seen = state.observation(0)
    starter = Play(SequencesCard.parse("red [4]"))
    onto_new = Play(SequencesCard.parse("red +"), 0)
    with pytest.raises(IllegalMove, match="separate sequences") as refused:
        plan_turn(seen, [starter, onto_new])
    assert refused.value.rule == "separate sequences"


def test_two_cards_on_one_sequence_are_refused_and_the_second_is_offered_elsewhere() -> None:
    """S1 waits for a number and S2 for an operator: red 5 on S1 goes with red + or red =
    on S2; red 5 and red 3 both on S1 are refused."""
    table = (parse_sequence("[4] +", "blue"), parse_sequence("[2] - 3", "blue"))
    hand = tuple(SequencesCard.parse(f"red {face}") for face in ("3", "5", "+", "=", "=", "="))
    game = get_game("sequences")
    start = game.new_state(seed=1)
    state = SequencesState(
        start.options,
        1,
        (hand, start.hands[1]),
        start.piles,
        table,
        to_move=0,
    )
    seen = state.observation(0)
    plan = plan_turn(seen)
    assert plan.most == 2
    with pytest.raises(IllegalMove) as refused:
        plan_turn(seen, [Play(SequencesCard.parse("red 5"), 0), Play(hand[0], 0)])
    assert refused.value.rule == "separate sequences"
    five = plan_turn(seen, [Play(SequencesCard.parse("red 5"), 0)])
    assert {play.card.face for play in five.next_plays} == {"+", "="}


def test_plan_turn_when_it_is_not_your_turn() -> None:
    state = get_game("sequences").new_state(seed=0)
    with pytest.raises(IllegalMove, match="not your turn"):
        plan_turn(state.observation(1))


def test_running_values_are_the_worked_examples() -> None:
    worked = evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =")
    assert worked.running_values == (4, 6, 4, 20, 0, 0, 10, 10)


@pytest.mark.parametrize(
    ("text", "usual", "exact"),
    [
        ("[4] + 2 * 5", "4 + 2 × 5", Fraction(14)),
        ("[2] - 8 / 4 * 3 + 5", "2 − 8 ÷ 4 × 3 + 5", Fraction(1)),
        ("[4] / 5 * 2", "4 ÷ 5 × 2", Fraction(8, 5)),
        ("[-2] - 3 * 4", "−2 − 3 × 4", Fraction(-14)),
        ("[4] + 2 cancel * 5 invert * 2 swap =", "4 × 5 ÷ 2", Fraction(10)),
    ],
)
def test_the_usual_reading_is_a_calculators(text: str, usual: str, exact: Fraction) -> None:
    tree = conventional_expression(text)
    assert str(tree) == usual
    assert tree.exact() == exact
    assert tree.evaluate() == conventional_value(text)


def test_both_readings_agree_when_the_order_does_not_matter() -> None:
    for text in ("[4] + 2 + 3", "[2] * 3 * 4", "[0] - 2 - 3"):
        assert to_expression(text).evaluate() == conventional_expression(text).evaluate()
