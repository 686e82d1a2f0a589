"""One observation protocol for every game (the classroom frame).

Every game's ``state.observation(player)`` carries ``player``, ``current_player`` (``None``
when nobody is to move), ``legal_actions`` (that player's, empty out of turn) and
``is_terminal``; a player number that is not a player is refused with a
``CardMathError`` saying how the players are numbered; and every move reads back from
the words the game writes for it (``str(action)`` and the command line's log).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardmath.errors import CardMathError, quoted
from cardmath.game import Observation, State
from cardmath.games import get_game

GAMES: dict[str, dict[str, Any]] = {
    "navigator": {"players": 3, "rounds": 2, "hotshot": True, "variant": "pirate-map"},
    "sequences": {},
    "permutations": {"players": 3, "max_rounds": 1},
    "dotter": {"players": 3, "max_rounds": 1},
    "sum15": {"players": 5, "hand_size": 3},
    "demo": {"players": 3},
}
"""Each game with options that reach its less common moves (locks, map purchases)."""

BAD_PLAYERS = (None, True, False, "0", "1", 0.0, 1.5, -1, -2, 10**5000, [], (0,))


def play(name: str, seed: int, max_steps: int = 400) -> list[tuple[State, Any, State]]:
    """Every (before, action, after) of a seeded random game (cut short for speed)."""
    game = get_game(name, **GAMES[name])
    state = game.new_state(seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(max_steps):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        steps.append((state, action, after))
        state = after
    return steps


def states_of(steps: list[tuple[State, Any, State]]) -> list[State]:
    return [steps[0][0], *(after for _, _, after in steps)]


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_carries_the_four_fields_with_their_meaning(name: str) -> None:
    for seed in (1, 2):
        steps = play(name, seed)
        for state in states_of(steps):
            actions = state.legal_actions()
            for player in range(state.num_players):
                observation = state.observation(player)
                assert isinstance(observation, Observation)
                assert type(observation.player) is int and observation.player == player
                assert isinstance(observation.is_terminal, bool)
                assert observation.is_terminal == state.is_terminal
                assert isinstance(observation.legal_actions, tuple)
                if state.is_terminal:
                    assert observation.current_player is None
                    assert observation.legal_actions == ()
                else:
                    assert type(observation.current_player) is int
                    assert observation.current_player == state.current_player
                    if player == state.current_player:
                        assert observation.legal_actions == actions
                    else:
                        assert observation.legal_actions == ()
                # the old per-game spellings of "whose turn" are gone
                assert not hasattr(observation, "to_move")
                assert not hasattr(observation, "game_over")


@pytest.mark.parametrize("name", GAMES)
def test_a_game_played_to_its_end_says_nobody_is_to_move(name: str) -> None:
    steps = play(name, seed=3, max_steps=100_000)
    final = steps[-1][2]
    assert final.is_terminal
    for player in range(final.num_players):
        observation = final.observation(player)
        assert observation.current_player is None and observation.is_terminal
        assert observation.legal_actions == ()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("player", BAD_PLAYERS, ids=quoted)
def test_a_bad_player_number_is_refused_saying_how_players_are_numbered(
    name: str, player: Any
) -> None:
    state = get_game(name, **GAMES[name]).new_state(seed=4)
    players = state.num_players
    with pytest.raises(CardMathError) as caught:
        state.observation(player)
    message = str(caught.value)
    assert f"numbered 0 to {players - 1}" in message and f"{players}-player" in message
    assert len(message) < 200  # a huge number is shortened, never printed in full
    with pytest.raises(CardMathError):
        state.observation(players)


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_reads_back_from_its_text(name: str) -> None:
    met = 0
    for seed in (5, 6):
        for state in states_of(play(name, seed, max_steps=150)):
            for action in state.legal_actions():
                assert state.parse_action(str(action)) == action, str(action)
                met += 1
    assert met > 50


@pytest.mark.parametrize("name", GAMES)
def test_the_move_the_log_prints_reads_back_as_the_move(name: str) -> None:
    game = get_game(name, **GAMES[name])
    printed = 0
    for before, action, after in play(name, seed=7, max_steps=300):
        for record in game.report(before, action, after):
            if "action" in record:
                assert before.parse_action(record["action"]) == action
                printed += 1
    if name == "permutations":
        assert printed == 0  # its log prints whole auctions (the bids are secret until then)
    elif name == "navigator":
        assert printed == 0  # its log prints whole rounds of declarations
    else:
        assert printed > 0
