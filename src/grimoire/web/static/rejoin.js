// The personal rejoin link: /games/<id>/rejoin#<seat token>. The token stays in the fragment
// (never sent to a server, never in a Referer); it is handed over once, as a header, and the
// server sets it as this browser's seat cookie.
import { t } from "./language.js";

const box = document.querySelector(".rejoin");
const gameId = box.dataset.game;
const token = decodeURIComponent(location.hash.slice(1));
history.replaceState(null, "", location.pathname); // the token leaves the address bar

async function rejoin() {
  const errorBox = document.getElementById("rejoin-error");
  if (!token) {
    errorBox.textContent = t("This link has no seat in it.");
    errorBox.hidden = false;
    return;
  }
  const response = await fetch(`/api/games/${gameId}/rejoin`, {
    method: "POST",
    headers: { "X-Seat-Token": token, Accept: "application/json" },
    credentials: "same-origin",
  });
  if (response.ok) {
    location.replace(`/games/${gameId}`);
    return;
  }
  let detail = `${response.status}`;
  try {
    detail = (await response.json()).detail || detail;
  } catch (_) {
    /* not JSON */
  }
  document.getElementById("rejoin-status").hidden = true;
  errorBox.textContent = detail;
  errorBox.hidden = false;
}

rejoin();
