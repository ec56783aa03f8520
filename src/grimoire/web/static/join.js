// The join page: take a free seat, then go to the game. An invitation link carries the table's
// key in its fragment (#key=...), which the browser never sends to the server by itself.
import { api } from "./common.js";
import { t } from "./language.js";

const box = document.querySelector(".join");
const form = document.getElementById("join-form");
// Read at each use: opening the invitation link in a tab that already shows this page without
// the key changes only the fragment, and the page is not loaded again.
const invitationKey = () => new URLSearchParams(location.hash.slice(1)).get("key");

// A table by invitation: "Take seat" waits for a key, and is enabled once one arrives.
function gate() {
  if (!form || box.dataset.invited !== "1") return;
  const errorBox = document.getElementById("join-error");
  const missing = !invitationKey();
  errorBox.textContent = missing
    ? t("This table takes players by invitation only: ask a player at the table for your link.")
    : "";
  errorBox.hidden = !missing;
  form.querySelector("button[type=submit]").disabled = missing;
}
gate();
window.addEventListener("hashchange", gate);

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const errorBox = document.getElementById("join-error");
  errorBox.hidden = true;
  try {
    const joined = await api("POST", `/api/games/${box.dataset.game}/join`, {
      seat: Number(box.dataset.seat),
      name: document.getElementById("join-name").value || null,
      key: invitationKey(),
    });
    // the game page shows this seat's personal link once
    sessionStorage.setItem(`grimoire_rejoin_${box.dataset.game}`, joined.rejoin_url);
    location.href = `/games/${box.dataset.game}`;
  } catch (error) {
    errorBox.textContent = error.message;
    errorBox.hidden = false;
  }
});
