"""Binder, as Binder really builds it: repo2docker is asked, without Docker.

``repo2docker --no-build`` writes the Dockerfile Binder would build for this repository.
From it and from repo2docker's own environment files the tests learn the exact Python
Binder would run, the Jupyter packages Binder's base environment already holds for that
Python, and the build steps that depend on the repository. Then:

* pip resolves the pins (with Binder's own unpinned Jupyter packages beside them) for
  exactly that Python version, against the package index, without installing;
* a virtual environment is built with that Python version (a machine without it fails:
  a test that cannot build Binder's Python proves nothing), the repository is copied
  into a home folder (Binder's working folder is the home folder), and repo2docker's
  steps run there as written;
* Jupyter Server is started from that environment, which is how Binder serves Voilà (as
  a server extension): every Binder link in the repository opens there, and maths
  typesets in a real Chromium with nothing requested from outside 127.0.0.1.

The environment and the server are built once and shared by the tests of this module.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from cardmath.links import BADGES, LESSONS, binder_url, read_binder_url, voila_path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from test_links import binder_links_in_repository, repository_files  # noqa: E402

from conftest import free_port, new_context, stop  # noqa: E402

pytestmark = pytest.mark.slow

BINDER_USER = ("jovyan", "1000")
"""The user Binder builds and runs the image as (not root: repo2docker refuses root)."""

PYPI_NAMES = {"jupyterhub-singleuser": "jupyterhub"}
"""Binder's base packages whose conda name is not their name on the package index."""

NOT_PYTHON_PACKAGES = {"python", "nodejs", "pip"}


@dataclass(frozen=True)
class BinderBuild:
    """What repo2docker would build for this repository."""

    dockerfile: str
    log: str
    python: Version
    """The exact Python of Binder's environment (from repo2docker's lock file)."""
    base_packages: dict[str, str]
    """Binder's own Jupyter packages for that Python (index name -> version)."""
    steps: tuple[str, ...]
    """The RUN commands that come after the repository's files are copied in."""

    @property
    def python_minor(self) -> str:
        return f"{self.python.major}.{self.python.minor}"


def run_commands(dockerfile: str) -> list[tuple[int, str]]:
    """Each ``RUN`` instruction (continuation lines joined) with its line number."""
    commands: list[tuple[int, str]] = []
    lines = dockerfile.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        start = index
        if line.startswith("RUN "):
            parts = [line.removeprefix("RUN ")]
            while parts[-1].endswith("\\") and index + 1 < len(lines):
                parts[-1] = parts[-1].removesuffix("\\")
                index += 1
                parts.append(lines[index])
            commands.append((start, "\n".join(parts).strip()))
        index += 1
    return commands


def repo2docker_folder() -> Path:
    spec = importlib.util.find_spec("repo2docker")
    assert spec is not None and spec.submodule_search_locations, "repo2docker is not installed"
    return Path(next(iter(spec.submodule_search_locations)))


def lock_file_of(dockerfile: str) -> Path:
    """repo2docker's lock file that the Dockerfile installs as Binder's environment."""
    import escapism

    match = re.search(
        r"^COPY \S+ build_script_files/(\S+)-[0-9a-f]{6} /tmp/env/environment.lock$",
        dockerfile,
        re.MULTILINE,
    )
    assert match, "repo2docker's Dockerfile installs no conda environment lock file"
    source = escapism.unescape(match[1], escape_char="-")
    lock = repo2docker_folder() / "buildpacks" / "conda" / Path(source).name
    assert lock.is_file(), f"repo2docker's lock file {lock} is missing"
    return lock


def conda_version(lock_text: str, name: str) -> str:
    match = re.search(rf"/{re.escape(name)}-([^-/]+)-[^-/]+\.(?:conda|tar\.bz2)", lock_text)
    assert match, f"{name} is not in repo2docker's lock file"
    return match[1]


