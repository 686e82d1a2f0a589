"""Sequences' state and game: legal turns, their effects, the end of the game and its
scores, and a turn put together card by card for screens (the options and observation
are in :mod:`cardmath.games.sequences.options`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from collections.abc import Sequence as SequenceOf
from dataclasses import dataclass
from typing import Any

from cardmath import codec
from cardmath.cards import SequencesCard
from cardmath.errors import IllegalMove, quoted
from cardmath.game import (
    TERMINAL,
    Game,
    Outcome,
    State,
    chance,
    player_names,
    shuffled,
    winners_by_score,
)
from cardmath.games.sequences.arithmetic import (
    _CARD_KEYS,
    COLOURS,
    DECKS,
    FULL_DECK,
    HAND_SIZE,
    MUST_REDRAW,
)
from cardmath.games.sequences.moves import (
    _NUMBERS,
    Play,
    PlayEntry,
    Turn,
    _end_reason,
    _listed_turns,
    _pair_turns,
    _single_entries,
    _sorted_cards,
    _take_out,
    check_play,
    parse_turn,
)
from cardmath.games.sequences.options import (  # the options are importable from here too
    DIVISION_RULES,
    MAX_ROUNDS,
    SequencesObservation,
    SequencesOptions,
)
from cardmath.games.sequences.reading import CardSequence
from cardmath.wording import counted

__all__ = [
    "DIVISION_RULES",
    "MAX_ROUNDS",
    "SequencesGame",
    "SequencesObservation",
    "SequencesOptions",
    "SequencesState",
    "TurnPlan",
    "plan_turn",
]

# --- state ---------------------------------------------------------------------------


@codec.serializable("sequences.SequencesState")
@dataclass(frozen=True)
class SequencesState(State):
    """A moment of a Sequences game. ``piles[p][0]`` is the top of player ``p``'s pile;
    buried cards go to its end (the bottom)."""

    options: SequencesOptions
    seed: int
    hands: tuple[tuple[SequencesCard, ...], ...]
    piles: tuple[tuple[SequencesCard, ...], ...]
    sequences: tuple[CardSequence, ...] = ()
    to_move: int = 0
    turn_number: int = 0
    idle_turns: int = 0
    ended: str = ""
    """Why the game ended ("" while it goes on)."""

    # --- protocol ---

    @property
    def current_player(self) -> int:
        return TERMINAL if self.ended else self.to_move

    def has_card_on_table(self, player: int) -> bool:
        colour = COLOURS[player]
        return any(card.colour == colour for sequence in self.sequences for card in sequence.cards)

    @property
    def _analysis(
        self,
    ) -> tuple[list[int], list[PlayEntry], list[Turn], int]:
        """The mover's card numbers, single plays, turns of two plays, and how many cards
        must be played (see :func:`single_plays`, :func:`play_pairs`)."""
        cached = self.__dict__.get("_analysed")
        if cached is None:
            hand = list(map(_NUMBERS.__getitem__, self.hands[self.to_move]))  # card_numbers
            singles = _single_entries(hand, self.sequences)
            pairs = _pair_turns(hand, singles) if len(hand) >= 2 else []
            most = 2 if pairs else (1 if singles else 0)
            cached = self.__dict__["_analysed"] = (hand, singles, pairs, most)  # a cache
        return cached

    @property
    def most_cards_playable(self) -> int:
        """The must-play-maximum: how many cards the player to move must play."""
        return self._analysis[3]

    def must_redraw(self) -> bool:
        """No card on the table yet and none playable: the whole hand goes under the pile."""
        player = self.to_move
        return (
            self.most_cards_playable == 0
            and not self.has_card_on_table(player)
            and bool(self.hands[player])
            and bool(self.piles[player])
        )

    def cards_to_bury(self, played: int) -> int:
        """How many cards go under the pile after playing ``played`` cards: enough that
        two leave the hand, but none once the pile is empty (there is nothing to draw)."""
        player = self.to_move
        if not self.piles[player]:
            return 0
        return max(0, min(2 - played, len(self.hands[player]) - played))

    def legal_actions(self) -> tuple[Turn, ...]:
        cached = self.__dict__.get("_legal")
        if cached is None:
            cached = self.__dict__["_legal"] = self._legal_turns()  # a cache, not a field
        return cached

    def _legal_turns(self) -> tuple[Turn, ...]:
        if self.ended:
            return ()
        hand, singles, pairs, most = self._analysis
        if most == 2:
            return tuple(pairs)
        player = self.to_move
        pile = self.piles[player]
        if most == 0 and hand and pile and not self.has_card_on_table(player):
            return (Turn(redraw=True),)  # must_redraw
        bury = max(0, min(2 - most, len(hand) - most)) if pile else 0  # cards_to_bury
        return _listed_turns(hand, singles, pairs, most, bury)

    def is_listed(self, action: Any) -> bool:
        """:meth:`State.is_listed`: whether ``action`` is one of the very turns listed."""
        return id(action) in map(id, self.legal_actions())  # each listed turn kept alive

    def parse_action(self, text: str) -> Turn:
        """Read a turn from its text (any order of plays and buried cards)."""
        return parse_turn(text)

    def _check(self, turn: Any) -> None:
        """Raise :class:`IllegalMove` naming the first rule ``turn`` breaks."""
        self.require_not_terminal()
        if not isinstance(turn, Turn):
            raise IllegalMove(f"{quoted(turn)} is not a Sequences turn", rule="turn")
        player = self.to_move
        hand = self.hands[player]
        redraw = self.must_redraw()
        if redraw and turn.redraw:
            return
        if turn.redraw:
            raise IllegalMove(
                "you may redraw your whole hand only when you have no card on the table "
                "and cannot play any card",
                rule="hand redraw",
            )
        if len(turn.plays) > 2:
            raise IllegalMove("you play at most two cards per turn", rule="two cards per turn")
        available = Counter(hand)
        for play in turn.plays:
            if available[play.card] == 0:
                raise IllegalMove(f"you have no {play.card} in your hand", rule="card in hand")
            available[play.card] -= 1
        targets = [play.sequence for play in turn.plays if play.sequence is not None]
        if len(targets) != len(set(targets)):
            raise IllegalMove(
                "your two cards must go to separate sequences", rule="separate sequences"
            )
        for play in turn.plays:
            self._check_play(play)
        if redraw:
            raise IllegalMove(MUST_REDRAW, rule="hand redraw")
        most = self.most_cards_playable
        if len(turn.plays) < most:
            raise IllegalMove(
                f"you must play as many cards as you can, and you can play {most} here",
                rule="play the maximum",
            )
        if len(turn.plays) > most:  # only if the two plays cannot go together
            raise IllegalMove(
                "these cards cannot both be played this turn", rule="separate sequences"
            )
        bury = self.cards_to_bury(len(turn.plays))
        for card in turn.buried:
            if available[card] == 0:
                raise IllegalMove(
                    f"you cannot put {card} under your pile: it is not left in your hand",
                    rule="card in hand",
                )
            available[card] -= 1
        if len(turn.buried) != bury:
            if not self.piles[player]:
                reason = "your pile is empty, so you keep your cards and draw none"
            else:
                reason = (
                    f"put {counted(bury, 'card')} under your pile so that two cards leave your hand"
                )
            raise IllegalMove(reason, rule="two cards leave the hand")

    def _check_play(self, play: Play) -> None:
        check_play(play, COLOURS[self.to_move], self.sequences)

    def apply(self, action: Turn) -> SequencesState:
        listed = self.is_listed(action)  # one of this state's own legal turns: legal
        if not listed:
            self._check(action)
        turn: Turn = action
        player = self.to_move
        hand = list(self.hands[player])
        pile = self.piles[player]
        sequences = list(self.sequences)
        scores = self.__dict__.get("_scores")
        drew = 0
        if turn.redraw:
            whole = [*pile, *hand]
            hand = whole[: min(HAND_SIZE, len(whole))]
            pile = tuple(whole[len(hand) :])
            drew = len(hand)
            scores = None
        else:
            division = self.options.division
            totals = None if scores is None else list(scores)
            for play in turn.plays:
                _take_out(hand, play.card)
                where = play.sequence
                if where is None:
                    old = None
                    if listed:
                        new = CardSequence._started(play.card, division)
                    else:
                        new = CardSequence((play.card,))
                    sequences.append(new)
                else:
                    old = sequences[where]
                    if listed:
                        new = old._then(play.card, play.operator)
                    else:
                        new = old.extended(play.card, play.operator)
                    sequences[where] = new
                if totals is not None:  # only the sequences that changed are valued again
                    totals[new.owner] += new.value(division)
                    if old is not None:
                        totals[old.owner] -= old.value(division)
            if turn.buried:
                for card in turn.buried:
                    _take_out(hand, card)
                pile = (*pile, *turn.buried)
            drew = max(0, min(HAND_SIZE - len(hand), len(pile)))
            if drew:
                hand += pile[:drew]
                pile = pile[drew:]
            scores = None if totals is None else tuple(totals)
        after = player + 1
        hands = (*self.hands[:player], tuple(sorted(hand, key=_CARD_KEYS.__getitem__)))
        hands += self.hands[after:]  # the mover's hand sorted (as _sorted_cards)
        piles = (*self.piles[:player], pile, *self.piles[after:])
        idle = 0 if (turn.plays or drew) else self.idle_turns + 1
        if turn.redraw and not self.options.redraw_ends_turn:
            after = player  # the same player goes on
        else:
            after = 1 - player
        options, sequences_after = self.options, tuple(sequences)
        turn_number = self.turn_number + 1
        following = object.__new__(SequencesState)  # fields already of their types
        following.__dict__.update(
            options=options,
            seed=self.seed,
            hands=hands,
            piles=piles,
            sequences=sequences_after,
            to_move=after,
            turn_number=turn_number,
            idle_turns=idle,
            ended=_end_reason(options, hands, piles, sequences_after, turn_number, idle),
        )
        if scores is not None:
            following.__dict__["_scores"] = scores
        return following

    def _end_reason(self) -> str:
        """Why the game is over ("" while it goes on)."""
        return _end_reason(
            self.options, self.hands, self.piles, self.sequences, self.turn_number, self.idle_turns
        )

    # --- scores and views ---

    def sequence_values(self) -> tuple[int, ...]:
        """The value of every sequence (open or sealed), left to right after modifiers."""
        return tuple(sequence.value(self.options.division) for sequence in self.sequences)

    def scores(self) -> tuple[int, ...]:
        """Each player's total: the sum of the sequences their starters began."""
        cached = self.__dict__.get("_scores")
        if cached is None:
            cached = self.__dict__["_scores"] = self._scores()  # a cache, not a field
        return cached

    def _scores(self) -> tuple[int, ...]:
        totals = [0, 0]
        for sequence, value in zip(self.sequences, self.sequence_values(), strict=True):
            totals[sequence.owner] += value
        return tuple(totals)

    def outcome(self) -> Outcome:
        self.require_terminal()
        scores = self.scores()
        winners = winners_by_score(scores)
        verb = "share the win" if len(winners) > 1 else "won"
        summary = f"{player_names(winners)} {verb}, {scores[0]} to {scores[1]} ({self.ended})"
        return Outcome(winners, scores, summary, reason=self.ended)

    def observation(self, player: int) -> SequencesObservation:
        frame = self.observation_frame(player)
        player = frame["player"]
        # Made without the frozen dataclass's field-by-field constructor (every field is
        # already of its type): a random game makes one at every step.
        seen = object.__new__(SequencesObservation)
        seen.__dict__.update(
            frame,
            colour=COLOURS[player],
            hand=self.hands[player],
            pile_size=len(self.piles[player]),
            opponent_hand_size=len(self.hands[1 - player]),
            opponent_pile_size=len(self.piles[1 - player]),
            sequences=self.sequences,
            turn_number=self.turn_number,
            idle_turns=self.idle_turns,
            division=self.options.division,
            scores=self.scores(),
        )
        return seen

    def card_zones(self) -> Mapping[str, SequenceOf[SequencesCard]]:
        zones: dict[str, SequenceOf[SequencesCard]] = {}
        for player, colour in enumerate(COLOURS):
            zones[f"{colour} hand"] = self.hands[player]
            zones[f"{colour} pile"] = self.piles[player]
        for index, sequence in enumerate(self.sequences):
            zones[f"S{index + 1}"] = sequence.cards
        return zones

    def full_deck(self) -> SequenceOf[SequencesCard]:
        return FULL_DECK

    def table_text(self) -> list[str]:
        """One line per sequence: ``S1 [4] + 2 = 6 (Player 1, sealed)``."""
        lines = []
        for index, (sequence, value) in enumerate(
            zip(self.sequences, self.sequence_values(), strict=True)
        ):
            status = "sealed" if sequence.is_sealed else "open"
            lines.append(
                f"S{index + 1} {sequence}  -> {value} ({player_names([sequence.owner])}, {status})"
            )
        return lines


