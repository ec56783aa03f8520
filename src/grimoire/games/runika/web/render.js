// Runika's page renderer for the grimoire web app (see docs/web-api.md, "Game renderers").
//
// render(root, payload, act) draws the table from payload.view (games/runika/view.py) only:
// the draft pool, the professors, the rune display and the mastery runes (patterns drawn cell by
// cell), and every player's board: the 4x4 grid of dice with the element disc's colour on each
// side, storage, runes, achievements, secret runes and sealed choices. Hidden things are absent
// from the view, so they are drawn as counts ("2 sealed claims", "die passed").
//
// Clickable things carry data attributes that match the legal actions' JSON fields
// (text.action_fields); the page wires the clicks and opens a menu where one thing stands for
// several actions:
//   data-kind="draft" data-colour   a die of the draft pool (and "pass" in the quick hand)
//   data-kind="enter" data-side data-lane   the lane arrows around your grid (push the die)
//   data-cell              the cells of the grid an ability acts on (and "at" placements)
//   data-die               your stored dice (discard, reroll, resolve, keep, die)
//   data-professor         a professor (place the element die, charm)
//   data-kind="orient" data-colour   a quarter of your element disc
//   data-kind="claim" data-rune, data-kind="ability" data-card   runes and achievements
//   data-kind="seat" data-seat      a player (whose grid an ability acts on)
//   buttons with data-kind (+ their field) for everything else: done, cancel, roll, flame
//   clear, turn cw/ccw, dir, line, at.
//
// Its own words are marked tg("...") and translated from Runika's catalogue (domain "runika",
// embedded in the game page); the texts built by Python (prompt, card texts) come translated.

import { el as h, seatName } from "/static/common.js";
import { tg } from "/static/language.js";

const COLOUR = { G: "green", R: "red", B: "blue", Y: "yellow" };
const FACE = {
  1: ["1", () => tg("1 point")],
  e: ["✦", () => tg("element")],
  r: ["↻", () => tg("rotate")],
  f: ["✹", () => tg("flame")],
  "?": ["?", () => tg("not rolled")],
};
const SIDES = ["top", "right", "bottom", "left"];
// words of the data (colours, sides, directions, elements, phases): the catalogue has them
const WORD = {
  green: () => tg("green"),
  red: () => tg("red"),
  blue: () => tg("blue"),
  yellow: () => tg("yellow"),
  top: () => tg("top"),
  right: () => tg("right"),
  bottom: () => tg("bottom"),
  left: () => tg("left"),
  up: () => tg("up"),
  down: () => tg("down"),
  air: () => tg("air"),
  fire: () => tg("fire"),
  water: () => tg("water"),
  earth: () => tg("earth"),
  setup: () => tg("setup"),
  draft: () => tg("draft"),
  pass: () => tg("pass"),
  turns: () => tg("turns"),
  end: () => tg("end"),
  cleanup: () => tg("cleanup"),
  over: () => tg("over"),
};
const word = (text) => (WORD[text] ? WORD[text]() : text);
const TIMING = { C: () => tg("continuous"), R: () => tg("once per round"), F: () => tg("flip: once per game") };
// the professors' abilities (ability kinds of the components file), in words
const PROFESSOR = {
  push_die: () => tg("push one die of a grid one space (it may push others)"),
  discard_die: () => tg("discard one die of a grid; 1 point if it showed 1"),
  set_disc: () => tg("turn your element disc to any orientation"),
  draw_dice: () => tg("draw dice from the bag, roll them and add them to your storage"),
  roll_below: () => tg("roll a die from below Luniorn and add it to your storage"),
};
const ARROW = { top: "↓", right: "←", bottom: "↑", left: "→" };
const DIR_ARROW = { up: "↑", right: "→", down: "↓", left: "←" };
const CELL = { P: "purple", K: "black", ".": "white" };
const BUTTON_KINDS = ["done", "cancel", "roll", "flame-clear", "turn-cw", "turn-ccw", "dir", "line", "at"];
const LABEL = {
  done: () => tg("Done"),
  cancel: () => tg("Cancel"),
  roll: () => tg("Roll the marked dice"),
  "flame-clear": () => tg("Flame (b): discard every red die of your grid"),
  "turn-cw": () => tg("Turn the disc clockwise ↻"),
  "turn-ccw": () => tg("Turn the disc anticlockwise ↺"),
  dir: (a) => tg("Direction {arrow} {dir}", { arrow: DIR_ARROW[a.dir], dir: word(a.dir) }),
  line: (a) => tg("Discard {line}", { line: lineWords(a.line) }),
  at: (a) => tg("Pattern at {cell}, turned {rotation}°", { cell: a.cell, rotation: a.rotation }),
};

