"""Runika's decision frames and chance events, typed (``core.frames``).

Each seat has its own stack, ``st.stacks[seat]`` (top last): in simultaneous play every seat
plays its turn at once. The bottom frame of a seat whose turn is running is ``Main``; the
others are the small decisions it opens. Pending chance is a queue, ``st.chance`` (head first),
of events: one draw or roll each (``chance.py``).

A frame's JSON is ``{"k": kind, "s": seat, ...}`` as it always was; optional fields (``Main``'s
``had``, ``Pick``'s ``src``) are left out while they hold their default. The static ranges
here are the loader's first check; ``position.py`` checks each frame against the board.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from grimoire.core.frames import Frame, FrameSchema

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
