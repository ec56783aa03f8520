"""Action ids: one stable id per small decision; every id's text parses back to it."""

from __future__ import annotations

from tests.rules.fatal.fatal_helpers import make

from grimoire.core.errors import IllegalAction


def test_every_action_text_parses_back() -> None:
    game = make(5)
    codec = game.codec
    texts = set()
    for action in range(game.num_actions):
        text = codec.to_text(action)
        assert codec.parse(text) == action, text
        assert codec.parse(text.upper()) == action
        texts.add(text)
    assert len(texts) == game.num_actions


def test_names_and_keys_are_accepted() -> None:
    codec = make(3).codec
    assert codec.parse("enchant pickpocket") == codec.parse("enchant Pickpocket")
    assert codec.parse("treasure q") == codec.parse("treasure Queen")
    for bad in ("", "play V01 row 3", "seat 5", "treasure Z9", "slot 0", "fly"):
        try:
            codec.parse(bad)
        except IllegalAction:
            continue
        raise AssertionError(f"{bad!r} parsed")


def test_ids_keep_their_numbers() -> None:
    """Ids are the record format: with the shipped data every segment starts where it did
    before the codec moved onto ``core.actions.ActionSpace`` (239 ids), and a few ids mean
    what they always meant."""
    codec = make(3).codec
    bases = {kind: codec.space.base(kind) for kind in codec.space.kinds}
    assert bases == {
        **{"done": 0, "exchange": 1, "shield": 2, "allow": 3, "reveal": 4, "hide": 5},
        **{"enchant": 6, "play": 15, "steal": 119, "to_row": 129, "card": 131},
        **{"treasure": 192, "slot": 213, "seat": 216, "row": 221, "mine": 231, "cast": 237},
    }
    assert codec.total == 239
    named = {6: "enchant Elemental Shield", 14: "enchant Fairy Trade", 16: "play V01 row 2"}
    named |= {128: "steal seat 4 row 2", 191: "card Fairy Trade", 212: "treasure Queen"}
    named |= {222: "target seat 0 row 2", 236: "mine row 2 card 3", 238: "cast row 2"}
    for action, text in named.items():
        assert codec.to_text(action) == text
    decoded = codec.decode(14)  # enchant: the argument is the card kind, not the segment's index
    assert decoded.kind == "enchant" and decoded.arg == len(codec.comp.visions) + 8
