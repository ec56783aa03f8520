"""Position documents: the ``position`` part of ``State.to_json`` (hidden parts included).

Readable codes: dice as colour letter + face (``G1``, ``Ge`` element, ``Gr`` rotate, ``Rf``
flame, ``G?`` not rolled), colours as letters, runes, achievements and professors by id, grid
rows as four cells separated by spaces (``..`` empty): ``"G1 .. Re .."``. Frames and chance
events are stored as they are (small JSON dicts). See docs/rules/runika.md for the format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.errors import InvalidPosition

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState

PHASES = ("setup", "draft", "pass", "turns", "end", "cleanup", "over")
FRAMES = ("main", "pick", "die", "fort", "quarry", "at", "ab")
EVENTS = ("first", "solo_prof", "rune", "deal", "ach", "bag", "roll")
STAGES = ("roll", "reroll", "resolve", "achieve", "claims", "refill", "end")


# ---------------------------------------------------------------------- codes
def die_text(st: RunikaState, code: int) -> str:
    return st.comp.die_text(code)


def grid_rows(st: RunikaState, grid: list[int]) -> list[str]:
    cells = [".." if d < 0 else die_text(st, d) for d in grid]
    return [" ".join(cells[4 * r : 4 * r + 4]) for r in range(4)]


def bag_doc(st: RunikaState, counts: list[int], *, as_list: bool) -> Any:
    letters = st.comp.letters
    if as_list:  # quick draft: single dice, so that a re-deal keeps every die
        return [letters[c] for c in range(4) for _ in range(counts[c])]
    return {letters[c]: counts[c] for c in range(4)}


def _rune(st: RunikaState, text: Any) -> int:
    rune = st.comp.rune_by_name(str(text))
    if rune is None:
        raise InvalidPosition(f"no rune {text!r}")
    return rune


def _colour(st: RunikaState, text: Any) -> int:
    colour = st.comp.colour_of(str(text))
    if colour is None:
        raise InvalidPosition(f"no colour {text!r}")
    return colour


def _die(st: RunikaState, text: Any, *, rolled: bool = True) -> int:
    code = st.comp.die_code(str(text))
    if code is None or (rolled and code >= 16):
        raise InvalidPosition(
            f"a die is written like G1, Ge, Gr, Rf{'' if rolled else ', G?'}: {text!r}"
        )
    return code


def _grid(st: RunikaState, rows: Any) -> list[int]:
    if not isinstance(rows, list) or len(rows) != 4:
        raise InvalidPosition(f"a grid is 4 rows of 4 cells, not {rows!r}")
    grid = []
    for row in rows:
        cells = str(row).split()
        if len(cells) != 4:
            raise InvalidPosition(f"a grid row has 4 cells separated by spaces: {row!r}")
        grid += [-1 if cell in ("..", ".") else _die(st, cell) for cell in cells]
    return grid


def _bag(st: RunikaState, doc: Any) -> list[int]:
    if isinstance(doc, list):
        counts = [0] * 4
        for letter in doc:
            counts[_colour(st, letter)] += 1
        return counts
    if isinstance(doc, dict):
        counts = [0] * 4
        for letter, count in doc.items():
            counts[_colour(st, letter)] = int(count)
        return counts
    raise InvalidPosition(f"a bag is {{letter: count}} or a list of letters, not {doc!r}")


# ---------------------------------------------------------------------- dump
def dump(st: RunikaState) -> dict[str, Any]:
    comp = st.comp
    letters = comp.letters
    seats = []
    for s in range(st.n):
        seats.append(
            {
                "grid": grid_rows(st, st.grid[s]),
                "disc": st.disc[s],
                "store": [die_text(st, d) for d in st.store[s]],
                "pocket": die_text(st, st.pocket[s]) if st.pocket[s] >= 0 else None,
                "tokens": st.tokens[s],
                "runes": [
                    {"id": comp.runes[r].id, "flipped": bool(f), "used": bool(u)}
                    for r, f, u in st.owned[s]
                ],
                "achievements": [
                    {"id": comp.achievements[k].id, "flipped": bool(f), "used": bool(u)}
                    for k, f, u in st.achs[s]
                ],
                "mastered": [comp.runes[r].id for r in st.mastered[s]],
                "secret": [comp.runes[r].id for r in st.secret[s]],
                "secret_got": [bool(g) for g in st.secret_got[s]],
                "quick_hand": [letters[c] for c in st.qhand[s]],
                "quick_pass": letters[st.qpass[s]] if st.qpass[s] >= 0 else None,
                "claims": [[comp.runes[r].id, mask] for r, mask in st.sim_claims[s]],
                "used_professors": [comp.professors[p].id for p in st.prof_used[s]],
                "stack": [dict(frame) for frame in st.stacks[s]],
            }
        )
    return {
        "phase": st.phase,
        "round": st.round,
        "first": st.first,
        "draft_seat": st.draft_seat,
        "turn_i": st.turn_i,
        "charm": st.charm,
        "decisions": st.decisions,
        "picks": st.picks,
        "start_done": st.start_done,
        "solo_professor": comp.professors[st.solo_prof].id if st.solo_prof >= 0 else None,
        "ended": st.ended,
        "won": st.won,
        "bag": bag_doc(st, st.bag, as_list=st.rules.quick),
        "removed": bag_doc(st, st.removed, as_list=False),
        "middle": [letters[c] for c in st.middle],
        "below": [letters[c] for c in st.below],
        "professors": {
            comp.professors[p].id: {
                "dice": [die_text(st, d) for d in st.prof_dice[p]],
                "tokens": list(st.prest[p]),
            }
            for p in range(len(comp.professors))
        },
        "display": [[comp.runes[r].id for r in stack] for stack in st.display],
        "deck": [comp.runes[r].id for r in st.deck],
        "mastery": [
            {"rune": comp.runes[r].id, "owner": owner if owner >= 0 else None}
            for r, owner in st.mastery_row
        ],
        "mastery_box": [comp.runes[r].id for r in st.mastery_box],
        "achievement_deck": [comp.achievements[k].id for k in st.ach_deck],
        "seats": seats,
        "chance": [dict(event) for event in st.chance],
    }


# ---------------------------------------------------------------------- load
def load(st: RunikaState, doc: dict[str, Any]) -> None:
    """Fill a blank state from a position document; raises InvalidPosition."""
    comp, n = st.comp, st.n
    st.phase = str(doc.get("phase", "turns"))
    if st.phase not in PHASES:
        raise InvalidPosition(f"phase must be one of {PHASES}, not {st.phase!r}")
    st.round = int(doc.get("round", 1))
    st.first = int(doc.get("first", max(st.first, 0)))
    st.draft_seat = int(doc.get("draft_seat", -1))
    st.turn_i = int(doc.get("turn_i", 0))
    st.charm = int(doc.get("charm", -1))
    st.decisions = int(doc.get("decisions", 0))
    st.picks = int(doc.get("picks", 0))
    st.start_done = bool(doc.get("start_done", False))
    solo = doc.get("solo_professor")
    if solo is not None:
        prof = comp.professor_by_name(str(solo))
        if prof is None:
            raise InvalidPosition(f"no professor {solo!r}")
        st.solo_prof = prof
    st.ended = str(doc.get("ended", ""))
    st.won = bool(doc.get("won", False))
    st.bag = _bag(st, doc.get("bag", {c.letter: comp.dice_per_colour for c in comp.colours}))
    st.removed = _bag(st, doc.get("removed", {}))
    st.middle = sorted(_colour(st, c) for c in doc.get("middle", []))
    st.below = sorted(
        _colour(st, c) for c in doc.get("below", [0, 1, 2, 3] if st.rules.luniorn else [])
    )
    profs = doc.get("professors", {})
    for key, entry in profs.items():
        prof = comp.professor_by_name(key)
        if prof is None:
            raise InvalidPosition(f"no professor {key!r}")
        st.prof_dice[prof] = [_die(st, d) for d in entry.get("dice", [])]
        st.prest[prof] = sorted(int(s) for s in entry.get("tokens", []))
    st.display = [[_rune(st, r) for r in stack] for stack in doc.get("display", [])]
    st.deck = sorted(_rune(st, r) for r in doc.get("deck", []))
    st.mastery_row = [
        [_rune(st, e["rune"]), -1 if e.get("owner") is None else int(e["owner"])]
        for e in doc.get("mastery", [])
    ]
    st.mastery_box = sorted(_rune(st, r) for r in doc.get("mastery_box", []))
    achs = doc.get("achievement_deck", [a.id for a in comp.achievements for _ in range(a.copies)])
    st.ach_deck = sorted(_achievement(st, a) for a in achs)
    seats = doc.get("seats", [{} for _ in range(n)])
    if len(seats) != n:
        raise InvalidPosition(f"seats must list {n} players")
    for s, seat in enumerate(seats):
        _load_seat(st, s, seat)
    st.chance = [_event(st, e) for e in doc.get("chance", [])]
    _check(st)


def _achievement(st: RunikaState, text: Any) -> int:
    kind = st.comp.achievement_by_name(str(text))
    if kind is None:
        raise InvalidPosition(f"no achievement {text!r}")
    return kind


def _load_seat(st: RunikaState, s: int, seat: dict[str, Any]) -> None:
    comp = st.comp
    st.grid[s] = _grid(st, seat.get("grid", [".. .. .. .."] * 4))
    st.disc[s] = int(seat.get("disc", 0)) % 4
    st.store[s] = sorted(_die(st, d, rolled=False) for d in seat.get("store", []))
    pocket = seat.get("pocket")
    st.pocket[s] = -1 if pocket is None else _die(st, pocket)
    st.tokens[s] = int(seat.get("tokens", 0))
    st.owned[s] = [
        [_rune(st, e["id"] if isinstance(e, dict) else e), *_flags(e)]
        for e in seat.get("runes", [])
    ]
    st.achs[s] = [
        [_achievement(st, e["id"] if isinstance(e, dict) else e), *_flags(e)]
        for e in seat.get("achievements", [])
    ]
    st.mastered[s] = [_rune(st, r) for r in seat.get("mastered", [])]
    st.secret[s] = [_rune(st, r) for r in seat.get("secret", [])]
    st.secret_got[s] = [1 if g else 0 for g in seat.get("secret_got", [False] * len(st.secret[s]))]
    st.qhand[s] = sorted(_colour(st, c) for c in seat.get("quick_hand", []))
    qpass = seat.get("quick_pass")
    st.qpass[s] = -1 if qpass is None else _colour(st, qpass)
    st.sim_claims[s] = [[_rune(st, r), int(mask)] for r, mask in seat.get("claims", [])]
    st.prof_used[s] = []
    for key in seat.get("used_professors", []):
        prof = comp.professor_by_name(str(key))
        if prof is None:
            raise InvalidPosition(f"no professor {key!r}")
        st.prof_used[s].append(prof)
    st.stacks[s] = [_frame(st, s, f) for f in seat.get("stack", [])]


def _flags(entry: Any) -> list[int]:
    if not isinstance(entry, dict):
        return [0, 0]
    return [1 if entry.get("flipped") else 0, 1 if entry.get("used") else 0]


def _frame(st: RunikaState, seat: int, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("k") not in FRAMES:
        raise InvalidPosition(f"a stack frame is a dict with k in {FRAMES}, not {doc!r}")
    if int(doc.get("s", seat)) != seat:
        raise InvalidPosition(f"frame {doc!r} is on seat {seat}'s stack")
    if doc["k"] == "main" and doc.get("st") not in STAGES:
        raise InvalidPosition(f"a main frame's stage st is one of {STAGES}")
    frame = {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}
    frame["s"] = seat
    return frame


def _event(st: RunikaState, doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict) or doc.get("k") not in EVENTS:
        raise InvalidPosition(f"a chance event is a dict with k in {EVENTS}, not {doc!r}")
    return dict(doc)


def _check(st: RunikaState) -> None:
    """Consistency a hand-written position must have."""
    comp = st.comp
    total = [0] * 4
    for s in range(st.n):
        for d in st.grid[s] + st.store[s] + [st.pocket[s]]:
            if d >= 0:
                total[d // 4 if d < 16 else d - 16] += 1
        for c in st.qhand[s] + ([st.qpass[s]] if st.qpass[s] >= 0 else []):
            total[c] += 1
    for dice in st.prof_dice:
        for d in dice:
            total[d // 4] += 1
    for frame in (f for stack in st.stacks for f in stack):
        if frame["k"] in ("die", "fort"):
            total[frame["d"] // 4] += 1
    for event in st.chance:
        if event["k"] == "roll":  # a die in the air
            total[event["c"]] += 1
    for c in st.middle + st.below:
        total[c] += 1
    for c in range(4):
        total[c] += st.bag[c] + st.removed[c]
        if total[c] != comp.dice_per_colour:
            raise InvalidPosition(
                f"{comp.colours[c].name} dice add up to {total[c]}, not {comp.dice_per_colour} "
                "(bag, removed, middle, below Luniorn, grids, storage, professors)"
            )
    if any(not 0 <= s < st.n for p in st.prest for s in p):
        raise InvalidPosition("a prestige token names no seat")
    if st.phase == "turns" and not st.rules.simultaneous and not st.chance:
        seat = (st.first + st.turn_i) % st.n
        if not st.stacks[seat]:
            raise InvalidPosition(f"seat {seat} is to play: its stack needs a main frame")
