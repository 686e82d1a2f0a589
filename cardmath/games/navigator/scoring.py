"""The showdown and its chips: every declaration judged, the winners, who pays whom
(one chip, or the Hotshot's two), the Bounty, and who is out.

>>> settled = settle((0, 1, 2), (10, 10, 10), {0: 3, 1: 1, 2: 5}, {}, bounty=0, map_owner=None)
>>> settled.winners, settled.chips
((1,), (9, 12, 9))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardmath.cards import Card
from cardmath.games.navigator.actions import Declare
from cardmath.games.navigator.judging import check_declaration
from cardmath.games.navigator.story import Payment, Showdown
from cardmath.games.navigator.vector_sets import VectorRules

__all__ = ["HOTSHOT_STAKE", "Settlement", "judge_showdown", "settle"]

HOTSHOT_STAKE = 2
"""Chips a winning Hotshot receives from, or a losing Hotshot pays to, every other player."""


def judge_showdown(
    order: Sequence[int],
    declarations: Sequence[Declare | None],
    memories: Sequence[Sequence[Card]],
    beacon: Card | None,
    target: int,
    hotshots: Sequence[bool],
    rules: Mapping[int, VectorRules],
) -> tuple[Showdown, ...]:
    """Every declaration judged by the engine, in initiative ``order`` (``rules``: each
    player's Vector Set rules)."""
    results = []
    for player in order:
        declaration = declarations[player]
        assert declaration is not None
        check = check_declaration(
            memories[player],
            beacon,
            target,
            declaration.choice,
            declaration.expression,
            declaration.value,
            rules[player],
        )
        results.append(
            Showdown(
                player=player,
                memory=declaration.memory,
                beacon=declaration.beacon,
                expression=declaration.expression,
                declared=declaration.value,
                value=check.value,
                correct=check.correct,
                reason=check.reason,
                distance=check.distance,
                effective_distance=check.effective_distance,
                slingshot=check.slingshot,
                phantom=check.phantom,
                hotshot=hotshots[player],
            )
        )
    return tuple(results)


@dataclass(frozen=True)
class Settlement:
    """The chips after a showdown: ``payments`` in order, ``chips`` after them, the
    Bounty (``bounty_winner`` took ``bounty_won``; ``bounty`` is left in the pot) and the
    players ``eliminated`` (no chips left)."""

    winners: tuple[int, ...]
    payments: tuple[Payment, ...]
    chips: tuple[int, ...]
    bounty_winner: int | None
    bounty_won: int
    bounty: int
    eliminated: tuple[int, ...]


def settle(
    order: Sequence[int],
    chips: Sequence[int],
    distances: Mapping[int, int],
    hotshots: Mapping[int, bool],
    *,
    bounty: int,
    map_owner: int | None,
) -> Settlement:
    """Pay the showdown: ``distances`` are the effective distances of the correct
    declarations (a forfeit is left out), ``hotshots`` who locked a Hotshot card.

    Non-winners pay each winner one chip; a winning Hotshot is paid, and a losing one
    pays, :data:`HOTSHOT_STAKE` by every other player; each pays from what they had
    before the showdown. A sole winner who does not own the Pirate Map takes the Bounty.
    """
    winners: tuple[int, ...] = ()
    if distances:
        best = min(distances.values())
        winners = tuple(sorted(p for p, distance in distances.items() if distance == best))
    after = list(chips)
    left = {player: after[player] for player in order}  # each pays from what they had
    payments = []
    for payer in order:
        for payee in order:
            if payee == payer:
                continue
            owed = 0
            if (payee in winners and hotshots.get(payee)) or (
                payer not in winners and hotshots.get(payer)
            ):
                owed = HOTSHOT_STAKE
            elif payee in winners and payer not in winners:
                owed = 1
            paid = min(owed, left[payer])
            if paid:
                left[payer] -= paid
                payments.append(Payment(payer, payee, paid))
    for payment in payments:
        after[payment.payer] -= payment.chips
        after[payment.payee] += payment.chips
    bounty_winner, bounty_won = None, 0
    if len(winners) == 1 and winners[0] != map_owner and bounty:
        bounty_winner, bounty_won, bounty = winners[0], bounty, 0
        after[winners[0]] += bounty_won
    return Settlement(
        winners=winners,
        payments=tuple(payments),
        chips=tuple(after),
        bounty_winner=bounty_winner,
        bounty_won=bounty_won,
        bounty=bounty,
        eliminated=tuple(player for player in order if after[player] == 0),
    )
