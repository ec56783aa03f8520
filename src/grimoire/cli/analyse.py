"""``grimoire analyse POSITION.json``: every legal action with its estimated win chance, final
score and margin (solo: final score and the goal), and the
game's aids (``Game.aids``): for Ciúb the exact odds of meeting each face-up card this turn, for
Five Seals each reachable seal with whether the dice break it now and the exact chance a fresh
roll of them would."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grimoire.bots.analysis import PLAYOUTS, acting_seat, analyse, analysis_json
from grimoire.bots.budget import Budget
from grimoire.cli.documents import check_seat, read_document

ODDS_SECONDS = 5.0  # at least this long for Ciúb's card odds (the search's budget if longer)


def analyse_command(
    console: Console,
    path: Path,
    seat: int | None,
    budget: str,
    seed: int,
    step: int | None,
    as_json: bool,
) -> None:
    state = read_document(path).replay(step)
    check_seat(state, seat)
    seat = acting_seat(state) if seat is None else seat
    rows = analyse(state, seat, Budget.parse(budget), seed, PLAYOUTS)
    budget_seconds = Budget.parse(budget).seconds or 0.0
    odds_seconds = max(ODDS_SECONDS, budget_seconds)
    aids = state.game.aids(state, seat, odds_seconds) if state.game.capabilities.aids else {}
    odds: list[dict[str, Any]] | None = aids.get("odds", [])
    seals: list[dict[str, Any]] = aids.get("seals", [])
    if as_json:
        doc = {
            "seat": seat,
            "budget": budget,
            "actions": analysis_json(rows),
            "odds": odds or [],
            "odds_timed_out": odds is None,
            "seals": seals,
        }
        console.print_json(json.dumps(doc))
        return
    solo = state.game.players == 1
    table = Table(title=f"{state.game.title}: seat {seat + 1}'s actions, best first ({budget})")
    names = ["action"]
    names += [] if solo else ["win chance", "±"]
    names += ["final score", "±", "goal reached" if solo else "margin", "visits"]
    for name in names:
        table.add_column(name, justify="left" if name == "action" else "right")
    for row in rows:
        if row.backs_out:  # leads back to a choice already had: not searched
            table.add_row(row.text, "back-out", *[""] * (len(names) - 3), "0")
            continue
        cells = [row.text]
        if not solo:
            cells += [f"{100 * row.win_chance:.1f}%", f"{100 * 1.96 * row.std_error:.1f}"]
        cells += [f"{row.final_score:.1f}", f"{1.96 * row.final_score_error:.1f}"]
        cells += [f"{100 * row.final_win:.0f}%" if solo else f"{row.final_margin:+.1f}"]
        cells += [str(row.visits)]
        table.add_row(*cells)
    console.print(table)
    console.print(
        ("" if solo else "win chance: the search's mean result (± a 95% half-width); ")
        + "final score and "
        + ("goal reached" if solo else "margin (yours minus the best other)")
        + f": {PLAYOUTS} games played to the end after the action with every seat's "
        "heuristic (± a 95% half-width); visits: the search's; a back-out (cancel) only "
        "leads back to a choice already had and is not searched",
        style="dim",
    )
    if odds:
        card_table = Table(title="Cards: exact chance of meeting each requirement this turn")
        for name in ("card", "need", "VP", "row", "claimable", "chance"):
            card_table.add_column(name)
        for card in odds:
            card_table.add_row(
                str(card["card"]),
                card["need"],
                str(card["vp"]),
                card["row"],
                "yes" if card["claimable"] else "no",
                f"{100 * card['odds']:.1f}%",
            )
        console.print(card_table)
    if odds is None:
        console.print(
            f"Cards: the exact chances take longer than {odds_seconds:g} s in this position "
            "(many dice left to roll); not shown",
            style="dim",
        )
    if seals:
        seal_table = Table(title="Seals in reach: broken by the dice now, chance on a fresh roll")
        for name in ("seal", "colour", "strength", "now", "fresh roll"):
            seal_table.add_column(name)
        for seal in seals:
            seal_table.add_row(
                str(seal.get("name", seal["node"])),
                "RBYGP"[seal["colour"]],
                str(seal["strength"]),
                "yes" if seal["breaks_now"] else "no",
                f"{100 * seal['next_roll']:.1f}%",
            )
        console.print(seal_table)
