"""The bridge between the Navigator dashboard and the Navigator engine.

It turns engine states into small view models (:class:`Deal`, :class:`PlayModel`) and
view events into engine calls. It decides no rule: the deal, the card values, the checks
of a Vector Set, the legal moves and the showdowns are the engine's
(:mod:`cardmath.games.navigator`); hints and best answers are the solver's.

Until the engine module is importable, projector and puzzle modes run on a *provisional*
bridge (:func:`_provisional_deal`) so the views can be built and tested; it is marked as
such on screen and goes away when the engine lands.

>>> deal(2481, {}).seed
2481
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardmath.cards import Card
from cardmath.errors import CardMathError, ExpressionError
from cardmath.expr import Expr, evaluate, leaves, parse
from cardmath.printing import to_text
from widgets.exprtree import Feedback

__all__ = [
    "OPTION_LABELS",
    "Deal",
    "Match",
    "best",
    "bot_names",
    "check",
    "deal",
    "hint",
    "options_class",
    "validate_options",
]

OPTION_LABELS: dict[str, str] = {
    "chips": "Starting chips",
    "starting_chips": "Starting chips",
    "rounds": "Rounds (blank: until one is left)",
    "max_rounds": "Rounds (blank: until one is left)",
    "hotshot": "Hotshot Spacer",
    "hotshot_spacer": "Hotshot Spacer",
    "slingshot": "Slingshot Manoeuvre",
    "extrapolative": "Extrapolative Computation",
    "extrapolation": "Extrapolative Computation",
    "override": "Command Override",
    "variant": "Variants",
    "override_suit": "Override suit",
    "precog": "Precog (tarot deck)",
    "pirate_map": "Pirate Map",
}
"""How the settings panel names the engine's options (unknown ones get a plain label)."""


def available() -> bool:
    """Whether the Navigator engine is installed."""
    return importlib.util.find_spec("cardmath.games.navigator") is not None


def _nav() -> Any:
    return importlib.import_module("cardmath.games.navigator")


def options_class() -> type:
    """The engine's options dataclass (the settings panel is built from its fields)."""
    if available():
        return _nav().NavigatorGame.options_class
    return _ProvisionalOptions


def option_choices() -> dict[str, Any]:
    """Values of options that the dataclass types do not list (the variants)."""
    if available():
        return {"variant": dict(_nav().VARIANTS)}
    return {}


def validate_options(values: Mapping[str, Any]) -> None:
    """Raise the engine's ``OptionError`` if these options are not allowed."""
    if available():
        from cardmath.games import get_game

        get_game("navigator", **{"players": 2, **values})


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
    if not available():
        return _provisional_deal(seed)
    return _engine_deal(seed, options)


PLAY_READY = False
"""Whether play mode is wired to the engine's play API (not yet: see the report)."""


def _engine_deal(seed: int, options: Mapping[str, Any]) -> Deal:
    from cardmath.games import get_game
    from cardmath.games.navigator_rules import card_values

    game = get_game("navigator", **{**options, "players": 2})
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
    if current.state is None:
        return _provisional_check(current, expression)
    return _engine_check(current, expression)


def _engine_check(current: Deal, expression: Expr) -> Feedback:
    """Ask the engine's ``check_declaration`` about each pair of memory cards."""
    from itertools import combinations

    from cardmath.games.navigator_rules import VectorChoice, check_declaration

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
    return Feedback(True, text, expression, value)


def bot_names() -> tuple[str, ...]:
    """The computer navigators, weakest first."""
    from cardmath.bots import bot_names as names

    return names("navigator")


# --- the provisional bridge (until cardmath.games.navigator lands) --------------------


@dataclass(frozen=True)
class _ProvisionalOptions:
    players: int = 2


def _provisional_values(card: Card) -> tuple[int, ...]:
    return (1, 100) if card.rank == "A" else (card.pips,)


