"""Every message catalogue, the shell's (domain ``grimoire``) and each game's own (domain = the
game's name, beside its package), is checked the same way: complete in German and Japanese,
same placeholders as the English msgid, the committed .mo equal to its .po, and exactly the
strings the code marks."""

from __future__ import annotations

import io
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from grimoire.core.i18n import game_locale_dir, language_scope, translator
from grimoire.i18n import LOCALE_DIR
from grimoire.registry import game_class, games

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("de", "ja")


def _game_dir(name: str) -> Path:
    return Path(sys.modules[game_class(name).__module__].__file__ or "").parent


# the games whose own texts are translated (those with a locale folder beside their package; the
# others are still English: docs/i18n.md), so a new catalogue is checked without naming it here
TRANSLATED_GAMES = tuple(name for name in sorted(games()) if (_game_dir(name) / "locale").is_dir())


DOMAINS: dict[str, Path] = {"grimoire": LOCALE_DIR}
DOMAINS.update({name: _game_dir(name) / "locale" for name in TRANSLATED_GAMES})


def po(domain: str, lang: str) -> dict[str, str]:
    with (DOMAINS[domain] / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return {_text(m.id): _text(m.string) for m in read_po(f) if m.id}


def _text(message: object) -> str:
    """A message or translation as one text; a plural's forms joined (``{count} player`` /
    ``{count} players``: every form holds the same placeholders)."""
    return " | ".join(message) if isinstance(message, (tuple, list)) else str(message)


def _fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


CASES = [(domain, lang) for domain in DOMAINS for lang in TRANSLATED]


def test_the_translated_games_have_catalogues_where_the_core_looks() -> None:
    for name in TRANSLATED_GAMES:
        assert name in games()
        cls = game_class(name)
        assert DOMAINS[name] == game_locale_dir(cls(cls.min_players))


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_every_message_is_translated_with_the_same_placeholders(domain: str, lang: str) -> None:
    messages = po(domain, lang)
    assert len(messages) > 20
    empty = [msgid for msgid, msgstr in messages.items() if not msgstr.strip()]
    assert not empty, f"{domain}/{lang}: untranslated {empty}"
    differ = [m for m, s in messages.items() if set(_fields(m)) != set(_fields(s))]
    assert not differ, f"{domain}/{lang}: placeholders differ in {differ}"


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_german_and_japanese_translate_the_same_messages(domain: str) -> None:
    assert set(po(domain, "de")) == set(po(domain, "ja"))


@pytest.mark.parametrize(("domain", "lang"), CASES)
def test_the_committed_mo_matches_its_po(domain: str, lang: str) -> None:
    folder = DOMAINS[domain] / lang / "LC_MESSAGES"
    with (folder / f"{domain}.po").open("rb") as f:
        source = read_po(f, locale=lang)
    fresh = io.BytesIO()
    write_mo(fresh, source)
    fresh.seek(0)
    with (folder / f"{domain}.mo").open("rb") as f:
        committed = {_text(m.id): _text(m.string) for m in read_mo(f) if m.id}
    assert committed == {_text(m.id): _text(m.string) for m in read_mo(fresh) if m.id}


@pytest.mark.parametrize("domain", sorted(set(DOMAINS) - {"grimoire"}))
def test_a_game_catalogue_holds_exactly_the_strings_its_package_marks(
    domain: str, tmp_path: Path
) -> None:
    """``pybabel extract -F babel-games.cfg`` over the game's package (its Python and its web
    renderer's ``tg("...")``) finds no message the catalogue lacks, and no stale one remains."""
    pot = tmp_path / f"{domain}.pot"
    command = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel-games.cfg"]
    command += ["-k", "_", "-k", "tg", "-k", "N_", "-o", str(pot), str(_game_dir(domain))]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as f:
        marked = {_text(m.id) for m in read_po(f) if m.id}
    assert marked == set(po(domain, "de"))


def test_the_shell_catalogue_marks_nothing_of_the_games(tmp_path: Path) -> None:
    """babel.cfg leaves the games' packages to their own domains."""
    assert "Top row" not in po("grimoire", "de")
    assert "Top row" in po("ciub", "de")


def test_a_translator_reads_the_language_of_its_context() -> None:
    """One language setting: a game's translator follows ``language_scope``; English is the
    msgid itself."""
    _ = translator("ciub", DOMAINS["ciub"])
    assert _("Top row") == "Top row"
    with language_scope("de"):
        assert _("Top row") == "Obere Reihe"
        with language_scope("ja"):
            assert _("Top row") == "上段"
        assert _("Top row") == "Obere Reihe"
    assert _("Top row") == "Top row"
    with language_scope("xx"):
        assert _("Top row") == "Top row"
