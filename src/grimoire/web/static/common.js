// Shared helpers of the grimoire pages: API calls, DOM building, the board, clickable things.
import { t } from "./language.js";
import { frameBoard, openOn, padTargets } from "./zoom.js";

// The server's clock minus ours, in seconds, from the X-Server-Time header of its answers: clocks
// count down in the server's time whatever this device's clock says.
let serverSkew = 0;
export function serverNow() {
  return Date.now() / 1000 + serverSkew;
}

// Who shows that the server cannot save right now (the game page): told the server's reason
// while a request waits to be sent again, and null when one gets through.
let outageListener = () => {};
export function onOutage(listener) {
  outageListener = listener;
}

// A 503 (the database does not answer, or the server is busy) changed nothing: the request is
// sent again after the server's Retry-After, for about two minutes, before the error is shown.
// An action carries its version, so a copy of one that did land is a 409, never a double move.
const OUTAGE_ATTEMPTS = 40;

export async function api(method, url, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response = null;
  let data = null;
  for (let attempt = 0; ; attempt++) {
    const sent = Date.now() / 1000;
    try {
      response = await fetch(url, init);
    } catch (error) {
      // no answer at all (the process is gone): sent again, to whichever process answers,
      // only when a copy cannot do harm (a read, or a change that carries its version)
      const harmless = method === "GET" || (body !== undefined && body.version !== undefined);
      if (!harmless || attempt >= OUTAGE_ATTEMPTS) throw error;
      response = null;
    }
    data = null;
    if (response) {
      const stamp = Number(response.headers.get("X-Server-Time"));
      if (stamp) serverSkew = stamp - (sent + Date.now() / 1000) / 2;
      try {
        data = await response.json();
      } catch (_) {
        data = null;
      }
    }
    if (response && (response.status !== 503 || attempt >= OUTAGE_ATTEMPTS)) break;
    outageListener(reason(data) || t("The server cannot save right now; trying again…"));
    const wait = Number(response && response.headers.get("Retry-After")) || 2;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 * (0.75 + Math.random() / 2)));
  }
  outageListener(null);
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
  if (typeof data.message === "string") return data.message; // a malformed request, in the page's language
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
  if (seat === "chance") return t("Chance");
  const info = (payload.seats || [])[seat];
  return info ? shownName(info.name) : t("Seat {number}", { number: seat + 1 });
}

// The names the server gives seats nobody named ("Player 2", "Bot 3", "Ann (bot)") are stored
// in English: each page says them in its language (web/language.py's shown_name does the same).
export function shownName(name) {
  let found = /^Player (\d+)$/.exec(name);
  if (found) return t("Player {number}", { number: found[1] });
  found = /^Bot (\d+)$/.exec(name);
  if (found) return t("Bot {number}", { number: found[1] });
  if (name.endsWith(" (bot)")) return t("{name} (bot)", { name: shownName(name.slice(0, -6)) });
  return name;
}

// A bot level's name in the page's language (the ids stay the API's).
export function levelName(level) {
  const names = { easy: t("easy"), normal: t("normal"), hard: t("hard"), heuristic: t("heuristic"), random: t("random") };
  return names[level] || level;
}

// A name inside a sentence, isolated (FSI ... PDI): a right-to-left name cannot reorder the
// words around it.
export function isolated(name) {
  return `\u2068${name}\u2069`;
}

// A name as an element of its own: <bdi> isolates its direction from the text around it.
export function nameNode(name, cls = "") {
  return el(`bdi${cls}`, { text: name });
}

// "1:05", "12:00:00", "2 d 3 h" for a number of seconds.
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 2 * 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

// The time left on a seat's clock now (seconds), counting down from the payload's deadline.
export function clockLeft(clock, seat) {
  const info = clock && clock.seats[seat];
  if (!info) return null;
  if (info.running && info.deadline !== null) return Math.max(0, info.deadline - serverNow());
  return info.left;
}

