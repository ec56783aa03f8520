// F.A.T.A.L.'s page renderer for the grimoire web app (see docs/web-api.md, "Game renderers").
//
// render(root, payload, act) draws the table from payload.view (FatalState.view) only: the
// display and the decks, every player's panel (character when known, counts, treasures, both
// vision rows with each card turned as it lies: straight, reversed or sideways), the viewer's
// hand, treasures and known facts, and the prompt of the pending decision (the Shield window and
// the sealed reveal are shown as prompts to the seat that must answer). A spectator's view has no
// hand, so none is drawn.
//
// Clickable things carry data attributes that match the legal actions' JSON fields
// (FatalState.action_to_json): data-card (hand and looked-at cards: play, enchant, discard,
// keep), data-slot (display), data-treasure (own treasures, the looked-at top), data-seat +
// data-row (a row on the table: steal, Wind of Oblivion, Magical Swap), data-row +
// data-place (one of your own cards: Magical Swap), data-seat + data-kind="seat" (a player:
// targets, gifts, Pickpocket, Unmasking) and data-kind buttons (done, exchange, shield, allow,
// reveal, hide, cast, to-row). The page wires the clicks and opens a menu where one thing stands
// for several actions (a hand card that may go to either row).
// Its own words are marked tg("...") and translated from F.A.T.A.L.'s catalogue (domain "fatal",
// embedded in the game page; see docs/i18n.md); the prompt and the action labels come translated
// in the payload. Card ids and names, treasure names, DRAW/TAKE/STEAL/DISCARD, ONE/SECOND and the
// symbols stay as in the data.

import { el as h, seatName } from "/static/common.js";
import { tg } from "/static/language.js";

// The cards' printed faces by name (made from the shipped data: grimoire/games/fatal/faces.py).
const CARDS = await fetch(new URL("./cards.json", import.meta.url))
  .then((answer) => (answer.ok ? answer.json() : {}))
  .catch(() => ({}));
const ORIENT_TEXT = { straight: () => tg("straight"), reversed: () => tg("reversed"), sideways: () => tg("sideways") };
const SYMBOL = { stone: "◆", multiblade: "✶", parchment: "✉", none: "·" };
const TYPE_ICON = { DRAW: "DRAW", TAKE: "TAKE", STEAL: "STEAL", DISCARD: "DISCARD" };
const LETTER_CLASS = { R: "red", Y: "yellow", B: "blue", G: "green", V: "violet" };
const BUTTON_KINDS = ["done", "exchange", "shield", "allow", "reveal", "hide", "cast", "to-row"];

function stars(n) {
  return n ? "★".repeat(n) : "";
}

function treasureNode(name, attrs = {}, extra = "") {
  if (name === null || name === undefined) return h("span", { class: "fatal-treasure empty", text: "—" });
  const colour = name === "Queen" ? "queen" : LETTER_CLASS[name[0]] || "";
  const text = name === "Queen" ? "♛" : name.slice(1);
  return h("span", { class: `fatal-treasure c-${colour} ${extra}`.trim(), title: name, ...attrs, text });
}

// A vision in a row: the part that shows in its orientation is what counts.
function rowCard(cell, attrs = {}) {
  const orient = cell.orientation;
  const shows =
    orient === "straight" ? TYPE_ICON[cell.type] : orient === "reversed" ? cell.target : tg("tip");
  return h(
    "div",
    {
      class: `fatal-card vision o-${orient} sym-${cell.symbol}`,
      title: tg("{card}: {orientation}, {type} {symbol}, shows {shows} {stars}", {
        card: cell.card,
        orientation: ORIENT_TEXT[orient] ? ORIENT_TEXT[orient]() : orient,
        type: cell.type,
        symbol: cell.symbol,
        shows,
        stars: stars(cell.stars),
      }),
      "data-orientation": orient,
      ...attrs,
    },
    h("span", { class: "fatal-id", text: cell.card }),
    h("span", { class: "fatal-symbol", text: SYMBOL[cell.symbol] || "·" }),
    h("span", { class: "fatal-shows", text: shows }),
    h("span", { class: "fatal-stars", text: stars(cell.stars) }),
  );
}

