"""The cards' printed faces the web renderer draws (web/cards.json) are the shipped data's, and
the catalogue knows every shipped effect text (so a page shows it in its language)."""

from __future__ import annotations

from grimoire.core.i18n import language_scope
from grimoire.games.fatal.components import LOADER
from grimoire.games.fatal.faces import CARDS_JSON, EFFECT_TEXTS, cards_json, faces
from grimoire.games.fatal.text import _


def test_cards_json_is_made_from_the_shipped_data() -> None:
    assert CARDS_JSON.read_text(encoding="utf-8") == cards_json(), (
        "web/cards.json is stale: python -m grimoire.games.fatal.faces"
    )


def test_every_card_has_a_face() -> None:
    comp = LOADER.load(None)
    shown = faces(comp)
    assert set(shown) == set(comp.card_names)
    v04 = shown["V04"]
    assert v04 == {
        "kind": "vision",
        "type": "DRAW",
        "target": "SECOND",
        "symbol": "stone",
        "stars": [0, 0, 2],
    }


def test_every_shipped_effect_text_is_translated() -> None:
    comp = LOADER.load(None)
    assert sorted(e.text for e in comp.enchantments) == sorted(EFFECT_TEXTS)
    for lang in ("de", "ja"):
        with language_scope(lang):
            for text in EFFECT_TEXTS:
                assert _(text) != text, (lang, text)
