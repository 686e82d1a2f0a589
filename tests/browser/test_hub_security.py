"""A hub server's settings are the hub's, whatever else the image or the student wrote.

The Kubernetes image is the Binder environment: ``binder/postBuild`` copies Binder's
``jupyter_server_config.json`` (tracebacks shown, kernels kept an hour) into
``~/.jupyter``, and every installed package enables its own server extensions. Here a
student's server is laid out the way ``deploy/values.yaml`` lays it out (the config file
at its mount path, the environment and arguments the hub gives), with Binder's file in the
home folder and a server extension a student tried to switch on, and the real
Jupyter Server is initialised from it: what it ends up with is what a student gets.
The hub's own sign-up settings are checked from ``deploy/jupyterhub_config.py``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

from conftest import ROOT
from deploy.settings import KERNEL_SOCKET

PROBE = """
import json, os, sys
from jupyter_server.serverapp import ServerApp
app = ServerApp.instance()
if os.environ.get("JUPYTERHUB_DISABLE_USER_CONFIG") == "1":
    from jupyterhub.singleuser._disable_user_config import _disable_user_config
    _disable_user_config(app)
app.initialize(argv=sys.argv[1:], new_httpserver=False)
voila = app.config.VoilaConfiguration
import jupyterlab_server.handlers as lab_pages
lab = app.extension_manager.extension_apps["jupyterlab"]
lab = next(iter(lab))
page = lab_pages.get_page_config(
    lab.extra_labextensions_path + lab.labextensions_path, lab.app_settings_dir
)
installed = [extension["name"] for extension in page.get("federated_extensions", [])]
print(json.dumps({
    "extensions": sorted(name for name, on in app.jpserver_extensions.items() if on),
    "show_tracebacks": voila.show_tracebacks,
    "template": voila.get("template", "lab"),
    "cull_idle_timeout": app.kernel_manager.cull_idle_timeout,
    "kernel_transport": app.kernel_manager.kernel_manager_factory(
        parent=app.kernel_manager, log=app.log
    ).transport,
    "terminals": app.terminals_enabled,
    "root_dir": app.root_dir,
    "allow_hidden": app.contents_manager.allow_hidden,
    "page_extensions": sorted(set(installed) - set(page.get("disabledExtensions", []))),
    "voila_page_extensions": sorted(voila.extension_allowlist),
}))
"""


def _values() -> dict:
    return yaml.safe_load((ROOT / "deploy" / "values.yaml").read_text())


def _effective(tmp_path: Path, role: str, runtime: Path | None = None) -> dict:
    """The settings a server laid out as in ``values.yaml`` starts with (``role``: what
    the hub's pre-spawn hook says; ``runtime``: the person's runtime folder, by default
    one as short as the pod's ``/home/jovyan/.local/share/jupyter/runtime``)."""
    if runtime is None:
        with tempfile.TemporaryDirectory(prefix="rt-", dir="/tmp") as short:
            return _effective(tmp_path, role, Path(short))
    values = _values()
    spawner = values["hub"]["config"]["KubeSpawner"]
    single = values["singleuser"]
    mount = Path(single["extraFiles"]["cardmath-singleuser-config"]["mountPath"])
    root = tmp_path / "pod"
    home = root / "home" / "jovyan"
    # the image: the repository in the home folder, Binder's settings where postBuild puts them
    (home / ".jupyter").mkdir(parents=True)
    shutil.copy(ROOT / "binder" / "jupyter_server_config.json", home / ".jupyter")
    shutil.copytree(ROOT / "lessons", home / "lessons")
    # a student who tried to switch another extension on from their home folder
    (home / ".jupyter" / "jupyter_server_config.d").mkdir()
    (home / ".jupyter" / "jupyter_server_config.d" / "mine.json").write_text(
        json.dumps({"ServerApp": {"jpserver_extensions": {"jupyter_server_terminals": True}}})
    )
    # the file helm mounts (--set-file ...stringData=deploy/singleuser_config.py)
    config = root / mount.relative_to("/")
    config.parent.mkdir(parents=True)
    shutil.copy(ROOT / "deploy" / "singleuser_config.py", config)
    args = [arg.replace(str(mount), str(config)) for arg in spawner["args"]]
    assert args != spawner["args"], "the server is not given the mounted config file"
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("JUPYTER", "CARDMATH"))
    }
    env.update(
        {
            name: str(value).replace("/home/jovyan", str(home))
            for name, value in single["extraEnv"].items()
        }
    )
    env.update(
        {
            "HOME": str(home),
            "JUPYTER_RUNTIME_DIR": str(runtime),
            "CARDMATH_ROLE": role,
            "JUPYTERHUB_DISABLE_USER_CONFIG": "1" if spawner["disable_user_config"] else "0",
        }
    )
    result = subprocess.run(
        [sys.executable, "-c", PROBE, *args, "--ServerApp.allow_root=True"],
        env=env,
        cwd=home,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    settings = json.loads(result.stdout.strip().splitlines()[-1])
    settings["home"] = str(home)
    return settings


def test_binders_settings_in_the_image_do_not_reach_a_students_server(tmp_path):
    settings = _effective(tmp_path, "student")
    assert settings["show_tracebacks"] is False  # Binder's file says True
    assert settings["cull_idle_timeout"] == 90  # Binder's file says 3600
    # kernels on Unix sockets of the student's own, never on ports another server may take
    assert settings["kernel_transport"] == "ipc"
    assert settings["terminals"] is False
    assert settings["allow_hidden"] is False
    # the allow-list: JupyterLab, Voilà and the query guard; not the terminal the student enabled, not
    # nbgrader, Notebook or the language server, though all are installed and enabled
    assert settings["extensions"] == ["jupyterlab", "voila", "widgets.queryguard"]
    # JupyterLab's and Voilà's page extensions by their allow-list too: no nbgrader menus
    assert "@jupyter/nbgrader" not in settings["page_extensions"]
    assert "@jupyter-notebook/lab-extension" not in settings["page_extensions"]
    assert "@jupyter-widgets/jupyterlab-manager" in settings["page_extensions"]
    assert "@jupyter/nbgrader" not in settings["voila_page_extensions"]
    # their own copy of the lessons, on their own disk
    work = Path(settings["root_dir"])
    assert work == Path(settings["home"]) / "work" / "cardmath"
    assert (work / "01-navigator.ipynb").exists()


def test_a_runtime_folder_too_deep_for_a_socket_keeps_kernels_on_tcp(tmp_path):
    # as deep as a local hub's person with a 32-letter name has it (/home/<name>/.local/...):
    # a kernel's socket there would be longer than the system allows, and never start
    deep = tmp_path / ("a" * 32) / ".local" / "share" / "jupyter" / "runtime"
    assert len(str(deep / KERNEL_SOCKET)) > 107
    settings = _effective(tmp_path, "student", runtime=deep)
    assert settings["kernel_transport"] == "tcp"


def test_the_teachers_server_adds_nbgrader_and_nothing_else(tmp_path):
    settings = _effective(tmp_path, "teacher")
    assert settings["extensions"] == [
        "jupyterlab",
        "nbgrader.server_extensions.assignment_list",
        "nbgrader.server_extensions.course_list",
        "nbgrader.server_extensions.formgrader",
        "nbgrader.server_extensions.validate_assignment",
        "voila",
        "widgets.queryguard",
    ]
    assert settings["show_tracebacks"] is False
    assert "@jupyter/nbgrader" in settings["page_extensions"]


def test_a_students_work_is_never_overwritten_by_a_new_start(tmp_path):
    first = _effective(tmp_path / "one", "student")
    work = Path(first["root_dir"])
    (work / "01-navigator.ipynb").write_text("my answers")
    (work / "02-sequences.ipynb").unlink()
    values = _values()
    mount = Path(values["singleuser"]["extraFiles"]["cardmath-singleuser-config"]["mountPath"])
    config = tmp_path / "one" / "pod" / mount.relative_to("/")
    env = {
        **os.environ,
        "CARDMATH_LESSONS": str(ROOT / "lessons"),
        "CARDMATH_WORK": str(work),
    }
    subprocess.run(
        [
            sys.executable,
            "-c",
            "from traitlets.config import PyFileConfigLoader as L; "
            f"L({config.name!r}, {str(config.parent)!r}).load_config()",
        ],
        env=env,
        check=True,
        timeout=60,
    )
    assert (work / "01-navigator.ipynb").read_text() == "my answers"
    assert (work / "02-sequences.ipynb").exists()  # a lesson missing is copied again


def _hub_config() -> object:
    from traitlets.config import PyFileConfigLoader

    path = ROOT / "deploy" / "jupyterhub_config.py"
    return PyFileConfigLoader(path.name, str(path.parent)).load_config()


def test_the_hub_signs_people_up_with_the_teachers_approval():
    import nativeauthenticator  # noqa: F401 (pinned in requirements-dev.txt: the hub needs it)

    hub = _hub_config()
    assert hub.JupyterHub.authenticator_class == "native"
    assert hub.NativeAuthenticator.open_signup is False
    assert hub.Authenticator.admin_users == {"teacher"}
    assert hub.Spawner.disable_user_config is True
    values = _values()["hub"]["config"]
    assert values["JupyterHub"]["authenticator_class"] == "native"
    assert values["NativeAuthenticator"]["open_signup"] is False
    assert values["Authenticator"]["admin_users"] == ["teacher"]
    assert values["Authenticator"]["allow_all"] is hub.Authenticator.allow_all
