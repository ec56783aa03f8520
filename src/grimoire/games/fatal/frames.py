"""F.A.T.A.L.'s decision frames: every kind of pending step, as plain typed classes.

The state's ``stack`` holds them, the top acting next. Three sorts, each a base class here:

* ``Decision``: seat ``s`` answers a question (the legal actions depend on the kind);
  ``Reveal``, the sealed reveal of round 1, is asked of every live seat that has not chosen;
* ``Chance``: a chance node (a card or treasure drawn, a character dealt, a random steal);
* ``Procedure``: a step of the rules run by ``flow.advance`` until a decision or a chance
  node is on top (a turn's stages, a trimagic, the exchange, the end of round 1).

The frames are the engine's hot data, so they are ordinary classes that the compiled build
makes native (typed fields, no per-instance dict): each carries its kind as a small int,
``code`` (``is_decision``, the sorts and the rules' dispatch read it), and the kinds whose
fields the rules never change (most decisions and chance nodes) are shared between copies of a
state (``copy`` returns the frame itself; ``MUTABLE`` lists the others).

JSON stays at the edge: a frame's JSON is ``{"k": kind, "s": seat, ...}`` with the short keys
of the position format (``victim`` is ``v``), written by ``to_json`` (``stack_to_json``);
optional fields (``tdraw``'s ``slot`` or ``s``, ``slot``'s ``t``, ``rend``'s ``q``) are left
out while they hold their default, as they always were. Reading frames back (types, static
ranges, unknown kinds and fields refused) is ``schema.py``'s part (``FRAMES.load``);
``checks.py`` checks each frame against the board.
"""

from __future__ import annotations

from typing import Any, Final

# ---------------------------------------------------------------------- kind codes
# decisions first (``code <= LAST_DECISION``), then the reveal, chance nodes, procedures
ACT1: Final = 0
STEAL: Final = 1
PLAY: Final = 2
XGIVE: Final = 3
XDISC: Final = 4
TARGET: Final = 5
CAST: Final = 6
DISCARD: Final = 7
SWAPMY: Final = 8
WIND: Final = 9
PICK: Final = 10
UNMASK: Final = 11
TRADE: Final = 12
KEEP: Final = 13
TOROW: Final = 14
XKEEP: Final = 15
SLOT: Final = 16
GIFT: Final = 17
SHIELD: Final = 18
SWAPTH: Final = 19
GORDER: Final = 20
LAST_DECISION: Final = 20
REVEAL: Final = 21
CHAR: Final = 22
FIRST: Final = 23
DRAW: Final = 24
TDRAW: Final = 25
RSTEAL: Final = 26
RCARD: Final = 27
SHARE: Final = 28
FIRST_CHANCE: Final = 22
LAST_CHANCE: Final = 28
SETUP: Final = 29
START: Final = 30
TURN: Final = 31
SPENT: Final = 32
XCHG: Final = 33
GAZE: Final = 34
TRI: Final = 35
TAKES: Final = 36
ECHK: Final = 37
HAND: Final = 38
REND: Final = 39
KINDS: Final = 40

