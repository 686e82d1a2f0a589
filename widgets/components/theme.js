// The dashboard's stylesheet loader, and the mark of what the class presses next.
//
// Exactly one control of a dashboard carries the class `cm-next`: the first enabled
// primary button of the game (Start game, Next round, Continue, Deal, Check...), else the
// first card that may be pressed, else the first enabled button among the game's moves,
// else the first empty answer box. The projector theme keeps that control on screen,
// and the browser tests find it by this class.

const PRIMARY = "button.mod-primary:not(:disabled), button.jupyter-button.mod-primary:not(:disabled)";
const CARD = ".cmt-card[role=button]:not(.cmt-disabled)";
const MOVE = ".cm-moves button:not(:disabled), .cm-controls button:not(:disabled)";
const ANSWER = "input[type=text]:not(:disabled), input[type=number]:not(:disabled)";

function visible(el) {
  if (el.closest(".cm-settings-panel")) return false;
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  return getComputedStyle(el).visibility !== "hidden";
}

function nextIn(root) {
  for (const selector of [PRIMARY, CARD, MOVE, ANSWER]) {
    for (const el of root.querySelectorAll(selector)) {
      if (visible(el)) return el;
    }
  }
  return null;
}

// An output wider than a phone scrolls sideways inside its own box: a keyboard must be
// able to reach it to scroll it too (axe's scrollable-region-focusable).
function reachableScrolling() {
  for (const el of document.querySelectorAll(".jp-OutputArea-output")) {
    const wide = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
    if (wide && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  }
}

// A part of a projected dashboard that may grow taller than the screen (.cm-scroll-region,
// Sequences' table) ends at the screen's bottom edge and scrolls inside itself: it is told
// the room under its top as the page lays out unscrolled (--cm-room, read by
// dashboard-backrow.css). The page around it then never needs scrolling.
const LEAST_ROOM = 240;

function fitRegions() {
  for (const el of document.querySelectorAll(".cm-theme-projector .cm-scroll-region")) {
    let scrolled = 0;
    for (let a = el.parentElement; a; a = a.parentElement) scrolled += a.scrollTop || 0;
    const top = el.getBoundingClientRect().top + scrolled;
    const room = `${Math.max(LEAST_ROOM, Math.floor(window.innerHeight - top - 12))}px`;
    if (el.style.getPropertyValue("--cm-room") !== room) el.style.setProperty("--cm-room", room);
  }
}

// A newly marked control inside such a part, scrolled out of its window, is scrolled in.
function showInRegion(next) {
  const region = next.closest(".cm-theme-projector .cm-scroll-region");
  if (!region) return;
  const r = region.getBoundingClientRect();
  const b = next.getBoundingClientRect();
  if (b.top < r.top || b.bottom > r.bottom) next.scrollIntoView({ block: "nearest" });
}

// A dashboard caught between two layouts (a resize, a redraw) may show no control for a
// moment: it is looked at again a few times, so the mark never stays off.
let lookAgain = 0;

function mark() {
  reachableScrolling();
  fitRegions();
  let missing = false;
  for (const root of document.querySelectorAll(".cm-dashboard")) {
    const body = root.querySelector(".cm-body") || root;
    const next = nextIn(body);
    for (const old of root.querySelectorAll(".cm-next")) {
      if (old !== next) old.classList.remove("cm-next");
    }
    if (next && !next.classList.contains("cm-next")) {
      next.classList.add("cm-next");
      showInRegion(next);
    }
    if (!next) missing = true;
  }
  if (!missing) {
    lookAgain = 0;
  } else if (lookAgain < 8) {
    lookAgain += 1;
    setTimeout(schedule, 250);
  }
}

let scheduled = false;
function schedule() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    mark();
  });
}

// A dashboard left with no mark is looked at again every second: a control may become
// visible with no change the observer below sees (a stylesheet or font arriving in the
// page's head, a layout finished late on a busy laptop).
function unmarked() {
  for (const root of document.querySelectorAll(".cm-dashboard")) {
    if (!root.querySelector(".cm-next")) return true;
  }
  return false;
}

if (!window.__cmScrollCheck) {
  // typeset maths and fonts change widths without changing the page's elements
  window.__cmScrollCheck = setInterval(() => {
    reachableScrolling();
    if (unmarked()) schedule();
  }, 1000);
  // a new screen size shows a part that scrolls inside itself from its top, not at an
  // offset chosen for the old size
  window.addEventListener("resize", () => {
    for (const el of document.querySelectorAll(".cm-scroll-region")) el.scrollTop = 0;
    schedule();
  });
}

if (!window.__cmNextObserver) {
  window.__cmNextObserver = new MutationObserver((records) => {
    // our own class changes do not count, or marking would wake the observer forever
    if (records.every((r) => r.type === "attributes" && r.attributeName === "class"
        && r.target.classList && r.target.classList.contains("cm-next") !== r.oldValue?.includes("cm-next") )) {
      return;
    }
    schedule();
  });
  window.__cmNextObserver.observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ["class", "disabled", "style"],
  });
}

export default {
  render({ el }) {
    el.classList.add("cm-theme-loader");
    schedule();
  },
};
