"""Dotter (seed 003): every worked example of the seed, the rulings, and random play."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, CardError, IllegalMove, OptionError
from cardmath.games import get_game
from cardmath.games.dotter import (
    FULL_DECK,
    RANK_COUNTS,
    DotterOptions,
    DotterState,
    Draw,
    FaceDown,
    Give,
    Jokers,
    Pass,
    Peek,
    Score,
    category_probabilities,
    describe_turn,
    expected_points,
    explain_score,
    joker_choices,
    parse_dotter_action,
    peg,
    retained_points,
    score_hand,
    score_ranks,
)
from cardmath.testing import check_random_play, play_games

# --- the seed's worked examples ----------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points", "reason"),
    [
        ("5 7 9", 16, "series, difference 2: 7 + 9 = 16"),
        ("1 3 9", 12, "series, quotient 3: 3 + 9 = 12"),
        ("3 Q 3", 6, "pair of 3s: 2 x 3 = 6"),
        ("J J J", 33, "triple of Js: 3 x 11 = 33"),
        ("A A K", 2, "pair of As: 2 x 1 = 2"),
        ("6 10 A", 24, "series, difference 4: 10 + 14 = 24 (Ace as 14)"),
        ("3 4 A", 4, "nothing: highest card 4 = 4"),
    ],
)
def test_seed_scoring_examples(cards: str, points: int, reason: str) -> None:
    result = score_hand(cards)
    assert (result.points, result.reason) == (points, reason)


def test_seed_guessing_examples() -> None:
    right = score_hand("3 3 8", guess="double")
    assert (right.points, right.guess_right) == (12, True)
    assert right.reason == "guess pair, right: 2 x (pair of 3s: 2 x 3 = 6) = 12"
    wrong = score_hand("Q K A", guess="double")
    assert (wrong.points, wrong.guess_right, wrong.category) == (1, False, "lowest")
    assert score_hand("J J J", guess="quotient").points == 44  # 2 x (11 + 11)
    assert score_hand("J J J", guess="triple").points == 66  # 2 x (3 x 11)


def test_scoring_accepts_cards_and_card_text() -> None:
    cards = [Card.parse("5H"), Card.parse("7C"), Card.parse("9S")]
    assert score_hand(cards).points == score_hand("5H, 7C, 9S").points == 16


# --- the rulings on hands ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "points", "quotient"),
    [
        ("4 6 9", 15, "3/2"),
        ("9 4 6", 15, "3/2"),
        ("2 4 8", 12, "2"),
        ("3 6 Q", 18, "2"),
        ("4 6 10", 10, None),
    ],
)
def test_quotient_series_use_exact_ratios(cards: str, points: int, quotient: str | None) -> None:
    result = score_hand(cards)
    assert result.points == points
    if quotient is None:
        assert result.category == "nothing"
    else:
        assert result.category == "quotient" and f"quotient {quotient}:" in result.reason


def test_a_triple_is_also_a_series_but_not_a_pair() -> None:
    assert score_hand("7 7 7", guess="difference").points == 2 * (7 + 7)
    assert score_hand("7 7 7", guess="pair").points == 7  # a pair is exactly two equal
    assert score_hand("7 7 7").category == "triple"


def test_aces_are_high_only_as_the_single_top_of_a_series() -> None:
    assert score_hand("Q K A").points == 13 + 14
    assert score_hand("Q K A", guess="difference").points == 2 * 27
    assert score_hand("A A A").points == 3  # three Aces are a triple of 1s
    assert score_hand("A A A", guess="difference").points == 2 * (1 + 1)
    assert score_hand("A 2 3").reason == "series, difference 1: 2 + 3 = 5"


def test_jokers_take_the_best_rank_and_can_save_a_guess() -> None:
    assert score_hand("JK JK K").points == 39  # triple of Kings
    assert score_hand("5 7 JK").points == 16  # 5, 7, 9
    saved = score_hand("2 5 JK", guess="pair")
    assert saved.points == 20 and "Joker as 5" in saved.reason
    assert score_hand("4 JK 9", guess="quotient").points == 2 * (6 + 9)
    failed = score_hand("2 3 JK", guess="triple")
    assert (failed.points, failed.guess_right) == (2, False)  # the Joker cannot be below 2
    assert score_hand("Q JK A").points == 13 + 14  # Joker as King under a high Ace


@pytest.mark.parametrize(
    ("cards", "guess", "own", "points"),
    [
        ("5 7 9", None, False, 8),
        ("4 6 9", None, False, 7),  # 15 halved, rounded down
        ("4 6 9", "quotient", False, 15),  # 30 halved: the right guess cancels the rounding
        ("3 3 8", "pair", False, 6),
        ("Q K A", "pair", False, 0),  # the wrong guess scores 1, halved to 0
        ("J J J", "triple", False, 33),
    ],
)
def test_points_off_another_player_are_halved_after_doubling(
    cards: str, guess: str | None, own: bool, points: int
) -> None:
    assert score_hand(cards, guess=guess, own=own).points == points


def test_odd_halving_says_it_rounds_down() -> None:
    assert score_hand("4 6 9", own=False).reason.endswith("15 / 2 = 7 (rounded down)")


def test_bad_hands_and_guesses_are_refused() -> None:
    with pytest.raises(IllegalMove, match="three cards"):
        score_hand("5 7")
    with pytest.raises(IllegalMove, match="not a guess"):
        score_hand("5 7 9", guess="straight")
    for bad in (None, 579, [5, 7, 9]):
        with pytest.raises(CardError, match="three cards"):
            score_hand(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="only two Jokers"):
        score_hand("JK JK JK")
    with pytest.raises(CardError, match="each card once"):
        score_hand("5H 5H 5D")
    assert score_hand("JK JK 5").points == 26  # both Jokers as Kings: a pair of 13s
    assert score_hand("5 5 5").points == score_hand("5H 5D 5S").points == 15


def test_expected_points_checks_its_arguments() -> None:
    assert expected_points((3, 3), guess="double") == expected_points((3, 3), guess="pair")
    with pytest.raises(IllegalMove, match="not a guess"):
        expected_points((3, 3), guess="straight")
    with pytest.raises(CardError, match="known cards"):
        expected_points((5, 7, 9, 1))
    with pytest.raises(CardError, match="known cards"):
        expected_points((15,))
    with pytest.raises(CardError, match="a pool is 14 counts"):
        expected_points((5,), (4,) * 14)  # only two Jokers
    with pytest.raises(CardError, match="a pool is 14 counts"):
        expected_points((5,), (2, 4, 4))
    with pytest.raises(CardError, match="too few"):
        expected_points((5,), (0,) * 13 + (1,))
    with pytest.raises(CardError, match="known cards"):
        category_probabilities(known=(14,))


def test_category_probabilities_are_exact_and_count_every_hand() -> None:
    chances = category_probabilities()
    # 13 ranks x 4 triples, a Joker with any of 13 x 6 pairs (twice), both Jokers with any card
    assert chances["triple"] == Fraction(13 * 4 + 2 * 13 * 6 + 52, 24804)
    assert all(0 < value < 1 for value in chances.values())
    # with two known 3s, the third card makes a pair unless it is a 3 (2 left) ...
    pool = tuple(count - 2 if rank == 3 else count for rank, count in enumerate(RANK_COUNTS))
    pair = category_probabilities(known=(3, 3), pool=pool)["pair"]
    assert pair == Fraction(52 - 2, 52)  # ... a Joker can be anything else
    assert expected_points((5, 7, 9)) == 16


def test_expected_points_matches_a_brute_force_over_the_deck() -> None:
    from itertools import combinations

    deck = [card for card in FULL_DECK if card.rank not in ("K", "Q", "J")][:20]
    pool = [0] * 14
    for card in deck:
        pool[0 if card.is_joker else {"A": 1}.get(card.rank) or int(card.rank)] += 1
    total = sum(score_hand([Card.parse("9H"), *pair]).points for pair in combinations(deck, 2))
    assert expected_points((9,), tuple(pool)) == Fraction(total, len(deck) * (len(deck) - 1) // 2)


# --- laps and pegs ------------------------------------------------------------------------


def test_seed_peg_example_reaching_121_completes_a_lap_without_carry_over() -> None:
    laps, points = peg((0, 0), (80, 115), 1, 20)
    assert (laps, points) == ((0, 1), (80, 121))


def test_seed_peg_example_others_wait_at_120_until_the_holder_scores_again() -> None:
    # The seed's second sentence, read as the rulings do: 66 more points would pass 121
    # while the peg is held, so the scorer waits at 120 ...
    laps, points = peg((0, 1), (80, 121), 0, 66)
    assert (laps, points) == ((0, 1), (120, 121))
    # ... the holder's next score starts the next lap from the peg (no point is lost) ...
    laps, points = peg(laps, points, 1, 66)
    assert (laps, points) == ((0, 1), (120, 66))
    # ... and then the waiting player reaches the free peg with any score.
    assert peg(laps, points, 0, 3) == ((1, 1), (121, 66))


def test_a_zero_score_does_not_move_the_peg() -> None:
    assert peg((0, 1), (80, 121), 1, 0) == ((0, 1), (80, 121))


def test_seed_retention_examples() -> None:
    # 1: Player 1 has two laps and 53, player 2 one lap and 78: only player 2 keeps points.
    assert retained_points((53, 78)) == (0, 78)
    # 2: Player 1 holds the peg (counts 0 in the next lap); players 2 and 3 tie on 100.
    assert retained_points((121, 100, 100)) == (0, 100, 100)


# --- helpers to build exact positions --------------------------------------------------------


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def row(number: int, text: str, *, new: bool = False, seen_by: frozenset[int] = frozenset()):
    return tuple(
        FaceDown(number, slot, card, new, seen_by) for slot, card in enumerate(cards(text))
    )


def position(
    areas: tuple[tuple[FaceDown, ...], ...],
    *,
    laps: tuple[int, ...] = (0, 0),
    points: tuple[int, ...] = (0, 0),
    deck: int | None = None,
    to_move: int = 0,
    **options: object,
) -> DotterState:
    """A state holding ``areas``; the other cards are in the deck (first ``deck`` of them)
    or the discards, so cards are conserved."""
    players = len(areas)
    left = Counter(FULL_DECK)
    left.subtract(card.card for area in areas for card in area)
    rest = tuple(left.elements())
    deck_cards = rest if deck is None else rest[:deck]
    return DotterState(
        options=DotterOptions(players=players, **options),
        seed=1,
        round_number=1,
        deck=deck_cards,
        areas=areas,
        rows_drawn=tuple(max((c.row for c in area), default=0) for area in areas),
        discards=rest[len(deck_cards) :],
        laps=laps,
        points=points,
        scorings=(0,) * players,
        to_move=to_move,
        round_starter=0,
    )


def test_peg_examples_in_play() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), points=(115, 80), deck=10)
    after = state.apply(Score(0, ("1a", "1b", "1c"), "difference"))  # 2 x 16 = 32
    assert (after.laps, after.points, after.peg_holder) == ((1, 0), (121, 80), 0)
    assert after.cards_conserved()
    waiting = position(
        (row(1, "KH KD KS"), row(1, "QC QD QH")), points=(121, 80), laps=(1, 0), to_move=1
    )
    after = waiting.apply(Score(1, ("1a", "1b", "1c"), "triple"))  # 72 would pass 121
    assert (after.laps, after.points) == ((1, 0), (121, 120))


def test_seed_retention_examples_at_the_end_of_a_round() -> None:
    # Example 1: player 1 (two laps) scores the last cards to reach 53; player 2 (one
    # lap) has 78 and leads the lap, so only player 2 keeps lap points.
    last = position((row(1, "2H 3H 4H"), ()), laps=(2, 1), points=(46, 78), deck=0)
    after = last.apply(Score(0, ("1a", "1b", "1c")))  # 3 + 4 = 7
    assert after.round_number == 2
    assert (after.laps, after.points) == ((2, 1), (0, 78))
    assert after.current_player == 1 and len(after.deck) == 54 and after.discards == ()
    # Example 2: player 1 holds the peg (fourth lap done), players 2 and 3 both reach 100.
    three = position(
        ((), (), row(1, "2H 3H 4H")), laps=(4, 3, 4), points=(121, 100, 93), deck=0, to_move=2
    )
    after = three.apply(Score(2, ("1a", "1b", "1c")))
    assert (after.laps, after.points) == ((4, 3, 4), (0, 100, 100))


def test_a_round_goes_on_while_anyone_has_cards_to_score() -> None:
    state = position((row(1, "2H 3H 4H"), row(1, "KD QD 5S")), points=(46, 78), deck=0)
    after = state.apply(Score(0, ("1a", "1b", "1c")))
    assert after.round_number == 1 and after.points == (53, 78)
    after = after.apply(Score(1, ("1a", "1b", "1c")))  # nothing: 13
    assert after.round_number == 2 and after.points == (0, 91)


# --- turns: draw, peek, score, new cards ------------------------------------------------------


def test_the_first_player_can_only_draw_and_nobody_sees_drawn_cards() -> None:
    state = get_game("dotter").new_state(seed=9)
    assert state.legal_actions() == (Draw(),)
    state = state.apply(Draw())
    mine, theirs = state.observation(0), state.observation(1)
    assert [seen.card for seen in mine.areas[0]] == [None, None, None]
    assert [seen.card for seen in theirs.areas[0]] == [None, None, None]
    assert [seen.new for seen in theirs.areas[0]] == [True, True, True]


def test_new_cards_are_refused_with_the_reason_until_their_drawer_has_had_a_turn() -> None:
    state = get_game("dotter").new_state(seed=9).apply(Draw())
    before = state.to_json()
    with pytest.raises(IllegalMove, match="just drawn") as refused:
        state.apply(Score(0, ("1a", "1b", "1c")))
    assert refused.value.rule == "new cards" and state.to_json() == before
    assert not any(isinstance(a, Score) for a in state.legal_actions())
    state = state.apply(Peek(0, ("1a", "1c")))  # peeking at new cards is allowed
    assert Score(0, ("1a", "1b", "1c"), "pair") in state.legal_actions()  # player 1's turn
    assert not any(seen.new for seen in state.observation(1).areas[0])


def test_without_the_wait_new_cards_can_be_scored_at_once() -> None:
    state = get_game("dotter", new_cards_wait=False).new_state(seed=9).apply(Draw())
    assert Score(0, ("1a", "1b", "1c")) in state.legal_actions()


def test_a_peek_shows_two_cards_to_the_peeker_only_and_everyone_sees_who_looked() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10, to_move=1)
    state = state.apply(Peek(0, ("1a", "1c")))
    peeker, owner = state.observation(1), state.observation(0)
    assert [seen.card for seen in peeker.areas[0]] == [Card.parse("5H"), None, Card.parse("9H")]
    assert [seen.card for seen in owner.areas[0]] == [None, None, None]
    assert owner.areas[0][0].seen_by == frozenset({1})
    with pytest.raises(IllegalMove, match="both of those cards already"):
        state.apply(Peek(0, ("1a", "1c"))).apply(Peek(0, ("1a", "1c")))


def test_peeks_need_two_different_cards_of_one_player() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10)
    with pytest.raises(IllegalMove, match="exactly 2"):
        state.apply(Peek(1, ("1a",)))
    with pytest.raises(IllegalMove, match="different"):
        state.apply(Peek(1, ("1a", "1a")))
    with pytest.raises(IllegalMove, match="no face-down card at 2a"):
        state.apply(Peek(1, ("1a", "2a")))


def test_scored_cards_are_shown_to_everyone_and_positions_stay_stable() -> None:
    state = position((row(1, "5H 7H 9H") + row(2, "2C 3D 8S"), row(1, "4C 4D 4S")), deck=10)
    state = state.apply(parse_dotter_action("score p1 1a 2b 1c"))
    assert state.discards[-3:] == cards("5H 9H 3D")
    assert [c.label for c in state.areas[0]] == ["1b", "2a", "2c"]
    assert state.points == (9, 0)  # 3, 5, 9: nothing, highest 9
    assert state.observation(1).discards == state.discards


def test_scoring_off_another_player_halves() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "4C 6D 9S")), deck=10, to_move=1)
    assert state.apply(Score(0, ("1a", "1b", "1c"))).points == (0, 8)
    assert state.apply(Score(0, ("1a", "1b", "1c"), "difference")).points == (0, 16)


def test_illegal_moves_leave_the_state_unchanged_and_name_the_rule() -> None:
    state = position((row(1, "5H 7H 9H"), ()), deck=0)
    text = state.to_json()
    for action, rule in [
        (Draw(), "drawing"),
        (Pass(), "passing"),
        (Score(1, ("1a", "1b", "1c")), "card places"),
        (Score(2, ("1a", "1b", "1c")), "players"),
    ]:
        with pytest.raises(IllegalMove) as refused:
            state.apply(action)
        assert refused.value.rule == rule
        assert state.to_json() == text


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (Score("1", ("1a", "1b", "1c")), "players"),  # type: ignore[arg-type]
        (Score(True, ("1a", "1b", "1c")), "players"),
        (Peek(None, ("1a", "1b")), "players"),  # type: ignore[arg-type]
        (Score(0, (1, 2, 3)), "card places"),  # type: ignore[arg-type]
        (Score(0, "1a1b1c"), "card places"),  # type: ignore[arg-type]
        (Peek(1, None), "card places"),  # type: ignore[arg-type]
        (Score(0, ("1a", "1b", "1c"), "straight"), "guesses"),
    ],
)
def test_malformed_actions_are_refused_not_crashed_on(action: object, rule: str) -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10)
    text = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.apply(action)  # type: ignore[arg-type]
    assert refused.value.rule == rule and state.to_json() == text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (None, "a Dotter move is text"),
        (5, "a Dotter move is text"),
        ("peek p" + "9" * 5000 + " 1a 1b", "at most 200 characters"),
        ("peek p" + "9" * 50 + " 1a 1b", "not a Dotter move"),
        ("peek p0 1a 1b", "there is no player p0: the players are p1 to p2"),
        ("score p3 1a 1b 1c", "there is no player p3: the players are p1 to p2"),
        ("peek p1 " + "9" * 40 + "a 1b", "is not a card place"),
        ("score p1 1a 1b 1c 2a 2b", "a score names 3 card places, not 5"),
        ("score p1 1a 1b 1c guess ♥", "is not a guess"),
    ],
)
def test_typed_moves_are_refused_by_rule_with_short_quotes(text: object, words: str) -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10)
    with pytest.raises(ActionSyntaxError, match=words) as refused:
        state.parse_action(text)  # type: ignore[arg-type]
    assert len(str(refused.value)) < 200


def test_a_player_number_is_named_as_the_user_numbered_it() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10)
    # Python numbers players from 0: Peek(-1, ...) names player -1, not "player 0"
    with pytest.raises(IllegalMove, match=r"there is no player -1: in Python the players"):
        state.apply(Peek(-1, ("1a", "1b")))
    with pytest.raises(IllegalMove, match=r"no player 100000…000000 \(a number with 5,001"):
        state.apply(Peek(10**5000, ("1a", "1b")))
    # text numbers them from 1: p0 is no player
    with pytest.raises(ActionSyntaxError, match="there is no player p0"):
        state.parse_action("peek p0 1a 1b")


def test_lesson_helpers_refuse_what_is_not_three_cards_of_the_deck() -> None:
    for cards in ("9" * 5000, None, 5, "A" * 10_000, iter(range(10**9)), [None, None, None]):
        with pytest.raises(CardError) as refused:
            score_hand(cards)  # type: ignore[arg-type]
        assert len(str(refused.value)) < 200
    with pytest.raises(IllegalMove, match="is not a guess"):
        score_hand("5 7 9", guess=10**5000)  # type: ignore[arg-type]
    for ranks in (None, (100, 2, 3), (0, 0, 0), (1, 2), "123"):
        with pytest.raises(CardError):
            score_ranks(ranks)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        score_ranks((1, 2, 3), [1])  # type: ignore[arg-type]
    assert score_ranks([5, 7, 9]) == 16  # a list is read like a tuple
    for known, pool in (((0, 0, 0), RANK_COUNTS), ((5,), None), (["x"], RANK_COUNTS)):
        with pytest.raises(CardError):
            expected_points(known, pool)  # type: ignore[arg-type]
        with pytest.raises(CardError):
            category_probabilities(known, pool)  # type: ignore[arg-type]
    assert expected_points([5, 7, 9]) == Fraction(16)
    with pytest.raises(CardError, match="own is True"):
        expected_points((5, 7, 9), own="yes")  # type: ignore[arg-type]


def test_score_ranks_refuses_three_jokers_and_bools_after_the_exact_tables_ran() -> None:
    # the exact tables score every sorted hand, three Jokers too (weight 0): the quick path
    # of score_ranks must not take those for hands it has checked
    category_probabilities()
    expected_points((0, 0))
    for ranks in ((0, 0, 0), [0, 0, 0], (True, 2, 3), (1.0, 2, 3)):
        for guess in (None, "triple"):
            with pytest.raises(CardError):
                score_ranks(ranks, guess)  # type: ignore[arg-type]
    assert score_ranks((3, 2, 1)) == score_ranks([1, 2, 3]) == 5
    assert score_ranks((0, 0, 5), "triple") == 30


def test_pass_only_when_nothing_else_is_possible() -> None:
    # Deck empty; player 2 drew the last row and has seen it; player 1 has no cards and
    # has seen player 2's cards: nothing to draw, peek or score for player 1 yet.
    state = position(((), row(1, "5H 7H 9H", new=True, seen_by=frozenset({0, 1}))), deck=0)
    assert state.legal_actions() == (Pass(),)
    state = state.apply(Pass())
    assert state.current_player == 1 and Score(1, ("1a", "1b", "1c")) in state.legal_actions()


def test_parse_and_text_forms_round_trip() -> None:
    state = position((row(1, "5H 7H 9H"), row(1, "4C 6D 9S")), deck=10)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
    assert str(Score(1, ("1a", "1b", "1c"), "quotient")) == "score p2 1a 1b 1c guess quotient"
    with pytest.raises(ActionSyntaxError, match="not a Dotter move"):
        state.parse_action("shuffle")


# --- options ---------------------------------------------------------------------------------


def test_the_bank_protects_the_first_row_from_others_while_the_deck_lasts() -> None:
    areas = (row(1, "5H 7H 9H") + row(2, "AS 2S 3S"), row(1, "4C 6D 9S"))
    state = position(areas, deck=3, to_move=1, bank=True)
    with pytest.raises(IllegalMove, match="bank") as refused:
        state.apply(Score(0, ("1a", "1b", "1c")))
    assert refused.value.rule == "protected bank"
    assert Score(0, ("2a", "2b", "2c")) in state.legal_actions()
    assert state.observation(1).areas[0][0].protected
    later = state.apply(Draw())  # player 2 empties the deck: the banks expire
    assert later.current_player == 0 and not later.observation(0).areas[1][0].protected
    assert Score(1, ("1a", "1b", "1c")) in later.legal_actions()


def test_the_scoring_limit_counts_scorings_per_round() -> None:
    areas = (row(1, "5H 7H 9H") + row(2, "AS 2S 3S"), row(1, "4C 6D 9S"))
    state = position(areas, deck=0, scoring_limit=1)
    used = replace(state, scorings=(1, 0))
    with pytest.raises(IllegalMove, match="used all 1 scorings") as refused:
        used.apply(Score(0, ("2a", "2b", "2c")))
    assert refused.value.rule == "scoring limit"
    assert not any(isinstance(action, Score) for action in used.legal_actions())
    state = state.apply(Score(0, ("1a", "1b", "1c")))
    assert state.scorings == (1, 0)
    state = state.apply(Score(1, ("1a", "1b", "1c")))
    # Nobody may score any more, so the round ends with player 1's row 2 unscored: those
    # cards go back into the next round's deck with all the others.
    assert state.round_number == 2 and len(state.deck) == 54 and state.scorings == (0, 0)


def test_fewer_laps_with_more_players_and_option_checks() -> None:
    assert get_game("dotter", players=4, fewer_laps=True).options.laps_to_win == 4
    assert get_game("dotter", players=4).options.laps_to_win == 6
    for bad, words in (
        ({"laps": 0}, "Laps to win is a whole number from 1 to 20, not 0"),
        ({"scoring_limit": 19}, "Scorings per round is a whole number from 0 to 18"),
        ({"lap_length": 1}, "Points in a lap is a whole number from 10 to 1,000"),
        ({"bank": 1}, "Bank of three is on or off"),
        ({"max_rounds": -1}, "Round limit is a whole number from 0 to 100"),
    ):
        with pytest.raises(OptionError, match=words):
            get_game("dotter", **bad)
    with pytest.raises(OptionError):
        get_game("dotter", players=7)


def test_max_rounds_ends_the_game_with_the_leaders() -> None:
    state = get_game("dotter", max_rounds=1).new_state(seed=3)
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[-1])
    assert state.round_number == 1 and state.outcome().winners
    assert state.outcome().summary.startswith("after 1 round, ")


def test_the_outcome_names_the_laps() -> None:
    state = position((row(1, "5H 7H 9H"), ()), points=(110, 0), deck=10)
    won = replace(state, options=DotterOptions(laps=1)).apply(Score(0, ("1a", "1b", "1c")))
    assert won.is_terminal and won.outcome().winners == (0,)
    assert won.outcome().summary == "Player 1 won, completing 1 lap first"
    won = replace(state, laps=(5, 0)).apply(Score(0, ("1a", "1b", "1c")))
    assert won.outcome().summary == "Player 1 won, completing 6 laps first"


# --- whole games ------------------------------------------------------------------------------


@pytest.mark.play
def test_random_play_short_games() -> None:
    games = play_games(2000)
    report = check_random_play(
        lambda: get_game("dotter", laps=1, lap_length=16), games=games, seed=3
    )
    assert report.finished == games and report.shortest > 0 and report.illegal_checked > 0
    assert report.steps > games * 5  # a lap of 16 is not won in a few turns on average


@pytest.mark.play
def test_random_play_observations_show_exactly_the_cards_each_player_has_looked_at() -> None:
    # The harness checks observations are saveable; here an independent record of every
    # peek (by round, owner and place) decides which faces each player may see.
    rng = random.Random(17)
    for number in range(play_games(60)):
        state = get_game("dotter", players=3, laps=1, lap_length=40).new_state(seed=number)
        looked: set[tuple[int, int, int, str]] = set()  # (viewer, round, owner, place)
        while not state.is_terminal:
            for viewer in range(state.num_players):
                observation = state.observation(viewer)
                assert observation.discards == state.discards
                assert observation.deck_size == len(state.deck)
                for owner, (seen_area, area) in enumerate(
                    zip(observation.areas, state.areas, strict=True)
                ):
                    for seen, card in zip(seen_area, area, strict=True):
                        assert seen.label == card.label
                        key = (viewer, state.round_number, owner, card.label)
                        assert seen.card == (card.card if key in looked else None)
            action = rng.choice(state.legal_actions())
            if isinstance(action, Peek):
                looked |= {
                    (state.to_move, state.round_number, action.owner, place)
                    for place in action.places
                }
            state = state.apply(action)


@pytest.mark.parametrize(
    ("options", "games"),
    [
        ({"players": 3, "laps": 1, "lap_length": 60, "bank": True}, 30),
        (
            {
                "players": 3,
                "laps": 2,
                "lap_length": 12,
                "scoring_limit": 2,
                "new_cards_wait": False,
            },
            5,
        ),
        ({"laps": 2, "bank": True, "scoring_limit": 6, "max_rounds": 4}, 10),
        ({"players": 6, "laps": 1, "lap_length": 30}, 20),
        ({"laps": 1, "lap_length": 80, "scoring_limit": 3, "give_to_score": True}, 40),
        (
            {
                "players": 4,
                "laps": 1,
                "lap_length": 60,
                "scoring_limit": 2,
                "give_to_score": True,
                "new_cards_wait": False,
                "bank": True,
            },
            15,
        ),
    ],
)
@pytest.mark.play
def test_random_play_with_options(options: dict, games: int) -> None:
    games = play_games(games)
    report = check_random_play(lambda: get_game("dotter", **options), games=games, seed=11)
    assert report.steps > games * 10


@pytest.mark.play
def test_random_play_default_game_to_six_laps() -> None:
    report = check_random_play(lambda: get_game("dotter"), games=3, seed=5, roundtrip_every=50)
    assert report.steps > 300


def test_json_round_trip_and_observation_are_saveable() -> None:
    state = get_game("dotter", players=3).new_state(seed=4)
    for _ in range(40):
        state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    assert DotterState.from_json(state.to_json()) == state
    observation = state.observation(state.current_player)
    assert json.loads(state.to_json())
    assert observation.legal_actions == state.legal_actions()


# --- the scorer chooses the Jokers ----------------------------------------------------------


def test_the_best_joker_choice_is_the_score_the_engine_gives() -> None:
    for first, second in itertools.combinations_with_replacement(range(1, 14), 2):
        hand = f"JK {first} {second}"
        for guess in (None, "difference", "quotient", "pair", "triple"):
            for own in (True, False):
                choices = joker_choices(hand, guess, own)
                assert len(choices) == 13
                assert choices[0].score.points == score_hand(hand, guess, own).points
                assert [c.score.points for c in choices] == sorted(
                    (c.score.points for c in choices), reverse=True
                )
    assert joker_choices("5 7 9") == ()
    both = joker_choices("JK JK 5", "triple")
    assert both[0].text == "Jokers as 5 and 5" and both[0].score.points == 30


def test_a_scorer_may_choose_a_joker_that_scores_less() -> None:
    assert score_hand("5 7 JK").points == 16  # the engine's suggestion: 5, 7, 9
    assert score_hand("5 7 JK", jokers=[7]).points == 14  # pair of 7s
    assert score_hand("5 7 JK", jokers=["K"]).reason == "nothing: highest card K = 13 (Joker as K)"
    assert score_hand("Q K JK", jokers=["A"]).points == 27  # a Joker-Ace is 14 on top
    assert score_hand("2 2 JK", guess="triple", jokers=[9]).points == 2  # wrong: lowest 2
    for jokers, words in (([], "name 1 rank"), ([14], "from Ace"), ([0], "from Ace"),
                          (["JK"], "from Ace"), ("9", "a list"), ([True], "from Ace")):  # fmt: skip
        with pytest.raises(IllegalMove, match=words) as refused:
            score_hand("5 7 JK", jokers=jokers)  # type: ignore[arg-type]
        assert refused.value.rule == "jokers"


def joker_position(guess: str = "") -> tuple[DotterState, DotterState]:
    state = position((row(1, "5H 7H JK"), row(1, "2C 3D 8S")), points=(106, 100), deck=10)
    return state, state.apply(Score(0, ("1a", "1b", "1c"), guess))


def test_scoring_a_joker_turns_the_cards_up_and_waits_for_the_scorers_choice() -> None:
    _, turned = joker_position()
    assert turned.current_player == 0 and turned.points == (106, 100)
    assert turned.pending is not None and turned.pending.cards == cards("5H 7H JK")
    assert [c.label for c in turned.areas[0]] == [] and turned.cards_conserved()
    assert turned.legal_actions() == tuple(Jokers((rank,)) for rank in range(1, 14))
    for viewer in (0, 1):  # the turned-up cards are seen by everyone
        seen = turned.observation(viewer)
        assert seen.pending == turned.pending
        assert sum(seen.unseen_pool()) == 10 + 3  # the deck and the unlooked-at row
    assert turned.observation(1).legal_actions == ()
    # As 9 (5, 7, 9: 16 points) the Joker takes player 1 past 121: a lap, onto the peg.
    lap = turned.apply(Jokers((9,)))
    assert (lap.laps, lap.points, lap.current_player) == ((1, 0), (121, 100), 1)
    assert lap.discards[-3:] == cards("5H 7H JK") and lap.pending is None
    # As 7 (a pair of 7s, 14) the player stops at 120, off the peg: their choice.
    stay = turned.apply(Jokers((7,)))
    assert (stay.laps, stay.points, stay.current_player) == ((0, 0), (120, 100), 1)


def test_the_joker_choice_is_refused_by_rule_and_nothing_else_is_allowed_meanwhile() -> None:
    before, turned = joker_position("pair")
    text = turned.to_json()
    for action in (
        Draw(),
        Peek(1, ("1a", "1b")),
        Score(1, ("1a", "1b", "1c")),
        Jokers((3, 4)),
        Jokers((14,)),
        Jokers(None),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalMove) as refused:
            turned.apply(action)
        assert refused.value.rule == "jokers" and turned.to_json() == text
    with pytest.raises(IllegalMove, match="no Joker to choose"):
        before.apply(Jokers((5,)))
    assert turned.apply(Jokers((5,))).points[0] == 121  # pair of 5s guessed: 20, to the peg
    assert turned.apply(Jokers((9,))).points[0] == 106 + 5  # the guess is wrong: lowest, 5
    assert turned.parse_action("joker 5") == Jokers((5,))


def test_the_log_tells_the_turn_up_and_the_choice_and_hides_peeked_faces() -> None:
    before, turned = joker_position("difference")
    [event] = describe_turn(before, Score(0, ("1a", "1b", "1c"), "difference"), turned)
    assert event["event"] == "turn up" and "5H 7H JK" in event["text"]
    after = turned.apply(Jokers((9,)))
    events = describe_turn(turned, Jokers((9,)), after)
    assert events[0]["event"] == "score" and events[0]["points"] == 32
    assert "(Joker as 9)" in events[0]["text"] and events[0]["jokers"] == [9]
    assert events[1]["event"] == "lap"
    peek = Peek(0, ("1a", "1b"))
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10, to_move=1)
    [event] = describe_turn(state, peek, state.apply(peek))
    assert event["text"] == "Player 2 peeks at Player 1's 1a and 1b"  # no faces in the log
    assert event["cards"] == ["5H", "7H"]


# --- explanations for the screen --------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "guess", "own", "jokers", "lines"),
    [
        ("4 6 9", None, True, None, ["4, 6, 9: quotient 3/2, series: 9 + 6 = 15"]),
        ("5 7 9", None, True, None, ["5, 7, 9: difference 2, series: 9 + 7 = 16"]),
        ("1 3 9", "quotient", True, None, [
            "A, 3, 9: quotient 3, series: 9 + 3 = 12",
            "Guess quotient: right, so doubled: 2 × 12 = 24",
        ]),
        ("4 6 9", None, False, None, [
            "4, 6, 9: quotient 3/2, series: 9 + 6 = 15",
            "Off another player's cards: halved, 15 ÷ 2 = 7 (rounded down)",
        ]),
        ("3 Q 3", "pair", False, None, [
            "3, Q, 3: pair of 3s: 2 × 3 = 6",
            "Guess pair: right, so doubled: 2 × 6 = 12",
            "Off another player's cards: halved, 12 ÷ 2 = 6",
        ]),
        ("J J J", "triple", True, None, [
            "J, J, J: triple of Js: 3 × 11 = 33",
            "Guess triple: right, so doubled: 2 × 33 = 66",
        ]),
        ("3 4 A", None, True, None, ["3, 4, A: nothing, so the highest card counts: 4"]),
        ("6 10 A", None, True, None, [
            "6, 10, A: difference 4, series (the Ace counts 14 at the top of a series): "
            "14 + 10 = 24"
        ]),
        ("Q K A", "pair", True, None, [
            "Q, K, A: guess pair, wrong: only the lowest card counts, A = 1"
        ]),
        ("2 5 JK", "pair", True, [5], [
            "2, 5, Joker as 5: pair of 5s: 2 × 5 = 10",
            "Guess pair: right, so doubled: 2 × 10 = 20",
        ]),
    ],
)  # fmt: skip
def test_every_score_is_explained_step_by_step(hand, guess, own, jokers, lines) -> None:
    assert list(explain_score(hand, guess, own, jokers)) == lines
    total = score_hand(hand, guess, own, jokers).points
    assert (
        lines[-1].endswith(f"= {total}")
        or lines[-1].endswith(f": {total}")
        or ("(rounded down)" in lines[-1] and f"= {total} " in lines[-1])
    )


# --- the variant: give three cards to score more ---------------------------------------------


def giving_position(**options: object) -> DotterState:
    areas = (
        row(1, "5H 7H 9H") + row(2, "2S 3S KD", seen_by=frozenset({0})),
        row(1, "4C 6D 9S"),
    )
    state = position(areas, deck=10, scoring_limit=1, give_to_score=True, **options)
    return replace(state, scorings=(1, 0))


def test_give_three_needs_a_scoring_limit() -> None:
    with pytest.raises(OptionError, match="Give three to score more needs a limit"):
        get_game("dotter", give_to_score=True)
    assert get_game("dotter", give_to_score=True, scoring_limit=6).options.give_to_score


def test_a_player_out_of_scorings_gives_three_cards_then_must_score() -> None:
    state = giving_position()
    legal = state.legal_actions()
    assert not any(isinstance(action, Score) for action in legal)
    assert Give(("2a", "2b", "2c"), 1) in legal and Draw() in legal
    given = state.apply(Give(("2a", "2b", "2c"), 1))
    assert given.current_player == 0 and given.gift is not None
    # the cards are player 2's new row 2, and whoever had seen them still knows them
    assert [c.label for c in given.areas[1]] == ["1a", "1b", "1c", "2a", "2b", "2c"]
    assert all(c.new and c.seen_by == {0} for c in given.areas[1][3:])
    assert given.observation(0).areas[1][3].card == Card.parse("2S")
    assert given.observation(1).areas[1][3].card is None
    assert given.legal_actions() and all(isinstance(a, Score) for a in given.legal_actions())
    with pytest.raises(IllegalMove, match="given three cards") as refused:
        given.apply(Draw())
    assert refused.value.rule == "give three"
    with pytest.raises(IllegalMove, match="just given") as refused:
        replace(given, options=replace(given.options, new_cards_wait=False)).apply(
            Score(1, ("2a", "2b", "2c"))
        )
    assert refused.value.rule == "give three"
    scored = given.apply(Score(0, ("1a", "1b", "1c"), "difference"))
    assert scored.points == (32, 0) and scored.scorings == (2, 0) and scored.gift is None
    assert scored.current_player == 1 and scored.cards_conserved()
    # on their turn player 2 may score the cards they were given
    assert Score(1, ("2a", "2b", "2c")) in scored.legal_actions()


def test_giving_is_refused_by_rule() -> None:
    state = giving_position()
    text = state.to_json()
    for action, words in (
        (Give(("2a", "2b", "2c"), 0), "another player"),
        (Give(("2a", "2b", "2c"), 5), "another player"),
        (Give(("2a", "2b", "2c"), True), "another player"),  # type: ignore[arg-type]
        (Give(("2a", "2b"), 1), "exactly 3"),
        (Give(("1a", "2b", "9c"), 1), "no face-down card at 9c"),
        (Give(None, 1), "tuple of places"),  # type: ignore[arg-type]
    ):
        with pytest.raises(IllegalMove, match=words):
            state.apply(action)
        assert state.to_json() == text
    fresh = replace(state, scorings=(0, 0))
    with pytest.raises(IllegalMove, match="still have scorings left"):
        fresh.apply(Give(("2a", "2b", "2c"), 1))
    off = replace(state, options=replace(state.options, give_to_score=False))
    with pytest.raises(IllegalMove, match="is off"):
        off.apply(Give(("2a", "2b", "2c"), 1))
    # with nothing left to score after giving, a gift is refused
    alone = position((row(1, "5H 7H 9H"), ()), deck=0, scoring_limit=1, give_to_score=True)
    alone = replace(alone, scorings=(1, 0))
    with pytest.raises(IllegalMove, match="could not score"):
        alone.apply(Give(("1a", "1b", "1c"), 1))
    assert alone.legal_actions() == (Pass(),) or not any(
        isinstance(a, Give) for a in alone.legal_actions()
    )
    assert state.parse_action("give 2c 2b 2a to p2") == Give(("2a", "2b", "2c"), 1)


def test_a_round_with_giving_goes_on_while_someone_could_give_and_score() -> None:
    # The deck is empty; player 1 has used their scoring but holds six cards: they may
    # give three and score three, so the round is not over yet.
    areas = (row(1, "5H 7H 9H") + row(2, "2S 3S KD"), row(1, "4C 6D 9S"))
    state = position(areas, deck=0, scoring_limit=1, give_to_score=True, to_move=1)
    state = replace(state, scorings=(1, 0))
    after = state.apply(Score(1, ("1a", "1b", "1c")))
    assert after.round_number == 1 and after.current_player == 0
    after = after.apply(Give(("2a", "2b", "2c"), 1)).apply(Score(0, ("1a", "1b", "1c")))
    # now player 2 has only the three cards just given and no scorings: the round ends
    assert after.round_number == 2 and after.last_round is not None


# --- the end of a round is recorded -----------------------------------------------------------


def test_the_round_end_records_laps_lap_points_leaders_and_what_is_kept() -> None:
    three = position(
        ((), (), row(1, "2H 3H 4H")), laps=(4, 3, 4), points=(121, 100, 93), deck=0, to_move=2
    )
    after = three.apply(Score(2, ("1a", "1b", "1c")))
    ended = after.last_round
    assert ended is not None and ended.round_number == 1
    assert ended.points == (121, 100, 100) and ended.lap_points == (0, 100, 100)
    assert ended.leaders == (1, 2) and ended.kept == (0, 100, 100)
    assert after.observation(0).last_round == ended
    assert DotterState.from_json(after.to_json()) == after


# --- moves told to one viewer, and the worth of a guess ------------------------------------------


def test_a_move_is_told_to_each_viewer_with_only_what_they_may_see() -> None:
    from cardmath.games.dotter import turn_story

    names = ["Player 1", "Computer 2"]
    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10, to_move=1)
    peek = Peek(0, ("1a", "1c"))
    after = state.apply(peek)
    mine = turn_story(state, peek, after, 1, ["Player 1", "Player 2"], you=1)
    assert mine.text == "You peeked at Player 1's 1a and 1c: Five of hearts and Nine of hearts."
    assert mine.cards == cards("5H 9H") and mine.kind == "peek"
    theirs = turn_story(state, peek, after, 0, names, you=0)
    assert theirs.text == "Computer 2 peeked at your 1a and 1c." and theirs.cards == ()
    draw = turn_story(state, Draw(), state.apply(Draw()), 0, names, you=0)
    assert draw.text == "Computer 2 drew row 2 face down (7 cards left)."
    score = Score(0, ("1a", "1b", "1c"), "difference")
    told = turn_story(state, score, state.apply(score), 0, names, you=0)
    assert told.text == "Computer 2 scored your 1a, 1b and 1c: 16 points."
    assert told.lines == (
        "5, 7, 9: difference 2, series: 9 + 7 = 16",
        "Guess difference: right, so doubled: 2 × 16 = 32",
        "Off your cards: halved, 32 ÷ 2 = 16",
    )
    own = Score(1, ("1a", "1b", "1c"))
    assert turn_story(state, own, state.apply(own), 0, names, you=0).text.startswith(
        "Computer 2 scored their own 1a, 1b and 1c"
    )


def test_the_caller_says_how_players_are_called_and_who_is_spoken_to() -> None:
    """The story holds no screen's words: a class playing as one is told about in the
    third person under the name it is given, and a player named "You" is only a name."""
    from cardmath.games.dotter import turn_story

    state = position((row(1, "5H 7H 9H"), row(1, "2C 3D 8S")), deck=10, to_move=1)
    score = Score(0, ("1a", "1b", "1c"), "difference")
    after = state.apply(score)
    told = turn_story(state, score, after, 0, ["the class", "Computer 2"])
    assert told.text == "Computer 2 scored the class's 1a, 1b and 1c: 16 points."
    assert told.lines[-1] == "Off the class's cards: halved, 32 ÷ 2 = 16"
    named = turn_story(state, score, after, 0, ["You", "Computer 2"])
    assert named.text == "Computer 2 scored You's 1a, 1b and 1c: 16 points."
    to_me = turn_story(state, score, after, 0, ["You", "Computer 2"], you=0)
    assert to_me.text == "Computer 2 scored your 1a, 1b and 1c: 16 points."
    waiting = position(
        (row(1, "KH KD KS"), row(1, "QC QD QH")), points=(80, 121), laps=(0, 1), to_move=0
    )
    triple = Score(0, ("1a", "1b", "1c"), "triple")
    told = turn_story(waiting, triple, waiting.apply(triple), 0, ["the class", "Computer 2"])
    assert told.text.startswith("The class scored their own 1a, 1b and 1c")
    assert told.notes == ("The class waits at 120: Computer 2 holds the peg.",)


def test_stories_tell_laps_waits_jokers_gifts_and_the_end_of_a_round() -> None:
    from cardmath.games.dotter import turn_story

    names = ["Player 1", "Computer 2"]
    _, turned = joker_position()
    lap = turn_story(turned, Jokers((9,)), turned.apply(Jokers((9,))), 1, names, you=0)
    assert lap.text == "You scored your own 1a, 1b and 1c: 16 points."
    assert lap.lines[0] == "5, 7, Joker as 9: difference 2, series: 9 + 7 = 16"
    assert lap.notes == ("You reached the peg: lap 1 completed.",)
    waiting = position(
        (row(1, "KH KD KS"), row(1, "QC QD QH")), points=(121, 80), laps=(1, 0), to_move=1
    )
    triple = Score(1, ("1a", "1b", "1c"), "triple")
    told = turn_story(waiting, triple, waiting.apply(triple), 0, names, you=0)
    assert told.notes == ("Computer 2 waits at 120: you hold the peg.",)
    state = giving_position()
    give = Give(("2a", "2b", "2c"), 1)
    told = turn_story(state, give, state.apply(give), 1, names, you=0)
    assert (
        told.text == "You gave 2a 2b 2c to Computer 2 (now Computer 2's row 2) to score once more."
    )
    last = position((row(1, "2H 3H 4H"), ()), laps=(2, 1), points=(46, 78), deck=0)
    scored = Score(0, ("1a", "1b", "1c"))
    assert "Round 1 is over." in turn_story(last, scored, last.apply(scored), 0, names, 0).notes


def test_guess_odds_are_the_exact_chance_and_worth_of_each_guess() -> None:
    from cardmath.games.dotter import guess_odds

    blind = {odds.guess: odds for odds in guess_odds()}
    assert blind[None].chance == 1 and blind[None].expected == Fraction(81578, 6201)
    chances = category_probabilities()
    for guess in ("difference", "quotient", "pair", "triple"):
        assert blind[guess].chance == chances[guess]
        assert blind[guess].expected == expected_points((), RANK_COUNTS, guess)
        assert blind[guess].expected < blind[None].expected  # blind, no guess pays
    off = {odds.guess: odds.expected for odds in guess_odds(own=False)}
    assert off[None] == expected_points((), RANK_COUNTS, None, own=False)
    with pytest.raises(CardError):
        guess_odds((0, 0, 0))


def test_a_session_with_jokers_and_gifts_saves_and_resumes_exactly() -> None:
    from cardmath.session import Session

    options = {"scoring_limit": 2, "give_to_score": True, "laps": 1, "new_cards_wait": False}
    for seed in range(30):
        session = Session("dotter", ["random", "random"], seed=seed, options=options)
        session.run_bots()
        kinds = {type(move.action) for move in session.moves}
        if {Jokers, Give} <= kinds:
            again = Session.from_json(session.to_json())
            assert again.state == session.state and again.log == session.log
            return
    raise AssertionError("no random game had both a Joker choice and a gift")


def test_a_viewer_who_waits_is_told_so_in_the_second_person() -> None:
    from cardmath.games.dotter import turn_story

    waiting = position(
        (row(1, "KH KD KS"), row(1, "QC QD QH")), points=(121, 80), laps=(1, 0), to_move=1
    )
    triple = Score(1, ("1a", "1b", "1c"), "triple")
    told = turn_story(waiting, triple, waiting.apply(triple), 1, ["Computer 1", "Player 2"], you=1)
    assert told.notes == ("You wait at 120: Computer 1 holds the peg.",)
