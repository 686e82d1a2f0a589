"""A lesson on the class server records every checked answer in the class record.

Nothing happens unless a class store is configured (:func:`cardmath.progress.configured_url`:
the class server, a hub): on Binder or offline an exercise is exactly what it was. When
one is, the first exercise of a lesson page carries the :class:`ClassBar`:

* it asks the student's name once (the browser keeps name and token in
  ``localStorage``, so every later lesson and a reload carry on as the same student; on a
  hub the hub's user name is used and nothing is asked);
* each Check is queued and written by a background thread, so storing never slows a
  lesson; if the store cannot be reached the bar says once that progress is not saved,
  and the lesson goes on;
* a thread looks at the board every second and covers the page while the teacher asks
  for "Eyes on the board" (:func:`board_cover` gives the same cover to a page that asks
  no name: a room's seat).

The homework page asks the name itself (``bar(ask=False)``) and signs in with
:meth:`ClassSession.sign_in`, so a student types one name, not two.

>>> session = ClassSession(url=None)
>>> session.enabled, session.bar() is None
(False, True)
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
from collections.abc import Callable
from html import escape
from pathlib import Path, PurePosixPath
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from cardmath.errors import CardMathError
from cardmath.rooms.errors import NameTaken
from widgets.components.button import button
from widgets.components.shared import set_display
from widgets.components.textbox import TextBox

__all__ = [
    "BoardCover",
    "BrowserKeeper",
    "ClassBar",
    "ClassSession",
    "board_cover",
    "class_session",
    "note_attempt",
]

POLL_SECONDS = 1.0
"""How often a student's page looks at the board (pause, resume)."""

NOT_SAVED = (
    "Your answers are not being saved for your teacher right now (the class record cannot "
    "be reached). Carry on: the lesson works as usual."
)

_COVER_JS = """
function cover(message) {
  let node = document.querySelector(".cm-board-cover");
  if (!message) { if (node) node.remove(); return; }
  if (!node) {
    node = document.createElement("div");
    node.className = "cm-board-cover";
    node.setAttribute("role", "alertdialog");
    node.setAttribute("aria-live", "assertive");
    node.style.cssText = "position:fixed;inset:0;z-index:100000;display:flex;" +
      "align-items:center;justify-content:center;background:rgba(20,24,40,0.96);" +
      "color:#fff;font-size:3rem;font-weight:700;text-align:center;padding:2rem;";
    document.body.appendChild(node);
  }
  node.textContent = message;
}
"""

_ESM = (
    _COVER_JS
    + """
const KEY = "cardmath-student";
function render({ model, el }) {
  el.classList.add("cm-browser-keeper");
  if (!model.get("loaded")) {
    let kept = {};
    try { kept = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) {}
    model.set("stored", JSON.stringify(kept));
    model.set("page", window.location.pathname);
    model.set("loaded", true);
    model.save_changes();
  }
  function keep() {
    const text = model.get("keep");
    if (text) { try { window.localStorage.setItem(KEY, text); } catch (e) {} }
  }
  function draw() { cover(model.get("cover")); }
  model.on("change:keep", keep);
  model.on("change:cover", draw);
  draw();
  return () => { model.off("change:keep", keep); model.off("change:cover", draw); };
}
export default { render };
"""
)

_COVER_ESM = (
    _COVER_JS
    + """
function render({ model, el }) {
  el.classList.add("cm-board-watch");
  function draw() { cover(model.get("cover")); }
  model.on("change:cover", draw);
  draw();
  return () => { model.off("change:cover", draw); cover(""); };
}
export default { render };
"""
)


class BoardCover(anywidget.AnyWidget):
    """Invisible: covers the whole page with the board's ``cover`` message ("Eyes on the
    board") while it is set. For pages that ask no name (a room's seat)."""

    _esm = _COVER_ESM
    cover = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        set_display(self, "none")


class BrowserKeeper(anywidget.AnyWidget):
    """Invisible: reads what the browser keeps (``stored``, the page's path), writes
    ``keep`` back, and draws the board's ``cover`` over the whole page."""

    _esm = _ESM
    stored = traitlets.Unicode("").tag(sync=True)
    page = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    keep = traitlets.Unicode("").tag(sync=True)
    cover = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        set_display(self, "none")


def lesson_of(path: str) -> str:
    """The lesson id of a page path or notebook file.

    >>> lesson_of("/voila/render/01-navigator.ipynb"), lesson_of("lessons/homework.ipynb")
    ('01-navigator', 'homework')
    """
    name = PurePosixPath(path.split("?", 1)[0]).name
    return name.removesuffix(".ipynb") or "lesson"


