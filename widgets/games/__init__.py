"""One package per game: ``presenter.py`` (what to draw, what a click plays) and
``dashboard.py`` (the game's title, modes and views)."""
