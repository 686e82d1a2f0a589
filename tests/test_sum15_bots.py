"""Sum 15 bots: every bot plays legal cards, and strong uses only what it has seen."""

from __future__ import annotations

import dataclasses
import random

import pytest

from cardmath.bots import make_bot
from cardmath.bots.sum15 import GreedyBot, StrongBot
from cardmath.cards import Card
from cardmath.games import get_game
from cardmath.games.sum15 import DECK, Play, Sum15Options, Sum15State, cards
from cardmath.play import play_game


def card(text: str) -> Card:
    return Card.parse(text)


def with_hidden_cards_shuffled(state: Sum15State, player: int, seed: int) -> Sum15State:
    """The same game as ``player`` sees it, with the other hands and the deck dealt
    differently from the same unseen cards."""
    others = [index for index in range(state.num_players) if index != player]
    hidden = [c for index in others for c in state.hands[index]] + list(state.deck)
    random.Random(seed).shuffle(hidden)
    hands = list(state.hands)
    for index in others:
        size = len(hands[index])
        hands[index], hidden = tuple(hidden[:size]), hidden[size:]
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(hidden))


@pytest.mark.parametrize("seed", range(6))
def test_strong_decides_only_from_what_it_has_seen(seed):
    game = get_game("sum15", players=4)
    state = game.new_state(seed)
    for _ in range(5 + seed):
        state = state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    mover = state.current_player
    other = with_hidden_cards_shuffled(state, mover, seed)
    assert other != state and other.cards_conserved()
    assert other.observation(mover) == state.observation(mover)
    strong = StrongBot()
    for action in state.legal_actions():
        assert strong.score(state.observation(mover), action) == strong.score(
            other.observation(mover), action
        )
        assert strong.choose(state.observation(mover), random.Random(seed)) == strong.choose(
            other.observation(mover), random.Random(seed)
        )


def test_strong_uses_the_cards_it_has_seen():
    # Middle 9D; playing 7C makes 16, which only another 7 can take (7 + 7). When the
    # other three 7s have been seen (taken earlier), playing 7C is safe.
    def table(taken_by_player_2: str) -> Sum15State:
        hands = (cards("7C 8H"), cards("3C 4C"))
        taken = cards(taken_by_player_2) if taken_by_player_2 else ()
        used = [*hands[0], *hands[1], card("9D"), *taken]
        deck = tuple(c for c in DECK if c not in used)
        return Sum15State(
            options=Sum15Options(players=2, hand_size=2),
            seed=0,
            hands=hands,
            deck=deck,
            middle=cards("9D"),
            taken=((), taken),
        )

    strong = StrongBot()
    unseen, seen = table(""), table("7H 7S 7D KS")
    assert unseen.cards_conserved() and seen.cards_conserved()
    risky = strong.risk(unseen.observation(0), card("7C"))
    safe = strong.risk(seen.observation(0), card("7C"))
    assert risky > 0 and safe == 0
    assert strong.score(unseen.observation(0), Play(card("7C"))) < strong.score(
        seen.observation(0), Play(card("7C"))
    )


def test_strong_plays_for_the_take_on_the_last_card_of_the_game():
    state = Sum15State(
        options=Sum15Options(players=2, hand_size=1),
        seed=0,
        hands=((), cards("5C")),
        deck=tuple(c for c in DECK if c not in cards("5C 9H")),
        middle=cards("9H"),
        taken=((), ()),
        played=1,
    )
    assert StrongBot().score(state.observation(1), Play(card("5C"))) == 2.0  # 9 + 5


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
def test_each_bot_plays_a_whole_class_game_with_repeated_cards(bot):
    game = get_game("sum15", players=14, decks=2)
    played = play_game(game, [bot] * 14, seed=7)
    assert len(played.steps) == 84 and played.final.is_terminal
    assert played.final.cards_conserved()
    again = play_game(game, [bot] * 14, seed=7)
    assert [step.action for step in again.steps] == [step.action for step in played.steps]


def test_bots_are_registered_for_sum15():
    assert isinstance(make_bot("sum15", "greedy"), GreedyBot)
    assert isinstance(make_bot("sum15", "strong"), StrongBot)
    assert make_bot("sum15", "random").name == "random"


def test_strong_keeps_different_values_and_plays_away_a_seven():
    from collections import Counter

    from cardmath.bots.sum15 import keep_value

    unseen = Counter({value: 3 for value in range(1, 14)})
    assert keep_value([5, 9], unseen) > keep_value([9, 9], unseen)  # two chances, not one
    assert keep_value([6, 9], unseen) > keep_value([6, 8], unseen)  # 6 and 8 need one last card
    assert min(range(1, 14), key=lambda v: keep_value([v], unseen)) == 7
    # what it keeps is judged from the cards it has not seen: with every 5 and 9 seen,
    # a 5 or a 9 can still make fifteen, but no longer pair or make 14 with anything
    gone = unseen.copy()
    gone[5] = gone[9] = 0
    assert keep_value([5], gone) < keep_value([5], unseen)
