// The table component's frame (importexport/widgets/board.py): an anywidget ES module that draws the
// picture of any game with that game's own drawer and reports clicks.  The drawer is an ES module a
// game's table kit gives (TableKit.DRAWER: its source, the widget's `drawer`, sent once per table), which
// this file imports and whose draw(model, host, pic, projector, focusSel, shared) draws the picture; its
// refit(root, pic, change), if any, fits the table again when the window or what stands above it changes.
// The drawing's stylesheet, if any (the widget's `drawer_css`), is put on the page once.
// This file holds what every drawer shares (`shared`: building elements, buttons that send clicks, the
// legend, the large-print switch, a chapter table's room) and what the frame does around a drawing
// (keyboard focus kept across a redraw, a chapter's table brought into view).  No build step, no
// imports; no text of its own, and no game named.

const STORE = "importexport.projector";
const RAINBOW = "linear-gradient(90deg,#1e7a44,#e0b21b,#333,#2f6fce,#c8322f)";

function h(tag, cls, attrs, kids) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (attrs) {
    for (const k in attrs) {
      const v = attrs[k];
      if (v === null || v === undefined || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "style") Object.assign(e.style, v);
      else e.setAttribute(k, v === true ? "" : String(v));
    }
  }
  if (kids) for (const k of kids) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
}

function paint(e, bg, fg) {
  if (bg === "rainbow") {
    e.style.background = RAINBOW;
    e.style.color = "#fff";
    e.classList.add("iex-rainbow");
  } else if (bg) {
    e.style.background = bg;
    e.style.color = fg || "#000";
  }
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
    /* private mode or blocked storage: the switch still works for this page */
  }
}

// a card, ship or contract a person may click: a button for the mouse and the keyboard alike; a
// marked one has a legal move, an unmarked one may be tried too (the answer names the rule)
function pressable(e, send, what, id, label, marked = true) {
  e.classList.add(marked ? "iex-clickable" : "iex-pressable");
  e.setAttribute("tabindex", "0");
  e.setAttribute("role", "button");
  if (label) e.setAttribute("aria-label", label);
  e.addEventListener("click", (ev) => {
    ev.stopPropagation();
    send(what, id);
  });
  e.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " " || ev.key === "Spacebar") {
      ev.preventDefault();
      ev.stopPropagation();
      send(what, id);
    }
  });
}

// which element of the drawn table has the keyboard focus, as a selector that finds it again after
// the redraw (null: none)
function focused(host) {
  const act = document.activeElement;
  if (!act || !host.contains(act)) return null;
  if (act.classList.contains("iex-projector-toggle")) return ".iex-projector-toggle";
  if (act.dataset.card !== undefined) return `[data-card="${act.dataset.card}"][tabindex]`;
  if (act.dataset.ship !== undefined) return `.iex-ship.iex-clickable[data-ship="${act.dataset.ship}"]`;
  if (act.dataset.contract !== undefined) return `[data-contract="${act.dataset.contract}"][tabindex]`;
  return null;
}

// the legend: what each mark means
function legendBar(legend, cls) {
  return h("footer", cls, null, legend.map((it) => {
    const m = h("span", "iex-legend-mark", { text: it.mark });
    if (it.bg) paint(m, it.bg, it.fg);
    return h("span", `iex-legend-item${it.cls ? ` ${it.cls}` : ""}`, null, [m, h("span", null, { text: it.text })]);
  }));
}

// the legend below a drawn table, the table shown, and the focus given back to the element that had
// it before the redraw (a keyboard user keeps their place)
function finish(host, root, legend, cls, focusSel) {
  if (legend && legend.length) root.append(legendBar(legend, cls));
  host.append(root);
  if (focusSel) {
    const f = root.querySelector(focusSel);
    if (f) f.focus({ preventScroll: true });
  }
}

// the large-print switch in a table's status bar (remembered by the browser)
function projectorToggle(model, L, projector) {
  const toggle = h("button", "iex-projector-toggle", {
    type: "button",
    title: L.projector_tip,
    "aria-pressed": projector ? "true" : "false",
  }, [h("span", "iex-toggle-box", { text: projector ? "■" : "□", "aria-hidden": "true" }), h("span", null, { text: L.projector })]);
  toggle.addEventListener("click", () => {
    const v = !model.get("projector");
    writeStore(v);
    model.set("projector", v);
    model.save_changes();
  });
  return toggle;
}

// ---------------------------------------------------------------------------------------------
// A chapter's table (picture.focus, docs/tutor.md): one screen.  The board fits the part of the page in
// view below what stands above it in its table (the caption, the box of the step or the example), and
// after each of the reader's clicks (picture.focus.seq) the table is brought into view, its top at the
// top of the view (or, where it cannot all be in view, what the step points at in view below as much of
// it as fits).  The chapter's first table (picture.focus.land) is brought into view once, when first
// drawn: after Run All the reader starts at the lesson, not at the notebook's end.

