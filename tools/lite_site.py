"""Build the JupyterLite site (``make lite``): every dashboard and the homework page, no server.

Run by ``make lite`` with the build venv's Python, after it has installed the pinned build
tools (requirements-lite.txt), downloaded the pinned wheels (lite/wheels.txt) and the npm
``pyodide`` core. This script then:

1. builds the cardmath wheel from the repository;
2. compiles the standard library and the wheels to the browser Python's bytecode, in
   Pyodide under Node (tools/lite_pycompile.py; kept in the work folder between builds),
   and writes a Pyodide distribution with a lock of exactly those wheels
   (tools/lite_lock.py);
3. writes the lessons' lite copies: their matplotlib charts drawn now, by the project's
   Python (``--python``), as images with a text alternative (tools/lite_lessons.py);
4. runs ``jupyter lite build`` (the REPL and Notebook apps, the Pyodide kernel, the widget
   managers), sets the kernel to preload everything and never ask PyPI, and leaves the
   site's own files to the browser's cache rather than JupyterLite's service worker;
5. writes one page per dashboard (``<game>.html``), ``homework.html`` and ``index.html``:
   each page shows a code-free JupyterLite console that runs the dashboard with the page's
   own query string (``?seed=``, ``?mode=``, ``?code=``), passed to Python as hex so no
   text from the address can become code.

Usage: ``python tools/lite_site.py --out build/lite --pyodide NPM_PYODIDE --wheels WHEELS
--python .venv/bin/python``
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lite_lock import build as build_pyodide

ROOT = Path(__file__).resolve().parent.parent
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
KERNEL_PLUGIN = f"{KERNEL_EXTENSION}:kernel"

PAGES = {
    "navigator": ("Navigator", "widgets.games.navigator.dashboard", "NavigatorDashboard"),
    "sequences": ("Sequences", "widgets.games.sequences.dashboard", "SequencesDashboard"),
    "permutations": (
        "Permutations",
        "widgets.games.permutations.dashboard",
        "PermutationsDashboard",
    ),
    "dotter": ("Dotter", "widgets.games.dotter.dashboard", "DotterDashboard"),
    "sum15": ("Sum 15", "widgets.games.sum15.dashboard", "Sum15Dashboard"),
    "homework": ("Homework", "widgets.homework.page", "HomeworkPage"),
}
"""Each page: its file stem, its title, and the module and class whose ``from_query`` runs."""

PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
"""The kernel's own packages: preloaded from the lock so the kernel installs nothing."""

APP_PACKAGES = ["cardmath", "ipywidgets", "anywidget"]
"""The project's packages, preloaded in the same parallel fetch as the kernel's (sympy is
not: tools/lite_lock.py's LOADED_ON_FIRST_USE)."""


LEFT_OUT = {
    "jedi/third_party/typeshed/stubs/": "type stubs of other packages (4,300 files)",
    "jedi/third_party/django-stubs/": "Django's type stubs",
}
"""Folders of the wheels no page reads, each unpacked file costing time on every visit;
jedi keeps the standard library's stubs, for completion in the notebooks."""


def run(command: list[str], **kwargs: object) -> None:
    print("+", " ".join(str(c) for c in command), flush=True)
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def cardmath_wheel(work: Path) -> Path:
    """Build the cardmath wheel (cardmath and widgets) from the working tree."""
    out = work / "local-wheels"
    shutil.rmtree(out, ignore_errors=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
        + ["--disable-pip-version-check", "-w", str(out), str(ROOT)]
    )
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    (wheel,) = out.glob("cardmath-*.whl")
    return wheel


