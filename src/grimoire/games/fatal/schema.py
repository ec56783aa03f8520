"""The position document's declared shape (``position.load`` reads a document through it with
``core.documents.convert``): types, required fields, enums and static ranges, the decision
frames' included (each kind as the document writes it, read into the game's own frame classes
of ``frames.py`` by ``load_frames``). What depends on the board (lengths per seat, names of
cards, frames against the board) is checked by ``position.py`` and ``checks.py``. This module
uses msgspec, so it stays interpreted in the compiled build (``position.py``, which uses it,
does not): the rules never see these classes, only the frames they are read into.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from grimoire.core.documents import shorten
from grimoire.core.errors import InvalidPosition
from grimoire.games.fatal import frames as F

Name = str  # (a length constraint here, in a union with a tuple, crashes msgspec 0.22)
Mask = Annotated[int, msgspec.Meta(ge=0, le=63)]  # seat bits 0..4 and everyone (32)
Entry = Name | tuple[Name, Mask]
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # -1: nobody (yet)
Row = Annotated[int, msgspec.Meta(ge=0, le=1)]
Place = Annotated[int, msgspec.Meta(ge=0, le=2)]
Slot = Annotated[int, msgspec.Meta(ge=0, le=2)]
Small = Annotated[int, msgspec.Meta(ge=0, le=100)]
Count = Annotated[int, msgspec.Meta(ge=0, le=9)]
Unset = msgspec.UnsetType
UNSET = msgspec.UNSET


# ---------------------------------------------------------------------- decision frames
class Wire(msgspec.Struct, tag_field="k", forbid_unknown_fields=True):
    """A decision frame as the position document writes it: ``{"k": kind, "s": seat, ...}``,
    the fields with readable names here and their short keys in JSON (``victim`` is ``v``).
    Each kind below has the name, fields (in the same order) and meaning of its frame class in
    ``frames.py``; optional fields are left out while they hold their default."""


class Decision(Wire):
    """A question seat ``s`` answers."""

    s: Seat


class Chance(Wire):
    """A chance node."""


class Procedure(Wire):
    """A step the rules run without asking anyone."""


# ---------------------------------------------------------------------- decisions
class Act1(Decision, tag="act1"):
    """Step 1: an enchantment, the treasure exchange, or done."""


class Steal(Decision, tag="steal"):
    """Step 2: steal the last vision of a row, or done."""


class Play(Decision, tag="play"):
    """Step 3: play a vision into a row, or done."""


class XGive(Decision, tag="xgive"):
    """The exchange: the treasure given up."""


class XDisc(Decision, tag="xdisc"):
    """The exchange: a card discarded, or done."""


class Target(Decision, tag="target"):
    """The trimagic's target (the ``tri`` frame below it)."""


class Cast(Decision, tag="cast"):
    """Two complete rows: which one casts its trimagic first."""


class Discard(Decision, tag="discard"):
    """Step C: a card discarded down to the hand limit."""


class SwapMine(Decision, tag="swapmy"):
    """Magical Swap: one of my visions."""


class Wind(Decision, tag="wind"):
    """Wind of Oblivion: the row whose last vision is discarded."""


class Pick(Decision, tag="pick"):
    """Pickpocket: whose hand."""


class Unmask(Decision, tag="unmask"):
    """Unmasking: whose character."""


class Trade(Decision, tag="trade"):
    """Fairy Trade: one of my treasures."""


class Keep(Decision, tag="keep"):
    """Reveal bonus: a treasure of my colour face up, or done."""


class ToRow(Decision, tag="torow"):
    """Which of my rows takes the vision stolen from seat ``victim``'s ``row``."""

    victim: Seat = msgspec.field(name="v")
    row: Row = msgspec.field(name="r")


class XKeep(Decision, tag="xkeep"):
    """The exchange: ``to_keep`` more cards to keep of those looked at."""

    to_keep: Small = msgspec.field(name="n")


