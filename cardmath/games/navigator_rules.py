"""Navigator's rules as plain functions a lesson, a bot or the engine can call.

* :func:`card_values`, :func:`target_card_value`, :func:`target_value`: what cards are worth.
* :class:`VectorRules` and :func:`vector_set_choices`: which Vector Sets a player may build
  (Signpost Beacon, Hotshot lock, Command Override, Pirate Map).
* :func:`phantom_values` (Extrapolative Computation) and :func:`is_slingshot`.
* :func:`check_declaration`: judge a declared expression, with the reason when it fails.
* :func:`best_vector_set`: the best Vector Set and expression, found by the solver.

>>> from cardmath.cards import Card
>>> target_value(Card.parse("QH"), Card.parse("5C"))
125
>>> memory = [Card.parse(text) for text in ("5H", "6S", "JD", "QC")]
>>> best = best_vector_set(memory, Card.parse("6D"), 44)
>>> best.distance, [str(card) for card in best.memory], best.expression
(2, ['5H', 'QC'], '6 × 5 + 12')
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardmath import codec
from cardmath.budget import Budget, SearchStopped, budget_or_default, remembered
from cardmath.cards import TRUMP, Card
from cardmath.errors import CardMathError, ExpressionError, OutOfRange, quoted
from cardmath.expr import Expr, evaluate, leaves, parse, show_number
from cardmath.printing import to_text
from cardmath.solver import Hand, complexity

__all__ = [
    "PHANTOM_RANGE",
    "BestVectorSet",
    "DeclarationCheck",
    "VectorChoice",
    "VectorRules",
    "best_distance",
    "best_for_choice",
    "best_vector_set",
    "card_names",
    "card_values",
    "check_declaration",
    "is_slingshot",
    "listing_budget",
    "measured_distances",
    "phantom_values",
    "possible_phantoms",
    "sequence_value",
    "target_card_value",
    "target_value",
    "typed_names",
    "vector_set_choices",
]

PHANTOM_RANGE = range(0, 14)
"""Extrapolated phantom values stay inside 0..13 (no value past a King)."""

SLINGSHOT_BONUS = 2
"""Slingshot Manoeuvre: a Vector Set all of one suit takes 2 off its distance."""

_FACE = {"J": 11, "Q": 12, "K": 13, "P": 1, "N": 11}


# --- card values ---------------------------------------------------------------------


def card_values(card: Card, precog: bool = False) -> tuple[int, ...]:
    """The values a card may take in a Vector Set.

    Standard deck: A 1 or 100 (the player's choice), J 11, Q 12, K 13, Joker 0. Precog
    (tarot): Page 1, Knight 11, Queen 12, King 13, Ace 100 always, trumps their number.

    >>> card_values(Card.parse("AS")), card_values(Card.parse("AS"), precog=True)
    ((1, 100), (100,))
    >>> card_values(Card.parse("JK")), card_values(Card.parse("T20"), precog=True)
    ((0,), (20,))
    """
    if card.is_joker:
        return (0,)
    if card.is_trump:
        return (int(card.rank),)
    if card.rank == "A":
        return (100,) if precog else (1, 100)
    if card.rank in _FACE:
        return (_FACE[card.rank],)
    return (int(card.rank),)


def target_card_value(card: Card, precog: bool = False) -> int:
    """A card's value in the target: the Ace is 1 (100 in Precog), the rest as usual.

    >>> target_card_value(Card.parse("AH")), target_card_value(Card.parse("AH"), precog=True)
    (1, 100)
    """
    if card.rank == "A" and not card.is_trump:
        return 100 if precog else 1
    return card_values(card, precog)[0]


def sequence_value(card: Card, precog: bool = False) -> int:
    """A card's value for Extrapolative Computation: the Ace counts 1 (100 in Precog).

    >>> sequence_value(Card.parse("AC")), sequence_value(Card.parse("KC"))
    (1, 13)
    """
    return target_card_value(card, precog)


def is_override(card: Card, override_suit: str) -> bool:
    """Whether ``card`` belongs to the Override suit (a Joker never does)."""
    return bool(override_suit) and not card.is_joker and card.suit == override_suit


def target_value(
    first: Card,
    second: Card | None = None,
    *,
    precog: bool = False,
    override_suit: str = "",
) -> int:
    """The target made by the first card (tens) and the second card (ones).

    With Command Override an Override card stands alone: if the first card is one, the
    target is its value (no second card is dealt); if the second is, the first is
    discarded and the target is the second's value.

    >>> C = Card.parse
    >>> target_value(C("3S"), C("5D")), target_value(C("QH"), C("5C")), target_value(C("5H"), C("KS"))
    (35, 125, 63)
    >>> target_value(C("JK"), C("5D")), target_value(C("AS"), C("AD"))
    (5, 11)
    >>> target_value(C("7H"), C("KS"), override_suit="S")
    13
    """
    if is_override(first, override_suit):
        return target_card_value(first, precog)
    if second is None:
        raise CardMathError("the target needs a second card (ones) unless the first is Override")
    if is_override(second, override_suit):
        return target_card_value(second, precog)
    return 10 * target_card_value(first, precog) + target_card_value(second, precog)


def card_names(precog: bool = False) -> dict[str, int]:
    """Card names a student may type in an expression, with their values.

    The Ace is left out in the standard deck (it is 1 or 100: type the number).

    >>> card_names()["Q"], card_names(precog=True)["N"]
    (12, 11)
    """
    if precog:
        return {"P": 1, "N": 11, "Q": 12, "K": 13, "A": 100, "JK": 0, "JOKER": 0}
    return {"J": 11, "Q": 12, "K": 13, "JK": 0, "JOKER": 0}


def typed_names(precog: bool = False) -> dict[str, tuple[int, ...]]:
    """Card names a student may type in an expression builder, each with every value it
    may stand for: the standard deck's Ace is 1 or 100, so the builder asks which.

    >>> typed_names()["A"], typed_names()["K"], typed_names(precog=True)["A"]
    ((1, 100), (13,), (100,))
    >>> list(typed_names())
    ['J', 'Q', 'K', 'A', 'JK', 'JOKER']
    """
    names = {name: (value,) for name, value in card_names(precog).items()}
    if precog:
        return names
    ace = card_values(Card.parse("AS"))
    ordered = {name: names[name] for name in ("J", "Q", "K")}
    return {**ordered, "A": ace, **{k: v for k, v in names.items() if k not in ordered}}


# --- Vector Sets ---------------------------------------------------------------------


@codec.serializable("navigator.VectorRules", formerly=("navigator_rules.VectorRules",))
@dataclass(frozen=True)
class VectorRules:
    """Everything that decides which Vector Sets one player may build this round.

    ``override`` is ``""``, ``"forced"`` or ``"select"``; ``override_suit`` a suit letter
    (``T`` for tarot trumps); ``locked`` the player's Hotshot card (must use);
    ``skip_beacon`` whether the player owns the Pirate Map (may leave out the beacon).

    >>> VectorRules(override="forced", override_suit="H").override_suit
    'H'
    """

    override: str = ""
    override_suit: str = ""
    precog: bool = False
    slingshot: bool = False
    extrapolation: bool = False
    skip_beacon: bool = False
    locked: Card | None = None

    def __post_init__(self) -> None:
        if self.override not in ("", "forced", "select"):
            raise CardMathError(f"override is '', 'forced' or 'select', not {self.override!r}")
        if self.override and self.override_suit not in ("C", "D", "H", "S", TRUMP):
            raise CardMathError("with Command Override, say which suit is the Override suit")

    def is_override(self, card: Card) -> bool:
        """Whether ``card`` is an Override card under these rules."""
        return bool(self.override) and is_override(card, self.override_suit)

    @classmethod
    def from_options(
        cls,
        options: Any = None,
        *,
        override_suit: str | None = None,
        locked: Card | None = None,
        map_owner: bool = False,
    ) -> VectorRules:
        """Rules from a :class:`~cardmath.games.navigator.NavigatorOptions` (``None``:
        the core game) and the player's situation.

        >>> from cardmath.games.navigator import NavigatorOptions
        >>> VectorRules.from_options(NavigatorOptions(variant="forced-precog")).override_suit
        'T'
        """
        if options is None:
            return cls(locked=locked, skip_beacon=map_owner)
        suit = override_suit if override_suit is not None else options.override_suit
        if options.precog:
            suit = TRUMP
        return cls(
            override=options.override_mode,
            override_suit=suit if options.override_mode else "",
            precog=options.precog,
            slingshot=options.slingshot,
            extrapolation=options.extrapolation,
            skip_beacon=map_owner and options.pirate_map,
            locked=locked if options.hotshot else None,
        )


@codec.serializable("navigator.VectorChoice", formerly=("navigator_rules.VectorChoice",))
@dataclass(frozen=True)
class VectorChoice:
    """One Vector Set: the Nav Memory cards used and whether the Signpost Beacon is in it.

    >>> choice = VectorChoice((Card.parse("5H"), Card.parse("QC")), True)
    >>> str(choice), choice.cards(Card.parse("6D"))
    ('5H QC + beacon', (Card('5H'), Card('QC'), Card('6D')))
    """

    memory: tuple[Card, ...]
    beacon: bool = True

    def cards(self, beacon: Card | None) -> tuple[Card, ...]:
        """Every card of the Vector Set, the beacon last."""
        if self.beacon:
            if beacon is None:
                raise CardMathError("this Vector Set uses the Signpost Beacon, but there is none")
            return (*self.memory, beacon)
        return self.memory

    def __str__(self) -> str:
        cards = " ".join(str(card) for card in self.memory)
        return f"{cards} + beacon" if self.beacon else f"{cards} (no beacon: Pirate Map)"


def _combinations(memory: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of ``memory`` with ``size`` cards (sorted tuples)."""
    found: dict[tuple[Card, ...], None] = {}
    for combo in itertools.combinations(sorted(memory), size):
        found[combo] = None
    return list(found)


def _contains(combo: Sequence[Card], required: Sequence[Card]) -> bool:
    return not Counter(required) - Counter(combo)


def vector_set_choices(
    memory: Sequence[Card], beacon: Card | None, rules: VectorRules | None = None
) -> tuple[VectorChoice, ...]:
    """Every Vector Set the rules allow from this Nav Memory and beacon.

    Core game: two Nav Memory cards and the beacon. A Hotshot's locked card must be used.
    Forced Command Override: every Override card in the Nav Memory is used, plus other
    cards to make at least three with the beacon (so the set may be larger). Select
    Command Override: exactly three cards, at least one of them an Override card from the
    Nav Memory when it holds any. Pirate Map owner: also all three remaining Nav Memory
    cards without the beacon, unless the beacon is an Override card.

    >>> C = Card.parse
    >>> memory = [C("2H"), C("5H"), C("9C"), C("KH")]
    >>> len(vector_set_choices(memory, C("3D")))
    6
    >>> forced = VectorRules(override="forced", override_suit="H")
    >>> [str(choice) for choice in vector_set_choices(memory, C("3D"), forced)]
    ['2H 5H KH + beacon']
    >>> select = VectorRules(override="select", override_suit="H")
    >>> len(vector_set_choices(memory, C("3D"), select))
    6
    """
    rules = rules or VectorRules()
    cards = sorted(memory)
    required: list[Card] = []
    if rules.locked is not None and rules.locked in cards:
        required.append(rules.locked)
    overrides = [card for card in cards if rules.is_override(card)]
    choices: list[VectorChoice] = []

    def allowed(combo: tuple[Card, ...]) -> bool:
        if not _contains(combo, required):
            return False
        if rules.override == "forced" and not _contains(combo, overrides):
            return False
        return not (
            rules.override == "select" and overrides and not any(map(rules.is_override, combo))
        )

    def sets_of(size: int) -> list[tuple[Card, ...]]:
        if rules.override == "forced":
            mandatory = list((Counter(overrides) | Counter(required)).elements())
            if len(mandatory) >= size:
                return [tuple(sorted(mandatory))] if len(mandatory) <= len(cards) else []
        return [combo for combo in _combinations(cards, size) if allowed(combo)]

    if beacon is not None:
        choices += [VectorChoice(combo, True) for combo in sets_of(min(2, len(cards)))]
    if rules.skip_beacon and not (beacon is not None and rules.is_override(beacon)):
        choices += [VectorChoice(combo, False) for combo in sets_of(min(3, len(cards)))]
    return tuple(choices)


def why_not_choice(
    choice: VectorChoice, memory: Sequence[Card], beacon: Card | None, rules: VectorRules
) -> str | None:
    """Why ``choice`` is not a Vector Set the rules allow (``None`` when it is)."""
    if Counter(choice.memory) - Counter(memory):
        missing = sorted((Counter(choice.memory) - Counter(memory)).elements())
        verb = "is" if len(missing) == 1 else "are"
        return f"{', '.join(map(str, missing[:8]))} {verb} not in your Nav Memory"
    if VectorChoice(tuple(sorted(choice.memory)), choice.beacon) in vector_set_choices(
        memory, beacon, rules
    ):
        return None
    wanted = Counter(choice.memory)
    if not choice.beacon and (not rules.skip_beacon or beacon is None):
        return "the Signpost Beacon must be part of your Vector Set"
    if not choice.beacon and rules.is_override(beacon):  # type: ignore[arg-type]
        return "the Signpost Beacon is an Override card, so even the Pirate Map cannot skip it"
    if rules.locked is not None and rules.locked in memory and rules.locked not in choice.memory:
        return f"your locked Hotshot card {rules.locked} must be used"
    overrides = [card for card in memory if rules.is_override(card)]
    if rules.override == "forced" and Counter(overrides) - wanted:
        return "Forced Command Override: every Override card in your Nav Memory must be used"
    if rules.override == "select" and overrides and not any(map(rules.is_override, wanted)):
        return "Select Command Override: you must use one of the Override cards in your Nav Memory"
    if rules.override == "forced":
        return (
            "Forced Command Override: use all your Override cards and fill up to three cards "
            "with the Signpost Beacon"
        )
    if choice.beacon:
        return "a Vector Set is two Nav Memory cards and the Signpost Beacon"
    return "without the beacon the Pirate Map's Vector Set is the three remaining Nav Memory cards"


# --- Slingshot and Extrapolative Computation -----------------------------------------


def is_slingshot(cards: Iterable[Card]) -> bool:
    """Whether every card is of one suit (a Joker has no suit, so it never is).

    >>> is_slingshot(map(Card.parse, ["2H", "9H", "KH"])), is_slingshot(map(Card.parse, ["2H", "JK"]))
    (True, False)
    """
    suits = {card.suit for card in cards}
    return len(suits) == 1 and "" not in suits


def phantom_values(cards: Iterable[Card], precog: bool = False) -> tuple[int, ...]:
    """Phantom values three consecutive values allow: one just below or just above.

    The Ace counts 1 and the Joker 0; phantoms stay inside 0..13.

    >>> C = Card.parse
    >>> phantom_values([C("AH"), C("2S"), C("3D")]), phantom_values([C("JH"), C("QS"), C("KD")])
    ((0, 4), (10,))
    >>> phantom_values([C("JK"), C("AS"), C("2D")]), phantom_values([C("4H"), C("6S"), C("7D")])
    ((3,), ())
    """
    values = {sequence_value(card, precog) for card in cards}
    found: set[int] = set()
    for low in values:
        if low + 1 in values and low + 2 in values:
            found.update(v for v in (low - 1, low + 3) if v in PHANTOM_RANGE)
    return tuple(sorted(found))


def possible_phantoms(cards: Iterable[Card], rules: VectorRules) -> tuple[int, ...]:
    """Every phantom value some Vector Set of ``cards`` could allow under ``rules`` (none
    without Extrapolative Computation): what a builder accepts without a card.

    >>> C = Card.parse
    >>> possible_phantoms([C("7S"), C("8D"), C("9H"), C("KS")], VectorRules(extrapolation=True))
    (6, 10)
    >>> possible_phantoms([C("7S"), C("8D"), C("9H")], VectorRules())
    ()
    """
    return phantom_values(cards, rules.precog) if rules.extrapolation else ()


def _set_values(
    cards: Sequence[Card], rules: VectorRules
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """A Vector Set as the solver sees it: the fixed values (sorted), how many Aces may be
    1 or 100, and the phantom values Extrapolative Computation allows."""
    return _set_values_of(tuple(cards), rules.precog, rules.extrapolation)


@lru_cache(maxsize=100_000)
def _set_values_of(
    cards: tuple[Card, ...], precog: bool, extrapolation: bool
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    rules = VectorRules(precog=precog, extrapolation=extrapolation)
    fixed: list[int] = []
    aces = 0
    for card in cards:
        values = card_values(card, rules.precog)
        if len(values) == 1:
            fixed.append(values[0])
        else:
            aces += 1
    phantoms = phantom_values(cards, rules.precog) if rules.extrapolation else ()
    return tuple(sorted(fixed)), aces, phantoms


# --- the solver: one search per Vector Set -------------------------------------------

LISTING_WORK = 600_000
"""Work units (see :mod:`cardmath.budget`) the engine spends listing one player's
declarations: well under a second here, and the same stop on every machine."""


_LOOKUP_COST = 8
"""Work units of looking up a Vector Set's remembered answer (the set's values, the key)."""


def listing_budget() -> Budget:
    """The replayable budget of one declaration listing (no clock: a seeded game must list
    the same moves every time it is played)."""
    return Budget(work=LISTING_WORK, seconds=None, replayable=True)


class _SetSearch:
    """One solver search for a Vector Set and every value it may stand for.

    Each Ace may count 1 or 100 and one phantom value may be added; rather than one search
    per combination, the Ace's two values and every phantom are leaves of a single
    :class:`~cardmath.solver.Hand`, and each combination is a question naming the leaves it
    uses. The groups of cards the combinations share are worked out once, so a phantom adds
    one more leaf to the search instead of multiplying it.
    """

    def __init__(
        self, fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], budget: Budget
    ) -> None:
        numbers = [*fixed, *(1,) * aces, *(100,) * aces, *phantoms]
        self.hand = Hand(numbers, budget=budget)
        ones = range(len(fixed), len(fixed) + aces)
        hundreds = range(len(fixed) + aces, len(fixed) + 2 * aces)
        bases = [
            [*range(len(fixed)), *ones[: aces - high], *hundreds[:high]] for high in range(aces + 1)
        ]
        # no phantom first (fewer Aces as 100 first), then each phantom in turn
        self.options: list[tuple[list[int], int | None]] = [(base, None) for base in bases]
        for number, phantom in enumerate(phantoms):
            leaf = len(fixed) + 2 * aces + number
            self.options += [([*base, leaf], phantom) for base in bases]

    def distances(self, target: int) -> list[int]:
        return [self.hand.distance(target, use) for use, _ in self.options]


@remembered(maxsize=200_000, hit_cost=_LOOKUP_COST)
def _set_distance(
    fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], target: int, budget: Budget
) -> tuple[int, bool]:
    """The best distance any value combination of a Vector Set reaches."""
    return min(_SetSearch(fixed, aces, phantoms, budget).distances(target)), True


@remembered(maxsize=50_000, hit_cost=_LOOKUP_COST)
def _set_best(
    fixed: tuple[int, ...], aces: int, phantoms: tuple[int, ...], target: int, budget: Budget
) -> tuple[tuple[int, Expr | None, int | None, bool, str], bool]:
    """(distance, simplest expression, phantom, complete, note) for a Vector Set.

    The closest combination wins, one without a phantom before one with, then the
    simplest expression (the first combination among equals). Only the combinations at the
    best distance are solved, and those with a phantom only if no other gets as close.
    """
    search = _SetSearch(fixed, aces, phantoms, budget)
    distances = search.distances(target)
    closest = min(distances)
    plain = [i for i, (_, phantom) in enumerate(search.options) if phantom is None]
    candidates = [i for i in plain if distances[i] == closest] or [
        i for i, distance in enumerate(distances) if distance == closest
    ]
    best: tuple[int, int, Expr, int | None] | None = None
    note = ""
    complete = True
    for index in candidates:
        use, phantom = search.options[index]
        solution = search.hand.solve(target, use, simplest_only=True)
        expression = solution.best
        if expression is not None:
            key = complexity(expression)
            if best is None or key < best[0]:
                best = (key, solution.best_distance, expression, phantom)
        if not solution.complete:
            complete, note = False, solution.note
            break  # the budget is spent: keep what is known
    if best is None:
        return (closest, None, None, False, note), False
    _, distance, expression, phantom = best
    return (distance, expression, phantom, complete, note), complete


def choice_distance(
    choice: VectorChoice,
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget | None = None,
) -> int:
    """The best effective distance one Vector Set can reach (remembered per set and target).

    Raises :class:`~cardmath.budget.SearchStopped` if ``budget`` runs out first.

    >>> choice = VectorChoice((Card.parse("7H"), Card.parse("8S")), True)
    >>> choice_distance(choice, Card.parse("JD"), 31, VectorRules())
    1
    """
    cards = choice.cards(beacon)
    distance = _set_distance(*_set_values(cards, rules), target, budget_or_default(budget))
    if rules.slingshot and is_slingshot(cards):
        distance -= SLINGSHOT_BONUS
    return distance


def best_distance(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    rules: VectorRules | None = None,
    budget: Budget | None = None,
) -> int | None:
    """The best effective distance over every allowed Vector Set (``None`` if none).

    One ``budget`` covers every set; raises :class:`~cardmath.budget.SearchStopped` if it
    runs out.

    >>> C = Card.parse
    >>> best_distance([C("5H"), C("6S"), C("JD"), C("QC")], C("6D"), 44)
    2
    """
    rules = rules or VectorRules()
    budget = budget_or_default(budget)
    distances = [
        choice_distance(choice, beacon, target, rules, budget)
        for choice in vector_set_choices(memory, beacon, rules)
    ]
    return min(distances) if distances else None


@codec.serializable("navigator.BestVectorSet", formerly=("navigator_rules.BestVectorSet",))
@dataclass(frozen=True)
class BestVectorSet:
    """The best expression for one Vector Set (or the best Vector Set of a hand).

    ``expression`` is text the parser reads back; ``phantom`` the extrapolated value used
    (``None`` if none); ``effective_distance`` is the distance after the Slingshot bonus.
    A search that ran out of budget has ``complete`` False: the expression is the best
    found so far and ``note`` says what was searched.
    """

    memory: tuple[Card, ...]
    beacon: bool
    cards: tuple[Card, ...]
    expression: str
    value: int
    distance: int
    effective_distance: int
    slingshot: bool
    phantom: int | None
    complete: bool = True
    note: str = ""

    @property
    def choice(self) -> VectorChoice:
        return VectorChoice(self.memory, self.beacon)

    def tree(self) -> Expr:
        """The expression as a tree."""
        return parse(self.expression)


def best_for_choice(
    choice: VectorChoice,
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget | None = None,
) -> BestVectorSet:
    """The solver's best (then simplest) expression for one Vector Set.

    If ``budget`` runs out, the answer is the best found so far (``complete`` False); if
    nothing at all was found, the plain sum of the cards' values.
    """
    cards = choice.cards(beacon)
    budget = budget_or_default(budget)
    try:
        _, expression, phantom, complete, note = _set_best(
            *_set_values(cards, rules), target, budget
        )
    except SearchStopped as stop:
        expression, phantom, complete, note = None, None, False, str(stop)
    slingshot = rules.slingshot and is_slingshot(cards)
    if expression is None:
        text, _ = plain_sum(choice, beacon, rules)
        expression = parse(text)
        note = f"{note}; closest so far: the plain sum {text}"
    value = evaluate(expression)
    return BestVectorSet(
        memory=choice.memory,
        beacon=choice.beacon,
        cards=cards,
        expression=to_text(expression),
        value=value,
        distance=abs(value - target),
        effective_distance=abs(value - target) - (SLINGSHOT_BONUS if slingshot else 0),
        slingshot=slingshot,
        phantom=phantom,
        complete=complete,
        note=note,
    )


def plain_sum(choice: VectorChoice, beacon: Card | None, rules: VectorRules) -> tuple[str, int]:
    """The simplest declaration of a Vector Set: add its values (an Ace as 1).

    >>> plain_sum(VectorChoice((Card.parse("AH"), Card.parse("QS"))), Card.parse("3C"), VectorRules())
    ('1 + 12 + 3', 16)
    """
    values = [card_values(card, rules.precog)[0] for card in choice.cards(beacon)]
    return " + ".join(map(str, values)), sum(values)


def best_vector_set(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    options: Any = None,
    *,
    override_suit: str | None = None,
    locked: Card | None = None,
    map_owner: bool = False,
    rules: VectorRules | None = None,
    budget: Budget | None = None,
) -> BestVectorSet:
    """The best Vector Set and expression for a Nav Memory, beacon and target.

    ``options`` is a :class:`~cardmath.games.navigator.NavigatorOptions` (``None``: the
    core game); ``override_suit``, ``locked`` (Hotshot card) and ``map_owner`` describe
    the player's round; or pass ready-made ``rules``. Ties go to the simplest expression.
    One ``budget`` covers the whole question; if it runs out, the answer is the best found
    so far (``complete`` False).

    >>> C = Card.parse
    >>> best = best_vector_set([C("7H"), C("8S"), C("2C"), C("3D")], C("JD"), 31)
    >>> best.distance, best.expression
    (0, '11 × 3 − 2')
    """
    if rules is None:
        rules = VectorRules.from_options(
            options, override_suit=override_suit, locked=locked, map_owner=map_owner
        )
    budget = budget_or_default(budget)
    choices = vector_set_choices(memory, beacon, rules)
    if not choices:
        raise CardMathError("these cards make no Vector Set the rules allow")
    distances = measured_distances(choices, beacon, target, rules, budget)
    known = [distance for distance in distances if distance is not None]
    closest = min(known) if known else None
    results = []
    for choice, distance in zip(choices, distances, strict=True):
        if distance == closest or closest is None:
            results.append(best_for_choice(choice, beacon, target, rules, budget))
            if not results[-1].complete:
                break  # the budget is spent
    best = min(
        results,
        key=lambda r: (r.effective_distance, r.phantom is not None, complexity(r.tree())),
    )
    if len(known) < len(choices) and best.complete:
        note = f"{budget.summary()}; {len(known)} of {len(choices)} Vector Sets were measured"
        best = replace(best, complete=False, note=note)
    return best


def measured_distances(
    choices: Sequence[VectorChoice],
    beacon: Card | None,
    target: int,
    rules: VectorRules,
    budget: Budget,
) -> list[int | None]:
    """Each Vector Set's best effective distance, in order, until the budget runs out
    (``None`` for the sets not measured)."""
    distances: list[int | None] = []
    for choice in choices:
        try:
            distances.append(choice_distance(choice, beacon, target, rules, budget))
        except SearchStopped:
            distances += [None] * (len(choices) - len(distances))
            break
    return distances


# --- judging a declaration -----------------------------------------------------------


@codec.serializable("navigator.DeclarationCheck", formerly=("navigator_rules.DeclarationCheck",))
@dataclass(frozen=True)
class DeclarationCheck:
    """The verdict on one declaration.

    ``legal`` is False when the declaration breaks a rule of the Vector Set or cannot be
    read (the engine refuses it, nothing happens); ``correct`` is False when it is legal
    but "calculated wrongly" (the expression does not make the declared value, or a step
    is not allowed), which forfeits the round. ``reason`` says why, and ``rule`` names
    the rule.
    """

    legal: bool
    correct: bool
    reason: str
    rule: str
    value: int | None = None
    distance: int | None = None
    effective_distance: int | None = None
    slingshot: bool = False
    phantom: int | None = None

    @property
    def ok(self) -> bool:
        """Legal and correctly calculated."""
        return self.legal and self.correct


def _match_cards(found: Counter[int], cards: Sequence[Card], precog: bool) -> bool:
    """Whether the multiset of numbers is exactly the cards' values (each Ace 1 or 100)."""
    fixed: Counter[int] = Counter()
    aces = 0
    for card in cards:
        values = card_values(card, precog)
        if len(values) == 1:
            fixed[values[0]] += 1
        else:
            aces += 1
    rest = Counter(found)
    rest.subtract(fixed)
    if any(count < 0 for count in rest.values()):
        return False
    rest = Counter({k: v for k, v in rest.items() if v})
    return sum(rest.values()) == aces and set(rest) <= {1, 100}


def _describe_cards(cards: Sequence[Card], precog: bool) -> str:
    parts = []
    for card in cards:
        shown = " or ".join(map(str, card_values(card, precog)))
        name = "Joker" if card.is_joker else card.rank
        parts.append(shown if name == shown else f"{name} ({shown})")
    return ", ".join(parts)


_SHOWN_LEAVES = 8
"""How many of an expression's numbers a refusal lists before "…"."""


def _checked_cards(cards: Any, what: str) -> tuple[Card, ...]:
    """``cards`` as a tuple of :class:`Card`, or a :class:`CardMathError` naming ``what``."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise CardMathError(f"{what} is a list of cards, not {quoted(cards)}")
    if len(cards) > 80 or not all(isinstance(card, Card) for card in cards):
        raise CardMathError(f"{what} holds cards like Card.parse('7H'), not {quoted(cards)}")
    return tuple(cards)


def check_declaration(
    memory: Sequence[Card],
    beacon: Card | None,
    target: int,
    choice: VectorChoice,
    expression: str | Expr,
    declared: int,
    rules: VectorRules | None = None,
) -> DeclarationCheck:
    """Judge a declaration: the Vector Set, the expression, and the declared value.

    A declaration the rules cannot accept is not ``legal`` (the engine refuses it and
    nothing happens): a Vector Set the rules do not allow, text that cannot be read, an
    expression that does not use each card exactly once, or one whose result is out of
    range (more than 10,000 digits). A legal declaration whose arithmetic is wrong is
    not ``correct`` ("calculated wrongly": it forfeits the round). Arguments that are not
    a Nav Memory, a beacon, a target, a Vector Set and rules raise :class:`CardMathError`.

    >>> C = Card.parse
    >>> memory, beacon = [C("7H"), C("8S"), C("2C"), C("3D")], C("JD")
    >>> choice = VectorChoice((C("7H"), C("8S")))
    >>> check = check_declaration(memory, beacon, 31, choice, "(J - 7) * 8", 32)
    >>> check.ok, check.distance
    (True, 1)
    >>> check = check_declaration(memory, beacon, 31, choice, "(J - 7) * 8", 31)
    >>> check.legal, check.correct, check.reason
    (True, False, 'calculated wrongly: the expression makes 32, not 31')
    >>> check_declaration(memory, beacon, 31, choice, "(J - 7) * 2", 8).reason
    'your expression must use each Vector Set card exactly once: it uses 11, 7, 2 but your cards are 7, 8, J (11)'
    >>> huge = VectorChoice((C("9H"), C("9S")))
    >>> check = check_declaration([C("9H"), C("9S")], C("9D"), 31, huge, "9 ^ 9 ^ 9", 3)
    >>> check.legal, check.rule, check.reason
    (False, 'out of range', 'out of range: the result would have more than 10,000 digits')
    """
    memory = _checked_cards(memory, "a Nav Memory")
    if beacon is not None and not isinstance(beacon, Card):
        raise CardMathError(f"the Signpost Beacon is a card or None, not {quoted(beacon)}")
    if isinstance(target, bool) or not isinstance(target, int):
        raise CardMathError(f"the target is a whole number, not {quoted(target)}")
    if not isinstance(choice, VectorChoice):
        raise CardMathError(f"a Vector Set is a VectorChoice, not {quoted(choice)}")
    choice = VectorChoice(_checked_cards(choice.memory, "a Vector Set"), bool(choice.beacon))
    if rules is not None and not isinstance(rules, VectorRules):
        raise CardMathError(f"the rules are a VectorRules, not {quoted(rules)}")
    rules = rules or VectorRules()
    problem = why_not_choice(choice, memory, beacon, rules)
    if problem is not None:
        return DeclarationCheck(False, False, problem, "Vector Set")
    cards = choice.cards(beacon)
    if isinstance(declared, bool) or not isinstance(declared, int):
        return DeclarationCheck(
            False, False, f"declare a whole number, not {quoted(declared)}", "declaration"
        )
    if isinstance(expression, Expr):
        tree = expression
    elif isinstance(expression, str):
        try:
            tree = parse(expression, cards=card_names(rules.precog))
        except ExpressionError as error:
            return DeclarationCheck(
                False, False, f"your expression cannot be read: {error}", "expression"
            )
    else:
        return DeclarationCheck(
            False, False, f"an expression is text, not {quoted(expression)}", "expression"
        )
    used = Counter(leaf.value for leaf in leaves(tree))
    phantom = None
    if not _match_cards(used, cards, rules.precog):
        matched = False
        if rules.extrapolation:
            for candidate in phantom_values(cards, rules.precog):
                rest = Counter(used)
                rest[candidate] -= 1
                if rest[candidate] >= 0 and _match_cards(+rest, cards, rules.precog):
                    phantom, matched = candidate, True
                    break
        if not matched:
            numbers = [show_number(leaf.value) for leaf in leaves(tree)]
            if len(numbers) > _SHOWN_LEAVES:
                numbers = [*numbers[:_SHOWN_LEAVES], "…"]
            return DeclarationCheck(
                False,
                False,
                "your expression must use each Vector Set card exactly once: it uses "
                f"{', '.join(numbers)} but your cards are {_describe_cards(cards, rules.precog)}"
                + (
                    f" (a phantom may be {' or '.join(map(str, phantom_values(cards, rules.precog)))})"
                    if rules.extrapolation and phantom_values(cards, rules.precog)
                    else ""
                ),
                "every card exactly once",
            )
    slingshot = rules.slingshot and is_slingshot(cards)
    try:
        value = evaluate(tree)
    except OutOfRange as error:
        return DeclarationCheck(False, False, f"out of range: {error}", "out of range")
    except ExpressionError as error:
        return DeclarationCheck(
            True,
            False,
            f"calculated wrongly: {error}",
            "calculated wrongly",
            slingshot=slingshot,
            phantom=phantom,
        )
    distance = abs(value - target)
    effective = distance - (SLINGSHOT_BONUS if slingshot else 0)
    if value != declared:
        return DeclarationCheck(
            True,
            False,
            f"calculated wrongly: the expression makes {show_number(value)}, "
            f"not {show_number(declared)}",
            "calculated wrongly",
            value,
            distance,
            effective,
            slingshot,
            phantom,
        )
    away = f"{show_number(distance)} away" + (
        f", {show_number(effective)} after the Slingshot" if slingshot else ""
    )
    return DeclarationCheck(
        True,
        True,
        f"{show_number(value)}: {away}",
        "declaration",
        value,
        distance,
        effective,
        slingshot,
        phantom,
    )
