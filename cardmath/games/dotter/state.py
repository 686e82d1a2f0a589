"""Dotter's state: rows of face-down cards, the deck, laps and the peg; legal actions,
their effects and the end of a round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from cardmath import codec
from cardmath.cards import Card
from cardmath.errors import IllegalMove, quoted
from cardmath.game import (
    TERMINAL,
    Outcome,
    State,
    chance,
    player_names,
    shuffled,
)
from cardmath.games.dotter.actions import (
    FULL_DECK,
    DotterAction,
    DotterObservation,
    DotterOptions,
    Draw,
    FaceDown,
    Gift,
    Give,
    Jokers,
    Pass,
    Peek,
    RoundEnd,
    Score,
    TurnedUp,
    parse_dotter_action,
)
from cardmath.games.dotter.laps import _with, peg
from cardmath.games.dotter.listing import give_actions
from cardmath.games.dotter.listing import legal_actions as list_actions
from cardmath.games.dotter.rows import _face_down, _new_card, _seen_area, chosen_cards
from cardmath.games.dotter.scoring import (
    joker_ranks,
    parse_guess,
    rank_number,
    score_hand,
    settled_score,
)
from cardmath.wording import counted

# --- the state ------------------------------------------------------------------------


@codec.serializable("dotter.DotterState")
@dataclass(frozen=True)
class DotterState(State):
    """One moment of a Dotter game.

    ``areas[p]`` are player p's face-down cards in place order; ``points[p]`` are the
    points in the current lap (``lap_length`` means p holds the peg); ``laps[p]`` the laps
    completed; ``scorings[p]`` this round's scorings; ``winner`` is -1 until someone wins.
    """

    options: DotterOptions
    seed: int
    round_number: int
    deck: tuple[Card, ...]
    areas: tuple[tuple[FaceDown, ...], ...]
    rows_drawn: tuple[int, ...]
    discards: tuple[Card, ...]
    laps: tuple[int, ...]
    points: tuple[int, ...]
    scorings: tuple[int, ...]
    to_move: int
    round_starter: int
    winner: int = -1
    finished: bool = False
    pending: TurnedUp | None = None
    """A score's cards turned up, waiting for the scorer to say what its Jokers are."""
    gift: Gift | None = None
    """Three cards just given (the *give three* option): the giver must now score."""
    last_round: RoundEnd | None = None
    """How the last round ended."""

    # -- protocol ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self.finished else self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.finished

    def legal_actions(self) -> tuple[DotterAction, ...]:
        if self.finished:
            return ()
        listed: tuple[DotterAction, ...] | None = self.__dict__.get("_legal_actions")
        if listed is None:
            listed = self.__dict__["_legal_actions"] = list_actions(self)  # a cache
        return listed

    def parse_action(self, text: str) -> DotterAction:
        """Read a move from its text (``peek p2 1a 1b``): see :func:`parse_dotter_action`."""
        return parse_dotter_action(text, self.num_players)

    def apply(self, action: DotterAction) -> DotterState:
        self.require_not_terminal()
        player = self.to_move
        if self.is_listed(action):  # one of this state's own legal actions: legal
            return self._apply_listed(player, action)
        if self.pending is not None:
            if not isinstance(action, Jokers):
                raise IllegalMove(
                    "the scored cards are turned up: first say what the Joker stands for",
                    rule="jokers",
                )
            return self._settle_jokers(player, action)._after_turn(fresh=True)
        if isinstance(action, Jokers):
            raise IllegalMove(
                "there is no Joker to choose: a Joker is chosen when the cards it is "
                "scored with are turned up",
                rule="jokers",
            )
        if self.gift is not None and not isinstance(action, Score):
            raise IllegalMove(
                "you have given three cards, so now you score three cards", rule="give three"
            )
        if isinstance(action, Give):
            return self._give(player, action)
        if isinstance(action, Draw):
            return self._draw(player)._after_turn(fresh=True)
        if isinstance(action, Peek):
            return self._peek(player, action)
        if isinstance(action, Score):
            scored = self._score(player, action)
            return scored if scored.pending is not None else scored._after_turn(fresh=True)
        if isinstance(action, Pass):
            if self.legal_actions() != (Pass(),):
                raise IllegalMove(
                    "you may pass only when you cannot draw, peek or score", rule="passing"
                )
            return self._after_turn()
        raise IllegalMove(
            f"{quoted(action)} is not a Dotter move: Draw(), Peek(...), Score(...), "
            "Jokers(...), Give(...) or Pass()",
            rule="moves",
        )

    def _apply_listed(self, player: int, action: DotterAction) -> DotterState:
        """:meth:`apply` for one of the actions :meth:`legal_actions` listed: the same
        result, without checking again what the listing already made sure of."""
        if isinstance(action, Draw):
            return self._draw(player)._after_turn(fresh=True)
        if isinstance(action, Peek):
            return self._peek(player, action, listed=True)
        if isinstance(action, Score):
            cards = self._listed_cards(action.owner, action.places)
            scored = self._score(player, action, cards)
            return scored if scored.pending is not None else scored._after_turn(fresh=True)
        if isinstance(action, Jokers):
            return self._settle_jokers(player, action)._after_turn(fresh=True)
        if isinstance(action, Give):
            return self._give(player, action, self._listed_cards(player, action.places))
        return self._after_turn()  # Pass

    def _listed_cards(self, owner: int, places: tuple[str, ...]) -> list[FaceDown]:
        """The cards at ``places`` (labels of a listed action, all present)."""
        at = {card.label: card for card in self.areas[owner]}
        return [at[label] for label in places]

    def outcome(self) -> Outcome:
        self.require_terminal()
        scores = self.total_points()
        if self.winner >= 0:
            winners: tuple[int, ...] = (self.winner,)
            summary = (
                f"{player_names(winners)} won, completing {counted(self.laps[self.winner], 'lap')} "
                "first"
            )
            reason = (
                f"{player_names(winners)} completed the {counted(self.options.laps_to_win, 'lap')} "
                "that win the game"
            )
        else:
            best = max(zip(self.laps, self.lap_points(), strict=True))
            winners = tuple(
                player
                for player, standing in enumerate(zip(self.laps, self.lap_points(), strict=True))
                if standing == best
            )
            summary = (
                f"after {counted(self.round_number, 'round')}, {player_names(winners)} "
                f"{'leads' if len(winners) == 1 else 'share the lead'} with "
                f"{counted(best[0], 'lap')} and {counted(best[1], 'point')}"
            )
            reason = f"the round limit of {counted(self.options.max_rounds, 'round')} is reached"
        return Outcome(winners, scores, summary, reason=reason)

    def observation(self, player: int) -> DotterObservation:
        frame = self.observation_frame(player)
        player = frame["player"]
        bank = self.options.bank and bool(self.deck)  # see is_protected
        areas = tuple(
            _seen_area(area, player, bank and player != owner) if area else ()
            for owner, area in enumerate(self.areas)
        )
        # Made without the frozen dataclass's field-by-field constructor (every field is
        # already of its type): a random game makes one at every step.
        seen = object.__new__(DotterObservation)
        seen.__dict__.update(
            frame,
            options=self.options,
            round_number=self.round_number,
            deck_size=len(self.deck),
            areas=areas,
            discards=self.discards,
            laps=self.laps,
            points=self.points,
            scorings=self.scorings,
            pending=self.pending,
            gift=self.gift,
            last_round=self.last_round,
        )
        return seen

    def card_zones(self) -> Mapping[str, Sequence[Card]]:
        zones: dict[str, Sequence[Card]] = {"deck": self.deck, "discards": self.discards}
        if self.pending is not None:
            zones["turned up"] = self.pending.cards
        for owner, area in enumerate(self.areas):
            zones[f"rows of player {owner + 1}"] = tuple(card.card for card in area)
        return zones

    def full_deck(self) -> Sequence[Card]:
        return FULL_DECK

    # -- helpers for lessons and widgets ----------------------------------------------

    @property
    def lap_length(self) -> int:
        return self.options.lap_length

    @property
    def peg_holder(self) -> int:
        """The player on the last peg (121), or -1."""
        return next((p for p, points in enumerate(self.points) if points == self.lap_length), -1)

    def lap_points(self) -> tuple[int, ...]:
        """Points in the current lap, the peg holder counting 0 (the 121st point belongs
        to the next lap)."""
        return tuple(0 if points == self.lap_length else points for points in self.points)

    def total_points(self) -> tuple[int, ...]:
        """Everything pegged: completed laps times the lap length plus lap points."""
        return tuple(
            laps * self.lap_length + points
            for laps, points in zip(self.laps, self.lap_points(), strict=True)
        )

    def is_protected(self, card: FaceDown, owner: int, scorer: int) -> bool:
        """True when ``card`` in ``owner``'s bank may not be scored by ``scorer`` now."""
        return self.options.bank and bool(self.deck) and card.row == 1 and scorer != owner

    def find(self, owner: int, label: str) -> FaceDown | None:
        return next((card for card in self.areas[owner] if card.label == label), None)

    # -- the actions ------------------------------------------------------------------

    def _scorings_left(self, player: int) -> bool:
        limit = self.options.scoring_limit
        return limit == 0 or self.scorings[player] < limit

    def _refusal(self, card: FaceDown, owner: int) -> tuple[str, str] | None:
        """Why the player to move may not score ``card`` and the rule, or ``None``."""
        player = self.to_move
        who = "you" if owner == player else player_names([owner])
        gift = self.gift
        if gift is not None and owner == gift.receiver and card.row == gift.row:
            return (
                f"{card.label} of {player_names([owner])} was just given: cards you give "
                "cannot be scored on the turn you give them",
                "give three",
            )
        if card.new and self.options.new_cards_wait:
            how = "drawn or given" if self.options.give_to_score else "drawn"
            return (
                f"{card.label} of {player_names([owner])} was just {how}: new cards cannot be "
                f"scored until {who} {'have' if owner == player else 'has'} had another turn",
                "new cards",
            )
        if self.is_protected(card, owner, player):
            return (
                f"{card.label} is in {player_names([owner])}'s bank: only its owner may score "
                "it while the deck lasts",
                "protected bank",
            )
        return None

    def _draw(self, player: int) -> DotterState:
        if not self.deck:
            raise IllegalMove("the deck is empty, so you cannot draw", rule="drawing")
        row = self.rows_drawn[player] + 1
        new_cards = tuple(
            _new_card(row, slot, card, frozenset()) for slot, card in enumerate(self.deck[:3])
        )
        return _evolve(
            self,
            deck=self.deck[3:],
            areas=_with(self.areas, player, self.areas[player] + new_cards),
            rows_drawn=_with(self.rows_drawn, player, row),
        )

    def _chosen_cards(
        self, owner: int, places: tuple[str, ...], count: int, verb: str
    ) -> list[FaceDown]:
        return chosen_cards(self.areas, self.num_players, owner, places, count, verb)

    def _peek(self, player: int, action: Peek, listed: bool = False) -> DotterState:
        """The state after ``action`` and the turn's end (``listed``: a listed action,
        already checked, its places the very labels of the cards)."""
        if listed:
            looked = set(action.places)
        else:
            cards = self._chosen_cards(action.owner, action.places, 2, "peek at")
            if all(player in card.seen_by for card in cards):
                raise IllegalMove(
                    "you have seen both of those cards already: a peek must show you something new",
                    rule="peeking",
                )
            looked = {card.label for card in cards}
        area = tuple(
            _face_down(card, card.new, card.seen_by | {player}) if card.label in looked else card
            for card in self.areas[action.owner]
        )
        return _evolve(self, areas=_with(self.areas, action.owner, area))._after_turn(fresh=True)

    def _score(
        self, player: int, action: Score, listed: list[FaceDown] | None = None
    ) -> DotterState:
        """The state after scoring (``listed``: its cards, for a listed action)."""
        if listed is not None:
            return self._scored(player, action, action.guess, listed)
        if self.gift is None and not self._scorings_left(player):
            more = (
                ": give three of your cards to another player to score again"
                if self.options.give_to_score
                else ""
            )
            raise IllegalMove(
                f"you have used all {self.options.scoring_limit} scorings of this round{more}",
                rule="scoring limit",
            )
        guess = parse_guess(action.guess or None) or ""
        cards = self._chosen_cards(action.owner, action.places, 3, "score")
        for card in cards:
            refused = self._refusal(card, action.owner)
            if refused is not None:
                raise IllegalMove(refused[0], rule=refused[1])
        return self._scored(player, action, guess, cards)

    def _scored(self, player: int, action: Score, guess: str, cards: list[FaceDown]) -> DotterState:
        scored = {card.label for card in cards}
        area = tuple(card for card in self.areas[action.owner] if card.label not in scored)
        state = _evolve(self, areas=_with(self.areas, action.owner, area))
        faces = tuple(card.card for card in cards)
        if any(card.is_joker for card in faces):
            places = tuple(card.label for card in cards)
            return _update(state, pending=TurnedUp(action.owner, places, faces, guess))
        return state._settle(player, action.owner, faces, guess, None)

    def _settle_jokers(self, player: int, action: Jokers) -> DotterState:
        pending = self.pending
        assert pending is not None
        count = sum(card.is_joker for card in pending.cards)
        ranks = joker_ranks(action.ranks, count)
        return _evolve(self, pending=None)._settle(
            player, pending.owner, pending.cards, pending.guess, ranks
        )

    def _settle(
        self,
        player: int,
        owner: int,
        faces: tuple[Card, ...],
        guess: str,
        jokers: tuple[int, ...] | None,
    ) -> DotterState:
        """Score ``faces`` (already taken from ``owner``'s rows) for ``player``, on this
        state just made (see :func:`_update`)."""
        try:  # the game's own cards, guess and Jokers: scored as score_hand does
            ranks = tuple(_RANKS[card] for card in faces)
        except KeyError:
            result = score_hand(faces, guess or None, own=owner == player, jokers=jokers)
        else:
            result = settled_score(ranks, guess or None, owner == player, jokers)
        laps, points = self._pegged(player, result.points)
        state = _update(
            self,
            discards=self.discards + faces,
            laps=laps,
            points=points,
            scorings=_with(self.scorings, player, self.scorings[player] + 1),
            gift=None,
        )
        if laps[player] >= self.options.laps_to_win:
            return _update(state, winner=player, finished=True)
        return state

    def _give(self, player: int, action: Give, listed: list[FaceDown] | None = None) -> DotterState:
        if listed is not None:
            return self._given(player, action.to, listed)
        if not self.options.give_to_score:
            raise IllegalMove(
                "giving cards is not played in this game (Give three to score more is off)",
                rule="give three",
            )
        if self._scorings_left(player):
            raise IllegalMove(
                "you still have scorings left this round: you give three cards only to score "
                "beyond the limit",
                rule="give three",
            )
        receiver = action.to
        players = self.num_players
        if (
            isinstance(receiver, bool)
            or not isinstance(receiver, int)
            or not 0 <= receiver < players
            or receiver == player
        ):
            raise IllegalMove(
                f"you give your cards to another player of this {players}-player game, "
                f"not to {quoted(receiver)} (in Python players are numbered 0 to {players - 1})",
                rule="give three",
            )
        cards = self._chosen_cards(player, action.places, 3, "give")
        places = Give(tuple(card.label for card in cards), receiver)
        if places not in give_actions(self):
            raise IllegalMove(
                "after giving those cards you could not score: nobody would have three cards "
                "you may score",
                rule="give three",
            )
        return self._given(player, receiver, cards)

    def _given(self, player: int, receiver: int, cards: list[FaceDown]) -> DotterState:
        given = {card.label for card in cards}
        row = self.rows_drawn[receiver] + 1
        arrived = tuple(
            _new_card(row, slot, card.card, card.seen_by) for slot, card in enumerate(cards)
        )
        areas = _with(
            self.areas,
            player,
            tuple(card for card in self.areas[player] if card.label not in given),
        )
        areas = _with(areas, receiver, areas[receiver] + arrived)
        return _evolve(
            self,
            areas=areas,
            rows_drawn=_with(self.rows_drawn, receiver, row),
            gift=Gift(player, receiver, row),
        )

    def _pegged(self, player: int, gained: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Laps and points after ``player`` pegs ``gained`` points (see :func:`peg`)."""
        return peg(self.laps, self.points, player, gained, self.lap_length)

    # -- turns and rounds -------------------------------------------------------------

    def _after_turn(self, fresh: bool = False) -> DotterState:
        """The state once the turn is over (``fresh``: this state was just made, and is
        changed in place, see :func:`_update`)."""
        if self.finished:
            return self
        state = self
        if state._round_over():
            state = state._next_round()
            if state.finished:
                return state
            fresh = True
            mover = state.round_starter
        else:
            mover = (state.to_move + 1) % state.num_players
        # The next mover is now having a turn, so the cards they drew are no longer new.
        area = state.areas[mover]
        change = _update if fresh else _evolve
        if not any(card.new for card in area):  # nothing changes: the rows stay shared
            return change(state, to_move=mover)
        area = tuple(_face_down(card, False, card.seen_by) if card.new else card for card in area)
        return change(state, to_move=mover, areas=_with(state.areas, mover, area))

    def _round_over(self) -> bool:
        """The deck is empty and no player will ever have three cards to score."""
        if self.deck:
            return False
        return not any(self._may_score_again(p) for p in range(self.num_players))

    def _may_score_again(self, player: int) -> bool:
        """Whether ``player`` could still score this round once the deck is empty (cards
        new now stop being new as the turns go round)."""
        sizes = [len(area) for area in self.areas]
        if self._scorings_left(player):
            return any(size >= 3 for size in sizes)
        if not self.options.give_to_score or sizes[player] < 3:
            return False
        return any(size - (3 if o == player else 0) >= 3 for o, size in enumerate(sizes))

    def _next_round(self) -> DotterState:
        lap_points = self.lap_points()
        leading = max(lap_points)
        points = tuple(points if points == leading else 0 for points in lap_points)
        ended = RoundEnd(
            self.round_number,
            self.laps,
            self.points,
            lap_points,
            tuple(p for p, value in enumerate(lap_points) if value == leading),
            points,
        )
        state = _evolve(self, points=points, last_round=ended)
        if self.options.max_rounds and self.round_number >= self.options.max_rounds:
            return _evolve(state, finished=True)
        return _deal_round(
            self.options,
            self.seed,
            self.round_number + 1,
            laps=self.laps,
            points=points,
            starter=(self.round_starter + 1) % self.num_players,
            last_round=ended,
        )


_RANKS: dict[Card, int] = {card: rank_number(card) for card in FULL_DECK}
"""The rank number of every card of the deck (Joker 0)."""

_FIELDS: tuple[str, ...] = tuple(field.name for field in fields(DotterState))


def _evolve(state: DotterState, **changes: Any) -> DotterState:
    """``state`` with ``changes`` (as :func:`dataclasses.replace`, without running the
    constructor again: every field is already checked, and no cache is carried over)."""
    made = object.__new__(DotterState)
    values = made.__dict__
    values.update(state.__dict__)
    if len(values) != len(_FIELDS):  # leave the caches behind
        values.pop("_legal_actions", None)
        values.pop("_listed", None)
        if len(values) != len(_FIELDS):
            made.__dict__.clear()
            made.__dict__.update({name: state.__dict__[name] for name in _FIELDS})
    values.update(changes)
    return made


def _update(state: DotterState, **changes: Any) -> DotterState:
    """``state`` with ``changes`` made in place, sparing a copy: only for a state just
    made by :func:`_evolve` (or dealt) that nothing else holds yet and that has no cache."""
    state.__dict__.update(changes)
    return state


def _deal_round(
    options: DotterOptions,
    seed: int,
    round_number: int,
    *,
    laps: tuple[int, ...],
    points: tuple[int, ...],
    starter: int,
    last_round: RoundEnd | None = None,
) -> DotterState:
    """A new round: all 54 cards shuffled into the deck, empty rows, ``starter`` to move."""
    players = options.players
    return DotterState(
        options=options,
        seed=seed,
        round_number=round_number,
        deck=shuffled(FULL_DECK, chance(seed, "round", round_number)),
        areas=((),) * players,
        rows_drawn=(0,) * players,
        discards=(),
        laps=laps,
        points=points,
        scorings=(0,) * players,
        to_move=starter,
        round_starter=starter,
        last_round=last_round,
    )
