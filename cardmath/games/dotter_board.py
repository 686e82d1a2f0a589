"""Dotter's lap board as a picture: a cribbage-style board with one lane per player.

Each lane has a hole for every point of a lap (121 on a cribbage board, in groups of
five), the player's peg where their points stand, the holes behind it filled, and the
laps completed as boxes beside their name. The last hole is the single peg: its holder is
drawn there and marked "on the peg"; a player who would reach it while someone else holds
it waits one hole short and is marked "waits". Colour is never the only cue: every peg
carries its player's number, every lane its name, and marks are words. Pure SVG text,
drawn from the state's laps, points and options (no Jupyter here).

>>> board = LapBoard(names=("You", "Computer 2"), laps=(1, 0), points=(121, 120))
>>> svg = board.svg()
>>> svg.startswith("<svg") and "on the peg" in svg and "waits at 120" in svg
True
>>> board.description()
'Lap board, 121 points a lap, 6 laps to win. You: 1 lap, on the peg. Computer 2: 0 laps, 120 points, waits at 120.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from cardmath.errors import CardMathError, quoted
from cardmath.wording import counted

__all__ = ["PEG_COLOURS", "LapBoard", "lap_board_svg"]

PEG_COLOURS: tuple[str, ...] = ("#c62828", "#1565c0", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f")
"""Peg colours by seat; each peg also shows its player's number."""

WOOD = "#e8c98f"
WOOD_EDGE = "#8a5a2b"
INK = "#2b1a0b"
HOLE = "#5a3d1e"

WIDTH = 1200
LANE = 92
TOP = 46
TRACK_LEFT = 362
TRACK_RIGHT = 1110
PEG_X = 1160
MAX_HOLES = 120
"""At most this many holes are drawn before the peg; longer laps use one hole per step."""