// "row 1" / "col a" (the action's field) in words
function lineWords(line) {
  const [which, value] = String(line).split(" ");
  return which === "row" ? tg("row {row}", { row: value }) : tg("column {col}", { col: value });
}

// A text with a {die} placeholder around a node: [before, node, after].
function around(text, node) {
  const [before, after] = text.split("{die}");
  return [before, node, after === undefined ? "" : after];
}
const FIELD = { dir: "dir", line: "line" };

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// The prompt names seats as "seat 1" (or "Platz 1", "席1"), counted from 1: shown as the
// players' names.
function nameSeats(payload, text) {
  const [before, after = ""] = tg("seat {seat}").split("{seat}");
  const start = /^\w/.test(before) ? "\\b" : "";
  const pattern = new RegExp(`${start}${escape(before)}(\\d)(?!\\d)${escape(after)}`, "g");
  return (text || "").replace(pattern, (_, n) => seatName(payload, Number(n) - 1));
}

// A die from its text: colour letter + face (1, e, r, f, ? before it is rolled).
function dieNode(text, attrs = {}, extra = "") {
  const colour = COLOUR[text[0]] || "none";
  const [glyph, face] = FACE[text[1]] || ["?", () => text[1]];
  const title = tg("{colour} die: {face}", { colour: word(colour), face: face() });
  return h("span", { class: `rk-die c-${colour} ${extra}`.trim(), title, ...attrs }, glyph);
}

function colourDot(letter, attrs = {}, extra = "") {
  const colour = COLOUR[letter] || "none";
  return h("span", { class: `rk-die c-${colour} blank ${extra}`.trim(), title: tg("{colour} die", { colour: word(colour) }), ...attrs });
}

function patternNode(rows) {
  const box = h("div", { class: "rk-pattern", style: `grid-template-columns: repeat(${rows[0].length}, 1fr)` });
  for (const row of rows) {
    for (const code of row) {
      const kind = COLOUR[code] || CELL[code] || "white";
      const title = kind === "white" ? tg("any or none") : kind === "black" ? tg("empty or a colour the pattern does not use") : kind === "purple" ? tg("one colour, any") : word(kind);
      box.append(h("span", { class: `rk-cell p-${kind}`, title }));
    }
  }
  return box;
}

function runeNode(rune, attrs = {}, extra = "", note = "") {
  if (!rune) return h("div", { class: "rk-rune hidden", ...attrs }, h("span", { class: "rk-rune-name", text: tg("secret rune") }));
  const about = { name: rune.name, element: word(rune.element), points: rune.points, ability: rune.ability };
  const title = rune.start ? tg("{name} ({element}, {points} pt, starting rune): {ability}", about) : tg("{name} ({element}, {points} pt): {ability}", about);
  const foot = [rune.timing, rune.start ? tg("start") : "", note].filter(Boolean).join(" · ");
  return h(
    "div",
    { class: `rk-rune t-${rune.tier} ${extra}`.trim(), title, ...attrs },
    h("div", { class: "rk-rune-head" }, h("span", { class: "rk-rune-name", text: rune.name }), h("span", { class: "rk-points", text: `${rune.points}★` })),
    patternNode(rune.pattern),
    h("div", { class: "rk-rune-foot", title: TIMING[rune.timing] ? TIMING[rune.timing]() : null, text: foot }),
  );
}

function mySeat(payload, view) {
  const v = payload.viewer;
  return v === null || v === undefined ? null : view.seats[v] || null;
}

// The grid an ability acts on: another player's when the viewer's top frame chose one.
function targetGrid(payload, view) {
  const me = mySeat(payload, view);
  if (!me) return { seat: null, cell: -1 };
  const top = me.frames.length ? me.frames[me.frames.length - 1] : null;
  if (top && top.k === "ab" && top.g !== undefined && top.g >= 0) return { seat: top.g, cell: top.c ?? -1 };
  return { seat: payload.viewer, cell: top && top.k === "ab" ? top.c ?? -1 : -1 };
}