def precompile(pyodide: Path, work: Path, archives: list[Path]) -> list[Path]:
    """``archives`` with their modules compiled to bytecode, in the same order.

    Each result is kept under ``work/pyc`` by the archive's checksum (and the compiler's),
    so a rebuild compiles only what changed: usually the cardmath wheel alone."""
    tools = Path(__file__).resolve().parent
    compiler = hashlib.sha256((tools / "lite_pycompile.py").read_bytes())
    compiler.update((pyodide / "pyodide-lock.json").read_bytes())
    done: list[Path] = []
    todo: list[tuple[Path, Path]] = []
    for archive in archives:
        key = hashlib.sha256(archive.read_bytes())
        key.update(compiler.digest())
        target = work / "pyc" / key.hexdigest()[:20] / archive.name
        done.append(target)
        if not target.is_file():
            todo.append((archive, target))
    if todo:
        inbox, outbox = work / "pyc-in", work / "pyc-out"
        for folder in (inbox, outbox):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        for archive, _ in todo:
            shutil.copy2(archive, inbox / archive.name)
        run(
            ["node", str(tools / "lite_pycompile.mjs"), str(pyodide), str(work), outbox.name]
            + [f"{inbox.name}/{archive.name}" for archive, _ in todo]
            + [f"--drop={prefix}" for prefix in LEFT_OUT]
        )
        for archive, target in todo:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(outbox / archive.name, target)
        shutil.rmtree(inbox)
        shutil.rmtree(outbox)
    for folder in (work / "pyc").iterdir():  # results no longer asked for
        if folder not in {path.parent for path in done}:
            shutil.rmtree(folder)
    return done


def lesson_copies(python: str, work: Path, dest: Path) -> None:
    """Every notebook of lessons/ into ``dest``; the lessons' charts drawn by ``python``.

    Drawing runs the lessons (a minute or more): the copies are kept under
    ``work/lessons``, by a checksum of the lessons, the project's code and the tool."""
    tools = Path(__file__).resolve().parent
    notebooks = sorted((ROOT / "lessons").glob("*.ipynb"))
    lessons = [path for path in notebooks if notebook_meta(path).get("kind") == "lesson"]
    key = hashlib.sha256((tools / "lite_lessons.py").read_bytes())
    for path in sorted(
        [*lessons, *(ROOT / "cardmath").rglob("*.py"), *(ROOT / "widgets").rglob("*")]
    ):
        if path.is_file() and "__pycache__" not in path.parts:
            key.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    drawn = work / "lessons" / key.hexdigest()[:20]
    if not drawn.is_dir():
        shutil.rmtree(work / "lessons", ignore_errors=True)
        run(
            [python, str(tools / "lite_lessons.py"), str(drawn.with_suffix(".part"))]
            + [str(path) for path in lessons]
        )
        drawn.with_suffix(".part").rename(drawn)
    for path in notebooks:
        copy = drawn / path.name
        shutil.copy2(copy if copy.is_file() else path, dest / path.name)


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels, shipped inside its labextension."""
    pypi = Path(sys.prefix) / "share/jupyter/labextensions" / KERNEL_EXTENSION / "static/pypi"
    wheels = sorted(pypi.glob("*.whl"))
    # ipywidgets 8 wants widgetsnbextension 4: the kernel's empty stand-in for 3 is not used
    return [w for w in wheels if not w.name.startswith("widgetsnbextension-3")]


def configure(out: Path) -> None:
    """Preload every package from the lock and turn the PyPI fallback off."""
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["appName"] = "cardmath"
    settings = data.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
    pyodide = "static/pyodide/pyodide.mjs"
    if not (out / pyodide).is_file():
        raise SystemExit(f"the site has no {pyodide}")
    settings["pyodideUrl"] = f"./{pyodide}"
    settings["disablePyPIFallback"] = True
    settings["pipliteUrls"] = []
    settings["loadPyodideOptions"] = {"packages": PRELOAD + APP_PACKAGES}
    config_path.write_text(json.dumps(config, indent=2) + "\n")


SERVICE_WORKER_EDIT = ("shouldDrop(t,a)||(n=maybeFromCache(e))", "0")
"""In JupyterLite's ``service-worker.js`` (jupyterlite-core 0.8.6): the branch that answers
every other GET of the site by fetching the file again (its own cache is off), and what
replaces it (nothing: the browser fetches the file itself)."""


def direct_fetches(out: Path) -> None:
    """Leave the site's own files to the browser, not JupyterLite's service worker.

    The worker must answer the kernel's file and input requests (``/api/drive``,
    ``/api/stdin``); it also answered each of the 230-odd other files a page loads by
    fetching it again itself, a detour through the worker's thread on every open, cache
    warm or not. With the edit the browser fetches them and serves them from its own cache
    on a second open; the kernel's requests still go through the worker."""
    path = out / "service-worker.js"
    text = path.read_text()
    old, new = SERVICE_WORKER_EDIT
    if text.count(old) != 1:
        raise SystemExit(
            f"{path}: JupyterLite's service worker changed; review SERVICE_WORKER_EDIT"
        )
    path.write_text(text.replace(old, new))


