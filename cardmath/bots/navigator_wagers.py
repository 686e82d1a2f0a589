"""When Navigator's Hotshot Spacer and Pirate Map pay: the strong navigator's reckoning.

Both are bets in chips, weighed with the engine's own payments (``docs/games/navigator.md``):

* **Hotshot Spacer.** A locked card must be used; a winning Hotshot is paid 2 chips by
  every other player, a losing one pays 2 to every other player. Without a lock a winner
  is paid 1 by every non-winner and a loser pays 1 to each winner. With ``p`` the chance
  to win (ties win too), ``q`` to win alone and ``others`` the other players still in, a
  lock is worth ``2 · others · (2p − 1)`` chips and no lock about ``q · others − (1 − p)``
  (:func:`hotshot_pays`; a shared win without a lock is counted as nothing). The strong navigator locks only when the lock is worth more,
  by :data:`LOCK_MARGIN`, and never stakes more chips than it has.
* **Pirate Map.** Bought before the deal, so it is weighed without seeing a card. Owning
  it changes the chance to win a round by ``gain`` (:func:`map_win_change`, measured on
  sampled deals under the options in play: the beacon may be left out, but the die
  always corrupts one Nav Memory card); a round won instead of lost swings about
  ``players`` chips. Against that: the price, paid into the Bounty, and the Bounty
  itself, which the owner may not claim (:func:`map_pays`). Under the rules as written
  the corrupted card costs more than leaving out the beacon gains, in the core game and
  in every variant, so the strong navigator passes; it buys only where an estimate says
  otherwise.

>>> hotshot_pays(p_locked=0.8, p_free=0.6, p_free_alone=0.4, others=2, chips=10)
True
>>> hotshot_pays(p_locked=0.5, p_free=0.6, p_free_alone=0.4, others=2, chips=10)
False
>>> map_pays(win_change=-0.1, players=3, rounds_ahead=3, price=2, bounty=0)
False
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import replace

from cardmath.budget import Budget, SearchStopped
from cardmath.cards import Card
from cardmath.game import chance
from cardmath.games.navigator import HOTSHOT_STAKE, PACKET_SIZE, NavigatorOptions
from cardmath.games.navigator_rules import (
    VectorRules,
    best_distance,
    is_override,
    target_value,
)

__all__ = [
    "LOCK_MARGIN",
    "MAP_HORIZON",
    "MAP_SAMPLES",
    "hotshot_pays",
    "map_pays",
    "map_win_change",
    "win_chance",
]

LOCK_MARGIN = 0.25
"""Chips a lock must be expected to gain over no lock (the estimates are sampled, so a
lock that is only just better is as likely a mistake)."""

MAP_HORIZON = 3
"""Rounds a buyer expects to keep the Pirate Map (fewer when the lesson has fewer left;
another player may buy it away)."""

MAP_SAMPLES = 60
"""Deals sampled to measure what owning the Pirate Map does to the chance to win."""


def win_chance(
    mine: Sequence[int], theirs: Sequence[int], others: int, *, alone: bool = False
) -> float:
    """The chance that a distance drawn from ``mine`` is no worse than each of ``others``
    distances drawn from ``theirs`` (a tie wins: every closest player wins), or, with
    ``alone``, better than each (a win shared with nobody).

    >>> win_chance([0, 0], [0, 3], 1), win_chance([0, 0], [0, 3], 1, alone=True)
    (1.0, 0.5)
    >>> win_chance([3], [0, 3], 2)
    0.25
    """
    if not mine or not theirs:
        return 0.0
    ordered = sorted(theirs)
    find = bisect.bisect_right if alone else bisect.bisect_left
    total = 0.0
    for distance in mine:
        beaten = (len(ordered) - find(ordered, distance)) / len(ordered)
        total += beaten**others
    return total / len(mine)


def hotshot_pays(
    p_locked: float, p_free: float, p_free_alone: float, others: int, chips: int
) -> bool:
    """Whether locking a Hotshot card is worth more chips than not locking.

    ``p_locked`` is the chance to win (ties included) with the card locked; ``p_free`` the
    chance to win without a lock and ``p_free_alone`` to win it alone (a shared win
    without a lock gains little, while a Hotshot is paid 2 by co-winners too); ``others``
    the other players still in, ``chips`` this player's chips (a lock whose loss could
    cost more than them is never taken).

    >>> hotshot_pays(p_locked=0.9, p_free=0.6, p_free_alone=0.5, others=3, chips=6)
    False
    """
    stake = HOTSHOT_STAKE * others
    if others < 1 or chips <= stake:
        return False
    locked = stake * (2 * p_locked - 1)
    free = p_free_alone * others - (1 - p_free)
    return locked > free + LOCK_MARGIN


def map_pays(win_change: float, players: int, rounds_ahead: int, price: int, bounty: int) -> bool:
    """Whether buying the Pirate Map is worth its price.

    ``win_change`` is how much owning it changes the chance to win a round; each round is
    worth about ``players`` chips between winning and losing; the buyer pays ``price``
    and gives up its share (one in ``players``) of the ``bounty`` it could win now.

    >>> map_pays(win_change=0.3, players=3, rounds_ahead=3, price=2, bounty=2)
    True
    """
    gain = win_change * players * max(rounds_ahead, 0)
    return gain > price + bounty / players


# --- what the Pirate Map does to the chance to win ------------------------------------


def _deal_target(deck: list[Card], options: NavigatorOptions, suit: str) -> int:
    """Deal a target from the top of ``deck`` as the engine does (an Override card
    stands alone)."""
    first = deck.pop()
    if is_override(first, suit):
        return target_value(first, precog=options.precog, override_suit=suit)
    second = deck.pop()
    return target_value(first, second, precog=options.precog, override_suit=suit)


def _sampled_change(
    options: NavigatorOptions, players: int, suit: str, budget: Budget
) -> tuple[float, int]:
    """(change in the chance to win, deals finished) when one player owns the map."""
    rules = VectorRules.from_options(options, override_suit=suit)
    owner_rules = replace(rules, skip_beacon=True)
    change = 0.0
    done = 0
    for number in range(MAP_SAMPLES):
        draw = chance(0, "pirate map estimate", number)
        deck = list(options.deck())
        draw.shuffle(deck)
        target = _deal_target(deck, options, suit)
        beacon = deck.pop()
        memories = [[deck.pop() for _ in range(PACKET_SIZE)] for _ in range(players)]
        try:
            plain = [best_distance(m, beacon, target, rules, budget) for m in memories]
            kept = list(memories[0])
            del kept[draw.randrange(PACKET_SIZE)]
            owner = owner_rules if not rules.is_override(beacon) else rules
            owned = best_distance(kept, beacon, target, owner, budget)
        except SearchStopped:
            break
        rivals = [distance for distance in plain[1:] if distance is not None]
        closest_rival = min(rivals) if rivals else None
        wins = [
            distance is not None and (closest_rival is None or distance <= closest_rival)
            for distance in (owned, plain[0])
        ]
        change += wins[0] - wins[1]
        done += 1
    return (change / done if done else 0.0), done


_KNOWN_CHANGES: dict[tuple[VectorRules, int], float] = {}
"""Measured changes, by the Vector Set rules in play and the number of players."""


def map_win_change(
    options: NavigatorOptions, players: int, override_suit: str, budget: Budget
) -> float | None:
    """How much owning the Pirate Map changes the chance to win a round, before the deal.

    Measured on :data:`MAP_SAMPLES` seeded deals (the same on every machine) in which
    every player holds four random cards; the owner loses one to the die and may leave
    out the beacon. The first answer for a set of options is remembered; ``None`` if the
    budget ran out before enough deals were played.

    >>> from cardmath.budget import Budget
    >>> map_win_change(NavigatorOptions(variant="pirate-map"), 3, "", Budget()) < 0
    True
    """
    key = (VectorRules.from_options(options, override_suit=override_suit), players)
    if key in _KNOWN_CHANGES:
        return _KNOWN_CHANGES[key]
    change, done = _sampled_change(options, players, override_suit, budget)
    if done < MAP_SAMPLES:
        return change if done >= MAP_SAMPLES // 3 else None
    if len(_KNOWN_CHANGES) >= 64:
        _KNOWN_CHANGES.clear()
    _KNOWN_CHANGES[key] = change
    return change


map_win_change.cache_clear = _KNOWN_CHANGES.clear  # type: ignore[attr-defined]
