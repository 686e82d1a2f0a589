"""Navigator in the random-play harness: every option and variant switched on in turn.

Each run plays seeded random games checking every invariant at every step (cards
conserved, legal actions, refusals leave the state unchanged, JSON round-trips,
observations, outcomes, replay). Every configuration plays 2,000 one-round games (a
third each with 2, 3 and 4 navigators); set ``NAVIGATOR_HARNESS_GAMES`` for a longer run.
"""

from __future__ import annotations

import os

import pytest

from cardmath.games import get_game
from cardmath.testing import check_random_play

GAMES = int(os.environ.get("NAVIGATOR_HARNESS_GAMES", "2001"))

CONFIGURATIONS: dict[str, dict] = {
    "core": {},
    "hotshot": {"hotshot": True},
    "slingshot": {"slingshot": True},
    "extrapolation": {"extrapolation": True},
    "forced-override": {"variant": "forced-override"},
    "select-override": {"variant": "select-override"},
    "forced-precog": {"variant": "forced-precog"},
    "select-precog": {"variant": "select-precog"},
    "pirate-map": {"variant": "pirate-map"},
    "everything": {
        "hotshot": True,
        "slingshot": True,
        "extrapolation": True,
        "variant": ("pirate-map", "forced-precog"),
    },
}


@pytest.mark.parametrize("name", list(CONFIGURATIONS))
def test_random_play_invariants(name: str) -> None:
    options = CONFIGURATIONS[name]
    for players in (2, 3, 4):
        report = check_random_play(
            lambda players=players: get_game("navigator", players=players, rounds=1, **options),
            games=GAMES // 3,
            seed=players,
        )
        assert report.games == GAMES // 3 and report.illegal_checked > 0


@pytest.mark.parametrize("name", ["core", "hotshot", "pirate-map", "everything"])
def test_random_play_to_the_end_with_few_chips(name: str) -> None:
    """Whole games to the last navigator: payments, elimination, the Bounty, the map."""
    options = CONFIGURATIONS[name]
    report = check_random_play(
        lambda: get_game("navigator", players=3, starting_chips=2, **options),
        games=max(10, GAMES // 20),
        seed=11,
    )
    assert report.steps > 0
