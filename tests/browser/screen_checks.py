"""What a class at the back of the room would notice on a screen, measured in the page.

* :func:`next_control`: the control marked ``cm-next`` and whether it is fully on screen;
* :func:`small_texts`: visible text drawn smaller than a size in screen pixels (CSS zoom
  and SVG scaling included), leaving out text inside an element marked ``cm-footnote``;
* :func:`overlapping_texts`: pairs of visible text boxes that cover each other, and text
  cut off by its own box (a part that scrolls inside itself, ``cm-scroll-region``, shows
  what is scrolled into its window and not under a part pinned over it);
* :func:`sideways_overflow` and :func:`small_targets` for phones.
"""

from __future__ import annotations

import time
from typing import Any

_TEXT_BOXES = """
([root, skip]) => {
  function pointInSight(el, x, y, region) {
    const r = region.getBoundingClientRect();
    if (x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
    const hit = document.elementFromPoint(x, y);
    for (let a = hit; a && a !== region; a = a.parentElement) {
      if (getComputedStyle(a).position === 'sticky') return a.contains(el);
    }
    return true;
  }
  function scrolledIntoSight(el, box, region) {
    return pointInSight(el, (box.left + box.right) / 2, (box.top + box.bottom) / 2, region);
  }
  const out = [];
  const faces = new Map();
  const vw = window.innerWidth, vh = window.innerHeight;
  for (const scope of document.querySelectorAll(root)) {
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    if (!el) continue;
    const skipped = Boolean(skip && el.closest(skip));
    // a closed <details> lays out nothing but its summary
    const folded = el.closest('details:not([open])');
    if (folded && !el.closest('summary')) continue;
    if (el.closest('script, style, title, .cm-footnote, .MathJax_Preview, mjx-assistive-mml, .cm-theme-loader, [aria-hidden=true] [aria-hidden=true]')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter(r => r.width > 1 && r.height > 1);
    if (!rects.length) continue;
    // hidden by a clip (screen-reader-only text) or by visibility/opacity
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    let hidden = false;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.display === 'none' || Number(s.opacity) === 0) { hidden = true; break; }
      if (s.clip && s.clip !== 'auto' && a.getBoundingClientRect().width <= 2) { hidden = true; break; }
      if (s.clipPath && s.clipPath.startsWith('inset(50%')) { hidden = true; break; }
    }
    if (hidden) continue;
    const box = rects.reduce((a, r) => ({
      left: Math.min(a.left, r.left), top: Math.min(a.top, r.top),
      right: Math.max(a.right, r.right), bottom: Math.max(a.bottom, r.bottom)}),
      {left: 1e9, top: 1e9, right: -1e9, bottom: -1e9});
    // in a part that scrolls inside itself (.cm-scroll-region), text scrolled out of its
    // window, or under a part pinned over it (position: sticky), is not on screen
    const region = el.closest('.cm-scroll-region');
    if (region && !scrolledIntoSight(el, box, region)) continue;
    // the size on screen: CSS pixels times every zoom, or the SVG's scale
    let size = parseFloat(style.fontSize);
    const svgText = el.closest('text, tspan');
    if (svgText && svgText.getScreenCTM) {
      const m = svgText.getScreenCTM();
      if (m) size = size * Math.hypot(m.c, m.d) / (el.currentCSSZoom ? 1 : 1);
    } else if (el.currentCSSZoom) {
      size = size * el.currentCSSZoom;
    }
    const onScreen = box.bottom > 0 && box.top < vh && box.right > 0 && box.left < vw;
    out.push({
      text: node.textContent.trim().slice(0, 40), size: Math.round(size * 10) / 10, skipped,
      left: box.left, top: box.top, right: box.right, bottom: box.bottom,
      rects: rects.map(r => [r.left, r.top, r.right, r.bottom]),
      where: (el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className) || el.tagName,
      clipped: (() => {
        for (let a = el; a && a !== document.body; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            if (a.matches('.jp-OutputArea, .jp-Cell, .jp-Notebook, .lm-Widget.jp-LabShell, body, html, .cm-dashboard, details, .cm-log, textarea, select, input, .jp-RenderedHTMLCommon, .cm-scroll-region')) return false;
            if (a.scrollHeight > a.clientHeight + 2 || a.scrollWidth > a.clientWidth + 2) {
              const b = a.getBoundingClientRect();
              // the line box's leading may stick out; the letters (its middle) may not
              const trim = (box.bottom - box.top) * 0.2;
              if (box.right > b.right + 2 || box.bottom - trim > b.bottom + 1 || box.left < b.left - 2 || box.top + trim < b.top - 1) return true;
            }
            return false;
          }
        }
        return false;
      })(),
      onScreen,
      faceInView: (() => {
        const face = el.closest('.cmt-picture, svg[role=img]');
        if (!face) return false;
        const b = face.getBoundingClientRect();
        if (!(b.top >= 0 && b.bottom <= vh && b.left >= 0 && b.right <= vw)) return false;
        // a card partly scrolled out of its part's window, or partly under a pinned part
        const part = face.closest('.cm-scroll-region');
        const x = (b.left + b.right) / 2;
        return !part || (pointInSight(face, x, b.top + 2, part) && pointInSight(face, x, b.bottom - 2, part));
      })(),
      face: (() => {
        // an empty place's words repeat its row's title or caption: not a card face
        const face = el.closest('.cmt-card:not(.cmt-place) .cmt-picture')
          || el.closest('svg[role=img][viewBox="0 0 100 140"]:not(.cmt-place svg)');
        if (!face) return null;
        if (!faces.has(face)) faces.set(face, faces.size);
        return faces.get(face);
      })(),
    });
  }
  }
  return out;
}
"""


