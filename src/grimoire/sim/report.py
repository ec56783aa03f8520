"""Tournament results as ``rich`` tables and as JSON text."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.sim.stats import Summary
from grimoire.sim.tournament import TournamentResult


def _pm(summary: Summary, digits: int = 2, scale: float = 1.0, unit: str = "") -> str:
    """``mean ± stderr`` (just the mean when the error is undefined)."""
    mean = f"{summary.mean * scale:.{digits}f}{unit}"
    if summary.stderr is None:
        return mean
    return f"{mean} ± {summary.stderr * scale:.{digits}f}{unit}"


def _wins(wins: float) -> str:
    return f"{wins:g}" if wins == int(wins) else f"{wins:.2f}"


def seats_table(result: TournamentResult) -> Table:
    table = Table(title="Wins by seat", title_justify="left")
    table.add_column("Seat", justify="right")
    table.add_column("Played by")
    table.add_column("Games", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate ± SE", justify="right")
    table.add_column("Mean score ± SE", justify="right")
    for seat in result.seats:
        table.add_row(
            str(seat.seat + 1),  # people count seats from 1
            ", ".join(f"{kind} ×{count}" for kind, count in seat.bots.items()),
            str(seat.games),
            _wins(seat.wins),
            _pm(seat.win_rate, 1, 100, "%"),
            _pm(seat.score),
        )
    return table


def bots_table(result: TournamentResult) -> Table:
    table = Table(title="Wins by bot", title_justify="left")
    table.add_column("Bot")
    table.add_column("Seats/game", justify="right")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate/seat ± SE", justify="right")
    table.add_column("Mean score ± SE", justify="right")
    for bot in result.bots:
        table.add_row(
            bot.bot,
            str(bot.seats_per_game),
            _wins(bot.wins),
            _pm(bot.win_rate, 1, 100, "%"),
            _pm(bot.score),
        )
    return table


def length_table(result: TournamentResult) -> Table:
    table = Table(title="Game length", title_justify="left")
    table.add_column("Per game")
    table.add_column("Mean ± SE", justify="right")
    table.add_column("Min", justify="right")
    table.add_column("Max", justify="right")
    rows: list[tuple[str, Summary | None]] = [
        ("decisions", result.length.decisions),
        ("turns", result.length.turns),
        ("chance steps", result.length.chance_steps),
    ]
    for label, summary in rows:
        if summary is None:
            table.add_row(label, "not exposed by the game", "", "")
        else:
            table.add_row(label, _pm(summary, 1), f"{summary.min:g}", f"{summary.max:g}")
    return table


def render(result: TournamentResult) -> Group:
    """Heading, wins by seat, wins by bot, game length and notes, ready for ``Console.print``."""
    options = ", ".join(f"{key}={value}" for key, value in result.options.items()) or "defaults"
    heading = Text.assemble(
        (f"{result.title}", "bold"),
        f": {result.games} games, {result.players} players, seed {result.seed}; "
        f"line-up {', '.join(result.lineup)}; "
        f"seats {'rotated' if result.rotate_seats else 'fixed'}; options: {options}",
    )
    notes = [
        f"Even play wins {100 / result.players:.1f}% per seat. "
        f"Shared wins count 1/k for each of k winners ({result.shared_wins} shared"
        + (f", {result.no_winner} without a winner" if result.no_winner else "")
        + "). SE: standard error of the mean."
    ]
    if not result.balanced:
        notes.append(
            "Seat rotation is not balanced: play a multiple of "
            f"{result.players} games so every bot plays every seat equally often."
        )
    return Group(
        heading,
        seats_table(result),
        bots_table(result),
        length_table(result),
        *(Text(note, style="dim") for note in notes),
    )


def to_json_text(result: TournamentResult, *, include_games: bool = False) -> str:
    """The result as indented JSON text (stable key order: equal results, equal text)."""
    return json.dumps(result.to_json(include_games=include_games), indent=2, ensure_ascii=False)


def write_json(result: TournamentResult, path: Path, *, include_games: bool = False) -> None:
    path.write_text(to_json_text(result, include_games=include_games) + "\n", encoding="utf-8")
