"""The Voilà settings every way of serving cardmath shares: one source.

``make serve`` (through :mod:`deploy.serve`), the class server (:mod:`deploy.classroom`)
and the browser tests' servers take their command-line settings from here; Binder's
``binder/jupyter_server_config.json`` and the hub's ``deploy/singleuser_config.py`` are
configuration files of their own, and ``tests/test_serve_settings.py`` checks that they
say the same where they must.

>>> page_args()[0]
'--VoilaConfiguration.classic_tree=True'
>>> culling_args(LESSON_CULLING)
['--MappingKernelManager.cull_idle_timeout=3600', '--MappingKernelManager.cull_interval=300', '--MappingKernelManager.cull_connected=False']
"""

from __future__ import annotations

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
    return [*culling_args(culling), *page_args()]