function resolving(seatView) {
  const frame = [...seatView.frames].reverse().find((f) => f.k === "die");
  return frame ? frame.d : null;
}

function gridNode(payload, seatView, s, target) {
  const mine = payload.viewer === s;
  const board = h("div", { class: "rk-board" });
  const edge = (side, lane) => {
    const colour = COLOUR[seatView.sides[side]] || "none";
    const attrs = mine ? { "data-kind": "enter", "data-side": side, "data-lane": lane } : {};
    return h("span", { class: `rk-arrow s-${side} c-${colour}`, title: tg("{side} lane {lane} ({colour})", { side: word(side), lane, colour: word(colour) }), ...attrs }, ARROW[side]);
  };
  const corner = () => h("span", { class: "rk-corner" });
  board.append(corner());
  for (let c = 1; c <= 4; c += 1) board.append(edge("top", c));
  board.append(corner());
  for (let r = 0; r < 4; r += 1) {
    board.append(edge("left", r + 1));
    for (let c = 0; c < 4; c += 1) {
      const name = `${"abcd"[c]}${r + 1}`;
      const die = seatView.grid[r][c];
      const attrs = target.seat === s ? { "data-cell": name } : {};
      const chosen = target.seat === s && target.cell === 4 * r + c ? " chosen" : "";
      board.append(h("span", { class: `rk-slot${chosen}`, title: name, ...attrs }, die ? dieNode(die) : null));
    }
    board.append(edge("right", r + 1));
  }
  board.append(corner());
  for (let c = 1; c <= 4; c += 1) board.append(edge("bottom", c));
  board.append(corner());
  return board;
}

// The element disc: the colour on each side; a quarter turns the disc so its colour is on top.
function discNode(payload, seatView, s) {
  const mine = payload.viewer === s;
  const disc = h("div", { class: "rk-disc", title: tg("element disc: the colour on each side") });
  for (const side of SIDES) {
    const letter = seatView.sides[side];
    const attrs = mine ? { "data-kind": "orient", "data-colour": letter } : {};
    disc.append(h("span", { class: `rk-quarter q-${side} c-${COLOUR[letter]}`, title: tg("{side}: {colour}", { side: word(side), colour: word(COLOUR[letter]) }), ...attrs }, h("span", { text: letter })));
  }
  return disc;
}

function sealedNode(payload, view, seatView, s) {
  const mine = payload.viewer === s;
  const parts = [];
  if (seatView.claims.length) {
    if (mine) {
      const runes = seatView.claims.join(", ");
      parts.push(h("div", { class: "rk-sealed pending", text: tg("Your sealed claims (pending until the round end): {runes}", { runes }) }));
    } else {
      const count = seatView.claims.length;
      parts.push(h("div", { class: "rk-sealed", text: count === 1 ? tg("1 sealed claim") : tg("{count} sealed claims", { count }) }));
    }
  } else if (seatView.stage === "claims" && view.seats.length > 1) {
    parts.push(h("div", { class: "rk-sealed", text: mine ? tg("Choosing your sealed claims") : tg("choosing sealed claims") }));
  }
  if (view.phase === "pass" || seatView.quick_passed) {
    if (mine && seatView.quick_pass) parts.push(h("div", { class: "rk-sealed pending" }, around(tg("You pass {die} (sealed, pending)"), dieNode(`${seatView.quick_pass}?`))));
    else parts.push(h("div", { class: "rk-sealed", text: seatView.quick_passed ? tg("die passed (sealed)") : tg("choosing the die to pass") }));
  }
  return parts;
}