IMPORTS_FROM_WHEELS = (
    "import os, sys\nsys.path[:] = [p for p in sys.path if p not in ('', os.getcwd())]\n"
)
"""The first lines of every page's code: Python stops looking for modules in its working
folder, JupyterLite's drive. Each look there is a request the kernel's worker waits on
(through the service worker to the page and back): the drive's listing, then one for every
module a dashboard imports, about 20 of its open's 83 before. The pages import only from
the wheels."""


KERNEL_WORKER_EDITS = (
    (
        re.compile(r"(\w)\.mount\((\w),\{\},(\w)\),\1\.chdir\(\3\),"),
        r"\1.mount(\2,{},\3),",
    ),
    (
        re.compile(r'(\w)\.push\("import pyodide_kernel"\),(\w)\.mountDrive&&'),
        r'\1.push("import pyodide_kernel"),\2.mountDrive&&\1.push("import bdb","import os",'
        + "\"os.chdir('/drive')\"),"
        + r"\2.mountDrive&&",
    ),
)
"""In the Pyodide kernel's worker scripts (jupyterlite-pyodide-kernel 0.8.6): where the
worker mounts the drive and makes it Python's working folder, and where it imports the
kernel; the edits make the drive the working folder once the kernel is imported (and
``bdb``, which IPython imports when it runs the first cell)."""


def drive_after_kernel(out: Path) -> None:
    """Start the kernel before its working folder is JupyterLite's drive.

    The worker mounts the drive, makes it the working folder, then imports the package
    manager and the kernel (IPython, ipykernel, traitlets ...). Python looks for each of
    those modules in its working folder first, and each look in the drive is a request the
    worker waits on (through the service worker to the page and back): about 45 on every
    open, before the page's own code runs. With the edits the drive is mounted at the same
    moment and becomes the working folder just after the kernel's import (and that of
    ``bdb``, the one module IPython imports for the first cell it runs), before any
    student code runs: notebooks read and write their files there as before."""
    folder = out / "extensions" / KERNEL_EXTENSION / "static"
    edited = 0
    for path in sorted(folder.glob("*.js")):
        text = path.read_text()
        counts = []
        for pattern, replacement in KERNEL_WORKER_EDITS:
            text, count = pattern.subn(replacement, text)
            counts.append(count)
        if not any(counts):
            continue
        if not all(counts):
            raise SystemExit(
                f"{path}: the Pyodide kernel's worker changed; review KERNEL_WORKER_EDITS"
            )
        path.write_text(text)
        edited += 1
    if edited == 0:
        raise SystemExit(f"{folder}: no kernel worker found; review KERNEL_WORKER_EDITS")


def python_for(module: str, cls: str) -> str:
    """The code a page runs; the page appends the query as hex and a closing bracket."""
    return f"{IMPORTS_FROM_WHEELS}from {module} import {cls}\n{cls}.from_query(bytes.fromhex('"


