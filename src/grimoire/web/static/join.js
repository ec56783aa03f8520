// The join page: take a free seat, then go to the game. An invitation link carries the table's
// key in its fragment (#key=...), which the browser never sends to the server by itself.
import { api } from "./common.js";
import { t } from "./language.js";

const box = document.querySelector(".join");
const form = document.getElementById("join-form");
const key = new URLSearchParams(location.hash.slice(1)).get("key");

if (form && box.dataset.invited === "1" && !key) {
  const errorBox = document.getElementById("join-error");
  errorBox.textContent = t("This table takes players by invitation only: ask a player at the table for your link.");
  errorBox.hidden = false;
  form.querySelector("button[type=submit]").disabled = true;
}

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const errorBox = document.getElementById("join-error");
  errorBox.hidden = true;
  try {
    const joined = await api("POST", `/api/games/${box.dataset.game}/join`, {
      seat: Number(box.dataset.seat),
      name: document.getElementById("join-name").value || null,
      key,
    });
    // the game page shows this seat's personal link once
    sessionStorage.setItem(`grimoire_rejoin_${box.dataset.game}`, joined.rejoin_url);
    location.href = `/games/${box.dataset.game}`;
  } catch (error) {
    errorBox.textContent = error.message;
    errorBox.hidden = false;
  }
});
