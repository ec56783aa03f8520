"""Terminal rendering with ``rich``: the decision pending, each player's dice, scrolls and
score, the supply, and a map of what the viewer can reach (``text_map``). Seats are counted
from 1, as people count them, in every text of the game (the SVG too); ids stay 0-based."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.core.i18n import N_
from grimoire.games.five_seals import scoring
from grimoire.games.five_seals.chance import ROMAN
from grimoire.games.five_seals.components import colour, strength
from grimoire.games.five_seals.state import FiveSealsState
from grimoire.games.five_seals.text import _, element, prompt
from grimoire.games.five_seals.text_map import surroundings
from grimoire.games.five_seals.view import focus

STYLE = ("bold red", "bold blue", "bold yellow", "bold green", "bold magenta")
COLUMNS = (N_("seat"), N_("mage at"), N_("familiar"), N_("dice"), N_("scrolls"), N_("score"))


def coloured(text: str, col: int, *, dim: bool = False) -> Text:
    return Text(text, style=("dim " if dim else "") + STYLE[col])


def render(st: FiveSealsState, seat: int | None) -> Group:
    viewer = focus(st, seat)  # refuses a seat the game does not have
    comp = st.comp
    circle = ROMAN.get(st.circle, "?")
    head = Text(
        _(
            "Five Seals of Magic - round {round}, circle {circle}, first player {first}; "
            "strength-6 scrolls left {left} (the game ends below {end})"
        ).format(
            round=st.round,
            circle=circle,
            first=st.first + 1,
            left=st.scrolls_on_board(6),
            end=comp.end_threshold[st.n],
        ),
        style="bold",
    )
    parts: list[object] = [head, Text(describe_prompt(st), style="italic")]

    table = Table(show_header=True, header_style="bold", expand=False)
    for column in COLUMNS:
        # folded, never cut: a translated cell (Japanese has no spaces to wrap at) may be wider
        # than its share of the line; scroll names are not wrapped at their spaces (the other
        # columns give way first), and fold only if one alone is wider than the line
        table.add_column(_(column), overflow="fold", no_wrap=column == "scrolls")
    totals = scoring.scores(st)
    for s in range(st.n):
        mage_name, familiar_name = comp.mages[s]
        who = Text(f"{s + 1} {mage_name}" + (" " + _("(you)") if s == seat else ""))
        if st.over[s]:
            who.append(" - " + _("round over"), style="dim")
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
            label += "" if up else " " + _("down")
            scrolls.append(coloured(label, colour(card), dim=not up))
        hand = Text("\n").join(scrolls)
        points, bonus = scoring.score_of(st.hands[s])
        if st.familiar[s] >= 0:
            where = _("{familiar} at {node}")
        elif st.over[s]:
            where = _("{familiar} on Binding")
        else:  # not on the board yet: with its own mage ("you" only for the viewer's)
            where = _("{familiar} with you") if s == seat else _("{familiar} unplaced")
        node = st.board.node_id(st.familiar[s]) if st.familiar[s] >= 0 else ""
        familiar = where.format(familiar=familiar_name, node=node)
        table.add_row(
            who,
            st.board.node_id(st.mage[s]),
            familiar,
            dice,
            hand,
            f"{totals[s]} ({points}+{bonus})",
        )
    parts.append(table)

    supply = Text(_("supply") + ": ")
    for c in range(4):
        supply.append_text(coloured(f"{element(st, c)} {st.supply(c)}  ", c))
    parts.append(supply)

    if viewer is not None and st.phase == "play":
        parts.append(surroundings(st, viewer))
    if st.is_terminal():
        people = ", ".join(str(w + 1) for w in st.winners())
        winners = _("Game over. Winners: {winners}").format(winners=people)
        parts.append(Text(winners, style="bold"))
    return Group(*parts)  # type: ignore[arg-type]


def describe_prompt(st: FiveSealsState) -> str:
    """One line on the decision pending, in the current language."""
    return prompt(st)