class ClassBar(w.VBox):
    """The name box (until the student is known), the "who you are" line, and the
    one-time notice that progress is not saved."""

    def __init__(self, session: ClassSession, *, ask: bool = True) -> None:
        self.session = session
        self.ask_name = ask
        """``False``: the page asks the name itself and signs in with :meth:`sign_in`
        (the homework page: one name box, not two)."""
        self._on_student: list[Callable[[Any], None]] = []
        self.keeper = BrowserKeeper()
        self.name_box = TextBox(placeholder="your name", label="your name", css="cm-class-name")
        self.name_box.on_submit(lambda _text: self.start())
        self.start_button = button("Start", "cm-class-start", self.start, style="primary")
        self.ask = w.HTML(
            '<div class="cm-class-ask">Your teacher follows this lesson: type your name '
            "(or the nickname your teacher knows) and press <b>Start</b>.</div>"
        )
        self.form = w.VBox([self.ask, w.HBox([self.name_box, self.start_button])])
        self.form.add_class("cm-class-form")
        set_display(self.form, "none")
        self.message = w.HTML()
        self.message.add_class("cm-class-message")
        from widgets.components.theme import stylesheet

        sheet = stylesheet(Path(__file__).with_name("progress.css"))
        super().__init__([sheet, self.keeper, self.form, self.message])
        self.add_class("cm-class-bar")
        self.keeper.observe(self._loaded, "loaded")

    def _loaded(self, _change: Any = None) -> None:
        if not self.keeper.loaded:
            return
        self.session.lesson = lesson_of(self.keeper.page) if self.keeper.page else None
        self.session.lesson = self.session.lesson or self.session.fallback_lesson()
        threading.Thread(target=self._come_back, name="class-bar", daemon=True).start()

    def _come_back(self) -> None:
        """Carry on as the student the browser remembers (or the hub's user)."""
        try:
            kept = json.loads(self.keeper.stored or "{}")
        except ValueError:
            kept = {}
        hub_user = os.environ.get("JUPYTERHUB_USER", "")
        try:
            record = self.session.record()
            if hub_user:
                self.session.student = record.claim(hub_user)
            elif isinstance(kept, dict) and kept.get("name") and kept.get("token"):
                self.session.student = record.resume(str(kept["name"]), str(kept["token"]))
        except CardMathError:
            self.session.student = None
        except Exception:
            self.session.failed()
            return
        if self.session.student is None:
            if self.ask_name:
                set_display(self.form, "flex")
        else:
            self.signed_in()
        self.session.started()

    def on_student(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(student)`` whenever the page learns who the student is."""
        self._on_student.append(callback)

    def start(self) -> None:
        """Register the typed name (refused with a sentence when empty, too long or taken)."""
        refused = self.sign_in(self.name_box.value)
        if refused:
            self.message.value = f'<div class="cm-bad">{escape(refused)}</div>'

    def sign_in(self, name: str) -> str | None:
        """Carry on as ``name``: registered if new, or "is this you?" on the browser that
        registered it. The sentence saying why not (empty, too long, taken), or ``None``
        when signed in, or when the store cannot be reached (then the page goes on and
        the bar says once that progress is not saved)."""
        try:
            student = self.session.record().register(name)
        except NameTaken as error:
            # "is this you?": only the browser that registered the name carries on as it
            student = self._kept_as(name)
            if student is None:
                return str(error)
        except CardMathError as error:
            return str(error)
        except Exception:
            self.session.failed()
            return None
        self.session.student = student
        self.keeper.keep = json.dumps({"name": student.name, "token": student.token})
        self.signed_in()
        self.session.started()
        return None

    def _kept_as(self, name: str) -> Any:
        """The student ``name`` if this browser holds that name's token, else ``None``."""
        try:
            kept = json.loads(self.keeper.stored or "{}")
            return self.session.record().resume(name, str(kept.get("token", "")))
        except (ValueError, AttributeError, CardMathError):
            return None

    def signed_in(self) -> None:
        set_display(self.form, "none")
        student = self.session.student
        name = student.name if student else ""
        self.message.value = (
            f'<div class="cm-class-who">Working as <b>{escape(name)}</b>: '
            "your teacher sees your answers.</div>"
        )
        for callback in self._on_student:
            with contextlib.suppress(Exception):
                callback(student)

    def not_saved(self) -> None:
        set_display(self.form, "none")
        self.message.value = f'<div class="cm-class-not-saved">{escape(NOT_SAVED)}</div>'


class ClassSession:
    """One kernel's link to the class record (one student, one lesson page)."""

    def __init__(self, url: str | None) -> None:
        self.url = url
        self.enabled = url is not None
        self.student: Any = None
        self.lesson: str | None = None
        self._record: Any = None
        self._bar: ClassBar | None = None
        self._shown = False
        self._lost = False
        self._queue: queue.Queue[tuple[str | None, str, str, bool, int]] = queue.Queue()
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._threads_started = False
        self._watching = False
        self._covers: list[Any] = []

    def fallback_lesson(self) -> str:
        """The lesson's name when the page did not say (JupyterLab names the session)."""
        return lesson_of(os.environ.get("JPY_SESSION_NAME", "")) or "lesson"

    def record(self) -> Any:
        """The class record, opened once (raises when the store cannot be reached)."""
        with self._lock:
            if self._record is None:
                from cardmath.progress.record import ClassRecord
                from widgets.rooms.connection import class_store

                self._record = ClassRecord(class_store(self.url))
            return self._record

    def bar(self, *, ask: bool = True) -> ClassBar | None:
        """The class bar, for the first exercise of the page only (``None`` otherwise,
        and always when no class store is configured). ``ask=False``: the page asks the
        name itself and calls :meth:`sign_in`."""
        if not self.enabled or self._shown:
            return None
        self._shown = True
        self._bar = ClassBar(self, ask=ask)
        self._covers.append(self._bar.keeper)
        return self._bar

    def sign_in(self, name: str) -> str | None:
        """Record this page's answers as ``name`` (see :meth:`ClassBar.sign_in`): the
        sentence saying why not, or ``None``. Nothing to do when recording is off, the
        store is lost, the student is already ``name``, or on a hub (the hub's user name
        is used)."""
        if not self.enabled or self._lost or self._bar is None:
            return None
        if os.environ.get("JUPYTERHUB_USER"):
            return None
        from cardmath.progress.record import clean_student_name

        try:
            text = clean_student_name(name)
        except CardMathError as error:
            return str(error)
        if self.student is not None and self.student.name.casefold() == text.casefold():
            return None
        return self._bar.sign_in(text)

    def board_cover(self) -> BoardCover | None:
        """A widget that covers its page while the teacher asks for "Eyes on the board"
        (``None`` when no class store is configured). Its page asks no name."""
        if not self.enabled:
            return None
        cover = BoardCover()
        self._covers.append(cover)
        self.watch_board()
        return cover

    def note(
        self, exercise: str, answer: str, ok: bool, hints: int, lesson: str | None = None
    ) -> None:
        """Queue one checked answer (returns at once); ``lesson`` defaults to the page's."""
        if self.enabled and not self._lost:
            self._queue.put((lesson, exercise, answer, ok, hints))

    def started(self) -> None:
        """The student is known (or will not be): start writing and watching the board."""
        if self._threads_started:
            return
        self._threads_started = True
        self._ready.set()
        threading.Thread(target=self._writer, name="class-writer", daemon=True).start()
        self.watch_board()

    def watch_board(self) -> None:
        """Look at the board every second (once per kernel)."""
        with self._lock:
            if self._watching:
                return
            self._watching = True
        threading.Thread(target=self._watcher, name="class-board", daemon=True).start()

    def failed(self) -> None:
        """The store cannot be reached: say so once, and record nothing more."""
        if self._lost:
            return
        self._lost = True
        if self._bar is not None:
            self._bar.not_saved()

    def _writer(self) -> None:
        while not self._lost:
            lesson, exercise, answer, ok, hints = self._queue.get()
            if self.student is None:  # not signed in: the answer is not kept
                continue
            lesson = lesson or self.lesson or "lesson"
            try:
                self.record().record(self.student, lesson, exercise, answer, ok=ok, hints=hints)
            except CardMathError:
                continue
            except Exception:
                self.failed()

    def _watcher(self) -> None:
        """Keep every cover of this kernel as the board says. A store that cannot be
        reached lifts the covers (a student is never left behind a stale pause) and is
        looked at again less often."""
        stop = threading.Event()
        while True:
            try:
                message, wait = self.record().paused() or "", POLL_SECONDS
            except Exception:
                message, wait = "", 5 * POLL_SECONDS
            for cover in list(self._covers):
                if cover.cover != message:
                    cover.cover = message
            stop.wait(wait)


_session: ClassSession | None = None


def class_session() -> ClassSession:
    """This kernel's :class:`ClassSession` (recording only with a configured store)."""
    global _session
    if _session is None:
        from cardmath.progress import configured_url

        _session = ClassSession(configured_url())
    return _session


def note_attempt(
    exercise: str, answer: str, ok: bool, hints: int, lesson: str | None = None
) -> None:
    """Record a checked answer, if this kernel records (never raises, never waits)."""
    with contextlib.suppress(Exception):  # recording must never break a lesson
        class_session().note(exercise, answer, ok, hints, lesson)


def board_cover() -> BoardCover | None:
    """This kernel's "Eyes on the board" cover for a page that asks no name (a room's
    seat), or ``None`` when no class store is configured (never raises)."""
    try:
        return class_session().board_cover()
    except Exception:  # the board must never break a page
        return None
