"""Budgets instead of hangs: every search a student or teacher can start stops in time,
says so in a sentence, and still gives its best answer so far.

No timing is asserted here: a tiny *work* budget proves that a search stops (the same
point on every machine), and the answers a stopped search gives must still be correct.
The seconds limit is only a guarantee behind the work units (``make bench`` measures it).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.bots import make_bot
from cardmath.budget import Budget, SearchStopped, amount, remembered
from cardmath.cards import Card
from cardmath.errors import CardMathError
from cardmath.expr import evaluate
from cardmath.game import chance
from cardmath.games import get_game, navigator_rules
from cardmath.games.navigator import Declare
from cardmath.games.navigator import search as navigator_search
from cardmath.games.navigator_rules import (
    VectorChoice,
    VectorRules,
    best_vector_set,
    check_declaration,
)
from cardmath.solver import (
    Choice,
    Hand,
    best_choice,
    complexity,
    difficulty,
    hint,
    reach,
    reachable,
    solve,
)

UNLIMITED = Budget.unlimited


def tiny(work: int = 20_000) -> Budget:
    """A work budget far too small for the search asked: it must stop, the same way on
    every machine (no clock)."""
    return Budget(work=work, seconds=None)


# --- the budget itself ---------------------------------------------------------------


def test_a_budget_stops_at_its_work_limit_and_stays_stopped() -> None:
    budget = tiny(1_000)
    budget.charge(999)
    budget.charge(1)  # 1,000 units: the limit itself is allowed
    with pytest.raises(SearchStopped, match=r"^searched 1,001 expressions in \d+\.\d s$"):
        budget.charge(1)
    assert budget.exhausted
    with pytest.raises(SearchStopped):
        budget.charge(0)  # every search sharing it stops too


def test_a_stage_of_a_budget_counts_in_the_whole() -> None:
    whole = tiny(1_000)
    stage = whole.part(0.3)
    assert stage.work == 300
    with pytest.raises(SearchStopped):
        stage.charge(400)
    assert whole.spent == 400 and not whole.exhausted


def test_amounts_read_at_a_glance() -> None:
    assert [amount(n) for n in (7, 41_250, 2_140_000)] == ["7", "41,250", "2.1 million"]
    with pytest.raises(CardMathError):
        Budget(work=-1)


def test_remembered_answers_replay_their_cost_on_a_replayable_budget() -> None:
    calls = []

    @remembered(maxsize=2)
    def slow_square(number: int, budget: Budget) -> tuple[int, bool]:
        calls.append(number)
        budget.charge(100)
        return number * number, True

    cold = Budget(work=None, seconds=None, replayable=True)
    assert slow_square(3, cold) == 9 and cold.spent == 100
    warm = Budget(work=None, seconds=None, replayable=True)
    assert slow_square(3, warm) == 9 and warm.spent == 100  # as if computed again
    quick = Budget(work=None, seconds=None)
    assert slow_square(3, quick) == 9 and quick.spent == 1  # a lookup
    assert calls == [3]


# --- the solver ------------------------------------------------------------------------


def test_six_cards_to_make_1_stop_with_the_simplest_solutions_they_found() -> None:
    result = solve([2, 3, 4, 5, 6, 7], 1, budget=tiny(60_000))
    assert not result.complete
    assert result.best_distance == 0 and result.best_values == (1,)
    assert result.note.startswith("searched 60,")
    assert result.solutions and all(evaluate(tree) == 1 for tree in result.solutions)


def test_a_search_stopped_before_the_distance_is_known_gives_its_closest_so_far() -> None:
    result = solve([2, 3, 4, 5, 6, 7], 10**40 + 7, budget=tiny(300))
    assert not result.complete
    # the closest plain answer: every card added, or (here) multiplied
    assert (
        "closest so far: 7 × 6 × 5 × 4 × 3 × 2 = 5040, 999999…994967 (a number with 40 digits) away"
        in (result.note)
    )
    assert result.best_distance == 10**40 + 7 - 5040


def test_the_simplest_solution_of_an_explosive_hand_is_found_exactly_and_fast() -> None:
    # 854 distinct ways to make 1: the full list and the simplest-only search agree
    every = solve([3, 4, 5, 6, 13], 1, budget=UNLIMITED())
    assert every.complete and every.solution_count == 854
    simplest = solve([3, 4, 5, 6, 13], 1, simplest_only=True, budget=tiny(60_000))
    assert simplest.complete
    assert [str(tree) for tree in simplest.solutions] == ["13 + 3 − 6 − 5 − 4"]
    assert str(every.best) == "13 + 3 − 6 − 5 − 4"


def test_six_cards_to_make_1_have_their_simplest_solution_within_the_default_budget() -> None:
    result = solve([2, 3, 4, 5, 6, 7], 1, simplest_only=True, budget=Budget(seconds=None))
    assert result.complete
    assert str(result.best) == "5 + 4 + 3 + 2 − 7 − 6"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 100]), min_size=2, max_size=4
    ),
    st.integers(min_value=0, max_value=150),
)
def test_simplest_only_lists_exactly_the_least_complex_solutions(
    numbers: list[int], target: int
) -> None:
    every = solve(numbers, target, budget=UNLIMITED())
    simplest = solve(numbers, target, simplest_only=True, budget=UNLIMITED())
    least = complexity(every.solutions[0])
    expected = [str(tree) for tree in every.solutions if complexity(tree) == least]
    assert [str(tree) for tree in simplest.solutions] == expected
    assert simplest.best_distance == every.best_distance


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(min_value=0, max_value=13), min_size=1, max_size=6),
    st.integers(min_value=-5, max_value=200),
    st.integers(min_value=0, max_value=5_000),
    st.booleans(),
)
def test_any_budget_gives_correct_answers_or_says_it_stopped(
    numbers: list[int], target: int, work: int, simplest_only: bool
) -> None:
    result = solve(numbers, target, budget=tiny(work), simplest_only=simplest_only)
    for tree in result.solutions:
        assert abs(evaluate(tree) - target) == result.best_distance
    if result.complete:
        assert result.note == ""
        reference = solve(numbers, target, budget=UNLIMITED(), simplest_only=simplest_only)
        assert [str(tree) for tree in result.solutions] == [
            str(tree) for tree in reference.solutions
        ]
    else:
        assert result.note.startswith("searched ")


def test_reach_stops_with_the_values_found_so_far() -> None:
    stopped = reach([2, 3, 4, 5, 6, 7], budget=tiny(20_000))
    assert not stopped.complete
    assert stopped.note.endswith("values found so far, and there may be more")
    assert stopped.values
    full = reach([7, 8, 11], budget=tiny(20_000))
    assert full.complete and 32 in full.values
    with pytest.raises(SearchStopped, match="values found so far"):
        reachable([2, 3, 4, 5, 6, 7], budget=tiny(1_000))


def test_stopped_values_are_values_the_cards_really_make() -> None:
    numbers = [2, 3, 5, 7, 11]
    stopped = reach(numbers, budget=tiny(3_000))
    assert not stopped.complete
    assert stopped.values <= reachable(numbers, budget=UNLIMITED())


def test_a_hand_shares_its_work_between_questions() -> None:
    hand = Hand([3, 4, 5, 6, 13, 2, 7], budget=UNLIMITED())
    base = [0, 1, 2, 3, 4]
    assert hand.distance(1, base) == 0
    spent = hand.budget.spent
    assert hand.distance(1, [*base, 5]) == 0
    assert hand.budget.spent - spent < spent  # the shared groups are not searched again
    assert str(hand.solve(1, base, simplest_only=True).best) == "13 + 3 − 6 − 5 − 4"
    with pytest.raises(CardMathError, match="at most 6 numbers"):
        hand.distance(1)


def test_hints_and_difficulty_say_when_they_stopped() -> None:
    cards = [2, 3, 4, 5, 6, 7]
    stopped = hint(cards, 143, 4, budget=tiny(500))
    assert not stopped.complete
    assert stopped.text.endswith(
        "(The search stopped before it finished, so this may not be the best.)"
    )
    assert stopped.note.startswith("searched ")
    if stopped.expression is not None:
        assert abs(evaluate(stopped.expression) - 143) == stopped.best_distance
    rating = difficulty([9, 10, 11, 12, 13, 1], 1, budget=tiny(50_000))
    assert not rating.complete and rating.note.startswith("searched ")
    assert rating.best_distance == 0


def test_best_choice_stopped_early_keeps_correct_choices() -> None:
    ace = Choice((1, 100), "A")
    result = best_choice([ace, 2, 3, 4, 5, 6], 1, choose=5, budget=tiny(30_000))
    assert not result.complete and result.note.startswith("searched ")
    for choice in result.choices:
        for tree in choice.solution.solutions:
            assert abs(evaluate(tree) - 1) == result.best_distance


# --- Navigator ---------------------------------------------------------------------------

OVERRIDE_MEMORY = [Card.parse(text) for text in ("4H", "5H", "6H", "KH")]
OVERRIDE_BEACON = Card.parse("3D")
OVERRIDE_RULES = VectorRules(override="forced", override_suit="H", extrapolation=True)


def test_override_and_extrapolation_give_the_same_best_answer_within_the_listing_budget() -> None:
    """Four Override hearts (3 4 5 6 with the beacon, so phantoms 2, 3, 6 and 7 may join)
    and target 1: before budgets the listing ran for minutes. The best answer is the
    plain set's simplest (a phantom is used only when it gets closer), as it always was."""
    navigator_rules._set_best.cache_clear()
    navigator_rules._set_distance.cache_clear()
    budget = navigator_rules.listing_budget()
    best = best_vector_set(OVERRIDE_MEMORY, OVERRIDE_BEACON, 1, rules=OVERRIDE_RULES, budget=budget)
    assert best.complete, best.note
    assert (best.expression, best.value, best.phantom) == ("13 + 3 − 6 − 5 − 4", 1, None)
    assert budget.spent < navigator_rules.LISTING_WORK


