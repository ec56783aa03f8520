"""``grimoire analyse POSITION.json``: every legal action with its estimated win chance; for
Ciúb the exact odds of meeting each face-up card this turn, for Five Seals each reachable seal
with whether the dice break it now and the exact chance a fresh roll of them would."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grimoire.bots.analysis import acting_seat, analyse, analysis_json
from grimoire.bots.budget import Budget
from grimoire.cli.documents import read_document
from grimoire.core.state import State

ODDS_SECONDS = 5.0  # at least this long for Ciúb's card odds (the search's budget if longer)


def odds_rows(
    state: State, seat: int, seconds: float = ODDS_SECONDS
) -> list[dict[str, Any]] | None:
    """Ciúb's exact card odds for ``seat`` in the dice part of its turn (an empty list for
    other games and other moments: a whole fresh turn of many dice takes the solver too long
    for a prompt answer); None when they take longer than ``seconds`` (many dice that can swap
    may take the solver minutes), so that ``analyse`` keeps to its time."""
    from grimoire.games.ciub.state import CiubState

    if not isinstance(state, CiubState):
        return []
    from grimoire.games.ciub.odds import in_turn, turn_odds

    if not in_turn(state, seat):
        return []

    from grimoire.games.ciub.odds import OddsTimeout

    try:
        rows = turn_odds(state, seat, deadline=time.monotonic() + seconds)
    except OddsTimeout:
        return None
    return [row | {"odds": float(row["odds"])} for row in rows]


def seal_rows(state: State, seat: int) -> list[dict[str, Any]]:
    """Five Seals: every seal ``seat`` can reach, broken by its dice now or not, and the exact
    chance a fresh roll of its dice would (an empty list for other games)."""
    from grimoire.games.five_seals.state import FiveSealsState

    if not isinstance(state, FiveSealsState):
        return []
    from grimoire.games.five_seals.odds import seal_odds

    return seal_odds(state, seat)


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
    seat = acting_seat(state) if seat is None else seat
    rows = analyse(state, seat, Budget.parse(budget), seed)
    budget_seconds = Budget.parse(budget).seconds or 0.0
    odds_seconds = max(ODDS_SECONDS, budget_seconds)
    odds = odds_rows(state, seat, odds_seconds)
    seals = seal_rows(state, seat)
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
    table = Table(title=f"{state.game.title}: seat {seat}'s actions, best first ({budget})")
    for name in ("action", "win chance", "±", "expected score", "visits"):
        table.add_column(name, justify="left" if name == "action" else "right")
    for row in rows:
        table.add_row(
            row.text,
            f"{100 * row.win_chance:.1f}%",
            f"{100 * 1.96 * row.std_error:.1f}",
            f"{row.expected_score:.1f}",
            str(row.visits),
        )
    console.print(table)
    console.print(
        "win chance: the search's mean result (± a 95% half-width); expected score: the mean "
        "running score where its rollouts stopped",
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
        for name in ("space", "colour", "strength", "now", "fresh roll"):
            seal_table.add_column(name)
        for seal in seals:
            seal_table.add_row(
                str(seal["node"]),
                "RBYGP"[seal["colour"]],
                str(seal["strength"]),
                "yes" if seal["breaks_now"] else "no",
                f"{100 * seal['next_roll']:.1f}%",
            )
        console.print(seal_table)
