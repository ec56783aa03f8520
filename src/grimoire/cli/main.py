"""The ``grimoire`` command: play, simulate, render, replay, serve."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from grimoire.core.errors import GrimoireError, InvalidOptions
from grimoire.registry import game_class, games, make

app = typer.Typer(
    help="grimoire: magic-themed tabletop games played by their exact rules.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def _fail(error: Exception) -> typer.Exit:
    console.print(f"[bold red]error:[/] {error}")
    return typer.Exit(2)


def _options(pairs: list[str] | None) -> dict[str, Any]:
    if not pairs:
        return {}
    from grimoire.cli.options import parse_options

    return parse_options(pairs or [])


@app.command("games")
def list_games() -> None:
    """List the games, their player counts and options."""
    table = Table(title="Games")
    for column in ("name", "title", "players", "options"):
        table.add_column(column)
    for name in games():
        cls = game_class(name)
        opts = ", ".join(f"{o.name}={o.default!r}" for o in cls.declared_options)
        table.add_row(name, cls.title, f"{cls.min_players}..{cls.max_players}", opts)
    console.print(table)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game name, e.g. ciub")] = "ciub",
    players: Annotated[int, typer.Option(help="number of players")] = 3,
    bots: Annotated[
        str, typer.Option(help="bots for the other seats: one name, or one per seat")
    ] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="seed (default: random)")] = None,
    short: Annotated[bool, typer.Option("--short", help="the short game (length=short)")] = False,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    seat: Annotated[int, typer.Option(help="your seat")] = 0,
    humans: Annotated[
        str | None,
        typer.Option(
            help="seats of several people at this terminal (hot seat), e.g. 0,2; "
            "the screen is cleared between them"
        ),
    ] = None,
    load: Annotated[Path | None, typer.Option(help="resume a saved game")] = None,
    save_to: Annotated[Path, typer.Option("--save-to", help="where Ctrl-C saves")] = Path(
        "grimoire-save.json"
    ),
) -> None:
    """Play in the terminal against bots. Ctrl-C offers to save; --load resumes."""
    from grimoire.cli.play import load as load_session
    from grimoire.cli.play import new_session, run

    try:
        if load is not None:
            session = load_session(load)
        else:
            options = _options(option)
            if short:
                options["length"] = "short"
            seats: int | list[int] = seat
            if humans is not None:
                try:
                    seats = [int(part) for part in humans.split(",") if part.strip()]
                except ValueError as error:
                    raise InvalidOptions(
                        f"--humans takes seat numbers like 0,2: {error}"
                    ) from error
            session = new_session(game, players, bots.split(","), seed, options, seats)
    except GrimoireError as error:
        raise _fail(error) from error
    code = run(session, console, lambda prompt: console.input(f"[bold]{prompt}[/]: "), save_to)
    raise typer.Exit(code)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name")] = "ciub",
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    players: Annotated[
        int | None, typer.Option(help="players (default: the game's minimum)")
    ] = None,
    bots: Annotated[
        str, typer.Option(help="one bot name for all seats, or one per seat")
    ] = "heuristic",
    seed: Annotated[int, typer.Option(help="seed of the whole run")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    workers: Annotated[int, typer.Option(help="processes")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="write results as JSON")] = None,
) -> None:
    """Bots play many games: wins per seat, mean scores, game length."""
    from grimoire.cli.simulate import simulate_command

    try:
        simulate_command(game, games_, players, bots, seed, option or [], workers, json_out)
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def study(
    file: Annotated[
        Path | None, typer.Argument(help="a study TOML file (flags override it)")
    ] = None,
    game: Annotated[str | None, typer.Option(help="game name")] = None,
    players: Annotated[list[int] | None, typer.Option(help="player count (repeatable)")] = None,
    variant: Annotated[
        list[str] | None,
        typer.Option(help="a variant's options, e.g. circle=2 or circle=2,edition=mayday"),
    ] = None,
    bots: Annotated[
        list[str] | None, typer.Option(help="a line-up: one bot, or one per seat (repeatable)")
    ] = None,
    games_: Annotated[int | None, typer.Option("--games", help="games per cell")] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the whole study")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="KEY=VALUE")] = None,
    no_rotation: Annotated[
        bool, typer.Option("--no-rotation", help="keep each bot on its seat")
    ] = False,
    workers: Annotated[int, typer.Option(help="processes (process back-end)")] = 1,
    backend: Annotated[str, typer.Option(help="process or ray")] = "process",
    address: Annotated[
        str | None, typer.Option(help="Ray cluster address (default: $RAY_ADDRESS or local)")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="study folder: finished chunks (resume) and records")
    ] = None,
    records: Annotated[
        bool, typer.Option("--records", help="per-game records as Parquet in the folder")
    ] = False,
    report: Annotated[Path | None, typer.Option(help="write an HTML report here")] = None,
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
        )
        study_command(
            spec, backend_of(backend, workers, address), out, records, report, json_out, console
        )
    except GrimoireError as error:
        raise _fail(error) from error


def _load_position(path: Path) -> Any:
    try:
        doc = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise GrimoireError(f"cannot read {path}: {error}") from error
    if not isinstance(doc, dict) or "game" not in doc:
        raise GrimoireError(f"{path} is not a grimoire position or record")
    if "position" not in doc:  # a game record: replay it
        from grimoire.core.record import GameRecord

        return GameRecord.from_json(doc).replay()
    game = make(doc["game"], players=doc.get("players"), **doc.get("options", {}))
    return game.state_from_json(doc)


@app.command()
def render(
    path: Annotated[Path, typer.Argument(help="a position (state JSON) or game record")],
    out: Annotated[Path | None, typer.Option("-o", "--out", help="write an SVG here")] = None,
    seat: Annotated[int | None, typer.Option(help="render what this seat sees")] = None,
) -> None:
    """Render a position: as SVG with -o, else as text in the terminal."""
    try:
        state = _load_position(path)
        if out is None:
            console.print(state.game.render_text(state, seat))
            return
        svg = state.game.render_svg(state, seat)
        if svg is None:
            raise GrimoireError(f"{state.game.title} has no SVG rendering; omit -o for text")
        out.write_text(svg)
        console.print(f"wrote {out}")
    except GrimoireError as error:
        raise _fail(error) from error


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="a game record or saved game")],
    step: Annotated[int | None, typer.Option(help="show the state after this many actions")] = None,
) -> None:
    """Replay a game record and show the position after N actions (default: the end)."""
    from grimoire.cli.play import score_table
    from grimoire.core.record import GameRecord

    try:
        doc = json.loads(path.read_text())
        record = GameRecord.from_json(doc.get("record", doc))
        state = record.replay(step)
        console.print(state.game.render_text(state, None))
        console.print(score_table(state, [], {}))
    except (GrimoireError, OSError, json.JSONDecodeError) as error:
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
) -> None:
    """Run the web app (lobby, live games against bots and friends)."""
    try:
        from grimoire.web.server import run as run_server
    except ImportError as error:
        raise _fail(
            GrimoireError(f"the web app needs its extra: pip install 'grimoire[web]' ({error})")
        ) from error
    run_server(host=host, port=port, database_url=database_url, bot_delay=bot_delay)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
