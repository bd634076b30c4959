// Save as one button: a link styled as a button whose address already holds the saved game, so one
// click downloads it at once (no second link to find). Python keeps `text` up to date after every
// move; the click tells Python, which says on the page what was saved.
function base64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function render({ model, el }) {
  const link = document.createElement("a");
  link.className = "iex-download jupyter-widgets jupyter-button";
  link.setAttribute("role", "button");
  el.append(link);
  const draw = () => {
    const text = model.get("text");
    link.textContent = model.get("label");
    link.download = model.get("filename");
    if (text) link.href = "data:application/json;base64," + base64(text);
    else link.removeAttribute("href");
    link.setAttribute("aria-disabled", text ? "false" : "true");
  };
  link.addEventListener("click", () => {
    if (model.get("text")) model.send({ type: "saved" });
  });
  model.on("change:text", draw);
  model.on("change:label", draw);
  model.on("change:filename", draw);
  draw();
}
export default { render };
