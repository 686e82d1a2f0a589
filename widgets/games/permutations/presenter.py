"""Permutations at the play table: secret bids, the reveal, the draft, the round's score.

Everything comes from the engine (:mod:`cardmath.games.permutations`): the observation
says which cards may be bid or drafted (the others are drawn disabled), a click becomes
a ``Bid`` or a ``Draft`` that the session applies, the drafting order is
:func:`~cardmath.games.permutations.drafting_order`, each player's drafts this round are
:func:`~cardmath.games.permutations.drafted_in_round` (read from the auctions everyone
watched), and colour counts, max and "score if the round ended now" are
:func:`~cardmath.games.permutations.pile_summary`. Round scores and the winner are the
engine's round results and outcome.

What the table sees before play goes on (:meth:`PermutationsPresenter.pause`):

1. **the reveal**, when the last secret bid is in: every bid at once, highest first,
   which is the order of the draft;
2. **the draft**, when the auction is over: each player's bid and the card they took,
   in decreasing bid order (each drafted card slides to its player), and the bids that
   make the next pool;
3. at the end of a round, each player's max and the triangular score it makes; at the
   end of the game, the winner.

The tally of everyone's colours is a display setting (on by default): every draft is
made in the open, so counting them shows nothing a player at the table has not seen.
With it off, a player sees only their own pile's counts, as with face-down cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, cast

from cardmath.cards import PERMUTATIONS_COLOURS, NumberCard
from cardmath.games.permutations import (
    AUCTIONS_PER_ROUND,
    AuctionResult,
    Bid,
    Draft,
    PermutationsObservation,
    RoundResult,
    colours_in_play,
    drafted_in_round,
    drafting_order,
    pile_summary,
)
from cardmath.svg import card_svg, colour_mark_svg
from cardmath.wording import counted, plural
from widgets.components.cardtable import Slot, slot
from widgets.frame.playview import Announcement, Picture, Presenter

if TYPE_CHECKING:
    from cardmath.games.permutations import PermutationsState
    from cardmath.session import Session

__all__ = ["PermutationsPresenter", "ordinal", "possessive"]


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def possessive(name: str) -> str:
    """Whose: ``"Your"``, ``"The class's"``, ``"Player 2's"``.

    >>> possessive("You"), possessive("The class"), possessive("Player 2")
    ('Your', "The class's", "Player 2's")
    """
    return "Your" if name == "You" else f"{name}'s"


def _by_colour(cards: Sequence[NumberCard]) -> list[NumberCard]:
    """Cards grouped by colour (deck order), then by number: easy to count."""
    return sorted(cards, key=lambda card: (PERMUTATIONS_COLOURS.index(card.colour), card.number))


def _card_slot(card: NumberCard, kind: str, *, disabled: bool = True) -> Slot:
    """A card on the table, read out as "blue 48" (its colour in words, then its number)."""
    return slot(
        card,
        id=f"{kind}-{card.number}",
        disabled=disabled,
        label=f"{card.colour} {card.number}",
    )


def _cards_html(cards: Sequence[NumberCard], width: int) -> str:
    """A row of card pictures inside an announcement."""
    pictures = "".join(card_svg(card, width=width) for card in cards)
    return f'<span class="cm-permutations-cards">{pictures}</span>'


class PermutationsPresenter(Presenter):
    """Bid by clicking a card in your hand; draft by clicking a card in the pool."""

    game = "permutations"
    unit = "point"
    bot_title = "Computer"

    # --- what everyone may see -------------------------------------------------------

    @property
    def tallying(self) -> bool:
        """Whether the screen counts everyone's drafts (display setting ``tally``)."""
        return bool(self.view.dashboard.display.get("tally", True))

    @staticmethod
    def _auctions(session: Session, round_number: int) -> list[AuctionResult]:
        """The finished auctions of ``round_number`` as the table watched them: the public
        record every observation carries as ``last_auction``, read back from the moves
        (latest first, stopping at an earlier round)."""
        found = []
        for move in reversed(session.moves):
            auction = cast("PermutationsState", move.after).last_auction
            if auction is None or auction.round_number < round_number:
                break
            if auction.round_number == round_number:
                found.append(auction)
        return found

    def visible_piles(
        self,
        session: Session,
        seen: PermutationsObservation,
        round_number: int,
        viewer: int | None,
        *,
        in_progress: Sequence[NumberCard | None] = (),
    ) -> list[tuple[NumberCard, ...] | None]:
        """Each player's drafts in ``round_number`` as this screen may show them: everyone's
        with the tally on (or face-up drafts), otherwise only ``viewer``'s own (``None``
        for a pile the screen keeps face down)."""
        auctions = self._auctions(session, round_number)
        piles = drafted_in_round(auctions, round_number, seen.players, in_progress)
        public = self.tallying or seen.options.face_up_drafts
        return [pile if public or index == viewer else None for index, pile in enumerate(piles)]

    def viewer(self, session: Session) -> int | None:
        """Whose own pile the screen may count now: the one person at a screen shared with
        nobody, or the person who has just shown their cards behind the pass-the-screen
        cover (``None``: several people look at the screen)."""
        if len(session.humans) == 1:
            return session.humans[0]
        person = self.view.person
        return person if person is not None and self.view.revealed_for == person else None

    def tally_html(
        self,
        session: Session,
        seen: PermutationsObservation,
        piles: Sequence[tuple[NumberCard, ...] | None],
        *,
        caption: str,
        result: RoundResult | None = None,
        notes: Sequence[str] = (),
        winners: Sequence[int] = (),
    ) -> str:
        """The board in large type: each player's colour counts, max and the points the
        pile makes (``result``: a finished round's, from the engine; else "if the round
        ended now"), the running total and, with ``notes``, what each player is doing."""
        colours = colours_in_play(seen.players)
        colouring = seen.options.colouring
        head = "".join(
            f'<th scope="col" class="cm-permutations-colour">{colour_mark_svg(colour, size=30)}'
            f"<span>{escape(colour)}</span></th>"
            for colour in colours
        )
        scored = "points this round" if result is not None else "score now"
        rows = []
        for player, pile in enumerate(piles):
            name = escape(self.short_name(player))
            kind = self.view.name(player).removeprefix(self.short_name(player)).strip(" ()")
            if kind:
                name += f' <span class="cm-permutations-kind">({escape(kind)})</span>'
            if result is not None:
                before = result.totals[player] - result.scores[player]
                total = f"{before} + {result.scores[player]} = {result.totals[player]}"
            else:
                total = str(seen.totals[player])
            if pile is None:
                count = seen.pile_sizes[player] if result is None else AUCTIONS_PER_ROUND
                cells = (
                    f'<td colspan="{len(colours)}" class="cm-permutations-hidden">'
                    f"{counted(count, 'card')} face down</td>"
                )
                largest = result.maxes[player] if result is not None else None
                score = result.scores[player] if result is not None else None
            else:
                summary = pile_summary(pile, colouring, seen.players)
                cells = "".join(
                    self._count_cell(count, colour in summary.best)
                    for colour, count in summary.counts
                )
                largest = summary.largest if result is None else result.maxes[player]
                score = summary.score if result is None else result.scores[player]
            shown_max = "?" if largest is None else str(largest)
            points = "?" if largest is None or score is None else self._points(largest, score)
            status = ""
            if notes or winners:
                note = "★ wins" if player in winners else (notes[player] if notes else "")
                status = f'<td class="cm-permutations-status">{escape(note)}</td>'
            css = ' class="cm-permutations-winner"' if player in winners else ""
            rows.append(
                f'<tr{css}><th scope="row">{name}</th>{cells}'
                f'<td class="cm-permutations-max">{shown_max}</td>'
                f'<td class="cm-permutations-score">{points}</td>'
                f'<td class="cm-permutations-total">{total}</td>{status}</tr>'
            )
        now = '<th scope="col">now</th>' if notes or winners else ""
        return (
            f'<table class="cm-permutations-tally"><caption>{escape(caption)}</caption>'
            f'<thead><tr><th scope="col">Player</th>{head}<th scope="col">max</th>'
            f'<th scope="col">{scored}</th><th scope="col">total</th>{now}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )

    @staticmethod
    def _count_cell(count: int, best: bool) -> str:
        """A colour count; the max is marked with a star and a frame, not by colour."""
        if not best:
            return f'<td class="cm-permutations-count">{count}</td>'
        return (
            f'<td class="cm-permutations-count cm-permutations-best">{count}'
            '<span class="cm-permutations-star"> ★</span></td>'
        )

    @staticmethod
    def _points(largest: int, score: int) -> str:
        """``6`` with its working, ``= 3 × 4 ÷ 2``: the triangular number of the max."""
        return (
            f'<span class="cm-permutations-points">{score}</span>'
            f'<span class="cm-permutations-working"> = {largest} × {largest + 1} ÷ 2</span>'
        )

    # --- scores ----------------------------------------------------------------------

    def scores(self, session: Session) -> Sequence[int]:
        return list(session.observation(0).totals)

    def scoreboard(self, session: Session) -> str:
        """The tally, always on screen: colour counts this round, max, the score if the
        round ended now, totals, and what each player is doing."""
        viewer = self.viewer(session)
        seen = session.observation(0 if viewer is None else viewer)
        piles = self.visible_piles(
            session, seen, seen.round_number, viewer, in_progress=seen.drafts
        )
        result = None
        if seen.is_terminal:
            caption = f"The end: round {seen.round_number}'s colours and the final totals"
            winners: Sequence[int] = session.outcome().winners
            result = seen.rounds[-1]
        else:
            caption = (
                f"{self._where(seen)}: colours drafted this round; score now = the points "
                "if the round ended now"
            )
            winners = ()
        return self.tally_html(
            session,
            seen,
            piles,
            caption=caption,
            result=result,
            notes=list(self.score_notes(session)),
            winners=winners,
        )

    def score_notes(self, session: Session) -> Sequence[str]:
        seen = session.observation(0)  # public fields only
        if seen.is_terminal:
            return ()
        if seen.phase == "bid":
            return [
                "bid chosen"
                if chosen
                else ("choosing a bid" if player == seen.current_player else "to bid")
                for player, chosen in enumerate(seen.has_bid)
            ]
        order = drafting_order(seen.revealed_bids)  # type: ignore[arg-type]
        notes = []
        for player in range(seen.players):
            taken = seen.drafts[player]
            if taken is not None:
                notes.append(f"took {taken}")
            elif player == seen.current_player:
                notes.append("drafting now")
            else:
                notes.append(f"drafts {ordinal(order.index(player) + 1)}")
        return notes

    # --- pictures --------------------------------------------------------------------

    def short_name(self, player: int) -> str:
        """A name short enough for a caption under a card: "Computer 2", "The class"."""
        return self.view.name(player).split(" (")[0]

    def _bid_slot(self, seen: PermutationsObservation, player: int) -> Slot:
        name = self.short_name(player)
        if seen.has_bid[player]:
            return slot(
                None,
                id=f"bid-{player}",
                disabled=True,
                caption=name,
                label=f"{name}: a secret bid, face down",
            )
        doing = "choosing" if player == seen.current_player else "to bid"
        return slot(
            None,
            id=f"bid-{player}",
            place=doing,
            disabled=True,
            caption=name,
            label=f"{name}: {doing}",
        )

    def _pile_row(self, seen: PermutationsObservation, whose: str) -> dict[str, list[Slot]]:
        pile = seen.piles[seen.player]
        title = f"{whose} drafted cards, round {seen.round_number}"
        if not pile:
            return {title: [slot(None, id="pile-none", place="none yet", disabled=True)]}
        return {title: [_card_slot(card, "pile") for card in _by_colour(pile)]}

    def _where(self, seen: PermutationsObservation) -> str:
        return f"Round {seen.round_number}, auction {seen.auction} of {AUCTIONS_PER_ROUND}"

    def picture(self, session: Session, player: int) -> Picture:
        seen = session.observation(player)
        name = self.view.name(player)
        whose = possessive(name)
        legal = set(seen.legal_actions)
        rows: dict[str, list[Slot]] = {}
        if seen.phase == "bid":
            rows[f"Pool: {len(seen.pool)} cards, one for each player"] = [
                _card_slot(card, "pool") for card in seen.pool
            ]
            rows["Bids: secret until everyone has chosen"] = [
                self._bid_slot(seen, p) for p in range(seen.players)
            ]
            rows[f"{whose} hand: click a card to bid it"] = [
                _card_slot(card, "hand", disabled=Bid(card) not in legal)
                for card in _by_colour(seen.hand)
            ]
            rows.update(self._pile_row(seen, whose))
            choose = (
                "agree on a secret bid, then click it"
                if name == "The class"
                else ("choose a secret bid")
            )
            prompt = (
                f"{name}: {choose}. The highest bid drafts first; every bid joins the next pool."
            )
        else:
            order = drafting_order(seen.revealed_bids)  # type: ignore[arg-type]
            bids = []
            for rank, bidder in enumerate(order, start=1):
                bid = seen.revealed_bids[bidder]
                taken = seen.drafts[bidder]
                who = self.short_name(bidder)
                note = f", took {taken}" if taken is not None else ""
                bids.append(
                    slot(
                        bid,
                        id=f"bid-{bidder}",
                        disabled=True,
                        caption=f"{ordinal(rank)}: {who}{note}",
                        label=f"{ordinal(rank)} to draft: {who}, bid {bid}{note}",
                    )
                )
            rows["Bids, highest first: the order of the draft"] = bids
            rows["Pool: click a card to draft it"] = [
                _card_slot(card, "pool", disabled=Draft(card) not in legal) for card in seen.pool
            ]
            rows.update(self._pile_row(seen, whose))
            rows[f"{whose} hand (for the next auctions)"] = [
                _card_slot(card, "hand") for card in _by_colour(seen.hand)
            ]
            place = ordinal(order.index(player) + 1)
            bid = seen.revealed_bids[player]
            drafts = "draft" if name == "You" else "drafts"
            prompt = f"{name} bid {bid} and {drafts} {place}: click a card in the pool to take it."
        return Picture(prompt=prompt, rows=rows)

    def waiting(self, session: Session) -> Picture:
        return Picture(prompt="The computer players are choosing.")

    # --- clicks ----------------------------------------------------------------------

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        seen = session.observation(player)
        kind, _, number = card_id.partition("-")
        if not number.isdigit():
            return None
        if kind == "hand" and seen.phase == "bid":
            cards: Sequence[NumberCard] = seen.hand
            make: type[Bid] | type[Draft] = Bid
        elif kind == "pool" and seen.phase == "draft":
            cards, make = seen.pool, Draft
        else:
            return None
        card = next((c for c in cards if c.number == int(number)), None)
        return None if card is None else make(card)

    # --- what the table sees before play goes on ---------------------------------------

    def pause(self, session: Session, before: Any, action: Any, after: Any) -> Announcement | None:
        seen_before = before.observation(0)
        seen_after = after.observation(0)
        if isinstance(action, Bid) and seen_after.phase == "draft" and seen_before.phase == "bid":
            return self.reveal(session, seen_after)
        if isinstance(action, Draft) and seen_after.last_auction is not seen_before.last_auction:
            finished_round = len(seen_after.rounds) > len(seen_before.rounds)
            return self.drafted(session, seen_after, round_over=finished_round)
        return None

    def reveal(self, session: Session, seen: PermutationsObservation) -> Announcement:
        """Every bid at once, highest first: the order of the draft."""
        order = drafting_order(seen.revealed_bids)  # type: ignore[arg-type]
        boxes = []
        for rank, player in enumerate(order, start=1):
            bid = seen.revealed_bids[player]
            assert bid is not None
            boxes.append(
                f'<div class="cm-permutations-bid"><div class="cm-permutations-who">'
                f"{escape(self.view.name(player))}</div>{card_svg(bid, width=120)}"
                f'<div class="cm-permutations-rank">bid {bid.number}: drafts '
                f"<b>{ordinal(rank)}</b></div></div>"
            )
        html = (
            f'<div class="cm-permutations-reveal">{"".join(boxes)}</div>'
            f'<div class="cm-permutations-pool-line"><span>They draft from the pool:</span>'
            f"{_cards_html(seen.pool, 70)}</div>"
        )
        return Announcement(
            title=f"{self._where(seen)}: the bids are revealed",
            html=html,
            continue_label="Draft, highest bid first",
        )

    def drafted(
        self, session: Session, seen: PermutationsObservation, *, round_over: bool
    ) -> Announcement:
        """The auction's draft, highest bid first, and the round's scores when it ends it."""
        auction = seen.last_auction
        assert auction is not None
        steps = []
        for step, player in enumerate(auction.order):
            steps.append(
                f'<div class="cm-permutations-step" style="--cm-permutations-step: {step}">'
                f'<div class="cm-permutations-who">{ordinal(step + 1)}: '
                f"{escape(self.view.name(player))}</div>"
                f'<div class="cm-permutations-move"><span class="cm-permutations-label">bid</span>'
                f"{card_svg(auction.bids[player], width=64)}"
                f'<span class="cm-permutations-arrow" aria-hidden="true">→</span>'
                f'<span class="cm-permutations-label">took</span>'
                f'<span class="cm-permutations-took">{card_svg(auction.drafts[player], width=96)}'
                "</span></div></div>"
            )
        html = f'<div class="cm-permutations-drafts">{"".join(steps)}</div>'
        where = f"Round {auction.round_number}, auction {auction.auction} of {AUCTIONS_PER_ROUND}"
        if not round_over:
            html += (
                '<div class="cm-permutations-pool-line"><span>These bids are the next pool:'
                f"</span>{_cards_html(sorted(auction.bids), 70)}</div>"
            )
            return Announcement(
                title=f"{where}: the draft",
                html=html,
                continue_label=f"Next auction ({seen.auction} of {AUCTIONS_PER_ROUND})",
            )
        return self.round_over(session, seen, html)

    def round_over(
        self, session: Session, seen: PermutationsObservation, before: str = ""
    ) -> Announcement:
        """A round's scores (the engine's), and the winner if the game is over."""
        result = seen.rounds[-1]
        piles = self.visible_piles(session, seen, result.round_number, self.viewer(session))
        html = before + self.tally_html(
            session,
            seen,
            piles,
            caption=f"Round {result.round_number}: each max scores max × (max + 1) ÷ 2",
            result=result,
        )
        if not seen.is_terminal:
            html += (
                '<div class="cm-permutations-pool-line">The cards each player drafted are '
                "their hand for the next round; the last bids are its first pool.</div>"
            )
            return Announcement(
                title=f"Round {result.round_number} is over",
                html=html,
                continue_label=f"Round {result.round_number + 1}",
            )
        outcome = session.outcome()
        best = outcome.scores[outcome.winners[0]]
        rounds = len(seen.rounds)
        html += (
            f'<div class="cm-permutations-pool-line">{counted(best, "point")} after {rounds} '
            f"{plural(rounds, 'round')}: {escape(outcome.reason)}, and the highest total "
            "wins.</div>"
        )
        return Announcement(
            title=f"Game over: {self.view.winners_text(outcome.winners)}.",
            html=html,
            continue_label="New game",
            good_news=any(player in session.humans for player in outcome.winners),
            final=True,
        )

    def finished(self, session: Session) -> Announcement:
        seen = session.observation(0)
        if seen.rounds:
            return self.round_over(session, seen)
        return super().finished(session)
