"""Computer players for Permutations: ``greedy`` and ``strong`` (``random`` is shared).

Both use only what their player may see (the observation): their own hand, bid and
drafted pile, the face-up pool, the revealed bids and drafts, hand and pile sizes and
the scores.

* ``greedy`` looks one step ahead. It drafts towards its best colour (the pool card
  that grows its largest colour group) and bids its least useful card: its lowest, the
  one that buys the least priority.
* ``strong`` plays Monte Carlo: for each move it could make, it deals the cards it
  cannot see to the other players at random many times (consistent with everything it
  has seen), plays the rest of the round out, and keeps the move with the best average
  of (its round score minus the best other round score). In those play-outs it models
  the others as greedy players and itself as a *recycler*: it bids cards of the colour
  it collects, because a bid comes straight back in the next pool, where it can draft
  it again (its highest such card when the pool holds one to protect, else its lowest).
  The play-outs end with the round, so they cannot see that drafted cards are next
  round's hand: between drafts of equal value it takes the higher card, which buys
  priority next round.

>>> import random
>>> from cardmath.games import get_game
>>> state = get_game("permutations", players=3).new_state(seed=4)
>>> for bot in (GreedyBot(), StrongBot()):
...     print(bot.choose(state.observation(0), random.Random(1)) in state.legal_actions())
True
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardmath.budget import decision_budget
from cardmath.cards import NumberCard
from cardmath.games.permutations import (
    AUCTIONS_PER_ROUND,
    Bid,
    Draft,
    PermutationsObservation,
    colours_in_play,
    triangular,
)

_PLAYOUT_COST = 4
"""Work units (see :mod:`cardmath.budget`) per card and player of one play-out."""

# --- shared judgement ---------------------------------------------------------------------


def _colour_index(colours: Sequence[str]) -> dict[str, int]:
    return {colour: index for index, colour in enumerate(colours)}


def best_colour(
    pile: Sequence[NumberCard], pool: Sequence[NumberCard], colours: Sequence[str]
) -> str:
    """The colour to collect: the one drafted most this round; ties go to the colour the
    pool offers most, then to the colour listed first.

    >>> best_colour([NumberCard(2, "yellow")], [NumberCard(1, "red")], ("red", "yellow"))
    'yellow'
    """
    return max(
        colours,
        key=lambda colour: (
            sum(card.colour == colour for card in pile),
            sum(card.colour == colour for card in pool),
            -colours.index(colour),
        ),
    )


def greedy_pick(
    pile: Sequence[NumberCard], pool: Sequence[NumberCard], colours: Sequence[str]
) -> NumberCard:
    """The pool card that grows one's largest colour group the most (ties: the card of
    the colour one holds more of, then the higher number, which bids better next round).

    >>> greedy_pick([NumberCard(5, "red")], [NumberCard(1, "red"), NumberCard(48, "blue")],
    ...             ("red", "yellow", "green", "blue"))
    NumberCard('1R')
    """
    counts = {colour: sum(card.colour == colour for card in pile) for colour in colours}
    return max(pool, key=lambda card: (counts[card.colour], card.number))


# --- greedy -------------------------------------------------------------------------------


class GreedyBot:
    """Bids its lowest card; drafts the pool card that grows its largest colour group."""

    name = "greedy"

    def choose(self, observation: PermutationsObservation, rng: random.Random) -> Bid | Draft:
        actions: tuple[Bid | Draft, ...] = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        colours = colours_in_play(observation.players)
        if observation.phase == "draft":
            pile = observation.piles[observation.player]
            return Draft(greedy_pick(pile, observation.pool, colours))
        return Bid(min(observation.hand))


# --- strong: Monte Carlo over the hidden cards ----------------------------------------------


class _Table:
    """Cards as numbers 1..48 with a colour index, for fast simulated play."""

    def __init__(self, observation: PermutationsObservation) -> None:
        self.colours = colours_in_play(observation.players)
        index = _colour_index(self.colours)
        self.colour_of = [0] * 49
        for card in observation.deck:
            self.colour_of[card.number] = index[card.colour]
        self.players = observation.players


def _recycler_bid(hand: list[int], counts: list[int], colour_of: list[int], pool: list[int]) -> int:
    """The bot's own rollout bid. It bids a card of its target colour, which comes back
    in the next pool where it can draft it again: its highest such card when the pool
    holds a card of that colour (priority protects it), else its lowest. Without a card
    of that colour it bids its highest or lowest card by the same test."""
    target = _target(hand, counts, colour_of)
    at_risk = any(colour_of[number] == target for number in pool)
    mine = [number for number in hand if colour_of[number] == target]  # hands are sorted
    if mine:
        return mine[-1] if at_risk else mine[0]
    return hand[-1] if at_risk else hand[0]


def _target(hand: list[int], counts: list[int], colour_of: list[int]) -> int:
    """The colour to collect: drafted cards count twice, cards in hand (which can be
    recycled through the pool) once."""
    weights = [2 * count for count in counts]
    for number in hand:
        weights[colour_of[number]] += 1
    return max(range(len(weights)), key=weights.__getitem__)


def _policy_draft(pool: list[int], counts: list[int], colour_of: list[int]) -> int:
    """Rollout draft: the card that grows the largest colour group, higher number first."""
    return max(pool, key=lambda number: (counts[colour_of[number]], number))


def _simulate(
    table: _Table,
    hands: list[list[int]],
    counts: list[list[int]],
    pool: list[int],
    bids: list[int | None],
    order: list[int],
    auctions_left: int,
    forced: dict[int, int],
    me: int,
    wild: frozenset[int] = frozenset(),
    chance: random.Random | None = None,
) -> list[int]:
    """Play to the end of the round from a full deal (lists are changed in place).

    ``bids`` holds the bids already made (``None`` for players still to bid) and
    ``order`` the players still to draft in this auction (empty if bidding is not over);
    ``forced`` fixes the next decision of some players. The players in ``wild`` are
    modelled as random players (their moves drawn from ``chance``), the others as greedy
    ones; ``me`` plays as a recycler. Returns each player's max.
    """
    colour_of = table.colour_of
    players = table.players
    first = True
    while True:
        if not (first and order):
            for player in range(players):
                if bids[player] is None:
                    card = forced.pop(player, None)
                    if card is None:
                        hand = hands[player]
                        if player == me:
                            card = _recycler_bid(hand, counts[player], colour_of, pool)
                        elif player in wild:
                            card = hand[chance.randrange(len(hand))]  # type: ignore[union-attr]
                        else:
                            card = hand[0]  # others are modelled as greedy: lowest card
                    hands[player].remove(card)
                    bids[player] = card
            order = sorted(range(players), key=bids.__getitem__, reverse=True)  # type: ignore[arg-type]
        first = False
        for player in order:
            card = forced.pop(player, None)
            if card is None and player in wild:
                card = pool[chance.randrange(len(pool))]  # type: ignore[union-attr]
            elif card is None:
                # _policy_draft, inlined for speed: largest colour group, then number
                player_counts = counts[player]
                best_key = -1
                for number in pool:
                    key = player_counts[colour_of[number]] * 64 + number
                    if key > best_key:
                        best_key, card = key, number
            pool.remove(card)  # type: ignore[arg-type]
            counts[player][colour_of[card]] += 1  # type: ignore[index]
        auctions_left -= 1
        pool = sorted(bids)  # type: ignore[arg-type]  # every player has bid by now
        bids = [None] * players
        order = []
        if auctions_left == 0:
            return [max(player_counts) for player_counts in counts]


def tie_break(action: Bid | Draft) -> int:
    """Between moves the play-outs value equally: draft the higher card, bid the lower.

    The play-outs end with the round, but the drafted cards are next round's hand, where
    a high card buys priority; and a low bid keeps the high cards for later auctions.

    >>> tie_break(Draft(NumberCard(40, "blue"))) > tie_break(Draft(NumberCard(4, "blue")))
    True
    >>> tie_break(Bid(NumberCard(4, "blue"))) > tie_break(Bid(NumberCard(40, "blue")))
    True
    """
    return action.card.number if isinstance(action, Draft) else -action.card.number


class StrongBot:
    """Monte Carlo: try each candidate move against many consistent deals of the hidden
    cards, playing the round out with a fast policy, and keep the best on average (ties
    go by :func:`tie_break`: the higher draft, the lower bid).

    ``samples`` deals are shared by all candidates (common random numbers), so the
    comparison between moves is not drowned in the noise of the deals. A play-out is
    worth (own round score) - ``spite`` x (best other round score). ``random_share`` is
    the chance that an opponent is modelled as a random player rather than a greedy one
    (0 by default: tried at 0.25 and 0.5, it played worse). A decision keeps to
    :func:`~cardmath.budget.decision_budget`: when it runs out, only the deals played out
    for every candidate count.
    """

    name = "strong"

    def __init__(self, samples: int = 12, random_share: float = 0.0, spite: int = 1) -> None:
        self.samples = samples
        self.random_share = random_share
        self.spite = spite

    def choose(self, observation: PermutationsObservation, rng: random.Random) -> Bid | Draft:
        actions: tuple[Bid | Draft, ...] = observation.legal_actions
        if len(actions) == 1:
            return actions[0]
        table = _Table(observation)
        candidates = self._candidates(observation, table)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0] * len(candidates)
        me = observation.player
        budget = decision_budget()
        for sample in range(self.samples):
            if sample and budget.exhausted:
                break  # the budget is spent: compare the deals played out so far
            deal = self._deal(observation, table, rng)
            wild = frozenset(
                player
                for player in range(observation.players)
                if player != me and rng.random() < self.random_share
            )
            chance_seed = rng.randrange(2**32)
            for index, action in enumerate(candidates):
                hands, counts, pool, bids, order = (
                    [list(hand) for hand in deal[0]],
                    [list(c) for c in deal[1]],
                    list(deal[2]),
                    list(deal[3]),
                    list(deal[4]),
                )
                forced = {me: action.card.number}
                maxes = _simulate(
                    table,
                    hands,
                    counts,
                    pool,
                    bids,
                    order,
                    AUCTIONS_PER_ROUND - observation.auction + 1,
                    forced,
                    me,
                    wild,
                    random.Random(chance_seed),
                )
                best_other = max(triangular(m) for p, m in enumerate(maxes) if p != me)
                totals[index] += triangular(maxes[me]) - self.spite * best_other
                budget.count(_PLAYOUT_COST * len(deal[0][me]) * observation.players)
        best = max(range(len(candidates)), key=lambda i: (totals[i], tie_break(candidates[i])))
        return candidates[best]

    @staticmethod
    def _candidates(observation: PermutationsObservation, table: _Table) -> list[Bid | Draft]:
        """Drafts: every pool card. Bids: the lowest and highest card of each colour in
        hand (any other card of that colour does the same job less well or no better)."""
        if observation.phase == "draft":
            return list(observation.legal_actions)
        by_colour: dict[str, list[NumberCard]] = {}
        for card in observation.hand:
            by_colour.setdefault(card.colour, []).append(card)
        chosen: list[NumberCard] = []
        for cards in by_colour.values():
            for card in (min(cards), max(cards)):
                if card not in chosen:
                    chosen.append(card)
        return [Bid(card) for card in sorted(chosen)]

    @staticmethod
    def _deal(
        observation: PermutationsObservation, table: _Table, rng: random.Random
    ) -> tuple[list[list[int]], list[list[int]], list[int], list[int | None], list[int]]:
        """One deal of the hidden cards consistent with the observation.

        Returns hands (the bot's own hand still holds the card it may bid), colour counts of the
        drafted piles, the pool, the bids so far and the players still to draft.
        """
        me = observation.player
        players = observation.players
        colour_of = table.colour_of
        revealed = observation.phase == "draft"
        # Everything the bot can place for certain.
        known_piles: list[list[int]] = [[] for _ in range(players)]
        for player in range(players):
            if observation.piles[player] or player == me:
                known_piles[player] = [card.number for card in observation.piles[player]]
        last = observation.last_auction
        if (
            last is not None
            and last.round_number == observation.round_number
            and not observation.options.face_up_drafts
        ):
            for player in range(players):
                if player != me:
                    known_piles[player].append(last.drafts[player].number)
        for player, card in enumerate(observation.drafts):
            if card is not None and player != me and not observation.options.face_up_drafts:
                known_piles[player].append(card.number)
        seen = {card.number for card in observation.hand} | {c.number for c in observation.pool}
        seen |= {number for pile in known_piles for number in pile}
        bids: list[int | None] = [None] * players
        if revealed:
            bids = [card.number if card is not None else None for card in observation.revealed_bids]
            seen |= {number for number in bids if number is not None}
        elif observation.my_bid is not None:
            bids[me] = observation.my_bid.number
            seen.add(observation.my_bid.number)
        unseen = [card.number for card in observation.deck if card.number not in seen]
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        counts: list[list[int]] = []
        for player in range(players):
            if player == me:
                hand = sorted(card.number for card in observation.hand)
                pile = known_piles[player]
            else:
                size = observation.hand_sizes[player]
                hidden_bid = observation.has_bid[player] and not revealed
                take = size + (1 if hidden_bid else 0)
                hand = sorted(unseen[:take])
                del unseen[:take]
                missing = observation.pile_sizes[player] - len(known_piles[player])
                pile = known_piles[player] + unseen[:missing]
                del unseen[:missing]
                if hidden_bid:
                    bids[player] = hand[0]
                    hand.remove(bids[player])  # type: ignore[arg-type]
            hands.append(hand)
            counts.append(_counts(pile, colour_of, table))
        order = list(observation.draft_order) if revealed else []
        return hands, counts, [c.number for c in observation.pool], bids, order


def _counts(pile: Sequence[int], colour_of: list[int], table: _Table) -> list[int]:
    counts = [0] * len(table.colours)
    for number in pile:
        counts[colour_of[number]] += 1
    return counts


BOTS = {"greedy": GreedyBot, "strong": StrongBot}
