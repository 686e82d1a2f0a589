"""Projector-grade screens: every dashboard in the projector theme, walked press by press
at 1280x720 and at 1920x1080, and the student pages on a 390x844 phone.

On every screen of a dashboard:

* the control the class presses next carries ``cm-next`` and is wholly on screen, with no
  scrolling (``widgets/components/theme.js`` marks it: the first enabled primary button,
  else the first card that may be pressed, else a move, else an empty answer box);
* no visible text is drawn under 24 px on screen (CSS zoom included), except text marked
  ``cm-footnote`` and the indices printed on the card faces (see ``CARD_FACES``);
* no text runs into another text or is cut off by its box;
* axe-core finds nothing serious or critical.

The walk plays a whole game, the shortest a lesson length gives (``?length=10``), in the
mode the class sees on the projector, pressing what the class would press: ``cm-next``,
or where the next move needs a choice, the cards and buttons the game's own browser test
presses (its helpers are imported from there). It ends when the outcome is on screen
(``Game over``; Navigator's Projector: the lesson's last target, its answers shown), and
every screen on the way is checked at both sizes (axe once, at the size the screen was
left at: what it checks does not change with the size). The sizes take turns: a screen is
checked at the size the walk is at, then at the other, and the next press is made there,
so each screen costs one resize, as a projector's laptop changing screens would.
Every other mode is opened once.

* Permutations, Dotter, Sequences: Class vs computer, a whole game;
* Sum 15: the referee of real cards, the whole deal of a three-player table;
* Navigator: the Projector's targets of a 10-minute lesson, and Class vs computer, a whole
  game (``navigator-class``; ``test_navigator_class.py`` also plays one, with reloads).

On a phone (390x844) the student pages scroll only up and down. Screenshots of every
screen are kept in ``test-artifacts/`` to be looked at; ``walk.txt`` there says how many
screens the game took.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_checks import (
    next_control_problems,
    overlapping_texts,
    sideways_overflow,
    small_card_faces,
    small_targets,
    small_texts,
    text_boxes,
)
from test_dotter_dashboard import has_button, take_a_turn, wait_for_the_table_or_an_announcement
from test_navigator_class import declare
from test_sequences_dashboard import _play_turn_by_clicks as play_sequences_turn
from test_sequences_dashboard import _wait_for_table as wait_for_sequences

from cardmath.lesson_length import lesson_length
from cardmath.session import Session
from conftest import (
    TIMEOUT,
    frames,
    new_context,
    no_horizontal_overflow,
    open_dashboard,
    page_problems,
    press,
    ready_to_play_problems,
    resize,
    serious_accessibility_problems,
    settle,
)

SIZES = ((1280, 720), (1920, 1080))
LENGTH = 10
"""The lesson length in the address (``?length=10``): the shortest game of each dashboard."""
MOST_PRESSES = 400
"""A walk that has not reached the game's end after this many presses is stuck."""

CARD_FACES = '.cmt-picture, svg[role=img][viewBox="0 0 100 140"]'
"""The card faces are SVG drawings whose text scales with the card: each face is measured
by its largest text, the index a class reads (``CARD_INDEX``); the small corner copies of
that index are left out."""
CARD_INDEX = 24

DASHBOARDS = {
    # notebook: (the class's mode, the other modes)
    "navigator": ("projector", ("class", "play", "puzzle")),
    "sequences": ("class", ("warmup", "play")),
    "permutations": ("class", ("play",)),
    "dotter": ("class", ("play",)),
    "sum15": ("projector", ("seats", "play")),
}

STUDENT_PAGES = ("01-navigator.ipynb", "05-sum15.ipynb", "homework.ipynb")


def _screen_problems(page, minimum: float = 24) -> list[str]:
    problems = next_control_problems(page)
    boxes = text_boxes(page, skip=CARD_FACES)  # one measurement for the three checks
    problems += [f"small text {t}" for t in small_texts(page, minimum, boxes=boxes)]
    problems += small_card_faces(page, CARD_INDEX, boxes=boxes)
    problems += overlapping_texts(page, boxes=boxes)
    return problems


