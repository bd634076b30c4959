// Port Royal's drawing (its table kit's drawer, importexport/portroyal/table_kit.py): the picture built
// by importexport/portroyal/picture.py, drawn inside the shared frame of
// importexport/widgets/static/board.js, which imports this module and calls draw (after a change of the
// window's size, refit).  The harbour, the card just turned, the expeditions and the contracts in the
// middle, every seat in a row above them.  Clicks send {type: "click", what: "card" | "contract", id}.

export function draw(model, host, pic, projector, focusSel, shared) {
  const { h, paint, pressable, legendBar, finish, focusBudget, projectorToggle } = shared;

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
  const toggle = projectorToggle(model, L, projector);
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
  if (projector) fit(root, pic.focus ? focusBudget(root) : undefined, shared.belowTable(root));
}

// Port Royal in large print: the table's lines are counted so that it fits the window below the app's
// decision (docs/app.md).  When it is taller than the window's height less FIT_RESERVE, its parts (the
// status bar, the seats with the legend, the harbour with the expeditions, the contracts) take denser
// presentations (table.css, "large print on a crowded table"), the mildest first, until it fits; when
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

function fit(root, room = undefined, below = 0) {
  root.classList.remove(...FIT_CLASSES);
  if (!root.isConnected || !root.getBoundingClientRect().width) return; // not on the page yet: fitted once it is
  if (room === null) return; // (a chapter's table not on the page yet)
  const budget = room !== undefined ? room : window.innerHeight - FIT_RESERVE - below;
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

// a table in large print fitted again when its width or the window's height changed, or the room a
// chapter gives it (board.js asks)
export function refit(root, pic, change) {
  if (root.classList.contains("iex-projector") && (change.resized || change.moved || change.under)) {
    fit(root, change.room === null ? undefined : change.room, change.below);
  }
}
