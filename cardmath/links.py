"""Links to the lessons: on Binder, and on a classroom's own ``make serve``.

Every Binder address the project shows or prints (the README badges, the command line,
homework links) is built here from one setting, :data:`BINDER`: the GitHub
``owner/repo`` and branch that Binder builds. A school that forks the project edits
that one line, then prints its README badges with ``python -m cardmath links --badges``.

A link opens ``lessons/<notebook>`` in Voilà, with an optional query string for the
dashboard's URL contract (``seed``, ``mode``, ``bots``, ``players``, ``theme``):

>>> binder_url("navigator-dashboard.ipynb", {"seed": 2481, "mode": "play"})
'https://mybinder.org/v2/gh/cardmath/cardmath/main?urlpath=voila%2Frender%2Flessons%2Fnavigator-dashboard.ipynb%3Fseed%3D2481%26mode%3Dplay'
>>> local_url("navigator-dashboard.ipynb", {"seed": 2481})
'http://127.0.0.1:8866/voila/render/navigator-dashboard.ipynb?seed=2481'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, quote, unquote, urlencode, urlsplit

from cardmath.errors import CardMathError, quoted

LESSONS = "lessons"
"""The folder of notebooks, relative to the repository root (Binder's working folder)."""

LOCAL_BASE = "http://127.0.0.1:8866"
"""Where ``make serve`` serves the lessons folder (its default ``PORT``)."""

_GITHUB_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,99})")
_NOTEBOOK = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.ipynb")
_MAX_QUERY_NUMBER_DIGITS = 30
_BASE = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%/-]*)?", re.ASCII)
"""A server's address: http(s), a host, a port, a path; no query, fragment or script."""


class LinkError(CardMathError):
    """A link that cannot be built: a bad notebook name, query or Binder setting."""


@dataclass(frozen=True)
class BinderSetting:
    """The GitHub repository and branch Binder builds, and the Binder service to ask.

    >>> BinderSetting("our-school/cardmath", "autumn-term").launch_url.split("/v2/")[1]
    'gh/our-school/cardmath/autumn-term'
    >>> BinderSetting("cardmath")
    Traceback (most recent call last):
    cardmath.links.LinkError: the Binder repository must be GitHub's 'owner/repo', not 'cardmath'
    """

    repository: str
    """``owner/repo`` on GitHub."""
    branch: str = "main"
    """The branch (or tag) Binder builds; a new commit there means a new image."""
    host: str = "https://mybinder.org"
    """The BinderHub that builds and runs the image."""

    def __post_init__(self) -> None:
        parts = self.repository.split("/")
        if len(parts) != 2 or not all(_GITHUB_NAME.fullmatch(part) for part in parts):
            raise LinkError(
                "the Binder repository must be GitHub's 'owner/repo', "
                f"not {quoted(self.repository)}"
            )
        if not self.branch or any(char.isspace() or char in "?#" for char in self.branch):
            raise LinkError(f"{quoted(self.branch)} is not a branch name Binder can build")
        if not re.fullmatch(r"https://[A-Za-z0-9.-]+(:[0-9]+)?", self.host):
            raise LinkError(
                f"the Binder host must be an https:// address with no path, not {quoted(self.host)}"
            )

    @property
    def launch_url(self) -> str:
        """The address that builds (or reuses) the image and starts a server."""
        return f"{self.host}/v2/gh/{self.repository}/{quote(self.branch, safe='')}"


BINDER = BinderSetting(repository="cardmath/cardmath", branch="main")
"""The one Binder setting. A school that forks the project writes its own here."""


Query = Mapping[str, str | int] | str | None
"""A dashboard's query string: a mapping such as ``{"seed": 7}``, or ``"seed=7"``."""


def _query_text(query: Query) -> str:
    if query is None:
        return ""
    if isinstance(query, str):
        pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True, strict_parsing=False)
        if query.strip("?") and not pairs:
            raise LinkError(f"{quoted(query)} is not a query string such as 'seed=7&mode=play'")
    else:
        pairs = []
        for key, value in query.items():
            if isinstance(value, bool) or not isinstance(value, str | int):
                raise LinkError(
                    f"query value {quoted(value)} for {quoted(key)} must be text or a number"
                )
            if isinstance(value, int):
                from cardmath.expr import digit_count

                if digit_count(value) > _MAX_QUERY_NUMBER_DIGITS:
                    raise LinkError(f"query number for {quoted(key)} is too long for a link")
                value = str(value)
            pairs.append((str(key), value))
    if any(not key for key, _ in pairs):
        raise LinkError(f"every query part needs a name, as in 'seed=7': {quoted(query)}")
    return urlencode(pairs)


def lessons_folder() -> Path:
    """The lessons folder of this copy of cardmath (beside the ``cardmath`` package)."""
    return Path(__file__).resolve().parent.parent / LESSONS


def existing_lesson(notebook: str | None, folder: Path | None = None) -> str | None:
    """``notebook`` if it is a notebook in the lessons folder, else a :class:`LinkError`
    naming the lessons there are (``None``, the lesson list, always exists).

    >>> existing_lesson("00-welcome.ipynb")
    '00-welcome.ipynb'
    >>> existing_lesson("00-welcom.ipynb")
    Traceback (most recent call last):
      ...
    cardmath.links.LinkError: there is no lesson '00-welcom.ipynb' in lessons/: the lessons are 00-welcome.ipynb, 01-navigator.ipynb, 02-sequences.ipynb, ...
    """
    if notebook is None:
        return None
    voila_path(notebook)  # a name that could not be a lesson is refused first
    folder = folder or lessons_folder()
    if not (folder / notebook).is_file():
        names = sorted(path.name for path in folder.glob("*.ipynb"))
        shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
        raise LinkError(
            f"there is no lesson {quoted(notebook)} in {LESSONS}/: "
            + (f"the lessons are {shown}" if names else f"{folder} has no lessons")
        )
    return notebook


