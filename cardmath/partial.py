"""An expression still being built: what is wrong with it so far, in a student's words.

A student builds an expression card by card and sign by sign. :func:`read_partial` reads
what is there so far and says what a ten-year-old should fix *now*, before any check:
two numbers with no sign between them, two signs in a row, a bracket closed that was
never opened, a card used twice, a number no card has, a name that is not a card. An
expression that is only unfinished ("(11 − 7) ×") is not a mistake: it is simply not
:attr:`~Progress.complete` yet. The reading uses the project's own tokenizer and
arithmetic (:mod:`cardmath.expr`), so it never disagrees with the parser or the checker.

>>> read_partial("11 7").problem
'Put a sign (+ − × ÷ ^) between 11 and 7.'
>>> reading = read_partial("(11 − 7) ×")
>>> reading.problem, reading.complete, reading.unfinished
('', False, 'Finish it: a number must come after ×.')
>>> read_partial("7 + 7", cards=[(7,), (8,), (11,)]).problem
'You used 7 twice, but only one of your cards is worth 7.'
>>> read_partial("K × 2", names={"K": (13,)}, cards=[(13,), (2,)]).cards
(0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardmath.errors import CardMathError, ExpressionError, quoted
from cardmath.expr import (
    MAX_DEPTH,
    MAX_INPUT_LENGTH,
    SYMBOLS,
    _tokenize,
    evaluate,
    parse,
    show_number,
)
from cardmath.wording import number_word, times_word

__all__ = ["Piece", "Progress", "read_partial"]

_SIGNS = "+ − × ÷ ^"


@dataclass(frozen=True)
class Piece:
    """One piece of a typed expression: a number (or card name), a sign or a bracket.

    ``start``/``end`` are offsets in the text (``text[start:end]`` is the piece);
    ``value`` is a number's value (``None`` for a card name with several values, such as
    an Ace that is 1 or 100: someone must choose); ``name`` the card name typed, if any.
    """

    kind: str  # "number", "sign", "open", "close"
    text: str
    start: int
    end: int
    value: int | None = None
    name: str | None = None
    op: str | None = None
    """A sign's operator (``*`` for ``x``, ``×`` or ``*``)."""

    @property
    def shown(self) -> str:
        """How a message shows the piece (a sign as the student reads it: ×, not *)."""
        if self.op is not None:
            return SYMBOLS[self.op]
        return self.text


@dataclass(frozen=True)
class Progress:
    """What :func:`read_partial` found.

    ``problem`` is the first mistake in plain words (``""``: nothing wrong so far) and
    ``position`` the offset where it is; ``complete`` says the expression is whole and
    ready to check; ``cards`` gives, for each number piece in order, the index of the
    card it uses (``None``: no card, such as a phantom value); ``value`` is the
    expression's value once it is complete and every step is allowed.
    """

    pieces: tuple[Piece, ...] = ()
    problem: str = ""
    position: int | None = None
    complete: bool = False
    cards: tuple[int | None, ...] = ()
    value: int | None = None
    unfinished: str = ""
    """What an expression that is not complete yet still needs ("Finish it: a number
    must come after ×.")."""

    @property
    def ok(self) -> bool:
        """Nothing is wrong so far."""
        return not self.problem

    @property
    def numbers(self) -> tuple[Piece, ...]:
        """The number pieces, in order."""
        return tuple(piece for piece in self.pieces if piece.kind == "number")

    @property
    def undecided(self) -> tuple[Piece, ...]:
        """Card names with several values still to choose (an Ace: 1 or 100)."""
        return tuple(piece for piece in self.numbers if piece.value is None)


def _pieces(text: str, names: Mapping[str, Sequence[int]]) -> tuple[list[Piece], str, int | None]:
    """The pieces of ``text``, or a problem (in plain words) and where it is."""
    first = {name: next(iter(values)) for name, values in names.items() if tuple(values)}
    several = {name.upper() for name, values in names.items() if len(set(values)) > 1}
    try:
        tokens = _tokenize(text, first)
    except ExpressionError as error:
        return [], _tokenizer_words(text, error, names), (error.position or 1) - 1
    pieces = []
    for token in tokens:
        if token.kind == "end":
            break
        start = token.position - 1
        end = start + len(token.text)
        if token.kind == "number":
            name = token.label if token.label is not None and not token.text.isdigit() else None
            undecided = name is not None and name.upper() in several
            pieces.append(
                Piece("number", token.text, start, end, None if undecided else token.value, name)
            )
        elif token.kind == "op":
            pieces.append(Piece("sign", token.text, start, end, op=token.label or token.text))
        else:
            pieces.append(Piece(token.kind, token.text, start, end))
    return pieces, "", None


