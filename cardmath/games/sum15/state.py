"""A Sum 15 game dealt by the computer: hands, the middle and the piles taken."""

from __future__ import annotations

import re
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
    Outcome,
    State,
    player_names,
    winners_by_score,
)
from cardmath.games.sum15.options import Play, Sum15Observation, Sum15Options
from cardmath.games.sum15.rules import (
    _CLAIM_ALIASES,
    _VALUES,
    CLAIM_RULE,
    CLAIMS,
    DECK,
    PLAY_RULE,
    Claim,
    Judgement,
    _card_name,
    _claim_of,
    _judged,
    card_value,
    claims,
    judge,
    middle_total,
    read_claim,
)

# --- the state ------------------------------------------------------------------------


def _sort_key(card: Card) -> tuple[int, str]:
    return (card_value(card), card.suit)


_SORT_KEYS: dict[Card, tuple[int, str]] = {card: _sort_key(card) for card in DECK}


def _claim_options(claims_on: bool) -> tuple[str | None, ...]:
    return (None, *CLAIMS) if claims_on else (None,)


class _Sum15Table:
    """What both kinds of game (cards dealt by the computer, real cards on the table)
    share: the middle, the piles taken, the judging of a play, scores and the outcome."""

    options: Sum15Options
    middle: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    played: int
    deal_number: int = 0
    earlier: tuple[int, ...] = ()

    @property
    def dealer(self) -> int:
        """Who deals this deal: the chosen dealer first, then each next player in turn."""
        return (self.options.dealer_index + self.deal_number) % self.options.players

    @property
    def total(self) -> int:
        """The total of the middle now."""
        try:
            return sum(map(_VALUES.__getitem__, self.middle))  # the game's own cards
        except KeyError:
            return middle_total(self.middle)

    @property
    def plays_left(self) -> int:
        """How many cards are still to be played in the whole game."""
        return self.options.plays - self.played

    def claim(self, card: Card) -> Claim:
        """What playing ``card`` now would take (see :func:`claims`)."""
        return claims(self.middle, card)

    def judge(self, action: Play) -> Judgement:
        """What ``action`` takes now, judged as :func:`judge` does under this game's
        ``claims`` option (the action is not checked against the hand)."""
        card, middle = action.card, self.middle
        if card in _VALUES and (action.claim is None or action.claim in CLAIMS):
            try:  # the game's own cards: judged as judge() does, without reading them again
                offer = _claim_of((*middle, card), self.total + _VALUES[card])
            except KeyError:
                pass
            else:
                return _judged(middle, card, action.claim, self.options.claims, offer)
        return judge(middle, card, action.claim, claims_on=self.options.claims)

    def _read_claim_text(self, text: str) -> tuple[Card, str | None]:
        """Read ``play 7H``, ``7H``, ``play 7h claim 14``, ``7H pair``."""
        checked_text(text, "a move", "play 7H", error=ActionSyntaxError, rule=PLAY_RULE)
        words = re.sub(r"[,:]", " ", text).split()
        if words and words[0].lower() == "play":
            words = words[1:]
        if not words:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a card to play: write it like 'play 7H' or 'QS'",
                rule=PLAY_RULE,
            )
        try:
            card = Card.parse(words[0])
            card_value(card)
        except CardError as error:
            raise ActionSyntaxError(
                f"{quoted(text.strip())} is not a card to play: write it like 'play 7H' or 'QS'",
                rule=PLAY_RULE,
            ) from error
        rest = words[1:]
        said_claim = False
        while rest and rest[0].lower() in ("and", "claim", "claims", "claiming"):
            said_claim = True
            rest = rest[1:]
        if not rest:
            return card, None
        spoken = " ".join(rest)
        if not self.options.claims and not said_claim and spoken.lower() not in _CLAIM_ALIASES:
            raise ActionSyntaxError(
                f"{quoted(text.strip())}: a play is one card, written like 'play 7H'",
                rule=PLAY_RULE,
            )
        return card, read_claim(spoken)

    def _take(
        self, player: int, judgement: Judgement
    ) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
        """The middle and the piles after ``player``'s judged play."""
        middle = (*self.middle, judgement.card)
        taken = self.taken
        if judgement.taken:
            middle = middle[: len(middle) - len(judgement.taken)]
            taken = tuple(
                pile + judgement.taken if index == player else pile
                for index, pile in enumerate(self.taken)
            )
        return middle, taken

    def scores(self) -> tuple[int, ...]:
        """Cards taken by each player so far (in this deal and every deal before it)."""
        earlier = self.earlier or (0,) * len(self.taken)
        return tuple(before + len(pile) for before, pile in zip(earlier, self.taken, strict=True))

    def outcome(self) -> Outcome:
        self.require_terminal()  # type: ignore[attr-defined]
        scores = self.scores()
        winners = winners_by_score(scores)
        verb = "wins" if len(winners) == 1 else "share the win"
        best = scores[winners[0]]
        summary = f"{player_names(winners)} {verb} with {best} card{'s' * (best != 1)} taken"
        if self.middle:
            summary += f"; {len(self.middle)} left in the middle"
        size = self.options.hand_size
        reason = f"every player has played the {size} card{'s' * (size != 1)} of their hand"
        if self.options.deals > 1:
            reason += f" in each of the {self.options.deals} deals"
        return Outcome(winners, scores, summary, reason=reason)

    def _seen(self) -> tuple[Card, ...]:
        seen = (*self.middle, *(card for pile in self.taken for card in pile))
        try:
            return tuple(sorted(seen, key=_SORT_KEYS.__getitem__))  # the game's own cards
        except KeyError:
            return tuple(sorted(seen, key=_sort_key))

    def full_deck(self) -> Sequence[Card]:
        return DECK * self.options.deck_count