# code -> the kind's tag (``k`` in JSON) and its fields as (name in the code, key in JSON)
TAGS: Final[tuple[str, ...]] = (
    *("act1", "steal", "play", "xgive", "xdisc", "target", "cast", "discard", "swapmy"),
    *("wind", "pick", "unmask", "trade", "keep", "torow", "xkeep", "slot", "gift", "shield"),
    *("swapth", "gorder", "reveal", "char", "first", "draw", "tdraw", "rsteal", "rcard"),
    *("share", "setup", "start", "turn", "spent", "xchg", "gaze", "tri", "takes", "echk"),
    *("hand", "rend"),
)
SEAT: Final[tuple[tuple[str, str], ...]] = (("s", "s"),)
FIELDS: Final[tuple[tuple[tuple[str, str], ...], ...]] = (
    *(SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT, SEAT),
    (("s", "s"), ("victim", "v"), ("row", "r")),  # torow
    (("s", "s"), ("to_keep", "n")),  # xkeep
    (("s", "s"), ("mode", "m"), ("receiver_or_kind", "t")),  # slot
    (("s", "s"), ("slot", "slot")),  # gift
    (("s", "s"), ("by", "by")),  # shield
    (("s", "s"), ("row", "r"), ("place", "p")),  # swapth
    (("s", "s"), ("place", "i")),  # gorder
    (),  # reveal
    SEAT,  # char
    (),  # first
    (("s", "s"), ("to", "to")),  # draw
    (("to", "to"), ("slot", "slot"), ("s", "s")),  # tdraw
    (("s", "s"), ("victim", "v")),  # rsteal
    (("s", "s"), ("victim", "v")),  # rcard
    (("victim", "v"), ("to", "to")),  # share
    (),  # setup
    (),  # start
    (("s", "s"), ("at", "at")),  # turn
    (),  # spent
    (("s", "s"), ("at", "at"), ("discarded", "n")),  # xchg
    (("s", "s"), ("at", "at")),  # gaze
    (
        *(("s", "s"), ("row", "r"), ("effect", "ty"), ("second", "two"), ("strength", "n")),
        *(("target_index", "j"), ("at", "at"), ("target", "t"), ("first_target", "t0")),
        ("shielded", "sh"),
    ),  # tri
    (("s", "s"), ("target", "t"), ("left", "left")),  # takes
    (("victim", "v"), ("by", "by")),  # echk
    (("seats", "q"),),  # hand
    (("at", "at"), ("bonus_seats", "q")),  # rend
)
# the kinds whose fields the rules change in place (``copy`` copies them; the others are shared)
MUTABLE: Final[frozenset[int]] = frozenset(
    (XKEEP, GORDER, TURN, XCHG, GAZE, TRI, TAKES, HAND, REND)
)


class FatalFrame:
    """Base of this game's frames: ``code`` is the kind; shown as their JSON."""

    code: int

    @property
    def kind(self) -> str:
        """The frame's kind: its tag, ``k`` in JSON."""
        return TAGS[self.code]

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in the order of ``FIELDS``."""
        return ()

    def copy(self) -> FatalFrame:
        """An independent copy (the frame itself for a kind the rules never change)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"k": kind, ...}`` with the short keys; a default optional field left out."""
        code = self.code
        doc: dict[str, Any] = {"k": TAGS[code]}
        for (_, key), value in zip(FIELDS[code], self.values(), strict=True):
            if not _omitted(code, key, value):
                doc[key] = value[:] if isinstance(value, list) else value  # data, not the frame's
        return doc

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FatalFrame):
            return NotImplemented
        return self.code == other.code and self.values() == other.values()

    def __ne__(self, other: object) -> bool:  # explicit: mypyc cannot derive it
        if not isinstance(other, FatalFrame):
            return NotImplemented
        return not (self.code == other.code and self.values() == other.values())

    def __repr__(self) -> str:
        return repr(self.to_json())


def _omitted(code: int, key: str, value: Any) -> bool:
    """Whether an optional field is left out of the JSON: it holds its default."""
    if code == SLOT:
        return key == "t" and value == -1
    if code == TDRAW:
        return key != "to" and value == -1
    if code == REND:
        return key == "q" and not value
    return False


def stack_to_json(frames: list[FatalFrame]) -> list[dict[str, Any]]:
    """The JSON data of a frame list (each frame ``{"k": kind, ...fields}``)."""
    return [f.to_json() for f in frames]


def copy_stack(frames: list[FatalFrame]) -> list[FatalFrame]:
    """An independent copy of a frame list: the frames the rules change are copied."""
    return [f.copy() for f in frames]


class Decision(FatalFrame):
    """A question seat ``s`` answers."""

    s: int

    def values(self) -> tuple[Any, ...]:
        return (self.s,)


class Chance(FatalFrame):
    """A chance node."""


class Procedure(FatalFrame):
    """A step the rules run without asking anyone."""


# ---------------------------------------------------------------------- decisions
class Act1(Decision):
    """Step 1: an enchantment, the treasure exchange, or done."""

    def __init__(self, s: int) -> None:
        self.code = ACT1
        self.s = s


class Steal(Decision):
    """Step 2: steal the last vision of a row, or done."""

    def __init__(self, s: int) -> None:
        self.code = STEAL
        self.s = s


class Play(Decision):
    """Step 3: play a vision into a row, or done."""

    def __init__(self, s: int) -> None:
        self.code = PLAY
        self.s = s


class XGive(Decision):
    """The exchange: the treasure given up."""

    def __init__(self, s: int) -> None:
        self.code = XGIVE
        self.s = s


class XDisc(Decision):
    """The exchange: a card discarded, or done."""

    def __init__(self, s: int) -> None:
        self.code = XDISC
        self.s = s


class Target(Decision):
    """The trimagic's target (the ``tri`` frame below it)."""

    def __init__(self, s: int) -> None:
        self.code = TARGET
        self.s = s