def base_packages_of(lock: Path) -> dict[str, str]:
    """The Jupyter packages repo2docker's environment file asks for, at locked versions."""
    from ruamel.yaml import YAML

    # environment.py-3.11-linux-64.lock was solved from environment.py-3.11.yml
    environment = lock.with_name(re.sub(r"-linux-\w+\.lock$", ".yml", lock.name))
    wanted = YAML(typ="safe").load(environment.read_text())["dependencies"]
    names = [re.match(r"[A-Za-z0-9_.-]+", str(item))[0] for item in wanted]
    lock_text = lock.read_text()
    return {
        PYPI_NAMES.get(name, name): conda_version(lock_text, name)
        for name in names
        if name not in NOT_PYTHON_PACKAGES
    }


@pytest.fixture(scope="module")
def binder_build() -> BinderBuild:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "repo2docker",
            "--no-build",
            "--user-name",
            BINDER_USER[0],
            "--user-id",
            BINDER_USER[1],
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    dockerfile = done.stdout
    lock = lock_file_of(dockerfile)
    python = Version(conda_version(lock.read_text(), "python"))
    copies = [
        n for n, line in enumerate(dockerfile.splitlines()) if re.match(r"COPY .* src/", line)
    ]
    assert copies, "repo2docker's Dockerfile never copies the repository"
    steps = tuple(command for line, command in run_commands(dockerfile) if line > copies[0])
    return BinderBuild(dockerfile, done.stderr, python, base_packages_of(lock), steps)


def project_requires_python() -> SpecifierSet:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return SpecifierSet(pyproject["project"]["requires-python"])


def pinned(requirements: Path) -> dict[str, str]:
    """``name -> version`` of every ``name==version`` line, following ``-r`` includes."""
    pins: dict[str, str] = {}
    for raw in requirements.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("-r "):
            pins.update(pinned(requirements.parent / line.removeprefix("-r ").strip()))
        elif line:
            requirement = Requirement(line)
            (specifier,) = requirement.specifier
            assert specifier.operator == "==", f"{line} in {requirements.name} is not pinned"
            pins[canonicalize_name(requirement.name)] = specifier.version
    return pins


def test_repo2docker_runs_binder_on_a_python_every_pin_accepts(binder_build, tmp_path):
    assert binder_build.python in project_requires_python(), (
        f"Binder would run Python {binder_build.python}; pyproject.toml requires "
        f"{project_requires_python()}:\n{binder_build.log[-2000:]}"
    )
    assert "Python version unspecified" not in binder_build.log, binder_build.log[-2000:]
    # Binder's base environment keeps its own Jupyter packages unless a pin replaces
    # them, so they are resolved beside the pins, at the versions Binder holds.
    pins = pinned(ROOT / "binder" / "requirements.txt")
    kept = [
        f"{name}=={version}"
        for name, version in binder_build.base_packages.items()
        if canonicalize_name(name) not in pins
    ]
    report = tmp_path / "resolution.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--quiet",
            "--ignore-installed",
            "--target",
            str(tmp_path / "never-written"),
            "--python-version",
            str(binder_build.python),
            "--only-binary=:all:",
            "--report",
            str(report),
            "-r",
            "binder/requirements.txt",
            *kept,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, (
        f"the pins cannot be installed on Binder's Python {binder_build.python} beside "
        f"Binder's {kept}:\n{done.stderr[-3000:]}"
    )
    resolved = {
        canonicalize_name(item["metadata"]["name"]): item["metadata"]
        for item in json.loads(report.read_text())["install"]
    }
    assert set(pins) <= set(resolved)
    for name, version in pins.items():
        assert resolved[name]["version"] == version
    for name, metadata in resolved.items():
        requires = SpecifierSet(metadata.get("requires_python") or "")
        assert binder_build.python in requires, f"{name} needs Python {requires}"


def test_repo2docker_installs_the_requirements_then_runs_post_build(binder_build):
    install = [
        index
        for index, step in enumerate(binder_build.steps)
        if re.fullmatch(
            r'\$\{KERNEL_PYTHON_PREFIX\}/bin/pip install .*-r "?binder/requirements.txt"?', step
        )
    ]
    post_build = [
        index for index, step in enumerate(binder_build.steps) if step == "./binder/postBuild"
    ]
    assert install, f"no step installs binder/requirements.txt: {binder_build.steps}"
    assert post_build, f"no step runs binder/postBuild: {binder_build.steps}"
    assert install[0] < post_build[0]