def _tokenizer_words(text: str, error: ExpressionError, names: Mapping[str, Sequence[int]]) -> str:
    """The tokenizer's refusal said for a student."""
    message = str(error)
    index = (error.position or 1) - 1
    known = ", ".join(name for name in names if len(name) <= 2)
    if message.startswith("card '"):
        name = message.split("'")[1]
        return f"Type the number of {name} here, not its name."
    if message.startswith("unknown name"):
        word = text[index:]
        letters = ""
        for char in word:
            if not char.isalpha():
                break
            letters += char
        cards = f" Type numbers, or the card names {known}." if known else " Type numbers."
        return f"{quoted(letters or word[:1])} is not a card.{cards}"
    if "too long" in message:
        return "That number is too long: card numbers are small."
    char = text[index : index + 1]
    return f"{quoted(char)} cannot be used here. Use numbers, {_SIGNS} and brackets."


def _grammar(pieces: Sequence[Piece]) -> tuple[str, int | None, bool]:
    """The first mistake in the order of the pieces, where it is, and whether the
    expression is complete."""
    want_number = True
    opened: list[Piece] = []
    previous: Piece | None = None
    for piece in pieces:
        if piece.kind in ("number", "open"):
            if not want_number:
                assert previous is not None
                what = piece.shown if piece.kind == "number" else "the bracket ("
                return (
                    f"Put a sign ({_SIGNS}) between {previous.shown} and {what}.",
                    piece.start,
                    False,
                )
            if piece.kind == "open":
                opened.append(piece)
                if len(opened) > MAX_DEPTH:
                    return "Too many brackets inside each other.", piece.start, False
            else:
                want_number = False
        elif piece.kind == "sign":
            if want_number:
                if previous is None:
                    note = " (there are no negative cards)" if piece.shown == "−" else ""
                    return (
                        f"Start with a number or a bracket, not {piece.shown}{note}.",
                        piece.start,
                        False,
                    )
                if previous.kind == "open":
                    return (
                        f"After a bracket ( comes a number, not {piece.shown}.",
                        piece.start,
                        False,
                    )
                return (
                    f"Two signs in a row ({previous.shown} {piece.shown}): put a number "
                    "between them.",
                    piece.start,
                    False,
                )
            want_number = True
        else:  # a closing bracket
            if not opened:
                return (
                    f"This {piece.text} closes a bracket that was never opened.",
                    piece.start,
                    False,
                )
            if want_number:
                assert previous is not None
                if previous.kind == "open":
                    return "The brackets are empty: put something inside them.", piece.start, False
                return (
                    f"A number is missing between {previous.shown} and {piece.text}.",
                    piece.start,
                    False,
                )
            opening = opened.pop()
            expected = {"(": ")", "[": "]", "{": "}"}[opening.text]
            if piece.text != expected:
                return (
                    f"The bracket {opening.text} must be closed with {expected}, not {piece.text}.",
                    piece.start,
                    False,
                )
        previous = piece
    return "", None, bool(pieces) and not want_number and not opened


def _unfinished(pieces: Sequence[Piece]) -> str:
    """What an unfinished expression still needs, in a student's words."""
    if not pieces:
        return "Start with a card or a number."
    last = pieces[-1]
    if last.kind == "sign":
        return f"Finish it: a number must come after {last.shown}."
    if last.kind == "open":
        return "Finish it: put a number inside the bracket."
    depth = sum(1 if p.kind == "open" else -1 if p.kind == "close" else 0 for p in pieces)
    brackets = "bracket" if depth == 1 else f"{depth} brackets"
    return f"Finish it: close the {brackets} with )."


def _match(
    numbers: Sequence[Piece],
    cards: Sequence[Sequence[int]],
    names: Mapping[str, Sequence[int]],
    prefer: Sequence[int],
) -> list[int | None]:
    """A card for each number (each card at most once), as many as can be matched;
    cards in ``prefer`` are tried first, in that order."""
    order = [i for i in dict.fromkeys(prefer) if 0 <= i < len(cards)]
    order += [i for i in range(len(cards)) if i not in order]
    upper = {name.upper(): set(values) for name, values in names.items()}

    def fits(piece: Piece, index: int) -> bool:
        if piece.value is not None:
            return piece.value in cards[index]
        wanted = upper.get((piece.name or "").upper(), set())
        return bool(wanted) and wanted <= set(cards[index])

    owner: dict[int, int] = {}  # card -> number piece

    def place(number: int, seen: set[int]) -> bool:
        for index in order:
            if index in seen or not fits(numbers[number], index):
                continue
            seen.add(index)
            if index not in owner or place(owner[index], seen):
                owner[index] = number
                return True
        return False

    for number in range(len(numbers)):
        place(number, set())
    found: list[int | None] = [None] * len(numbers)
    for index, number in owner.items():
        found[number] = index
    return found