class Cast(Decision):
    """Two complete rows: which one casts its trimagic first."""

    def __init__(self, s: int) -> None:
        self.code = CAST
        self.s = s


class Discard(Decision):
    """Step C: a card discarded down to the hand limit."""

    def __init__(self, s: int) -> None:
        self.code = DISCARD
        self.s = s


class SwapMine(Decision):
    """Magical Swap: one of my visions."""

    def __init__(self, s: int) -> None:
        self.code = SWAPMY
        self.s = s


class Wind(Decision):
    """Wind of Oblivion: the row whose last vision is discarded."""

    def __init__(self, s: int) -> None:
        self.code = WIND
        self.s = s


class Pick(Decision):
    """Pickpocket: whose hand."""

    def __init__(self, s: int) -> None:
        self.code = PICK
        self.s = s


class Unmask(Decision):
    """Unmasking: whose character."""

    def __init__(self, s: int) -> None:
        self.code = UNMASK
        self.s = s


class Trade(Decision):
    """Fairy Trade: one of my treasures."""

    def __init__(self, s: int) -> None:
        self.code = TRADE
        self.s = s


class Keep(Decision):
    """Reveal bonus: a treasure of my colour face up, or done."""

    def __init__(self, s: int) -> None:
        self.code = KEEP
        self.s = s


class ToRow(Decision):
    """Which of my rows takes the vision stolen from seat ``victim``'s ``row``."""

    def __init__(self, s: int, victim: int, row: int) -> None:
        self.code = TOROW
        self.s = s
        self.victim = victim
        self.row = row

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.victim, self.row)


class XKeep(Decision):
    """The exchange: ``to_keep`` more cards to keep of those looked at."""

    def __init__(self, s: int, to_keep: int) -> None:
        self.code = XKEEP
        self.s = s
        self.to_keep = to_keep

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.to_keep)

    def copy(self) -> FatalFrame:
        return XKeep(self.s, self.to_keep)


class SlotPick(Decision):
    """A display slot, by ``mode``: star (3 stars), take (a TAKE trimagic for the seat
    ``receiver_or_kind``) or trade (Fairy Trade of my treasure of kind ``receiver_or_kind``)."""

    def __init__(self, s: int, mode: str, receiver_or_kind: int = -1) -> None:
        self.code = SLOT
        self.s = s
        self.mode = mode  # star, take, trade
        self.receiver_or_kind = receiver_or_kind

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.mode, self.receiver_or_kind)


class Gift(Decision):
    """Who receives the star treasure of display slot ``slot``."""

    def __init__(self, s: int, slot: int) -> None:
        self.code = GIFT
        self.s = s
        self.slot = slot

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.slot)


class Shield(Decision):
    """Seat ``s``'s Elemental Shield window against caster ``by`` (the ``tri`` frame below)."""

    def __init__(self, s: int, by: int) -> None:
        self.code = SHIELD
        self.s = s
        self.by = by

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.by)


class SwapTheirs(Decision):
    """Magical Swap: a row of another seat for my card at ``row``, ``place``."""

    def __init__(self, s: int, row: int, place: int) -> None:
        self.code = SWAPTH
        self.s = s
        self.row = row
        self.place = place

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.row, self.place)


class GazeOrder(Decision):
    """Crystal Gaze: the treasure for ``place`` of the looked-at top (0: the top)."""

    def __init__(self, s: int, place: int) -> None:
        self.code = GORDER
        self.s = s
        self.place = place

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.place)

    def copy(self) -> FatalFrame:
        return GazeOrder(self.s, self.place)


