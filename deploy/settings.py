"""The Voilà settings every way of serving cardmath shares: one source.

``make serve`` (through :mod:`deploy.serve`), the class server (:mod:`deploy.classroom`)
and the browser tests' servers take their command-line settings from here; Binder's
``binder/jupyter_server_config.json`` and the hub's ``deploy/singleuser_config.py`` are
configuration files of their own, and ``tests/test_serve_settings.py`` checks that they
say the same where they must.

>>> page_args()[0]
'--VoilaConfiguration.classic_tree=True'
>>> kernel_args("/tmp")
['--KernelManager.transport=ipc']
>>> culling_args(LESSON_CULLING)
['--MappingKernelManager.cull_idle_timeout=3600', '--MappingKernelManager.cull_interval=300', '--MappingKernelManager.cull_connected=False']
"""

from __future__ import annotations

import os
import tempfile
from typing import NamedTuple

PAGE_EXTENSION_DENYLIST = ("@jupyter/nbgrader", "@jupyter-notebook/lab-extension")
"""JupyterLab extensions the test tools bring (nbgrader, Notebook) that cannot load in a
Voilà page: they fail in the browser console, so Voilà is told to leave them out."""


class Culling(NamedTuple):
    """When a kernel no page is connected to is shut down (seconds)."""

    idle: int
    interval: int


LESSON_CULLING = Culling(idle=3600, interval=300)
"""``make serve`` and Binder: a lesson page left alone for an hour loses its kernel."""


def page_args() -> list[str]:
    """The lesson list as Voilà's server-rendered (classic) tree (the JupyterLab file
    browser now and then drew an empty list, and took 1.4 s where this takes 0.25 s),
    and the page extensions left out."""
    return [
        "--VoilaConfiguration.classic_tree=True",
        *(f"--VoilaConfiguration.extension_denylist={name}" for name in PAGE_EXTENSION_DENYLIST),
    ]


SOCKET_PATH_LIMIT = 103
"""The longest Unix socket path every system we serve on accepts (macOS 103 bytes, Linux
107)."""

KERNEL_SOCKET = "kernel-00000000-0000-0000-0000-000000000000-ipc-5"
"""The longest name of a kernel's socket in its folder of connection files."""

VOILA_CONNECTIONS = "voila_XXXXXXXX"
"""The folder of connection files Voilà makes in the temporary folder when it starts."""


def unix_sockets_fit(connections: str) -> bool:
    """Whether kernels whose connection files go to the folder ``connections`` can have
    Unix sockets there: a system that has them, and paths short enough for it.

    >>> unix_sockets_fit("/home/ada/.local/share/jupyter/runtime")
    True
    >>> unix_sockets_fit("/home/" + "a-very-long-user-name" + "/.local/share/jupyter/runtime")
    False
    """
    path = os.path.join(connections, KERNEL_SOCKET)
    return os.name == "posix" and len(os.fsencode(path)) <= SOCKET_PATH_LIMIT


def kernel_args(temporary: str | None = None) -> list[str]:
    """Kernels talk to their server over Unix sockets, not over TCP ports of 127.0.0.1.

    A server gives a new kernel five ports by asking the system for free ones and letting
    them go until the kernel binds them: any connection the machine opens meanwhile (a
    browser's, another server's) can take one. That kernel then dies before it answers,
    and its page never finishes loading (seen on a busy machine; a class opening a
    dashboard together is one). Sockets in the server's own folder of connection files
    have no ports to race for. The hub's servers decide the same way in
    ``deploy/singleuser_config.py``. Binder keeps TCP: one student's container starts a
    few kernels, and its static configuration cannot check the paths.

    Voilà keeps its connection files in a folder of its own in the temporary folder
    (``temporary``, or the system's). Where the sockets' paths would be too long there,
    or the system has no Unix sockets, kernels keep TCP:

    >>> kernel_args("/" + "long-folder-name/" * 4)
    []
    """
    folder = tempfile.gettempdir() if temporary is None else temporary
    if not unix_sockets_fit(os.path.join(folder, VOILA_CONNECTIONS)):
        return []
    return ["--KernelManager.transport=ipc"]


def culling_args(culling: Culling) -> list[str]:
    """Kernel culling; never of a connected page (a projected dashboard that sits idle
    keeps its kernel)."""
    return [
        f"--MappingKernelManager.cull_idle_timeout={culling.idle}",
        f"--MappingKernelManager.cull_interval={culling.interval}",
        "--MappingKernelManager.cull_connected=False",
    ]


def serve_args(culling: Culling = LESSON_CULLING) -> list[str]:
    """Everything ``make serve`` sets besides its port, theme and pool (the browser tests
    cull closed pages sooner)."""
    return [*kernel_args(), *culling_args(culling), *page_args()]