function seatPanel(payload, view, seatView, s, target) {
  const you = payload.viewer === s;
  const toAct = payload.to_act || [];
  const classes = ["rk-seat", `seat-${s}`];
  if (you) classes.push("you");
  if (toAct.includes(s)) classes.push("to-act");
  const doing = resolving(seatView);
  const store = h(
    "div",
    { class: "rk-store" },
    h("span", { class: "rk-label", text: tg("Storage") }),
    seatView.store.length ? seatView.store.map((d) => dieNode(d, you ? { "data-die": d } : {})) : h("span", { class: "rk-empty", text: tg("empty") }),
    seatView.pocket ? h("span", { class: "rk-pocket" }, around(tg("pocket {die}"), dieNode(seatView.pocket))) : null,
    doing !== null && doing !== undefined ? h("span", { class: "rk-doing" }, around(tg("resolving {die} — click a lane arrow"), dieNode(dieText(doing)))) : null,
  );
  const hand = seatView.quick_hand.length
    ? h("div", { class: "rk-hand" }, h("span", { class: "rk-label", text: tg("Quick draft") }), seatView.quick_hand.map((c) => (c ? colourDot(c, you ? { "data-kind": "pass", "data-colour": c } : {}) : h("span", { class: "rk-die hidden", text: "?" }))))
    : null;
  const runes = seatView.runes.map((r) => runeNode(r, you ? { "data-kind": "ability", "data-card": r.id } : {}, `${r.flipped ? "flipped" : ""} ${r.used ? "used" : ""}`, r.used ? tg("used") : ""));
  const achs = seatView.achievements.map((a) =>
    h("div", { class: `rk-ach${a.used ? " used" : ""}`, title: a.ability, ...(you ? { "data-kind": "ability", "data-card": a.id } : {}) }, h("b", { text: a.name }), ` ${a.points}★`),
  );
  const secret = seatView.secret.map((entry) => runeNode(entry.rune, entry.rune && you ? { "data-kind": "claim", "data-rune": entry.rune.id } : {}, `secret${entry.gained ? " gained" : ""}`, entry.gained ? tg("gained") : tg("secret")));
  return h(
    "section",
    { class: classes.join(" ") },
    h(
      "header",
      { class: "rk-seat-head", "data-kind": "seat", "data-seat": s },
      h("strong", { class: "gr-name", text: you ? tg("{name} (you)", { name: seatName(payload, s) }) : seatName(payload, s) }),
      h("span", { class: "rk-score", text: tg("{points} pts", { points: seatView.score }) }),
      h("span", {
        class: "rk-count",
        text: [tg("tokens {tokens} · prestige left {left}", { tokens: seatView.tokens, left: seatView.prestige_left }), seatView.mastered.length ? tg("mastered {count}", { count: seatView.mastered.length }) : ""].filter(Boolean).join(" · "),
      }),
      view.initiative === s ? h("span", { class: "rk-badge", text: tg("initiative") }) : null,
      view.charm === s ? h("span", { class: "rk-badge", text: tg("charm") }) : null,
    ),
    h("div", { class: "rk-play" }, gridNode(payload, seatView, s, target), discNode(payload, seatView, s)),
    store,
    hand,
    sealedNode(payload, view, seatView, s),
    runes.length || achs.length ? h("div", { class: "rk-owned" }, runes, achs) : null,
    secret.length ? h("div", { class: "rk-secret" }, h("span", { class: "rk-label", text: tg("Secret runes") }), secret) : null,
  );
}

function dieText(code) {
  const letters = "GRBY";
  return code >= 16 ? `${letters[code - 16]}?` : letters[Math.floor(code / 4)] + "1erf"[code % 4];
}

function professorsNode(payload, view) {
  return h(
    "div",
    { class: "rk-profs" },
    view.professors
      .filter((p) => p.in_play || p.id === view.solo_professor)
      .map((p) =>
        h(
          "div",
          { class: `rk-prof c-${COLOUR[p.colour] || "any"}${p.dice.length ? " occupied" : " free"}`, "data-professor": p.id, title: tg("{name}: {ability}", { name: p.name, ability: PROFESSOR[p.ability] ? PROFESSOR[p.ability]() : p.ability.replace(/_/g, " ") }) },
          h("b", { text: p.name }),
          h("span", { class: "rk-prof-state", text: p.dice.length ? tg("occupied") : tg("free") }),
          p.dice.map((d) => dieNode(d)),
          p.tokens.length ? h("span", { class: "rk-prestige", title: tg("prestige tokens") }, p.tokens.map((t) => h("span", { class: `rk-token seat-${t}`, text: seatName(payload, t)[0] }))) : null,
        ),
      ),
  );
}