class SlotPick(Decision, tag="slot", omit_defaults=True):
    """A display slot, by ``mode``: star (3 stars), take (a TAKE trimagic for the seat
    ``receiver_or_kind``) or trade (Fairy Trade of my treasure of kind ``receiver_or_kind``)."""

    mode: Literal["star", "take", "trade"] = msgspec.field(name="m")
    receiver_or_kind: Annotated[int, msgspec.Meta(ge=-1, le=100)] = msgspec.field(
        default=-1, name="t"
    )


class Gift(Decision, tag="gift"):
    """Who receives the star treasure of display slot ``slot``."""

    slot: Slot


class Shield(Decision, tag="shield"):
    """Seat ``s``'s Elemental Shield window against caster ``by`` (the ``tri`` frame below)."""

    by: Seat


class SwapTheirs(Decision, tag="swapth"):
    """Magical Swap: a row of another seat for my card at ``row``, ``place``."""

    row: Row = msgspec.field(name="r")
    place: Place = msgspec.field(name="p")


class GazeOrder(Decision, tag="gorder"):
    """Crystal Gaze: the treasure for ``place`` of the looked-at top (0: the top)."""

    place: Place = msgspec.field(name="i")


class Reveal(Wire, tag="reveal"):
    """The sealed reveal at the end of round 1: every live seat that has not chosen."""


# ---------------------------------------------------------------------- chance
class Char(Chance, tag="char"):
    """Seat ``s`` is dealt a character."""

    s: Seat


class First(Chance, tag="first"):
    """The first player."""


class Draw(Chance, tag="draw"):
    """A card of the deck to seat ``s``: to the hand, set aside, or to look at."""

    s: Seat
    to: Literal["hand", "aside", "look"]


class TDraw(Chance, tag="tdraw", omit_defaults=True):
    """A treasure to display slot ``slot``, or to the looked-at top for seat ``s``."""

    to: Literal["display", "top"]
    slot: Annotated[int, msgspec.Meta(ge=-1, le=2)] = -1
    s: SeatOrNone = -1


class RSteal(Chance, tag="rsteal"):
    """A random face-down treasure of seat ``victim`` to seat ``s`` (STEAL)."""

    s: Seat
    victim: Seat = msgspec.field(name="v")


class RCard(Chance, tag="rcard"):
    """A random card of seat ``victim``'s hand: discarded (``s`` -1) or to seat ``s``."""

    s: SeatOrNone
    victim: Seat = msgspec.field(name="v")


class Share(Chance, tag="share"):
    """A treasure of the eliminated seat ``victim`` to seat ``to``."""

    victim: Seat = msgspec.field(name="v")
    to: Seat


# ---------------------------------------------------------------------- procedures
class Setup(Procedure, tag="setup"):
    """Deal characters, the display and the hands."""


class Start(Procedure, tag="start"):
    """Play starts with the first player."""


class Turn(Procedure, tag="turn"):
    """Seat ``s``'s turn at stage ``at``: 0 step 1, 1 steal, 2 play, 3 stars, 4 trimagics,
    5 step C, 6 the next player."""

    s: Seat
    at: Annotated[int, msgspec.Meta(ge=0, le=6)]


class Spent(Procedure, tag="spent"):
    """The enchantment played this turn is discarded: its effect has ended."""


class Exchange(Procedure, tag="xchg"):
    """Seat ``s``'s treasure exchange at stage ``at`` (0..4), ``discarded`` cards so far."""

    s: Seat
    at: Annotated[int, msgspec.Meta(ge=0, le=4)]
    discarded: Small = msgspec.field(name="n")


class Gaze(Procedure, tag="gaze"):
    """Seat ``s``'s Crystal Gaze at stage ``at`` (0..2)."""

    s: Seat
    at: Annotated[int, msgspec.Meta(ge=0, le=2)]


TriType = Literal["DRAW", "TAKE", "STEAL", "DISCARD"]


