"""The class address for the projector: the link students type, in huge type, and a QR code.

``make serve CLASS=30`` serves the lessons on the classroom network behind a class code
and puts the link students open (``http://<laptop>:<port>/?token=<code>``) in the
environment variable :data:`CLASS_URL_VARIABLE`, which every kernel inherits. A page
shows it with :func:`class_banner`, or builds the HTML itself with
:func:`class_banner_html` (pure: the QR code is inline SVG, nothing comes from a CDN).

>>> html = class_banner_html("http://192.168.1.20:8866/?token=k7qm2x")
>>> "192.168.1.20:8866/?token=k7qm2x" in html, "<svg" in html, "<script" in html
(True, True, False)
>>> class_banner_html("javascript:alert(1)")
Traceback (most recent call last):
...
ValueError: a class address is an http(s) link, not 'javascript:alert(1)'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from html import escape
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "CLASS_URL_VARIABLE",
    "ClassAddress",
    "class_address",
    "class_banner",
    "class_banner_html",
]

CLASS_URL_VARIABLE = "CARDMATH_CLASS_URL"
"""The environment variable holding the class link (set by ``make serve CLASS=..``)."""

_STYLE = """
.cm-class-banner{display:flex;gap:2rem;align-items:center;flex-wrap:wrap;
 background:#fff;color:#111;padding:1.5rem;border:4px solid #111;border-radius:12px;
 font-family:system-ui,sans-serif}
.cm-class-banner .cm-class-qr{flex:0 0 auto;width:min(40vh,22rem);aspect-ratio:1}
.cm-class-banner .cm-class-qr svg{width:100%;height:100%;display:block}
.cm-class-banner .cm-class-text{flex:1 1 20rem;min-width:0}
.cm-class-banner .cm-class-caption{font-size:1.6rem;margin:0 0 .5rem}
.cm-class-banner .cm-class-address{font-size:clamp(2rem,5vw,4.5rem);font-weight:700;
 line-height:1.15;overflow-wrap:anywhere;margin:0;font-family:ui-monospace,monospace}
.cm-class-banner .cm-class-code{font-size:clamp(1.6rem,3.5vw,3rem);margin:.8rem 0 0}
.cm-class-banner .cm-class-code b{letter-spacing:.12em;font-family:ui-monospace,monospace}
"""


class ClassAddress:
    """A class link taken apart: what to type, and the class code inside it.

    >>> address = ClassAddress("http://192.168.1.20:8866/?token=k7qm2x")
    >>> address.typed, address.code
    ('192.168.1.20:8866/?token=k7qm2x', 'k7qm2x')
    >>> ClassAddress("https://school.example/cardmath/").typed
    'https://school.example/cardmath/'
    """

    def __init__(self, url: str) -> None:
        parts = urlsplit(url.strip())
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValueError(f"a class address is an http(s) link, not {url[:60]!r}")
        self.url = url.strip()
        codes = parse_qs(parts.query).get("token", [])
        self.code = codes[0] if codes else ""
        # a browser completes "host:port/..." with http:// by itself; https must be typed
        self.typed = self.url.removeprefix("http://") if parts.scheme == "http" else self.url


def _qr_svg(url: str) -> str:
    import segno  # only when a banner is drawn

    code = segno.make(url, error="m", micro=False)
    return code.svg_inline(
        omitsize=True, border=4, dark="#000", light="#fff", title=f"QR code for {url}"
    )


def class_banner_html(url: str) -> str:
    """The projector's banner: the class link in huge type, the class code, a QR code.

    The QR code carries the whole link (with the code), so a phone or tablet that scans it
    is let in at once; the big text is what a student types on a laptop.
    """
    address = ClassAddress(url)
    code_line = (
        f'<p class="cm-class-code">Class code: <b>{escape(address.code)}</b></p>'
        if address.code
        else ""
    )
    return (
        f"<style>{_STYLE}</style>"
        '<section class="cm-class-banner" aria-label="How to join the class">'
        f'<div class="cm-class-qr">{_qr_svg(address.url)}</div>'
        '<div class="cm-class-text">'
        '<p class="cm-class-caption">Open this address in your browser:</p>'
        f'<p class="cm-class-address">{escape(address.typed)}</p>'
        f"{code_line}</div></section>"
    )


def class_address(environ: Mapping[str, str] | None = None) -> str | None:
    """The class link this kernel was started with, or ``None`` outside a class.

    >>> class_address({CLASS_URL_VARIABLE: "http://10.0.0.5:8866/?token=abc123"})
    'http://10.0.0.5:8866/?token=abc123'
    >>> class_address({}) is None
    True
    """
    environ = os.environ if environ is None else environ
    return environ.get(CLASS_URL_VARIABLE) or None


def class_banner() -> object:
    """The banner as a displayable object (``IPython.display.HTML``), or a short note
    when the server is not serving a class (``make serve`` for one person)."""
    from IPython.display import HTML

    url = class_address()
    if url is None:
        return HTML(
            '<p class="cm-class-banner-off">Serving one person on this computer only. '
            "To let a class join, start the server with <code>make serve CLASS=30</code>.</p>"
        )
    return HTML(class_banner_html(url))
