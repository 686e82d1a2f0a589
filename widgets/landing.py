"""The landing page: every lesson and dashboard, listed from the notebooks themselves.

Each notebook in ``lessons/`` says what it is in its metadata::

    "cardmath": {"kind": "lesson" | "dashboard" | "homework" | "rooms", "title": "...", "game": "navigator",
                 "topic": "...", "ages": "10-14", "minutes": 50, "order": 1}

:func:`catalogue` reads that from every notebook in a folder, so a new game's lesson or
dashboard appears on the landing page (``lessons/index.ipynb``) and on the welcome
page by itself, the moment its notebook is in the folder. A notebook without that
metadata is still listed, under "Other notebooks", by its first heading. Links are
relative to the page, so the list works in standalone Voilà (``voila lessons/``), in
Voilà's tree, on Binder (``voila/render/lessons/index.ipynb``) and in JupyterLab.

When the server runs a class (the environment variable ``CARDMATH_CLASS_URL`` holds the
class's address), the landing page shows that address first, for the board, with its QR
code (:mod:`widgets.classroom`).

>>> import json, tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> meta = {"kind": "lesson", "title": "Trees", "game": "navigator", "topic": "order of operations",
...         "ages": "10-14", "minutes": 50, "order": 1}
>>> _ = (folder / "01-trees.ipynb").write_text(json.dumps({"cells": [], "metadata": {"cardmath": meta}}))
>>> [(entry.title, entry.game_title, entry.href) for entry in catalogue(folder)]
[('Trees', 'Navigator', '01-trees.ipynb')]
>>> "Trees" in LandingPage(folder)._repr_html_()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

from widgets.classroom import CLASS_URL_VARIABLE, class_address, class_banner_html

__all__ = [
    "CLASS_URL_VARIABLE",
    "Entry",
    "LandingPage",
    "catalogue",
    "landing_page",
    "lesson_list",
]


KINDS = {
    "lesson": "Lessons",
    "dashboard": "Dashboards for the classroom",
    "homework": "Homework",
    "rooms": "Playing each other (rooms across laptops)",
}
"""The kinds of notebook listed, in order, with their headings."""

MAX_NOTEBOOK_BYTES = 5_000_000
"""A notebook larger than this is listed by its file name only (its metadata unread)."""

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
"""The project's lessons folder (used when the working folder has no notebooks)."""


@dataclass(frozen=True)
class Entry:
    """One notebook as the landing page lists it."""

    path: str
    kind: str
    title: str
    game: str = ""
    topic: str = ""
    ages: str = ""
    minutes: int | None = None
    order: float = 1000

    @property
    def href(self) -> str:
        """The link to the notebook, relative to the page listing it."""
        return quote(self.path)

    @property
    def game_title(self) -> str:
        """The game's title ("Sum 15"), "All games" for a notebook about every game."""
        if not self.game:
            return "All games"
        try:
            from cardmath.games import game_class

            return game_class(self.game).title
        except (ImportError, ValueError, AttributeError):
            return self.game.replace("-", " ").replace("_", " ").title()


def _text(value: object, limit: int = 200) -> str:
    return value.strip()[:limit] if isinstance(value, str) else ""


def _first_heading(cells: object) -> str:
    if not isinstance(cells, list):
        return ""
    for cell in cells:
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            text = "".join(source) if isinstance(source, list) else str(source)
            for line in text.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return ""


def _entry(path: Path) -> Entry | None:
    """What one notebook says about itself (``None``: the landing page itself)."""
    name = path.name
    try:
        if path.stat().st_size > MAX_NOTEBOOK_BYTES:
            return Entry(name, "other", path.stem)
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Entry(name, "other", path.stem)
    if not isinstance(notebook, dict):
        return Entry(name, "other", path.stem)
    metadata = notebook.get("metadata")
    about = metadata.get("cardmath") if isinstance(metadata, dict) else None
    if not isinstance(about, dict):
        return Entry(name, "other", _first_heading(notebook.get("cells")) or path.stem)
    kind = _text(about.get("kind"), 20)
    if kind == "index":
        return None
    minutes = about.get("minutes")
    order = about.get("order")
    return Entry(
        path=name,
        kind=kind if kind in KINDS else "other",
        title=_text(about.get("title")) or _first_heading(notebook.get("cells")) or path.stem,
        game=_text(about.get("game"), 40),
        topic=_text(about.get("topic")),
        ages=_text(about.get("ages"), 20),
        minutes=minutes if isinstance(minutes, int) and not isinstance(minutes, bool) else None,
        order=order if isinstance(order, (int, float)) and not isinstance(order, bool) else 1000,
    )


def _folder(folder: str | Path | None) -> Path:
    if folder is not None:
        return Path(folder)
    here = Path.cwd()
    return here if any(here.glob("*.ipynb")) else LESSONS


