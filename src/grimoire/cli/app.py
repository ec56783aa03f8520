"""The ``grimoire`` command's typer app: play, simulate, study, tune, render, replay, serve.

``grimoire.cli.main`` is the entry point: it answers ``grimoire --help`` without importing this
module (typer and rich cost more than the whole help), and runs this app for everything else."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from grimoire.cli.help_texts import HelpInLanguage
from grimoire.cli.learn import learn
from grimoire.core.errors import GrimoireError, InvalidOptions
from grimoire.registry import game_class, games

app = typer.Typer(
    help="grimoire: magic-themed tabletop games played by their exact rules.",
    no_args_is_help=True,
    add_completion=False,
    cls=HelpInLanguage,  # the help texts in the chosen language (cli/help_texts.py)
)
console = Console()


def _show_version(wanted: bool) -> None:
    if wanted:
        import grimoire

        # which build runs: compiled (mypyc) or pure Python, and why (grimoire._build)
        console.print(f"grimoire {grimoire.__version__}, {grimoire.BUILD.describe()}")
        raise typer.Exit()


@app.callback()
def choose_language(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="the version, and whether the compiled build runs",
            callback=_show_version,
            is_eager=True,
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="language: en, de or ja (default: GRIMOIRE_LANG, else English)"
        ),
    ] = None,
) -> None:
    """grimoire: magic-themed tabletop games played by their exact rules."""
    from grimoire.i18n import from_environment, resolve, set_language

    chosen, warning = resolve(lang or from_environment())
    if warning:
        console.print(f"[yellow]{escape(warning)}[/]", highlight=False)
    set_language(chosen)


def _fail(error: Exception) -> typer.Exit:
    # escaped: a message may hold brackets ("pip install 'grimoire[web]'")
    console.print(f"[bold red]error:[/] {escape(str(error))}", soft_wrap=True, highlight=False)
    return typer.Exit(2)


def _say_workers(workers: int) -> None:
    """``--workers 0`` means one process per CPU core: say how many that is here."""
    from grimoire.cli.options import workers_note

    note = workers_note(workers)
    if note:
        console.print(f"[dim]{escape(note)}[/]", highlight=False)


def _seat_id(seat: int | None) -> int | None:
    """A seat as the flags give it (counted from 1, as people count) as its id (from 0)."""
    return None if seat is None else seat - 1


def _options(pairs: list[str] | None) -> dict[str, Any]:
    if not pairs:
        return {}
    from grimoire.cli.options import parse_options

    return parse_options(pairs or [])


@app.command("games")
def list_games() -> None:
    """List the games, their player counts and options (each with its default and the values
    it takes)."""
    from grimoire.i18n import gettext as _t

    table = Table(title=_t("Games"), show_lines=True)
    table.add_column(_t("name"), max_width=16)
    table.add_column(_t("players"), no_wrap=True)
    # folded, never cut: a long value (a file path, a choice name) breaks over lines
    table.add_column(_t("options: default (allowed values)"), overflow="fold")
    for name in games():
        cls = game_class(name)
        opts = "\n".join(option_line(option) for option in cls.declared_options)
        who = f"[bold]{escape(name)}[/]\n[dim]{escape(cls.title)}[/]"
        table.add_row(who, f"{cls.min_players}..{cls.max_players}", escape(opts))
    console.print(table)


def option_text(value: Any) -> str:
    """A value as it is typed after ``-o key=``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def option_line(option: Any) -> str:
    """``length=normal (short | normal | long)``: an option's default and what it accepts."""
    from grimoire.i18n import gettext as _t

    if option.choices is not None:
        allowed = " | ".join(option_text(choice) for choice in option.choices)
    elif option.kind is bool:
        allowed = "true | false"
    elif option.kind is int:
        allowed = (
            _t("a whole number, {minimum} or more").format(minimum=option.minimum)
            if option.minimum is not None
            else _t("a whole number")
        )
    else:
        allowed = _t("a file")
    return f"{option.name}={option_text(option.default)} ({allowed})"


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="game name, e.g. ciub (default ciub)")] = None,
    players: Annotated[
        int | None, typer.Option(help="number of players (default 3, or the game's nearest)")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="bots for the other seats: one name, or one per seat (default: the game's "
            "heuristic, or the easy level for a game without one)"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed (default: random)")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE, e.g. length=short")
    ] = None,
    seat: Annotated[int | None, typer.Option(help="your seat, counted from 1 (default 1)")] = None,
    humans: Annotated[
        str | None,
        typer.Option(
            help="seats of several people at this terminal (hot seat), counted from 1, e.g. "
            "1,3; the screen is cleared between them"
        ),
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(help="resume a saved game (or start from a record or position file)"),
    ] = None,
    save_to: Annotated[
        Path | None,
        typer.Option(
            "--save-to",
            help="the file saves go to unless you type another (default: the loaded file, "
            "else grimoire-save.json); another existing file is never overwritten unasked",
        ),
    ] = None,
) -> None:
    """Play in the terminal against bots. Ctrl-C or 'quit' offers to save; --load resumes."""
    from grimoire.cli.play import new_session, resume, run

    try:
        options = _options(option)
        seats: int | list[int] | None = _seat_id(seat)  # the flags count from 1, ids from 0
        if humans is not None:
            try:
                seats = [int(part) - 1 for part in humans.split(",") if part.strip()]
            except ValueError as error:
                raise InvalidOptions(f"--humans takes seat numbers like 1,3: {error}") from error
        lineup = None if bots is None else [kind.strip() for kind in bots.split(",")]
        if load is not None:
            session, notes = resume(load, game, players, lineup, seed, options, seats)
            for note in notes:
                console.print(f"[yellow]{note}[/]", highlight=False)
        else:
            name = game or "ciub"
            if players is None:
                cls = game_class(name)
                players = max(cls.min_players, min(3, cls.max_players))
            session = new_session(
                name, players, lineup or None, seed, options, 0 if seats is None else seats
            )
    except GrimoireError as error:
        raise _fail(error) from error
    default = save_to or load or Path("grimoire-save.json")
    ask = lambda prompt: console.input(f"[bold]{escape(prompt)}[/]: ")  # noqa: E731
    raise typer.Exit(run(session, console, ask, default, own_file=load))


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name")] = "ciub",
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    players: Annotated[
        int | None, typer.Option(help="players (default: the game's minimum)")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="one bot name for all seats, or one per seat (default: the game's heuristic, "
            "or the easy level for a game without one)"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="seed of the whole run")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    workers: Annotated[
        int, typer.Option(help="processes (0: one per CPU core, said when used)")
    ] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")] = None,
) -> None:
    """Bots play many games: wins per seat, mean scores, game length."""
    from grimoire.cli.simulate import simulate_command

    try:
        simulate_command(game, games_, players, bots, seed, option or [], workers, json_out)
    except GrimoireError as error:
        raise _fail(error) from error