Boxes = list[dict[str, Any]]
"""What :func:`text_boxes` measured: one screen's text, measured once for several checks."""


def text_boxes(page: Any, root: str = ".cm-dashboard", skip: str = "") -> Boxes:
    """Every visible text node under ``root``: its text, size on screen and box, and
    ``skipped`` when it lies inside an element matching ``skip``."""
    return page.evaluate(_TEXT_BOXES, [root, skip])


def small_texts(
    page: Any,
    minimum: float,
    root: str = ".cm-dashboard",
    skip: str = "",
    boxes: Boxes | None = None,
) -> list[str]:
    """Visible text on screen drawn smaller than ``minimum`` screen pixels, leaving out text
    inside ``skip`` (``boxes``: this screen's :func:`text_boxes`, measured with ``skip``)."""
    return [
        f"{box['text']!r} {box['size']}px in {box['where']}"
        for box in (text_boxes(page, root, skip) if boxes is None else boxes)
        if box["onScreen"] and box["size"] < minimum - 0.5 and not box["skipped"]
    ]


def small_card_faces(page: Any, minimum: float, boxes: Boxes | None = None) -> list[str]:
    """Card faces wholly on screen whose largest text (the index a class reads) is smaller than
    ``minimum`` screen pixels; corner copies of a big index may be smaller."""
    largest: dict[int, dict[str, Any]] = {}
    for box in text_boxes(page, ".cm-dashboard") if boxes is None else boxes:
        if box["face"] is None or not box["faceInView"]:
            continue
        if box["face"] not in largest or box["size"] > largest[box["face"]]["size"]:
            largest[box["face"]] = box
    return [
        f"card face {box['text']!r} at most {box['size']}px"
        for box in largest.values()
        if box["size"] < minimum - 0.5
    ]


def _ink(rect: list[float]) -> list[float]:
    """A line box without its leading: the middle three fifths, where the letters are."""
    left, top, right, bottom = rect
    trim = (bottom - top) * 0.2
    return [left + 1, top + trim, right - 1, bottom - trim]


def _cover(a: list[float], b: list[float]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, width) * max(0.0, height)


