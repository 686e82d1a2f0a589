"""The school hub's class service as the Kubernetes values (Zero to JupyterHub) run it:
the same service, roles, teachers group and server settings as ``deploy/jupyterhub_config.py``.
(The running hub with the service on PostgreSQL is tested in
``tests/browser/test_hub_rooms.py``.)"""

from __future__ import annotations


def test_the_kubernetes_values_run_the_same_class_service() -> None:
    import yaml
    from traitlets.config import PyFileConfigLoader

    from tests.hubserver import ROOT

    deploy = ROOT / "deploy"
    values = yaml.safe_load((deploy / "values.yaml").read_text())
    hub = PyFileConfigLoader("jupyterhub_config.py", str(deploy)).load_config()
    (service,) = [s for s in hub.JupyterHub.services if s["name"] == "cardmath-class"]
    assert service["command"][-1].endswith("deploy/classservice.py")
    kube = values["hub"]["services"]["cardmath-class"]
    assert kube["command"][-1].endswith("deploy/classservice.py")
    # the same roles, the same teachers group, the same server token scopes
    roles = {role["name"]: role for role in hub.JupyterHub.load_roles}
    for name, role in values["hub"]["loadRoles"].items():
        assert role["scopes"] == roles[name]["scopes"]
    config = values["hub"]["config"]
    assert config["JupyterHub"]["load_groups"]["teachers"]["users"] == ["teacher"]
    assert hub.JupyterHub.load_groups["teachers"]["users"] == ["teacher"]
    assert config["KubeSpawner"]["server_token_scopes"] == hub.Spawner.server_token_scopes
    # students' servers call the service; the database address is the hub pod's alone
    env = values["singleuser"]["extraEnv"]
    assert env["CARDMATH_ROOMS"] == hub.Spawner.environment["CARDMATH_ROOMS"] == "service"
    port = kube["url"].rsplit(":", 1)[1]
    assert env["CARDMATH_CLASS_SERVICE"] == f"http://hub:{port}/services/cardmath-class/"
    assert [p["port"] for p in values["hub"]["service"]["extraPorts"]] == [int(port)]
    assert not any("postgresql" in str(value) for value in env.values())
    assert "CARDMATH_SERVICE_STORE" in values["hub"]["extraConfig"]["cardmath-class-store"]
