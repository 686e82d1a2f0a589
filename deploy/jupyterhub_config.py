"""JupyterHub for a school's own server (The Littlest JupyterHub, or any single machine):
each student logs in and gets their own server with cardmath's lessons and dashboards,
rendered by Voilà.

With The Littlest JupyterHub, install cardmath where every user can read it, then link
this file into TLJH's configuration folder and reload::

    sudo git clone <cardmath> /srv/cardmath
    sudo /opt/tljh/user/bin/pip install -r /srv/cardmath/requirements.txt /srv/cardmath
    sudo ln -s /srv/cardmath/deploy/jupyterhub_config.py \\
        /opt/tljh/config/jupyterhub_config.d/cardmath.py
    sudo tljh-config reload hub

Elsewhere: ``jupyterhub -f deploy/jupyterhub_config.py``. Settings, from the hub's
environment: ``CARDMATH_CLASS_SIZE`` (30), ``CARDMATH_LESSONS`` (the ``lessons/`` folder
beside this file), ``CARDMATH_SERVER_IDLE`` (seconds before an unused student server
stops, 3600: a lesson).
"""

import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (given by the config loader)

HERE = Path(__file__).resolve().parent
CLASS_SIZE = int(os.environ.get("CARDMATH_CLASS_SIZE", "30"))
LESSONS = os.environ.get("CARDMATH_LESSONS", str(HERE.parent / "lessons"))
SERVER_IDLE = int(os.environ.get("CARDMATH_SERVER_IDLE", "3600"))

# Every student's server opens on the lesson list, rendered by Voilà (see
# singleuser_config.py: Voilà only, tracebacks hidden, kernels of closed pages culled).
c.Spawner.notebook_dir = LESSONS
c.Spawner.default_url = "/voila/tree"
c.Spawner.args = [f"--config={HERE / 'singleuser_config.py'}"]
c.Spawner.mem_limit = "512M"  # a student's server: a lesson and a dashboard or two
c.Spawner.cpu_limit = 1.0

# Sized for the class: the whole class may log in within the same minute, and one class
# (plus a teacher and a few spare) is the most this one machine serves at once; a
# student beyond it is told to wait rather than slowing the class down.
c.JupyterHub.concurrent_spawn_limit = CLASS_SIZE
c.JupyterHub.active_server_limit = CLASS_SIZE + 5
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60

# Culling: a student server nobody used for a lesson's length stops (its kernels were
# already culled two minutes after their pages closed). Exactly one idle culler runs:
# one that TLJH configured is replaced by this one, with this timeout.


def _already(section: object, name: str) -> list:
    """A list a configuration loaded earlier (TLJH's own) has set, else empty."""
    value = section.get(name, [])  # type: ignore[attr-defined]
    return list(value) if isinstance(value, list) else []


c.JupyterHub.services = [
    service
    for service in _already(c.JupyterHub, "services")
    if "jupyterhub_idle_culler" not in " ".join(service.get("command", []))
] + [
    {
        "name": "cardmath-idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={SERVER_IDLE}",
            "--cull-every=60",
        ],
    }
]
c.JupyterHub.load_roles = [
    role
    for role in _already(c.JupyterHub, "load_roles")
    if role.get("name") != "cardmath-idle-culler"
] + [
    {
        "name": "cardmath-idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["cardmath-idle-culler"],
    }
]
