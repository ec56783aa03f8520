"""``grimoire --help`` answered without typer, rich or the engine (cli/top_help.py, issue 34):
what it imports, and that it says what the typer app says (the same commands, options and help
texts, in the chosen language)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.core
import typer.main

import grimoire.i18n
from grimoire.cli import top_help
from grimoire.cli.main import app

SRC = Path(__file__).resolve().parents[2] / "src"

# what a bare --help must not import: the typer app, the engine, the games and the layers above
HEAVY = ("typer", "click", "rich", "babel", "msgspec", "pathlib", "dataclasses")
HEAVY_GRIMOIRE = (
    "grimoire.cli.app",
    "grimoire.core.game",
    "grimoire.core.state",
    "grimoire.registry",
    "grimoire.games.",
    "grimoire.bots",
    "grimoire.sim",
    "grimoire.envs",
    "grimoire.web",
)


def _help_in_a_process(*args: str) -> tuple[str, list[str]]:
    code = (
        "import sys, json\n"
        f"sys.argv = ['grimoire', *{list(args)!r}]\n"
        "from grimoire.cli.main import main\n"
        "main()\n"
        "print('\\n' + json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "80"}
    env.pop("GRIMOIRE_LANG", None)
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    text, _, modules = out.stdout.rpartition("\n\n")
    return text, json.loads(modules)


@pytest.mark.parametrize("args", [["--help"], ["--lang", "de", "--help"], ["--help", "--lang=ja"]])
def test_help_imports_nothing_heavy(args: list[str]) -> None:
    text, modules = _help_in_a_process(*args)
    assert "Usage: grimoire" in text and "simulate" in text
    heavy = [m for m in modules if m.split(".")[0] in HEAVY or m.startswith(HEAVY_GRIMOIRE)]
    assert heavy == []


def test_a_commands_help_is_the_typer_apps() -> None:
    assert not top_help.answers(["play", "--help"])
    assert not top_help.answers(["--version", "--help"])
    assert not top_help.answers([])  # no arguments: the app's own answer (no_args_is_help)
    assert top_help.answers(["--lang", "ja", "--help"])
    assert top_help.answers(["--help", "--lang=de"])


def test_the_texts_are_the_apps() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    assert group.help == top_help.APP_HELP
    commands = [(name, command.help) for name, command in group.commands.items()]
    assert list(top_help.COMMANDS) == commands
    options = [(param.opts[0], getattr(param, "help", None)) for param in group.params]
    names = [name.split()[0] for name, _ in top_help.OPTIONS]
    assert names == [name for name, _ in options] + ["--help"]
    assert [text for _, text in top_help.OPTIONS][:-1] == [text for _, text in options]


def test_the_language_facts_are_grimoire_i18ns() -> None:
    assert top_help.DEFAULT == grimoire.i18n.DEFAULT
    assert set(top_help.LANGUAGES) == set(grimoire.i18n.LANGUAGES)
    assert top_help.DOMAIN == grimoire.i18n.DOMAIN
    assert Path(top_help.LOCALE_DIR) == grimoire.i18n.LOCALE_DIR
    for words in (["--lang", "de-AT"], ["--lang=ja_JP"], ["--lang", "xx"], []):
        assert (
            top_help.wanted_language(words)
            == grimoire.i18n.resolve(words[-1].rpartition("=")[2] if words else None)[0]
        )


@pytest.mark.parametrize("lang", ["en", "de", "ja"])
@pytest.mark.parametrize("width", [50, 80, 120])
def test_every_text_in_the_language_within_the_width(lang: str, width: int) -> None:
    screen = top_help.text(lang, width)
    flat = "".join(screen.replace("│", "").split())
    texts = [top_help.APP_HELP, *(doc for _, doc in top_help.COMMANDS)]
    texts += [help_text for _, help_text in top_help.OPTIONS[:-1]]
    for english in texts:
        assert "".join(grimoire.i18n.gettext(english, lang).split()) in flat
    assert grimoire.i18n.gettext("Commands", lang) in screen
    assert all(top_help.cells(line) <= width for line in screen.splitlines())
    boxed = [line for line in screen.splitlines() if line.startswith(("│", "╭", "╰"))]
    assert {top_help.cells(line) for line in boxed} == {width}
