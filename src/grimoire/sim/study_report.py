"""A study's report: ``summary.json``, PNG plots (matplotlib) and a self-contained HTML page
(the plots are embedded), answering first "which variant is most balanced", with intervals."""

from __future__ import annotations

import base64
import html
import io
import json
from pathlib import Path
from typing import Any

from grimoire.core.errors import InvalidOptions


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _ci(interval: list[float] | None) -> str:
    return "" if not interval else f" [{100 * interval[0]:.1f}–{100 * interval[1]:.1f}%]"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def _figures(summary: dict[str, Any]) -> dict[str, bytes]:
    """The PNG plots, by file name."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:
        raise InvalidOptions("a report needs: pip install 'grimoire[study]'") from error
    images: dict[str, bytes] = {}

    def save(fig: Any, name: str) -> None:
        buffer = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buffer, format="png", dpi=110)
        plt.close(fig)
        images[name] = buffer.getvalue()

    for number, group in enumerate(summary["balance"]):
        ranking = group["ranking"]
        players = group["players"]
        fig, ax = plt.subplots(figsize=(max(5.0, 1.6 * len(ranking)), 3.4))
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
        ax.set_title(f"Seat win rates, {players} players · {' vs '.join(group['lineup'])}")
        ax.legend(fontsize=7, ncol=players + 1)
        save(fig, f"balance-{number}.png")
    for number, cell in enumerate(summary["cells"]):
        fig, (left, right) = plt.subplots(1, 2, figsize=(8.5, 3.0))
        lengths = {int(k): v for k, v in cell["length"]["histogram"].items()}
        left.bar(list(lengths), list(lengths.values()), width=9)
        left.set_xlabel("decisions per game")
        left.set_ylabel("games")
        scores = {int(k): v for k, v in cell["score_histogram"].items()}
        right.bar(list(scores), list(scores.values()), width=0.9, color="tab:orange")
        right.set_xlabel("score of a seat")
        fig.suptitle(cell["label"], fontsize=9)
        save(fig, f"cell-{number}.png")
    return images


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
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Study of {e(summary['game'])}</title>",
        "<style>body{font:15px/1.45 system-ui,sans-serif;max-width:1100px;margin:2em auto;"
        "padding:0 1em;color:#222}table{border-collapse:collapse;margin:.6em 0 1.4em}"
        "td,th{border-bottom:1px solid #ddd;padding:.25em .7em;text-align:right}"
        "td:first-child,th:first-child{text-align:left}img{max-width:100%}"
        ".answer{background:#f3f0e6;padding:.8em 1em;border-radius:6px}</style></head><body>",
        f"<h1>Study of {e(summary['game'])}</h1>",
        f"<p>{summary['spec']['games']} games per cell, seed {summary['spec']['seed']}, "
        f"seats {'rotated' if summary['spec']['rotate_seats'] else 'fixed'}; study "
        f"{e(summary['fingerprint'])}. Rates show 95% Wilson intervals.</p>",
        "<h2>Which variant is most balanced?</h2>",
    ]
    for number, group in enumerate(summary["balance"]):
        best = group["ranking"][0]
        parts.append(
            f"<p class='answer'><b>{group['players']} players, "
            f"{e(' vs '.join(group['lineup']))}:</b> <b>{e(group['most_balanced'])}</b> is the "
            f"most balanced (seat win rates closest to the fair share: chi-square "
            f"{best['chi_square']:.2f}, p = {_num(best['chi_square_p'], 3)}; spread "
            f"{_pct(best['spread'])}).</p>"
        )
        parts.append(img(f"balance-{number}.png", "seat win rates per variant"))
        rows = "".join(
            f"<tr><td>{e(row['variant'])}</td><td>{row['chi_square']:.2f}</td>"
            f"<td>{_num(row['chi_square_p'], 3)}</td><td>{_pct(row['spread'])}</td>"
            + "".join(
                f"<td>{_pct(rate)}{_ci(ci)}</td>"
                for rate, ci in zip(row["seat_win_rates"], row["seat_win_rate_ci95"], strict=True)
            )
            + "</tr>"
            for row in group["ranking"]
        )
        seats = "".join(f"<th>seat {s + 1}</th>" for s in range(group["players"]))
        parts.append(
            "<table><tr><th>variant</th><th>chi-square</th><th>p</th><th>spread</th>"
            f"{seats}</tr>{rows}</table>"
        )
    if summary["comparisons"]:
        parts.append(
            "<h2>Variant against variant</h2><table><tr><th>variants</th><th>players</th>"
            "<th>first seat wins</th><th>difference</th><th>p</th><th>significant</th>"
            "<th>games needed</th><th>mean decisions</th><th>p (length)</th></tr>"
        )
        for c in summary["comparisons"]:
            parts.append(
                f"<tr><td>{e(c['a'])} vs {e(c['b'])}</td><td>{c['players']}</td>"
                f"<td>{_pct(c['first_seat_win_rate'][0])} / {_pct(c['first_seat_win_rate'][1])}"
                f"</td><td>{_pct(c['first_seat_difference'])}</td><td>{_num(c['first_seat_p'], 3)}"
                f"</td><td>{'yes' if c['first_seat_significant'] else 'no'}</td>"
                f"<td>{c['games_needed_per_variant'] or '–'}</td>"
                f"<td>{_num(c['mean_decisions'][0])} / {_num(c['mean_decisions'][1])}</td>"
                f"<td>{_num(c['length_p'], 3)}</td></tr>"
            )
        parts.append("</table>")
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
        length = cell["length"]
        parts.append(f"<h3>{e(cell['label'])}</h3>")
        parts.append(
            f"<p>{cell['games']} games; first-player advantage "
            f"{_pct(cell['balance']['first_player_advantage'])} (p = "
            f"{_num(cell['balance']['first_player_p'], 3)}); decisions "
            f"{_num(length['decisions']['mean'])}, turns {_num(length['turns']['mean'])}, "
            f"decisions per turn {_num(length['decisions_per_turn']['mean'])}, branching "
            f"{_num(length['branching']['mean'])}; winning margin "
            f"{_num(cell['margin']['mean'])}.</p>"
        )
        parts.append(img(f"cell-{number}.png", "length and score distributions"))
        seats = "".join(
            f"<tr><td>seat {s['seat'] + 1}</td><td>{_pct(s['win_rate'])}{_ci(s['win_rate_ci95'])}"
            f"</td><td>{_num(s['score']['mean'])}</td></tr>"
            for s in cell["seats"]
        )
        parts.append(
            f"<table><tr><th>seat</th><th>wins</th><th>mean score</th></tr>{seats}</table>"
        )
        top = cell["features"][:15] + [f for f in cell["features"][15:][-5:]]
        if top:
            rows = "".join(
                f"<tr><td>{e(f['feature'])}</td><td>{_pct(f['use_rate'])}</td>"
                f"<td>{_pct(f['win_rate'])}{_ci(f['win_rate_ci95'])}</td>"
                f"<td>{_pct(f['others_win_rate'])}</td><td>{_pct(f['effect'])}</td></tr>"
                for f in top
            )
            parts.append(
                "<table><tr><th>card / spell / action used</th><th>used in</th><th>win rate of "
                f"users</th><th>of the others</th><th>effect</th></tr>{rows}</table>"
            )
    parts.append("</body></html>")
    page = folder / "index.html"
    page.write_text("\n".join(parts))
    return page
