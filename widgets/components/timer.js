// A round timer that counts down in the browser (no kernel traffic while it runs).
// Traits in: duration (s), running, started (ms since epoch when started), remaining (s).
// Event out: {event: "done"} once when the time is up; then it shows "Time's up".

function format(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "cmtimer";
  box.setAttribute("role", "timer");
  box.setAttribute("aria-live", "off");
  el.appendChild(box);
  let sent = false;

  function left() {
    const remaining = model.get("remaining");
    if (!model.get("running")) return remaining;
    return remaining - (Date.now() - model.get("started")) / 1000;
  }

  function tick() {
    const seconds = left();
    const done = seconds <= 0 && (model.get("running") || model.get("finished"));
    box.textContent = done ? "Time's up" : format(seconds);
    box.classList.toggle("cmtimer-low", seconds <= 30 && seconds > 0);
    box.classList.toggle("cmtimer-done", done);
    box.classList.toggle("cmtimer-paused", !model.get("running"));
    box.setAttribute("aria-label", done ? "time is up" : `time left ${format(seconds)}`);
    if (seconds <= 0 && model.get("running") && !sent) {
      sent = true;
      model.send({ event: "done" });
    }
    if (seconds > 0) sent = false;
  }

  const names = ["running", "started", "remaining", "duration", "finished"];
  for (const name of names) model.on(`change:${name}`, tick);
  const interval = setInterval(tick, 250);
  tick();
  return () => {
    clearInterval(interval);
    for (const name of names) model.off(`change:${name}`, tick);
  };
}

export default { render };