class Tri(Procedure, tag="tri"):
    """Seat ``s``'s trimagic of ``row``: its ``effect`` (the head's type), whether it has a
    ``second`` target, its ``strength``, the ``target_index`` (0: the first target), stage
    ``at``, the ``target`` and the ``first_target``, and whether the current target
    ``shielded``."""

    s: Seat
    row: Row = msgspec.field(name="r")
    effect: TriType = msgspec.field(name="ty")
    second: bool = msgspec.field(name="two")
    strength: Annotated[int, msgspec.Meta(ge=1, le=2)] = msgspec.field(name="n")
    target_index: Annotated[int, msgspec.Meta(ge=0, le=2)] = msgspec.field(name="j")
    at: Literal["tgt", "choose", "win", "eff"]
    target: SeatOrNone = msgspec.field(name="t")
    first_target: SeatOrNone = msgspec.field(name="t0")
    shielded: bool = msgspec.field(name="sh")


class Takes(Procedure, tag="takes"):
    """A TAKE trimagic: ``left`` display treasures still to give seat ``target``."""

    s: Seat
    target: Seat = msgspec.field(name="t")
    left: Annotated[int, msgspec.Meta(ge=0, le=2)]


class Echk(Procedure, tag="echk"):
    """Whether seat ``victim``'s hand was emptied by seat ``by`` (a draw, or elimination)."""

    victim: Seat = msgspec.field(name="v")
    by: Seat


class Hand(Procedure, tag="hand"):
    """Step C for the ``seats``, in order."""

    seats: list[Seat] = msgspec.field(name="q")


class RoundEnd(Procedure, tag="rend", omit_defaults=True):
    """The end of a round at stage ``at``; ``bonus_seats``: the seats still to take a reveal
    bonus."""

    at: Literal["tally", "bonus", "rebuild", "last"]
    bonus_seats: list[Seat] = msgspec.field(default_factory=list, name="q")


WIRE_KINDS: tuple[type[Wire], ...] = (
    *(Act1, Steal, ToRow, Play, XGive, XDisc, XKeep, SlotPick, Gift, Target, Shield, Cast),
    *(Discard, SwapMine, SwapTheirs, Wind, Pick, Unmask, Trade, GazeOrder, Keep, Reveal),
    *(Char, First, Draw, TDraw, RSteal, RCard, Share),
    *(Setup, Start, Turn, Spent, Exchange, Gaze, Tri, Takes, Echk, Hand, RoundEnd),
)
# each kind as written -> its frame class and its fields, in the order the class takes them
TO_FRAME: dict[type[Wire], tuple[type[F.FatalFrame], tuple[str, ...]]] = {
    kind: (F.FRAMES.kinds[str(kind.__struct_config__.tag)], kind.__struct_fields__)
    for kind in WIRE_KINDS
}
if TYPE_CHECKING:
    Stack = list[Wire]
else:  # every frame kind, read with the position: msgspec caches a Struct's decoder, where
    # a bare list of the union would be planned again for every document (30 µs)
    Stack = list[reduce(operator.or_, WIRE_KINDS)]


def to_frames(wires: list[Wire]) -> list[F.FatalFrame]:
    """The game's frames of frames read from a document."""
    frames = []
    for wire in wires:
        kind, fields = TO_FRAME[type(wire)]
        frames.append(kind(*[getattr(wire, name) for name in fields]))
    return frames


class _Frames(msgspec.Struct):
    frames: Stack


def load_frames(raw: Any, where: str) -> list[F.FatalFrame]:
    """Frames from JSON data (a list of objects); InvalidPosition naming the field."""
    try:
        held = msgspec.convert({"frames": raw}, _Frames, strict=True)
    except msgspec.ValidationError as error:
        message = str(error).replace("$.frames", "$")
        raise InvalidPosition(shorten(f"{where}: {message}", 160)) from None
    return to_frames(held.frames)


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
