"""A Sum 15 game played with real cards, the computer as referee: no hand is known."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import (
    ActionSyntaxError,
    CardError,
    IllegalMove,
    checked_text,
    quoted,
)
from cardmath.game import (
    TERMINAL,
    State,
    player_names,
)
from cardmath.games.sum15.options import Play, Starter, Sum15Observation, Sum15Options
from cardmath.games.sum15.rules import (
    DECK,
    PLAY_RULE,
    STARTER_RULE,
    TABLE_RULE,
    _card_name,
    card_value,
)
from cardmath.games.sum15.state import _check_claim, _claim_options, _Sum15Table


@codec.serializable("sum15.Sum15TableState")
@dataclass(frozen=True)
class Sum15TableState(_Sum15Table, State):
    """A game played with real cards, the computer as referee (option ``cards="table"``).

    The class deals real decks, so the computer knows no hand and no deck order: it is
    told each starter turned (:class:`Starter`, by the dealer) and each card played with
    its claim (:class:`Play`, by the player whose turn it is). It refuses a card of which
    every copy in the decks is already face up, judges every claim and counts every pile.
    ``starters`` counts the starters turned, so the cards left in the deck are known.

    >>> from cardmath.games.sum15 import Sum15Game
    >>> state = Sum15Game(players=3, cards="table", claims=True).new_state(seed=1)
    >>> state.current_player, str(state.legal_actions()[0])  # the dealer turns a starter
    (2, 'starter AC')
    >>> state = state.apply(state.parse_action("starter KS"))
    >>> state = state.apply(state.parse_action("play 2C claim fifteen"))
    >>> state.taken[0], state.current_player  # 13 + 2 = 15; the dealer turns the next starter
    ((Card('KS'), Card('2C')), 2)
    """

    options: Sum15Options
    seed: int
    middle: tuple[Card, ...] = ()
    taken: tuple[tuple[Card, ...], ...] = ()
    played: int = 0
    starters: int = 0

    @property
    def deck_size(self) -> int:
        """Cards still in the deck (real cards: dealt hands and starters turned are gone)."""
        return len(self.full_deck()) - self.options.plays - self.starters

    @property
    def needs_starter(self) -> bool:
        """The middle is empty, the deck has cards and play goes on: turn a starter."""
        return not self.middle and self.deck_size > 0 and self.played < self.options.plays

    @property
    def current_player(self) -> int:
        if self.played >= self.options.plays:
            return TERMINAL
        if self.needs_starter:
            return self.dealer
        return (self.dealer + 1 + self.played) % self.num_players

    def unseen(self) -> Counter[Card]:
        """How many copies of each card have not been face up: in hands or the deck."""
        counts = Counter(self.full_deck())
        counts.subtract(self._seen())
        return +counts

    def hand_sizes(self) -> tuple[int, ...]:
        """Cards still in each player's hand."""
        players, first = self.num_players, self.dealer + 1
        rounds, extra = divmod(self.played, players)
        return tuple(
            self.options.hand_size - rounds - (1 if (seat - first) % players < extra else 0)
            for seat in range(players)
        )

    def legal_actions(self) -> tuple[Play | Starter, ...]:
        if self.is_terminal:
            return ()
        unseen = self.unseen()
        available = [card for card in DECK if unseen[card] > 0]
        if self.needs_starter:
            return tuple(Starter(card) for card in available)
        claims_said = _claim_options(self.options.claims)
        return tuple(Play(card, claim) for card in available for claim in claims_said)

    def _check_card(self, card: Any) -> Card:
        if not isinstance(card, Card):
            raise IllegalMove(f"a card, like Card.parse('7H'), not {quoted(card)}", rule=PLAY_RULE)
        card_value(card)
        if self.unseen()[card] <= 0:
            decks = self.options.deck_count
            copies = f"{decks} {_card_name(card)}s" if decks > 1 else f"one {_card_name(card)}"
            raise IllegalMove(
                f"the {decks} deck{'s' * (decks > 1)} in play hold{'s' * (decks == 1)} only "
                f"{copies}, and {'all are' if decks > 1 else 'it is'} already face up: "
                "check the card",
                rule=TABLE_RULE,
            )
        return card

    def _check(self, action: Any) -> Play | Starter:
        self.require_not_terminal()
        if self.needs_starter:
            if not isinstance(action, Starter):
                raise IllegalMove(
                    f"the middle is empty: {player_names([self.dealer])} (the dealer) turns "
                    "a starter from the deck first",
                    rule=STARTER_RULE,
                )
            self._check_card(action.card)
            return action
        if not isinstance(action, Play):
            raise IllegalMove(
                "a starter is turned only when the middle is empty; now "
                f"{player_names([self.current_player])} plays a card",
                rule=STARTER_RULE if isinstance(action, Starter) else PLAY_RULE,
            )
        _check_claim(action, self.options.claims)
        self._check_card(action.card)
        return action

    def apply(self, action: Play | Starter) -> Sum15TableState:
        move = self._check(action)
        if isinstance(move, Starter):
            return Sum15TableState(
                self.options, self.seed, (move.card,), self.taken, self.played, self.starters + 1
            )
        middle, taken = self._take(self.current_player, self.judge(move))
        return Sum15TableState(
            self.options, self.seed, middle, taken, self.played + 1, self.starters
        )

    def parse_action(self, text: str) -> Play | Starter:
        """Read ``starter 9C`` (or just ``9C``) when a starter is due, else a play as
        :meth:`Sum15State.parse_action` reads it (syntax only: whether every copy of the card
        is already face up is for :meth:`apply` to say)."""
        checked_text(text, "a move", "play 7H", error=ActionSyntaxError, rule=PLAY_RULE)
        words = text.split()
        if words and words[0].lower() in ("starter", "turn"):
            try:
                card = Card.parse(words[-1])
            except CardError as error:
                raise ActionSyntaxError(
                    f"{quoted(text.strip())} is not a starter: write it like 'starter 9C'",
                    rule=STARTER_RULE,
                ) from error
            return Starter(card)
        card, claim = self._read_claim_text(text)
        if self.needs_starter and claim is None and not text.strip().lower().startswith("play"):
            return Starter(card)
        return Play(card, claim)

    def observation(self, player: int) -> Sum15Observation:
        frame = self.observation_frame(player)
        return Sum15Observation(
            **frame,
            dealer=self.dealer,
            hand=(),
            middle=self.middle,
            total=self.total,
            hand_sizes=self.hand_sizes(),
            taken_counts=self.scores(),
            seen=self._seen(),
            deck_size=self.deck_size,
            decks=self.options.deck_count,
            claims=self.options.claims,
            table=True,
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {
            "middle": self.middle,
            "hands and deck (not yet face up)": tuple(self.unseen().elements()),
        }
        for index, pile in enumerate(self.taken):
            zones[f"taken {index + 1}"] = pile
        return zones
