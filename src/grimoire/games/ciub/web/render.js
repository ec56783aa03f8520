// Ciúb's page renderer for the grimoire web app (see docs/web-api.md, "Game renderers").
//
// render(root, payload, act) draws the spell-card rows, the supply, every player's dice (active
// dice and the tray) and the turn's buttons, from payload.view (CiubState.view) only.
// Clickable things carry data attributes that match the legal actions' JSON fields:
//   data-card="21"   cards   (mark, remove, claim, move down)
//   data-die="W3"    dice    (use, target, set aside, return, trade, whiten, swap)
//   data-colour="red" supply (take, pick, and swap ... for red)
//   data-kind="roll" buttons (pass, roll, stop, done, cancel, no claim, end turn, face)
// The page wires the clicks (a menu appears where one thing stands for several actions).
// Its own words are marked tg("...") and translated from Ciúb's catalogue (domain "ciub",
// embedded in the game page; see docs/i18n.md); the action labels come translated in the payload.

import { el as h, seatName } from "/static/common.js";
import { tg } from "/static/language.js";

const GLYPH = { swap: "⇄", reroll: "↻", adjust: "✎", two_for_one: "2:1", skull: "☠" };
const FACE_NAME = { swap: tg("swap"), reroll: tg("re-roll"), adjust: tg("adjust"), two_for_one: "2:1", skull: tg("skull") };
const COLOURS = ["white", "yellow", "orange", "red", "green", "purple", "blue"];
const BUTTON_KINDS = ["roll", "stop", "done", "pass", "no_claim", "cancel", "end_turn", "face"];
const PHASES = [
  ["mark", () => tg("1 Marker")],
  ["actions", () => tg("2 Dice")],
  ["claim", () => tg("3 Spell")],
  ["trade", () => tg("4 Trade")],
];
const PHASE_OF = {
  mark: "mark", actions: "actions", set_aside: "actions", roll: "actions",
  claim: "claim", move_down: "claim", reduce: "claim", take: "claim", draw: "claim",
  trade: "trade",
};

function faceLabel(face) {
  if (face === null || face === undefined) return "";
  return GLYPH[face] || face;
}

// ---------------------------------------------------------------------------------- cards
function need(card) {
  const box = h("div", { class: "ciub-need" });
  if (card.letter === "D" || card.name) {
    box.append(h("span", { class: "ciub-opus", text: card.name || "Opus Magnum" }));
    return box;
  }
  let match = card.need.match(/^(\d+)\+$/);
  if (match) {
    box.append(h("span", { class: "ciub-sum", text: `${match[1]}+` }), h("small", { text: tg("sum") }));
    return box;
  }
  match = card.need.match(/^(\d+)=$/);
  if (match) {
    const same = h("span", { class: "ciub-same" });
    for (let i = 0; i < Number(match[1]); i += 1) same.append(h("span", { class: "ciub-pip blank", text: "=" }));
    box.append(same, h("small", { text: tg("{count} alike", { count: match[1] }) }));
    return box;
  }
  const faces = h("span", { class: "ciub-faces" });
  for (const face of card.need.split(",")) faces.append(h("span", { class: `ciub-pip n${face}`, text: face }));
  box.append(faces);
  return box;
}

// A chance as a whole percentage that never rounds a possibility to 0% or 100%.
function percent(chance) {
  if (chance > 0 && chance < 0.005) return "<1%";
  if (chance >= 0.995 && chance < 1) return ">99%";
  return `${Math.round(100 * chance)}%`;
}

// The exact odds beside a card (payload.aids.cards, CiubGame.aids): the first roll's chance
// before the seat has rolled, the best-play chance of the turn once it has (when found).
function oddsNode(payload, card) {
  const aids = payload.aids || {};
  const row = (aids.cards || []).find((r) => r.card === card.id);
  if (!row) return null;
  const who = seatName(payload, aids.seat);
  if (row.met) {
    // the tray meets it now: stopping claims it (a 100% below may still need dice set aside)
    return h("span", {
      class: "ciub-odds met",
      "data-odds": 1,
      "data-met": "1",
      title: tg("{name}: the tray meets this card now: stop, then claim it", { name: who }),
      text: "✓",
    });
  }
  if (row.first_roll !== null && row.first_roll !== undefined) {
    return h("span", {
      class: "ciub-odds first-roll",
      "data-odds": row.first_roll,
      title: tg("{name}: the exact chance that the first roll alone meets this card", { name: who }),
      text: `⚀${percent(row.first_roll)}`,
    });
  }
  if (row.turn !== null && row.turn !== undefined) {
    return h("span", {
      class: "ciub-odds turn",
      "data-odds": row.turn,
      title: tg("{name}: the exact chance of meeting this card this turn with the best play from here; not met yet: stopping now claims nothing", { name: who }),
      text: percent(row.turn),
    });
  }
  return null;
}

