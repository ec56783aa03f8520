// A tutorial in the page (/learn/<game>): each step's position drawn by the game's own
// renderer, the step's text and rule beside it, the expected piece highlighted; a wrong click
// is answered with the step's explanation and the rule that forbids it. After the last step,
// a short game against the easy bot with hints on (the lobby's POST /api/games).
import { t } from "./language.js";
import { api, el, matchingActions, namedSeats, renderBoard, renderLog, toast } from "./common.js";

const root = document.getElementById("learn");
const name = root.dataset.game;
const board = document.getElementById("board");
const actionsBox = document.getElementById("actions");
const message = document.getElementById("learn-message");

let info = null; // the tutorial: title, intro, steps, the short game
let current = null; // the step shown
let busy = false;

function label(doc, action) {
  return namedSeats(doc.board, action.text);
}

// A text of the tutorial: its paragraphs, "{move}" written as the page writes the move.
function paragraphsOf(doc, list, cls = "p") {
  const move = doc.expected ? label(doc, doc.expected) : "";
  return list.map((text) => el(cls, { text: text.replaceAll("{move}", move) }));
}

async function load(index, done = 0) {
  const doc = await api("GET", `/api/learn/${name}/steps/${index}?done=${done}`);
  current = doc;
  history.replaceState(null, "", `#${doc.number}`);
  await draw(doc);
}

async function draw(doc) {
  root.dataset.step = doc.number;
  root.dataset.done = doc.done;
  root.dataset.expected = doc.expected ? doc.expected.id : "";
  document.getElementById("learn-progress").textContent = t("Step {number} of {count}", { number: doc.number, count: doc.count });
  const rule = document.getElementById("learn-rule");
  rule.textContent = doc.rule ? t("Rule: {heading}", { heading: doc.rule.title }) : "";
  document.getElementById("learn-book").textContent = doc.book ? t("Rulebook: {section}", { section: doc.book }) : "";
  hideMessage();

  const text = document.getElementById("learn-text");
  const intro = doc.index === 0 && doc.done === 0 ? paragraphsOf(doc, info.intro, "p.muted.learn-intro") : [];
  text.replaceChildren(...intro, ...paragraphsOf(doc, doc.text));
  const after = document.getElementById("learn-after");
  const finished = doc.done >= doc.moves;
  after.hidden = !finished;
  after.replaceChildren(...(finished ? paragraphsOf(doc, doc.after) : []));
  if (finished && doc.last) after.append(...paragraphsOf(doc, info.outro, "p.learn-outro"));

  const asked = !finished;
  const clickable = await renderBoard(board, doc.board, asked ? tryMove : null);
  board.dataset.clickable = clickable;
  const onBoard = highlight(doc);
  renderActions(doc);
  renderLines(doc);
  renderRule(doc);
  renderButtons(doc);
  document.getElementById("prompt").textContent = asked
    ? onBoard
      ? t("Click the highlighted piece on the board, or pick from the list.")
      : t("Pick your move from the list.")
    : "";
}

// The expected move's pieces on the board (their number): its button in the list is marked too.
function highlight(doc) {
  if (!doc.expected) return 0;
  const fields = new Set(doc.board.action_fields);
  const actions = doc.board.actions;
  let count = 0;
  for (const node of board.querySelectorAll(".gr-clickable")) {
    if (matchingActions(node, actions, fields).some((action) => action.id === doc.expected.id)) {
      node.classList.add("learn-expected");
      count += 1;
    }
  }
  return count;
}

function renderActions(doc) {
  actionsBox.replaceChildren();
  if (!doc.expected) {
    actionsBox.append(el("p.muted", { text: t("Nothing to do in this step any more.") }));
    return;
  }
  const list = el("div.action-list");
  for (const action of doc.board.actions) {
    const expected = action.id === doc.expected.id;
    list.append(
      el(`button.button.action${expected ? ".learn-expected" : ""}`, {
        type: "button",
        "data-action-id": action.id,
        text: label(doc, action),
        onclick: () => tryMove(action.id),
      }),
    );
  }
  actionsBox.append(list);
}

// What happened: the lines before the step's move, and after it.
function renderLines(doc) {
  const lines = doc.lines.map((line, n) => ({ n, ...line }));
  renderLog(document.getElementById("log"), { ...doc.board, log: lines, log_length: lines.length, events: [] });
  document.getElementById("log-panel").hidden = !lines.length;
}

function renderRule(doc) {
  const heading = document.getElementById("rules-heading");
  const body = document.getElementById("rules-text");
  heading.textContent = doc.rule ? doc.rule.heading : t("No rules section is known for this step.");
  const note = doc.rule && doc.rule.note ? [el("p.muted.rules-note", { text: doc.rule.note })] : [];
  body.replaceChildren(...note, ...(doc.rule ? ruleBlocks(doc.rule.text) : []));
}

