// A row of keys drawn by one widget: each key a real <button> (Tab, Enter and Space work
// as usual), each press sent once. A double click, a held key or fast repeats of one key
// send one "press"; that key stays busy until the kernel answers "done" (and at least a
// moment), so a slow kernel never receives the same press twice. Traits in (buttons,
// disabled, label), events out ({event: "press", key}). No rules here.

const MIN_BUSY_MS = 350;
const GIVE_UP_MS = 20000;

function render({ model, el }) {
  const pad = document.createElement("div");
  pad.className = "cm-keypad";
  pad.setAttribute("role", "group");
  el.appendChild(pad);
  const busy = new Map(); // key -> {pressedAt, fallback}
  const buttons = new Map(); // key -> <button>

  function paint(key) {
    const button = buttons.get(key);
    if (!button) return;
    const on = busy.has(key);
    button.disabled = model.get("disabled");
    button.classList.toggle("cm-busy", on);
    button.setAttribute("aria-busy", on ? "true" : "false");
  }

  function release(key) {
    const state = busy.get(key);
    if (!state) return;
    const wait = Math.max(0, MIN_BUSY_MS - (Date.now() - state.pressedAt));
    setTimeout(() => {
      const now = busy.get(key);
      if (now && now.fallback) clearTimeout(now.fallback);
      busy.delete(key);
      paint(key);
    }, wait);
  }

  function draw() {
    pad.setAttribute("aria-label", model.get("label"));
    const focused = pad.contains(document.activeElement)
      ? document.activeElement.dataset.key
      : null;
    buttons.clear();
    pad.replaceChildren();
    for (const key of model.get("buttons")) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.key = key.key;
      button.textContent = key.label;
      button.className = `jupyter-button widget-button cm-button ${key.css || ""}`.trim();
      if (key.aria) button.setAttribute("aria-label", key.aria);
      button.addEventListener("click", (event) => {
        // event.detail is the click count: the second click of a double click is ignored
        if (event.detail > 1 || busy.has(key.key) || model.get("disabled")) return;
        busy.set(key.key, {
          pressedAt: Date.now(),
          fallback: setTimeout(() => release(key.key), GIVE_UP_MS),
        });
        paint(key.key);
        model.send({ event: "press", key: key.key });
      });
      buttons.set(key.key, button);
      pad.appendChild(button);
      paint(key.key);
    }
    if (focused && buttons.has(focused)) buttons.get(focused).focus();
  }

  function changed() {
    for (const key of buttons.keys()) paint(key);
  }

  model.on("msg:custom", (content) => {
    if (content && content.event === "done") release(content.key);
  });
  model.on("change:buttons", draw);
  model.on("change:label", draw);
  model.on("change:disabled", changed);
  draw();
  return () => {
    model.off("change:buttons", draw);
    model.off("change:label", draw);
    model.off("change:disabled", changed);
    for (const state of busy.values()) if (state.fallback) clearTimeout(state.fallback);
  };
}

export default { render };
