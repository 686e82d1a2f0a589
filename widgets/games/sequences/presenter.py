"""Sequences at the play table: the sequences as rows, the hand, a turn built from clicks.

A turn is put together the way a player says it: click a hand card, then the sequence it
goes on (*Play here*) or *New sequence* for a starter; a ``?`` card asks which operator it
is. Then, if the rules ask for it, the cards to put under the pile; then *Play these*.
Everything a rule decides comes from the engine (:mod:`cardmath.games.sequences`):
:func:`~cardmath.games.sequences.plan_turn` says which plays may still join the chosen
ones, how many cards the turn must play and bury, and refuses any other play with the
rule it breaks; the session refuses a wrong whole turn the same way; the values and
scores are the engine's. Nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, cast

from cardmath.cards import SequencesCard
from cardmath.errors import IllegalMove
from cardmath.games.sequences import (
    COLOURS,
    CardSequence,
    Play,
    SequencesObservation,
    Turn,
    TurnPlan,
    plan_turn,
    to_expression,
)
from cardmath.lessons.sequences import student_text
from cardmath.wording import counted, number_text, true_minus
from widgets.components.cardtable import Slot, slot
from widgets.frame.playview import Announcement, Move, Picture, Presenter

if TYPE_CHECKING:
    from cardmath.games.sequences import SequencesState
    from cardmath.session import Session

__all__ = ["OPERATOR_KEYS", "SequencesPresenter", "card_words"]

OPERATOR_KEYS: dict[str, tuple[str, str]] = {
    "plus": ("+", "+ plus"),
    "minus": ("-", "− minus"),
    "times": ("*", "× times"),
    "divide": ("/", "÷ divided by"),
}
"""The buttons that say what a ``?`` card stands for: key -> (operator, label)."""

_OPERATOR_WORDS = {"+": "plus", "-": "minus", "*": "times", "/": "divided by"}
_OPERATOR_SIGNS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def card_words(card: SequencesCard, operator: str = "") -> str:
    """What a screen reader says for a Sequences card (and a ``?`` card's operator).

    >>> card_words(SequencesCard.parse("red [-2]")), card_words(SequencesCard.parse("blue /"))
    ('red starter, minus 2', 'blue operator, divided by')
    >>> card_words(SequencesCard.parse("red ?"), "*"), card_words(SequencesCard.parse("red ="))
    ('red question card, played as times', 'red terminator, equals: seals a sequence')
    """
    colour = card.colour
    if card.kind == "starter":
        value = int(card.face)
        return f"{colour} starter, {'minus ' + str(-value) if value < 0 else value}"
    if card.kind == "number":
        return f"{colour} number, {card.face}"
    if card.kind == "operator":
        if card.face == "?":
            played = f", played as {_OPERATOR_WORDS[operator]}" if operator else ""
            return f"{colour} question card{played}"
        return f"{colour} operator, {_OPERATOR_WORDS[card.face]}"
    if card.kind == "terminator":
        return f"{colour} terminator, equals: seals a sequence"
    return f"{colour} modifier, {card.face}"


class SequencesPresenter(Presenter):
    """Click a hand card, then where it goes; bury if asked; press *Play these*."""

    game = "sequences"
    unit = "point"
    bot_title = "Computer"

    table_scrolls = True
    """The sequences grow below the screen's edge: on the projector the table scrolls
    inside itself under the hand (sequences.css)."""

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.reset()

    def reset(self) -> None:
        """Forget the turn being put together (after every move, undo or new game)."""
        self.selected: int | None = None
        """The hand position of the card clicked last, waiting for its place."""
        self.plays: list[Play] = []
        self.play_positions: list[int] = []
        self.buried: list[int] = []
        self.asking: tuple[int | None] | None = None
        """Waiting for the operator of a ``?`` card going on ``(sequence,)``."""

    # --- reading the table -----------------------------------------------------------------

    def _display(self, name: str) -> bool:
        return bool(self.view.dashboard.display.get(name, True))

    def _plan(self, seen: SequencesObservation) -> TurnPlan:
        try:
            return plan_turn(seen, self.plays)
        except IllegalMove:  # the table changed under a half-made turn: start again
            self.reset()
            return plan_turn(seen)

    def _bury_phase(self, plan: TurnPlan) -> bool:
        return bool(plan.complete and plan.bury and len(self.plays) == plan.most)

    def scores(self, session: Session) -> Sequence[int]:
        return list(cast("SequencesState", session.state).scores())

    def score_notes(self, session: Session) -> Sequence[str]:
        state = cast("SequencesState", session.state)
        return [
            f"{colour} cards, {len(state.piles[seat])} in pile"
            for seat, colour in enumerate(COLOURS)
        ]

    def _owner(self, seat: int) -> str:
        """ "red: You", "blue: Computer 2 (strong)"."""
        return f"{COLOURS[seat]}: {self.view.name(seat)}"

    def _last_moves_seen(self, session: Session, player: int) -> tuple[Any, str]:
        """The state before the other players' moves since ``player`` last moved, and
        those moves in words (buried cards not named: they go face down)."""
        moves = session.moves
        start = len(moves)
        while start > 0 and moves[start - 1].player != player:
            start -= 1
        if start == len(moves):
            return None, ""
        lines = []
        for move in moves[start:]:
            turn = move.action
            name = self.view.name(move.player)
            if turn.redraw:
                lines.append(f"{name} put their whole hand under their pile and drew six cards.")
                continue
            parts = []
            for play in turn.plays:
                shown = self._card_text(play.card, play.operator)
                if play.sequence is None:
                    parts.append(f"{shown} (a new sequence)")
                else:
                    parts.append(f"{shown} on S{play.sequence + 1}")
            said = f"{name} played {' and '.join(parts)}" if parts else f"{name} played no card"
            if turn.buried:
                count = len(turn.buried)
                said += f", and put {counted(count, 'card')} under their pile"
            lines.append(said + ".")
        return moves[start].before, " ".join(lines)

    @staticmethod
    def _card_text(card: SequencesCard, operator: str = "") -> str:
        if card.face == "?" and operator:
            return f"? (as {_OPERATOR_SIGNS[operator]})"
        if card.kind == "operator":
            return _OPERATOR_SIGNS.get(card.face, card.face)
        return true_minus(card.text)

    # --- the picture -----------------------------------------------------------------------

    def picture(self, session: Session, player: int) -> Picture:
        seen = session.observation(player)
        plan = self._plan(seen)
        you = self.view.name(player)
        before, said = self._last_moves_seen(session, player)
        # the hand comes first (filled in last), then the sequences, then a new one's place
        rows: dict[str, list[Slot]] = {self._hand_title(seen, player): []}
        table = seen.sequences
        hints = self._display("mark_playable")
        selected_card = seen.hand[self.selected] if self.selected is not None else None
        fits = set(plan.places_for(selected_card)) if selected_card is not None else set()
        placing = selected_card is not None and self.asking is None
        pending: dict[int | None, list[Play]] = {}
        for play in self.plays:
            pending.setdefault(play.sequence, []).append(play)
        for index, sequence in enumerate(table):
            fresh = 0
            if before is not None:
                earlier = before.sequences
                fresh = (
                    len(sequence.cards) - len(earlier[index].cards)
                    if index < len(earlier)
                    else len(sequence.cards)
                )
            cards = self._sequence_slots(index, sequence, fresh)
            value = sequence.value(seen.division)
            after = value
            for play in pending.get(index, []):
                cards.append(self._pending_slot(index, play))
                after = sequence.extended(play.card, play.operator).value(seen.division)
            if not sequence.is_sealed:
                cards.append(self._place(index, placing, index in fits and hints))
            rows[self._sequence_title(index, sequence, value, after)] = cards
        for offset, play in enumerate(pending.get(None, [])):
            index = len(table) + offset
            fresh_sequence = CardSequence((play.card,))
            cards = [self._pending_slot(index, play), self._place(index, placing, False)]
            value = fresh_sequence.value(seen.division)
            rows[self._sequence_title(index, fresh_sequence, value, value, new=True)] = cards
        if plan.most:
            rows["New sequence"] = [
                slot(
                    None,
                    id="place-new",
                    place="New",
                    disabled=not placing,
                    caption="✓ fits" if hints and None in fits and placing else "",
                    label="Start a new sequence here",
                )
            ]
        rows[self._hand_title(seen, player)] = self._hand_slots(seen, plan, hints)
        self.view.table.selected = [f"hand-{self.selected}"] if self.selected is not None else []
        return Picture(
            prompt=self._prompt(seen, plan, you, selected_card),
            rows=rows,
            moves=self._moves(plan),
            panel=self._panel(said, seen),
        )

    def _sequence_title(
        self, index: int, sequence: CardSequence, value: int, after: int, *, new: bool = False
    ) -> str:
        """ "S2 = 5 · scores for blue: Computer 2 (greedy) · sealed"; for the class, whose
        scoreboard gives every colour's player, "S2 = 5 · blue · sealed", so that short
        sequences sit side by side on the projector."""
        if self.view.audience == "class":
            owner = COLOURS[sequence.owner]
        else:
            owner = f"scores for {self._owner(sequence.owner)}"
        state = "sealed" if sequence.is_sealed else "open"
        if new:
            state = "new"
        if not self._display("show_values"):
            return f"S{index + 1} · {owner} · {state}"
        shown = (
            number_text(value) if after == value else f"{number_text(value)} → {number_text(after)}"
        )
        return f"S{index + 1} = {shown} · {owner} · {state}"

    def _sequence_slots(self, index: int, sequence: CardSequence, fresh: int) -> list[Slot]:
        slots = []
        count = len(sequence.played)
        for position, played in enumerate(sequence.played):
            caption = f"as {_OPERATOR_SIGNS[played.operator]}" if played.card.face == "?" else ""
            if position >= count - fresh:
                caption = f"{caption}, new" if caption else "new"
            slots.append(
                slot(
                    played.card,
                    id=f"s{index + 1}-{position}",
                    disabled=True,
                    caption=caption,
                    label=card_words(played.card, played.operator)
                    + (", just played" if position >= count - fresh else ""),
                )
            )
        return slots

    def _pending_slot(self, index: int, play: Play) -> Slot:
        caption = f"yours, as {_OPERATOR_SIGNS[play.operator]}" if play.operator else "yours"
        return slot(
            play.card,
            id=f"chosen-{index}",
            disabled=True,
            caption=caption,
            label=card_words(play.card, play.operator) + ", chosen this turn",
        )

    @staticmethod
    def _place(index: int, placing: bool, fits: bool) -> Slot:
        return slot(
            None,
            id=f"place-{index}",
            place="Play here",
            disabled=not placing,
            caption="✓ fits" if fits else "",
            label=f"Play on S{index + 1}",
        )

    def _hand_title(self, seen: SequencesObservation, player: int) -> str:
        """ "Your hand" to the one person playing; else "Hand of the class", "Hand of
        Player 2" (with several people at one screen, the hand says whose it is)."""
        session = self.view.session
        if self.view.audience == "class":
            whose = "Hand of the class"
        elif session is not None and len(session.humans) == 1:
            whose = "Your hand"
        else:
            whose = f"Hand of {self.view.name(player)}"
        return f"{whose} ({seen.colour}) · {seen.pile_size} cards in the pile"

    def _hand_slots(self, seen: SequencesObservation, plan: TurnPlan, hints: bool) -> list[Slot]:
        playable = {play.card for play in plan.next_plays}
        burying = self._bury_phase(plan)
        slots = []
        for position, card in enumerate(seen.hand):
            if position in self.play_positions:
                continue
            caption = ""
            if position in self.buried:
                caption = "under the pile"
            elif position == self.selected:
                caption = "chosen: where?"
            elif hints and not burying and card in playable:
                caption = "✓ can play"
            slots.append(
                slot(
                    card,
                    id=f"hand-{position}",
                    caption=caption,
                    label=card_words(card) + (f", {caption}" if caption else ""),
                )
            )
        return slots

    def _prompt(
        self,
        seen: SequencesObservation,
        plan: TurnPlan,
        you: str,
        selected: SequencesCard | None,
    ) -> str:
        if plan.redraw:
            return (
                f"{you}: no card of yours is on the table yet and none can be played. "
                "Put your whole hand under your pile and draw six new cards."
            )
        if self.asking is not None:
            where = self.asking[0]
            place = "a new sequence" if where is None else f"S{where + 1}"
            return f"{you}: which operator is your ? card on {place}?"
        if plan.most == 0:
            if plan.bury:
                return (
                    f"{you}: none of your cards can be played this turn. Click "
                    f"{counted(plan.bury, 'card')} to put under your pile, "
                    "then press the button."
                )
            return f"{you}: you have nothing to play and nothing to draw: pass."
        if len(self.plays) < plan.most:
            if selected is not None:
                return (
                    f"{you}: now click where your {self._card_text(selected)} goes: Play here "
                    "on a sequence, or New sequence for a starter."
                )
            if self.plays:
                return f"{you}: now your second card, on another sequence."
            many = "2 cards, to two separate sequences" if plan.most == 2 else "1 card"
            return (
                f"{you}: play {many}. Click a card in your hand, then where it goes "
                "(Play here, or New sequence for a starter)."
            )
        if self._bury_phase(plan) and len(self.buried) < (plan.bury or 0):
            left = (plan.bury or 0) - len(self.buried)
            return (
                f"{you}: now click {counted(left, 'card')} of your hand to put under "
                "your pile (two cards leave your hand each turn), then press Play these."
            )
        return f"{you}: press Play these, or Clear to choose again."

    def _moves(self, plan: TurnPlan) -> list[Move]:
        if self.asking is not None:
            return [
                *(Move(f"op-{key}", label, "primary") for key, (_, label) in OPERATOR_KEYS.items()),
                Move("clear", "Clear"),
            ]
        moves: list[Move] = []
        if plan.redraw:
            moves.append(Move("redraw", "Redraw my whole hand", "primary"))
        elif plan.most:
            moves.append(Move("play", "Play these", "primary", disabled=not self.plays))
        elif plan.bury:
            moves.append(Move("bury", "Put these under my pile", "primary", not self.buried))
        else:
            moves.append(Move("pass", "Pass", "primary"))
        if self.plays or self.buried or self.selected is not None:
            moves.append(Move("clear", "Clear"))
        return moves

    def _panel(self, said: str, seen: SequencesObservation) -> str:
        parts = []
        if said:
            parts.append(f'<div class="cm-sequences-last">{escape(said)}</div>')
        other = 1 - seen.player
        parts.append(
            f'<div class="cm-sequences-counts">{escape(self.view.name(other))} holds '
            f"{counted(seen.opponent_hand_size, 'card')}, "
            f"{seen.opponent_pile_size} in the pile.</div>"
        )
        return "".join(parts)

    # --- clicks ------------------------------------------------------------------------------

    def _forget_refusal(self) -> None:
        """A new press: the last refusal has been read (a new one replaces it)."""
        self.view.message.value = ""

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        self._forget_refusal()
        seen = session.observation(player)
        plan = self._plan(seen)
        if card_id.startswith("hand-"):
            position = _index(card_id, "hand-", len(seen.hand))
            if position is None or position in self.play_positions:
                return None
            self.asking = None
            if self._bury_phase(plan) or (plan.most == 0 and plan.bury):
                if position in self.buried:
                    self.buried.remove(position)
                else:
                    self.buried.append(position)
                return None
            self.selected = None if self.selected == position else position
            return None
        if card_id.startswith("place-") and self.selected is not None:
            where = (
                None
                if card_id == "place-new"
                else _index(card_id, "place-", len(seen.sequences) + len(self.plays) + 1)
            )
            if where is None and card_id != "place-new":
                return None
            card = seen.hand[self.selected]
            if card.face == "?":
                self.asking = (where,)
                return None
            self._add(seen, Play(card, where))
        return None

    def _add(self, seen: SequencesObservation, play: Play) -> None:
        """Add a play to the turn being made, or raise the rule that refuses it."""
        if self.selected is None:
            return
        plan_turn(seen, [*self.plays, play])  # raises IllegalMove naming the rule
        self.plays.append(play)
        self.play_positions.append(self.selected)
        self.selected = None
        self.asking = None

    def move(self, session: Session, player: int, key: str) -> Any | None:
        self._forget_refusal()
        seen = session.observation(player)
        if key.startswith("op-") and self.asking is not None and self.selected is not None:
            operator = OPERATOR_KEYS.get(key.removeprefix("op-"), ("", ""))[0]
            if operator:
                (where,) = self.asking
                self.asking = None
                self._add(seen, Play(seen.hand[self.selected], where, operator))
            return None
        if key == "clear":
            self.reset()
            return None
        buried = tuple(seen.hand[position] for position in self.buried)
        if key == "play":
            return Turn(tuple(self.plays), buried)
        if key == "bury":
            return Turn((), buried)
        if key == "redraw":
            return Turn(redraw=True)
        if key == "pass":
            return Turn()
        return None

    # --- the end ----------------------------------------------------------------------------

    def finished(self, session: Session) -> Announcement:
        state = cast("SequencesState", session.state)
        outcome = session.outcome()
        values = state.sequence_values()
        rows = []
        for index, (sequence, value) in enumerate(zip(state.sequences, values, strict=True)):
            tree = to_expression(sequence)
            status = "sealed" if sequence.is_sealed else "open"
            rows.append(
                f"<tr><th scope='row'>S{index + 1}</th>"
                f"<td>{escape(student_text(str(sequence)))}</td>"
                f"<td>${tree.latex()}$</td><td class='cm-sequences-value'>{number_text(value)}</td>"
                f"<td>{escape(self._owner(sequence.owner))}</td><td>{status}</td></tr>"
            )
        totals = "".join(
            f"<li>{escape(self._owner(seat))}: {counted(score, 'point')}</li>"
            for seat, score in enumerate(outcome.scores)
        )
        html = (
            '<table class="cm-showdown-table cm-sequences-final"><tr><th>Sequence</th>'
            "<th>Cards</th><th>Left to right</th><th>Value</th><th>Scores for</th>"
            f"<th>Status</th></tr>{''.join(rows)}</table>"
            f'<ul class="cm-result-lines">{totals}'
            f"<li>The game ended because {escape(state.ended)}.</li></ul>"
        )
        people = any(seat in session.humans for seat in outcome.winners)
        return Announcement(
            title=f"Game over: {self.view.winners_text(outcome.winners)}.",
            html=html,
            continue_label="New game",
            good_news=people,
        )


def _index(card_id: str, prefix: str, limit: int) -> int | None:
    text = card_id.removeprefix(prefix)
    if not text.isdigit() or len(text) > 3:
        return None
    number = int(text)
    return number if number < limit else None
