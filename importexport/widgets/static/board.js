// The board of Import/Export: draws the picture built by importexport/picture.py and reports clicks.
// An anywidget ES module (no build step, no imports).  Every word on screen comes from the picture
// (labels, status, names): this file holds no text of its own, only symbols.

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

// Where the seat panels sit (grid areas s0..s5 around the centre, clockwise from bottom left).
const LAYOUT = { 1: "iex-n2", 2: "iex-n2", 3: "iex-n3", 4: "iex-n4", 5: "iex-n5", 6: "iex-n6" };

function draw(model, host) {
  const pic = model.get("picture") || {};
  const projector = !!model.get("projector");
  // keep keyboard focus on the same thing across the redraw
  let focusSel = null;
  const act = document.activeElement;
  if (act && host.contains(act)) {
    if (act.classList.contains("iex-projector-toggle")) focusSel = ".iex-projector-toggle";
    else if (act.dataset.card !== undefined) focusSel = `[data-card="${act.dataset.card}"][tabindex]`;
    else if (act.dataset.ship !== undefined) focusSel = `.iex-ship.iex-clickable[data-ship="${act.dataset.ship}"]`;
  }
  host.replaceChildren();
  if (!pic || !pic.seats) return;

  const L = pic.labels || {};
  const cards = pic.cards || {};
  const ships = pic.ships || {};
  const changed = new Set(pic.changed || []);
  const clickCards = new Set(((pic.clickable || {}).cards || []).map(Number));
  const clickShips = new Set(((pic.clickable || {}).ships || []).map(Number));
  // what a guided lesson asks the reader to click now
  const pointCards = new Set(((pic.point || {}).cards || []).map(Number));
  const pointShips = new Set(((pic.point || {}).ships || []).map(Number));

  const send = (what, id) => model.send({ type: "click", what, id: Number(id) });

  // cards the person may try even without a legal move (the hand, the island): a click on them
  // is answered with the rule that forbids it, so they are buttons too, only not marked
  const pressKeys = new Set([...((pic.hand || {}).cards || []), ...(pic.island || [])]);

  function clickable(e, what, id, label, marked = true) {
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

  function dot(d, shape) {
    const e = h("span", `iex-dot iex-${shape}`, { text: d.letter, "aria-hidden": "true" });
    return paint(e, d.bg, d.fg);
  }

  function tipOf(c) {
    const bits = [c.name];
    if (c.action) bits.push(`${c.symbol} ${c.action}`);
    if (c.tip && c.tip !== c.name) bits.push(c.tip);
    return bits.join("\n");
  }

  function cardBase(key, cls) {
    const c = cards[key];
    if (!c) return null;
    const e = h("div", `iex-card ${cls}`, { "data-card": c.id, title: tipOf(c) });
    if (changed.has(`card:${key}`)) e.classList.add("iex-changed");
    const label = c.action ? `${c.name}, ${c.action}` : c.name;
    if (clickCards.has(Number(c.id))) clickable(e, "card", c.id, label);
    else if (pressKeys.has(key)) clickable(e, "card", c.id, label, false);
    if (pointCards.has(Number(c.id))) e.classList.add("iex-point");
    return [c, e];
  }

  function slotsOf(c) {
    return c.cargo && c.cargo.length
      ? h("span", "iex-slots", null, c.cargo.map((d) => dot(d, "slot")))
      : null;
  }

  // a full tile: hand, island, Tokyo
  function tile(key) {
    const got = cardBase(key, "iex-tile");
    if (!got) return null;
    const [c, e] = got;
    const band = paint(h("div", "iex-band"), c.bg, c.fg);
    band.append(h("span", "iex-mark", { text: c.mark }));
    if (c.action) band.append(h("span", "iex-action", { text: `${c.symbol} ${c.action}` }));
    e.append(band, h("div", "iex-name", { text: c.name }));
    const foot = h("div", "iex-foot");
    if (c.level && c.level.length) foot.append(h("span", "iex-levels", null, c.level.map((d) => dot(d, "lvl"))));
    const sl = slotsOf(c);
    if (sl) foot.append(sl);
    e.append(foot);
    e.style.setProperty("--edge", c.bg === "rainbow" ? "#2f6fce" : c.bg);
    return e;
  }

  // a small tile: a contract on a ship (colour, name, cargo slots), a card in a Tokyo column
  function smallTile(key, withLevel) {
    const got = cardBase(key, "iex-tile iex-tile-sm");
    if (!got) return null;
    const [c, e] = got;
    const band = paint(h("div", "iex-band"), c.bg, c.fg);
    band.append(h("span", "iex-mark", { text: c.mark }), h("span", "iex-name", { text: c.name }));
    e.append(band);
    const foot = h("div", "iex-foot");
    if (withLevel && c.level && c.level.length) foot.append(h("span", "iex-levels", null, c.level.map((d) => dot(d, "lvl"))));
    const sl = slotsOf(c);
    if (sl) foot.append(sl);
    if (foot.childNodes.length) e.append(foot);
    e.style.setProperty("--edge", c.bg === "rainbow" ? "#2f6fce" : c.bg);
    return e;
  }

  // a chip: crew, goods, fulfilled, open hands (mark and name); a container on a ship (mark only,
  // like a cargo cube: its colour is what counts, its name is in the tooltip)
  function chip(key) {
    const got = cardBase(key, "iex-chip");
    if (!got) return null;
    const [c, e] = got;
    paint(e, c.bg, c.fg);
    e.append(h("b", "iex-mark", { text: c.mark }), h("span", "iex-name", { text: c.name }));
    if (c.symbol) e.append(h("span", "iex-sym", { text: c.symbol }));
    return e;
  }

  function cube(key) {
    const got = cardBase(key, "iex-chip iex-cube");
    if (!got) return null;
    const [c, e] = got;
    paint(e, c.bg, c.fg);
    if (!e.hasAttribute("aria-label")) e.setAttribute("aria-label", c.name);
    e.append(h("b", "iex-mark", { text: c.mark }));
    return e;
  }

  function none() {
    return h("span", "iex-muted", { text: L.none || "–" });
  }

  // a ship; in its owner's panel by its short name with "in harbour" written out, at sea by its full name
  function ship(sid, inPanel) {
    const s = ships[String(sid)];
    if (!s) return null;
    const where = s.at_sea ? L.at_sea : L.in_harbour;
    const e = h("div", `iex-ship ${s.at_sea ? "iex-at-sea" : "iex-in-harbour"}`, {
      "data-ship": s.id,
      title: [s.name, where, clickShips.has(Number(s.id)) ? L.ship_tip : ""].filter(Boolean).join("\n"),
    });
    const owner = pic.seats.find((q) => q.seat === s.owner);
    if (owner && owner.harbour && owner.harbour.bg && owner.harbour.bg !== "rainbow") e.style.setProperty("--owner", owner.harbour.bg);
    if (changed.has(`ship:${s.id}`)) e.classList.add("iex-changed");
    if (clickShips.has(Number(s.id))) clickable(e, "ship", s.id, `${s.name}, ${where}. ${L.ship_tip || ""}`);
    if (pointShips.has(Number(s.id))) e.classList.add("iex-point");
    e.append(
      h("div", "iex-ship-head", null, [
        h("span", "iex-ship-icon", { text: s.at_sea ? "≈" : "⚓", title: where, "aria-hidden": "true" }),
        h("span", "iex-ship-name", { text: inPanel && s.short ? s.short : s.name }),
        h("span", inPanel && s.short ? "iex-ship-where iex-shown" : "iex-ship-where", { text: where }),
      ]),
    );
    const body = h("div", `iex-ship-body${(s.contracts || []).length > 1 ? " iex-c2" : ""}`);
    const con = (s.contracts || []).map((k) => smallTile(k, false)).filter(Boolean);
    const box = (s.containers || []).map(cube).filter(Boolean);
    if (con.length) body.append(h("div", "iex-contracts", { title: L.contracts }, con));
    if (box.length) body.append(h("div", "iex-containers", { title: L.containers }, box));
    if (!con.length && !box.length) body.append(h("span", "iex-muted", { text: L.empty }));
    e.append(body);
    return e;
  }

  function row(label, kids, cls) {
    const n = kids.filter((k) => k.classList && k.classList.contains("iex-chip")).length;
    const many = (n > 1 ? " iex-many" : "") + (n > 2 ? " iex-many3" : "") + (n > 4 ? " iex-many5" : "");
    return [
      h("span", `iex-k ${cls || ""}`, { text: label }),
      h("span", `iex-v ${cls || ""}${many}`, null, kids),
    ];
  }

  function seatPanel(p, pos, tall) {
    const cls = ["iex-seat-panel", tall ? "iex-tall" : "iex-wide"];
    if (p.active) cls.push("iex-active");
    if (p.deciding) cls.push("iex-deciding");
    if (p.winner) cls.push("iex-winner");
    const e = h("section", cls.join(" "), { "data-seat": p.seat, "aria-label": p.name });
    e.style.gridArea = `s${pos}`;
    const hb = p.harbour || {};
    e.style.setProperty("--harbour", hb.bg === "rainbow" ? "#2f6fce" : hb.bg || "#999");

    const head = h("header", "iex-seat-head");
    if (p.winner) head.append(h("span", "iex-trophy", { text: "♛", title: L.winner || "", "aria-label": L.winner || "" }));
    if (p.active) head.append(h("span", "iex-star", { text: "★", title: L.active, "aria-label": L.active }));
    head.append(h("span", "iex-seat-name", { text: p.name, title: p.name }));
    head.append(
      paint(h("span", "iex-harbour", { title: `${L.harbour}: ${hb.name}` }, [
        h("b", null, { text: hb.mark }), h("span", "iex-name", { text: hb.name })]), hb.bg, hb.fg),
    );
    if (p.deciding) head.append(h("span", "iex-decides", { text: L.decides }));
    const cr = h("span", "iex-credits", { title: `${p.credits}/${p.goal} ${L.credits}` }, [
      h("b", "iex-credits-n", { text: p.credits }),
      h("span", "iex-goal", { text: `/${p.goal}`, title: L.goal ? L.goal.replace("{n}", p.goal) : "" }),
      h("span", "iex-credits-w", { text: L.credits }),
    ]);
    if (changed.has(`credits:${p.seat}`)) cr.classList.add("iex-changed");
    head.append(cr);
    e.append(head);

    const stats = h("div", "iex-stats");
    const lv = (p.levels || []).map((d) =>
      h("span", "iex-level", { title: `${d.name} ${d.n}` }, [dot(d, "lvl"), h("span", "iex-n", { text: `${d.n}` })]),
    );
    const hs = h("span", "iex-handsize", { title: `${L.cards_in_hand} ${p.hand_size}` }, [
      h("span", "iex-k", { text: L.cards_in_hand }), h("b", null, { text: p.hand_size })]);
    if (changed.has(`handsize:${p.seat}`)) hs.classList.add("iex-changed");
    stats.append(h("div", "iex-levels-row", null, [
      h("span", "iex-k", { text: L.levels }), h("span", "iex-lvls", null, lv.length ? lv : [none()]), hs]));
    const chips = (keys) => {
      const out = (keys || []).map(chip).filter(Boolean);
      return out.length ? out : [none()];
    };
    stats.append(...row(`${L.crew} ${(p.crew || []).length}/${p.crew_limit}`, chips(p.crew)));
    stats.append(...row(`${L.goods} ${p.goods_load}/${p.goods_limit}`, chips(p.goods)));
    stats.append(...row(`${L.fulfilled} ${(p.fulfilled || []).length}`, chips(p.fulfilled)));
    const fleet = h("div", "iex-fleet", null, (p.ships || []).map((sid) => ship(sid, true)).filter(Boolean));
    e.append(h("div", "iex-seat-body", null, [stats, fleet]));
    // a hand shown face up (lessons): small chips along the panel's foot
    const open = (pic.open_hands || {})[String(p.seat)];
    if (open) e.append(h("div", "iex-open-hand", null, [h("span", "iex-k", { text: L.cards_in_hand }), ...chips(open)]));
    return e;
  }

  function zone(cls, title, kids, extra) {
    return h("section", `iex-zone ${cls} ${extra || ""}`, { "aria-label": title }, [
      h("h3", "iex-zone-title", { text: title }),
      ...kids,
    ]);
  }

  // ---- the board ----
  const n = pic.seats.length;
  const root = h("div", `iex-board ${LAYOUT[n] || "iex-n6"}`, { lang: pic.lang || null });
  if (projector) root.classList.add("iex-projector");

  // status bar
  const st = pic.status || {};
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
  root.append(
    h("div", `iex-status${st.over ? " iex-over" : ""}`, { role: "status" }, [
      h("span", "iex-st", { text: st.turn }),
      st.led ? h("span", "iex-st", { text: st.led }) : null,
      h("span", "iex-st", { text: st.deck }),
      h("span", "iex-st", { text: st.discard }),
      h("strong", "iex-st iex-waiting", { text: st.waiting }),
      st.ending ? h("strong", "iex-st iex-ending", { text: st.ending }) : null,
      h("span", "iex-spacer"),
      toggle,
    ]),
  );

  // centre: sea, island or Tokyo, market
  const centre = h("div", "iex-centre");
  const sea = (pic.sea || []).map((sid) => ship(sid, false)).filter(Boolean);
  centre.append(zone("iex-zone-sea", L.sea, [h("div", "iex-row", null, sea.length ? sea : [h("span", "iex-muted", { text: L.empty })])]));
  if (pic.tokyo) {
    const cols = pic.tokyo.map((t) =>
      h("div", "iex-tokyo-col", null, [
        h("div", "iex-cost", { text: t.cost }),
        h("div", "iex-col-cards", null, (t.cards || []).map((k) => smallTile(k, true)).filter(Boolean)),
      ]),
    );
    centre.append(zone("iex-zone-tokyo", L.tokyo, [h("div", "iex-tokyo", null, cols)]));
  } else {
    const isl = (pic.island || []).map(tile).filter(Boolean);
    centre.append(zone("iex-zone-island", L.island, [h("div", "iex-row", null, isl.length ? isl : [h("span", "iex-muted", { text: L.empty })])]));
  }
  if (pic.market) {
    const mk = pic.market.map((m) =>
      paint(h("span", "iex-market-item", { title: `${m.name} ${m.value}` }, [
        h("b", null, { text: m.mark }), h("span", "iex-name", { text: m.name }), h("b", "iex-value", { text: m.value })]), m.bg, m.fg),
    );
    centre.append(zone("iex-zone-market", L.market, [h("div", "iex-row", null, mk)]));
  }
  root.append(centre);

  // seats around the centre
  // tall panels (beside the whole centre: 2 players, left and right of 3; the rows of 5 and 6):
  // ships side by side under the figures; the others (4 players, top of 3): ships beside them
  // (in large print every panel is tall: the figures need the width)
  pic.seats.forEach((p, i) => root.append(seatPanel(p, i, projector || n <= 2 || n >= 5 || (n === 3 && i !== 1))));

  // the hand along the bottom
  if (pic.hand) {
    const cs = (pic.hand.cards || []).map(tile).filter(Boolean);
    root.append(
      h("section", "iex-zone iex-zone-hand", { "aria-label": pic.hand.label, "data-hand-seat": pic.hand.seat }, [
        h("h3", "iex-zone-title iex-hand-title", { text: pic.hand.label }),
        h("div", "iex-row iex-hand-cards", null, cs.length ? cs : [h("span", "iex-muted", { text: L.empty })]),
      ]),
    );
  }

  // legend
  if (pic.legend && pic.legend.length) {
    root.append(
      h("footer", "iex-legend", null, pic.legend.map((it) => {
        const m = h("span", "iex-legend-mark", { text: it.mark });
        if (it.bg) paint(m, it.bg, it.fg);
        return h("span", "iex-legend-item", null, [m, h("span", null, { text: it.text })]);
      })),
    );
  }

  host.append(root);
  if (focusSel) {
    const f = root.querySelector(focusSel);
    if (f) f.focus({ preventScroll: true });
  }
}

function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "iex-host";
  el.append(host);
  if (readStore() === "1" && !model.get("projector")) {
    model.set("projector", true);
    model.save_changes();
  }
  const redraw = () => draw(model, host);
  model.on("change:picture", redraw);
  model.on("change:projector", redraw);
  redraw();
  return () => {
    if (model.off) {
      model.off("change:picture", redraw);
      model.off("change:projector", redraw);
    }
  };
}

export default { render };
