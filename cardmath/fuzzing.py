"""Fuzzing every text entry point: nothing a student types may crash or stall a kernel.

:func:`entry_points` lists every place where text or a value from outside reaches the
rules: each game's ``parse_action``, ``apply`` and ``observation``, its options and
seed, the card parsers, the lesson helpers that take cards or card text, the expression
parser, saved-game loading and the command line. Each is a one-argument callable; a call
must return, or raise a :class:`~cardmath.errors.CardMathError` (the refusal by rule).
Any other exception is *foreign*: a bug.

:func:`nasty_value` draws the inputs: ``None``, booleans, floats, huge and negative
numbers, lists and other wrong types, random unicode, very long text, numbers of
thousands of digits, and each entry point's own kind of text (its legal moves, card
names, declarations) mutated at random. :func:`run_fuzz` is the seeded, reproducible
loop that ``make bench`` runs 100,000 times; the property tests draw the inputs with
hypothesis instead.

>>> report = run_fuzz(calls=300, seed=1)
>>> report.calls, report.foreign
(300, [])
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import string
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from statistics import median
from typing import Any

from cardmath.errors import CardMathError, quoted

__all__ = [
    "EntryPoint",
    "FuzzReport",
    "entry_points",
    "mutate",
    "nasty_value",
    "run_fuzz",
]


@dataclass(frozen=True)
class EntryPoint:
    """One place input reaches the rules: ``call(value)`` returns or refuses by rule.

    ``samples`` are texts of the kind this entry point reads (legal moves, card names),
    for :func:`nasty_value` to use and mutate.
    """

    name: str
    call: Callable[[Any], Any]
    samples: tuple[str, ...] = ()


def _random_game_state(name: str, seed: int, moves: int, **options: Any) -> Any:
    """A state of ``name`` after ``moves`` seeded random moves (or at its end)."""
    from cardmath.games import get_game

    state = get_game(name, **options).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _navigator_at_showdown() -> Any:
    """A Navigator state whose player to move is declaring (real Nav Memory cards)."""
    from cardmath.games import get_game

    state: Any = get_game("navigator", players=3, hotshot=True, variant="pirate-map").new_state(5)
    rng = random.Random(5)
    while state.phase != "declare":
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _dotter_turned_up() -> Any:
    """A Dotter state waiting for its scorer to say what a Joker stands for."""
    from cardmath.games import get_game

    state: Any = get_game("dotter", new_cards_wait=False).new_state(2)
    rng = random.Random(2)
    while state.pending is None and not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _game_states() -> dict[str, Any]:
    return {
        "dotter turned up": _dotter_turned_up(),
        "navigator": _random_game_state("navigator", 3, 4, players=3, hotshot=True),
        "navigator showdown": _navigator_at_showdown(),
        "sequences": _random_game_state("sequences", 3, 12),
        "permutations": _random_game_state("permutations", 3, 7, players=3),
        "dotter": _random_game_state("dotter", 3, 9, players=3),
        "sum15": _random_game_state("sum15", 3, 5, players=5),
        "demo": _random_game_state("demo", 3, 2, players=3),
    }


def _texts(actions: Sequence[Any], limit: int = 40) -> tuple[str, ...]:
    return tuple(str(action) for action in list(actions)[:limit])


def _apply_text(state: Any) -> Callable[[Any], Any]:
    return lambda value: state.apply(state.parse_action(value))


def _command_line(arguments: Callable[[Any], list[str]]) -> Callable[[Any], Any]:
    """The command line with ``arguments(value)``: argparse's exit 2 is a refusal."""
    from cardmath.__main__ import main

    def call(value: Any) -> Any:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status: int | str | None
            try:
                status = main(arguments(value))
            except SystemExit as stop:
                status = stop.code
        if status not in (0, 2):
            raise AssertionError(f"the command ended with status {status}")
        if status == 2 and not err.getvalue().strip():
            raise AssertionError("a refused command said nothing")
        return status

    return call


