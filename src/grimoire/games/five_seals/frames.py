"""Five Seals' decision frames: every kind of pending small decision, typed (``core.frames``).

``st.stack`` holds them, bottom first; seat ``s`` answers the top one. Node indices count the
board file's nodes from 0; colours are R 0, B 1, Y 2, G 3, P 4 (dice: 0..3); card ids are
5 x family + colour and Binding 100; a token code is 10 x colour + strength.

* ``Turn``   a player's turn: ``use`` a scroll, ``break`` a seal, or ``end round`` when no seal
  can be broken (turn steps 1-2); ``end`` once the turn's break is done.
* ``Dice``   paying for a break on node ``n``: one ``die`` at a time, highest first, until the
  seal is broken; ``c`` the colour (-1 for a Mind seal until the first die), ``v`` the values so
  far, ``m`` what the break is for, ``x`` Speed's colour (else -1).
* ``Pick``   the seal a spell lets you break (``m``), ``c`` the spell's colour, ``x`` the node
  leapt over or moved through (Leap, Teleportation; else -1).
* ``Absorb`` after breaking token ``t``: put it on a face-up Absorption scroll, or ``done``.
* ``Take``   taking ``n`` dice from the supply (setup, and when your round is over).
* ``Give``   Theft: the robbed seat ``s`` chooses the die the thief ``t`` gets (``c``: its
  colour, -1 for any).
* ``Spell``  scroll ``card`` being used, held at ``src`` (owner, index in the owner's
  scrolls), ``c`` its colour (-1: a Mind colour still to choose), and the spell's own fields
  (``spells/``: each handler names its ``fields``; the JSON has those and no others).

The ranges below are the loader's first check; ``checks.py`` checks each frame against the
board. This module uses msgspec, so it stays interpreted in the compiled build.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from grimoire.core.frames import Frame, FrameSchema

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

DiceMode = Literal["turn", "bind", "leap", "tele", "speed"]  # what a break with dice is for
PickMode = Literal["bind", "leap", "tele", "speed", "free"]  # why a seal is chosen


class Decision(Frame):
    """A small decision of seat ``s`` (every frame is one)."""

    s: Seat


class Turn(Decision, tag="turn", omit_defaults=True):
    """Seat ``s``'s turn; ``end`` once its break is done (what is above it finishes first)."""

    end: bool = False


class Dice(Decision, tag="dice"):
    """Seat ``s`` pays for the seal on node ``n`` with dice of colour ``c``, values ``v``."""

    n: Node
    c: DiceColour
    v: Values
    m: DiceMode
    x: ColourOrNone


class Pick(Decision, tag="pick"):
    """Seat ``s`` chooses the seal its spell (``m``, colour ``c``) lets it break."""

    m: PickMode
    c: Colour
    x: NodeOrNone


class Absorb(Decision, tag="absorb"):
    """Seat ``s`` broke token ``t``: onto a face-up Absorption scroll, or back to the box."""

    t: TokenCode


class Take(Decision, tag="take"):
    """Seat ``s`` takes ``n`` more dice from the supply."""

    n: Annotated[int, msgspec.Meta(ge=1, le=24)]


class Give(Decision, tag="give"):
    """Theft: seat ``s`` chooses which of its dice (colour ``c``, -1 any) the thief ``t`` gets."""

    t: Seat
    c: DiceColour


class Spell(Decision, tag="spell"):
    """Seat ``s`` is using ``card`` (held at ``src``); the rest are the spells' own fields:

    ``v`` dice values picked (Change, Renewal, Strengthening), ``y`` Change's new colour,
    ``o`` the opponent chosen and ``t`` the die code taken (Deception), ``j`` the card asked
    for (Transfer), ``ph``/``up``/``dn`` Alteration's step and values raised and lowered,
    ``a`` the first node chosen (Swap, Exchange, Rearrangement), ``r`` a die raised (Binding,
    edition mayday)."""

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


FRAMES = FrameSchema(Turn, Dice, Pick, Absorb, Take, Give, Spell)
