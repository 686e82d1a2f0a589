// The card table view: rows of SVG cards; clicks and key presses become "click" events.
// Traits in (rows, selected, card_width, label), events out (model.send). No rules here.

function cardElement(card, selected) {
  const button = document.createElement("div");
  button.className = "cmt-card";
  button.dataset.cardId = card.id;
  button.setAttribute("role", "button");
  button.setAttribute("aria-label", card.label);
  button.setAttribute("aria-pressed", selected ? "true" : "false");
  button.setAttribute("aria-disabled", card.disabled ? "true" : "false");
  button.tabIndex = card.disabled ? -1 : 0;
  if (selected) button.classList.add("cmt-selected");
  if (card.disabled) button.classList.add("cmt-disabled");
  if (card.face_down) button.classList.add("cmt-face-down");
  if (card.sideways) button.classList.add("cmt-sideways");
  if (card.place) button.classList.add("cmt-place");
  const picture = document.createElement("div");
  picture.className = "cmt-picture";
  picture.setAttribute("aria-hidden", "true");
  picture.innerHTML = card.svg;
  button.appendChild(picture);
  if (card.caption) {
    const caption = document.createElement("div");
    caption.className = "cmt-caption";
    caption.textContent = card.caption;
    button.appendChild(caption);
  }
  return button;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cmt-table";
  root.setAttribute("role", "group");
  el.appendChild(root);

  function draw() {
    const focusedId = root.contains(document.activeElement)
      ? document.activeElement.dataset.cardId
      : null;
    root.setAttribute("aria-label", model.get("label"));
    root.style.setProperty("--cmt-card-width", `${model.get("card_width")}px`);
    const selected = new Set(model.get("selected"));
    root.replaceChildren();
    // a table that scrolls inside itself (on the projector) shows each new picture from
    // its top: the first rows are what the turn is about
    if (el.classList.contains("cm-scroll-region")) el.scrollTop = 0;
    for (const row of model.get("rows")) {
      const section = document.createElement("div");
      section.className = "cmt-row";
      section.dataset.row = row.name;
      if (row.title) {
        const title = document.createElement("div");
        title.className = "cmt-row-title";
        title.textContent = row.title;
        section.appendChild(title);
      }
      const cards = document.createElement("div");
      cards.className = "cmt-cards";
      cards.setAttribute("role", "group");
      cards.setAttribute("aria-label", row.title || row.name);
      for (const card of row.cards) {
        const item = cardElement(card, selected.has(card.id));
        item.setAttribute("role", "button");
        cards.appendChild(item);
      }
      section.appendChild(cards);
      root.appendChild(section);
    }
    if (focusedId) {
      const again = root.querySelector(`[data-card-id="${CSS.escape(focusedId)}"]`);
      if (again) again.focus();
    }
  }

  // One press, one action: the second click of a double click is ignored, and so is
  // any press while the kernel is still handling the last one ("done" ends it).
  let busy = false;
  let pressedAt = 0;
  let fallback = null;

  function release() {
    const wait = Math.max(0, 300 - (Date.now() - pressedAt));
    setTimeout(() => {
      busy = false;
      root.classList.remove("cmt-busy");
      root.removeAttribute("aria-busy");
      if (fallback) clearTimeout(fallback);
      fallback = null;
    }, wait);
  }

  function activate(target) {
    const card = target.closest(".cmt-card");
    if (!card || !root.contains(card) || card.classList.contains("cmt-disabled")) return;
    if (busy) return;
    busy = true;
    pressedAt = Date.now();
    root.classList.add("cmt-busy");
    root.setAttribute("aria-busy", "true");
    model.send({ event: "click", id: card.dataset.cardId });
    fallback = setTimeout(release, 20000);
  }

  model.on("msg:custom", (content) => {
    if (content && content.event === "done") release();
  });
  root.addEventListener("click", (event) => {
    if (event.detail > 1) return;
    activate(event.target);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (event.repeat) return;
      activate(event.target);
    }
  });

  for (const name of ["rows", "selected", "card_width", "label"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  return () => {
    for (const name of ["rows", "selected", "card_width", "label"]) {
      model.off(`change:${name}`, draw);
    }
  };
}

export default { render };