function tableNode(payload, view) {
  const me = mySeat(payload, view);
  const claimable = new Set(me ? me.claimable : []);
  const middle = h(
    "div",
    { class: "rk-middle" },
    h("span", { class: "rk-label", text: tg("Draft pool") }),
    view.middle.length ? view.middle.map((c) => colourDot(c, { "data-kind": "draft", "data-colour": c })) : h("span", { class: "rk-empty", text: tg("empty") }),
    view.below_luniorn ? h("span", { class: "rk-below" }, " " + tg("below Luniorn") + " ", view.below_luniorn.map((c) => colourDot(c, { "data-kind": "luniorn", "data-colour": c }))) : null,
  );
  const bag = view.bag ? Object.entries(view.bag).map(([c, n]) => `${c}${n}`).join(" ") : tg("hidden");
  const counts = { total: view.bag_total, bag, deck: view.deck, left: view.achievements_left };
  const info = h("div", { class: "rk-info", text: tg("Bag {total} ({bag}) · rune deck {deck} · achievements left {left}", counts) });
  const runeAttrs = (rune) => ({ "data-kind": "claim", "data-rune": rune.id });
  const display = view.display.length
    ? h("div", { class: "rk-display" }, h("span", { class: "rk-label", text: tg("Runes") }), view.display.map((slot) => (slot.rune ? runeNode(slot.rune, runeAttrs(slot.rune), claimable.has(slot.rune.id) ? "claimable" : "", slot.stack > 1 ? `×${slot.stack}` : "") : h("div", { class: "rk-rune empty", text: tg("empty") }))))
    : null;
  const mastery = view.mastery.length
    ? h("div", { class: "rk-display" }, h("span", { class: "rk-label", text: tg("Mastery") }), view.mastery.map((m) => runeNode(m.rune, runeAttrs(m.rune), claimable.has(m.rune.id) ? "claimable" : "", m.owner !== null ? seatName(payload, m.owner) : "")))
    : null;
  return h("div", { class: "rk-table" }, middle, info, professorsNode(payload, view), display, mastery);
}

function buttonsNode(payload) {
  const actions = (payload.actions || []).filter((a) => BUTTON_KINDS.includes(a.kind));
  if (!actions.length) return null;
  return h(
    "div",
    { class: "rk-buttons" },
    actions.map((a) => {
      const attrs = { "data-kind": a.kind };
      if (FIELD[a.kind]) attrs[`data-${FIELD[a.kind]}`] = a[FIELD[a.kind]];
      if (a.kind === "at") Object.assign(attrs, { "data-cell": a.cell, "data-rotation": a.rotation });
      return h("button", { type: "button", class: `rk-button k-${a.kind}`, ...attrs, text: (LABEL[a.kind] || (() => a.text))(a) });
    }),
  );
}

// What the signs on this page mean: the dice's faces and the pattern cells.
function legendNode() {
  return h(
    "p",
    { class: "rk-legend" },
    tg("Dice: 1 a 1 face (1 point when a claim discards it) · ✦ element · ↻ rotate · ✹ flame · ? not rolled yet."),
    h("br"),
    tg("Patterns: a coloured cell needs a die of that colour · purple: dice of one colour, the same for every purple cell · white: anything or nothing · black (mastery runes): empty or a die of another colour. Patterns may be turned, never mirrored."),
    h("br"),
    tg("Timing: C continuous · R once per round · F flip, once per game."),
  );
}

export function render(root, payload, act) {
  const view = payload.view || {};
  if (!view.seats) {
    root.append(h("p", { text: tg("Waiting for the game to start.") }));
    return;
  }
  const target = targetGrid(payload, view);
  const order = view.seats.map((_, s) => s);
  const me = payload.viewer;
  if (me !== null && me !== undefined) order.sort((a, b) => (a === me ? -1 : b === me ? 1 : a - b));
  const head = h(
    "div",
    { class: "rk-head" },
    h("strong", { text: tg("Round {round}", { round: view.round }) }),
    ` · ${word(view.phase)}`,
    // (tg() outside template literals: the extractor does not look inside them)
    " · " + (view.goal ? tg("goal {goal} pts", { goal: view.goal }) : tg("solo")),
    view.turn !== null && view.turn !== undefined ? " · " + tg("{name}'s turn", { name: seatName(payload, view.turn) }) : "",
    h("span", { class: "rk-scores", text: ` · ${view.seats.map((sv, s) => `${seatName(payload, s)} ${sv.score}`).join(" / ")}` }),
  );
  root.append(
    h(
      "div",
      { class: "runika" },
      head,
      h("div", { class: `rk-prompt${payload.your_turn ? " mine" : ""}`, text: nameSeats(payload, view.prompt) }),
      buttonsNode(payload),
      tableNode(payload, view),
      h("div", { class: "rk-seats" }, order.map((s) => seatPanel(payload, view, view.seats[s], s, target))),
      legendNode(),
    ),
  );
}
