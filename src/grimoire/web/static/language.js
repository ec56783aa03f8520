// The page's language: the catalogue the server embedded (gettext, from the .po files) and the
// selector in the top bar, remembered in a cookie that the server reads on the next page.
const node = document.getElementById("i18n-catalogue");
const catalogue = node ? JSON.parse(node.textContent || "{}") : {};

// ``message`` translated, with {name} placeholders filled from ``values``.
export function t(message, values = {}) {
  const text = catalogue[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// The game's own catalogue (its domain, on the game page only): a game's renderer imports
// ``tg`` from "/static/language.js" and marks its strings ``tg("...")``.
const gameNode = document.getElementById("i18n-game-catalogue");
const gameCatalogue = gameNode ? JSON.parse(gameNode.textContent || "{}") : {};

export function tg(message, values = {}) {
  const text = gameCatalogue[message] || message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

const select = document.getElementById("lang-select");
if (select) {
  select.addEventListener("change", () => {
    document.cookie = `grimoire_lang=${encodeURIComponent(select.value)}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
}
