"""Rooms across devices in a real class server and real Chromium: a teacher, a projector
and three students, each in their own browser context, play whole games.

The class server is started the way ``make serve CLASS=..`` starts it, with the store
in a temporary folder (``CARDMATH_ROOMS``), so every kernel and this test read the same
rooms. The test opens the same store to know every seat's cards, and checks after every
move that no student's page, and no widget message sent to it (every websocket frame
the page received), ever holds a card another seat hides: a card in another seat's view
that is neither on the public table nor was ever in this seat's own view.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import (
    ClassServer,
    class_server,
    new_context,
    settle,
)
from tests.waiting import eventually
from widgets.components.cardtable import card_label
from widgets.rooms.render import as_card, card_names_in

CODE = "room-7k2m"
TEACHER_CODE = "teach-4q9w"
TIMEOUT = 90_000
SEAT_READY = ".cm-room-seat .cm-room-turn"
SIZES = {"hd": {"width": 1280, "height": 720}, "fullhd": {"width": 1920, "height": 1080}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    with class_server(
        tmp_path_factory.mktemp("rooms"), size=8, code=CODE, teacher_code=TEACHER_CODE
    ) as started:
        yield started


@pytest.fixture(scope="module")
def store(server: ClassServer):
    from cardmath.rooms import open_store

    return open_store(server.store_url)


@dataclass
class Student:
    name: str
    context: object
    page: object
    frames: int = 0
    wire: set[str] = field(default_factory=set)
    """Every word and every spoken card name in any websocket frame the page received."""
    seen: set[str] = field(default_factory=set)

    def received(self, payload: object) -> None:
        text = _frame_text(payload)
        self.frames += 1
        self.wire |= set(WORD.findall(text)) | set(SPOKEN.findall(text))

    @property
    def token(self) -> str:
        return parse_qs(urlsplit(self.page.url).query).get("seat", [""])[0]

    def text(self) -> str:
        """What the page shows and says: its text, and every label a screen reader reads."""
        return self.page.evaluate(
            """() => document.body.innerText + '\\n' + Array.from(
                 document.querySelectorAll('[aria-label]')).map(e => e.getAttribute('aria-label'))
                 .join('\\n')"""
        )


WORD = re.compile(r"[A-Za-z0-9]+")
SPOKEN = re.compile(
    r"(?:Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of "
    r"(?:clubs|diamonds|hearts|spades)"
)


def _frame_text(payload: object) -> str:
    if isinstance(payload, bytes):
        return payload.decode("utf-8", errors="replace")
    return str(payload)


def open_student(browser, server: ClassServer, name: str, size: str = "hd") -> Student:
    context = new_context(browser, viewport=SIZES[size])
    page = context.new_page()
    student = Student(name, context, page)
    page.on(
        "websocket",
        lambda socket: socket.on("framereceived", student.received),
    )
    page.goto(server.page("room.ipynb"))
    page.wait_for_selector(".cm-room-join-panel", timeout=TIMEOUT, state="visible")
    return student


def join(student: Student, code: str) -> None:
    page = student.page
    page.get_by_label("Room code").fill(code)
    page.get_by_label("Your name").fill(student.name)
    settle(page)
    page.locator("button.cm-room-join").click()
    wait_for_seat_or_refusal(page)


def wait_for_seat_or_refusal(page) -> None:
    """Wait until the page shows its seat, with the seat in its address (so a reload
    finds it again), or says why it has none. The address and the seat are two widgets'
    changes, which the page may apply in either order."""
    page.wait_for_selector(f"{SEAT_READY}, .cm-message .cm-bad", timeout=TIMEOUT)
    if page.locator(SEAT_READY).is_visible():
        page.wait_for_function(
            "() => new URLSearchParams(window.location.search).get('seat')", timeout=TIMEOUT
        )


def bad_sentence(page) -> str:
    page.wait_for_selector(".cm-message .cm-bad", timeout=TIMEOUT, state="visible")
    return page.locator(".cm-message .cm-bad").inner_text()


def _word(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z0-9])" + re.escape(name) + r"(?![A-Za-z0-9])")


def spoken(name: str) -> str:
    """The card as a screen reader names it ("Six of hearts"), without its game value."""
    card = as_card(name)
    return card_label(card).split(",")[0] if card is not None else name


def shows_one_of(student: Student, cards: set[str]) -> bool:
    """Whether the student's page shows or names at least one of ``cards``."""
    shown = student.text()
    return any(_word(spoken(card)).search(shown) for card in cards)