# --- a turn put together card by card (for screens) --------------------------------


@dataclass(frozen=True)
class TurnPlan:
    """A turn being put together one card at a time, read from the legal turns.

    ``plays``: the plays chosen so far; ``most``: how many cards this turn must play
    (the must-play-maximum rule); ``next_plays``: every play that may still join them in
    a legal turn; ``bury``: how many cards go under the pile with exactly these plays, or
    ``None`` while they are not yet a whole turn; ``redraw``: the only move is to put the
    whole hand under the pile and draw six new cards.
    """

    plays: tuple[Play, ...]
    most: int
    next_plays: tuple[Play, ...]
    bury: int | None
    redraw: bool = False

    @property
    def complete(self) -> bool:
        """Whether these plays make a whole turn (once ``bury`` cards are chosen)."""
        return self.bury is not None

    def places_for(self, card: SequencesCard) -> tuple[int | None, ...]:
        """Where ``card`` may go next: sequence indexes, ``None`` for a new sequence."""
        return tuple(dict.fromkeys(play.sequence for play in self.next_plays if play.card == card))


def plan_turn(observation: SequencesObservation, plays: Iterable[Play] = ()) -> TurnPlan:
    """What the player to move may still do after choosing ``plays`` (``()``: nothing yet).

    A screen builds a turn from clicks with this: which cards may join the chosen ones,
    how many must be played, how many buried. Plays that cannot begin a legal turn are
    refused with :class:`IllegalMove` naming the first rule they break, and nothing else
    changes.

    >>> state = SequencesGame().new_state(seed=0)
    >>> seen = state.observation(0)
    >>> plan = plan_turn(seen)
    >>> plan.most, plan.bury, [str(play) for play in plan.next_plays]
    (1, None, ['red [4]'])
    >>> plan = plan_turn(seen, [Play(SequencesCard.parse("red [4]"))])
    >>> plan.complete, plan.bury
    (True, 1)
    >>> plan_turn(seen, [Play(SequencesCard.parse("red +"), 0)])
    Traceback (most recent call last):
      ...
    cardmath.errors.IllegalMove: there is no sequence S1: the table is empty
    """
    legal = observation.legal_actions
    if not legal:
        over = "the game is over" if observation.is_terminal else "it is not your turn"
        raise IllegalMove(over, rule="turn order")
    chosen = tuple(plays)
    if any(turn.redraw for turn in legal):
        if chosen:
            raise IllegalMove(MUST_REDRAW, rule="hand redraw")
        return TurnPlan((), 0, (), None, redraw=True)
    most = max(len(turn.plays) for turn in legal)
    wanted = Counter(chosen)
    if not chosen:
        matching = list(legal)
    elif len(chosen) == 1:
        matching = [turn for turn in legal if chosen[0] in turn.plays]
    else:
        matching = [turn for turn in legal if not wanted - Counter(turn.plays)]
    if not matching:
        raise _why_not(observation, chosen, most)
    following = {
        play
        for plays in {turn.plays for turn in matching}
        for play in (Counter(plays) - wanted).elements()
    }
    bury = next((len(turn.buried) for turn in matching if len(turn.plays) == len(chosen)), None)
    return TurnPlan(chosen, most, tuple(sorted(following, key=lambda play: play.sort_key)), bury)