def overlapping_texts(
    page: Any, root: str = ".cm-dashboard", boxes: Boxes | None = None
) -> list[str]:
    """Text boxes whose letters run into another's, and text cut off by its box."""
    measured = text_boxes(page, root) if boxes is None else boxes
    boxes = [box for box in measured if box["onScreen"]]
    found = [f"{box['text']!r} is cut off in {box['where']}" for box in boxes if box["clipped"]]
    # Lines sorted by their top: a line can only run into the lines that start above its
    # bottom, so each is set against those (a screen has hundreds of lines).
    lines = sorted(
        ((box, _ink(rect)) for box in boxes for rect in box["rects"]), key=lambda line: line[1][1]
    )
    for i, (one, a) in enumerate(lines):
        area_a = (a[2] - a[0]) * (a[3] - a[1])
        for other, b in lines[i + 1 :]:
            if b[1] >= a[3]:
                break
            if other is one:
                continue
            area_b = (b[2] - b[0]) * (b[3] - b[1])
            if _cover(a, b) > max(4.0, 0.05 * min(area_a, area_b)):
                found.append(f"{one['text']!r} overlaps {other['text']!r}")
    return found[:12]


def next_control(page: Any) -> dict[str, Any] | None:
    """The visible control marked ``cm-next``: its text and whether it is all on screen."""
    return page.evaluate(
        """() => {
          const all = [...document.querySelectorAll('.cm-dashboard .cm-next')];
          const el = all.find(e => e.getBoundingClientRect().width > 0);
          if (!el) return null;
          const b = el.getBoundingClientRect();
          return {text: (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40),
                  count: all.length, top: b.top, bottom: b.bottom,
                  inView: b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth};
        }"""
    )


def next_control_problems(page: Any, wait_ms: int = 10_000) -> list[str]:
    """Whether the control marked ``cm-next`` is on screen once the screen has settled.

    theme.js marks the control at the frame after a redraw, and a screen's last widget
    may be drawn a moment after the rest (a game's "New game" button after its "Game
    over"), the old mark still on a control below the fold until then. A mark that is
    missing or off screen is looked at again for up to ``wait_ms``, then reported."""
    deadline = time.monotonic() + wait_ms / 1000
    found = next_control(page)
    while (found is None or not found["inView"]) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        found = next_control(page)
    if found is None:
        return ["nothing is marked cm-next"]
    if not found["inView"]:
        return [
            f"cm-next {found['text']!r} is off screen ({found['top']:.0f}-{found['bottom']:.0f})"
        ]
    return []


def sideways_overflow(page: Any) -> int:
    """How many pixels the page scrolls sideways (0 on a page that fits the width)."""
    return page.evaluate(
        """() => {
          let worst = document.documentElement.scrollWidth - document.documentElement.clientWidth;
          for (const el of document.querySelectorAll('.jp-Notebook, .jp-WindowedPanel-outer, body')) {
            worst = Math.max(worst, el.scrollWidth - el.clientWidth);
          }
          return worst;
        }"""
    )


def small_targets(page: Any, minimum: float = 44, root: str = "body") -> list[str]:
    """Visible buttons, links, inputs and pressable cards smaller than ``minimum`` px."""
    return page.evaluate(
        """([root, minimum]) => {
          const found = [];
          const scope = document.querySelector(root) || document.body;
          for (const el of scope.querySelectorAll('button, a[href], input:not([type=hidden]), select, [role=button], summary')) {
            const b = el.getBoundingClientRect();
            if (b.width === 0 || b.height === 0) continue;
            if (el.closest('.jp-InputArea, .jp-Toolbar, .lm-MenuBar')) continue;
            // radios and checkboxes count with their label
            const label = el.closest('label');
            const box = label ? label.getBoundingClientRect() : b;
            if (box.height < minimum - 0.5 || box.width < minimum - 0.5) {
              found.push(`${el.tagName} ${(el.textContent || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`);
            }
          }
          return found.slice(0, 12);
        }""",
        [root, minimum],
    )