// the element that scrolls the page the table is on (JupyterLab: the notebook's panel)
function scroller(el) {
  for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
    const y = getComputedStyle(e).overflowY;
    if ((y === "auto" || y === "scroll") && e.scrollHeight > e.clientHeight + 1) return e;
  }
  return document.scrollingElement || document.documentElement;
}

// the part of the window the scroller shows
function inView(sc) {
  if (sc === document.scrollingElement || sc === document.documentElement) return { top: 0, bottom: window.innerHeight };
  const r = sc.getBoundingClientRect();
  return { top: Math.max(r.top, 0), bottom: Math.min(r.bottom, window.innerHeight) };
}

// how tall a chapter's board may be: the height in view less what its table has above it (null: not on the page)
function focusBudget(root) {
  const frame = root.isConnected ? root.closest(".iex-focus") : null;
  if (!frame) return null;
  const view = inView(scroller(frame));
  return Math.max(160, view.bottom - view.top - (root.getBoundingClientRect().top - frame.getBoundingClientRect().top) - 8);
}

// bring a chapter's table into view (see above); false when it is not on the page (yet)
function reveal(root) {
  const frame = root.isConnected ? root.closest(".iex-focus") : null;
  if (!frame || !root.getBoundingClientRect().height) return false;
  const sc = scroller(frame);
  const view = inView(sc);
  const top = frame.getBoundingClientRect().top;
  const bottom = root.getBoundingClientRect().bottom;
  if (top >= view.top - 1 && bottom <= view.bottom + 1) return true; // all in view already
  // the table's top at the view's top; if the board reaches below, the box's top (the caption above it
  // out of view), or the top of the box's answer to the click; if what the step points at is still
  // below, as little further as shows it
  const point = root.querySelector(".iex-point");
  const box = frame.querySelector(".iex-guide");
  const last = (point || box || root).getBoundingClientRect().bottom; // (no point on the board: the box's own buttons)
  const answer = frame.querySelector(".iex-guide-answer"); // (the answer to the click, if any, before the rest of the box)
  const tops = [top, ...[box, answer].filter(Boolean).map((e) => e.getBoundingClientRect().top)];
  let shift = tops.map((t) => t - view.top - 4).find((s) => last - s <= view.bottom - 8);
  if (shift === undefined) shift = last - view.bottom + 8;
  sc.scrollTop += shift;
  return true;
}

const landed = new WeakSet(); // the models whose table has been brought into view when first drawn
const seqs = new WeakMap(); // each model's last click brought into view

// after a drawing: bring the table into view when the picture asks for it (tried again while the page
// settles: the box above the board is another widget, redrawn a moment later)
function focusAfterDraw(model, host) {
  const f = (model.get("picture") || {}).focus;
  if (!f) return;
  const land = f.land && !landed.has(model);
  const click = f.seq > 0 && seqs.get(model) !== f.seq;
  seqs.set(model, f.seq);
  if (!land && !click) return;
  if (land) landed.add(model);
  // tried for a while even once in view: landing, for a few seconds, since the cells above are drawn (and
  // grow) a moment later in JupyterLab's windowed notebook, moving the table down again; after a click, for
  // two seconds, since the box's answer above the board is another widget whose redraw may come later on
  // a busy machine (and never once the page was scrolled by someone else: the reader, or another table's
  // click)
  let tries = land ? 40 : 10;
  let kept = 0;
  let left = null; // where the last try left the page's scroll
  const again = () => {
    const root = host.firstElementChild;
    const frame = root && root.isConnected ? root.closest(".iex-focus") : null;
    const sc = frame ? scroller(frame) : null;
    if (kept > 0 && sc && left !== null && Math.abs(sc.scrollTop - left) > 1) return;
    const done = root && reveal(root);
    if (sc) left = sc.scrollTop;
    tries -= 1;
    if (done) kept += 1;
    if (tries > 0 && (!done || kept < (land ? 16 : 8))) setTimeout(again, done ? 250 : 150);
  };
  requestAnimationFrame(() => setTimeout(again, 50));
}

// what the app shows below a fitted table and keeps in view with it (the rule in play, class
// iex-fit-below, in the same table view): how far below the table it ends (0: nothing shown)
function belowTable(root) {
  const view = root.closest(".iex-table-view");
  const parts = view ? [...view.querySelectorAll(":scope > .iex-fit-below")].filter((e) => e.offsetParent) : [];
  const end = root.getBoundingClientRect().bottom;
  return Math.round(Math.max(0, ...parts.map((e) => e.getBoundingClientRect().bottom - end)));
}

