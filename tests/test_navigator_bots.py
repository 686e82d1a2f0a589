"""Navigator's computer navigators: drafting and calculating are separate skills.

random declares random correct expressions, greedy works left to right and is good but
not always best, strong declares the engine's best and bets (Hotshot, Pirate Map) only
when the bet pays. No bot ever calculates wrongly.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from statistics import mean

import pytest

from cardmath.analysis.tournament import tournament
from cardmath.bots import make_bot
from cardmath.bots import navigator_wagers as wagers
from cardmath.bots.navigator import partial_distance
from cardmath.bots.navigator_calculation import (
    chain_declaration,
    declared_distance,
    random_declaration,
)
from cardmath.bots.navigator_wagers import map_win_change
from cardmath.budget import Budget
from cardmath.cards import Card
from cardmath.expr import BinOp, Num, parse
from cardmath.games import get_game
from cardmath.games.navigator import (
    PHASE_BUY,
    PHASE_DECLARE,
    PHASE_DRAFT,
    BuyMap,
    Declare,
    NavigatorObservation,
    NavigatorState,
    PassMap,
    Pick,
    best_vector_set,
    check_declaration,
    vector_set_choices,
)
from cardmath.games.navigator_rules import best_distance, card_names
from cardmath.play import play_game

CONFIGURATIONS = {
    "core": {},
    "slingshot+extrapolation": {"slingshot": True, "extrapolation": True},
    "forced-override+extrapolation": {"variant": "forced-override", "extrapolation": True},
    "select-precog": {"variant": "select-precog"},
    "pirate-map+hotshot": {"variant": "pirate-map", "hotshot": True},
}


def showdowns(options: dict, seeds: range, players: int = 3) -> list[NavigatorState]:
    """Seeded showdowns (round 1, random drafting, locks and map purchases included)."""
    game = get_game("navigator", players=players, **options)
    states = []
    for seed in seeds:
        state = game.new_state(seed=seed)
        chooser = random.Random(seed)
        while state.phase != PHASE_DECLARE:
            state = state.apply(chooser.choice(state.legal_actions()))
        states.append(state)
    return states


def judged(state: NavigatorState, action: Declare):
    player = state.current_player
    return check_declaration(
        state.memories[player],
        state.beacon,
        state.target,
        action.choice,
        action.expression,
        action.value,
        state.rules_for(player),
    )


def best_effective(state: NavigatorState) -> int:
    player = state.current_player
    rules = state.rules_for(player)
    return best_vector_set(
        state.memories[player], state.beacon, state.target, rules=rules
    ).effective_distance


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"hotshot": True, "slingshot": True, "extrapolation": True},
        {"variant": ("pirate-map", "forced-override")},
        {"variant": "select-precog"},
    ],
)
def test_bots_play_whole_games_and_never_calculate_wrongly(bot: str, options: dict) -> None:
    game = get_game("navigator", players=3, rounds=2, **options)
    played = play_game(game, [bot, "random", "greedy"], seed=5)
    assert played.final.is_terminal
    rounds = [step.state.last_round for step in played.steps if step.state.last_round]
    assert rounds
    for result in rounds:
        assert all(showdown.correct for showdown in result.showdowns), result.showdowns


def test_the_same_seed_plays_the_same_game() -> None:
    game = get_game("navigator", players=3, rounds=2, hotshot=True, variant="pirate-map")
    first = play_game(game, ["strong", "greedy", "random"], seed=11)
    again = play_game(game, ["strong", "greedy", "random"], seed=11)
    assert [str(step.action) for step in first.steps] == [str(step.action) for step in again.steps]
    other = play_game(game, ["strong", "greedy", "random"], seed=12)
    assert [str(s.action) for s in other.steps] != [str(s.action) for s in first.steps]


# --- random: any correct expression ---------------------------------------------------


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_random_declares_correct_varied_expressions_rarely_the_best(configuration: str) -> None:
    worse = total = 0
    for state in showdowns(CONFIGURATIONS[configuration], range(12)):
        seen = state.observation(state.current_player)
        choices = vector_set_choices(seen.memory, seen.beacon, seen.rules)
        declared = [random_declaration(seen, random.Random(n)) for n in range(12)]
        best = best_effective(state)
        for action in declared:
            check = judged(state, action)
            assert check.ok, (action, check.reason)  # legal, and what the expression makes
            worse += check.effective_distance > best
            total += 1
        assert len({action.expression for action in declared}) >= 6
        if len(choices) > 1:
            assert len({action.choice for action in declared}) > 1
    assert worse >= 0.75 * total


def test_random_uses_every_operation_and_any_bracketing() -> None:
    symbols = Counter()
    shapes = set()
    for state in showdowns({}, range(20)):
        seen = state.observation(state.current_player)
        for n in range(5):
            action = random_declaration(seen, random.Random(n))
            symbols.update(ch for ch in action.expression if ch in "+−×÷^")
            tree = parse(action.expression, cards=card_names())
            shapes.add(isinstance(tree, BinOp) and isinstance(tree.right, BinOp))
    assert set(symbols) == set("+−×÷^")
    assert shapes == {True, False}  # a bracket on the right as well as left to right


def test_random_declarations_are_seeded() -> None:
    state = showdowns({}, range(3, 4))[0]
    seen = state.observation(state.current_player)
    assert random_declaration(seen, random.Random(7)) == random_declaration(seen, random.Random(7))


# --- greedy: left to right, good but not always best -----------------------------------


def is_left_to_right_chain(expression: str) -> bool:
    tree = parse(expression, cards=card_names(precog=True))
    while isinstance(tree, BinOp):
        if tree.op == "^" or not isinstance(tree.right, Num):
            return False
        tree = tree.left
    return True


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_greedy_is_good_but_not_always_the_best(configuration: str) -> None:
    best, greedy, random_ = [], [], []
    for state in showdowns(CONFIGURATIONS[configuration], range(40)):
        seen = state.observation(state.current_player)
        action = chain_declaration(seen)
        check = judged(state, action)
        assert check.ok, (action, check.reason)
        assert is_left_to_right_chain(action.expression), action.expression
        best.append(best_effective(state))
        greedy.append(check.effective_distance)
        random_.append(declared_distance(random_declaration(seen, random.Random(1)), seen))
    assert all(g >= b for g, b in zip(greedy, best, strict=True))
    worse = sum(g > b for g, b in zip(greedy, best, strict=True))
    assert 1 <= worse <= 0.3 * len(best)  # sometimes worse than the best, mostly not
    assert mean(greedy) <= mean(random_)
    assert mean(greedy) < mean(min(r, 1000) for r in random_)


# round-1 showdowns of three-player core games, seeds 0 to 39 (random drafting): greedy
# finds the best on all but these three, where the best needs a power
GREEDY_SHORT = {
    12: ("2 ^ 7 − 13", 115, 117),  # target 113: best 2 away, greedy (2 + 7) × 13 = 117
    15: ("(9 − 6) ^ 4", 81, 80),  # target 82: best 1 away, greedy (4 + 6) × 8 = 80
    39: ("6 ^ 3 − 100", 116, 118),  # target 116: exact, greedy 3 × 6 + 100 = 118
}


def test_greedy_is_not_the_best_on_the_named_seeds_and_is_elsewhere() -> None:
    strong = make_bot("navigator", "strong")
    for seed, state in enumerate(showdowns({}, range(40))):
        seen = state.observation(state.current_player)
        greedy = chain_declaration(seen)
        best = strong.choose(seen, random.Random(seed))
        assert judged(state, greedy).ok
        if seed in GREEDY_SHORT:
            expression, value, greedy_value = GREEDY_SHORT[seed]
            assert (best.expression, best.value) == (expression, value)
            assert greedy.value == greedy_value
            assert declared_distance(greedy, seen) > declared_distance(best, seen)
        else:
            assert declared_distance(greedy, seen) == declared_distance(best, seen), seed


def test_random_misses_an_easy_best_on_a_named_seed() -> None:
    # seed 0: target 48, beacon K, Nav Memory K A 9 2; the best is (13 + 9) × 2 = 44
    state = showdowns({}, range(1))[0]
    seen = state.observation(state.current_player)
    assert (seen.target, str(seen.beacon)) == (48, "KH")
    assert best_effective(state) == 4
    declared = [random_declaration(seen, random.Random(n)) for n in range(4)]
    assert [action.value for action in declared] == [117, 89, 484, 74]
    assert all(judged(state, action).ok for action in declared)


def test_greedy_misses_an_answer_that_needs_a_bracket_on_the_right() -> None:
    # target 7, beacon K, Nav Memory 2 3 5 5: 13 − 2 × 3 = 7 needs 2 × 3 worked out
    # first; left to right the closest is 6 or 8 (13 − 5 − 2, (13 + 3) ÷ 2)
    state = showdowns({}, range(1))[0]
    player = state.current_player
    memory = tuple(Card.parse(text) for text in ("2S", "3D", "5C", "5H"))
    memories = tuple(memory if p == player else m for p, m in enumerate(state.memories))
    state = replace(state, memories=memories, beacon=Card.parse("KH"), target=7)
    seen = state.observation(player)
    assert best_effective(state) == 0
    action = chain_declaration(seen)
    assert judged(state, action).ok and declared_distance(action, seen) == 1


def test_greedy_keeps_the_card_that_helps_most_now() -> None:
    state = get_game("navigator", players=2).new_state(seed=8)
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    observation = state.observation(state.current_player)
    pick = make_bot("navigator", "greedy").choose(observation, random.Random(0))
    distances = [
        partial_distance(
            (*observation.memory, card), observation.beacon, observation.target, observation.rules
        )
        for card in observation.packet
    ]
    chosen = partial_distance(
        (*observation.memory, pick.card), observation.beacon, observation.target, observation.rules
    )
    assert chosen == min(distances)


# --- strong: the engine's best ----------------------------------------------------------


@pytest.mark.parametrize("configuration", CONFIGURATIONS)
def test_strong_declares_the_engines_best(configuration: str) -> None:
    for state in showdowns(CONFIGURATIONS[configuration], range(15)):
        seen = state.observation(state.current_player)
        action = make_bot("navigator", "strong").choose(seen, random.Random(1))
        check = judged(state, action)
        assert check.ok and check.effective_distance == best_effective(state)


# --- budgets: every decision keeps to its search budget ----------------------------------


class RecordedBudget(Budget):
    """A work-only decision budget that remembers its largest single charge."""

    made: list[RecordedBudget] = []

    def __init__(self, work: int) -> None:
        super().__init__(work=work, seconds=None)
        self.largest = 0
        RecordedBudget.made.append(self)

    def charge(self, units: int = 1) -> None:
        self.largest = max(self.largest, units)
        super().charge(units)


@pytest.mark.parametrize("work", [100, 250_000])
@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_every_decision_keeps_to_its_budget_and_stays_legal(
    bot: str, work: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    RecordedBudget.made = []
    for module in ("navigator", "navigator_calculation"):
        monkeypatch.setattr(f"cardmath.bots.{module}.decision_budget", lambda: RecordedBudget(work))
    game = get_game("navigator", players=3, rounds=1, hotshot=True, variant="pirate-map")
    state = game.new_state(seed=4)
    chooser = make_bot("navigator", bot)
    rng = random.Random(4)
    stops: dict[str, int] = Counter()
    while not state.is_terminal:
        seen = state.observation(state.current_player)
        before = len(RecordedBudget.made)
        action = chooser.choose(seen, rng)
        assert action in state.legal_actions() or (
            isinstance(action, Declare) and judged(state, action).ok
        ), action
        stops[seen.phase] += any(budget.stopped for budget in RecordedBudget.made[before:])
        state = state.apply(action)
    assert RecordedBudget.made  # the bot searched with its decision budget
    for budget in RecordedBudget.made:
        # a search stops at the first charge past the limit: it never runs on
        assert budget.spent <= budget.work + budget.largest
    if work == 100:  # searches cut short, and still a legal answer every time
        assert stops[PHASE_DRAFT] > 0
        if bot == "greedy":
            assert stops[PHASE_DECLARE] > 0
    else:
        assert sum(stops.values()) == 0  # a whole decision's budget is enough here


# --- Hotshot Spacer ----------------------------------------------------------------------


def first_pick(seed: int, players: int = 2, **changes) -> NavigatorObservation:
    """The first pick of a seeded Hotshot game (with ``changes`` to the state)."""
    state = get_game("navigator", players=players, hotshot=True).new_state(seed=seed)
    state = replace(state, **changes)
    return state.observation(state.current_player)


def exact_share(seen: NavigatorObservation, card: Card, samples: int = 300) -> float:
    """How many random Nav Memories holding ``card`` locked reach the target exactly."""
    rest = Counter(seen.options.deck()) - Counter([*seen.target_cards, seen.beacon, card])
    cards = sorted(rest.elements())
    draw = random.Random(0)
    rules = replace(seen.rules, locked=card)
    hits = sum(
        best_distance((card, *draw.sample(cards, 3)), seen.beacon, seen.target, rules) == 0
        for _ in range(samples)
    )
    return hits / samples


def test_strong_locks_a_card_that_nearly_always_makes_the_target() -> None:
    # target 101, beacon 6: the Ace of spades as 100 needs only one more step
    seen = first_pick(6)
    assert seen.target == 101 and str(seen.beacon) == "6S"
    action = make_bot("navigator", "strong").choose(seen, random.Random(6))
    assert action == Pick(Card.parse("AS"), lock=True)
    shares = {str(card): exact_share(seen, card) for card in seen.packet}
    assert shares["AS"] > 0.6 and max(v for k, v in shares.items() if k != "AS") < 0.1


def test_strong_does_not_lock_when_no_card_is_a_safe_bet() -> None:
    # target 123, beacon 2: no card of the packet reaches it exactly with most memories
    seen = first_pick(5)
    assert seen.target == 123
    action = make_bot("navigator", "strong").choose(seen, random.Random(5))
    assert isinstance(action, Pick) and not action.lock
    assert all(exact_share(seen, card) < 0.1 for card in seen.packet)


def test_strong_never_stakes_more_chips_than_it_has() -> None:
    # the Ace that pays with 10 chips is not locked with 2: a loss would cost 2 chips
    seen = first_pick(6, chips=(2, 10))
    action = make_bot("navigator", "strong").choose(seen, random.Random(6))
    assert isinstance(action, Pick) and not action.lock


def test_hotshot_reckoning_in_chips() -> None:
    # two others: a lock wins or loses 4 chips; no lock wins 2 alone or loses 1
    assert wagers.hotshot_pays(0.7, 0.6, 0.4, others=2, chips=10)  # 1.6 > 0.4
    assert not wagers.hotshot_pays(0.55, 0.6, 0.5, others=2, chips=10)  # 0.4 < 0.6
    assert not wagers.hotshot_pays(0.99, 0.5, 0.5, others=2, chips=4)  # could go out
    assert wagers.win_chance([1, 5], [0, 1, 2, 9], 2) == pytest.approx((0.75**2 + 0.25**2) / 2)


def test_greedy_never_locks_or_buys_and_random_sometimes_does() -> None:
    game = get_game("navigator", players=3, rounds=3, hotshot=True, variant="pirate-map")
    moves: dict[str, Counter] = {"greedy": Counter(), "random": Counter(), "strong": Counter()}
    for seed in range(3):
        seats = ["greedy", "random", "strong"]
        played = play_game(game, seats, seed=seed)
        for step in played.steps:
            action = step.action
            kind = "lock" if isinstance(action, Pick) and action.lock else type(action).__name__
            moves[seats[step.player]][kind] += 1
    assert moves["greedy"]["lock"] == 0 and moves["greedy"]["BuyMap"] == 0
    assert moves["random"]["lock"] > 0 and moves["random"]["BuyMap"] > 0
    assert moves["strong"]["BuyMap"] == 0


# --- Pirate Map -----------------------------------------------------------------------


def buy_phase(players: int = 3, variant: tuple[str, ...] = (), **options) -> NavigatorObservation:
    game = get_game("navigator", players=players, variant=("pirate-map", *variant), **options)
    state = game.new_state(seed=3)
    assert state.phase == PHASE_BUY
    return state.observation(state.current_player)


def test_owning_the_pirate_map_costs_a_chance_to_win_under_the_written_rules() -> None:
    # the die always corrupts a Nav Memory card; leaving out the beacon gains less
    for options in ({}, {"slingshot": True, "extrapolation": True}):
        seen = buy_phase(**options)
        change = map_win_change(seen.options, 3, seen.override_suit, Budget())
        assert change is not None and change < 0


@pytest.mark.parametrize(
    "options", [{}, {"slingshot": True, "hotshot": True}, {"variant": ("forced-precog",)}]
)
def test_strong_does_not_buy_the_map_when_it_does_not_pay(options: dict) -> None:
    seen = buy_phase(**options)
    assert make_bot("navigator", "strong").choose(seen, random.Random(0)) == PassMap()


def test_strong_buys_the_map_when_owning_it_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    # a table where owning the map would raise the chance to win a round by a third
    seen = buy_phase()
    monkeypatch.setattr(
        "cardmath.bots.navigator.map_win_change", lambda options, players, suit, budget: 0.34
    )
    assert make_bot("navigator", "strong").choose(seen, random.Random(0)) == BuyMap(2)
    # ...but not in the last round of a lesson, nor for a large Bounty it would give up
    last = replace(seen, options=replace(seen.options, rounds=1))
    assert make_bot("navigator", "strong").choose(last, random.Random(0)) == PassMap()
    rich = replace(seen, bounty=12)
    assert make_bot("navigator", "strong").choose(rich, random.Random(0)) == PassMap()


def test_map_reckoning_in_chips() -> None:
    # three players, three rounds ahead: each 0.1 of a chance to win is worth 0.9 chips
    assert wagers.map_pays(0.3, players=3, rounds_ahead=3, price=2, bounty=0)
    assert not wagers.map_pays(0.2, players=3, rounds_ahead=3, price=2, bounty=0)
    assert not wagers.map_pays(0.3, players=3, rounds_ahead=3, price=2, bounty=3)
    assert not wagers.map_pays(0.3, players=3, rounds_ahead=1, price=2, bounty=0)


# --- the table ---------------------------------------------------------------------------


def test_strong_beats_random_over_seeded_games() -> None:
    table = tournament(
        lambda: get_game("navigator", players=2, rounds=2), ["strong", "random"], games=10, seed=3
    )
    strong, weak = table.rows
    assert strong.wins > weak.wins
