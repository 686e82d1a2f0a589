"""Serve a class from the teacher's laptop: ``make serve CLASS=30``.

Voilà on the classroom network, behind a class code, with warm kernels for the dashboards:

* **The class code** is Jupyter's token: short enough to read out (or chosen with
  ``--code``), carried in the link once (``?token=...``) and then kept by the browser in
  Jupyter's login cookie. Without it every page, file and kernel request is refused (a
  student who typed only the address gets Jupyter's sign-in form and types the code).
* **Only lessons and dashboards**: the served folder is ``lessons/``; tracebacks are never
  sent to pages; Voilà runs no code a page sends (only widget messages), and its file
  route (images beside a lesson) asks for the code too.
* **Warm dashboards**: every ``*-dashboard.ipynb`` (a pattern, so new games join by
  themselves) gets a pool of preheated kernels the size of the class (Voilà's
  ``preheat_denylist`` keeps the lessons out); so do the room pages (``room.ipynb``,
  ``room-table.ipynb``), whose pool follows the seats the teacher opened
  (:mod:`deploy.classpools`); refills are started one at a time
  (:class:`PacedKernelManager`) so they never take both cores from the class.
* **Kernels go when pages go**: a closing page's shutdown request works (the page needs
  Jupyter's ``_xsrf`` cookie, which Voilà never set for a rendered notebook), and a kernel
  no page is connected to is culled after :data:`CULL_IDLE_SECONDS` idle; a kernel with
  a page still open is never culled.
* **One visitor cannot spoil it for the others** (:mod:`deploy.classguard`): wrong codes
  are rate-limited per address, a kernel answers only the browser session it was given
  to, a browser holds at most a few kernels and the class at most its size plus a margin;
  query values Voilà would reflect into a page are checked first
  (:mod:`widgets.queryguard`), and pages load nothing from outside the server
  (:mod:`deploy.serve`).

The link students open goes into ``CARDMATH_CLASS_URL`` for the kernels
(:func:`widgets.classroom.class_banner` shows it on the projector).

    python -m deploy.classroom --size 30                 # what `make serve CLASS=30` runs
    python -m deploy.classroom --size 5 --bind 127.0.0.1 --address 127.0.0.1 --code demo42
"""

from __future__ import annotations

import argparse
import asyncio
import fnmatch
import ipaddress
import os
import secrets
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import tornado.web
from jupyter_server._tz import utcnow
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from traitlets import Float
from voila import app as voila_app
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import AllowListFileHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from deploy.classguard import (
    CURRENT_VISIT,
    KERNELS_PER_VISITOR,
    WRONG_CODE_WINDOW_SECONDS,
    WRONG_CODES_ALLOWED,
    ClassIdentityProvider,
    ClassKernelChannels,
    ClassKernelHandler,
    ClassRequestSocket,
    ClassShutdownHandler,
    Visit,
    class_margin,
    ensure_session,
    owning_manager,
    refuse,
)
from deploy.classpools import (
    ROOM_PAGES,
    ROOMS_EVERY_SECONDS,
    STATUS_EVERY_SECONDS,
    QuietRetirement,
    StatusHandler,
    following_pool_manager,
    is_teacher,
    small_pool,
    status_line,
)
from deploy.serve import TEMPLATE, PageHandler, SafeVoila, use_cardmath_template
from deploy.settings import Culling, culling_args, kernel_args, page_args

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
DASHBOARDS = "*-dashboard.ipynb"
"""Which notebooks get a class-sized pool of preheated kernels (a glob on the file name)."""

CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Letters and digits that cannot be misheard or misread (no 0/o, 1/l/i)."""
CODE_LENGTH = 6

CULL_IDLE_SECONDS = 90
"""A kernel with no page connected is shut down after this long without activity..."""
CULL_INTERVAL_SECONDS = 20
"""...checked this often: a closed or crashed tab's kernel is gone within two minutes."""
REFILL_INTERVAL_SECONDS = 1.5
"""At most one preheated kernel starts per interval (about one core's worth on 2 cores)..."""
REFILL_QUIET_SECONDS = 3.0
"""...and only once no page was asked for during this long (visitors come first)..."""
REFILL_MAX_WAIT_SECONDS = 60.0
"""...or once it has waited this long for such a moment."""
LOADING_GRACE_SECONDS = 300
"""A kernel whose page has not connected yet (still loading) is culled after this long."""
FILL_DELAY_SECONDS = 1.0
"""Voilà waits this long after handing out a kernel before asking for its replacement."""
IOPUB_TIMEOUT_SECONDS = 60
"""How long Voilà waits for a cell's output after the kernel says the cell is done. Its
default, 4 s, is shorter than a burst of visitors keeps two cores busy: the page then
came without its dashboard (a blank page), as measured with 3 visitors on a loaded
machine. Waiting costs nothing when the output comes at once."""
SERVER_DIGESTS = 1024
"""Signatures of kernel messages the server remembers per connection to a kernel (replayed
messages are refused), instead of jupyter_client's 65,536: about 105 bytes each, and every
kernel has two such connections (its activity watch, and each page speaking the first
websocket protocol). With 65,536 the server grew with every message relayed, about
3 KB a click of a page speaking that protocol, for hours; 1024 keep the last few hundred
clicks' worth, about 0.1 MB per connection."""
KERNEL_MB = 65
"""Resident memory of one warm Navigator dashboard kernel (measured 60 MB), for estimates."""


def new_class_code(length: int = CODE_LENGTH) -> str:
    """A fresh random class code (``secrets``), easy to read out and type.

    >>> code = new_class_code()
    >>> len(code), set(code) <= set(CODE_ALPHABET)
    (6, True)
    """
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


MIN_CODE_LENGTH = 6
"""Shortest class code a teacher may choose: with wrong codes limited to
:data:`WRONG_CODES_ALLOWED` a minute per address, guessing one takes years."""


def check_class_code(code: str) -> str:
    """A class code the teacher chose: 6 to 40 letters, digits, ``-`` or ``_``.

    >>> check_class_code("maths-7b")
    'maths-7b'
    >>> check_class_code("a b")
    Traceback (most recent call last):
    ...
    ValueError: a class code is 6 to 40 letters, digits, '-' or '_' (got 'a b')
    >>> check_class_code("7b7b")
    Traceback (most recent call last):
    ...
    ValueError: a class code is 6 to 40 letters, digits, '-' or '_' (got '7b7b')
    """
    allowed = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
    if not MIN_CODE_LENGTH <= len(code) <= 40 or not set(code) <= allowed:
        raise ValueError(
            f"a class code is {MIN_CODE_LENGTH} to 40 letters, digits, '-' or '_'"
            f" (got {code[:40]!r})"
        )
    return code


_VIRTUAL = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "lxc", "tun", "tap", "wg", "zt")


def classroom_address(interfaces: Mapping[str, Sequence[str]], up: Iterable[str]) -> str | None:
    """The IPv4 address students on the local network reach this laptop at.

    ``interfaces`` maps an interface name to its IPv4 addresses, ``up`` names the
    interfaces that are up. Loopback, link-local and virtual bridges (containers, VMs,
    VPNs) are skipped; private addresses come first. Nothing is sent on the network.

    >>> classroom_address({"lo": ["127.0.0.1"], "docker0": ["172.17.0.1"],
    ...                    "wlan0": ["192.168.1.20"]}, up=["lo", "docker0", "wlan0"])
    '192.168.1.20'
    >>> classroom_address({"lo": ["127.0.0.1"]}, up=["lo"]) is None
    True
    """
    up = set(up)
    found: list[tuple[int, str]] = []
    for name, addresses in interfaces.items():
        if name not in up or name.startswith(_VIRTUAL):
            continue
        for text in addresses:
            try:
                address = ipaddress.IPv4Address(text)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            found.append((0 if address.is_private else 1, text))
    return min(found)[1] if found else None


def local_classroom_address() -> str | None:
    """:func:`classroom_address` of this machine's interfaces (read with psutil)."""
    import socket

    import psutil

    interfaces = {
        name: [a.address for a in addresses if a.family == socket.AF_INET]
        for name, addresses in psutil.net_if_addrs().items()
    }
    up = [name for name, stats in psutil.net_if_stats().items() if stats.isup]
    return classroom_address(interfaces, up)


