// The game page: shows the game as this browser's seat sees it, live, and plays its actions.
import { t, tg } from "./language.js";
import {
  api,
  el,
  eventText,
  formatScore,
  isolated,
  namedSeats,
  onOutage,
  renderBoard,
  renderLog,
  renderPlayers,
  seatName,
  tickClocks,
  toast,
} from "./common.js";
import { comeBack, markPlayers, seatTools, takeSeatBack, tickAway } from "./absence.js";

const root = document.getElementById("game");
const gameId = root.dataset.game;
const board = document.getElementById("board");
const actionsBox = document.getElementById("actions");
const undoButton = document.getElementById("undo-button");
const conn = document.getElementById("conn");

// The database does not answer, or the server is busy (a 503): the page says so and keeps the
// person's move, which common.api sends again by itself, until a request gets through.
onOutage((message) => {
  const box = document.getElementById("outage");
  box.hidden = message === null;
  if (message !== null) box.textContent = message;
  root.dataset.outage = message === null ? "" : "1";
  conn.classList.toggle("trouble", message !== null);
});

let current = null; // the newest payload shown
let busy = false;
let drawing = Promise.resolve();
let drawnBoard = null; // what the board was last drawn from (see draw)
let seenEvents = null; // keys of the events already shown (null: none drawn yet)

function show(payload) {
  if (current && payload.id === current.id && payload.version < current.version) return; // older news
  current = payload;
  drawing = drawing.then(() => draw(payload)).catch((error) => console.error(error));
  return drawing;
}

async function draw(payload) {
  if (payload !== current) return; // a newer one is on its way
  root.dataset.version = payload.version;
  root.dataset.status = payload.status;
  root.dataset.yourTurn = payload.your_turn ? "1" : "0";
  root.classList.toggle("your-turn", payload.your_turn);
  const statusText = { open: t("waiting for players"), running: t("in play"), finished: t("finished") }[payload.status];
  const pill = document.getElementById("status-pill");
  pill.textContent = statusText;
  pill.className = `pill ${payload.status}`;

  const banner = document.getElementById("turn-banner");
  const paused = payload.clock && payload.clock.paused && payload.status === "running";
  root.dataset.paused = paused ? "1" : "0";
  if (payload.status === "finished") {
    banner.textContent = t("Game over");
  } else if (paused) {
    banner.textContent = t("Paused by {name}", { name: isolated(seatName(payload, payload.clock.paused_by)) });
  } else if (payload.status === "open") {
    banner.textContent = t("Waiting for players to take their seats");
  } else if (payload.your_turn) {
    banner.replaceChildren(el("strong", { text: payload.simultaneous ? t("Your choice (everyone chooses at once)") : t("Your turn") }));
  } else if (payload.simultaneous && payload.viewer !== null) {
    const n = payload.waiting_for;
    banner.textContent = n === 1 ? t("Waiting for 1 player…") : t("Waiting for {count} players…", { count: n });
  } else {
    const names = (payload.to_act || []).map((s) => isolated(seatName(payload, s))).join(", ");
    banner.textContent = names ? t("{names} to play…", { names }) : "…";
  }
  showThinking(banner, payload, paused);
  document.title = `${payload.your_turn ? "● " : ""}${payload.title} · grimoire`;

  renderResult(payload);
  renderRejoin();
  renderShare(payload);
  announce(payload);
  renderPlayers(document.getElementById("players"), payload, payload.scores, payload.winners);
  markPlayers(document.getElementById("players"), payload);
  // The board is drawn again only when what it shows changed: news of presence or clocks keeps
  // it, so a click or a keyboard focus on it is not lost under a person's hand.
  const boardKey = JSON.stringify([
    payload.id, payload.version, payload.viewer ?? null, payload.your_turn, payload.svg ?? null,
    payload.actions ?? null, (payload.seats || []).map((seat) => seat.name), document.documentElement.lang,
  ]);
  let clickable = Number(board.dataset.clickable || 0);
  if (boardKey !== drawnBoard) {
    clickable = await renderBoard(board, payload, payload.your_turn ? act : null, { why });
    board.dataset.clickable = clickable;
    board.dataset.drawnVersion = payload.version;
    drawnBoard = boardKey;
  }
  renderActions(payload, clickable);
  // While a move is on its way, its news may come first and draw the list again: the new
  // buttons wait too (a click on them would be dropped by post), until setBusy(false).
  if (busy) for (const button of actionsBox.querySelectorAll("button")) button.disabled = true;
  renderLog(document.getElementById("log"), payload);
  renderSeatTools(payload);
  showRules(payload);
  undoButton.disabled = !payload.can_undo || busy;
  undoButton.hidden = payload.viewer === null || payload.status === "finished";
  document.getElementById("prompt").textContent =
    payload.your_turn && clickable ? t("Click a highlighted piece on the board, or pick from the list.") : "";
}

