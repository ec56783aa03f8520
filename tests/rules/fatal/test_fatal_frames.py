"""Decision frames: readable field names in the code, the short JSON keys of the position
format unchanged (every saved position loads and saves the same): the frame classes the rules
use write them (``stack_to_json``), the declared kinds of the position document read them
(``schema``), with the same fields in the same order."""

from __future__ import annotations

from grimoire.games.fatal import frames as F
from grimoire.games.fatal import schema
from grimoire.games.fatal.frames import stack_to_json

# each frame kind's JSON keys, in order, as positions have always written them
JSON_KEYS = {
    **{"act1": ("s",), "steal": ("s",), "torow": ("s", "v", "r"), "play": ("s",)},
    **{"xgive": ("s",), "xdisc": ("s",), "xkeep": ("s", "n"), "slot": ("s", "m", "t")},
    **{"gift": ("s", "slot"), "target": ("s",), "shield": ("s", "by"), "cast": ("s",)},
    **{"discard": ("s",), "swapmy": ("s",), "swapth": ("s", "r", "p"), "wind": ("s",)},
    **{"pick": ("s",), "unmask": ("s",), "trade": ("s",), "gorder": ("s", "i")},
    **{"keep": ("s",), "reveal": (), "char": ("s",), "first": (), "draw": ("s", "to")},
    **{"tdraw": ("to", "slot", "s"), "rsteal": ("s", "v"), "rcard": ("s", "v")},
    **{"share": ("v", "to"), "setup": (), "start": (), "turn": ("s", "at"), "spent": ()},
    **{"xchg": ("s", "at", "n"), "gaze": ("s", "at"), "takes": ("s", "t", "left")},
    **{"tri": ("s", "r", "ty", "two", "n", "j", "at", "t", "t0", "sh")},
    **{"echk": ("v", "by"), "hand": ("q",), "rend": ("at", "q")},
}


def test_every_frame_kind_keeps_its_json_keys() -> None:
    written = {tag: tuple(dict(F.keys_of(kind)).values()) for tag, kind in F.FRAMES.kinds.items()}
    assert written == JSON_KEYS
    read = {str(w.__struct_config__.tag): w.__struct_encode_fields__ for w in schema.WIRE_KINDS}
    assert read == JSON_KEYS
    for wire in schema.WIRE_KINDS:  # the same fields, in the order the frame class takes them
        kind, fields = schema.TO_FRAME[wire]
        assert fields == tuple(F.keys_of(kind))


def test_named_fields_read_and_write_the_short_keys() -> None:
    frames: list[F.FatalFrame] = [
        F.ToRow(s=0, victim=2, row=1),
        F.SlotPick(s=1, mode="take", receiver_or_kind=2),
        F.SlotPick(s=1, mode="star"),  # the default receiver is left out, as it always was
        F.RoundEnd(at="tally"),
        F.Tri(
            s=0,
            row=1,
            effect="STEAL",
            second=True,
            strength=2,
            target_index=1,
            at="win",
            target=2,
            first_target=1,
            shielded=False,
        ),
    ]
    raw = [
        {"k": "torow", "s": 0, "v": 2, "r": 1},
        {"k": "slot", "s": 1, "m": "take", "t": 2},
        {"k": "slot", "s": 1, "m": "star"},
        {"k": "rend", "at": "tally"},
        {"k": "tri", "s": 0, "r": 1, "ty": "STEAL", "two": True, "n": 2, "j": 1}
        | {"at": "win", "t": 2, "t0": 1, "sh": False},
    ]
    assert stack_to_json(frames) == raw
    assert F.FRAMES.load(raw, "stack") == frames