class Reveal(FatalFrame):
    """The sealed reveal at the end of round 1: every live seat that has not chosen."""

    def __init__(self) -> None:
        self.code = REVEAL


# ---------------------------------------------------------------------- chance
class Char(Chance):
    """Seat ``s`` is dealt a character."""

    def __init__(self, s: int) -> None:
        self.code = CHAR
        self.s = s

    def values(self) -> tuple[Any, ...]:
        return (self.s,)


class First(Chance):
    """The first player."""

    def __init__(self) -> None:
        self.code = FIRST


class Draw(Chance):
    """A card of the deck to seat ``s``: to the hand, set aside, or to look at."""

    def __init__(self, s: int, to: str) -> None:
        self.code = DRAW
        self.s = s
        self.to = to  # hand, aside, look

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.to)


class TDraw(Chance):
    """A treasure to display slot ``slot``, or to the looked-at top for seat ``s``."""

    def __init__(self, to: str, slot: int = -1, s: int = -1) -> None:
        self.code = TDRAW
        self.to = to  # display, top
        self.slot = slot
        self.s = s

    def values(self) -> tuple[Any, ...]:
        return (self.to, self.slot, self.s)


class RSteal(Chance):
    """A random face-down treasure of seat ``victim`` to seat ``s`` (STEAL)."""

    def __init__(self, s: int, victim: int) -> None:
        self.code = RSTEAL
        self.s = s
        self.victim = victim

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.victim)


class RCard(Chance):
    """A random card of seat ``victim``'s hand: discarded (``s`` -1) or to seat ``s``."""

    def __init__(self, s: int, victim: int) -> None:
        self.code = RCARD
        self.s = s
        self.victim = victim

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.victim)


class Share(Chance):
    """A treasure of the eliminated seat ``victim`` to seat ``to``."""

    def __init__(self, victim: int, to: int) -> None:
        self.code = SHARE
        self.victim = victim
        self.to = to

    def values(self) -> tuple[Any, ...]:
        return (self.victim, self.to)


# ---------------------------------------------------------------------- procedures
class Setup(Procedure):
    """Deal characters, the display and the hands."""

    def __init__(self) -> None:
        self.code = SETUP


class Start(Procedure):
    """Play starts with the first player."""

    def __init__(self) -> None:
        self.code = START


class Turn(Procedure):
    """Seat ``s``'s turn at stage ``at``: 0 step 1, 1 steal, 2 play, 3 stars, 4 trimagics,
    5 step C, 6 the next player."""

    def __init__(self, s: int, at: int) -> None:
        self.code = TURN
        self.s = s
        self.at = at

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.at)

    def copy(self) -> FatalFrame:
        return Turn(self.s, self.at)


class Spent(Procedure):
    """The enchantment played this turn is discarded: its effect has ended."""

    def __init__(self) -> None:
        self.code = SPENT


class Exchange(Procedure):
    """Seat ``s``'s treasure exchange at stage ``at`` (0..4), ``discarded`` cards so far."""

    def __init__(self, s: int, at: int, discarded: int) -> None:
        self.code = XCHG
        self.s = s
        self.at = at
        self.discarded = discarded

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.at, self.discarded)

    def copy(self) -> FatalFrame:
        return Exchange(self.s, self.at, self.discarded)


class Gaze(Procedure):
    """Seat ``s``'s Crystal Gaze at stage ``at`` (0..2)."""

    def __init__(self, s: int, at: int) -> None:
        self.code = GAZE
        self.s = s
        self.at = at

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.at)

    def copy(self) -> FatalFrame:
        return Gaze(self.s, self.at)


class Tri(Procedure):
    """Seat ``s``'s trimagic of ``row``: its ``effect`` (the head's type: DRAW, TAKE, STEAL or
    DISCARD), whether it has a ``second`` target, its ``strength``, the ``target_index`` (0:
    the first target), stage ``at`` (tgt, choose, win, eff), the ``target`` and the
    ``first_target``, and whether the current target ``shielded``."""

    def __init__(
        self,
        s: int,
        row: int,
        effect: str,
        second: bool,
        strength: int,
        target_index: int,
        at: str,
        target: int,
        first_target: int,
        shielded: bool,
    ) -> None:
        self.code = TRI
        self.s = s
        self.row = row
        self.effect = effect
        self.second = second
        self.strength = strength
        self.target_index = target_index
        self.at = at
        self.target = target
        self.first_target = first_target
        self.shielded = shielded

    def values(self) -> tuple[Any, ...]:
        return (
            *(self.s, self.row, self.effect, self.second, self.strength, self.target_index),
            *(self.at, self.target, self.first_target, self.shielded),
        )

    def copy(self) -> FatalFrame:
        return Tri(
            *(self.s, self.row, self.effect, self.second, self.strength, self.target_index),
            *(self.at, self.target, self.first_target, self.shielded),
        )