// A card in a hand (or looked at) shows its face: a vision what it shows straight (▲ its type),
// reversed (▼ its target) and sideways (▶ the tip's stars) with its symbol; an enchantment its
// name and effect (the effect in the page's language when the catalogue knows the text).
function handCard(name, extra = "") {
  const face = CARDS[name];
  const vision = face ? face.kind === "vision" : /^V\d\d$/.test(name);
  const attrs = { class: `fatal-card hand ${vision ? "vision" : "enchantment"} ${extra}`.trim(), "data-card": name };
  if (!face) return h("div", { ...attrs, title: name }, h("span", { class: "fatal-id", text: name }));
  if (!vision) {
    const effect = tg(face.text);
    return h(
      "div",
      { ...attrs, title: `${name}: ${effect}` },
      h("span", { class: "fatal-name", text: name }),
      h("span", { class: "fatal-effect", text: effect }),
    );
  }
  const [head, foot, tip] = face.stars;
  return h(
    "div",
    {
      ...attrs,
      title: tg("{card}: straight {type} {head}, reversed {target} {foot}, sideways {tip}; symbol {symbol}", {
        card: name,
        type: face.type,
        head: stars(head),
        target: face.target,
        foot: stars(foot),
        tip: stars(tip),
        symbol: face.symbol,
      }).replace(/ +([,;])/g, "$1"),
    },
    h("span", { class: "fatal-id" }, name, " ", h("span", { class: "fatal-symbol", text: SYMBOL[face.symbol] || "·" })),
    h("span", { class: "fatal-face" }, "▲ ", h("b", { text: face.type }), h("span", { class: "fatal-stars", text: ` ${stars(head)}` })),
    h("span", { class: "fatal-face" }, "▼ ", h("b", { text: face.target }), h("span", { class: "fatal-stars", text: ` ${stars(foot)}` })),
    h("span", { class: "fatal-face" }, "▶ ", tg("tip"), h("span", { class: "fatal-stars", text: ` ${stars(tip)}` })),
  );
}

function rowsNode(payload, seatView, mine) {
  return h(
    "div",
    { class: "fatal-rows" },
    seatView.rows.map((row, r) =>
      h(
        "div",
        { class: "fatal-row", "data-seat": seatView.seat, "data-row": r + 1, title: tg("row {row}", { row: r + 1 }) },
        h("span", { class: "fatal-row-label", text: `${r + 1}` }),
        row.length
          ? row.map((cell, p) => rowCard(cell, mine ? { "data-row": r + 1, "data-place": p + 1 } : {}))
          : h("span", { class: "fatal-empty", text: tg("empty") }),
      ),
    ),
  );
}

function seatPanel(payload, view, seatView, toAct) {
  const s = seatView.seat;
  const you = payload.viewer === s;
  const classes = ["fatal-seat", `seat-${s}`];
  if (you) classes.push("you");
  if (toAct.includes(s)) classes.push("to-act");
  if (seatView.out) classes.push("out");
  if (view.turn === s) classes.push("turn");
  // a known character always with its colour: the colour of the treasures the chart scores
  const signText = seatView.character ? tg("{sign} ({colour})", { sign: seatView.character, colour: tg(seatView.colour) }) : "";
  const character = seatView.character
    ? h("span", {
        class: `fatal-sign c-${seatView.colour}`,
        text: seatView.revealed ? tg("{sign} revealed", { sign: signText }) : you ? tg("{sign}, your secret", { sign: signText }) : signText,
        title: tg("opposing sign: {sign}", { sign: seatView.opposing }),
      })
    : h("span", { class: "fatal-sign unknown", text: tg("? hidden sign") });
  // the stars as the game counts them for the treasure check: Falling Star adds 2 this turn
  const bonus = view.turn === s ? (view.turn_state || {}).bonus || 0 : 0;
  const starCount = bonus
    ? tg("★ {total} ({stars} + {bonus} Falling Star)", { total: seatView.stars + bonus, stars: seatView.stars, bonus })
    : tg("★ {stars}", { stars: seatView.stars });
  const treasures = h("div", { class: "fatal-treasures" });
  for (const name of seatView.face_up) {
    treasures.append(treasureNode(name, you ? { "data-treasure": name } : {}, "face-up"));
  }
  if (seatView.treasures) {
    for (const name of seatView.treasures) treasures.append(treasureNode(name, { "data-treasure": name }));
  } else {
    treasures.append(h("span", { class: "fatal-down", text: tg("{count} face down", { count: seatView.treasure_count }) }));
    for (const name of seatView.known_treasures || []) treasures.append(treasureNode(name, {}, "known"));
  }
  const known = (seatView.known_hand || []).length
    ? h("div", { class: "fatal-known", text: tg("You know this hand holds: {cards}", { cards: seatView.known_hand.join(", ") }) })
    : null;
  return h(
    "section",
    { class: classes.join(" ") },
    h(
      "header",
      { class: "fatal-seat-head", "data-seat": s, "data-kind": "seat" },
      h("strong", { class: "gr-name", text: you ? tg("{name} (you)", { name: seatName(payload, s) }) : seatName(payload, s) }),
      character,
      seatView.out ? h("span", { class: "badge out", text: tg("out") }) : null,
      h("span", { class: "fatal-count", text: tg("hand {hand} · set aside {aside}", { hand: seatView.hand_count, aside: seatView.aside_count }) + " · " + starCount }),
    ),
    treasures,
    rowsNode(payload, seatView, you),
    known,
  );
}

