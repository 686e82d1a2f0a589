"""Each person's own Jupyter server on a JupyterHub: lessons in JupyterLab, dashboards in Voilà.

Given to ``jupyterhub-singleuser`` with ``--config`` by ``deploy/jupyterhub_config.py``
(one machine) and by ``deploy/values.yaml`` (Zero to JupyterHub mounts this same file).
A server started with ``--config`` reads no ``jupyter_server_config`` file from the
usual folders, and the hub starts it with user configuration disabled, so neither a
Binder image's ``~/.jupyter`` nor a file a student writes can change these settings
(``tests/browser/test_hub_security.py`` builds the effective configuration of a server
laid out the way the image lays it out, and checks it).

What a student's server offers, and nothing else:

* JupyterLab, to work the lesson notebooks in their own copy of the lessons (their own
  kernels run there: that is how a notebook lesson works);
* Voilà, for the dashboards (tracebacks hidden);
* no terminal, no nbgrader pages, no other server extension: extensions are enabled by
  an allow-list (:data:`STUDENT_EXTENSIONS`); anything else installed stays off, and so
  does any page extension of JupyterLab or Voilà not on :data:`STUDENT_PAGE_EXTENSIONS`.

The teacher's server (the hub tells it with ``CARDMATH_ROLE=teacher``, set for the hub's
admins) adds nbgrader's pages (:data:`TEACHER_EXTENSIONS`), for grading.

Settings from the server's environment: ``CARDMATH_ROLE`` (``student`` unless the hub says
``teacher``), ``CARDMATH_LESSONS`` (the lessons to copy, default ``lessons/`` beside this
file), ``CARDMATH_WORK`` (the person's own folder, default ``~/cardmath``).
"""

import os
import shutil
from pathlib import Path
from typing import Any

from jupyter_core.paths import jupyter_path as _jupyter_path
from jupyter_core.paths import jupyter_runtime_dir as _jupyter_runtime_dir

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (given by the config loader)

STUDENT_EXTENSIONS = frozenset({"jupyterhub", "jupyterlab", "voila", "widgets.queryguard"})
"""Server extensions a student's server loads: the hub's own, JupyterLab, Voilà, and
cardmath's query guard (query values Voilà would write into a page unescaped are refused
with 400 first)."""
TEACHER_EXTENSIONS = STUDENT_EXTENSIONS | {
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.assignment_list",
    "nbgrader.server_extensions.course_list",
    "nbgrader.server_extensions.validate_assignment",
}
"""A teacher's server also loads nbgrader's grading pages."""

STUDENT_PAGE_EXTENSIONS = frozenset(
    {
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
        "jupyterlab_pygments",
        "@voila-dashboards/jupyterlab-preview",
        "@voila-dashboards/widgets-manager7",
        "@voila-dashboards/widgets-manager8",
    }
)
"""Extensions of JupyterLab's and Voilà's pages a student gets: the widgets (and Voilà's
own widget managers), syntax colours and Voilà's preview. Any other installed one
(nbgrader's menus, Notebook's links) is switched off."""
TEACHER_PAGE_EXTENSIONS = STUDENT_PAGE_EXTENSIONS | {"@jupyter/nbgrader"}
"""The teacher's JupyterLab also shows nbgrader's menus (Voilà pages never do)."""

ROLE = "teacher" if os.environ.get("CARDMATH_ROLE") == "teacher" else "student"
ALLOWED = TEACHER_EXTENSIONS if ROLE == "teacher" else STUDENT_EXTENSIONS
PAGE_ALLOWED = TEACHER_PAGE_EXTENSIONS if ROLE == "teacher" else STUDENT_PAGE_EXTENSIONS
HERE = Path(__file__).resolve().parent
LESSONS = Path(os.environ.get("CARDMATH_LESSONS") or HERE.parent / "lessons")
WORK = Path(os.environ.get("CARDMATH_WORK") or Path.home() / "cardmath").expanduser()


def _only_allowed_extensions() -> None:
    """Enable server extensions by :data:`ALLOWED` only.

    Jupyter Server enables every extension whose package put a file in a
    ``jupyter_server_config.d`` folder; after it has found them, every one not on the
    allow-list is switched off, whatever installed it.
    """
    from jupyter_server.serverapp import ServerApp

    found = ServerApp.find_server_extensions
    if getattr(found, "cardmath_allow_list", False):
        return

    def find_allowed(self: ServerApp) -> None:
        found(self)
        for name in list(self.jpserver_extensions):
            if name not in ALLOWED:
                self.jpserver_extensions[name] = False
                self.config.ServerApp.jpserver_extensions[name] = False

    find_allowed.cardmath_allow_list = True  # type: ignore[attr-defined]
    ServerApp.find_server_extensions = find_allowed  # type: ignore[method-assign]


