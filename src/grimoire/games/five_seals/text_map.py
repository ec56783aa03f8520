"""The board in the terminal: the graph drawn as a tree of paths, and the spells' texts.

``board_map`` draws every node from the hall; ``surroundings`` only what one player can see
from their mage: the spaces they can walk through, the seals at the edge of that area (in
reach, breakable now, or blocked by a figure), so the map fits a turn's screen. Paths that
branch start new lines; a path that joins another part of the tree is shown as ``↔ id``.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from grimoire.core.i18n import N_, percent
from grimoire.games.five_seals.board import HALL
from grimoire.games.five_seals.components import BINDING, Components, colour, family, strength
from grimoire.games.five_seals.odds import seal_odds
from grimoire.games.five_seals.reach import _region, blockers, breakable
from grimoire.games.five_seals.text import _, topic_word
from grimoire.games.five_seals.view import check_seat

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

STYLE = ("bold red", "bold blue", "bold yellow", "bold green", "bold magenta")
LINE = 64  # a path continues on its line up to about this many cells
LEGEND = N_(
    "Legend: 0J:R3 node 0J, a Fire (red) seal of strength 3 (B Water, Y Air, G Earth, P Mind); "
    "0S2:Change/R2 a scroll box (S) holding Change of Fire, strength 2; · empty; "
    "@1 seat 1's mage, f1 its familiar, G guardian; ! you can break it now, * in your reach, "
    "x blocked by a figure; 35% the chance that a fresh roll of your dice breaks it (next round, "
    "if you keep them); ─ a path; ↔ also joined to."
)


def board_map(st: FiveSealsState, seat: int | None, wedge: int | None = None) -> Group:
    """The whole board from the hall (or one wedge of it), marked for ``seat``."""
    board = st.board
    keep = None
    if wedge is not None:
        keep = {n for n, node in enumerate(board.nodes) if node.wedge in (None, wedge)}
    title = _("Board") if wedge is None else _("Board, wedge {wedge}").format(wedge=wedge)
    lines = _tree(st, seat, board.hall, keep, through_seals=True)
    return Group(Text(title, style="bold"), *lines, Text(_(LEGEND), style="dim"))


def surroundings(st: FiveSealsState, seat: int) -> Group:
    """What ``seat`` reaches from its mage: the open area and the seals at its edge."""
    seen, _found = _region(st, seat)
    keep = {n for n in range(len(st.board)) if seen[n]}
    title = Text(
        _(
            "What seat {seat} can reach from its mage (! break it now, * in reach, x blocked; "
            "'{map}': the whole board, '{legend}': the symbols)"
        ).format(seat=seat + 1, map=topic_word("map"), legend=topic_word("legend")),
        style="bold",
    )
    return Group(title, *_tree(st, seat, st.mage[seat], keep, through_seals=False, prune=True))


def _tree(
    st: FiveSealsState,
    seat: int | None,
    root: int,
    keep: set[int] | None,
    through_seals: bool,
    prune: bool = False,
) -> list[Text]:
    """Breadth-first tree from ``root`` over ``keep`` (None: every node), drawn with guides;
    a node with one child continues on the same line. Without ``through_seals`` paths stop
    at seals and at other players' figures, as a player's reach does; ``prune`` leaves out
    branches with nothing on them (no seal, scroll or figure)."""
    adj = st.board.adj
    parent = {root: root}
    queue = deque([root])
    children: dict[int, list[int]] = {root: []}
    while queue:
        node = queue.popleft()
        for near in adj[node]:
            if near in parent or (keep is not None and near not in keep):
                continue
            if not through_seals and node != root and not _passable(st, seat, node):
                continue  # a seal or a figure: the path stops there
            parent[near] = node
            children[node].append(near)
            children[near] = []
            queue.append(near)
    marks = _marks(st, seat)
    chances = _chances(st, seat, marks)
    if prune:
        _prune(st, root, children, marks)
    lines: list[Text] = []

    def label(node: int) -> Text:
        text = _label(st, node, marks.get(node, ""), chances.get(node))
        joins = [
            st.board.node_id(other)
            for other in adj[node]
            if other in parent
            and other != parent[node]
            and parent.get(other) != node
            and (keep is None or other in keep)
        ]
        if joins:
            text.append(" ↔ " + ",".join(joins), style="dim")
        return text

    def draw(node: int, prefix: str, first: Text) -> None:
        line = first
        line.append_text(label(node))
        while len(children[node]) == 1 and line.cell_len < LINE:
            node = children[node][0]
            line.append(" ─ ", style="dim")
            line.append_text(label(node))
        lines.append(line)
        kids = children[node]
        for index, child in enumerate(kids):
            last = index == len(kids) - 1
            draw(
                child,
                prefix + ("   " if last else "│  "),
                Text(prefix + ("└─ " if last else "├─ ")),
            )

    draw(root, "", Text())
    return lines


def _prune(
    st: FiveSealsState, node: int, children: dict[int, list[int]], marks: dict[int, str]
) -> bool:
    """Drop the empty branches below ``node``; whether anything is left there."""
    children[node] = [c for c in children[node] if _prune(st, c, children, marks)]
    figures = node in st.mage or node in st.familiar or node in st.guardian
    return bool(children[node]) or node in marks or figures or node == st.board.hall


def _passable(st: FiveSealsState, seat: int | None, node: int) -> bool:
    """Whether paths go on past ``node``: the hall, or an empty space nobody else stands on."""
    if node == st.board.hall:
        return True
    if st.token[node] >= 0 or st.card[node] >= 0:
        return False
    return seat is None or node not in blockers(st, seat)


def _marks(st: FiveSealsState, seat: int | None) -> dict[int, str]:
    """``!`` breakable now, ``*`` in reach, ``x`` a seal next to the reach blocked by a figure."""
    if seat is None or st.phase != "play":
        return {}
    seen, found = _region(st, seat)
    can = set(breakable(st, seat))
    marks = {node: "!" if node in can else "*" for node in found}
    for node in range(len(st.board)):
        if seen[node] and node not in marks and (st.token[node] >= 0 or st.card[node] >= 0):
            marks[node] = "x"
    return marks


def _chances(st: FiveSealsState, seat: int | None, marks: dict[int, str]) -> dict[int, float]:
    """For the seals ``seat`` reaches: the exact chance a fresh roll of its dice breaks each."""
    if seat is None or not any(mark in "!*" for mark in marks.values()):
        return {}
    return {row["node"]: row["next_roll"] for row in seal_odds(st, seat)}


def _label(st: FiveSealsState, node: int, mark: str, chance: float | None = None) -> Text:
    spot = st.board.nodes[node]
    text = Text(spot.id)
    if spot.kind == HALL:
        text.append(":" + _("hall"))
    elif st.token[node] >= 0:
        code = st.token[node]
        text.append(f":{st.comp.letters[code // 10]}{code % 10}", style=STYLE[code // 10])
    elif st.card[node] >= 0:
        card = st.card[node]
        text.append(f":{_short(st, card)}{strength(card)}", style=STYLE[colour(card)])
    else:
        text.append(":·", style="dim")  # broken, or a scroll box emptied
    for s in range(st.n):
        if st.mage[s] == node:
            text.append(f" @{s + 1}", style="bold")  # seats counted from 1, for people
        if st.familiar[s] == node:
            text.append(f" f{s + 1}", style="bold")
    for col, where in enumerate(st.guardian):
        if where == node:
            text.append(" G", style=STYLE[col])
    if mark:
        text.append(f" {mark}", style="bold reverse" if mark == "!" else "bold")
    if chance is not None and mark in ("!", "*"):
        text.append(f" {percent(chance)}", style="italic")
    return text


def _short(st: FiveSealsState, card: int) -> str:
    if card == BINDING:
        return "Binding/P"
    return f"{st.comp.spells[family(card)].name}/{st.comp.letters[colour(card)]}"


def families_named(comp: Components, name: str) -> list[int] | None:
    """The spell families ``name`` names: a scroll (``Leap of Fire``, ``leap/r``) or a family
    (``Leap``), in any case; ``[]`` for Binding (the table always has its row, and it is no
    family of ``comp.spells``); None if it names no spell."""
    card = comp.card_by_name(name)
    if card == BINDING:
        return []
    if card is not None:
        return [family(card)]
    found = [f for f, spell in enumerate(comp.spells) if spell.name.lower() == name.lower()]
    return found or None


def spells_text(st: FiveSealsState, name: str = "") -> Group | Text:
    """The spells in this game (on the board or in hands), or the one named, with their text."""
    comp = st.comp
    if name:
        named = families_named(comp, name)
        if named is None:
            return Text(
                _("No spell called {name}; '{spells}' lists those in this game.").format(
                    name=repr(name), spells=topic_word("spells")
                )
            )
        families = named
    else:
        cards = {c for c in st.card if c >= 0} | {entry[0] for hand in st.hands for entry in hand}
        families = sorted({family(c) for c in cards if c != BINDING})
    table = Table(show_header=True, header_style="bold", show_lines=True)
    for column in (N_("spell"), N_("circle"), N_("str."), N_("what it does")):
        table.add_column(_(column))
    table.add_row("Binding", "-", "1", comp.binding_summary)
    for f in families:
        spell = comp.spells[f]
        circle = comp.circle_names.get(spell.circle, str(spell.circle))
        table.add_row(spell.name, circle, str(spell.strength), spell.summary)
    note = Text(
        _(
            "A spell comes in the five colours; a Mind (purple) one may pick its element. "
            "'{spells} NAME' shows one, e.g. '{spells} Leap'."
        ).format(spells=topic_word("spells")),
        style="dim",
    )
    return Group(table, note)


# the terminal's extra commands and what they show (their words: text.topic_word)
TOPICS = {
    "map": N_("the whole board; '{map} 2' one wedge"),
    "spells": N_("what the spells in this game do; '{spells} Leap' one of them"),
    "legend": N_("the map's symbols"),
}


def topics() -> dict[str, str]:
    """``TOPICS`` with their descriptions in the current language."""
    words = {name: topic_word(name) for name in TOPICS}
    return {name: _(what).format(**words) for name, what in TOPICS.items()}


def topic(st: FiveSealsState, seat: int | None, name: str, argument: str) -> Group | Text:
    """The terminal's extra command ``name`` (one of ``TOPICS``) with its ``argument``."""
    check_seat(st, seat)
    if name == "map":
        wedges = {node.wedge for node in st.board.nodes if node.wedge is not None}
        if argument.isdigit() and int(argument) in wedges:
            return board_map(st, seat, int(argument))
        if argument:
            return Text(
                _("wedges are numbered {first}..{last}").format(first=min(wedges), last=max(wedges))
            )
        return board_map(st, seat)
    if name == "spells":
        return spells_text(st, argument)
    return Text(_(LEGEND))
