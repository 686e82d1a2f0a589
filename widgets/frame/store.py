"""Saved games: a game in progress is kept on the server under a short name, so the
page's address (``?game=NAME``) brings it back after a reload.

The folder (:func:`sessions_folder`) is ``CARDMATH_SESSIONS`` when set, else the serving
environment's own ``var/cardmath/sessions`` (with ``make serve``: ``.venv/var/cardmath/
sessions``), else, where that cannot be written (a system-wide install), the user's
Jupyter data folder (``~/.local/share/jupyter/cardmath/sessions``). Each game is one
JSON file written by :meth:`cardmath.session.Session.to_json`. Names are random and
short, so they can neither be guessed nor reach outside the folder. Games untouched for
``CARDMATH_SESSIONS_DAYS`` days (30) are deleted when a server first opens the folder.

>>> import tempfile
>>> store = SessionStore(tempfile.mkdtemp())
>>> name = store.new_name()
>>> store.save(name, '{"game": "demo"}'), store.load(name)
(True, '{"game": "demo"}')
>>> store.load("../../etc/passwd") is None
True
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import time
from pathlib import Path

from widgets.frame.query import SESSION_ID

__all__ = ["KEEP_DAYS", "SessionStore", "sessions_folder"]

MAX_SAVED_BYTES = 2_000_000
"""A saved game larger than this is not read back (no real game comes near it)."""

KEEP_DAYS = 30
"""Days a saved game is kept after it was last saved (``CARDMATH_SESSIONS_DAYS``)."""

_PRUNED: set[Path] = set()


def sessions_folder(environ: dict[str, str] | None = None) -> Path:
    """Where this server keeps saved games (see the module's text).

    >>> str(sessions_folder({"CARDMATH_SESSIONS": "/srv/class/games"}))
    '/srv/class/games'
    """
    environ = dict(os.environ) if environ is None else environ
    if environ.get("CARDMATH_SESSIONS"):
        return Path(environ["CARDMATH_SESSIONS"])
    own = Path(sys.prefix) / "var" / "cardmath" / "sessions"
    writable = own if own.exists() else next((p for p in own.parents if p.exists()), own)
    if os.access(writable, os.W_OK):
        return own
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "cardmath" / "sessions"


def _keep_days(environ: dict[str, str] | None = None) -> int:
    text = (dict(os.environ) if environ is None else environ).get("CARDMATH_SESSIONS_DAYS", "")
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and 0 < len(text) <= 5 else KEEP_DAYS


class SessionStore:
    """A folder of saved games (``folder=None``: :func:`sessions_folder`). Games not
    saved for :data:`KEEP_DAYS` days are deleted the first time a process opens the
    folder (:meth:`prune`)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else sessions_folder()
        if self.folder not in _PRUNED:
            _PRUNED.add(self.folder)
            self.prune()

    def prune(self, days: int | None = None, now: float | None = None) -> int:
        """Delete saved games not saved for ``days`` days (default ``CARDMATH_SESSIONS_DAYS``
        or 30); returns how many. Never raises.

        >>> import tempfile
        >>> store = SessionStore(tempfile.mkdtemp())
        >>> store.save("old-game-1", "{}"), store.prune(days=30, now=time.time() + 31 * 86400)
        (True, 1)
        """
        days = _keep_days() if days is None else days
        oldest = (time.time() if now is None else now) - days * 86_400
        removed = 0
        with contextlib.suppress(OSError):
            for path in self.folder.glob("*.json"):
                with contextlib.suppress(OSError):
                    if path.stat().st_mtime < oldest:
                        path.unlink()
                        removed += 1
        return removed

    @staticmethod
    def new_name() -> str:
        """A fresh random name (11 URL-safe characters)."""
        return secrets.token_urlsafe(8)

    def _path(self, name: str) -> Path | None:
        return self.folder / f"{name}.json" if SESSION_ID.match(name or "") else None

    def save(self, name: str, text: str) -> bool:
        """Save a game; ``False`` when the folder cannot be written (nothing is raised)."""
        path = self._path(name)
        if path is None:
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            partial = path.with_suffix(".tmp")
            partial.write_text(text, encoding="utf-8")
            partial.replace(path)
        except OSError:
            return False
        return True

    def load(self, name: str) -> str | None:
        """The saved game's text, or ``None`` if there is none by that name."""
        path = self._path(name)
        if path is None:
            return None
        with contextlib.suppress(OSError):
            if path.stat().st_size <= MAX_SAVED_BYTES:
                return path.read_text(encoding="utf-8")
        return None
