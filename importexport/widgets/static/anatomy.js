// The annotated card (importexport/widgets/anatomy.py): one card drawn by the board's own code,
// enlarged, with numbered badges on its parts, the list that explains them, and the statement of
// which figures the rule texts give.  An anywidget ES module; every word comes from `sheet`.
//
// The board module (board.js, sent as `board_esm`) draws, with Import/Export's drawer (sent as
// `board_drawer`, loaded before the first drawing), a table whose only card lies on the Supply Island;
// its tile is taken out of that table, so this card looks like every other one.

const STORE = "importexport.projector"; // the board's large-print switch, shared with it
const boards = new Map(); // board.js source -> its module (a promise)

function h(tag, cls, attrs, kids) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const k in attrs || {}) {
    const v = attrs[k];
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const k of kids || []) if (k) e.append(k);
  return e;
}

function readStore() {
  try {
    return window.localStorage.getItem(STORE);
  } catch (_e) {
    return null;
  }
}

function writeStore(on) {
  try {
    window.localStorage.setItem(STORE, on ? "1" : "0");
  } catch (_e) {
    /* blocked storage: the switch still works on this page */
  }
}

function boardModule(source) {
  if (!boards.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    boards.set(source, import(url).finally(() => URL.revokeObjectURL(url)));
  }
  return boards.get(source);
}

// the card's tile, drawn by the board from a one-card picture (at once: its drawer has loaded)
function boardTile(board, picture, drawer) {
  const data = { picture, drawer, projector: false };
  const model = { get: (k) => data[k], set() {}, save_changes() {}, on() {}, off() {}, send() {} };
  const holder = document.createElement("div");
  const stop = board.default.render({ model, el: holder });
  const tile = holder.querySelector(".iex-zone-island .iex-tile");
  Promise.resolve(stop).then((f) => { if (typeof f === "function") f(); });
  return tile;
}

// which element of the tile each callout points at, and from which side its badge comes
const TARGETS = {
  name: [":scope > .iex-name", "left"],
  goods: [".iex-band .iex-mark", "top"],
  action: [".iex-band .iex-action", "top"],
  level: [".iex-foot .iex-levels", "left"],
  cargo: [".iex-foot .iex-slots", "right"],
  ability: [".iex-an-ability", "left"],
};

// badges in the stage's margins with a short line to their part (after layout, and on resize)
function placeBadges(stage, overlay, tile, parts) {
  overlay.replaceChildren();
  const s = stage.getBoundingClientRect();
  if (!s.width) return;
  const cs = getComputedStyle(stage);
  const padL = parseFloat(cs.paddingLeft), padT = parseFloat(cs.paddingTop), padR = parseFloat(cs.paddingRight);
  for (const p of parts) {
    const [sel, side] = TARGETS[p.part] || [];
    const el = sel && tile.querySelector(sel);
    if (!el) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const top = r.top - s.top, left = r.left - s.left;
    let x, y, line;
    if (side === "top") {
      x = left + Math.min(r.width / 2, 18);
      y = padT / 2 - 4;
      line = { left: x - 1, top: y, width: 2, height: top + 3 - y };
    } else if (side === "right") {
      x = s.width - padR / 2;
      y = top + r.height / 2;
      line = { left: left + r.width - 3, top: y - 1, width: x - (left + r.width - 3), height: 2 };
    } else {
      x = padL / 2;
      y = top + r.height / 2;
      line = { left: x, top: y - 1, width: left + 3 - x, height: 2 };
    }
    const l = h("span", "iex-an-line", { "aria-hidden": "true" });
    for (const k in line) l.style[k] = `${Math.max(0, line[k])}px`;
    const b = h("span", "iex-an-badge iex-an-pin", { text: p.n, "aria-hidden": "true", "data-part": p.part });
    b.style.left = `${x}px`;
    b.style.top = `${y}px`;
    overlay.append(l, b);
  }
}

