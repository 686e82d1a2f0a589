// A button that acts once per press. A double click, a held key or fast repeats send
// one "press"; the button stays busy until the kernel answers "done" (and at least a
// moment), so a slow kernel never receives the same press twice.

const MIN_BUSY_MS = 350;
const GIVE_UP_MS = 20000;

function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  el.appendChild(button);
  let busy = false;
  let pressedAt = 0;
  let fallback = null;

  function draw() {
    button.textContent = model.get("description");
    button.title = model.get("tooltip") || "";
    const style = model.get("button_style");
    button.className = `jupyter-button widget-button cm-button ${model.get("css")}`.trim();
    if (style) button.classList.add(`mod-${style}`);
    button.disabled = model.get("disabled");
    button.classList.toggle("cm-busy", busy);
    button.setAttribute("aria-busy", busy ? "true" : "false");
    const label = model.get("aria_label");
    if (label) button.setAttribute("aria-label", label);
    else button.removeAttribute("aria-label");
  }

  function release() {
    const wait = Math.max(0, MIN_BUSY_MS - (Date.now() - pressedAt));
    setTimeout(() => {
      busy = false;
      if (fallback) clearTimeout(fallback);
      fallback = null;
      draw();
    }, wait);
  }

  button.addEventListener("click", (event) => {
    // event.detail is the click count: the second click of a double click is ignored
    if (event.detail > 1 || busy || model.get("disabled")) return;
    busy = true;
    pressedAt = Date.now();
    draw();
    model.send({ event: "press" });
    fallback = setTimeout(release, GIVE_UP_MS);
  });
  model.on("msg:custom", (content) => {
    if (content && content.event === "done") release();
  });
  const names = ["description", "tooltip", "disabled", "button_style", "css", "aria_label"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, draw);
    if (fallback) clearTimeout(fallback);
  };
}

export default { render };
