"""Runika's decision frames and chance events, as native classes (compiled).

Each seat has its own stack, ``st.stacks[seat]`` (top last): in simultaneous play every seat
plays its turn at once. The bottom frame of a seat whose turn is running is ``Main``; the
others are the small decisions it opens. Pending chance is a queue, ``st.chance`` (head first),
of events: one draw or roll each (``chance.py``).

These are the frames the rules read and write: plain classes with typed fields, which mypyc
compiles to native classes (a field is a slot, a copy a few of them). Their JSON goes through
a boundary: ``to_json`` writes a frame as it always was written (``{"k": kind, "s": seat,
...}``, optional fields left out while they hold their default), and ``frame_docs.py``
declares the same frames as document Structs to read and check position documents
(``frame_docs.load_frames``, ``load_events``), then turns them into these.

``kind`` is a frame's kind (its ``k`` in JSON), except on ``Ab``, whose ``kind`` is the
ability's, as the JSON always had it (``tag()`` is the frame's own kind, ``ab``, there too).
Events are never changed once made (clones share them); decision frames are (``copy``).
"""

from __future__ import annotations

from typing import Any, Final


class Card:
    """Where an ability comes from: ``Card("r", i)`` the seat's i-th rune card, ``("a", i)``
    its i-th achievement, ``("p", p)`` professor p (no budget). JSON: ``["r", 0]``. Never
    changed once made."""

    def __init__(self, kind: str, index: int) -> None:
        self.kind = kind
        self.index = index

    def to_json(self) -> list[Any]:
        return [self.kind, self.index]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.kind == self.kind and other.index == self.index

    def __hash__(self) -> int:
        return hash((self.kind, self.index))

    def __repr__(self) -> str:
        return f"Card(kind={self.kind!r}, index={self.index!r})"


class Frame:
    """A decision frame or a chance event."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def tag(self) -> str:
        """The frame's kind, ``k`` in its JSON."""
        return self.kind

    def copy(self) -> Frame:
        """An independent copy (events, never changed, are their own)."""
        return self

    def to_json(self) -> dict[str, Any]:
        return {"k": self.kind}

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


# ---------------------------------------------------------------------- decisions
class Decision(Frame):
    """A small decision of seat ``s``, on its own stack."""

    def __init__(self, kind: str, s: int) -> None:
        super().__init__(kind)
        self.s = s


class Main(Decision):
    """Seat ``s``'s turn at its ``stage`` (``st`` in JSON; ``flow.py``); ``had``: the rune cards
    it owned before its first claim this turn (ruling 23; -1 before that claim)."""

    def __init__(self, *, s: int, stage: str, had: int = -1) -> None:
        super().__init__("main", s)
        self.stage = stage  # roll, reroll, resolve, achieve, claims, refill, end
        self.had = had

    def copy(self) -> Frame:
        return Main(s=self.s, stage=self.stage, had=self.had)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"k": "main", "s": self.s, "st": self.stage}
        if self.had != -1:
            out["had"] = self.had
        return out

    def __repr__(self) -> str:
        return f"Main(s={self.s!r}, stage={self.stage!r}, had={self.had!r})"


class Pick(Decision):
    """Dice marked for a re-roll (``sel``), then ``roll``: ``disc`` the die paid for it (-1 for
    a free re-roll), ``max`` the most dice (0: any), ``src`` the card of a free re-roll."""

    def __init__(
        self, *, s: int, disc: int, sel: list[int], max: int, src: Card | None = None
    ) -> None:
        super().__init__("pick", s)
        self.disc = disc
        self.sel = sel
        self.max = max
        self.src = src

    def copy(self) -> Frame:
        return Pick(s=self.s, disc=self.disc, sel=self.sel[:], max=self.max, src=self.src)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "k": "pick",
            "s": self.s,
            "disc": self.disc,
            "sel": self.sel[:],
            "max": self.max,
        }
        if self.src is not None:
            out["src"] = self.src.to_json()
        return out

    def __repr__(self) -> str:
        return (
            f"Pick(s={self.s!r}, disc={self.disc!r}, sel={self.sel!r}, max={self.max!r}, "
            f"src={self.src!r})"
        )


class Resolve(Decision):
    """Resolving the die ``d``: where it goes (its face decides the choices)."""

    def __init__(self, *, s: int, d: int) -> None:
        super().__init__("die", s)
        self.d = d

    def copy(self) -> Frame:
        return Resolve(s=self.s, d=self.d)

    def to_json(self) -> dict[str, Any]:
        return {"k": "die", "s": self.s, "d": self.d}

    def __repr__(self) -> str:
        return f"Resolve(s={self.s!r}, d={self.d!r})"


class Fort(Decision):
    """Fortification (the card ``src``): save the die ``d`` pushed off the grid, or not."""

    def __init__(self, *, s: int, d: int, src: Card) -> None:
        super().__init__("fort", s)
        self.d = d
        self.src = src

    def copy(self) -> Frame:
        return Fort(s=self.s, d=self.d, src=self.src)

    def to_json(self) -> dict[str, Any]:
        return {"k": "fort", "s": self.s, "d": self.d, "src": self.src.to_json()}

    def __repr__(self) -> str:
        return f"Fort(s={self.s!r}, d={self.d!r}, src={self.src!r})"


