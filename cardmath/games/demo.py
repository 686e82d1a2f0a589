"""Pick: a tiny demonstration game that exercises the game protocol.

Nine cards (Ace to 9 of spades) lie face up. Players take turns to pick one card; the
player whose picked cards add up to the most wins. The test harness and the tutorial
use it; it teaches nothing beyond addition.

>>> state = PickGame(players=2).new_state(seed=3)
>>> while not state.is_terminal:
...     state = state.apply(max(state.legal_actions(), key=lambda a: a.card.pips))
>>> state.outcome().scores
(25, 20)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import ActionSyntaxError, CardError, IllegalMove, checked_text, quoted
from cardmath.game import (
    TERMINAL,
    Game,
    Observation,
    Options,
    Outcome,
    State,
    chance,
    option,
    player_names,
    shuffled,
    winners_by_score,
)

ROW = tuple(Card(rank, "S") for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9"))


@codec.serializable("demo.PickOptions")
@dataclass(frozen=True)
class PickOptions(Options):
    players: int = option(2, "Players", "How many take turns to pick.", minimum=2, maximum=4)


@codec.serializable("demo.Pick")
@dataclass(frozen=True)
class Pick:
    """Take ``card`` from the row."""

    card: Card

    def __str__(self) -> str:
        return f"pick {self.card}"


@codec.serializable("demo.PickObservation")
@dataclass(frozen=True)
class PickObservation(Observation):
    """Everything is face up: the row and every player's picked cards."""

    row: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]


@codec.serializable("demo.PickState")
@dataclass(frozen=True)
class PickState(State):
    options: PickOptions
    seed: int
    row: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    turn: int = 0

    @property
    def current_player(self) -> int:
        return TERMINAL if not self.row else self.turn % self.options.players

    def legal_actions(self) -> tuple[Pick, ...]:
        return tuple(Pick(card) for card in self.row)

    def parse_action(self, text: str) -> Pick:
        """Read ``pick 7S`` (syntax only: whether the card is in the row is for
        :meth:`apply` to say).

        >>> PickGame().new_state(seed=1).parse_action("pick 2C")
        Pick(card=Card('2C'))
        >>> PickGame().new_state(seed=1).parse_action("jump")
        Traceback (most recent call last):
          ...
        cardmath.errors.ActionSyntaxError: a move is 'pick' and a card, like 'pick 7S', not 'jump'
        """
        checked_text(text, "a move", "pick 7S", error=ActionSyntaxError)
        words = text.split()
        refusal = f"a move is 'pick' and a card, like 'pick 7S', not {quoted(text.strip())}"
        if len(words) != 2 or words[0].lower() != "pick":
            raise ActionSyntaxError(refusal)
        try:
            return Pick(Card.parse(words[1]))
        except CardError as error:
            raise ActionSyntaxError(refusal) from error

    def apply(self, action: Pick) -> PickState:
        self.require_not_terminal()
        if not isinstance(action, Pick) or action.card not in self.row:
            raise IllegalMove(
                f"{quoted(action)} is not a card in the row", rule="pick a card from the row"
            )
        player = self.current_player
        row = tuple(card for card in self.row if card != action.card)
        taken = tuple(
            cards + (action.card,) if index == player else cards
            for index, cards in enumerate(self.taken)
        )
        return PickState(self.options, self.seed, row, taken, self.turn + 1)

    def scores(self) -> tuple[int, ...]:
        return tuple(sum(card.pips for card in cards) for cards in self.taken)

    def outcome(self) -> Outcome:
        self.require_terminal()
        winners = winners_by_score(self.scores())
        return Outcome(
            winners,
            self.scores(),
            f"{player_names(winners)} won",
            reason="every card in the row has been picked",
        )

    def observation(self, player: int) -> PickObservation:
        return PickObservation(**self.observation_frame(player), row=self.row, taken=self.taken)

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones = {"row": self.row}
        zones.update({f"taken {index + 1}": cards for index, cards in enumerate(self.taken)})
        return zones

    def full_deck(self) -> Sequence[Card]:
        return ROW


class PickGame(Game[PickOptions]):
    name = "demo"
    title = "Pick (demonstration)"
    options_class = PickOptions
    min_players = 2
    max_players = 4

    def _new_state(self, seed: int) -> PickState:
        row = shuffled(ROW, chance(seed, "row"))
        return PickState(self.options, seed, row, ((),) * self.options.players)