def _options_of(game: str) -> Callable[[Any], Any]:
    """``--option`` text for ``game``, read and checked as the command line does."""
    from cardmath.commands.play import collect_options
    from cardmath.games import game_class

    cls = game_class(game)

    def call(value: Any) -> Any:
        if not isinstance(value, str):
            value = quoted(value)
        args = argparse.Namespace(
            game=game, option=[value], variant=[], rounds=None, players=None, bots="random"
        )
        return cls(**collect_options(args, cls.option_fields()))

    return call


@cache
def entry_points() -> tuple[EntryPoint, ...]:
    """Every entry point, built once (the game states are dealt from fixed seeds)."""
    from cardmath import codec
    from cardmath.cards import Card, NumberCard, SequencesCard, parse_card
    from cardmath.expr import json_number, parse, show_number
    from cardmath.games import dotter, get_game, navigator_rules, permutations, sequences, sum15
    from cardmath.games.navigator import parse_declaration

    states = _game_states()
    points: list[EntryPoint] = []
    for name, state in states.items():
        moves = _texts(state.legal_actions())
        points += [
            EntryPoint(f"{name}: parse_action", state.parse_action, moves),
            EntryPoint(f"{name}: apply(parse_action)", _apply_text(state), moves),
            EntryPoint(f"{name}: apply(object)", state.apply, moves),
            EntryPoint(f"{name}: observation", state.observation, ("0", "1", "-1", "99")),
        ]
    for game in ("navigator", "sequences", "permutations", "dotter", "sum15", "demo"):
        fields = tuple(f"{key}={value}" for key, value in get_game(game).options.__dict__.items())
        points.append(EntryPoint(f"{game}: --option", _options_of(game), fields))
        points.append(EntryPoint(f"{game}: new_state(seed)", get_game(game).new_state, ("7", "-3")))

    showdown = states["navigator showdown"]
    player = showdown.current_player
    memory, beacon, target = showdown.memories[player], showdown.beacon, showdown.target
    rules = showdown.rules_for(player)
    choice = navigator_rules.VectorChoice(tuple(memory[:2]), True)
    declarations = _texts(showdown.legal_actions())
    expressions = tuple(text.split(": ", 1)[1].rsplit(" = ", 1)[0] for text in declarations)
    points += [
        EntryPoint("navigator: parse_declaration", parse_declaration, declarations),
        EntryPoint(
            "navigator: check_declaration(expression)",
            lambda value: navigator_rules.check_declaration(
                memory, beacon, target, choice, value, 32, rules
            ),
            expressions,
        ),
        EntryPoint(
            "navigator: check_declaration(declared)",
            lambda value: navigator_rules.check_declaration(
                memory, beacon, target, choice, expressions[0], value, rules
            ),
            ("32", "-5"),
        ),
        EntryPoint(
            "navigator: check_declaration(memory)",
            lambda value: navigator_rules.check_declaration(
                value, beacon, target, choice, expressions[0], 32, rules
            ),
        ),
    ]

    cards = tuple(dict.fromkeys(str(card) for card in _all_cards()))
    sequence_texts = (
        "[4] + 2 cancel * 5 invert * 2 swap =",
        "[-2] / 4",
        "[2] ?x 3 invert =",
        "[0] - 5 / 2",
        "[4] + 2 * 3 swap",
    )
    turns = _texts(states["sequences"].legal_actions())
    points += [
        EntryPoint("cards: Card.parse", Card.parse, cards),
        EntryPoint("cards: SequencesCard.parse", SequencesCard.parse, cards),
        EntryPoint("cards: NumberCard.parse", NumberCard.parse, cards),
        EntryPoint("cards: parse_card", parse_card, cards),
        EntryPoint("sequences: evaluate_sequence", sequences.evaluate_sequence, sequence_texts),
        EntryPoint(
            "sequences: evaluate_sequence(any_numbers)",
            lambda value: sequences.evaluate_sequence(value, any_numbers=True),
            sequence_texts,
        ),
        EntryPoint(
            "sequences: evaluate_sequence(division)",
            lambda value: sequences.evaluate_sequence("[-2] / 4", value),
            ("truncate", "floor"),
        ),
        EntryPoint("sequences: parse_sequence", sequences.parse_sequence, sequence_texts),
        EntryPoint(
            "sequences: parse_sequence(colour)",
            lambda value: sequences.parse_sequence("[4] + 2", value),
            ("red", "blue"),
        ),
        EntryPoint("sequences: conventional_value", sequences.conventional_value, sequence_texts),
        EntryPoint("sequences: to_expression", sequences.to_expression, sequence_texts),
        EntryPoint("sequences: parse_turn", sequences.parse_turn, turns),
        EntryPoint(
            "sequences: apply_operator",
            lambda value: sequences.apply_operator("*", value, 7),
            ("3", "-2"),
        ),
        EntryPoint("permutations: colour_counts", permutations.colour_counts, cards),
        EntryPoint("permutations: largest_colour_count", permutations.largest_colour_count, cards),
        EntryPoint("permutations: round_score", permutations.round_score, cards),
        EntryPoint(
            "permutations: round_score(colouring)",
            lambda value: permutations.round_score(["1R", "5R", "2Y"], value),
            ("interleaved", "blocks"),
        ),
        EntryPoint("permutations: triangular", permutations.triangular, ("5", "11")),
        EntryPoint(
            "permutations: minimum_max",
            lambda value: permutations.minimum_max(4, value),
            ("11", "0"),
        ),
        EntryPoint("permutations: pigeonhole_statement", permutations.pigeonhole_statement),
        EntryPoint("dotter: score_hand", dotter.score_hand, cards),
        EntryPoint(
            "dotter: score_hand(guess)",
            lambda value: dotter.score_hand("5 7 9", value),
            dotter.GUESSES,
        ),
        EntryPoint("dotter: score_ranks", dotter.score_ranks),
        EntryPoint(
            "dotter: score_ranks(guess)",
            lambda value: dotter.score_ranks((5, 7, 9), value),
            dotter.GUESSES,
        ),
        EntryPoint("dotter: expected_points", dotter.expected_points),
        EntryPoint(
            "dotter: expected_points(pool)",
            lambda value: dotter.expected_points((5, 7), value),
        ),
        EntryPoint("dotter: category_probabilities", dotter.category_probabilities),
        EntryPoint("dotter: parse_position", dotter.parse_position, ("1a", "2b", "10c")),
        EntryPoint(
            "dotter: parse_dotter_action",
            dotter.parse_dotter_action,
            _texts(states["dotter"].legal_actions()),
        ),
        EntryPoint("dotter: rank_number", dotter.rank_number, cards),
        EntryPoint("dotter: parse_guess", dotter.parse_guess, dotter.GUESSES),
        EntryPoint(
            "dotter: apply(Peek(owner))",
            lambda value: states["dotter"].apply(dotter.Peek(value, ("1a", "1b"))),
            ("0", "1"),
        ),
        EntryPoint(
            "dotter: apply(Score(places))",
            lambda value: states["dotter"].apply(dotter.Score(0, value)),
        ),
        EntryPoint("dotter: joker_choices", dotter.joker_choices, cards),
        EntryPoint("dotter: explain_score", dotter.explain_score, cards),
        EntryPoint(
            "dotter: score_hand(jokers)",
            lambda value: dotter.score_hand("5 7 JK", jokers=value),
            ("9", "K"),
        ),
        EntryPoint(
            "dotter: apply(Jokers(ranks))",
            lambda value: states["dotter turned up"].apply(dotter.Jokers(value)),
            ("9", "K"),
        ),
        EntryPoint(
            "dotter: apply(Give(places))",
            lambda value: states["dotter"].apply(dotter.Give(value, 1)),
        ),
        EntryPoint(
            "dotter: apply(Give(to))",
            lambda value: states["dotter"].apply(dotter.Give(("1a", "1b", "1c"), value)),
            ("1", "2"),
        ),
        EntryPoint("sum15: claims(middle)", lambda value: sum15.claims(value, "7D"), cards),
        EntryPoint("sum15: claims(card)", lambda value: sum15.claims("KS 9H", value), cards),
        EntryPoint("sum15: cards", sum15.cards, cards),
        EntryPoint("sum15: middle_total", sum15.middle_total, cards),
        EntryPoint("sum15: card_value", sum15.card_value, cards),
        EntryPoint("expr: parse", parse, expressions),
        EntryPoint("expr: show_number", show_number),
        EntryPoint("expr: json_number", json_number),
        EntryPoint("errors: quoted", quoted),
        EntryPoint(
            "codec: from_json",
            lambda value: type(states["demo"]).from_json(value),
            (states["demo"].to_json(),),
        ),
        EntryPoint("codec: loads", codec.loads, ('{"card": "QH"}', "[1, 2]")),
        EntryPoint(
            "command line: play GAME",
            _command_line(lambda value: ["play", _text(value), "--rounds", "0"]),
            ("demo", "sum15", "navigator"),
        ),
        EntryPoint(
            "command line: play demo --option",
            _command_line(lambda value: ["play", "demo", "--seed", "1", "--option", _text(value)]),
            ("players=3", "players=2"),
        ),
        EntryPoint(
            "command line: play demo --players/--seed",
            _command_line(
                lambda value: ["play", "demo", "--players", _text(value), "--seed", _text(value)]
            ),
            ("2", "3"),
        ),
        EntryPoint(
            "command line: play navigator --variant",
            _command_line(  # chips 0 is refused after the variant is read: nothing is played
                lambda value: (
                    ["play", "navigator", "--variant", _text(value)]
                    + ["--option", "starting_chips=0"]
                )
            ),
            ("pirate-map", "forced-override"),
        ),
    ]
    return tuple(points)


