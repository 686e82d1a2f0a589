"""What one navigator may see: the table, their own Data Packet and Nav Memory, no more.

>>> from cardmath.games.navigator import NavigatorGame
>>> seen = NavigatorGame(players=2).new_state(seed=7).observation(1)
>>> seen.phase, seen.packet == (), len(seen.legal_actions)
('draft', False, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.game import Observation
from cardmath.games.navigator.actions import Declare
from cardmath.games.navigator.options import NavigatorOptions
from cardmath.games.navigator.story import RoundResult
from cardmath.games.navigator.vector_sets import VectorRules

__all__ = ["NavigatorObservation", "observation_of"]


@codec.serializable("navigator.NavigatorObservation")
@dataclass(frozen=True)
class NavigatorObservation(Observation):
    """What one navigator may see: the table, their own packet and Nav Memory, no more.

    ``rules`` are this player's Vector Set rules for the round (for the rule helpers);
    ``seen`` the Data Packets they held at earlier picks of this round; ``hotshots`` who
    locked a Hotshot card (public once the first pick round is over).
    """

    players: int
    options: NavigatorOptions
    round: int
    phase: str
    chips: tuple[int, ...]
    initiative: int
    bounty: int
    map_owner: int | None
    map_price: int
    override_suit: str
    target: int | None
    target_cards: tuple[Card, ...]
    beacon: Card | None
    pick: int
    packet: tuple[Card, ...]
    memory: tuple[Card, ...]
    hotshot: bool
    hotshots: tuple[bool, ...]
    seen: tuple[tuple[Card, ...], ...]
    corrupted: Card | None
    declaration: Declare | None
    rules: VectorRules
    last_round: RoundResult | None


_OBSERVATION_FIELDS = frozenset(item.name for item in fields(NavigatorObservation))


def observation_of(**values: Any) -> NavigatorObservation:
    """A :class:`NavigatorObservation` of ``values`` (every field, each already of its
    type), made without the frozen dataclass's field-by-field constructor: a random game
    makes one at every step."""
    assert values.keys() == _OBSERVATION_FIELDS
    observation = object.__new__(NavigatorObservation)
    observation.__dict__.update(values)
    return observation
