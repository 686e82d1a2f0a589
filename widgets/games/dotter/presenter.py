"""Dotter at the play table: hidden rows, peeks, scores with a guess, Jokers, the lap board.

The presenter reads the observation of the person at the screen: the faces of cards they
have looked at and no others, which moves are legal, the lap board. It keeps what the
person has chosen but not played yet (cards, a guess, what the Jokers stand for) and
turns a press into an engine action. Every rule, score and sentence comes from
:mod:`cardmath.games.dotter` (``turn_story``, ``explain_score``, ``joker_choices``,
``guess_odds``) and the lap board from :mod:`cardmath.games.dotter_board`.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, cast

from cardmath.cards import Card
from cardmath.errors import CardMathError
from cardmath.games.dotter import (
    GUESSES,
    Draw,
    Give,
    Jokers,
    Pass,
    Peek,
    Score,
    explain_score,
    guess_odds,
    joker_choices,
    possessive,
    rank_number,
    turn_story,
)
from cardmath.games.dotter_board import LapBoard
from cardmath.svg import card_svg
from cardmath.wording import counted, fraction_text, rank_letter
from widgets.components.cardtable import slot
from widgets.components.scoreboard import Figure
from widgets.frame.playview import Announcement, Move, Picture, Presenter

if TYPE_CHECKING:
    from cardmath.games.dotter import DotterState
    from cardmath.session import Session

__all__ = ["DotterPresenter"]

RECENT = 8
"""How many of the latest moves the table retells."""


def _card_id(owner: int, label: str) -> str:
    return f"p{owner}-{label}"


def _hand_html(cards: Sequence[Card], width: int = 52) -> str:
    pictures = "".join(card_svg(card, width=width) for card in cards)
    return f'<span class="cm-dotter-hand">{pictures}</span>'


class DotterPresenter(Presenter):
    """Choose two cards to peek at, three to score (with a guess), or draw; say what the
    Jokers stand for; read every score explained and the lap board."""

    game = "dotter"
    unit = "lap"
    bot_title = "Computer"

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        view.add_class("cm-dotter-play")
        self.chosen: list[tuple[int, str]] = []
        self.guess = ""
        self.jokers: list[int] = []
        self.jokers_for: int | None = None
        self.note = ""

    def reset(self) -> None:
        self.chosen = []
        self.guess = ""
        self.jokers = []
        self.jokers_for = None
        self.note = ""

    # --- scores --------------------------------------------------------------------------

    def scores(self, session: Session) -> Sequence[int]:
        return list(cast("DotterState", session.state).laps)

    def score_notes(self, session: Session) -> Sequence[str]:
        board = self._board(session.state)
        notes = []
        for seat in range(len(board.names)):
            if seat == board.holder:
                notes.append("on the peg")
            elif board.waiting(seat):
                notes.append(f"{board.points[seat]} points, waits at {board.lap_length - 1}")
            else:
                notes.append(f"{counted(board.points[seat], 'point')} in this lap")
        return notes

    def _names_for(self, player: int) -> list[str]:
        """The players' names as ``player`` reads them: with several people at one screen,
        the person looking is "You" (their cards are "your" cards)."""
        names = list(self.view.names)
        session = self.view.session
        if session is not None and len(session.humans) > 1 and 0 <= player < len(names):
            names[player] = "You"
        return names

    def _you(self, player: int) -> int:
        """The seat this screen speaks to as "you" when ``player`` looks: a person
        playing (the class, playing as one, is spoken of as "the class"), or -1."""
        session = self.view.session
        if session is None or player not in session.humans or self.view.audience == "class":
            return -1
        return player

    def _said(self) -> list[str]:
        """The players' names as said in the middle of a sentence ("the class")."""
        names = list(self.view.names)
        session = self.view.session
        if session is not None and self.view.audience == "class":
            for seat in session.humans:
                names[seat] = "the class"
        return names

    def _whose(self, player: int, owner: int) -> str:
        """``owner``'s, said to ``player``: "your", "the class's", "Computer 2's"."""
        return possessive(self._said()[owner], you=owner == self._you(player))

    def _board(self, table: Any, **kwargs: Any) -> LapBoard:
        return LapBoard.of(table, self.view.names, **kwargs)

    # --- what the person at the screen sees -----------------------------------------------

    def _figures(self, seen: Any, player: int) -> list[Figure]:
        figures = [
            Figure("Deck", seen.deck_size, "cards", "cm-dotter-deck"),
            Figure("Round", seen.round_number, "", "cm-round"),
        ]
        limit = seen.options.scoring_limit
        if limit:
            left = max(0, limit - seen.scorings[player])
            figures.append(Figure("Scorings left", left, f"of {limit}", "cm-dotter-scorings"))
        return figures

    def waiting(self, session: Session) -> Picture:
        state = session.state
        if state.is_terminal:
            return Picture()
        return Picture(
            prompt="The computer players are thinking.",
            figures=self._figures(state.observation(state.current_player), state.current_player),
            panel=self._board(state).svg(),
        )

    def picture(self, session: Session, player: int) -> Picture:
        seen = session.observation(player)
        if seen.pending is not None:
            return self._choose_jokers(session, player, seen)
        names = self._names_for(player)
        legal = seen.legal_actions
        choosable = self._choosable(legal, player)
        self.chosen = [key for key in self.chosen if key in choosable]
        rows: dict[str, list[Any]] = {}
        deck_label = f"the deck, {counted(seen.deck_size, 'card')}"
        if seen.deck_size:
            can_draw = Draw() in legal and seen.gift is None
            rows["Deck"] = [
                slot(
                    None,
                    id="deck",
                    caption=f"{seen.deck_size} left",
                    label=f"{deck_label}: press to draw three" if can_draw else deck_label,
                    disabled=not can_draw,
                )
            ]
        order = [player] + [p for p in range(len(names)) if p != player]
        for owner in order:
            for number, cards in self._rows_of(seen.areas[owner]):
                title = f"{names[owner]} · row {number}"
                rows[title] = [self._slot(seen, player, owner, card, choosable) for card in cards]
        moves = self._moves(seen, player, legal)
        prompt = self._prompt(seen, player, legal)
        refusal = self._refusal(session, seen, legal)
        if refusal:
            prompt = f"{prompt} {refusal}"
        # the choice is drawn as the table's selection: raised, ringed cards
        self.view.table.selected = [_card_id(owner, label) for owner, label in self.chosen]
        return Picture(
            prompt=prompt,
            figures=self._figures(seen, player),
            rows=rows,
            moves=moves,
            panel=self._panel(session, player, seen),
            selection="multiple",
        )

    def _refusal(self, session: Session, seen: Any, legal: Sequence[Any]) -> str:
        """Why the chosen cards cannot be peeked at or scored, in the engine's words."""
        owner, places = self._chosen_places(seen)
        if owner is None or len(places) not in (2, 3):
            return ""
        action = Peek(owner, places) if len(places) == 2 else Score(owner, places, self.guess)
        if action in legal or any(isinstance(a, Give) for a in legal):
            return ""
        try:
            session.state.apply(action)
        except CardMathError as error:
            verb = "Peek" if len(places) == 2 else "Score"
            return f"{verb}: {error}."
        return ""

    @staticmethod
    def _rows_of(area: Sequence[Any]) -> list[tuple[int, list[Any]]]:
        rows: dict[int, list[Any]] = {}
        for card in area:
            rows.setdefault(int(card.label[:-1]), []).append(card)
        return sorted(rows.items())

    @staticmethod
    def _choosable(legal: Sequence[Any], player: int) -> set[tuple[int, str]]:
        """Cards that some legal peek, score or gift uses (the others cannot be chosen)."""
        found: set[tuple[int, str]] = set()
        for action in legal:
            if isinstance(action, Peek | Score):
                found.update((action.owner, label) for label in action.places)
            elif isinstance(action, Give):
                found.update((player, label) for label in action.places)
        return found

    def _slot(self, seen: Any, player: int, owner: int, card: Any, choosable: set) -> Any:
        names = self._names_for(player)
        key = (owner, card.label)
        chosen = key in self.chosen
        caption = [card.label]
        spoken = [f"{self._whose(player, owner)} {card.label}"]
        if chosen:
            caption.append("✔ chosen")
            spoken.append("chosen")
        if card.new:
            caption.append("new")
            spoken.append("new: not yet scorable" if seen.options.new_cards_wait else "new")
        if card.protected:
            caption.append("bank")
            spoken.append("in the bank")
        lookers = sorted(card.seen_by - {player})
        if lookers:
            caption.append("seen by " + ", ".join(str(p + 1) for p in lookers))
            spoken.append("seen by " + ", ".join(names[p] for p in lookers))
        face = card.card
        if face is not None:
            value = "any" if face.is_joker else None
            rank = ", any rank" if face.is_joker else ""
            spoken.insert(1, f"{face.name}{rank} (you have seen it)")
        else:
            value = None
            spoken.insert(1, "face down")
        return slot(
            face,
            id=_card_id(owner, card.label),
            value=value,
            face_down=face is None,
            caption=" · ".join(caption),
            label=", ".join(spoken),
            disabled=key not in choosable,
        )

    def _chosen_places(self, seen: Any) -> tuple[int | None, tuple[str, ...]]:
        """The owner of the chosen cards and their places in table order."""
        if not self.chosen:
            return None, ()
        owner = self.chosen[0][0]
        labels = {label for who, label in self.chosen if who == owner}
        places = tuple(card.label for card in seen.areas[owner] if card.label in labels)
        return owner, places

    def _moves(self, seen: Any, player: int, legal: Sequence[Any]) -> list[Move]:
        names = self.view.names
        owner, places = self._chosen_places(seen)
        moves: list[Move] = []
        if Draw() in legal:
            moves.append(Move("draw", "Draw three cards", "" if places else "primary"))
        if len(places) == 2 and owner is not None:
            peek = Peek(owner, places)
            moves.append(Move("peek", "Peek at these 2", "primary", disabled=peek not in legal))
        if len(places) == 3 and owner is not None:
            score = Score(owner, places, self.guess)
            for guess in ("", *GUESSES):
                label = f"Guess {guess}" if guess else "No guess"
                picked = guess == self.guess
                moves.append(
                    Move(
                        f"guess-{guess or 'none'}",
                        f"✓ {label}" if picked else label,
                        "success" if picked else "",
                    )
                )
            what = f"Score these 3, guess {self.guess}" if self.guess else "Score these 3"
            moves.append(Move("score", what, "primary", disabled=score not in legal))
            if owner == player:
                for receiver in range(len(names)):
                    if Give(places, receiver) in legal:
                        moves.append(Move(f"give-{receiver}", f"Give these 3 to {names[receiver]}"))
        if places:
            moves.append(Move("clear", "Clear my choice"))
        if Pass() in legal:
            moves.append(Move("pass", "Pass (no other move is possible)", "primary"))
        return moves

    def _prompt(self, seen: Any, player: int, legal: Sequence[Any]) -> str:
        you = self.view.name(player)
        names = self._names_for(player)
        owner, places = self._chosen_places(seen)
        if self.note:
            return self.note
        if seen.gift is not None:
            return (
                f"{you}: you gave three cards to {names[seen.gift.receiver]}; now choose three "
                "cards of one player to score."
            )
        if places and owner is not None:
            whose = self._whose(player, owner)
            listed = ", ".join(places[:-1]) + f" and {places[-1]}" if len(places) > 1 else places[0]
            chosen = f"Chosen: {whose} {listed}."
            if len(places) == 1:
                return f"{chosen} Choose another to peek at two, or two more to score three."
            if len(places) == 2:
                return f"{chosen} Peek at them, or choose a third card to score."
            return f"{chosen} Guess or not, then score them."
        if Pass() in legal:
            return f"{you}: you can neither draw, peek nor score: pass."
        gives = any(isinstance(action, Give) for action in legal)
        scoring = any(isinstance(action, Score) for action in legal)
        parts = []
        if Draw() in legal:
            parts.append("draw three cards (press the deck)")
        if any(isinstance(action, Peek) for action in legal):
            parts.append("choose two cards of one player to peek at")
        if scoring:
            parts.append("three to score")
        elif gives:
            parts.append("three of yours to give away and score once more")
        if len(parts) == 1:
            return f"{you}: {parts[0]}."
        return f"{you}: {', '.join(parts[:-1])} or {parts[-1]}."

    # --- the table's story and the lap board -------------------------------------------------

    def stories(self, session: Session, player: int) -> list[Any]:
        """The latest moves told to ``player``: since the start of their last turn (at
        most the last few); a score waiting for its Jokers is told by the choice."""
        moves = session.moves
        start = max(0, len(moves) - RECENT)
        last = next((i for i in range(len(moves) - 1, -1, -1) if moves[i].player == player), None)
        if last is not None:
            while last > 0 and moves[last - 1].player == player:
                last -= 1
            start = max(start, last)
        told = []
        said = self._said()
        for index in range(start, len(moves)):
            move = moves[index]
            following = moves[index + 1] if index + 1 < len(moves) else None
            if (
                isinstance(move.action, Score)
                and cast("DotterState", move.after).pending is not None
                and following is not None
                and isinstance(following.action, Jokers)
            ):
                continue  # told with the Joker choice that finishes it
            before, after = cast("DotterState", move.before), cast("DotterState", move.after)
            told.append(turn_story(before, move.action, after, player, said, self._you(player)))
        return told

    def _stories_html(self, stories: Sequence[Any], title: str, card_width: int = 52) -> str:
        if not stories:
            return ""
        items = []
        for story in stories:
            hand = _hand_html(story.cards, card_width) if story.cards else ""
            lines = "".join(f"<li>{escape(line)}</li>" for line in story.lines)
            lines = f'<ul class="cm-dotter-lines">{lines}</ul>' if lines else ""
            notes = "".join(
                f'<div class="cm-dotter-note">{escape(note)}</div>' for note in story.notes
            )
            css = f"cm-dotter-story cm-dotter-{story.kind.replace(' ', '-')}"
            items.append(
                f'<li class="{css}"><div class="cm-dotter-said">{escape(story.text)}</div>'
                f'<div class="cm-dotter-told">{hand}{lines}</div>{notes}</li>'
            )
        return (
            f'<section class="cm-dotter-recent" aria-label="{escape(title)}">'
            f'<div class="cm-dotter-heading">{escape(title)}</div><ol>{"".join(items)}</ol>'
            "</section>"
        )

    def _panel(self, session: Session, player: int, seen: Any) -> str:
        odds = self._odds_html(seen, player)
        board = f'<div class="cm-dotter-board">{self._board(seen).svg()}</div>'
        told = self._stories_html(self.stories(session, player), "What happened")
        return f'{odds}<div class="cm-dotter-panel">{board}{told}</div>'

    def _odds_html(self, seen: Any, player: int) -> str:
        """With the display setting on and three cards chosen: each guess's exact chance
        and worth, from what the person has seen (the engine's exact computation)."""
        if not self.view.dashboard.display.get("odds"):
            return ""
        owner, places = self._chosen_places(seen)
        if len(places) != 3 or owner is None:
            return ""
        cards = [card for card in seen.areas[owner] if card.label in places]
        known = tuple(rank_number(card.card) for card in cards if card.card is not None)
        try:
            table = guess_odds(known, seen.unseen_pool(), owner == player)
        except CardMathError:
            return ""
        rows = []
        best = max(odds.expected for odds in table)
        for odds in table:
            name = f"guess {odds.guess}" if odds.guess else "no guess"
            mark = " ★ best" if odds.expected == best else ""
            rows.append(
                f"<tr><th scope='row'>{escape(name)}{mark}</th>"
                f"<td>{fraction_text(odds.chance)}</td><td>{float(odds.chance):.0%}</td>"
                f"<td>{fraction_text(odds.expected)}</td><td>{float(odds.expected):.1f}</td></tr>"
            )
        seen_count = len(known)
        return (
            '<table class="cm-dotter-odds"><caption>What each guess is worth for these three '
            f"cards ({seen_count} of them seen)</caption><tr><th>choice</th><th>chance right</th>"
            "<th></th><th>expected points</th><th></th></tr>"
            f"{''.join(rows)}</table>"
        )

    # --- the Jokers -------------------------------------------------------------------------

    def _choose_jokers(self, session: Session, player: int, seen: Any) -> Picture:
        pending = seen.pending
        own = pending.owner == player
        choices = joker_choices(pending.cards, pending.guess or None, own)
        key = len(session.moves)
        if self.jokers_for != key:
            self.jokers = list(choices[0].ranks)
            self.jokers_for = key
        count = len(self.jokers)
        chosen = next(c for c in choices if c.ranks == tuple(sorted(self.jokers)))
        whose = self._whose(player, pending.owner)
        turned = [
            slot(card, id=f"up-{index}", value="any" if card.is_joker else None, disabled=True,
                 caption=label)
            for index, (card, label) in enumerate(zip(pending.cards, pending.places, strict=True))
        ]  # fmt: skip
        moves = []
        for index in range(count):
            others = [rank for i, rank in enumerate(self.jokers) if i != index]
            for rank in range(1, 14):
                picked = self.jokers[index] == rank
                points = next(
                    c.score.points for c in choices if c.ranks == tuple(sorted([*others, rank]))
                )
                label = f"{rank_letter(rank)}: {points}"
                moves.append(
                    Move(
                        f"joker-{index}-{rank}",
                        f"✓ {label}" if picked else label,
                        "success" if picked else "",
                    )
                )
        points = chosen.score.points
        moves.append(Move("jokers", f"Score {counted(points, 'point')}: {chosen.text}", "primary"))
        guess = f", guess {pending.guess}" if pending.guess else ""
        joker_word = "the Joker stands" if count == 1 else "each Joker stands"
        prompt = (
            f"{self.view.name(player)}: the cards are turned up{guess}. Say what {joker_word} "
            f"for (the buttons show the points of each choice), then score."
        )
        lines = explain_score(
            pending.cards, pending.guess or None, own, tuple(self.jokers), f"{whose}"
        )
        best = choices[0]
        panel = (
            '<section class="cm-dotter-jokers" aria-label="Your Joker choice">'
            f'<div class="cm-dotter-heading">{escape(chosen.text)}: '
            f"{counted(points, 'point')}</div>"
            f'<ul class="cm-dotter-lines">{"".join(f"<li>{escape(x)}</li>" for x in lines)}</ul>'
            f'<div class="cm-dotter-note">The most points: {escape(best.text)}, '
            f"{counted(best.score.points, 'point')}.</div></section>"
        )
        rows = {f"Turned up from {whose} cards": turned}
        self.view.table.selected = []
        return Picture(
            prompt=prompt,
            figures=self._figures(seen, player),
            rows=rows,
            moves=moves,
            panel=panel + f'<div class="cm-dotter-board">{self._board(seen).svg()}</div>',
        )

    # --- clicks -------------------------------------------------------------------------------

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        seen = session.observation(player)
        if seen.pending is not None:
            return None
        if card_id == "deck":
            return Draw() if Draw() in seen.legal_actions else None
        owner_text, _, label = card_id.partition("-")
        if not owner_text.startswith("p") or not owner_text[1:].isdigit():
            return None
        owner = int(owner_text[1:])
        if not 0 <= owner < len(seen.areas):
            return None
        if not any(card.label == label for card in seen.areas[owner]):
            return None
        key = (owner, label)
        self.note = ""
        if key in self.chosen:
            self.chosen.remove(key)
        elif self.chosen and self.chosen[0][0] != owner:
            self.chosen = [key]
            self.note = (
                "Cards are peeked at and scored from one player at a time: your choice starts "
                f"again with {self._whose(player, owner)} {label}."
            )
        else:
            self.chosen.append(key)
            if len(self.chosen) > 3:
                dropped = self.chosen.pop(0)
                self.note = (
                    f"Three cards at most: {dropped[1]} is no longer chosen. "
                    "Guess or not, then score them."
                )
        return None

    def move(self, session: Session, player: int, key: str) -> Any | None:
        seen = session.observation(player)
        if seen.pending is not None:
            return self._joker_move(seen, key)
        owner, places = self._chosen_places(seen)
        if key == "draw":
            return Draw()
        if key == "pass":
            return Pass()
        if key == "clear":
            self.chosen, self.guess, self.note = [], "", ""
            return None
        if key.startswith("guess-"):
            guess = key.removeprefix("guess-")
            self.guess = "" if guess == "none" else guess
            return None
        if owner is None:
            return None
        if key == "peek" and len(places) == 2:
            return Peek(owner, places)
        if key == "score" and len(places) == 3:
            return Score(owner, places, self.guess)
        if key.startswith("give-") and len(places) == 3:
            receiver = key.removeprefix("give-")
            if receiver.isdigit():
                return Give(places, int(receiver))
        return None

    def _joker_move(self, seen: Any, key: str) -> Any | None:
        if key == "jokers":
            return Jokers(tuple(sorted(self.jokers)))
        parts = key.split("-")
        if len(parts) == 3 and parts[0] == "joker" and parts[1].isdigit() and parts[2].isdigit():
            index, rank = int(parts[1]), int(parts[2])
            if 0 <= index < len(self.jokers) and 1 <= rank <= 13:
                self.jokers[index] = rank
        return None

    # --- announcements -------------------------------------------------------------------------

    def pause(self, session: Session, before: Any, action: Any, after: Any) -> Announcement | None:
        if after.last_round is not before.last_round and after.last_round is not None:
            return self.round_over(session, after)
        actor = before.to_move
        if isinstance(action, Peek) and actor in session.humans and len(session.humans) > 1:
            story = turn_story(before, action, after, actor, self._said(), self._you(actor))
            return Announcement(
                title=f"{self.view.name(actor)}: remember these two cards.",
                html=self._stories_html([story], "Your peek", card_width=110)
                + '<p class="cm-dotter-note">Only you see them. Press the button, then pass '
                "the screen on.</p>",
                continue_label="I have seen them: hide them",
            )
        return None

    def round_over(self, session: Session, after: Any) -> Announcement:
        """The end of a round: lap points compared, the leaders keep theirs."""
        ended = after.last_round
        names = self.view.names
        board = LapBoard(
            names=tuple(names),
            laps=ended.laps,
            points=ended.points,
            lap_length=after.options.lap_length,
            laps_to_win=after.options.laps_to_win,
            leaders=ended.leaders,
            title=f"End of round {ended.round_number}",
        )
        rows = []
        for seat, name in enumerate(names):
            lead = seat in ended.leaders
            on_peg = ended.points[seat] == after.options.lap_length
            at_end = "on the peg: counts 0" if on_peg else str(ended.lap_points[seat])
            kept = ended.kept[seat]
            verdict = "★ leads: keeps" if lead else "back to 0"
            css = ' class="cm-winner"' if lead else ""
            rows.append(
                f"<tr{css}><th scope='row'>{escape(name)}</th><td>{ended.laps[seat]}</td>"
                f"<td>{escape(at_end)}</td><td>{escape(verdict)}</td><td>{kept}</td></tr>"
            )
        table = (
            '<table class="cm-showdown-table cm-dotter-retention"><caption>Only the leaders of '
            "the lap keep their lap points; completed laps are never lost.</caption><tr>"
            "<th>Player</th><th>Laps</th><th>Lap points</th><th></th><th>Starts with</th></tr>"
            f"{''.join(rows)}</table>"
        )
        last = self._stories_html(self._public_stories(session), "How the round ended")
        people = [p for p in ended.leaders if p in session.humans]
        over = after.is_terminal
        title = f"Round {ended.round_number} is over."
        if over:
            title += f" {self.view.winners_text(session.outcome().winners).capitalize()}."
        return Announcement(
            title=title,
            html=f'<div class="cm-dotter-board">{board.svg()}</div>{table}{last}',
            continue_label="New game" if over else f"Start round {ended.round_number + 1}",
            final=over,
            good_news=bool(people),
            figures=(Figure("Round", ended.round_number, "over", "cm-round"),),
        )

    def _public_stories(self, session: Session) -> list[Any]:
        """The last moves as everyone may know them (no peeked faces)."""
        moves = session.moves[-RECENT:]
        said = self._said()
        # Told to everyone: "you" only when one person plays (not the class).
        you = self._you(session.humans[0]) if len(session.humans) == 1 else -1
        told = []
        for index, move in enumerate(moves):
            following = moves[index + 1] if index + 1 < len(moves) else None
            if (
                isinstance(move.action, Score)
                and cast("DotterState", move.after).pending is not None
                and following is not None
                and isinstance(following.action, Jokers)
            ):
                continue
            before, after = cast("DotterState", move.before), cast("DotterState", move.after)
            told.append(turn_story(before, move.action, after, -1, said, you))
        return told

    def finished(self, session: Session) -> Announcement:
        state = cast("DotterState", session.state)
        if state.winner < 0 and state.last_round is not None:
            return self.round_over(session, state)
        outcome = session.outcome()
        people = [p for p in outcome.winners if p in session.humans]
        # the heading says the game is over; a longer title than the board's own runs
        # into the scale's numbers on the projector
        board = self._board(state)
        return Announcement(
            title=f"Game over: {self.view.winners_text(outcome.winners)}.",
            html=f'<div class="cm-dotter-board">{board.svg()}</div>'
            + self._stories_html(self._public_stories(session), "The last moves"),
            continue_label="New game",
            good_news=bool(people),
        )
