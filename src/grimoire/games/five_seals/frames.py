"""Five Seals' decision frames: every kind of pending small decision, as native classes.

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

The rules read and write these on the hot path, so they are plain classes the compiled build
makes native (typed fields, no per-instance dict, a ``copy`` without reflection). Positions
meet them only at the edge: ``frame_docs.py`` declares the JSON shape that the loader checks
(its ranges are the loader's first check; ``checks.py`` checks each frame against the board)
and turns documents into these frames and back (``{"k": kind, "s": seat, ...}``).
"""

from __future__ import annotations

from typing import Any, Literal

DiceMode = Literal["turn", "bind", "leap", "tele", "speed"]  # what a break with dice is for
PickMode = Literal["bind", "leap", "tele", "speed", "free"]  # why a seal is chosen


class Decision:
    """A small decision of seat ``s`` (every frame is one)."""

    def __init__(self, s: int) -> None:
        self.s = s

    @property
    def kind(self) -> str:
        """The frame's kind: ``k`` in JSON."""
        raise NotImplementedError

    def copy(self) -> Decision:
        """An independent copy (list fields copied)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """``{"k": kind, "s": seat, ...fields}``, the fields in declaration order."""
        raise NotImplementedError

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "k")
        return f"{type(self).__name__}({fields})"


class Turn(Decision):
    """Seat ``s``'s turn; ``end`` once its break is done (what is above it finishes first)."""

    def __init__(self, s: int, end: bool = False) -> None:
        self.s = s
        self.end = end

    @property
    def kind(self) -> str:
        return "turn"

    def copy(self) -> Turn:
        return Turn(self.s, self.end)

    def to_json(self) -> dict[str, Any]:
        if self.end:  # written only when set (its default is left out)
            return {"k": "turn", "s": self.s, "end": True}
        return {"k": "turn", "s": self.s}


class Dice(Decision):
    """Seat ``s`` pays for the seal on node ``n`` with dice of colour ``c``, values ``v``."""

    def __init__(self, s: int, n: int, c: int, v: list[int], m: str, x: int) -> None:
        self.s = s
        self.n = n
        self.c = c
        self.v = v
        self.m = m
        self.x = x

    @property
    def kind(self) -> str:
        return "dice"

    def copy(self) -> Dice:
        return Dice(self.s, self.n, self.c, self.v[:], self.m, self.x)

    def to_json(self) -> dict[str, Any]:
        return {
            "k": "dice",
            "s": self.s,
            "n": self.n,
            "c": self.c,
            "v": self.v[:],
            "m": self.m,
            "x": self.x,
        }


class Pick(Decision):
    """Seat ``s`` chooses the seal its spell (``m``, colour ``c``) lets it break."""

    def __init__(self, s: int, m: str, c: int, x: int) -> None:
        self.s = s
        self.m = m
        self.c = c
        self.x = x

    @property
    def kind(self) -> str:
        return "pick"

    def copy(self) -> Pick:
        return Pick(self.s, self.m, self.c, self.x)

    def to_json(self) -> dict[str, Any]:
        return {"k": "pick", "s": self.s, "m": self.m, "c": self.c, "x": self.x}


class Absorb(Decision):
    """Seat ``s`` broke token ``t``: onto a face-up Absorption scroll, or back to the box."""

    def __init__(self, s: int, t: int) -> None:
        self.s = s
        self.t = t

    @property
    def kind(self) -> str:
        return "absorb"

    def copy(self) -> Absorb:
        return Absorb(self.s, self.t)

    def to_json(self) -> dict[str, Any]:
        return {"k": "absorb", "s": self.s, "t": self.t}


class Take(Decision):
    """Seat ``s`` takes ``n`` more dice from the supply."""

    def __init__(self, s: int, n: int) -> None:
        self.s = s
        self.n = n

    @property
    def kind(self) -> str:
        return "take"

    def copy(self) -> Take:
        return Take(self.s, self.n)

    def to_json(self) -> dict[str, Any]:
        return {"k": "take", "s": self.s, "n": self.n}


class Give(Decision):
    """Theft: seat ``s`` chooses which of its dice (colour ``c``, -1 any) the thief ``t`` gets."""

    def __init__(self, s: int, t: int, c: int) -> None:
        self.s = s
        self.t = t
        self.c = c

    @property
    def kind(self) -> str:
        return "give"

    def copy(self) -> Give:
        return Give(self.s, self.t, self.c)

    def to_json(self) -> dict[str, Any]:
        return {"k": "give", "s": self.s, "t": self.t, "c": self.c}


class Spell(Decision):
    """Seat ``s`` is using ``card`` (held at ``src``); the rest are the spells' own fields:

    ``v`` dice values picked (Change, Renewal, Strengthening), ``y`` Change's new colour,
    ``o`` the opponent chosen and ``t`` the die code taken (Deception), ``j`` the card asked
    for (Transfer), ``ph``/``up``/``dn`` Alteration's step and values raised and lowered,
    ``a`` the first node chosen (Swap, Exchange, Rearrangement), ``r`` a die raised (Binding,
    edition mayday)."""

    def __init__(
        self,
        s: int,
        card: int,
        src: tuple[int, int],
        c: int,
        v: list[int] | None = None,
        y: int = -1,
        o: int = -1,
        t: int = -1,
        j: int = -1,
        ph: int = 0,
        up: list[int] | None = None,
        dn: list[int] | None = None,
        a: int = -1,
        r: int = 0,
    ) -> None:
        self.s = s
        self.card = card
        self.src = src
        self.c = c
        self.v: list[int] = [] if v is None else v
        self.y = y
        self.o = o
        self.t = t
        self.j = j
        self.ph = ph
        self.up: list[int] = [] if up is None else up
        self.dn: list[int] = [] if dn is None else dn
        self.a = a
        self.r = r

    @property
    def kind(self) -> str:
        return "spell"

    def copy(self) -> Spell:
        return Spell(
            self.s,
            self.card,
            self.src,
            self.c,
            self.v[:],
            self.y,
            self.o,
            self.t,
            self.j,
            self.ph,
            self.up[:],
            self.dn[:],
            self.a,
            self.r,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "k": "spell",
            "s": self.s,
            "card": self.card,
            "src": list(self.src),
            "c": self.c,
            "v": self.v[:],
            "y": self.y,
            "o": self.o,
            "t": self.t,
            "j": self.j,
            "ph": self.ph,
            "up": self.up[:],
            "dn": self.dn[:],
            "a": self.a,
            "r": self.r,
        }


def copy_stack(stack: list[Decision]) -> list[Decision]:
    """An independent copy of a frame list."""
    return [frame.copy() for frame in stack]
