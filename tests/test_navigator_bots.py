"""Navigator's computer navigators: legal, best declarations, and strong beats random."""

from __future__ import annotations

import random

import pytest

from cardmath.analysis.tournament import tournament
from cardmath.bots import make_bot
from cardmath.bots.navigator import partial_distance
from cardmath.games import get_game
from cardmath.games.navigator import (
    PHASE_DECLARE,
    Declare,
    best_vector_set,
    check_declaration,
)
from cardmath.play import play_game


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hotshot": True, "slingshot": True, "extrapolation": True},
        {"variant": ("pirate-map", "forced-override")},
        {"variant": "select-precog"},
    ],
)
def test_bots_play_whole_games_with_any_option(bot: str, options: dict) -> None:
    game = get_game("navigator", players=3, rounds=2, **options)
    played = play_game(game, [bot, "random", "greedy"], seed=5)
    assert played.final.is_terminal
    for step in played.steps:
        if isinstance(step.action, Declare):
            assert step.action.target is not None


def test_every_bot_declares_its_best_exact_expression() -> None:
    game = get_game("navigator", players=2, slingshot=True, extrapolation=True)
    for seed in (21, 22, 23):
        state = game.new_state(seed=seed)
        while state.phase != PHASE_DECLARE:
            state = state.apply(state.legal_actions()[0])
        player = state.current_player
        observation = state.observation(player)
        best = best_vector_set(
            state.memories[player], state.beacon, state.target, rules=state.rules_for(player)
        )
        for name in ("random", "greedy", "strong"):
            action = make_bot("navigator", name).choose(observation, random.Random(1))
            check = check_declaration(
                state.memories[player],
                state.beacon,
                state.target,
                action.choice,
                action.expression,
                action.value,
                state.rules_for(player),
            )
            assert check.ok
            assert check.effective_distance == best.effective_distance


def test_greedy_keeps_the_card_that_helps_most_now() -> None:
    state = get_game("navigator", players=2).new_state(seed=8)
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    observation = state.observation(state.current_player)
    pick = make_bot("navigator", "greedy").choose(observation, random.Random(0))
    distances = [
        partial_distance(
            (*observation.memory, card), observation.beacon, observation.target, observation.rules
        )
        for card in observation.packet
    ]
    chosen = partial_distance(
        (*observation.memory, pick.card), observation.beacon, observation.target, observation.rules
    )
    assert chosen == min(distances)


def test_strong_beats_random_over_seeded_games() -> None:
    table = tournament(
        lambda: get_game("navigator", players=2, rounds=2), ["strong", "random"], games=10, seed=3
    )
    strong, weak = table.rows
    assert strong.wins > weak.wins
