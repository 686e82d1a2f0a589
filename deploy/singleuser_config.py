"""Each student's own Jupyter server on a JupyterHub: cardmath's lessons through Voilà only.

Given to ``jupyterhub-singleuser`` with ``--config`` by ``deploy/jupyterhub_config.py``
(Zero to JupyterHub mounts the same settings as JSON: ``deploy/values.yaml``, checked
equal by ``tests/browser/test_jupyterhub.py``).
"""

c = get_config()  # type: ignore[name-defined]  # noqa: F821 (given by the config loader)

# Voilà only: no JupyterLab, no classic notebook, no terminal (the hub opens /voila/tree)
c.ServerApp.jpserver_extensions = {
    "voila": True,
    "jupyterlab": False,
    "notebook": False,
    "jupyter_lsp": False,
    "notebook_shim": False,
}
c.ServerApp.terminals_enabled = False
# MathJax from the server, never a CDN (classrooms often filter the internet)
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

c.VoilaConfiguration.classic_tree = True
c.VoilaConfiguration.show_tracebacks = False
# a busy server answers late: without this the page can come without its dashboard
c.VoilaExecutor.iopub_timeout = 60

# a kernel no page is connected to (a closed or crashed tab) goes within two minutes;
# a page still open keeps its kernel however long the student thinks
c.MappingKernelManager.cull_idle_timeout = 90
c.MappingKernelManager.cull_interval = 20
c.MappingKernelManager.cull_connected = False
