"""Pure SVG drawings of cards, hands and tables (strings only; no Jupyter here).

Cards are drawn to be read from the back of a classroom: one large numeral in the
middle, small indices in the corners, a suit symbol, and an accessible title.

>>> from cardmath.cards import Card
>>> svg = card_svg(Card.parse("QH"))
>>> svg.startswith("<svg") and "Queen of hearts" in svg and ">Q<" in svg
True
>>> "<svg" in hand_svg([Card.parse("7C"), Card.parse("JK")])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from cardmath.cards import SUIT_SYMBOLS, AnyCard, Card, NumberCard, SequencesCard
from cardmath.errors import CardError, quoted
from cardmath.expr import show_number

CARD_WIDTH = 100
CARD_HEIGHT = 140

TWO_COLOUR = {"C": "#1a1a1a", "S": "#1a1a1a", "H": "#c8102e", "D": "#c8102e", "T": "#5b2c83"}
FOUR_COLOUR = {"C": "#1b7a2f", "S": "#1a1a1a", "H": "#c8102e", "D": "#1f4fbf", "T": "#5b2c83"}
"""Four-colour suits (green clubs, blue diamonds) for colour-blind readers."""

PERMUTATIONS_FILL = {"red": "#c8102e", "yellow": "#b58900", "green": "#1b7a2f", "blue": "#1f4fbf"}
PERMUTATIONS_SHAPES = {"red": "circle", "yellow": "triangle", "green": "square", "blue": "diamond"}
"""Each Permutations colour also has a shape, so colour is never the only cue."""
SEQUENCES_FILL = {"red": "#c8102e", "blue": "#1f4fbf"}


def _face(card: AnyCard) -> tuple[str, str, str, str]:
    """(big text, corner text, colour, accessible label) for a card."""
    if isinstance(card, Card):
        if card.is_joker:
            return "★", "JK", "#5b2c83", "Joker"
        colour = TWO_COLOUR[card.suit]
        if card.is_trump:
            return card.rank, f"T{card.rank}", colour, card.name
        return card.rank, card.rank + SUIT_SYMBOLS[card.suit], colour, card.name
    if isinstance(card, SequencesCard):
        shown = {"*": "×", "/": "÷", "-": "−"}.get(card.face, card.face)
        big = f"[{shown}]" if card.kind == "starter" else shown
        label = f"{card.colour} {card.kind} {card.text}"
        return big, card.kind, SEQUENCES_FILL[card.colour], label
    if isinstance(card, NumberCard):
        label = f"{card.colour} {card.number}"
        return str(card.number), card.colour, PERMUTATIONS_FILL[card.colour], label
    raise CardError(f"cannot draw {quoted(card)}: it is not a card")


_THIN = frozenset("ijl.,:;'!|")
_NARROW = frozenset("rtf[]()")
_WIDE = frozenset("mwMW")


def _bold_width(text: str, size: float) -> float:
    """About how wide ``text`` runs in bold sans-serif letters of ``size`` (the widths of
    DejaVu Sans Bold, the browsers' sans-serif on Debian, in four classes).

    >>> round(_bold_width("swap", 37)), round(_bold_width("[4]", 50))
    (112, 82)
    """
    ems = sum(
        0.35 if c in _THIN else 0.48 if c in _NARROW else 1.0 if c in _WIDE else 0.68 for c in text
    )
    return ems * size


def _fitted(text: str, width: float = 84, size: float = 17) -> str:
    """SVG attributes that squeeze ``text`` into ``width`` when bold letters of ``size``
    would run wider (a corner word such as "terminator" is written whole, never cut).

    >>> _fitted("7H"), _fitted("terminator")
    ('', ' textLength="84" lengthAdjust="spacingAndGlyphs"')
    >>> _fitted("swap", 88, 37), _fitted("invert", 88, 25)
    (' textLength="88" lengthAdjust="spacingAndGlyphs"', '')
    """
    if _bold_width(text, size) <= width:
        return ""
    return f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'


def _pixels(value: object, name: str, low: float = 0, high: float = 10_000) -> float:
    """A size or position in pixels, checked to be a number in a drawable range."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise CardError(
            f"{name} is a number of pixels from {low:g} to {high:g}, not {quoted(value)}"
        )
    return value