function draw(model, host, board) {
  const sheet = model.get("sheet") || {};
  const projector = !!model.get("projector");
  host.replaceChildren();
  if (!sheet.parts) return null;

  const root = h("div", `iex-anatomy${projector ? " iex-an-projector" : ""}`, { lang: sheet.lang || null });
  const L = sheet.labels || {};
  const toggle = h("button", "iex-projector-toggle", {
    type: "button", title: L.projector_tip, "aria-pressed": projector ? "true" : "false",
  }, [h("span", "iex-toggle-box", { text: projector ? "■" : "□", "aria-hidden": "true" }), h("span", null, { text: L.projector })]);
  toggle.addEventListener("click", () => {
    const v = !model.get("projector");
    writeStore(v);
    model.set("projector", v);
    model.save_changes();
  });
  root.append(h("div", "iex-an-top", null, [h("p", "iex-an-caption", { text: sheet.caption }), toggle]));

  // the card, with its ability printed under the board's tile as on a printed card
  const tile = board ? boardTile(board, sheet.picture, model.get("board_drawer")) : null;
  const stage = h("div", "iex-an-stage");
  const overlay = h("div", "iex-an-overlay", { "aria-hidden": "true" });
  if (tile) {
    const ab = sheet.ability || {};
    tile.append(h("div", "iex-an-ability", null, [h("b", "iex-an-timing", { text: ab.timing }), h("span", null, { text: ab.text })]));
    tile.setAttribute("role", "img");
    tile.setAttribute("aria-label", sheet.caption || "");
    stage.append(tile, overlay);
  }

  const list = h("ol", "iex-an-parts", { "aria-label": sheet.heading }, (sheet.parts || []).map((p) =>
    h("li", "iex-an-part", { "data-part": p.part }, [
      h("span", "iex-an-badge", { text: p.n, "aria-hidden": "true" }),
      h("div", "iex-an-body", null, [
        h("div", "iex-an-head", null, [
          h("b", "iex-an-label", { text: p.label }),
          h("span", "iex-an-value", { text: p.value }),
          h("span", `iex-an-src iex-an-src-${p.source}`, { text: p.source_text }),
        ]),
        h("div", "iex-an-meaning", { text: p.meaning }),
        p.printed ? h("div", "iex-an-printed", { text: p.printed }) : null,
      ]),
    ])));

  const st = sheet.statement || {};
  const note = h("aside", "iex-an-statement", { "aria-label": st.title }, [
    h("h4", "iex-an-title", { text: st.title }),
    ...(st.lines || []).map((t) => h("p", null, { text: t })),
  ]);

  root.append(h("div", "iex-an-grid", null, [
    h("div", "iex-an-left", null, [stage, note]),
    h("section", "iex-an-right", null, [h("h4", "iex-an-title", { text: sheet.heading }), list]),
  ]));
  host.append(root);
  if (!tile) return null;
  const place = () => placeBadges(stage, overlay, tile, sheet.parts || []);
  const ro = new ResizeObserver(place);
  ro.observe(stage);
  requestAnimationFrame(place);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(place);
  return ro;
}

async function render({ model, el }) {
  const host = h("div", "iex-host iex-an-host");
  el.append(host);
  if (readStore() === "1" && !model.get("projector")) {
    model.set("projector", true);
    model.save_changes();
  }
  let board = null;
  try {
    board = await boardModule(model.get("board_esm") || "");
    await board.loadDrawer(model.get("board_drawer") || "").ready;
  } catch (e) {
    console.error("importexport: the board module did not load", e);
  }
  let watcher = null;
  const redraw = () => {
    if (watcher) watcher.disconnect();
    watcher = draw(model, host, board);
  };
  model.on("change:sheet", redraw);
  model.on("change:projector", redraw);
  redraw();
  return () => {
    if (watcher) watcher.disconnect();
    if (model.off) {
      model.off("change:sheet", redraw);
      model.off("change:projector", redraw);
    }
  };
}

export default { render };
