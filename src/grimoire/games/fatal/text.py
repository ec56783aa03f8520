"""Texts: chance outcomes, the log line each viewer may read (``describe``), the prompt of
the pending decision, and structured action fields for interfaces.

``describe`` is deterministic and depends only on the position, the action and the viewer;
private notices (a card drawn, a character dealt, a treasure stolen unseen, a sealed choice)
go only to the seats that may know them, the others read a neutral line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.state import CHANCE

if TYPE_CHECKING:
    from grimoire.games.fatal.state import FatalState, Frame


def _card(st: FatalState, kind: int) -> str:
    comp = st.comp
    name = comp.card_name(kind)
    if comp.is_vision(kind):
        v = comp.visions[kind]
        return f"{name} ({v.type} {v.symbol})"
    return name


def _treasure(st: FatalState, kind: int) -> str:
    return st.comp.treasure_name(kind)


def _face_up(st: FatalState, seat: int, kind: int) -> bool:
    """Whether a treasure of ``kind`` joining ``seat`` lies face up (public)."""
    if not st.revealed[seat] or kind == st.comp.queen:
        return False
    return st.comp.treasure_kinds[kind][0] == st.char[seat]


def chance_text(st: FatalState, outcome: int) -> str:
    """The full truth about a chance outcome (records, the omniscient log)."""
    f = st.stack[-1]
    kind = f["k"]
    comp = st.comp
    if kind == "char":
        return f"seat {f['s']} is {comp.signs[outcome].name}"
    if kind == "first":
        return f"seat {outcome} starts"
    if kind == "draw":
        verb = {"hand": "draws", "aside": "sets aside", "look": "looks at"}[f["to"]]
        return f"seat {f['s']} {verb} {comp.card_name(outcome)}"
    if kind == "tdraw":
        if f["to"] == "top":
            return f"seat {f['s']} sees {_treasure(st, outcome)}"
        if outcome == comp.queen:
            return "the Enchantress Queen is revealed"
        return f"{_treasure(st, outcome)} to slot {f['slot'] + 1}"
    if kind == "rsteal":
        return f"seat {f['s']} steals {_treasure(st, outcome)} from seat {f['v']}"
    if kind == "rcard":
        if f["s"] < 0:
            return f"seat {f['v']} discards {comp.card_name(outcome)}"
        return f"seat {f['s']} takes {comp.card_name(outcome)} from seat {f['v']}"
    if kind == "share":
        return f"seat {f['to']} gets {_treasure(st, outcome)} of seat {f['v']}"
    return f"outcome {outcome}"


def describe(st: FatalState, actor: int, action: int, viewer: int | None) -> str:
    if actor == CHANCE:
        return _describe_chance(st, action, viewer)
    f = st.stack[-1]
    kind = f["k"]
    name, args = st.codec.decode(action)
    me = viewer == actor
    if kind == "reveal":
        if me:
            return f"you choose to {name} your character"
        return f"seat {actor} has chosen"
    if kind == "xkeep":
        return f"you keep {_card(st, args[0])}" if me else f"seat {actor} keeps a card"
    if kind == "gorder":
        if me:
            return f"you put {_treasure(st, args[0])} at position {f['i'] + 1} of the deck"
        return f"seat {actor} puts a treasure back on the deck"
    return f"seat {actor}: {public_text(st, f, action)}"


def public_text(st: FatalState, f: Frame, action: int) -> str:
    """An action everyone sees, in words."""
    name, args = st.codec.decode(action)
    kind = f["k"]
    if name == "done":
        return {
            "act1": "no enchantment",
            "steal": "no steal",
            "play": "no more visions",
            "xdisc": "discards no more cards",
            "keep": "keeps no treasure",
            "slot": "takes no treasure",
        }.get(kind, "done")
    if name == "exchange":
        return "gives up a treasure to exchange cards"
    if name == "shield":
        return f"plays Elemental Shield against seat {f['by']}"
    if name == "allow":
        return f"does not shield against seat {f['by']}"
    if name == "enchant":
        return f"plays {st.comp.card_name(args[0])}"
    if name == "play":
        return f"plays {_card(st, args[0])} to row {args[1] + 1}"
    if name == "steal":
        return f"steals the last vision of seat {args[0]}'s row {args[1] + 1}"
    if name == "to_row":
        return f"puts the stolen vision in row {args[0] + 1}"
    if name == "card":
        verb = "discards" if kind in ("xdisc", "discard") else "chooses"
        return f"{verb} {_card(st, args[0])}"
    if name == "treasure":
        verb = {
            "xgive": "gives up (to the bottom of the treasure deck)",
            "trade": "trades",
            "keep": "keeps face up",
        }.get(kind, "chooses")
        return f"{verb} {_treasure(st, args[0])}"
    if name == "slot":
        t = st.display[args[0]]
        what = _treasure(st, st.tkind(t)) if t >= 0 else "nothing"
        if f["k"] == "slot" and f["m"] == "take":
            return f"gives {what} (slot {args[0] + 1}) to seat {f['t']}"
        return f"takes {what} from slot {args[0] + 1}"
    if name == "seat":
        x = args[0]
        return {
            "gift": f"gives the treasure to seat {x}",
            "target": f"targets seat {x}",
            "pick": f"picks a card from seat {x}'s hand",
            "unmask": f"looks at seat {x}'s character",
        }.get(kind, f"chooses seat {x}")
    if name == "row":
        verb = "blows away the last vision of" if kind == "wind" else "swaps with"
        return f"{verb} seat {args[0]}'s row {args[1] + 1}"
    if name == "mine":
        return f"swaps their row {args[0] + 1} card {args[1] + 1}"
    if name == "cast":
        return f"casts row {args[0] + 1} first"
    return st.codec.to_text(action)


def _describe_chance(st: FatalState, outcome: int, viewer: int | None) -> str:
    f = st.stack[-1]
    kind = f["k"]
    comp = st.comp
    truth = chance_text(st, outcome)
    if kind == "char":
        s = f["s"]
        if viewer == s:
            sign = comp.signs[outcome]
            rival = comp.signs[st.lay.opposing(outcome)]
            return (
                f"you are {sign.name} ({sign.colour}); your opposing sign is "
                f"{rival.name} ({rival.colour})"
            )
        return f"seat {s} is dealt a character"
    if kind == "draw":
        s, to = f["s"], f["to"]
        if to == "aside":
            return f"seat {s} sets a card aside face down"
        if viewer == s:
            verb = "draw" if to == "hand" else "look at"
            return f"you {verb} {_card(st, outcome)}"
        return f"seat {s} draws a card" + ("" if to == "hand" else " to look at")
    if kind == "tdraw" and f["to"] == "top":
        if viewer == f["s"]:
            return f"you see {_treasure(st, outcome)} (Crystal Gaze)"
        return f"seat {f['s']} looks at a treasure of the deck"
    if kind == "rsteal":
        s, v = f["s"], f["v"]
        if viewer in (s, v) or _face_up(st, s, outcome):
            return truth
        return f"seat {s} steals a treasure from seat {v}"
    if kind == "rcard" and f["s"] >= 0:
        s, v = f["s"], f["v"]
        if viewer in (s, v):
            return truth
        return f"seat {s} takes a card from seat {v}"
    if kind == "share":
        to = f["to"]
        if viewer == to or _face_up(st, to, outcome):
            return truth
        return f"seat {to} gets a treasure of seat {f['v']}"
    return truth


# ---------------------------------------------------------------------- prompt
PROMPTS = {
    "act1": "step 1: play an enchantment, exchange cards for a treasure, or done",
    "steal": "step 2: steal the last vision of a row, or done",
    "torow": "which of your rows takes the stolen vision",
    "play": "step 3: play a vision into a row, or done",
    "xgive": "exchange: give up a treasure valued 1, 2 or 3",
    "xdisc": "exchange: discard a card (up to four), or done",
    "xkeep": "exchange: keep a card of the four you drew",
    "gift": "give the treasure to a player (yourself included)",
    "target": "choose the trimagic's target",
    "cast": "two trimagics: which row casts first",
    "discard": "discard down to six cards",
    "swapmy": "Magical Swap: one of your visions",
    "swapth": "Magical Swap: a row of another player (same position)",
    "wind": "Wind of Oblivion: the row whose last vision is discarded",
    "pick": "Pickpocket: whose hand",
    "unmask": "Unmasking: whose character",
    "trade": "Fairy Trade: one of your treasures",
    "gorder": "Crystal Gaze: the next treasure from the top",
    "keep": "keep one treasure of your colour face up, or done",
}


def prompt(st: FatalState) -> str:
    """The pending decision in words (public)."""
    if st.phase == "over":
        if st.special >= 0:
            return f"game over: seat {st.special} eliminated its opposing sign"
        return "game over"
    f = st.stack[-1]
    kind = f["k"]
    if kind == "reveal":
        return "end of round 1: everyone chooses at once to reveal or hide their character"
    if kind == "shield":
        return f"seat {f['s']}: Elemental Shield against seat {f['by']}'s trimagic, or allow"
    if kind == "slot":
        if f["m"] == "star":
            what = "3 or more stars: take a display treasure"
        elif f["m"] == "take":
            what = f"TAKE: a display treasure for seat {f['t']}"
        else:
            what = "Fairy Trade: a display treasure"
        return f"seat {f['s']}: {what}"
    if kind in PROMPTS:
        return f"seat {f['s']}: {PROMPTS[kind]}"
    return f"chance: {kind}"


def action_fields(st: FatalState, action: int) -> dict[str, Any]:
    """Structured fields of a player action for interfaces to match."""
    name, args = st.codec.decode(action)
    comp = st.comp
    doc: dict[str, Any] = {"kind": name.replace("_", "-")}
    if name in ("enchant", "card"):
        doc["card"] = comp.card_name(args[0])
    elif name == "play":
        doc["card"], doc["row"] = comp.card_name(args[0]), args[1] + 1
    elif name in ("steal", "row"):
        doc["seat"], doc["row"] = args[0], args[1] + 1
    elif name in ("to_row", "cast"):
        doc["row"] = args[0] + 1
    elif name == "treasure":
        doc["treasure"] = comp.treasure_name(args[0])
    elif name == "slot":
        doc["slot"] = args[0] + 1
    elif name == "seat":
        doc["seat"] = args[0]
    elif name == "mine":
        doc["row"], doc["place"] = args[0] + 1, args[1] + 1
    return doc
