"""The components that know no game, Python side (no browser): the builder, the
explanation view, buttons that act once, the timer, the exercise widget, the scoreboard."""

from __future__ import annotations

import re
from html import escape

import pytest

from cardmath.cards import Card
from cardmath.errors import CardMathError
from cardmath.exercises import Exercise, choice_exercise, expression_exercise, number_exercise
from cardmath.expr import evaluate, parse
from widgets.components.builder import ExpressionBuilder, Feedback
from widgets.components.button import ActionButton
from widgets.components.exercise import ExerciseWidget
from widgets.components.explanation import Explained, ExplanationView
from widgets.components.scoreboard import scoreboard_html
from widgets.components.timer import RoundTimer

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


def test_typing_and_clicking_edit_one_expression() -> None:
    builder = built("card-0")
    builder.input.value = "11 + 7"  # typed on: the 7 is used as if it had been clicked
    disabled = [card["disabled"] for card in builder.table.rows[0]["cards"]]
    assert disabled == [True, True, False]
    builder.press("*")
    builder.press("card-2")
    assert builder.text == "11 + 7 × 8" and builder.used_cards == (0, 1, 2)
    builder.press("backspace")  # the last part goes, whether clicked or typed
    assert builder.text == "11 + 7 ×"
    builder.input.value = "11 + 78"
    builder.press("backspace")
    assert builder.text == "11 +"


def test_mistakes_are_named_while_building() -> None:
    builder = built("card-0", "card-1")  # two cards, no sign between them
    assert "Put a sign (+ − × ÷ ^) between 11 and 7" in builder.problem.value
    feedback = builder.check()
    assert not feedback.ok and "Put a sign" in feedback.message
    builder.input.value = "11 + 11"
    assert "You used 11 twice, but only one of your cards is worth 11" in builder.problem.value
    builder.input.value = "11 + 9"
    assert "None of your cards is worth 9" in builder.problem.value
    builder.input.value = "(11 − 7"  # unfinished is not a mistake, but Check says what is missing
    assert builder.problem.value == ""
    assert "close the bracket" in builder.check().message


def test_card_names_may_be_typed_and_an_ace_asks_its_value() -> None:
    builder = ExpressionBuilder()
    cards = [(Card.parse("KS"), (13,)), (Card.parse("AH"), (1, 100)), (Card.parse("JK"), (0,))]
    builder.set_cards(cards, names={"K": (13,), "A": (1, 100), "JK": (0,)})
    builder.input.value = "k + jk"
    assert builder.problem.value == "" and builder.used_cards == (0, 2)
    builder.input.value = "K × A"
    assert builder.choosing == 1 and builder.chooser.layout.display == "flex"
    builder.press("value-100")
    assert builder.text == "K × 100" and builder.used_cards == (0, 1)


def test_enter_in_the_box_checks() -> None:
    asked: list[str] = []
    builder = built("card-0", "+", "card-1", "+", "card-2")
    builder.checker = lambda text: asked.append(text) or Feedback(True, "26")
    builder.input.submit()
    assert asked == ["11 + 7 + 8"] and "26" in builder.feedback.value


def test_a_card_with_two_values_asks_which_one() -> None:
    builder = ExpressionBuilder()
    builder.set_cards([(Card.parse("AS"), (1, 100)), (Card.parse("2C"), (2,))])
    assert builder.chooser.layout.display == "none"
    builder.press("card-0")
    assert builder.text == "" and builder.choosing == 0
    assert builder.chooser.layout.display == "flex"
    choices = [child.description for child in builder.chooser.children[1:]]
    assert choices == ["1", "100"]  # the values come with the card, not from the builder
    builder.chooser.children[2].click()
    assert builder.text == "100" and builder.choosing is None
    assert builder.table.rows[0]["cards"][0]["label"] == "Ace of spades, 1 or 100"
    assert builder.table.rows[0]["cards"][0]["disabled"]
    builder.press("card-0")  # used: no second choice
    assert builder.choosing is None


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
        parse(text + " +")  # the engine refuses: a CardMathError
        return Feedback(True, "fine")

    builder = built("card-0", "+", "card-1", checker=checker)
    feedback = builder.check()
    assert not feedback.ok and "ends too soon" in feedback.message
    assert "cm-bad" in builder.feedback.value


