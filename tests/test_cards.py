"""Cards: every deck the games use, text round-trips, drawings."""

import re
from collections import Counter

import pytest

from cardmath.cards import (
    Card,
    NumberCard,
    SequencesCard,
    parse_card,
    permutations_colour,
    permutations_deck,
    sequences_deck,
    standard_deck,
    tarot_deck,
)
from cardmath.errors import CardError
from cardmath.svg import card_svg, hand_svg

ALL_CARDS = (
    list(standard_deck())
    + list(tarot_deck())
    + list(sequences_deck("red"))
    + list(sequences_deck("blue"))
    + list(permutations_deck())
)


@pytest.mark.parametrize("card", sorted(set(ALL_CARDS), key=str), ids=str)
def test_every_card_text_round_trips(card):
    assert type(card).parse(str(card)) == card
    assert parse_card(str(card)) == card


def test_standard_deck_has_52_cards_and_two_jokers():
    deck = standard_deck()
    assert len(deck) == 54
    assert Counter(card.suit for card in deck) == {"C": 13, "D": 13, "H": 13, "S": 13, "": 2}
    assert sum(card.pips for card in deck) == 4 * sum(range(1, 14))


def test_tarot_deck_has_pages_knights_and_22_trumps():
    deck = tarot_deck()
    assert len(deck) == 80
    assert sum(card.rank == "P" for card in deck) == 4
    assert sum(card.rank == "N" for card in deck) == 4
    assert sorted(card.pips for card in deck if card.is_trump) == list(range(22))
    assert Card.parse("T0").name == "The Fool (trump 0)"
    assert Card.parse("T20").name == "Judgement (trump 20)"


def test_sequences_decks_match_the_rules_list():
    for colour in ("red", "blue"):
        deck = sequences_deck(colour)
        kinds = Counter(card.kind for card in deck)
        assert kinds == {"starter": 4, "number": 11, "operator": 11, "terminator": 4, "modifier": 5}
        assert sorted(card.value for card in deck if card.kind == "starter") == [-2, 0, 2, 4]
        numbers = sorted(card.value for card in deck if card.kind == "number")
        assert numbers == [2, 2, 2, 3, 3, 4, 4, 5, 6, 8, 10]
        operators = Counter(card.face for card in deck if card.kind == "operator")
        assert operators == {"+": 3, "-": 3, "*": 2, "/": 2, "?": 1}
        modifiers = Counter(card.face for card in deck if card.kind == "modifier")
        assert modifiers == {"cancel": 2, "invert": 2, "swap": 1}


def test_permutations_colourings():
    deck = permutations_deck()
    assert len(deck) == 48 and len({card.number for card in deck}) == 48
    assert Counter(card.colour for card in deck) == {
        c: 12 for c in ("red", "yellow", "green", "blue")
    }
    assert [permutations_colour(n) for n in (1, 2, 3, 4, 5)] == [
        "red",
        "yellow",
        "green",
        "blue",
        "red",
    ]
    assert (
        permutations_colour(12, "blocks") == "red" and permutations_colour(13, "blocks") == "yellow"
    )
    three = permutations_deck(players=3)
    assert len(three) == 36 and all(card.colour != "blue" for card in three)


@pytest.mark.parametrize(
    "text, message",
    [
        ("1H", "not a card"),
        ("QX", "not a card"),
        ("", "not a card"),
        ("T22", "numbered 0 to 21"),
    ],
)
def test_bad_card_text_is_refused_clearly(text, message):
    with pytest.raises(CardError, match=message):
        Card.parse(text)


def test_bad_cards_of_other_decks_are_refused():
    with pytest.raises(CardError, match="red or blue"):
        SequencesCard("green", "number", "2")
    with pytest.raises(CardError, match="no Sequences number card '7'"):
        SequencesCard("red", "number", "7")
    with pytest.raises(CardError, match="1 to 48"):
        NumberCard(49, "red")
    with pytest.raises(CardError, match="any deck"):
        parse_card("hello")


def test_lowercase_and_ten_are_read():
    assert Card.parse("10h") == Card("10", "H")
    assert Card.parse(" qs ") == Card("Q", "S")
    assert Card.parse("joker").is_joker


def test_card_drawing_has_big_numeral_and_accessible_name():
    svg = Card.parse("QH")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'aria-label="Queen of hearts"' in svg
    assert 'font-size="64"' in svg  # the big centre numeral
    back = card_svg(None)
    assert "face-down" in back and "Queen" not in back
    row = hand_svg([Card.parse("7C"), None])
    assert row.count("<svg") == 3 and "Seven of clubs" in row


@pytest.mark.parametrize("word", ["cancel", "invert", "swap"])
def test_a_word_on_a_card_is_large_enough_for_the_projector(word):
    """The smallest projector cards are 80 px wide (0.8 of the drawing): a word drawn at 30
    is 24 px on screen, squeezed to the card's width where it would run wider."""
    svg = card_svg(SequencesCard.parse(f"red {word}"))
    size = re.search(rf'font-size="(\d+)"[^>]*>{word}<', svg)
    assert size is not None and int(size.group(1)) * 0.8 >= 24


def test_four_colour_suits_change_diamonds_and_clubs():
    two = card_svg(Card.parse("5D"))
    four = card_svg(Card.parse("5D"), four_colour=True)
    assert two != four and "#1f4fbf" in four