def class_link(address: str, port: int, code: str) -> str:
    """The link students open: it carries the class code once, then the browser keeps it.

    >>> class_link("192.168.1.20", 8866, "k7qm2x")
    'http://192.168.1.20:8866/?token=k7qm2x'
    """
    return f"http://{address}:{port}/?token={code}"


def preheat_denylist(pattern: str = DASHBOARDS, *also: str) -> list[str]:
    """Voilà's ``preheat_denylist`` that leaves only notebooks named like ``pattern`` (or
    like one of the globs ``also``).

    Voilà matches each entry at the start of a notebook's path: one negative look-ahead
    denies every notebook whose file name matches none of the globs.

    >>> import re
    >>> [deny] = preheat_denylist("*-dashboard.ipynb", "room.ipynb")
    >>> [bool(re.match(deny, n)) for n in
    ...  ("01-navigator.ipynb", "navigator-dashboard.ipynb", "games/sum15-dashboard.ipynb",
    ...   "room.ipynb", "classroom.ipynb")]
    [True, False, False, False, True]
    """
    globs = "|".join(f"(?:{fnmatch.translate(glob)})" for glob in (pattern, *also))
    return [rf"^(?!(?:.*/)?(?:{globs}))"]


@dataclass(frozen=True)
class ClassSettings:
    """Everything that decides how a class is served."""

    size: int = 30
    port: int = 8866
    code: str = ""
    teacher_code: str = ""
    bind: str = "0.0.0.0"
    address: str = "127.0.0.1"
    root: Path = LESSONS
    dashboards: str = DASHBOARDS
    theme: str = "light"
    cull_idle_seconds: int = CULL_IDLE_SECONDS
    cull_interval_seconds: int = CULL_INTERVAL_SECONDS
    refill_interval_seconds: float = REFILL_INTERVAL_SECONDS
    refill_quiet_seconds: float = REFILL_QUIET_SECONDS
    loading_grace_seconds: float = LOADING_GRACE_SECONDS
    fill_delay_seconds: float = FILL_DELAY_SECONDS
    kernels_per_visitor: int = KERNELS_PER_VISITOR
    wrong_codes_allowed: int = WRONG_CODES_ALLOWED
    wrong_code_window_seconds: float = WRONG_CODE_WINDOW_SECONDS

    @property
    def link(self) -> str:
        return class_link(self.address, self.port, self.code)

    @property
    def max_visitor_kernels(self) -> int:
        """Kernels all visitors together may hold: the class plus a margin (pool aside)."""
        return self.size + class_margin(self.size)

    @property
    def follows_teacher(self) -> bool:
        """Whether pools follow the teacher: every dashboard is served (no ``GAME=``)."""
        return self.dashboards == DASHBOARDS

    @property
    def warm_pool(self) -> int:
        """Warm kernels per dashboard before the teacher opens one: a small pool when
        pools follow the teacher, else (one game chosen) the class.

        >>> ClassSettings(size=30).warm_pool, ClassSettings(30, dashboards="a.ipynb").warm_pool
        (2, 30)
        """
        return small_pool(self.size) if self.follows_teacher else self.size

    def room_notebooks(self) -> list[str]:
        """The room pages under ``root`` (a small pool, the students' one follows the seats
        opened), unless ``dashboards`` names them (then they get the class's pool)."""
        return [
            page
            for page in ROOM_PAGES
            if (self.root / page).is_file() and not fnmatch.fnmatch(page, self.dashboards)
        ]

    def dashboard_notebooks(self) -> list[str]:
        """The notebooks under ``root`` that get a class-sized pool."""
        return sorted(
            str(path.relative_to(self.root))
            for path in self.root.rglob("*.ipynb")
            if fnmatch.fnmatch(path.name, self.dashboards)
            and ".ipynb_checkpoints" not in path.parts
        )

    def voila_argv(self) -> list[str]:
        """Voilà's command line for this class (the folder first)."""
        return [
            str(self.root),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.port_retries=0",
            f"--Voila.ip={self.bind}",
            f"--token={self.code}",
            f"--theme={self.theme}",
            f"--template={TEMPLATE}",
            "--show_tracebacks=False",
            f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT_SECONDS}",
            *page_args(),
            *kernel_args(),
            "--preheat_kernel=True",
            f"--pool_size={self.warm_pool}",
            f"--VoilaKernelManager.fill_delay={self.fill_delay_seconds}",
            *culling_args(Culling(self.cull_idle_seconds, self.cull_interval_seconds)),
        ]