def voila_path(notebook: str | None = None, query: Query = None, *, folder: str = LESSONS) -> str:
    """The Voilà path of a lesson (or of the lesson list), relative to the server root.

    >>> voila_path("00-welcome.ipynb")
    'voila/render/lessons/00-welcome.ipynb'
    >>> voila_path()
    'voila/tree/lessons'
    >>> voila_path("../secrets.ipynb")
    Traceback (most recent call last):
    cardmath.links.LinkError: '../secrets.ipynb' is not a lesson notebook: give a file name in lessons/ ending in .ipynb
    """
    prefix = f"{folder}/" if folder else ""
    if notebook is None:
        if query:
            raise LinkError("the lesson list takes no query string: name a notebook")
        return f"voila/tree/{folder}".rstrip("/")
    if not isinstance(notebook, str) or not _NOTEBOOK.fullmatch(notebook):
        raise LinkError(
            f"{quoted(notebook)} is not a lesson notebook: "
            f"give a file name in {folder or 'the lessons folder'}/ ending in .ipynb"
        )
    text = _query_text(query)
    return f"voila/render/{prefix}{notebook}" + (f"?{text}" if text else "")


def binder_url(
    notebook: str | None = None, query: Query = None, *, setting: BinderSetting = BINDER
) -> str:
    """A Binder link that opens ``lessons/<notebook>`` in Voilà with ``query``.

    Without a notebook it opens the list of lessons.

    >>> binder_url()
    'https://mybinder.org/v2/gh/cardmath/cardmath/main?urlpath=voila%2Ftree%2Flessons'
    >>> binder_url("01-navigator.ipynb", "seed=7")
    'https://mybinder.org/v2/gh/cardmath/cardmath/main?urlpath=voila%2Frender%2Flessons%2F01-navigator.ipynb%3Fseed%3D7'
    """
    return f"{setting.launch_url}?urlpath={quote(voila_path(notebook, query), safe='')}"


def local_url(notebook: str | None = None, query: Query = None, *, base: str = LOCAL_BASE) -> str:
    """The same lesson on a server started by ``make serve`` (Voilà serving ``lessons/``).

    >>> local_url()
    'http://127.0.0.1:8866/'
    >>> local_url("00-welcome.ipynb", base="http://127.0.0.1:9000")
    'http://127.0.0.1:9000/voila/render/00-welcome.ipynb'
    >>> local_url("00-welcome.ipynb", base="javascript:alert(1)//")
    Traceback (most recent call last):
    cardmath.links.LinkError: the server's address is http:// or https://, a host and a port, such as http://192.168.1.20:8866, not 'javascript:alert(1)//'
    """
    if not isinstance(base, str) or len(base) > 300 or not _BASE.fullmatch(base):
        raise LinkError(
            "the server's address is http:// or https://, a host and a port, such as "
            f"http://192.168.1.20:8866, not {quoted(base)}"
        )
    if notebook is None:
        voila_path(None, query)  # the same refusals as on Binder
        return base.rstrip("/") + "/"
    return f"{base.rstrip('/')}/{voila_path(notebook, query, folder='')}"


@dataclass(frozen=True)
class BinderLink:
    """What a Binder link opens: read back from its text by :func:`read_binder_url`."""

    setting: BinderSetting
    notebook: str | None
    query: str


def read_binder_url(url: str) -> BinderLink:
    """The repository, branch, notebook and query a Binder link opens.

    >>> link = read_binder_url(binder_url("00-welcome.ipynb", {"seed": 3}))
    >>> link.setting == BINDER, link.notebook, link.query
    (True, '00-welcome.ipynb', 'seed=3')
    """
    parts = urlsplit(url)
    match = re.fullmatch(r"/v2/gh/([^/]+/[^/]+)/([^/]+)", parts.path)
    if parts.scheme != "https" or match is None:
        raise LinkError(f"{quoted(url)} is not a Binder link to a GitHub repository")
    setting = BinderSetting(
        repository=match[1], branch=unquote(match[2]), host=f"https://{parts.netloc}"
    )
    fields = dict(parse_qsl(parts.query))
    urlpath = fields.get("urlpath", "")
    path, _, query = urlpath.partition("?")
    if path == f"voila/tree/{LESSONS}":
        notebook = None
    elif path.startswith(f"voila/render/{LESSONS}/"):
        notebook = path.removeprefix(f"voila/render/{LESSONS}/")
    else:
        raise LinkError(f"{quoted(url)} does not open a lesson in Voilà")
    return BinderLink(setting=setting, notebook=notebook, query=query)


@dataclass(frozen=True)
class Badge:
    """A README badge: its alt text, image and the lesson it opens."""

    text: str
    image: str
    notebook: str | None = None


BADGES = (
    Badge(
        "Open the lessons in Voilà on Binder", "https://mybinder.org/badge_logo.svg", "index.ipynb"
    ),
    Badge(
        "Open the Navigator dashboard on Binder",
        "https://img.shields.io/badge/launch-Navigator%20dashboard-579ACA.svg",
        "navigator-dashboard.ipynb",
    ),
)


def readme_badges(setting: BinderSetting = BINDER) -> str:
    """The README's badge lines, one Markdown image link a line.

    >>> print(readme_badges().splitlines()[0])
    [![Open the lessons in Voilà on Binder](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/cardmath/cardmath/main?urlpath=voila%2Frender%2Flessons%2Findex.ipynb)
    """
    return "\n".join(
        f"[![{badge.text}]({badge.image})]({binder_url(badge.notebook, setting=setting)})"
        for badge in BADGES
    )
