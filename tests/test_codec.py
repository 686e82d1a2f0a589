"""Saved data round-trips exactly, and broken data is refused clearly."""

from fractions import Fraction

import pytest

from cardmath import codec
from cardmath.cards import Card, NumberCard, SequencesCard
from cardmath.errors import SerializationError
from cardmath.game import Outcome


@pytest.mark.parametrize(
    "value",
    [
        None,
        True,
        0,
        -(10**40),
        "text",
        (1, (2, 3), ()),
        frozenset({Card.parse("AS"), Card.parse("JK")}),
        {"a": (1, 2), 3: Fraction(7, 3)},
        [1, 2],
        SequencesCard.parse("blue swap"),
        NumberCard.parse("48B"),
        Outcome(winners=(1,), scores=(0, 3), summary="Player 2 won"),
    ],
    ids=lambda value: type(value).__name__,
)
def test_values_round_trip(value):
    assert codec.loads(codec.dumps(value)) == value
    assert type(codec.loads(codec.dumps(value))) is type(value)


def test_dumps_is_stable_for_sets():
    one = codec.dumps(frozenset({Card.parse("2H"), Card.parse("KH"), Card.parse("JK")}))
    two = codec.dumps(frozenset({Card.parse("JK"), Card.parse("2H"), Card.parse("KH")}))
    assert one == two


def test_unknown_and_broken_data_are_refused():
    with pytest.raises(SerializationError, match="not saved game data"):
        codec.loads("{not json")
    with pytest.raises(SerializationError, match="unknown type"):
        codec.loads('{"type": "nowhere.Thing", "fields": {}}')
    with pytest.raises(SerializationError):
        codec.loads('{"card": "ZZ"}')
    with pytest.raises(SerializationError, match="cannot save"):
        codec.dumps(object())
