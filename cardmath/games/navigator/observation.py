"""What one navigator may see: the table, their own Data Packet and Nav Memory, no more.

>>> from cardmath.games.navigator import NavigatorGame
>>> seen = NavigatorGame(players=2).new_state(seed=7).observation(1)
>>> seen.phase, seen.packet == (), len(seen.legal_actions)
('draft', False, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.game import Observation
from cardmath.games.navigator.actions import Declare
from cardmath.games.navigator.options import NavigatorOptions
from cardmath.games.navigator.story import RoundResult
from cardmath.games.navigator.vector_sets import VectorRules

if TYPE_CHECKING:
    from cardmath.games.navigator.state import NavigatorState

__all__ = ["NavigatorObservation", "observation_of", "observe"]

PACKET_SIZE = 4
"""Cards in a Data Packet, and so cards in a full Nav Memory."""

PHASE_BUY, PHASE_DRAFT, PHASE_DECLARE, PHASE_OVER = "buy", "draft", "declare", "over"


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


def observation_of(values: dict[str, Any]) -> NavigatorObservation:
    """A :class:`NavigatorObservation` of ``values`` (every field, each already of its
    type), made without the frozen dataclass's field-by-field constructor: a random game
    makes one at every step."""
    assert values.keys() == _OBSERVATION_FIELDS
    observation = object.__new__(NavigatorObservation)
    object.__setattr__(observation, "__dict__", values)
    return observation


_NO_RULES = VectorRules()


def observe(state: NavigatorState, player: int) -> NavigatorObservation:
    """What ``player`` (checked) sees of ``state``: the deal only during the draft and
    the showdown, their own Data Packet only during the draft, the Hotshot locks only
    once the first pick round is over, the legal actions only when it is their turn."""
    frame = state.observation_frame(player)
    player = frame["player"]
    n = state.num_players
    phase = state.phase
    in_draft = phase == PHASE_DRAFT
    drafting = in_draft or phase == PHASE_DECLARE
    pick = (state.pick if in_draft else PACKET_SIZE) if drafting else 0
    options = state.options
    return observation_of(
        {  # every field in its order
            **frame,
            "players": n,
            "options": options,
            "round": state.round,
            "phase": phase,
            "chips": state.chips,
            "initiative": state.initiative,
            "bounty": state.bounty,
            "map_owner": state.map_owner,
            "map_price": state.map_price,
            "override_suit": state.override_suit if options.override_mode else "",
            "target": state.target if drafting else None,
            "target_cards": state.target_cards if drafting else (),
            "beacon": state.beacon if drafting else None,
            "pick": pick,
            "packet": state.packets[player] if in_draft else (),
            "memory": state.memories[player] if drafting else (),
            "hotshot": bool(drafting and state.hotshots[player]),
            "hotshots": state.hotshots if pick >= 1 else (False,) * n,
            "seen": state.seen[player] if drafting else (),
            "corrupted": state.corrupted[player] if drafting else None,
            "declaration": state.declarations[player] if phase == PHASE_DECLARE else None,
            "rules": state.rules_for(player) if drafting else _NO_RULES,
            "last_round": state.last_round,
        }
    )