class Quarry(Decision):
    """Quarry (the card ``src``) after placing on a professor: turn the disc clockwise?"""

    def __init__(self, *, s: int, src: Card) -> None:
        super().__init__("quarry", s)
        self.src = src

    def copy(self) -> Frame:
        return Quarry(s=self.s, src=self.src)

    def to_json(self) -> dict[str, Any]:
        return {"k": "quarry", "s": self.s, "src": self.src.to_json()}

    def __repr__(self) -> str:
        return f"Quarry(s={self.s!r}, src={self.src!r})"


class At(Decision):
    """Where the claimed rune ``r`` lies, when several footprints match (``claims.py``)."""

    def __init__(self, *, s: int, r: int) -> None:
        super().__init__("at", s)
        self.r = r

    def copy(self) -> Frame:
        return At(s=self.s, r=self.r)

    def to_json(self) -> dict[str, Any]:
        return {"k": "at", "s": self.s, "r": self.r}

    def __repr__(self) -> str:
        return f"At(s={self.s!r}, r={self.r!r})"


class Ab(Decision):
    """An ability being used (``abilities.py``): ``kind`` the ability's (this field hides the
    frame's own kind, ``ab``, as the JSON always had it), its parameters ``a`` (``kind``
    included; never changed), the card ``src``, ``m`` mandatory (no way back), ``p`` the
    professor whose ability it is (-1: none), ``g`` whose grid (-1 until chosen), ``c`` a
    chosen cell."""

    def __init__(
        self,
        *,
        s: int,
        kind: str,
        src: Card,
        m: bool,
        p: int,
        g: int,
        c: int,
        a: dict[str, str | int],
    ) -> None:
        super().__init__(kind, s)
        self.src = src
        self.m = m
        self.p = p
        self.g = g
        self.c = c
        self.a = a

    def tag(self) -> str:
        return "ab"

    def copy(self) -> Frame:
        return Ab(
            s=self.s, kind=self.kind, src=self.src, m=self.m, p=self.p, g=self.g, c=self.c, a=self.a
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "k": "ab",
            "s": self.s,
            "kind": self.kind,
            "src": self.src.to_json(),
            "m": self.m,
            "p": self.p,
            "g": self.g,
            "c": self.c,
            "a": dict(self.a),
        }

    def __repr__(self) -> str:
        return (
            f"Ab(s={self.s!r}, kind={self.kind!r}, src={self.src!r}, m={self.m!r}, "
            f"p={self.p!r}, g={self.g!r}, c={self.c!r}, a={self.a!r})"
        )


# the decision frames by kind (``k``), in the order they were declared
DECISIONS: Final[dict[str, type[Decision]]] = {
    "main": Main,
    "pick": Pick,
    "die": Resolve,
    "fort": Fort,
    "quarry": Quarry,
    "at": At,
    "ab": Ab,
}


# ---------------------------------------------------------------------- chance events
class FirstDraw(Frame):
    """The initiative holder is drawn."""

    def __init__(self) -> None:
        super().__init__("first")


class SoloDraw(Frame):
    """The solo professor turned over is drawn."""

    def __init__(self) -> None:
        super().__init__("solo_prof")


class RuneDraw(Frame):
    """A basic rune from the deck into display ``slot``."""

    def __init__(self, *, slot: int) -> None:
        super().__init__("rune")
        self.slot = slot

    def to_json(self) -> dict[str, Any]:
        return {"k": "rune", "slot": self.slot}

    def __repr__(self) -> str:
        return f"RuneDraw(slot={self.slot!r})"


class Deal(Frame):
    """A secret rune of category ``cat`` (start, elem, mastery) dealt to seat ``s``."""

    def __init__(self, *, s: int, cat: str) -> None:
        super().__init__("deal")
        self.s = s
        self.cat = cat

    def to_json(self) -> dict[str, Any]:
        return {"k": "deal", "s": self.s, "cat": self.cat}

    def __repr__(self) -> str:
        return f"Deal(s={self.s!r}, cat={self.cat!r})"


class AchDraw(Frame):
    """An achievement card for seat ``s``."""

    def __init__(self, *, s: int) -> None:
        super().__init__("ach")
        self.s = s

    def to_json(self) -> dict[str, Any]:
        return {"k": "ach", "s": self.s}

    def __repr__(self) -> str:
        return f"AchDraw(s={self.s!r})"


class BagDraw(Frame):
    """A die drawn from the bag for seat ``s``, going ``to`` the draft's middle, the seat's
    quick-draft hand, a roll (Ko'bataan, Tide Pool) or out of play (solo)."""

    def __init__(self, *, s: int, to: str) -> None:
        super().__init__("bag")
        self.s = s
        self.to = to  # middle, qhand, roll, remove

    def to_json(self) -> dict[str, Any]:
        return {"k": "bag", "s": self.s, "to": self.to}

    def __repr__(self) -> str:
        return f"BagDraw(s={self.s!r}, to={self.to!r})"


class Roll(Frame):
    """A die of colour ``c`` rolled into seat ``s``'s storage."""

    def __init__(self, *, s: int, c: int) -> None:
        super().__init__("roll")
        self.s = s
        self.c = c

    def to_json(self) -> dict[str, Any]:
        return {"k": "roll", "s": self.s, "c": self.c}

    def __repr__(self) -> str:
        return f"Roll(s={self.s!r}, c={self.c!r})"


def frames_to_json(frames: list[Frame]) -> list[dict[str, Any]]:
    """The JSON data of a frame list (each frame ``{"k": kind, ...fields}``)."""
    return [frame.to_json() for frame in frames]


def copy_stack(stack: list[Frame]) -> list[Frame]:
    """An independent copy of a stack of decision frames."""
    return [frame.copy() for frame in stack]