// "seat 2" as the payload's texts say it in this language ("Platz 2", "席2")
function seatPattern() {
  const words = tg("seat {seat}").replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  return new RegExp(words.replace("{seat}", "(\\d)(?!\\d)"), "g");
}

function topFrame(view) {
  const stack = view.stack || [];
  return stack.length ? stack[stack.length - 1] : null;
}

function promptNode(payload, view) {
  const frame = topFrame(view);
  const mine = payload.your_turn;
  const box = h("div", { class: `fatal-prompt${mine ? " mine" : ""}` });
  if (frame && frame.k === "shield" && payload.viewer === frame.s) {
    box.append(
      h("strong", { text: tg("{name}'s trimagic targets you.", { name: seatName(payload, frame.by) }) }),
      " " + tg("Play Elemental Shield to cancel it, or allow it."),
    );
  } else if (view.reveal && payload.viewer !== null) {
    const chosen = view.reveal.my_choice;
    box.append(
      h("strong", { text: tg("End of round 1: reveal your character?") }),
      " " +
        (chosen === "reveal"
          ? tg("You chose to reveal; waiting for the others.")
          : chosen
            ? tg("You chose to hide; waiting for the others.")
            : tg("Everyone chooses at once: revealing draws a card and keeps one treasure of your colour face up, but your opposing sign may hunt you.")),
    );
  } else {
    // the engine's prompt (in the page's language) names seats by number, counted from 1:
    // say their names
    box.append((view.prompt || "").replace(seatPattern(), (_, n) => seatName(payload, Number(n) - 1)));
  }
  return box;
}

function buttonsNode(payload) {
  const actions = (payload.actions || []).filter((a) => BUTTON_KINDS.includes(a.kind));
  if (!actions.length) return null;
  return h(
    "div",
    { class: "fatal-buttons" },
    actions.map((action) => h("button", { type: "button", class: `fatal-button k-${action.kind}`, "data-kind": action.kind, ...(action.row ? { "data-row": action.row } : {}), text: action.text })),
  );
}

function tableNode(payload, view) {
  const deck = view.treasure_deck;
  const display = h(
    "div",
    { class: "fatal-display" },
    h("span", { class: "fatal-label", text: tg("Display") }),
    view.display.map((name, i) => h("div", { class: "fatal-slot", "data-slot": i + 1, title: tg("slot {slot}", { slot: i + 1 }) }, treasureNode(name))),
  );
  const info = h(
    "div",
    { class: "fatal-decks" },
    h("span", { text: deck.queen_revealed ? tg("The Queen is revealed") : tg("Treasure deck {count} (the Queen among the last {last})", { count: deck.count, last: Math.max(deck.count - deck.above_queen_pool, 0) }) }),
    deck.under.length ? h("span", { text: " · " + tg("under it: {cards}", { cards: deck.under.join(" ") }) }) : null,
    h("span", { text: " · " + tg("playing deck {deck} · discard {discard}", { deck: view.deck_count, discard: view.discard.length }) + (view.discard.length ? " " + tg("(top {card})", { card: view.discard[view.discard.length - 1] }) : "") }),
    view.in_effect && view.in_effect.length ? h("span", { text: " · " + tg("in effect: {cards}", { cards: view.in_effect.join(", ") }) }) : null,
  );
  const top = deck.known_top.length
    ? h(
        "div",
        { class: "fatal-top" },
        h("span", { class: "fatal-label", text: tg("You know the top:") }),
        deck.known_top.map((k) => h("span", { class: "fatal-top-item" }, `${k.place}:`, treasureNode(k.treasure, { "data-treasure": k.treasure }))),
      )
    : null;
  return h("div", { class: "fatal-table" }, display, info, top);
}

