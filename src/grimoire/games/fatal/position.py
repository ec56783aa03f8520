"""Position documents (the ``position`` part of ``State.to_json``) and views.

Cards are written by kind (``V07``, ``Pickpocket``), treasures as colour letter and value
(``R3``, ``Y-1``, ``Queen``), characters by sign name. In a hidden zone an entry is the name
alone when its knowledge mask is the zone's default (the owner for a hand, a face-down treasure
pile, a character and looked-at cards; nobody for the deck, the set-aside cards, the looked-at
top and the pool), else ``[name, mask]`` (bit ``s`` = seat s knows it, 32 = everyone).
Unordered zones (deck, pool) are written sorted. ``deck`` and ``t_pool`` may be left out of a
hand-written position: they then hold every card / treasure not placed elsewhere. The full
format is in docs/rules/fatal.md.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from grimoire.core.errors import InvalidPosition
from grimoire.games.fatal import rules, text
from grimoire.games.fatal.knowledge import viewer_bit

if TYPE_CHECKING:
    from grimoire.games.fatal.components import Components
    from grimoire.games.fatal.state import FatalState, Frame

PHASES = ("setup", "play", "over")


# ---------------------------------------------------------------------- dump
def _entries(names: list[str], masks: list[int], default: int) -> list[Any]:
    return [
        name if mask == default else [name, mask] for name, mask in zip(names, masks, strict=True)
    ]


def cards(st: FatalState, zone: list[int], default: int, *, ordered: bool = True) -> list[Any]:
    comp = st.comp
    pairs = [(comp.card_name(st.kind(c)), st.ck[c]) for c in zone]
    if not ordered:
        pairs.sort()
    return _entries([p[0] for p in pairs], [p[1] for p in pairs], default)


def treasures(st: FatalState, zone: list[int], default: int, *, ordered: bool = True) -> list[Any]:
    comp = st.comp
    pairs = [(comp.treasure_name(st.tkind(t)), st.tk[t]) for t in zone]
    if not ordered:
        pairs.sort()
    return _entries([p[0] for p in pairs], [p[1] for p in pairs], default)


def public_cards(st: FatalState, zone: list[int]) -> list[str]:
    return [st.comp.card_name(st.kind(c)) for c in zone]


def public_treasures(st: FatalState, zone: list[int]) -> list[str]:
    return [st.comp.treasure_name(st.tkind(t)) for t in zone]


def dump(st: FatalState) -> dict[str, Any]:
    comp, n = st.comp, st.n
    chars: list[Any] = []
    for s in range(n):
        if st.char[s] < 0:
            chars.append(None)
        else:
            name = comp.signs[st.char[s]].name
            chars.append(name if st.ck_char[s] == 1 << s else [name, st.ck_char[s]])
    return {
        "phase": st.phase,
        "round": st.round,
        "first": st.first,
        "turn": st.turn,
        "characters": chars,
        "revealed": list(st.revealed),
        "out": list(st.out),
        "hands": [cards(st, st.hands[s], 1 << s) for s in range(n)],
        "aside": [cards(st, st.aside[s], 0) for s in range(n)],
        "rows": [[public_cards(st, row) for row in st.rows[s]] for s in range(n)],
        "deck": cards(st, st.deck, 0, ordered=False),
        "discard": public_cards(st, st.discard),
        "in_effect": public_cards(st, st.active),
        "looking": cards(st, st.looking, 1 << st.looker if st.looker >= 0 else 0),
        "looker": st.looker,
        "display": [None if t < 0 else comp.treasure_name(st.tkind(t)) for t in st.display],
        "treasures": [treasures(st, st.tre[s], 1 << s) for s in range(n)],
        "face_up": [public_treasures(st, st.up[s]) for s in range(n)],
        "t_top": treasures(st, st.t_top, 0),
        "t_top_bot": st.t_top_bot,
        "t_pool": treasures(st, st.t_pool, 0, ordered=False),
        "t_mid": st.t_mid,
        "t_under": public_treasures(st, st.t_under),
        "queen_shown": st.queen_shown,
        "round1": None if st.round1 is None else list(st.round1),
        "sealed_reveal": list(st.sealed_reveal),
        "sealed_hide": list(st.sealed_hide),
        "turn_state": {"plays": st.plays, "limit": st.limit, "bonus": st.bonus, "casts": st.casts},
        "stack": [_frame_json(f) for f in st.stack],
        "decisions": st.decisions,
        "special": st.special,
        "reshuffles": st.reshuffles,
    }


def _frame_json(f: Frame) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in f.items()}


# ---------------------------------------------------------------------- load
class _Alloc:
    """Physical ids for names, the lowest free copy first."""

    def __init__(self, kinds: tuple[int, ...]) -> None:
        self.free: dict[int, list[int]] = {}
        for obj, kind in enumerate(kinds):
            self.free.setdefault(kind, []).append(obj)

    def take(self, kind: int, what: str) -> int:
        free = self.free.get(kind)
        if not free:
            raise InvalidPosition(f"too many copies of {what} in the position")
        return free.pop(0)

    def rest(self) -> list[int]:
        return sorted(obj for objs in self.free.values() for obj in objs)


def _entry(doc: Any, default: int) -> tuple[str, int]:
    if isinstance(doc, str):
        return doc, default
    if isinstance(doc, list) and len(doc) == 2 and isinstance(doc[0], str):
        return doc[0], int(doc[1])
    raise InvalidPosition(f"an entry is a name or [name, mask], not {doc!r}")


def load(st: FatalState, doc: dict[str, Any]) -> None:
    """Fill a blank state from a position document; raises InvalidPosition."""
    comp, lay, n = st.comp, st.lay, st.n
    everyone = st.full

    def seats_list(key: str, default: Any) -> list[Any]:
        value = doc.get(key, [default() if callable(default) else default for _ in range(n)])
        if not isinstance(value, list) or len(value) != n:
            raise InvalidPosition(f"{key!r} must list one entry per seat ({n})")
        return value

    st.phase = str(doc.get("phase", "play"))
    if st.phase not in PHASES:
        raise InvalidPosition(f"phase must be one of {PHASES}, not {st.phase!r}")
    st.round = int(doc.get("round", 1))
    if st.round not in (1, 2):
        raise InvalidPosition("round is 1 or 2")
    st.first = int(doc.get("first", 0))
    st.turn = int(doc.get("turn", st.first))
    st.char, st.ck_char = [], []
    for s, entry in enumerate(seats_list("characters", None)):
        if entry is None:
            st.char.append(-1)
            st.ck_char.append(0)
            continue
        name, mask = _entry(entry, 1 << s)
        sign = comp.sign_by_name(name)
        if sign is None or sign not in lay.signs:
            raise InvalidPosition(f"{name!r} is not a character of the {n}-player set")
        st.char.append(sign)
        st.ck_char.append(mask)
    dealt = [c for c in st.char if c >= 0]
    if len(set(dealt)) != len(dealt):
        raise InvalidPosition("two seats have the same character")
    st.revealed = [bool(x) for x in seats_list("revealed", False)]
    st.out = [bool(x) for x in seats_list("out", False)]

    alloc = _Alloc(lay.card_kind)
    st.ck = [0] * lay.num_cards

    def card_zone(entries: Any, default: int) -> list[int]:
        zone = []
        for entry in entries:
            name, mask = _entry(entry, default)
            kind = comp.card_by_name(name)
            if kind is None:
                raise InvalidPosition(f"no card called {name!r}")
            card = alloc.take(kind, name)
            st.ck[card] = mask
            zone.append(card)
        return zone

    st.hands = [card_zone(h, 1 << s) for s, h in enumerate(seats_list("hands", list))]
    st.aside = [card_zone(a, 0) for a in seats_list("aside", list)]
    st.rows = []
    for rows in seats_list("rows", lambda: [[], []]):
        if not isinstance(rows, list) or len(rows) != comp.rows:
            raise InvalidPosition(f"each seat has {comp.rows} rows")
        st.rows.append([card_zone(row, everyone) for row in rows])
        for row in st.rows[-1]:
            if len(row) > comp.row_length or any(not comp.is_vision(st.kind(c)) for c in row):
                raise InvalidPosition("a row holds at most three visions")
    st.discard = card_zone(doc.get("discard", []), everyone)
    st.active = card_zone(doc.get("in_effect", []), everyone)
    if any(comp.is_vision(st.kind(c)) for c in st.active):
        raise InvalidPosition("in_effect holds enchantments only")
    st.looker = int(doc.get("looker", -1))
    st.looking = card_zone(doc.get("looking", []), 1 << st.looker if st.looker >= 0 else 0)
    if "deck" in doc:
        st.deck = card_zone(doc["deck"], 0)
        if alloc.rest():
            missing = sorted({comp.card_name(lay.card_kind[c]) for c in alloc.rest()})
            raise InvalidPosition(f"cards missing from the position: {missing}")
    else:
        st.deck = alloc.rest()
        for card in st.deck:
            st.ck[card] = 0

    talloc = _Alloc(lay.tre_kind)
    st.tk = [0] * lay.num_treasures

    def treasure_zone(entries: Any, default: int) -> list[int]:
        zone = []
        for entry in entries:
            name, mask = _entry(entry, default)
            kind = comp.treasure_by_name(name)
            if kind is None:
                raise InvalidPosition(f"no treasure called {name!r}")
            t = talloc.take(kind, name)
            st.tk[t] = mask
            zone.append(t)
        return zone

    st.display = []
    for entry in doc.get("display", [None] * comp.display):
        st.display.append(-1 if entry is None else treasure_zone([entry], everyone)[0])
    if len(st.display) != comp.display:
        raise InvalidPosition(f"the display has {comp.display} slots (null: empty)")
    st.tre = [treasure_zone(t, 1 << s) for s, t in enumerate(seats_list("treasures", list))]
    st.up = [treasure_zone(t, everyone) for t in seats_list("face_up", list)]
    st.t_top = treasure_zone(doc.get("t_top", []), 0)
    st.t_top_bot = int(doc.get("t_top_bot", 0))
    st.t_under = treasure_zone(doc.get("t_under", []), everyone)
    st.queen_shown = bool(doc.get("queen_shown", False))
    if st.queen_shown:
        talloc.take(comp.queen, "the Queen")
    if "t_pool" in doc:
        st.t_pool = treasure_zone(doc["t_pool"], 0)
        if talloc.rest():
            raise InvalidPosition("treasures missing from the position")
    else:
        st.t_pool = talloc.rest()
    if lay.queen in [t for z in st.tre + st.up for t in z] + st.display + st.t_under:
        raise InvalidPosition("the Queen is never in a player's treasures, the display or under")
    others = len(st.t_pool) - (1 if lay.queen in st.t_pool else 0)
    st.t_mid = int(doc.get("t_mid", max(0, others - (comp.queen_pool - 1))))
    if not 0 <= st.t_mid <= others:
        raise InvalidPosition("t_mid counts pool treasures above the Queen's pool")
    round1 = doc.get("round1")
    st.round1 = None if round1 is None else [int(x) for x in round1]
    if st.round1 is not None and len(st.round1) != n:
        raise InvalidPosition("round1 lists a score per seat")
    st.sealed_reveal = sorted(int(x) for x in doc.get("sealed_reveal", []))
    st.sealed_hide = sorted(int(x) for x in doc.get("sealed_hide", []))
    ts = doc.get("turn_state", {})
    st.plays = int(ts.get("plays", 0))
    st.limit = int(ts.get("limit", comp.plays))
    st.bonus = int(ts.get("bonus", 0))
    st.casts = int(ts.get("casts", 0))
    st.decisions = int(doc.get("decisions", 0))
    st.special = int(doc.get("special", -1))
    st.reshuffles = int(doc.get("reshuffles", 0))
    default = [{"k": "turn", "s": st.turn, "at": 0}] if st.phase == "play" else []
    if st.phase == "setup":
        default = [{"k": "setup"}]
    st.stack = [_load_frame(st, f) for f in doc.get("stack", default)]
    check(st)


def _load_frame(st: FatalState, doc: Any) -> Frame:
    if not isinstance(doc, dict) or doc.get("k") not in rules.FRAME_KINDS:
        raise InvalidPosition(f"a stack frame is a dict with k in {sorted(rules.FRAME_KINDS)}")
    for key in ("s", "v", "by"):
        if key in doc and not (key == "s" and doc["s"] == -1) and not 0 <= int(doc[key]) < st.n:
            raise InvalidPosition(f"frame {doc!r} names no seat")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}


def check(st: FatalState) -> None:
    if st.phase == "play":
        if not st.stack:
            raise InvalidPosition("a game in play needs a frame on the stack")
        if any(c < 0 for c in st.char):
            raise InvalidPosition("every seat has a character once play starts")
        if not 0 <= st.turn < st.n or st.out[st.turn]:
            raise InvalidPosition("turn must be a seat still in the game")
    if st.phase == "over" and st.stack:
        raise InvalidPosition("a finished game has an empty stack")
    for s in range(st.n):
        me = 1 << s
        if any(not st.ck[c] & me for c in st.hands[s]) or any(not st.tk[t] & me for t in st.tre[s]):
            raise InvalidPosition(f"seat {s} always knows its own hand and treasures")
        if st.char[s] >= 0 and not st.ck_char[s] & me:
            raise InvalidPosition(f"seat {s} always knows its own character")


# ---------------------------------------------------------------------- view
@cache
def card_cells(comp: Components) -> tuple[tuple[dict[str, Any], ...], ...]:
    """Per vision kind and row position: what a card shows there (copied into views)."""
    cells = []
    for v in comp.visions:
        cells.append(
            tuple(
                {
                    "card": v.id,
                    "orientation": ("straight", "reversed", "sideways")[p],
                    "symbol": v.symbol,
                    "type": v.type,
                    "target": "SECOND" if v.second else "ONE",
                    "stars": v.stars(p),
                }
                for p in range(3)
            )
        )
    return tuple(cells)


def view(st: FatalState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may see (None: a spectator): its own character, hand and
    treasures; everyone's rows, face-up treasures, the display, the discard pile; the sizes of
    every hidden zone; and the hidden objects it knows (``known_*``). Never the seed, another
    seat's secrets, or a face-down order it has not seen."""
    comp, lay, n = st.comp, st.lay, st.n
    bit = viewer_bit(seat)
    cells = card_cells(comp)
    cnames, ckind = comp.card_names, lay.card_kind
    tnames, tkind = comp.treasure_names, lay.tre_kind
    ck, tk = st.ck, st.tk
    signs = comp.signs
    seats = []
    for s in range(n):
        sign = st.char[s]
        known_char = sign >= 0 and bool(st.ck_char[s] & bit)
        rows = [[cells[ckind[c]][p] for p, c in enumerate(row)] for row in st.rows[s]]
        entry: dict[str, Any] = {
            "seat": s,
            "character": signs[sign].name if known_char else None,
            "colour": signs[sign].colour if known_char else None,
            "opposing": signs[lay.opposing(sign)].name if known_char else None,
            "revealed": st.revealed[s],
            "out": st.out[s],
            "hand_count": len(st.hands[s]),
            "aside_count": len(st.aside[s]),
            "rows": [[dict(cell) for cell in row] for row in rows],
            "stars": sum(cell["stars"] for row in rows for cell in row),
            "treasure_count": len(st.tre[s]),
            "face_up": [tnames[tkind[t]] for t in st.up[s]],
        }
        if s == seat:
            entry["hand"] = sorted([cnames[ckind[c]] for c in st.hands[s]])
            entry["treasures"] = sorted([tnames[tkind[t]] for t in st.tre[s]])
        else:
            entry["known_hand"] = sorted([cnames[ckind[c]] for c in st.hands[s] if ck[c] & bit])
            entry["known_treasures"] = sorted([tnames[tkind[t]] for t in st.tre[s] if tk[t] & bit])
        seats.append(entry)
    doc: dict[str, Any] = {
        "phase": st.phase,
        "round": st.round,
        "first_player": st.first,
        "turn": st.turn,
        "seats": seats,
        "display": [None if t < 0 else tnames[tkind[t]] for t in st.display],
        "treasure_deck": {
            "count": len(st.t_top) + len(st.t_pool) + len(st.t_under),
            "above_queen_pool": st.t_mid,
            "looked_at_top": len(st.t_top),
            "known_top": [
                {"place": i + 1, "treasure": comp.treasure_name(st.tkind(t))}
                for i, t in enumerate(st.t_top)
                if st.tk[t] & bit
            ],
            "under": public_treasures(st, st.t_under),
            "queen_revealed": st.queen_shown,
        },
        "deck_count": len(st.deck),
        "known_deck": sorted([cnames[ckind[c]] for c in st.deck if ck[c] & bit]),
        "reshuffles": st.reshuffles,
        "discard": [cnames[ckind[c]] for c in st.discard],
        "in_effect": [cnames[ckind[c]] for c in st.active],
        "looking": {
            "seat": st.looker if st.looking else None,
            "count": len(st.looking),
            "cards": sorted(public_cards(st, st.looking)) if seat == st.looker else None,
        },
        "round1": None if st.round1 is None else list(st.round1),
        "turn_state": {"plays": st.plays, "limit": st.limit, "bonus": st.bonus, "casts": st.casts},
        "stack": [_frame_json(f) for f in st.stack],
        "prompt": text.prompt(st),
        "decisions": st.decisions,
        "special_victory": st.special if st.special >= 0 else None,
    }
    if st.stack and st.stack[-1]["k"] == "reveal":
        chosen = set(st.sealed_reveal) | set(st.sealed_hide)
        mine = None
        if seat is not None and seat in chosen:
            mine = "reveal" if seat in st.sealed_reveal else "hide"
        doc["reveal"] = {"has_chosen": sorted(chosen), "my_choice": mine}
    return doc
