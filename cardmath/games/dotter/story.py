"""Dotter's turns told in words: events for the log and the command line, and one move
told to one viewer for a screen (peeked faces only to the peeker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardmath.cards import Card
from cardmath.game import (
    counted,
    player_names,
)
from cardmath.games.dotter.actions import Draw, Give, Jokers, Peek, Score
from cardmath.games.dotter.scoring import (
    HandScore,
    JokerChoice,
    explain_score,
    joker_ranks,
    score_hand,
)
from cardmath.games.dotter.state import DotterState


@dataclass(frozen=True)
class Scored:
    """Three cards scored by one move: whose they were, their faces, the guess and the
    Jokers' ranks (``None`` without Jokers), and how they scored (halved if not own)."""

    player: int
    owner: int
    places: tuple[str, ...]
    cards: tuple[Card, ...]
    guess: str
    jokers: tuple[int, ...] | None
    result: HandScore

    def explain(self, whose: str = "another player's") -> tuple[str, ...]:
        """The score step by step (see :func:`explain_score`)."""
        return explain_score(
            self.cards, self.guess or None, self.owner == self.player, self.jokers, whose
        )


def scored_by(before: DotterState, action: Any, after: DotterState) -> Scored | None:
    """The cards a move scored, or ``None`` if it scored nothing (a score whose cards
    hold a Joker is finished by the :class:`Jokers` move that follows it).

    >>> from cardmath.games.dotter import DotterGame
    >>> state = DotterGame(players=2, new_cards_wait=False).new_state(seed=9)
    >>> state = state.apply(Draw())  # Player 1 draws 7D 7S 5C; Player 2 scores them
    >>> after = state.apply(Score(0, ("1a", "1b", "1c")))
    >>> scored = scored_by(state, Score(0, ("1a", "1b", "1c")), after)
    >>> scored.result.points, scored.explain("Player 1's")
    (7, ('7, 7, 5: pair of 7s: 2 × 7 = 14', "Off Player 1's cards: halved, 14 ÷ 2 = 7"))
    """
    player = before.to_move
    if isinstance(action, Jokers) and before.pending is not None:
        pending = before.pending
        jokers = joker_ranks(action.ranks, sum(card.is_joker for card in pending.cards))
        owner, places, faces, guess = pending.owner, pending.places, pending.cards, pending.guess
    elif isinstance(action, Score) and after.pending is None and before.pending is None:
        cards = [before.find(action.owner, label) for label in action.places]
        faces = tuple(card.card for card in cards if card is not None)
        owner, places, guess, jokers = action.owner, action.places, action.guess, None
    else:
        return None
    result = score_hand(faces, guess or None, own=owner == player, jokers=jokers)
    return Scored(player, owner, places, faces, guess, jokers, result)