def test_explanation_view_shows_latex_tree_and_steps() -> None:
    view = ExplanationView()
    view.show(parse("(11 - 7) * 8"), target=31, title="Best")
    assert view.latex.value == r"$$\left(11 - 7\right) \times 8$$"
    assert "<svg" in view.tree.value
    assert "1 away from 31" in view.steps_html.value
    assert view.pager.layout.display == "none"  # one answer: nothing to page through
    view.show(None)
    assert view.latex.value == ""


def test_explanation_view_pages_one_answer_at_a_time() -> None:
    view = ExplanationView()
    answers = [parse(t) for t in ["(11-7)*8", "11*3-2", "1+2"]]
    view.show_many(answers, target=31, title="Best answers", more="and 4 more")
    assert view.pager.layout.display == "flex" and view.position.value == "Answer 1 of 3"
    assert view.previous_button.disabled and not view.next_button.disabled
    first = view.latex.value
    view.next_button.click()
    assert view.position.value == "Answer 2 of 3" and view.latex.value != first
    view.next_button.click()
    view.next_button.click()  # the last stays
    assert view.index == 2 and view.next_button.disabled
    assert "4 more" in view.more.value
    view.previous_button.click()
    assert view.index == 1


def test_explanation_view_takes_anything_with_latex_tree_and_steps() -> None:
    view = ExplanationView()
    view.show(Explained(r"4 + 2", "", ("4 + 2 = 6",), "left to right"))
    assert view.latex.value == "$$4 + 2$$" and view.tree.value == ""
    assert "left to right" in view.steps_html.value and "4 + 2 = 6" in view.steps_html.value


def test_timer_counts_in_the_page_and_reports_done() -> None:
    timer = RoundTimer(duration=60)
    done: list[bool] = []
    timer.on_done(lambda: done.append(True))
    timer.start(now=10.0)
    timer.expire()
    assert done == [True] and not timer.running and timer.remaining == 0 and timer.finished


def test_a_paused_timer_does_not_end_when_the_page_reports_late() -> None:
    timer = RoundTimer(duration=60)
    done: list[bool] = []
    timer.on_done(lambda: done.append(True))
    timer.start(now=10.0)
    timer.pause(now=20.0)
    timer.expire()
    assert done == [] and timer.remaining == 50 and not timer.finished


def test_action_button_acts_once_per_press_and_not_when_disabled() -> None:
    presses: list[int] = []
    button = ActionButton(description="Deal", css="cm-deal-button")
    button.on_click(lambda _b: presses.append(1))
    sent: list[dict] = []
    button.send = sent.append  # type: ignore[method-assign]
    button._receive(button, {"event": "press"}, [])
    assert presses == [1] and sent == [{"event": "done"}]  # the page may press again
    button.disabled = True
    button._receive(button, {"event": "press"}, [])
    assert presses == [1] and sent[-1] == {"event": "done"}
    assert "cm-deal-button" in button._dom_classes


def test_exercise_widget_shows_the_question_and_never_the_answer_first() -> None:
    exercise = number_exercise("What is $2 + 3 \\times 4$?", "2 + 3 * 4", hints=["× first."])
    box = ExerciseWidget(exercise, title="Exercise 1")
    assert "2 + 3" in box.question.value and "Exercise 1" in box.question.value
    assert box.answer.value == "" and box.feedback.value == ""
    assert box.show_button.disabled  # nothing to show before a try
    box.show_answer()
    assert "14" not in box.feedback.value
    box.answer.value = "20"
    box.answer.submit()  # Enter checks
    assert not box.solved and "cm-bad" in box.feedback.value and not box.show_button.disabled
    box.next_hint()
    assert "× first." in box.hints.value and box.hint_button.disabled
    box.show_button.click()
    assert "14" in box.feedback.value
    box.answer.value = "14"
    box.check_button.click()
    assert box.solved and "cm-good" in box.feedback.value


def test_expression_exercise_accepts_its_own_answer_and_any_correct_one() -> None:
    exercise = expression_exercise("Make 81 from 3, 2, 2.", [3, 2, 2], 81, "3 ^ (2 + 2)")
    assert exercise.check(exercise.answer).ok
    assert exercise.check("3 ^ (2 * 2)").ok
    assert exercise.check("3 ^ 2 ^ 2").ok  # 3 ^ (2 ^ 2) = 81: another way is right too
    assert "makes 12, not 81" in exercise.check("3 * 2 * 2").message
    assert not exercise.check("9 * 9").ok
    assert not exercise.check("2 +").ok and not exercise.check("").ok
    assert not exercise.check("9" * 5000).ok