def _provisional_deal(seed: int) -> Deal:
    from cardmath.cards import standard_deck
    from cardmath.game import chance, shuffled

    cards = shuffled(standard_deck(), chance(seed, "round", 1, "deal"))
    first, second, beacon = cards[0], cards[1], cards[2]
    memory = tuple(cards[3:7])
    return Deal(
        seed=seed,
        target=10 * first.pips + second.pips,
        target_cards=(first, second),
        target_note=f"{first.name} and {second.name} (provisional deal: engine not installed)",
        beacon=beacon,
        beacon_values=_provisional_values(beacon),
        memory=memory,
        memory_values=tuple(_provisional_values(card) for card in memory),
    )


def _provisional_check(current: Deal, expression: Expr) -> Feedback:
    used = sorted(leaf.value for leaf in leaves(expression))
    cards = [current.beacon_values, *current.memory_values]
    ok_sets = set()
    for i in range(1, len(cards)):
        for j in range(i + 1, len(cards)):
            for a in cards[0]:
                for b in cards[i]:
                    for c in cards[j]:
                        ok_sets.add(tuple(sorted((a, b, c))))
    if tuple(used) not in ok_sets:
        return Feedback(
            False,
            "Use the Signpost Beacon and two cards of your Nav Memory, each exactly once.",
            expression,
        )
    try:
        value = evaluate(expression)
    except CardMathError as error:
        return Feedback(False, str(error), expression)
    distance = abs(value - current.target)
    best_distance = best(current).best_distance
    text = f"{to_text(expression)} = {value}: "
    text += "exactly on target!" if distance == 0 else f"{distance} away from {current.target}."
    if distance == best_distance:
        text += " That is the best possible."
    else:
        text += f" The best possible is {best_distance} away: keep going, or ask for a hint."
    return Feedback(True, text, expression, value)


# --- play ----------------------------------------------------------------------------------


@dataclass
class PlayModel:
    """What the play view draws for the player at the screen."""

    target: object = "?"
    target_note: str = ""
    beacon_values: tuple[int, ...] = ()
    beacon_name: str = ""
    round: int = 1
    names: list[str] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    to_move: int | None = None
    summary: str = ""
    prompt: str = ""
    rows: dict[str, list[Any]] = field(default_factory=dict)
    other_moves: list[tuple[str, str]] = field(default_factory=list)
    declaring: bool = False
    builder_cards: list[tuple[Card, tuple[int, ...]]] = field(default_factory=list)
    showdown: bool = False
    showdown_solutions: tuple[Expr, ...] = ()
    showdown_title: str = ""
    finished: bool = False


class Match:
    """A game in progress: the engine state, which seats are bots, and a log."""

    def __init__(
        self, players: int, bots: Mapping[int, str], seed: int, options: Mapping[str, Any]
    ) -> None:
        if not (available() and PLAY_READY):
            raise CardMathError("Play mode is not wired to the Navigator engine yet")
        from cardmath.bots import make_bot
        from cardmath.game import chance
        from cardmath.games import get_game

        self.game = get_game("navigator", **{**options, "players": players})
        self.state = self.game.new_state(seed)
        self.seed = seed
        self.bots = {seat: make_bot("navigator", name) for seat, name in bots.items()}
        self.rngs = {seat: chance(seed, "bot", seat) for seat in bots}
        self.humans = players - len(bots)
        self.log: list[str] = []

    def human_to_move(self) -> int | None:
        player = self.state.current_player
        if self.state.is_terminal or player in self.bots:
            return None
        return player

    def run_bots(self) -> list[str]:
        lines = []
        while not self.state.is_terminal and self.state.current_player in self.bots:
            player = self.state.current_player
            action = self.bots[player].choose(self.state.observation(player), self.rngs[player])
            lines.extend(self._apply(action))
        return lines

    def _apply(self, action: Any) -> list[str]:
        before = self.state
        self.state = self.state.apply(action)
        lines = [entry["text"] for entry in self.game.report(before, action, self.state)]
        self.log.extend(lines)
        return lines

    def click_card(self, card_id: str) -> None:
        raise CardMathError("the Navigator engine's play API is not wired yet")

    def other_move(self, key: str) -> None:
        raise CardMathError("the Navigator engine's play API is not wired yet")

    def declare(self, text: str) -> Feedback:
        return Feedback(False, "the Navigator engine's play API is not wired yet")

    def view(self) -> PlayModel:
        return PlayModel(summary="Waiting for the Navigator engine.")
