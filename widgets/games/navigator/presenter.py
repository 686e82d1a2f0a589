"""Navigator at the play table: what a navigator sees, and what a click plays.

Everything comes from the engine (:mod:`cardmath.games.navigator`): the observation
says which Data Packet cards may be kept, the declaration is built from the typed
expression by :func:`cardmath.games.navigator_declare.declaration_from_text`, the
showdown's verdicts and chips are the engine's round result, and the best possible
answer is :func:`cardmath.games.navigator_rules.best_vector_set`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w

from cardmath.errors import ExpressionError
from cardmath.expr import parse, show_number
from cardmath.games.navigator import BuyMap, PassMap, Pick, RoundResult
from cardmath.games.navigator_declare import declaration_from_text
from cardmath.games.navigator_rules import (
    best_vector_set,
    card_names,
    card_values,
    possible_phantoms,
    typed_names,
)
from cardmath.wording import counted
from widgets.components.builder import ExpressionBuilder, Feedback
from widgets.components.cardtable import slot
from widgets.components.explanation import explain as explain_tree
from widgets.components.explanation import sympy_latex
from widgets.components.scoreboard import Figure
from widgets.frame.playview import Announcement, Move, Picture, Presenter

if TYPE_CHECKING:
    from cardmath.games.navigator import NavigatorState
    from cardmath.session import Session

__all__ = ["NavigatorPresenter", "values_text"]


def values_text(values: Sequence[int]) -> str:
    """A card's values as a student reads them: ``"1 or 100"``."""
    return " or ".join(show_number(value) for value in values)


def _verb(name: str, verb: str) -> str:
    """``verb`` agreeing with ``name`` ("You pay", "Navigator 2 pays")."""
    if name != "You":
        return verb
    return {"has": "have", "is": "are", "wins": "win"}.get(verb, verb.removesuffix("s"))


