"""Log lines (``describe``, per viewer), the pending decision in words, and action fields.

Hidden things are told only to the seats that may know them: a secret rune dealt, the dice
taken and the die passed in a quick draft, the claims sealed in simultaneous play. The others
read a neutral line that names the seat (who acts is public anyway).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.state import CHANCE
from grimoire.games.runika.actions import DIRS
from grimoire.games.runika.components import FACES, SIDES
from grimoire.games.runika.patterns import cell_name

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


def describe(st: RunikaState, actor: int, action: int, viewer: int | None) -> str:
    comp = st.comp
    if actor == CHANCE:
        event = st.chance[0]
        kind, seat = event["k"], event.get("s", -1)
        if kind == "first":
            return f"seat {action} takes the initiative token"
        if kind == "solo_prof":
            return f"{comp.professors[action].name} is turned over (solo)"
        if kind == "rune":
            return f"{comp.runes[action].name} is laid out on the display"
        if kind == "deal":
            if viewer == seat:
                return f"you are dealt the secret rune {comp.runes[action].name}"
            return f"seat {seat} is dealt a secret rune"
        if kind == "ach":
            return f"seat {seat} gains the achievement {comp.achievements[action].name}"
        if kind == "bag":
            colour = comp.colours[action].name
            to = event["to"]
            if to == "qhand":
                return f"you take a {colour} die" if viewer == seat else f"seat {seat} takes a die"
            if to == "middle":
                return f"a {colour} die is drawn for the draft"
            if to == "remove":
                return f"a {colour} die is removed from the bag"
            return f"seat {seat} draws a {colour} die"
        die = comp.die_text(4 * event["c"] + action)
        return f"seat {seat} rolls {die}"
    words = st.codec.to_text(action)
    if st.phase == "pass":
        return f"you pass {words[5:]}" if viewer == actor else f"seat {actor} passes a die"
    stack = st.stacks[actor] if st.phase == "turns" else []
    if st.rules.simultaneous and stack and stack[0]["st"] == "claims" and viewer != actor:
        return f"seat {actor} makes a sealed claim choice"
    return f"seat {actor}: {words}"


def prompt(st: RunikaState, viewer: int | None) -> str:
    """The pending decision in words (never a hidden detail)."""
    if st.phase == "over":
        return f"the game is over ({st.ended})"
    if st.chance:
        return "chance: " + _chance_words(st)
    if st.phase == "draft":
        return f"seat {st.draft_seat} takes a die from the middle"
    if st.phase == "pass":
        return "quick draft: every player passes one die in secret"
    if st.phase != "turns":
        return "the round ends"
    seats = sorted(s for s in range(st.n) if st.stacks[s])
    return "; ".join(_seat_prompt(st, s, viewer) for s in seats)


def _chance_words(st: RunikaState) -> str:
    kind = st.chance[0]["k"]
    return {
        "first": "the initiative holder is drawn",
        "solo_prof": "the solo professor is drawn",
        "rune": "a rune is drawn for the display",
        "deal": "a secret rune is dealt",
        "ach": "an achievement card is drawn",
        "bag": "a die is drawn from the bag",
        "roll": "a die is rolled",
    }[kind]


STAGE_WORDS = {
    "reroll": "re-roll (discard a die to re-roll others) or done",
    "resolve": "resolve a stored die",
    "claims": "claim runes or done",
}
FRAME_WORDS = {
    "pick": "mark dice to re-roll, then roll",
    "die": "resolve the die",
    "fort": "Fortification: keep the die pushed off?",
    "quarry": "Quarry: turn the disc clockwise?",
    "at": "where does the claimed pattern lie?",
}


def _seat_prompt(st: RunikaState, seat: int, viewer: int | None) -> str:
    stack = st.stacks[seat]
    if st.rules.simultaneous and stack[0]["st"] == "claims" and viewer != seat:
        return f"seat {seat} chooses its sealed claims"
    top = stack[-1]
    if top["k"] == "main":
        words = STAGE_WORDS.get(top["st"], top["st"])
    elif top["k"] == "die":
        words = f"{FRAME_WORDS['die']} {st.comp.die_text(top['d'])}"
    elif top["k"] == "ab":
        words = f"ability {top['kind'].replace('_', ' ')}"
    else:
        words = FRAME_WORDS[top["k"]]
    return f"seat {seat}: {words}"


def action_fields(st: RunikaState, action: int) -> dict[str, Any]:
    """Structured fields of a player action, for interfaces to match clicks."""
    comp = st.comp
    kind, arg = st.codec.decode(action)
    doc: dict[str, Any] = {"kind": kind}
    if kind in ("draft", "pass", "luniorn", "orient"):
        doc["colour"] = comp.letters[arg]
    elif kind in ("discard", "reroll", "resolve", "keep", "die"):
        doc["die"] = comp.die_text(arg)
        doc["colour"], doc["face"] = comp.letters[arg // 4], FACES[arg % 4]
    elif kind == "enter":
        doc["side"], doc["lane"] = SIDES[arg // 4], arg % 4 + 1
    elif kind in ("professor", "charm"):
        doc["professor"] = comp.professors[arg].id
    elif kind == "cell":
        doc["cell"], doc["row"], doc["col"] = cell_name(arg), arg // 4 + 1, "abcd"[arg % 4]
    elif kind == "dir":
        doc["dir"] = DIRS[arg]
    elif kind == "line":
        doc["line"] = f"row {arg + 1}" if arg < 4 else f"col {'abcd'[arg - 4]}"
    elif kind == "seat":
        doc["seat"] = arg
    elif kind == "ability":
        doc["card"] = st.codec.card_id(arg)
    elif kind == "claim":
        doc["rune"] = comp.runes[arg].id
    elif kind == "at":
        doc["cell"], doc["rotation"] = cell_name(arg // 4), 90 * (arg % 4)
    return doc
