"""Images in lessons with a text alternative: a drawing or a chart is read aloud by a
screen reader as what it shows, never as a bare "image".

``IPython.display.SVG`` and ``plt.show()`` put an ``<img>`` without ``alt`` on the page
(axe-core's critical "image-alt"). :func:`svg_image` shows an SVG drawing inline, named by
its ``<title>`` or by ``alt``; :func:`figure_image` shows a matplotlib figure as a PNG
with ``alt`` and closes the figure.

>>> html = svg_image('<svg xmlns="http://www.w3.org/2000/svg"><title>a tree</title></svg>')
>>> 'role="img"' in html.data and 'aria-label="a tree"' in html.data
True
"""

from __future__ import annotations

import base64
import io
import re
from html import escape, unescape
from typing import Any

from IPython.display import HTML

__all__ = ["figure_image", "svg_image"]

_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_LABEL = re.compile(r'\saria-label="([^"]*)"')


def svg_image(svg: str, alt: str | None = None) -> HTML:
    """An SVG drawing shown inline as an image named ``alt`` (default: its ``<title>``).

    >>> 'aria-label="two cards"' in svg_image("<svg></svg>", alt="two cards").data
    True
    """
    svg = svg[svg.find("<svg") :] if "<svg" in svg else svg  # no XML prolog inside a page
    opening = re.match(r"\s*<svg\b[^>]*>", svg)
    if opening is None:
        raise ValueError("not an SVG drawing")
    head = opening.group(0)
    title = _TITLE.search(svg)
    label = _LABEL.search(head)
    name = (
        alt
        or (unescape(title.group(1)) if title else "")
        or (unescape(label.group(1)) if label else "")
    )
    if not name:
        raise ValueError("an image needs a text alternative: give alt=, a <title> or a label")
    head = re.sub(r'\s(role|aria-label)="[^"]*"', "", head)
    head = head[:-1] + f' role="img" aria-label="{escape(name)}">'
    return HTML(f'<div class="cm-image">{head}{svg[opening.end() :]}</div>')


def figure_image(figure: Any, alt: str, *, dpi: int = 100) -> HTML:
    """A matplotlib ``figure`` as a PNG image with the text alternative ``alt``; the figure
    is closed (so Jupyter does not draw it a second time, without ``alt``)."""
    if not alt.strip():
        raise ValueError("an image needs a text alternative")
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return HTML(
        f'<img class="cm-image" src="data:image/png;base64,{data}" alt="{escape(alt)}" '
        'style="max-width: 100%; height: auto">'
    )
