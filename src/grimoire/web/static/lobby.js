// The lobby: the create-game form (built from each game's declared options) and the tables.
import { api, el, formatDuration, levelName, shownName, toast } from "./common.js";
import { t } from "./language.js";
import { tutorialItems } from "./learn_list.js";

const form = document.getElementById("create-form");
const gameSelect = document.getElementById("game-select");
const playersSelect = document.getElementById("players-select");
const seatsBox = document.getElementById("seats");
const optionsBox = document.getElementById("options");
const errorBox = document.getElementById("create-error");
let catalog = [];
let absence = null; // the server's absence rule: {others_after_seconds, server_after_seconds}
// the grace a real-time clock of the lobby gives after running out, before the server hands
// the seat to a bot: short, so a table never waits long for someone who is gone
const REALTIME_GRACE = 60;

// the bot offered first is the game's default level: its heuristic, or easy without one
function seatChoices(game) {
  const level = game.default_level || "heuristic";
  return [
    ["you", t("You")],
    ["invite", t("A friend (share a link)")],
    [`bot:${level}`, `${t("Bot")} · ${levelName(level)}`],
    ["bot:random", `${t("Bot")} · ${levelName("random")}`],
  ];
}

function selectedGame() {
  return catalog.find((g) => g.name === gameSelect.value);
}

function fillPlayers() {
  const game = selectedGame();
  playersSelect.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n += 1) {
    playersSelect.append(el("option", { value: n, text: t("{count} players", { count: n }) }));
  }
  playersSelect.value = String(Math.min(game.max_players, Math.max(game.min_players, 3)));
  fillSeats();
  fillOptions();
}

function fillSeats() {
  const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  seatsBox.replaceChildren();
  const n = Number(playersSelect.value);
  const choices = seatChoices(selectedGame());
  const values = new Set(choices.map(([value]) => value));
  for (let i = 0; i < n; i += 1) {
    const select = el(
      "select",
      { name: `seat-${i}`, "data-seat": i, "aria-label": t("Seat {number}", { number: i + 1 }) },
      ...choices.map(([value, text]) => el("option", { value, text })),
    );
    const kept = values.has(previous[i]) ? previous[i] : null;
    select.value = kept || (i === 0 ? "you" : choices[2][0]);
    select.addEventListener("change", () => {
      if (select.value === "you") {
        for (const other of seatsBox.querySelectorAll("select")) {
          if (other !== select && other.value === "you") other.value = "invite";
        }
      }
    });
    seatsBox.append(el("label.seat-row", {}, el(`span.seat-dot.seat-${i}`), t("Seat {number}", { number: i + 1 }), select));
  }
}

function fillOptions() {
  const game = selectedGame();
  optionsBox.replaceChildren();
  document.getElementById("options-fieldset").hidden = !game.declared_options.length;
  for (const option of game.declared_options) {
    let input;
    if (option.choices) {
      // the values are sent as declared; the server gives their labels in the page's language
      const labels = option.choice_labels ?? option.choices.map(String);
      input = el("select", {}, ...option.choices.map((c, i) => el("option", { value: JSON.stringify(c), text: labels[i] })));
      input.value = JSON.stringify(option.default);
    } else if (option.type === "bool") {
      input = el("input", { type: "checkbox" });
      input.checked = Boolean(option.default);
    } else if (option.type === "int") {
      input = el("input", { type: "number", step: 1, value: option.default ?? "" });
    } else if (option.type === "float") {
      input = el("input", { type: "number", step: "any", value: option.default ?? "" });
    } else {
      input = el("input", { type: "text", value: option.default ?? "" });
    }
    input.dataset.option = option.name;
    const label = option.label ?? option.name.replace(/_/g, " ");
    input.dataset.type = option.choices ? "choice" : option.type;
    const row =
      option.type === "bool" && !option.choices
        ? el("label.option.check", {}, input, el("span", {}, el("b", { text: label }), el("small", { text: option.help })))
        : el("label.option", {}, el("b", { text: label }), el("small", { text: option.help }), input);
    optionsBox.append(row);
  }
}

