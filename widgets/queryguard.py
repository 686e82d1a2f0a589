"""The server's guard on URL query values, before any Jupyter or Voilà handler reads them.

Voilà writes some query values into the page it sends: ``?theme=`` goes into an HTML
attribute unescaped (``?theme="><script>...`` ran in the visitor's browser), and
``?template=`` names the folder a page is rendered from. One routing rule, put first in
the web application of every way cardmath is served, answers **400** with a one-line
page for any request whose query

* gives ``theme`` or ``template`` a value outside their allow-lists, or
* carries, in any name or value, a character that means something in HTML or JavaScript
  (``< > " ' `` and the backtick, backslash) or a control character.

Nothing a lesson or dashboard link uses is refused (``?seed=7&mode=play&theme=projector``,
``?game=...``, ``?bots=strong,greedy``). Installed by :func:`install_query_guard` (the
standalone Voilà servers, ``deploy/serve.py`` and ``deploy/classroom.py``) and, as a
Jupyter server extension named ``widgets.queryguard``, by the Binder and JupyterHub
configurations (``jpserver_extensions``).

>>> query_problem({"seed": [b"7"], "theme": [b"projector"]}) is None
True
>>> print(query_problem({"theme": [b'"><script>alert(1)</script>']}))
?theme= must be one of: light, dark, projector, JupyterLab Light, JupyterLab Dark.
>>> print(query_problem({"seed": [b"7<b>"]}))
?seed= may not contain < > " ' ` \\ or control characters.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tornado.httputil import HTTPServerRequest
from tornado.routing import Matcher, Rule
from tornado.web import Application, RequestHandler

__all__ = ["ALLOWED", "install_query_guard", "query_problem"]

ALLOWED: dict[str, tuple[str, ...]] = {
    "theme": ("light", "dark", "projector", "JupyterLab Light", "JupyterLab Dark"),
    "template": ("cardmath",),
}
"""Query names Voilà reflects into its page -> the only values it is given. ``projector``
is a dashboard theme (the kernel reads it; Voilà shows its light page under it);
``cardmath`` is Voilà's lab template without the stylesheets it links from a CDN."""

UNSAFE = re.compile(r"[<>\"'`\\\x00-\x1f\x7f]")
MAX_QUERY = 4096
"""Longest query string accepted (a saved game's id is about 40 characters)."""


def query_problem(arguments: Mapping[str, Sequence[bytes]], raw_length: int = 0) -> str | None:
    """The sentence a refused query gets, or ``None`` when every value may pass.

    >>> query_problem({"template": [b"lab"]})
    '?template= must be one of: cardmath.'
    >>> query_problem({"a\\"b": [b"1"]})
    '?a"b= may not contain < > " \\' ` \\\\ or control characters.'
    """
    if raw_length > MAX_QUERY:
        return f"the address's query is longer than {MAX_QUERY} characters."
    for name, values in arguments.items():
        for raw in values:
            value = raw.decode("utf-8", errors="replace")
            if name in ALLOWED and value not in ALLOWED[name]:
                return f"?{name}= must be one of: {', '.join(ALLOWED[name])}."
            if UNSAFE.search(name) or UNSAFE.search(value):
                return f"?{name[:40]}= may not contain < > \" ' ` \\ or control characters."
    return None


class _RefusedQuery(Matcher):
    """Matches the requests :func:`query_problem` refuses (whatever their path)."""

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        problem = query_problem(request.query_arguments, len(request.query))
        return None if problem is None else {}


class QueryRefusedHandler(RequestHandler):
    """Answers every method with 400 and a readable page naming the refused value."""

    def prepare(self) -> None:
        problem = query_problem(self.request.query_arguments, len(self.request.query))
        self.set_status(400)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(
            "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>"
            "<title>This address cannot be opened</title></head>"
            '<body style="font: 20px/1.5 sans-serif; max-width: 40em; margin: 3em auto">'
            "<h1>This address cannot be opened</h1>"
            f"<p>{html.escape(problem or 'its query was refused.')}</p>"
            f'<p><a href="{html.escape(self.request.path)}">Open the page without it</a>.</p>'
            "</body></html>"
        )


def install_query_guard(app: Application) -> None:
    """Put the query guard first in ``app``'s routing (once; later handlers come after).

    >>> app = Application([])
    >>> install_query_guard(app); install_query_guard(app)
    >>> sum(rule.target is QueryRefusedHandler for rule in app.default_router.rules)
    1
    """
    router = app.default_router
    if any(rule.target is QueryRefusedHandler for rule in router.rules):
        return
    router.rules.insert(0, router.process_rule(Rule(_RefusedQuery(), QueryRefusedHandler)))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "widgets.queryguard"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    install_query_guard(serverapp.web_app)
    serverapp.log.info("cardmath: URL query guard installed")
