// The join page: take a free seat, then go to the game.
import { api } from "./common.js";

const box = document.querySelector(".join");
const form = document.getElementById("join-form");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const errorBox = document.getElementById("join-error");
  errorBox.hidden = true;
  try {
    await api("POST", `/api/games/${box.dataset.game}/join`, {
      seat: Number(box.dataset.seat),
      name: document.getElementById("join-name").value || null,
    });
    location.href = `/games/${box.dataset.game}`;
  } catch (error) {
    errorBox.textContent = error.message;
    errorBox.hidden = false;
  }
});
