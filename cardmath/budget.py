"""Budgets: every search a student or teacher can start finishes in time and says so.

A :class:`Budget` is a limit on *work* (units a search counts as it goes: one pair of
values combined, one partner looked up, one expression built) and on *seconds*. A search
charges its budget as it works; once either limit is passed, the next charge raises
:class:`SearchStopped`, the search catches it and returns what it found so far, marked
incomplete, with a sentence for people such as "searched 2.1 million expressions in
1.0 s; closest so far: ...".

Work units make a stop reproducible: the same question with the same budget stops at the
same point on every machine. The seconds limit is the guarantee behind it, for work that
costs more time than its units say (huge powers); it counts the processor time of this
program, so other programs busy on the same machine do not move a stop (the sentence
reports the time that passed). The clock starts when the budget is made; one budget may
be shared by several searches (a bot's whole decision).

>>> budget = Budget(work=1_000)
>>> budget.charge(600)
>>> budget.charge(600)
Traceback (most recent call last):
  ...
cardmath.budget.SearchStopped: searched 1,200 expressions in 0.0 s
>>> budget.exhausted, Budget(work=10).exhausted
(True, False)
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar

from cardmath.errors import CardMathError

Answer = TypeVar("Answer")

__all__ = [
    "DECISION_SECONDS",
    "DECISION_WORK",
    "DEFAULT_SECONDS",
    "DEFAULT_WORK",
    "Budget",
    "SearchStopped",
    "amount",
    "budget_or_default",
    "decision_budget",
    "remembered",
]

DEFAULT_WORK = 400_000
"""Work units of a search nobody gave a budget: about half a second here (2 cores; a unit
is a few microseconds of work)."""

DEFAULT_SECONDS = 1.0
"""Processor seconds of a search nobody gave a budget: what a dashboard click may take."""

DECISION_WORK = 250_000
"""Work units one computer player's decision may spend (about half a second here)."""

DECISION_SECONDS = 0.8
"""Processor seconds one computer player's decision may take (a dashboard waits for it)."""

_CHECK_EVERY = 500
"""Work units between two looks at the clock (about a millisecond of searching)."""


class SearchStopped(CardMathError):
    """A search's budget is spent; the message says how much was searched, in how long.

    Searches catch it and return their partial result; a function that cannot return a
    partial result (such as :func:`cardmath.solver.reachable`) lets it through.
    """


def amount(count: int) -> str:
    """A count in words a student reads at a glance.

    >>> amount(950), amount(41_250), amount(2_140_000)
    ('950', '41,250', '2.1 million')
    """
    if count >= 1_000_000:
        return f"{count / 1_000_000:.1f} million"
    return f"{count:,}"