@dataclass(frozen=True)
class BinderEnvironment:
    """A virtual environment built the way Binder builds its image."""

    venv: Path
    home: Path
    env: dict[str, str]

    def run(self, *command: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command,
            cwd=cwd or self.home,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )


def binder_python(version: str) -> str:
    """This machine's ``python<major.minor>``; a machine without it fails the test."""
    advice = (
        f"install Python {version} with its venv module (e.g. apt-get install python{version}-venv)"
    )
    found = shutil.which(f"python{version}")
    if found is None:
        pytest.fail(
            f"Binder runs Python {version} (as repo2docker chose it); this machine has no python{version}: {advice}"
        )
    probe = subprocess.run(
        [found, "-c", "import sys, venv; print('%d.%d' % sys.version_info[:2])"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0 or probe.stdout.strip() != version:
        pytest.fail(
            f"Binder runs Python {version} (as repo2docker chose it); {found} does not run it "
            f"({probe.stdout.strip()} {probe.stderr.strip()[-300:]}): {advice}"
        )
    return found


@pytest.fixture(scope="module")
def binder_environment(binder_build, tmp_path_factory) -> BinderEnvironment:
    workspace = tmp_path_factory.mktemp("binder")
    venv = workspace / "env"
    home = workspace / "home"
    subprocess.run([binder_python(binder_build.python_minor), "-m", "venv", str(venv)], check=True)
    for path in repository_files():
        target = home / path.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("JUPYTER", "PYTHON", "VIRTUAL_ENV", "PIP_REQUIRE"))
    }
    env.update(
        HOME=str(home),
        REPO_DIR=str(home),
        NB_USER=BINDER_USER[0],
        NB_PYTHON_PREFIX=str(venv),
        KERNEL_PYTHON_PREFIX=str(venv),
        PATH=f"{venv / 'bin'}:{home / '.local' / 'bin'}:{os.environ['PATH']}",
        PYTHONUNBUFFERED="1",
        # pip's environment spelling of --no-compile (the value sets its 'compile' flag):
        # byte-compiling a hundred packages would double the build and prove nothing
        PIP_NO_COMPILE="0",
    )
    environment = BinderEnvironment(venv, home, env)
    for step in binder_build.steps:
        done = environment.run("bash", "-c", step)
        assert done.returncode == 0, f"{step}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return environment


def test_binder_environment_is_consistent_and_serves_voila(binder_build, binder_environment):
    python = str(binder_environment.venv / "bin" / "python")
    version = binder_environment.run(python, "-c", "import sys; print(sys.version.split()[0])")
    assert Version(version.stdout.strip()).release[:2] == binder_build.python.release[:2]

    check = binder_environment.run(python, "-m", "pip", "check")
    assert check.returncode == 0, check.stdout + check.stderr

    extensions = binder_environment.run(python, "-m", "jupyter", "server", "extension", "list")
    listing = re.sub(r"\x1b\[[0-9;]*m", "", extensions.stdout + extensions.stderr)
    assert re.search(r"^\s*voila\.server_extension\s+enabled$", listing, re.MULTILINE), listing
    assert re.search(r"^\s*voila\.server_extension\s+\S*\s*OK$", listing, re.MULTILINE), listing

    config = binder_environment.home / ".jupyter" / "jupyter_server_config.json"
    assert config.is_file(), "postBuild did not install the Jupyter Server config"

    # a lesson's kernel runs in lessons/: it must import the installed package
    imported = binder_environment.run(
        python,
        "-c",
        "import cardmath, widgets; print(cardmath.__file__)",
        cwd=binder_environment.home / LESSONS,
    )
    assert imported.returncode == 0, imported.stderr
    assert str(binder_environment.venv) in imported.stdout


MATHS_NOTEBOOK = "maths-check.ipynb"
MATHS_CELLS = [
    {
        "cell_type": "markdown",
        "metadata": {},
        "source": [
            "# Maths on Binder\n",
            "\n",
            "Three quarters and a quarter: $\\frac{3}{4} + \\frac{1}{4} = 1$.\n",
            "\n",
            "$$(11 - 7) \\times 8 = 32$$",
        ],
    },
    {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": [
            "from IPython.display import Math\n",
            "from cardmath.expr import parse\n",
            "from cardmath.printing import to_latex\n",
            'Math(to_latex(parse("2 ^ (1 + 2) / 4")))',
        ],
    },
]
TYPESET_FORMULAS = 3


