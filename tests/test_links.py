"""Every Binder address comes from the one setting in ``cardmath/links.py``.

The README badges are exactly what the setting builds, every Binder link anywhere in the
repository names the setting's repository and branch and opens a lesson that exists in
Voilà, and the command line prints the same links.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardmath.links import (
    BADGES,
    BINDER,
    LESSONS,
    BinderSetting,
    LinkError,
    binder_url,
    local_url,
    read_binder_url,
    readme_badges,
)

ROOT = Path(__file__).resolve().parents[1]
BINDER_LINK = re.compile(r"https?://[^\s()\[\]<>\"'`\\]+/v2/[^\s()\[\]<>\"'`\\]+")
"""A Binder launch address (``<host>/v2/<provider>/...``) as it appears in any text."""


def repository_files() -> list[Path]:
    """The files a clone has: tracked ones and new ones not ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [ROOT / name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def binder_links_in_repository() -> dict[str, list[str]]:
    """Each Binder link found, with the files it appears in."""
    found: dict[str, list[str]] = {}
    for path in repository_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for url in BINDER_LINK.findall(text):
            found.setdefault(url, []).append(str(path.relative_to(ROOT)))
    return found


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardmath", "links", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_readme_badges_are_exactly_what_the_setting_builds() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badge_lines = [line for line in readme.splitlines() if line.startswith("[![")]
    assert "\n".join(badge_lines) == readme_badges()
    assert readme.startswith("# cardmath\n\n" + readme_badges() + "\n")


def test_every_binder_link_in_the_repository_comes_from_the_setting() -> None:
    found = binder_links_in_repository()
    badge_urls = {binder_url(badge.notebook) for badge in BADGES}
    assert badge_urls <= set(found), "the README badges were not found by the scan"
    for url, files in found.items():
        link = read_binder_url(url)
        assert link.setting == BINDER, f"{url} in {files} is not built from cardmath.links"
        rebuilt = binder_url(link.notebook, link.query or None)
        assert url == rebuilt, f"{url} in {files} differs from what cardmath.links builds"
        if link.notebook is None:
            assert (ROOT / LESSONS).is_dir()
        else:
            assert (ROOT / LESSONS / link.notebook).is_file(), (
                f"{url} in {files} opens {LESSONS}/{link.notebook}, which does not exist"
            )


def test_a_link_to_another_repository_or_branch_is_told_apart() -> None:
    fork = BinderSetting("our-school/cardmath", "autumn-term")
    url = binder_url("00-welcome.ipynb", setting=fork)
    assert read_binder_url(url).setting == fork != BINDER
    assert BINDER_LINK.fullmatch(url)


def test_a_link_opens_the_dashboard_with_its_query_string_intact() -> None:
    url = binder_url("navigator-dashboard.ipynb", {"seed": 2481, "bots": "strong,greedy"})
    link = read_binder_url(url)
    assert link.notebook == "navigator-dashboard.ipynb"
    assert link.query == "seed=2481&bots=strong%2Cgreedy"
    assert "&" not in url.split("?", 1)[1], "the query must stay inside urlpath"


@pytest.mark.parametrize(
    "notebook",
    ["../binder/postBuild.ipynb", "/etc/passwd.ipynb", "00-welcome", "sub/00-welcome.ipynb", ""],
)
def test_only_a_notebook_in_the_lessons_folder_can_be_linked(notebook: str) -> None:
    with pytest.raises(LinkError, match="not a lesson notebook"):
        binder_url(notebook)
    with pytest.raises(LinkError, match="not a lesson notebook"):
        local_url(notebook)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"seed": True}, "must be text or a number"),
        ({"seed": 10**5000}, "too long for a link"),
        ({"": "7"}, "needs a name"),
        ("&&", "not a query string"),
    ],
)
def test_a_bad_query_is_refused_in_plain_words(query: object, message: str) -> None:
    with pytest.raises(LinkError, match=message):
        binder_url("00-welcome.ipynb", query)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("repository", "branch"),
    [("cardmath", "main"), ("a/b/c", "main"), ("owner/repo", ""), ("owner/repo", "my branch")],
)
def test_a_bad_setting_is_refused_when_a_fork_writes_it(repository: str, branch: str) -> None:
    with pytest.raises(LinkError):
        BinderSetting(repository, branch)


def test_the_command_line_prints_the_link_the_setting_builds() -> None:
    done = run_cli("navigator-dashboard.ipynb", "--seed", "2481", "--mode", "play")
    assert done.returncode == 0, done.stderr
    assert done.stdout == binder_url("navigator-dashboard.ipynb", "seed=2481&mode=play") + "\n"
    assert run_cli().stdout == binder_url() + "\n"


def test_the_command_line_prints_the_readme_badges() -> None:
    done = run_cli("--badges")
    assert done.returncode == 0, done.stderr
    assert done.stdout == readme_badges() + "\n"


def test_the_command_line_prints_the_local_address() -> None:
    done = run_cli("01-navigator.ipynb", "--local", "--param", "players=3")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "http://127.0.0.1:8866/voila/render/01-navigator.ipynb?players=3\n"


def test_the_command_line_refuses_a_path_outside_the_lessons() -> None:
    done = run_cli("../README.md")
    assert done.returncode == 2
    assert "not a lesson notebook" in done.stderr
    assert done.stdout == ""
