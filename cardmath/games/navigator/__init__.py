"""Navigator (seed 000): draft cards, then make the target from your Vector Set.

Each round: (Pirate Map purchase), a target of two cards, a Signpost Beacon every player
must use, a pick-and-pass draft of four-card Data Packets into each Nav Memory, then
every player declares an expression over two Nav Memory cards and the beacon. The
closest correct declarations win; every other player pays each winner one chip; a
player without chips is out; the last navigator with chips wins. Optional scoring
(Hotshot Spacer, Slingshot Manoeuvre, Extrapolative Computation) and the variants
(Forced/Select Command Override, Forced/Select Precog, Pirate Map) are options.

The package keeps one job per module, and every name is importable from here:

* :mod:`~cardmath.games.navigator.options`: ``NavigatorOptions`` and the variants;
* :mod:`~cardmath.games.navigator.actions`: ``BuyMap``, ``PassMap``, ``Pick``,
  ``Declare`` and ``parse_declaration``;
* :mod:`~cardmath.games.navigator.state`: ``NavigatorState`` (turns, legal actions, the
  steps of a round); :mod:`~cardmath.games.navigator.observation`: what a player sees;
  :mod:`~cardmath.games.navigator.game`: ``NavigatorGame``;
* :mod:`~cardmath.games.navigator.scoring`: the showdown's winners, payments and Bounty;
* :mod:`~cardmath.games.navigator.story`: a round's public record and report;
* the rules of the Vector Set: :mod:`~cardmath.games.navigator.values` (what cards are
  worth, targets, phantoms), :mod:`~cardmath.games.navigator.vector_sets` (which sets
  are allowed), :mod:`~cardmath.games.navigator.judging` (a declaration's verdict) and
  :mod:`~cardmath.games.navigator.search` (the solver's best answers).

>>> game = NavigatorGame(players=2, rounds=1)
>>> state = game.new_state(seed=7)
>>> state.phase, len(state.memories[0]), len(state.packets[0])
('draft', 0, 4)
>>> while not state.is_terminal:
...     state = state.apply(state.legal_actions()[0])
>>> state.last_round.round, len(state.last_round.showdowns), sum(state.chips) == 20
(1, 2, True)
"""

from __future__ import annotations

from cardmath.games.navigator.actions import (
    Action,
    BuyMap,
    Declare,
    PassMap,
    Pick,
    parse_declaration,
)
from cardmath.games.navigator.game import NavigatorGame
from cardmath.games.navigator.judging import DeclarationCheck, check_declaration
from cardmath.games.navigator.observation import NavigatorObservation
from cardmath.games.navigator.options import (
    MAX_ROUNDS,
    MAX_STARTING_CHIPS,
    SUIT_CHOICES,
    VARIANT_RULES,
    VARIANTS,
    NavigatorOptions,
)
from cardmath.games.navigator.scoring import HOTSHOT_STAKE, Settlement, judge_showdown, settle
from cardmath.games.navigator.search import (
    LISTING_WORK,
    BestVectorSet,
    best_distance,
    best_for_choice,
    best_vector_set,
    choice_distance,
    listed_declarations,
    listing_budget,
    measured_distances,
    plain_declarations,
    plain_sum,
)
from cardmath.games.navigator.state import (
    PACKET_SIZE,
    PHASE_BUY,
    PHASE_DECLARE,
    PHASE_DRAFT,
    PHASE_OVER,
    NavigatorState,
)
from cardmath.games.navigator.story import Payment, RoundResult, Showdown, round_record
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
    "HOTSHOT_STAKE",
    "LISTING_WORK",
    "MAX_ROUNDS",
    "MAX_STARTING_CHIPS",
    "PACKET_SIZE",
    "PHANTOM_RANGE",
    "PHASE_BUY",
    "PHASE_DECLARE",
    "PHASE_DRAFT",
    "PHASE_OVER",
    "SLINGSHOT_BONUS",
    "SUIT_CHOICES",
    "VARIANTS",
    "VARIANT_RULES",
    "Action",
    "BestVectorSet",
    "BuyMap",
    "DeclarationCheck",
    "Declare",
    "NavigatorGame",
    "NavigatorObservation",
    "NavigatorOptions",
    "NavigatorState",
    "PassMap",
    "Payment",
    "Pick",
    "RoundResult",
    "Settlement",
    "Showdown",
    "VectorChoice",
    "VectorRules",
    "best_distance",
    "best_for_choice",
    "best_vector_set",
    "card_names",
    "card_values",
    "check_declaration",
    "choice_distance",
    "is_override",
    "is_slingshot",
    "judge_showdown",
    "listed_declarations",
    "listing_budget",
    "measured_distances",
    "parse_declaration",
    "phantom_values",
    "plain_declarations",
    "plain_sum",
    "possible_phantoms",
    "round_record",
    "sequence_value",
    "settle",
    "target_card_value",
    "target_value",
    "typed_names",
    "vector_set_choices",
    "why_not_choice",
]