// The section's Markdown as paragraphs (hard-wrapped lines joined), **bold** and `code` as
// elements: built node by node, never as HTML.
function ruleBlocks(text) {
  const lines = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const starts = !line || /^([-*|#]|\d+\.)(\s|$)/.test(line);
    if (!starts && lines.length && lines[lines.length - 1]) lines[lines.length - 1] += ` ${line}`;
    else lines.push(line);
  }
  return lines.filter(Boolean).map((line) => {
    const node = el("p.rule-line");
    for (const part of line.split(/(\*\*[^*]+\*\*|`[^`]+`)/)) {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) node.append(el("strong", { text: part.slice(2, -2) }));
      else if (part.startsWith("`") && part.endsWith("`") && part.length > 2) node.append(el("code", { text: part.slice(1, -1) }));
      else if (part) node.append(document.createTextNode(part));
    }
    return node;
  });
}

function renderButtons(doc) {
  const box = document.getElementById("learn-buttons");
  const buttons = [];
  const finished = doc.done >= doc.moves;
  if (finished && !doc.last) {
    buttons.push(el("button.button.primary#learn-next", { type: "button", text: t("Next step"), onclick: () => load(doc.index + 1) }));
  }
  if (finished && doc.last) {
    buttons.push(el("button.button.primary#learn-play", { type: "button", text: t("Play a short game against the easy bot"), onclick: playShortGame }));
  }
  if (!finished) {
    buttons.push(el("button.button.quiet#learn-show", { type: "button", text: t("Show me the move"), onclick: () => showMessage(doc, { hint: doc.hint }) }));
    buttons.push(el("button.button.quiet#learn-skip", { type: "button", text: t("Make it for me"), onclick: () => tryMove(doc.expected.id) }));
  }
  if (doc.index > 0) buttons.push(el("button.button.quiet#learn-back", { type: "button", text: t("Previous step"), onclick: () => load(doc.index - 1) }));
  if (doc.index > 0 || doc.done > 0) buttons.push(el("button.button.quiet#learn-again", { type: "button", text: t("Start this step again"), onclick: () => load(doc.index) }));
  box.replaceChildren(...buttons);
}

function hideMessage() {
  message.hidden = true;
  message.replaceChildren();
}

// A refusal: the step's explanation, and the rule's own reason when the rules forbid the move.
function showMessage(doc, answer) {
  const parts = [];
  if (answer.refused) parts.push(el("p", {}, el("strong", { text: t("Not this move here.") })));
  parts.push(...paragraphsOf(doc, answer.hint || []));
  if (answer.why) parts.push(el("p.why", { text: t("The rules do not allow it here: {why}", { why: namedSeats(doc.board, answer.why) }) }));
  message.replaceChildren(...parts);
  message.hidden = false;
  message.classList.remove("learn-refused");
  void message.offsetWidth; // restart the shake
  if (answer.refused) message.classList.add("learn-refused");
}

async function tryMove(id) {
  if (busy || !current || current.done >= current.moves) return;
  document.getElementById("choice-menu").hidden = true;
  busy = true;
  const doc = current;
  try {
    const answer = await api("POST", `/api/learn/${name}/steps/${doc.index}/attempt`, { done: doc.done, action: id });
    if (answer.ok) {
      await load(doc.index, doc.done + 1);
    } else {
      showMessage(doc, { ...answer, refused: true });
    }
  } catch (error) {
    toast(error.message, "error");
  } finally {
    busy = false;
  }
}

// A click on a piece that stands for no legal move, but for a move of the kind the step asks
// for (another card, another die): answered with the rule that forbids it.
board.addEventListener(
  "click",
  (event) => {
    const doc = current;
    if (!doc || !doc.expected || !doc.candidates.length) return;
    if (!(event.target instanceof Element) || event.target.closest(".gr-clickable")) return; // a legal move: its own handler
    const fields = new Set(doc.board.action_fields);
    const selector = [...fields].map((f) => `[data-${f}]`).join(",");
    let node = event.target.closest(selector);
    while (node && board.contains(node)) {
      const found = matchingActions(node, doc.candidates, fields);
      if (found.length) {
        event.preventDefault();
        tryMove(found[0].id);
        return;
      }
      node = node.parentElement ? node.parentElement.closest(selector) : null;
    }
  },
  true,
);

async function playShortGame() {
  const final = info.final;
  const seats = [];
  for (let seat = 0; seat < final.players; seat += 1) {
    seats.push(seat === info.seat ? { kind: "person" } : { kind: "bot", level: final.bot });
  }
  try {
    const created = await api("POST", "/api/games", {
      game: name,
      players: final.players,
      options: final.options,
      seats,
      join_seat: info.seat,
      private: true,
      join: "invited",
      hints: true,
    });
    const id = created.state.id;
    if (created.rejoin_url) sessionStorage.setItem(`grimoire_rejoin_${id}`, created.rejoin_url);
    location.href = `/games/${id}`;
  } catch (error) {
    toast(error.message, "error");
  }
}

async function start() {
  try {
    info = await api("GET", `/api/learn/${name}`);
    const wanted = Number((location.hash || "#1").slice(1));
    const index = Number.isInteger(wanted) && wanted >= 1 && wanted <= info.steps.length ? wanted - 1 : 0;
    await load(index);
  } catch (error) {
    toast(error.message, "error");
  }
}

start();