class NavigatorPresenter(Presenter):
    """Draft by clicking a Data Packet card; declare with the expression builder."""

    game = "navigator"
    unit = "chip"
    drawn_scores = True
    bot_title = "Navigator"

    def __init__(self, view: Any) -> None:
        super().__init__(view)
        self.locking = False
        self._builder: ExpressionBuilder | None = None
        self._declared_value: w.IntText | None = None
        self._declare_box: w.VBox | None = None
        self._builder_for: tuple[int, int, int] | None = None

    # --- the declaration's tools, made the first time a navigator declares ------------------
    # (a page opens on the draft: the builder's keys, box and cards are not sent before)

    @property
    def builder(self) -> ExpressionBuilder:
        """The expression builder the person at the screen declares with (one, reused)."""
        if self._builder is None:
            self._builder = ExpressionBuilder(checker=self._declare, check_label="Declare")
        return self._builder

    @property
    def declared_value(self) -> w.IntText:
        """The number a navigator says their expression makes ("Students say their
        number" in Settings)."""
        if self._declared_value is None:
            self._declared_value = w.IntText(value=0, description="My number")
            self._declared_value.add_class("cm-declared-value")
        return self._declared_value

    def _declare_tool(self, own: bool) -> w.Widget:
        """The builder, with the number box under it when navigators say their number."""
        if not own:
            return self.builder
        if self._declare_box is None:
            self._declare_box = w.VBox([self.builder, self.declared_value])
            self._declare_box.add_class("cm-declare-box")
        return self._declare_box

    # --- scores --------------------------------------------------------------------------

    def scores(self, session: Session) -> Sequence[int]:
        return list(cast("NavigatorState", session.state).chips)

    def score_notes(self, session: Session) -> Sequence[str]:
        state = cast("NavigatorState", session.state)
        notes = []
        for seat in range(state.num_players):
            parts = []
            if seat == state.initiative and not state.is_terminal:
                parts.append("initiative")
            if state.map_owner == seat:
                parts.append("Pirate Map")
            notes.append(", ".join(parts))
        return notes

    # --- pictures --------------------------------------------------------------------------

    def _figures(self, seen: Any) -> list[Figure]:
        precog = seen.rules.precog
        figures = [Figure("Round", seen.round, "", "cm-round")]
        if seen.target is not None:
            note = " and ".join(card.name for card in seen.target_cards)
            figures.insert(0, Figure("Target", seen.target, note, "cm-target"))
        if seen.beacon is not None:
            shown = values_text(card_values(seen.beacon, precog))
            figures.insert(1, Figure("Signpost Beacon", shown, seen.beacon.name, "cm-beacon"))
        return figures

    def waiting(self, session: Session) -> Picture:
        state = cast("NavigatorState", session.state)
        if state.is_terminal:
            return Picture()
        seen = state.observation(state.current_player)
        return Picture(
            prompt="The computer navigators are thinking.",
            figures=[f for f in self._figures(seen) if "cm-round" in f.css or seen.phase != "buy"],
        )

    def picture(self, session: Session, player: int) -> Picture:
        seen = session.observation(player)
        you = self.view.name(player)
        precog = seen.rules.precog
        figures = self._figures(seen)
        if seen.phase == "buy":
            moves = [
                Move("buy", f"Buy the Pirate Map ({a.price} chips)")
                if isinstance(a, BuyMap)
                else Move("pass", "Do not buy")
                for a in seen.legal_actions
            ]
            return Picture(
                prompt=f"{you}: before the deal you may buy the Pirate Map for "
                f"{seen.map_price} chips (the Bounty holds {seen.bounty}).",
                figures=figures,
                moves=moves,
            )
        locked = bool(seen.hotshot and seen.memory)
        memory = [
            slot(
                card,
                id=f"memory-{index}",
                value=values_text(card_values(card, precog)),
                disabled=True,
                caption="locked" if locked and index == 0 else "",
                sideways=locked and index == 0,
            )
            for index, card in enumerate(seen.memory)
        ]
        if seen.phase == "draft":
            legal = set(seen.legal_actions)
            packet = [
                slot(
                    card,
                    id=f"pick-{index}",
                    value=values_text(card_values(card, precog)),
                    disabled=Pick(card, lock=self.locking) not in legal,
                )
                for index, card in enumerate(seen.packet)
            ]
            moves = []
            if any(isinstance(a, Pick) and a.lock for a in seen.legal_actions):
                label = "Cancel the Hotshot lock" if self.locking else "Lock my pick (Hotshot)"
                moves.append(Move("lock", label, "warning" if self.locking else ""))
            doing = "lock it as your Hotshot" if self.locking else "keep it"
            rows = {"Data Packet: click a card to keep it": packet}
            if memory:
                rows["Nav Memory"] = memory
            return Picture(
                prompt=f"{you}: pick {seen.pick + 1} of 4. Click a card to {doing}; "
                "the rest pass to the left.",
                figures=figures,
                rows=rows,
                moves=moves,
            )
        # declaring: the builder holds the beacon and the Nav Memory
        key = (player, seen.round, len(session.moves))
        if self._builder_for is None or self._builder_for[:2] != key[:2]:
            cards = []
            if seen.beacon is not None:
                cards.append((seen.beacon, tuple(card_values(seen.beacon, precog))))
            cards += [(card, tuple(card_values(card, precog))) for card in seen.memory]
            self.builder.set_cards(
                cards,
                captions=["beacon"] if seen.beacon is not None else [],
                names=typed_names(precog),
                spare=possible_phantoms([card for card, _ in cards], seen.rules),
            )
            self._builder_for = key
        self.builder.table.card_width = self.view.card_width
        self.builder.table.four_colour = self.view.dashboard.four_colour
        self.builder.show_total = bool(self.view.dashboard.display.get("show_total"))
        own = bool(self.view.dashboard.display.get("own_value"))
        say = " and say the number it makes" if own else ""
        prompt = (
            f"{you}: build your Jump Coordinates from the Signpost Beacon and two Nav Memory "
            f"cards, each once{say}, then press Declare."
        )
        if seen.corrupted is not None:
            prompt += f" The Pirate Map corrupted your {seen.corrupted.name}."
        return Picture(prompt=prompt, figures=figures, tool=self._declare_tool(own))

    # --- clicks ------------------------------------------------------------------------------

    def click(self, session: Session, player: int, card_id: str) -> Any | None:
        seen = session.observation(player)
        if seen.phase != "draft" or not card_id.startswith("pick-"):
            return None
        index = int(card_id.removeprefix("pick-"))
        if not 0 <= index < len(seen.packet):
            return None
        action = Pick(seen.packet[index], lock=self.locking)
        if self.locking and action not in seen.legal_actions:
            action = Pick(seen.packet[index])
        return action

    def move(self, session: Session, player: int, key: str) -> Any | None:
        if key == "lock":
            self.locking = not self.locking
            return None
        seen = session.observation(player)
        kind = {"buy": BuyMap, "pass": PassMap}.get(key)
        for action in seen.legal_actions:
            if kind is not None and isinstance(action, kind):
                return action
        return None

    def _declare(self, text: str) -> Feedback:
        session, player = self.view.session, self.view.person
        if session is None or player is None:
            return Feedback(False, "It is not your turn.")
        own = bool(self.view.dashboard.display.get("own_value"))
        if own and self.declared_value.value is None:
            return Feedback(False, "Say which number your expression makes, then declare.")
        from cardmath.errors import CardMathError

        try:
            action = declaration_from_text(
                session.observation(player),
                text,
                value=self.declared_value.value if own else None,
                cards=self.builder.used_cards,
            )
        except CardMathError as error:
            return Feedback(False, str(error))
        name = self.view.name(player)
        refused = self.view.act(action)
        if refused is not None:
            return Feedback(False, refused)
        return Feedback(True, f"{name} declared {show_number(action.value)}.")

    def reset(self) -> None:
        self.locking = False

    # --- the showdown --------------------------------------------------------------------------

    def pause(self, session: Session, before: Any, action: Any, after: Any) -> Announcement | None:
        if after.last_round is None or after.last_round is before.last_round:
            return None
        return self.showdown(session, after.last_round, last=after.is_terminal)

    def finished(self, session: Session) -> Announcement:
        result = cast("NavigatorState", session.state).last_round
        if result is not None:
            return self.showdown(session, result, last=True)
        return super().finished(session)

    def showdown(self, session: Session, result: RoundResult, *, last: bool) -> Announcement:
        """The round's showdown: each expression typeset, the verdicts, the chips."""
        name = self.view.name
        precog = session.game.options.precog
        rows = []
        for s in result.showdowns:
            try:
                tree = parse(s.expression, cards=card_names(precog))
                maths = f"${sympy_latex(tree)}$"
            except ExpressionError:
                maths = escape(s.expression)
            if not s.correct:
                verdict = f"forfeits: {s.reason}"
            else:
                verdict = f"{show_number(s.distance)} away"
                if s.slingshot:
                    verdict += f" ({s.effective_distance} with the Slingshot)"
            if s.hotshot:
                verdict += ", Hotshot"
            winner = s.player in result.winners
            mark = " ★ wins" if winner else ""
            chips = f"{result.chips_before[s.player]} → {result.chips_after[s.player]}"
            css = ' class="cm-winner"' if winner else ""
            rows.append(
                f"<tr{css}><th scope='row'>{escape(name(s.player))}{mark}</th><td>{maths}</td>"
                f"<td>= {escape(show_number(s.declared))}</td><td>{escape(verdict)}</td>"
                f"<td>{chips}</td></tr>"
            )
        lines = []
        won = ", ".join(name(p) for p in result.winners) or "Nobody"
        lines.append(f"{won} {_verb(won, 'wins') if len(result.winners) == 1 else 'win'}.")
        for payment in result.payments:
            payee = "the Bounty" if payment.payee < 0 else name(payment.payee)
            payer = name(payment.payer)
            chips = counted(payment.chips, "chip")
            lines.append(f"{payer} {_verb(payer, 'pays')} {payee} {chips}.")
        if result.bounty_winner is not None:
            taker = name(result.bounty_winner)
            lines.append(f"{taker} {_verb(taker, 'takes')} the Bounty of {result.bounty_won}.")
        for seat in result.eliminated:
            out = name(seat)
            lines.append(f"{out} {_verb(out, 'has')} no chips left and {_verb(out, 'is')} out.")
        html = (
            '<table class="cm-showdown-table"><tr><th>Navigator</th><th>Expression</th>'
            "<th>Declared</th><th>Distance</th><th>Chips</th></tr>"
            f'{"".join(rows)}</table><ul class="cm-result-lines">'
            f"{''.join(f'<li>{escape(line)}</li>' for line in lines)}</ul>"
        )
        explain = []
        for move in session.moves:
            hand = cast("NavigatorState", move.before)
            if (
                move.player in session.humans
                and hand.phase == "declare"
                and hand.round == result.round
                and type(move.action).__name__ == "Declare"
            ):
                seen = hand.observation(move.player)
                assert seen.target is not None  # turned up before anyone declares
                found = best_vector_set(seen.memory, seen.beacon, seen.target, rules=seen.rules)
                caption = (
                    f"{name(move.player)}: the best possible was {show_number(found.value)}, "
                    f"{found.distance} away"
                )
                explain.append(replace(explain_tree(found.tree(), seen.target), caption=caption))
        people_won = any(p in session.humans for p in result.winners)
        if last:
            outcome = session.outcome()
            title = f"Game over: {self.view.winners_text(outcome.winners)}."
            label = "New game"
            people_won = any(p in session.humans for p in outcome.winners)
        else:
            title = f"Showdown of round {result.round}, target {result.target}"
            label = f"Next round ({result.round + 1})"
        beacon = values_text(card_values(result.beacon, precog))
        figures = (
            Figure(
                "Target",
                result.target,
                " and ".join(c.name for c in result.target_cards),
                "cm-target",
            ),
            Figure("Signpost Beacon", beacon, result.beacon.name, "cm-beacon"),
            Figure("Round", result.round, "", "cm-round"),
        )
        return Announcement(
            title=title,
            figures=figures,
            html=html,
            explain=tuple(explain),
            explain_title="The best possible" if explain else "",
            target=result.target,
            continue_label=label,
            final=last,
            good_news=people_won,
        )
