"""Navigator's rules as plain functions a lesson, a bot or the engine can call.

They live in the package :mod:`cardmath.games.navigator` (``values``, ``vector_sets``,
``judging``, ``search``); this module keeps the old import path working.

>>> from cardmath.cards import Card
>>> target_value(Card.parse("QH"), Card.parse("5C"))
125
"""

from __future__ import annotations

from cardmath.games.navigator.judging import DeclarationCheck, check_declaration
from cardmath.games.navigator.search import (
    LISTING_WORK,
    BestVectorSet,
    _set_best,
    _set_distance,
    best_distance,
    best_for_choice,
    best_vector_set,
    choice_distance,
    listing_budget,
    measured_distances,
    plain_sum,
)
from cardmath.games.navigator.values import (
    PHANTOM_RANGE,
    SLINGSHOT_BONUS,
    card_names,
    card_values,
    is_override,
    is_slingshot,
    phantom_values,
    sequence_value,
    target_card_value,
    target_value,
    typed_names,
)
from cardmath.games.navigator.vector_sets import (
    VectorChoice,
    VectorRules,
    possible_phantoms,
    vector_set_choices,
    why_not_choice,
)

__all__ = [
    "LISTING_WORK",
    "PHANTOM_RANGE",
    "SLINGSHOT_BONUS",
    "BestVectorSet",
    "DeclarationCheck",
    "VectorChoice",
    "VectorRules",
    "_set_best",
    "_set_distance",
    "best_distance",
    "best_for_choice",
    "best_vector_set",
    "card_names",
    "card_values",
    "check_declaration",
    "choice_distance",
    "is_override",
    "is_slingshot",
    "listing_budget",
    "measured_distances",
    "phantom_values",
    "plain_sum",
    "possible_phantoms",
    "sequence_value",
    "target_card_value",
    "target_value",
    "typed_names",
    "vector_set_choices",
    "why_not_choice",
]
