"""The class serve mode's pure parts: class codes, the classroom address, which notebooks get
a class pool (checked with Voilà's own filter), the projector banner."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from deploy.classpools import ROOM_PAGES, following_pool_manager
from deploy.classroom import (
    CODE_ALPHABET,
    ClassroomVoila,
    ClassSettings,
    announcement,
    check_class_code,
    class_link,
    classroom_address,
    new_class_code,
    preheat_denylist,
)
from tests.loops import run_to_end
from widgets.classroom import CLASS_URL_VARIABLE, class_banner, class_banner_html


def voila_preheats(notebook: str, pattern: str = "*-dashboard.ipynb") -> bool:
    """Whether Voilà's own filter gives ``notebook`` a pool under the class denylist."""
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    manager = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 1)
    fake = SimpleNamespace(preheat_denylist=preheat_denylist(pattern, *ROOM_PAGES))
    return manager._notebook_filter(fake, Path(notebook))


@pytest.mark.parametrize(
    ("notebook", "preheated"),
    [
        ("navigator-dashboard.ipynb", True),
        ("sum15-dashboard.ipynb", True),
        ("games/dotter-dashboard.ipynb", True),
        ("00-welcome.ipynb", False),
        ("01-navigator.ipynb", False),
        ("dashboard-notes.ipynb", False),
        ("navigator-dashboard.ipynb.bak", False),
        ("room.ipynb", True),
        ("room-table.ipynb", True),
        ("classroom.ipynb", False),
        ("room.ipynb.bak", False),
    ],
)
def test_only_dashboards_get_a_class_pool(notebook, preheated):
    assert voila_preheats(notebook) is preheated


def test_every_dashboard_in_the_lessons_folder_is_found_by_the_pattern(tmp_path):
    for name in ("00-welcome.ipynb", "navigator-dashboard.ipynb", "dotter-dashboard.ipynb"):
        (tmp_path / name).write_text("{}")
    settings = ClassSettings(size=30, code="abcd", root=tmp_path)
    assert settings.dashboard_notebooks() == ["dotter-dashboard.ipynb", "navigator-dashboard.ipynb"]
    text = announcement(settings, lan_found=True)
    # before the class: a small pool per dashboard; the teacher's dashboard grows later
    assert "2 kernels each, 4 in all" in text and "http://127.0.0.1:8866/?token=abcd" in text
    assert "gets 30 warm kernels" in text
    assert "--pool_size=2" in settings.voila_argv()


def test_the_room_pages_keep_a_small_pool_in_voilas_own_manager(tmp_path):
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from traitlets import Unicode
    from traitlets.config import LoggingConfigurable
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    from deploy.classroom import paced_pool_manager

    class VoilaApp(LoggingConfigurable):  # what Voilà's manager reads of its application
        root_dir = Unicode(str(tmp_path))  # no notebooks: no kernel starts
        notebook_path = None
        base_url = "/"

    pooling = voila_kernel_manager_factory(AsyncMappingKernelManager, True, 30)  # GAME=
    manager = following_pool_manager(paced_pool_manager(pooling))(
        parent=VoilaApp(), class_size=0, room_class_size=30
    )
    pools = manager.kernel_pools_config
    assert pools["default"]["pool_size"] == 30
    assert pools["room.ipynb"]["pool_size"] == 2 and pools["room-table.ipynb"]["pool_size"] == 2


def test_the_server_sizes_the_room_page_from_the_rooms_store(tmp_path):
    import asyncio

    from cardmath.rooms import open_store

    store = open_store(f"sqlite:///{tmp_path / 'rooms.sqlite'}")
    seen: list[list[dict]] = []
    server = SimpleNamespace(
        kernel_manager=SimpleNamespace(follow_rooms=seen.append), _rooms_store=store
    )

    async def read() -> None:
        ClassroomVoila.read_rooms(server)
        for _ in range(100):
            await asyncio.sleep(0.02)
            if seen and not server._reading_rooms:
                return

    for _ in range(3):
        store.create_room("sum15", players=4, seed=1)
    store.join(store.rooms()[0]["code"], "Ana")
    run_to_end(read())
    from deploy.classpools import seats_waiting

    assert seats_waiting(seen[-1]) == 11  # three tables of 4, Ana sat down


def test_the_announcement_names_the_room_pages(tmp_path):
    for name in ("navigator-dashboard.ipynb", "room.ipynb", "room-table.ipynb"):
        (tmp_path / name).write_text("{}")
    settings = ClassSettings(size=30, code="abcdef", root=tmp_path)
    assert settings.room_notebooks() == ["room.ipynb", "room-table.ipynb"]
    text = announcement(settings, lan_found=True)
    assert "room.ipynb, room-table.ipynb: 2 warm kernels each" in text
    assert "seats waiting (at most 30)" in text


def test_one_chosen_game_is_warm_for_the_whole_class_from_the_start(tmp_path):
    (tmp_path / "navigator-dashboard.ipynb").write_text("{}")
    settings = ClassSettings(size=30, root=tmp_path, dashboards="navigator-dashboard.ipynb")
    assert "--pool_size=30" in settings.voila_argv()
    assert "30 kernels each, 30 in all" in announcement(settings, lan_found=True)