function renderResult(payload) {
  const box = document.getElementById("result");
  if (payload.status !== "finished") {
    box.hidden = true;
    return;
  }
  const winners = payload.winners || [];
  const names = winners.map((s) => seatName(payload, s));
  const others = names.filter((_, i) => winners[i] !== payload.viewer).map(isolated);
  const headline =
    winners.length === 0
      ? t("The game is over.")
      : winners.includes(payload.viewer)
        ? winners.length > 1
          ? t("You share the win with {names}!", { names: others.join(", ") })
          : t("You win!")
        : winners.length > 1
          ? t("{names} share the win.", { names: names.map(isolated).join(", ") })
          : t("{name} wins.", { name: isolated(names[0]) });
  const order = payload.seats.map((s) => s.seat).sort((a, b) => (payload.scores[b] ?? -Infinity) - (payload.scores[a] ?? -Infinity));
  box.replaceChildren(
    el("h2", { text: headline }),
    el(
      "table.scores",
      {},
      el("tr", {}, el("th", { text: t("Player") }), el("th", { text: t("Score") })),
      ...order.map((s) =>
        el(
          `tr${winners.includes(s) ? ".winner" : ""}`,
          {},
          el("td", {}, el(`span.seat-dot.seat-${s}`), seatName(payload, s)),
          el("td", { text: formatScore(payload.scores[s]) }),
        ),
      ),
    ),
    breakdownNode(payload),
    el("p", {}, el("a.button.primary", { href: `/games/${gameId}/replay`, text: t("Watch the replay") }), " ", el("a.button", { href: "/", text: t("New game") })),
  );
  box.hidden = false;
}

// Where each seat's points came from (the game's score_breakdown, as this viewer may know it).
function breakdownNode(payload) {
  const rows = payload.breakdown || [];
  if (!rows.length) return null;
  return el(
    "details.breakdown#breakdown",
    { open: true },
    el("summary", { text: t("Where the points came from") }),
    ...rows.map((row) =>
      el(
        "div.breakdown-seat",
        { "data-seat": row.seat },
        el("h3", {}, el(`span.seat-dot.seat-${row.seat}`), seatName(payload, row.seat), " · ", formatScore(row.total)),
        el(
          "ul",
          {},
          ...(row.parts.length ? row.parts : [{ what: t("nothing scored"), points: null }]).map((part) =>
            el("li", {}, part.points === null ? null : el("b.points", { text: formatScore(part.points) }), " ", namedSeats(payload, part.what)),
          ),
        ),
      ),
    ),
  );
}

// The personal link back to this seat, shown once: right after joining or creating (the join
// and lobby pages leave it in this tab's session storage; it is gone after this).
function renderRejoin() {
  const key = `grimoire_rejoin_${gameId}`;
  const link = sessionStorage.getItem(key);
  if (!link) return;
  sessionStorage.removeItem(key);
  const url = new URL(link, location.href).href;
  const box = document.getElementById("rejoin");
  box.replaceChildren(
    el("h2", { text: t("Your link back to this seat") }),
    el("p.muted", {
      text: t("Keep it to play on from another browser or device. It is shown only now, and it is as good as your seat: do not share it."),
    }),
    el(
      "div.share-row.rejoin-row",
      {},
      el("input.share-link#rejoin-link", { value: url, readonly: true, onfocus: (e) => e.target.select() }),
      el("button.button", { type: "button", text: t("Copy"), onclick: () => copy(url) }),
      el("button.button.quiet", { type: "button", text: t("Done"), onclick: () => (box.hidden = true) }),
    ),
  );
  box.hidden = false;
}

async function copy(url) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("Link copied"));
  } catch (_) {
    toast(url);
  }
}

// Invitation links: the server sends them to the people at the table; a creator who took no
// seat got them once at creation (kept for this tab by the lobby).
function inviteUrls(payload) {
  if (payload.invite_urls && Object.keys(payload.invite_urls).length) return payload.invite_urls;
  try {
    const kept = JSON.parse(sessionStorage.getItem(`grimoire_invites_${gameId}`) || "null");
    if (kept) return kept;
  } catch (_) {
    /* nothing kept */
  }
  return payload.join_urls || {};
}