def colour_mark(colour: str, *, size: float = 26, x: float = 0, y: float = 0) -> str:
    """SVG shapes for a Permutations colour: its shape (red circle, yellow triangle, green
    square, blue diamond) filled with the colour, and the colour's letter on it, in a
    ``size`` x ``size`` box at ``x``, ``y`` (for use inside a larger drawing).

    >>> mark = colour_mark("yellow")
    >>> "<polygon" in mark and ">Y<" in mark
    True
    """
    if colour not in PERMUTATIONS_SHAPES:
        raise CardError(f"{quoted(colour)} is not a Permutations colour")
    size = _pixels(size, "size", 1)
    fill = PERMUTATIONS_FILL[colour]
    middle_x, middle_y, half = x + size / 2, y + size / 2, size / 2
    shape = PERMUTATIONS_SHAPES[colour]
    if shape == "circle":
        outline = f'<circle cx="{middle_x:g}" cy="{middle_y:g}" r="{half:g}" fill="{fill}"/>'
    elif shape == "square":
        side = size * 0.9
        outline = (
            f'<rect x="{middle_x - side / 2:g}" y="{middle_y - side / 2:g}" width="{side:g}" '
            f'height="{side:g}" fill="{fill}"/>'
        )
    elif shape == "triangle":
        outline = (
            f'<polygon points="{middle_x:g},{y:g} {x + size:g},{y + size:g} {x:g},{y + size:g}" '
            f'fill="{fill}"/>'
        )
    else:
        outline = (
            f'<polygon points="{middle_x:g},{y:g} {x + size:g},{middle_y:g} {middle_x:g},'
            f'{y + size:g} {x:g},{middle_y:g}" fill="{fill}"/>'
        )
    letter_y = y + size * (0.86 if shape == "triangle" else 0.68)
    letter_size = size * (0.46 if shape in ("triangle", "diamond") else 0.56)
    letter = (
        f'<text x="{middle_x:g}" y="{letter_y:g}" font-size="{letter_size:g}" font-weight="bold" '
        f'text-anchor="middle" fill="#ffffff" font-family="sans-serif">'
        f"{colour[0].upper()}</text>"
    )
    return outline + letter


def colour_mark_svg(colour: str, *, size: float = 26) -> str:
    """A Permutations colour's mark as a standalone ``<svg>`` image named by the colour
    (for tables and legends beside the cards).

    >>> colour_mark_svg("blue").startswith("<svg") and 'aria-label="blue"' in colour_mark_svg("blue")
    True
    """
    size = _pixels(size, "size", 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img" aria-label="{escape(colour)}">'
        f"<title>{escape(colour)}</title>{colour_mark(colour, size=size)}</svg>"
    )