def test_a_phantom_is_used_where_only_it_gets_closer() -> None:
    # 2, 3 and the beacon 4 allow a phantom 1 or 5: 2 ^ 4 × 3 − 1 = 47 exactly
    memory = [Card.parse(text) for text in ("AD", "3C", "7S", "2S")]
    best = best_vector_set(
        memory, Card.parse("4H"), 47, rules=VectorRules(extrapolation=True), budget=tiny()
    )
    assert best.complete
    assert (best.expression, best.distance, best.phantom) == ("2 ^ 4 × 3 − 1", 0, 1)


def test_a_stopped_navigator_search_still_declares_something_correct() -> None:
    best = best_vector_set(
        OVERRIDE_MEMORY,
        OVERRIDE_BEACON,
        1,
        rules=OVERRIDE_RULES,
        budget=Budget(work=200, seconds=None, replayable=True),
    )
    assert not best.complete and best.note
    verdict = check_declaration(
        OVERRIDE_MEMORY,
        OVERRIDE_BEACON,
        1,
        VectorChoice(best.memory, best.beacon),
        best.expression,
        best.value,
        OVERRIDE_RULES,
    )
    assert verdict.ok, verdict.reason


def _override_showdown():
    """A Forced Command Override showdown (hearts) where the player to move holds the
    four hearts of the reproduction, the beacon is 3D and the target 1."""
    game = get_game(
        "navigator",
        players=2,
        rounds=1,
        variant="forced-override",
        override_suit="H",
        extrapolation=True,
    )
    state = game.new_state(seed=5)
    chooser = random.Random(5)
    while state.phase != "declare":
        state = state.apply(chooser.choice(state.legal_actions()))
    player = state.current_player
    memories = list(state.memories)
    memories[player] = tuple(OVERRIDE_MEMORY)
    return replace(state, memories=tuple(memories), beacon=OVERRIDE_BEACON, target=1), player