// Tell each event (an undo, a pause, a clock, a seat to a bot) once, as it arrives.
function announce(payload) {
  const events = payload.events || [];
  const key = (event) => `${event.version}/${event.kind}/${event.seat}/${event.by}`;
  if (seenEvents === null) {
    seenEvents = new Set(events.map(key));
    return;
  }
  for (const event of events) {
    if (seenEvents.has(key(event))) continue;
    seenEvents.add(key(event));
    const mine = event.by === payload.viewer && payload.viewer !== null && event.kind !== "bot";
    if (!mine) toast(eventText(payload, event), event.kind === "ran_out" ? "warn" : "info");
  }
}

function renderShare(payload) {
  const box = document.getElementById("share");
  const free = payload.seats.filter((s) => !s.taken);
  const urls = inviteUrls(payload);
  if (payload.status !== "open" || !free.length) {
    box.hidden = true;
    return;
  }
  const invited = payload.join === "invited";
  const note = invited
    ? `${payload.private ? t("A private table: not listed in the lobby.") : t("Listed in the lobby, but")} ${t("Only people with an invitation link can take a seat: send each friend the link of one seat.")}`
    : t("Send each friend the link of one seat; anyone in the lobby may take a free seat too.");
  box.replaceChildren(
    el("h2", { text: t("Invite players") }),
    el("p.muted", { text: `${note} ${t("The game starts when every seat is taken.")}` }),
    ...free.map((seat) => {
      const path = urls[String(seat.seat)];
      if (!path) {
        return el("div.share-row", {}, el(`span.seat-dot.seat-${seat.seat}`), el("span", { text: t("Seat {number}", { number: seat.seat + 1 }) }), el("span.muted", { text: t("by invitation") }));
      }
      const url = new URL(path, location.href).href;
      return el(
        "div.share-row",
        {},
        el(`span.seat-dot.seat-${seat.seat}`),
        el("span", { text: t("Seat {number}", { number: seat.seat + 1 }) }),
        el("input.share-link", { value: url, readonly: true, onfocus: (e) => e.target.select() }),
        el("button.button", { type: "button", text: t("Copy"), onclick: () => copy(url) }),
        payload.viewer !== null
          ? el("button.button", {
              type: "button",
              text: t("Give to a bot"),
              "data-fill-seat": seat.seat,
              onclick: () => fillWithBot(seat.seat),
            })
          : el("a.button.primary", { href: path, text: t("Take this seat") }),
      );
    }),
  );
  box.hidden = false;
}

// An action group's heading: its kind in words, from the game's catalogue (each game marks its
// kinds in headings.py), else the shell's, else as it is.
function kindHeading(kind) {
  const words = kind.replace(/[_-]/g, " ");
  const own = tg(words);
  return own !== words ? own : t(words);
}

// Bots you can wait for: while a bot decides, the banner names it with a spinner, until its
// move comes with the next payload (``thinking``: the bot seats to move, from the server).
function showThinking(banner, payload, paused) {
  const seats = payload.status === "running" && !paused && !payload.your_turn ? payload.thinking || [] : [];
  root.dataset.thinking = seats.join(",");
  if (!seats.length) return;
  const names = seats.map((s) => isolated(seatName(payload, s))).join(", ");
  const text = seats.length === 1
    ? t("{name} is thinking…", { name: names })
    : t("{names} are thinking…", { names });
  banner.replaceChildren(el("span.thinking", { text }));
}

function renderActions(payload, clickable) {
  actionsBox.replaceChildren();
  const panel = document.getElementById("actions-panel");
  if (payload.viewer === null) {
    panel.querySelector("h2").textContent = t("Watching");
    actionsBox.append(el("p.muted", { text: t("You are watching this game.") }));
    return;
  }
  panel.querySelector("h2").textContent = t("Your move");
  if (!payload.your_turn) {
    const waiting = payload.simultaneous
      ? (payload.waiting_for === 1
        ? t("Waiting for 1 other player to choose: the page updates by itself.")
        : t("Waiting for {count} other players to choose: the page updates by itself.", { count: payload.waiting_for }))
      : t("Not your turn: the page updates by itself.");
    actionsBox.append(
      el("p.muted.waiting", {
        text: payload.status === "running" ? waiting : payload.status === "open" ? t("The game starts when every seat is taken.") : t("No more moves."),
      }),
    );
    return;
  }
  const groups = new Map();
  for (const action of payload.actions) {
    const kind = action.kind || "";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(action);
  }
  const list = el("div.action-list");
  // what each action would do, shown before it is played: on hover and keyboard focus of its
  // button, and by its "?" button (a tap on a phone plays nothing)
  const explainBox = el("p.explain-box#explain-box", { "aria-live": "polite", hidden: true });
  const explainOf = (action) => namedSeats(payload, action.explain || action.text);
  const tell = (action) => {
    explainBox.replaceChildren(el("strong", { text: namedSeats(payload, action.text) }), ": ", explainOf(action));
    explainBox.hidden = false;
  };
  for (const [kind, actions] of groups) {
    const group = el("div.action-group", {}, kind ? el("div.action-kind", { text: kindHeading(kind) }) : null);
    for (const action of actions) {
      group.append(
        el(
          "span.action-pair",
          {},
          el("button.button.action", {
            type: "button",
            "data-action-id": action.id,
            title: explainOf(action),
            text: namedSeats(payload, action.text),
            onclick: () => act(action.id),
            onmouseenter: () => tell(action),
            onfocus: () => tell(action),
          }),
          el("button.button.quiet.explain-button", {
            type: "button",
            "data-explain-id": action.id,
            "aria-label": t("What does this do?"),
            title: t("What does this do?"),
            text: "?",
            onclick: () => tell(action),
          }),
        ),
      );
    }
    list.append(group);
  }
  if (clickable && payload.actions.length > 8) {
    actionsBox.append(el("details.all-actions", {}, el("summary", { text: t("All {count} legal actions", { count: payload.actions.length }) }), list));
  } else {
    actionsBox.append(list);
  }
  actionsBox.append(explainBox);
  if (payload.hints) actionsBox.append(hintBox(payload));
}