// Who you are, always in sight: your character and its colour, your opposing sign.
function secretNode(me) {
  if (!me.character) return null;
  const sign = tg("{sign} ({colour})", { sign: me.character, colour: tg(me.colour) });
  return h(
    "div",
    { class: `fatal-secret c-${me.colour}`, "data-secret": me.colour },
    h("strong", { text: me.revealed ? tg("You are {sign} (revealed).", { sign }) : tg("You are {sign}, secretly.", { sign }) }),
    " ",
    tg("Your opposing sign: {rival}. Revealed, your {colour} treasures score by the chart 1, 3, 6, 10, 15.", { rival: me.opposing, colour: tg(me.colour) }),
  );
}

// What the codes on this page mean.
function legendNode() {
  return h(
    "p",
    { class: "fatal-legend" },
    tg("▲ straight: its type · ▼ reversed: ONE/SECOND · ▶ sideways: its tip · ★ a star (3 take a display treasure)"),
    h("br"),
    tg("Symbols: ◆ stone beats ✶ multiblade beats ✉ parchment beats ◆ stone; · none. Treasures: colour letter + value (Y3: yellow, worth 3); ♛ the Queen ends the round."),
    h("br"),
    tg("Trimagics (a row of 3 cards): DRAW the target gets cards the caster draws; TAKE the target gets display treasures; STEAL the caster takes random face-down treasures of the target; DISCARD the target discards random cards. ONE: one target, SECOND: a second one too. 1 each, 2 when the 2nd card's foot stars and the 3rd card's tip stars make 2"),
  );
}

function mineNode(payload, view) {
  if (payload.viewer === null || payload.viewer === undefined) return null;
  const me = view.seats[payload.viewer];
  if (!me || !me.hand) return null;
  const parts = [
    secretNode(me),
    h("div", { class: "fatal-hand" }, h("span", { class: "fatal-label", text: tg("Your hand") }), me.hand.length ? me.hand.map((name) => handCard(name)) : h("span", { class: "fatal-empty", text: tg("empty") })),
  ];
  if (view.looking && view.looking.cards) {
    parts.push(h("div", { class: "fatal-looking" }, h("span", { class: "fatal-label", text: tg("You look at") }), view.looking.cards.map((name) => handCard(name, "looked"))));
  }
  return h("div", { class: "fatal-mine" }, parts);
}

export function render(root, payload, act) {
  const view = payload.view || {};
  if (!view.seats) {
    root.append(h("p", { text: tg("Waiting for the game to start.") }));
    return;
  }
  const toAct = payload.to_act || [];
  const head = h(
    "div",
    { class: "fatal-head" },
    h("strong", { text: tg("Round {round}", { round: view.round }) }),
    view.turn >= 0 ? " · " + tg("{name}'s turn", { name: seatName(payload, view.turn) }) : "",
    view.round1 ? h("span", { class: "fatal-tally", text: " · " + tg("round 1 tally: {tally}", { tally: view.round1.map((points, s) => `${seatName(payload, s)} ${points}`).join(" · ") }) }) : null,
  );
  root.append(
    h(
      "div",
      { class: "fatal" },
      head,
      promptNode(payload, view),
      buttonsNode(payload),
      tableNode(payload, view),
      mineNode(payload, view),
      h("div", { class: "fatal-seats" }, view.seats.map((seatView) => seatPanel(payload, view, seatView, toAct))),
      legendNode(),
    ),
  );
}