function readOptions() {
  const options = {};
  for (const input of optionsBox.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    const type = input.dataset.type;
    if (type === "choice") options[name] = JSON.parse(input.value);
    else if (type === "bool") options[name] = input.checked;
    else if (type === "int") options[name] = input.value === "" ? null : parseInt(input.value, 10);
    else if (type === "float") options[name] = input.value === "" ? null : Number(input.value);
    else options[name] = input.value;
  }
  return options;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.hidden = true;
  const seats = [];
  let joinSeat = null;
  for (const select of seatsBox.querySelectorAll("select")) {
    const [kind, level] = select.value.split(":");
    if (kind === "bot") seats.push({ kind: "bot", level });
    else seats.push({ kind: "person" });
    if (kind === "you") joinSeat = seats.length - 1;
  }
  const isPrivate = document.getElementById("visibility-select").value === "private";
  const body = {
    game: gameSelect.value,
    players: Number(playersSelect.value),
    options: readOptions(),
    seats,
    join_seat: joinSeat,
    name: document.getElementById("player-name").value || null,
    private: isPrivate,
    join: isPrivate ? "invited" : document.getElementById("join-select").value,
    clock: readClock(),
    hints: { auto: null, on: true, off: false }[document.getElementById("hints-select").value],
  };
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    const created = await api("POST", "/api/games", body);
    const id = created.state.id;
    // the game page shows them once: the seat's personal link, and (for a creator who sits
    // nowhere, whom the server will not know) the invitation links
    if (created.rejoin_url) sessionStorage.setItem(`grimoire_rejoin_${id}`, created.rejoin_url);
    sessionStorage.setItem(`grimoire_invites_${id}`, JSON.stringify(created.invite_urls || {}));
    location.href = `/games/${id}`;
  } catch (error) {
    errorBox.textContent = error.message;
    errorBox.hidden = false;
    button.disabled = false;
  }
});

function readClock() {
  const kind = document.getElementById("clock-select").value;
  if (kind === "realtime") {
    return {
      kind,
      move_seconds: Number(document.getElementById("move-select").value),
      reserve_seconds: Number(document.getElementById("reserve-select").value),
      grace_seconds: REALTIME_GRACE,
    };
  }
  if (kind === "turn") return { kind, move_seconds: Number(document.getElementById("turn-select").value) };
  return null;
}

function showClockSettings() {
  const kind = document.getElementById("clock-select").value;
  document.getElementById("realtime-settings").hidden = kind !== "realtime";
  document.getElementById("turn-settings").hidden = kind !== "turn";
  document.getElementById("clock-help").hidden = kind === "none";
  const isPrivate = document.getElementById("visibility-select").value === "private";
  const join = document.getElementById("join-select");
  join.disabled = isPrivate;
  if (isPrivate) join.value = "invited";
  showHandover();
}

// "2 min 30 s", "1 d": a duration in words.
function spoken(seconds) {
  const s = Math.round(seconds);
  if (s >= 86400 && s % 3600 === 0) {
    const days = Math.floor(s / 86400);
    const hours = (s % 86400) / 3600;
    const dayText = t("{n} d", { n: days });
    return hours ? dayText + " " + t("{n} h", { n: hours }) : dayText;
  }
  if (s >= 3600 && s % 60 === 0) {
    const minutes = (s % 3600) / 60;
    const hours = t("{n} h", { n: Math.floor(s / 3600) });
    return minutes ? hours + " " + t("{n} min", { n: minutes }) : hours;
  }
  if (s >= 60) {
    const rest = s % 60;
    const minutes = t("{n} min", { n: Math.floor(s / 60) });
    return rest ? minutes + " " + t("{n} s", { n: rest }) : minutes;
  }
  return t("{n} s", { n: s });
}

