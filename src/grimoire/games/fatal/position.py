"""The position document (the ``position`` part of ``State.to_json``): ``to_json`` and
``load``; the document's declared shape is in ``schema.py``, its cross-checks in ``checks.py``.

Cards are written by kind (``V07``, ``Pickpocket``), treasures as colour letter and value
(``R3``, ``Y-1``, ``Queen``), characters by sign name. In a hidden zone an entry is the name
alone when its knowledge mask is the zone's default (the owner for a hand, a face-down treasure
pile, a character and looked-at cards; nobody for the deck, the set-aside cards, the looked-at
top and the pool), else ``[name, mask]`` (bit ``s`` = seat s knows it, 32 = everyone).
Unordered zones (deck, pool) are written sorted. ``deck`` and ``t_pool`` may be left out of a
hand-written position: they then hold every card / treasure not placed elsewhere; every other
zone is required. The format and what the loader checks: docs/rules/fatal.md.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn

from grimoire.core.documents import convert, excerpt, require
from grimoire.core.errors import InvalidPosition
from grimoire.games.fatal.checks import check
from grimoire.games.fatal.frames import FatalFrame, Setup, Turn, stack_to_json
from grimoire.games.fatal.schema import FatalPosition, Stack, Unset, to_frames
from grimoire.games.fatal.view import public_cards, public_treasures

if TYPE_CHECKING:
    from collections.abc import Callable

    from grimoire.games.fatal.state import FatalState


# ---------------------------------------------------------------------- to_json
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


def to_json(st: FatalState) -> dict[str, Any]:
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
        "stack": stack_to_json(st.stack),
        "decisions": st.decisions,
        "special": st.special,
        "reshuffles": st.reshuffles,
        "idle_turns": st.idle_turns,
        "turn_changed": st.changed,
    }


# ---------------------------------------------------------------------- load
class _Zones:
    """Physical ids for names, the lowest free copy first; every object at most once."""

    def __init__(
        self, kinds: tuple[int, ...], names: tuple[str, ...], by_name: Callable[[str], int | None]
    ) -> None:
        self.names = names  # kind -> the name to_json writes; by_name reads the others
        self.by_name = by_name
        self.full = 0
        self.masks = [0] * len(kinds)
        # name -> its objects not placed yet
        self.free = {name: objs[:] for name, objs in _copies(kinds, names).items()}

    def zone(self, entries: list[Any], default: int, where: str) -> list[int]:
        """The objects of a zone; each entry a name (mask ``default``) or [name, mask]."""
        free, masks, outside = self.free, self.masks, ~self.full
        zone: list[int] = []
        for entry in entries:
            name, mask = (entry, default) if isinstance(entry, str) else entry
            copies = free.get(name)
            if copies is None:
                kind = self.by_name(name)
                copies = None if kind is None else free.get(self.names[kind])
            if not copies or mask & outside:
                self.refuse(entry, copies, f"{where}[{len(zone)}]")
            obj = copies.pop(0)
            masks[obj] = mask
            zone.append(obj)
        return zone

    def refuse(self, entry: Any, copies: list[int] | None, where: str) -> NoReturn:
        require(copies is not None, where, entry, "no such card or treasure")
        require(bool(copies), where, entry, "more copies than the game has")
        raise InvalidPosition(f"{where} = {excerpt(entry)}: a mask of the game's seats and 32")

    def take(self, name: str, where: str) -> int:
        return self.zone([name], 0, where)[0]

    def rest(self) -> list[int]:
        return sorted(obj for objs in self.free.values() for obj in objs)


@cache
def _copies(kinds: tuple[int, ...], names: tuple[str, ...]) -> dict[str, list[int]]:
    """Name -> its physical objects, lowest first (never changed: ``_Zones`` copies it)."""
    found: dict[str, list[int]] = {}
    for obj, kind in enumerate(kinds):
        found.setdefault(names[kind], []).append(obj)
    return found


def per_seat(value: list[Any], n: int, where: str) -> None:
    require(len(value) == n, where, value, f"one entry per seat ({n})")


def load(st: FatalState, doc: dict[str, Any]) -> None:
    """Fill a blank state from a position document; raises InvalidPosition naming the field."""
    found = convert(doc, FatalPosition, "position")
    for name in ("characters", "hands", "aside", "rows", "treasures", "face_up"):
        per_seat(getattr(found, name), st.n, name)
    st.phase, st.round, st.first = found.phase, found.round, found.first
    st.turns = None  # not stored: the turns before this position are unknown
    st.turn = found.first if isinstance(found.turn, Unset) else found.turn
    _load_characters(st, found)
    _load_cards(st, found)
    _load_treasures(st, found)
    _load_counters(st, found)
    st.stack = _stack(st, found.stack)
    check(st)


def _load_characters(st: FatalState, found: FatalPosition) -> None:
    """Characters (a name, known to its seat, or [name, mask]), revealed and out flags."""
    comp, lay, n = st.comp, st.lay, st.n
    st.char, st.ck_char = [], []
    for s, entry in enumerate(found.characters):
        if entry is None:
            st.char.append(-1)
            st.ck_char.append(0)
            continue
        name, mask = (entry, 1 << s) if isinstance(entry, str) else entry
        sign = comp.sign_by_name(name)
        where = f"characters[{s}]"
        require(sign in lay.signs, where, name, f"a character of the {n}-player set")
        require(not mask & ~st.full, where, entry, "a mask of seats 0..n-1, 32")
        st.char.append(-1 if sign is None else sign)
        st.ck_char.append(mask)
    for name in ("revealed", "out"):
        flags = getattr(found, name)
        if isinstance(flags, Unset):
            flags = [False] * n
        per_seat(flags, n, name)
        setattr(st, name, flags)


def _load_cards(st: FatalState, found: FatalPosition) -> None:
    """Every playing card in one zone: hands, set aside, rows, discard pile, in effect, looked
    at, the deck (the cards placed nowhere else, when it is left out)."""
    comp, lay = st.comp, st.lay
    everyone = st.full
    deck = _Zones(lay.card_kind, comp.card_names, comp.card_by_name)
    deck.full = everyone
    st.ck = deck.masks
    st.hands = [deck.zone(h, 1 << s, f"hands[{s}]") for s, h in enumerate(found.hands)]
    st.aside = [deck.zone(a, 0, f"aside[{s}]") for s, a in enumerate(found.aside)]
    st.rows = []
    for s, rows in enumerate(found.rows):
        require(len(rows) == comp.rows, f"rows[{s}]", rows, f"{comp.rows} rows per seat")
        st.rows.append([deck.zone(row, everyone, f"rows[{s}][{r}]") for r, row in enumerate(rows)])
    st.discard = deck.zone(found.discard, everyone, "discard")
    st.active = deck.zone(found.in_effect, everyone, "in_effect")
    st.looker = found.looker
    st.looking = deck.zone(found.looking, 1 << st.looker if st.looker >= 0 else 0, "looking")
    if isinstance(found.deck, Unset):
        st.deck = deck.rest()
    else:
        st.deck = deck.zone(found.deck, 0, "deck")
        missing = sorted({comp.card_name(lay.card_kind[c]) for c in deck.rest()})
        require(not missing, "deck", missing, "cards the position does not place")


def _load_treasures(st: FatalState, found: FatalPosition) -> None:
    """Every treasure in one zone: the display, face down and face up, the looked-at top, under
    the deck, the pool (the treasures placed nowhere else, when it is left out)."""
    comp, lay = st.comp, st.lay
    everyone = st.full
    pool = _Zones(lay.tre_kind, comp.treasure_names, comp.treasure_by_name)
    pool.full = everyone
    st.tk = pool.masks
    require(len(found.display) == comp.display, "display", found.display, "3 slots (null: empty)")
    st.display = [
        -1 if name is None else pool.zone([name], everyone, f"display[{i}]")[0]
        for i, name in enumerate(found.display)
    ]
    st.tre = [pool.zone(t, 1 << s, f"treasures[{s}]") for s, t in enumerate(found.treasures)]
    st.up = [pool.zone(t, everyone, f"face_up[{s}]") for s, t in enumerate(found.face_up)]
    st.t_top = pool.zone(found.t_top, 0, "t_top")
    st.t_top_bot = found.t_top_bot
    st.t_under = pool.zone(found.t_under, everyone, "t_under")
    st.queen_shown = found.queen_shown
    if st.queen_shown:
        pool.take(comp.treasure_name(comp.queen), "queen_shown")
    if isinstance(found.t_pool, Unset):
        st.t_pool = pool.rest()
    else:
        st.t_pool = pool.zone(found.t_pool, 0, "t_pool")
        missing = sorted({comp.treasure_name(lay.tre_kind[t]) for t in pool.rest()})
        require(not missing, "t_pool", missing, "treasures the position does not place")
    others = len(st.t_pool) - (1 if lay.queen in st.t_pool else 0)
    if isinstance(found.t_mid, Unset):
        st.t_mid = max(0, others - (comp.queen_pool - 1))
    else:
        st.t_mid = found.t_mid


def _load_counters(st: FatalState, found: FatalPosition) -> None:
    """The round-1 tally, the sealed choices, the turn's counters and the game's."""
    st.round1 = found.round1
    st.sealed_reveal = sorted(found.sealed_reveal)
    st.sealed_hide = sorted(found.sealed_hide)
    ts = found.turn_state
    st.plays, st.bonus, st.casts = ts.plays, ts.bonus, ts.casts
    st.limit = st.comp.plays if isinstance(ts.limit, Unset) else ts.limit
    st.decisions, st.special, st.reshuffles = found.decisions, found.special, found.reshuffles
    st.idle_turns, st.changed = found.idle_turns, found.turn_changed


def _stack(st: FatalState, frames: Stack | Unset) -> list[FatalFrame]:
    if not isinstance(frames, Unset):
        return to_frames(frames)
    if st.phase == "setup":
        return [Setup()]
    if st.phase == "play":
        if not 0 <= st.turn < st.n:
            raise InvalidPosition("turn: a game in play without a stack starts a seat's turn")
        return [Turn(s=st.turn, at=0)]
    return []
