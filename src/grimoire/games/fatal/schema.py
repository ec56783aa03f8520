"""The position document's declared shape (``position.load`` reads a document through it with
``core.documents.convert``): types, required fields, enums and static ranges. What depends on
the board (lengths per seat, names of cards, frames against the board) is checked by
``position.py`` and ``checks.py``. This module uses msgspec, so it stays interpreted in the
compiled build (``position.py``, which uses it, does not).
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from grimoire.games.fatal.frames import FRAMES

if TYPE_CHECKING:
    from grimoire.core.frames import Frame

Name = str  # (a length constraint here, in a union with a tuple, crashes msgspec 0.22)
Mask = Annotated[int, msgspec.Meta(ge=0, le=63)]  # seat bits 0..4 and everyone (32)
Entry = Name | tuple[Name, Mask]
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]
Count = Annotated[int, msgspec.Meta(ge=0, le=9)]
Unset = msgspec.UnsetType
UNSET = msgspec.UNSET
if TYPE_CHECKING:
    Stack = list[Frame]
else:  # every frame kind of FRAMES, read with the position: msgspec caches a Struct's decoder,
    # where FRAMES.load(raw) would build it again for every document (30 µs)
    Stack = list[reduce(operator.or_, FRAMES.kinds.values())]


class TurnState(msgspec.Struct, forbid_unknown_fields=True):
    plays: Count = 0
    limit: Count | Unset = UNSET  # default: the components' plays
    bonus: Count = 0
    casts: Count = 0


class FatalPosition(msgspec.Struct, forbid_unknown_fields=True):
    """The ``position`` part of a document (docs/rules/fatal.md, "Position format"): seat
    numbers below 5, masks below 64; lengths per seat are cross-checks."""

    phase: Literal["setup", "play", "over"]
    characters: list[Entry | None]
    hands: list[list[Entry]]
    aside: list[list[Entry]]
    rows: list[list[list[Name]]]
    discard: list[Name]
    in_effect: list[Name]
    looking: list[Entry]
    display: list[Name | None]
    treasures: list[list[Entry]]
    face_up: list[list[Name]]
    t_top: list[Entry]
    t_under: list[Name]
    round: Literal[1, 2] = 1
    first: SeatOrNone = 0
    turn: SeatOrNone | Unset = UNSET  # default: first
    revealed: list[bool] | Unset = UNSET  # default: nobody
    out: list[bool] | Unset = UNSET  # default: nobody
    looker: SeatOrNone = -1
    deck: list[Entry] | Unset = UNSET  # default: every card not placed elsewhere
    t_pool: list[Entry] | Unset = UNSET  # default: every treasure not placed elsewhere
    t_top_bot: Annotated[int, msgspec.Meta(ge=0, le=3)] = 0
    t_mid: Annotated[int, msgspec.Meta(ge=0, le=99)] | Unset = UNSET  # default: pool - 4
    queen_shown: bool = False
    round1: list[Annotated[int, msgspec.Meta(ge=-999, le=999)]] | None = None
    sealed_reveal: list[Seat] = msgspec.field(default_factory=list)
    sealed_hide: list[Seat] = msgspec.field(default_factory=list)
    turn_state: TurnState = msgspec.field(default_factory=TurnState)
    stack: Stack | Unset = UNSET  # default: the turn's step 1 (setup: the setup)
    decisions: Annotated[int, msgspec.Meta(ge=0, le=10**9)] = 0
    special: SeatOrNone = -1
    reshuffles: Annotated[int, msgspec.Meta(ge=0, le=10**6)] = 0
    # ruling 31: turns in a row in which nothing changed; whether the current turn changed
    # anything (default: a position starts a fresh count)
    idle_turns: Annotated[int, msgspec.Meta(ge=0, le=10**6)] = 0  # idle_round=false: any
    turn_changed: bool = True
