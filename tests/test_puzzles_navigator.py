"""The Navigator puzzle: best answers, hints and checks under every option and variant."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.cards import SUIT_SYMBOLS, Card
from cardmath.errors import CardMathError
from cardmath.expr import leaves, parse
from cardmath.games.navigator import NavigatorGame, NavigatorOptions, best_vector_set
from cardmath.games.navigator_rules import card_names, check_declaration
from cardmath.puzzles.navigator import MAX_SOLUTIONS, NavigatorPuzzle, PuzzleCheck
from cardmath.solver import complexity

BASES = [(), ("forced-override",), ("select-override",), ("forced-precog",), ("select-precog",)]


@st.composite
def puzzle_options(draw: Any) -> dict[str, Any]:
    """Any options a teacher can choose in Settings."""
    base = draw(st.sampled_from(BASES))
    variant = (*base, "pirate-map") if draw(st.booleans()) else base
    options: dict[str, Any] = {
        "variant": variant,
        "hotshot": draw(st.booleans()),
        "slingshot": draw(st.booleans()),
        "extrapolation": draw(st.booleans()),
    }
    if base and base[0].endswith("override"):
        options["override_suit"] = draw(st.sampled_from(["", "C", "D", "H", "S"]))
    return options


def engine_best(puzzle: NavigatorPuzzle) -> Any:
    return best_vector_set(puzzle.memory, puzzle.beacon, puzzle.target, rules=puzzle.rules)


def assert_agrees_with_the_engine(puzzle: NavigatorPuzzle) -> None:
    """The puzzle's best is the engine's, and its check accepts every best answer."""
    best = puzzle.best()
    engine = engine_best(puzzle)
    assert best.best_distance == engine.effective_distance
    assert 1 <= len(best.solutions) <= MAX_SOLUTIONS
    assert best.solution_count >= len(best.solutions)
    assert len(best.cards) == len(best.solutions)
    first = best.answers[0]
    assert (first.phantom is not None, complexity(first.expression)) == (
        engine.phantom is not None,
        complexity(engine.tree()),
    )
    texts = set()
    for answer in best.answers:
        assert answer.effective_distance == best.best_distance
        for typed in (answer.text, answer.expression):
            verdict = puzzle.check(typed)
            assert verdict.ok and verdict.best, (answer.text, verdict.message)
            assert verdict.effective_distance == best.best_distance
            assert "best possible" in verdict.message
        texts.add(answer.text)
    assert len(texts) == len(best.answers)  # distinct
    engine_verdict = puzzle.check(engine.expression)
    assert engine_verdict.ok and engine_verdict.best, engine_verdict.message


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), puzzle_options())
def test_best_is_the_engines_and_check_accepts_every_best_answer(
    seed: int, options: dict[str, Any]
) -> None:
    puzzle = NavigatorPuzzle.deal(seed, options)
    assert puzzle.rules == puzzle.state.rules_for(0)
    assert puzzle.options == NavigatorGame(**{**options, "players": 2}).options
    assert_agrees_with_the_engine(puzzle)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 50), st.text(max_size=40))
def test_check_never_raises(seed: int, text: str) -> None:
    puzzle = NavigatorPuzzle.deal(seed, {"extrapolation": True, "variant": "select-precog"})
    verdict = puzzle.check(text)
    assert isinstance(verdict, PuzzleCheck) and verdict.message
    if not verdict.ok:
        assert not verdict.best


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 50), st.text(alphabet="0123456789+-*/^() JQKAPN", max_size=30))
def test_every_verdict_is_the_engines(seed: int, text: str) -> None:
    """An answer is accepted exactly when the engine accepts it for some Vector Set."""
    puzzle = NavigatorPuzzle.deal(seed, {"extrapolation": True, "slingshot": True})
    verdict = puzzle.check(text)
    try:
        tree = parse(text, cards=card_names(False))
    except CardMathError:
        assert not verdict.ok and verdict.message.startswith(("That cannot be read", "Type"))
        return
    accepted = [
        check_declaration(
            puzzle.memory,
            puzzle.beacon,
            puzzle.target,
            choice,
            tree,
            verdict.value if verdict.value is not None else 0,
            puzzle.rules,
        )
        for choice in puzzle.choices
    ]
    assert verdict.ok == any(item.ok for item in accepted)
    if verdict.ok:
        assert verdict.effective_distance == min(
            item.effective_distance for item in accepted if item.ok
        )


# --- the two reproductions ----------------------------------------------------------------------


def test_forced_precog_seed_2_must_use_the_trump() -> None:
    """The old dashboard called 8 × 2 + 3 = 19 best (0 away) ignoring the forced trump 21."""
    puzzle = NavigatorPuzzle.deal(2, {"variant": "forced-precog"})
    assert (puzzle.target, str(puzzle.beacon)) == (19, "3D")
    assert [str(card) for card in puzzle.memory] == ["T21", "4H", "8S", "2C"]
    assert puzzle.rules.override == "forced" and puzzle.rules.precog
    assert puzzle.best().best_distance == 1 == engine_best(puzzle).effective_distance
    assert all(Card.parse("T21") in cards for cards in puzzle.best().cards)
    refused = puzzle.check("8 × 2 + 3")
    assert not refused.ok and not refused.best
    assert refused.message == (
        "Forced Command Override: you must use every Override card in your Nav Memory (trump 21)."
    )
    accepted = puzzle.check("21 + 2 - 3")
    assert accepted.ok and accepted.best and accepted.distance == 1
    assert_agrees_with_the_engine(puzzle)


def test_extrapolation_seed_13_accepts_the_engines_own_best_answer() -> None:
    """The old dashboard refused (9 − 6) × 8 + 7 = 31: 6 is the phantom of 7, 8, 9."""
    puzzle = NavigatorPuzzle.deal(13, {"extrapolation": True})
    engine = engine_best(puzzle)
    assert (engine.expression, engine.phantom, engine.effective_distance) == (
        "(9 − 6) × 8 + 7",
        6,
        0,
    )
    verdict = puzzle.check(engine.expression)
    assert verdict.ok and verdict.best and verdict.phantom == 6 and verdict.value == 31
    assert verdict.message == (
        "(9 − 6) × 8 + 7 = 31: exactly on target, using the phantom 6! That is the best possible."
    )
    assert puzzle.best().best_distance == 0
    assert_agrees_with_the_engine(puzzle)


def test_select_precog_seed_248686_lists_each_best_answer_once() -> None:
    """11 + 9 + 8 − 10 was listed twice: from trumps 11 and 9 with the phantom 8, and from
    8 and trump 9 with the phantom 11. It reads the same, so it is one answer."""
    puzzle = NavigatorPuzzle.deal(248686, {"variant": "select-precog", "extrapolation": True})
    assert (puzzle.target, str(puzzle.beacon)) == (18, "10C")
    assert [str(card) for card in puzzle.memory] == ["T11", "3D", "T9", "8D"]
    best = puzzle.best()
    texts = [answer.text for answer in best.answers]
    assert texts.count("11 + 9 + 8 − 10") == 1
    assert len(set(texts)) == len(texts) == best.solution_count == 6
    again = best.answers[texts.index("11 + 9 + 8 − 10")]
    assert [str(card) for card in again.cards] == ["T11", "T9", "10C"] and again.phantom == 8
    assert_agrees_with_the_engine(puzzle)


# --- refusals, in a sentence ---------------------------------------------------------------------


@pytest.fixture
def core() -> NavigatorPuzzle:
    puzzle = NavigatorPuzzle.deal(7)  # target 105, beacon 9C, Nav Memory 7H QH 6D 3D
    assert (puzzle.target, str(puzzle.beacon)) == (105, "9C")
    assert [str(card) for card in puzzle.memory] == ["7H", "QH", "6D", "3D"]
    return puzzle


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Type an expression that uses your cards."),
        ("9 + 7 +", "That cannot be read: the expression ends too soon"),
        ("1e5", "That cannot be read: unknown name 'e'"),
        ("K + 9 + 7", "None of your cards is a 13: use two cards of your Nav Memory and the"),
        ("9 + 7 + 7", "You used 7 twice, but only one card of your Vector Set may be a 7"),
        ("7 + 12 + 6", "You must use the Signpost Beacon (9♣)"),
        ("9 × 7 × 3 × 6", "You used three Nav Memory cards: use two cards"),
        ("9 + 6", "You used one Nav Memory card: use two cards"),
        ("9 / 6 + 7", "That step is not allowed: 9 ÷ 6 is not a whole number."),
        ("9 ^ 12 ^ 7", "That step is not allowed: the result would have more than 10,000 digits"),
        ("A + 9 + 7", "That cannot be read: card 'A' at character 1 has no value here"),
    ],
)
def test_refusals_say_why(core: NavigatorPuzzle, text: str, message: str) -> None:
    verdict = core.check(text)
    assert not verdict.ok and not verdict.best
    assert verdict.message.startswith(message), verdict.message


@pytest.mark.parametrize("bad", [None, 7, 3.5, b"9+7+3", ["9"], "x" * 100_000, "(" * 5_000])
def test_odd_input_is_refused_not_raised(core: NavigatorPuzzle, bad: Any) -> None:
    verdict = core.check(bad)
    assert not verdict.ok and verdict.message


def test_typed_card_names(core: NavigatorPuzzle) -> None:
    verdict = core.check("Q x 9 - 3")
    assert verdict.ok and verdict.best and verdict.value == 105
    assert core.check("q*9-3").value == 105
    worse = core.check("Q + 9 + 3")
    assert worse.ok and not worse.best and worse.distance == 81
    assert worse.message.endswith(
        "The best possible is exactly 105: keep going, or ask for a hint."
    )


def test_precog_names_and_values() -> None:
    puzzle = NavigatorPuzzle.deal(1, {"variant": "select-precog"})
    assert [str(card) for card in puzzle.memory] == ["KS", "3C", "8D", "T4"]
    assert str(puzzle.beacon) == "PS" and puzzle.beacon_values == (1,)
    verdict = puzzle.check("K + P + 4")  # King 13, Page 1, trump 4
    assert verdict.ok and verdict.value == 18
    refused = puzzle.check("K + P + 3")
    assert not refused.ok
    assert refused.message == (
        "Select Command Override: one of your Nav Memory cards must be an Override card (trump 4)."
    )
    assert "You may type P, N, Q, K and A by name." in puzzle.prompt


def test_precog_ace_is_100_everywhere() -> None:
    for seed in range(200):
        puzzle = NavigatorPuzzle.deal(seed, {"variant": "forced-precog"})
        aces = [card for card in puzzle.memory if card.rank == "A"]
        if aces:
            break
    else:
        pytest.fail("no Ace dealt")
    assert puzzle.memory_values[puzzle.memory.index(aces[0])] == (100,)
    assert_agrees_with_the_engine(puzzle)


def test_slingshot_counts_two_less() -> None:
    puzzle = NavigatorPuzzle.deal(0, {"slingshot": True})
    best = puzzle.best()
    answer = best.answers[0]
    assert answer.slingshot and answer.distance == 3 and best.best_distance == 1
    assert {card.suit for card in answer.cards} == {"H"}
    verdict = puzzle.check(answer.text)
    assert verdict.ok and verdict.best and verdict.slingshot
    assert "Slingshot counts it 1" in verdict.message
    assert "counts 1" in puzzle.hint(1).text
    plain = NavigatorPuzzle.deal(0)
    assert plain.best().best_distance == engine_best(plain).effective_distance


# --- hints and prompt -------------------------------------------------------------------------------


def test_hints_grow_and_end_with_a_best_answer(core: NavigatorPuzzle) -> None:
    texts = [core.hint(level).text for level in (1, 2, 3, 4)]
    assert texts[0] == "You can make 105 exactly."
    assert texts[1] == "You can make 105 exactly. Use the beacon 9♣, 6♦ and 7♥."
    assert texts[2] == "Start with 9 + 6 = 15."
    assert texts[3] == "(9 + 6) × 7 = 105, exactly 105. Working: 9 + 6 = 15; 15 × 7 = 105"
    full = core.hint(4)
    assert full.expression is not None and core.check(full.expression).best
    assert core.hint(1).expression is None
    for level in (0, 5, True, "2"):
        with pytest.raises(CardMathError, match="hint levels"):
            core.hint(level)  # type: ignore[arg-type]


def test_hint_names_the_ace_value_and_the_phantom() -> None:
    puzzle = NavigatorPuzzle.deal(13, {"extrapolation": True})
    assert puzzle.hint(2).text == (
        "You can make 31 exactly. Use the beacon 8♦, 7♥ and 9♦, and the phantom 6 "
        "(7, 8 and 9 are a run)."
    )
    for seed in range(300):
        puzzle = NavigatorPuzzle.deal(seed)
        answer = puzzle.best().answers[0]
        if any(card.rank == "A" for card in answer.cards[:-1]):
            break
    else:
        pytest.fail("no best answer with an Ace")
    ace = next(card for card in answer.cards[:-1] if card.rank == "A")
    high = 100 in [leaf.value for leaf in leaves(answer.expression)]
    assert f"A{SUIT_SYMBOLS[ace.suit]} as {100 if high else 1}" in puzzle.hint(2).text


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({}, ["two cards of your Nav Memory", "You may type J, Q and K by name."]),
        ({"slingshot": True}, ["Slingshot: if all your cards are of one suit"]),
        ({"extrapolation": True}, ["Extrapolation: if three of your values are in a row"]),
        ({"hotshot": True}, ["Hotshot Spacer is played only in a whole game, not in a puzzle."]),
        (
            {"hotshot": True, "variant": "pirate-map"},
            ["Hotshot Spacer and Pirate Map are played only in a whole game"],
        ),
        ({"variant": "forced-override", "override_suit": "H"}, ["Forced Command Override: hearts"]),
        ({"variant": "select-override", "override_suit": "S"}, ["Select Command Override: spades"]),
        ({"variant": "forced-precog"}, ["Tarot values", "trumps are Override cards"]),
    ],
)
def test_prompt_states_the_rules_in_play(options: dict[str, Any], words: list[str]) -> None:
    prompt = NavigatorPuzzle.deal(7, options).prompt
    for word in words:
        assert word in prompt
    if not options.get("hotshot") and "pirate-map" not in str(options.get("variant")):
        assert "whole game" not in prompt


def test_forced_override_with_many_override_cards_lists_them() -> None:
    puzzle = NavigatorPuzzle.deal(50, {"variant": "forced-override", "override_suit": "D"})
    assert [str(card) for card in puzzle.memory] == ["10D", "QD", "JD", "AD"]
    assert len(puzzle.choices) == 1
    assert "the Signpost Beacon and four cards of your Nav Memory: 10♦, Q♦ (12), J♦ (11)" in (
        puzzle.prompt
    )
    assert_agrees_with_the_engine(puzzle)


def test_pirate_map_does_not_change_the_deal() -> None:
    for seed in range(5):
        plain = NavigatorPuzzle.deal(seed)
        pirate = NavigatorPuzzle.deal(seed, {"variant": "pirate-map"})
        assert (pirate.target, pirate.beacon, pirate.memory) == (
            plain.target,
            plain.beacon,
            plain.memory,
        )
        assert not pirate.rules.skip_beacon and pirate.state.phase == "draft"


def test_options_as_dataclass_or_mapping() -> None:
    options = NavigatorOptions(players=4, extrapolation=True)
    assert NavigatorPuzzle.deal(13, options) == NavigatorPuzzle.deal(13, {"extrapolation": True})
    assert NavigatorPuzzle.deal(13, options).options.players == 2
    with pytest.raises(CardMathError):
        NavigatorPuzzle.deal(13, {"variant": "chess"})
    with pytest.raises(CardMathError):
        NavigatorPuzzle.deal(13, "extrapolation")  # type: ignore[arg-type]


def test_target_note() -> None:
    assert NavigatorPuzzle.deal(2481).target_note == "8 and 10"
    assert NavigatorPuzzle.deal(2, {"variant": "forced-precog"}).target_note == (
        "trump 19 (an Override card stands alone)"
    )
