"""The card table's Python side: traits in, click events out, no rules."""

from __future__ import annotations

from cardmath.cards import Card
from widgets.components.cardtable import CardTable, card_label, slot


def cards(*texts: str) -> list[Card]:
    return [Card.parse(text) for text in texts]


def test_show_builds_rows_with_ids_svg_and_aria_labels() -> None:
    table = CardTable()
    table.show({"Target": cards("3H", "5C"), "Nav Memory": [slot(Card.parse("QH"), value=12)]})
    assert [row["title"] for row in table.rows] == ["Target", "Nav Memory"]
    target = table.rows[0]["cards"]
    assert [card["id"] for card in target] == ["target-0", "target-1"]
    assert target[0]["label"] == "Three of hearts, 3"
    assert target[0]["svg"].startswith("<svg")
    assert table.rows[1]["cards"][0]["label"] == "Queen of hearts, 12"
    assert ">12<" in table.rows[1]["cards"][0]["svg"]


def test_face_down_cards_hide_their_face() -> None:
    table = CardTable()
    table.show({"Hand": [slot(Card.parse("KS"), face_down=True), None]})
    for card in table.rows[0]["cards"]:
        assert card["face_down"] and card["label"] == "face-down card"
        assert "King" not in card["svg"]


def test_four_colour_redraws_the_cards() -> None:
    table = CardTable()
    table.show({"Hand": cards("4D")})
    two = table.rows[0]["cards"][0]["svg"]
    table.four_colour = True
    four = table.rows[0]["cards"][0]["svg"]
    assert two != four and "#1f4fbf" in four  # blue diamonds


def test_clicks_are_events_and_disabled_cards_are_silent() -> None:
    table = CardTable()
    table.show({"Hand": [slot(Card.parse("2C"), id="a"), slot(Card.parse("3C"), disabled=True)]})
    seen: list[str] = []
    table.on_click(seen.append)
    table.click("a")
    table.click("hand-1")
    table.click("nonexistent")
    assert seen == ["a"]
    assert table.selected == []  # selection "none": events only


def test_browser_messages_reach_handlers() -> None:
    table = CardTable()
    table.show({"Hand": cards("2C")})
    seen: list[str] = []
    table.on_click(seen.append)
    table._receive(table, {"event": "click", "id": "hand-0"}, [])
    table._receive(table, {"event": "unknown"}, [])
    table._receive(table, "garbage", [])  # type: ignore[arg-type]
    assert seen == ["hand-0"]


def test_single_and_multiple_selection() -> None:
    table = CardTable(selection="single")
    table.show({"Hand": cards("2C", "3C", "4C")})
    table.click("hand-0")
    table.click("hand-1")
    assert table.selected == ["hand-1"]
    table.click("hand-1")
    assert table.selected == []
    table.selection = "multiple"
    table.click("hand-0")
    table.click("hand-2")
    assert table.selected == ["hand-0", "hand-2"]
    table.click("hand-0")
    assert table.selected == ["hand-2"]


def test_selection_of_vanished_cards_is_dropped() -> None:
    table = CardTable(selection="multiple")
    table.show({"Hand": cards("2C", "3C")})
    table.click("hand-1")
    table.show({"Hand": cards("2C")})
    assert table.selected == []


def test_esm_and_css_are_files_next_to_the_module() -> None:
    table = CardTable()
    assert "export default" in table._esm
    assert ".cmt-card" in table._css


def test_card_label_uses_game_value() -> None:
    assert card_label(Card.parse("AH"), "1 or 100") == "Ace of hearts, 1 or 100"
    assert card_label(Card.parse("JK")) == "Joker, 0"


def test_every_press_is_answered_so_the_page_takes_the_next_one() -> None:
    table = CardTable()
    table.show({"Hand": [slot(Card.parse("7H")), slot(Card.parse("8S"), disabled=True)]})
    clicks: list[str] = []
    table.on_click(clicks.append)
    sent: list[dict] = []
    table.send = sent.append  # type: ignore[method-assign]
    table._receive(table, {"event": "click", "id": "hand-0"}, [])
    table._receive(table, {"event": "click", "id": "hand-1"}, [])  # disabled: ignored
    table._receive(table, {"event": "click", "id": "nowhere"}, [])
    assert clicks == ["hand-0"]
    assert sent == [{"event": "done"}] * 3  # the page's busy state always ends


def test_an_empty_place_is_a_button_with_words() -> None:
    table = CardTable()
    table.show({"Sequence 1": [slot(None, id="s1", place="Play here")]})
    card = table.rows[0]["cards"][0]
    assert card["place"] and card["label"] == "Play here" and not card["face_down"]
    assert ">Play<" in card["svg"] and ">here<" in card["svg"]
