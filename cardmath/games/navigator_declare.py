"""From what a navigator typed to a declaration the engine will judge.

A student builds an expression and presses *Declare*; which Vector Set they meant is
read from the cards the expression uses, by the engine's own rules: the set the cards
they clicked make (if they clicked), else the first allowed Vector Set whose cards the
expression uses exactly once each. A declaration that breaks a rule of the Vector Set
is refused with the engine's reason; one that is only calculated wrongly is a legal
declaration (it forfeits the round at the showdown, as in the card game).

>>> from cardmath.games.navigator import NavigatorGame, Pick
>>> state = NavigatorGame(players=2).new_state(seed=2481)
>>> while state.phase == "draft":
...     state = state.apply(state.legal_actions()[0])
>>> seen = state.observation(state.current_player)
>>> beacon = seen.beacon
>>> first, second = sorted(seen.memory)[:2]
>>> text = " + ".join(["1" if c.rank == "A" else str(c.pips) for c in (first, second, beacon)])
>>> declaration = declaration_from_text(seen, text)
>>> declaration.beacon, sorted(declaration.memory) == [first, second]
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardmath.errors import ExpressionError, IllegalMove
from cardmath.expr import evaluate, parse
from cardmath.games.navigator import (
    Declare,
    VectorChoice,
    card_names,
    check_declaration,
    vector_set_choices,
)

__all__ = ["declaration_from_text"]


def declaration_from_text(
    observation: Any,
    text: str,
    *,
    value: int | None = None,
    cards: Sequence[int] | None = None,
) -> Declare:
    """The :class:`~cardmath.games.navigator.Declare` for ``text`` in a player's
    declare-phase observation.

    ``value`` is the number the player says (``None``: what the expression makes, and an
    expression the rules cannot work out is sent back to be fixed); ``cards`` the
    indices clicked (0 the beacon, then the Nav Memory in order). Raises
    :class:`~cardmath.errors.IllegalMove` with the rule broken.
    """
    if getattr(observation, "phase", None) != "declare":
        raise IllegalMove("the draft is not over yet: pick a card first", rule="showdown")
    if not isinstance(text, str) or not text.strip():
        raise IllegalMove("build an expression from your cards, then declare", rule="expression")
    rules = observation.rules
    try:
        tree = parse(text, cards=card_names(rules.precog))
    except ExpressionError as error:
        raise IllegalMove(f"your expression cannot be read: {error}", rule="expression") from error
    if value is None:
        try:
            value = evaluate(tree)
        except ExpressionError as error:
            raise IllegalMove(
                f"{error}: change your expression, then declare", rule="calculated wrongly"
            ) from error
    memory = tuple(observation.memory)
    candidates: list[VectorChoice] = []
    if cards:
        chosen = sorted(memory[i - 1] for i in set(cards) if 0 < i <= len(memory))
        candidates.append(VectorChoice(tuple(chosen), 0 in cards))
    candidates += list(vector_set_choices(memory, observation.beacon, rules))
    first_reason = ""
    for choice in candidates:
        verdict = check_declaration(
            memory, observation.beacon, observation.target, choice, tree, value, rules
        )
        if verdict.legal:
            return Declare(choice.memory, choice.beacon, text.strip(), value, observation.target)
        first_reason = first_reason or verdict.reason
    raise IllegalMove(first_reason or "that is not a Vector Set you may use", rule="Vector Set")
