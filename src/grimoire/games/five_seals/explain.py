"""Why a Five Seals action is not legal now, in a player's words (the IllegalAction message).

``why_not`` gives the decision pending and, for the common actions (break, end round, use,
die, take), the rule that stops this one: out of reach, blocked by a figure, dice that do
not add up, a scroll not held face up, an empty supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from grimoire.games.five_seals.components import P
from grimoire.games.five_seals.frames import Dice, Turn
from grimoire.games.five_seals.reach import _region, blockers, breakable, seal_of, targets
from grimoire.games.five_seals.text import _, die_text, element, prompt, topic_word

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

# the decision (frame kind) each kind of action answers; others answer spells' questions
ANSWERS = {"break": ("turn", "pick"), "end-round": ("turn",), "use": ("turn",)}
ANSWERS |= {"die": ("dice", "give", "spell"), "take": ("take", "spell")}


def refusal(st: FiveSealsState, seat: int, action: int, legal: str) -> str:
    """The IllegalAction text: the action, why it is not possible, and ``legal`` (what is)."""
    return _("'{action}' is not possible: {reason}; {legal}").format(
        action=st.action_to_string(action), reason=why_not(st, seat, action), legal=legal
    )


def why_not(st: FiveSealsState, seat: int, action: int) -> str:
    """The reason, in the current language."""
    decoded = st.codec.decode(action)
    kind, arg = decoded.kind, decoded.arg
    frame = st.stack[-1]
    now = prompt(st).rstrip(".。")
    if kind in ANSWERS and frame.kind not in ANSWERS[kind]:
        return _("that is not the decision now: {now}").format(now=now)
    reason = None
    if kind == "break" and isinstance(frame, Turn):
        reason = _break(st, seat, arg)
    elif kind == "break":
        reason = _("{node} is not one of the seals you may choose now").format(
            node=st.board.node_id(arg)
        )
    elif kind == "end-round":
        can = breakable(st, seat)
        if can:
            reason = _("you must break a seal while you can ({node})").format(
                node=st.board.node_id(can[0])
            )
    elif kind == "use":
        held = {card for _unused, card in st.up_cards(seat)}
        name = st.comp.card_name(arg)
        if arg not in held:
            reason = _("you hold no face-up {card}").format(card=name)
        else:
            reason = _("{card} has no effect now").format(card=name)
    elif kind == "die":
        colour, value = divmod(arg, 6)
        if value + 1 not in st.dice_of(seat, colour):
            reason = _("you have no {die}").format(die=die_text(st, arg))
        elif isinstance(frame, Dice):
            reason = _(
                "dice pay for {node} in one colour (the seal's; any for Mind), highest first, "
                "and no more than it needs"
            ).format(node=st.board.node_id(frame.n))
    elif kind == "take" and st.supply(arg) == 0:
        reason = _("the supply has no {element} die left").format(element=element(st, arg))
    return reason or now


def _break(st: FiveSealsState, seat: int, node: int) -> str:
    spot = st.board.node_id(node)
    if st.token[node] < 0 and st.card[node] < 0:
        return _("{node} holds no seal").format(node=spot)
    if node not in targets(st, seat):
        seen, _found = _region(st, seat)
        if not seen[node]:
            return _(
                "{node} is out of your reach: seals close every path there (type '{map}')"
            ).format(node=spot, map=topic_word("map"))
        if node in blockers(st, seat):
            return _("{node} is blocked by {figure}").format(node=spot, figure=_figure(st, node))
        return _("{node} is blocked by a guardian").format(node=spot)
    col, need = seal_of(st, node)
    sums = st.dice_sums(seat)
    if col == P:
        return _(
            "{node} needs {need} in one colour of dice; your best colour adds up to {best}"
        ).format(node=spot, need=need, best=max(sums))
    return _("{node} needs {element} dice adding up to {need}; yours add up to {have}").format(
        node=spot, element=element(st, col), need=need, have=sums[col]
    )


def _figure(st: FiveSealsState, node: int) -> str:
    for other in range(st.n):
        if st.mage[other] == node:
            return _("seat {seat}'s mage").format(seat=other + 1)
        if st.familiar[other] == node:
            return _("seat {seat}'s familiar").format(seat=other + 1)
    return _("a figure")
