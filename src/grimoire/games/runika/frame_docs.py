"""Runika's decision frames and chance events as position documents declare them: msgspec
Structs (``core.frames``), the boundary between JSON and the native frames the rules use
(``frames.py``, which says what each one means).

A frame's JSON is ``{"k": kind, "s": seat, ...}`` as it always was; optional fields (``Main``'s
``had``, ``Pick``'s ``src``) are left out while they hold their default. The static ranges
here are the loader's first check (``load_frames``, ``load_events``: the frames read, checked
and made native); ``position.py`` checks each frame against the board.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from grimoire.core.frames import Frame, FrameSchema
from grimoire.games.runika import frames

Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # -1: none (yet)
Die = Annotated[int, msgspec.Meta(ge=0, le=15)]  # a rolled die: 4 * colour + face
Colour = Annotated[int, msgspec.Meta(ge=0, le=3)]
Cell = Annotated[int, msgspec.Meta(ge=-1, le=15)]  # -1: not chosen yet
Index = Annotated[int, msgspec.Meta(ge=0, le=63)]  # a rune, a professor, a card of a seat
Stage = Literal["roll", "reroll", "resolve", "achieve", "claims", "refill", "end"]


class Card(msgspec.Struct, array_like=True, frozen=True):
    """Where an ability comes from: ``Card("r", i)`` the seat's i-th rune card, ``("a", i)``
    its i-th achievement, ``("p", p)`` professor p (no budget). JSON: ``["r", 0]``."""

    kind: Literal["r", "a", "p"]
    index: Index


# ---------------------------------------------------------------------- decisions
class Decision(Frame):
    """A small decision of seat ``s``, on its own stack."""

    s: Seat


class Main(Decision, tag="main", omit_defaults=True):
    """Seat ``s``'s turn at its ``stage`` (``st`` in JSON; ``flow.py``); ``had``: the rune cards
    it owned before its first claim this turn (ruling 23; -1 before that claim)."""

    stage: Stage = msgspec.field(name="st")
    had: Annotated[int, msgspec.Meta(ge=-1, le=64)] = -1


class Pick(Decision, tag="pick", omit_defaults=True):
    """Dice marked for a re-roll (``sel``), then ``roll``: ``disc`` the die paid for it (-1 for
    a free re-roll), ``max`` the most dice (0: any), ``src`` the card of a free re-roll."""

    disc: Annotated[int, msgspec.Meta(ge=-1, le=15)]
    sel: list[Die]
    max: Annotated[int, msgspec.Meta(ge=0, le=80)]
    src: Card | None = None


class Resolve(Decision, tag="die"):
    """Resolving the die ``d``: where it goes (its face decides the choices)."""

    d: Die


class Fort(Decision, tag="fort"):
    """Fortification (the card ``src``): save the die ``d`` pushed off the grid, or not."""

    d: Die
    src: Card


class Quarry(Decision, tag="quarry"):
    """Quarry (the card ``src``) after placing on a professor: turn the disc clockwise?"""

    src: Card


class At(Decision, tag="at"):
    """Where the claimed rune ``r`` lies, when several footprints match (``claims.py``)."""

    r: Index


class Ab(Decision, tag="ab"):
    """An ability being used (``abilities.py``): ``kind`` the ability's (this field hides the
    frame's own kind, ``ab``, as the JSON always had it), its parameters ``a`` (``kind``
    included), the card ``src``, ``m`` mandatory (no way back), ``p`` the professor whose
    ability it is (-1: none), ``g`` whose grid (-1 until chosen), ``c`` a chosen cell."""

    kind: str
    src: Card
    m: bool
    p: Annotated[int, msgspec.Meta(ge=-1, le=63)]
    g: SeatOrNone
    c: Cell
    a: dict[str, str | int]


FRAMES = FrameSchema(Main, Pick, Resolve, Fort, Quarry, At, Ab)


# ---------------------------------------------------------------------- chance events
class FirstDraw(Frame, tag="first"):
    """The initiative holder is drawn."""


class SoloDraw(Frame, tag="solo_prof"):
    """The solo professor turned over is drawn."""


class RuneDraw(Frame, tag="rune"):
    """A basic rune from the deck into display ``slot``."""

    slot: Annotated[int, msgspec.Meta(ge=0, le=63)]


class Deal(Frame, tag="deal"):
    """A secret rune of category ``cat`` dealt to seat ``s``."""

    s: Seat
    cat: Literal["start", "elem", "mastery"]


class AchDraw(Frame, tag="ach"):
    """An achievement card for seat ``s``."""

    s: Seat


class BagDraw(Frame, tag="bag"):
    """A die drawn from the bag for seat ``s``, going ``to`` the draft's middle, the seat's
    quick-draft hand, a roll (Ko'bataan, Tide Pool) or out of play (solo)."""

    s: Seat
    to: Literal["middle", "qhand", "roll", "remove"]


class Roll(Frame, tag="roll"):
    """A die of colour ``c`` rolled into seat ``s``'s storage."""

    s: Seat
    c: Colour


EVENTS = FrameSchema(FirstDraw, SoloDraw, RuneDraw, Deal, AchDraw, BagDraw, Roll)


# ---------------------------------------------------------------------- to native frames
def _card(card: Card | None) -> frames.Card | None:
    return None if card is None else frames.Card(card.kind, card.index)


def _src(card: Card) -> frames.Card:
    return frames.Card(card.kind, card.index)


def native(doc: Frame) -> frames.Frame:
    """The native frame (``frames.py``) of a frame read from a document."""
    if isinstance(doc, Main):
        return frames.Main(s=doc.s, stage=doc.stage, had=doc.had)
    if isinstance(doc, Pick):
        return frames.Pick(
            s=doc.s, disc=doc.disc, sel=list(doc.sel), max=doc.max, src=_card(doc.src)
        )
    if isinstance(doc, Resolve):
        return frames.Resolve(s=doc.s, d=doc.d)
    if isinstance(doc, Fort):
        return frames.Fort(s=doc.s, d=doc.d, src=_src(doc.src))
    if isinstance(doc, Quarry):
        return frames.Quarry(s=doc.s, src=_src(doc.src))
    if isinstance(doc, At):
        return frames.At(s=doc.s, r=doc.r)
    if isinstance(doc, Ab):
        return frames.Ab(
            s=doc.s,
            kind=doc.kind,
            src=_src(doc.src),
            m=doc.m,
            p=doc.p,
            g=doc.g,
            c=doc.c,
            a=dict(doc.a),
        )
    return _native_event(doc)


def _native_event(doc: Frame) -> frames.Frame:
    if isinstance(doc, FirstDraw):
        return frames.FirstDraw()
    if isinstance(doc, SoloDraw):
        return frames.SoloDraw()
    if isinstance(doc, RuneDraw):
        return frames.RuneDraw(slot=doc.slot)
    if isinstance(doc, Deal):
        return frames.Deal(s=doc.s, cat=doc.cat)
    if isinstance(doc, AchDraw):
        return frames.AchDraw(s=doc.s)
    if isinstance(doc, BagDraw):
        return frames.BagDraw(s=doc.s, to=doc.to)
    assert isinstance(doc, Roll)
    return frames.Roll(s=doc.s, c=doc.c)


def load_frames(raw: Any, where: str) -> list[frames.Frame]:
    """A stack of decision frames from JSON data, checked (InvalidPosition naming the field)."""
    return [native(doc) for doc in FRAMES.load(raw, where)]


def load_events(raw: Any, where: str) -> list[frames.Frame]:
    """The chance queue from JSON data, checked (InvalidPosition naming the field)."""
    return [native(doc) for doc in EVENTS.load(raw, where)]
