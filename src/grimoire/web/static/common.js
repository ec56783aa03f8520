// Shared helpers of the grimoire pages: API calls, DOM building, the board, clickable things.

export async function api(method, url, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const error = new Error(reason(data) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function reason(data) {
  if (!data || data.detail === undefined) return null;
  if (typeof data.detail === "string") return data.detail;
  if (Array.isArray(data.detail)) {
    return data.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
  }
  return JSON.stringify(data.detail);
}

// el("div.class#id", {attrs}, children...)
export function el(spec, attrs = {}, ...children) {
  const [, tag = "div", rest = ""] = spec.match(/^([a-z0-9-]*)(.*)$/i);
  const node = document.createElement(tag || "div");
  for (const part of rest.match(/[.#][^.#]+/g) || []) {
    if (part[0] === ".") node.classList.add(part.slice(1));
    else node.id = part.slice(1);
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "html") {
      node.innerHTML = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let toastTimer = null;
export function toast(message, kind = "info") {
  const box = document.getElementById("toast");
  if (!box) return;
  box.textContent = message;
  box.className = `show ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.className = ""), kind === "error" ? 6000 : 3500);
}

export function seatName(payload, seat) {
  if (seat === "chance") return "Chance";
  const info = (payload.seats || [])[seat];
  return info ? info.name : `Seat ${seat + 1}`;
}

export function formatScore(value) {
  if (value === null || value === undefined) return "?"; // a score this seat cannot know yet
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// The players panel: name, kind, score, whose turn, who won, which seat is yours.
export function renderPlayers(list, payload, scores, winners) {
  list.replaceChildren();
  const toAct = new Set(payload.to_act || []);
  for (const seat of payload.seats) {
    const tags = [];
    if (seat.seat === payload.viewer) tags.push(el("span.tag.you", { text: "you" }));
    if (seat.kind === "bot") tags.push(el("span.tag", { text: `bot · ${seat.level}` }));
    else if (!seat.taken) tags.push(el("span.tag.free", { text: "free seat" }));
    if ((winners || []).includes(seat.seat)) tags.push(el("span.tag.win", { text: "★ winner" }));
    list.append(
      el(
        `li.player${toAct.has(seat.seat) && payload.status === "running" ? ".to-act" : ""}`,
        { "data-seat": seat.seat },
        el(`span.seat-dot.seat-${seat.seat}`),
        el("span.player-name", { text: seat.name }),
        ...tags,
        el("span.score", { text: scores && scores.length ? formatScore(scores[seat.seat]) : "" }),
      ),
    );
  }
}

// ------------------------------------------------------------------------------- the board
const moduleCache = new Map();
const loadedStyles = new Set();

async function loadRenderer(payload) {
  if (!payload.renderer) return null;
  if (payload.stylesheet && !loadedStyles.has(payload.stylesheet)) {
    loadedStyles.add(payload.stylesheet);
    document.head.append(el("link", { rel: "stylesheet", href: payload.stylesheet }));
  }
  if (!moduleCache.has(payload.renderer)) {
    moduleCache.set(
      payload.renderer,
      import(payload.renderer).catch((error) => {
        console.error("renderer failed to load", error);
        return null;
      }),
    );
  }
  return moduleCache.get(payload.renderer);
}

// Draw the board: the game's renderer module, else its SVG, else its view as a tree.
// `act(id)` plays an action (null on a replay). Returns the number of clickable things.
export async function renderBoard(board, payload, act, options = {}) {
  const module = await loadRenderer(payload);
  board.replaceChildren();
  board.classList.toggle("has-renderer", Boolean(module));
  let drawn = false;
  if (module && typeof module.render === "function") {
    try {
      module.render(board, payload, act || (() => {}));
      drawn = true;
    } catch (error) {
      console.error("renderer failed", error);
      board.replaceChildren();
    }
  }
  if (!drawn && payload.svg) {
    const holder = el("div.svg-board");
    holder.innerHTML = payload.svg;
    board.append(holder);
    drawn = true;
  }
  if (!drawn || options.alwaysTree) {
    board.append(genericView(payload));
  }
  if (!act) return 0;
  return wireClicks(board, payload.actions || [], act);
}

const COMMON_VIEW_KEYS = new Set([
  "game", "players", "options", "viewer", "step", "current_player", "terminal", "scores", "winners",
]);

// A readable tree of the view: for games without a renderer or an SVG.
export function genericView(payload) {
  const view = payload.view || {};
  const box = el("div.generic-view");
  for (const [key, value] of Object.entries(view)) {
    if (COMMON_VIEW_KEYS.has(key)) continue;
    box.append(el("div.gv-row", {}, el("div.gv-key", { text: key.replace(/_/g, " ") }), valueNode(value, payload)));
  }
  return box;
}

function valueNode(value, payload) {
  if (value === null || value === undefined) return el("span.gv-null", { text: "—" });
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span.gv-null", { text: "none" });
    if (value.every((v) => v === null || typeof v !== "object")) {
      return el("span.gv-list", {}, ...value.map((v) => el("span.gv-chip", { text: String(v) })));
    }
    const perSeat = value.length === (payload.seats || []).length;
    return el(
      "ol.gv-array",
      {},
      ...value.map((v, i) =>
        el("li", {}, perSeat ? el("span.gv-seat", { text: seatName(payload, i) }) : null, valueNode(v, payload)),
      ),
    );
  }
  if (typeof value === "object") {
    return el(
      "dl.gv-object",
      {},
      ...Object.entries(value).flatMap(([k, v]) => [el("dt", { text: k.replace(/_/g, " ") }), el("dd", {}, valueNode(v, payload))]),
    );
  }
  return el("span.gv-value", { text: String(value) });
}

// Make the board's elements clickable. An element with data-<field>="v" attributes stands for
// the legal actions whose JSON has <field> equal to v, for every such attribute it carries,
// except "kind": elements often use data-kind for their own sort ("seal", "hall"), so kind only
// narrows the choice when it matches, and identifies the actions alone on an element (a button)
// that has no other field.
export function wireClicks(root, actions, act) {
  const fields = new Set();
  for (const action of actions) {
    for (const key of Object.keys(action)) if (key !== "id" && key !== "text") fields.add(key);
  }
  if (!fields.size) return 0;
  const selector = [...fields].map((f) => `[data-${cssName(f)}]`).join(",");
  let count = 0;
  for (const node of root.querySelectorAll(selector)) {
    const matching = matchingActions(node, actions, fields);
    if (!matching.length) continue;
    count += 1;
    node.classList.add("gr-clickable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const label = matching.length === 1 ? matching[0].text : `${matching.length} choices`;
    node.setAttribute("aria-label", label);
    if (!node.querySelector(":scope > title") && node instanceof SVGElement) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = matching.map((a) => a.text).join(" / ");
      node.prepend(title);
    } else if (!(node instanceof SVGElement)) {
      node.title = matching.map((a) => a.text).join(" / ");
    }
    const choose = (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (matching.length === 1) act(matching[0].id);
      else openMenu(event, matching, act);
    };
    node.addEventListener("click", choose);
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") choose(event);
    });
  }
  return count;
}

function cssName(field) {
  return field.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}

export function matchingActions(node, actions, fields) {
  const wanted = [];
  for (const field of fields) {
    const value = node.getAttribute(`data-${field}`);
    if (value !== null && field !== "kind") wanted.push([field, value]);
  }
  const kind = fields.has("kind") ? node.getAttribute("data-kind") : null;
  if (!wanted.length) {
    return kind === null ? [] : actions.filter((action) => String(action.kind) === kind);
  }
  const matching = actions.filter((action) =>
    wanted.every(([field, value]) => field in action && String(action[field]) === value),
  );
  const sameKind = kind === null ? [] : matching.filter((action) => String(action.kind) === kind);
  return sameKind.length ? sameKind : matching;
}

function openMenu(event, actions, act) {
  const menu = document.getElementById("choice-menu");
  if (!menu) return act(actions[0].id);
  menu.replaceChildren(
    el("div.menu-title", { text: "Choose" }),
    ...actions.map((action) =>
      el("button.menu-item", {
        type: "button",
        text: action.text,
        onclick: () => {
          menu.hidden = true;
          act(action.id);
        },
      }),
    ),
  );
  menu.hidden = false;
  const rect = (event.currentTarget || event.target).getBoundingClientRect();
  const x = event.clientX || rect.left + rect.width / 2;
  const y = event.clientY || rect.bottom;
  menu.style.left = `${Math.min(x + window.scrollX, window.scrollX + window.innerWidth - menu.offsetWidth - 12)}px`;
  menu.style.top = `${y + window.scrollY + 8}px`;
  menu.querySelector("button")?.focus();
  const close = (e) => {
    if (!menu.contains(e.target)) {
      menu.hidden = true;
      document.removeEventListener("mousedown", close, true);
      document.removeEventListener("keydown", escape, true);
    }
  };
  const escape = (e) => {
    if (e.key === "Escape") {
      menu.hidden = true;
      document.removeEventListener("mousedown", close, true);
      document.removeEventListener("keydown", escape, true);
    }
  };
  document.addEventListener("mousedown", close, true);
  document.addEventListener("keydown", escape, true);
}

// Log text for people: the actor is shown apart, and seats go by their names.
export function logText(payload, entry) {
  let text = entry.text.replace(/^(seat \d+|chance): /, "");
  text = text.replace(/\bseat (\d+)\b/g, (whole, n) => {
    const seat = (payload.seats || [])[Number(n)];
    return seat ? seat.name : whole;
  });
  return text;
}

export function renderLog(list, payload, { highlightLast = true } = {}) {
  list.replaceChildren();
  const entries = payload.log || [];
  entries.forEach((entry, index) => {
    const who = entry.actor === "chance" ? "✧" : seatName(payload, entry.actor);
    const last = highlightLast && index === entries.length - 1;
    list.append(
      el(
        `li${entry.actor === "chance" ? ".chance" : ""}${last ? ".last" : ""}`,
        { "data-n": entry.n },
        entry.actor === "chance" ? el("span.who", { text: who }) : el(`span.who.seat-text-${entry.actor}`, { text: who }),
        el("span.what", { text: logText(payload, entry) }),
      ),
    );
  });
  list.scrollTop = list.scrollHeight;
}
