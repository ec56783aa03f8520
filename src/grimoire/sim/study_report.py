"""A study's report: ``summary.json``, PNG plots (matplotlib) and a self-contained HTML page
(the plots are embedded), answering first "which variant is most balanced", with intervals,
and only as far as the data go. Seats are counted from 1 on the page, as people count them (the
``seat`` fields of summary.json and Parquet are ids from 0)."""

from __future__ import annotations

import base64
import html
import io
import json
import textwrap
from pathlib import Path
from typing import Any

from grimoire.core.errors import InvalidOptions


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _points(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:+.1f}"


def _ci(interval: list[float] | None) -> str:
    return "" if not interval else f" [{100 * interval[0]:.1f}–{100 * interval[1]:.1f}%]"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _p(value: float | None) -> str:
    return "–" if value is None else ("<0.001" if value < 0.001 else f"{value:.3f}")


def _plt() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise InvalidOptions("a report needs: pip install 'grimoire[study]'") from error
    return plt


def _title(text: str, width_inches: float) -> str:
    """A title wrapped to the figure's width (about 11 characters an inch at 10 points)."""
    return "\n".join(textwrap.wrap(text, max(20, int(width_inches * 11))))


def balance_figure(group: dict[str, Any]) -> Any:
    """Seat win rates of each variant of a group, with 95% intervals and the fair share."""
    plt = _plt()
    ranking = group["ranking"]
    players = group["players"]
    width_inches = max(5.5, 1.6 * len(ranking))
    fig, ax = plt.subplots(figsize=(width_inches, 3.6))
    width = 0.8 / players
    for seat in range(players):
        rates = [row["seat_win_rates"][seat] for row in ranking]
        low = [
            max(0.0, r - row["seat_win_rate_ci95"][seat][0])
            for r, row in zip(rates, ranking, strict=True)
        ]
        high = [
            max(0.0, row["seat_win_rate_ci95"][seat][1] - r)
            for r, row in zip(rates, ranking, strict=True)
        ]
        xs = [i + (seat - (players - 1) / 2) * width for i in range(len(ranking))]
        ax.bar(xs, rates, width, yerr=[low, high], capsize=3, label=f"seat {seat + 1}")
    ax.axhline(1 / players, color="black", linewidth=0.8, linestyle="--", label="fair share")
    ax.set_xticks(range(len(ranking)), [row["variant"] for row in ranking])
    ax.set_ylabel("win rate (95% interval)")
    title = f"Seat win rates, {players} players · {' vs '.join(group['lineup'])}"
    ax.set_title(_title(title, width_inches), fontsize=10)
    # below the plot, where it hides no bar
    ax.legend(fontsize=7, ncol=players + 1, loc="upper center", bbox_to_anchor=(0.5, -0.12))
    fig.tight_layout()
    return fig


def cell_figure(cell: dict[str, Any]) -> Any:
    """Distributions of a cell's game lengths and seat scores."""
    plt = _plt()
    fig, (left, right) = plt.subplots(1, 2, figsize=(8.5, 3.2))
    lengths = {int(k): v for k, v in cell["length"]["histogram"].items()}
    left.bar(list(lengths), list(lengths.values()), width=9)
    left.set_xlabel("decisions per game")
    left.set_ylabel("games")
    scores = {int(k): v for k, v in cell["score_histogram"].items()}
    right.bar(list(scores), list(scores.values()), width=0.9, color="tab:orange")
    right.set_xlabel("score of a seat")
    fig.suptitle(_title(cell["label"], 8.5), fontsize=9)
    fig.tight_layout()
    return fig


def _figures(summary: dict[str, Any]) -> dict[str, bytes]:
    """The PNG plots, by file name."""
    plt = _plt()
    images: dict[str, bytes] = {}

    def save(fig: Any, name: str) -> None:
        buffer = io.BytesIO()
        # "tight" grows the picture to whatever it holds: no title is ever cut off
        fig.savefig(buffer, format="png", dpi=110, bbox_inches="tight", pad_inches=0.1)
        plt.close(fig)
        images[name] = buffer.getvalue()

    for number, group in enumerate(summary["balance"]):
        save(balance_figure(group), f"balance-{number}.png")
    for number, cell in enumerate(summary["cells"]):
        save(cell_figure(cell), f"cell-{number}.png")
    return images


