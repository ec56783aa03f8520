"""``grimoire tune``: search option and component-data values for a target, every trial a study
on the chosen back-end, with a progress bar, a table of the trials and the best settings with
their intervals."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn
from rich.table import Table

from grimoire.cli.options import missing_extra, parse_options
from grimoire.core.errors import InvalidOptions
from grimoire.i18n import gettext as _t
from grimoire.sim.study import Backend, hold
from grimoire.sim.tune import Param, TuneSpec, label, run_tune, verdict


def spec_from_flags(
    file: Path | None,
    game: str | None,
    players: int | None,
    params: Sequence[str],
    target: str | None,
    trials: int | None,
    games: int | None,
    seed: int | None,
    bots: str | None,
    options: Sequence[str],
    confirm: int | None,
) -> TuneSpec:
    """The tuning of ``file`` with any flag given overriding it, or the tuning of the flags."""
    doc: dict[str, Any] = {}
    if file is not None:
        base = TuneSpec.from_toml(file)
        doc = {
            "game": base.game,
            "players": base.players,
            "params": {param.name: param for param in base.params},
            "target": base.target,
            "trials": base.trials,
            "games": base.games,
            "seed": base.seed,
            "lineup": base.lineup,
            "options": base.options,
            "chunk": base.chunk,
            "confirm": base.confirm,
        }
    if game is not None:
        doc["game"] = game
    if "game" not in doc:
        raise InvalidOptions("name a game (or a tuning file)")
    if params:
        parsed = [Param.parse(text) for text in params]
        doc["params"] = {param.name: param for param in parsed}
    for key, value in (
        ("players", players),
        ("target", target),
        ("trials", trials),
        ("games", games),
        ("seed", seed),
        ("confirm", confirm),
    ):
        if value is not None:
            doc[key] = value
    if bots:
        doc["lineup"] = [kind for kind in bots.split(",") if kind.strip()]
    if options:
        doc["options"] = parse_options(list(options))
    return TuneSpec.from_dict(doc)


def _show(row: dict[str, Any]) -> str:
    value = row["measured"]
    if value is None:
        return "–"
    rate = any(word in row["what"] for word in ("wins", "association"))
    scale, unit = (100, "%") if rate else (1, "")
    ci = row["ci95"]
    interval = "" if ci is None else f" [{scale * ci[0]:.1f}–{scale * ci[1]:.1f}]"
    return f"{scale * value:.1f}{unit}{interval}"


def tune_command(
    spec: TuneSpec,
    backend: Backend,
    folder: Path | None,
    report: Path | None,
    json_out: Path | None,
    console: Console,
) -> None:
    needs = [("optuna", _t("tuning"))] + ([("matplotlib", _t("a report"))] if report else [])
    refusal = missing_extra(needs)
    if refusal is not None:  # said before the trials are played, not after them
        raise InvalidOptions(refusal)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.completed}/{task.total} trials · best {task.fields[best]}"),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task("tune", total=spec.trials, best="–")
        best: list[dict[str, Any]] = []

        def progress(done: int, total: int, row: dict[str, Any]) -> None:
            if not best or row["value"] < best[0]["value"]:
                best[:] = [row]
            bar.update(task, completed=done, total=total, best=escape(label(best[0]["settings"])))

        with hold(backend):
            result = run_tune(spec, backend, folder, progress)
    doc = result.to_json()
    table = Table(
        title=f"{result.title}: target {spec.target}, {spec.games} games per trial (best first)"
    )
    for column in ("trial", "settings", "games", result.best["what"] + " (95%)", "distance"):
        table.add_column(column, overflow="fold")
    for row in sorted(result.trials, key=lambda r: (r["value"], r["trial"]))[:12]:
        table.add_row(
            str(row["trial"]),
            escape(label(row["settings"])),
            str(row["games"]),
            _show(row),
            f"{row['value']:.3g}",
        )
    console.print(table)
    console.print(escape(verdict(result)), highlight=False)
    if json_out is not None:
        json_out.write_text(json.dumps(doc, indent=1))
        console.print(f"wrote {json_out}")
    if report is not None:
        from grimoire.sim.study_report import write_tune_report

        page = write_tune_report(doc, verdict(result), report)
        console.print(f"report: {page}")
