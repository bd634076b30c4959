// The board of Import/Export: draws the picture built by importexport/picture.py and reports clicks
// (a Port Royal picture, built by importexport/portroyal/picture.py, is drawn by drawPortRoyal below).
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

const LAYOUT = { 1: "iex-n2", 2: "iex-n2", 3: "iex-n3", 4: "iex-n4", 5: "iex-n5", 6: "iex-n6" };

function draw(model, host) {
  const pic = model.get("picture") || {};
  const focusSel = focused(host);  // keep keyboard focus on the same thing across the redraw
  host.replaceChildren();
  if (pic.game === "portroyal") return drawPortRoyal(model, host, pic, !!model.get("projector"), focusSel);
  if (pic.game === "plain") return drawPlain(host, pic);
  const projector = !!model.get("projector");
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

  const clickable = (e, what, id, label, marked = true) => pressable(e, send, what, id, label, marked);

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

  // a card's dots counted (a crowded table, .iex-dotcount): each run of one colour as its dot and how
  // many, as a seat's levels are shown ("A3" for three A dots)
  function counted(dots, shape, cls) {
    const runs = [];
    for (const d of dots || []) {
      const last = runs[runs.length - 1];
      if (last && last.d.letter === d.letter && last.d.bg === d.bg) last.n += 1;
      else runs.push({ d, n: 1 });
    }
    return runs.length
      ? h("span", cls, null, runs.map((r) => r.n === 1 ? dot(r.d, shape)
        : h("span", "iex-level", null, [dot(r.d, shape), h("span", "iex-n", { text: `${r.n}` })])))
      : null;
  }

  // a full tile: hand, island, Tokyo
  function tile(key) {
    const got = cardBase(key, "iex-tile");
    if (!got) return null;
    const [c, e] = got;
    const band = paint(h("div", "iex-band"), c.bg, c.fg);
    band.append(h("span", "iex-mark", { text: c.mark }));
    // (on a crowded table the name stands in the band and the action by its symbol in the foot: .iex-tile2)
    band.append(h("span", "iex-band-name", { text: c.name, "aria-hidden": "true" }));
    if (c.action) band.append(h("span", "iex-action", { text: `${c.symbol} ${c.action}` }));
    e.append(band, h("div", "iex-name", { text: c.name }));
    const foot = h("div", "iex-foot");
    if (c.action) foot.append(h("span", "iex-foot-sym", { text: c.symbol, title: c.action, "aria-hidden": "true" }));
    if (c.level && c.level.length) foot.append(h("span", "iex-levels", null, c.level.map((d) => dot(d, "lvl"))));
    const sl = slotsOf(c);
    if (sl) foot.append(sl);
    foot.append(...[counted(c.level, "lvl", "iex-levels-n"), counted(c.cargo, "slot", "iex-slots-n")].filter(Boolean));
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
    if (withLevel) foot.append(...[counted(c.level, "lvl", "iex-levels-n"), counted(c.cargo, "slot", "iex-slots-n")].filter(Boolean));
    if (foot.childNodes.length) e.append(foot);
    e.style.setProperty("--edge", c.bg === "rainbow" ? "#2f6fce" : c.bg);
    return e;
  }

  // a chip: crew, goods, fulfilled, open hands (mark and name); a container on a ship (a cargo cube: its
  // mark and its card's name, so that "click SOAP on the ship" finds it; its colour is what counts)
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
    e.append(h("b", "iex-mark", { text: c.mark }), h("span", "iex-name", { text: c.name }));
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
    // (the owner's name never split over two lines: "Player 1's ship 2", "Schiff 2 von Spieler 1")
    const name = owner && owner.name ? s.name.split(owner.name).join(owner.name.replace(/ /g, "\u00a0")) : s.name;
    if (owner && owner.harbour && owner.harbour.bg && owner.harbour.bg !== "rainbow") e.style.setProperty("--owner", owner.harbour.bg);
    if (changed.has(`ship:${s.id}`)) e.classList.add("iex-changed");
    if (clickShips.has(Number(s.id))) clickable(e, "ship", s.id, `${s.name}, ${where}. ${L.ship_tip || ""}`);
    if (pointShips.has(Number(s.id))) e.classList.add("iex-point");
    // (also its number alone, shown on a crowded table: in its owner's panel beside the anchor, ⚓2; at
    // sea with its owner's name, ≈2 Player 1)
    const num = s.short ? (s.short.match(/\d+/) || [""])[0] : "";
    const whose = !inPanel && num && owner && owner.name ? [h("span", "iex-ship-owner", { text: owner.name, "aria-hidden": "true" })] : [];
    e.append(
      h("div", "iex-ship-head", null, [
        h("span", "iex-ship-icon", { text: s.at_sea ? "≈" : "⚓", title: where, "aria-hidden": "true" }),
        h("span", "iex-ship-name", { text: inPanel && s.short ? s.short : name }),
        ...(num ? [h("span", "iex-ship-num", { text: num, "aria-hidden": "true" })] : []),
        ...whose,
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

  function row(label, kids, cls, tip) {
    const n = kids.filter((k) => k.classList && k.classList.contains("iex-chip")).length;
    const many = (n > 1 ? " iex-many" : "") + (n > 2 ? " iex-many3" : "") + (n > 4 ? " iex-many5" : "");
    // (a pair that the grid of figures lays out as two cells; on a crowded table the pairs run on in
    // lines: .iex-statline)
    return [h("span", "iex-pair", null, [
      h("span", `iex-k ${cls || ""}`, tip ? { text: label, title: tip } : { text: label }),
      h("span", `iex-v ${cls || ""}${many}`, null, kids),
    ])];
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
    stats.append(h("div", `iex-levels-row${lv.length ? "" : " iex-nolevels"}`, null, [
      h("span", "iex-k", { text: L.levels }), h("span", "iex-lvls", null, lv.length ? lv : [none()]), hs]));
    const chips = (keys) => {
      const out = (keys || []).map(chip).filter(Boolean);
      return out.length ? out : [none()];
    };
    stats.append(...row(`${L.crew} ${(p.crew || []).length}/${p.crew_limit}`, chips(p.crew)));
    stats.append(...row(`${L.goods} ${p.goods_load}/${p.goods_limit}`, chips(p.goods)));
    // (the count is the rules': the harbour's printed contract, named first, and the cards, as the crew
    // limit and the texts count)
    const done = [h("span", "iex-muted iex-harbour-contract", { text: L.harbour, title: L.fulfilled_tip }),
      ...(p.fulfilled || []).map(chip).filter(Boolean)];
    stats.append(...row(`${L.fulfilled} ${p.fulfilled_count}`, done, "", L.fulfilled_tip));
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
    // (across the table's width each column as wide as its cards need: .iex-islandwide)
    const cols = pic.tokyo.map((t) =>
      h("div", "iex-tokyo-col", { style: { "--n": `${(t.cards || []).length + 1}` } }, [
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

  // (the anchor named in the legend too, shown once the seats' ships go by their numbers: .iex-shipnum)
  const legend = pic.legend && pic.legend.length && L.in_harbour
    ? [...pic.legend, { mark: "⚓", text: L.in_harbour, cls: "iex-legend-anchor" }] : pic.legend;
  finish(host, root, legend, "iex-legend", focusSel);
  if (pic.fit) fitTable(root);
  else if (pic.focus) fitTable(root, focusBudget(root));
}

// Import/Export in the app: the table fits the window below the app's decision, in normal and in
// projector mode (docs/app.md).  While it reaches below the window, it takes the next of these
// presentations that makes it shorter (each keeps the ones before), the mildest first; every figure
// and every word a player needs stays on the table, at the same sizes (in projector mode at last 17 px
// and more).
const TABLE_STEPS = [
  "iex-snug",       // closer lines and gaps
  "iex-statline",   // a seat's figures run on in lines (Crew 0/1 none · Goods 0/2 none)
  "iex-handside",   // (projector mode) the hand's title beside its cards
  "iex-tab",        // "decides" a tab on the deciding panel's top edge (the head keeps to one line)
  "iex-islandwide", // the Supply Island (or Tokyo) across the table's whole width, below the seats
  "iex-sidefleet",  // (projector mode) a seat's ships beside its figures
  "iex-tile2",      // a card in two lines: its name in its band, its action by its symbol beside its dots
  "iex-narrow",     // the cards and ships narrower
  "iex-print17",    // (projector mode) text of 17 px and more, as Port Royal's fitted table has it
  "iex-chipmarks",  // a seat's crew, goods and contracts fulfilled, and the cargo on ships, by their marks
                    // (their names in the tooltip and for screen readers), as five or more chips are anyway
  "iex-tile2 iex-handlist", // the hand a compact list: a card in one line (mark and name, symbol, dots)
  "iex-tile2 iex-islelist", // the Supply Island (or Tokyo) a compact list too
  "iex-sealine",    // a ship at sea in one line: its name, then its cargo
  "iex-seatitle",   // the sea's title in the line of its ships
  "iex-fleetline",  // a seat's ships in harbour each in one line (name, then cargo), its credits and levels
                    // without their words (the tooltip and the legend say them), its chips closer
  "iex-dotcount",   // a card's dots in the hand and on the island counted: each colour's dot and how many
  "iex-islandwide iex-seatrow", // (4 seats) the seats in one row above the sea
  "iex-shipnum",    // a seat's ships in harbour by the anchor and their numbers (⚓2: the legend names the
                    // anchor; the tooltip and screen readers say "ship 2"), so that a contract shares their line
  "iex-seawide",    // the ships at sea each as wide as its name and cargo in one line, while the line has room
  "iex-seanum",     // the ships at sea by their numbers and their owners' names (≈2 Player 1: the full name for
                    // the tooltip and screen readers), so that their cargo shares their line
];
const TABLE_LAST = "iex-islandwide iex-handup";
// (the last resort, for a table that piles up more than whole games of the bots did: the hand and the
// legend above the island, in view, the island's last lines below them)

function fitTable(root, room = undefined) {
  root.classList.remove(...[...TABLE_STEPS, TABLE_LAST].flatMap((s) => s.split(" ")));
  if (!root.isConnected || !root.getBoundingClientRect().width) return; // not on the page yet: fitted once it is
  if (room === null) return; // (a chapter's table not on the page yet)
  const box = root.getBoundingClientRect();
  const budget = room !== undefined ? room : window.innerHeight - (box.top + window.scrollY) - 4;
  // how far down the table reaches what must be in view (all of it; only as the last resort, with the
  // hand above the island, all but the island)
  const reach = () => {
    if (!root.classList.contains("iex-handup")) return root.getBoundingClientRect().height;
    const parts = [...root.querySelectorAll(":scope > *, :scope > .iex-centre > *")]
      .filter((e) => !e.matches(".iex-centre, .iex-zone-island, .iex-zone-tokyo"));
    return Math.max(...parts.map((e) => e.getBoundingClientRect().bottom)) - root.getBoundingClientRect().top;
  };
  // the presentations taken one after the other while the table reaches below the window (a later one
  // may need an earlier one to help, as the seats' marks only help the seats in one row)...
  let height = box.height;
  const taken = [];
  for (const step of TABLE_STEPS) {
    if (height <= budget) break;
    const cls = step.split(" ").filter((c) => !root.classList.contains(c));
    if (!cls.length) continue;
    root.classList.add(...cls);
    taken.push(cls);
    height = reach();
  }
  // ...then each given back again, the last taken first, if the table fits without it (or, when it does
  // not fit at all, is no taller without it)
  for (const cls of taken.reverse()) {
    root.classList.remove(...cls);
    const now = reach();
    if (now <= budget || (height > budget && now <= height + 0.5)) height = now;
    else root.classList.add(...cls);
  }
  if (height <= budget) return;
  root.classList.add(...TABLE_LAST.split(" "));
  if (reach() >= height - 0.5) root.classList.remove("iex-handup");
}

// ---------------------------------------------------------------------------------------------
// A game without a table kit of its own: the plain picture of importexport/plain_kit.py (picture.game ==
// "plain"): whose turn it is, each shown seat's view as lines of "name: value", the scores, the last
// lines of the log.  Nothing on it is clicked: the table's buttons make the choices.

function drawPlain(host, pic) {
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

// Port Royal: the picture built by importexport/portroyal/picture.py (picture.game == "portroyal").
// The harbour, the card just turned, the expeditions and the contracts in the middle, every seat
// in a row above them.  Clicks send {type: "click", what: "card" | "contract", id}.

function drawPortRoyal(model, host, pic, projector, focusSel) {

  const L = pic.labels || {};
  const cards = pic.cards || {};
  const st = pic.status || {};
  const changed = new Set(pic.changed || []);
  const clickCards = new Set(((pic.clickable || {}).cards || []).map(Number));
  const clickContracts = new Set(((pic.clickable || {}).contracts || []).map(Number));
  const pointCards = new Set(((pic.point || {}).cards || []).map(Number));
  const pointContracts = new Set(((pic.point || {}).contracts || []).map(Number));
  const legendMarks = new Set((pic.legend || []).map((it) => it.mark));
  const seatsBy = {};
  for (const p of pic.seats || []) seatsBy[p.seat] = p;
  const COIN = "⛀", POINT = "✦", SWORD = "⚔";

  const send = (what, id) => model.send({ type: "click", what, id: Number(id) });

  // what a click on a card or contract means is decided by the table around the board: one with a
  // legal move is marked; the others in the middle may be tried too (the answer names the rule)
  const press = (e, what, id, label, marked = true) => pressable(e, send, what, id, label, marked);

  function fig(glyph, value, cls, title) {
    return h("span", `iex-pr-fig ${cls || ""}`, { title: title || null }, [
      h("span", "iex-pr-glyph", { text: glyph, "aria-hidden": "true" }),
      h("b", null, { text: value }),
    ]);
  }

  function seatMark(q, cls) {
    const p = seatsBy[q];
    if (!p) return h("span", cls || "iex-pr-seatmark", { text: "?" });
    return paint(h("span", cls || "iex-pr-seatmark", { text: p.number, title: p.name }), p.bg, p.fg);
  }

  // a card in the middle: a ship, a person, a tax increase, an expedition
  function tile(id, extra) {
    const c = cards[String(id)];
    if (!c) return null;
    const e = h("div", `iex-pr-card iex-pr-${c.kind} ${extra || ""}`, { "data-card": c.id, title: c.tip });
    if (changed.has(`card:${c.id}`)) e.classList.add("iex-changed");
    press(e, "card", c.id, c.tip.split("\n")[0], clickCards.has(Number(c.id)));
    if (pointCards.has(Number(c.id))) e.classList.add("iex-point");
    const band = h("div", "iex-pr-band");
    if (c.bg) paint(band, c.bg, c.fg);
    if (c.mark) band.append(h("span", "iex-pr-mark", { text: c.mark }));
    else if (c.kind === "tax") band.append(h("span", "iex-pr-mark", { text: c.glyph, "aria-hidden": "true" }));
    band.append(h("span", "iex-pr-name", { text: c.name }));
    if (c.a) band.append(h("span", "iex-pr-a", { text: "A" }));
    e.append(band);
    const body = h("div", "iex-pr-body");
    if (c.kind === "ship") {
      body.append(fig(COIN, `+${c.coins}`, "iex-pr-gain"), fig(SWORD, c.repel === null ? "✕" : c.repel, "iex-pr-repel"));
    } else if (c.kind === "person") {
      body.append(fig(COIN, c.cost, "iex-pr-cost"), h("span", "iex-pr-symbol", { text: c.glyph, "aria-hidden": "true" }),
        fig(POINT, c.points, "iex-pr-pts"));
      e.append(body, effectOf(c));
      return e;
    } else if (c.kind === "expedition" && projector) {
      // large print in two lines: the symbols it needs in its band (the zone's title names it), then
      // its points and coins
      band.replaceChildren(h("span", "iex-pr-needs", { text: (c.needs || []).join(" "), "aria-hidden": "true" }));
      body.append(fig(POINT, c.points, "iex-pr-pts"), fig(COIN, `+${c.coins}`, "iex-pr-gain"));
    } else if (c.kind === "expedition") {
      body.append(h("span", "iex-pr-needs", { text: (c.needs || []).join(" "), "aria-hidden": "true" }));
      e.append(body, h("div", "iex-pr-body", null, [fig(POINT, c.points, "iex-pr-pts"), fig(COIN, `+${c.coins}`, "iex-pr-gain")]));
      return e;
    } else {
      e.append(effectOf(c));
      return e;
    }
    e.append(body);
    return e;
  }

  // a text that in large print also comes in the fewest words, shown instead when the table is crowded
  // (fit below): what a person or a tax increase does, what a contract asks
  function twoWays(cls, long, short) {
    if (!projector || !short || short === long) return h("div", cls, { text: long });
    return h("div", cls, null, [h("span", "iex-pr-long", { text: long }), h("span", "iex-pr-short", { text: short })]);
  }
  function effectOf(c) {
    return twoWays("iex-pr-effect", c.effect, c.brief);
  }

  // a fulfilled expedition in a seat's panel: its symbols and points
  function doneChip(id) {
    const c = cards[String(id)];
    if (!c) return null;
    const e = h("span", "iex-pr-chip iex-pr-done iex-pr-plain", { "data-card": c.id, title: c.tip }, [
      h("span", "iex-pr-glyph", { text: (c.needs || []).join(""), "aria-hidden": "true" }),
      h("span", "iex-pr-name", { text: c.name }),
      h("b", null, { text: `${POINT}${c.points}` }),
    ]);
    if (changed.has(`card:${c.id}`)) e.classList.add("iex-changed");
    return e;
  }

  // a seat's persons of one kind: one chip (in large print its name first, and the ship colours of
  // one kind share it, each mark with its count: "⚖ Trader ▲S ●P×2")
  function personChip(same) {
    const g = same[0];
    // ("plain": its sign is one the legend names already, a symbol or the swords)
    const plain = legendMarks.has(g.glyph) ? " iex-pr-plain" : "";
    const e = h("span", `iex-pr-chip${plain}`, { title: same.map((x) => x.tip).join("\n\n"), "data-person": same.map((x) => x.key).join(" ") });
    const name = [h("span", "iex-pr-glyph", { text: g.glyph, "aria-hidden": "true" }), h("span", "iex-pr-name", { text: g.name })];
    if (projector) e.append(...name);
    for (const x of same) {
      if (x.bg) e.append(paint(h("span", "iex-pr-chipmark", { text: x.mark }), x.bg, x.fg));
      if (x.count > 1 && same.length > 1) e.append(h("b", "iex-pr-count", { text: `×${x.count}` }));
    }
    if (!projector) e.append(...name);
    if (g.count > 1 && same.length === 1) e.append(h("b", "iex-pr-count", { text: `×${g.count}` }));
    if (same.some((x) => (x.ids || []).some((k) => changed.has(`card:${k}`)))) e.classList.add("iex-changed");
    return e;
  }

  function personGroups(list) {
    if (!projector) return list.map((g) => [g]);
    const by = new Map();
    for (const g of list) {
      const kind = String(g.key).split(":")[0];
      if (!by.has(kind)) by.set(kind, []);
      by.get(kind).push(g);
    }
    return [...by.values()];
  }

  function seatPanel(p) {
    const cls = ["iex-pr-seat"];
    if (p.active) cls.push("iex-pr-active");
    if (p.deciding) cls.push("iex-pr-deciding");
    if (p.winner) cls.push("iex-pr-winner");
    const e = h("section", cls.join(" "), { "data-seat": p.seat, "aria-label": p.name });
    e.style.setProperty("--seat", p.bg);
    const head = h("header", "iex-pr-seat-head", null, [seatMark(p.seat, "iex-pr-seatmark iex-pr-seatmark-lg")]);
    head.append(h("span", "iex-pr-seat-name", { text: p.name, title: p.name }));
    const figs = h("div", "iex-pr-figs", null, [
      fig(COIN, p.coins, "iex-pr-coins", `${p.coins} ${L.coins}`),
      fig(POINT, p.points, "iex-pr-points", `${p.points} ${L.points}`),
      fig(SWORD, p.swords, "iex-pr-swords", `${p.swords} ${L.swords}`),
    ]);
    // in large print the seat's marks follow its figures, so that its name and cubes keep to one line;
    // at four or five seats "decides" is a tab on the panel's top edge (at fewer it fits the head, and
    // the marks with it)
    const tab = projector && p.deciding && n >= 4;
    const marks = projector && (!p.deciding || tab) ? figs : head;
    if (p.winner) marks.append(h("span", "iex-trophy", { text: "♛", title: L.winner || "", "aria-label": L.winner || "" }));
    if (p.active) marks.append(h("span", "iex-star", { text: "★", title: L.active, "aria-label": L.active }));
    if (p.start) marks.append(h("span", "iex-pr-start", { text: "⚐", title: L.start, "aria-label": L.start }));
    if (p.deciding) (tab ? e : head).append(h("span", `iex-decides${tab ? " iex-pr-tab" : ""}`, { text: L.decides }));
    e.append(head);
    for (const [k, el] of [["coins", figs.children[0]], ["points", figs.children[1]], ["swords", figs.children[2]]]) {
      if (changed.has(`${k}:${p.seat}`)) el.classList.add("iex-changed");
    }
    if (p.cubes_left !== null && p.cubes_left !== undefined) {
      const used = (p.contracts || []).length;
      const cubes = h("span", "iex-pr-cubes", { title: p.cubes_tip || null });
      for (let i = 0; i < used + p.cubes_left; i++) {
        if (i < used) {
          const done = (pic.contracts || [])[p.contracts[i]];
          const cube = seatMark(p.seat, "iex-pr-cube");
          if (done) cube.title = done.name;
          cubes.append(cube);
        } else cubes.append(h("span", "iex-pr-cube iex-pr-cube-free", { "aria-hidden": "true" }));
      }
      // (in large print a deciding seat's head at three seats or fewer is full with its marks: the
      // cubes go beside its figures, where there is room)
      (projector && p.deciding && !tab ? figs : head).append(cubes);
    }
    e.append(figs);
    const persons = personGroups(p.persons || []).map(personChip);
    const row = h("div", "iex-pr-row", { "aria-label": L.persons }, persons.length ? persons : [h("span", "iex-muted", { text: `${L.persons}: ${L.none}` })]);
    e.append(row);
    const done = (p.expeditions || []).map(doneChip).filter(Boolean);
    // (in large print the expeditions done follow the persons in their row: no line of their own)
    if (done.length && projector) row.append(h("span", "iex-pr-group", { "aria-label": L.fulfilled }, done));
    else if (done.length) e.append(h("div", "iex-pr-row", { "aria-label": L.fulfilled }, done));
    return e;
  }

  function contractTile(c) {
    const e = h("div", `iex-pr-contract${c.special ? " iex-pr-special" : ""}`, { "data-contract": c.t, title: c.tip });
    // (how wide it may grow when the contracts share their row by what they say: .iex-pr-balance)
    e.style.setProperty("--weight", String(Math.max(c.condition.length, c.name.length, 16)));
    e.style.setProperty("--weight-brief", String(Math.max((c.brief || c.condition).length, c.name.length, 16)));
    press(e, "contract", c.t, c.tip.split("\n")[0], clickContracts.has(Number(c.t)));
    if (pointContracts.has(Number(c.t))) e.classList.add("iex-point");
    const head = h("div", "iex-pr-contract-head", null, [
      h("span", "iex-pr-name", { text: c.name }), " ", h("span", "iex-pr-seal", { text: c.seal })]);
    const cond = twoWays("iex-pr-cond", c.condition, c.brief);
    // (in large print its name and what it asks may run on in one paragraph: .iex-pr-runin)
    if (projector) e.append(h("div", "iex-pr-says", null, [head, " ", cond]));
    else e.append(head, cond);
    const boxes = h("div", "iex-pr-boxes");
    (c.boxes || []).forEach((b, k) => {
      const box = h("span", `iex-pr-box${b.seat !== null ? " iex-pr-taken" : ""}`);
      if (b.seat !== null) {
        box.append(seatMark(b.seat, "iex-pr-cube"));
        box.append(h("span", "iex-pr-box-coins", { text: b.coins }));
      } else {
        box.append(h("span", "iex-pr-glyph", { text: COIN, "aria-hidden": "true" }), h("b", null, { text: b.coins }));
      }
      if (changed.has(`box:${c.t}:${k}`)) box.classList.add("iex-changed");
      boxes.append(box);
    });
    // (in large print a copy of the seal waits beside the boxes, shown there when the table is crowded)
    e.append(projector ? h("div", "iex-pr-boxline", null, [h("span", "iex-pr-seal", { text: c.seal, "aria-hidden": "true" }), boxes]) : boxes);
    return e;
  }

  // a zone with its title; ``notes``: short lines beside the title (in large print the piles beside
  // the harbour's, the team's standing beside the contracts': the status bar keeps to one line)
  function zone(cls, title, kids, notes) {
    const head = h("h3", "iex-pr-zone-title", { text: title });
    const top = notes && notes.length ? h("div", "iex-pr-zone-head", null, [head, ...notes]) : head;
    return h("section", `iex-pr-zone ${cls}`, { "aria-label": title }, [top, ...kids]);
  }

  const n = (pic.seats || []).length;
  const root = h("div", `iex-pr-board iex-pr-${pic.mode || "base"} iex-pr-n${n}`, { lang: pic.lang || null });
  root.style.setProperty("--seats", String(Math.max(n, 3)));
  if (projector) root.classList.add("iex-projector");

  // status bar
  const toggle = h("button", "iex-projector-toggle", {
    type: "button", title: L.projector_tip, "aria-pressed": projector ? "true" : "false",
  }, [h("span", "iex-toggle-box", { text: projector ? "■" : "□", "aria-hidden": "true" }), h("span", null, { text: L.projector })]);
  toggle.addEventListener("click", () => {
    const v = !model.get("projector");
    writeStore(v);
    model.set("projector", v);
    model.save_changes();
  });
  // (in large print, on a crowded table, the step, the cards turned, who takes next (by their seats'
  // marks) and the last round are said in fewer words; the words in full stay for screen readers)
  const said = (tag, cls, long, short) => (projector && short
    ? h(tag, cls, null, [h("span", "iex-pr-long", { text: long }), h("span", "iex-pr-short", { "aria-hidden": "true" }, short)])
    : h(tag, cls, { text: long }));
  const bits = [h("span", "iex-pr-st", { text: st.turn })];
  if (st.over) bits.push(h("strong", "iex-pr-st iex-pr-over", { text: st.waiting }));
  if (st.step) bits.push(said("strong", "iex-pr-st iex-pr-step", st.step, st.step_brief ? [st.step_brief] : null));
  if (st.after) {
    const next = st.after_seats || [];
    bits.push(said("span", "iex-pr-st iex-pr-st-after", st.after, next.length ? [L.then_brief, ...next.map((q) => seatMark(q))] : null));
  }
  if (st.turned) bits.push(said("span", "iex-pr-st iex-pr-st-turned", st.turned, st.turned_brief ? [st.turned_brief] : null));
  if (st.result) bits.push(h("strong", "iex-pr-st iex-pr-result", { text: st.result }));
  if (st.ending) bits.push(said("strong", "iex-pr-st iex-pr-ending", st.ending, st.ending_brief ? [st.ending_brief] : null));
  // (in large print the piles are shown beside the harbour and the team's standing beside the contracts;
  // the status bar keeps them for screen readers, unseen, so that their changes are still announced)
  const piles = ["deck", "discard", "time_pile"];
  const standing = ["team", "all_cubed"];
  for (const k of [...piles, ...standing]) {
    if (st[k]) bits.push(h("span", `iex-pr-st iex-pr-st-${k}${projector ? " iex-pr-heard" : ""}`, { text: st[k] }));
  }
  root.append(h("div", `iex-pr-status${st.over ? " iex-pr-is-over" : ""}`, { role: "status" }, [...bits, h("span", "iex-spacer"), toggle]));

  // (in large print, on a crowded table, the seats' persons may be shown by their signs alone: the
  // legend then names the signs it does not name already)
  let legend = pic.legend || [];
  if (projector) {
    const known = new Set(legend.map((it) => it.mark));
    const kinds = new Map();
    for (const p of pic.seats || []) for (const g of p.persons || []) if (!known.has(g.glyph) && !kinds.has(g.glyph)) kinds.set(g.glyph, g.name);
    legend = [...legend, ...[...kinds].map(([mark, text]) => ({ mark, bg: "", fg: "", text, cls: "iex-pr-legend-person" }))];
  }

  // the seats; in large print one or two seats leave room beside them, and the legend goes there
  const seatRow = h("div", "iex-pr-seats", null, (pic.seats || []).map(seatPanel));
  const legendBeside = projector && n < 3 && legend.length > 0;
  if (legendBeside) {
    const beside = legendBar(legend, "iex-pr-legend iex-pr-legend-beside");
    beside.style.setProperty("--span", String(3 - n));
    seatRow.append(beside);
  }
  root.append(seatRow);

  // the harbour (with the card just turned) and the expeditions
  const harbour = (pic.harbour || []).map((k) => tile(k)).filter(Boolean);
  const hkids = [h("div", "iex-pr-cards", null, harbour.length ? harbour : [h("span", "iex-muted", { text: L.empty })])];
  if (pic.just_turned !== null && pic.just_turned !== undefined) {
    hkids.push(h("div", "iex-pr-turned", null, [h("div", "iex-pr-turned-title", { text: L.just_turned }), tile(pic.just_turned, "iex-pr-just")]));
  }
  // (in large print, on a crowded table, the harbour's cards may be drawn without what their persons
  // do: then this key says it once for each kind, by the kind's symbol, below the cards or, when the
  // harbour's title stands above them, after its piles)
  let key = null;
  if (projector) {
    const does = new Map();  // what a kind does: the signs of the kinds that do it
    for (const k of [...(pic.harbour || []), pic.just_turned]) {
      const c = cards[String(k)];
      if (!c || !c.effect) continue;
      const text = c.key || c.brief || c.effect;
      if (!does.has(text)) does.set(text, []);
      if (!does.get(text).includes(c.glyph)) does.get(text).push(c.glyph);
    }
    if (does.size) {
      key = h("div", "iex-pr-key", { "aria-hidden": "true" }, [...does].map(([text, glyphs]) =>
        h("span", "iex-pr-key-item", null, [h("b", "iex-pr-glyph", { text: glyphs.join(" ") }), h("span", null, { text: text })])));
      hkids.push(key);
    }
  }
  const notes = (keys) => (projector ? keys.filter((k) => st[k])
    .map((k) => h("span", `iex-pr-note iex-pr-st-${k}`, { text: st[k], "aria-hidden": "true" })) : []);
  const exps = (pic.expeditions || []).map((k) => tile(k)).filter(Boolean);
  const middle = h("div", `iex-pr-middle${exps.length ? " iex-pr-has-exps" : ""}`, null,
    [zone("iex-pr-harbour", L.harbour, [h("div", "iex-pr-harbour-row", null, hkids)], [...notes(piles), key && key.cloneNode(true)].filter(Boolean))]);
  middle.style.setProperty("--exp-cols", String(Math.ceil(exps.length / 2)));
  middle.style.setProperty("--exp-n", String(exps.length));
  if (exps.length) middle.append(zone("iex-pr-exps", L.expeditions, [h("div", "iex-pr-cards", null, exps)]));
  root.append(middle);

  // the contracts
  if ((pic.contracts || []).length) {
    const many = pic.contracts.length > 5 ? " iex-pr-many" : "";
    root.append(zone(`iex-pr-contracts${many}`, L.contracts, [h("div", "iex-pr-contract-row", null, pic.contracts.map(contractTile))],
      notes(standing)));
  }

  finish(host, root, legendBeside ? [] : legend, "iex-pr-legend", focusSel);
  if (projector) fit(root, pic.focus ? focusBudget(root) : undefined);
}

// Port Royal in large print: the table's lines are counted so that it fits the window below the app's
// decision (docs/app.md).  When it is taller than the window's height less FIT_RESERVE, its parts (the
// status bar, the seats with the legend, the harbour with the expeditions, the contracts) take denser
// presentations (board.css, "large print on a crowded table"), the mildest first, until it fits; when
// none is enough, each part takes its shortest.  Each keeps every figure and every word a player needs.
const FIT_RESERVE = 112; // the app above the table: its title, and one line of choices headed by who decides
// each part: its elements, and its groups of presentations (at most one of each group), each with
// how much it asks of the reader
const FIT_PARTS = [
  [[".iex-pr-status"], [[["iex-pr-terse", 4]]]],
  [[".iex-pr-seats", ".iex-pr-board > .iex-pr-legend"],
    [[["iex-pr-flow", 2]], [["iex-pr-tight", 3]], [["iex-pr-signs", 5], ["iex-pr-signs iex-pr-allsigns", 8]], [["iex-pr-numbered", 6]]]],
  [[".iex-pr-middle"],
    [[["iex-pr-wide", 1]], [["iex-pr-exprow", 1], ["iex-pr-explines", 2], ["iex-pr-explines iex-pr-expcol", 3]], [["iex-pr-brief", 3], ["iex-pr-tiles", 6], ["iex-pr-strips", 6]]]],
  [[".iex-pr-board > .iex-pr-contracts"],
    [[["iex-pr-seallow", 1], ["iex-pr-sealtab", 2]], [["iex-pr-balance", 2]], [["iex-pr-runin", 3]], [["iex-pr-briefcond", 3]]]],
];
const FIT_CLASSES = ["iex-pr-snug", ...new Set(FIT_PARTS.flatMap(([, groups]) => groups.flat().flatMap(([c]) => c.split(" "))))];

// a part's presentations: every way to take at most one of each group, with what it asks in all
function presentations(groups) {
  let out = [{ cls: [], cost: 0 }];
  for (const g of groups) {
    out = out.flatMap((p) => [p, ...g.map(([c, cost]) => ({ cls: [...p.cls, ...c.split(" ")], cost: p.cost + cost }))]);
  }
  return out;
}

function fit(root, room = undefined) {
  root.classList.remove(...FIT_CLASSES);
  if (!root.isConnected || !root.getBoundingClientRect().width) return; // not on the page yet: fitted once it is
  if (room === null) return; // (a chapter's table not on the page yet)
  const budget = room !== undefined ? room : window.innerHeight - FIT_RESERVE;
  if (root.getBoundingClientRect().height <= budget) return;
  root.classList.add("iex-pr-snug");
  let total = root.getBoundingClientRect().height;
  if (total <= budget) return;
  // each part's presentations, each shorter than every milder one
  const parts = [];
  for (const [sels, groups] of FIT_PARTS) {
    const els = sels.map((sel) => root.querySelector(sel)).filter(Boolean);
    if (!els.length) continue;
    const tall = () => els.reduce((sum, e) => sum + e.getBoundingClientRect().height, 0);
    const tried = presentations(groups).map((p) => {
      root.classList.add(...p.cls);
      const height = tall();
      root.classList.remove(...p.cls);
      return { ...p, height };
    }).sort((a, b) => a.cost - b.cost || a.height - b.height);
    const steps = [tried[0]];
    for (const p of tried.slice(1)) if (p.height < steps[steps.length - 1].height - 0.5) steps.push(p);
    parts.push({ steps, at: 0 });
  }
  // the mildest next step of any part until the table fits (of two as mild, the one that saves more)
  while (total > budget) {
    let next = null;
    for (const part of parts) {
      const step = part.steps[part.at + 1];
      if (!step) continue;
      const saves = part.steps[part.at].height - step.height;
      if (!next || step.cost < next.step.cost || (step.cost === next.step.cost && saves > next.saves)) next = { part, step, saves };
    }
    if (!next) break;
    next.part.at += 1;
    total -= next.saves;
  }
  for (const part of parts) root.classList.add(...part.steps[part.at].cls);
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
    const root = host.querySelector(":scope > .iex-board, :scope > .iex-pr-board");
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

function render({ model, el }) {
  const host = document.createElement("div");
  host.className = "iex-host";
  el.append(host);
  if (readStore() === "1" && !model.get("projector")) {
    model.set("projector", true);
    model.save_changes();
  }
  // a Port Royal table in large print is fitted again when its width or the window's height changes
  // (and once it is on the page, if it was drawn before); an Import/Export table in the app also when
  // what stands above it grows or shrinks (the app's decision, a message)
  const size = () => `${host.clientWidth}x${window.innerHeight}`;
  const top = () => Math.round(host.getBoundingClientRect().top + window.scrollY);
  let seen = size();
  let above = top();
  // a chapter's table: the height its board may take (it changes with the box above the board)
  const room = () => {
    const root = (model.get("picture") || {}).focus ? host.querySelector(":scope > .iex-board, :scope > .iex-pr-board") : null;
    return root ? focusBudget(root) : null;
  };
  let roomSeen = room();
  const redraw = () => {
    draw(model, host);
    seen = size();
    above = top();
    roomSeen = room();
    focusAfterDraw(model, host);
  };
  const refit = () => {
    const now = room();
    const moved = now !== null && (roomSeen === null || Math.abs(now - roomSeen) > 1);
    const root = host.querySelector(":scope > .iex-pr-board.iex-projector");
    if (root && (size() !== seen || moved)) fit(root, now === null ? undefined : now);
    const table = host.querySelector(":scope > .iex-board");
    const pic = model.get("picture") || {};
    if (table && (size() !== seen || top() !== above) && pic.fit) fitTable(table);
    else if (table && pic.focus && (size() !== seen || moved)) fitTable(table, now);
    seen = size();
    above = top();
    roomSeen = room();
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
  model.on("change:picture", redraw);
  model.on("change:projector", redraw);
  model.on("change:picture", watchAbove);
  redraw();
  requestAnimationFrame(watchAbove);
  window.addEventListener("resize", refit);
  return () => {
    if (watch) watch.disconnect();
    window.removeEventListener("resize", refit);
    if (model.off) {
      model.off("change:picture", redraw);
      model.off("change:projector", redraw);
      model.off("change:picture", watchAbove);
    }
  };
}

export default { render };