// tg() calls stay outside template literals: the catalogue's extractor misses them there
function cardTitle(payload, card, marked) {
  let title = tg("card {card}: {need} for {vp} VP", { card: card.id, need: card.need, vp: card.vp });
  if (card.owl) title += ` (${tg("owl")})`;
  if (marked) title += ", " + tg("marked by {name}", { name: seatName(payload, card.marker) });
  return title;
}

function cardNode(payload, card, extra = "") {
  const marked = card.marker !== null && card.marker !== undefined;
  return h(
    "div",
    {
      class: `ciub-card letter-${card.letter}${marked ? " marked" : ""}${extra}`,
      "data-card": card.id,
      title: cardTitle(payload, card, marked),
    },
    h("div", { class: "ciub-card-head" }, h("span", { class: "ciub-letter", text: card.letter }), h("span", { class: "ciub-id", text: `#${card.id}` }), card.owl ? h("span", { class: "ciub-owl", title: tg("owl: out of a short game"), text: tg("owl") }) : null),
    need(card),
    h(
      "div",
      { class: "ciub-foot" },
      extra ? null : oddsNode(payload, card),
      h("div", { class: "ciub-vp" }, h("span", { text: card.vp }), h("small", { text: tg("VP") })),
    ),
    marked ? h("span", { class: `ciub-marker seat-${card.marker}`, title: tg("{name}'s marker", { name: seatName(payload, card.marker) }), text: "◆" }) : null,
  );
}

function row(payload, title, cards, hint) {
  return h(
    "div",
    { class: "ciub-row" },
    h("div", { class: "ciub-row-title" }, h("b", { text: title }), hint ? h("small", { text: hint }) : null),
    h("div", { class: "ciub-cards" }, cards.length ? cards.map((c) => cardNode(payload, c)) : h("span", { class: "ciub-empty", text: tg("no cards") })),
  );
}

// ---------------------------------------------------------------------------------- dice
function dieNode(die, { small = false } = {}) {
  const classes = ["ciub-die", `c-${die.colour}`];
  if (!die.active) classes.push("inactive");
  if (die.spent) classes.push("spent");
  if (die.tray) classes.push("in-tray");
  if (small) classes.push("small");
  if (die.face && GLYPH[die.face]) classes.push("symbol");
  let state = die.active ? FACE_NAME[die.face] || die.face : tg("not rolled");
  if (die.tray) state += ", " + tg("in the tray");
  if (die.spent) state += ", " + tg("used");
  const title = tg("{die} ({colour}): {state}", { die: die.label, colour: tg(die.colour), state });
  return h(
    "div",
    {
      class: classes.join(" "),
      "data-die": die.label,
      title,
    },
    h("span", { class: "ciub-face", text: die.active ? faceLabel(die.face) : "·" }),
    h("span", { class: "ciub-label", text: die.label }),
  );
}

function seatBoard(payload, seatView, { main }) {
  const view = payload.view;
  const seat = seatView.seat;
  const active = seatView.dice.filter((d) => !d.tray);
  const tray = seatView.dice.filter((d) => d.tray);
  const you = seat === payload.viewer;
  const toAct = view.turn === seat && !payload.terminal;
  const counts = {};
  for (const die of seatView.dice) counts[die.colour] = (counts[die.colour] || 0) + 1;
  const opus = view.endgame && view.endgame.opus_holder === seat;
  return h(
    "section",
    { class: `ciub-seat${main ? " main" : ""}${toAct ? " to-act" : ""}${you ? " you" : ""}`, "data-seat": seat },
    h(
      "header",
      {},
      h("span", { class: `seat-dot seat-${seat}` }),
      h("b", { class: "gr-name", text: you ? tg("{name} (you)", { name: seatName(payload, seat) }) : seatName(payload, seat) }),
      toAct ? h("span", { class: "ciub-turn-tag", text: tg("to play") }) : null,
      opus ? h("span", { class: "ciub-turn-tag opus", text: "Opus Magnum" }) : null,
      h("span", { class: "ciub-dice-count", text: tg("{count} dice", { count: seatView.dice.length }) }),
      h("span", { class: "ciub-vp-total", text: tg("{count} VP", { count: seatView.vp }) }),
    ),
    h(
      "div",
      { class: "ciub-seat-body" },
      h(
        "div",
        { class: "ciub-area" },
        h("div", { class: "ciub-area-title", text: tg("Dice") }),
        h("div", { class: "ciub-dice" }, active.length ? active.map((d) => dieNode(d, { small: !main })) : h("span", { class: "ciub-empty", text: "—" })),
      ),
      h(
        "div",
        { class: "ciub-area tray" },
        h("div", { class: "ciub-area-title", text: tg("Tray") }),
        h("div", { class: "ciub-dice" }, tray.length ? tray.map((d) => dieNode(d, { small: !main })) : h("span", { class: "ciub-empty", text: tg("empty") })),
      ),
      seatView.claimed.length
        ? h(
            "div",
            { class: "ciub-area claimed" },
            h("div", { class: "ciub-area-title", text: tg("Spells") }),
            h("div", { class: "ciub-cards small" }, seatView.claimed.map((c) => cardNode(payload, c, " small"))),
          )
        : null,
    ),
    main ? null : h("div", { class: "ciub-colour-counts" }, COLOURS.filter((c) => counts[c]).map((c) => h("span", { class: `ciub-mini c-${c}`, title: tg(c), text: counts[c] }))),
  );
}