class ClassPageHandler(PageHandler):
    """Voilà's notebook page (with its ``_xsrf`` cookie, :class:`deploy.serve.PageHandler`)
    for a browser session within its kernel caps; the kernel is that session's.

    The handler also notes when pages were last asked for, so that refilling the pool
    waits while visitors arrive.
    """

    last_request = 0.0
    rendering = 0

    @classmethod
    def quiet_for(cls) -> float:
        """Seconds since the last page was served (0 while one is being served)."""
        return 0.0 if cls.rendering else time.monotonic() - cls.last_request

    @tornado.web.authenticated
    async def get(self, path=None):
        session = ensure_session(self)
        manager = self.kernel_manager
        refusal = manager.refusal(session) if hasattr(manager, "refusal") else None
        if refusal is not None:
            status, title, sentence = refusal
            refuse(self, status, title, sentence, retry_after=30)
        if is_teacher(self.request.remote_ip) and hasattr(manager, "follow"):
            # (room pages are left out: their pool follows the rooms' store)
            manager.follow(path)  # the teacher's dashboard: warm it for the class
        visit = Visit(session)
        visits = getattr(manager, "visits", set())
        visits.add(visit)
        token = CURRENT_VISIT.set(visit)
        ClassPageHandler.rendering += 1
        try:
            await super().get(path)
        finally:
            ClassPageHandler.rendering -= 1
            ClassPageHandler.last_request = time.monotonic()
            CURRENT_VISIT.reset(token)
            visits.discard(visit)


def paced_pool_manager(voila_manager: type) -> type:
    """Voilà's pooling kernel manager, refilling the pools when visitors let it.

    After a burst of 30 visitors, Voilà would prepare 30 kernels at once to refill the
    pool: each costs the server a notebook render and the kernel a start and a notebook
    run, a second or two of CPU taken from the visitors whose pages are still loading.
    Here a pool kernel is prepared only when no page was served in the last
    ``refill_quiet`` seconds (or after ``refill_max_wait``, so a steady stream of
    visitors cannot stop the refill), and at most one per ``refill_interval``. A pool
    kernel a visitor is already waiting for (the pool ran dry) is prepared at once.
    """

    class PacedKernelManager(voila_manager):
        refill_interval = Float(
            REFILL_INTERVAL_SECONDS, config=True, help="Seconds between two pool kernels."
        )
        refill_quiet = Float(
            REFILL_QUIET_SECONDS, config=True, help="Seconds without pages before a refill."
        )
        refill_max_wait = Float(
            REFILL_MAX_WAIT_SECONDS, config=True, help="Longest a refill waits for quiet."
        )

        loading_grace = Float(
            LOADING_GRACE_SECONDS,
            config=True,
            help="Idle seconds before culling a kernel whose page never connected.",
        )

        def __init__(self, **kwargs) -> None:
            self._last_start = 0.0
            self._connected_once: set[str] = set()
            super().__init__(**kwargs)

        def notify_connect(self, kernel_id: str) -> None:
            # a page that connected, even for less than one cull interval, has loaded:
            # once it goes, its kernel gets the ordinary timeout, not the loading grace
            self._connected_once.add(kernel_id)
            super().notify_connect(kernel_id)

        async def cull_kernel_if_idle(self, kernel_id: str):
            # a page still loading on a slow laptop has not connected yet: it gets
            # loading_grace; a page that connected and went (a closed lid) gets the
            # ordinary timeout (notify_connect marks a page that connected)
            if kernel_id not in self._connected_once:
                kernel = self._kernels.get(kernel_id)
                last = getattr(kernel, "last_activity", None)
                if last is not None and utcnow() - last < timedelta(seconds=self.loading_grace):
                    return None
            return await super().cull_kernel_if_idle(kernel_id)

        async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
            self._connected_once.discard(kernel_id)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

        def _awaited_by_visitor(self, task: asyncio.Task | None) -> bool:
            pools = getattr(self, "_pools", {})  # Voilà's pools: tasks not yet handed out
            return task is not None and not any(task in pool for pool in pools.values())

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is None:  # a new pool kernel (not a restart)
                task = asyncio.current_task()
                waiting_since = time.monotonic()
                while True:
                    now = time.monotonic()
                    spaced = now - self._last_start >= self.refill_interval
                    quiet = ClassPageHandler.quiet_for() >= self.refill_quiet
                    waited = now - waiting_since >= self.refill_max_wait
                    if getattr(self, "retired", lambda _: False)(task):
                        raise asyncio.CancelledError  # the pool shrank before it started
                    if self._awaited_by_visitor(task) or (spaced and (quiet or waited)):
                        break
                    await asyncio.sleep(0.2)
                self._last_start = time.monotonic()
            return await super()._initialize(notebook_path, kernel_id, **kwargs)

    return PacedKernelManager


