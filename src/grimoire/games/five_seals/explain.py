"""Why a Five Seals action is not legal now, in a player's words (the IllegalAction message).

``why_not`` gives the decision pending and, for the common actions (break, end round, use,
die, take), the rule that stops this one: out of reach, blocked by a figure, dice that do
not add up, a scroll not held face up, an empty supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import P
from grimoire.games.five_seals.reach import _region, blockers, breakable, seal_of, targets
from grimoire.games.five_seals.render_text import describe_prompt

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

# the decision (frame kind) each kind of action answers; others answer spells' questions
ANSWERS = {"break": ("turn", "pick"), "end-round": ("turn",), "use": ("turn",)}
ANSWERS |= {"die": ("dice", "give", "spell"), "take": ("take", "spell")}


def why_not(st: FiveSealsState, seat: int, action: int) -> str:
    kind, arg = st.codec.decode(action)
    frame = st.stack[-1]
    now = describe_prompt(st).rstrip(".")
    if kind in ANSWERS and frame["k"] not in ANSWERS[kind]:
        return f"that is not the decision now: {now}"
    reason = None
    if kind == "break" and frame["k"] == "turn":
        reason = _break(st, seat, arg)
    elif kind == "break":
        reason = f"{st.board.node_id(arg)} is not one of the seals you may choose now"
    elif kind == "end-round":
        can = breakable(st, seat)
        reason = (
            f"you must break a seal while you can ({st.board.node_id(can[0])})" if can else None
        )
    elif kind == "use":
        held = {card for _, card in st.up_cards(seat)}
        name = st.comp.card_name(arg)
        reason = f"you hold no face-up {name}" if arg not in held else f"{name} has no effect now"
    elif kind == "die":
        colour, value = divmod(arg, 6)
        if value + 1 not in st.dice_of(seat, colour):
            reason = f"you have no {st.comp.letters[colour]}{value + 1}"
        elif frame["k"] == "dice":
            reason = (
                f"dice pay for {st.board.node_id(frame['n'])} in one colour (the seal's; any "
                "for Mind), highest first, and no more than it needs"
            )
    elif kind == "take" and st.supply(arg) == 0:
        reason = f"the supply has no {st.comp.elements[arg]} die left"
    return reason or now


def _break(st: FiveSealsState, seat: int, node: int) -> str:
    spot = st.board.node_id(node)
    if st.token[node] < 0 and st.card[node] < 0:
        return f"{spot} holds no seal"
    if node not in targets(st, seat):
        seen, _ = _region(st, seat)
        if not seen[node]:
            return f"{spot} is out of your reach: seals close every path there (type 'map')"
        if node in blockers(st, seat):
            return f"{spot} is blocked by {_figure(st, node)}"
        return f"{spot} is blocked by a guardian"
    col, need = seal_of(st, node)
    sums = st.dice_sums(seat)
    if col == P:
        return f"{spot} needs {need} in one colour of dice; your best colour adds up to {max(sums)}"
    element = st.comp.elements[col]
    return f"{spot} needs {element} dice adding up to {need}; yours add up to {sums[col]}"


def _figure(st: FiveSealsState, node: int) -> str:
    for other in range(st.n):
        if st.mage[other] == node:
            return f"seat {other}'s mage"
        if st.familiar[other] == node:
            return f"seat {other}'s familiar"
    return "a figure"