def _check_both_sizes(page, artifacts: Path, name: str) -> list[str]:
    """The screen checked and shot at the size the page is at, then at the other one (the
    page is left there)."""
    problems = []
    now = page.viewport_size
    sizes = SIZES if (now["width"], now["height"]) == SIZES[0] else SIZES[::-1]
    for index, (width, height) in enumerate(sizes):
        if index:
            page.set_viewport_size({"width": width, "height": height})
        frames(page)  # laid out, the resize handler run: it marks the next control
        found = _screen_problems(page)  # waits for the next control's mark first
        page.screenshot(path=str(artifacts / f"{name}-{width}x{height}.png"))
        problems += [f"{name} {width}x{height}: {p}" for p in found]
    return problems


def _prompt(page) -> str:
    return page.locator(".cm-dashboard").first.inner_text()


def _press(page, locator) -> None:
    """One press as the teacher makes it, then wait for the kernel's answer (the redraw is
    waited for by the checks: two frames, then the next control's mark)."""
    press(page, locator)


def _press_next(page) -> None:
    target = page.locator(".cm-dashboard .cm-next").first
    target.wait_for(state="visible", timeout=TIMEOUT)
    _press(page, target)


class Walk:
    """One dashboard's class mode played to its end: ``step`` makes the class's next
    move (one or a few presses), ``over`` says whether the outcome is on screen."""

    def __init__(self, page, game: str) -> None:
        self.page = page
        self.game = game
        self.turn = 0

    def over(self) -> bool:
        return "Game over" in _prompt(self.page)

    def step(self) -> None:
        _press_next(self.page)


class ProjectorWalk(Walk):
    """Navigator's Projector: the lesson's targets, each dealt and then revealed; the
    lesson is over when the target the Projector calls the last one has its answers shown."""

    def __init__(self, page, game: str) -> None:
        super().__init__(page, game)
        self.dealt = ""

    def over(self) -> bool:
        revealed = self.page.locator(".cm-projector .cm-tree-svg svg").count() > 0
        return revealed and "the last one" in self.dealt

    def step(self) -> None:
        reveal = self.page.locator("button.cm-reveal-button")
        if reveal.is_enabled() and "Reveal" in reveal.inner_text():
            _press(self.page, reveal)
            self.page.wait_for_selector(".cm-projector .cm-tree-svg svg", timeout=TIMEOUT)
        else:
            _press_next(self.page)  # Deal, then New deal
            self.dealt = self.page.locator(".cm-navigator-prompt").inner_text()


class NavigatorClassWalk(Walk):
    """Navigator's Class vs computer: the class's picks are ``cm-next`` (a card of the
    Data Packet), its Vector Set is built as in ``test_navigator_class.py`` (the beacon, +,
    a Nav Memory card, +, another, Declare); the showdowns go on with ``cm-next``."""

    def step(self) -> None:
        page = self.page
        said = page.locator(".cm-class-play .cm-prompt").inner_text()
        if "build your Jump Coordinates" in said:
            page.wait_for_selector(".cm-class-play .cm-builder .cmt-card", timeout=TIMEOUT)
            declare(page)
            page.wait_for_selector(".cm-class-play .cm-tree-svg svg", timeout=TIMEOUT)
        else:
            _press_next(page)


class SequencesWalk(Walk):
    """Sequences: the class's turns are made as a student makes them (a hand card, the
    sequence, an operator, the cards under the pile), worked out on the engine's copy."""

    def __init__(self, page, game: str) -> None:
        super().__init__(page, game)
        options = lesson_length(game, LENGTH, players=2).options
        self.mirror = Session(game, ["human", "greedy"], seed=SEED, options=options)
        self.mirror.run_bots()

    def step(self) -> None:
        if self.mirror.is_over:  # the class's last turn is in: the end is drawn
            _press_next(self.page)
            return
        wait_for_sequences(self.page, self.mirror)
        turn = self.mirror.legal_actions()[-1]
        play_sequences_turn(self.page, self.mirror, turn)
        self.mirror.apply(turn)
        self.mirror.run_bots()


class DotterWalk(Walk):
    """Dotter: a peek, a score, a draw, as the Dotter test chooses them; the announcements
    (the computer's turn, a round's end) go on with ``cm-next``."""

    def step(self) -> None:
        page = self.page
        wait_for_the_table_or_an_announcement(page)
        if has_button(page, "next") or has_button(page, "new"):
            _press_next(page)
        else:
            take_a_turn(page, self.turn)
            settle(page)
        self.turn += 1


