"""cardmath: maths card games for the classroom.

Rules, solver, bots and drawings in pure Python (no Jupyter imports here); the
``widgets`` package turns them into classroom dashboards.

>>> from cardmath import Card, get_game
>>> Card.parse("KH").pips
13
>>> get_game("demo").title
'Pick (demonstration)'
"""

from cardmath.cards import Card, NumberCard, SequencesCard, parse_card
from cardmath.errors import CardMathError, ExpressionError, IllegalMove, OptionError
from cardmath.games import GAMES, get_game

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Card",
    "CardMathError",
    "ExpressionError",
    "IllegalMove",
    "NumberCard",
    "OptionError",
    "SequencesCard",
    "__version__",
    "get_game",
    "parse_card",
]
