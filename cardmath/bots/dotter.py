"""Dotter bots: ``greedy`` and ``strong`` (``random`` is shared by every game).

Both use only their observation: the faces of cards they have peeked at or seen scored,
and the public table (who drew, who looked at which card, the discards).

* :class:`GreedyBot` scores the best hand it knows completely (guessing, since a known
  hand makes the guess certain); otherwise it scores three of its own cards unseen and
  without a guess; otherwise it draws. Its Jokers stand for what scores most.
* :class:`StrongBot` plays for the lap lead at the end of the round (two players, default
  rules): for each score and for a draw it takes the exact distribution of the points,
  plays the rest of the round forward (who scores which rows, each later hand random
  from the unseen cards) and picks the best expected standing when the round ends: laps
  times the lap length plus the lap points kept, its own minus its rival's. Otherwise it
  weighs every action by expected points: a score with the best guess (plus the points
  it takes away from the owner), a draw at the going rate of a turn, a peek at what it
  adds to its next score minus the turn it costs. Its Jokers stand for what gives the
  best standing (sometimes less than the most points, to stay off the peg).

With the *give three* option, a bot that has used its scorings gives three of its own
cards only when the score it can then make is worth more than what the cards give their
receiver (greedy: when it knows a hand better than a blind one), and gives the cards it
knows to be worst.

The bots run in pure Python (the browser build has no numpy); where numpy is installed the
end-of-round planner uses it, about 2.5 times faster, with the same moves.

>>> import random
>>> from cardmath.play import play_game
>>> from cardmath.games import get_game
>>> game = get_game("dotter", laps=1)
>>> played = play_game(game, [StrongBot(), GreedyBot()], seed=2)
>>> played.final.is_terminal
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardmath.budget import decision_budget
from cardmath.games.dotter import (
    GUESSES,
    DotterObservation,
    Draw,
    Give,
    Jokers,
    Pass,
    Peek,
    Score,
    SeenCard,
    expected_points,
    joker_choices,
    rank_number,
    score_ranks,
)
from cardmath.games.dotter.odds import _multisets


def _optional_numpy() -> Any:
    """numpy if it is installed (it speeds up planning the end of a round about threefold),
    else ``None``: the browser build has no numpy, and the bots then plan in pure Python
    with the same results."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


_np: Any = _optional_numpy()

TURN_RATE = Fraction(13, 2)
"""Points a turn is worth when drawing and then scoring blind (about 13.2 points every
two turns), the yardstick every other action is measured against."""


def _cards_of(observation: DotterObservation, owner: int, places: Sequence[str]) -> list[SeenCard]:
    by_label = {seen.label: seen for seen in observation.areas[owner]}
    return [by_label[label] for label in places]


def _known_ranks(cards: Sequence[SeenCard]) -> tuple[int, ...]:
    return tuple(rank_number(seen.card) for seen in cards if seen.card is not None)


def _pool_without(pool: tuple[int, ...], ranks: Sequence[int]) -> tuple[int, ...]:
    counts = list(pool)
    for rank in ranks:
        counts[rank] -= 1
    return tuple(counts)


class GreedyBot:
    """Takes points now: the best hand it knows completely (with the guess that is then
    certain), else three of its own cards unseen and without a guess, else a draw."""

    name = "greedy"

    def choose(self, observation: DotterObservation, rng: random.Random) -> Any:
        actions = observation.legal_actions
        me = observation.player
        if observation.pending is not None:
            return _best_jokers(observation)
        gift = _greedy_gift(observation)
        if gift is not None:
            return gift
        best: tuple[int, Score] | None = None
        blind: list[Score] = []
        for action in actions:
            if not isinstance(action, Score):
                continue
            cards = _cards_of(observation, action.owner, action.places)
            if any(seen.card is None for seen in cards):
                if action.owner == me and not action.guess:
                    blind.append(action)
                continue
            points = score_ranks(_known_ranks(cards), action.guess or None, own=action.owner == me)
            if best is None or points > best[0]:
                best = (points, action)
        if best is not None:
            return best[1]
        if blind:
            return blind[0]
        if Draw() in actions:
            return Draw()
        scores = [action for action in actions if isinstance(action, Score) and not action.guess]
        return rng.choice(scores or list(actions))


