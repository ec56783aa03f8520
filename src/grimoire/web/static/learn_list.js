// The tutorials' links, for the lobby's "Learn to play" panel and the /learn page.
import { api, el } from "./common.js";
import { t } from "./language.js";

export async function tutorialItems() {
  try {
    const { tutorials } = await api("GET", "/api/learn");
    if (!tutorials.length) return [el("li.muted", { text: t("none") })];
    return tutorials.map((item) =>
      el(
        "li.game-item",
        { "data-learn": item.name },
        el("div.game-item-main", {}, el("strong", { text: item.title }), el("div.small.muted", { text: t("{count} steps, then a short game", { count: item.steps }) })),
        el("div.game-item-links", {}, el("a.button.primary.small", { href: item.url, text: t("Learn to play") })),
      ),
    );
  } catch (error) {
    return [el("li.muted", { text: error.message })];
  }
}