def describe_turn(before: DotterState, action: Any, after: DotterState) -> list[dict[str, Any]]:
    """Events for one turn, for the command line and the table's log (each with a
    ``"text"``). The texts are public: a peek names the places looked at, not the faces
    (those are in the event's ``"cards"``, for a record of the whole game)."""
    player = before.to_move
    name = player_names([player])
    base = {"round": before.round_number, "player": player + 1, "action": str(action)}
    events: list[dict[str, Any]] = []
    scored = scored_by(before, action, after)
    if isinstance(action, Draw):
        row = before.rows_drawn[player] + 1
        text = f"{name} draws row {row} face down; {len(before.deck) - 3} cards left in the deck"
        events.append({**base, "event": "draw", "row": row, "text": text})
    elif isinstance(action, Peek):
        cards = [before.find(action.owner, label) for label in action.places]
        shown = [str(card.card) for card in cards if card is not None]
        whose = "their own" if action.owner == player else f"{player_names([action.owner])}'s"
        text = f"{name} peeks at {whose} {' and '.join(action.places)}"
        events.append(
            {**base, "event": "peek", "owner": action.owner + 1, "cards": shown, "text": text}
        )
    elif isinstance(action, Give):
        receiver = player_names([action.to])
        row = after.rows_drawn[action.to]
        text = (
            f"{name} gives {' '.join(action.places)} to {receiver} (their row {row}) "
            "to score once more"
        )
        events.append({**base, "event": "give", "to": action.to + 1, "row": row, "text": text})
    elif isinstance(action, Score) and after.pending is not None:
        pending = after.pending
        whose = "their own cards" if pending.owner == player else (
            f"{player_names([pending.owner])}'s cards"
        )  # fmt: skip
        guessed = f" (guess {pending.guess})" if pending.guess else ""
        text = (
            f"{name} turns up {' '.join(map(str, pending.cards))} from {whose}{guessed} "
            "and says what the Joker stands for"
        )
        events.append(
            {
                **base,
                "event": "turn up",
                "owner": pending.owner + 1,
                "cards": [str(card) for card in pending.cards],
                "text": text,
            }
        )
    elif scored is not None:
        whose = "their own cards" if scored.owner == player else (
            f"{player_names([scored.owner])}'s cards"
        )  # fmt: skip
        chosen = ""
        if scored.jokers is not None:
            chosen = f" ({JokerChoice(scored.jokers, scored.result).text})"
        text = (
            f"{name} scores {' '.join(map(str, scored.cards))} from {whose}{chosen}: "
            f"{scored.result.reason}"
        )
        event = {
            **base,
            "event": "score",
            "owner": scored.owner + 1,
            "cards": [str(card) for card in scored.cards],
            "guess": scored.guess or None,
            "points": scored.result.points,
            "reason": scored.result.reason,
            "text": text,
        }
        if scored.jokers is not None:
            event["jokers"] = list(scored.jokers)
        events.append(event)
        standing = after.points if after.round_number == before.round_number else None
        if after.laps[player] > before.laps[player]:
            events.append(
                {
                    **base,
                    "event": "lap",
                    "laps": after.laps[player],
                    "text": f"{name} reaches the peg: lap {after.laps[player]} completed",
                }
            )
        elif (
            standing is not None
            and standing[player] == before.lap_length - 1
            and before.points[player] + scored.result.points >= before.lap_length
        ):
            holder = player_names([before.peg_holder])
            events.append(
                {
                    **base,
                    "event": "wait",
                    "text": f"{name} waits at {before.lap_length - 1}: {holder} holds the peg",
                }
            )
    else:
        events.append({**base, "event": "pass", "text": f"{name} cannot move and passes"})
    if after.round_number != before.round_number or (after.finished and after.winner < 0):
        kept = after.points
        text = (
            f"Round {before.round_number} over. Laps "
            + ", ".join(map(str, after.laps))
            + "; lap points kept "
            + ", ".join(map(str, kept))
        )
        events.append(
            {
                "event": "round",
                "round": before.round_number,
                "laps": list(after.laps),
                "lap_points": list(kept),
                "text": text,
            }
        )
    elif not after.finished:
        events[-1]["laps"] = list(after.laps)
        events[-1]["lap_points"] = list(after.points)
        if scored is not None:
            events[-1]["text"] += f" [laps {_standings(after)}]"
    if after.finished and after.winner >= 0:
        events.append(
            {
                "event": "win",
                "winner": after.winner + 1,
                "laps": list(after.laps),
                "text": f"{player_names([after.winner])} completes lap {after.laps[after.winner]}"
                " and wins",
            }
        )
    return events


def possessive(name: str, you: bool = False) -> str:
    """Whose, in the middle of a sentence: ``"your"`` for the player spoken to, else the
    name as an owner (the caller says how each player is called).

    >>> possessive("Computer 2"), possessive("the class"), possessive("Player 1", you=True)
    ("Computer 2's", "the class's", 'your')
    """
    return "your" if you else f"{name}'s"


def _capital(text: str) -> str:
    """A sentence's first letter in capitals: "the class drew" -> "The class drew"."""
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class _Voice:
    """How one story calls the players: ``names`` in the middle of a sentence, and the
    seat ``you`` spoken to in the second person (-1 for nobody)."""

    names: Sequence[str]
    you: int

    def name(self, seat: int) -> str:
        return "you" if seat == self.you else self.names[seat]

    def owner(self, seat: int) -> str:
        return possessive(self.names[seat], you=seat == self.you)

    def whose(self, owner: int, actor: int) -> str:
        """Whose cards, said of ``actor``'s move: "your own", "their own", "Computer 2's"."""
        if owner != actor:
            return self.owner(owner)
        return "your own" if actor == self.you else "their own"

    def verb(self, seat: int, plain: str, third: str) -> str:
        """``plain`` ("wait") said to the player spoken to, else ``third`` ("waits")."""
        return plain if seat == self.you else third


@dataclass(frozen=True)
class TurnStory:
    """One move told to one viewer, for a screen: a sentence, the faces the viewer may
    see (cards scored, or their own peek), the score explained step by step, the
    points, and notes (a lap completed, a wait at 120, a round's end)."""

    player: int
    kind: str
    text: str
    cards: tuple[Card, ...] = ()
    lines: tuple[str, ...] = ()
    points: int | None = None
    notes: tuple[str, ...] = ()


