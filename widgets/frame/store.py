"""Saved games: a game in progress is kept on the server under a short name, so the
page's address (``?game=NAME``) brings it back after a reload.

The folder is ``CARDMATH_SESSIONS`` or ``~/.cardmath/sessions``; each game is one
JSON file written by :meth:`cardmath.session.Session.to_json`. Names are random and
short, so they can neither be guessed nor reach outside the folder.

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
from pathlib import Path

from widgets.frame.query import SESSION_ID

__all__ = ["SessionStore"]

MAX_SAVED_BYTES = 2_000_000
"""A saved game larger than this is not read back (no real game comes near it)."""


class SessionStore:
    """A folder of saved games (``folder=None``: the default folder)."""

    def __init__(self, folder: str | Path | None = None) -> None:
        if folder is None:
            folder = os.environ.get("CARDMATH_SESSIONS") or Path.home() / ".cardmath" / "sessions"
        self.folder = Path(folder)

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
            self.folder.mkdir(parents=True, exist_ok=True)
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
