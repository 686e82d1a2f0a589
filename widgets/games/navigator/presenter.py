"""The bridge between the Navigator dashboard and the Navigator engine.

It turns engine states into small view models (:class:`Deal`, :class:`PlayModel`) and
view events into engine calls. It decides no rule: the deal, the card values, the checks
of a Vector Set, the legal moves, the showdowns and the chips are the engine's
(:mod:`cardmath.games.navigator`); hints and best answers are the solver's; the computer
navigators are :mod:`cardmath.bots`.

>>> deal(2481, {}).seed
2481
>>> match = Match(2, {1: "random"}, seed=2481, options={"rounds": 1})
>>> match.human_to_move(), match.view().phase
(0, 'draft')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from cardmath.cards import Card
from cardmath.errors import CardMathError, ExpressionError, IllegalMove
from cardmath.expr import Expr, evaluate, parse
from cardmath.games.navigator import (
    VARIANTS,
    BuyMap,
    Declare,
    NavigatorGame,
    NavigatorObservation,
    NavigatorState,
    PassMap,
    Pick,
    RoundResult,
    VectorChoice,
    best_vector_set,
    card_names,
    card_values,
    check_declaration,
    vector_set_choices,
)
from cardmath.printing import to_text
from widgets.cardtable import slot
from widgets.exprtree import Feedback

__all__ = [
    "OPTION_LABELS",
    "Deal",
    "Match",
    "PlayModel",
    "ShowdownRow",
    "best",
    "bot_names",
    "check",
    "deal",
    "hint",
    "options_class",
    "validate_options",
]

OPTION_LABELS: dict[str, str] = {
    "starting_chips": "Starting chips",
    "rounds": "Rounds (0: until one is left)",
    "hotshot": "Hotshot Spacer",
    "slingshot": "Slingshot Manoeuvre",
    "extrapolation": "Extrapolative Computation",
    "variant": "Variants",
    "override_suit": "Override suit (blank: drawn at random)",
}
"""How the settings panel names the engine's options (unknown ones get a plain label)."""


def options_class() -> type:
    """The engine's options dataclass (the settings panel is built from its fields)."""
    return NavigatorGame.options_class


def option_choices() -> dict[str, Any]:
    """Values of options that the dataclass types do not list (the variants)."""
    return {"variant": dict(VARIANTS)}


def validate_options(values: Mapping[str, Any]) -> None:
    """Raise the engine's ``OptionError`` if these options are not allowed."""
    NavigatorGame(**{"players": 2, **values})