def turn_story(
    before: DotterState,
    action: Any,
    after: DotterState,
    viewer: int,
    names: Sequence[str],
    you: int = -1,
) -> TurnStory:
    """``action`` (from ``before`` to ``after``) told to ``viewer`` (-1: to everyone): a
    peek shows its faces only to the peeker; scores are explained.

    ``names`` are how the players are called in the middle of a sentence ("Computer 2",
    "the class"; a sentence that starts with one capitalises it). ``you`` is the seat
    spoken to in the second person ("you drew", "your cards"), usually the viewer's,
    or -1 to tell every player in the third person.

    >>> from cardmath.games.dotter import DotterGame
    >>> state = DotterGame(players=2, new_cards_wait=False).new_state(seed=9).apply(Draw())
    >>> score = Score(0, ("1a", "1b", "1c"), "pair")
    >>> after = state.apply(score)
    >>> story = turn_story(state, score, after, 0, ["Player 1", "Computer 2"], you=0)
    >>> story.text, story.points
    ('Computer 2 scored your 1a, 1b and 1c: 14 points.', 14)
    >>> story.lines
    ('7, 7, 5: pair of 7s: 2 × 7 = 14', 'Guess pair: right, so doubled: 2 × 14 = 28', 'Off your cards: halved, 28 ÷ 2 = 14')
    >>> turn_story(state, score, after, -1, ["the class", "Computer 2"]).text
    "Computer 2 scored the class's 1a, 1b and 1c: 14 points."
    >>> peek = Peek(0, ("1a", "1b"))
    >>> turn_story(state, peek, state.apply(peek), 0, ["Player 1", "Computer 2"], you=0).cards
    ()
    """
    voice = _Voice(names, you)
    player = before.to_move
    actor = _capital(voice.name(player))
    scored = scored_by(before, action, after)
    notes: list[str] = []
    if isinstance(action, Draw):
        row = before.rows_drawn[player] + 1
        left = len(before.deck) - 3
        story = TurnStory(
            player, "draw", f"{actor} drew row {row} face down ({counted(left, 'card')} left)."
        )
    elif isinstance(action, Peek):
        whose = voice.whose(action.owner, player)
        places = " and ".join(action.places)
        shown: tuple[Card, ...] = ()
        if viewer == player:
            found = [before.find(action.owner, label) for label in action.places]
            shown = tuple(card.card for card in found if card is not None)
        text = f"{actor} peeked at {whose} {places}"
        if shown:
            text += ": " + " and ".join(card.name for card in shown)
        story = TurnStory(player, "peek", text + ".", shown)
    elif isinstance(action, Give):
        row = after.rows_drawn[action.to]
        text = (
            f"{actor} gave {' '.join(action.places)} to {voice.name(action.to)} "
            f"(now {voice.owner(action.to)} row {row}) to score once more."
        )
        story = TurnStory(player, "give", text)
    elif isinstance(action, Score) and after.pending is not None:
        pending = after.pending
        whose = voice.whose(pending.owner, player)
        chooses = voice.verb(player, "choose", "chooses")
        text = (
            f"{actor} turned up {whose} {', '.join(pending.places)} and {chooses} what the "
            "Joker stands for."
        )
        story = TurnStory(player, "turn up", text, pending.cards)
    elif scored is not None:
        whose = voice.whose(scored.owner, player)
        places = ", ".join(scored.places[:-1]) + f" and {scored.places[-1]}"
        points = scored.result.points
        text = f"{actor} scored {whose} {places}: {counted(points, 'point')}."
        owner = voice.owner(scored.owner)
        story = TurnStory(player, "score", text, scored.cards, scored.explain(owner), points)
        if after.laps[player] > before.laps[player]:
            notes.append(f"{actor} reached the peg: lap {after.laps[player]} completed.")
        elif (
            after.round_number == before.round_number
            and after.points[player] == before.lap_length - 1
            and before.peg_holder not in (-1, player)
            and points > 0
        ):
            holder = before.peg_holder
            holds = f"{voice.name(holder)} {voice.verb(holder, 'hold', 'holds')}"
            waits = voice.verb(player, "wait", "waits")
            notes.append(f"{actor} {waits} at {before.lap_length - 1}: {holds} the peg.")
    else:
        story = TurnStory(player, "pass", f"{actor} could not move and passed.")
    if after.round_number != before.round_number or (after.finished and after.winner < 0):
        notes.append(f"Round {before.round_number} is over.")
    if after.finished and after.winner >= 0:
        winner = after.winner
        won = f"{_capital(voice.name(winner))} completed lap {after.laps[winner]} and won."
        notes.append(won)
    return replace(story, notes=tuple(notes)) if notes else story


def _standings(state: DotterState) -> str:
    return ", ".join(
        f"{laps}+{'peg' if points == state.lap_length else points}"
        for laps, points in zip(state.laps, state.points, strict=True)
    )