export function formatScore(value) {
  if (value === null || value === undefined) return "?"; // a score this seat cannot know yet
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// The players panel: seat number, name, kind, clock, score, whose turn, who won, which is yours.
export function renderPlayers(list, payload, scores, winners) {
  list.replaceChildren();
  const toAct = new Set(payload.to_act || []);
  const clock = payload.clock;
  for (const seat of payload.seats) {
    const tags = [];
    if (seat.seat === payload.viewer) tags.push(el("span.tag.you", { text: t("you") }));
    if (seat.kind === "bot") tags.push(el("span.tag", { text: `${t("bot")} · ${levelName(seat.level)}` }));
    else if (!seat.taken) tags.push(el("span.tag.free", { text: t("free seat") }));
    if ((winners || []).includes(seat.seat)) tags.push(el("span.tag.win", { text: `★ ${t("winner")}` }));
    let clockNode = null;
    if (clock && seat.kind === "person" && payload.status !== "finished") {
      const info = clock.seats[seat.seat];
      clockNode = el(
        `span.clock${info.running ? ".running" : ""}${info.ran_out ? ".out" : ""}`,
        { "data-clock-seat": seat.seat, title: t("time left on this player's clock") },
      );
    }
    list.append(
      el(
        `li.player${toAct.has(seat.seat) && payload.status === "running" ? ".to-act" : ""}`,
        { "data-seat": seat.seat },
        el(`span.seat-dot.seat-${seat.seat}`),
        el("span.seat-no", { text: String(seat.seat + 1) }),
        nameNode(shownName(seat.name), ".player-name"),
        ...tags,
        clockNode,
        el("span.score", { text: scores && scores.length ? formatScore(scores[seat.seat]) : "" }),
      ),
    );
  }
  tickClocks(list, payload);
}

// Write every clock of the players panel as of now (the page calls it every second).
export function tickClocks(list, payload) {
  const clock = payload && payload.clock;
  if (!clock) return;
  for (const node of list.querySelectorAll("[data-clock-seat]")) {
    const seat = Number(node.dataset.clockSeat);
    const info = clock.seats[seat];
    const left = clockLeft(clock, seat);
    let text = formatDuration(left);
    if (info.ran_out || (info.running && left <= 0)) {
      const botIn = info.bot_at !== null ? info.bot_at - serverNow() : null;
      text = botIn !== null && botIn > 0 ? t("out of time · bot in {time}", { time: formatDuration(botIn) }) : t("out of time");
      node.classList.add("out");
    }
    if (clock.paused && info.active) text = `${t("paused")} · ${formatDuration(left)}`;
    node.textContent = text;
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
  const scrolled = board.querySelector(".svg-board");
  const scroll = scrolled ? [scrolled.scrollLeft, scrolled.scrollTop] : null;
  board.replaceChildren();
  board.classList.remove("zoomed");
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
    // the drawing's sentences and tooltips name seats by their people's names, as the page does
    for (const node of holder.querySelectorAll("text, tspan, title")) {
      if (node.childElementCount || !node.textContent) continue;
      const named = namedSeats(payload, node.textContent);
      if (named !== node.textContent) node.textContent = named;
    }
    board.append(holder);
    frameBoard(board, holder, scroll); // a phone: readable and tappable, panned in its frame
    drawn = true;
  }
  if (!drawn || options.alwaysTree) {
    board.append(genericView(payload));
  }
  let count = 0;
  if (act) {
    // tooltips and labels name seats as the page does (the games' texts number them from 0)
    const actions = (payload.actions || []).map((action) => ({
      ...action,
      text: namedSeats(payload, action.text),
      explain: action.explain ? namedSeats(payload, action.explain) : undefined,
    }));
    count = wireClicks(board, actions, act, payload.viewer ?? null, payload.action_fields);
    padTargets(board);
    if (options.why) wireRefusals(board, payload, options.why);
  }
  // a zoomed board opens on the first thing to click, else on the viewer's own piece
  const own = payload.viewer ?? (payload.to_act || [])[0];
  if (!scroll) openOn(board, [".gr-clickable", own === undefined || own === null ? null : `[data-seat="${own}"]`]);
  return count;
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
    if (value.length === 0) return el("span.gv-null", { text: t("none") });
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

// Make the board's elements clickable. `declared` is the payload's `action_fields`: the fields
// of an action's JSON that the game declares (with its actions) and a piece may carry. An
// element with data-<field>="v" attributes for them stands for
// the legal actions whose JSON has <field> equal to v, for every such attribute it carries,
// except "kind": elements often use data-kind for their own sort ("seal", "hall"), so kind only
// narrows the choice when it matches, and identifies the actions alone on an element (a button)
// that has no other field. Two rules keep a click on the piece it was meant for:
// - an action that some element matches with its kind too (your scroll, data-kind="use") is
//   not also offered by elements that match it only by their other fields (another player's
//   scroll of the same name, the supply die of the same colour);
// - an element with data-owner="<seat>" of another player than the viewer stands only for
//   actions of its own kind (picking that player's die, "their"), never for the viewer's own.
export function wireClicks(root, actions, act, viewer = null, declared = ["kind"]) {
  const fields = new Set(declared);
  if (!actions.length) return 0;
  const selector = [...fields].map((f) => `[data-${cssName(f)}]`).join(",");
  const nodes = [...root.querySelectorAll(selector)];
  const found = nodes.map((node) => matchingActions(node, actions, fields, true));
  const claimed = new Set();
  for (const { exact } of found) for (const action of exact) claimed.add(action.id);
  let count = 0;
  nodes.forEach((node, index) => {
    const { exact, loose } = found[index];
    const owner = node.getAttribute("data-owner");
    const foreign = owner !== null && viewer !== null && owner !== String(viewer);
    const matching = exact.length ? exact : foreign ? [] : loose.filter((a) => !claimed.has(a.id));
    if (!matching.length) return;
    count += 1;
    node.classList.add("gr-clickable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const label = matching.length === 1 ? matching[0].text : t("{count} choices", { count: matching.length });
    node.setAttribute("aria-label", label);
    // the tooltip says what each action would do (the rule and the change), before the click
    const said = matching.map((a) => (a.explain ? `${a.text}: ${a.explain}` : a.text)).join("\n");
    node.grExplain = said;
    if (!node.querySelector(":scope > title") && node instanceof SVGElement) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = said;
      node.prepend(title);
    } else if (!(node instanceof SVGElement)) {
      node.title = said;
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
  });
  return count;
}

// The rule behind a refused move, on the board: a piece that stands for no legal action of the
// viewer says, on hover or tap, which rule forbids the action it would have been (the server's
// why_illegal, for this seat only: ``why(query)`` asks GET /api/games/{id}/explain with the
// piece's data- fields); a clickable piece shows what its action would do. One tip at a time.
export function wireRefusals(root, payload, why) {
  const fields = ["kind", ...(payload.action_fields || []).filter((f) => f !== "kind")];
  root.grWhy = { fields, why, version: payload.version, cache: new Map() };
  if (root.grWhyWired) return;
  root.grWhyWired = true;
  let timer = null;
  const probe = (event, now) => {
    const state = root.grWhy;
    if (!state) return;
    const selector = state.fields.map((f) => `[data-${cssName(f)}]`).join(",");
    const node = event.target instanceof Element ? event.target.closest(selector) : null;
    clearTimeout(timer);
    if (!node || !root.contains(node)) return hideTip();
    if (node.classList.contains("gr-clickable")) return hideTip(); // its tooltip says what it does
    const query = new URLSearchParams();
    for (const field of state.fields) {
      const value = node.getAttribute(`data-${field}`);
      if (value !== null) query.set(field, value);
    }
    if (![...query.keys()].some((key) => key !== "kind")) return hideTip();
    const key = `${state.version}?${query}`;
    const ask = async () => {
      if (!state.cache.has(key)) state.cache.set(key, state.why(query.toString()).catch(() => null));
      const answer = await state.cache.get(key);
      if (answer && answer.text && root.grWhy === state) showTip(node, namedSeats(payload, answer.text), !answer.legal);
    };
    if (now) ask();
    else timer = setTimeout(ask, 350);
  };
  root.addEventListener("pointerover", (event) => probe(event, false));
  root.addEventListener("pointerout", (event) => {
    if (!event.relatedTarget || !root.contains(event.relatedTarget)) {
      clearTimeout(timer);
      hideTip();
    }
  });
  // a tap (or a click) on a piece that does nothing says why at once
  root.addEventListener("click", (event) => probe(event, true));
  root.addEventListener("focusin", (event) => probe(event, false));
}

function tipBox() {
  let tip = document.getElementById("why-tip");
  if (!tip) {
    tip = el("div.why-tip#why-tip", { role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

export function showTip(node, text, refused = false) {
  const tip = tipBox();
  tip.textContent = text;
  tip.classList.toggle("refused", refused);
  tip.hidden = false;
  const rect = node.getBoundingClientRect();
  const left = Math.min(rect.left + window.scrollX, window.scrollX + window.innerWidth - tip.offsetWidth - 12);
  tip.style.left = `${Math.max(window.scrollX + 4, left)}px`;
  tip.style.top = `${rect.bottom + window.scrollY + 6}px`;
}

export function hideTip() {
  const tip = document.getElementById("why-tip");
  if (tip) tip.hidden = true;
}

function cssName(field) {
  return field.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
}

// The actions an element stands for. With `split`, {exact, loose}: `exact` the ones matching
// its kind as well (or all of them, for an element without data-kind), `loose` the ones that
// match only its other fields.
export function matchingActions(node, actions, fields, split = false) {
  const wanted = [];
  for (const field of fields) {
    const value = node.getAttribute(`data-${field}`);
    if (value !== null && field !== "kind") wanted.push([field, value]);
  }
  const kind = fields.has("kind") ? node.getAttribute("data-kind") : null;
  let exact;
  let loose = [];
  if (!wanted.length) {
    exact = kind === null ? [] : actions.filter((action) => String(action.kind) === kind);
  } else {
    const matching = actions.filter((action) =>
      wanted.every(([field, value]) => field in action && String(action[field]) === value),
    );
    if (kind === null) exact = matching;
    else {
      exact = matching.filter((action) => String(action.kind) === kind);
      loose = exact.length ? [] : matching;
    }
  }
  if (split) return { exact, loose };
  return exact.length ? exact : loose;
}

function openMenu(event, actions, act) {
  const menu = document.getElementById("choice-menu");
  if (!menu) return act(actions[0].id);
  menu.replaceChildren(
    el("div.menu-title", { text: t("Choose") }),
    ...actions.map((action) =>
      el(
        "button.menu-item",
        {
          type: "button",
          title: action.explain || null,
          onclick: () => {
            menu.hidden = true;
            act(action.id);
          },
        },
        el("span.menu-text", { text: action.text }),
        action.explain ? el("small.menu-explain", { text: action.explain }) : null,
      ),
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

// "seat N" as the page's language writes it ("Platz N", "席N"), and in English (texts kept only
// in English, games without a catalogue): one pattern, whose groups hold the number.
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const seatWords = [...new Set(["seat {seat}", t("seat {seat}")])].map((word) => {
  const [before, after] = word.split("{seat}").map(escapeRegExp);
  return `${/^\w/.test(word) ? "\\b" : ""}${before}(\\d+)${after}(?!\\d)`;
});
const seatPattern = seatWords.join("|");
const chanceWords = [...new Set(["chance", t("chance")])].map(escapeRegExp).join("|");
const actorPrefix = new RegExp(`^(?:${seatPattern}|${chanceWords})[:：]\\s*`);

// Game text for people (log lines, action labels): seats go by their (isolated) names. The
// games' texts count seats from 1, as people do ("seat 1" is the seat with id 0).
export function namedSeats(payload, text) {
  // "Seat 1: ..." at the start of a sentence too
  return text.replace(new RegExp(seatPattern, "gi"), (whole, ...groups) => {
    const n = groups.slice(0, seatWords.length).find((group) => group !== undefined);
    const seat = (payload.seats || [])[Number(n) - 1];
    return seat ? isolated(shownName(seat.name)) : whole;
  });
}

// Log text for people: the actor is shown apart, and seats go by their names.
export function logText(payload, entry) {
  return namedSeats(payload, entry.text.replace(actorPrefix, ""));
}

// An event (not a move) as a sentence: who took back what, paused, ran out of time, a bot.
export function eventText(payload, event) {
  const who = (seat) => isolated(seatName(payload, seat));
  switch (event.kind) {
    case "undo":
      return t("{who} took back “{what}”", {
        who: who(event.seat),
        what: event.text ? namedSeats(payload, event.text) : t("an action"),
      });
    case "pause":
      return t("{who} paused the game: the clocks are stopped", { who: who(event.by) });
    case "resume":
      return t("{who} resumed the game", { who: who(event.by) });
    case "ran_out":
      return t("{who} ran out of time", { who: who(event.seat) });
    case "back":
      return t("{who} is back and takes their seat again", { who: who(event.seat) });
    case "bot":
      if (event.detail === "left") return t("{who} left: a bot plays on", { who: who(event.seat) });
      if (event.detail === "away")
        return event.by === null || event.by === undefined
          ? t("A bot took over seat {seat}: its player was away", { seat: event.seat + 1 })
          : t("{who} gave seat {seat} to a bot: its player was away", { who: who(event.by), seat: event.seat + 1 });
      if (event.detail === "free")
        return t("{who} gave seat {seat} to a bot", { who: who(event.by), seat: event.seat + 1 });
      return event.by === null || event.by === undefined
        ? t("A bot took over seat {seat}: its player ran out of time", { seat: event.seat + 1 })
        : t("{who} gave seat {seat} to a bot: its player ran out of time", {
            who: who(event.by),
            seat: event.seat + 1,
          });
    default:
      return event.kind;
  }
}

export function renderLog(list, payload, { highlightLast = true } = {}) {
  list.replaceChildren();
  const entries = payload.log || [];
  const events = payload.events || [];
  const first = entries.length ? entries[0].n : payload.log_length || 0;
  const eventsAfter = (n) =>
    events
      .filter((event) => event.after === n && event.after >= first)
      .map((event) => el("li.event", { "data-event": event.kind }, el("span.who", { text: "↺" }), el("span.what", { text: eventText(payload, event) })));
  // each bot's turn in short (``turns``: told after log line ``after - 1``), under its moves
  const turnsAfter = (n) =>
    (payload.turns || [])
      .filter((turn) => turn.after === n && turn.after > first)
      .map((turn) =>
        el(
          "li.turn-summary",
          { "data-seat": turn.seat },
          el(`bdi.who.seat-text-${turn.seat}`, { text: seatName(payload, turn.seat) }),
          el("span.what", { text: t("the turn in short: {summary}", { summary: namedSeats(payload, turn.text) }) }),
        ),
      );
  list.append(...eventsAfter(first));
  entries.forEach((entry, index) => {
    const who = entry.actor === "chance" ? "✧" : seatName(payload, entry.actor);
    const last = highlightLast && index === entries.length - 1;
    list.append(
      el(
        `li${entry.actor === "chance" ? ".chance" : ""}${last ? ".last" : ""}`,
        { "data-n": entry.n },
        entry.actor === "chance" ? el("span.who", { text: who }) : el(`bdi.who.seat-text-${entry.actor}`, { text: who }),
        el("span.what", { text: logText(payload, entry) }),
      ),
      ...turnsAfter(entry.n + 1),
      ...eventsAfter(entry.n + 1),
    );
  });
  list.scrollTop = list.scrollHeight;
}