def _lab_page_allow_list() -> None:
    """JupyterLab's page: every installed page extension not on :data:`PAGE_ALLOWED` is
    disabled (added to the page's own ``disabledExtensions``), whatever installed it."""
    import jupyterlab_server.handlers as lab_pages

    found = lab_pages.get_page_config
    if getattr(found, "cardmath_allow_list", False):
        return

    def allowed_page_config(*args: Any, **kwargs: Any) -> dict[str, Any]:
        page_config = found(*args, **kwargs)
        disabled = page_config.get("disabledExtensions", [])
        if isinstance(disabled, dict):
            disabled = [name for name, off in disabled.items() if off]
        disabled = list(disabled)
        for extension in page_config.get("federated_extensions", []):
            name = extension.get("name")
            if name not in PAGE_ALLOWED and name not in disabled:
                disabled.append(name)
        page_config["disabledExtensions"] = disabled
        return page_config

    allowed_page_config.cardmath_allow_list = True  # type: ignore[attr-defined]
    lab_pages.get_page_config = allowed_page_config


def _own_copy_of_the_lessons() -> None:
    """Copy the lessons into the person's own folder; a file already there (their work)
    is never overwritten, a lesson added since is copied in."""
    if not LESSONS.is_dir():
        WORK.mkdir(parents=True, exist_ok=True)
        return
    for source in sorted(LESSONS.rglob("*")):
        relative = source.relative_to(LESSONS)
        if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
            continue
        target = WORK / relative
        if source.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


_only_allowed_extensions()
_lab_page_allow_list()
_own_copy_of_the_lessons()
# (the hub's own extension is started by jupyterhub-singleuser itself)
c.ServerApp.jpserver_extensions = {name: True for name in sorted(ALLOWED - {"jupyterhub"})}
c.ServerApp.root_dir = str(WORK)
c.ServerApp.terminals_enabled = False
# the contents API never reads or writes hidden files (.jupyter, .bashrc, ...)
c.ContentsManager.allow_hidden = False
# MathJax from the server, never a CDN (classrooms often filter the internet)
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

c.VoilaConfiguration.classic_tree = True
# the cardmath template: Voilà's lab template without the stylesheets it links from a CDN
# (kept in ``binder/share/jupyter``, which a Binder-built image also copies into its data
# folder); Voilà's own template only where neither is found. It sits in the folder of
# nbconvert's templates, where Voilà looks too: a ``voila`` folder there would become
# Voilà's data folder, without its themes (see deploy/serve.py).
_TEMPLATES = HERE.parent / "binder" / "share" / "jupyter"
TEMPLATE_FOLDER = Path("nbconvert", "templates", "cardmath")
if (_TEMPLATES / TEMPLATE_FOLDER).is_dir():
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        [str(_TEMPLATES), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    )
if any(Path(p, TEMPLATE_FOLDER).is_dir() for p in _jupyter_path()):
    c.VoilaConfiguration.template = "cardmath"
c.VoilaConfiguration.extension_allowlist = sorted(STUDENT_PAGE_EXTENSIONS)
c.VoilaConfiguration.show_tracebacks = False
# a busy server answers late: without this the page can come without its dashboard
c.VoilaExecutor.iopub_timeout = 60

# Kernels talk to their server over Unix sockets in the person's own runtime folder, not
# over TCP ports of 127.0.0.1. A server takes a kernel's five ports by asking the system
# for free ones and lets them go until the kernel binds them, so two students' servers
# starting kernels at once (a class opening a dashboard together) can be handed the same
# port: that kernel dies, and its restarts keep the ports it was given, so the student's
# page never comes. Sockets in a folder of the person's are also theirs alone. A person
# whose runtime folder is too deep for a socket's path (a very long user name) keeps TCP:
# the rule of ``deploy.settings.unix_sockets_fit``, written here again because Zero to
# JupyterHub mounts this file alone (``tests/browser/test_hub_security.py`` checks it
# both ways).
_LONGEST_SOCKET = os.path.join(_jupyter_runtime_dir(), "kernel-" + "0" * 36 + "-ipc-5")
if os.name == "posix" and len(os.fsencode(_LONGEST_SOCKET)) <= 103:
    c.KernelManager.transport = "ipc"

# a kernel no page is connected to (a closed or crashed tab) goes within two minutes;
# a page still open keeps its kernel however long the student thinks
c.MappingKernelManager.cull_idle_timeout = 90
c.MappingKernelManager.cull_interval = 20
c.MappingKernelManager.cull_connected = False

if ROLE == "teacher":
    # nbgrader grades in the teacher's own folder: assignments from
    # ``python -m cardmath homework export ... --nbgrader --out course/source/<name>``;
    # homework comes back as receipts, so nbgrader's exchange is only a folder of theirs
    c.CourseDirectory.root = str(WORK / "course")
    c.Exchange.root = str(WORK / "course" / "exchange")
    (WORK / "course" / "exchange").mkdir(parents=True, exist_ok=True)
