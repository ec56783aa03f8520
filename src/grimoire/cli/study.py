"""``grimoire study``: a balance study from a TOML file or flags, with a live progress bar, a
summary in the terminal and an optional HTML report."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.table import Table

from grimoire.cli.options import missing_extra, parse_options, parse_value, worker_count
from grimoire.core.errors import InvalidOptions
from grimoire.i18n import gettext as _t
from grimoire.sim.study import (
    Backend,
    StudySpec,
    hold,
    local_backend,
    process_backend,
    ray_backend,
    run_study,
)


def parse_variant(text: str) -> dict[str, Any]:
    """``circle=2,edition=mayday``, ``data=mine.toml`` or ``data.rune.blaze.points=4``: a
    variant's options, its data file or its data changes (``data.<path>=value``)."""
    items = [part for part in text.split(",") if part.strip()]
    plain = [item for item in items if not item.strip().startswith("data.")]
    variant = parse_options(plain)
    for item in items:
        if item.strip().startswith("data."):
            path, equals, raw = item.strip().partition("=")
            if not equals or not raw.strip() or path in variant:
                raise InvalidOptions(f"a data change is data.<path>=value, not {item!r}")
            variant[path] = parse_value(raw)
    return variant


def parse_variants(pairs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``--variant circle=1 --variant circle=2,edition=mayday``: one variant per flag, named
    by its options (``NAME:options`` names it)."""
    variants: dict[str, dict[str, Any]] = {}
    for text in pairs:
        name, colon, rest = text.partition(":")
        if colon and "=" not in name:
            variants[name.strip()] = parse_variant(rest)
        else:
            variants[text] = parse_variant(text)
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
    until_clear: str | None = None,
    detect: float | None = None,
    ci_width: float | None = None,
    check_every: int | None = None,
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
    for key, value in (
        ("until_clear", until_clear),
        ("detect", detect),
        ("ci_width", ci_width),
        ("check_every", check_every),
    ):
        if value is not None:
            doc[key] = value
    return StudySpec.from_dict(doc)


def backend_of(name: str, workers: int, address: str | None) -> Backend:
    if name == "process":
        count = worker_count(workers)  # 0: one per CPU core
        return local_backend if count == 1 else process_backend(count)
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

    needs = [("matplotlib", _t("a report"))] if report is not None else []
    needs += [("pyarrow", _t("per-game records (--records)"))] if records else []
    refusal = missing_extra(needs)
    if refusal is not None:  # said before the games are played, not after them
        raise InvalidOptions(refusal)
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

        with hold(backend):
            result = run_study(spec, backend, folder, records, progress)
    summary = summarize_study(result)
    amount = (
        f"until clear ({spec.until_clear}), at most {spec.games} games per cell"
        if spec.until_clear
        else f"{spec.games} games per cell"
    )
    table = Table(title=f"{summary['title']}: seat win rates ({amount}, 95% intervals)")
    table.add_column("cell")
    table.add_column("games")
    table.add_column("seats (seat 1, 2, ...)")
    table.add_column("first player")
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
        first = balance["first_player_win_rate"]
        table.add_row(
            cell["label"],
            str(cell["games"]),
            seats,
            "–" if first is None else f"{100 * first:.1f}%",
            f"{balance['chi_square']:.2f}, {'–' if p is None else f'{p:.3f}'}",
            f"{cell['length']['decisions']['mean']:.0f}",
        )
    console.print(table)
    for cell in summary["cells"]:
        if cell["stop"]["rule"] != "fixed":
            console.print(
                f"{escape(cell['label'])}: stopped after {cell['stop']['games']} games: "
                f"{escape(cell['stop']['text'])}",
                highlight=False,
            )
    for group in summary["balance"]:
        console.print(
            f"[bold]{group['players']} players ({escape(' vs '.join(group['lineup']))}):[/] "
            f"{escape(group['headline'])}",
            highlight=False,
        )
    if json_out is not None:
        json_out.write_text(json.dumps(summary, indent=1))
        console.print(f"wrote {json_out}")
    if report is not None:
        from grimoire.sim.study_report import write_report

        page = write_report(summary, report)
        console.print(f"report: {page}")