def _why_not(observation: SequencesObservation, chosen: tuple[Play, ...], most: int) -> IllegalMove:
    """The first rule that keeps ``chosen`` out of every legal turn."""
    if len(chosen) > 2:
        return IllegalMove("you play at most two cards per turn", rule="two cards per turn")
    available = Counter(observation.hand)
    for play in chosen:
        if not isinstance(play, Play):
            return IllegalMove(f"{quoted(play)} is not a play", rule="turn")
        if available[play.card] == 0:
            return IllegalMove(f"you have no {play.card} in your hand", rule="card in hand")
        available[play.card] -= 1
    table = len(observation.sequences)
    started = sum(play.sequence is None for play in chosen)
    for play in chosen:
        if play.sequence is not None and table <= play.sequence < table + started:
            return IllegalMove(
                "your two cards must go to separate sequences: the second cannot go on the "
                "sequence the first one starts",
                rule="separate sequences",
            )
    targets = [play.sequence for play in chosen if play.sequence is not None]
    if len(targets) != len(set(targets)):
        return IllegalMove(
            "your two cards must go to separate sequences", rule="separate sequences"
        )
    for play in chosen:
        try:
            check_play(play, observation.colour, observation.sequences)
        except IllegalMove as error:
            return error
    if len(chosen) < most:
        return IllegalMove(
            f"you must play as many cards as you can: you can play {most} this turn, but "
            f"not if one of them is {chosen[-1]}",
            rule="play the maximum",
        )
    return IllegalMove("these cards cannot both be played this turn", rule="separate sequences")


