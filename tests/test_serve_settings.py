"""One source of the Voilà serve settings: every way of serving says the same."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from deploy.settings import (
    LESSON_CULLING,
    PAGE_EXTENSION_DENYLIST,
    kernel_args,
    page_args,
    serve_args,
)

ROOT = Path(__file__).resolve().parents[1]


def test_make_serve_takes_its_settings_from_the_one_source():
    shown = subprocess.run(
        ["make", "-s", "-n", "serve", "PORT=8999"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    (command,) = [line for line in shown.splitlines() if "deploy.serve lessons/" in line]
    # nothing of the shared settings is written again in the Makefile
    for setting in serve_args():
        assert setting.split("=")[0] not in command


def test_binders_configuration_agrees_with_the_one_source():
    config = json.loads((ROOT / "binder" / "jupyter_server_config.json").read_text())
    voila = config["VoilaConfiguration"]
    assert voila["classic_tree"] is True
    assert set(voila["extension_denylist"]) <= set(PAGE_EXTENSION_DENYLIST)
    kernels = config["MappingKernelManager"]
    assert (kernels["cull_idle_timeout"], kernels["cull_interval"]) == tuple(LESSON_CULLING)
    assert kernels["cull_connected"] is False


def test_the_class_server_uses_the_same_page_settings():
    from deploy.classroom import ClassSettings

    args = ClassSettings(size=2, code="abcdef-1", root=ROOT / "lessons").voila_argv()
    for setting in [*page_args(), *kernel_args()]:
        assert setting in args
    assert "--MappingKernelManager.cull_connected=False" in args


def test_every_server_starts_its_kernels_on_unix_sockets():
    """On this machine (a short temporary folder) ``make serve`` and the class server give
    their kernels Unix sockets (``tests/browser/test_security.py`` finds them there; the
    hub's servers are checked in ``tests/browser/test_hub_security.py``)."""
    from deploy.classroom import ClassSettings
    from deploy.serve import with_defaults

    assert "--KernelManager.transport=ipc" in with_defaults([])
    assert "--KernelManager.transport=ipc" in ClassSettings(size=2, code="abcdef-1").voila_argv()
