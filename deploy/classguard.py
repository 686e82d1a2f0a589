"""What keeps one visitor of the class server from spoiling the lesson for the others.

* **Wrong codes are slowed down**: after :data:`WRONG_CODES_ALLOWED` wrong class codes
  from one address within :data:`WRONG_CODE_WINDOW_SECONDS`, every code from that address
  is answered 429 (with how long to wait) until the oldest wrong one is that old.
* **Kernels belong to a browser session**: the page handler gives the browser a signed
  session cookie and the kernel its page was rendered with is that session's; every
  kernel route (its API, its websocket, Voilà's shutdown) answers 403 to any other
  session. A pool kernel not yet handed out belongs to nobody.
* **Kernels are capped**: a session holds at most :data:`KERNELS_PER_VISITOR` (more tabs
  get a "too many tabs open" page), and visitors altogether at most the class size plus a
  margin (then "the class is full"), on top of the warm pool.
* **Voilà's request socket** (``/voila/query/<kernel>``, where a preheated kernel waits
  for its visitor's address) asks for the class code, which the class server gives its
  kernels in ``CARDMATH_SERVER_CODE``.
"""

from __future__ import annotations

import hmac
import html
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, NoReturn

import tornado.web
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.handlers import KernelHandler
from traitlets import Float, Int
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

WRONG_CODES_ALLOWED = 10
"""Wrong class codes one address may send within :data:`WRONG_CODE_WINDOW_SECONDS`..."""
WRONG_CODE_WINDOW_SECONDS = 60.0
"""...before every code it sends is refused for the rest of that window."""
KERNELS_PER_VISITOR = 3
"""Lessons and dashboards one browser may have open at once on the class server."""


