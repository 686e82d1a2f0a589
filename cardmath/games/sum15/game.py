"""The Sum 15 game: options, the deal and the story of each move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from cardmath.cards import Card
from cardmath.game import (
    Game,
    State,
    chance,
    player_names,
    shuffled,
)
from cardmath.games.sum15.options import TABLE, Starter, Sum15Observation, Sum15Options
from cardmath.games.sum15.rules import (
    CLAIMS,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    card_value,
    claim_phrase,
)
from cardmath.games.sum15.state import Sum15State, _sort_key, _Sum15Table
from cardmath.games.sum15.table import Sum15TableState


def deal(
    options: Sum15Options, seed: int, number: int = 0, earlier: tuple[int, ...] = ()
) -> Sum15State:
    """Shuffle the decks together, deal ``hand_size`` cards to each player one at a time
    starting left of the dealer, and turn the starter. ``number`` counts the deals from 0
    (option ``deals``: each later deal is a new shuffle and the next player deals);
    ``earlier`` are the cards each player took in the deals before."""
    keys: tuple[Any, ...] = ("deal",) if number == 0 else ("deal", number)
    pack = shuffled(DECK * options.deck_count, chance(seed, *keys))
    players = options.players
    dealer = (options.dealer_index + number) % players
    order = [(dealer + 1 + offset) % players for offset in range(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    dealt = players * options.hand_size
    for position, card in enumerate(pack[:dealt]):
        hands[order[position % players]].append(card)
    starter, deck = pack[dealt : dealt + 1], pack[dealt + 1 :]
    return Sum15State(
        options=options,
        seed=seed,
        hands=tuple(tuple(sorted(hand, key=_sort_key)) for hand in hands),
        deck=deck,
        middle=starter,
        taken=((),) * players,
        deal_number=number,
        earlier=earlier,
    )


class Sum15Game(Game[Sum15Options]):
    """Sum 15 for 2 to 40 players (see the module docstring and the rule page)."""

    name = "sum15"
    title = "Sum 15"
    options_class = Sum15Options
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def _new_state(self, seed: int) -> Sum15State | Sum15TableState:
        if self.options.cards == TABLE:
            return Sum15TableState(self.options, seed, taken=((),) * self.options.players)
        return deal(self.options, seed)

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        """One event for the play, plus the deal, a new starter and the end when they
        happen (see the rule page for the fields)."""
        assert isinstance(before, _Sum15Table) and isinstance(after, _Sum15Table)
        events: list[dict[str, Any]] = []
        player = before.current_player
        name = player_names([player])
        if isinstance(action, Starter):
            assert isinstance(after, Sum15TableState)
            return [
                {
                    "event": "starter",
                    "player": player + 1,
                    "action": str(action),
                    "starter": str(action.card),
                    "deck_left": after.deck_size,
                    "text": f"{name} (the dealer) turns a new starter: {action.card}",
                }
            ]
        if before.played == 0 and isinstance(before, Sum15State):
            decks = before.options.deck_count
            starter = " ".join(map(str, before.middle))
            events.append(
                {
                    "event": "deal",
                    "dealer": before.dealer + 1,
                    "decks": decks,
                    "hand_size": before.options.hand_size,
                    "starter": [str(card) for card in before.middle],
                    "text": f"{player_names([before.dealer])} deals {before.options.hand_size} "
                    f"cards each from {decks} deck{'s' * (decks > 1)}; the starter is {starter}",
                }
            )
        judgement = before.judge(action)
        took = judgement.taken
        left = (*before.middle, action.card)[: len(before.middle) + 1 - len(took)]
        said = f" and claims {claim_phrase(action.claim)}" if before.options.claims else ""
        if took:
            reason = (
                judgement.offer.reasons[judgement.offer.rules.index(CLAIMS[action.claim])]
                if action.claim is not None
                else "; ".join(judgement.offer.reasons)
            )
            text = (
                f"{name} plays {action.card}{said} and takes {' '.join(map(str, took))}: "
                f"{reason} ({name} has taken {after.scores()[player]})"
            )
        else:
            text = f"{name} plays {action.card}{said}"
            if judgement.wrong:
                text += f", but {judgement.why_wrong}: nothing taken"
            text += f"; middle {_show(left)}, total {judgement.offer.total}"
        if judgement.missed:
            text += f" (missed: {judgement.missed})"
        events.append(
            {
                "event": "play",
                "player": player + 1,
                "action": str(action),
                "card": str(action.card),
                "claim": action.claim,
                "total": judgement.offer.total,
                "took": [str(card) for card in took],
                "rules": list(judgement.offer.rules),
                "reasons": list(judgement.offer.reasons),
                "missed": judgement.missed,
                "middle": [str(card) for card in after.middle],
                "taken": list(after.scores()),
                "text": text,
            }
        )
        if after.deal_number != before.deal_number:
            ended = before.deal_number + 1
            text = (
                f"Deal {ended} of {before.options.deals} is over; cards taken so far: "
                + ", ".join(f"{player_names([p])} {n}" for p, n in enumerate(after.scores()))
            )
            if left:
                text += f"; left in the middle, taken by nobody: {_show(left)}"
            events.append({"event": "deal over", "deal": ended, "taken": list(after.scores()),
                           "text": text})  # fmt: skip
            return events
        if took and not left and isinstance(after, Sum15State):
            if after.middle:
                events.append(
                    {
                        "event": "starter",
                        "starter": str(after.middle[0]),
                        "deck_left": len(after.deck),
                        "text": f"New starter: {after.middle[0]}",
                    }
                )
            elif not after.is_terminal:
                events.append(_no_starter_event())
        if (
            isinstance(after, Sum15TableState)
            and not after.middle
            and not after.is_terminal
            and not after.needs_starter
        ):
            events.append(_no_starter_event())
        if after.is_terminal and after.middle:
            events.append(
                {
                    "event": "left",
                    "middle": [str(card) for card in after.middle],
                    "text": f"Left in the middle, taken by nobody: {_show(after.middle)}",
                }
            )
        return events


def _no_starter_event() -> dict[str, Any]:
    return {
        "event": "no starter",
        "text": "The deck is used up: the middle stays empty and the next card played starts it",
    }


def _show(middle: Sequence[Card]) -> str:
    return " ".join(map(str, middle)) if middle else "(empty)"


def unseen_counts(observation: Sum15Observation) -> Counter[int]:
    """How many cards of each value (1 to 13) the observing player has not seen: they are
    in other hands or in the deck.

    >>> state = Sum15Game(players=2).new_state(seed=3)
    >>> sum(unseen_counts(state.observation(0)).values()) == 52 - 6 - 1
    True
    """
    counts: Counter[int] = Counter({value: 4 * observation.decks for value in range(1, 14)})
    for card in (*observation.hand, *observation.seen):
        counts[card_value(card)] -= 1
    return counts
