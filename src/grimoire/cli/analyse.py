"""``grimoire analyse POSITION.json``: every legal action with its estimated win chance, final
score and margin (solo: final score and the goal), and the
game's aids (``Game.aids``): for Ciúb the exact odds of meeting each face-up card this turn, for
Five Seals each reachable seal with whether the dice break it now and the exact chance a fresh
roll of them would.

The budget: a time budget (``2s``) is the whole command's time. The aids (Ciúb's exact odds, which
may take long; Five Seals' are quick) get at most ``ODDS_SHARE`` of it first, then the search and
the games played to the end share what is left (``bots.analysis``). An iteration budget
(``4000``) counts the search's iterations only: the games to the end and the odds (up to
``ODDS_SECONDS``) come on top, and the command says so before it starts."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from grimoire.bots.analysis import PLAYOUTS, ActionAnalysis, acting_seat, analyse, analysis_json
from grimoire.bots.budget import Budget
from grimoire.cli.documents import check_seat, read_document
from grimoire.core.game import Game
from grimoire.core.state import State
from grimoire.i18n import N_
from grimoire.i18n import gettext as _t

ODDS_SECONDS = 5.0  # Ciúb's card odds under an iteration budget (said before it starts)
ODDS_SHARE = 0.25  # of a time budget: Ciúb's card odds at most (what they leave goes on)


def plan_text(game: Game, budget: Budget) -> str:
    """What the command will spend its time on, said before it starts: everything inside a
    time budget; what comes on top of an iteration budget, and why."""
    if budget.seconds is not None:
        text = _t("Budget {budget} in all: ").format(budget=budget)
        if game.capabilities.aids:
            text += _t("up to {seconds:g} s for the exact odds, then ").format(
                seconds=ODDS_SHARE * budget.seconds
            )
        return text + _t(
            "the search, then up to {count} games played to the end after each action, until "
            "the time is up."
        ).format(count=PLAYOUTS)
    text = _t(
        "Budget {budget} search iterations. On top of them: {count} games played to the end "
        "after each action"
    ).format(budget=budget, count=PLAYOUTS)
    if game.capabilities.aids:
        text += _t(", and up to {seconds:g} s for the exact odds").format(seconds=ODDS_SECONDS)
    return text + _t(
        " (an iteration budget counts the search only; give a time such as 2s to bound the whole)."
    )


def analyse_command(
    console: Console,
    path: Path,
    seat: int | None,
    budget: str,
    seed: int,
    step: int | None,
    as_json: bool,
    *,
    now: Callable[[], float] = time.perf_counter,
) -> None:
    started = now()
    parsed = Budget.parse(budget)
    state = read_document(path).replay(step)
    check_seat(state, seat)
    seat = acting_seat(state) if seat is None else seat
    if not as_json:
        console.print(plan_text(state.game, parsed), style="dim", highlight=False)
    aids = _aids(state, seat, parsed)
    if parsed.seconds is not None:  # reading the file and the odds took part of the time
        left = parsed.seconds - (now() - started)
        parsed = Budget(parsed.iterations, max(left, 1e-3))
    rows = analyse(state, seat, parsed, seed, PLAYOUTS, now=now)
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
    console.print(_actions_table(state.game, seat, rows, budget))
    console.print(_actions_note(state.game.players == 1), style="dim", highlight=False)
    if odds:
        console.print(_odds_table(odds))
    if odds is None:
        console.print(
            _t(
                "Cards: the exact chances take longer than {seconds:g} s in this position "
                "(many dice left to roll); not shown (a larger --budget gives them more time)"
            ).format(seconds=aids["odds_seconds"]),
            style="dim",
            highlight=False,
        )
    if seals:
        console.print(_seals_table(seals))


def _aids(state: State, seat: int, budget: Budget) -> dict[str, Any]:
    """The game's aids, and ``odds_seconds``: the time the odds were given (their share of a
    time budget; ``ODDS_SECONDS`` beside an iteration budget)."""
    game = state.game
    if not game.capabilities.aids:
        return {}
    seconds = ODDS_SECONDS if budget.seconds is None else ODDS_SHARE * budget.seconds
    aids = dict(game.aids(state, seat, seconds))
    aids["odds_seconds"] = seconds
    return aids


COLUMNS = {
    "action": N_("action"),
    "win": N_("win chance"),
    "pm": "±",
    "final": N_("final score"),
    "goal": N_("goal reached"),
    "margin": N_("margin"),
    "games": N_("games"),
    "visits": N_("visits"),
}


def _actions_table(game: Game, seat: int, rows: list[ActionAnalysis], budget: str) -> Table:
    solo = game.players == 1
    title = _t("{game}: seat {seat}'s actions, best first ({budget})").format(
        game=game.title, seat=seat + 1, budget=budget
    )
    table = Table(title=title)
    keys = ["action"] + ([] if solo else ["win", "pm"])
    keys += ["final", "pm", "goal" if solo else "margin", "games", "visits"]
    for key in keys:
        table.add_column(_t(COLUMNS[key]), justify="left" if key == "action" else "right")
    for row in rows:
        if row.backs_out:  # leads back to a choice already had: not searched
            table.add_row(row.text, _t("back-out"), *[""] * (len(keys) - 3), "0")
            continue
        cells = [row.text]
        if not solo:
            cells += [f"{100 * row.win_chance:.1f}%", f"{100 * 1.96 * row.std_error:.1f}"]
        if row.playouts:
            cells += [f"{row.final_score:.1f}", f"{1.96 * row.final_score_error:.1f}"]
            cells += [f"{100 * row.final_win:.0f}%" if solo else f"{row.final_margin:+.1f}"]
        else:  # no game to the end finished in the time
            cells += ["–", "", "–"]
        cells += [str(row.playouts), str(row.visits)]
        table.add_row(*cells)
    return table


def _actions_note(solo: bool) -> str:
    if solo:
        return _t(
            "final score and goal reached: games played to the end after the action with the "
            "game's heuristic (± a 95% half-width; games: how many finished in the budget); "
            "visits: the search's; a back-out (cancel) only leads back to a choice already "
            "had and is not searched"
        )
    return _t(
        "win chance: the search's mean result (± a 95% half-width); final score and margin "
        "(yours minus the best other): games played to the end after the action with every "
        "seat's heuristic (± a 95% half-width; games: how many finished in the budget); "
        "visits: the search's; a back-out (cancel) only leads back to a choice already had "
        "and is not searched"
    )


def _odds_table(odds: list[dict[str, Any]]) -> Table:
    table = Table(title=_t("Cards: exact chance of meeting each requirement this turn"))
    for name in (N_("card"), N_("need"), N_("VP"), N_("row"), N_("claimable"), N_("chance")):
        table.add_column(_t(name))
    for card in odds:
        table.add_row(
            str(card["card"]),
            card["need"],
            str(card["vp"]),
            card["row"],
            _t("yes") if card["claimable"] else _t("no"),
            f"{100 * card['odds']:.1f}%",
        )
    return table


def _seals_table(seals: list[dict[str, Any]]) -> Table:
    table = Table(title=_t("Seals in reach: broken by the dice now, chance on a fresh roll"))
    for name in (N_("seal"), N_("colour"), N_("strength"), N_("now"), N_("fresh roll")):
        table.add_column(_t(name))
    for seal in seals:
        table.add_row(
            str(seal.get("name", seal["node"])),
            "RBYGP"[seal["colour"]],
            str(seal["strength"]),
            _t("yes") if seal["breaks_now"] else _t("no"),
            f"{100 * seal['next_roll']:.1f}%",
        )
    return table
