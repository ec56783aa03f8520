"""The decision frames in position documents: their declared JSON shape (``core.frames``), read
into the native frames of ``frames.py`` and written back from them.

The ranges below are the loader's first check (``FrameSchema.load`` refuses an unknown kind, a
missing or unknown field or a value out of range, naming it); ``checks.py`` then checks each
frame against the board. This module uses msgspec, so it stays interpreted in the compiled
build: only positions pass through it, never the rules.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from grimoire.core.frames import Frame, FrameSchema
from grimoire.games.five_seals.frames import (
    Absorb,
    Decision,
    Dice,
    Give,
    Pick,
    Spell,
    Take,
    Turn,
)

Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # -1: not chosen yet
Node = Annotated[int, msgspec.Meta(ge=0, le=9999)]  # checked against the board later
NodeOrNone = Annotated[int, msgspec.Meta(ge=-1, le=9999)]
Colour = Annotated[int, msgspec.Meta(ge=0, le=4)]
DiceColour = Annotated[int, msgspec.Meta(ge=-1, le=3)]  # -1: any / not chosen yet
ColourOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]
Value = Annotated[int, msgspec.Meta(ge=1, le=6)]
Values = Annotated[list[Value], msgspec.Meta(max_length=24)]
TokenCode = Annotated[int, msgspec.Meta(ge=2, le=36)]  # 10 x colour (0..3) + strength (2..6)
Card = Annotated[int, msgspec.Meta(ge=0, le=100)]
CardOrNone = Annotated[int, msgspec.Meta(ge=-1, le=99)]
DieCode = Annotated[int, msgspec.Meta(ge=-1, le=23)]  # 6 x colour + value - 1; -1: none yet

DiceModeDoc = Literal["turn", "bind", "leap", "tele", "speed"]
PickModeDoc = Literal["bind", "leap", "tele", "speed", "free"]


class DecisionDoc(Frame):
    s: Seat


class TurnDoc(DecisionDoc, tag="turn", omit_defaults=True):
    end: bool = False


class DiceDoc(DecisionDoc, tag="dice"):
    n: Node
    c: DiceColour
    v: Values
    m: DiceModeDoc
    x: ColourOrNone


class PickDoc(DecisionDoc, tag="pick"):
    m: PickModeDoc
    c: Colour
    x: NodeOrNone


class AbsorbDoc(DecisionDoc, tag="absorb"):
    t: TokenCode


class TakeDoc(DecisionDoc, tag="take"):
    n: Annotated[int, msgspec.Meta(ge=1, le=24)]


class GiveDoc(DecisionDoc, tag="give"):
    t: Seat
    c: DiceColour


class SpellDoc(DecisionDoc, tag="spell"):
    card: Card
    src: tuple[Seat, Annotated[int, msgspec.Meta(ge=0, le=200)]]
    c: ColourOrNone
    v: Values = msgspec.field(default_factory=list)
    y: DiceColour = -1
    o: SeatOrNone = -1
    t: DieCode = -1
    j: CardOrNone = -1
    ph: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0
    up: Values = msgspec.field(default_factory=list)
    dn: Values = msgspec.field(default_factory=list)
    a: NodeOrNone = -1
    r: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0


FRAMES = FrameSchema(TurnDoc, DiceDoc, PickDoc, AbsorbDoc, TakeDoc, GiveDoc, SpellDoc)


def native(doc: Frame) -> Decision:
    """The native frame of a checked frame document."""
    if isinstance(doc, TurnDoc):
        return Turn(doc.s, doc.end)
    if isinstance(doc, DiceDoc):
        return Dice(doc.s, doc.n, doc.c, list(doc.v), doc.m, doc.x)
    if isinstance(doc, PickDoc):
        return Pick(doc.s, doc.m, doc.c, doc.x)
    if isinstance(doc, AbsorbDoc):
        return Absorb(doc.s, doc.t)
    if isinstance(doc, TakeDoc):
        return Take(doc.s, doc.n)
    if isinstance(doc, GiveDoc):
        return Give(doc.s, doc.t, doc.c)
    assert isinstance(doc, SpellDoc)
    return Spell(
        doc.s,
        doc.card,
        (doc.src[0], doc.src[1]),
        doc.c,
        list(doc.v),
        doc.y,
        doc.o,
        doc.t,
        doc.j,
        doc.ph,
        list(doc.up),
        list(doc.dn),
        doc.a,
        doc.r,
    )


def load(raw: Any, where: str) -> list[Decision]:
    """Native frames from a position's ``stack`` (a list of objects); InvalidPosition naming
    the field."""
    return [native(doc) for doc in FRAMES.load(raw, where)]