// ---------------------------------------------------------------------------------- the rest
function supplyNode(view) {
  return h(
    "div",
    { class: "ciub-supply" },
    h("div", { class: "ciub-row-title" }, h("b", { text: tg("Supply") })),
    h(
      "div",
      { class: "ciub-supply-dice" },
      COLOURS.map((colour) =>
        h(
          "div",
          { class: `ciub-supply-die c-${colour}${view.supply[colour] ? "" : " none"}`, "data-colour": colour, title: tg("{count} dice in the supply ({colour})", { count: view.supply[colour] || 0, colour: tg(colour) }) },
          h("span", { class: "ciub-count", text: view.supply[colour] || 0 }),
        ),
      ),
    ),
  );
}

function phaseTrack(view) {
  const current = PHASE_OF[view.phase];
  return h(
    "ol",
    { class: "ciub-phases" },
    PHASES.map(([key, label]) => h("li", { class: key === current ? "now" : "", text: label() })),
  );
}

function controls(payload) {
  const actions = (payload.actions || []).filter((a) => BUTTON_KINDS.includes(a.kind));
  if (!actions.length) return null;
  return h(
    "div",
    { class: "ciub-controls" },
    actions.map((action) =>
      h("button", {
        type: "button",
        class: `ciub-button k-${action.kind}`,
        "data-kind": action.kind,
        "data-face": action.kind === "face" ? action.face : null,
        text: action.kind === "face" ? action.text.replace(/^face /, "") : action.text,
      }),
    ),
  );
}

export function render(root, payload) {
  const view = payload.view;
  const seats = view.seats || [];
  const turn = view.turn;
  const pile = view.pile || {};
  const endgame = view.endgame || {};
  const finalRound = Boolean(endgame.triggered && endgame.opus_holder !== null && endgame.opus_holder !== undefined);

  const status = h(
    "div",
    { class: "ciub-status" },
    phaseTrack(view),
    h("div", { class: "ciub-help", text: payload.terminal ? tg("The game is over.") : view.phase_help }),
  );
  if (endgame.triggered) {
    // tg() calls not nested in another's arguments: the catalogue's extractor misses those
    const nobody = tg("none");
    const left = (endgame.final_turns_left || []).map((s) => seatName(payload, s)).join(", ") || nobody;
    const finalText = tg("Final turns: {seats} still to play. Cards may be claimed from either row.", { seats: left });
    const lastC = tg("The last C card is out: the next spell claimed also takes the Opus Magnum (5 VP).");
    status.append(h("div", { class: "ciub-endgame", text: finalRound ? finalText : lastC }));
  }

  const cards = h(
    "div",
    { class: "ciub-display" },
    h(
      "div",
      { class: "ciub-pile", title: tg("the draw pile: B cards on C cards on the Opus Magnum") },
      h("div", { class: "ciub-pile-stack" }, h("span", { text: (pile.B || 0) + (pile.C || 0) + (pile.D || 0) })),
      h("small", { text: `B ${pile.B || 0} · C ${pile.C || 0} · D ${pile.D || 0}` }),
    ),
    h(
      "div",
      { class: "ciub-rows" },
      row(payload, tg("Top row"), view.top || [], finalRound ? tg("claimable now") : tg("mark or remove")),
      row(payload, tg("Bottom row"), view.bottom || [], tg("claim with your tray")),
    ),
  );

  const order = seats.map((s) => s.seat);
  const mainSeat = seats.find((s) => s.seat === turn) || seats[0];
  const others = order.filter((s) => s !== mainSeat.seat);

  root.append(
    h(
      "div",
      { class: "ciub" },
      status,
      cards,
      h("div", { class: "ciub-middle" }, supplyNode(view), controls(payload)),
      seatBoard(payload, mainSeat, { main: true }),
      h("div", { class: "ciub-others" }, others.map((s) => seatBoard(payload, seats[s], { main: false }))),
    ),
  );
}
