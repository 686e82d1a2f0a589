"""The solver, Navigator's best answers and the bots give the answers they gave before
searches had budgets, wherever the search completes.

The golden files were written by the code as it was before budgets (searches that took
more than a few seconds then were left out):

* ``golden/solver_answers.json``: 581 seeded hands of 2 to 6 numbers (card values and
  100) with targets 0..999 (best distance, best values, how many distinct solutions,
  the five simplest, a digest of the whole list), and the four hint levels for 200
  seeded Navigator deals;
* ``golden/navigator_answers.json``: Navigator's declarations and best Vector Set for
  every player of seeded random-play positions under 14 combinations of options and
  variants, and 593 constructed Nav Memories rich in Override cards and sequences (the
  choices, their distances, the best expression for the best choice, the best set);
* ``golden/bot_games.json``: whole seeded games of every game with strong, greedy and
  random bots (every action, in order).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardmath.cards import Card
from cardmath.games import get_game
from cardmath.games.navigator_rules import (
    VectorRules,
    best_for_choice,
    best_vector_set,
    choice_distance,
    vector_set_choices,
)
from cardmath.play import play_game
from cardmath.solver import Choice, hint, solve

GOLDEN = Path(__file__).parent / "golden"

PLAYED_CONFIGURATIONS: dict[str, dict] = {
    "core": {},
    "hotshot": {"hotshot": True},
    "slingshot": {"slingshot": True},
    "extrapolation": {"extrapolation": True},
    "forced-override": {"variant": "forced-override"},
    "select-override": {"variant": "select-override"},
    "forced-precog": {"variant": "forced-precog"},
    "select-precog": {"variant": "select-precog"},
    "pirate-map": {"variant": "pirate-map"},
    "forced-override+extrapolation": {"variant": "forced-override", "extrapolation": True},
    "select-override+extrapolation": {"variant": "select-override", "extrapolation": True},
    "forced-precog+extrapolation": {"variant": "forced-precog", "extrapolation": True},
    "everything": {
        "hotshot": True,
        "slingshot": True,
        "extrapolation": True,
        "variant": ("pirate-map", "forced-precog"),
    },
    "forced-override+extrapolation+slingshot+hotshot": {
        "variant": ("forced-override", "pirate-map"),
        "extrapolation": True,
        "slingshot": True,
        "hotshot": True,
    },
}


def _load(name: str):
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def _declare_state(options: dict, seed: int, players: int):
    """The showdown of round 1 after seeded random drafting (as the golden file was made)."""
    state = get_game("navigator", players=players, rounds=1, **options).new_state(seed)
    chooser = random.Random(seed)
    while state.phase != "declare":
        state = state.apply(chooser.choice(state.legal_actions()))
    return state


def test_solver_answers_are_unchanged_where_the_search_completes() -> None:
    rows = _load("solver_answers.json")["solve"]
    assert len(rows) > 500
    complete = 0
    for row in rows:
        result = solve(row["numbers"], row["target"])
        assert result.best_distance == row["best_distance"], row
        assert list(result.best_values) == row["best_values"], row
        texts = [str(expression) for expression in result.solutions]
        if result.complete:
            complete += 1
            assert len(texts) == row["count"], row
            assert texts[:5] == row["first"], row
            assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == row["digest"], row
        else:
            # a stopped search still lists the simplest solutions, in order
            assert texts[: len(row["first"])] == row["first"][: len(texts)], row
    assert complete >= len(rows) * 0.95


def test_hints_are_unchanged() -> None:
    for row in _load("solver_answers.json")["hints"]:

        def card(text: str | int) -> Choice | int:
            if isinstance(text, int):
                return text
            values = {"A": (1, 100), "JK": (0,), "J": (11,), "Q": (12,), "K": (13,)}
            return Choice(values[text], text)

        memory = [card(text) for text in row["memory"]]
        beacon = card(row["beacon"])
        texts = [
            hint(memory, row["target"], level, choose=2, must_use=[beacon]).text
            for level in (1, 2, 3, 4)
        ]
        assert texts == row["hints"], row


@pytest.mark.parametrize("configuration", list(PLAYED_CONFIGURATIONS))
def test_navigator_declarations_are_unchanged(configuration: str) -> None:
    rows = [
        row for row in _load("navigator_answers.json")["played"] if row["config"] == configuration
    ]
    assert rows
    options = PLAYED_CONFIGURATIONS[configuration]
    for row in rows:
        state = _declare_state(options, row["seed"], row["players"])
        player = row["player"]
        best = best_vector_set(
            state.memories[player], state.beacon, state.target, rules=state.rules_for(player)
        )
        found = {
            "memory": [str(card) for card in best.memory],
            "beacon": best.beacon,
            "expression": best.expression,
            "value": best.value,
            "distance": best.distance,
            "effective_distance": best.effective_distance,
            "phantom": best.phantom,
        }
        assert found == row["best"], row
        assert [str(action) for action in state.declarations_for(player)] == row["declarations"], (
            row
        )


def test_navigator_answers_for_override_and_sequence_rich_memories_are_unchanged() -> None:
    rows = _load("navigator_answers.json")["constructed"]
    assert len(rows) > 500
    for row in rows:
        rules = VectorRules(**row["rules"])
        memory = [Card.parse(text) for text in row["memory"]]
        beacon = Card.parse(row["beacon"])
        target = row["target"]
        choices = vector_set_choices(memory, beacon, rules)
        assert [str(choice) for choice in choices] == row["choices"], row
        distances = [choice_distance(choice, beacon, target, rules) for choice in choices]
        assert distances == row["distances"], row
        chosen = best_for_choice(choices[distances.index(min(distances))], beacon, target, rules)
        assert [chosen.expression, chosen.value, chosen.phantom] == row["best_for_choice"], row
        best = best_vector_set(memory, beacon, target, rules=rules)
        found = [
            [str(card) for card in best.memory],
            best.beacon,
            best.expression,
            best.value,
            best.effective_distance,
            best.phantom,
        ]
        assert found == row["best"], row


@pytest.mark.parametrize("index", range(24))
def test_bot_games_are_unchanged(index: int) -> None:
    row = _load("bot_games.json")[index]
    played = play_game(get_game(row["game"], **row["options"]), row["bots"], row["seed"])
    assert [str(step.action) for step in played.steps] == row["actions"]