@pytest.fixture(scope="module")
def binder_server(binder_environment) -> Iterator[str]:
    """Jupyter Server from the Binder environment, in the home folder, as Binder runs it."""
    notebook = {
        "cells": MATHS_CELLS,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (binder_environment.home / MATHS_NOTEBOOK).write_text(json.dumps(notebook))
    port = free_port()
    log = binder_environment.home.parent / "jupyter-server.log"
    with log.open("w") as handle:
        process = subprocess.Popen(
            [
                str(binder_environment.venv / "bin" / "jupyter"),
                "server",
                "--no-browser",
                "--allow-root",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={port}",
                "--IdentityProvider.token=",
            ],
            cwd=binder_environment.home,
            env=binder_environment.env,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        if process.poll() is not None:
            pytest.fail(f"Jupyter Server exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=5):
                break
        except OSError:
            if time.monotonic() > deadline:
                stop(process)
                pytest.fail(f"Jupyter Server did not answer:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
    yield url
    stop(process)


def opened(url: str) -> str:
    with urllib.request.urlopen(url, timeout=180) as page:
        assert page.status == 200
        return page.read().decode()


def cell_outputs(html: str) -> list[dict]:
    """The outputs the kernel produced, as Voila embeds them in the page it renders."""
    found = re.findall(
        r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>',
        html,
        re.DOTALL,
    )
    return [json.loads(output) for output in found]


def test_every_binder_link_opens_its_lesson_on_the_binder_server(binder_server):
    links = set(binder_links_in_repository()) | {binder_url(b.notebook) for b in BADGES}
    for url in sorted(links):
        link = read_binder_url(url)
        # Binder sends the browser to the server's urlpath once the image runs
        urlpath = unquote(url.split("urlpath=", 1)[1])
        assert urlpath == voila_path(link.notebook, link.query or None)
        html = opened(f"{binder_server}/{urlpath}")
        if link.notebook is None:
            for lesson in sorted((ROOT / LESSONS).glob("*.ipynb")):
                assert lesson.name in html, f"{url}: the lesson list lacks {lesson.name}"
            continue
        outputs = cell_outputs(html)
        assert outputs, f"{url}: {link.notebook} rendered without any output"
        failed = [output for output in outputs if output.get("output_type") == "error"]
        assert not failed, f"{url}: a cell of {link.notebook} failed: {failed}"


@pytest.mark.browser
def test_maths_typesets_on_binders_voila_route_without_the_internet(binder_server, browser):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    artifacts = ROOT / "test-artifacts" / "binder-maths"
    shutil.rmtree(artifacts, ignore_errors=True)
    artifacts.mkdir(parents=True)
    outside: list[str] = []

    def only_this_machine(route):
        host = re.match(r"[a-z]+://([^/:]+)", route.request.url)
        if host and host[1] != "127.0.0.1":
            outside.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    def outside_socket(url: str) -> None:
        if not url.startswith(("ws://127.0.0.1:", "wss://127.0.0.1:")):
            outside.append(url)

    context = new_context(browser, viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.route("**/*", only_this_machine)
        page.on("websocket", lambda socket: outside_socket(socket.url))
        page.goto(f"{binder_server}/voila/render/{MATHS_NOTEBOOK}")
        page.wait_for_selector("text=Maths on Binder", timeout=120_000)
        count = "document.querySelectorAll('mjx-container').length"
        with contextlib.suppress(PlaywrightTimeout):  # the assertions say what is missing
            page.wait_for_function(f"{count} >= {TYPESET_FORMULAS}", timeout=60_000)
        page.screenshot(path=str(artifacts / "maths.png"), full_page=True)
        typeset = page.evaluate(count)
        text = page.inner_text("body")
    finally:
        context.close()
    assert not outside, f"the page asked outside this machine: {outside}"
    assert typeset >= TYPESET_FORMULAS, f"{typeset} formulas typeset; the page reads:\n{text}"
    assert "\\frac" not in text and "\\times" not in text and "\\div" not in text, text
