"""Navigator in the random-play harness: every option and variant switched on in turn.

Each run plays seeded random games checking every invariant at every step (cards
conserved, legal actions, refusals leave the state unchanged, JSON round-trips,
observations, outcomes, replay). Every configuration plays 600 one-round games (200
each with 2, 3 and 4 navigators), 6,000 in all, in the full run; ``CARDMATH_PLAY`` sets
how many (see :func:`cardmath.testing.play_games`).
"""

from __future__ import annotations

import pytest

from cardmath.games import get_game
from cardmath.testing import check_random_play, play_games

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


@pytest.mark.play
@pytest.mark.parametrize("name", list(CONFIGURATIONS))
def test_random_play_invariants(name: str) -> None:
    options = CONFIGURATIONS[name]
    games = play_games(200)
    for players in (2, 3, 4):
        report = check_random_play(
            lambda players=players: get_game("navigator", players=players, rounds=1, **options),
            games=games,
            seed=players,
        )
        # every game ran to the end of its round: each navigator took its five actions
        # (and, with the pirate map, the decisions to buy it or pass)
        assert report.finished == games and report.shortest >= 5 * players
        if "pirate-map" not in str(options.get("variant")):
            assert report.longest == 5 * players
        assert report.illegal_checked > 0


@pytest.mark.play
@pytest.mark.parametrize("name", ["core", "hotshot", "pirate-map", "everything"])
def test_random_play_to_the_end_with_few_chips(name: str) -> None:
    """Whole games to the last navigator: payments, elimination, the Bounty, the map."""
    options = CONFIGURATIONS[name]
    games = play_games(100)
    report = check_random_play(
        lambda: get_game("navigator", players=3, starting_chips=2, **options),
        games=games,
        seed=11,
    )
    assert report.finished == games and report.shortest >= 15  # at least one whole round
