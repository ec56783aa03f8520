"""Why a Ciúb action is not legal now, in a player's words (the IllegalAction message).

``why_not`` names the first rule the action breaks, or None when it knows no better reason
than the list of legal actions (the caller adds that list either way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grimoire.core.i18n import N_
from grimoire.core.state import State
from grimoire.games.ciub.components import ACTION_FACES, SKULL, TWO_FOR_ONE
from grimoire.games.ciub.frames import Pick
from grimoire.games.ciub.requirements import meets
from grimoire.games.ciub.text import _, colour_shown, face_shown
from grimoire.games.ciub.turn import BOX, SUPPLY, held

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

# the step of the turn each kind of action belongs to (``pending``: inside a dice action)
STEP = {
    "pass": "mark",
    "mark": "mark",
    "remove": "mark",
    "use": "actions",
    "swap": "actions",
    "done": "actions",
    "target": "pending",
    "face": "pending",
    "cancel": "pending",
    "set_aside": "set_aside",
    "roll": "set_aside",
    "stop": "set_aside",
    "claim": "claim",
    "no_claim": "claim",
    "move_down": "move_down",
    "return": "reduce",
    "take": "take",
    "trade": "trade",
    "whiten": "trade",
    "end_turn": "trade",
    "pick": "pick",
}
STEP_TEXT = {
    "mark": N_("phase 1 (marking or removing a card)"),
    "actions": N_("phase 2 (dice actions)"),
    "pending": N_("a dice action after 'use ...'"),
    "set_aside": N_("phase 2 (setting dice aside, rolling again or stopping)"),
    "claim": N_("phase 3 (claiming a card)"),
    "move_down": N_("phase 3 (moving a card down)"),
    "reduce": N_("phase 3 (returning dice down to five)"),
    "take": N_("phase 3 (taking a die after no claim)"),
    "trade": N_("phase 4 (trading dice)"),
    "pick": N_("phase 4 (picking the dice of a 2-for-1 trade)"),
}


def refusal(st: CiubState, actor: int, action: int) -> str | None:
    """The refusal of ``action`` naming the rule it breaks, with the legal actions; None when
    no rule says more than the core's list of legal actions."""
    if actor != st.turn or not 0 <= action < st.game.num_actions or st.is_chance():
        return None
    reason = why_not(st, action)
    if reason is None:
        return None
    legal = State._phase_hint(st, actor)  # "legal now: ...", without the step's help
    return _("'{action}' is not possible: {reason}; {legal}").format(
        action=st.action_to_string(action), reason=reason, legal=legal
    )


def why_not(st: CiubState, action: int) -> str | None:
    """The first rule ``action`` breaks now, or None."""
    move = st.space.decode(action)
    kind, arg = move.kind, move.arg
    step = _step_now(st)
    if step not in STEP_TEXT:
        return None
    if STEP[kind] != step:
        return _("that is done in {step}, and this is {now}").format(
            step=_(STEP_TEXT[STEP[kind]]), now=_(STEP_TEXT[step])
        )
    if kind in ("mark", "remove", "claim", "move_down"):
        return _card_reason(st, kind, arg)
    if kind in ("take", "pick"):
        return _colour_reason(st, kind, arg)
    if kind in ("use", "swap", "target", "set_aside", "return", "trade", "whiten"):
        return _die_reason(st, kind, arg, move.args[1] if kind == "swap" else 0)
    if kind == "face":
        return _("a die adjusting itself may not show that face (see the self_adjust option)")
    if kind == "roll":
        if all(st.tray[die] for die in _held(st)):
            return _("every die of yours is in the tray: nothing is left to roll")
        return _("set a die aside (or swap one) before rolling again")
    return None


def _step_now(st: CiubState) -> str:
    frame = st.stack[-1] if st.stack else None
    if isinstance(frame, Pick):
        return "pick"
    return st.phase if frame is None else "pending"


def _held(st: CiubState) -> list[int]:
    return held(st, st.turn)


def _card_reason(st: CiubState, kind: str, card: int) -> str | None:
    """Why a card action breaks a rule: the card is not face up, or the rule of its kind."""
    if card not in st.top and card not in st.bottom:
        return _("card {card} is not face up in the rows").format(card=card)
    seat = st.turn
    others = {m: other for other, m in enumerate(st.marker) if m is not None and other != seat}
    return CARD_REASON[kind](st, card, others)


def _mark_reason(st: CiubState, card: int, others: dict[int, int]) -> str | None:
    """Phase 1: the marker goes onto a card without a marker (``others``: card -> seat)."""
    if st.marker[st.turn] == card:
        return _("your marker is already on card {card}").format(card=card)
    if card in others:
        return _("seat {seat}'s marker is on card {card}").format(seat=others[card] + 1, card=card)
    return None


