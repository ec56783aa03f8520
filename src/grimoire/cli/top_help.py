"""``grimoire --help`` without typer, rich or the engine: the app's own help (its options and
commands, in the command line's language) printed with the standard library alone.

Importing typer costs about twice ``import pyspiel`` on its own, and its rich help screen about
five times (issue 34's target for the whole of ``grimoire --help`` is two), so the entry point
(``grimoire.cli.main``) answers a bare ``--help`` here and imports the typer app
(``grimoire.cli.app``) for everything else, a command's own ``--help`` included. The texts below
are the app's (tests/cli/test_top_help.py checks they are the same commands, options and help
texts, in the same order), translated by the shell's catalogue as the app's are.
"""

from __future__ import annotations

import gettext
import os
import sys
import unicodedata
from collections.abc import Sequence

# grimoire.i18n's facts, kept here because importing it (pathlib, contextvars) costs a third of
# the help (tests/cli/test_top_help.py checks they are the same)
DEFAULT = "en"
LANGUAGES = ("en", "de", "ja")
DOMAIN = "grimoire"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")


def N_(message: str) -> str:
    """Marks a text for the catalogue, as grimoire.i18n's."""
    return message


APP_HELP = "grimoire: magic-themed tabletop games played by their exact rules."

# (names as typed, the help text): the app's callback options, then click's own --help
OPTIONS: tuple[tuple[str, str], ...] = (
    ("--version", "the version, and whether the compiled build runs"),
    ("--lang TEXT", "language: en, de or ja (default: GRIMOIRE_LANG, else English)"),
    ("--help", "Show this message and exit."),  # click's own words stay English
)

# the app's commands in the order it lists them, each with its docstring
COMMANDS: tuple[tuple[str, str], ...] = (
    (
        "games",
        "List the games, their player counts and options (each with its default and the "
        "values\nit takes).",
    ),
    ("play", "Play in the terminal against bots. Ctrl-C or 'quit' offers to save; --load resumes."),
    ("simulate", "Bots play many games: wins per seat, mean scores, game length."),
    ("study", "A balance study: seat advantage, lengths, scores, what wins, variants compared."),
    (
        "tune",
        "Search option and data values for a target (seat balance, length, a card's pull).",
    ),
    ("render", "Render a position: as SVG with -o, else as text in the terminal."),
    (
        "replay",
        "Replay a saved game or record and show the position after N actions (default: the end).",
    ),
    ("analyse", "Every legal action of a seat with its estimated win chance and expected score."),
    ("serve", "Run the web app (lobby, live games against bots and friends); docs/deploy.md."),
    ("learn", "Learn a game step by step from its rulebook's examples, then play a short game."),
)

PANEL_TITLES = (N_("Options"), N_("Commands"))


def wanted_language(args: Sequence[str]) -> str:
    """The language a command line asks for: ``--lang X`` / ``--lang=X``, else the
    environment's (an unknown one: English; the ``--lang`` callback says so when it runs)."""
    chosen = None
    for index, word in enumerate(args):
        if word == "--lang" and index + 1 < len(args):
            chosen = args[index + 1]
        elif word.startswith("--lang="):
            chosen = word.partition("=")[2]
    chosen = chosen or os.environ.get("GRIMOIRE_LANG") or ""
    base = chosen.strip().replace("_", "-").split("-")[0].lower()  # grimoire.i18n.resolve
    return base if base in LANGUAGES else DEFAULT


def answers(args: Sequence[str]) -> bool:
    """True if ``args`` ask for the app's own help and nothing else: ``--help``, with or
    without ``--lang X``."""
    rest = list(args)
    if "--help" not in rest:
        return False
    rest.remove("--help")
    while rest:
        word = rest.pop(0)
        if word == "--lang" and rest:
            rest.pop(0)
        elif not word.startswith("--lang=") and word != "--help":
            return False
    return True


def cells(text: str) -> int:
    """The columns ``text`` takes in a terminal (East Asian wide characters take two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _pieces(word: str, width: int) -> list[str]:
    """``word`` cut into pieces of at most ``width`` columns (a Japanese sentence is one)."""
    pieces, piece = [], ""
    for char in word:
        if piece and cells(piece + char) > width:
            pieces.append(piece)
            piece = ""
        piece += char
    return [*pieces, piece] if piece else pieces


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns: its own line breaks kept, words kept
    whole unless one is wider than a line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            for piece in _pieces(word, width):
                joined = f"{line} {piece}" if line else piece
                if cells(joined) <= width:
                    line = joined
                else:
                    lines.append(line)
                    line = piece
        lines.append(line)
    return lines


def panel(title: str, rows: Sequence[tuple[str, str]], width: int) -> list[str]:
    """A titled box of two columns (name, help), ``width`` columns wide in all."""
    left = max(cells(name) for name, _ in rows) + 2
    inner = width - 4  # "│ " and " │"
    right = max(inner - left, 10)
    bar = max(width - cells(title) - 5, 1)
    lines = [f"╭─ {title} {'─' * bar}╮"]
    for name, text in rows:
        for index, part in enumerate(wrap(text, right)):
            head = name if index == 0 else ""
            cell = head + " " * (left - cells(head)) + part
            lines.append(f"│ {cell}{' ' * max(inner - cells(cell), 0)} │")
    lines.append(f"╰{'─' * (width - 2)}╯")
    return lines


def catalogue(lang: str) -> gettext.NullTranslations:
    """The shell's catalogue of ``lang``, read by the standard library's gettext (the same
    ``.mo`` file ``grimoire.i18n`` reads through Babel, whose import costs more than the help)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)


def text(lang: str, width: int, prog: str = "grimoire") -> str:
    """The whole help screen in ``lang``, ``width`` columns wide."""
    width = max(width, 40)
    tr = catalogue(lang).gettext
    lines = ["", f" Usage: {prog} [OPTIONS] COMMAND [ARGS]...", ""]
    lines += [f" {line}" for line in wrap(tr(APP_HELP), width - 2)]
    lines.append("")
    options = [
        (name, tr(help_text) if name != "--help" else help_text) for name, help_text in OPTIONS
    ]
    lines += panel(tr(PANEL_TITLES[0]), options, width)
    lines += panel(tr(PANEL_TITLES[1]), [(name, tr(doc)) for name, doc in COMMANDS], width)
    return "\n".join(lines) + "\n"


def terminal_width() -> int:
    """``COLUMNS``, else the terminal's width, else 80 (``shutil.get_terminal_size``'s rule;
    shutil itself imports the compression modules)."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def show(args: Sequence[str]) -> None:
    """Print the help screen for ``args`` (see ``answers``) at the terminal's width."""
    width = min(terminal_width(), 120)
    prog = os.path.basename(sys.argv[0]) or "grimoire"
    if prog.endswith(".py"):
        prog = "grimoire"
    sys.stdout.write(text(wanted_language(args), width, prog))
    sys.stdout.flush()
