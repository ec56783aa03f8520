"""Action ids are the record format (docs/architecture.md): the codec moved onto
``core.actions.ActionSpace`` (issue 21), then onto ``core.action_declaration``, with every id
keeping its number. The layout and the text of every id were recorded from the codec before
the first move (shipped components); ``test_rk_action_texts.py`` compares each id's texts, JSON
and old spellings with what the hand-written codec gave before the second."""

from __future__ import annotations

import hashlib

from grimoire.games.runika.game import RunikaGame

# kind -> (first id, ids), recorded before the move onto ActionSpace
LAYOUT = {
    **{kind: (i, 1) for i, kind in enumerate(("done", "cancel", "roll", "flame-clear"))},
    "turn-cw": (4, 1),
    "turn-ccw": (5, 1),
    "draft": (6, 4),
    "pass": (10, 4),
    "discard": (14, 16),
    "reroll": (30, 16),
    "resolve": (46, 16),
    "keep": (62, 16),
    "die": (78, 16),
    "enter": (94, 16),
    "professor": (110, 5),
    "cell": (115, 16),
    "dir": (131, 4),
    "orient": (135, 4),
    "line": (139, 8),
    "seat": (147, 5),
    "charm": (152, 5),
    "luniorn": (157, 4),
    "ability": (161, 31),
    "claim": (192, 28),
    "at": (220, 64),
}
# sha256, "|"-joined; a top or bottom lane is its column letter (enter top a), as the board
# labels the columns; seats counted from 1 ("seat 1" is id 147), as people count them (the
# texts before that, "seat 0" for id 147, hashed to f53f14082ca8...)
TEXTS = "a982dbd9d53603f4bf8275c56884103616f4a544e4207cfa4056073cb3fd75fc"


def test_every_action_id_keeps_its_number_and_text() -> None:
    codec = RunikaGame(2, {"luniorn": True}).codec
    space = codec.space
    assert {kind: (space.base(kind), space.size(kind)) for kind in space.kinds} == LAYOUT
    assert codec.total == 284
    texts = [codec.english(action) for action in range(codec.total)]
    assert hashlib.sha256("|".join(texts).encode()).hexdigest() == TEXTS
    assert [codec.parse(text) for text in texts] == list(range(codec.total))


def test_decode_gives_the_kind_and_its_arguments() -> None:
    game = RunikaGame(2)
    codec, ids = game.codec, game.ids
    assert codec.decode(ids.enter(2, 3)) == ("enter", (2, 3))  # bottom, lane 4
    assert codec.decode(ids.at(5, 1)).args == (5, 1)  # anchor b2, 90 degrees
    assert codec.decode(ids.id("cell", 7)).arg == 7
    assert codec.decode(0).kind == "done"
