"""The solver: reachable values, the closest result, every distinct solution, hints, difficulty.

Numbers are combined with ``+ - * / ^`` under the project's arithmetic rule
(:func:`cardmath.expr.apply_op`), each number used exactly once by default, any bracketing.
One frozen :class:`Rules` value says which operators and results a search allows; every
query takes it as ``rules`` (a string of operators is shorthand for ``Rules(ops=...)``).

Two solutions are the *same* when they differ only by commutativity and associativity: a
chain of ``+`` and ``-`` is a multiset of positive and negative terms, a chain of ``*`` and
``/`` a multiset of numerator and denominator factors, and ``^`` is a plain pair. So
``11 - 7 + 2``, ``2 + 11 - 7`` and ``11 - (7 - 2)`` are one solution. Solutions are ranked
simplest first by :func:`complexity` (see ``docs/arithmetic.md``).

How it works, value first: the set of values of every sub-multiset is built bottom-up
(sub-multisets are bitmasks; equal numbers share one entry, so two 5s never double-count);
whether the whole hand makes a value is asked of its splits without listing all its
values; then only the expressions hitting the best values are rebuilt, as normal forms.

The modules, one job each: :mod:`~cardmath.solver.rules` (:class:`Rules`),
:mod:`~cardmath.solver.inputs` (cards and :class:`Choice`), :mod:`~cardmath.solver.normal`
(normal forms), :mod:`~cardmath.solver.complexity` (ranking),
:mod:`~cardmath.solver.engine` and :mod:`~cardmath.solver.powers` (the search),
:mod:`~cardmath.solver.reach` (values), :mod:`~cardmath.solver.solutions` (:class:`Hand`,
:func:`solve`), :mod:`~cardmath.solver.choices` (:func:`best_choice`),
:mod:`~cardmath.solver.teaching` (:func:`hint`, :func:`difficulty`) and
:mod:`~cardmath.solver.countdown` (many Countdown hands at once; numpy if present).

>>> result = solve([7, 8, 11], 31)
>>> result.best_distance, result.best_values, str(result.solutions[0])
(1, (32,), '(11 − 7) × 8')
>>> sorted(reachable([2, 3]))
[-1, 1, 5, 6, 8, 9]
>>> sorted(reachable([2, 3], Rules("+-", use_all=False)))
[-1, 1, 2, 3, 5]
"""

from __future__ import annotations

from cardmath.solver.choices import BestChoice, CardChoice, best_choice
from cardmath.solver.complexity import OPERATION_WEIGHT, complexity
from cardmath.solver.countdown import countdown_reachable
from cardmath.solver.inputs import CardLike, Choice
from cardmath.solver.normal import NormalForm, normal_form
from cardmath.solver.reach import Reach, reach, reachable
from cardmath.solver.rules import DEFAULT_RULES, MAX_NUMBERS, RuleOptions, Rules
from cardmath.solver.solutions import STOPPED_GRACE, Hand, Solution, solve
from cardmath.solver.teaching import DIFFICULTY_LABELS, Difficulty, Hint, difficulty, hint

__all__ = [
    "DEFAULT_RULES",
    "DIFFICULTY_LABELS",
    "MAX_NUMBERS",
    "OPERATION_WEIGHT",
    "STOPPED_GRACE",
    "BestChoice",
    "CardChoice",
    "CardLike",
    "Choice",
    "Difficulty",
    "Hand",
    "Hint",
    "NormalForm",
    "Reach",
    "RuleOptions",
    "Rules",
    "Solution",
    "best_choice",
    "complexity",
    "countdown_reachable",
    "difficulty",
    "hint",
    "normal_form",
    "reach",
    "reachable",
    "solve",
]
