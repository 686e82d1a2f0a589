"""The Navigator puzzle: make the target from the Signpost Beacon and your Nav Memory.

A seeded two-player deal of Navigator gives the target, the Signpost Beacon and player 1's
first Data Packet, which serves as a full Nav Memory. The Vector Sets allowed, the card
values, the phantom of Extrapolative Computation and the Slingshot bonus all come from the
rules of that deal (:meth:`~cardmath.games.navigator.NavigatorState.rules_for`), so the
puzzle is right under every option and variant: its best distance is the one the
showdown would score, and its check is the engine's :func:`check_declaration`.

>>> puzzle = NavigatorPuzzle.deal(13, {"extrapolation": True})
>>> puzzle.target, str(puzzle.beacon), [str(card) for card in puzzle.memory]
(31, '8D', ['7S', 'QS', '7H', '9D'])
>>> best = puzzle.best()
>>> best.best_distance, str(best.solutions[0]), best.answers[0].phantom
(0, '(9 − 6) × 8 + 7', 6)
>>> puzzle.check("(9 - 6) * 8 + 7").message
'(9 − 6) × 8 + 7 = 31: exactly on target, using the phantom 6! That is the best possible.'
>>> puzzle.check("9 + 9 + 8").message
'You used 9 twice, but only one card of your Vector Set may be a 9: use two cards of your Nav Memory and the Signpost Beacon, each once.'
>>> puzzle.hint(2).text
'You can make 31 exactly. Use the beacon 8♦, 7♥ and 9♦, and the phantom 6 (7, 8 and 9 are a run).'
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardmath.cards import SUIT_SYMBOLS, SUITS, TRUMP, Card
from cardmath.errors import CardMathError, ExpressionError, OptionError, quoted
from cardmath.expr import BinOp, Expr, Num, calculation_steps, evaluate, leaves, parse, show_number
from cardmath.games.navigator import (
    PHASE_BUY,
    NavigatorGame,
    NavigatorOptions,
    NavigatorState,
    PassMap,
)
from cardmath.games.navigator_rules import (
    PHANTOM_RANGE,
    DeclarationCheck,
    VectorChoice,
    VectorRules,
    card_names,
    card_values,
    check_declaration,
    phantom_values,
    sequence_value,
    vector_set_choices,
    why_not_choice,
)
from cardmath.printing import to_text
from cardmath.solver import Solution, complexity, normal_form, solve
from cardmath.wording import number_word, plural, times_word

__all__ = [
    "MAX_SOLUTIONS",
    "NavigatorPuzzle",
    "PuzzleAnswer",
    "PuzzleBest",
    "PuzzleCheck",
    "PuzzleHint",
]

MAX_SOLUTIONS = 24
"""Most best answers a puzzle lists (simplest first); ``solution_count`` counts them all."""


# --- what the answers and verdicts look like ------------------------------------------------


@dataclass(frozen=True)
class PuzzleAnswer:
    """One best answer: the expression, the cards of its Vector Set and how it scores.

    ``distance`` is how far ``value`` is from the target; ``effective_distance`` what the
    showdown counts (2 less for a Slingshot); ``phantom`` the extrapolated value used.
    """

    expression: Expr
    cards: tuple[Card, ...]
    beacon: bool
    value: int
    distance: int
    effective_distance: int
    slingshot: bool
    phantom: int | None

    @property
    def text(self) -> str:
        """The expression as a student would type it."""
        return to_text(self.expression)


@dataclass(frozen=True)
class PuzzleBest:
    """The best answers of a puzzle, simplest first.

    ``best_distance`` is the effective distance the showdown would score (the engine's
    :func:`~cardmath.games.navigator_rules.best_vector_set`); ``answers`` the distinct
    best expressions (at most :data:`MAX_SOLUTIONS`), ``solution_count`` how many there
    are in all.
    """

    target: int
    best_distance: int
    answers: tuple[PuzzleAnswer, ...]
    solution_count: int

    @property
    def solutions(self) -> tuple[Expr, ...]:
        """The best expressions, simplest first."""
        return tuple(answer.expression for answer in self.answers)

    @property
    def cards(self) -> tuple[tuple[Card, ...], ...]:
        """The Vector Set of each solution (the beacon last when used)."""
        return tuple(answer.cards for answer in self.answers)

    @property
    def exact(self) -> bool:
        """Whether the best answer lands on the target itself."""
        return bool(self.answers) and self.answers[0].distance == 0


@dataclass(frozen=True)
class PuzzleHint:
    """A graded hint: 1 the best distance, 2 which cards, 3 the first step, 4 a whole
    best answer (``expression`` set for drawing its tree)."""

    level: int
    text: str
    best_distance: int
    cards: tuple[Card, ...] = ()
    first_step: str | None = None
    expression: Expr | None = None


@dataclass(frozen=True)
class PuzzleCheck:
    """The verdict on a typed answer, in a sentence for the student.

    ``ok`` when the answer keeps the rules (its cards, each once, every step whole);
    ``best`` when it also scores the best possible. ``distance`` is how far ``value`` is
    from the target, ``effective_distance`` what the showdown counts.
    """

    ok: bool
    message: str
    expression: Expr | None = None
    value: int | None = None
    distance: int | None = None
    effective_distance: int | None = None
    best: bool = False
    cards: tuple[Card, ...] = ()
    phantom: int | None = None
    slingshot: bool = False


# --- the puzzle ------------------------------------------------------------------------------


@dataclass(frozen=True)
class NavigatorPuzzle:
    """One Navigator puzzle: the target, the Signpost Beacon and a Nav Memory.

    Deal one with :meth:`deal`; ``state`` is the two-player game state it was dealt from
    and ``rules`` the Vector Set rules of that deal (Hotshot and Pirate Map do not apply:
    they belong to a whole game).

    >>> puzzle = NavigatorPuzzle.deal(2, {"variant": "forced-precog"})
    >>> puzzle.target, puzzle.target_note, [str(card) for card in puzzle.memory]
    (19, 'trump 19 (an Override card stands alone)', ['T21', '4H', '8S', '2C'])
    >>> puzzle.best().best_distance
    1
    """

    seed: int
    options: NavigatorOptions
    state: NavigatorState
    target: int
    target_cards: tuple[Card, ...]
    target_note: str
    beacon: Card
    beacon_values: tuple[int, ...]
    memory: tuple[Card, ...]
    memory_values: tuple[tuple[int, ...], ...]
    rules: VectorRules

    @classmethod
    def deal(
        cls, seed: int, options: Mapping[str, Any] | NavigatorOptions | None = None
    ) -> NavigatorPuzzle:
        """The puzzle of ``seed`` under ``options`` (a mapping of Navigator options, or
        :class:`NavigatorOptions`; ``players`` is always 2 here). Player 1's first Data
        Packet is the Nav Memory.

        >>> NavigatorPuzzle.deal(7).target, NavigatorPuzzle.deal(7, {"players": 4}).target
        (105, 105)
        """
        if options is None:
            chosen: dict[str, Any] = {}
        elif isinstance(options, NavigatorOptions):
            chosen = {
                item.name: getattr(options, item.name) for item in dataclasses.fields(options)
            }
        elif isinstance(options, Mapping):
            chosen = dict(options)
        else:
            raise OptionError(f"puzzle options are Navigator options, not {quoted(options)}")
        game = NavigatorGame(**{**chosen, "players": 2})
        state = game.new_state(seed)
        assert isinstance(state, NavigatorState)
        for _ in range(2):  # nobody buys the Pirate Map before a puzzle's deal
            if state.phase == PHASE_BUY:
                state = state.apply(PassMap())
        assert isinstance(state, NavigatorState)
        assert state.target is not None and state.beacon is not None
        rules = state.rules_for(0)
        precog = rules.precog
        memory = tuple(state.packets[0])
        return cls(
            seed=state.seed,
            options=state.options,
            state=state,
            target=state.target,
            target_cards=tuple(state.target_cards),
            target_note=_target_note(state.target_cards),
            beacon=state.beacon,
            beacon_values=card_values(state.beacon, precog),
            memory=memory,
            memory_values=tuple(card_values(card, precog) for card in memory),
            rules=rules,
        )

    # --- the rules in words ------------------------------------------------------------------

    @cached_property
    def choices(self) -> tuple[VectorChoice, ...]:
        """Every Vector Set the rules allow (the engine's list)."""
        return vector_set_choices(self.memory, self.beacon, self.rules)

    @property
    def prompt(self) -> str:
        """What to build, in words for a student under these rules.

        >>> print(NavigatorPuzzle.deal(7).prompt)
        Get as close as you can to 105 using the Signpost Beacon and two cards of your Nav Memory, each once, with + − × ÷ ^ and brackets. Every step must make a whole number. You may type J, Q and K by name.
        """
        rules = self.rules
        sentences = [
            f"Get as close as you can to {self.target} using {self._what_to_use()}, each "
            "once, with + − × ÷ ^ and brackets. Every step must make a whole number."
        ]
        cards = (*self.memory, self.beacon)
        if rules.precog:
            sentences.append(
                "Tarot values: Page 1, Knight 11, Queen 12, King 13, Ace 100, a trump its "
                "number, the Joker 0. You may type P, N, Q, K and A by name."
            )
        else:
            if any(card.rank == "A" for card in cards):
                sentences.append("An Ace is 1 or 100: type the number you choose.")
            sentences.append("You may type J, Q and K by name.")
        if rules.override:
            overrides = [card for card in self.memory if rules.is_override(card)]
            suit = _suit_words(rules.override_suit)
            kind = "Forced" if rules.override == "forced" else "Select"
            if not overrides:
                sentences.append(
                    f"{kind} Command Override: {suit} are Override cards, and your Nav "
                    "Memory has none."
                )
            elif rules.override == "forced":
                sentences.append(
                    f"Forced Command Override: {suit} are Override cards, and you must use "
                    f"every one in your Nav Memory ({_card_list(overrides, precog=rules.precog)})."
                )
            else:
                sentences.append(
                    f"Select Command Override: {suit} are Override cards, and at least one "
                    "of your Nav Memory cards must be one "
                    f"({_card_list(overrides, precog=rules.precog, joined='or')})."
                )
        if rules.slingshot:
            sentences.append(
                "Slingshot: if all your cards are of one suit, your distance counts 2 less."
            )
        if rules.extrapolation:
            sentences.append(
                "Extrapolation: if three of your values are in a row (the Ace counts "
                f"{100 if rules.precog else 1}, the Joker 0), you may also use one phantom "
                "number just below or just above the run (0 to 13)."
            )
        skipped = [
            name
            for name, on in (
                ("Hotshot Spacer", self.options.hotshot),
                ("Pirate Map", self.options.pirate_map),
            )
            if on
        ]
        if skipped:
            verb = "is" if len(skipped) == 1 else "are"
            sentences.append(
                f"{' and '.join(skipped)} {verb} played only in a whole game, not in a puzzle."
            )
        return " ".join(sentences)

    def _what_to_use(self) -> str:
        """``the Signpost Beacon and two cards of your Nav Memory``, as the choices allow."""
        sizes = sorted({len(choice.memory) for choice in self.choices})
        counts = " or ".join(number_word(size) for size in sizes)
        what = f"the Signpost Beacon and {counts} cards of your Nav Memory"
        if len(self.choices) == 1:  # Forced Command Override: every card is chosen
            chosen = self.choices[0].memory
            cards = [card for card in self.memory if card in chosen]
            return f"{what}: {_card_list(cards, precog=self.rules.precog)}"
        return what

    # --- best answers ------------------------------------------------------------------------

    def best(self) -> PuzzleBest:
        """Every distinct best answer, simplest first, scored as the showdown scores.

        >>> best = NavigatorPuzzle.deal(7).best()
        >>> best.best_distance, best.solution_count, str(best.solutions[0])
        (0, 2, '(9 + 6) × 7')
        """
        return self._best

    @cached_property
    def _best(self) -> PuzzleBest:
        solved: dict[tuple[int, ...], Solution] = {}
        scored: list[tuple[int, VectorChoice, list[tuple[int | None, Solution]], Any]] = []
        for choice in self.choices:
            groups = []
            for numbers, phantom in _value_options(choice.cards(self.beacon), self.rules):
                if numbers not in solved:
                    solved[numbers] = solve(numbers, self.target)
                groups.append((phantom, solved[numbers]))
            closest = min(result.best_distance for _, result in groups)
            groups = [
                (phantom, result) for phantom, result in groups if result.best_distance == closest
            ]
            # The engine scores one answer of the Vector Set: the Slingshot bonus is the same
            # for every answer of these cards.
            verdict = self._verdict(choice, groups[0][1].solutions[0])
            if verdict is None or verdict.distance != closest:
                continue
            assert verdict.effective_distance is not None  # a correct verdict has one
            scored.append((verdict.effective_distance, choice, groups, verdict))
        best_distance = min(effective for effective, *_ in scored)
        found: dict[Any, tuple[Any, PuzzleAnswer]] = {}
        for effective, choice, groups, verdict in scored:
            if effective != best_distance:
                continue
            for phantom, result in groups:
                for expression in result.solutions:
                    form = normal_form(expression)
                    if (form, phantom) in found:
                        continue
                    value = evaluate(expression)
                    cards = choice.cards(self.beacon)
                    found[form, phantom] = (
                        form,
                        PuzzleAnswer(
                            expression=_labelled(expression, cards, self.rules.precog),
                            cards=cards,
                            beacon=choice.beacon,
                            value=value,
                            distance=abs(value - self.target),
                            effective_distance=effective,
                            slingshot=verdict.slingshot,
                            phantom=phantom,
                        ),
                    )
        ranked = _distinct(sorted(found.values(), key=lambda pair: _simplest_first(pair[1])))
        return PuzzleBest(
            target=self.target,
            best_distance=best_distance,
            answers=tuple(ranked[:MAX_SOLUTIONS]),
            solution_count=len(ranked),
        )

    def _verdict(self, choice: VectorChoice, expression: Expr | None) -> DeclarationCheck | None:
        """The engine's verdict on ``expression`` over ``choice`` (``None``: refused)."""
        if expression is None:
            return None
        try:
            value = evaluate(expression)
        except ExpressionError:
            return None
        verdict = check_declaration(
            self.memory, self.beacon, self.target, choice, expression, value, self.rules
        )
        if not verdict.ok or verdict.distance is None or verdict.effective_distance is None:
            return None
        return verdict

    # --- hints -------------------------------------------------------------------------------

    def hint(self, level: int) -> PuzzleHint:
        """A graded hint: 1 the best distance, 2 which cards, 3 the first step, 4 a whole
        best answer.

        >>> puzzle = NavigatorPuzzle.deal(7)
        >>> [puzzle.hint(level).text for level in (1, 3)]
        ['You can make 105 exactly.', 'Start with 9 + 6 = 15.']
        >>> print(puzzle.hint(4).text)
        (9 + 6) × 7 = 105, exactly 105. Working: 9 + 6 = 15; 15 × 7 = 105
        """
        if isinstance(level, bool) or level not in (1, 2, 3, 4):
            raise CardMathError("hint levels are 1, 2, 3 and 4")
        best = self.best()
        answer = best.answers[0]
        text = self._how_close(answer)
        if level == 1:
            return PuzzleHint(1, text, best.best_distance)
        cards = self._describe_answer_cards(answer)
        if level == 2:
            return PuzzleHint(2, f"{text} Use {cards}.", best.best_distance, answer.cards)
        steps = calculation_steps(answer.expression)
        first = str(steps[0]) if steps else None
        if level == 3:
            text = f"Start with {first}." if first else f"Use {cards}."
            return PuzzleHint(3, text, best.best_distance, answer.cards, first)
        away = (
            f"exactly {self.target}"
            if answer.distance == 0
            else f"{answer.distance} away from {self.target}"
        )
        text = f"{answer.text} = {show_number(answer.value)}, {away}."
        if answer.slingshot:
            text += f" All one suit, so the Slingshot counts it {answer.effective_distance}."
        if steps:
            text += " Working: " + "; ".join(str(step) for step in steps)
        return PuzzleHint(4, text, best.best_distance, answer.cards, first, answer.expression)

    def _how_close(self, answer: PuzzleAnswer) -> str:
        if answer.distance == 0:
            text = f"You can make {self.target} exactly."
        else:
            text = f"The best possible is {answer.distance} away from {self.target}."
        if answer.slingshot:
            text += (
                " Its cards are all of one suit, so with the Slingshot it counts "
                f"{answer.effective_distance}."
            )
        return text

    def _describe_answer_cards(self, answer: PuzzleAnswer) -> str:
        precog = self.rules.precog
        memory = [card for card in answer.cards[: len(answer.cards) - answer.beacon]]
        parts = []
        if answer.beacon:
            parts.append(f"the beacon {_card_text(self.beacon, precog)}")
        values = Counter(leaf.value for leaf in leaves(answer.expression))
        if answer.phantom is not None:
            values[answer.phantom] -= 1
        for card in memory:
            text = _card_text(card, precog)
            if card.rank == "A" and not precog:
                high = values[100] > 0
                values[100 if high else 1] -= 1
                text = f"{card.rank}{SUIT_SYMBOLS[card.suit]} as {100 if high else 1}"
            parts.append(text)
        described = _join(parts)
        if answer.phantom is not None:
            run = _run_words(answer.cards, answer.phantom, precog)
            described += f", and the phantom {answer.phantom}{run}"
        return described

    # --- checking a typed answer ---------------------------------------------------------------

    def check(self, text: str | Expr) -> PuzzleCheck:
        """Judge a typed answer: is it allowed, how close is it, is it the best?

        Never raises: unreadable text, wrong cards, a card used twice and steps that are not
        whole numbers are refused with one sentence.

        >>> puzzle = NavigatorPuzzle.deal(7)
        >>> puzzle.check("Q x 9 - 3").best, puzzle.check("Q + 9 + 3").message
        (True, '12 + 9 + 3 = 24: 81 away from 105. The best possible is exactly 105: keep going, or ask for a hint.')
        >>> puzzle.check("12 + 9").message
        'You used one Nav Memory card: use two cards of your Nav Memory and the Signpost Beacon, each once.'
        """
        try:
            return self._check(text)
        except CardMathError as error:
            return PuzzleCheck(False, f"That cannot be checked: {error}")

    def _check(self, text: str | Expr) -> PuzzleCheck:
        precog = self.rules.precog
        if isinstance(text, Expr):
            tree = text
        elif not isinstance(text, str) or not text.strip():
            return PuzzleCheck(False, "Type an expression that uses your cards.")
        else:
            try:
                tree = parse(text, cards=card_names(precog))
            except ExpressionError as error:
                return PuzzleCheck(False, f"That cannot be read: {error}.")
        try:
            value: int | None = evaluate(tree)
            problem = None
        except ExpressionError as error:
            value, problem = None, str(error)
        verdicts = []
        too_big = False  # the cards fit, but a step is beyond the size guard
        for choice in self.choices:
            verdict = check_declaration(
                self.memory,
                self.beacon,
                self.target,
                choice,
                tree,
                value if value is not None else 0,
                self.rules,
            )
            if verdict.legal:
                verdicts.append((choice, verdict))
            elif verdict.rule == "out of range":
                too_big = True
        if not verdicts and not too_big:
            return PuzzleCheck(False, self._why_refused(tree), tree)
        if value is None:
            return PuzzleCheck(False, f"That step is not allowed: {problem}.", tree)
        choice, verdict = min(verdicts, key=lambda pair: _effective(pair[1]))
        assert verdict.distance is not None and verdict.effective_distance is not None
        best = self.best().best_distance
        is_best = verdict.effective_distance <= best
        shown = f"{to_text(tree)} = {show_number(value)}: "
        if verdict.distance == 0:
            shown += "exactly on target"
        else:
            shown += f"{show_number(verdict.distance)} away from {self.target}"
        if verdict.phantom is not None:
            shown += f", using the phantom {verdict.phantom}"
        if verdict.slingshot:
            shown += f", and all one suit, so the Slingshot counts it {verdict.effective_distance}"
        shown += "!" if verdict.distance == 0 else "."
        if is_best:
            shown += " That is the best possible."
        else:
            target_words = f"exactly {self.target}" if self.best().exact else self._best_words()
            shown += f" The best possible is {target_words}: keep going, or ask for a hint."
        return PuzzleCheck(
            ok=True,
            message=shown,
            expression=tree,
            value=value,
            distance=verdict.distance,
            effective_distance=verdict.effective_distance,
            best=is_best,
            cards=choice.cards(self.beacon),
            phantom=verdict.phantom,
            slingshot=verdict.slingshot,
        )

    def _best_words(self) -> str:
        answer = self.best().answers[0]
        words = f"{answer.distance} away"
        if answer.slingshot:
            words += f" (counted {answer.effective_distance} with the Slingshot)"
        return words

    def _why_refused(self, tree: Expr) -> str:
        """Why no allowed Vector Set makes this expression, in one sentence."""
        precog = self.rules.precog
        used = [leaf.value for leaf in leaves(tree)]
        cards = [
            self.beacon,
            *sorted(self.memory, key=lambda card: not self.rules.is_override(card)),
        ]
        matched, unmatched = _match(used, cards, precog)
        how = self._how_to_use()
        if unmatched:
            value = unmatched[0]
            holders = [card for card in cards if value in card_values(card, precog)]
            if not holders:
                if self.rules.extrapolation and value in PHANTOM_RANGE and len(unmatched) == 1:
                    return (
                        f"{value} is not one of your cards, and not a phantom these cards "
                        "allow: a phantom is just below or just above three values in a row."
                    )
                return f"None of your cards is a {value}: {how}."
            times = Counter(used)[value]
            allowed = number_word(len(holders))
            return (
                f"You used {value} {times_word(times)}, but only {allowed} "
                f"{plural(len(holders), 'card')} of your Vector Set may be a {value}: "
                f"{how}."
            )
        beacon_used = 0 in matched
        memory_used = [cards[index] for index in matched if index != 0]
        overrides = [card for card in self.memory if self.rules.is_override(card)]
        if not beacon_used and not any(not choice.beacon for choice in self.choices):
            return f"You must use the Signpost Beacon ({_card_text(self.beacon, precog)}): {how}."
        if self.rules.override == "forced" and Counter(overrides) - Counter(memory_used):
            return (
                "Forced Command Override: you must use every Override card in your Nav Memory "
                f"({_card_list(overrides, precog=precog)})."
            )
        sizes = {len(choice.memory) for choice in self.choices if choice.beacon == beacon_used}
        if len(memory_used) not in sizes:
            number = len(memory_used)
            return f"You used {number_word(number)} Nav Memory {plural(number, 'card')}: {how}."
        if (
            self.rules.override == "select"
            and overrides
            and not any(map(self.rules.is_override, memory_used))
        ):
            return (
                "Select Command Override: one of your Nav Memory cards must be an Override "
                f"card ({_card_list(overrides, precog=precog, joined='or')})."
            )
        choice = VectorChoice(tuple(sorted(memory_used)), beacon_used)
        reason = why_not_choice(choice, self.memory, self.beacon, self.rules)
        if reason:
            return f"{reason[0].upper()}{reason[1:]}."
        return f"These cards do not make a Vector Set here: {how}."

    def _how_to_use(self) -> str:
        sizes = sorted({len(choice.memory) for choice in self.choices if choice.beacon})
        counts = " or ".join(number_word(size) for size in sizes)
        return f"use {counts} cards of your Nav Memory and the Signpost Beacon, each once"


# --- helpers ------------------------------------------------------------------------------------


def _value_options(
    cards: Sequence[Card], rules: VectorRules
) -> list[tuple[tuple[int, ...], int | None]]:
    """Every way the cards may count (each Ace 1 or 100), with and without each phantom
    value, each with its phantom (``None``: none)."""
    choices = [card_values(card, rules.precog) for card in cards]
    phantoms: list[int | None] = [None]
    if rules.extrapolation:
        phantoms += list(phantom_values(cards, rules.precog))
    found: dict[tuple[tuple[int, ...], int | None], None] = {}
    for values in itertools.product(*choices):
        for phantom in phantoms:
            extra = (phantom,) if phantom is not None else ()
            found.setdefault((tuple(sorted(values + extra)), phantom), None)
    return list(found)


def _labelled(expression: Expr, cards: Sequence[Card], precog: bool) -> Expr:
    """``expression`` with each number named after its card (``Q``, ``A``) where only
    one kind of card of the Vector Set can be that number."""
    names = card_names(precog)

    def label(value: int) -> str | None:
        found = {
            card.rank if card.rank in names or card.rank == "A" else None
            for card in cards
            if value in card_values(card, precog)
        }
        return found.pop() if len(found) == 1 else None

    def walk(node: Expr) -> Expr:
        if isinstance(node, Num):
            return Num(node.value, label(node.value))
        assert isinstance(node, BinOp)
        return BinOp(node.op, walk(node.left), walk(node.right))

    return walk(expression)


def _effective(verdict: DeclarationCheck) -> int:
    """A legal verdict's effective distance (one that was not worked out counts last)."""
    return verdict.effective_distance if verdict.effective_distance is not None else 1 << 62


def _distinct(ranked: Sequence[tuple[Any, PuzzleAnswer]]) -> list[PuzzleAnswer]:
    """The answers (each with its normal form, simplest first) without repeats: two
    answers that read the same are one answer, whichever cards and phantom make it (the
    same numbers from other cards, or a card's value from a phantom), and the simplest
    way to make it is kept (without a phantom when there is one)."""
    forms: set[Any] = set()
    texts: set[str] = set()
    answers = []
    for form, answer in ranked:
        if form in forms or answer.text in texts:
            continue
        forms.add(form)
        texts.add(answer.text)
        answers.append(answer)
    return answers


def _simplest_first(answer: PuzzleAnswer) -> tuple[Any, ...]:
    return (
        answer.phantom is not None,
        complexity(answer.expression),
        len(calculation_steps(answer.expression)),
        answer.text,
    )


def _match(
    values: Sequence[int], cards: Sequence[Card], precog: bool
) -> tuple[list[int], list[int]]:
    """Match each number to a different card that may count as it (as many as can be).

    Returns the indices of the cards matched and the numbers left over.
    """
    owner: dict[int, int] = {}  # card index -> value index

    def assign(value_index: int, seen: set[int]) -> bool:
        for card_index, card in enumerate(cards):
            if card_index in seen or values[value_index] not in card_values(card, precog):
                continue
            seen.add(card_index)
            if card_index not in owner or assign(owner[card_index], seen):
                owner[card_index] = value_index
                return True
        return False

    left = [values[index] for index in range(len(values)) if not assign(index, set())]
    return sorted(owner), left


def _target_note(cards: Sequence[Card]) -> str:
    """How the target was made: ``Q and 5``; one Override card stands alone."""
    names = [_short_name(card) for card in cards]
    if len(names) == 1:
        return f"{names[0]} (an Override card stands alone)"
    return " and ".join(names)


def _short_name(card: Card) -> str:
    if card.is_joker:
        return "Joker"
    if card.is_trump:
        return f"trump {card.rank}"
    return card.rank


def _card_text(card: Card, precog: bool) -> str:
    """A card for a message: ``Q♠ (12)``, ``7♥``, ``A♦ (1 or 100)``, ``trump 21``."""
    if card.is_joker:
        return "Joker (0)"
    if card.is_trump:
        return f"trump {card.rank}"
    shown = f"{card.rank}{SUIT_SYMBOLS[card.suit]}"
    if card.rank.isdigit():
        return shown
    return f"{shown} ({' or '.join(map(str, card_values(card, precog)))})"


def _card_list(cards: Sequence[Card], *, precog: bool, joined: str = "and") -> str:
    return _join([_card_text(card, precog) for card in cards], joined)


def _join(parts: Sequence[str], word: str = "and") -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {word} {parts[-1]}"


def _suit_words(suit: str) -> str:
    if suit == TRUMP:
        return "trumps"
    return SUITS.get(suit, suit)


def _run_words(cards: Sequence[Card], phantom: int, precog: bool) -> str:
    """`` (7, 8 and 9 are a run)``: the three values in a row that allow the phantom."""
    values = sorted({sequence_value(card, precog) for card in cards})
    for low in values:
        run = (low, low + 1, low + 2)
        if all(value in values for value in run) and phantom in (low - 1, low + 3):
            return f" ({run[0]}, {run[1]} and {run[2]} are a run)"
    return ""
