// The absence rule on the game page (payload.absence, see docs/web-api.md): who is away (a tag
// in the players panel, counting up), the button that gives an away seat to a bot once the
// others may, and taking one's own seat back from the bot that holds it.
import { api, el, formatDuration, nameNode, serverNow, toast } from "./common.js";
import { t } from "./language.js";

// Seconds the seat's person has been away (null: a page of it is open, or no rule here).
function awayFor(payload, seat) {
  const info = payload.absence && payload.absence.seats[seat];
  if (!info || info.away_since === null || info.away_since === undefined) return null;
  return Math.max(0, serverNow() - info.away_since);
}

// Seconds until the others may give the seat to a bot (0: now, as the server says; null: they
// may not). The count is this page's estimate; the server tells when the time has come.
function handableIn(payload, seat) {
  const info = payload.absence && payload.absence.seats[seat];
  if (info && info.handable) return 0;
  const away = awayFor(payload, seat);
  const after = payload.absence && payload.absence.others_after_seconds;
  if (away === null || after === null || after === undefined) return null;
  return Math.max(1, after - away);
}

// The players panel: an "away" tag beside each away person, a "back at its next turn" tag
// beside a held seat whose person asked for it. Call after renderPlayers.
export function markPlayers(list, payload) {
  if (!payload.absence || payload.status === "finished") return;
  for (const seat of payload.seats) {
    const row = list.querySelector(`li.player[data-seat="${seat.seat}"]`);
    if (!row) continue;
    const info = payload.absence.seats[seat.seat];
    const anchor = row.querySelector(".clock, .score");
    if (info.returning) {
      row.insertBefore(el("span.tag.returning", { text: t("back at the next turn") }), anchor);
    } else if (awayFor(payload, seat.seat) !== null && seat.seat !== payload.viewer) {
      row.insertBefore(el("span.tag.away", { "data-away-seat": seat.seat }), anchor);
    }
  }
  tickAway(list, payload);
}

// Every second: the away tags and the hand-over buttons count on, nothing else is redrawn.
export function tickAway(root, payload) {
  if (!payload || !payload.absence) return;
  for (const node of root.querySelectorAll("[data-away-seat]")) {
    const away = awayFor(payload, Number(node.dataset.awaySeat));
    node.textContent = away === null ? "" : t("away {time}", { time: formatDuration(away) });
  }
  for (const button of document.querySelectorAll("[data-away-bot-seat]")) {
    const wait = handableIn(payload, Number(button.dataset.awayBotSeat));
    button.disabled = wait === null || wait > 0;
    button.querySelector(".wait").textContent = wait > 0 ? " · " + t("in {time}", { time: formatDuration(wait) }) : "";
  }
}

// The seat tools: a button per away person whose seat the viewer may soon give to a bot (it
// counts down, then is enabled); and, for a viewer whose seat a bot took, "take my seat back".
export function seatTools(payload, giveToBot, takeBack) {
  const tools = [];
  if (!payload.absence) return tools;
  const paused = payload.clock && payload.clock.paused;
  if (payload.viewer !== null && payload.status === "running" && !paused) {
    for (const seat of payload.seats) {
      if (seat.seat === payload.viewer || seat.kind !== "person") continue;
      const wait = handableIn(payload, seat.seat);
      if (wait === null) continue;
      tools.push(
        el(
          "button.button.warn",
          { type: "button", "data-away-bot-seat": seat.seat, disabled: wait > 0, onclick: () => giveToBot(seat.seat) },
          ...giveLabel(seat.name),
          el("span.wait", { text: wait > 0 ? " · " + t("in {time}", { time: formatDuration(wait) }) : "" }),
        ),
      );
    }
  }
  const mine = lastSeat !== null ? payload.absence.seats[lastSeat] : null;
  if (payload.viewer === null && mine && mine.held && !mine.returning) {
    tools.push(el("button.button.primary", { type: "button", id: "take-back-button", text: t("Take my seat back"), onclick: takeBack }));
  }
  return tools;
}

// "Give {name}'s seat to a bot (away)" with the name as its own isolated element.
function giveLabel(name) {
  const [before, after] = t("Give the seat of {name} to a bot (away)").split("{name}");
  return [before, nameNode(name), after ?? ""];
}

// The seat this page last held (null: none yet): after a bot took it, the page offers it back.
let lastSeat = null;
let tried = false;

// On the first payload: a person who comes back (their cookie still names the seat a bot holds
// for them) takes it back at once; later, the "take my seat back" button does it.
export async function comeBack(payload, gameId, show) {
  if (payload.viewer !== null) {
    lastSeat = payload.viewer;
    tried = true;
    return;
  }
  if (tried) return;
  tried = true;
  if (!payload.absence || !payload.absence.seats.some((s) => s.held)) return;
  try {
    await takeSeatBack(gameId, show);
  } catch (_) {
    /* this browser's cookie holds no seat here: a spectator */
  }
}

// Ask for the seat back; the answer says whether it is ours now or after the bot's turn.
export async function takeSeatBack(gameId, show) {
  const doc = await api("POST", `/api/games/${gameId}/reclaim`);
  lastSeat = doc.seat;
  toast(doc.returning ? t("Welcome back: your seat is yours again when the bot has finished its turn.") : t("Welcome back: your seat is yours again."));
  await show(doc.state);
}