def catalogue(folder: str | Path | None = None) -> list[Entry]:
    """Every notebook in ``folder`` (default: the working folder, which is the page's own
    under Voilà and Jupyter), lessons first, then dashboards, then the rest, each in its
    ``order`` and then by title."""
    entries = [_entry(path) for path in sorted(_folder(folder).glob("*.ipynb"))]
    rank = {kind: index for index, kind in enumerate(KINDS)}
    found = [entry for entry in entries if entry is not None]
    return sorted(
        found, key=lambda e: (rank.get(e.kind, len(rank)), e.order, e.title.lower(), e.path)
    )


_STYLE = """<style>
.cm-landing { font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 17px;
  color: var(--jp-content-font-color1, #1b1f24); max-width: 1200px; }
.cm-landing h2 { font-size: 1.3em; margin: 18px 0 6px; }
.cm-landing table { border-collapse: collapse; width: 100%; margin: 0 !important;
  table-layout: fixed; font-size: 1em !important; }
.cm-landing table tr, .cm-landing table tr:nth-child(odd) { background: none !important; }
.cm-landing table th, .cm-landing table td { text-align: left !important; vertical-align: top;
  padding: 7px 14px 7px 0 !important; border: none !important;
  border-bottom: 1px solid var(--jp-border-color2, #c9ced6) !important; line-height: 1.35; }
.cm-landing table th[scope="col"] { font-size: 0.9em; font-weight: 600;
  color: var(--jp-content-font-color2, #4f5863); }
.cm-landing .cm-landing-title { width: 30%; } .cm-landing .cm-landing-game { width: 12%; }
.cm-landing .cm-landing-topic { width: 38%; } .cm-landing .cm-landing-ages { width: 10%; }
.cm-landing .cm-landing-time { width: 10%; }
.cm-landing a { color: var(--jp-content-link-color, #1565c0); font-weight: 700; }
.cm-landing .cm-landing-class { font-size: 1.3em; padding: 10px 14px; margin: 8px 0 14px;
  border-left: 6px solid var(--jp-brand-color1, #1565c0); }
</style>"""


def _table(entries: list[Entry]) -> str:
    rows = []
    for entry in entries:
        time = f"{entry.minutes} min" if entry.minutes else ""
        rows.append(
            f'<tr><th scope="row"><a href="{escape(entry.href)}">{escape(entry.title)}</a></th>'
            f"<td>{escape(entry.game_title)}</td><td>{escape(entry.topic)}</td>"
            f"<td>{escape(entry.ages)}</td><td>{escape(time)}</td></tr>"
        )
    head = "".join(
        f'<th scope="col" class="cm-landing-{name.lower()}">{name}</th>'
        for name in ("Title", "Game", "Topic", "Ages", "Time")
    )
    head = f"<tr>{head}</tr>"
    return f"<table>{head}{''.join(rows)}</table>"


def _class_banner() -> str:
    """The class's address and QR code for the board, when the server runs a class."""
    address = class_address()
    return class_banner_html(address.strip()) if address and address.strip() else ""


class LandingPage:
    """The list of lessons and dashboards, drawn as HTML in a notebook or in Voilà.

    ``kinds`` limits the list (the welcome page shows lessons and dashboards only);
    ``banner`` shows the class's address when the server runs a class."""

    def __init__(
        self,
        folder: str | Path | None = None,
        *,
        kinds: tuple[str, ...] = (*KINDS, "other"),
        banner: bool = True,
    ) -> None:
        self.entries = catalogue(folder)
        self.kinds = kinds
        self.banner = banner

    def _repr_html_(self) -> str:
        parts = [_STYLE, '<div class="cm-landing">']
        if self.banner:
            parts.append(_class_banner())
        for kind in self.kinds:
            entries = [entry for entry in self.entries if entry.kind == kind]
            if entries:
                heading = KINDS.get(kind, "Other notebooks")
                parts.append(f"<h2>{escape(heading)}</h2>{_table(entries)}")
        parts.append("</div>")
        return "".join(parts)

    def __str__(self) -> str:
        lines = []
        for entry in self.entries:
            if entry.kind in self.kinds:
                lines.append(f"{entry.title} ({entry.game_title}, {entry.kind}): {entry.path}")
        return "\n".join(lines)


def landing_page(folder: str | Path | None = None) -> LandingPage:
    """The landing page (``lessons/index.ipynb``): the class's address when a class
    runs, then every lesson and dashboard with its title, game, topic, ages and time."""
    return LandingPage(folder)


def lesson_list(folder: str | Path | None = None) -> LandingPage:
    """The welcome page's list: lessons and dashboards, by title."""
    return LandingPage(folder, kinds=tuple(KINDS), banner=False)
