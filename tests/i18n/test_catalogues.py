"""The message catalogues: complete in German and Japanese, compiled .mo files up to date with
their .po sources and with the strings the code marks; language negotiation; rules sections."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from grimoire.games.ciub.rules import PHASES as CIUB_PHASES
from grimoire.i18n import LOCALE_DIR, catalogue, gettext, negotiate, resolve
from grimoire.registry import make
from grimoire.rulebook import rule_for, sections

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("de", "ja")


def po(lang: str) -> dict[str, str]:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "grimoire.po").open("rb") as f:
        return {_text(m.id): _text(m.string) for m in read_po(f) if m.id}


def _text(message: object) -> str:
    """A message or translation as one text; a plural's forms joined (``{count} player`` /
    ``{count} players``: every form holds the same placeholders)."""
    return " | ".join(message) if isinstance(message, (tuple, list)) else str(message)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang: str) -> None:
    messages = po(lang)
    assert len(messages) > 50
    empty = [msgid for msgid, msgstr in messages.items() if not msgstr.strip()]
    assert not empty, f"{lang}: untranslated {empty}"
    # as sets: a plural's forms repeat its placeholders as often as the language has forms
    same_fields = [m for m, s in messages.items() if set(_fields(m)) != set(_fields(s))]
    assert not same_fields, f"{lang}: placeholders differ in {same_fields}"


def _fields(text: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def test_both_languages_translate_the_same_messages() -> None:
    assert set(po("de")) == set(po("ja"))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_committed_mo_matches_its_po(lang: str) -> None:
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    with (folder / "grimoire.po").open("rb") as f:
        source = read_po(f, locale=lang)
    fresh = io.BytesIO()
    write_mo(fresh, source)
    fresh.seek(0)
    with (folder / "grimoire.mo").open("rb") as f:
        committed = read_mo(f)
    compiled = read_mo(fresh)
    assert {_text(m.id): _text(m.string) for m in committed if m.id} == {
        _text(m.id): _text(m.string) for m in compiled if m.id
    }


def test_the_catalogue_holds_every_marked_string(tmp_path: Path) -> None:
    """``pybabel extract`` with babel.cfg finds no message the catalogues lack (or vice versa)."""
    pot = tmp_path / "grimoire.pot"
    command = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    command += ["-k", "_t", "-k", "t", "-k", "N_", "-o", str(pot), "."]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as f:
        marked = {_text(m.id) for m in read_po(f) if m.id}
    assert marked == set(po("de"))


def test_translations_load_and_english_is_the_source() -> None:
    assert gettext("New game", "de") == "Neues Spiel"
    assert gettext("New game", "ja") == "新しいゲーム"
    assert gettext("New game", "en") == "New game"
    assert catalogue("de")["Your turn"] == "Du bist am Zug"
    assert catalogue("en") == {}


def test_languages_resolve_and_unknown_ones_fall_back_to_english() -> None:
    assert resolve("de_AT") == ("de", None)
    assert resolve("ja-JP") == ("ja", None)
    lang, warning = resolve("fr")
    assert lang == "en" and warning and "unknown language 'fr'" in warning
    assert negotiate("fr-FR,fr;q=0.9,ja;q=0.8,de;q=0.7") == "ja"
    assert negotiate("de;q=0.5, en;q=0.9") == "en"
    assert negotiate("fr, es") == "en"
    assert negotiate(None) == "en"


PHASES = {
    "ciub": sorted(CIUB_PHASES),
    "five-seals": ["setup", "draft", "play", "over"],
    "fatal": ["setup", "play", "over"],
    "runika": ["setup", "draft", "pass", "turns", "end", "cleanup", "over"],
}


@pytest.mark.parametrize("name", sorted(PHASES))
def test_every_phase_has_a_rules_section(name: str) -> None:
    game = make(name, 2 if name == "runika" else 3)
    state = game.new_state(1)
    for phase in PHASES[name]:
        state.phase = phase
        rule = rule_for(game, state)
        assert rule is not None, (name, phase)
        assert rule.heading in sections(rule.document) and len(rule.text) > 100


def test_a_phase_the_game_does_not_map_has_no_rules_section() -> None:
    game = make("ciub", 3)
    state = game.new_state(1)
    state.phase = "no such phase"
    assert rule_for(game, state) is None


@pytest.mark.parametrize(
    ("name", "phase", "starts", "not_in"),
    [
        ("ciub", "mark", "**Phase 1**", "**Phase 2**"),
        ("ciub", "set_aside", "**Phase 2**", "**Phase 3**"),
        ("ciub", "claim", "**Phase 3**", "**Phase 4**"),
        ("ciub", "trade", "**Phase 4**", "**Phase 3**"),
        ("runika", "draft", "1. **Draft**", "2. **Turns**"),
        ("runika", "turns", "2. **Turns**", "3. **Round end**"),
        ("runika", "end", "3. **Round end**", "**Game end**"),
        ("runika", "over", "**Game end**", "1. **Draft**"),
        ("five-seals", "over", "**Scoring**", "1. **Scrolls**"),
    ],
)
def test_the_rule_of_the_current_step_not_the_whole_section(
    name: str, phase: str, starts: str, not_in: str
) -> None:
    """Issue #14: the rules panel shows the step of the turn or round that is being played."""
    game = make(name, 3)
    state = game.new_state(1)
    state.phase = phase
    rule = rule_for(game, state)
    assert rule is not None and rule.text.startswith(starts), rule
    assert not_in not in rule.text
    assert rule.text in sections(rule.document)[rule.heading]  # a part of the section