def leaks(student: Student, hidden: set[str]) -> list[str]:
    """The hidden cards found in the student's page or in a frame sent to it."""
    shown = student.text()
    found = []
    for name in sorted(hidden):
        for word in {name, spoken(name)}:
            if _word(word).search(shown):
                found.append(f"{word} on the page")
            if word in student.wire:
                found.append(f"{word} in a widget message")
    return found


class Table:
    """One room being played: the teacher's code, the students, the store's truth."""

    def __init__(self, store, code: str, students: list[Student], seed: int) -> None:
        self.store = store
        self.code = code
        self.students = students
        self.public_seen: set[str] = set()
        self.checks = 0
        self.rng = random.Random(seed)  # the students' choices, the same every run

    def views(self) -> list[dict]:
        return [self.store.view(self.code, s.token) for s in self.students]

    def check_privacy(self) -> None:
        views = self.views()
        self.public_seen |= card_names_in(self.store.table(self.code))
        for student, view in zip(self.students, views, strict=True):
            student.seen |= card_names_in(view)
        for index, student in enumerate(self.students):
            others: set[str] = set()
            for other, view in enumerate(views):
                if other != index:
                    others |= card_names_in(view)
            hidden = others - self.public_seen - student.seen
            problems = leaks(student, hidden)
            assert not problems, f"{student.name} can see another seat's cards: {problems}"
        self.checks += 1

    def to_move(self) -> Student | None:
        table = self.store.table(self.code)
        seat = table.get("current_player")
        if table.get("is_terminal") or seat is None:
            return None
        for student, view in zip(self.students, self.views(), strict=True):
            if view.get("seat") == seat:
                return student
        return None  # a computer player's turn: the store plays it

    def version(self) -> int:
        return int(self.store.table(self.code)["version"])

    def play_one(self) -> bool:
        """The student whose turn it is plays the first legal move, by clicks; ``False``
        when the game is over."""
        student = self.to_move()
        if student is None:
            if self.store.table(self.code).get("is_terminal"):
                return False
            time.sleep(0.2)
            return True
        view = self.store.view(self.code, student.token)
        action = str(self.rng.choice(view["legal_actions"]))
        before = self.version()
        shows_move(student, int(view["version"]))
        play_by_clicks(student.page, action)
        deadline = time.monotonic() + 60
        while self.version() <= before:
            assert time.monotonic() < deadline, f"{student.name}'s move {action!r} was not played"
            time.sleep(0.1)
        return True

    def play_to_the_end(self, limit: int = 400) -> int:
        moves = 0
        while self.play_one():
            moves += 1
            self.check_privacy()
            assert moves < limit, "the game did not end"
        return moves


def shows_move(student: Student, version: int) -> None:
    """Wait until the student's page shows the room as the store has it (a student acts
    on what the screen shows); say what the page shows instead if it never does."""
    page = student.page
    try:
        page.wait_for_selector(
            f".cm-room-seat.cm-room-at-{version}", timeout=TIMEOUT, state="visible"
        )
    except Exception as error:
        seat = page.locator(".cm-room-seat")
        classes = seat.get_attribute("class") if seat.count() else "no seat on the page"
        raise AssertionError(
            f"{student.name}'s page never showed move {version}: seat {classes!r}; "
            f"page says {page.locator('body').inner_text()[:600]!r}"
        ) from error


def shown_move(page) -> int | None:
    """The room's move the page shows (the seat's ``cm-room-at-N`` mark)."""
    classes = page.locator(".cm-room-seat").first.get_attribute("class") or ""
    found = re.search(r"\bcm-room-at-(\d+)\b", classes)
    return int(found.group(1)) if found else None


def _press_button(page, action: str) -> bool:
    buttons = page.locator("button.cm-room-move", has_text=action)
    for index in range(buttons.count()):
        if buttons.nth(index).inner_text().strip() == action:
            buttons.nth(index).click()
            settle(page)
            return True
    return False


