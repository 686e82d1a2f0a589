"""Binder, as close as we can get without Docker.

A fresh virtual environment is built from the ``binder/`` files alone (what repo2docker
does), ``binder/postBuild`` is run in it with its own HOME, Voila is started from that
environment, and the welcome lesson is rendered with its cards.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from conftest import start_voila, stop  # noqa: E402

pytestmark = pytest.mark.slow


def test_binder_files_alone_build_an_environment_that_serves_the_lessons(tmp_path: Path):
    venv = tmp_path / "binder-env"
    home = tmp_path / "home"
    home.mkdir()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {**os.environ, "HOME": str(home), "PATH": f"{venv / 'bin'}:{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    install = subprocess.run(
        [
            python,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-compile",
            "-r",
            "binder/requirements.txt",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    # repo2docker copies the repository and runs postBuild from its root
    post_build = subprocess.run(
        ["bash", "binder/postBuild"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert post_build.returncode == 0, post_build.stderr[-3000:]
    config = home / ".jupyter" / "jupyter_server_config.json"
    assert config.exists(), "postBuild did not install the Jupyter server config"

    check = subprocess.run(
        [python, "-c", "import cardmath, widgets; print(cardmath.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stderr
    assert str(venv) in check.stdout, "cardmath must be installed in the Binder environment"

    process, url = start_voila(
        ROOT / "lessons", tmp_path / "voila.log", python=python, cwd=tmp_path
    )
    try:
        with urllib.request.urlopen(f"{url}/voila/render/00-welcome.ipynb", timeout=120) as page:
            html = page.read().decode()
    finally:
        stop(process)
    assert "Welcome to cardmath" in html
    assert "Queen of clubs" in html  # the hand of cards was drawn by the kernel
    assert "worth 12" in html