def _text(value: Any) -> str:
    """A command-line argument from any value (the shell only passes text)."""
    return value if isinstance(value, str) else quoted(value, 10_000)


@cache
def _all_cards() -> tuple[Any, ...]:
    from cardmath.cards import permutations_deck, sequences_deck, standard_deck, tarot_deck

    return (
        *standard_deck(),
        *tarot_deck(),
        *sequences_deck("red"),
        *permutations_deck(),
        *permutations_deck("blocks"),
    )


# --- the inputs ------------------------------------------------------------------------

_UNICODE = (
    "é×÷−–—·∙⋅✕＊／＋－ß♥♠♦♣★☃😀\u00a0\u2009\u202f\u3000\u200b\ufeff\u0301\u202e"
    "\x00\x07\x1b\n\r\t\ud800\udfff"
)
_HUGE = (10**4300, 10**5000, 10**10_000, 10**12_000, 2**40_000, 5**8192)


def _number_text(rng: random.Random) -> str:
    size = rng.choice((1, 1, 2, 3, 12, 13, 19, 60, 4301, 5000, 12_000))
    digits = "".join(rng.choice(string.digits) for _ in range(min(size, 64)))
    text = (digits * (size // len(digits) + 1))[:size]
    return ("-" if rng.random() < 0.2 else "") + text


MAX_MUTATED = 30_000
"""Longest text a mutation makes (far past every entry point's limit)."""


def mutate(text: str, rng: random.Random) -> str:
    """``text`` changed the way a student (or a cat on the keyboard) might change it.

    >>> mutate("pick 7S", random.Random(3)) != "pick 7S"
    True
    """
    for _ in range(rng.randint(1, 3)):
        choice = rng.randrange(9)
        position = rng.randint(0, len(text))
        if choice == 0:  # a number, perhaps of thousands of digits
            text = text[:position] + _number_text(rng) + text[position:]
        elif choice == 1:  # every number becomes a huge one
            repeat = rng.choice((1, 40, 5000)) if len(text) < 200 else 2
            text = "".join(c if not c.isdigit() else c * repeat for c in text)
        elif choice == 2:
            text = text[:position] + rng.choice(_UNICODE) + text[position:]
        elif choice == 3:
            text = text[:position] + text[position + rng.randint(1, 4) :]
        elif choice == 4:
            text = text * min(rng.choice((2, 3, 50, 2000)), 1 + MAX_MUTATED // (len(text) + 1))
        elif choice == 5:
            text = text.replace("+", "^").replace("×", "^").replace("*", "^")
        elif choice == 6:
            text = text.upper() if rng.random() < 0.5 else text.swapcase()
        elif choice == 7:
            text = text[:position] + rng.choice(" ,;:=()[]{}?-+*/^") + text[position:]
        else:
            text = text[:position] + " ^ 2 ^ 13" + text[position:]
        text = text[:MAX_MUTATED]
    return text


def nasty_value(rng: random.Random, samples: Sequence[str] = ()) -> Any:
    """One input to throw at an entry point: mostly its own kind of text, mutated, and
    otherwise anything at all."""
    roll = rng.random()
    if samples and roll < 0.2:
        return rng.choice(samples)
    if samples and roll < 0.55:
        return mutate(rng.choice(samples), rng)
    kind = rng.randrange(16)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice((True, False))
    if kind == 2:
        return rng.randint(-10, 60)
    if kind == 3:
        return rng.choice(_HUGE) * rng.choice((1, -1))
    if kind == 4:
        return rng.choice((0.0, 1.5, -2.0, float("nan"), float("inf"), 1e308))
    if kind == 5:
        return _number_text(rng)
    if kind == 6:
        return "".join(rng.choice(_UNICODE + string.printable) for _ in range(rng.randint(0, 40)))
    if kind == 7:
        return rng.choice(string.ascii_letters) * rng.choice((100, 1001, 10_000, 100_000))
    if kind == 8:
        return ""
    if kind == 9:
        return [nasty_value(rng) for _ in range(rng.randint(0, 4))]
    if kind == 10:
        return tuple(rng.randint(-3, 20) for _ in range(rng.randint(0, 16)))
    if kind == 11:
        return {"a": 1} if rng.random() < 0.5 else {1, 2}
    if kind == 12:
        return rng.choice((b"7H", bytearray(b"QS"), object(), type, print, ...))
    if kind == 13:
        return iter(range(10**9))
    if kind == 14:
        return " " * rng.randint(1, 5) + rng.choice(("draw", "pass", "pick", "play", "bid"))
    return rng.choice(_all_cards())


# --- the loop ----------------------------------------------------------------------------


@dataclass
class FuzzReport:
    """What a fuzzing run found: ``foreign`` lists every exception that is not a
    :class:`CardMathError` as (entry point, exception, shortened input)."""

    calls: int = 0
    refused: int = 0
    """Calls refused by rule (a CardMathError); the others returned."""
    foreign: list[tuple[str, str, str]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    slowest: tuple[float, str, str] = (0.0, "", "")

    @property
    def median(self) -> float:
        return median(self.times) if self.times else 0.0

    def over(self, budget: float) -> int:
        """How many calls took longer than ``budget`` seconds."""
        return sum(1 for seconds in self.times if seconds > budget)


def call_once(point: EntryPoint, value: Any) -> tuple[float, str | None]:
    """Call ``point`` with ``value``: (seconds, outcome), the outcome ``None`` when the
    call returned, ``"refused"`` for a :class:`CardMathError`, else the foreign
    exception's type and shortened message."""
    started = time.perf_counter()
    try:
        point.call(value)
    except CardMathError:
        return time.perf_counter() - started, "refused"
    except Exception as error:  # the fuzzer's whole purpose is to catch anything else
        return time.perf_counter() - started, f"{type(error).__name__}: {quoted(str(error))}"
    return time.perf_counter() - started, None


def run_fuzz(calls: int = 100_000, seed: int = 0) -> FuzzReport:
    """``calls`` fuzzed calls spread over every entry point, the same for the same seed."""
    rng = random.Random(seed)
    points = entry_points()
    report = FuzzReport()
    for number in range(calls):
        point = points[number % len(points)]
        value = nasty_value(rng, point.samples)
        seconds, outcome = call_once(point, value)
        report.calls += 1
        report.times.append(seconds)
        if outcome == "refused":
            report.refused += 1
        elif outcome is not None:
            report.foreign.append((point.name, outcome, quoted(value)))
        if seconds > report.slowest[0]:
            report.slowest = (seconds, point.name, quoted(value))
    return report