PeekSignature = tuple[tuple[int, ...], tuple[int, ...]]
"""What a peek's value depends on (see :meth:`StrongBot._peek_signature`)."""

_ACTION_COST = 40
"""Work units (see :mod:`cardmath.budget`) to weigh one action."""


class StrongBot:
    """Chooses the action with the best expected standing at the end of the round (two
    players, default rules), else the highest expected points, from what it knows.

    A decision keeps to :func:`~cardmath.budget.decision_budget`; its work is bounded by
    the legal actions, so the budget only guards: when it runs out, the actions weighed
    so far are compared.
    """

    name = "strong"
    plan_from = 54
    """The deck size (cards) from which the bot plans for the end of the round."""
    draw_margin = 0.5
    """How much better (in points of progress) a draw must look than scoring to be chosen:
    holding cards back gains little and leaves them to the rival."""

    def choose(self, observation: DotterObservation, rng: random.Random) -> Any:
        actions = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        if observation.pending is not None:
            if _planner_applies(observation, self.plan_from):
                planned = _plan(observation, self.draw_margin, jokers=True)
                if planned is not None:
                    return planned
            return _best_jokers(observation)
        if _planner_applies(observation, self.plan_from):
            planned = _plan(observation, self.draw_margin)
            if planned is not None:
                return planned
        me = observation.player
        pool = observation.unseen_pool()
        rivals = max(1, observation.options.players - 1)
        best_value: Fraction | None = None
        best_actions: list[Any] = []

        def consider(value: Fraction, action: Any) -> None:
            nonlocal best_value, best_actions
            if best_value is None or value > best_value:
                best_value, best_actions = value, [action]
            elif value == best_value:
                best_actions.append(action)

        lap = observation.options.lap_length
        points = observation.points
        holder = next((p for p, value in enumerate(points) if value == lap), -1)
        room = lap - 1 - points[me] if holder not in (-1, me) else None
        # Leaving the peg lets a rival close to it complete their lap: hold on while
        # drawing is possible (their points past 120 are wasted meanwhile).
        leaving_cost = Fraction(0)
        if holder == me and Draw() in actions:
            close = sum(1 for p, value in enumerate(points) if p != me and lap - value <= lap // 2)
            leaving_cost = Fraction(13 * close)
        budget = decision_budget()
        for action in actions:
            if not isinstance(action, Score):
                continue
            if best_actions and budget.exhausted:
                break  # the budget is spent: choose among the actions weighed so far
            budget.count(_ACTION_COST)
            cards = _cards_of(observation, action.owner, action.places)
            known = _known_ranks(cards)
            own = action.owner == me
            value = expected_points(known, pool, action.guess or None, own)
            if room is not None:
                value = min(value, Fraction(room))  # points past 120 are lost while blocked
            value -= leaving_cost
            if not own:
                # Scoring someone else's cards also takes them away from their owner.
                best_for_owner = max(
                    expected_points(known, pool, guess, True) for guess in (None, *GUESSES)
                )
                value += best_for_owner / (2 * rivals)
            consider(value, action)
        if Draw() in actions:
            consider(TURN_RATE, Draw())
        gives = [action for action in actions if isinstance(action, Give)]
        if gives:
            for value, action in _gift_values(observation, gives, rivals):
                consider(value, action)
        peek_values: dict[PeekSignature, Fraction] = {}
        for action in actions:
            if isinstance(action, Peek) and action.owner == me:
                if best_actions and budget.exhausted:
                    break
                budget.count(_ACTION_COST)
                signature = self._peek_signature(observation, action)
                if signature not in peek_values:
                    peek_values[signature] = _peek_value(*signature, pool)
                consider(peek_values[signature] - TURN_RATE, action)
        if best_actions:
            return best_actions[0] if len(best_actions) == 1 else rng.choice(best_actions)
        peeks = [action for action in actions if isinstance(action, Peek)]
        if peeks:
            return rng.choice(peeks)
        return Pass() if Pass() in actions else rng.choice(actions)

    @staticmethod
    def _peek_signature(observation: DotterObservation, peek: Peek) -> PeekSignature:
        """What a peek's value depends on: the ranks (-1 unseen) of the two cards and of
        the player's other cards."""
        me = observation.player
        peeked = _cards_of(observation, me, peek.places)
        others = [seen for seen in observation.areas[me] if seen.label not in peek.places]

        def ranks(cards: Sequence[SeenCard]) -> tuple[int, ...]:
            return tuple(
                sorted(-1 if seen.card is None else rank_number(seen.card) for seen in cards)
            )

        return ranks(peeked), tuple(sorted(set(ranks(others))))


def _peek_value(
    peeked: tuple[int, ...], others: tuple[int, ...], pool: tuple[int, ...]
) -> Fraction:
    """Expected points of the best own hand holding the peeked cards, after the peek
    (hands of both peeked cards and one other card; -1 is a card not seen)."""
    unknown = sum(rank < 0 for rank in peeked)
    known_peeked = tuple(rank for rank in peeked if rank >= 0)
    total = math.comb(sum(pool), unknown)
    if total == 0:
        return Fraction(0)
    value = Fraction(0)
    for ranks, ways in _multisets(pool, unknown):
        after_pool = _pool_without(pool, ranks)
        seen = known_peeked + ranks
        best = _best_guess(seen, after_pool) if not others else Fraction(0)
        for other in others:
            best = max(best, _best_guess(seen if other < 0 else (*seen, other), after_pool))
        value += ways * best
    return value / total


def _best_guess(known: tuple[int, ...], pool: tuple[int, ...]) -> Fraction:
    return max(expected_points(tuple(sorted(known)), pool, guess) for guess in (None, *GUESSES))


def _best_jokers(observation: DotterObservation) -> Jokers:
    """The Jokers' ranks that score most (the engine's suggestion)."""
    pending = observation.pending
    assert pending is not None
    own = pending.owner == observation.player
    best = joker_choices(pending.cards, pending.guess or None, own)[0]
    return Jokers(best.ranks)


def _hand_value(observation: DotterObservation, owner: int, cards: Sequence[SeenCard]) -> Fraction:
    """Expected points of scoring ``cards`` of ``owner`` with the best guess, from what
    this player knows."""
    pool = observation.unseen_pool()
    known = tuple(sorted(_known_ranks(cards)))
    own = owner == observation.player
    return max(expected_points(known, pool, guess, own) for guess in (None, *GUESSES))


def _after_gift(observation: DotterObservation) -> list[tuple[Fraction, int, frozenset[str]]]:
    """Every hand this player could score once it has given three cards: (expected
    points with the best guess, owner, places), best first."""
    found = []
    for owner in range(observation.options.players):
        for trio in itertools.combinations(observation.scorable(owner), 3):
            value = _hand_value(observation, owner, trio)
            found.append((value, owner, frozenset(seen.label for seen in trio)))
    found.sort(key=lambda item: -item[0])
    return found


def _gift_values(
    observation: DotterObservation, gives: Sequence[Give], rivals: int
) -> list[tuple[Fraction, Give]]:
    """Each gift valued as the best score it allows minus what the three cards are
    worth to their receiver (who scores them unseen), shared among the rivals."""
    me = observation.player
    pool = observation.unseen_pool()
    hands = _after_gift(observation)
    valued = []
    for give in gives:
        after = next(
            (
                value
                for value, owner, places in hands
                if owner != me or not places & set(give.places)
            ),
            None,
        )
        if after is None:
            continue
        known = tuple(sorted(_known_ranks(_cards_of(observation, me, give.places))))
        gain = expected_points(known, pool, None, True)
        valued.append((after - gain / rivals, give))
    return valued


def _greedy_gift(observation: DotterObservation) -> Give | None:
    """Greedy gives three cards only when it then knows a hand worth more than a blind
    one (13.2 points), giving the cards it knows to be worth least to their receiver."""
    gives = [action for action in observation.legal_actions if isinstance(action, Give)]
    if not gives:
        return None
    me = observation.player
    pool = observation.unseen_pool()
    # late in a game fewer than three cards may be unseen: no blind hand is left to beat
    blind = expected_points((), pool) if sum(pool) >= 3 else Fraction(0)
    known_hands = [
        (value, owner, places)
        for value, owner, places in _after_gift(observation)
        if all(seen.card is not None for seen in _cards_of(observation, owner, sorted(places)))
    ]
    if not known_hands or known_hands[0][0] <= blind:
        return None
    _, owner, places = known_hands[0]
    allowed = [give for give in gives if owner != me or not places & set(give.places)]
    if not allowed:
        return None

    def worth(give: Give) -> Fraction:
        known = tuple(sorted(_known_ranks(_cards_of(observation, me, give.places))))
        return expected_points(known, pool, None, True)

    return min(allowed, key=worth)


# --- the end of a round ----------------------------------------------------------------

LAP_GAINS = 4
"""Laps a player may complete in what is left of a round, plus one (a round holds about
240 points, under two laps)."""

WIN_VALUE = 1000
"""What completing the last lap is worth, in points of progress."""


Maps = tuple[tuple[int, ...], ...]
"""For every score 0..top, where each (laps gained, lap points) state goes: index ``g``
holds, for every state's index, the index of the state after scoring ``g`` points."""


@lru_cache(maxsize=64)
def _peg_maps(lap: int, top: int) -> tuple[Maps, Maps]:
    """For every score 0..top, where each (laps gained, lap points) state goes: free
    (nobody else on the peg) and blocked (a rival holds it)."""
    size = lap + 1
    free, blocked = [], []
    for gained in range(top + 1):
        to_free, to_blocked = [], []
        for laps in range(LAP_GAINS):
            for points in range(size):
                if gained == 0:
                    to_free.append(laps * size + points)
                    to_blocked.append(laps * size + points)
                    continue
                start = 0 if points == lap else points
                reached = start + gained
                if reached >= lap:
                    to_free.append(min(laps + 1, LAP_GAINS - 1) * size + lap)
                    to_blocked.append(laps * size + lap - 1)
                else:
                    to_free.append(laps * size + reached)
                    to_blocked.append(laps * size + reached)
        free.append(tuple(to_free))
        blocked.append(tuple(to_blocked))
    return tuple(free), tuple(blocked)


@lru_cache(maxsize=20_000)
def _hand_distribution(
    known: tuple[int, ...], pool: tuple[int, ...], guess: str | None, own: bool
) -> tuple[tuple[int, float], ...]:
    """Exact distribution of a hand's points: ``known`` ranks completed from ``pool``."""
    missing = 3 - len(known)
    total = math.comb(sum(pool), missing)
    counts: dict[int, int] = {}
    for ranks, ways in _multisets(pool, missing):
        points = score_ranks(known + ranks, guess, own)
        counts[points] = counts.get(points, 0) + ways
    return tuple((points, ways / total) for points, ways in sorted(counts.items()))


def _future_scores(
    me: int, deck_rows: int, ready: list[int], fresh: list[int], mover: int
) -> list[tuple[int, bool]]:
    """Who scores what, in order, for the rest of the round if both players score their
    own cards when they can, else draw, else score the other's cards: (scorer, own)."""
    deck, ready, fresh = deck_rows, list(ready), list(fresh)
    events: list[tuple[int, bool]] = []
    for _ in range(200):
        if not deck and ready[0] + fresh[0] < 3 and ready[1] + fresh[1] < 3:
            break
        ready[mover] += fresh[mover]
        fresh[mover] = 0
        other = 1 - mover
        if ready[mover] >= 3:
            ready[mover] -= 3
            events.append((mover, True))
        elif deck:
            deck -= 1
            fresh[mover] += 3
        elif ready[other] >= 3:
            ready[other] -= 3
            events.append((mover, False))
        mover = other
    return events


def _planner_applies(observation: DotterObservation, plan_from: int) -> bool:
    options = observation.options
    return (
        options.players == 2
        and not options.bank
        and not options.scoring_limit
        and options.new_cards_wait
        and observation.deck_size <= plan_from
    )


Chances = tuple[tuple[int, float], ...]
"""A hand's points and their chances (see :func:`_hand_distribution`)."""

Moves = tuple[tuple[bool, bool], ...]
"""Scores to come, in order: (the scorer's own cards, the peg held by the other)."""


@dataclass(frozen=True)
class _RoundEnd:
    """What valuing the end of a round needs: the lap length, the laps completed (this
    bot's, its rival's), the laps that win, the rival's lap points now, and the chances
    of a blind score (key: own cards or not)."""

    lap: int
    laps: tuple[int, int]
    target: int
    start_rival: int
    blind: Mapping[bool, Chances]


def _end_worth_pure(end: _RoundEnd, rival_moves: Moves, my_moves: Moves) -> Callable[[int], float]:
    """This bot's expected value at the end of the round from each of its states (laps
    gained times ``lap + 1`` plus lap points), after the scores to come: the rival's
    states are spread forward score by score, this bot's values worked backward."""
    free, blocked = _peg_maps(end.lap, TOP_SCORE)
    distribution = {end.start_rival: 1.0}
    for own, was_blocked in rival_moves:
        distribution = _spread(distribution, blocked if was_blocked else free, end.blind[own])
    worth = _round_end_worth(end.lap, end.laps, end.target, distribution)
    for own, was_blocked in reversed(my_moves):
        worth = _before_score(worth, blocked if was_blocked else free, end.blind[own])
    return worth


def _spread(distribution: dict[int, float], maps: Maps, chances: Chances) -> dict[int, float]:
    """The rival's states after one more score: each state moved by every score it may
    make, weighted by that score's chance (states of probability 0 are left out)."""
    spread: dict[int, float] = {}
    items = sorted(distribution.items())
    for gained, chance in chances:
        moved = maps[gained]
        for index, weight in items:
            target = moved[index]
            spread[target] = spread.get(target, 0.0) + chance * weight
    return spread


def _round_end_worth(
    lap: int, laps: tuple[int, int], target: int, rival: dict[int, float]
) -> Callable[[int], float]:
    """The expected value of the round's end for this bot in each of its own states,
    the rival's state drawn from ``rival``: laps completed times the lap length plus the
    lap points kept (only the lap's leader keeps theirs), its own minus its rival's;
    finishing the game is worth :data:`WIN_VALUE` (or minus that to the rival).

    Sums over the rival's states are gathered once by lap points, so each of the bot's
    states costs constant time.
    """
    size = lap + 1
    finished = 0.0  # chance the rival finishes the game
    playing = 0.0  # chance they do not
    their_laps = 0.0  # sum of chance x laps, over the rival's states short of the end
    by_points = [0.0] * size  # chance of each number of lap points kept, short of the end
    for index in sorted(rival):
        chance = rival[index]
        gained, points = divmod(index, size)
        if laps[1] + gained >= target:
            finished += chance
            continue
        playing += chance
        their_laps += chance * (laps[1] + gained)
        by_points[0 if points == lap else points] += chance
    at_most = list(itertools.accumulate(by_points))  # chance the rival keeps <= p
    weighted = [points * chance for points, chance in enumerate(by_points)]
    at_least = list(itertools.accumulate(reversed(weighted)))[::-1]  # sum of kept >= p

    def worth(index: int) -> float:
        gained, points = divmod(index, size)
        mine = laps[0] + gained
        if mine >= target:
            return WIN_VALUE * playing
        kept = 0 if points == lap else points
        return (
            -WIN_VALUE * finished
            + lap * (mine * playing - their_laps)
            + kept * at_most[kept]
            - at_least[kept]
        )

    return worth


def _before_score(
    after: Callable[[int], float], maps: Maps, chances: Chances
) -> Callable[[int], float]:
    """The expected value from each state one score earlier: ``after`` averaged over the
    points the score may make. Values are worked out only for the states asked for."""
    known: dict[int, float] = {}

    def worth(index: int) -> float:
        value = known.get(index)
        if value is None:
            value = sum(chance * after(maps[gained][index]) for gained, chance in chances)
            known[index] = value
        return value

    return worth


def _end_worth_numpy(end: _RoundEnd, rival_moves: Moves, my_moves: Moves) -> Callable[[int], float]:
    """:func:`_end_worth_pure` with numpy arrays: every state at once."""
    free, blocked = _peg_arrays(end.lap, TOP_SCORE)
    distribution = _np.zeros(LAP_GAINS * (end.lap + 1))
    distribution[end.start_rival] = 1.0
    for own, was_blocked in rival_moves:
        maps = blocked if was_blocked else free
        spread = _np.zeros_like(distribution)
        for gained, chance in end.blind[own]:
            spread += chance * _np.bincount(
                maps[gained], weights=distribution, minlength=len(distribution)
            )
        distribution = spread
    worth = _round_end_values(end.lap, end.laps, end.target) @ distribution
    for own, was_blocked in reversed(my_moves):
        maps = blocked if was_blocked else free
        worth = sum(chance * worth[maps[gained]] for gained, chance in end.blind[own])
    return lambda index: float(worth[index])


@lru_cache(maxsize=64)
def _peg_arrays(lap: int, top: int) -> tuple[Any, Any]:
    """:func:`_peg_maps` as numpy index arrays."""
    free, blocked = _peg_maps(lap, top)
    return _np.array(free), _np.array(blocked)


@lru_cache(maxsize=256)
def _round_end_values(lap: int, laps: tuple[int, int], target: int) -> Any:
    """:func:`_round_end_worth` as a matrix: the value for this bot of every pair of
    end-of-round states (its own by row)."""
    size = lap + 1
    index = _np.arange(LAP_GAINS * size)
    gained, points = index // size, index % size
    counted = _np.where(points == lap, 0, points)
    mine, theirs = counted[:, None], counted[None, :]
    kept = _np.where(mine >= theirs, mine, 0) - _np.where(theirs >= mine, theirs, 0)
    my_laps = (laps[0] + gained)[:, None]
    their_laps = (laps[1] + gained)[None, :]
    values = (lap * (my_laps - their_laps) + kept).astype(float)
    won = (my_laps >= target).astype(float) - (their_laps >= target)
    return _np.where((my_laps >= target) | (their_laps >= target), WIN_VALUE * won, values)


_end_worth = _end_worth_pure if _np is None else _end_worth_numpy
"""Chosen once, at import: numpy where it is installed, pure Python in the browser."""


TOP_SCORE = 80
"""More than any hand can score (three Kings guessed triple: 78)."""


def _plan(observation: DotterObservation, draw_margin: float, jokers: bool = False) -> Any:
    """The scoring or drawing action with the best expected end-of-round value, or
    ``None`` when only peeks or a pass are possible. With ``jokers``, the Joker choice
    (of the cards turned up) with the best value."""
    me, rival = observation.player, 1 - observation.player
    lap = observation.options.lap_length
    pool = observation.unseen_pool()
    if sum(pool) < 3:  # every card left is known: the expected-points rules decide
        return None
    ready = [sum(not c.new and not c.protected for c in area) for area in observation.areas]
    fresh = [sum(c.new for c in area) for area in observation.areas]
    points = observation.points
    free, blocked = _peg_maps(lap, TOP_SCORE)
    blind = {own: _hand_distribution((), pool, None, own) for own in (True, False)}
    laps = (observation.laps[me], observation.laps[rival])
    i_hold, they_hold = points[me] == lap, points[rival] == lap
    start_me, start_rival = points[me], points[rival]

    def future_value(kind: str, scored_now: bool) -> Callable[[int], float]:
        """This bot's expected end-of-round value from each of its states, after a move
        of ``kind``, the rest of the round played forward."""
        deck_rows = observation.deck_size // 3
        after_ready, after_fresh = list(ready), list(fresh)
        if kind == "own":
            after_ready[me] -= 3
        elif kind == "rival":
            after_ready[rival] -= 3
        elif kind == "draw":
            deck_rows -= 1
            after_fresh[me] += 3
        events = _future_scores(0, deck_rows, _seat(after_ready, me), _seat(after_fresh, me), 1)
        # Seat 0 is this bot, seat 1 its rival, who moves next.
        rival_blocked = i_hold and not scored_now
        mine_blocked = they_hold
        rival_moves: list[tuple[bool, bool]] = []
        my_moves: list[tuple[bool, bool]] = []
        for scorer, own in events:
            if scorer == 1:
                rival_moves.append((own, rival_blocked))
                mine_blocked = False
            else:
                my_moves.append((own, mine_blocked))
                rival_blocked = False
        end = _RoundEnd(lap, laps, observation.options.laps_to_win, start_rival, blind)
        return _end_worth(end, tuple(rival_moves), tuple(my_moves))

    futures: dict[tuple[str, bool], Callable[[int], float]] = {}

    def future(kind: str, scored_now: bool) -> Callable[[int], float]:
        if (kind, scored_now) not in futures:
            futures[kind, scored_now] = future_value(kind, scored_now)
        return futures[kind, scored_now]

    if jokers:
        pending = observation.pending
        assert pending is not None
        own = pending.owner == me
        maps = blocked if they_hold else free
        chosen: tuple[float, object] | None = None
        values_of: dict[int, float] = {}
        for choice in joker_choices(pending.cards, pending.guess or None, own):
            gained = choice.score.points
            if gained not in values_of:
                worth = future("turned up", gained > 0)
                values_of[gained] = worth(maps[gained][start_me])
            if chosen is None or values_of[gained] > chosen[0] + 1e-9:
                chosen = (values_of[gained], Jokers(choice.ranks))
        return None if chosen is None else chosen[1]

    best: tuple[float, object] | None = None
    seen: set[tuple[int, tuple[int, ...], str]] = set()
    faces = [
        {c.label: rank_number(c.card) for c in area if c.card is not None}
        for area in observation.areas
    ]
    for action in observation.legal_actions:
        if isinstance(action, Draw):
            value = future("draw", False)(start_me) - draw_margin
        elif isinstance(action, Score):
            ranks = faces[action.owner]
            known = tuple(sorted(ranks[label] for label in action.places if label in ranks))
            key = (action.owner, known, action.guess)
            if key in seen:
                continue
            seen.add(key)
            own = action.owner == me
            maps = blocked if they_hold else free
            value = 0.0
            for gained, chance in _hand_distribution(known, pool, action.guess or None, own):
                worth = future("own" if own else "rival", gained > 0)
                value += chance * worth(maps[gained][start_me])
        else:
            continue
        if best is None or value > best[0] + 1e-9:
            best = (value, action)
    return None if best is None else best[1]


def _seat(counts: list[int], me: int) -> list[int]:
    """Counts with this bot first."""
    return [counts[me], counts[1 - me]]


BOTS = {"greedy": GreedyBot, "strong": StrongBot}
