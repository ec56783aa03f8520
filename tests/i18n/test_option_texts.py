"""The lobby's game options in the page's language: each option's name, help and the words it
takes come from the game's catalogue (core's shared options from the shell's); the names and
values sent back to the server stay as declared."""

from __future__ import annotations

from typing import Any

import pytest

from grimoire.core.i18n import game_text, language_scope
from grimoire.core.options import choice_msgid, label_msgid
from grimoire.registry import game_class, games

LOBBY = [
    (name, option)
    for name in sorted(games())
    for option in game_class(name).declared_options
    if not (option.choices is None and option.kind is str)  # server settings: not offered
]


@pytest.mark.parametrize("lang", ["de", "ja"])
@pytest.mark.parametrize(("name", "option"), LOBBY, ids=lambda v: getattr(v, "name", v))
def test_every_offered_option_is_in_the_catalogues(lang: str, name: str, option: Any) -> None:
    cls = game_class(name)
    msgids = [label_msgid(option.name), option.help]
    msgids += [choice_msgid(option.name, c) for c in option.choices or () if isinstance(c, str)]
    with language_scope(lang):
        missing = [m for m in msgids if game_text(cls, m) == m]
    assert not missing


def test_the_catalogue_api_in_german_keeps_names_and_values(client: Any) -> None:
    english = client.get("/api/catalog").json()["games"]
    german = client.get("/api/catalog", headers={"Accept-Language": "de"}).json()["games"]
    ciub = {
        o["name"]: o for o in next(g for g in german if g["name"] == "ciub")["declared_options"]
    }
    length = ciub["length"]
    assert (length["label"], length["choices"], length["choice_labels"]) == (
        "Länge",
        ["normal", "short"],
        ["normal", "kurz"],
    )
    assert ciub["start_player"]["choice_labels"] == ["zufällig", "0", "1", "2", "3"]
    assert ciub["decision_limit"]["label"] == "Entscheidungsgrenze"  # core's, the shell's domain
    assert ciub["decision_limit"]["help"].startswith("Sicherung des Programms")
    en = {o["name"]: o for o in next(g for g in english if g["name"] == "ciub")["declared_options"]}
    assert en["length"]["label"] == "length" and en["length"]["choice_labels"] == [
        "normal",
        "short",
    ]
    assert en["length"]["help"].startswith("normal game, or short game")
    for mine, theirs in zip(german, english, strict=True):  # what is sent back is unchanged
        for a, b in zip(mine["declared_options"], theirs["declared_options"], strict=True):
            assert (a["name"], a.get("choices"), a["default"]) == (
                b["name"],
                b.get("choices"),
                b["default"],
            )