class Takes(Procedure):
    """A TAKE trimagic: ``left`` display treasures still to give seat ``target``."""

    def __init__(self, s: int, target: int, left: int) -> None:
        self.code = TAKES
        self.s = s
        self.target = target
        self.left = left

    def values(self) -> tuple[Any, ...]:
        return (self.s, self.target, self.left)

    def copy(self) -> FatalFrame:
        return Takes(self.s, self.target, self.left)


class Echk(Procedure):
    """Whether seat ``victim``'s hand was emptied by seat ``by`` (a draw, or elimination)."""

    def __init__(self, victim: int, by: int) -> None:
        self.code = ECHK
        self.victim = victim
        self.by = by

    def values(self) -> tuple[Any, ...]:
        return (self.victim, self.by)


class Hand(Procedure):
    """Step C for the ``seats``, in order."""

    def __init__(self, seats: list[int]) -> None:
        self.code = HAND
        self.seats = seats

    def values(self) -> tuple[Any, ...]:
        return (self.seats,)

    def copy(self) -> FatalFrame:
        return Hand(self.seats[:])


class RoundEnd(Procedure):
    """The end of a round at stage ``at`` (tally, bonus, rebuild, last); ``bonus_seats``:
    the seats still to take a reveal bonus."""

    def __init__(self, at: str, bonus_seats: list[int] | None = None) -> None:
        self.code = REND
        self.at = at
        self.bonus_seats: list[int] = [] if bonus_seats is None else bonus_seats

    def values(self) -> tuple[Any, ...]:
        return (self.at, self.bonus_seats)

    def copy(self) -> FatalFrame:
        return RoundEnd(self.at, self.bonus_seats[:])


# code -> the kind's class (the position's loader and checks read it)
CLASSES: Final[tuple[type[FatalFrame], ...]] = (
    *(Act1, Steal, Play, XGive, XDisc, Target, Cast, Discard, SwapMine, Wind, Pick, Unmask),
    *(Trade, Keep, ToRow, XKeep, SlotPick, Gift, Shield, SwapTheirs, GazeOrder, Reveal),
    *(Char, First, Draw, TDraw, RSteal, RCard, Share),
    *(Setup, Start, Turn, Spent, Exchange, Gaze, Tri, Takes, Echk, Hand, RoundEnd),
)
# the sorts as sets of classes (``type(f) in CHANCES``; the hot path reads ``code`` instead)
DECISIONS: Final[frozenset[type[FatalFrame]]] = frozenset(CLASSES[: LAST_DECISION + 1])
CHANCES: Final[frozenset[type[FatalFrame]]] = frozenset(CLASSES[FIRST_CHANCE : LAST_CHANCE + 1])


def tag_of(kind: type[FatalFrame]) -> str:
    """A frame class's tag (``k`` in JSON)."""
    return TAGS[CLASSES.index(kind)]


def keys_of(kind: type[FatalFrame]) -> dict[str, str]:
    """A frame class's fields: name in the code -> key in JSON."""
    return dict(FIELDS[CLASSES.index(kind)])


class FrameKinds:
    """The frame kinds by tag, and reading frames from position documents (``schema.py``:
    types, static ranges, unknown kinds and fields refused, naming the field)."""

    def __init__(self) -> None:
        self.kinds: dict[str, type[FatalFrame]] = dict(zip(TAGS, CLASSES, strict=True))

    def load(self, raw: Any, where: str) -> list[FatalFrame]:
        from grimoire.games.fatal.schema import load_frames

        return load_frames(raw, where)


FRAMES: Final[FrameKinds] = FrameKinds()
