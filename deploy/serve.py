"""Serve the lessons on this computer: what ``make serve`` runs (Voilà, made safe).

Voilà's own ``voila`` command, with what every cardmath server needs:

* **the URL query guard** (:mod:`widgets.queryguard`) first in the routing: a query value
  Voilà would write into its page unescaped is refused with 400 before any handler;
* **no request leaves the server**: pages use the ``cardmath`` template (Voilà's lab
  template without the Font Awesome stylesheets it links from a CDN; ``binder/share``
  holds it, for the Binder route too) and Voilà's own MathJax;
* **closed tabs free their kernels**: a page asks for its kernel's shutdown when it
  closes, with Jupyter's ``_xsrf`` cookie as proof; Voilà never set that cookie on a
  notebook page, so the request was refused (403) and the kernel stayed. The page
  handler sets it, and the check stays on;
* **sign-out works**: Jupyter's ``/logout`` page needs a static-files setting Voilà does
  not have (it answered 500); here it clears the sign-in cookie and says so;
* **the widget scripts are downloaded once**: Voilà serves the JupyterLab extensions'
  scripts (the widget manager, anywidget: 1.3 MB a page) as "ask again every time", so
  every page a student opens fetched them again and compiled them again. Their
  ``static`` folders hold only files named by their content's hash, which JupyterLab
  itself serves as never changing; here they are served the same way.

    python -m deploy.serve lessons/ --port=8866 --Voila.ip=127.0.0.1   # as make serve
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler

from deploy.settings import serve_args
from widgets.queryguard import install_query_guard

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = "cardmath"
TEMPLATE_DATA = ROOT / "binder" / "share" / "jupyter"
"""The Jupyter data folder holding the ``cardmath`` template (also copied by Binder).

It is in ``nbconvert/templates/cardmath``, where Voilà looks for templates too, not in
``voila/templates``: Voilà takes the first ``voila`` folder on Jupyter's data path as its
own, for its themes, so a ``voila`` folder here hid them. Every page then asked for its
theme's stylesheet in vain (404), and a dashboard in the projector theme showed an
"Error Loading Theme" box over the game that caught the class's clicks."""
SESSION_COOKIE = "cardmath-session"
"""The browser session a class server hands kernels to (cleared at sign-out too)."""


def use_cardmath_template(environ: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Put the ``cardmath`` template's data folder first on Jupyter's data path.

    >>> env = {"JUPYTER_PATH": "/elsewhere"}
    >>> use_cardmath_template(env); env["JUPYTER_PATH"].split(os.pathsep)[1]
    '/elsewhere'
    """
    paths = [p for p in environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATE_DATA) not in paths:
        environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_DATA), *paths])


class PageHandler(TornadoVoilaHandler):
    """Voilà's notebook page, plus the ``_xsrf`` cookie its closing page sends back."""

    @tornado.web.authenticated
    async def get(self, path=None):
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)
        await super().get(path)


class SignOutHandler(JupyterHandler):
    """``/logout``: forget the sign-in (and the class session); a page that says so."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.clear_cookie(SESSION_COOKIE, path=self.base_url)
        self.set_header("Cache-Control", "no-store")
        self.finish(
            "<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>Signed out</title>"
            '</head><body style="font: 20px/1.5 sans-serif; max-width: 40em; margin: 3em auto">'
            "<h1>You are signed out</h1><p>This browser no longer holds the code.</p>"
            f'<p><a href="{self.base_url}">Open the lessons again</a></p></body></html>'
        )


class SafeVoila(Voila):
    """Voilà with the query guard, the page's ``_xsrf`` cookie and a working sign-out."""

    page_handler: type[TornadoVoilaHandler] = PageHandler

    def handler_replacements(self) -> dict[type, type]:
        """Voilà's handler classes -> the ones used instead (subclasses add theirs)."""
        return {TornadoVoilaHandler: self.page_handler}

    def init_handlers(self):
        install_query_guard(self.app)  # Voilà.start made self.app just before this call
        immutable = self.app.settings.setdefault("static_immutable_cache", [])
        immutable += hashed_script_urls(self.labextensions_path, self.server_url)
        replace = self.handler_replacements()
        handlers = []
        for route in super().init_handlers():
            handler = replace.get(route[1], route[1])
            if route[0].endswith("/logout"):
                handler = SignOutHandler
            handlers.append((route[0], handler, *route[2:]))
        return handlers


def hashed_script_urls(labextensions_path: list[str], server_url: str) -> list[str]:
    """The addresses of the JupyterLab extensions' ``static`` folders (their files are
    named by their content's hash), as JupyterLab lists them for its own pages.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "anywidget" / "static").mkdir(parents=True)
    >>> hashed_script_urls([str(folder)], "/")
    ['/voila/labextensions/anywidget/static']
    """
    urls = []
    for root in labextensions_path:
        for static in sorted(Path(root).glob("**/static")):
            relative = static.relative_to(root).as_posix()
            urls.append(url_path_join(server_url, "voila/labextensions", relative))
    return urls


def with_defaults(args: list[str]) -> list[str]:
    """``args`` after the shared settings (:func:`deploy.settings.serve_args`) it does not
    set itself (a setting given twice is refused by Voilà).

    >>> args = with_defaults(["lessons/", "--MappingKernelManager.cull_idle_timeout=120"])
    >>> [arg for arg in args if "cull" in arg]  # doctest: +NORMALIZE_WHITESPACE
    ['--MappingKernelManager.cull_interval=300', '--MappingKernelManager.cull_connected=False',
     '--MappingKernelManager.cull_idle_timeout=120']
    """
    given = {arg.split("=", 1)[0] for arg in args}
    return [*(arg for arg in serve_args() if arg.split("=", 1)[0] not in given), *args]


def main(argv: list[str] | None = None) -> int:
    use_cardmath_template()
    args = sys.argv[1:] if argv is None else argv
    SafeVoila.launch_instance(argv=[*with_defaults(args), f"--template={TEMPLATE}"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
