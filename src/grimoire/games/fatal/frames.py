"""F.A.T.A.L.'s decision frames: every kind of pending step, typed (``core.frames``).

The state's ``stack`` holds them, the top acting next. Three sorts, each a base class here:

* ``Decision``: seat ``s`` answers a question (the legal actions depend on the kind);
  ``Reveal``, the sealed reveal of round 1, is asked of every live seat that has not chosen;
* ``Chance``: a chance node (a card or treasure drawn, a character dealt, a random steal);
* ``Procedure``: a step of the rules run by ``flow.advance`` until a decision or a chance
  node is on top (a turn's stages, a trimagic, the exchange, the end of round 1).

A frame's JSON is ``{"k": kind, "s": seat, ...}``: the fields have readable names in the
code and keep their short keys in JSON (``victim`` is ``v``: the position format). Optional
fields (``tdraw``'s ``slot`` or ``s``, ``slot``'s ``t``, ``rend``'s ``q``) are left out while
they hold their default, as they always were. The static ranges below are the loader's first
check; ``checks.py`` checks each frame against the board.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from grimoire.core.frames import Frame, FrameSchema

Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=4)]  # -1: nobody (yet)
Row = Annotated[int, msgspec.Meta(ge=0, le=1)]
Place = Annotated[int, msgspec.Meta(ge=0, le=2)]
Slot = Annotated[int, msgspec.Meta(ge=0, le=2)]
Small = Annotated[int, msgspec.Meta(ge=0, le=100)]


class FatalFrame(Frame):
    """Base of this game's frames: shown as their JSON (in refusals, tests and logs)."""

    def __repr__(self) -> str:
        return repr(msgspec.to_builtins(self))


class Decision(FatalFrame):
    """A question seat ``s`` answers."""

    s: Seat


class Chance(FatalFrame):
    """A chance node."""


class Procedure(FatalFrame):
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


class Reveal(FatalFrame, tag="reveal"):
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


FRAMES = FrameSchema(
    *(Act1, Steal, ToRow, Play, XGive, XDisc, XKeep, SlotPick, Gift, Target, Shield, Cast),
    *(Discard, SwapMine, SwapTheirs, Wind, Pick, Unmask, Trade, GazeOrder, Keep, Reveal),
    *(Char, First, Draw, TDraw, RSteal, RCard, Share),
    *(Setup, Start, Turn, Spent, Exchange, Gaze, Tri, Takes, Echk, Hand, RoundEnd),
)
# the sorts as sets of classes: ``type(f) in CHANCES`` is quicker than ``isinstance`` on the
# hot path (msgspec's Struct metaclass makes isinstance checks slower)
DECISIONS = frozenset(k for k in FRAMES.kinds.values() if issubclass(k, Decision))
CHANCES = frozenset(k for k in FRAMES.kinds.values() if issubclass(k, Chance))
