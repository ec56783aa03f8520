"""The rule behind a move, at the terminal's prompt: ``explain 3`` (or ``? 3``) says what the
listed action 3 would do, the rule that allows it with its section and the change it makes
(``Game.explain``), before the person commits; ``explain`` alone says it for every listed
action; ``why <text>`` (or ``explain <text>``) says why an action that is not listed is refused
(``State.why_illegal``), or what it does if it is legal after all. Nothing is played."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from grimoire.cli.play import label_of, listed_action
from grimoire.core.errors import GrimoireError
from grimoire.core.state import State
from grimoire.i18n import gettext as _t


def explain_action(state: State, seat: int, action: int) -> str:
    """What a legal ``action`` would do for ``seat`` (the game's words), seats counted from 1."""
    return state.game.explain(state, action, seat)


def answer(state: State, seat: int, argument: str, legal: list[int]) -> list[str]:
    """The lines ``explain <argument>`` / ``why <argument>`` prints: every listed action's
    explanation (no argument), that of listed action N, or the explanation or refusal of an
    action named by its text."""
    argument = argument.strip()
    if not argument:
        return [_line(state, seat, legal, action) for action in legal]
    if argument.isdigit():
        index = int(argument)
        if not 1 <= index <= len(legal):
            return [_t("choose a number from 1 to {count}").format(count=len(legal))]
        return [_line(state, seat, legal, legal[index - 1])]
    try:
        action = listed_action(state, legal, argument)
        if action is None:
            action = state.parse_action(argument)  # seats count from 1, as typed
    except GrimoireError as error:
        return [str(error)]
    if action in legal:
        return [_line(state, seat, legal, action)]
    refusal = state.why_illegal(action, seat)
    return [refusal or _t("'{action}' is not possible now").format(action=argument)]


def _line(state: State, seat: int, legal: list[int], action: int) -> str:
    number = legal.index(action) + 1
    return f"{number:>2} {label_of(state, action)}: {explain_action(state, seat, action)}"


def show(console: Console, state: State, seat: int, argument: str, legal: list[int]) -> None:
    """Print ``answer`` (the ``explain`` and ``why`` commands)."""
    for line in answer(state, seat, argument, legal):
        console.print(escape(line), highlight=False)


def breakdown_table(state: State, viewer: int | None) -> Table | None:
    """Where each seat's points came from, at the end (``Game.score_breakdown``), seats
    counted from 1; None when the game gives no breakdown."""
    rows = state.game.score_breakdown(state, viewer)
    if not rows:
        return None
    table = Table(title=_t("Where the points came from"), show_lines=True)
    table.add_column(_t("Seat"))
    table.add_column(_t("Points"), overflow="fold")
    table.add_column(_t("Total"), justify="right")
    for row in rows:
        lines = []
        for part in row["parts"]:
            what = part["what"]
            points = part["points"]
            lines.append(what if points is None else f"{_number(points):>4}  {what}")
        shown = "\n".join(lines) or _t("nothing scored")
        table.add_row(str(row["seat"] + 1), shown, _number(row["total"]))
    return table


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