// The table allows hints: a button asks the server for the analysis of this seat's own view
// and lists its three best actions (each playable from the list).
function hintBox(payload) {
  const box = el("div.hint", { id: "hint" });
  const button = el("button.button.quiet", {
    type: "button",
    id: "hint-button",
    text: t("Hint"),
    onclick: async () => {
      button.disabled = true;
      try {
        const doc = await api("GET", `/api/games/${gameId}/hint`);
        const rows = doc.actions.filter((row) => !row.backs_out).slice(0, 3).map((row) =>
          el(
            "li",
            {},
            el("button.button.action", { type: "button", "data-action-id": row.action.id, text: namedSeats(payload, row.text), onclick: () => act(row.action.id) }),
            " ",
            el("span.muted", { text: t("{percent}% to win, score {score}", { percent: (100 * row.win_chance).toFixed(0), score: row.expected_score.toFixed(1) }) }),
          ),
        );
        box.replaceChildren(el("p.muted", { text: t("Best moves by the analysis (from what you can see):") }), el("ol.hint-list", {}, ...rows));
      } catch (error) {
        button.disabled = false;
        toast(error.message, "error");
      }
    },
  });
  box.append(button);
  return box;
}

function renderSeatTools(payload) {
  const box = document.getElementById("seat-tools");
  box.replaceChildren();
  const clock = payload.clock;
  if (clock && payload.viewer !== null && payload.status === "running") {
    // a clock that ran out: the others may hand that seat to a bot at once
    for (const seat of payload.seats) {
      if (seat.seat === payload.viewer || seat.kind !== "person" || !clock.seats[seat.seat].ran_out) continue;
      box.append(
        el("button.button.warn", {
          type: "button",
          "data-bot-seat": seat.seat,
          text: t("Give {name}’s seat to a bot (out of time)", { name: isolated(seatName(payload, seat.seat)) }),
          onclick: () => fillWithBot(seat.seat),
        }),
      );
    }
    box.append(
      clock.paused
        ? el("button.button", { type: "button", id: "resume-button", text: t("Resume the game"), onclick: () => post(`/api/games/${gameId}/resume`, {}) })
        : el("button.button.quiet", { type: "button", id: "pause-button", text: t("Pause (stops the clocks)"), onclick: () => post(`/api/games/${gameId}/pause`, {}) }),
    );
  }
  // the absence rule: an away seat to a bot, one's own seat back from its bot
  box.append(...seatTools(payload, fillWithBot, () => takeSeatBack(gameId, show).catch((error) => toast(error.message, "error"))));
  if (payload.viewer !== null && payload.status !== "finished") {
    box.append(
      el("button.button.quiet", {
        type: "button",
        text: t("Leave the table (a bot plays on)"),
        onclick: async () => {
          if (!confirm(t("Leave this game? A bot takes over your seat, and you will watch."))) return;
          try {
            show(await api("POST", `/api/games/${gameId}/leave`, {}));
            toast(t("A bot took over your seat."));
          } catch (error) {
            toast(error.message, "error");
          }
        },
      }),
    );
  }
  if (payload.status === "finished") {
    box.append(el("a.button", { href: `/games/${gameId}/replay`, text: t("Replay") }));
  }
  box.hidden = !box.childElementCount;
}