def test_scoreboard_marks_more_than_colour() -> None:
    html = scoreboard_html(["You", "Computer 2"], [3, 7], unit="point", current=0, winners=[1])
    assert "to move" in html and "★ wins" in html and "7 points" in html and "3 points" in html


def _every_lesson_exercise() -> list[tuple[str, Exercise]]:
    from cardmath.lessons import dotter, navigator, permutations, sequences, sum15

    found: list[tuple[str, Exercise]] = []
    for name, items in [
        ("navigator", navigator.division_questions() + navigator.order_of_operations()),
        ("dotter", dotter.series_exercises() + dotter.guess_exercises()),
        ("dotter", dotter.joker_exercises() + dotter.chance_exercises()),
        ("permutations", list(permutations.exercises().values())),
        ("sum15", list(sum15.exercises().values())),
        ("sequences", [e for group in sequences.lesson_exercises().values() for e in group]),
    ]:
        found += [(name, item) for item in items]
    return found


def test_a_wrong_choice_says_what_is_wrong_and_never_names_the_right_one() -> None:
    # on a two-way choice "try the other answer" gives the answer away: every wrong choice
    # in every lesson gets a reason instead, and no reason names the right option
    choices_seen = 0
    for lesson, exercise in _every_lesson_exercise():
        assert not exercise.choices or exercise.answer in exercise.choices
        for option in exercise.choices:
            if option == exercise.answer:
                continue
            choices_seen += 1
            box = ExerciseWidget(exercise)
            box.answer.value = option
            verdict = box.check()
            said = verdict.message.lower()
            assert not verdict.ok, (lesson, exercise.prompt, option)
            assert "other answer" not in said and "try again" not in said
            assert not re.search(
                rf"(?<![\w-]){re.escape(exercise.answer.lower())}(?![\w-])", said
            ), (
                lesson,
                option,
                verdict.message,
            )
            assert len(said) > len("not quite: ") + 20  # a reason, not a bare "wrong"
            assert "✘" in box.feedback.value and escape(verdict.message) in box.feedback.value
    assert choices_seen >= 12  # yes/no ×4, cancel/invert, the four-way series, ...


def test_a_yes_no_question_explains_the_arithmetic_of_a_wrong_try() -> None:
    from cardmath.lessons.navigator import division_questions

    fifty = division_questions()[1]
    assert fifty.check("yes").message == (
        "Not quite: 8 × 6 = 48, and 2 is left over: 50 ÷ 8 is not a whole number."
    )
    zero = division_questions()[3].check("yes").message
    assert "0" in zero and "yes" not in zero.lower() and " no " not in f" {zero.lower()} "


def test_a_choice_without_a_reason_for_a_wrong_option_is_refused_when_written() -> None:
    with pytest.raises(CardMathError, match="say what is wrong with the answer 'invert'"):
        choice_exercise("Which undoes × 5?", "cancel", ["cancel", "invert"], mistakes={})
    with pytest.raises(CardMathError, match="names the answer"):
        choice_exercise(
            "Which undoes × 5?", "cancel", ["cancel", "invert"], mistakes={"invert": "use cancel"}
        )


def test_lesson_tables_get_their_html_and_classes_only_in_widgets() -> None:
    from pathlib import Path

    from cardmath.lessons.dotter import joker_choices_table, scored_hands
    from widgets.components.lesson import lesson_table_html

    html = lesson_table_html(scored_hands([("4H 6C 9D", None)]))
    assert html.startswith('<table class="cm-lesson-table">')
    assert 'class="cm-lesson-cards"' in html and html.count("<svg") == 3
    assert "quotient 3/2, series: 9 + 6 = 15" in html and "<b>15</b>" in html
    jokers = lesson_table_html(joker_choices_table("5 7 JK", shown=2))
    assert '<th scope="row"' in jokers and "Joker as 9" in jokers
    # the lessons' maths returns content; no module of cardmath writes the widgets' classes
    lessons = Path(__file__).resolve().parents[1] / "cardmath" / "lessons"
    for module in lessons.glob("*.py"):
        text = module.read_text(encoding="utf-8")
        assert "cm-" not in text and "<table" not in text and "<td" not in text, module.name
