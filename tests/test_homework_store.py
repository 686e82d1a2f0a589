"""A student's homework kept in the browser: the page writes the work after each step
and, opened again with the same code, goes on from what the browser kept.

The browser side is played here by setting ``stored`` as the front end does after
reading ``localStorage``; the real browser round trip is in
``tests/browser/test_homework_browser.py``.
"""

from __future__ import annotations

from typing import Any

from cardmath.homework import HomeworkCode, Progress, homework_set
from widgets.components.browserstore import BrowserStore
from widgets.homework.page import HomeworkPage

CODE = HomeworkCode("sequences", 2481, 4, "medium")
KEY = f"cardmath:homework:{CODE}"


def browser_opens(page: HomeworkPage, value: Any) -> None:
    """What the front end does on drawing the page: report what storage holds."""
    page.store.stored = {"key": page.store.key, "value": value}


def solve_first(page: HomeworkPage) -> str:
    page.name_box.value = "Ada"
    page.start_button.click()
    answer = homework_set(CODE).puzzle(1).answer_key
    page.answer_box.value = answer
    page.check_button.click()
    return answer


def test_the_page_keeps_each_checked_answer_under_its_code() -> None:
    page = HomeworkPage(code=CODE)
    assert page.store.key == KEY
    answer = solve_first(page)
    kept = page.store.value
    progress = Progress.resume(kept["receipt"], CODE)
    assert progress.name == "Ada"
    assert progress.work[0].answer == answer and progress.work[0].solved
    assert kept["number"] == 1 and kept["handed_in"] is None
    page.hint_button.click()  # a hint on a solved puzzle is recorded too
    page.next_button.click()
    assert page.store.value["number"] == 2


def test_a_reloaded_page_goes_on_with_the_answer_and_its_tick() -> None:
    first = HomeworkPage(code=CODE)
    answer = solve_first(first)
    first.next_button.click()
    kept = first.store.value

    again = HomeworkPage(code=CODE)  # a fresh kernel: nothing in memory
    assert again.screen == "start" and again.progress is None
    browser_opens(again, kept)
    assert again.screen == "puzzle" and again.number == 2
    assert again.name_box.value == "Ada"
    assert again.progress is not None and again.progress.work[0].answer == answer
    assert "1 solved" in again.position.value and "1 ✔" in again.position.value
    again.previous_button.click()
    assert again.feedback.value.count("✔") == 1 and "cm-good" in again.feedback.value


def test_a_handed_in_receipt_is_shown_again_word_for_word() -> None:
    first = HomeworkPage(code=CODE)
    solve_first(first)
    first.handin_button.click()
    receipt = first.receipt_box.value
    assert first.store.value["handed_in"] == receipt

    again = HomeworkPage(code=CODE)
    browser_opens(again, first.store.value)
    assert again.screen == "receipt" and again.receipt_box.value == receipt
    assert "1 of 4 solved" in again.receipt_summary.value


def test_work_kept_for_another_code_or_damaged_is_not_taken() -> None:
    other = HomeworkCode("sequences", 2482, 4, "medium")
    first = HomeworkPage(code=other)
    solve_first_other = homework_set(other).puzzle(1).answer_key
    first.name_box.value = "Bo"
    first.start_button.click()
    first.answer_box.value = solve_first_other
    first.check_button.click()

    page = HomeworkPage(code=CODE)
    page.store.stored = {"key": f"cardmath:homework:{other}", "value": first.store.value}
    assert page.screen == "start" and page.progress is None  # another key: not read
    browser_opens(page, first.store.value)  # another homework's receipt under this key
    assert page.screen == "start" and page.progress is None
    browser_opens(page, {"receipt": "cmhw1:garbage", "number": 3})
    assert page.screen == "start" and page.progress is None
    browser_opens(page, "not a record")
    assert page.screen == "start" and page.progress is None


def test_work_already_started_on_the_page_is_never_replaced() -> None:
    page = HomeworkPage(code=CODE)
    page.name_box.value = "Cy"
    page.start_button.click()
    other = HomeworkPage(code=CODE)
    solve_first(other)
    browser_opens(page, other.store.value)
    assert page.progress is not None and page.progress.name == "Cy"
    assert not page.progress.work[0].solved


def test_the_store_reads_only_what_the_browser_reported_for_its_key() -> None:
    store = BrowserStore(key="a")
    assert store.loaded() is None
    store.stored = {"key": "a", "value": [1, 2]}
    assert store.loaded() == [1, 2]
    store.key = "b"
    assert store.loaded() is None
    assert store.layout.display == "none"


def test_the_next_student_on_a_shared_computer_can_start_afresh() -> None:
    first = HomeworkPage(code=CODE)
    solve_first(first)
    page = HomeworkPage(code=CODE)
    assert page.restored_row.layout.display == "none"
    browser_opens(page, first.store.value)
    assert page.restored_row.layout.display == "flex"
    assert "Welcome back, <b>Ada</b>" in page.restored_note.value
    assert page.afresh_button.description == "Not Ada? Start afresh"
    page.afresh_button.click()
    assert page.screen == "start" and page.progress is None and page.store.value is None
    assert page.restored_row.layout.display == "none"
    page.name_box.value = "Bo"
    page.start_button.click()
    assert not page.progress.work[0].solved
    assert Progress.resume(page.store.value["receipt"], CODE).name == "Bo"