// When a seat goes to a bot at the table being made: the absence rule, and the chosen clock.
function showHandover() {
  const note = document.getElementById("handover-note");
  const clock = readClock();
  const parts = [];
  if (clock && clock.kind === "turn") {
    parts.push(
      t("A player out of time (after {time}) can be given to a bot by the others, and after {grace} more by the server.", {
        time: spoken(clock.move_seconds),
        grace: spoken(clock.move_seconds),
      }),
    );
  } else {
    if (absence) {
      parts.push(
        t("A player who closes their page can be given to a bot after {others} by the others, or after {server} by the server when someone waits.", {
          others: spoken(absence.others_after_seconds),
          server: spoken(absence.server_after_seconds),
        }),
      );
    }
    if (clock) {
      parts.push(
        t("A player out of time (after {time} in one move, reserve included) can be given to a bot by the others at once, and after {grace} more by the server.", {
          time: spoken(clock.move_seconds + clock.reserve_seconds),
          grace: spoken(clock.grace_seconds),
        }),
      );
    }
  }
  parts.push(t("They take their seat back with their link at their next turn."));
  note.textContent = parts.join(" ");
}

function clockLabel(clock) {
  if (!clock) return null;
  const move = t("clock {time} a move", { time: formatDuration(clock.move_seconds) });
  if (clock.kind === "turn") return move;
  // t() outside the template literal: the extractor misses a call with an object inside ${}
  const reserveText = t("{time} reserve", { time: formatDuration(clock.reserve_seconds) });
  const reserve = clock.reserve_seconds ? ` + ${reserveText}` : "";
  return `${move}${reserve}`;
}

function gameItem(game) {
  const names = game.seats.map((s) => `${s.seat + 1} \u2068${shownName(s.name)}\u2069`).join(", ");
  const links = [];
  if (game.status === "open") {
    for (const [seat, url] of Object.entries(game.join_urls)) {
      links.push(el("a.button.primary.small", { href: url, text: t("Join seat {number}", { number: Number(seat) + 1 }) }));
    }
    if (game.join === "invited") links.push(el("span.tag", { text: t("by invitation") }));
    links.push(el("a.button.small", { href: game.url, text: t("Watch") }));
  } else if (game.status === "running") {
    links.push(el("a.button.small", { href: game.url, text: t("Open") }));
  } else {
    links.push(el("a.button.small", { href: `${game.url}/replay`, text: t("Replay") }));
    links.push(el("a.button.small", { href: game.url, text: t("Result") }));
  }
  let detail = names;
  if (game.status === "finished" && game.final_winners) {
    const winners = game.final_winners.map((s) => `\u2068${shownName(game.seats[s].name)}\u2069`).join(" & ");
    const wonBy = t("won by {names}", { names: winners });
    detail = `${names} · ${wonBy}`;
  }
  return el(
    "li.game-item",
    { "data-game-id": game.id },
    el(
      "div.game-item-main",
      {},
      el("strong", { text: game.title }),
      el("span.muted", { text: " · " + t("{count} players", { count: game.players }) }),
      game.clock ? el("span.muted.small", { text: ` · ${clockLabel(game.clock)}` }) : null,
      el("div.small.muted", { text: detail }),
    ),
    el("div.game-item-links", {}, ...links),
  );
}

async function refreshGames() {
  try {
    const { games } = await api("GET", "/api/games?status=open,running,finished&limit=60");
    for (const status of ["open", "running", "finished"]) {
      const list = document.getElementById(`${status}-games`);
      const items = games.filter((g) => g.status === status).slice(0, 20);
      list.replaceChildren(...(items.length ? items.map(gameItem) : [el("li.muted", { text: t("none") })]));
    }
  } catch (error) {
    console.error(error);
  }
}

async function start() {
  try {
    const data = await api("GET", "/api/catalog");
    catalog = data.games;
    absence = data.absence || null;
  } catch (error) {
    toast(error.message, "error");
    return;
  }
  gameSelect.replaceChildren(...catalog.map((g) => el("option", { value: g.name, text: g.title })));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && catalog.some((g) => g.name === wanted)) gameSelect.value = wanted;
  gameSelect.addEventListener("change", fillPlayers);
  document.getElementById("clock-select").addEventListener("change", showClockSettings);
  for (const id of ["move-select", "reserve-select", "turn-select"]) {
    document.getElementById(id).addEventListener("change", showHandover);
  }
  document.getElementById("visibility-select").addEventListener("change", showClockSettings);
  playersSelect.addEventListener("change", fillSeats);
  fillPlayers();
  showHandover();
  refreshGames();
  tutorialItems().then((items) => document.getElementById("tutorials")?.replaceChildren(...items));
  setInterval(refreshGames, 5000);
}

start();