def test_class_codes_are_random_and_readable():
    codes = {new_class_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(set(code) <= set(CODE_ALPHABET) for code in codes)
    assert not set("0o1li") & set(CODE_ALPHABET)


@pytest.mark.parametrize(
    "code", ["abc", "abcde", "x" * 41, "a b c d", "abc?def", "é-code", "a&b=c"]
)
def test_a_code_that_breaks_the_link_or_is_guessable_is_refused(code):
    with pytest.raises(ValueError, match="6 to 40"):
        check_class_code(code)


def test_the_classroom_address_is_the_laptop_on_the_local_network():
    up = ["lo", "wlan0", "eth0", "docker0", "tailscale0"]
    interfaces = {
        "lo": ["127.0.0.1"],
        "docker0": ["172.17.0.1"],
        "eth0": ["169.254.3.4"],  # link-local: no network
        "wlan0": ["10.20.30.40"],
        "tailscale0": ["100.101.102.103"],
    }
    assert classroom_address(interfaces, up) == "10.20.30.40"
    assert classroom_address(interfaces, ["lo", "eth0"]) is None
    assert classroom_address({"eth0": ["203.0.113.9"]}, ["eth0"]) == "203.0.113.9"
    assert class_link("10.20.30.40", 9000, "k7qm2x") == "http://10.20.30.40:9000/?token=k7qm2x"


def test_the_banner_escapes_what_it_shows():
    html = class_banner_html('http://10.0.0.5:8866/?token=<b>"x"</b>')
    assert '<b>"x"</b>' not in html
    assert "&lt;b&gt;&quot;x&quot;&lt;/b&gt;" in html


@pytest.mark.parametrize("url", ["ftp://10.0.0.5/", "10.0.0.5:8866", "", "javascript:x"])
def test_the_banner_refuses_what_is_not_a_web_link(url):
    with pytest.raises(ValueError, match="http"):
        class_banner_html(url)


def test_the_banner_comes_from_the_environment_the_class_server_sets(monkeypatch):
    monkeypatch.setenv(CLASS_URL_VARIABLE, "http://10.0.0.5:8866/?token=abc123")
    assert "10.0.0.5:8866/?token=abc123" in class_banner().data
    monkeypatch.delenv(CLASS_URL_VARIABLE)
    assert "make serve CLASS=30" in class_banner().data


def test_pool_refills_wait_for_visitors_except_the_one_a_visitor_waits_for():
    import asyncio
    import time

    from traitlets.config import LoggingConfigurable

    from deploy.classroom import ClassPageHandler, paced_pool_manager

    started: list[str] = []

    class VoilaPools(LoggingConfigurable):  # stands in for Voilà's pooling manager
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._pools = {"navigator-dashboard.ipynb": []}

        async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            started.append(kwargs["name"])

    async def scenario() -> None:
        manager = paced_pool_manager(VoilaPools)(
            refill_interval=0.05, refill_quiet=0.3, refill_max_wait=60
        )
        pool = manager._pools["navigator-dashboard.ipynb"]
        ClassPageHandler.rendering = 1  # a page is being served
        refills = [
            asyncio.ensure_future(manager._initialize("n", name=f"refill {i}")) for i in range(3)
        ]
        pool.extend(refills)
        await asyncio.sleep(0.5)
        assert started == []  # the class comes first
        pool.remove(refills[2])  # the pool ran dry: a visitor now waits for this one
        await asyncio.sleep(0.3)
        assert started == ["refill 2"]
        ClassPageHandler.rendering = 0  # the page is served...
        ClassPageHandler.last_request = time.monotonic()
        await asyncio.sleep(0.1)
        assert started == ["refill 2"]  # ...and the refill waits for a quiet moment
        await asyncio.wait_for(asyncio.gather(*refills), 5)
        assert sorted(started) == ["refill 0", "refill 1", "refill 2"]

    try:
        run_to_end(scenario())
    finally:
        ClassPageHandler.rendering = 0


def test_a_page_that_connected_briefly_is_culled_without_the_loading_grace():
    """A student who opened the page and closed the lid within one cull interval: their
    kernel goes after the ordinary timeout; a page that never connected gets the grace."""
    from types import SimpleNamespace

    from jupyter_server._tz import utcnow
    from traitlets.config import LoggingConfigurable

    from deploy.classroom import paced_pool_manager

    class VoilaCulling(LoggingConfigurable):  # stands in for Voilà's kernel manager
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._kernels = {k: SimpleNamespace(last_activity=utcnow()) for k in ("brief", "never")}
            self._kernel_connections = dict.fromkeys(self._kernels, 0)
            self.culled: list[str] = []

        def notify_connect(self, kernel_id):
            self._kernel_connections[kernel_id] += 1

        def notify_disconnect(self, kernel_id):
            self._kernel_connections[kernel_id] -= 1

        async def cull_kernel_if_idle(self, kernel_id):
            self.culled.append(kernel_id)  # the ordinary idle timeout decides from here

    manager = paced_pool_manager(VoilaCulling)(loading_grace=300)
    manager.notify_connect("brief")
    manager.notify_disconnect("brief")  # gone before any cull check saw it connected
    for kernel_id in ("brief", "never"):
        run_to_end(manager.cull_kernel_if_idle(kernel_id))
    assert manager.culled == ["brief"]
