"""Homework in a real Voilà server and a real headless Chromium, by clicks.

A student opens ``homework.ipynb?code=...``, types a name, answers wrongly, asks for a
hint, answers rightly (the explanation appears), goes on, hands in, and the receipt on
the page is checked by the engine; a new session resumes from that receipt. A teacher
pastes and uploads receipts on ``homework-results.ipynb``: the honest one is counted,
the edited, lying and foreign ones are flagged. Screenshots at 1280x720 and 1920x1080
(light and projector) are kept in ``test-artifacts/``.
"""

from __future__ import annotations

from playwright.sync_api import expect

from cardmath.homework import HomeworkCode, PuzzleWork, Receipt, check_receipt, homework_set
from conftest import (
    TIMEOUT,
    click_button,
    no_horizontal_overflow,
    press,
    serious_accessibility_problems,
    settle,
    shoot,
)

SUM15 = HomeworkCode("sum15", 2481, 3, "medium")
NAVIGATOR = HomeworkCode("navigator", 2481, 2, "easy")


def open_homework(page, voila_url: str, query: str) -> None:
    page.goto(f"{voila_url}/voila/render/homework.ipynb?{query}")
    page.wait_for_selector(".cm-homework .cm-title", timeout=TIMEOUT, state="visible")


def feedback(page) -> str:
    return page.locator(".cm-homework-screen > .cm-feedback").first.inner_text()