class SequencesGame(Game[SequencesOptions]):
    """Wouter's two-player operator game: see ``docs/games/sequences.md``."""

    name = "sequences"
    title = "Sequences"
    options_class = SequencesOptions
    min_players = 2
    max_players = 2

    def _new_state(self, seed: int) -> SequencesState:
        piles = [shuffled(DECKS[colour], chance(seed, "shuffle", colour)) for colour in COLOURS]
        hands = tuple(_sorted_cards(pile[:HAND_SIZE]) for pile in piles)
        return SequencesState(self.options, seed, hands, tuple(pile[HAND_SIZE:] for pile in piles))

    def report(self, before: State, action: Any, after: State) -> list[dict[str, Any]]:
        assert isinstance(before, SequencesState) and isinstance(after, SequencesState)
        player = before.to_move
        turn: Turn = action
        drew = (
            len(after.hands[player])
            - len(before.hands[player])
            + len(turn.plays)
            + len(turn.buried)
        )
        if turn.redraw:
            drew = len(after.hands[player])
        head = f"Turn {after.turn_number}, {player_names([player])} ({COLOURS[player]}): {turn}"
        if drew:
            head += f"; drew {drew}"
        scores = after.scores()
        lines = [head, *(f"  {line}" for line in after.table_text())]
        lines.append(f"  scores {scores[0]} to {scores[1]}")
        events: list[dict[str, Any]] = [
            {
                "event": "turn",
                "turn": after.turn_number,
                "player": player + 1,
                "colour": COLOURS[player],
                "action": str(turn),
                "plays": [
                    {
                        "card": str(play.card),
                        "sequence": (
                            play.sequence + 1
                            if play.sequence is not None
                            else [s.starter for s in after.sequences].index(play.card) + 1
                        ),
                        "as": play.operator or None,
                    }
                    for play in turn.plays
                ],
                "buried": [str(card) for card in turn.buried],
                "redraw": turn.redraw,
                "drew": drew,
                "sequences": [str(sequence) for sequence in after.sequences],
                "values": list(after.sequence_values()),
                "scores": list(scores),
                "text": "\n".join(lines),
            }
        ]
        if after.is_terminal:
            events.append(
                {
                    "event": "game over",
                    "reason": after.ended,
                    "text": f"Game over: {after.ended}.",
                }
            )
        return events
