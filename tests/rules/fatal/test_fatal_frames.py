"""Decision frames: readable field names in the code, the short JSON keys of the position
format unchanged (every saved position loads and saves the same)."""

from __future__ import annotations

from grimoire.core.frames import Frame, frames_to_json
from grimoire.games.fatal import frames as F

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
    assert {tag: kind.__struct_encode_fields__ for tag, kind in F.FRAMES.kinds.items()} == JSON_KEYS


def test_named_fields_read_and_write_the_short_keys() -> None:
    frames: list[Frame] = [
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
    assert frames_to_json(frames) == raw
    assert F.FRAMES.load(raw, "stack") == frames