class RefereeWalk(Walk):
    """Sum 15 with real cards: the teacher enters the card each player turns up (the first
    card the engine still allows) and its claim, pressing ``cm-next`` every time."""


WALKS: dict[str, type[Walk]] = {
    "navigator": ProjectorWalk,
    "navigator-class": NavigatorClassWalk,
    "sequences": SequencesWalk,
    "permutations": Walk,
    "dotter": DotterWalk,
    "sum15": RefereeWalk,
}

SEED = 7
EXTRA = {"sum15": "&players=3"}
"""The referee's table: three players with real cards, one deal of 18 cards played."""
CASES = [*sorted(DASHBOARDS), "navigator-class"]


@pytest.mark.parametrize("case", CASES)
def test_every_screen_of_a_dashboard_reads_from_the_back_row(page, voila_url, artifacts, case):
    game, _, mode = case.partition("-")
    main, others = (mode, ()) if mode else DASHBOARDS[game]
    page.emulate_media(reduced_motion="reduce")  # measure the settled screen, not a slide
    query = f"seed={SEED}&mode={main}&theme=projector&length={LENGTH}{EXTRA.get(game, '')}"
    open_dashboard(page, voila_url, f"{game}-dashboard.ipynb", query)
    settle(page)
    page.wait_for_timeout(500)
    problems = _check_both_sizes(page, artifacts, f"{main}-000")
    problems += [f"start: axe {p}" for p in serious_accessibility_problems(page)]
    walk = WALKS[case](page, game)
    presses = 0
    while not walk.over():
        assert presses < MOST_PRESSES, f"no game over after {presses} presses"
        walk.step()
        presses += 1
        name = f"{main}-{presses:03}"
        problems += _check_both_sizes(page, artifacts, name)
        problems += [f"{name}: axe {p}" for p in serious_accessibility_problems(page)]
    (artifacts / "walk.txt").write_text(f"{presses} screens to the game's end\n")
    for mode in others:
        label = page.locator(".cm-modes button").filter(has_text=_mode_label(page, mode))
        label.first.click()
        page.wait_for_timeout(300)
        settle(page)
        page.wait_for_timeout(500)
        problems += _check_both_sizes(page, artifacts, mode)
        problems += [f"{mode}: axe {p}" for p in serious_accessibility_problems(page)]
        if mode == "play":  # its new-game screen, then the game it deals
            _press(page, page.locator(".cm-dashboard button.cm-start-game").first)
            problems += _check_both_sizes(page, artifacts, "play-dealt")
            problems += [f"play-dealt: axe {p}" for p in serious_accessibility_problems(page)]
            problems += _ready_to_play_problems(page)
    problems += page_problems(page)  # e.g. Voilà's box saying the theme did not load
    assert problems == [], "\n".join(problems)


def _ready_to_play_problems(page) -> list[str]:
    """Play against the computer, on the projector, once dealt: ready to play (as
    ``test_dashboards.py`` checks it in the light theme, opened from an address), nothing
    sticking out sideways at either size (the page is left at 1280x720)."""
    problems = [f"play: {p}" for p in ready_to_play_problems(page)]
    for width, height in SIZES[::-1]:
        resize(page, {"width": width, "height": height})
        problems += [f"play {width}x{height}: sticks out {p}" for p in no_horizontal_overflow(page)]
    return problems


def _mode_label(page, mode: str) -> str:
    """The label of ``mode``'s button, read from the dashboard's own address change."""
    labels = {
        "play": "Play",
        "puzzle": "Puzzle",
        "warmup": "What does it make?",
        "seats": "Seat by seat",
        "class": "Class vs computer",
        "projector": "Projector",
    }
    return labels[mode]


@pytest.mark.parametrize("notebook", STUDENT_PAGES)
def test_a_student_page_fits_a_phone(browser, voila_url, artifacts, notebook):
    context = new_context(
        browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/{notebook}")
        # the first button may be one the page keeps hidden until it is needed
        page.locator(".jp-Cell button:visible").first.wait_for(timeout=TIMEOUT)
        page.wait_for_timeout(800)
        page.screenshot(path=str(artifacts / "phone.png"))
        assert sideways_overflow(page) <= 1
        assert small_targets(page, 44, root=".jp-Notebook") == []
        problems = serious_accessibility_problems(page, context="body")
        assert problems == [], "\n".join(problems)
    finally:
        context.close()
