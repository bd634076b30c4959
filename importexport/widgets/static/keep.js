// Keeps the game in progress in this browser (localStorage), so a reloaded or reopened page can
// offer to continue it. Python sets `text` (a saved game, or "" to forget it); when the page is
// drawn, a game kept earlier is sent back to Python once.
function store(key, text) {
  try {
    if (text) window.localStorage.setItem(key, text);
    else window.localStorage.removeItem(key);
  } catch (_e) {
    /* private mode, blocked or full storage: the game still plays, it is only not kept */
  }
}

function render({ model, el }) {
  el.style.display = "none";
  const key = model.get("key");
  let kept = null;
  try {
    kept = window.localStorage.getItem(key);
  } catch (_e) {
    kept = null;
  }
  if (kept && !model.get("text")) model.send({ type: "kept", text: kept });
  model.on("change:text", () => store(model.get("key"), model.get("text")));
}
export default { render };
