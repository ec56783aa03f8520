"""The position document (the ``position`` part of ``State.to_json``): ``to_json`` and ``load``,
with the document's declared shape here and its cross-checks in ``checks.py``.

Readable codes: nodes by id (``0Rc``), tokens as colour letter + strength (``R2``), scrolls by
name (``Growth of Fire``), dice as ``<id>=<value>`` (``R1=4``; ids R1..R6, B1.., Y1.., G1..;
value 0 = not rolled); the decision frames as in ``frames.py``. A hand-written position may
leave out ``round``, ``box``, ``rolls``, ``stall``, ``broke``, ``decisions``, ``familiars``,
``guardians`` and ``stack``; every other field is required. The format and what the loader
checks: docs/rules/five-seals-of-magic.md.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from grimoire.core.documents import convert, require
from grimoire.games.five_seals import frame_docs
from grimoire.games.five_seals.checks import check
from grimoire.games.five_seals.components import NUM_DICE, family
from grimoire.games.five_seals.flow import PHASES
from grimoire.games.five_seals.frames import Spell, Turn
from grimoire.games.five_seals.spells.book import HANDLERS

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

Text = Annotated[str, msgspec.Meta(max_length=60)]  # a node id, token, scroll or die
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]
Players = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # a seat; -1: none (yet)
Texts = Annotated[list[Text], msgspec.Meta(max_length=200)]
VALUES = {"": 0, **{str(v): v for v in range(7)}}  # a die's value as written after "="


class Held(msgspec.Struct, forbid_unknown_fields=True):
    """A scroll in a hand that is face down or holds a token (else just its name)."""

    card: Text
    up: bool = True
    token: Text | None = None


class SeatDoc(msgspec.Struct, forbid_unknown_fields=True):
    dice: Annotated[list[Text], msgspec.Meta(max_length=24)]
    scrolls: Annotated[list[Text | Held], msgspec.Meta(max_length=200)]
    over: bool = False


class PositionDoc(msgspec.Struct, forbid_unknown_fields=True):
    circle: Annotated[int, msgspec.Meta(ge=0, le=4)]  # 0: not drawn yet
    first: Players
    phase: Literal["setup", "draft", "play", "over"]
    turn: Players
    tokens: Annotated[dict[Text, Text], msgspec.Meta(max_length=500)]
    scrolls: Annotated[dict[Text, Text], msgspec.Meta(max_length=500)]
    mages: Annotated[list[Text], msgspec.Meta(min_length=2, max_length=5)]
    seats: Annotated[list[SeatDoc], msgspec.Meta(min_length=2, max_length=5)]
    round: Annotated[int, msgspec.Meta(ge=1, le=2**31)] = 1
    setup: Annotated[int, msgspec.Meta(ge=0, le=1000)] | None = None  # setup phase only
    box: Texts = msgspec.field(default_factory=list)
    familiars: Annotated[list[Text | None], msgspec.Meta(max_length=5)] | None = None
    guardians: Annotated[dict[Text, Text], msgspec.Meta(max_length=5)] = msgspec.field(
        default_factory=dict
    )
    rolls: Annotated[list[Text], msgspec.Meta(max_length=24)] = msgspec.field(default_factory=list)
    stack: Annotated[list[Any], msgspec.Meta(max_length=50)] | None = None  # frames.py
    stall: Count = 0
    broke: bool = False
    decisions: Count = 0


# ---------------------------------------------------------------------- codes
def token_text(st: FiveSealsState, code: int) -> str:
    return f"{st.comp.letters[code // 10]}{code % 10}"


def die_name(st: FiveSealsState, die: int) -> str:
    return f"{st.comp.letters[die // 6]}{die % 6 + 1}"


def node_text(st: FiveSealsState, node: int) -> str | None:
    return None if node < 0 else st.board.node_id(node)


@lru_cache(maxsize=4)
def _codes(letters: tuple[str, ...]) -> tuple[dict[str, int], dict[str, int]]:
    """Token texts (``R2``) -> token codes and die ids (``R1``) -> dice, either case."""
    tokens: dict[str, int] = {}
    dice: dict[str, int] = {}
    for col, letter in enumerate(letters[:4]):
        for case in {letter.upper(), letter.lower()}:
            tokens.update({f"{case}{k}": 10 * col + k for k in range(2, 7)})
            dice.update({f"{case}{k}": 6 * col + k - 1 for k in range(1, 7)})
    return tokens, dice


TOKEN = "a token is a colour letter R/B/Y/G and a strength 2..6 (R2)"


def parse_token(st: FiveSealsState, text: str, where: str) -> int:
    code = _codes(st.comp.letters)[0].get(text)
    require(code is not None, where, text, TOKEN)
    return code or 0


def parse_tokens(st: FiveSealsState, texts: list[str], where: str) -> list[int]:
    """Token texts as codes; the first one that is no token is refused (``where[i]``)."""
    table = _codes(st.comp.letters)[0]
    codes = [table.get(text, -1) for text in texts]
    if -1 in codes:
        i = codes.index(-1)
        require(False, f"{where}[{i}]", texts[i], TOKEN)
    return codes


def parse_node(st: FiveSealsState, text: str, where: str) -> int:
    node = st.board.index.get(text)
    require(node is not None, where, text, "no node of that id on this board")
    return node or 0


def parse_card(st: FiveSealsState, text: str, where: str) -> int:
    card = st.comp.card_by_name(text)
    require(card is not None, where, text, "no scroll of that name")
    return card or 0


def parse_die(st: FiveSealsState, text: str, where: str) -> tuple[int, int]:
    """(die, value) of ``R1=4`` (a die of the rolls: ``R1``, value 0)."""
    name, _, value = text.partition("=")
    die = _codes(st.comp.letters)[1].get(name)
    good = die is not None and value in VALUES
    require(good, where, text, "a die is written like R1=4 (id R1..G6 = value 0..6)")
    return die or 0, VALUES[value]


# ---------------------------------------------------------------------- to_json
def to_json(st: FiveSealsState) -> dict[str, Any]:
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
        "stack": stack_json(st),
        "stall": st.stall,
        "broke": st.broke,
        "decisions": st.decisions,
    }
    if st.phase == "setup":
        doc["setup"] = st.setup_i
    return doc


def stack_json(st: FiveSealsState) -> list[dict[str, Any]]:
    """The frames as JSON; a spell's frame with its own fields only (``spell_keys``)."""
    out = []
    for frame in st.stack:
        doc = frame.to_json()
        if isinstance(frame, Spell):
            keep = spell_keys(frame.card)
            for key in [key for key in doc if key not in keep]:
                del doc[key]
        out.append(doc)
    return out


