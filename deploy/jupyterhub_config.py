"""JupyterHub for a school's own server (The Littlest JupyterHub, or any single machine):
each student logs in and gets their own server, with their own copy of cardmath's lessons
to work in JupyterLab and the dashboards in Voilà (``singleuser_config.py`` says exactly
what a student's server offers).

With The Littlest JupyterHub, install cardmath where every user can read it, then link
this file into TLJH's configuration folder and reload::

    sudo git clone <cardmath> /srv/cardmath
    sudo /opt/tljh/user/bin/pip install -r /srv/cardmath/requirements.txt /srv/cardmath
    sudo /opt/tljh/user/bin/pip install nbgrader==0.9.6     # the teacher's grading pages
    sudo /opt/tljh/hub/bin/pip install jupyterhub-nativeauthenticator==1.3.0
    sudo ln -s /srv/cardmath/deploy/jupyterhub_config.py \\
        /opt/tljh/config/jupyterhub_config.d/cardmath.py
    sudo tljh-config reload hub

Elsewhere: ``jupyterhub -f deploy/jupyterhub_config.py``. Settings, from the hub's
environment: ``CARDMATH_TEACHER`` (the teacher's user name, the hub's admin: ``teacher``),
``CARDMATH_CLASS_SIZE`` (30), ``CARDMATH_LESSONS`` (the ``lessons/`` folder beside this
file), ``CARDMATH_SERVER_IDLE`` (seconds before an unused student server stops, 3600: a
lesson).

Logging in: students sign up on the hub's sign-up page (``/hub/signup``) with a name and
a password, and can log in once the teacher has approved them on ``/hub/authorize``
(NativeAuthenticator). The teacher signs up first, with the name in ``CARDMATH_TEACHER``,
and is approved at once. For Moodle or Canvas, see the README ("Logging in from Moodle or
Canvas"): LTIAuthenticator replaces these lines.
"""

import os
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (given by the config loader)

HERE = Path(__file__).resolve().parent
CLASS_SIZE = int(os.environ.get("CARDMATH_CLASS_SIZE", "30"))
LESSONS = os.environ.get("CARDMATH_LESSONS", str(HERE.parent / "lessons"))
SERVER_IDLE = int(os.environ.get("CARDMATH_SERVER_IDLE", "3600"))
TEACHER = os.environ.get("CARDMATH_TEACHER", "teacher")

# Who may log in: a real authenticator, with the teacher approving every sign-up. A
# student who signed up is refused until approved; nobody else gets in.
c.JupyterHub.authenticator_class = "native"
c.NativeAuthenticator.open_signup = False
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5  # then the name waits a minute
c.NativeAuthenticator.seconds_before_next_try = 60
# the approval is the allow-list: only users the teacher approved can log in
c.Authenticator.allow_all = True
# the teacher is the hub's admin: approves sign-ups, and their server has nbgrader
c.Authenticator.admin_users = {TEACHER}


class _NoTimer:
    """A login timer that measures nothing (see :func:`_native_login_on_jupyterhub_6`)."""

    def timer(self, name: str) -> "_NoTimer":
        return self

    def start(self) -> "_NoTimer":
        return self

    def stop(self, send: bool = True) -> None:
        return None


def _native_login_on_jupyterhub_6() -> None:
    """NativeAuthenticator 1.3.0 (its latest release) times each login with JupyterHub's
    ``statsd``, which JupyterHub 6 removed: every login then failed with an error page.
    Its login page gets a timer that measures nothing."""
    try:
        from nativeauthenticator.handlers import LoginHandler
    except ImportError:  # the hub's authenticator is another one
        return
    if not hasattr(LoginHandler, "statsd"):
        LoginHandler.statsd = _NoTimer()  # type: ignore[attr-defined]


_native_login_on_jupyterhub_6()

# Every student's server opens on the lesson list, rendered by Voilà; lessons open in
# JupyterLab (see singleuser_config.py: extensions by an allow-list, no terminal,
# tracebacks hidden, kernels of closed pages culled). The server reads its settings
# from that one file: no configuration in the user's home folder is read.
c.Spawner.default_url = "/voila/tree"
c.Spawner.args = [f"--config={HERE / 'singleuser_config.py'}"]
c.Spawner.disable_user_config = True
c.Spawner.environment = {**dict(c.Spawner.get("environment", {})), "CARDMATH_LESSONS": LESSONS}