def class_margin(size: int) -> int:
    """Kernels beyond one per student that visitors may hold (second tabs, reloads).

    >>> class_margin(30), class_margin(2)
    (10, 2)
    """
    return max(2, size // 3)


def readable_page(title: str, *sentences: str) -> str:
    """A small page a student can read (every sentence escaped).

    >>> "<h1>Full</h1>" in readable_page("Full", "a < b")
    True
    """
    body = "".join(f"<p>{html.escape(s)}</p>" for s in sentences)
    return (
        "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title></head>"
        '<body style="font: 20px/1.5 sans-serif; max-width: 40em; margin: 3em auto">'
        f"<h1>{html.escape(title)}</h1>{body}</body></html>"
    )


def refuse(
    handler: tornado.web.RequestHandler,
    status: int,
    title: str,
    *sentences: str,
    retry_after: float | None = None,
) -> NoReturn:
    """Answer ``status`` with a readable page and stop handling the request."""
    handler.clear()
    handler.set_status(status)
    handler.set_header("Content-Type", "text/html; charset=UTF-8")
    handler.set_header("Cache-Control", "no-store")
    if retry_after is not None:
        handler.set_header("Retry-After", str(int(retry_after) + 1))
    handler.finish(readable_page(title, *sentences))
    raise tornado.web.Finish()


class WrongCodes:
    """Wrong class codes per address, in a sliding window.

    >>> now = [0.0]
    >>> codes = WrongCodes(allowed=2, window=60, clock=lambda: now[0])
    >>> codes.record("10.0.0.7"); codes.record("10.0.0.7"); now[0] = 15.0
    >>> codes.wait("10.0.0.7"), codes.wait("10.0.0.8")
    (45.0, 0.0)
    >>> now[0] = 61.0; codes.wait("10.0.0.7")
    0.0
    """

    def __init__(
        self,
        allowed: int = WRONG_CODES_ALLOWED,
        window: float = WRONG_CODE_WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.allowed, self.window, self.clock = allowed, window, clock
        self._times: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        times = self._times.setdefault(address, deque())
        while times and self.clock() - times[0] >= self.window:
            times.popleft()
        if not times:
            del self._times[address]
            return deque()
        return times

    def wait(self, address: str) -> float:
        """Seconds before ``address`` may send a code again (0.0: now)."""
        times = self._recent(address)
        if len(times) < self.allowed:
            return 0.0
        return max(0.0, times[-self.allowed] + self.window - self.clock())

    def record(self, address: str) -> None:
        self._times.setdefault(address, deque()).append(self.clock())


class ClassIdentityProvider(PasswordIdentityProvider):
    """Voilà's sign-in (the class code as Jupyter's token), wrong codes rate-limited per address."""

    wrong_codes_allowed = Int(WRONG_CODES_ALLOWED, config=True, help="Wrong codes per window.")
    wrong_code_window = Float(WRONG_CODE_WINDOW_SECONDS, config=True, help="Window in seconds.")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.wrong_codes = WrongCodes(self.wrong_codes_allowed, self.wrong_code_window)

    def _offered_code(self, handler: tornado.web.RequestHandler) -> str:
        offered = self.get_token(handler) or ""  # ?token=, the sign-in form's is below
        if not offered and handler.request.method == "POST":
            offered = handler.get_body_argument("password", "")
        return offered

    async def _get_user(self, handler: tornado.web.RequestHandler):
        offered = self._offered_code(handler)
        if offered and not getattr(handler, "_cardmath_code_checked", False):
            handler._cardmath_code_checked = True  # type: ignore[attr-defined]
            address = handler.request.remote_ip or ""
            wait = self.wrong_codes.wait(address)
            if wait > 0:
                refuse(
                    handler,
                    429,
                    "Too many wrong codes",
                    "This computer typed the class code wrong too many times.",
                    f"Wait {int(wait) + 1} seconds, then type the code again"
                    " (or ask your teacher for it).",
                    retry_after=wait,
                )
            if not hmac.compare_digest(offered.encode(), str(self.token).encode()):
                self.wrong_codes.record(address)
        return await super()._get_user(handler)


def session_cookie_name(handler: tornado.web.RequestHandler) -> str:
    """The session cookie's name, one per server address (two servers on one host)."""
    host = handler.request.host or ""
    return "cardmath-session-" + "".join(c if c.isalnum() else "-" for c in host)


def session_of(handler: tornado.web.RequestHandler) -> str | None:
    """The browser session a request comes from (the signed cookie), if it has one."""
    value = handler.get_secure_cookie(session_cookie_name(handler))
    return value.decode() if value else None


def ensure_session(handler: tornado.web.RequestHandler) -> str:
    """The request's session, a new one (and its cookie) if it has none."""
    session = session_of(handler)
    if session is None:
        session = secrets.token_urlsafe(18)
        handler.set_secure_cookie(
            session_cookie_name(handler),
            session,
            expires_days=None,
            httponly=True,
            samesite="Lax",
            path=handler.settings.get("base_url", "/"),
        )
    return session


@dataclass(eq=False)
class Visit:
    """A page being rendered for ``session``; ``kernel_id`` once it has its kernel."""

    session: str
    kernel_id: str | None = None


CURRENT_VISIT: ContextVar[Visit | None] = ContextVar("cardmath_visit", default=None)


def owning_manager(manager: type) -> type:
    """``manager`` (Voilà's kernel manager) remembering which session each kernel is for."""

    class OwningKernelManager(manager):
        kernels_per_visitor = Int(KERNELS_PER_VISITOR, config=True, help="Tabs per browser.")
        max_visitor_kernels = Int(
            40, config=True, help="Kernels all visitors may hold (the warm pool comes on top)."
        )

        def __init__(self, **kwargs: Any) -> None:
            self.owners: dict[str, str] = {}
            self.visits: set[Visit] = set()
            super().__init__(**kwargs)

        def _claim(self, kernel_id: str) -> None:
            visit = CURRENT_VISIT.get()
            if visit is not None and visit.kernel_id is None:
                visit.kernel_id = kernel_id
                self.owners[kernel_id] = visit.session

        async def start_kernel(self, *args: Any, **kwargs: Any):
            kernel_id = await super().start_kernel(*args, **kwargs)
            if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":  # not a pool kernel
                self._claim(kernel_id)
            return kernel_id

        async def get_rendered_notebook(self, *args: Any, **kwargs: Any):
            result = await super().get_rendered_notebook(*args, **kwargs)
            self._claim(result[2])
            return result

        async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any):
            self.owners.pop(kernel_id, None)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

        def refusal(self, session: str) -> tuple[int, str, str] | None:
            """Why ``session`` may not have one more kernel now (``None``: it may)."""
            alive = set(self.list_kernel_ids())
            for kernel_id in [k for k in self.owners if k not in alive]:
                del self.owners[kernel_id]
            held = Counter(self.owners.values())
            waiting = [v for v in self.visits if v.kernel_id is None]
            mine = held[session] + sum(v.session == session for v in waiting)
            if mine >= self.kernels_per_visitor:
                return (
                    429,
                    "You have too many tabs open",
                    f"This browser already has {mine} lessons or dashboards open on the class"
                    f" server, the most one student may. Close a tab you no longer need,"
                    f" then reload this page.",
                )
            if sum(held.values()) + len(waiting) >= self.max_visitor_kernels:
                return (
                    503,
                    "The class is full",
                    f"The class server is already running {self.max_visitor_kernels} lessons"
                    " and dashboards, as many as it was started for. Close a tab you no"
                    " longer need and reload this page in a minute, or ask your teacher.",
                )
            return None

    return OwningKernelManager


def _route_kernel(handler: tornado.web.RequestHandler) -> str:
    """The kernel id in a kernel route (named in Jupyter's routes, positional in Voilà's)."""
    return handler.path_kwargs.get("kernel_id") or (handler.path_args or [""])[0]


def owns(handler: tornado.web.RequestHandler, kernel_id: str) -> bool:
    """Whether the request's browser session was given ``kernel_id``."""
    session = session_of(handler)
    owners = getattr(handler.kernel_manager, "owners", {})  # type: ignore[attr-defined]
    return session is not None and owners.get(kernel_id) == session


class ClassKernelHandler(KernelHandler):
    """``/api/kernels/<id>``: for the session the kernel was given to only."""

    async def prepare(self, **kwargs: Any) -> None:  # type: ignore[override]
        await super().prepare(**kwargs)
        if not self._finished and not owns(self, _route_kernel(self)):
            raise tornado.web.HTTPError(403, "this kernel belongs to another page")


class ClassShutdownHandler(VoilaShutdownKernelHandler):
    """Voilà's shutdown on page close: for the session the kernel was given to only."""

    async def prepare(self, **kwargs: Any) -> None:  # type: ignore[override]
        await super().prepare(**kwargs)
        if not self._finished and not owns(self, _route_kernel(self)):
            raise tornado.web.HTTPError(403, "this kernel belongs to another page")


class ClassKernelChannels(VoilaKernelWebsocketHandler):
    """A kernel's websocket: for the session the kernel was given to only."""

    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        if not owns(self, kernel_id):
            self.set_status(403)
            self.finish("this kernel belongs to another page")
            return
        await super().get(kernel_id)


class ClassRequestSocket(RequestInfoSocketHandler):
    """Voilà's request socket, for the class server's own kernels (they hold the code)."""

    def prepare(self) -> None:
        code = str(getattr(self.settings.get("identity_provider"), "token", "") or "")
        offered = self.get_query_argument("token", "")
        if not code or not hmac.compare_digest(offered.encode(), code.encode()):
            raise tornado.web.HTTPError(403)