@dataclass(frozen=True)
class Deal:
    """One deal as the projector and the puzzle show it."""

    seed: int
    target: int
    target_cards: tuple[Card, ...]
    target_note: str
    beacon: Card
    beacon_values: tuple[int, ...]
    memory: tuple[Card, ...]
    memory_values: tuple[tuple[int, ...], ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    state: Any = None


def deal(seed: int, options: Mapping[str, Any]) -> Deal:
    """The deal of ``seed``: target, beacon, and player 1's first Data Packet as memory."""
    game = NavigatorGame(**{**options, "players": 2})
    state = game.new_state(seed)
    precog = bool(state.options.precog)
    target_cards = tuple(state.target_cards)
    beacon = state.beacon
    memory = tuple(state.packets[0])
    return Deal(
        seed=seed,
        target=state.target,
        target_cards=target_cards,
        target_note=" and ".join(card.name for card in target_cards),
        beacon=beacon,
        beacon_values=tuple(card_values(beacon, precog)),
        memory=memory,
        memory_values=tuple(tuple(card_values(card, precog)) for card in memory),
        options=dict(options),
        state=state,
    )


def _choices(cards: Sequence[Card], values: Sequence[Sequence[int]]) -> list[Any]:
    from cardmath.solver import Choice

    return [
        Choice(tuple(v), card.rank if card.rank in "AJQK" else None)
        for card, v in zip(cards, values, strict=True)
    ]


def best(current: Deal) -> Any:
    """The best Vector Sets (beacon + two memory cards): the solver's ``BestChoice``."""
    from cardmath.solver import best_choice

    return best_choice(
        _choices(current.memory, current.memory_values),
        current.target,
        choose=2,
        must_use=_choices([current.beacon], [current.beacon_values]),
    )


def hint(current: Deal, level: int) -> Any:
    """The solver's graded hint (1 distance, 2 cards, 3 first step, 4 solution)."""
    from cardmath.solver import hint as solver_hint

    return solver_hint(
        _choices(current.memory, current.memory_values),
        current.target,
        level,
        choose=2,
        must_use=_choices([current.beacon], [current.beacon_values]),
    )


def check(current: Deal, text: str) -> Feedback:
    """Whether ``text`` is a valid Vector Set expression for this deal, and how close."""
    try:
        expression = parse(text)
    except ExpressionError as error:
        return Feedback(False, str(error))
    try:
        value = evaluate(expression)
    except CardMathError as error:
        return Feedback(False, str(error), expression)
    first = None
    for pair in combinations(current.memory, 2):
        verdict = check_declaration(
            current.memory,
            current.beacon,
            current.target,
            VectorChoice(pair, True),
            expression,
            value,
        )
        if verdict.ok:
            return _verdict_feedback(current, expression, value)
        first = first or verdict
    reason = first.reason if first is not None else "no Vector Set"
    return Feedback(False, reason, expression)


def _verdict_feedback(current: Deal, expression: Expr, value: int) -> Feedback:
    distance = abs(value - current.target)
    best_distance = best(current).best_distance
    text = f"{to_text(expression)} = {value}: "
    text += "exactly on target!" if distance == 0 else f"{distance} away from {current.target}."
    if distance == best_distance:
        text += " That is the best possible."
    else:
        text += f" The best possible is {best_distance} away: keep going, or ask for a hint."
    return Feedback(True, text, expression, value, best=distance == best_distance)


def bot_names() -> tuple[str, ...]:
    """The computer navigators, weakest first."""
    from cardmath.bots import bot_names as names

    return names("navigator")


# --- play ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShowdownRow:
    """One player's line at the showdown, as the engine judged it."""

    name: str
    expression: str
    tree: Expr | None
    declared: int
    value: int | None
    distance: int | None
    verdict: str
    winner: bool
    chips_before: int
    chips_after: int


@dataclass
class PlayModel:
    """What the play view draws for the player at the screen (nothing it may not see).

    ``rows`` are card-table rows of :class:`~widgets.cardtable.Slot` (ids ``pick-<i>`` for
    the Data Packet, clickable when the engine allows the pick); ``moves`` the other
    buttons as ``(key, label)`` for :meth:`Match.move`; ``builder_cards`` the cards of
    the expression builder when declaring (the beacon first).
    """

    phase: str = ""
    round: int = 1
    target: object = "?"
    target_note: str = ""
    beacon_values: tuple[int, ...] = ()
    beacon_name: str = ""
    names: list[str] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    to_move: int | None = None
    prompt: str = ""
    rows: dict[str, list[Any]] = field(default_factory=dict)
    moves: list[tuple[str, str]] = field(default_factory=list)
    declaring: bool = False
    builder_cards: list[tuple[Card, tuple[int, ...]]] = field(default_factory=list)
    showdown: list[ShowdownRow] = field(default_factory=list)
    result_lines: list[str] = field(default_factory=list)
    best: list[tuple[str, Expr, str]] = field(default_factory=list)
    finished: bool = False
    summary: str = ""


class Match:
    """A game of Navigator in progress: the engine state, the bot seats, a log.

    ``players`` 2-4; ``bots`` maps seats to bot names (``random``, ``greedy``,
    ``strong``); every other seat is a person at the screen (two or more people: hot
    seat). ``own_value=True`` makes people declare a number themselves, so that a wrong
    sum forfeits the round as in the card game; by default the declared result is the
    value of the built expression (the lesson is about building it).

    The API a view (or a test) drives: :meth:`human_to_move`, :meth:`view`,
    :meth:`click_card`, :meth:`move`, :meth:`declare`; bots move in :meth:`run_bots`.
    After every finished round the match pauses on the showdown until
    :meth:`move` ``("next")``.
    """

    def __init__(
        self,
        players: int,
        bots: Mapping[int, str],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        own_value: bool = False,
    ) -> None:
        from cardmath.bots import make_bot
        from cardmath.game import chance

        self.game = NavigatorGame(**{**(options or {}), "players": players})
        self.state: NavigatorState = self.game.new_state(seed)
        self.seed = seed
        self.players = players
        self.bot_names = dict(bots)
        self.bots = {seat: make_bot("navigator", name) for seat, name in bots.items()}
        self.rngs = {seat: chance(seed, "bot", seat) for seat in bots}
        self.humans = tuple(seat for seat in range(players) if seat not in self.bots)
        self.own_value = own_value
        self.log: list[str] = []
        self.result: RoundResult | None = None
        """The finished round shown until the players move on (``None``: playing)."""
        self.hands: dict[int, NavigatorObservation] = {}
        """Each person's last view of the round before declaring (for the best answer)."""
        self.locking = False
        self.run_bots()

    # --- who is at the screen ----------------------------------------------------------

    def name(self, seat: int) -> str:
        """How the table calls a seat: ``You`` against bots, else ``Player n``."""
        if seat in self.bots:
            return f"Navigator {seat + 1} ({self.bot_names[seat]})"
        if len(self.humans) == 1:
            return "You"
        return f"Player {seat + 1}"

    def human_to_move(self) -> int | None:
        """The person who must act now (``None``: a showdown is shown, bots, or the end)."""
        if self.result is not None or self.state.is_terminal:
            return None
        player = self.state.current_player
        return None if player in self.bots else player

    @property
    def finished(self) -> bool:
        return self.state.is_terminal

    # --- moves -------------------------------------------------------------------------

    def run_bots(self) -> list[str]:
        """Let the bots move until a person must act, a round ends, or the game ends."""
        lines: list[str] = []
        while (
            self.result is None
            and not self.state.is_terminal
            and self.state.current_player in self.bots
        ):
            player = self.state.current_player
            observation = self.state.observation(player)
            action = self.bots[player].choose(observation, self.rngs[player])
            lines.extend(self._apply(action))
        return lines

    def _apply(self, action: Any) -> list[str]:
        before = self.state
        after = before.apply(action)  # IllegalMove leaves everything as it was
        self.state = after
        lines = [entry["text"] for entry in self.game.report(before, action, after)]
        self.log.extend(lines)
        if after.last_round is not None and after.last_round is not before.last_round:
            self.result = after.last_round
        return lines

    def _observation(self) -> NavigatorObservation:
        player = self.human_to_move()
        if player is None:
            raise IllegalMove("it is not a person's turn", rule="turn")
        return self.state.observation(player)

    def click_card(self, card_id: str) -> None:
        """Keep the Data Packet card ``pick-<i>`` (locked as Hotshot when locking)."""
        observation = self._observation()
        if observation.phase != "draft" or not card_id.startswith("pick-"):
            raise IllegalMove("there is no card to pick now", rule="draft")
        index = int(card_id.removeprefix("pick-"))
        if not 0 <= index < len(observation.packet):
            raise IllegalMove("that card is not in your Data Packet", rule="draft")
        action = Pick(observation.packet[index], lock=self.locking)
        if self.locking and action not in observation.legal_actions:
            action = Pick(observation.packet[index])
        self._apply(action)
        self.locking = False
        self.run_bots()

    def pick_id(self, card: Card) -> str:
        """The id of ``card`` in the Data Packet of the person to move."""
        return f"pick-{self._observation().packet.index(card)}"

    def move(self, key: str) -> None:
        """A button other than a card: ``buy``, ``pass``, ``lock``, ``next``."""
        if key == "next":
            if self.result is None:
                raise IllegalMove("the round is not over yet", rule="turn")
            self.result = None
            self.run_bots()
            return
        observation = self._observation()
        if key == "lock":
            self.locking = not self.locking
            return
        chosen = {"buy": BuyMap, "pass": PassMap}.get(key)
        actions = [a for a in observation.legal_actions if chosen and isinstance(a, chosen)]
        if not actions:
            raise IllegalMove(f"{key} is not a move you can make now", rule="turn")
        self._apply(actions[0])
        self.run_bots()

    def declare(
        self, text: str, value: int | None = None, cards: Sequence[int] | None = None
    ) -> Feedback:
        """Declare ``text`` over the Vector Set; the engine judges and records it.

        ``cards`` are the builder's card indices used (0 the beacon, then the Nav Memory
        in order); without them the Vector Set is the first the engine allows whose cards
        the expression uses. ``value`` is the declared result (``own_value`` games); by
        default it is what the expression makes, and an expression the rules cannot
        work out is sent back to be fixed instead of being declared.
        """
        observation = self._observation()
        if observation.phase != "declare":
            return Feedback(False, "The draft is not over yet: pick a card first.")
        precog = observation.rules.precog
        try:
            tree = parse(text, cards=card_names(precog))
        except ExpressionError as error:
            return Feedback(False, f"Your expression cannot be read: {error}")
        if value is None:
            if self.own_value:
                return Feedback(False, "Say which number your expression makes, then declare.")
            try:
                value = evaluate(tree)
            except ExpressionError as error:
                return Feedback(False, f"{error}: change your expression, then declare.", tree)
        candidates: list[VectorChoice] = []
        if cards:
            chosen = sorted(observation.memory[i - 1] for i in set(cards) if i > 0)
            candidates.append(VectorChoice(tuple(chosen), 0 in cards))
        candidates += list(
            vector_set_choices(observation.memory, observation.beacon, observation.rules)
        )
        first_reason = ""
        for choice in candidates:
            verdict = check_declaration(
                observation.memory,
                observation.beacon,
                observation.target,
                choice,
                tree,
                value,
                observation.rules,
            )
            if not verdict.legal:
                first_reason = first_reason or verdict.reason
                continue
            action = Declare(choice.memory, choice.beacon, text.strip(), value, observation.target)
            player = observation.player
            self.hands[player] = observation
            try:
                self._apply(action)
            except IllegalMove as error:
                return Feedback(False, str(error), tree)
            self.run_bots()
            return Feedback(True, f"{self.name(player)} declared {value}.", tree, value)
        return Feedback(False, first_reason or "That is not a Vector Set you may use.", tree)

    # --- what the screen shows -----------------------------------------------------------

    def view(self) -> PlayModel:
        """The picture for the person to move (or the showdown, or the end)."""
        state = self.state
        names = [self.name(seat) for seat in range(self.players)]
        notes = []
        for seat in range(self.players):
            parts = []
            if seat == state.initiative and not state.is_terminal:
                parts.append("initiative")
            if state.map_owner == seat:
                parts.append("Pirate Map")
            if state.chips[seat] <= 0:
                parts.append("out")
            notes.append(", ".join(parts))
        model = PlayModel(
            phase=state.phase,
            round=state.round,
            names=names,
            chips=list(state.chips),
            notes=notes,
        )
        if self.result is not None:
            self._fill_showdown(model, self.result)
            return model
        player = self.human_to_move()
        if player is None:
            model.summary = "The computer navigators are thinking."
            return model
        observation = state.observation(player)
        model.to_move = player
        self._fill_table(model, observation)
        return model

    def _fill_table(self, model: PlayModel, observation: NavigatorObservation) -> None:
        precog = observation.rules.precog
        you = self.name(observation.player)
        model.phase = observation.phase
        if observation.phase == "buy":
            model.prompt = (
                f"{you}: before the deal you may buy the Pirate Map for "
                f"{observation.map_price} chips (Bounty {observation.bounty})."
            )
            model.moves = [
                ("buy" if isinstance(a, BuyMap) else "pass", _move_label(a))
                for a in observation.legal_actions
            ]
            return
        model.target = observation.target
        model.target_note = " and ".join(card.name for card in observation.target_cards)
        beacon = observation.beacon
        if beacon is not None:
            model.beacon_values = tuple(card_values(beacon, precog))
            model.beacon_name = beacon.name
        memory = list(observation.memory)
        locked = bool(observation.hotshot and memory)
        memory_slots = [
            slot(
                card,
                id=f"memory-{index}",
                value=" or ".join(map(str, card_values(card, precog))),
                disabled=True,
                caption="locked" if locked and index == 0 else "",
                sideways=locked and index == 0,
            )
            for index, card in enumerate(memory)
        ]
        if observation.phase == "draft":
            legal = set(observation.legal_actions)
            packet = [
                slot(
                    card,
                    id=f"pick-{index}",
                    value=" or ".join(map(str, card_values(card, precog))),
                    disabled=Pick(card, lock=self.locking) not in legal,
                )
                for index, card in enumerate(observation.packet)
            ]
            model.rows = {"Data Packet: click a card to keep it": packet}
            model.rows["Nav Memory"] = memory_slots
            lock = "lock it as your Hotshot" if self.locking else "keep it"
            model.prompt = (
                f"{you}: pick {observation.pick + 1} of 4. Click a card to {lock}; "
                "the rest pass to the left."
            )
            if any(isinstance(a, Pick) and a.lock for a in observation.legal_actions):
                label = "Cancel Hotshot lock" if self.locking else "Lock my pick (Hotshot Spacer)"
                model.moves = [("lock", label)]
            return
        model.declaring = True
        model.rows = {}
        cards = [(beacon, tuple(card_values(beacon, precog)))] if beacon is not None else []
        cards += [(card, tuple(card_values(card, precog))) for card in memory]
        model.builder_cards = cards
        say = " and say the number it makes" if self.own_value else ""
        model.prompt = (
            f"{you}: build your Jump Coordinates from the Signpost Beacon and two Nav Memory "
            f"cards, each once{say}, then Declare."
        )
        if observation.corrupted is not None:
            model.prompt += f" The Pirate Map corrupted your {observation.corrupted.name}."

    def _fill_showdown(self, model: PlayModel, result: RoundResult) -> None:
        model.phase = "showdown"
        model.round = result.round
        model.target = result.target
        model.target_note = " and ".join(card.name for card in result.target_cards)
        model.beacon_values = tuple(card_values(result.beacon, self.game.options.precog))
        model.beacon_name = result.beacon.name
        names = {p.player: self.name(p.player) for p in result.showdowns}
        precog = self.game.options.precog
        for s in result.showdowns:
            try:
                tree: Expr | None = parse(s.expression, cards=card_names(precog))
            except ExpressionError:
                tree = None
            if not s.correct:
                verdict = f"forfeits: {s.reason}"
            else:
                verdict = f"{s.distance} away"
                if s.slingshot:
                    verdict += f" ({s.effective_distance} with the Slingshot)"
            if s.hotshot:
                verdict += ", Hotshot"
            model.showdown.append(
                ShowdownRow(
                    name=names[s.player],
                    expression=s.expression,
                    tree=tree,
                    declared=s.declared,
                    value=s.value,
                    distance=s.distance,
                    verdict=verdict,
                    winner=s.player in result.winners,
                    chips_before=result.chips_before[s.player],
                    chips_after=result.chips_after[s.player],
                )
            )
        won = ", ".join(self.name(p) for p in result.winners) or "Nobody"
        verb = _verb(won, "wins") if len(result.winners) == 1 else "win"
        model.result_lines.append(f"{won} {verb}.")
        for payment in result.payments:
            payee = "the Bounty" if payment.payee < 0 else self.name(payment.payee)
            chips = f"{payment.chips} chip{'s' * (payment.chips != 1)}"
            payer = self.name(payment.payer)
            model.result_lines.append(f"{payer} {_verb(payer, 'pays')} {payee} {chips}.")
        if result.bounty_winner is not None:
            taker = self.name(result.bounty_winner)
            model.result_lines.append(
                f"{taker} {_verb(taker, 'takes')} the Bounty of {result.bounty_won}."
            )
        for seat in result.eliminated:
            out = self.name(seat)
            model.result_lines.append(
                f"{out} {_verb(out, 'has')} no chips left and {_verb(out, 'is')} out."
            )
        for seat in self.humans:
            hand = self.hands.get(seat)
            if hand is None or hand.round != result.round or hand.target is None:
                continue
            found = best_vector_set(hand.memory, hand.beacon, hand.target, rules=hand.rules)
            title = f"Best possible for {self.name(seat)}: {found.value}, {found.distance} away"
            model.best.append((title, found.tree(), found.expression))
        if self.state.is_terminal:
            model.finished = True
            model.summary = _outcome_text(self, self.state)
            model.moves = [("new", "New game")]
        else:
            model.moves = [("next", f"Next round ({result.round + 1})")]


def _verb(name: str, verb: str) -> str:
    """``verb`` agreeing with ``name`` ("You pay", "Player 2 pays")."""
    if name != "You":
        return verb
    return {"has": "have", "is": "are", "wins": "win"}.get(verb, verb.removesuffix("s"))


def _move_label(action: Any) -> str:
    if isinstance(action, BuyMap):
        return f"Buy the Pirate Map ({action.price} chips)"
    return "Do not buy"


def _outcome_text(match: Match, state: NavigatorState) -> str:
    outcome = state.outcome()
    winners = [match.name(seat) for seat in outcome.winners]
    verb = _verb(winners[0], "wins") if len(winners) == 1 else "share the win"
    return (
        f"Game over: {' and '.join(winners)} {verb} with {state.chips[outcome.winners[0]]} chips."
    )
