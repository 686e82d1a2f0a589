"""Sum 15 at the play table: the middle, its total, your hand, and what you claim.

Everything comes from the engine (:mod:`cardmath.games.sum15`): the observation gives the
middle, its total, the hands and the piles; whether a card may be played is its legal
actions; what a play took, why a claim was wrong and what was missed are the engine's
:func:`~cardmath.games.sum15.judge`. The presenter draws them and turns clicks into
:class:`~cardmath.games.sum15.Play` actions.

With claims on a turn takes two presses: a card, then what it makes (*14*, *Pair*, *Run*,
*Fifteen*, or *No claim*). With claims off a card is played as soon as it is pressed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, cast

from cardmath.cards import Card
from cardmath.games.sum15 import CLAIMS, Judgement, Play, card_value, claim_phrase
from cardmath.wording import counted
from widgets.components.cardtable import Slot, slot
from widgets.components.scoreboard import Figure
from widgets.frame.playview import Announcement, Move, Picture, Presenter

if TYPE_CHECKING:
    from cardmath.games.sum15 import Sum15State, Sum15TableState
    from cardmath.session import Session

    AnySum15State = Sum15State | Sum15TableState

__all__ = [
    "CLAIM_LABELS",
    "Sum15Presenter",
    "card_text",
    "judgement_html",
    "last_three_text",
    "public_figures",
]

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

CLAIM_LABELS: dict[str | None, str] = {
    None: "No claim",
    "14": "Claim 14",
    "pair": "Claim a pair",
    "run": "Claim a run",
    "fifteen": "Claim fifteen",
}
"""The claim buttons, in the order they are shown."""

_CARD_WORD = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")


def card_text(card: Card) -> str:
    """A card as the back row reads it: ``"Q♠"``.

    >>> card_text(Card.parse("10H")), card_text(Card.parse("AS"))
    ('10♥', 'A♠')
    """
    return f"{card.rank}{SUIT_SYMBOLS[card.suit]}"


def with_suit_symbols(text: str) -> str:
    """Card names in an engine sentence written with suit symbols.

    >>> with_suit_symbols("takes 6H 8D (6 + 8 = 14)")
    'takes 6♥ 8♦ (6 + 8 = 14)'
    """
    return _CARD_WORD.sub(lambda match: match.group(1) + SUIT_SYMBOLS[match.group(2)], text)


def last_three_text(middle: Sequence[Card]) -> str:
    """The last three cards of the middle, oldest first (``"–"`` when it is empty).

    >>> last_three_text([Card.parse(c) for c in ("2C", "6H", "8D", "QS")])
    '6♥ 8♦ Q♠'
    """
    return " ".join(card_text(card) for card in middle[-3:]) or "–"


def public_figures(seen: Any, *, show_total: bool = True) -> list[Figure]:
    """What the whole table sees in big type: the total, the last three cards, the deck."""
    middle = seen.middle
    count = len(middle)
    if show_total:
        total = Figure("Total", seen.total, f"{counted(count, 'card')} in the middle")
    else:
        total = Figure("Total", "?", "add it up yourselves")
    values = " + ".join(str(card_value(card)) for card in middle[-3:])
    return [
        Figure(total.caption, total.value, total.note, "cm-sum15-total"),
        Figure(
            "Last three",
            last_three_text(middle),
            f"values {values}" if middle else "the middle is empty",
            "cm-sum15-last",
        ),
        Figure("Deck", seen.deck_size, "cards left", "cm-sum15-deck"),
        *(
            [Figure("Deal", seen.deal_number + 1, f"of {seen.deals}", "cm-sum15-deal")]
            if getattr(seen, "deals", 1) > 1
            else []
        ),
    ]


def judgement_html(name: str, judgement: Judgement, *, show_missed: bool = True) -> str:
    """One play as a line for the screen: who played what, what it took, a wrong claim
    and (if shown) what was missed. Marks and words, never colour alone."""
    card = card_text(judgement.card)
    if judgement.taken:
        taken = " ".join(card_text(c) for c in judgement.taken)
        if judgement.claim is not None:
            rule = CLAIMS[judgement.claim]
            reason = judgement.offer.reasons[judgement.offer.rules.index(rule)]
            said = f"claimed {claim_phrase(judgement.claim)}, "
        else:
            reason, said = "; ".join(judgement.offer.reasons), ""
        line = f"✔ {name} played {card}, {said}took {taken} ({reason})"
        tone = "cm-good"
    elif judgement.wrong:
        line = (
            f"✘ {name} played {card} and claimed {claim_phrase(judgement.claim)}, but "
            f"{judgement.why_wrong}: nothing taken"
        )
        tone = "cm-bad"
    else:
        line = f"{name} played {card}: nothing taken, total {judgement.offer.total}"
        tone = ""
    if show_missed and judgement.missed:
        line += f". Missed: {judgement.missed}"
        tone = "cm-bad"
    text = escape(with_suit_symbols(line))
    return f'<li class="{tone}">{text}</li>' if tone else f"<li>{text}</li>"


class Sum15Presenter(Presenter):
    """Play a card by pressing it; with claims on, press what it makes."""

    game = "sum15"
    unit = "card"
    bot_title = "Computer"

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.selected: str | None = None

    # --- settings of the screen ----------------------------------------------------------

    @property
    def show_total(self) -> bool:
        return bool(self.view.dashboard.display.get("show_total", True))

    @property
    def show_missed(self) -> bool:
        return bool(self.view.dashboard.display.get("show_missed", True))

    # --- scores ----------------------------------------------------------------------------

    def scores(self, session: Session) -> Sequence[int]:
        return list(cast("AnySum15State", session.state).scores())

    def score_notes(self, session: Session) -> Sequence[str]:
        state = cast("AnySum15State", session.state)
        seen = state.observation(0)
        notes = []
        for seat, held in enumerate(seen.hand_sizes):
            parts = [f"{held} in hand"] if not state.is_terminal else []
            if seat == state.dealer:
                parts.append("dealer")
            notes.append(", ".join(parts))
        return notes

    # --- pictures ----------------------------------------------------------------------------

    def _middle_row(self, seen: Any) -> dict[str, list[Slot]]:
        middle = seen.middle
        slots = [
            slot(
                card,
                id=f"middle-{index}",
                value=card_value(card),
                disabled=True,
                caption="last" if index == len(middle) - 1 else "",
            )
            for index, card in enumerate(middle)
        ]
        if not slots:
            slots = [slot(None, id="middle-empty", place="Empty", disabled=True)]
        return {"The middle (oldest first)": slots}

    def _recent(self, session: Session) -> str:
        """The plays since the person at the screen last played (at most one round)."""
        players = session.game.options.players
        moves = [m for m in session.moves if isinstance(m.action, Play)][-min(players, 6) :]
        if not moves:
            return ""
        lines = [
            judgement_html(
                self.view.name(move.player),
                cast("AnySum15State", move.before).judge(move.action),
                show_missed=self.show_missed,
            )
            for move in moves
        ]
        return (
            '<div class="cm-sum15-recent"><b>Last plays, newest first</b>'
            f'<ul class="cm-sum15-plays">{"".join(reversed(lines))}</ul></div>'
        )

    def _public(self, session: Session, prompt: str = "") -> Picture:
        seen = session.state.observation(0)
        return Picture(
            prompt=prompt,
            figures=public_figures(seen, show_total=self.show_total),
            rows=self._middle_row(seen),
            panel=self._recent(session),
        )

    def waiting(self, session: Session) -> Picture:
        if session.is_over:
            return Picture()
        return self._public(session, "The computer players are thinking.")

    def covered(self, session: Session) -> Picture | None:
        return self._public(session)

    def picture(self, session: Session, player: int) -> Picture:
        seen = session.observation(player)
        you = self.view.name(player)
        legal = set(seen.legal_actions)
        hand = [
            slot(
                card,
                id=f"hand-{index}",
                value=card_value(card),
                disabled=Play(card) not in legal,
            )
            for index, card in enumerate(seen.hand)
        ]
        if self.selected is not None and not any(s.id == self.selected for s in hand):
            self.selected = None
        rows = {**self._middle_row(seen), f"{you}: your hand": hand}
        moves: list[Move] = []
        if seen.claims:
            chosen = self._selected_card(seen)
            prompt = (
                f"{you}: you play {card_text(chosen)}. What does it make? Press your claim."
                if chosen is not None
                else f"{you}: choose a card, then say what it makes (14, pair, run, "
                "fifteen) or press No claim."
            )
            moves = [
                Move(
                    f"claim-{word or 'none'}",
                    label,
                    style="primary" if word is not None and chosen is not None else "",
                    disabled=chosen is None,
                )
                for word, label in CLAIM_LABELS.items()
            ]
        else:
            prompt = f"{you}: press a card to play it."
        return Picture(
            prompt=prompt,
            figures=public_figures(seen, show_total=self.show_total),
            rows=rows,
            moves=moves,
            panel=self._recent(session),
            selection="single" if seen.claims else "none",
        )

    def _selected_card(self, seen: Any) -> Card | None:
        if self.selected is None or not self.selected.startswith("hand-"):
            return None
        index = int(self.selected.removeprefix("hand-"))
        return seen.hand[index] if 0 <= index < len(seen.hand) else None

    # --- clicks ------------------------------------------------------------------------------

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        seen = session.observation(player)
        if not card_id.startswith("hand-"):
            return None
        index = int(card_id.removeprefix("hand-"))
        if not 0 <= index < len(seen.hand):
            return None
        if seen.claims:
            self.selected = None if self.selected == card_id else card_id
            return None
        return Play(seen.hand[index])

    def move(self, session: Session, player: int, key: str) -> Any | None:
        if not key.startswith("claim-"):
            return None
        word = key.removeprefix("claim-")
        card = self._selected_card(session.observation(player))
        if card is None:
            return None
        return Play(card, None if word == "none" else word)

    def reset(self) -> None:
        self.selected = None

    # --- what the table must see -----------------------------------------------------------

    def pause(self, session: Session, before: Any, action: Any, after: Any) -> Announcement | None:
        """The end of a deal when more follow; a person's missed set or wrong claim, for
        everyone to see (when shown)."""
        if getattr(after, "deal_number", 0) != getattr(before, "deal_number", 0):
            return self.deal_over(before, action, after)
        if not isinstance(action, Play) or not self.show_missed:
            return None
        player = before.current_player
        if player not in session.humans:
            return None
        judgement = before.judge(action)
        if not (judgement.missed or judgement.wrong):
            return None
        name = self.view.name(player)
        title = f"{name} missed a set" if not judgement.wrong else f"{name}: a wrong claim"
        html = f'<ul class="cm-sum15-plays">{judgement_html(name, judgement)}</ul>'
        if judgement.missed and judgement.best_claim is not None:
            html += (
                '<p class="cm-sum15-hint">The claim to say was '
                f"<b>{escape(claim_phrase(judgement.best_claim))}</b>. The cards stay in the "
                "middle.</p>"
            )
        return Announcement(
            title=title,
            html=html,
            figures=tuple(public_figures(after.observation(0), show_total=self.show_total)),
            continue_label="Play on",
        )

    def deal_over(self, before: Any, action: Any, after: Any) -> Announcement:
        """A deal of several is over: its last play, the cards taken so far, the next deal."""
        ended = before.deal_number + 1
        name = self.view.name(before.current_player)
        html = f'<ul class="cm-sum15-plays">{judgement_html(name, before.judge(action))}</ul>'
        rows = "".join(
            f"<li>{escape(self.view.name(seat))}: {counted(taken, 'card')} taken</li>"
            for seat, taken in enumerate(after.scores())
        )
        html += f"<p>Cards taken in the {counted(ended, 'deal')} so far:</p><ul>{rows}</ul>"
        return Announcement(
            title=f"Deal {ended} of {before.options.deals} is over",
            html=html,
            continue_label=f"Deal {ended + 1}",
        )

    def finished(self, session: Session) -> Announcement:
        outcome = session.outcome()
        people = [p for p in outcome.winners if p in session.humans]
        state = cast("AnySum15State", session.state)
        lines = [
            f"{escape(self.view.name(seat))}: {counted(score, 'card')}"
            for seat, score in sorted(enumerate(outcome.scores), key=lambda item: -item[1])
        ][:10]
        html = f'<ol class="cm-sum15-final">{"".join(f"<li>{line}</li>" for line in lines)}</ol>'
        if state.middle:
            left = " ".join(card_text(card) for card in state.middle)
            html += f"<p>Left in the middle, taken by nobody: {escape(left)}</p>"
        return Announcement(
            title=f"Game over: {self.view.winners_text(outcome.winners)}.",
            html=html,
            continue_label="New game",
            good_news=bool(people),
        )
