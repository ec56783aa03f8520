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
