"""Exact whole-number arithmetic on card values: expression trees, the rules, a safe parser.

An expression is an immutable binary tree: :class:`Num` leaves (a card value, optionally
labelled with the card's text such as ``"J"``) and :class:`BinOp` nodes with one of the
operators ``+ - * / ^`` (printed ``+ − × ÷ ^``). :func:`apply_op` is *the* arithmetic rule of
the project: the evaluator, the parser, the solver and the explanations all go through it
(or are tested against it), so they can never disagree.

>>> expression = parse("(J − 7) × 8", cards={"J": 11})
>>> str(expression), evaluate(expression)
('(11 − 7) × 8', 32)
>>> evaluate(parse("17 / 5"))
Traceback (most recent call last):
  ...
cardmath.errors.ExpressionError: 17 ÷ 5 is not a whole number
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from cardmath.errors import ExpressionError, OutOfRange
from cardmath.errors import quoted as _quoted

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_INPUT_LENGTH",
    "MAX_NUMBER_LENGTH",
    "OPERATORS",
    "SYMBOLS",
    "BinOp",
    "Expr",
    "Num",
    "Step",
    "apply_op",
    "calculation_steps",
    "digit_count",
    "evaluate",
    "exact_quotient",
    "fits",
    "iter_nodes",
    "json_number",
    "leaves",
    "numbers_used",
    "parse",
    "power",
    "show_number",
]

OPERATORS = "+-*/^"
"""The five operators, in the order of the ranking: gentlest first."""

SYMBOLS: dict[str, str] = {"+": "+", "-": "−", "*": "×", "/": "÷", "^": "^"}
"""How each operator is shown to a student."""

MAX_DIGITS = 10_000
"""Size guard: a result with more than this many decimal digits is out of range."""

_LIMIT: int = 10**MAX_DIGITS
"""Smallest magnitude that has more than :data:`MAX_DIGITS` digits."""

_LIMIT_BITS = _LIMIT.bit_length()
"""Bits of :data:`_LIMIT`; any number with fewer bits is certainly in range."""

MAX_INPUT_LENGTH = 500
"""Longest typed expression the parser reads (characters)."""

MAX_DEPTH = 40
"""Deepest nesting of brackets the parser accepts."""

MAX_NUMBER_LENGTH = 12
"""Most digits a typed number may have."""

_TOO_BIG = "the result would have more than 10,000 digits"


# --- the tree ------------------------------------------------------------------------


class Expr:
    """Base class of expression trees; see :class:`Num` and :class:`BinOp`.

    Trees print with minimal brackets, evaluate exactly, and draw themselves in a
    notebook (LaTeX and an SVG tree diagram, drawn by :mod:`cardmath.printing`).

    >>> (Num(2) + Num(3)) * Num(4)
    BinOp('*', BinOp('+', Num(2), Num(3)), Num(4))
    >>> print((Num(2) + Num(3)) * Num(4))
    (2 + 3) × 4
    """

    __slots__ = ()

    @property
    def value(self) -> int:
        """The exact value; raises :class:`ExpressionError` if a step breaks the rules."""
        return evaluate(self)

    def __str__(self) -> str:
        from cardmath.printing import to_text

        return to_text(self)

    def to_latex(self) -> str:
        """LaTeX with × and ÷, in the order the expression was written."""
        from cardmath.printing import to_latex

        return to_latex(self)

    def _repr_latex_(self) -> str:
        return "$" + self.to_latex() + "$"

    def _repr_svg_(self) -> str:
        from cardmath.printing import to_svg

        return to_svg(self)

    # operator overloads make trees easy to write in tests and lessons
    def __add__(self, other: Expr | int) -> BinOp:
        return BinOp("+", self, _as_expr(other))

    def __sub__(self, other: Expr | int) -> BinOp:
        return BinOp("-", self, _as_expr(other))

    def __mul__(self, other: Expr | int) -> BinOp:
        return BinOp("*", self, _as_expr(other))

    def __truediv__(self, other: Expr | int) -> BinOp:
        return BinOp("/", self, _as_expr(other))

    def __xor__(self, other: Expr | int) -> BinOp:
        return BinOp("^", self, _as_expr(other))


def _as_expr(item: Expr | int) -> Expr:
    if isinstance(item, Expr):
        return item
    return Num(item)


@dataclass(frozen=True, slots=True)
class Num(Expr):
    """A leaf: a whole number 0 or more, with the card text it came from (``"J"``).

    >>> Num(11, "J"), Num(11, "J").value
    (Num(11, 'J'), 11)
    """

    value: int  # a field here, a property on BinOp
    label: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise ExpressionError(f"a number must be a whole number, not {_quoted(self.value)}")
        if self.value < 0:
            raise ExpressionError(f"card numbers are 0 or more, not {self.value}")
        if not fits(self.value):
            raise OutOfRange(_TOO_BIG)
        if self.label is not None and not isinstance(self.label, str):
            raise ExpressionError(f"a card label must be text, not {_quoted(self.label)}")

    def __repr__(self) -> str:
        if self.label is None:
            return f"Num({show_number(self.value)})"
        return f"Num({show_number(self.value)}, {self.label!r})"


@dataclass(frozen=True, slots=True)
class BinOp(Expr):
    """An operation ``left op right`` with ``op`` one of ``+ - * / ^``.

    >>> BinOp("-", Num(11), Num(7)).value
    4
    """

    op: str
    left: Expr
    right: Expr

    def __post_init__(self) -> None:
        if self.op not in SYMBOLS:
            raise ExpressionError(f"unknown operator {_quoted(self.op)}; use one of + - * / ^")
        if not isinstance(self.left, Expr) or not isinstance(self.right, Expr):
            raise ExpressionError("both sides of an operation must be expressions")

    def __repr__(self) -> str:
        return f"BinOp({self.op!r}, {self.left!r}, {self.right!r})"


# --- the arithmetic rule -------------------------------------------------------------


def fits(number: int) -> bool:
    """Whether ``number`` has at most :data:`MAX_DIGITS` decimal digits.

    >>> fits(10**10_000 - 1), fits(-(10**10_000))
    (True, False)
    """
    return -_LIMIT < number < _LIMIT


def exact_quotient(dividend: int, divisor: int) -> int | None:
    """``dividend / divisor`` if it is a whole number, else ``None`` (also for ÷ 0).

    >>> exact_quotient(12, 4), exact_quotient(-12, 4), exact_quotient(17, 5), exact_quotient(3, 0)
    (3, -3, None, None)
    """
    if divisor == 0:
        return None
    quotient, remainder = divmod(dividend, divisor)
    return quotient if remainder == 0 else None


def power(base: int, exponent: int) -> int | None:
    """``base ^ exponent`` if it is a whole number inside the size guard, else ``None``.

    The size is decided before computing: a result that certainly has more than
    :data:`MAX_DIGITS` digits is never calculated.

    >>> power(2, 10), power(-1, -3), power(2, -1), power(0, 0), power(10, 10_000)
    (1024, -1, None, None, None)
    """
    if exponent < 0:
        if base == 1:
            return 1
        if base == -1:
            return -1 if exponent % 2 else 1
        return None
    if exponent == 0:
        return None if base == 0 else 1
    if base in (0, 1):
        return base
    if base == -1:
        return -1 if exponent % 2 else 1
    bits = abs(base).bit_length()  # 2**(bits-1) <= |base| < 2**bits
    if exponent * (bits - 1) >= _LIMIT_BITS:  # |result| >= 2**(limit bits) > limit
        return None
    result = base**exponent  # fewer than 2 * limit bits, since bits <= 2 * (bits - 1)
    return result if fits(result) else None


def digit_count(number: int) -> int:
    """How many decimal digits ``number`` has (no sign), without converting it to text.

    >>> digit_count(0), digit_count(-999), digit_count(10**5000)
    (1, 3, 5001)
    """
    magnitude = abs(number)
    digits = max(1, (magnitude.bit_length() - 1) * 30103 // 100_000)  # never too many
    while magnitude >= _ten_to(digits):
        digits += 1
    return digits


@lru_cache(maxsize=1024)
def _ten_to(power: int) -> int:
    """``10 ** power``, remembered: listing thousands of long numbers asks the same few."""
    result: int = 10**power
    return result


_SHOWN_DIGITS = 30
"""Numbers with at most this many digits are shown in full."""
_SHOWN_LIMIT = 10**_SHOWN_DIGITS


def show_number(number: object) -> str:
    """THE way a number becomes text: in full, or a huge one shortened to its first and
    last digits and its size. Never raises (Python refuses to turn a number of more than
    4,300 digits into text at all), so any printer, message or JSON record may use it.

    >>> show_number(-42), show_number(2**200)
    ('-42', '160693…301376 (a number with 61 digits)')
    >>> show_number(5 ** 2 ** 13)
    '916801…890625 (a number with 5,726 digits)'
    """
    if type(number) is int and -_SHOWN_LIMIT < number < _SHOWN_LIMIT:
        return str(number)  # the common case: fewer than _SHOWN_DIGITS + 1 digits
    if isinstance(number, bool) or not isinstance(number, int):
        return _quoted(number)
    digits = digit_count(number)
    if digits <= _SHOWN_DIGITS:
        return str(int(number))
    magnitude = abs(int(number))
    leading = magnitude // _ten_to(digits - 6)
    trailing = magnitude % 10**6
    sign = "-" if number < 0 else ""
    return f"{sign}{leading}…{trailing:06d} (a number with {digits:,} digits)"


def json_number(number: int) -> int | str:
    """A number for a JSON record: the number itself, or :func:`show_number`'s text when
    it has more digits than a reader could use (JSON readers lose digits past about 15,
    and Python cannot write numbers of more than 4,300 digits).

    >>> json_number(32), json_number(-(10**40))
    (32, '-100000…000000 (a number with 41 digits)')
    """
    whole = isinstance(number, int) and not isinstance(number, bool)
    if whole and digit_count(number) <= _SHOWN_DIGITS:
        return int(number)
    return show_number(number)


def _refusal(op: str, a: int, b: int) -> str:
    """The reason ``a op b`` is not allowed (called only once it is known to be illegal)."""
    shown = f"{show_number(a)} {SYMBOLS[op]} {show_number(b)}"
    if op == "/":
        if b == 0:
            return "cannot divide by 0"
        if a % b:
            return f"{shown} is not a whole number"
    if op == "^":
        if a == 0 and b == 0:
            return "0 ^ 0 is not defined"
        if b < 0 and a == 0:
            return f"{shown} is not defined (it would divide by 0)"
        if b < 0 and a not in (1, -1):
            return f"{shown} is not a whole number"
    return _TOO_BIG


def apply_op(op: str, a: int, b: int) -> int:
    """THE arithmetic rule: ``a op b`` exactly, or :class:`ExpressionError` saying why not.

    Results must be whole numbers with at most 10,000 digits; negative results are fine.

    >>> apply_op("-", 7, 11), apply_op("/", 12, 4), apply_op("^", 2, 3)
    (-4, 3, 8)
    >>> apply_op("/", 5, 0)
    Traceback (most recent call last):
      ...
    cardmath.errors.ExpressionError: cannot divide by 0
    """
    result: int | None
    if op == "+":
        result = a + b
    elif op == "-":
        result = a - b
    elif op == "*":
        if a and b and a.bit_length() + b.bit_length() - 1 > _LIMIT_BITS:
            result = None  # at least 2**(bits-1) * 2**(bits-1): certainly out of range
        else:
            result = a * b
    elif op == "/":
        result = exact_quotient(a, b)
    elif op == "^":
        result = power(a, b)
    else:
        raise ExpressionError(f"unknown operator {_quoted(op)}; use one of + - * / ^")
    if result is None or not fits(result):
        reason = _refusal(op, a, b)
        raise OutOfRange(reason) if reason == _TOO_BIG else ExpressionError(reason)
    return result


def evaluate(expr: Expr) -> int:
    """The exact value of ``expr`` under :func:`apply_op`.

    >>> evaluate(parse("2 ^ 3 ^ 2")), evaluate(parse("7 - 8 - 11"))
    (512, -12)
    """
    if isinstance(expr, Num):
        return expr.value
    if isinstance(expr, BinOp):
        return apply_op(expr.op, evaluate(expr.left), evaluate(expr.right))
    raise ExpressionError(f"not an expression: {_quoted(expr)}")


@dataclass(frozen=True, slots=True)
class Step:
    """One operation of a calculation: ``left op right = value``.

    >>> str(Step(11, "-", 7, 4))
    '11 − 7 = 4'
    """

    left: int
    op: str
    right: int
    value: int

    def __str__(self) -> str:
        left, right, value = map(show_number, (self.left, self.right, self.value))
        return f"{left} {SYMBOLS[self.op]} {right} = {value}"


def calculation_steps(expr: Expr) -> tuple[Step, ...]:
    """The operations of ``expr`` in the order a student works them out (left side first).

    >>> [str(step) for step in calculation_steps(parse("(11 - 7) * 8"))]
    ['11 − 7 = 4', '4 × 8 = 32']
    """
    steps: list[Step] = []

    def walk(node: Expr) -> int:
        if isinstance(node, Num):
            return node.value
        assert isinstance(node, BinOp)
        left = walk(node.left)
        right = walk(node.right)
        value = apply_op(node.op, left, right)
        steps.append(Step(left, node.op, right, value))
        return value

    walk(expr)
    return tuple(steps)


def leaves(expr: Expr) -> tuple[Num, ...]:
    """The numbers of ``expr`` from left to right.

    >>> leaves(parse("J * (2 + 3)", cards={"J": 11}))
    (Num(11, 'J'), Num(2), Num(3))
    """
    found: list[Num] = []
    pending: list[Expr] = [expr]
    while pending:
        node = pending.pop()
        if isinstance(node, BinOp):
            pending.append(node.right)
            pending.append(node.left)
        else:
            assert isinstance(node, Num)
            found.append(node)
    return tuple(found)


def numbers_used(expr: Expr) -> Counter[int]:
    """The multiset of values of the leaves (labels are in :func:`leaves`).

    >>> numbers_used(parse("5 * 5 - 2")) == Counter({5: 2, 2: 1})
    True
    """
    return Counter(leaf.value for leaf in leaves(expr))


# --- the parser ----------------------------------------------------------------------

_OPERATOR_SPELLINGS: dict[str, str] = {
    "+": "+",
    "＋": "+",
    "-": "-",
    "−": "-",  # minus sign
    "–": "-",  # en dash
    "—": "-",  # em dash
    "‒": "-",  # figure dash
    "﹣": "-",
    "－": "-",
    "*": "*",
    "×": "*",
    "x": "*",
    "X": "*",
    "·": "*",
    "⋅": "*",
    "∙": "*",
    "✕": "*",
    "＊": "*",
    "/": "/",
    "÷": "/",
    "∕": "/",
    "／": "/",
    "^": "^",
}
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {")", "]", "}"}
_SPACES = frozenset(" \t\r\n\u00a0\u2009\u202f\u3000")
_CARD_NAMES = ("JOKER", "JK", "J", "Q", "K", "A")
"""Card names recognised even without a card context (then they are an error)."""

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}


class _Token(NamedTuple):  # a tuple: made for every character group of every parse
    kind: str  # "number", "op", "open", "close", "end"
    text: str
    position: int  # 1-based character of the token's start
    value: int = 0
    label: str | None = None


def _number_token(digits: str, position: int) -> _Token:
    """The token of a written number, refused when it is longer than the parser reads."""
    if len(digits) > MAX_NUMBER_LENGTH:
        raise ExpressionError(
            f"the number at character {position} is too long (at most {MAX_NUMBER_LENGTH} digits)",
            position,
        )
    return _Token("number", digits, position, int(digits))


def _describe(token: _Token) -> str:
    if token.kind == "end":
        return "the end"
    return f"'{token.text}'"


_NameTable = tuple[dict[str, tuple[str, "int | None"]], list[str], frozenset[str]]
_NAME_TABLES: dict[tuple[tuple[str, int], ...] | None, _NameTable] = {}
"""The name tables of the card mappings seen so far (by their items), checked once."""


def _names_of(cards: Mapping[str, int] | None) -> _NameTable:
    """Every card name (upper case) with its label and value, the names longest first,
    and their first letters; ``cards`` checked (refusals are never remembered)."""
    try:
        key = None if cards is None else tuple(cards.items())
        found = _NAME_TABLES.get(key)
    except TypeError:  # an unhashable value: refused below
        key, found = (), None
    if found is not None:
        return found
    names: dict[str, tuple[str, int | None]] = {}
    for name in _CARD_NAMES:
        names[name] = (name, None)
    if cards is not None:
        for name, value in cards.items():
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ExpressionError(f"card {name!r} needs a whole-number value 0 or more")
            if not name or not name.isalpha():
                raise ExpressionError(f"card name {name!r} must be letters")
            names[name.upper()] = (name, value)
    by_length = sorted(names, key=len, reverse=True)
    table = (names, by_length, frozenset(name[0] for name in names))
    if key != () and len(_NAME_TABLES) < 256:
        _NAME_TABLES[key] = table
    return table


def _tokenize(text: str, cards: Mapping[str, int] | None) -> list[_Token]:
    names, by_length, firsts = _names_of(cards)
    if _PLAIN_CHARS.issuperset(text):
        return _plain_tokens(text)
    tokens: list[_Token] = []
    index = 0
    length = len(text)
    while index < length:
        char = text[index]
        position = index + 1
        if char in _SPACES:
            index += 1
        elif char.isdigit() and char.isascii():
            end = index
            while end < length and text[end].isdigit() and text[end].isascii():
                end += 1
            tokens.append(_number_token(text[index:end], position))
            index = end
        elif text.startswith("**", index):
            tokens.append(_Token("op", "**", position, label="^"))
            index += 2
        elif char in _OPERATOR_SPELLINGS and not (
            char.upper()[:1] in firsts and _starts_name(text, index, by_length)
        ):
            tokens.append(_Token("op", char, position, label=_OPERATOR_SPELLINGS[char]))
            index += 1
        elif char in _OPEN:
            tokens.append(_Token("open", char, position))
            index += 1
        elif char in _CLOSE:
            tokens.append(_Token("close", char, position))
            index += 1
        elif char.isalpha():
            matched = _starts_name(text, index, by_length)
            if matched is None:
                word = char
                raise ExpressionError(f"unknown name '{word}' at character {position}", position)
            label, named = names[matched]
            if named is None:
                raise ExpressionError(
                    f"card '{text[index : index + len(matched)]}' at character {position} "
                    "has no value here: type its number instead",
                    position,
                )
            tokens.append(
                _Token("number", text[index : index + len(matched)], position, named, label)
            )
            index += len(matched)
        else:
            raise ExpressionError(f"unexpected '{char}' at character {position}", position)
    tokens.append(_Token("end", "", length + 1))
    return tokens


_PLAIN_CHARS = frozenset(
    [*"0123456789", *_SPACES, *_OPEN, *_CLOSE, *(c for c in _OPERATOR_SPELLINGS if not c.isalpha())]
)
"""The characters of a text without letters (so without card names or ``x``)."""
_PLAIN_TOKEN = re.compile(r"[0-9]+|\*\*|\S")


def _plain_tokens(text: str) -> list[_Token]:
    """:func:`_tokenize`'s tokens of a text of :data:`_PLAIN_CHARS` only, found by one
    regular expression instead of character by character (every space is one of
    ``_SPACES``, every other character a digit, a bracket or an operator sign)."""
    tokens: list[_Token] = []
    for match in _PLAIN_TOKEN.finditer(text):
        word = match.group()
        position = match.start() + 1
        first = word[0]
        if first in "0123456789":
            tokens.append(_number_token(word, position))
        elif word == "**":
            tokens.append(_Token("op", "**", position, label="^"))
        elif first in _OPEN:
            tokens.append(_Token("open", first, position))
        elif first in _CLOSE:
            tokens.append(_Token("close", first, position))
        else:
            tokens.append(_Token("op", first, position, label=_OPERATOR_SPELLINGS[first]))
    tokens.append(_Token("end", "", len(text) + 1))
    return tokens


def _starts_name(text: str, index: int, by_length: list[str]) -> str | None:
    """The longest card name starting at ``index`` (case-insensitive), if any."""
    for name in by_length:
        if text[index : index + len(name)].upper() == name:
            return name
    return None


def _digits_num(value: int) -> Num:
    """``Num(value)`` of a typed number (0 or more, at most :data:`MAX_NUMBER_LENGTH`
    digits), without checking it again: a parse makes one for every number typed."""
    node = object.__new__(Num)
    object.__setattr__(node, "value", value)
    object.__setattr__(node, "label", None)
    return node


class _Parser:
    """Precedence climbing over the token list; brackets recurse (depth-limited)."""

    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens = tokens
        self.index = 0
        self.depth = 0

    def peek(self) -> _Token:
        return self.tokens[self.index]

    def take(self) -> _Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def expression(self, min_precedence: int) -> Expr:
        left = self.operand()
        while True:
            token = self.tokens[self.index]  # peek, inline: every token passes here
            if token.kind != "op":
                if token.kind in ("number", "open"):
                    raise ExpressionError(
                        f"missing operator (such as ×) before {_describe(token)} "
                        f"at character {token.position}",
                        token.position,
                    )
                return left
            op = token.label
            assert op is not None
            precedence = _PRECEDENCE[op]
            if precedence < min_precedence:
                return left
            self.index += 1  # take
            # ^ is right-associative: its right side may hold another ^
            right = self.expression(precedence if op == "^" else precedence + 1)
            left = BinOp(op, left, right)

    def operand(self) -> Expr:
        token = self.tokens[self.index]  # take, inline
        self.index += 1
        if token.kind == "number":
            if token.label is None:  # typed digits: at most MAX_NUMBER_LENGTH, so a valid Num
                return _digits_num(token.value)
            return Num(token.value, token.label)
        if token.kind == "open":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise ExpressionError(
                    f"too many brackets inside each other at character {token.position} "
                    f"(at most {MAX_DEPTH})",
                    token.position,
                )
            inner = self.expression(1)
            closing = self.take()
            if closing.kind != "close":
                raise ExpressionError(
                    f"missing '{_OPEN[token.text]}' for the '{token.text}' at character "
                    f"{token.position}: found {_describe(closing)} at character "
                    f"{closing.position}",
                    closing.position,
                )
            if closing.text != _OPEN[token.text]:
                raise ExpressionError(
                    f"'{closing.text}' at character {closing.position} does not match "
                    f"the '{token.text}' at character {token.position}",
                    closing.position,
                )
            self.depth -= 1
            return inner
        if token.kind == "op":
            if self.index == 1 and token.label in ("-", "+"):
                raise ExpressionError(
                    f"'{token.text}' at character {token.position} needs a number before it "
                    "(card games use no negative numbers)",
                    token.position,
                )
            note = " (card games use no negative numbers)" if token.label == "-" else ""
            raise ExpressionError(
                f"a number is missing before '{token.text}' at character {token.position}{note}",
                token.position,
            )
        if token.kind == "end":
            previous = self.tokens[self.index - 2] if self.index >= 2 else None
            if previous is None:
                raise ExpressionError("type an expression, such as (11 − 7) × 8", 1)
            raise ExpressionError(
                f"the expression ends too soon: a number is missing after "
                f"{_describe(previous)} at character {previous.position}",
                token.position,
            )
        raise ExpressionError(
            f"unexpected {_describe(token)} at character {token.position}", token.position
        )


def parse(text: str, cards: Mapping[str, int] | None = None) -> Expr:
    """Read a typed expression; never uses ``eval``.

    Accepts ``+ - * / ^``, ``× x X · ÷ ** −`` and dashes, brackets ``( ) [ ] { }``, and card
    names (``J Q K A JK``, any case) when ``cards`` gives their values. Precedence is the
    usual one and ``^`` groups from the right. There is no unary minus: card games only
    use numbers 0 or more. Errors are :class:`ExpressionError` with a 1-based
    ``position``. Inputs longer than :data:`MAX_INPUT_LENGTH` are refused at once.

    >>> print(parse("8·(J−7)", cards={"J": 11}))
    8 × (11 − 7)
    >>> parse("(11 - 7))")
    Traceback (most recent call last):
      ...
    cardmath.errors.ExpressionError: unexpected ')' at character 9
    """
    if not isinstance(text, str):
        raise ExpressionError(f"an expression must be text, not {type(text).__name__}")
    if len(text) > MAX_INPUT_LENGTH:
        raise ExpressionError(
            f"the expression is too long ({len(text)} characters; at most {MAX_INPUT_LENGTH})"
        )
    parser = _Parser(_tokenize(text, cards))
    expr = parser.expression(1)
    token = parser.peek()
    if token.kind != "end":
        raise ExpressionError(
            f"unexpected {_describe(token)} at character {token.position}", token.position
        )
    return expr


def iter_nodes(expr: Expr) -> Iterator[Expr]:
    """Every node of ``expr``, children before their parent (post-order).

    >>> [str(node) for node in iter_nodes(parse("2 + 3"))]
    ['2', '3', '2 + 3']
    """
    if isinstance(expr, BinOp):
        yield from iter_nodes(expr.left)
        yield from iter_nodes(expr.right)
    yield expr
