"""Decision frames: one vocabulary for the pending small decisions of every game.

A multi-step turn is a stack of small decisions (docs/architecture.md). Every game declares
each kind of frame as a ``Frame`` subclass with its typed fields; the JSON of a frame is
``{"k": kind, "s": seat, ...fields}`` (``s``, the seat that decides, where one does). A state
keeps its frames in ``stack`` (a list, top last), or, where seats play their turns at the same
time, one such list per seat in ``stacks``.

The declaration is also the position check: ``FrameSchema.load`` reads a frame list from a
position document and refuses, naming the field, any unknown kind, missing or unknown field or
value of the wrong type; the game then checks what only it can (a seat in range, a row that
exists).

>>> class Turn(Frame, tag="turn"):
...     s: int
...     at: int = 0
>>> class Pick(Frame, tag="pick"):
...     s: int
...     options: list[int] = msgspec.field(default_factory=list)
>>> schema = FrameSchema(Turn, Pick)
>>> stack = schema.load([{"k": "turn", "s": 1}], "stack")
>>> stack
[Turn(s=1, at=0)]
>>> frames_to_json(stack)
[{'k': 'turn', 's': 1, 'at': 0}]
>>> schema.load([{"k": "turn", "s": "1"}], "stack")
Traceback (most recent call last):
...
grimoire.core.errors.InvalidPosition: stack: Expected `int`, got `str` - at `$[0].s`
"""

from __future__ import annotations

from typing import Any, get_type_hints

import msgspec

from grimoire.core.documents import shorten
from grimoire.core.errors import InvalidPosition


class Frame(msgspec.Struct, tag_field="k", forbid_unknown_fields=True):
    """Base of every game's decision frames: subclass it with ``tag="<kind>"`` and typed
    fields (``s: int`` for the deciding seat). Frames are mutable; copy a stack with
    ``copy_frames``."""

    @property
    def kind(self) -> str:
        """The frame's kind: its tag, ``k`` in JSON."""
        return str(type(self).__struct_config__.tag)


class FrameSchema:
    """The frame kinds of one game, to read frames from position documents."""

    def __init__(self, *kinds: type[Frame]) -> None:
        if not kinds:
            raise ValueError("a frame schema needs at least one kind")
        self.kinds = {str(kind.__struct_config__.tag): kind for kind in kinds}
        union: Any = kinds[0]
        for kind in kinds[1:]:
            union = union | kind
        # msgspec keeps the decoding plan of a Struct type on the type itself; a bare
        # ``list[Union]`` is planned again on every call (about 30 us against 1 us)
        self._holder: Any = msgspec.defstruct("Frames", [("frames", list[union])])

    def load(self, raw: Any, where: str) -> list[Frame]:
        """Frames from JSON data (a list of objects); InvalidPosition naming the field."""
        try:
            held = msgspec.convert({"frames": raw}, self._holder, strict=True)
        except msgspec.ValidationError as error:
            message = str(error).replace("$.frames", "$")
            raise InvalidPosition(shorten(f"{where}: {message}", 160)) from None
        frames: list[Frame] = held.frames
        return frames


def frames_to_json(frames: list[Frame]) -> list[dict[str, Any]]:
    """The JSON data of a frame list (each frame ``{"k": kind, ...fields}``)."""
    out: list[dict[str, Any]] = msgspec.to_builtins(frames)
    return out


def copy_frame(frame: Frame) -> Frame:
    """An independent copy of one frame (its list fields copied, two levels deep)."""
    new: Frame = frame.__copy__()  # type: ignore[attr-defined]  # msgspec Structs have it
    fields = _LIST_FIELDS.get(type(frame))
    if fields is None:
        fields = _list_fields(type(frame))
    for name in fields:
        value = getattr(frame, name)
        if isinstance(value, list):
            setattr(new, name, [v[:] if isinstance(v, list) else v for v in value])
    return new


_LIST_FIELDS: dict[type[Frame], tuple[str, ...]] = {}


def _list_fields(kind: type[Frame]) -> tuple[str, ...]:
    """The fields of a frame kind that may hold a list (read from its annotations once)."""
    hints = get_type_hints(kind)
    found = tuple(
        name
        for name in kind.__struct_fields__
        if "list" in str(hints.get(name, "")) or hints.get(name) is Any
    )
    _LIST_FIELDS[kind] = found
    return found


def copy_frames(frames: list[Frame]) -> list[Frame]:
    """An independent copy of a frame list (see ``copy_frame``)."""
    return [copy_frame(frame) for frame in frames]