@dataclass(frozen=True)
class LapBoard:
    """The lap board of a Dotter table.

    ``laps`` completed and ``points`` in the current lap per player (``lap_length``
    means the player holds the last peg); ``names`` as the screen calls them;
    ``leaders`` are highlighted (the leaders of a lap when a round ends); ``numbers``
    are what each peg shows (default 1, 2, 3...).
    """

    names: tuple[str, ...]
    laps: tuple[int, ...]
    points: tuple[int, ...]
    lap_length: int = 121
    laps_to_win: int = 6
    leaders: tuple[int, ...] = ()
    numbers: tuple[str, ...] = ()
    title: str = "Lap board"

    def __post_init__(self) -> None:
        players = len(self.names)
        if not 1 <= players <= 6 or len(self.laps) != players or len(self.points) != players:
            raise CardMathError(
                f"a lap board has one name, lap count and score for each of 1 to 6 players, "
                f"not {quoted(self.names)}"
            )
        if not isinstance(self.lap_length, int) or not 10 <= self.lap_length <= 1000:
            raise CardMathError(f"a lap is 10 to 1,000 points, not {quoted(self.lap_length)}")
        for value in (*self.laps, *self.points, self.laps_to_win):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise CardMathError(f"laps and points are whole numbers, not {quoted(value)}")
        if any(points > self.lap_length for points in self.points):
            raise CardMathError(f"points in a lap are at most {self.lap_length}")

    @classmethod
    def of(
        cls, table: Any, names: Sequence[str], *, leaders: Sequence[int] = (), **kwargs: Any
    ) -> LapBoard:
        """The board of a Dotter state or observation (its laps, points and options)."""
        options = table.options
        return cls(
            names=tuple(names),
            laps=tuple(table.laps),
            points=tuple(table.points),
            lap_length=options.lap_length,
            laps_to_win=options.laps_to_win,
            leaders=tuple(leaders),
            **kwargs,
        )

    @property
    def holder(self) -> int:
        """The player on the last peg, or -1."""
        return next((p for p, value in enumerate(self.points) if value == self.lap_length), -1)

    def waiting(self, player: int) -> bool:
        """Whether ``player`` sits one short of the peg while another player holds it."""
        holder = self.holder
        return holder not in (-1, player) and self.points[player] == self.lap_length - 1

    def status(self, player: int) -> str:
        """One player's line: laps, points and marks, in words."""
        parts = [counted(self.laps[player], "lap")]
        if player == self.holder:
            parts.append("on the peg")
        else:
            parts.append(counted(self.points[player], "point"))
            if self.waiting(player):
                parts.append(f"waits at {self.lap_length - 1}")
        if player in self.leaders:
            parts.append("leads the lap")
        return ", ".join(parts)

    def description(self) -> str:
        """The whole board in words (the picture's accessible description)."""
        lanes = " ".join(
            f"{name}: {self.status(player)}." for player, name in enumerate(self.names)
        )
        return (
            f"{self.title}, {self.lap_length} points a lap, "
            f"{counted(self.laps_to_win, 'lap')} to win. {lanes}"
        )

    # --- drawing ---------------------------------------------------------------------------

    def _step(self) -> int:
        return -(-(self.lap_length - 1) // MAX_HOLES)

    def _x(self, points: int) -> float:
        """Where the hole of ``points`` lies (0: the start, before the first hole; the
        lap length: the peg). Holes come in groups of five with a gap between groups."""
        if points >= self.lap_length:
            return PEG_X
        if points <= 0:
            return TRACK_LEFT - 26
        step = self._step()
        holes = -(-(self.lap_length - 1) // step)
        gap = 0.7
        units = holes + (holes - 1) // 5 * gap
        index = -(-points // step)  # the hole holding this many points
        offset = index - 0.5 + (index - 1) // 5 * gap
        return TRACK_LEFT + offset / units * (TRACK_RIGHT - TRACK_LEFT)

    def svg(self) -> str:
        """The board as an ``<svg>`` element that scales to its container's width."""
        players = len(self.names)
        height = TOP + players * LANE + 16
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="100%" role="img" aria-label="{escape(self.description())}" '
            'class="cm-lap-board" font-family="system-ui, sans-serif">',
            f"<title>{escape(self.description())}</title>",
            f'<rect x="3" y="3" width="{WIDTH - 6}" height="{height - 6}" rx="18" '
            f'fill="{WOOD}" stroke="{WOOD_EDGE}" stroke-width="6"/>',
        ]
        parts.append(self._scale())
        for player in range(players):
            parts.append(self._lane(player, TOP + player * LANE))
        parts.append("</svg>")
        return "".join(parts)

    def _repr_svg_(self) -> str:
        return self.svg()

    def _scale(self) -> str:
        """Numbers above the track every 30 points (every tenth of other laps) and the peg."""
        marks = []
        step = 30 if self.lap_length == 121 else max(1, (self.lap_length - 1) // 4)
        for value in range(step, self.lap_length - 1, step):
            marks.append(
                f'<text x="{self._x(value):.1f}" y="32" font-size="22" font-weight="700" '
                f'text-anchor="middle" fill="{INK}">{value}</text>'
            )
        marks.append(
            f'<text x="{PEG_X}" y="32" font-size="22" font-weight="800" text-anchor="middle" '
            f'fill="{INK}">{self.lap_length}</text>'
        )
        marks.append(
            f'<text x="24" y="32" font-size="20" font-weight="700" fill="{INK}">'
            f"{escape(self.title)}: {self.lap_length} a lap, "
            f"{counted(self.laps_to_win, 'lap')} to win</text>"
        )
        return "".join(marks)

    def _lane(self, player: int, top: float) -> str:
        """One player's lane: name and standing in words, then lap boxes, track and peg."""
        colour = PEG_COLOURS[player % len(PEG_COLOURS)]
        number = self.numbers[player] if player < len(self.numbers) else str(player + 1)
        points = self.points[player]
        parts = []
        lead = player in self.leaders
        if lead:
            parts.append(
                f'<rect x="12" y="{top + 4}" width="{WIDTH - 24}" height="{LANE - 8}" rx="12" '
                f'fill="#fff6d6" stroke="{INK}" stroke-width="4" stroke-dasharray="12 6"/>'
            )
        elif player % 2:
            parts.append(
                f'<rect x="12" y="{top + 4}" width="{WIDTH - 24}" height="{LANE - 8}" rx="12" '
                f'fill="#dcb97a" opacity="0.55"/>'
            )
        name = self.names[player]
        name = escape(name if len(name) <= 22 else name[:21] + "…")
        star = "★ " if lead else ""
        if points >= self.lap_length:
            status = "on the peg"
        elif self.waiting(player):
            status = f"waits at {self.lap_length - 1}"
        else:
            status = counted(points, "point")
        dot = '<tspan dx="10" font-weight="600">·</tspan>'
        words = [f'{dot}<tspan dx="10" font-weight="600">{escape(status)}</tspan>']
        if lead:
            words.append(f'{dot}<tspan dx="10" font-weight="800">leads the lap</tspan>')
        parts.append(
            f'<text x="28" y="{top + 34}" font-size="25" font-weight="800" fill="{INK}">'
            f"{star}{name}{''.join(words)}</text>"
        )
        track_y = top + 66
        parts.append(self._lap_boxes(player, 28, track_y - 17, colour))
        # the track: holes in groups of five, those behind the peg filled
        step = self._step()
        reached = 0 if points >= self.lap_length else points
        end = PEG_X if points >= self.lap_length else (self._x(reached) if reached else 0)
        if end:
            parts.append(
                f'<line x1="{TRACK_LEFT - 8}" y1="{track_y}" x2="{end:.1f}" y2="{track_y}" '
                f'stroke="{colour}" stroke-width="12" stroke-linecap="round" opacity="0.85"/>'
            )
        for hole in range(step, self.lap_length, step):
            x = self._x(hole)
            filled = hole <= reached or points >= self.lap_length
            fill = "#fff8e8" if filled else HOLE
            parts.append(f'<circle cx="{x:.1f}" cy="{track_y}" r="2.6" fill="{fill}"/>')
        # the last peg: one hole for everyone, bigger
        parts.append(
            f'<circle cx="{PEG_X}" cy="{track_y}" r="18" fill="none" stroke="{INK}" '
            'stroke-width="3"/>'
        )
        parts.append(self._peg(self._x(points), track_y, number, colour))
        return "".join(parts)

    def _peg(self, x: float, y: float, number: str, colour: str) -> str:
        return (
            f'<g class="cm-peg"><circle cx="{x:.1f}" cy="{y:.1f}" r="16" fill="{colour}" '
            f'stroke="{INK}" stroke-width="3"/><text x="{x:.1f}" y="{y + 7.5:.1f}" '
            f'font-size="21" font-weight="800" text-anchor="middle" '
            f'fill="#ffffff">{escape(number[:2])}</text></g>'
        )

    def _lap_boxes(self, player: int, x: float, y: float, colour: str) -> str:
        laps, target = self.laps[player], self.laps_to_win
        text = f"{laps} of {counted(target, 'lap')}"
        if target > 10:
            return (
                f'<text x="{x}" y="{y + 24}" font-size="21" font-weight="700" fill="{INK}">'
                f"{text}</text>"
            )
        size, gap = 18, 5
        boxes = []
        for index in range(target):
            fill = colour if index < laps else "none"
            boxes.append(
                f'<rect x="{x + index * (size + gap)}" y="{y + 8}" width="{size}" '
                f'height="{size}" rx="3" fill="{fill}" stroke="{INK}" stroke-width="2.5"/>'
            )
        boxes.append(
            f'<text x="{x + target * (size + gap) + 8}" y="{y + 24}" font-size="21" '
            f'font-weight="700" fill="{INK}">{text}</text>'
        )
        return "".join(boxes)


def lap_board_svg(table: Any, names: Sequence[str], *, leaders: Sequence[int] = ()) -> str:
    """The lap board of a Dotter state or observation as SVG text (see :class:`LapBoard`).

    >>> from cardmath.games import get_game
    >>> state = get_game("dotter").new_state(seed=1)
    >>> "Player 2: 0 laps, 0 points" in lap_board_svg(state, ["Player 1", "Player 2"])
    True
    """
    return LapBoard.of(table, names, leaders=leaders).svg()