class ClassFileHandler(JupyterHandler, AllowListFileHandler):
    """Voilà's files beside the notebooks (images), for people with the class code only."""

    @tornado.web.authenticated
    def get(self, path, include_body=True):
        return AllowListFileHandler.get(self, path, include_body)

    @tornado.web.authenticated
    def head(self, path):
        return AllowListFileHandler.head(self, path)


class ClassroomVoila(SafeVoila):
    """:class:`deploy.serve.SafeVoila` with the class's page, file and kernel handlers,
    kernels owned by browser sessions and paced pool refills."""

    page_handler = ClassPageHandler

    def init_settings(self):
        # Voilà builds its pooling kernel manager class inside init_settings; the class's
        # pacing and ownership subclass it there (only for this call: nothing else changes)
        factory = voila_app.voila_kernel_manager_factory

        def class_factory(*args, **kwargs):
            manager = factory(*args, **kwargs)
            if hasattr(manager, "_initialize"):
                manager = following_pool_manager(paced_pool_manager(manager))
            return owning_manager(manager)

        voila_app.voila_kernel_manager_factory = class_factory
        try:
            return super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = factory

    status_every = Float(STATUS_EVERY_SECONDS, config=True, help="Seconds between status lines.")
    rooms_every = Float(
        ROOMS_EVERY_SECONDS, config=True, help="Seconds between two readings of the rooms."
    )

    def read_rooms(self) -> None:
        """Read the rooms' store (in a thread) and size the room page's pool to the seats
        waiting (:meth:`FollowingKernelManager.follow_rooms`); a store that cannot be read
        changes nothing."""
        manager = self.kernel_manager
        if getattr(self, "_reading_rooms", False) or not hasattr(manager, "follow_rooms"):
            return

        def rooms() -> list[dict]:
            if getattr(self, "_rooms_store", None) is None:
                from cardmath.rooms import open_store

                self._rooms_store = open_store()
            return self._rooms_store.rooms()

        async def read() -> None:
            self._reading_rooms = True
            try:
                manager.follow_rooms(await asyncio.to_thread(rooms))
            except Exception as error:  # the store is the kernels' business: log and go on
                self.log.warning("cardmath: the rooms could not be read: %s", error)
            finally:
                self._reading_rooms = False

        self._rooms_task = asyncio.ensure_future(read())

    def init_handlers(self):
        from jupyter_server.utils import url_path_join
        from tornado.ioloop import IOLoop, PeriodicCallback

        def print_status() -> None:
            if hasattr(self.kernel_manager, "status"):
                print(time.strftime("%H:%M"), status_line(self.kernel_manager.status()), flush=True)

        self.log.addFilter(QuietRetirement(self.kernel_manager))
        if self.status_every > 0:
            printer = PeriodicCallback(print_status, self.status_every * 1000)
            IOLoop.current().add_callback(printer.start)
        if self.rooms_every > 0 and getattr(self.kernel_manager, "room_class_size", 0) > 0:
            reader = PeriodicCallback(self.read_rooms, self.rooms_every * 1000)
            IOLoop.current().add_callback(reader.start)
        status_route = (url_path_join(self.base_url, "cardmath/status"), StatusHandler)
        return [status_route, *super().init_handlers()]

    def handler_replacements(self) -> dict[type, type]:
        return {
            **super().handler_replacements(),
            AllowListFileHandler: ClassFileHandler,
            KernelHandler: ClassKernelHandler,
            VoilaKernelWebsocketHandler: ClassKernelChannels,
            VoilaShutdownKernelHandler: ClassShutdownHandler,
            RequestInfoSocketHandler: ClassRequestSocket,
        }