// what board.js lends every drawer
const shared = { h, paint, pressable, legendBar, finish, focusBudget, projectorToggle, belowTable };

// the stylesheets of the drawings put on the page so far (each once, after the frame's own)
const styles = new Set();

function useStyle(css) {
  if (!css || styles.has(css)) return;
  styles.add(css);
  document.head.append(h("style", "iex-drawer-style", { text: css }));
}

// the drawers loaded so far, by their source: { ready: the module's promise, module: once loaded }
const drawers = new Map();

// a drawer's module, imported from its source once (a module made from a string: a blob URL)
function loadDrawer(source) {
  if (!drawers.has(source)) {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const entry = { module: null };
    entry.ready = import(url).then((m) => { entry.module = m; return m; }).finally(() => URL.revokeObjectURL(url));
    drawers.set(source, entry);
  }
  return drawers.get(source);
}

// what a drawer draws into: the host of a table's drawing, kept across redraws
async function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "iex-host";
  el.append(host);
  if (readStore() === "1" && !model.get("projector")) {
    model.set("projector", true);
    model.save_changes();
  }
  // the drawn table is fitted again (its drawer's refit) when its width or the window's height changes
  // (and once it is on the page, if it was drawn before), when what stands above it grows or shrinks
  // (the app's decision, a message), and when a chapter gives it more or less room
  const size = () => `${host.clientWidth}x${window.innerHeight}`;
  const top = () => Math.round(host.getBoundingClientRect().top + window.scrollY);
  let seen = size();
  let above = top();
  // a chapter's table: the height its board may take (it changes with the box above the board)
  const room = () => {
    const root = (model.get("picture") || {}).focus ? host.firstElementChild : null;
    return root ? focusBudget(root) : null;
  };
  let roomSeen = room();
  // what stands below the table in view with it (the rule in play): the table is fitted again when it changes
  const below = () => (host.firstElementChild ? belowTable(host.firstElementChild) : 0);
  let belowSeen = below();
  // what the table was last fitted to (compared by refit to tell what changed since)
  const remember = () => {
    seen = size();
    above = top();
    roomSeen = room();
    belowSeen = below();
  };
  let drawnBy = null; // the drawer of the table on the page
  // the picture drawn by the drawer the model names; while that drawer is still loading, drawn once it
  // has loaded (the promise of that)
  const redraw = () => {
    useStyle(model.get("drawer_css"));
    const source = model.get("drawer") || "";
    const entry = source ? loadDrawer(source) : null;
    if (entry && !entry.module) {
      return entry.ready.then(() => { if (model.get("drawer") === source) redraw(); }, (err) => console.error(err));
    }
    const focusSel = focused(host); // keep keyboard focus on the same thing across the redraw
    host.replaceChildren();
    drawnBy = entry ? entry.module : null;
    if (drawnBy) drawnBy.draw(model, host, model.get("picture") || {}, !!model.get("projector"), focusSel, shared);
    remember();
    focusAfterDraw(model, host);
    return null;
  };
  const refit = () => {
    const now = room();
    const root = host.firstElementChild;
    if (root && drawnBy && drawnBy.refit) {
      drawnBy.refit(root, model.get("picture") || {}, {
        resized: size() !== seen,
        shifted: top() !== above,
        moved: now !== null && (roomSeen === null || Math.abs(now - roomSeen) > 1),
        room: now,
        under: below() !== belowSeen,
        below: below(),
      });
    }
    remember();
  };
  const watch = typeof ResizeObserver === "function" ? new ResizeObserver(refit) : null;
  if (watch) watch.observe(host);
  // (what stands above the table grows or shrinks the table's ancestors: watched once it is on the page)
  let watched = false;
  const watchAbove = () => {
    if (watched || !watch || !host.isConnected) return;
    watched = true;
    for (let e = host.parentElement; e && e !== document.documentElement; e = e.parentElement) watch.observe(e);
  };
  model.on("change:drawer", redraw);
  model.on("change:picture", redraw);
  model.on("change:projector", redraw);
  model.on("change:picture", watchAbove);
  const loading = redraw();
  requestAnimationFrame(watchAbove);
  window.addEventListener("resize", refit);
  const stop = () => {
    if (watch) watch.disconnect();
    window.removeEventListener("resize", refit);
    if (model.off) {
      model.off("change:drawer", redraw);
      model.off("change:picture", redraw);
      model.off("change:projector", redraw);
      model.off("change:picture", watchAbove);
    }
  };
  if (loading) await loading; // (the view is ready once its first drawing is: its drawer had to load)
  return stop;
}

export { loadDrawer };
export default { render };