def _role(spawner: object) -> None:
    """Tell each server whose it is: the hub's admins (the teacher) get nbgrader."""
    role = "teacher" if spawner.user.admin else "student"  # type: ignore[attr-defined]
    spawner.environment = {**spawner.environment, "CARDMATH_ROLE": role}  # type: ignore[attr-defined]


c.Spawner.pre_spawn_hook = _role
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


# The class service (deploy/classservice.py): rooms and the class's progress for every
# student's server, the only process holding the class store's address. Students'
# servers reach it with their own hub token (CARDMATH_ROOMS=service); it answers each
# only with their own seat and their own work; the hub group "teachers" (the teacher is
# put in it here) gets the rooms console and the progress grid. The hub restarts it if
# it stops; rooms and progress live in the database, so nothing is lost.
CLASS_SERVICE = "cardmath-class"
CLASS_SERVICE_URL = os.environ.get("CARDMATH_CLASS_SERVICE_URL", "http://127.0.0.1:10101")
_STORE_FILE = Path(os.environ.get("CARDMATH_CLASS_STORE_FILE", "/opt/tljh/config/cardmath_store"))
CLASS_STORE = os.environ.get("CARDMATH_CLASS_STORE") or (
    _STORE_FILE.read_text().strip()
    if _STORE_FILE.is_file()
    else f"sqlite:///{Path.cwd() / 'cardmath-class.sqlite'}"  # a trial: one machine only
)
# the service needs cardmath and JupyterHub's service helpers: on TLJH both are in the
# users' environment (the hub's own has no cardmath)
_TLJH_USER_PYTHON = Path("/opt/tljh/user/bin/python")
CLASS_SERVICE_PYTHON = os.environ.get("CARDMATH_SERVICE_PYTHON") or (
    str(_TLJH_USER_PYTHON) if _TLJH_USER_PYTHON.exists() else sys.executable
)
_OURS = {"cardmath-idle-culler", CLASS_SERVICE}

c.JupyterHub.services = [
    service
    for service in _already(c.JupyterHub, "services")
    if "jupyterhub_idle_culler" not in " ".join(service.get("command", []))
    and service.get("name") not in _OURS
] + [
    {
        "name": CLASS_SERVICE,
        "url": CLASS_SERVICE_URL,
        "command": [CLASS_SERVICE_PYTHON, str(HERE / "classservice.py")],
        "environment": {
            "CARDMATH_SERVICE_STORE": CLASS_STORE,
            "CARDMATH_SERVICE_POOL": os.environ.get("CARDMATH_SERVICE_POOL", "10"),
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}),
        },
    },
    {
        "name": "cardmath-idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={SERVER_IDLE}",
            "--cull-every=60",
        ],
    },
]
c.JupyterHub.load_roles = [
    role
    for role in _already(c.JupyterHub, "load_roles")
    if role.get("name") not in {*_OURS, "user"}
] + [
    {
        "name": "cardmath-idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["cardmath-idle-culler"],
    },
    # the service asks the hub who is in the "teachers" group
    {"name": CLASS_SERVICE, "scopes": ["read:users:groups"], "services": [CLASS_SERVICE]},
    # every user may call the class service (it decides what each may see)
    {"name": "user", "scopes": ["self", f"access:services!service={CLASS_SERVICE}"]},
]
c.JupyterHub.load_groups = {
    **dict(c.JupyterHub.get("load_groups", {})),
    "teachers": {"users": [TEACHER]},
}
# a server's own token (JUPYTERHUB_API_TOKEN, which its kernels have) may call the class
# service, and nothing more than the hub's default for a server
c.Spawner.server_token_scopes = [
    "users:activity!user",
    "access:servers!server",
    f"access:services!service={CLASS_SERVICE}",
]
c.Spawner.environment = {
    **c.Spawner.environment,
    "CARDMATH_ROOMS": "service",
    "CARDMATH_CLASS_SERVICE": f"{CLASS_SERVICE_URL.rstrip('/')}/services/{CLASS_SERVICE}/",
}