# Options that study and tune share
Workers = Annotated[
    int, typer.Option(help="processes (process back-end; 0: one per CPU core, said when used)")
]
Backend = Annotated[str, typer.Option(help="process or ray")]
RayAddress = Annotated[
    str | None, typer.Option(help="Ray cluster address (default: $RAY_ADDRESS or local)")
]
ReportPath = Annotated[Path | None, typer.Option(help="write an HTML report here")]


@app.command()
def study(
    file: Annotated[
        Path | None, typer.Argument(help="a study TOML file (flags override it)")
    ] = None,
    game: Annotated[str | None, typer.Option(help="game name")] = None,
    players: Annotated[list[int] | None, typer.Option(help="player count (repeatable)")] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option(
            help="a variant (repeatable): options (circle=2,edition=mayday), a components file "
            "(data=mine.toml) or data changes (data.rune.blaze.points=4); NAME:... names it"
        ),
    ] = None,
    bots: Annotated[
        list[str] | None, typer.Option(help="a line-up: one bot, or one per seat (repeatable)")
    ] = None,
    games_: Annotated[
        int | None, typer.Option("--games", help="games per cell (with --until-clear: at most)")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the whole study")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    no_rotation: Annotated[
        bool, typer.Option("--no-rotation", help="keep each bot on its seat")
    ] = False,
    until_clear: Annotated[
        bool,
        typer.Option(
            "--until-clear", help="play each cell in rounds until its question is answered"
        ),
    ] = False,
    stop_rule: Annotated[
        str | None,
        typer.Option("--stop-rule", help="with --until-clear: sprt (first-player advantage) or ci"),
    ] = None,
    detect: Annotated[
        float | None,
        typer.Option(help="smallest win-rate difference worth finding (default 0.05: 5 points)"),
    ] = None,
    ci_width: Annotated[
        float | None, typer.Option(help="--stop-rule ci: widest interval at 95% (default 0.05)")
    ] = None,
    check_every: Annotated[
        int | None, typer.Option(help="--until-clear: games per cell between checks (100)")
    ] = None,
    workers: Workers = 1,
    backend: Backend = "process",
    address: RayAddress = None,
    out: Annotated[
        Path | None, typer.Option(help="study folder: finished chunks (resume) and records")
    ] = None,
    records: Annotated[
        bool, typer.Option("--records", help="per-game records as Parquet in the folder")
    ] = False,
    report: ReportPath = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the summary")] = None,
) -> None:
    """A balance study: seat advantage, lengths, scores, what wins, variants compared."""
    from grimoire.cli.study import backend_of, spec_from_flags, study_command

    try:
        spec = spec_from_flags(
            file,
            game,
            players or [],
            variant or [],
            bots or [],
            games_,
            seed,
            option or [],
            not no_rotation,
            (stop_rule or "sprt") if until_clear or stop_rule else None,
            detect,
            ci_width,
            check_every,
        )
        chosen = backend_of(backend, workers, address)
        _say_workers(workers)
        study_command(spec, chosen, out, records, report, json_out, console)
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def tune(
    file: Annotated[
        Path | None, typer.Argument(help="a tuning TOML file (flags override it)")
    ] = None,
    game: Annotated[str | None, typer.Option(help="game name")] = None,
    players: Annotated[int | None, typer.Option(help="player count (default 2)")] = None,
    param: Annotated[
        list[str] | None,
        typer.Option(
            help="a parameter to search (repeatable): komi=0..8, x=0.5..2:0.5, "
            "data.rune.blaze.points=1..6, edition=hobbyworld|mayday"
        ),
    ] = None,
    target: Annotated[
        str | None,
        typer.Option(
            help="balance (default), first-player, length=N, turns=N or feature=KEY "
            "(e.g. feature=use:Blaze: using it not associated with winning)"
        ),
    ] = None,
    trials: Annotated[int | None, typer.Option(help="settings to try (default 20)")] = None,
    games_: Annotated[
        int | None, typer.Option("--games", help="games per trial (default 200)")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the search and its studies")] = None,
    bots: Annotated[
        str | None, typer.Option(help="the line-up: one bot, or one per seat (default heuristic)")
    ] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    confirm: Annotated[
        int | None,
        typer.Option(help="games to play the best settings again (default 2 x --games; 0: none)"),
    ] = None,
    workers: Workers = 1,
    backend: Backend = "process",
    address: RayAddress = None,
    out: Annotated[
        Path | None, typer.Option(help="folder for the trials' studies (a rerun resumes)")
    ] = None,
    report: ReportPath = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="write the trials")] = None,
) -> None:
    """Search option and data values for a target (seat balance, length, a card's pull)."""
    from grimoire.cli.study import backend_of
    from grimoire.cli.tune import spec_from_flags, tune_command

    try:
        spec = spec_from_flags(
            file,
            game,
            players,
            param or [],
            target,
            trials,
            games_,
            seed,
            bots,
            option or [],
            confirm,
        )
        chosen = backend_of(backend, workers, address)
        _say_workers(workers)
        tune_command(spec, chosen, out, report, json_out, console)
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def render(
    path: Annotated[Path, typer.Argument(help="a saved game, game record or position")],
    out: Annotated[Path | None, typer.Option("-o", "--out", help="write an SVG here")] = None,
    seat: Annotated[
        int | None, typer.Option(help="render what this seat sees (counted from 1)")
    ] = None,
    step: Annotated[
        int | None, typer.Option(help="the position after this many actions (default: the end)")
    ] = None,
) -> None:
    """Render a position: as SVG with -o, else as text in the terminal."""
    from grimoire.cli.documents import check_seat, read_document

    try:
        state = read_document(path).replay(step)
        seat = _seat_id(seat)
        check_seat(state, seat)
        if out is None:
            console.print(state.game.render_text(state, seat))
            return
        svg = state.game.render_svg(state, seat) if state.game.capabilities.svg else None
        if svg is None:
            raise GrimoireError(f"{state.game.title} has no SVG rendering; omit -o for text")
        out.write_text(svg, encoding="utf-8")
        console.print(f"wrote {out}")
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="a saved game, game record or position")],
    step: Annotated[int | None, typer.Option(help="show the state after this many actions")] = None,
) -> None:
    """Replay a saved game or record and show the position after N actions (default: the end)."""
    from grimoire.cli.documents import read_document
    from grimoire.cli.play import score_table

    try:
        doc = read_document(path)
        state = doc.replay(step)
        console.print(state.game.render_text(state, None))
        console.print(score_table(state, doc.humans or [], doc.bots or {}, replay=True))
        console.print(_replay_steps(doc.record, step), highlight=False)
    except GrimoireError as error:
        raise _fail(error) from error


