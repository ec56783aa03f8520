"""Ciúb's decision frames: the small decisions inside a dice action or a 2-for-1 trade.

The seat whose turn it is (``s``) decides each of them; ``st.stack`` holds at most one.

- ``use P1`` pushes ``Target(s, by=P1)``: which die the re-roll or adjust die ``by`` acts on.
  ``target R2`` pops it; a re-roll rolls R2 at once, an adjust pushes ``Face(s, by, target=R2)``:
  which face R2 is turned to (``face 6`` pops it). ``cancel`` pops either.
- ``trade G1`` pushes ``Pick(s, colour=green, left=2)``: each ``pick`` takes one die of another
  colour from the supply, and the frame goes when ``left`` reaches 0.

Frames are native classes (compiled with the rules: no dict per frame, typed fields); their
JSON, ``{"k": kind, "s": seat, ...}`` in the position document and the views, is written by
``frames_to_json`` and read back through the declared schema of ``position.py``.
"""

from __future__ import annotations

from typing import Any


class CiubFrame:
    """A pending small decision of seat ``s``."""

    def __init__(self, s: int) -> None:
        self.s = s

    @property
    def kind(self) -> str:
        """The frame's kind: ``k`` in JSON."""
        raise NotImplementedError

    def copy(self) -> CiubFrame:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CiubFrame):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, CiubFrame):
            return NotImplemented
        return self.to_json() != other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_json().items() if k != "k")
        return f"{type(self).__name__}({fields})"


class Target(CiubFrame):
    """Seat ``s`` used die ``by`` (showing re-roll or adjust): the die it acts on is next."""

    def __init__(self, s: int, by: int) -> None:
        super().__init__(s)
        self.by = by

    @property
    def kind(self) -> str:
        return "target"

    def copy(self) -> CiubFrame:
        return Target(self.s, self.by)

    def to_json(self) -> dict[str, Any]:
        return {"k": "target", "s": self.s, "by": self.by}


class Face(CiubFrame):
    """Seat ``s`` adjusts die ``target`` with die ``by``: the face it is turned to is next."""

    def __init__(self, s: int, by: int, target: int) -> None:
        super().__init__(s)
        self.by = by
        self.target = target

    @property
    def kind(self) -> str:
        return "face"

    def copy(self) -> CiubFrame:
        return Face(self.s, self.by, self.target)

    def to_json(self) -> dict[str, Any]:
        return {"k": "face", "s": self.s, "by": self.by, "target": self.target}


class Pick(CiubFrame):
    """Seat ``s`` traded a 2-for-1 die of ``colour``: ``left`` dice of other colours to pick."""

    def __init__(self, s: int, colour: int, left: int) -> None:
        super().__init__(s)
        self.colour = colour
        self.left = left

    @property
    def kind(self) -> str:
        return "pick"

    def copy(self) -> CiubFrame:
        return Pick(self.s, self.colour, self.left)

    def to_json(self) -> dict[str, Any]:
        return {"k": "pick", "s": self.s, "colour": self.colour, "left": self.left}


def frames_to_json(frames: list[CiubFrame]) -> list[dict[str, Any]]:
    """The JSON data of a frame list (each frame ``{"k": kind, "s": seat, ...fields}``)."""
    return [frame.to_json() for frame in frames]


def copy_frames(frames: list[CiubFrame]) -> list[CiubFrame]:
    """An independent copy of a frame list."""
    return [frame.copy() for frame in frames] if frames else []
