// Import/Export's drawing (its table kit's drawer, importexport/importexport/table_kit.py): the picture
// built by importexport/importexport/picture.py, drawn inside the shared frame of
// importexport/widgets/static/board.js, which imports this module and calls draw (after a change of the
// window or of what stands above the table, refit).  Every word on screen comes from the picture.

const LAYOUT = { 1: "iex-n2", 2: "iex-n2", 3: "iex-n3", 4: "iex-n4", 5: "iex-n5", 6: "iex-n6" };

export function draw(model, host, pic, projector, focusSel, shared) {
  const { h, paint, pressable, finish, focusBudget, projectorToggle } = shared;
  if (!pic.seats) return;

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
  const toggle = projectorToggle(model, L, projector);
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
  if (pic.fit) fitTable(root, undefined, shared.belowTable(root));
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

function fitTable(root, room = undefined, below = 0) {
  root.classList.remove(...[...TABLE_STEPS, TABLE_LAST].flatMap((s) => s.split(" ")));
  if (!root.isConnected || !root.getBoundingClientRect().width) return; // not on the page yet: fitted once it is
  if (room === null) return; // (a chapter's table not on the page yet)
  const box = root.getBoundingClientRect();
  const budget = room !== undefined ? room : window.innerHeight - (box.top + window.scrollY) - 4 - below;
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

// the table fitted again when the window's size, what stands above it or what stands below it (the rule
// in play, change.below px kept in view) changed (board.js asks)
export function refit(root, pic, change) {
  if (pic.fit && (change.resized || change.shifted || change.under)) fitTable(root, undefined, change.below);
  else if (pic.focus && (change.resized || change.moved)) fitTable(root, change.room);
}
