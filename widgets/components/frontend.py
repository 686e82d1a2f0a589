"""A widget's front end (its ``.js`` and ``.css``) as text, read once per class.

anywidget turns a class's ``_esm``/``_css`` given as a file path into a ``FileContents``
that lives with the class, and every new widget of the class connects a callback holding
the widget to that object's ``changed`` signal: a closed widget is never freed. A page
that redraws its buttons and card tables on each click then grew by about 20 KB a click
in its kernel (measured with ``tests/test_widgets_memory.py``). Given as text, the same
front end is sent to the page and nothing holds the widget.

>>> from pathlib import Path
>>> text = front_end(Path(__file__).with_name("button.js"))
>>> "\\n" in text and "export default" in text
True
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["front_end"]


@cache
def front_end(path: Path) -> str:
    """The text of ``path`` (a ``.js`` or ``.css`` file beside a widget's module)."""
    text = path.read_text(encoding="utf-8")
    if "\n" not in text.strip():
        text += "\n/* */\n"  # one line of text would be taken for a file name
    return text
