"""The lap board picture: pegs where the points are, the peg holder and the waiting, in words."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from cardmath.errors import CardMathError
from cardmath.games import get_game
from cardmath.games.dotter_board import PEG_X, TRACK_LEFT, TRACK_RIGHT, LapBoard, lap_board_svg


def pegs(svg: str) -> list[tuple[float, str]]:
    """(x, number) of every peg drawn."""
    found = re.findall(
        r'<g class="cm-peg">.*?<circle cx="([\d.]+)".*?font-weight="800" text-anchor="middle" '
        r'fill="#ffffff">([^<]+)</text></g>',
        svg,
    )
    return [(float(x), number) for x, number in found]


def test_the_board_is_well_formed_svg_with_a_description() -> None:
    board = LapBoard(names=("The class", "Computer 2 (greedy)"), laps=(2, 0), points=(57, 0))
    root = ElementTree.fromstring(board.svg())
    assert root.tag.endswith("svg") and root.get("role") == "img"
    assert root.get("aria-label") == board.description()
    assert board.description() == (
        "Lap board, 121 points a lap, 6 laps to win. The class: 2 laps, 57 points. "
        "Computer 2 (greedy): 0 laps, 0 points."
    )
    assert board._repr_svg_() == board.svg()


def test_pegs_stand_where_the_points_are_and_carry_their_players_number() -> None:
    board = LapBoard(names=("A", "B", "C"), laps=(0, 0, 0), points=(0, 60, 120))
    (x0, n0), (x60, n60), (x120, n120) = pegs(board.svg())
    assert (n0, n60, n120) == ("1", "2", "3")
    assert x0 < TRACK_LEFT < x60 < x120 < TRACK_RIGHT
    assert abs((x60 - TRACK_LEFT) / (TRACK_RIGHT - TRACK_LEFT) - 0.5) < 0.03  # half a lap
    more = LapBoard(names=("A", "B"), laps=(0, 0), points=(1, 2))
    first, second = pegs(more.svg())
    assert first[0] < second[0]  # every point is its own hole


def test_the_peg_holder_and_the_player_waiting_at_120_are_marked_in_words() -> None:
    board = LapBoard(names=("You", "Computer 2"), laps=(1, 0), points=(121, 120))
    svg = board.svg()
    (holder_x, _), (waiting_x, _) = pegs(svg)
    assert holder_x == PEG_X and waiting_x < PEG_X
    assert ">on the peg<" in svg and ">waits at 120<" in svg
    assert board.holder == 0 and board.waiting(1) and not board.waiting(0)
    free = LapBoard(names=("You", "Computer 2"), laps=(1, 0), points=(0, 120))
    assert not free.waiting(1) and ">waits at 120<" not in free.svg()


def test_laps_are_boxes_and_words_and_leaders_are_starred() -> None:
    board = LapBoard(names=("You", "Computer 2"), laps=(3, 1), points=(40, 90), leaders=(1,))
    svg = board.svg()
    assert ">3 of 6 laps<" in svg and ">1 of 6 laps<" in svg
    assert "★ Computer 2" in svg and "leads the lap" in board.description()
    long = LapBoard(names=("You", "Computer 2"), laps=(3, 1), points=(40, 90), laps_to_win=20)
    assert ">3 of 20 laps<" in long.svg()


def test_other_lap_lengths_and_the_state_itself() -> None:
    board = LapBoard(names=("A", "B"), laps=(0, 0), points=(500, 999), lap_length=1000)
    (x500, _), (x999, _) = pegs(board.svg())
    assert x500 < x999 < PEG_X
    state = get_game("dotter", players=3, lap_length=30, laps=2).new_state(seed=1)
    svg = lap_board_svg(state, ["P1", "P2", "P3"], leaders=[2])
    assert "30 points a lap, 2 laps to win" in svg and "★ P3" in svg


@pytest.mark.parametrize(
    "bad",
    [
        {"names": (), "laps": (), "points": ()},
        {"names": ("A",), "laps": (0, 0), "points": (0,)},
        {"names": ("A", "B"), "laps": (0, 0), "points": (0, 122)},
        {"names": ("A", "B"), "laps": (0, -1), "points": (0, 0)},
        {"names": ("A", "B"), "laps": (0, 0), "points": (0, 0), "lap_length": 5},
        {"names": ("A", "B"), "laps": (0, True), "points": (0, 0)},
    ],
)
def test_a_board_that_cannot_be_is_refused(bad: dict) -> None:
    with pytest.raises(CardMathError):
        LapBoard(**bad)


def test_names_are_escaped_and_shortened() -> None:
    board = LapBoard(
        names=("<b>", "A very long name for a computer player"), laps=(0, 0), points=(0, 0)
    )
    svg = board.svg()
    assert "&lt;b&gt;" in svg and "A very long name for …" in svg
    ElementTree.fromstring(svg)
