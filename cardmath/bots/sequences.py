"""Computer players for Sequences: ``greedy`` and ``strong`` (``random`` is shared).

* ``greedy`` takes the turn with the best immediate score swing (its own total minus the
  opponent's, counting open sequences at their present value).
* ``strong`` looks one reply ahead: for its most promising turns it deals the opponent
  hands that fit what it can see (the opponent's cards not yet on the table), lets that
  opponent answer with its best swing, and keeps the turn that is best on average. It
  also chooses which cards to put under its pile instead of leaving that to chance.

Both use only their observation: never the opponent's hand or either pile's order.

>>> from cardmath.games import get_game
>>> from cardmath.play import play_game
>>> played = play_game(get_game("sequences"), [StrongBot(), GreedyBot()], seed=5)
>>> played.final.is_terminal
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from cardmath.budget import SearchStopped, decision_budget
from cardmath.cards import SequencesCard
from cardmath.games.sequences import (
    MAX_SEQUENCES,
    CardSequence,
    Play,
    SequencesObservation,
    Turn,
    single_plays,
)


def apply_plays(
    sequences: Sequence[CardSequence], plays: Iterable[Play]
) -> tuple[CardSequence, ...]:
    """The table after ``plays`` (each starter opens a new sequence at the end).

    >>> from cardmath.games.sequences import parse_sequence, parse_turn
    >>> table = (parse_sequence("[4] + 2", "blue"),)
    >>> [str(s) for s in apply_plays(table, parse_turn("play red * on S1, red [2]").plays)]
    ['[4] + 2 *', '[2]']
    """
    table = list(sequences)
    for play in plays:
        if play.sequence is None:
            table.append(CardSequence((play.card,)))
        else:
            table[play.sequence] = table[play.sequence].extended(play.card, play.operator)
    return tuple(table)


def play_gain(sequences: Sequence[CardSequence], play: Play, player: int, division: str) -> int:
    """How much ``play`` changes ``player``'s lead (own total minus the opponent's).

    >>> from cardmath.games.sequences import parse_sequence, parse_turn
    >>> table = (parse_sequence("[4] + 2", "blue"),)
    >>> play = parse_turn("play red 5 on S1").plays[0]
    >>> play_gain(apply_plays(table, parse_turn("play red - on S1").plays), play, 0, "truncate")
    5
    """
    if play.sequence is None:
        return int(play.card.face) if _owner(play.card) == player else -int(play.card.face)
    sequence = sequences[play.sequence]
    change = sequence.value_after(play.card, play.operator, division) - sequence.value(division)
    return change if sequence.owner == player else -change


def _owner(card: SequencesCard) -> int:
    return 0 if card.colour == "red" else 1


def turn_gain(
    sequences: Sequence[CardSequence], plays: Iterable[Play], player: int, division: str
) -> int:
    """The change in ``player``'s lead from a whole turn (its plays touch separate
    sequences, so their gains simply add up)."""
    return sum(play_gain(sequences, play, player, division) for play in plays)


def best_reply_gain(
    hand: Sequence[SequencesCard], sequences: Sequence[CardSequence], player: int, division: str
) -> int:
    """The best lead change ``player`` can make with ``hand``, playing as many cards as the
    rules force (two if any two fit, else one, else none)."""
    return _best_from(reply_options(hand, sequences, player, division), hand)


def reply_options(
    cards: Iterable[SequencesCard], sequences: Sequence[CardSequence], player: int, division: str
) -> list[tuple[int, Play]]:
    """Every single play of any of ``cards`` with its gain for ``player``, best first (work
    it out once for all the opponent's unseen cards, then filter it for each dealt hand)."""
    return sorted(
        (
            (play_gain(sequences, play, player, division), play)
            for play in single_plays(cards, sequences)
        ),
        key=lambda item: -item[0],
    )


def _best_from(options: Sequence[tuple[int, Play]], hand: Sequence[SequencesCard]) -> int:
    counts: dict[SequencesCard, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    gains = [item for item in options if item[1].card in counts]
    if not gains:
        return 0
    if len(hand) < 2:
        return gains[0][0]
    best: int | None = None
    for index, (first_gain, first) in enumerate(gains):
        if best is not None and first_gain + first_gain <= best:
            break  # every later pair is worse
        for second_gain, second in gains[index + 1 :]:
            total = first_gain + second_gain
            if best is not None and total <= best:
                break
            if first.sequence is not None and first.sequence == second.sequence:
                continue
            if first.card == second.card and counts[first.card] < 2:
                continue
            best = total
            break
    return gains[0][0] if best is None else best


def _distinct_plays(actions: Sequence[Turn]) -> dict[tuple[Play, ...], list[Turn]]:
    groups: dict[tuple[Play, ...], list[Turn]] = {}
    for turn in actions:
        groups.setdefault(turn.plays, []).append(turn)
    return groups


class GreedyBot:
    """Plays the turn with the best immediate score swing (ties broken at random)."""

    name = "greedy"

    def choose(self, observation: SequencesObservation, rng: random.Random) -> Turn:
        actions: tuple[Turn, ...] = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        player, division = observation.player, observation.division
        gains = {
            plays: turn_gain(observation.sequences, plays, player, division)
            for plays in _distinct_plays(actions)
        }
        best = max(gains.values())
        return rng.choice([turn for turn in actions if gains[turn.plays] == best])


class StrongBot:
    """One reply ahead with the opponent's hidden hand resampled (see the module text).

    ``candidates`` turns (by immediate gain) are each tried against ``samples`` dealt
    opponent hands; the cards it buries are the ones it values least. A decision keeps to
    :func:`~cardmath.budget.decision_budget`: when it runs out, the turns weighed so far
    are compared (the best immediate gain if none was).
    """

    name = "strong"

    def __init__(self, candidates: int = 8, samples: int = 6) -> None:
        self.candidates = candidates
        self.samples = samples

    def choose(self, observation: SequencesObservation, rng: random.Random) -> Turn:
        actions: tuple[Turn, ...] = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        player, division = observation.player, observation.division
        table = observation.sequences
        groups = _distinct_plays(actions)
        immediate = {plays: turn_gain(table, plays, player, division) for plays in groups}
        ranked = sorted(groups, key=lambda plays: -immediate[plays])
        shortlist = ranked[: self.candidates]
        opponent_cards = list(observation.opponent_unseen())
        hand_size = min(observation.opponent_hand_size, len(opponent_cards))
        hands = [rng.sample(opponent_cards, hand_size) for _ in range(self.samples)]
        if len(shortlist) > 1 and hand_size:
            scored = []
            budget = decision_budget()
            try:
                for plays in shortlist:
                    after = apply_plays(table, plays)
                    options = reply_options(opponent_cards, after, 1 - player, division)
                    budget.charge(len(options) * len(hands))
                    replies = sum(_best_from(options, hand) for hand in hands)
                    value = immediate[plays] - replies / len(hands) + self._position(after, player)
                    scored.append((value, plays))
            except SearchStopped:
                pass  # the budget is spent: choose among the turns weighed so far
            if scored:
                best_value = max(value for value, _ in scored)
                chosen = rng.choice([plays for value, plays in scored if value == best_value])
            else:
                chosen = shortlist[0]
        else:
            chosen = shortlist[0]
        turns = groups[chosen]
        if len(turns) == 1:
            return turns[0]
        after = apply_plays(table, chosen)
        return min(turns, key=lambda turn: self._keep_value(turn.buried, after, player))

    @staticmethod
    def _position(sequences: Sequence[CardSequence], player: int) -> float:
        """A small preference for safety: own sequences worth something are better
        sealed, and opponents' open sequences are chances for us."""
        score = 0.0
        for sequence in sequences:
            if sequence.owner == player and sequence.is_sealed and sequence.value() > 0:
                score += 0.5
        return score

    @staticmethod
    def _keep_value(
        cards: Iterable[SequencesCard], sequences: Sequence[CardSequence], player: int
    ) -> float:
        """How much the bot would miss these cards in its hand (it buries the least)."""
        own_open = any(s.owner == player and not s.is_sealed for s in sequences)
        room = len(sequences) < MAX_SEQUENCES
        total = 0.0
        for card in cards:
            if card.kind == "starter":
                total += 10 if room else 0
            elif card.kind == "terminator":
                total += 4 if own_open else 1
            elif card.kind == "operator":
                total += {"*": 4, "?": 5, "/": 3}.get(card.face, 2.5)
            elif card.kind == "number":
                total += int(card.face) / 3
            else:
                total += 2.5
        return total


BOTS = {"greedy": GreedyBot, "strong": StrongBot}
"""The Sequences bots, weakest first (``random`` is added by :mod:`cardmath.bots`)."""
