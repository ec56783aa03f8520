"""``grimoire --help`` and each command's help in the chosen language (``--lang``, else
``GRIMOIRE_LANG``): the app's click group (``HelpInLanguage``) translates every command's and
option's help text through the shell's catalogue before click reads the arguments, since
``--help`` is answered before the ``--lang`` callback runs. The help texts stay written in
main.py (typer reads them there); ``HELP_TEXTS`` lists them for the catalogue
(tests/i18n/test_cli_help.py checks that it holds exactly the app's texts). Typer's panel
titles (Options, Commands, Arguments) are translated too; click's own words ("Usage:", "Show
this message and exit.") stay English.
"""

from __future__ import annotations

import sys
from typing import Any

from typer import rich_utils
from typer.core import TyperGroup

from grimoire.cli.top_help import wanted_language
from grimoire.i18n import N_, gettext

PANELS = {
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
}

HELP_TEXTS = (
    N_("grimoire: magic-themed tabletop games played by their exact rules."),
    N_("the version, and whether the compiled build runs"),
    N_("language: en, de or ja (default: GRIMOIRE_LANG, else English)"),
    N_(
        "List the games, their player counts and options (each with its default and the "
        "values\nit takes)."
    ),
    N_("Play in the terminal against bots. Ctrl-C or 'quit' offers to save; --load resumes."),
    N_("game name, e.g. ciub (default ciub)"),
    N_("number of players (default 3, or the game's nearest)"),
    N_(
        "bots for the other seats: one name, or one per seat (default: the game's heuristic, or "
        "the easy level for a game without one)"
    ),
    N_("seed (default: random)"),
    N_("KEY=VALUE, e.g. length=short"),
    N_("your seat, counted from 1 (default 1)"),
    N_(
        "seats of several people at this terminal (hot seat), counted from 1, e.g. 1,3; the "
        "screen is cleared between them"
    ),
    N_("resume a saved game (or start from a record or position file)"),
    N_(
        "the file saves go to unless you type another (default: the loaded file, else "
        "grimoire-save.json); another existing file is never overwritten unasked"
    ),
    N_("Bots play many games: wins per seat, mean scores, game length."),
    N_("game name"),
    N_("number of games"),
    N_("players (default: the game's minimum)"),
    N_(
        "one bot name for all seats, or one per seat (default: the game's heuristic, or the easy "
        "level for a game without one)"
    ),
    N_("seed of the whole run"),
    N_("KEY=VALUE"),
    N_("processes (0: one per CPU core, said when used)"),
    N_("write results as JSON"),
    N_("A balance study: seat advantage, lengths, scores, what wins, variants compared."),
    N_("a study TOML file (flags override it)"),
    N_("player count (repeatable)"),
    N_(
        "a variant (repeatable): options (circle=2,edition=mayday), a components file "
        "(data=mine.toml) or data changes (data.rune.blaze.points=4); NAME:... names it"
    ),
    N_("a line-up: one bot, or one per seat (repeatable)"),
    N_("games per cell (with --until-clear: at most)"),
    N_("seed of the whole study"),
    N_("keep each bot on its seat"),
    N_("play each cell in rounds until its question is answered"),
    N_("with --until-clear: sprt (first-player advantage) or ci"),
    N_("smallest win-rate difference worth finding (default 0.05: 5 points)"),
    N_("--stop-rule ci: widest interval at 95% (default 0.05)"),
    N_("--until-clear: games per cell between checks (100)"),
    N_("processes (process back-end; 0: one per CPU core, said when used)"),
    N_("process or ray"),
    N_("Ray cluster address (default: $RAY_ADDRESS or local)"),
    N_("study folder: finished chunks (resume) and records"),
    N_("per-game records as Parquet in the folder"),
    N_("write an HTML report here"),
    N_("write the summary"),
    N_("Search option and data values for a target (seat balance, length, a card's pull)."),
    N_("a tuning TOML file (flags override it)"),
    N_("player count (default 2)"),
    N_(
        "a parameter to search (repeatable): komi=0..8, x=0.5..2:0.5, "
        "data.rune.blaze.points=1..6, edition=hobbyworld|mayday"
    ),
    N_(
        "balance (default), first-player, length=N, turns=N or feature=KEY (e.g. "
        "feature=use:Blaze: using it not associated with winning)"
    ),
    N_("settings to try (default 20)"),
    N_("games per trial (default 200)"),
    N_("seed of the search and its studies"),
    N_("the line-up: one bot, or one per seat (default heuristic)"),
    N_("games to play the best settings again (default 2 x --games; 0: none)"),
    N_("folder for the trials' studies (a rerun resumes)"),
    N_("write the trials"),
    N_("Render a position: as SVG with -o, else as text in the terminal."),
    N_("a saved game, game record or position"),
    N_("write an SVG here"),
    N_("render what this seat sees (counted from 1)"),
    N_("the position after this many actions (default: the end)"),
    N_("Replay a saved game or record and show the position after N actions (default: the end)."),
    N_("show the state after this many actions"),
    N_("Every legal action of a seat with its estimated win chance and expected score."),
    N_("the seat to advise, counted from 1 (default: to act)"),
    N_("search budget: 2s, 500ms, 4000"),
    N_("the search's seed"),
    N_("print JSON"),
    N_("Run the web app (lobby, live games against bots and friends); docs/deploy.md."),
    N_("address to listen on"),
    N_("port"),
    N_("SQLAlchemy URL (default: $GRIMOIRE_DATABASE_URL or SQLite)"),
    N_("seconds a bot waits before acting (default 0.5)"),
    N_("server processes behind the port (2 or more: PostgreSQL)"),
    N_("log lines as 'text' or 'json' (one object a line)"),
    # grimoire learn (cli/learn.py)
    N_("Learn a game step by step from its rulebook's examples, then play a short game."),
    N_("the game to learn (without one: the games to learn)"),
    N_("language: en, de or ja (as grimoire --lang; default: English)"),
    N_("start at this step (1 is the first)"),
    N_("end after the steps, without the short game"),
    N_("the short game's seed (default: random)"),
)


def translate_help(command: Any, lang: str) -> None:
    """Every help text of ``command`` and its sub-commands in ``lang`` (from the English
    kept on first use, so a second call in another language starts from English again)."""
    for item in [command, *getattr(command, "params", [])]:
        english = item.__dict__.setdefault("_english_help", item.help)
        if english:
            item.help = gettext(english, lang)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub, lang)
    for name, english in PANELS.items():
        setattr(rich_utils, name, gettext(english, lang))


class HelpInLanguage(TyperGroup):
    """The app's group: its help and its commands' help in the command line's language."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        given = args[0] if args else kwargs.get("args")
        words = [str(w) for w in (sys.argv[1:] if given is None else given)]
        translate_help(self, wanted_language(words))
        return super().main(*args, **kwargs)