def test_a_student_does_a_homework_by_clicks_and_hands_it_in(page, voila_url, artifacts) -> None:
    homework = homework_set(SUM15)
    open_homework(page, voila_url, f"code={SUM15}")
    assert str(SUM15) in page.locator(".cm-homework-code").inner_text()
    page.locator(".cm-homework-name").fill("Ada Lovelace")
    click_button(page, "cm-homework-start")
    page.wait_for_selector("text=Puzzle 1 of 3", timeout=TIMEOUT)
    shoot(page, artifacts, "puzzle-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []

    first = homework.puzzle(1)
    wrong = next(key for key, _ in first.choices if key not in first.puzzle.answers)
    click_button(page, f"cm-homework-choice-{wrong}")
    page.wait_for_function(
        "() => document.querySelector('.cm-homework-screen > .cm-feedback').innerText.includes('✘')",
        timeout=TIMEOUT,
    )
    assert feedback(page).startswith("✘")
    assert page.locator(".cm-explanation").first.is_hidden()  # not done yet: no explanation

    click_button(page, "cm-homework-hint")
    page.wait_for_selector("text=Hint 1.", timeout=TIMEOUT)
    assert first.hint(1) in page.locator(".cm-hint").first.inner_text()

    # a double click on the right answer is one try
    settle(page)
    page.locator(f"button.cm-homework-choice-{first.puzzle.answers[0]}").dblclick()
    page.wait_for_function(
        "() => document.querySelector('.cm-homework-screen > .cm-feedback').innerText.includes('✔')",
        timeout=TIMEOUT,
    )
    settle(page)
    page.wait_for_selector(".cm-explanation mjx-container", timeout=TIMEOUT)
    assert page.locator(".cm-step-list li").count() >= 1
    assert "1 solved" in page.locator(".cm-homework-position").inner_text()
    shoot(page, artifacts, "solved-1280x720")

    # a double click on Next moves one puzzle on
    settle(page)
    page.locator("button.cm-homework-next").dblclick()
    page.wait_for_selector("text=Puzzle 2 of 3", timeout=TIMEOUT)
    settle(page)
    assert "Puzzle 2 of 3" in page.locator(".cm-homework-position").inner_text()
    second = homework.puzzle(2)
    click_button(page, f"cm-homework-choice-{second.puzzle.answers[0]}")
    page.wait_for_selector("text=2 solved", timeout=TIMEOUT)

    click_button(page, "cm-homework-handin")
    page.wait_for_selector(".cm-homework-receipt textarea", timeout=TIMEOUT)
    receipt = page.locator(".cm-homework-receipt textarea").input_value()
    assert "2 of 3 solved" in page.locator(".cm-homework-screen").first.inner_text()
    href = page.locator("a.cm-homework-download").get_attribute("href")
    assert href.startswith("data:text/plain")
    shoot(page, artifacts, "receipt-1280x720")

    checked = check_receipt(receipt, SUM15)
    assert checked.counted, checked.flags
    assert checked.name == "Ada Lovelace"
    assert [puzzle.solved for puzzle in checked.puzzles] == [True, True, False]
    assert [puzzle.hints for puzzle in checked.puzzles] == [1, 0, 0]
    assert [puzzle.tries for puzzle in checked.puzzles] == [2, 1, 0]

    # on another computer (nothing kept in its browser) the pasted receipt goes on
    page.evaluate("() => window.localStorage.clear()")
    open_homework(page, voila_url, f"code={SUM15}")
    page.locator(".cm-homework-receipt textarea").fill(receipt)
    click_button(page, "cm-homework-resume")
    page.wait_for_selector("text=Puzzle 3 of 3", timeout=TIMEOUT)
    assert "2 solved" in page.locator(".cm-homework-position").inner_text()
    assert page.javascript_errors == []


def test_the_work_survives_a_reload_and_a_closed_tab(page, voila_url, artifacts) -> None:
    homework = homework_set(SUM15)
    open_homework(page, voila_url, f"code={SUM15}")
    page.locator(".cm-homework-name").fill("Ada Lovelace")
    click_button(page, "cm-homework-start")
    page.wait_for_selector("text=Puzzle 1 of 3", timeout=TIMEOUT)
    click_button(page, f"cm-homework-choice-{homework.puzzle(1).puzzle.answers[0]}")
    page.wait_for_selector("text=1 solved", timeout=TIMEOUT)
    kept = page.evaluate(f"() => window.localStorage.getItem('cardmath:homework:{SUM15}')")
    assert kept and "cmhw1:" in kept

    page.reload()  # a new kernel: only the browser remembers
    page.wait_for_selector("text=Puzzle 1 of 3", timeout=TIMEOUT)
    assert "1 solved" in page.locator(".cm-homework-position").inner_text()
    assert "1 ✔" in page.locator(".cm-homework-position").inner_text()
    assert feedback(page).startswith("✔")
    assert "Welcome back, Ada Lovelace" in page.locator(".cm-homework-restored").inner_text()

    click_button(page, "cm-homework-handin")
    page.wait_for_selector(".cm-homework-receipt textarea", timeout=TIMEOUT)
    receipt = page.locator(".cm-homework-receipt textarea").input_value()
    checked = check_receipt(receipt, SUM15)
    assert checked.counted and checked.name == "Ada Lovelace"
    assert [puzzle.solved for puzzle in checked.puzzles] == [True, False, False]

    # the tab closed, the homework opened again in a new one: the same receipt
    again = page.context.new_page()
    page.close()
    open_homework(again, voila_url, f"code={SUM15}")
    again.wait_for_selector(".cm-homework-receipt textarea", timeout=TIMEOUT, state="visible")
    # the box is drawn first and filled once the browser has handed back the kept work
    expect(again.locator(".cm-homework-receipt textarea")).to_have_value(receipt, timeout=TIMEOUT)
    assert "1 of 3 solved" in again.locator(".cm-homework-screen").first.inner_text()
    shoot(again, artifacts, "restored-receipt-1280x720")


def test_a_navigator_homework_is_built_checked_and_explained_in_the_projector_theme(
    page, voila_url, artifacts
) -> None:
    homework = homework_set(NAVIGATOR)
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_homework(page, voila_url, f"code={NAVIGATOR}&theme=projector")
    page.locator(".cm-homework-name").fill("Grace")
    click_button(page, "cm-homework-start")
    page.wait_for_selector(".cm-builder .cmt-card", timeout=TIMEOUT)
    puzzle = homework.puzzle(1)
    labels = page.locator(".cm-builder .cmt-card").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert any(puzzle.puzzle.beacon.name in label for label in labels)
    # a card and a sign by clicks, then Check: the engine refuses one card alone
    press(page, page.locator(".cm-builder .cmt-card").first)
    click_button(page, "cm-check")
    page.wait_for_function(
        "() => document.querySelector('.cm-homework-screen > .cm-feedback').innerText.includes('✘')",
        timeout=TIMEOUT,
    )
    box = page.locator(".cm-expression-input input")
    box.fill(puzzle.answer_key.replace("×", "*").replace("−", "-").replace("÷", "/"))
    click_button(page, "cm-check")
    page.wait_for_function(
        "() => document.querySelector('.cm-homework-screen > .cm-feedback').innerText.includes('✔')",
        timeout=TIMEOUT,
    )
    page.wait_for_selector(".cm-explanation .cm-tree-svg svg", timeout=TIMEOUT)
    page.wait_for_selector(".cm-explanation mjx-container", timeout=TIMEOUT)
    page.wait_for_timeout(300)
    shoot(page, artifacts, "navigator-projector-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    assert page.javascript_errors == []


def _receipt(name: str, work: list[PuzzleWork], code: HomeworkCode = SUM15) -> str:
    homework = homework_set(code)
    return Receipt(
        str(code), name, tuple(work), homework.fingerprint, handed_in=29_400_000
    ).to_text()


def test_the_results_view_verifies_and_flags_receipts(page, voila_url, artifacts, tmp_path) -> None:
    homework = homework_set(SUM15)
    keys = [puzzle.answer_key for puzzle in homework.puzzles]
    wrong = next(
        key for key, _ in homework.puzzle(1).choices if key not in homework.puzzle(1).puzzle.answers
    )
    honest = _receipt(
        "Ada",
        [
            PuzzleWork(keys[0], True, 1, 2),
            PuzzleWork(keys[1], True),
            PuzzleWork(wrong, False, 4, 3),
        ],
    )
    lying = _receipt("Bob", [PuzzleWork(wrong, True), PuzzleWork(), PuzzleWork()])
    edited = honest.replace("cmhw1:", "cmhw1:A", 1)
    other = homework_set(HomeworkCode("sum15", 7, 3, "medium"))
    foreign = Receipt(str(other.code), "Cy", (PuzzleWork(),) * 3, other.fingerprint).to_text()
    uploaded = tmp_path / "dee.txt"
    uploaded.write_text(
        "Dee's homework\n"
        + _receipt("Dee", [PuzzleWork(keys[0], True), PuzzleWork(), PuzzleWork()])
    )

    page.goto(f"{voila_url}/voila/render/homework-results.ipynb?code={SUM15}")
    page.wait_for_selector(".cm-homework-paste textarea", timeout=TIMEOUT)
    page.locator(".cm-homework-paste textarea").fill("\n".join([honest, lying, edited, foreign]))
    with page.expect_file_chooser() as chooser:
        page.locator(".cm-homework-upload").click()
    chooser.value.set_files(str(uploaded))
    page.wait_for_function(
        "() => document.querySelector('.cm-homework-upload').innerText.includes('(1)')",
        timeout=TIMEOUT,
    )
    click_button(page, "cm-homework-check-receipts")
    page.wait_for_selector(".cm-homework-table table", timeout=TIMEOUT)
    table = page.locator(".cm-homework-table").inner_text()
    assert "Ada" in table and "Dee" in table and "Bob" not in table
    flagged = page.locator(".cm-homework-flagged").inner_text()
    assert "Bob: puzzle 1 is claimed solved, but the engine says" in flagged
    assert "checksum does not match" in flagged
    assert f"is for homework {other.code}, not {SUM15}" in flagged
    assert "2 counted, 3 flagged" in page.locator(".cm-homework .cm-feedback").first.inner_text()
    page.wait_for_selector(".cm-homework-charts svg", timeout=TIMEOUT)
    assert (
        page.locator("a.cm-homework-download").get_attribute("href").startswith("data:text/plain")
    )
    shoot(page, artifacts, "results-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    assert page.javascript_errors == []


def test_the_setter_makes_a_code_whose_link_opens_the_homework(page, voila_url, artifacts) -> None:
    page.goto(f"{voila_url}/voila/render/homework-new.ipynb")
    page.wait_for_selector("button.cm-homework-make", timeout=TIMEOUT)
    page.locator(".cm-homework-setter input[type=number]").first.fill("2481")
    page.locator(".cm-homework-setter input[type=number]").first.press("Tab")
    click_button(page, "cm-homework-make")
    page.wait_for_selector(".cm-homework-big-code", timeout=TIMEOUT)
    code = str(HomeworkCode("navigator", 2481, 8, "medium"))
    page.wait_for_function(
        "code => document.querySelector('.cm-homework-big-code').innerText.includes(code)",
        arg=code,
        timeout=TIMEOUT,
    )
    shoot(page, artifacts, "setter-1280x720")
    with page.context.expect_page() as opened:
        page.locator(".cm-homework-links a", has_text="homework.ipynb?code=").click()
    student = opened.value
    student.wait_for_selector(".cm-homework-code", timeout=TIMEOUT)
    student.wait_for_function(
        "code => document.querySelector('.cm-homework-code').innerText.includes(code)",
        arg=code,
        timeout=TIMEOUT,
    )
    assert page.javascript_errors == []
