"""Ciúb's decision frames: the small decisions inside a dice action or a 2-for-1 trade.

The seat whose turn it is (``s``) decides each of them; ``st.stack`` holds at most one. Frames
are msgspec Structs (core's ``Frame``), so this module stays interpreted in the compiled build.

- ``use P1`` pushes ``Target(s, by=P1)``: which die the re-roll or adjust die ``by`` acts on.
  ``target R2`` pops it; a re-roll rolls R2 at once, an adjust pushes ``Face(s, by, target=R2)``:
  which face R2 is turned to (``face 6`` pops it). ``cancel`` pops either.
- ``trade G1`` pushes ``Pick(s, colour=green, left=2)``: each ``pick`` takes one die of another
  colour from the supply, and the frame goes when ``left`` reaches 0.
"""

from __future__ import annotations

from grimoire.core.frames import Frame, FrameSchema


class Target(Frame, tag="target"):
    """Seat ``s`` used die ``by`` (showing re-roll or adjust): the die it acts on is next."""

    s: int
    by: int


class Face(Frame, tag="face"):
    """Seat ``s`` adjusts die ``target`` with die ``by``: the face it is turned to is next."""

    s: int
    by: int
    target: int


class Pick(Frame, tag="pick"):
    """Seat ``s`` traded a 2-for-1 die of ``colour``: ``left`` dice of other colours to pick."""

    s: int
    colour: int
    left: int


FRAMES = FrameSchema(Target, Face, Pick)