def play_by_clicks(page, action: str) -> str:
    """Play ``action`` as a student would: its button, or its card (then its button), or
    typed in the move box. Returns how it was played."""
    settle(page)
    if _press_button(page, action):
        return "button"
    for word in action.split()[1:]:
        card = as_card(word)
        if card is None:
            continue
        target = page.locator(
            f'.cm-room-seat .cmt-card:not(.cmt-disabled)[aria-label="{card_label(card)}"]'
        )
        if target.count():
            shown = shown_move(page)
            target.first.click()
            # the page answers the press: the move is played (the page shows a new move),
            # or the card is chosen and its moves are offered as buttons
            deadline = time.monotonic() + TIMEOUT / 1000
            while shown_move(page) == shown:
                if _press_button(page, action):
                    return "card and button"
                if page.locator(".cm-room-seat .cmt-caption", has_text="chosen").count():
                    break  # chosen, but this move has no button: typed below
                assert time.monotonic() < deadline, f"pressing {card} did nothing on the page"
                page.wait_for_timeout(100)
            else:
                return "card"
            break
    page.locator(".cm-room-typed input").fill(action)
    page.locator("button.cm-room-play-typed").click()
    settle(page)
    return "typed"


def teacher_opens(page, game: str, seats: int, seed: int, options: dict[str, str]) -> str:
    """The teacher opens one room from the console; returns its code."""
    from cardmath.games import game_class

    page.locator(".cm-room-game select").select_option(label=game_class(game).title)
    settle(page)
    page.get_by_label("Seats at each table").fill(str(seats))
    page.get_by_label("Seed (deal)").fill(str(seed))
    for label, value in options.items():
        page.get_by_label(label, exact=True).fill(value)
    page.keyboard.press("Tab")
    settle(page)
    page.locator("button.cm-room-open").click()
    settle(page)
    message = page.locator(".cm-message .cm-good").inner_text()
    found = re.search(r"Opened 1 room: ([A-Z0-9]+)\.", message)
    assert found, message
    return found.group(1)


def shoot(page, artifacts: Path, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=False)


GAMES = [
    ("permutations", 3, 11, {"Round limit": "1"}),
    ("dotter", 3, 5, {"Laps to win": "1", "Points in a lap": "10"}),
    ("sum15", 3, 7, {}),
    ("navigator", 3, 3, {"Rounds": "1"}),
]


