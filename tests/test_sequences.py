"""Sequences (seed 001): the worked example, the card grammar, the turn rules, scoring."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cardmath import codec
from cardmath.cards import SequencesCard
from cardmath.errors import ActionSyntaxError, IllegalMove, OptionError
from cardmath.games import get_game
from cardmath.games.sequences import (
    DECKS,
    CardSequence,
    Play,
    SequencesOptions,
    SequencesState,
    Turn,
    _sorted_cards,
    apply_operator,
    conventional_value,
    evaluate_sequence,
    parse_sequence,
    parse_turn,
    to_expression,
)
from cardmath.testing import check_random_play, play_games


def cards(text: str) -> tuple[SequencesCard, ...]:
    return tuple(SequencesCard.parse(part) for part in text.split(",") if part.strip())


def make_state(
    red_hand: str,
    blue_hand: str = "",
    table: tuple[CardSequence, ...] = (),
    *,
    red_pile: str = "red 2, red 3",
    blue_pile: str = "blue 2, blue 3",
    to_move: int = 0,
    **options: object,
) -> SequencesState:
    """A hand-made position (cards need not add up to two whole decks)."""
    hands = (_sorted_cards(cards(red_hand)), _sorted_cards(cards(blue_hand)))
    return SequencesState(
        SequencesOptions(**options),  # type: ignore[arg-type]
        0,
        hands,
        (cards(red_pile), cards(blue_pile)),
        table,
        to_move,
    )


def refusal(state: SequencesState, text: str) -> IllegalMove:
    before = state.to_json()
    with pytest.raises(IllegalMove) as caught:
        state.apply(parse_turn(text))
    assert state.to_json() == before
    return caught.value


# --- the seed's worked example --------------------------------------------------------


def test_worked_example_step_by_step() -> None:
    result = evaluate_sequence("[4] + 2 cancel * 5 invert * 2 swap =")
    assert [(step.expression, step.value) for step in result.steps] == [
        ("4", 4),
        ("4 + 2", 6),
        ("4", 4),
        ("4 * 5", 20),
        ("4 / 5", 0),
        ("4 / 5 * 2", 0),
        ("4 * 5 / 2", 10),
        ("10", 10),
    ]
    assert [step.note for step in result.steps] == [
        "start card",
        "operator + number",
        "cancel the +",
        "apply *",
        "invert: * becomes /",
        "apply *",
        "swap the / and the *",
        "seal the sequence",
    ]
    assert result.value == 10 and result.sealed


def test_worked_example_played_with_real_cards_in_the_engine() -> None:
    sequence = parse_sequence("[4] + 2 cancel * 5 invert * 2 swap =")
    assert str(sequence) == "[4] + 2 cancel * 5 invert * 2 swap ="
    assert sequence.value() == 10 and sequence.is_sealed
    assert evaluate_sequence(sequence).value == 10
    assert str(to_expression(sequence)) == "4 × 5 ÷ 2"


def test_left_to_right_is_not_the_usual_order() -> None:
    assert evaluate_sequence("[4] + 2 * 5").value == 30
    assert conventional_value("[4] + 2 * 5") == 14
    assert str(to_expression("[4] + 2 * 5")) == "(4 + 2) × 5"
    assert to_expression("[4] + 2 * 5").latex() == r"\left(4 + 2\right) \times 5"


def test_integer_division_and_both_options_on_negative_starters() -> None:
    assert evaluate_sequence("[2] / 4").value == 0  # like 1 / 2 = 0
    assert evaluate_sequence("[-2] / 4").value == 0
    assert evaluate_sequence("[-2] / 4", division="floor").value == -1
    assert evaluate_sequence("[-2] - 5 / 2").value == -3  # -7 / 2 truncates toward zero
    assert evaluate_sequence("[-2] - 5 / 2", division="floor").value == -4
    with pytest.raises(OptionError):
        evaluate_sequence("[2] / 4", division="round")


def test_division_option_decides_the_scores_in_the_engine() -> None:
    table = (parse_sequence("[-2] / 4", "red"), parse_sequence("[0] - 5 / 2", "blue"))
    truncate = make_state("red =", "blue =", table)
    floor = make_state("red =", "blue =", table, division="floor")
    assert truncate.scores() == (0, -2)
    assert floor.scores() == (-1, -3)
    with pytest.raises(OptionError):
        get_game("sequences", division="nearest")


def test_question_card_keeps_its_choice_and_invert_changes_it() -> None:
    assert evaluate_sequence("[4] ?* 5").value == 20
    assert evaluate_sequence("[4] ?* 5 invert").value == 0
    sequence = parse_sequence("[4] ?- 2 invert", "blue")
    assert str(sequence) == "[4] ?- 2 invert" and sequence.value() == 6
    with pytest.raises(IllegalMove, match="which operator"):
        evaluate_sequence("[4] ? 5")


def test_the_seeds_small_examples() -> None:
    # The seed's own examples use numbers that are on no card: any_numbers reads them.
    # "/ is integer division, i.e. 1 / 2 is 0, not 0.5"
    assert evaluate_sequence("[1] / 2", any_numbers=True).value == 0
    # "swap: ... i.e. 1+2-3 becomes 1-2+3"
    swapped = evaluate_sequence("[1] + 2 - 3 swap", any_numbers=True)
    assert swapped.steps[-1].expression == "1 - 2 + 3" and swapped.value == 2
    # "invert: + becomes -, * becomes /, and vice versa"
    for op, inverse in (("+", "-"), ("-", "+"), ("*", "/"), ("/", "*")):
        inverted = evaluate_sequence(f"[4] {op} 2 invert")
        assert inverted.steps[-1].expression == f"4 {inverse} 2"
        assert inverted.steps[-1].note == f"invert: {op} becomes {inverse}"


def test_only_cards_of_the_two_decks_are_read() -> None:
    # [5] and 7 are on no card: every helper refuses them as parse_sequence does
    for helper in (evaluate_sequence, conventional_value, to_expression, parse_sequence):
        for text, words in (
            ("[5] + 2", r"\[5\] is not a Sequences card: the starter cards are \[-2\], \[0\]"),
            ("[4] + 7", "7 is not a Sequences card: the number cards are 2, 3, 4, 5, 6, 8, 10"),
            ("[4] * " + "9" * 5000, "at most 1,000 characters"),
            ("[4] * " + "9" * 50, "no card has a number that long"),
        ):
            with pytest.raises(IllegalMove, match=words) as caught:
                helper(text)
            assert len(str(caught.value)) < 200
    # the two decks hold two 5s between them, one deck holds one
    assert evaluate_sequence("[4] + 5 * 5").value == 45
    with pytest.raises(IllegalMove, match="hold 2 '5' cards, so this sequence cannot hold 3"):
        evaluate_sequence("[4] + 5 * 5 - 5")
    with pytest.raises(IllegalMove, match="the blue deck holds 1 '5' card"):
        parse_sequence("[4] + 5 * 5", "blue")
    with pytest.raises(IllegalMove, match="a sequence is text"):
        evaluate_sequence(None)  # type: ignore[arg-type]


def test_a_result_beyond_the_size_guard_is_out_of_range() -> None:
    with pytest.raises(IllegalMove, match="out of range") as caught:
        apply_operator("*", 10**9999, 10)
    assert caught.value.rule == "out of range"
    assert apply_operator("*", 10**9998, 9) == 9 * 10**9998


def test_a_minus_before_a_number_is_the_minus_operator() -> None:
    # number cards are never negative, so "[4]-3" can only mean [4] - 3
    assert evaluate_sequence("[4]-3").value == 1
    assert evaluate_sequence("[4] -3 * 2").value == 2
    assert str(parse_sequence("[2] -5", "blue")) == "[2] - 5"
    with pytest.raises(IllegalMove) as caught:
        evaluate_sequence("[4] + -3")
    assert caught.value.rule == "operator after starter, number or modifier"
    with pytest.raises(IllegalMove) as caught:
        evaluate_sequence("[4] + 0")
    assert caught.value.rule == "number cards are positive"


def test_open_sequence_with_an_operator_waiting_counts_without_it() -> None:
    result = evaluate_sequence("[4] + 2 *")
    assert result.value == 6 and not result.sealed
    assert result.steps[-1].note == "operator waiting for a number"


# --- the card grammar: each rule refused with its reason -------------------------------


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("[4] 2", "number only after an operator", "a number may only follow an operator"),
        ("[4] + 2 3", "number only after an operator", "a number may only follow an operator"),
        ("[4] + *", "operator after starter, number or modifier", "may only follow a starter"),
        ("[4] + =", "terminator not after an operator", "cannot follow an operator"),
        ("[4] + cancel", "modifier not after an operator", "cannot follow an operator"),
        ("[4] = + 2", "terminator seals", "sealed"),
        ("[4] = cancel", "terminator seals", "sealed"),
        ("[4] + 2 [2]", "starter starts a sequence", "starts a new sequence"),
        ("[4] cancel", "cancel needs an operator+number pair", "cancel needs an operator"),
        ("[4] + 2 cancel cancel", "cancel needs an operator+number pair", "to remove"),
        ("[4] invert", "invert needs an operator", "invert needs an operator"),
        ("[4] + 2 cancel invert", "invert needs an operator", "invert needs an operator"),
        ("[4] swap", "swap needs two operators", "swap needs two operators"),
        ("[4] + 2 swap", "swap needs two operators", "swap needs two operators"),
        ("[4] + 2 * 3 cancel swap", "swap needs two operators", "swap needs two operators"),
    ],
)
def test_grammar_refusals_name_the_rule(text: str, rule: str, words: str) -> None:
    with pytest.raises(IllegalMove, match=words) as caught:
        evaluate_sequence(text)
    assert caught.value.rule == rule


def test_modifiers_may_follow_modifiers_and_terminators_follow_starters() -> None:
    # swap: 4 * 2 + 3 = 11; then invert turns that last + into -: 4 * 2 - 3 = 5
    assert evaluate_sequence("[4] + 2 * 3 swap").value == 11
    assert evaluate_sequence("[4] + 2 * 3 swap invert").value == 5
    assert evaluate_sequence("[4] =").value == 4
    assert evaluate_sequence("[4] + 2 cancel =").value == 4


@pytest.mark.parametrize(
    ("table_text", "hand", "play", "rule"),
    [
        ("[4]", "red cancel", "play red cancel on S1", "cancel needs an operator+number pair"),
        ("[4]", "red invert", "play red invert on S1", "invert needs an operator"),
        ("[4] + 2", "red swap", "play red swap on S1", "swap needs two operators"),
        ("[4] +", "red invert", "play red invert on S1", "modifier not after an operator"),
        ("[4]", "red 5", "play red 5 on S1", "number only after an operator"),
        ("[4] =", "red +", "play red + on S1", "terminator seals"),
        ("[4] +", "red =", "play red = on S1", "terminator not after an operator"),
        ("[4]", "red ?", "play red ? on S1", "choose the ? operator"),
        ("[4]", "red [2]", "play red [2] on S1", "starter starts a sequence"),
        ("[4]", "red +", "play red + on S4", "no such sequence"),
        ("[4]", "red +", "play red - on S1", "card in hand"),
    ],
)
def test_engine_refuses_each_grammar_rule(table_text: str, hand: str, play: str, rule: str) -> None:
    table = (parse_sequence(table_text, "blue"), parse_sequence("[2] =", "red"))
    state = make_state(hand, "blue 2", table)
    assert refusal(state, play).rule == rule


def test_modifier_reason_is_told_to_the_student() -> None:
    state = make_state("red cancel", "blue 2", (parse_sequence("[4]", "blue"),))
    error = refusal(state, "play red cancel on S1")
    assert "cancel needs an operator and its number to remove" in str(error)


# --- turns: the maximum, separate sequences, burying, drawing ---------------------------


def test_one_card_possible_must_not_accept_a_pass() -> None:
    table = (parse_sequence("[4] + 2", "blue"),)
    state = make_state("red +, red 3, red 5, red 6, red 8, red 10", "blue 2", table)
    assert state.most_cards_playable == 1
    assert refusal(state, "bury red 3, red 5").rule == "play the maximum"
    assert refusal(state, "pass").rule == "play the maximum"
    assert all(len(turn.plays) == 1 for turn in state.legal_actions())
    after = state.apply(parse_turn("play red + on S1; bury red 10"))
    assert str(after.sequences[0]) == "[4] + 2 +"
    assert after.piles[0] == cards("red 10") and len(after.hands[0]) == 6


def test_two_cards_possible_must_not_accept_one() -> None:
    table = (parse_sequence("[4] + 2", "blue"), parse_sequence("[2] * 3", "blue"))
    state = make_state("red +, red -, red 5, red 6, red 8, red 10", "blue 2", table)
    assert state.most_cards_playable == 2
    assert refusal(state, "play red + on S1; bury red 5").rule == "play the maximum"
    assert refusal(state, "play red + on S1, red - on S1").rule == "separate sequences"
    after = state.apply(parse_turn("play red + on S1, red - on S2"))
    assert [str(sequence) for sequence in after.sequences] == ["[4] + 2 +", "[2] * 3 -"]
    assert len(after.hands[0]) == 6  # drew two back up to six


def test_two_cards_on_one_sequence_are_never_offered() -> None:
    table = (parse_sequence("[4] +", "blue"),)
    state = make_state("red 5, red =, red 3, red 3, red 6, red 8", "blue 2", table)
    # 5 then = would be two cards on S1; only one card can be played this turn
    assert state.most_cards_playable == 1
    assert refusal(state, "play red 5 on S1, red = on S1").rule == "separate sequences"


def test_second_card_cannot_go_on_the_sequence_the_first_card_starts() -> None:
    state = make_state("red [4], red +, red 3, red 5, red 6, red 8", "blue 2")
    assert state.most_cards_playable == 1
    assert refusal(state, "play red [4], red + on S1").rule == "no such sequence"
    assert {str(turn).split(";")[0] for turn in state.legal_actions()} == {"play red [4]"}


def test_two_starters_are_two_separate_sequences() -> None:
    state = make_state("red [4], red [2], red 3, red 5, red 6, red 8", "blue 2")
    assert [str(turn) for turn in state.legal_actions()] == ["play red [2], red [4]"]
    after = state.apply(parse_turn("play red [4], red [2]"))  # any order is the same turn
    assert [str(sequence) for sequence in after.sequences] == ["[2]", "[4]"]


def test_buried_cards_go_under_the_pile_so_two_cards_leave_the_hand() -> None:
    table = (parse_sequence("[4] + 2", "blue"),)
    state = make_state(
        "red +, red 3, red 5, red 6, red 8, red 10", "blue 2", table, red_pile="red 4, red 2"
    )
    assert refusal(state, "play red + on S1").rule == "two cards leave the hand"
    assert refusal(state, "play red + on S1; bury red 3, red 5").rule == "two cards leave the hand"
    assert refusal(state, "play red + on S1; bury red 4").rule == "card in hand"
    after = state.apply(parse_turn("play red + on S1; bury red 10"))
    assert Counter(after.hands[0]) == Counter(cards("red 3, red 5, red 6, red 8, red 4, red 2"))
    assert after.piles[0] == cards("red 10")


def test_bury_choices_are_all_offered_once() -> None:
    table = (parse_sequence("[4] = ", "blue"),)
    state = make_state(
        "red 3, red 3, red 5, red 6, red 8, red 10",
        "blue 2",
        table + (parse_sequence("[2]", "red"),),
    )
    # nothing can be played (all numbers, no operator waiting): bury any two
    assert state.most_cards_playable == 0
    buried = [turn.buried for turn in state.legal_actions()]
    distinct = set(itertools.combinations(sorted(state.hands[0], key=str), 2))
    assert len(buried) == len(set(buried)) == len({tuple(sorted(b, key=str)) for b in distinct})
    assert all(not turn.plays for turn in state.legal_actions())


def test_no_drawing_and_no_burying_from_an_empty_pile() -> None:
    table = (parse_sequence("[2]", "red"), parse_sequence("[4] +", "blue"))
    state = make_state("red 3, red 5, red 6", "blue 2", table, red_pile="")
    assert [str(turn) for turn in state.legal_actions()] == [
        "play red 3 on S2",
        "play red 5 on S2",
        "play red 6 on S2",
    ]
    after = state.apply(parse_turn("play red 5 on S2"))
    assert Counter(after.hands[0]) == Counter(cards("red 3, red 6")) and after.piles[0] == ()
    assert refusal(state, "play red 5 on S2; bury red 3").rule == "two cards leave the hand"


def test_whole_hand_redraw_when_nothing_on_the_table_and_nothing_playable() -> None:
    pile = "red [4], red 2, red 3, red 4, red 5, red 6, red 8"
    state = make_state("red 2, red +, red -, red /, red ?, red =", "blue 2", red_pile=pile)
    assert [str(turn) for turn in state.legal_actions()] == ["redraw hand"]
    assert refusal(state, "bury red 2, red +").rule == "hand redraw"
    after = state.apply(parse_turn("redraw hand"))
    assert Counter(after.hands[0]) == Counter(cards("red [4], red 2, red 3, red 4, red 5, red 6"))
    assert Counter(after.piles[0]) == Counter(
        cards("red 8, red 2, red +, red -, red /, red ?, red =")
    )
    assert after.piles[0][0] == SequencesCard.parse("red 8")  # the old hand went underneath
    assert after.current_player == 1  # the redraw is the turn


def test_redraw_then_play_option_keeps_the_turn() -> None:
    pile = "red [4], red 2, red 3, red 4, red 5, red 6, red 8"
    state = make_state(
        "red 2, red +, red -, red /, red ?, red =", "blue 2", red_pile=pile, redraw_ends_turn=False
    )
    after = state.apply(parse_turn("redraw hand"))
    assert after.current_player == 0
    assert str(after.legal_actions()[0]).startswith("play red [4]")


def test_a_redraw_plays_nothing_else() -> None:
    with pytest.raises(IllegalMove, match="plays and buries nothing else"):
        Turn(plays=(Play(SequencesCard.parse("red [4]")),), redraw=True)


@pytest.mark.parametrize(
    "make_turn",
    [
        lambda: Turn(plays=("red [4]",)),  # type: ignore[arg-type]
        lambda: Turn(plays=(Play("red +", 0),)),  # type: ignore[arg-type]
        lambda: Turn(plays=(Play(SequencesCard.parse("red +"), "S1"),)),  # type: ignore[arg-type]
        lambda: Turn(buried=("red 4", "red 10")),  # type: ignore[arg-type]
    ],
    ids=["text-play", "text-card", "text-sequence", "text-buried"],
)
def test_a_turn_of_the_wrong_things_is_refused_with_a_rule(make_turn: object) -> None:
    with pytest.raises(IllegalMove) as caught:
        make_turn()  # type: ignore[operator]
    assert caught.value.rule == "turn"


def test_no_redraw_once_a_card_is_on_the_table() -> None:
    table = (parse_sequence("[4] =", "red"),)
    state = make_state("red 2, red 3, red 4, red 5, red 6, red 8", "blue 2", table)
    assert state.most_cards_playable == 0
    assert all(len(turn.buried) == 2 for turn in state.legal_actions())
    assert refusal(state, "redraw hand").rule == "hand redraw"


# --- game end and scores ----------------------------------------------------------------


def test_game_ends_when_no_card_left_can_be_played() -> None:
    table = tuple(parse_sequence(f"[{n}] =", "red") for n in (-2, 0, 2, 4)) + tuple(
        parse_sequence(f"[{n}] * 3 =", "blue") for n in (-2, 0, 2)
    )
    table += (parse_sequence("[4] + 2", "blue"),)
    state = make_state("red 5", "blue =", table, red_pile="red 6", blue_pile="blue 3")
    after = state.apply(parse_turn("bury red 5"))  # red cannot play, so buries and draws
    assert not after.is_terminal and after.hands[0] == cards("red 5, red 6")  # 5 came back
    final = after.apply(parse_turn("play blue = on S8"))
    assert final.is_terminal
    assert final.ended == "no card left in any hand or pile can be played"
    assert final.outcome().scores == (-2 + 0 + 2 + 4, -6 + 0 + 6 + 6)
    assert refusal(final, "pass").rule == "game over"


def test_two_turns_without_play_or_draw_end_the_game_and_scores_sum_owned_sequences() -> None:
    table = (parse_sequence("[4] * 5", "red"), parse_sequence("[2] - 10 =", "blue"))
    state = make_state("red 3", "blue 3", table, red_pile="", blue_pile="")
    # neither 3 can be played anywhere and both piles are empty: the game is over at once
    assert state._end_reason() == "no card left in any hand or pile can be played"
    first = state.apply(parse_turn("pass"))
    assert first.is_terminal
    outcome = first.outcome()
    assert outcome.scores == (20, -8) and outcome.winners == (0,)
    assert "Player 1 won, 20 to -8" in outcome.summary


def test_turns_without_play_or_draw_are_counted() -> None:
    table = (parse_sequence("[4] * 5", "red"), parse_sequence("[2] + 4", "blue"))
    state = make_state("red 3", "blue *", table, red_pile="", blue_pile="")
    passed = state.apply(parse_turn("pass"))  # red's 3 fits nowhere and red cannot draw
    assert passed.idle_turns == 1 and not passed.is_terminal  # blue can still play
    # the seed's rule: a second turn in a row with no play and no draw ends the game
    again = dataclasses.replace(state, idle_turns=1).apply(parse_turn("pass"))
    assert again.ended == "two turns in a row with no card played and none drawn"


def test_both_players_out_of_cards_ends_the_game() -> None:
    table = (parse_sequence("[4] *", "red"), parse_sequence("[2] -", "blue"))
    state = make_state("red 3", "", table, red_pile="", blue_pile="")
    final = state.apply(parse_turn("play red 3 on S2"))
    assert final.is_terminal and final.ended == "both players are out of cards"
    assert final.outcome().scores == (4, -1)


# --- text forms, JSON, observations ----------------------------------------------------


def test_turn_text_round_trips_for_every_legal_turn() -> None:
    game = get_game("sequences")
    rng = random.Random(4)
    for seed in range(15):
        state = game.new_state(seed)
        while not state.is_terminal:
            for turn in state.legal_actions():
                assert parse_turn(str(turn)) == turn
                assert Turn(turn.plays[::-1], turn.buried[::-1], turn.redraw) == turn
            state = state.apply(rng.choice(state.legal_actions()))


def test_parse_turn_accepts_x_for_times_and_any_order() -> None:
    assert parse_turn("play red ? as x on S1, red 5 on S3; bury red =") == parse_turn(
        "play red 5 on S3, red ? as * on S1; bury red ="
    )
    with pytest.raises(ActionSyntaxError):
        parse_turn("throw red 5")


def test_observation_hides_the_opponents_hand_and_pile() -> None:
    state = get_game("sequences").new_state(seed=11)
    seen = state.observation(1)
    assert seen.hand == state.hands[1] and seen.legal_actions == ()
    saved = codec.dumps(seen)
    for card in set(state.hands[0]) | set(state.piles[0]):
        assert f'"{card}"' not in saved
    assert Counter(seen.opponent_unseen()) == Counter(DECKS["red"])


def test_the_decks_are_the_seed_lists() -> None:
    red = Counter(card.text for card in DECKS["red"])
    assert red == Counter(
        [
            "[-2]",
            "[0]",
            "[2]",
            "[4]",
            "2",
            "2",
            "2",
            "3",
            "3",
            "4",
            "4",
            "5",
            "6",
            "8",
            "10",
            "+",
            "+",
            "+",
            "-",
            "-",
            "-",
            "*",
            "*",
            "/",
            "/",
            "?",
            "=",
            "=",
            "=",
            "=",
            "cancel",
            "cancel",
            "invert",
            "invert",
            "swap",
        ]
    )
    assert Counter(card.text for card in DECKS["blue"]) == red
    state = get_game("sequences").new_state(seed=1)
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert [len(pile) for pile in state.piles] == [29, 29]
    assert all(card.colour == "red" for card in state.hands[0] + state.piles[0])


def test_legal_turns_play_exactly_the_most_cards_possible_brute_force() -> None:
    """An independent brute force: try every card on every target, alone and in pairs."""
    game = get_game("sequences")
    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        state = game.new_state(seed)
        while not state.is_terminal:
            hand = state.hands[state.to_move]
            options = []
            for index, card in enumerate(hand):
                targets = [None] if card.kind == "starter" else range(len(state.sequences))
                for target in targets:
                    for op in ("+", "-", "*", "/") if card.face == "?" else ("",):
                        if target is None or state.sequences[target].can_take(card, op) is None:
                            options.append((index, target, op))
            best = 1 if options else 0
            for (i, s, _), (j, t, _) in itertools.combinations(options, 2):
                if i != j and (s is None or s != t):
                    best = 2
                    break
            if not state.must_redraw():
                assert {len(turn.plays) for turn in state.legal_actions()} == {best}
                checked += 1
            state = state.apply(rng.choice(state.legal_actions()))
    assert checked > 500


# --- the harness and the command line --------------------------------------------------


@pytest.mark.play
def test_random_play_harness_default_rules() -> None:
    games = play_games(2000)
    report = check_random_play(lambda: get_game("sequences"), games=games, seed=1)
    assert report.finished == games and report.illegal_checked > games // 2
    assert report.shortest >= 10 and report.steps > games * 20  # no game ends in a few turns


@pytest.mark.parametrize(
    "options", [{"division": "floor"}, {"redraw_ends_turn": False}], ids=["floor", "redraw-play"]
)
@pytest.mark.play
def test_random_play_harness_options(options: dict[str, object]) -> None:
    games = play_games(1000)
    report = check_random_play(lambda: get_game("sequences", **options), games=games, seed=2)
    assert report.finished == games and report.illegal_checked > 0
    assert report.shortest >= 10 and report.steps > games * 20


@pytest.mark.play
def test_thousands_of_random_games_end_with_every_card_accounted_for() -> None:
    """A lighter loop than the harness, for many more games: every game ends, every card
    is somewhere, every turn plays the most cards it can and two cards leave the hand."""
    game = get_game("sequences")
    rng = random.Random(2024)
    endings: Counter[str] = Counter()
    for seed in range(play_games(2000)):
        state = game.new_state(seed)
        while not state.is_terminal:
            turn = rng.choice(state.legal_actions())
            player = state.to_move
            after = state.apply(turn)
            if not turn.redraw and state.piles[player]:
                assert len(turn.plays) + len(turn.buried) == min(2, len(state.hands[player]))
            state = after
        assert state.cards_conserved()
        assert len(state.sequences) <= 8
        assert sum(state.outcome().scores) == sum(state.sequence_values())
        endings[state.ended] += 1
    assert endings["no card left in any hand or pile can be played"] > 0


def test_command_line_is_repeatable_and_reports_every_turn() -> None:
    command = [sys.executable, "-m", "cardmath", "play", "sequences", "--bots", "strong,random"]
    first = subprocess.run([*command, "--seed", "3"], capture_output=True, text=True, check=True)
    second = subprocess.run([*command, "--seed", "3"], capture_output=True, text=True, check=True)
    assert first.stdout == second.stdout
    assert "Turn 1, Player 1 (red):" in first.stdout and first.stdout.rstrip().splitlines()[
        -1
    ].startswith("Final:")
    as_json = subprocess.run(
        [*command, "--seed", "3", "--json"], capture_output=True, text=True, check=True
    )
    records = [json.loads(line) for line in as_json.stdout.splitlines()]
    turns = [record for record in records if record["event"] == "turn"]
    assert turns and all({"plays", "buried", "sequences", "scores"} <= set(r) for r in turns)
    assert records[-1]["event"] == "end"
    again = subprocess.run(
        [*command, "--seed", "3", "--json"], capture_output=True, text=True, check=True
    )
    assert again.stdout == as_json.stdout


def test_rule_page_python_example_is_a_legal_game() -> None:
    """The rule page's "Playing from Python" block: its seed deals a hand that can make
    the turn it shows, and the helpers print what its comment says."""
    page = (Path(__file__).parents[1] / "docs" / "games" / "sequences.md").read_text()
    block = page.split("## Playing from Python", 1)[1].split("```python", 1)[1].split("```")[0]
    seed = re.search(r"new_state\(seed=(\d+)\)", block)
    action = re.search(r'parse_action\("([^"]+)"\)', block)
    assert seed and action
    state = get_game("sequences", division="truncate").new_state(seed=int(seed.group(1)))
    turn = state.parse_action(action.group(1))
    assert turn in state.legal_actions()
    state.apply(turn)
    assert "# '(4 + 2) × 5', 14" in block
    assert (str(to_expression("[4] + 2 * 5")), conventional_value("[4] + 2 * 5")) == (
        "(4 + 2) × 5",
        14,
    )
