// A room on this device: the room the page's address names (?room=CODE), the page's own address (for
// the room's link), and the tokens this browser holds for rooms (localStorage, one entry per room code,
// as the kept game is kept). Python sets `keep` ({code, value}: value "" forgets the room) to store one.
const PREFIX = "importexport-room-";
// The language this device's reader chose last (English / Deutsch): a reload, or the next visit, opens
// in it. Python sets `lang` whenever the language changes.
const LANG_KEY = "importexport-lang";

function keptLang() {
  try {
    return window.localStorage.getItem(LANG_KEY) || "";
  } catch (_e) {
    return ""; /* blocked storage: the page opens in the app's default language */
  }
}

function storeLang(lang) {
  if (typeof lang !== "string" || !lang) return;
  try {
    window.localStorage.setItem(LANG_KEY, lang);
  } catch (_e) {
    /* as above */
  }
}

function kept() {
  const out = {};
  try {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith(PREFIX)) out[key.slice(PREFIX.length)] = window.localStorage.getItem(key);
    }
  } catch (_e) {
    /* private mode or blocked storage: the device holds no seat after a reload */
  }
  return out;
}

function store(keep) {
  if (!keep || typeof keep.code !== "string" || !keep.code) return;
  try {
    if (keep.value) window.localStorage.setItem(PREFIX + keep.code, keep.value);
    else window.localStorage.removeItem(PREFIX + keep.code);
  } catch (_e) {
    /* as above: the seat holds for this page only */
  }
}

function render({ model, el }) {
  el.style.display = "none";
  const query = new URLSearchParams(window.location.search);
  model.send({
    type: "hello",
    room: query.get("room") || "",
    page: window.location.origin + window.location.pathname,
    kept: kept(),
    lang: keptLang(),
  });
  model.on("change:keep", () => store(model.get("keep")));
  model.on("change:lang", () => storeLang(model.get("lang")));
  model.on("change:address", () => address(model.get("address")));
  watch(model);
}

// The page's connection to its kernel: lost (the app's server stopped or restarted, the network gone),
// the page says so at its top in its language (Python keeps `lost` in the page's language), since
// nothing on it answers any more; a reload brings a new kernel and this device's seat back. While the
// page tries to connect again the note stays; a connection that comes back takes it away.
function watch(model) {
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (!kernel || !kernel.connectionStatusChanged || !kernel.statusChanged) return;
  let note = null;
  const show = () => {
    const lost = kernel.connectionStatus !== "connected" || kernel.status === "dead" || kernel.isDisposed;
    if (lost && !note) {
      note = document.createElement("div");
      note.className = "iex-connection-lost";
      note.setAttribute("role", "alert");
      note.style.cssText = "position:sticky;top:0;z-index:1000;background:#b3261e;color:#fff;" +
        "font:16px/1.4 'DejaVu Sans',Verdana,sans-serif;padding:10px 14px";
      document.body.prepend(note);
    }
    if (note) {
      note.textContent = model.get("lost");
      note.style.display = lost ? "" : "none";
    }
  };
  kernel.connectionStatusChanged.connect(show);
  kernel.statusChanged.connect(show);
  model.on("change:lost", show);
}

// The room shown goes into the page's address (?room=CODE, no new history entry): a reload, or the
// address copied to another tab, comes back to the room (and to this device's seat in it).
function address(code) {
  try {
    const url = new URL(window.location.href);
    if (code) url.searchParams.set("room", code);
    else url.searchParams.delete("room");
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
  } catch (_e) {
    /* an address that cannot be rewritten (a sandboxed frame): the room's link still works */
  }
}
export default { render };