def _replay_steps(record: Any, step: int | None) -> str:
    """Where a replay stands: "step 12 of 40" (steps: the record's entries, chance included)
    and how to see another, or that a position set up part-way has none."""
    from grimoire.i18n import gettext as _t

    if record is None:
        return _t("A position set up part-way through a game: it has no steps to replay.")
    steps = len(record.actions)
    return _t(
        "Step {step} of {steps} (--step N shows the game after N of them, 0 to {steps})."
    ).format(step=steps if step is None else step, steps=steps)


@app.command()
def analyse(
    path: Annotated[Path, typer.Argument(help="a saved game, game record or position")],
    seat: Annotated[
        int | None, typer.Option(help="the seat to advise, counted from 1 (default: to act)")
    ] = None,
    budget: Annotated[str, typer.Option(help="search budget: 2s, 500ms, 4000")] = "2s",
    seed: Annotated[int, typer.Option(help="the search's seed")] = 0,
    step: Annotated[
        int | None, typer.Option(help="the position after this many actions (default: the end)")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Every legal action of a seat with its estimated win chance and expected score."""
    from grimoire.cli.analyse import analyse_command

    try:
        analyse_command(console, path, _seat_id(seat), budget, seed, step, as_json)
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    database_url: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL (default: $GRIMOIRE_DATABASE_URL or SQLite)")
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="seconds a bot waits before acting (default 0.5)")
    ] = None,
    workers: Annotated[
        int, typer.Option(help="server processes behind the port (2 or more: PostgreSQL)")
    ] = 1,
    log_format: Annotated[
        str, typer.Option(help="log lines as 'text' or 'json' (one object a line)")
    ] = "text",
) -> None:
    """Run the web app (lobby, live games against bots and friends); docs/deploy.md."""
    try:
        from grimoire.web.server import run as run_server
    except ImportError as error:
        raise _fail(
            GrimoireError(f"the web app needs its extra: pip install 'grimoire[web]' ({error})")
        ) from error
    if log_format not in ("text", "json"):
        raise _fail(GrimoireError(f"--log-format is 'text' or 'json', not {log_format!r}"))
    run_server(
        host=host,
        port=port,
        database_url=database_url,
        bot_delay=bot_delay,
        workers=workers,
        log_format=log_format,
    )


app.command("learn")(learn)