class Budget:
    """At most ``work`` units and ``seconds`` (of processor time) of searching (``None``: no
    limit of that kind).

    A budget is a running meter, so unlike most values here it changes: ``spent`` counts
    the units charged so far, and ``stopped`` is set once a limit has been passed (every
    later charge raises again, so all searches sharing it stop).

    A ``replayable`` budget (work only, no seconds) stops a search at the same point
    whatever was asked before: answers remembered by :func:`remembered` are charged the
    work they first took. A game engine lists its legal moves with one, so a seeded game
    replays move for move.
    """

    __slots__ = (
        "_check_at",
        "_parent",
        "replayable",
        "seconds",
        "spent",
        "started",
        "started_processor",
        "stopped",
        "work",
    )

    def __init__(
        self,
        work: int | None = DEFAULT_WORK,
        seconds: float | None = DEFAULT_SECONDS,
        *,
        replayable: bool = False,
        _parent: Budget | None = None,
    ) -> None:
        if work is not None and work < 0:
            raise CardMathError(f"a work budget is 0 units or more, not {work}")
        if seconds is not None and seconds < 0:
            raise CardMathError(f"a time budget is 0 seconds or more, not {seconds}")
        self.work = work
        self.seconds = seconds
        self.spent = 0
        self.started = time.perf_counter()
        self.started_processor = time.process_time()
        self.stopped = False
        self.replayable = replayable
        self._parent = _parent
        self._check_at = min(_CHECK_EVERY, work) if work is not None else _CHECK_EVERY

    @classmethod
    def unlimited(cls) -> Budget:
        """A budget that never stops a search (for benchmarks and exact reference runs)."""
        return cls(work=None, seconds=None)

    def __repr__(self) -> str:
        return f"Budget(work={self.work!r}, seconds={self.seconds!r}, spent={self.spent})"

    def elapsed(self) -> float:
        """Seconds since the budget was made, by the wall clock."""
        return time.perf_counter() - self.started

    def used(self) -> float:
        """Processor seconds this program has spent since the budget was made: what the
        ``seconds`` limit counts, so other programs on a busy machine do not move a stop."""
        return time.process_time() - self.started_processor

    def charge(self, units: int = 1) -> None:
        """Count ``units`` of work; raise :class:`SearchStopped` once a limit is passed."""
        self.spent += units
        if self._parent is not None:
            self._parent.charge(units)
        if self.spent >= self._check_at or self.stopped:
            self._check()

    def count(self, units: int) -> None:
        """Count ``units`` of work without stopping: for a search that stops only between
        whole steps (it asks :attr:`exhausted` before each)."""
        self.spent += units
        if self._parent is not None:
            self._parent.count(units)

    def _check(self) -> None:
        if self.stopped:
            raise SearchStopped(self.summary())
        over_work = self.work is not None and self.spent > self.work
        if over_work or (self.seconds is not None and self.used() > self.seconds):
            self.stopped = True
            raise SearchStopped(self.summary())
        self._check_at = self.spent + _CHECK_EVERY
        if self.work is not None:
            self._check_at = min(self._check_at, self.work + 1)

    @property
    def exhausted(self) -> bool:
        """Whether a limit has been passed (looks at the clock; never raises)."""
        if not self.stopped:
            over_work = self.work is not None and self.spent > self.work
            over_time = self.seconds is not None and self.used() > self.seconds
            self.stopped = over_work or over_time
        return self.stopped or (self._parent is not None and self._parent.exhausted)

    def part(self, share: float) -> Budget:
        """A budget for one stage of a search: ``share`` of what is left of this one.

        Its charges count here too, so the stage stops at its own limit or at this one's.

        >>> whole = Budget(work=1_000, seconds=None)
        >>> whole.part(0.5).work
        500
        """
        work = None if self.work is None else max(0, int((self.work - self.spent) * share))
        seconds = None
        if self.seconds is not None:
            seconds = max(0.0, (self.seconds - self.used()) * share)
        return Budget(work, seconds, replayable=self.replayable, _parent=self)

    def grace(self, work: int) -> Budget:
        """A small fresh budget to write down an answer after this one has stopped (a
        quarter of a second at most, unless this budget keeps no time)."""
        return Budget(work, None if self.seconds is None else 0.25, replayable=self.replayable)

    def summary(self, noun: str = "expressions") -> str:
        """What was searched, in how long: ``searched 2.1 million expressions in 1.0 s``."""
        return f"searched {amount(self.spent)} {noun} in {self.elapsed():.1f} s"


def decision_budget() -> Budget:
    """The budget of one computer player's decision (every game's bots use it)."""
    return Budget(work=DECISION_WORK, seconds=DECISION_SECONDS)


def budget_or_default(budget: Budget | None) -> Budget:
    """``budget`` itself, or a fresh default budget when none was given."""
    return Budget() if budget is None else budget


def remembered(
    maxsize: int, hit_cost: int = 1
) -> Callable[[Callable[..., tuple[Answer, bool]]], Callable[..., Answer]]:
    """Remember a search's complete answers, with the work each took.

    The search is called as ``search(*key, budget)`` and returns ``(answer, complete)``;
    the remembered function is called the same way and returns the answer. A remembered
    answer is charged to a :attr:`~Budget.replayable` budget at the work it first took
    (so a stop does not depend on what was asked before), to any other at ``hit_cost``
    units (what looking it up costs). Incomplete answers are never remembered.
    ``cache_clear()`` forgets everything.

    >>> @remembered(maxsize=10)
    ... def double(number, budget):
    ...     budget.charge(5)
    ...     return 2 * number, True
    >>> replay = Budget(work=100, seconds=None, replayable=True)
    >>> double(4, replay), double(4, replay), replay.spent
    (8, 8, 10)
    """

    def decorate(search: Callable[..., tuple[Answer, bool]]) -> Callable[..., Answer]:
        store: dict[tuple[Any, ...], tuple[Answer, int]] = {}  # oldest first

        @functools.wraps(search)
        def wrapper(*args: Any) -> Answer:
            key, budget = args[:-1], args[-1]
            known = store.get(key)
            if known is not None:
                answer, cost = known
                budget.charge(cost if budget.replayable else hit_cost)
                return answer
            before = budget.spent
            answer, complete = search(*args)
            if complete:
                store[key] = (answer, budget.spent - before)
                if len(store) > maxsize:
                    del store[next(iter(store))]
            return answer

        wrapper.cache_clear = store.clear  # type: ignore[attr-defined]
        return wrapper

    return decorate
