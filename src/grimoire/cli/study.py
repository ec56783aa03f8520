"""``grimoire study``: a balance study from a TOML file or flags, with a live progress bar, a
summary in the terminal and an optional HTML report."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from grimoire.cli.options import parse_options
from grimoire.core.errors import InvalidOptions
from grimoire.sim.study import (
    Backend,
    StudySpec,
    local_backend,
    process_backend,
    ray_backend,
    run_study,
)


def parse_variants(pairs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``--variant circle=1 --variant circle=2,edition=mayday``: one variant per flag, named
    by its options."""
    variants: dict[str, dict[str, Any]] = {}
    for text in pairs:
        variants[text] = parse_options([part for part in text.split(",") if part.strip()])
    return variants or {"default": {}}


def spec_from_flags(
    file: Path | None,
    game: str | None,
    players: Sequence[int],
    variants: Sequence[str],
    bots: Sequence[str],
    games: int | None,
    seed: int | None,
    options: Sequence[str],
    rotate: bool,
) -> StudySpec:
    """The study of ``file``, with any flag given overriding it; or the study of the flags."""
    doc: dict[str, Any] = {}
    if file is not None:
        doc = StudySpec.from_toml(file).to_json()
        doc.pop("format", None)
    if game is not None:
        doc["game"] = game
    if "game" not in doc:
        raise InvalidOptions("name a game (or a study file)")
    if players:
        doc["players"] = list(players)
    if variants:
        doc["variants"] = parse_variants(variants)
    if bots:
        doc["lineups"] = [[kind for kind in line.split(",") if kind.strip()] for line in bots]
    if games is not None:
        doc["games"] = games
    if seed is not None:
        doc["seed"] = seed
    if options:
        doc["options"] = parse_options(list(options))
    if not rotate:
        doc["rotate_seats"] = False
    return StudySpec.from_dict(doc)


def backend_of(name: str, workers: int, address: str | None) -> Backend:
    if name == "process":
        return local_backend if workers <= 1 else process_backend(workers)
    if name == "ray":
        return ray_backend(address)
    raise InvalidOptions(f"--backend is process or ray, not {name!r}")


def study_command(
    spec: StudySpec,
    backend: Backend,
    folder: Path | None,
    records: bool,
    report: Path | None,
    json_out: Path | None,
    console: Console,
) -> None:
    from grimoire.sim.metrics import summarize_study

    started = time.monotonic()
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.completed}/{task.total} games · {task.fields[rate]} games/s"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("study", total=len(spec.cells()) * spec.games, rate="–")

        def progress(done: int, total: int) -> None:
            elapsed = max(1e-9, time.monotonic() - started)
            bar.update(task, completed=done, total=total, rate=f"{done / elapsed:.1f}")

        result = run_study(spec, backend, folder, records, progress)
    summary = summarize_study(result)
    table = Table(title=f"Seat win rates ({spec.games} games per cell, 95% intervals)")
    table.add_column("cell")
    table.add_column("seats")
    table.add_column("balance (chi-square, p)")
    table.add_column("decisions")
    for cell in summary["cells"]:
        seats = "  ".join(
            f"{100 * s['win_rate']:.1f}% [{100 * s['win_rate_ci95'][0]:.0f}–"
            f"{100 * s['win_rate_ci95'][1]:.0f}]"
            for s in cell["seats"]
        )
        balance = cell["balance"]
        p = balance["chi_square_p"]
        table.add_row(
            cell["label"],
            seats,
            f"{balance['chi_square']:.2f}, {'–' if p is None else f'{p:.3f}'}",
            f"{cell['length']['decisions']['mean']:.0f}",
        )
    console.print(table)
    for group in summary["balance"]:
        if len(group["ranking"]) > 1:
            console.print(
                f"Most balanced at {group['players']} players ({' vs '.join(group['lineup'])}): "
                f"[bold]{group['most_balanced']}[/]"
            )
    if json_out is not None:
        json_out.write_text(json.dumps(summary, indent=1))
        console.print(f"wrote {json_out}")
    if report is not None:
        from grimoire.sim.study_report import write_report

        page = write_report(summary, report)
        console.print(f"report: {page}")