def page_html(stem: str, title: str, module: str, cls: str) -> str:
    """A page that boots the kernel in a code-free console and shows the widgets."""
    template = (ROOT / "lite" / "page.html").read_text()
    return (
        template.replace("{{TITLE}}", html.escape(title))
        .replace("{{CODE_JSON}}", json.dumps(python_for(module, cls)))
        .replace("{{STEM}}", stem)
    )


def notebook_meta(path: Path) -> dict[str, object]:
    try:
        meta = json.loads(path.read_text())["metadata"].get("cardmath", {})
    except (OSError, ValueError, KeyError):
        return {}
    return meta if isinstance(meta, dict) else {}


def index_html(built: str) -> str:
    """The landing page: the dashboards and homework, then the lessons as notebooks.

    ``built`` is JupyterLite's own root page: its configuration block is kept, because
    every app reads its settings from the ``index.html`` of the folders above it."""
    config = re.search(r'<script id="jupyter-config-data".*?</script>', built, re.S)
    if config is None:
        raise SystemExit("JupyterLite's index.html has no jupyter-config-data block")
    items = []
    for stem, (title, _, _) in PAGES.items():
        if stem == "homework":
            continue
        items.append(
            f'<li><a href="{stem}.html">{html.escape(title)}</a> '
            f'<small>(<a href="{stem}.html?mode=play">play</a>)</small></li>'
        )
    lessons = []
    for path in sorted((ROOT / "lessons").glob("*.ipynb")):
        meta = notebook_meta(path)
        if meta.get("kind") != "lesson":
            continue
        lessons.append(
            f'<li><a href="notebooks/index.html?path={html.escape(path.name)}">'
            f"{html.escape(str(meta.get('title', path.stem)))}</a></li>"
        )
    template = (ROOT / "lite" / "index.html").read_text()
    return (
        template.replace("{{DASHBOARDS}}", "\n".join(items))
        .replace("{{LESSONS}}", "\n".join(lessons))
        .replace("{{CONFIG}}", config[0])
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build/lite")
    parser.add_argument("--work", type=Path, default=ROOT / "build/lite-work")
    parser.add_argument("--pyodide", type=Path, required=True, help="npm pyodide package")
    parser.add_argument("--wheels", type=Path, required=True, help="downloaded wheels")
    parser.add_argument(
        "--python", required=True, help="the project's Python (matplotlib): draws the charts"
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    work: Path = args.work.resolve()
    lite_dir = work / "src"
    shutil.rmtree(lite_dir, ignore_errors=True)
    (lite_dir / "files").mkdir(parents=True)
    lesson_copies(args.python, work, lite_dir / "files")
    wheels = [*sorted(args.wheels.glob("*.whl")), cardmath_wheel(work), *kernel_wheels()]
    stdlib, *wheels = precompile(args.pyodide, work, [args.pyodide / "python_stdlib.zip", *wheels])
    lock = build_pyodide(args.pyodide, lite_dir / "static" / "pyodide", wheels, stdlib)
    print(f"pyodide-lock.json: {len(lock['packages'])} packages")
    out: Path = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    # a fresh build every time: doit's record of earlier builds would skip their steps
    for record in work.glob(".jupyterlite.doit.db*"):
        record.unlink()
    run(
        [sys.executable, "-m", "jupyterlite_core", "build"]
        + ["--lite-dir", str(lite_dir), "--output-dir", str(out)]
        + ["--apps", "repl", "--apps", "notebooks", "--no-sourcemaps"]
        + ["--no-unused-shared-packages"],
        cwd=work,
    )
    configure(out)
    direct_fetches(out)
    drive_after_kernel(out)
    for stem, (title, module, cls) in PAGES.items():
        (out / f"{stem}.html").write_text(page_html(stem, title, module, cls))
    (out / "index.html").write_text(index_html((out / "index.html").read_text()))
    print(f"make lite: {out} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
