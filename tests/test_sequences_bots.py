"""Sequences bots: they play legal turns, use only what they may see, and strong wins."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardmath.analysis.tournament import tournament
from cardmath.bots import bot_names, make_bot
from cardmath.bots.sequences import best_reply_gain, turn_gain
from cardmath.cards import SequencesCard
from cardmath.games import get_game
from cardmath.games.sequences import SequencesState, parse_sequence, parse_turn


def test_bots_are_registered_weakest_first() -> None:
    assert bot_names("sequences") == ("random", "greedy", "strong")


def test_greedy_takes_the_best_immediate_swing() -> None:
    table = (parse_sequence("[4] *", "red"), parse_sequence("[2] *", "blue"))
    state = SequencesState(
        get_game("sequences").options,
        0,
        (tuple(SequencesCard.parse(t) for t in ("red 2", "red 10")), ()),
        (tuple(SequencesCard.parse(t) for t in ("red 3", "red 4")), ()),
        table,
    )
    # 10 on its own [4] * and 2 on blue's [2] *: +36 for red, +2 for blue
    best = parse_turn("play red 10 on S1, red 2 on S2")
    assert turn_gain(table, best.plays, 0, "truncate") == 34
    assert (
        turn_gain(table, parse_turn("play red 2 on S1, red 10 on S2").plays, 0, "truncate") == -14
    )
    for seed in range(5):
        assert (
            make_bot("sequences", "greedy").choose(state.observation(0), random.Random(seed))
            == best
        )


def test_best_reply_plays_two_cards_when_it_must() -> None:
    table = (parse_sequence("[4] +", "red"), parse_sequence("[2] *", "red"))
    hand = [SequencesCard.parse("blue 2"), SequencesCard.parse("blue 10")]
    # blue must play both numbers on red's sequences: 4 + 10 and 2 * 2 hurts least (-12)
    assert best_reply_gain(hand, table, 1, "truncate") == -12
    assert best_reply_gain(hand[:1], table, 1, "truncate") == -2


@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_bots_use_only_their_observation(bot: str) -> None:
    """Two deals that look the same to blue (only red's hidden cards differ) get the
    same choice from blue's bot with the same random generator."""
    game = get_game("sequences")
    state = game.new_state(seed=8)
    rng = random.Random(3)
    while state.current_player != 1 or len(state.legal_actions()) < 3:
        state = state.apply(rng.choice(state.legal_actions()))
    hidden = state.hands[0] + state.piles[0]
    shuffled = tuple(random.Random(1).sample(hidden, len(hidden)))
    other = dataclasses.replace(
        state,
        hands=(tuple(sorted(shuffled[: len(state.hands[0])], key=str)), state.hands[1]),
        piles=(shuffled[len(state.hands[0]) :], state.piles[1]),
    )
    assert other.observation(1) == state.observation(1)
    first = make_bot("sequences", bot).choose(state.observation(1), random.Random(5))
    second = make_bot("sequences", bot).choose(other.observation(1), random.Random(5))
    assert first == second and first in state.legal_actions()


def test_strong_beats_random_clearly() -> None:
    table = tournament(lambda: get_game("sequences"), ["strong", "random"], games=30, seed=3)
    assert table.rows[0].wins >= 25


def test_strong_beats_greedy() -> None:
    table = tournament(lambda: get_game("sequences"), ["strong", "greedy"], games=40, seed=5)
    assert table.rows[0].wins >= 28


def test_greedy_beats_random_clearly() -> None:
    table = tournament(lambda: get_game("sequences"), ["greedy", "random"], games=40, seed=4)
    assert table.rows[0].wins >= 30