def spell_keys(card: int) -> set[str]:
    """The keys of the JSON of a spell's frame: the common ones and the spell's own."""
    return {"k", "s", "card", "src", "c", *HANDLERS[family(card)].fields}


def entry_json(st: FiveSealsState, entry: list[int]) -> str | dict[str, Any]:
    name = st.comp.card_name(entry[0])
    if entry[1] and entry[2] < 0:
        return name
    doc: dict[str, Any] = {"card": name, "up": bool(entry[1])}
    if entry[2] >= 0:
        doc["token"] = token_text(st, entry[2])
    return doc


# ---------------------------------------------------------------------- load
def load(st: FiveSealsState, raw: dict[str, Any]) -> None:
    """Fill a blank state from a position document; InvalidPosition naming the field."""
    doc = convert(raw, PositionDoc, "position")
    n = st.n
    require(len(doc.mages) == n, "mages", doc.mages, f"one node per seat ({n})")
    require(len(doc.seats) == n, "seats", len(doc.seats), f"one entry per seat ({n})")
    familiars = [None] * n if doc.familiars is None else doc.familiars
    require(len(familiars) == n, "familiars", familiars, f"a node or null per seat ({n})")
    st.circle, st.first, st.round, st.turn = doc.circle, doc.first, doc.round, doc.turn
    st.set_phase(PHASES.index(doc.phase))
    slots = len(st.board.seals) + len(st.board.scrolls)
    if doc.phase == "setup":
        require(doc.setup is not None, "setup", None, "the slots filled (the setup phase)")
    else:
        require(doc.setup is None, "setup", doc.setup, "only in the setup phase")
    st.setup_i = slots if doc.setup is None else doc.setup
    st.token = _board(st, doc.tokens, "tokens", _codes(st.comp.letters)[0].get, TOKEN)
    st.card = _board(st, doc.scrolls, "scrolls", st.comp.card_by_name, "no scroll of that name")
    st.box = parse_tokens(st, doc.box, "box")
    st.mage = [parse_node(st, m, f"mages[{s}]") for s, m in enumerate(doc.mages)]
    st.familiar = [
        -1 if f is None else parse_node(st, f, f"familiars[{s}]") for s, f in enumerate(familiars)
    ]
    st.guardian = [-1] * 5
    for letter, node_id in doc.guardians.items():
        col = st.comp.colour_by_name(letter)
        require(col is not None, f"guardians.{letter}", letter, "a colour letter R/B/Y/G/P")
        assert col is not None
        st.guardian[col] = parse_node(st, node_id, f"guardians.{letter}")
    _seats(st, doc.seats)
    st.rolls = [parse_die(st, text, f"rolls[{i}]")[0] for i, text in enumerate(doc.rolls)]
    st.stall, st.broke, st.decisions = doc.stall, doc.broke, doc.decisions
    if doc.stack is None:  # a hand-written position at the start of ``turn``'s turn
        start = doc.phase == "play" and not st.rolls and 0 <= doc.turn < n
        st.stack = [Turn(s=doc.turn)] if start else []
    else:
        st.stack = frame_docs.load(doc.stack, "stack")
        for i, (raw_frame, frame) in enumerate(zip(doc.stack, st.stack, strict=True)):
            if isinstance(frame, Spell):
                keys = spell_keys(frame.card)
                why = f"the frame of {st.comp.card_name(frame.card)} has {sorted(keys)}"
                require(set(raw_frame) == keys, f"stack[{i}]", sorted(raw_frame), why)
    st.board_changed()
    check(st)


