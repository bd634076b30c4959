// The plain drawing (importexport/plain_kit.py: the drawer of a game that brings no table kit): whose turn
// it is, each shown seat's view as lines of "name: value", the scores, the last lines of the log, drawn
// inside the shared frame of importexport/widgets/static/board.js.  Nothing on it is clicked: the table's
// buttons make the choices.

export function draw(model, host, pic, projector, focusSel, shared) {
  const { h } = shared;
  const rows = (lines) => h("table", "iex-plain-lines", { style: { borderCollapse: "collapse" } }, lines.map(
    ([k, v]) => h("tr", null, null, [h("th", null, { text: k, style: { textAlign: "left", padding: "2px 12px 2px 0" } }),
                                     h("td", null, { text: v })])));
  const root = h("div", "iex-plain", { style: { fontSize: "16px", lineHeight: "1.4" } }, [
    h("h3", null, { text: `${pic.title} · ${pic.turn}`, style: { margin: "4px 0" } }),
    ...(pic.views || []).map((v) => h("section", "iex-plain-seat", { style: { margin: "6px 0" } }, [
      h("b", null, { text: v.seat }), rows(v.lines)])),
    rows(pic.scores || []),
    h("section", "iex-plain-log", { style: { marginTop: "8px", color: "#333" } }, [
      h("b", null, { text: pic.log_title }), ...(pic.log || []).map((line) => h("div", null, { text: line }))]),
  ]);
  host.append(root);
}
