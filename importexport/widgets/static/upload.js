// A file picker that checks the size in the browser before anything is sent to the kernel:
// a file over `limit` bytes is refused at once (the kernel hears only its size), a smaller one
// is read as text and sent. The label comes from Python in the reader's language.
function render({ model, el }) {
  const label = document.createElement("label");
  label.className = "iex-upload-label jupyter-button";
  const input = document.createElement("input");
  input.type = "file";
  input.className = "iex-upload-input";
  const text = document.createElement("span");
  label.append(input, text);
  el.classList.add("iex-upload");
  el.append(label);
  const draw = () => {
    text.textContent = model.get("label");
    input.accept = model.get("accept");
  };
  input.addEventListener("change", () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    const limit = model.get("limit");
    if (file.size > limit) {
      model.send({ type: "too_big", name: file.name, size: file.size });
      return;
    }
    file.text().then(
      (content) => model.send({ type: "file", name: file.name, size: file.size, text: content }),
      () => model.send({ type: "unreadable", name: file.name, size: file.size }),
    );
  });
  model.on("change:label", draw);
  model.on("change:accept", draw);
  draw();
}
export default { render };