def _board(
    st: FiveSealsState,
    placed: dict[str, str],
    zone: str,
    read: Callable[[str], int | None],
    why: str,
) -> list[int]:
    """What lies on each node (-1: nothing) from ``{node id: text}``, each text ``read``."""
    on = [-1] * len(st.board)
    index = st.board.index
    for node_id, text in placed.items():
        node, value = index.get(node_id, -1), read(text)
        if node < 0 or value is None:
            parse_node(st, node_id, f"{zone}.{node_id}")
            require(False, f"{zone}.{node_id}", text, why)
        on[node] = -1 if value is None else value
    return on


def _seats(st: FiveSealsState, seats: list[SeatDoc]) -> None:
    in_game = st.n + st.comp.supply_extra
    owner = [-1 if d % 6 < in_game else -2 for d in range(NUM_DICE)]
    st.die_owner, st.die_val = owner, [0] * NUM_DICE
    st.hands, st.over = [], []
    dice, values = _codes(st.comp.letters)[1], VALUES
    card_of = st.comp.card_by_name
    for seat, player in enumerate(seats):
        for i, text in enumerate(player.dice):
            name, _, value = text.partition("=")
            die = dice.get(name, -1)
            if die < 0 or value not in values or owner[die] != -1:
                where = f"seats[{seat}].dice[{i}]"
                die = parse_die(st, text, where)[0]
                elsewhere = f"not in this game (dice 1..{in_game} of a colour are)"
                require(owner[die] != -2, where, text, elsewhere)
                require(False, where, text, "a die listed twice")
            owner[die], st.die_val[die] = seat, values[value]
        hand = []
        for i, entry in enumerate(player.scrolls):
            where = f"seats[{seat}].scrolls[{i}]"  # (only read if the entry is refused)
            if isinstance(entry, str):
                card = card_of(entry)
                hand.append([parse_card(st, entry, where) if card is None else card, 1, -1])
            else:
                held = -1 if entry.token is None else parse_token(st, entry.token, where)
                hand.append([parse_card(st, entry.card, where), int(entry.up), held])
        st.hands.append(hand)
        st.over.append(player.over)