def card_svg(
    card: AnyCard | None,
    *,
    width: float = CARD_WIDTH,
    face_down: bool = False,
    four_colour: bool = False,
    selected: bool = False,
    x: float | None = None,
    y: float | None = None,
    value: str | None = None,
) -> str:
    """One card as an ``<svg>`` element (``card=None`` or ``face_down`` draws the back).

    ``x``/``y`` place it inside a larger drawing; otherwise it is a standalone image.
    ``value`` is the card's value in the game being played (``"12"`` for a Queen,
    ``"1/100"`` for a Navigator Ace): it is drawn large under the rank when it differs
    from the rank, so the number itself can be read from the back of the room.

    >>> from cardmath.cards import Card
    >>> svg = card_svg(Card.parse("QS"), value="12", four_colour=True)
    >>> ">12<" in svg and "Queen of spades" in svg
    True
    """
    width = _pixels(width, "width", 1)
    height = width * CARD_HEIGHT // CARD_WIDTH
    if x is not None:
        x, y = _pixels(x, "x", -100_000, 100_000), _pixels(y or 0, "y", -100_000, 100_000)
    place = "" if x is None else f' x="{x}" y="{y or 0}"'
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg"{place} width="{width}" height="{height}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}" role="img"'
    )
    border = "#f5a623" if selected else "#555"
    stroke = 5 if selected else 1.5
    frame = (
        f'<rect x="2" y="2" width="{CARD_WIDTH - 4}" height="{CARD_HEIGHT - 4}" rx="9" '
        f'fill="{{fill}}" stroke="{border}" stroke-width="{stroke}"/>'
    )
    if card is None or face_down:
        return (
            f'{head} aria-label="face-down card"><title>face-down card</title>'
            + frame.format(fill="#23395d")
            + f'<rect x="10" y="10" width="{CARD_WIDTH - 20}" height="{CARD_HEIGHT - 20}" '
            'rx="6" fill="none" stroke="#8fa9d6" stroke-width="2" stroke-dasharray="6 4"/>'
            '<text x="50" y="82" font-size="34" text-anchor="middle" fill="#8fa9d6" '
            'font-family="sans-serif">?</text></svg>'
        )
    big, corner, colour, label = _face(card)
    if four_colour and isinstance(card, Card) and card.suit in FOUR_COLOUR:
        colour = FOUR_COLOUR[card.suit]
    symbol = SUIT_SYMBOLS.get(card.suit, "") if isinstance(card, Card) else ""
    if value is not None and not isinstance(value, str):
        value = show_number(value)  # a number given as a number is shown as text
    if value is not None and value != big:
        return _valued_card(head, frame, card, big, corner, colour, label, symbol, value)
    # a word (a modifier: "invert") is drawn at 30 or more, squeezed to the card's width
    # where it would run wider: 24 px or more on a projector's smallest cards (80 px)
    big_size = 64 if len(big) <= 2 else max(30, 150 // len(big))
    label = escape(label)
    lower_index = (
        # a Permutations card shows its colour's shape and letter: never colour alone
        colour_mark(card.colour, size=30, x=35, y=103)
        if isinstance(card, NumberCard)
        else f'<text x="{CARD_WIDTH - 8}" y="{CARD_HEIGHT - 10}" font-size="17" '
        f'font-weight="bold" fill="{colour}" text-anchor="end"{_fitted(corner)} '
        f'font-family="sans-serif">{escape(corner)}</text>'
    )
    parts = [
        f'{head} aria-label="{label}"><title>{label}</title>',
        frame.format(fill="#fffdf7"),
        f'<text x="8" y="22" font-size="17" font-weight="bold" fill="{colour}"{_fitted(corner)} '
        f'font-family="sans-serif">{escape(corner)}</text>',
        lower_index,
        f'<text x="50" y="{84 + big_size // 6}" font-size="{big_size}" font-weight="bold" '
        f'text-anchor="middle" fill="{colour}"{_fitted(big, 88, big_size)} '
        f'font-family="sans-serif">{escape(big)}</text>',
    ]
    if symbol and isinstance(card, Card) and not card.is_trump:
        parts.append(
            f'<text x="50" y="122" font-size="22" text-anchor="middle" fill="{colour}" '
            f'font-family="sans-serif">{symbol}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _valued_card(
    head: str,
    frame: str,
    card: AnyCard,
    big: str,
    corner: str,
    colour: str,
    label: str,
    symbol: str,
    value: str,
) -> str:
    """A card whose game value differs from its rank: rank and suit on top, value below."""
    label = escape(label)
    value_size = 50 if len(value) <= 2 else max(22, 130 // len(value))
    top = f"{big} {symbol}" if symbol and not (isinstance(card, Card) and card.is_trump) else big
    top_size = 36 if len(top) <= 4 else max(16, 130 // len(top))
    return "".join(
        [
            f'{head} aria-label="{label}"><title>{label}</title>',
            frame.format(fill="#fffdf7"),
            f'<text x="8" y="22" font-size="17" font-weight="bold" fill="{colour}"'
            f'{_fitted(corner)} font-family="sans-serif">{escape(corner)}</text>',
            f'<text x="50" y="62" font-size="{top_size}" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}" font-family="sans-serif">{escape(top)}</text>',
            f'<line x1="22" y1="76" x2="78" y2="76" stroke="{colour}" stroke-width="1.5" '
            'opacity="0.5"/>',
            f'<text x="50" y="{78 + value_size * 0.85:g}" font-size="{value_size}" '
            f'font-weight="bold" text-anchor="middle" fill="{colour}" '
            f'font-family="sans-serif">{escape(value)}</text>',
            "</svg>",
        ]
    )


def hand_svg(
    cards: Iterable[AnyCard | None],
    *,
    width: float = CARD_WIDTH,
    gap: float = 10,
    four_colour: bool = False,
) -> str:
    """A row of cards side by side (``None`` entries are drawn face down)."""
    cards = list(cards)
    width, gap = _pixels(width, "width", 1), _pixels(gap, "gap", 0, 1000)
    height = width * CARD_HEIGHT // CARD_WIDTH
    total = max(1, len(cards)) * (width + gap) - gap
    inner = "".join(
        card_svg(card, width=width, four_colour=four_colour, x=index * (width + gap), y=0)
        for index, card in enumerate(cards)
    )
    names = ", ".join(_face(card)[3] if card is not None else "face-down card" for card in cards)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
        f'viewBox="0 0 {total} {height}" role="img" aria-label="{escape(names)}">'
        f"<title>{escape(names)}</title>{inner}</svg>"
    )


class Hand(tuple[AnyCard | None, ...]):
    """A tuple of cards that shows itself as a row of card pictures in a notebook.

    >>> from cardmath.cards import Card
    >>> Hand([Card.parse("AS"), Card.parse("10H")])
    Hand(AS 10H)
    """

    def __repr__(self) -> str:
        return f"Hand({' '.join(str(card) for card in self)})"

    def _repr_svg_(self) -> str:
        return hand_svg(self)

    def _repr_html_(self) -> str:
        """The same drawing inline, so the page names it (an ``<img>`` has no alt)."""
        return hand_svg(self)