def serve(settings: ClassSettings) -> None:
    """Start Voilà for the class (blocks until stopped)."""
    from traitlets.config import Config

    from widgets.classroom import CLASS_URL_VARIABLE
    from widgets.frame.query import SERVER_CODE_VARIABLE
    from widgets.progress.teacher import TEACHER_CODE_VARIABLE

    os.environ[CLASS_URL_VARIABLE] = settings.link
    os.environ[SERVER_CODE_VARIABLE] = settings.code  # the kernels' key to the request socket
    os.environ[TEACHER_CODE_VARIABLE] = settings.teacher_code  # opens teacher.ipynb
    use_cardmath_template()
    if settings.bind not in ("0.0.0.0", ""):
        os.environ["VOILA_APP_IP"] = settings.bind  # where preheated kernels ask for their URL
    config = Config()
    config.VoilaKernelManager.preheat_denylist = preheat_denylist(settings.dashboards, *ROOM_PAGES)
    config.Session.digest_history_size = SERVER_DIGESTS
    config.PacedKernelManager.refill_interval = settings.refill_interval_seconds
    config.PacedKernelManager.refill_quiet = settings.refill_quiet_seconds
    config.PacedKernelManager.loading_grace = settings.loading_grace_seconds
    config.FollowingKernelManager.class_size = settings.size if settings.follows_teacher else 0
    config.FollowingKernelManager.room_class_size = settings.size
    config.FollowingKernelManager.room_pages = [
        page for page in ROOM_PAGES if not fnmatch.fnmatch(page, settings.dashboards)
    ]
    config.OwningKernelManager.kernels_per_visitor = settings.kernels_per_visitor
    config.OwningKernelManager.max_visitor_kernels = settings.max_visitor_kernels
    config.ClassroomVoila.identity_provider_class = ClassIdentityProvider
    config.ClassIdentityProvider.wrong_codes_allowed = settings.wrong_codes_allowed
    config.ClassIdentityProvider.wrong_code_window = settings.wrong_code_window_seconds
    ClassroomVoila.launch_instance(argv=settings.voila_argv(), config=config)


