"""The position document (the ``position`` part of ``State.to_json``): ``to_json`` and ``load``,
with the document's declared shape here and its cross-checks in ``checks.py``.

Every field is required but ``decisions`` (0 if left out). The decision frames are under
``pending`` (``{"k": "target", "s": 0, "by": 55}``, see ``frames.py``); the key keeps its old
name so that the position documents of finished games, which the identical-records digests
cover, stay byte for byte what they were. Old saves whose frames say ``{"kind": ...}`` without
a seat still load. The format and what the loader checks: docs/rules/ciub.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from grimoire.core.documents import convert
from grimoire.core.errors import InvalidPosition
from grimoire.core.frames import Frame, FrameSchema
from grimoire.games.ciub import frames
from grimoire.games.ciub.checks import check
from grimoire.games.ciub.frames import CiubFrame, frames_to_json
from grimoire.games.ciub.rules import Phase
from grimoire.games.ciub.tables import PHASE_CODE

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

# The fields of the document: lists, then single values; ``pile``, ``claimed`` and the frames
# besides. ``phase`` and ``turns`` are declared by the core.
LISTS = (
    "loc",
    "face",
    "tray",
    "spent",
    "a_deck",
    "box_cards",
    "discard",
    "owl_out",
    "top",
    "bottom",
    "marker",
    "to_roll",
    "setup_queue",
    "final_left",
)
SHARED = (
    "phase",
    "turn",
    "first",
    "turns",
    "cycle_ok",
    "refill_at",
    "after_draw",
    "claim_gap",
    "triggered",
    "opus_holder",
    "decisions",
)

# Static ranges; the bounds the components and the player count decide are cross-checks.
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
Place = Annotated[int, msgspec.Meta(ge=-2, le=3)]  # a seat, -1 the supply, -2 the box
Face = Annotated[int, msgspec.Meta(ge=-1, le=5)]  # -1: not rolled this turn
Index = Annotated[int, msgspec.Meta(ge=0, le=999)]  # a die or card id
Gap = Annotated[int, msgspec.Meta(ge=-1, le=999)]  # a row index, -1 for none
Count = Annotated[int, msgspec.Meta(ge=0, le=2**53)]


# The declared shape of the decision frames in the document (``frames.py`` has the native
# frames the rules use): the boundary where the JSON is checked, then turned into frames.
class TargetDoc(Frame, tag="target"):
    s: int
    by: int


class FaceDoc(Frame, tag="face"):
    s: int
    by: int
    target: int


class PickDoc(Frame, tag="pick"):
    s: int
    colour: int
    left: int


FRAMES = FrameSchema(TargetDoc, FaceDoc, PickDoc)


def native_frame(doc: Frame) -> CiubFrame:
    """The rules' frame of a checked frame of the document."""
    if isinstance(doc, TargetDoc):
        return frames.Target(doc.s, doc.by)
    if isinstance(doc, FaceDoc):
        return frames.Face(doc.s, doc.by, doc.target)
    assert isinstance(doc, PickDoc)
    return frames.Pick(doc.s, doc.colour, doc.left)


class Piles(msgspec.Struct, forbid_unknown_fields=True):
    B: list[Index]
    C: list[Index]
    D: list[Index]


class CiubPosition(msgspec.Struct, forbid_unknown_fields=True):
    """The declared shape: types, enums and static ranges (seats below 4, faces -1..5)."""

    loc: list[Place]
    face: list[Face]
    tray: list[bool]
    spent: list[bool]
    a_deck: list[Index]
    box_cards: list[Index]
    discard: list[Index]
    owl_out: list[Index]
    top: list[Index]
    bottom: list[Index]
    marker: list[Index | None]
    to_roll: list[Index]
    setup_queue: list[Literal["A", "B", "C", "top", "bottom"]]
    final_left: list[Seat]
    phase: Phase
    turn: Seat
    first: Seat
    turns: Count
    cycle_ok: bool
    refill_at: Gap
    after_draw: Literal["", "roll", "reduce"]
    claim_gap: Gap
    triggered: bool
    opus_holder: Seat | None
    pile: Piles
    claimed: list[list[Index]]
    pending: list[Any]
    decisions: Count = 0


def to_json(st: CiubState) -> dict[str, Any]:
    """The position as JSON data (hidden parts included): the fields of LISTS, SHARED, then
    ``pile``, ``claimed`` and ``pending``, in that order."""
    return {
        "loc": st.loc[:],
        "face": st.face[:],
        "tray": st.tray[:],
        "spent": st.spent[:],
        "a_deck": st.a_deck[:],
        "box_cards": st.box_cards[:],
        "discard": st.discard[:],
        "owl_out": st.owl_out[:],
        "top": st.top[:],
        "bottom": st.bottom[:],
        "marker": st.marker[:],
        "to_roll": st.to_roll[:],
        "setup_queue": st.setup_queue[:],
        "final_left": st.final_left[:],
        "phase": st.phase,
        "turn": st.turn,
        "first": st.first,
        "turns": st.turns,
        "cycle_ok": st.cycle_ok,
        "refill_at": st.refill_at,
        "after_draw": st.after_draw,
        "claim_gap": st.claim_gap,
        "triggered": st.triggered,
        "opus_holder": st.opus_holder,
        "decisions": st.decisions,
        "pile": {letter: cards[:] for letter, cards in st.pile.items()},
        "claimed": [cards[:] for cards in st.claimed],
        "pending": frames_to_json(st.stack),
    }


def load(st: CiubState, doc: dict[str, Any]) -> None:
    """Fill the fresh state ``st`` from a position document: its declared shape, then the
    cross-checks; InvalidPosition naming the field otherwise."""
    found = convert(doc, CiubPosition, "position")
    for name in LISTS:
        setattr(st, name, getattr(found, name))
    for name in SHARED:
        setattr(st, name, getattr(found, name))
    st.ph = PHASE_CODE[found.phase]
    st.pile = {"B": sorted(found.pile.B), "C": sorted(found.pile.C), "D": sorted(found.pile.D)}
    st.claimed = found.claimed
    st.hands_cache = None
    if found.pending:  # (the schema takes some microseconds even for no frame)
        frames = [_frame(raw, found.turn) for raw in found.pending]
        try:
            docs = FRAMES.load(frames, "position.pending")
        except InvalidPosition as error:  # core's frame schema quotes a bad value whole
            raise InvalidPosition(_shorter(str(error))) from None
        st.stack = [native_frame(doc) for doc in docs]
    check(st)


def _frame(raw: Any, turn: int) -> Any:
    """A frame as JSON data: an old save's ``{"kind": ..., ...}`` (no seat) becomes
    ``{"k": ..., "s": turn, ...}``; anything else is left to the frame schema."""
    if isinstance(raw, dict) and "kind" in raw and "k" not in raw:
        return {"k": raw["kind"], "s": turn} | {k: v for k, v in raw.items() if k != "kind"}
    return raw


def _shorter(message: str, limit: int = 160) -> str:
    """msgspec's message quotes the bad value whole and names the field at its end (``- at
    `$.phase```): keep both ends of a long one."""
    if len(message) <= limit:
        return message
    tail = message[message.rfind(" - at ") :] if " - at " in message else ""
    return message[: limit - len(tail) - 3] + "..." + tail