def _remove_reason(st: CiubState, card: int, others: dict[int, int]) -> str | None:
    """Phase 1: only an unmarked top-row card may be removed."""
    if card not in st.top:
        return _("only a top-row card may be removed; card {card} is in the bottom row").format(
            card=card
        )
    if card in others or st.marker[st.turn] == card:
        return _("a marker is on card {card}").format(card=card)
    return None


def _move_down_reason(st: CiubState, card: int, others: dict[int, int]) -> str | None:
    """Phase 3: a top-row card moves down."""
    if card not in st.top:
        return _("card {card} is already in the bottom row").format(card=card)
    return None


def _claim_reason(st: CiubState, card: int, others: dict[int, int]) -> str | None:
    """Phase 3: a bottom-row card (either row in the final turns) without another player's
    marker, which the tray meets."""
    if card in st.top and st.opus_holder is None:
        return _("only bottom-row cards may be claimed (top-row ones too in the final turns)")
    if card in others:
        return _("seat {seat}'s marker is on card {card}").format(seat=others[card] + 1, card=card)
    faces = [st.c.face_symbol(d, st.face[d]) for d in _held(st) if st.tray[d] and st.face[d] >= 0]
    need = st.c.cards[card]
    if not meets(need, faces, bool(st.game.options["skulls_wild"])):
        shown = ", ".join(face_shown(face) for face in faces) or _("nothing")
        return _("your tray ({faces}) does not meet card {card} ({need})").format(
            faces=shown, card=card, need=need.label
        )
    return None


CARD_REASON: dict[str, Callable[[CiubState, int, dict[int, int]], str | None]] = {
    "mark": _mark_reason,
    "remove": _remove_reason,
    "move_down": _move_down_reason,
    "claim": _claim_reason,
}


def _colour_reason(st: CiubState, kind: str, colour: int) -> str | None:
    name = colour_shown(st.c.colours[colour].name)
    if not any(w == SUPPLY and st.c.die_colour[d] == colour for d, w in enumerate(st.loc)):
        return _("no {colour} die is left in the supply").format(colour=name)
    frame = st.stack[-1] if st.stack else None
    if kind == "pick" and isinstance(frame, Pick) and frame.colour == colour:
        return _("a 2-for-1 trade gives dice of another colour than {colour}").format(colour=name)
    return None


def _die_reason(st: CiubState, kind: str, die: int, colour: int) -> str | None:
    """Why a die action breaks a rule: the die is not the player's, or the rule of its kind
    (``colour``: a swap's colour)."""
    label = st.c.die_label[die]
    where = st.loc[die]
    if where != st.turn:
        return _not_yours(label, where)
    if kind == "return":
        return None
    face = st.c.face_symbol(die, st.face[die]) if st.face[die] >= 0 else None
    if kind == "trade":
        if not st.tray[die] or face != TWO_FOR_ONE:
            return _("only a die showing 2-for-1 in your tray can be traded")
        return _("the supply must hold two dice of other colours")
    if kind == "whiten":
        if st.c.die_colour[die] == st.c.white:
            return _("{die} is already white").format(die=label)
        return _("no white die is left in the supply")
    if st.tray[die]:
        return _("{die} is in your tray: it is settled for this turn").format(die=label)
    if face is None:
        return _("{die} has not been rolled this turn").format(die=label)
    return _rolled_die_reason(st, kind, die, face, colour)


def _not_yours(label: str, where: int) -> str:
    """The die ``label`` lies ``where``: in the supply, out of the game or another seat's."""
    if where == SUPPLY:
        return _("{die} is not one of your dice (it is in the supply)").format(die=label)
    if where == BOX:
        return _("{die} is not one of your dice (it is out of the game)").format(die=label)
    return _("{die} is not one of your dice (it is seat {seat}'s)").format(
        die=label, seat=where + 1
    )


def _rolled_die_reason(st: CiubState, kind: str, die: int, face: str, colour: int) -> str | None:
    """Phase 2, a rolled die outside the tray: only action faces act, each once (a swap die
    with a supply colour), and a skull goes to the tray by itself."""
    label = st.c.die_label[die]
    if kind == "use":
        if face not in ACTION_FACES:
            return _("{die} shows {face}: only swap, re-roll and adjust faces act").format(
                die=label, face=face_shown(face)
            )
        if face == "swap":
            return _("{die} shows swap: say 'swap {die} for <colour>'").format(die=label)
        if st.spent[die]:
            return _("{die} has already acted").format(die=label)
    if kind == "swap":
        if face != "swap":
            return _("{die} shows {face}, not swap").format(die=label, face=face_shown(face))
        if st.spent[die]:
            return _("{die} has already acted").format(die=label)
        return _colour_reason(st, "take", colour)
    if kind == "set_aside" and face == SKULL:
        return _("{die} shows a skull: it goes to the tray by itself").format(die=label)
    return None