def announcement(settings: ClassSettings, lan_found: bool) -> str:
    """What the teacher reads in the terminal before the class comes in."""
    notebooks = settings.dashboard_notebooks()
    kernels = settings.warm_pool * len(notebooks)
    lines = [
        "",
        "cardmath: serving a class",
        f"  Students open   {settings.link}",
        f"  Class code      {settings.code}   (typed on the sign-in page if they open the",
        "                  address without it; nobody gets in without it)",
        f"  Teacher's code  {settings.teacher_code}   (yours only: opens teacher.ipynb,"
        " the rooms and the class's progress)",
    ]
    if not lan_found:
        lines.append(
            "  (no classroom network found: this address works on this computer only;"
            " connect to the network or give ADDRESS=...)"
        )
    warm_seconds = kernels * settings.refill_interval_seconds + 10
    ready = f"{warm_seconds / 60:.0f} min" if warm_seconds >= 90 else f"{warm_seconds:.0f} s"
    lines.append(
        f"  Warm dashboards {', '.join(notebooks) or 'none'}: {settings.warm_pool} kernels"
        f" each, {kernels} in all (about {kernels * KERNEL_MB / 1024:.1f} GB), ready in"
        f" about {ready}"
    )
    rooms = settings.room_notebooks()
    if rooms:
        small = small_pool(settings.size)
        lines.append(
            f"  Room pages      {', '.join(rooms)}: {small} warm kernels each; when you open"
            f" rooms, the students' page is warmed for the seats waiting (at most"
            f" {settings.size}), and goes back to {small} once they are taken"
        )
    if settings.follows_teacher and settings.size > settings.warm_pool:
        grow = (settings.size - settings.warm_pool) * settings.refill_interval_seconds + 10
        lines.append(
            f"  The dashboard you open on this computer (the projector) gets {settings.size}"
            f" warm kernels within about {grow:.0f} s; the one you leave goes back to"
            f" {settings.warm_pool}. Status: every {STATUS_EVERY_SECONDS // 60} min here,"
            f" and {settings.link.split('?')[0]}cardmath/status on this computer."
        )
    lines.append(
        f"  Closed pages free their kernel; unconnected kernels go after"
        f" {settings.cull_idle_seconds} s. Stop with Ctrl+C."
    )
    lines.append(
        f"  Limits          {settings.kernels_per_visitor} pages per browser,"
        f" {settings.max_visitor_kernels} for the class (besides the warm ones);"
        f" {settings.wrong_codes_allowed} wrong codes a minute per computer"
    )
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=30, help="students in the class (pool size)")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--code", default="", help="class code (default: a new random one)")
    parser.add_argument(
        "--teacher-code", default="", help="teacher's code (default: a new random one)"
    )
    parser.add_argument(
        "--address", default="", help="address students type (default: this laptop's)"
    )
    parser.add_argument("--bind", default="0.0.0.0", help="interface to listen on (default: all)")
    parser.add_argument("--theme", default="light")
    parser.add_argument("--root", type=Path, default=LESSONS, help="folder of lessons")
    parser.add_argument(
        "--dashboards", default=DASHBOARDS, help="glob of notebooks that get a class pool"
    )
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE_SECONDS)
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL_SECONDS)
    parser.add_argument("--fill-delay", type=float, default=FILL_DELAY_SECONDS)
    parser.add_argument("--refill-interval", type=float, default=REFILL_INTERVAL_SECONDS)
    parser.add_argument("--refill-quiet", type=float, default=REFILL_QUIET_SECONDS)
    parser.add_argument("--loading-grace", type=float, default=LOADING_GRACE_SECONDS)
    parser.add_argument(
        "--tabs", type=int, default=KERNELS_PER_VISITOR, help="pages one browser may have open"
    )
    parser.add_argument(
        "--wrong-codes",
        type=int,
        default=WRONG_CODES_ALLOWED,
        help="wrong class codes one computer may send a minute",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.size <= 200:
        parser.error("a class has 1 to 200 students")
    try:
        code = check_class_code(args.code) if args.code else new_class_code()
        teacher_code = (
            check_class_code(args.teacher_code) if args.teacher_code else new_class_code(10)
        )
        if teacher_code == code:
            raise ValueError("the teacher's code must differ from the class code")
    except ValueError as error:
        parser.error(str(error))
    lan = args.address or local_classroom_address()
    settings = ClassSettings(
        size=args.size,
        port=args.port,
        code=code,
        teacher_code=teacher_code,
        bind=args.bind,
        address=lan or "127.0.0.1",
        root=args.root.resolve(),
        dashboards=args.dashboards,
        theme=args.theme,
        cull_idle_seconds=args.cull_idle,
        cull_interval_seconds=args.cull_interval,
        fill_delay_seconds=args.fill_delay,
        refill_interval_seconds=args.refill_interval,
        refill_quiet_seconds=args.refill_quiet,
        loading_grace_seconds=args.loading_grace,
        kernels_per_visitor=args.tabs,
        wrong_codes_allowed=args.wrong_codes,
    )
    print(announcement(settings, lan_found=bool(lan)), flush=True)
    serve(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
