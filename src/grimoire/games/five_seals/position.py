"""Position documents (the ``position`` part of ``State.to_json``) and views.

Readable codes: nodes by id (``0Rc``), tokens as colour letter + strength (``R2``), scrolls by
name (``Growth of Fire``), dice as ``<id>=<value>`` (``R1=4``; ids R1..R6, B1.., Y1.., G1..;
value 0 = not rolled). See docs/rules/five-seals-of-magic.md for the full format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grimoire.core.errors import InvalidPosition
from grimoire.games.five_seals import rules
from grimoire.games.five_seals.components import NUM_DICE
from grimoire.games.five_seals.reach import breakable, seal_of, targets

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState, Frame

PHASES = ("setup", "draft", "play", "over")
FRAME_KINDS = ("turn", "dice", "pick", "absorb", "take", "give", "spell")


# ---------------------------------------------------------------------- codes
def token_text(st: FiveSealsState, code: int) -> str:
    return f"{st.comp.letters[code // 10]}{code % 10}"


def die_name(st: FiveSealsState, die: int) -> str:
    return f"{st.comp.letters[die // 6]}{die % 6 + 1}"


def node_text(st: FiveSealsState, node: int) -> str | None:
    return None if node < 0 else st.board.node_id(node)


def parse_token(st: FiveSealsState, text: Any) -> int:
    text = str(text)
    col = st.codec.colour(text[:1])
    if col is None or col > 3 or len(text) != 2 or text[1] not in "23456":
        raise InvalidPosition(f"a token is a colour letter and a strength, e.g. R2; not {text!r}")
    return 10 * col + int(text[1])


def parse_node(st: FiveSealsState, text: Any, *, allow_none: bool = False) -> int:
    if text is None and allow_none:
        return -1
    if text not in st.board.index:
        raise InvalidPosition(f"no node {text!r} on this board")
    return st.board.index[text]


def parse_card(st: FiveSealsState, text: Any) -> int:
    card = st.comp.card_by_name(str(text))
    if card is None:
        raise InvalidPosition(f"no scroll called {text!r}")
    return card


def parse_die(st: FiveSealsState, text: Any) -> tuple[int, int]:
    name, _, value = str(text).partition("=")
    col = st.codec.colour(name[:1])
    if col is None or col > 3 or len(name) != 2 or name[1] not in "123456":
        raise InvalidPosition(f"a die is written like R1=4 (id=value), not {text!r}")
    if value not in ("", "0", "1", "2", "3", "4", "5", "6"):
        raise InvalidPosition(f"die value must be 0..6 in {text!r}")
    return 6 * col + int(name[1]) - 1, int(value or 0)


# ---------------------------------------------------------------------- dump
def dump(st: FiveSealsState) -> dict[str, Any]:
    players = []
    for seat in range(st.n):
        dice = [
            f"{die_name(st, d)}={st.die_val[d]}" for d in range(NUM_DICE) if st.die_owner[d] == seat
        ]
        players.append(
            {
                "dice": dice,
                "scrolls": [entry_json(st, entry) for entry in st.hands[seat]],
                "over": st.over[seat],
            }
        )
    doc: dict[str, Any] = {
        "circle": st.circle,
        "first": st.first,
        "phase": st.phase,
        "round": st.round,
        "turn": st.turn,
        "tokens": {
            st.board.node_id(n): token_text(st, c) for n, c in enumerate(st.token) if c >= 0
        },
        "scrolls": {
            st.board.node_id(n): st.comp.card_name(c) for n, c in enumerate(st.card) if c >= 0
        },
        "box": [token_text(st, code) for code in st.box],
        "mages": [st.board.node_id(n) for n in st.mage],
        "familiars": [node_text(st, n) for n in st.familiar],
        "guardians": {
            st.comp.letters[c]: st.board.node_id(n) for c, n in enumerate(st.guardian) if n >= 0
        },
        "seats": players,
        "rolls": [die_name(st, d) for d in st.rolls],
        "stack": [dict(frame) for frame in st.stack],
        "stall": st.stall,
        "broke": st.broke,
        "decisions": st.decisions,
    }
    if st.phase == "setup":
        doc["setup"] = st.setup_i
    return doc


def entry_json(st: FiveSealsState, entry: list[int]) -> str | dict[str, Any]:
    name = st.comp.card_name(entry[0])
    if entry[1] and entry[2] < 0:
        return name
    doc: dict[str, Any] = {"card": name, "up": bool(entry[1])}
    if entry[2] >= 0:
        doc["token"] = token_text(st, entry[2])
    return doc


# ---------------------------------------------------------------------- load
def load(st: FiveSealsState, doc: dict[str, Any]) -> None:
    """Fill a blank state from a position document; raises InvalidPosition."""
    st.circle = int(doc.get("circle", st.circle))
    if st.circle not in (0, 1, 2, 3, 4):
        raise InvalidPosition(f"circle must be 1..4 (0: not drawn yet), not {st.circle}")
    st.first = int(doc.get("first", max(st.first, 0)))
    st.phase = str(doc.get("phase", "play"))
    if st.phase not in PHASES:
        raise InvalidPosition(f"phase must be one of {PHASES}, not {st.phase!r}")
    st.round = int(doc.get("round", 1))
    st.turn = int(doc.get("turn", st.first))
    st.setup_i = int(doc.get("setup", len(st.board.seals) + len(st.board.scrolls)))
    st.token = [-1] * len(st.board)
    for node_id, text in doc.get("tokens", {}).items():
        node = parse_node(st, node_id)
        if st.board.nodes[node].kind == "hall":
            raise InvalidPosition("no token can lie in the hall")
        st.token[node] = parse_token(st, text)
    st.card = [-1] * len(st.board)
    for node_id, text in doc.get("scrolls", {}).items():
        node = parse_node(st, node_id)
        if st.token[node] >= 0 or st.board.nodes[node].kind == "hall":
            raise InvalidPosition(f"node {node_id} cannot hold a scroll")
        st.card[node] = parse_card(st, text)
    st.box = [parse_token(st, text) for text in doc.get("box", [])]
    st.mage = [
        parse_node(st, m) for m in doc.get("mages", [st.board.node_id(st.board.hall)] * st.n)
    ]
    st.familiar = [parse_node(st, f, allow_none=True) for f in doc.get("familiars", [None] * st.n)]
    st.guardian = [-1] * 5
    for letter, node_id in doc.get("guardians", {}).items():
        col = st.codec.colour(letter)
        if col is None:
            raise InvalidPosition(f"no guardian colour {letter!r}")
        st.guardian[col] = parse_node(st, node_id)
    players = doc.get("seats", [{} for _ in range(st.n)])
    if len(st.mage) != st.n or len(st.familiar) != st.n or len(players) != st.n:
        raise InvalidPosition(f"mages, familiars and players must list {st.n} entries")
    in_game = st.n + st.comp.supply_extra
    st.die_owner = [-1 if d % 6 < in_game else -2 for d in range(NUM_DICE)]
    st.die_val = [0] * NUM_DICE
    st.hands, st.over = [], []
    for seat, player in enumerate(players):
        for text in player.get("dice", []):
            die, value = parse_die(st, text)
            if st.die_owner[die] != -1:
                raise InvalidPosition(f"die {text!r} is not in this game or is listed twice")
            st.die_owner[die], st.die_val[die] = seat, value
        st.hands.append([entry_load(st, e) for e in player.get("scrolls", ["Binding"])])
        st.over.append(bool(player.get("over", False)))
    st.rolls = [parse_die(st, text)[0] for text in doc.get("rolls", [])]
    st.stall = int(doc.get("stall", 0))
    st.broke = bool(doc.get("broke", False))
    st.decisions = int(doc.get("decisions", 0))
    default = [{"k": "turn", "s": st.turn}] if st.phase == "play" and not st.rolls else []
    st.stack = [load_frame(st, f) for f in doc.get("stack", default)]
    check(st)


def entry_load(st: FiveSealsState, doc: Any) -> list[int]:
    if isinstance(doc, str):
        return [parse_card(st, doc), 1, -1]
    token = parse_token(st, doc["token"]) if doc.get("token") is not None else -1
    return [parse_card(st, doc["card"]), 1 if doc.get("up", True) else 0, token]


def load_frame(st: FiveSealsState, doc: Any) -> Frame:
    if not isinstance(doc, dict) or doc.get("k") not in FRAME_KINDS:
        raise InvalidPosition(f"a stack frame is a dict with k in {FRAME_KINDS}, not {doc!r}")
    if not 0 <= int(doc.get("s", -1)) < st.n:
        raise InvalidPosition(f"frame {doc!r} names no seat")
    return {k: (list(v) if isinstance(v, list) else v) for k, v in doc.items()}


def check(st: FiveSealsState) -> None:
    """Consistency a hand-written position must have."""
    for seat, node in enumerate(st.mage):
        if st.token[node] >= 0 or st.card[node] >= 0:
            raise InvalidPosition(f"seat {seat}'s mage stands on a seal")
    for col, node in enumerate(st.guardian):
        if node >= 0 and (st.card[node] < 0 or st.card[node] % 5 != col):
            raise InvalidPosition(
                f"guardian {st.comp.letters[col]} must stand on a scroll of its colour"
            )
    if st.phase in ("play", "draft") and not st.stack and not st.rolls:
        raise InvalidPosition("a game in play needs a decision on the stack or dice to roll")
    if st.stack and st.stack[-1]["k"] == "turn" and st.over[st.stack[-1]["s"]]:
        raise InvalidPosition("the player to move has finished the round")


# ---------------------------------------------------------------------- view
def view(st: FiveSealsState, seat: int | None) -> dict[str, Any]:
    """Everything is open in Five Seals except future dice: the position, plus what a player
    (or spectator) wants at a glance. Never the seed."""
    doc = dump(st)
    doc["supply"] = {st.comp.letters[c]: st.supply(c) for c in range(4)}
    doc["score_detail"] = [
        {"scrolls": p, "synergy": b} for p, b in (rules.score_of(hand) for hand in st.hands)
    ]
    doc["strength6_left"] = st.scrolls_on_board(6)
    doc["end_below"] = st.comp.end_threshold[st.n]
    doc["prompt"] = rules.prompt(st)
    who = seat
    if who is None and not st.is_chance() and not st.is_terminal():
        who = int(st.stack[-1]["s"])
    if who is not None and st.phase == "play":
        can = set(breakable(st, who))
        doc["reach"] = [
            {
                "node": st.board.node_id(n),
                "colour": st.comp.letters[seal_of(st, n)[0]],
                "strength": seal_of(st, n)[1],
                "scroll": st.comp.card_name(st.card[n]) if st.card[n] >= 0 else None,
                "breakable": n in can,
            }
            for n in targets(st, who)
        ]
        doc["reach_of"] = who
    return doc