def test_the_override_showdown_lists_the_best_declaration() -> None:
    state, player = _override_showdown()
    declarations = state.declarations_for(player)
    assert all(isinstance(action, Declare) for action in declarations)
    assert "declare 4H 5H 6H KH + beacon: 13 + 3 − 6 − 5 − 4 = 1 (target 1)" in {
        str(action) for action in declarations
    }


def test_a_listing_stopped_by_its_budget_is_the_same_cold_or_warm(monkeypatch) -> None:
    """The engine's listing budget counts remembered answers at the work they first took,
    so a seeded game lists the same moves whatever was asked before."""
    monkeypatch.setattr(navigator_search, "LISTING_WORK", 3_000)
    state, player = _override_showdown()
    navigator_rules._set_best.cache_clear()
    navigator_rules._set_distance.cache_clear()
    navigator_search._listed.cache_clear()
    cold = replace(state).declarations_for(player)
    navigator_search._listed.cache_clear()  # the listing again, over remembered sets
    warm = replace(state).declarations_for(player)
    assert cold == warm
    assert len(cold) >= 1  # at least the plain sum is always listed
    for action in cold:
        check = check_declaration(
            state.memories[player],
            state.beacon,
            1,
            action.choice,
            action.expression,
            action.value,
            state.rules_for(player),
        )
        assert check.ok, check.reason


@pytest.mark.parametrize("game_name", ["navigator", "sequences", "permutations", "dotter", "sum15"])
def test_a_strong_bot_with_a_tiny_budget_still_moves_legally(monkeypatch, game_name) -> None:
    import cardmath.budget as budget_module

    monkeypatch.setattr(budget_module, "DECISION_WORK", 50)
    options = (
        {"variant": "forced-override", "extrapolation": True} if game_name == "navigator" else {}
    )
    state = get_game(game_name, **options).new_state(seed=3)
    bot = make_bot(game_name, "strong")
    for move in range(12):
        if state.is_terminal:
            break
        player = state.current_player
        action = bot.choose(state.observation(player), chance(3, "bot", move))
        assert action in state.legal_actions()
        state = state.apply(action)


def test_the_strong_navigator_decides_as_before_when_its_budget_suffices() -> None:
    """The decision that took 13 s in a Forced Override + Extrapolation game: within its
    budget it is the same choice as with no budget at all."""
    import cardmath.bots.navigator as navigator_bots

    game = get_game("navigator", players=3, rounds=1, variant="forced-override", extrapolation=True)
    state = game.new_state(2)
    observation = state.observation(state.current_player)
    budgeted = navigator_bots.StrongBot().choose(observation, chance(2, "bot", 0))
    original = navigator_bots.decision_budget
    try:
        navigator_bots.decision_budget = UNLIMITED
        unlimited = navigator_bots.StrongBot().choose(observation, chance(2, "bot", 0))
    finally:
        navigator_bots.decision_budget = original
    assert budgeted == unlimited == state.parse_action("pick KS")