function setBusy(value) {
  busy = value;
  root.classList.toggle("busy", value);
  for (const button of actionsBox.querySelectorAll("button")) button.disabled = value;
  undoButton.disabled = value || !(current && current.can_undo);
}

async function post(url, body) {
  if (busy || !current) return;
  setBusy(true);
  try {
    await show(await api("POST", url, body));
  } catch (error) {
    if (error.status === 409 && error.data && error.data.state) {
      await show(error.data.state);
      toast(t("The game moved on: this is the current state."), "warn");
    } else {
      toast(error.message, "error");
    }
  } finally {
    setBusy(false);
  }
}

// What an action named by a piece's fields would do, or the rule that refuses it (this seat's).
function why(query) {
  return api("GET", `/api/games/${gameId}/explain?${query}`);
}

function act(id) {
  document.getElementById("choice-menu").hidden = true;
  return post(`/api/games/${gameId}/actions`, { version: current.version, action: { id } });
}

undoButton.addEventListener("click", () => post(`/api/games/${gameId}/undo`, { version: current.version }));

async function fillWithBot(seat) {
  try {
    // no level: the server seats the game's default (its heuristic, or easy without one)
    show(await api("POST", `/api/games/${gameId}/seats/${seat}/bot`, {}));
  } catch (error) {
    toast(error.message, "error");
  }
}

// ------------------------------------------------------------------------------- live updates
let socket = null;
let retry = 500;

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  // the page's language asked for by name: a browser need not send Accept-Language with it
  const lang = encodeURIComponent(document.documentElement.lang || "en");
  socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws?lang=${lang}`);
  socket.onopen = () => {
    retry = 500;
    conn.classList.add("live");
    conn.title = t("live");
  };
  socket.onmessage = (event) => show(JSON.parse(event.data));
  socket.onclose = () => {
    // the server process may have gone (a restart, a crash): connect again, to whichever
    // process answers, with growing waits spread out so that its pages do not all come back
    // in the same instant; the first message is the current state, shown in place (older
    // news is ignored by show), so nothing is reloaded
    conn.classList.remove("live");
    conn.title = t("reconnecting…");
    setTimeout(connect, retry * (0.5 + Math.random()));
    retry = Math.min(retry * 2, 8000);
  };
}

async function start() {
  try {
    const first = await api("GET", `/api/games/${gameId}/state`);
    await show(first);
    await comeBack(first, gameId, show); // a seat a bot holds for this browser's person
  } catch (error) {
    toast(error.message, "error");
  }
  connect();
  // clocks count down between updates; one text change a second, nothing else redrawn
  setInterval(() => {
    tickClocks(document.getElementById("players"), current);
    tickAway(document.getElementById("game"), current);
  }, 1000);
}

start();

// Rules in context: the section of the game's rules for the current step (the server picks it
// from the public phase), fetched only while the panel is open: when it opens, and then when the
// version changes. A closed panel costs no request.
let rulesVersion = -1;
const rulesDetails = document.getElementById("rules-details");
rulesDetails?.addEventListener("toggle", () => {
  if (rulesDetails.open && current) showRules(current);
});
async function showRules(payload) {
  if (!rulesDetails?.open || payload.version === rulesVersion) return;
  rulesVersion = payload.version;
  const rule = await api("GET", `/api/games/${gameId}/rules`).catch(() => null);
  const heading = document.getElementById("rules-heading");
  const body = document.getElementById("rules-text");
  if (!heading || !body) return;
  heading.textContent = rule && rule.heading ? rule.heading : t("No rules section is known for this step.");
  const note = rule && rule.note ? [el("p.muted.rules-note", { text: rule.note })] : [];
  body.replaceChildren(...note, ...(rule && rule.text ? ruleBlocks(rule.text) : []));
}

// The section's Markdown as paragraphs and list lines (hard-wrapped lines joined), with
// **bold** and `code` as elements: built node by node, never as HTML.
function ruleBlocks(text) {
  const lines = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const starts = !line || /^([-*|#]|\d+\.)(\s|$)/.test(line);
    if (!starts && lines.length && lines[lines.length - 1].text) lines[lines.length - 1].text += ` ${line}`;
    else lines.push({ text: line, indent: raw.length - raw.trimStart().length });
  }
  return lines.filter((l) => l.text).map((l) => {
    const node = el("p.rule-line", { style: `margin-left: ${Math.min(l.indent, 8) / 2}em` });
    for (const part of l.text.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) node.append(el("strong", { text: part.slice(2, -2) }));
      else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) node.append(el("code", { text: part.slice(1, -1) }));
      else if (part) node.append(document.createTextNode(part));
    }
    return node;
  });
}
