// The replay page: the whole game, one history entry at a time, as this browser's seat saw it.
import { api, el, logText, renderBoard, renderLog, renderPlayers, seatName, toast } from "./common.js";
import { t } from "./language.js";

const root = document.getElementById("replay");
const gameId = root.dataset.game;
const board = document.getElementById("board");
const slider = document.getElementById("step");
const label = document.getElementById("step-label");
const playButton = document.getElementById("play");
let steps = 0;
let step = 0;
let timer = null;
let token = 0;
const cache = new Map();

async function fetchStep(n) {
  if (!cache.has(n)) {
    cache.set(n, api("GET", `/api/games/${gameId}/replay?step=${n}`).catch((error) => {
      cache.delete(n);
      throw error;
    }));
  }
  return cache.get(n);
}

async function go(n) {
  n = Math.max(0, Math.min(steps, n));
  const mine = ++token;
  let payload;
  try {
    payload = await fetchStep(n);
  } catch (error) {
    toast(error.message, "error");
    stop();
    return;
  }
  if (mine !== token) return;
  step = n;
  steps = payload.steps;
  slider.max = String(steps);
  slider.value = String(step);
  label.textContent = t("step {step} of {steps}", { step, steps });
  root.dataset.step = String(step);
  const view = payload.view || {};
  const shown = { ...payload, status: view.terminal ? "finished" : "running", to_act: [], actions: [] };
  renderPlayers(document.getElementById("players"), shown, view.scores, view.winners);
  await renderBoard(board, shown, null);
  renderLog(document.getElementById("log"), payload);
  const last = (payload.log || [])[payload.log.length - 1];
  document.getElementById("current-move").replaceChildren(
    last
      ? el("span", {}, el("b", { text: seatName(payload, last.actor) }), `: ${logText(payload, last)}`)
      : el("span.muted", { text: t("The game begins.") }),
  );
  if (step < steps) fetchStep(step + 1).catch(() => {}); // prefetch
}

function stop() {
  clearInterval(timer);
  timer = null;
  playButton.textContent = `▶ ${t("Play")}`;
}

playButton.addEventListener("click", () => {
  if (timer) return stop();
  if (step >= steps) go(0);
  playButton.textContent = `■ ${t("Pause")}`;
  timer = setInterval(() => (step >= steps ? stop() : go(step + 1)), 700);
});
document.getElementById("first").addEventListener("click", () => (stop(), go(0)));
document.getElementById("prev").addEventListener("click", () => (stop(), go(step - 1)));
document.getElementById("next").addEventListener("click", () => (stop(), go(step + 1)));
document.getElementById("last").addEventListener("click", () => (stop(), go(steps)));
slider.addEventListener("input", () => (stop(), go(Number(slider.value))));
document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
  if (event.key === "ArrowRight") (stop(), go(step + 1));
  if (event.key === "ArrowLeft") (stop(), go(step - 1));
});

(async () => {
  const first = await fetchStep(0).catch((error) => (toast(error.message, "error"), null));
  if (!first) return;
  steps = first.steps;
  go(0);
})();