@codec.serializable("sum15.Sum15State")
@dataclass(frozen=True)
class Sum15State(_Sum15Table, State):
    """One moment of a game of Sum 15 dealt by the computer.

    ``deck`` is face down with its top card first; ``middle`` lists the face-up cards
    oldest first (the starter, if still there, first); ``played`` counts the cards played
    so far, which fixes whose turn it is.

    >>> from cardmath.games.sum15 import Sum15Game
    >>> state = Sum15Game(players=3).new_state(seed=8)
    >>> state.middle, state.total
    ((Card('KS'),), 13)
    >>> after = state.apply(state.parse_action("play 2C"))
    >>> after.taken[0], after.middle  # 13 + 2 = 15: Player 1 takes both; a new starter
    ((Card('KS'), Card('2C')), (Card('3S'),))
    """

    options: Sum15Options
    seed: int
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    middle: tuple[Card, ...]
    taken: tuple[tuple[Card, ...], ...]
    played: int = 0
    deal_number: int = 0
    """Which deal this is, counted from 0 (option ``deals``)."""
    earlier: tuple[int, ...] = ()
    """Cards each player took in the deals before this one (empty in the first deal)."""

    @property
    def current_player(self) -> int:
        cached = self.__dict__.get("_current")
        if cached is None:
            options = self.options
            if self.played >= options.plays:
                cached = TERMINAL
            else:
                cached = (options.dealer_index + 1 + self.played) % options.players
            self.__dict__["_current"] = cached  # a cache, not a field
        return cached

    def legal_actions(self) -> tuple[Play, ...]:
        cached = self.__dict__.get("_legal")
        if cached is None:
            player = self.current_player
            if player == TERMINAL:
                cached = ()
            else:
                claims_said = _claim_options(self.options.claims)
                cached = tuple(
                    _play_of(card, claim)
                    for card in dict.fromkeys(self.hands[player])
                    for claim in claims_said
                )
            self.__dict__["_legal"] = cached  # a cache, not a field
        return cached

    def _check(self, action: Any) -> Play:
        self.require_not_terminal()
        if not isinstance(action, Play):
            raise IllegalMove(
                f"in Sum 15 a move is playing one card from your hand, not {quoted(action)}",
                rule=PLAY_RULE,
            )
        player = self.current_player
        if not isinstance(action.card, Card):
            raise IllegalMove(
                f"a play names one card, like Play(Card.parse('7H')), not {quoted(action.card)}",
                rule=PLAY_RULE,
            )
        _check_claim(action, self.options.claims)
        if action.card not in self.hands[player]:
            held = " ".join(map(str, self.hands[player]))
            raise IllegalMove(
                f"{player_names([player])} does not hold the {_card_name(action.card)}: "
                f"play a card from your hand ({held})",
                rule=PLAY_RULE,
            )
        return action

    def apply(self, action: Play) -> Sum15State:
        play = action if self.is_listed(action) else self._check(action)
        player = self.current_player
        hand = list(self.hands[player])
        hand.remove(play.card)
        middle, taken = self._take(player, self.judge(play))
        hands = tuple(
            tuple(hand) if index == player else cards for index, cards in enumerate(self.hands)
        )
        deck = self.deck
        played = self.played + 1
        if not middle and deck and played < self.options.plays:
            middle, deck = deck[:1], deck[1:]  # a new starter
        after = Sum15State(
            self.options, self.seed, hands, deck, middle, taken, played,
            self.deal_number, self.earlier,
        )  # fmt: skip
        if played >= self.options.plays and self.deal_number + 1 < self.options.deals:
            from cardmath.games.sum15.game import deal

            return deal(self.options, self.seed, self.deal_number + 1, after.scores())
        return after

    def parse_action(self, text: str) -> Play:
        """Read ``play 7H``, ``7H`` or ``7h``, with a claim when claims are on:
        ``play 7H claim 14``, ``7H pair``. Syntax only (refused with
        :class:`~cardmath.errors.ActionSyntaxError`): whether the card is in the mover's
        hand is for :meth:`apply` to say.

        >>> from cardmath.games.sum15 import Sum15Game
        >>> state = Sum15Game(players=2).new_state(seed=5)
        >>> state.parse_action("play " + str(state.hands[0][0])) == state.legal_actions()[0]
        True
        >>> state = Sum15Game(players=2, claims=True).new_state(seed=5)
        >>> state.parse_action(f"{state.hands[0][0]} and claim fifteen").claim
        'fifteen'
        """
        card, claim = self._read_claim_text(text)
        return Play(card, claim)

    def observation(self, player: int) -> Sum15Observation:
        frame = self.observation_frame(player)
        return Sum15Observation(
            **frame,
            dealer=self.dealer,
            hand=self.hands[player],
            middle=self.middle,
            total=self.total,
            hand_sizes=tuple(len(hand) for hand in self.hands),
            taken_counts=self.scores(),
            seen=self._seen(),
            deck_size=len(self.deck),
            decks=self.options.deck_count,
            claims=self.options.claims,
            table=False,
            deal_number=self.deal_number,
            deals=self.options.deals,
        )

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "middle": self.middle}
        for index, hand in enumerate(self.hands):
            zones[f"hand {index + 1}"] = hand
        for index, pile in enumerate(self.taken):
            zones[f"taken {index + 1}"] = pile
        return zones


_PLAYS: dict[tuple[Card, str | None], Play] = {}
"""Every play listed so far (plays are immutable: one object for each card and claim)."""


def _play_of(card: Card, claim: str | None) -> Play:
    found = _PLAYS.get((card, claim))
    if found is None:
        if len(_PLAYS) > 10_000:
            _PLAYS.clear()
        found = _PLAYS[(card, claim)] = Play(card, claim)
    return found


def _check_claim(action: Play, claims_on: bool) -> None:
    if action.claim is None:
        return
    if not claims_on:
        raise IllegalMove(
            "claims are off in this game: sets are taken by themselves, so just play the "
            f"card (play {action.card})",
            rule=CLAIM_RULE,
        )
    if not isinstance(action.claim, str) or action.claim not in CLAIMS:
        raise IllegalMove(
            f"{quoted(action.claim)} is not a claim: say 14, pair, run or fifteen (or nothing)",
            rule=CLAIM_RULE,
        )
