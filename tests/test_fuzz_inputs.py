"""Nothing a student types can crash the platform: property tests over every entry point.

Every entry point of :func:`cardmath.fuzzing.entry_points` (each game's ``parse_action``,
``apply`` and ``observation``, options and seeds, the card parsers, the lesson helpers
that take cards or card text, the expression parser, saved games, the command line) is
called with inputs hypothesis draws: random text and unicode, numbers of thousands of
digits, ``None``, floats, lists and other wrong types, and the entry point's own kind of
text (its legal moves, card names, declarations) mutated. Each call must return or raise
a ``CardMathError`` (a refusal by rule), and a refusal's message quotes at most about 60
characters of the input. (How long the calls take is ``make bench``'s business:
``benchmarks/bench_fuzz.py``.)
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.errors import CardMathError, quoted
from cardmath.expr import show_number
from cardmath.fuzzing import EntryPoint, entry_points, mutate, run_fuzz

POINTS = {point.name: point for point in entry_points()}

HUGE = st.sampled_from([10**4300, 10**5000, 5**8192, 2**40_000, 10**10_000 + 7]).flatmap(
    lambda n: st.sampled_from([n, -n])
)
DIGITS = st.integers(min_value=4000, max_value=12_000).map(lambda size: "9" * size)
LONG = st.integers(min_value=1001, max_value=20_000).map(lambda size: "x" * size)
ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-100, max_value=100),
    HUGE,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec=None), max_size=30),  # unicode, surrogates too
    DIGITS,
    LONG,
    st.binary(max_size=10),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=5),
    st.tuples(st.integers(min_value=-2, max_value=20), st.integers(min_value=-2, max_value=20)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def inputs_for(point: EntryPoint) -> st.SearchStrategy[Any]:
    """Anything at all, or this entry point's own kind of text, as is or mutated."""
    if not point.samples:
        return ANYTHING
    own = st.sampled_from(point.samples)
    mutated = st.builds(mutate, own, st.randoms(use_true_random=False))
    return st.one_of(ANYTHING, own, mutated, mutated)


def check_call(point: EntryPoint, value: Any) -> None:
    try:
        point.call(value)
    except CardMathError as refusal:
        message = str(refusal)
        longest_run = max((len(run) for run in re.findall(r"(.)\1*", message)), default=0)
        assert longest_run <= 70, f"{point.name} repeats the input at length: {message[:200]}"
        assert len(message) < 1500, f"{point.name}: a {len(message)}-character message"


@pytest.mark.parametrize("name", sorted(POINTS))
def test_every_entry_point_returns_or_refuses_by_rule(name: str) -> None:
    point = POINTS[name]

    @settings(
        max_examples=25,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(value=inputs_for(point))
    def calls(value: Any) -> None:
        check_call(point, value)

    calls()


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("navigator showdown: apply(parse_action)", None),
        ("sequences: evaluate_sequence", "[4] * " + "9" * 5000),
        ("sequences: evaluate_sequence", "[5] + 7"),
        ("dotter: parse_action", None),
        ("dotter: parse_action", 5),
        ("dotter: parse_action", "peek p" + "9" * 5000 + " 1a 1b"),
        ("dotter: apply(Peek(owner))", -1),
        ("sum15: observation", 7),
        ("sum15: observation", -1),
        ("dotter: observation", 5),
        ("permutations: colour_counts", ["19R", "19G", "19B"]),
        ("permutations: round_score", ["1R", "1R", "1R"]),
        ("dotter: score_ranks", iter(range(10**9))),
        ("expr: show_number", 5**8192),
        ("errors: quoted", "x" * 10_000),
    ],
    ids=lambda value: quoted(value, 30),
)
def test_the_reported_crashes_are_refusals_now(name: str, value: Any) -> None:
    point = POINTS[name]
    if name.startswith(("expr:", "errors:")):
        assert len(point.call(value)) < 100  # shown, shortened, never raising
        return
    with pytest.raises(CardMathError) as refusal:
        point.call(value)
    assert len(str(refusal.value)) < 300


def test_a_huge_result_inside_the_guard_is_judged_and_shown_short() -> None:
    from cardmath.cards import Card
    from cardmath.games.navigator_rules import VectorChoice, check_declaration

    cards = [Card.parse("5H"), Card.parse("2S")]
    choice = VectorChoice(tuple(cards), True)
    check = check_declaration(cards, Card.parse("KD"), 31, choice, "5 ^ 2 ^ 13", 32)
    assert check.legal and not check.correct and check.value == 5**8192
    assert show_number(5**8192) in check.reason and len(check.reason) < 120
    cards = [Card.parse("9H"), Card.parse("9S")]
    choice = VectorChoice(tuple(cards), True)
    check = check_declaration(cards, Card.parse("9D"), 31, choice, "9 ^ 9 ^ 9", 3)
    assert not check.legal and check.rule == "out of range"


def test_a_seeded_fuzzing_run_meets_no_foreign_exception() -> None:
    report = run_fuzz(calls=3 * len(POINTS), seed=random.Random(11).randrange(1000))
    assert report.calls == 3 * len(POINTS)
    assert report.foreign == []
    assert 0 < report.refused < report.calls