def test_three_students_play_four_games_in_rooms_and_no_hand_leaks(
    server, store, browser, artifacts
):
    teacher_context = new_context(browser, viewport=SIZES["hd"])
    teacher = teacher_context.new_page()
    teacher.goto(server.page("teacher.ipynb"))
    code_box = teacher.locator("input.cm-teacher-code")
    code_box.wait_for(timeout=TIMEOUT)
    code_box.fill(TEACHER_CODE)  # the teacher's own code, not the class code
    code_box.press("Enter")
    teacher.get_by_role("tab", name="Game rooms").click(timeout=TIMEOUT)
    teacher.wait_for_selector("button.cm-room-open", timeout=TIMEOUT, state="visible")
    projector_context = new_context(browser, viewport=SIZES["fullhd"])
    projector = projector_context.new_page()
    names = ["Ada", "Bo", "Cy"]
    students = [
        open_student(browser, server, name, "fullhd" if name == "Cy" else "hd") for name in names
    ]
    try:
        for number, (game, seats, seed, options) in enumerate(GAMES):
            code = teacher_opens(teacher, game, seats, seed, options)
            projector.goto(server.page("room-table.ipynb", f"room={code}"))
            projector.wait_for_selector(".cm-room-bigcode", timeout=TIMEOUT, state="visible")
            assert projector.locator(".cm-room-bigcode").inner_text() == code
            assert projector.locator(".cm-room-qr svg").count() == 1
            if number:
                for student in students:  # a new room: back to the join form
                    student.wire.clear()
                    student.seen.clear()
                    student.page.goto(server.page("room.ipynb"))
                    student.page.wait_for_selector(".cm-room-join-panel", timeout=TIMEOUT)
            for student in students:
                join(student, code)
                assert student.page.locator(SEAT_READY).is_visible(), bad_sentence(student.page)
                assert student.token
            table = Table(store, code, students, seed)
            table.check_privacy()
            # each student's own hand is on their page and in their frames: the check can
            # see a card when one is there
            for student, view in zip(students, table.views(), strict=True):
                own = card_names_in(view) - table.public_seen
                if own:  # the hand may be drawn a moment after the seat line
                    eventually(
                        lambda s=student, o=own: shows_one_of(s, o),
                        TIMEOUT / 1000,
                        what=f"{student.name}'s own cards on the page",
                    )
                    assert any(c in student.wire or spoken(c) in student.wire for c in own)
            shoot(projector, artifacts, f"{game}-projector-start-1920")
            shoot(students[0].page, artifacts, f"{game}-student-start-1280")
            shoot(students[2].page, artifacts, f"{game}-student-start-1920")
            if game == "permutations":
                # a reload puts a student back in the same seat
                for _ in range(2):
                    table.play_one()
                seat_before = store.view(code, students[1].token)["seat"]
                students[1].page.reload()
                students[1].page.wait_for_selector(SEAT_READY, timeout=TIMEOUT)
                assert (
                    f"seat {seat_before + 1}" in students[1].page.locator(".cm-seed").inner_text()
                )
                assert "Bo" in students[1].page.locator(".cm-seed").inner_text()
            moves = table.play_to_the_end()
            assert moves > 0 and table.checks > moves
            for student in students:
                student.page.wait_for_function(
                    "() => document.querySelector('.cm-room-turn')?.innerText.includes('over')",
                    timeout=TIMEOUT,
                )
            projector.wait_for_function(
                "() => document.querySelector('.cm-room-turn')?.innerText.includes('over')",
                timeout=TIMEOUT,
            )
            shoot(projector, artifacts, f"{game}-projector-end-1920")
            shoot(students[0].page, artifacts, f"{game}-student-end-1280")
            teacher.wait_for_function(  # the console reads the rooms every 2 s
                """code => [...document.querySelectorAll('.cm-room-list .cm-room-row')]
                     .some(row => row.innerText.includes(code)
                                  && row.innerText.includes('The game is over'))""",
                arg=code,
                timeout=TIMEOUT,
            )
            shoot(teacher, artifacts, f"{game}-teacher-1280")
            assert code in teacher.locator(".cm-room-list").inner_text()
    finally:
        for student in students:
            student.context.close()
        projector_context.close()
        teacher_context.close()


def test_wrong_code_full_room_and_forged_seat_each_get_a_sentence(
    server, store, browser, artifacts
):
    room = store.create_room("sum15", players=2, seed=3, options={})
    first = open_student(browser, server, "Ada")
    second = open_student(browser, server, "Bo")
    late = open_student(browser, server, "Cy")
    try:
        join(first, "ZZZZZ")
        wrong = bad_sentence(first.page)
        assert "ZZZZZ" in wrong and wrong.rstrip().endswith((".", "!")), wrong
        assert first.page.locator(SEAT_READY).is_hidden()
        shoot(first.page, artifacts, "wrong-code-1280")
        join(first, room.code)  # the wrong code's sentence is still there until the seat shows
        first.page.wait_for_selector(SEAT_READY, timeout=TIMEOUT, state="visible")
        wait_for_seat_or_refusal(first.page)  # and the seat in the address, read below
        join(second, room.code)
        join(late, room.code)
        full = bad_sentence(late.page)
        assert "full" in full.lower(), full
        shoot(late.page, artifacts, "full-room-1280")
        forged = first.token[:-4] + ("aaaa" if not first.token.endswith("aaaa") else "bbbb")
        late.page.goto(server.page("room.ipynb", f"room={room.code}&seat={forged}"))
        sentence = bad_sentence(late.page)
        assert "join again" in sentence, sentence
        assert late.page.locator(SEAT_READY).is_hidden()
        assert late.page.get_by_label("Room code").input_value() == room.code
        shoot(late.page, artifacts, "forged-seat-1280")
        # the student who waits is told whose turn it is and offered no move
        table = store.table(room.code)
        waiting, mover = (second, first) if table["current_player"] == 0 else (first, second)
        turn = waiting.page.locator(".cm-room-turn").inner_text()
        assert f"It is {mover.name}’s turn." in turn, turn
        assert waiting.page.locator("button.cm-room-move").count() == 0
        assert waiting.page.locator(".cm-room-typed input").is_hidden()
        assert "It is your turn." in mover.page.locator(".cm-room-turn").inner_text()
    finally:
        for student in (first, second, late):
            student.context.close()
