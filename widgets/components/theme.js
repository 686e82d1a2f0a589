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

// A dashboard caught between two layouts (a resize, a redraw) may show no control for a
// moment: it is looked at again a few times, so the mark never stays off.
let lookAgain = 0;

function mark() {
  reachableScrolling();
  let missing = false;
  for (const root of document.querySelectorAll(".cm-dashboard")) {
    const body = root.querySelector(".cm-body") || root;
    const next = nextIn(body);
    for (const old of root.querySelectorAll(".cm-next")) {
      if (old !== next) old.classList.remove("cm-next");
    }
    if (next && !next.classList.contains("cm-next")) next.classList.add("cm-next");
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

if (!window.__cmScrollCheck) {
  // typeset maths and fonts change widths without changing the page's elements
  window.__cmScrollCheck = setInterval(reachableScrolling, 1000);
  window.addEventListener("resize", schedule);
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
