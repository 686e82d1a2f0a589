"""Dotter's legal actions, listed for a state: a draw, the peeks, then the scores (or,
beyond the scoring limit, the gifts of three cards), or what the Jokers stand for.

A random game lists them at every step, and the rows change at almost every step (a
peek, a draw, new cards no longer new), so the listing is made directly from the rows,
each peek and score being one object made once (see :func:`~.rows._action`).

>>> from cardmath.games import get_game
>>> state = get_game("dotter", players=2).new_state(seed=1)
>>> legal_actions(state)
(Draw(),)
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from cardmath.games.dotter.actions import (
    DotterAction,
    Draw,
    FaceDown,
    Give,
    Jokers,
    Pass,
    Peek,
    Score,
)
from cardmath.games.dotter.rows import _action
from cardmath.games.dotter.scoring import JOKER_CHOICES

if TYPE_CHECKING:
    from cardmath.games.dotter.state import DotterState

_DRAW = Draw()


def legal_actions(state: DotterState) -> tuple[DotterAction, ...]:
    """Every action of the player to move in ``state`` (not finished), in the order the
    game lists them."""
    player = state.to_move
    pending = state.pending
    if pending is not None:
        count = sum(card.is_joker for card in pending.cards)
        return tuple(
            Jokers(ranks) for ranks in itertools.combinations_with_replacement(JOKER_CHOICES, count)
        )
    if state.gift is not None:
        return score_actions(state)
    actions: list[DotterAction] = [_DRAW] if state.deck else []
    for owner, area in enumerate(state.areas):
        if len(area) >= 2:
            actions.extend(_peeks(area, owner, player))
    limit = state.options.scoring_limit
    if limit == 0 or state.scorings[player] < limit:
        actions.extend(score_actions(state))
    elif state.options.give_to_score:
        actions.extend(give_actions(state))
    return tuple(actions) if actions else (Pass(),)


def _peeks(area: tuple[FaceDown, ...], owner: int, player: int) -> list[Peek]:
    """The peeks ``player`` may make at ``owner``'s cards ``area``: every two of them,
    in place order, not both seen by ``player`` already."""
    unseen = [player not in card.seen_by for card in area]
    labels = [card.label for card in area]
    return [
        _action(Peek, owner, labels[first], labels[second])
        for first, second in itertools.combinations(range(len(area)), 2)
        if unseen[first] or unseen[second]
    ]


def scorable(state: DotterState, owner: int) -> list[FaceDown]:
    """``owner``'s cards the player to move may score now: not new (while new cards
    wait), not in another player's protected bank, not just given."""
    gift = state.gift
    given = gift.row if gift is not None and owner == gift.receiver else None
    wait = state.options.new_cards_wait
    protected = state.options.bank and bool(state.deck) and state.to_move != owner
    return [
        card
        for card in state.areas[owner]
        if card.row != given and not (wait and card.new) and not (protected and card.row == 1)
    ]


def score_actions(state: DotterState) -> tuple[Score, ...]:
    """Every score of three cards the player to move may score, owner by owner (the cards
    of :func:`scorable`)."""
    actions: list[Score] = []
    for owner, area in enumerate(state.areas):
        if len(area) < 3:
            continue
        for first, second, third in itertools.combinations(scorable(state, owner), 3):
            actions.extend(_action(Score, owner, first.label, second.label, third.label))
    return tuple(actions)


def give_actions(state: DotterState) -> tuple[Give, ...]:
    """Every gift of three own cards to another player after which a score is possible."""
    player = state.to_move
    players = state.num_players
    found = [{card.label for card in scorable(state, owner)} for owner in range(players)]
    others_can = any(len(labels) >= 3 for o, labels in enumerate(found) if o != player)
    receivers = [o for o in range(players) if o != player]
    actions: list[Give] = []
    for trio in itertools.combinations(state.areas[player], 3):
        places = tuple(card.label for card in trio)
        if others_can or len(found[player] - set(places)) >= 3:
            actions.extend(Give(places, receiver) for receiver in receivers)
    return tuple(actions)
