"""The expression builder and explanation view, Python side (no browser)."""

from __future__ import annotations

from cardmath.cards import Card
from cardmath.expr import evaluate, parse
from widgets.exprtree import ExplanationView, ExpressionBuilder, Feedback
from widgets.timer import RoundTimer

CARDS = [(Card.parse("JS"), (11,)), (Card.parse("7H"), (7,)), (Card.parse("8C"), (8,))]


def built(*keys: str, **options: object) -> ExpressionBuilder:
    builder = ExpressionBuilder(**options)  # type: ignore[arg-type]
    builder.set_cards(CARDS)
    for key in keys:
        builder.press(key)
    return builder


def test_clicks_build_text_and_use_each_card_once() -> None:
    builder = built("(", "card-0", "-", "card-1", ")", "*", "card-2", "card-2")
    assert builder.text == "(11 − 7) × 8"
    disabled = [card["disabled"] for card in builder.table.rows[0]["cards"]]
    assert disabled == [True, True, True]
    assert evaluate(parse(builder.text)) == 32


def test_card_table_clicks_reach_the_builder() -> None:
    builder = built()
    builder.table.click("card-1")
    assert builder.text == "7"


def test_backspace_and_clear() -> None:
    builder = built("card-0", "+", "card-1")
    builder.press("backspace")
    assert builder.text == "11 +"
    assert not builder.table.rows[0]["cards"][1]["disabled"]  # the 7 is free again
    builder.press("clear")
    assert builder.text == ""


def test_typing_replaces_tokens_and_backspace_removes_characters() -> None:
    builder = built("card-0")
    builder.input.value = "12 + 34"
    assert builder.text == "12 + 34"
    builder.press("backspace")
    assert builder.text == "12 + 3"
    builder.press("*")
    assert builder.text == "12 + 3 ×"


def test_ace_counts_one_or_hundred() -> None:
    builder = ExpressionBuilder()
    builder.set_cards([(Card.parse("AS"), (1, 100)), (Card.parse("2C"), (2,))])
    assert builder.ace_value.layout.display == "flex"
    builder.ace_value.value = 1
    builder.press("card-0")
    assert builder.text == "100"
    assert builder.table.rows[0]["cards"][0]["label"] == "Ace of spades, 1 or 100"


def test_no_running_total_unless_the_teacher_turns_it_on() -> None:
    builder = built("card-0", "+", "card-1")
    assert builder.total.value == "" and builder.total.layout.display == "none"
    builder.show_total = True
    assert "= 18" in builder.total.value
    builder.press("+")
    assert "…" in builder.total.value


def test_check_asks_the_checker_and_reports() -> None:
    asked: list[str] = []

    def checker(text: str) -> Feedback:
        asked.append(text)
        return Feedback(True, "1 away from 31", parse(text), 32)

    builder = built("(", "card-0", "-", "card-1", ")", "*", "card-2", checker=checker)
    heard: list[Feedback] = []
    builder.on_check(heard.append)
    builder.press("check")
    assert asked == ["(11 − 7) × 8"]
    assert heard[0].value == 32 and "cm-good" in builder.feedback.value


def test_checker_errors_become_feedback() -> None:
    def checker(text: str) -> Feedback:
        parse(text)
        return Feedback(True, "fine")

    builder = built("card-0", "+", checker=checker)
    feedback = builder.check()
    assert not feedback.ok and "ends too soon" in feedback.message
    assert "cm-bad" in builder.feedback.value


def test_explanation_view_shows_latex_tree_and_steps() -> None:
    view = ExplanationView()
    view.show(parse("(11 - 7) * 8"), target=31, title="Best")
    assert view.latex.value == r"$$\left(11 - 7\right) \times 8$$"
    assert "<svg" in view.tree.value
    assert "1 away from 31" in view.steps_html.value
    view.show_many([parse(t) for t in ["(11-7)*8", "8*(11-7)", "11*8-7", "1+2", "3+4"]], limit=2)
    assert len(view.more.children) == 2  # one more drawn, the rest listed
    assert "3 more" in view.more.children[-1].value
    view.show(None)
    assert view.latex.value == ""


def test_timer_counts_in_the_page_and_reports_done() -> None:
    timer = RoundTimer(duration=60)
    done: list[bool] = []
    timer.on_done(lambda: done.append(True))
    timer.start(now=10.0)
    timer._receive(timer, {"event": "done"}, [])
    assert done == [True] and not timer.running and timer.remaining == 0
