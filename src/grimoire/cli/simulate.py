"""``grimoire simulate GAME``: a seeded tournament between bots, with a progress bar.

The typer app registers ``simulate_command``; everything here is plain Python so that it can
be called (and tested) without the CLI.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from grimoire.bots.registry import default_bot
from grimoire.cli.options import parse_options, worker_count, workers_note
from grimoire.registry import make
from grimoire.sim.report import render, to_json_text, write_json
from grimoire.sim.tournament import TournamentResult, run_tournament


def parse_bots(bots: str) -> list[str]:
    """``"heuristic"`` or ``"heuristic,random,random"`` -> a list of bot kinds."""
    return [kind.strip() for kind in bots.split(",")]


def simulate_command(
    game: str,
    games: int = 100,
    players: int | None = None,
    bots: str | None = None,
    seed: int = 1,
    options: list[str] | None = None,
    workers: int = 1,
    json_out: Path | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games of ``game`` between bots and print wins per seat, wins
    per bot, mean scores and game length.

    ``players`` None: the game's minimum. ``bots``: one kind for all seats, or a
    comma-separated kind per seat (None: the game's default bot). ``options``: ``key=value``
    items (see ``parse_options``).
    ``workers``: processes to use (0: one per CPU); the results do not depend on it.
    ``json_out``: also write the results, every game included, as JSON to that file
    (``-``: print the JSON on stdout instead of the tables). Returns the result.
    Raises GrimoireError subclasses (UnknownGame, InvalidOptions, ...) on bad input.
    """
    parsed = parse_options(options)
    lineup = parse_bots(bots) if bots else [default_bot(make(game, players=players, **parsed))]
    note = workers_note(workers)
    workers = worker_count(workers)
    json_to_stdout = json_out is not None and str(json_out) == "-"
    out = Console(stderr=json_to_stdout)
    progress_console = Console(stderr=True)
    if note:
        progress_console.print(f"[dim]{note}[/dim]", highlight=False)

    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=progress_console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{game}: games", total=games)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        result = run_tournament(
            game,
            players,
            lineup,
            games,
            seed,
            parsed,
            rotate_seats=True,
            workers=workers,
            progress=advance,
        )
    elapsed = time.perf_counter() - started

    if json_to_stdout:
        sys.stdout.write(to_json_text(result, include_games=True) + "\n")
    else:
        out.print(render(result))
        if json_out is not None:
            write_json(result, json_out, include_games=True)
            out.print(f"Results written to {json_out}", markup=False, soft_wrap=True)
    rate = result.games / elapsed if elapsed > 0 else float("inf")
    out.print(
        f"[dim]{result.games} games in {elapsed:.1f} s ({rate:.1f} games/s, "
        f"{workers} worker{'s' if workers != 1 else ''}).[/dim]"
    )
    return result