def _card_words(
    piece: Piece,
    numbers: Sequence[Piece],
    cards: Sequence[Sequence[int]],
) -> str:
    """Why ``piece`` has no card left, for a student."""
    if piece.value is None:
        name = piece.name or piece.text
        used = sum(1 for p in numbers if (p.name or "").upper() == name.upper())
        return f"You used {name} {times_word(used)}, but you have only one card called {name}."
    shown = show_number(piece.value)
    worth = sum(1 for values in cards if piece.value in values)
    if worth == 0:
        return f"None of your cards is worth {shown}."
    used = sum(1 for p in numbers if p.value == piece.value)
    verb = "is" if worth == 1 else "are"
    return (
        f"You used {shown} {times_word(used)}, but only {number_word(worth)} "
        f"of your cards {verb} worth {shown}."
    )


def read_partial(
    text: str,
    *,
    names: Mapping[str, Sequence[int]] | None = None,
    cards: Sequence[Sequence[int]] | None = None,
    spare: Sequence[int] = (),
    prefer: Sequence[int] = (),
) -> Progress:
    """Read an expression that is still being built; never raises.

    ``names`` are the card names a student may type, each with its values (``{"K":
    (13,), "A": (1, 100)}``; a name with several values is left for the student to
    choose); ``cards`` the values each card in hand may take: when given, every number
    must be a card's, each card used at most once; ``spare`` are values that one number
    may take without a card (Navigator's phantom); ``prefer`` the cards to match first
    (the ones the student clicked, in order).

    >>> read_partial("× 3").problem
    'Start with a number or a bracket, not ×.'
    >>> read_partial("2 + × 3").problem
    'Two signs in a row (+ ×): put a number between them.'
    >>> read_partial("(2 + 3))").problem
    'This ) closes a bracket that was never opened.'
    >>> read_partial("9 + 1", cards=[(1, 100), (2,)]).problem
    'None of your cards is worth 9.'
    >>> read_partial("A + 2", names={"A": (1, 100)}, cards=[(1, 100), (2,)]).undecided[0].name
    'A'
    >>> read_partial("17 / 5").problem
    'That step is not allowed: 17 ÷ 5 is not a whole number.'
    """
    if not isinstance(text, str):
        return Progress(problem="Type an expression.")
    if len(text) > MAX_INPUT_LENGTH:
        return Progress(
            problem=f"That is too long: at most {MAX_INPUT_LENGTH} characters.",
            position=MAX_INPUT_LENGTH,
        )
    names = {
        name: (values,) if isinstance(values, int) else tuple(values)
        for name, values in dict(names or {}).items()
    }
    pieces, problem, position = _pieces(text, names)
    if problem:
        return Progress(problem=problem, position=position)
    problem, position, complete = _grammar(pieces)
    numbers = [piece for piece in pieces if piece.kind == "number"]
    matched: list[int | None] = [None] * len(numbers)
    if cards is not None:
        matched = _match(numbers, cards, names, prefer)
        spare_left = list(spare)
        for piece, card in zip(numbers, matched, strict=True):
            if card is not None:
                continue
            if piece.value is not None and piece.value in spare_left:
                spare_left.remove(piece.value)
                continue
            if problem:
                break
            if len(numbers) > len(cards) + len(spare):
                problem = f"That is {len(numbers)} numbers, but you have only {len(cards)} cards."
            else:
                problem = _card_words(piece, numbers, cards)
            position = piece.start
            break
    value = None
    if not problem and complete and not any(piece.value is None for piece in numbers):
        try:
            value = evaluate(parse(text, cards=_single(names)))
        except ExpressionError as error:
            problem = f"That step is not allowed: {error}."
        except CardMathError as error:  # pragma: no cover - the parser's own refusals
            problem = str(error)
    unfinished = "" if complete or problem else _unfinished(pieces)
    return Progress(tuple(pieces), problem, position, complete, tuple(matched), value, unfinished)


def _single(names: Mapping[str, Sequence[int]]) -> dict[str, int]:
    return {name: next(iter(values)) for name, values in names.items() if len(set(values)) == 1}
