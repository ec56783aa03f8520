"""Terminal rendering with ``rich``: the decision pending, each player's dice, scrolls and
score, the supply, and a map of what the viewer can reach (``text_map``)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.games.five_seals import rules
from grimoire.games.five_seals.chance import ROMAN
from grimoire.games.five_seals.components import colour, strength
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.games.five_seals.text_map import surroundings

STYLE = ("bold red", "bold blue", "bold yellow", "bold green", "bold magenta")


def coloured(text: str, col: int, *, dim: bool = False) -> Text:
    return Text(text, style=("dim " if dim else "") + STYLE[col])


def render(st: FiveSealsState, seat: int | None) -> Group:
    comp = st.comp
    circle = ROMAN.get(st.circle, "?")
    head = Text(
        f"Five Seals of Magic - round {st.round}, circle {circle}, first player {st.first}; "
        f"strength-6 scrolls left {st.scrolls_on_board(6)} "
        f"(the game ends below {comp.end_threshold[st.n]})",
        style="bold",
    )
    parts: list[object] = [head, Text(describe_prompt(st), style="italic")]

    table = Table(show_header=True, header_style="bold", expand=False)
    for column in ("seat", "mage at", "familiar", "dice", "scrolls", "score"):
        table.add_column(column, no_wrap=column == "scrolls")
    totals = rules.scores(st)
    for s in range(st.n):
        mage_name, familiar_name = comp.mages[s]
        who = Text(f"{s} {mage_name}" + (" (you)" if s == seat else ""))
        if st.over[s]:
            who.append(" - round over", style="dim")
        dice = Text()
        for die in range(24):
            if st.die_owner[die] == s:
                value = st.die_val[die]
                dice.append_text(coloured(f"{comp.letters[die // 6]}{value or '?'} ", die // 6))
        scrolls = []  # one a line, so that a name is never split at 80 columns
        for card, up, token in st.hands[s]:
            label = f"{comp.card_name(card)}({strength(card)})"
            if token >= 0:
                label += f"[{comp.letters[token // 10]}{token % 10}]"
            scrolls.append(coloured(label + ("" if up else " down"), colour(card), dim=not up))
        hand = Text("\n").join(scrolls)
        points, bonus = rules.score_of(st.hands[s])
        familiar = familiar_name + (
            f" at {st.board.node_id(st.familiar[s])}"
            if st.familiar[s] >= 0
            else " on Binding"
            if st.over[s]
            else " with you"
        )
        table.add_row(
            who,
            st.board.node_id(st.mage[s]),
            familiar,
            dice,
            hand,
            f"{totals[s]} ({points}+{bonus})",
        )
    parts.append(table)

    supply = Text("supply: ")
    for c in range(4):
        supply.append_text(coloured(f"{comp.elements[c]} {st.supply(c)}  ", c))
    parts.append(supply)

    viewer = seat
    if viewer is None and not st.is_chance() and not st.is_terminal():
        viewer = int(st.stack[-1]["s"])
    if viewer is not None and st.phase == "play":
        parts.append(surroundings(st, viewer))
    if st.is_terminal():
        parts.append(Text(f"Game over. Winners: {st.winners()}", style="bold"))
    return Group(*parts)  # type: ignore[arg-type]


def describe_prompt(st: FiveSealsState) -> str:
    """One line on the decision pending."""
    if st.is_terminal():
        return "The game is over."
    if st.is_chance():
        return "Chance: dice are rolled / the board is being filled."
    f = st.stack[-1]
    kind, seat = f["k"], f["s"]
    if kind == "turn":
        return f"Seat {seat}'s turn: use scrolls, then break a seal (or end your round)."
    if kind == "dice":
        return f"Seat {seat}: pay for {st.board.node_id(f['n'])} with dice, highest first."
    if kind == "take":
        return f"Seat {seat}: take {f['n']} more dice from the supply."
    if kind == "pick":
        return f"Seat {seat}: choose the seal to break ({f['m']})."
    if kind == "absorb":
        return f"Seat {seat}: put the broken token on an Absorption scroll, or done."
    if kind == "give":
        return f"Seat {seat}: choose the die seat {f['t']} steals."
    return f"Seat {seat} is using {st.comp.card_name(f['card'])}."
