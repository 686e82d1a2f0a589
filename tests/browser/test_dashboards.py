"""Every dashboard, the same checks: the URL contract, clickable cards, accessibility,
no overflow, in the light theme (``lessons/*-dashboard.ipynb``, in a real Voilà and Chromium).

``?seed=7&mode=play`` must open a game already dealt against the computer: the seed in
the header, cards a student can press (real buttons with a name), no page errors, no
serious or critical axe-core violation, nothing sticking out at 1280x720 or 1920x1080.
Screenshots at both sizes are kept in ``test-artifacts/`` to look at. The projector theme's
play mode gets the same checks in ``test_projector.py``, after its walk.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import (
    TIMEOUT,
    no_horizontal_overflow,
    open_dashboard,
    page_problems,
    ready_to_play_problems,
    resize,
    serious_accessibility_problems,
    shoot,
)

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = sorted(path.name for path in (ROOT / "lessons").glob("*-dashboard.ipynb"))


def test_every_game_has_a_dashboard() -> None:
    from cardmath.games import GAMES

    names = {name.removesuffix("-dashboard.ipynb") for name in DASHBOARDS}
    assert "navigator" in names and names <= set(GAMES)


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_a_dashboard_opens_a_game_ready_to_play(page, voila_url, artifacts, notebook):
    theme = "light"
    open_dashboard(page, voila_url, notebook, f"seed=7&mode=play&theme={theme}")
    assert "Seed 7" in page.locator(".cm-seed").inner_text()
    assert page.locator(f".cm-dashboard.cm-theme-{theme}").count() == 1
    # named cards to press, the game in the address (a reload brings it back), its deal too
    assert ready_to_play_problems(page) == []
    assert "seed=7" in page.url
    page.wait_for_timeout(300)  # let the layout settle
    name = notebook.removesuffix(".ipynb")
    shoot(page, artifacts, f"{name}-{theme}-1280x720")
    assert no_horizontal_overflow(page) == []
    assert serious_accessibility_problems(page) == []
    resize(page, {"width": 1920, "height": 1080})
    shoot(page, artifacts, f"{name}-{theme}-1920x1080")
    assert no_horizontal_overflow(page) == []
    assert page_problems(page) == []


@pytest.mark.parametrize("notebook", DASHBOARDS)
def test_a_bad_address_is_one_line_and_the_default_is_used(page, voila_url, notebook):
    open_dashboard(page, voila_url, notebook, "seed=banana&mode=chess")
    note = page.locator(".cm-page-message")
    note.wait_for(timeout=TIMEOUT)
    text = note.inner_text()
    assert "?seed=banana is not a whole number" in text and "?mode=chess" in text
    assert page.locator(".cm-seed").inner_text().startswith("Seed ")
    assert page.javascript_errors == []


def test_make_serve_keeps_voilas_themes_and_lets_the_browser_keep_the_widget_scripts(voila_url):
    """``make serve`` (deploy/serve.py): Voilà's own theme stylesheets are there (with the
    cardmath template in a ``voila`` folder they were not: a projector-theme dashboard
    showed an error box over the game), and the widget manager's scripts, named by their
    content's hash, are kept by the browser; anything else is asked for again."""
    import sys
    import urllib.request

    def headers(path: str) -> tuple[int, str]:
        with urllib.request.urlopen(f"{voila_url}{path}") as response:
            return response.status, response.headers.get("Cache-Control", "")

    assert headers("/voila/api/themes/@jupyterlab/theme-light-extension/index.css")[0] == 200
    assert headers("/voila/api/themes/@jupyterlab/theme-dark-extension/index.css")[0] == 200
    manager = "@jupyter-widgets/jupyterlab-manager"
    scripts = Path(sys.prefix, "share", "jupyter", "labextensions", manager, "static")
    script = sorted(scripts.glob("remoteEntry.*.js"))[0].name
    status, kept = headers(f"/voila/labextensions/{manager}/static/{script}")
    assert status == 200 and "immutable" in kept and "max-age=31536000" in kept
    assert headers(f"/voila/labextensions/{manager}/package.json") == (200, "no-cache")