def _value(value: Any) -> str:
    return "–" if value is None else json.dumps(value, ensure_ascii=False)


def write_report(summary: dict[str, Any], folder: Path) -> Path:
    """Write ``summary.json``, the PNG plots and ``index.html`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "summary.json").write_text(json.dumps(summary, indent=1))
    images = _figures(summary)
    for name, data in images.items():
        (folder / name).write_bytes(data)

    def img(name: str, alt: str) -> str:
        data = base64.b64encode(images[name]).decode()
        return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'

    e = html.escape
    spec = summary["spec"]
    title = summary.get("title") or summary["game"]
    if spec.get("until_clear"):
        amount = (
            f"each cell played in rounds of {spec['check_every']} games until its question "
            f"was clear ({spec['until_clear']}), {spec['games']} games at most"
        )
    else:
        amount = f"{spec['games']} games per cell"
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Study of {e(title)}</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;"
        "padding:0 1em;color:#222}table{border-collapse:collapse;margin:.6em 0 1.4em}"
        "td,th{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:right}"
        "td:first-child,th:first-child{text-align:left}img{max-width:100%}"
        ".answer{background:#f3f0e6;padding:.8em 1em;border-radius:6px}"
        ".note{color:#555;font-size:90%}</style></head><body>",
        f"<h1>Study of {e(title)}</h1>",
        f"<p>{e(amount)}; seed {spec['seed']}; seats "
        f"{'rotated' if spec['rotate_seats'] else 'fixed'}; study {e(summary['fingerprint'])}. "
        f"Rates show 95% Wilson intervals; {e(summary['seats'])}.</p>",
        "<h2>Which variant is most balanced?</h2>",
    ]
    for number, group in enumerate(summary["balance"]):
        parts.append(
            f"<p class='answer'><b>{group['players']} players, "
            f"{e(' vs '.join(group['lineup']))}:</b> {e(group['headline'])}</p>"
        )
        parts.append(img(f"balance-{number}.png", "seat win rates per variant"))
        rows = "".join(
            f"<tr><td>{e(row['variant'])}</td><td>{row['games']}</td>"
            f"<td>{row['chi_square']:.2f}</td><td>{_p(row['chi_square_p'])}</td>"
            f"<td>{_pct(row['spread'])}</td>"
            f"<td>{_pct(row['first_player_win_rate'])}{_ci(row['first_player_win_rate_ci95'])}"
            "</td>"
            + "".join(
                f"<td>{_pct(rate)}{_ci(ci)}</td>"
                for rate, ci in zip(row["seat_win_rates"], row["seat_win_rate_ci95"], strict=True)
            )
            + "</tr>"
            for row in group["ranking"]
        )
        seats = "".join(f"<th>seat {s + 1}</th>" for s in range(group["players"]))
        parts.append(
            "<table><tr><th>variant</th><th>games</th><th>chi-square</th><th>p</th>"
            f"<th>spread</th><th>first player</th>{seats}</tr>{rows}</table>"
        )
    parts.append(
        "<p class='note'>A variant is named the most balanced only when its seats' win "
        "proportions differ significantly from every other variant's (chi-square test of the "
        "seat wins, Benjamini–Hochberg over the pairs); otherwise the variants it cannot be "
        f"told from share the answer. Differences of {100 * summary['detect']:g} points are "
        "what the game counts aim to detect.</p>"
    )
    data_cells = [cell for cell in summary["cells"] if cell.get("data_changes")]
    if data_cells:
        parts.append("<h2>Data variants</h2>")
        seen: set[str] = set()
        for cell in data_cells:
            if cell["variant"] in seen:
                continue
            seen.add(cell["variant"])
            where = f"; file {e(cell['data_file'])}" if cell.get("data_file") else ""
            parts.append(
                f"<p><b>{e(cell['variant'])}</b>: component data {e(cell['data_hash'])}{where}"
                "</p><table><tr><th>component data</th><th>the game's</th><th>this variant"
                "</th></tr>"
            )
            for change in cell["data_changes"]:
                parts.append(
                    f"<tr><td>{e(change['path'])}</td><td>{e(_value(change['old']))}</td>"
                    f"<td>{e(_value(change['new']))}</td></tr>"
                )
            parts.append("</table>")
    if summary["comparisons"]:
        parts.append(
            "<h2>Variant against variant</h2><table><tr><th>variants</th><th>players</th>"
            "<th>first player wins</th><th>difference</th><th>p</th><th>q</th>"
            "<th>seats differ: p</th><th>q</th><th>clear</th><th>games needed</th>"
            "<th>mean decisions</th><th>p (length)</th></tr>"
        )
        for c in summary["comparisons"]:
            parts.append(
                f"<tr><td>{e(c['a'])} vs {e(c['b'])}</td><td>{c['players']}</td>"
                f"<td>{_pct(c['first_player_win_rate'][0])} / "
                f"{_pct(c['first_player_win_rate'][1])}</td>"
                f"<td>{_points(c['first_player_difference'])}</td>"
                f"<td>{_p(c['first_player_p'])}</td><td>{_p(c['first_player_q'])}</td>"
                f"<td>{_p(c['seats_p'])}</td><td>{_p(c['seats_q'])}</td>"
                f"<td>{'yes' if c['significant'] else 'no'}</td>"
                f"<td>{c['games_needed_per_variant'] or '–'}</td>"
                f"<td>{_num(c['mean_decisions'][0])} / {_num(c['mean_decisions'][1])}</td>"
                f"<td>{_p(c['length_p'])}</td></tr>"
            )
        parts.append(
            "</table><p class='note'>q: Benjamini–Hochberg adjusted p over the table's rows; "
            "'clear' when a q is below 0.05. Games needed: per variant, to find the first "
            "player's difference seen here 80% of the time.</p>"
        )
    if summary["ratings"]:
        parts.append(
            "<h2>Bot ratings (openskill)</h2><table><tr><th>bot</th><th>mu</th>"
            "<th>sigma</th><th>ordinal</th></tr>"
        )
        for r in summary["ratings"]:
            parts.append(
                f"<tr><td>{e(r['bot'])}</td><td>{r['mu']:.2f}</td><td>{r['sigma']:.2f}</td>"
                f"<td>{r['ordinal']:.2f}</td></tr>"
            )
        parts.append("</table>")
    parts.append("<h2>Cells</h2>")
    for number, cell in enumerate(summary["cells"]):
        parts.extend(_cell(cell, number, img))
    parts.append("</body></html>")
    page = folder / "index.html"
    page.write_text("\n".join(parts))
    return page


def _cell(cell: dict[str, Any], number: int, img: Any) -> list[str]:
    e = html.escape
    length = cell["length"]
    balance = cell["balance"]
    parts = [f"<h3>{e(cell['label'])}</h3>"]
    if cell.get("stop") and cell["stop"]["rule"] != "fixed":
        parts.append(
            f"<p>Stopped after {cell['stop']['games']} games: {e(cell['stop']['text'])}.</p>"
        )
    figures = [f"{cell['games']} games"]
    figures.append(
        f"{e(balance['first_player'])} wins {_pct(balance['first_player_win_rate'])}"
        f"{_ci(balance['first_player_win_rate_ci95'])}, "
        f"{_points(balance['first_player_advantage'])} points against the fair share "
        f"(p = {_p(balance['first_player_p'])})"
    )
    figures.append(f"decisions {_num(length['decisions']['mean'])}")
    if length["turns"] is not None:  # a game without turns gets no turns figure at all
        figures.append(f"turns {_num(length['turns']['mean'])}")
        figures.append(f"decisions per turn {_num(length['decisions_per_turn']['mean'])}")
    figures.append(f"branching {_num(length['branching']['mean'])}")
    figures.append(f"winning margin {_num(cell['margin']['mean'])}")
    parts.append(f"<p>{'; '.join(figures)}.</p>")
    parts.append(img(f"cell-{number}.png", "length and score distributions"))
    seats = "".join(
        f"<tr><td>seat {s['seat'] + 1}</td><td>{s['started']}</td>"
        f"<td>{_pct(s['win_rate'])}{_ci(s['win_rate_ci95'])}</td>"
        f"<td>{_num(s['score']['mean'])}</td></tr>"
        for s in cell["seats"]
    )
    parts.append(
        "<table><tr><th>seat</th><th>started</th><th>wins</th><th>mean score</th></tr>"
        f"{seats}</table>"
    )
    rows = cell["features"]
    top = rows[:15] + rows[15:][-5:]
    if top:
        body = "".join(
            f"<tr><td>{e(f['feature'])}</td><td>{_pct(f['use_rate'])}</td>"
            f"<td>{_pct(f['win_rate'])}{_ci(f['win_rate_ci95'])}</td>"
            f"<td>{_pct(f['others_win_rate'])}</td><td>{_points(f['association'])}</td>"
            f"<td>{_p(f['p'])}</td><td>{_p(f['q'])}</td>"
            f"<td>{'yes' if f['clear'] else 'no'}</td></tr>"
            for f in top
        )
        parts.append(
            "<table><tr><th>card / spell / action used</th><th>used in</th><th>win rate of "
            "users</th><th>of the others</th><th>association (points)</th><th>p</th>"
            f"<th>q</th><th>clear</th></tr>{body}</table>"
        )
        left_out = " The rows between the first 15 and the last 5 are left out."
        parts.append(
            "<p class='note'>An association, not an effect: a seat may use a card because it "
            f"is winning. q: Benjamini–Hochberg over the cell's {len(rows)} rows; 'clear' when "
            f"q is below 0.05.{left_out if len(rows) > 20 else ''}</p>"
        )
    return parts


def write_tune_report(doc: dict[str, Any], answer: str, folder: Path) -> Path:
    """Write a tuning's ``tune.json`` and ``index.html`` (the best settings with their
    intervals, then every trial) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tune.json").write_text(json.dumps(doc, indent=1))
    e = html.escape
    spec = doc["spec"]

    def settings(row: dict[str, Any]) -> str:
        return ", ".join(f"{k} = {_value(v)}" for k, v in row["settings"].items())

    def measured(row: dict[str, Any]) -> str:
        if row["measured"] is None:
            return "–"
        rate = any(word in row["what"] for word in ("wins", "association"))

        def fmt(x: float) -> str:
            return f"{100 * x:.1f}%" if rate else f"{x:.1f}"

        ci = row["ci95"]
        return fmt(row["measured"]) + ("" if ci is None else f" [{fmt(ci[0])}–{fmt(ci[1])}]")

    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Tuning {e(doc['title'])}</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;"
        "padding:0 1em;color:#222}table{border-collapse:collapse;margin:.6em 0 1.4em}"
        "td,th{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:right}"
        "td:first-child,th:first-child{text-align:left}"
        ".answer{background:#f3f0e6;padding:.8em 1em;border-radius:6px}</style></head><body>",
        f"<h1>Tuning {e(doc['title'])}</h1>",
        f"<p>{spec['players']} players, {e(' vs '.join(spec['lineup']))}; target "
        f"<b>{e(spec['target'])}</b>; parameters: {e('; '.join(spec['params']))}; "
        f"{len(doc['trials'])} trials of {spec['games']} games (Optuna, seed {spec['seed']}). "
        "Intervals are 95%.</p>",
        f"<p class='answer'>{e(answer)}</p>",
    ]
    if doc["confirm"] is not None:
        c = doc["confirm"]
        seats = ", ".join(
            f"seat {seat + 1} {_pct(rate)}{_ci(ci)}"
            for seat, (rate, ci) in enumerate(
                zip(c["seat_win_rates"], c["seat_win_rate_ci95"], strict=True)
            )
        )
        parts.append(
            f"<p>The best settings played again with fresh seeds ({c['games']} games): "
            f"{e(seats)}; the first player wins {_pct(c['first_player_win_rate'])}"
            f"{_ci(c['first_player_win_rate_ci95'])}; "
            f"{_num(c['mean_decisions'])} decisions a game.</p>"
        )
    parts.append(
        f"<table><tr><th>trial</th><th>settings</th><th>games</th><th>{e(doc['best']['what'])}"
        "</th><th>distance from the target</th><th>target in the interval</th></tr>"
    )
    for row in sorted(doc["trials"], key=lambda r: (r["value"], r["trial"])):
        parts.append(
            f"<tr><td>{row['trial']}</td><td>{e(settings(row))}</td><td>{row['games']}</td>"
            f"<td>{e(measured(row))}</td><td>{row['value']:.3g}</td>"
            f"<td>{'yes' if row['ideal_in_interval'] else 'no'}</td></tr>"
        )
    parts.append("</table></body></html>")
    page = folder / "index.html"
    page.write_text("\n".join(parts))
    return page
