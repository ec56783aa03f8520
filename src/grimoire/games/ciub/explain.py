"""Why a Ciúb action is not legal now, in a player's words (the IllegalAction message), and
what a legal one does (``explain``, the rule behind every move).

``why_not`` names the first rule the action breaks, or None when it knows no better reason
than the list of legal actions (the caller adds that list either way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.i18n import N_
from grimoire.core.state import State
from grimoire.games.ciub.components import ACTION_FACES, SKULL, TWO_FOR_ONE
from grimoire.games.ciub.frames import Face, Pick, Target
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


# ============================================================== the rule behind every move
# ``explain``: what a legal action does for the seat to play (``Game.explain``), in its words,
# with the rule and its section in docs/rules/ciub.md. Everything it names is face up.
RULES = {
    "mark": N_("a turn, phase 1: your marker, or a card removed"),
    "roll": N_("a turn, phase 2: the dice"),
    "claim": N_("a turn, phase 3: claiming a card"),
    "trade": N_("a turn, phase 4: trading dice"),
}
RULE_OF = {
    **dict.fromkeys(("pass", "mark", "remove"), "mark"),
    **dict.fromkeys(("use", "target", "face", "cancel", "swap", "done"), "roll"),
    **dict.fromkeys(("set_aside", "roll", "stop"), "roll"),
    **dict.fromkeys(("claim", "no_claim", "move_down", "return", "take"), "claim"),
    **dict.fromkeys(("trade", "pick", "whiten", "end_turn"), "trade"),
}


def explain(st: CiubState, action: int, seat: int) -> str:
    """What ``action`` does for ``seat`` now, and the rule (the game's words)."""
    move = st.space.decode(action)
    said = MOVES.get(move.kind)
    if said is None or st.is_chance() or st.is_terminal():
        return st.action_to_string(action)
    what = said(st, move.args)
    rule = _(RULES[RULE_OF[move.kind]])
    return _("{what} (rules: {rule})").format(what=what, rule=rule)


def card_words(st: CiubState, card: int) -> str:
    """``card 21 (3 of a kind, 6 VP)``."""
    c = st.c.cards[card]
    return _("card {card} ({need}, {vp} VP)").format(card=card, need=c.label, vp=c.vp)


def die_words(st: CiubState, die: int) -> str:
    """``R2 (showing 6)``, or ``R2 (not rolled)``."""
    label = st.c.die_label[die]
    if st.face[die] < 0:
        return _("{die} (not rolled)").format(die=label)
    face = face_shown(st.c.face_symbol(die, st.face[die]))
    return _("{die} (showing {face})").format(die=label, face=face)


def tray_faces(st: CiubState, extra: int | None = None) -> list[str]:
    """The faces in the tray of the seat to play (with die ``extra`` as if set aside)."""
    return [
        st.c.face_symbol(d, st.face[d])
        for d in _held(st)
        if (st.tray[d] or d == extra) and st.face[d] >= 0
    ]


def met_cards(st: CiubState, faces: list[str]) -> list[int]:
    """The face-up cards the seat to play may claim that ``faces`` meet."""
    rows = st.bottom + st.top if st.opus_holder is not None else st.bottom
    others = {m for s, m in enumerate(st.marker) if s != st.turn and m is not None}
    wild = bool(st.game.options["skulls_wild"])
    return [c for c in rows if c not in others and meets(st.c.cards[c], faces, wild)]


def _meets_words(st: CiubState, faces: list[str]) -> str:
    cards = met_cards(st, faces)
    if not cards:
        return _("your tray meets no card you may claim")
    return _("your tray meets {cards}").format(cards=", ".join(card_words(st, c) for c in cards))


Args = tuple[int, ...]


def _pass(st: CiubState, args: Args) -> str:
    return _("leaves your marker and the top row as they are; you roll your dice next")


def _mark(st: CiubState, args: Args) -> str:
    card = args[0]
    what = _("puts your marker on {card}: no other player may remove or claim it").format(
        card=card_words(st, card)
    )
    old = st.marker[st.turn]
    if old is not None:
        what += "; " + _("it leaves card {card}").format(card=old)
    return what


def _remove(st: CiubState, args: Args) -> str:
    what = _("removes {card} from the game").format(card=card_words(st, args[0]))
    if st.pile["B"] or st.pile["C"]:
        return what + "; " + _("the pile refills its place")
    return what + "; " + _("its place stays empty (only the D card is left)")


def _use(st: CiubState, args: Args) -> str:
    die = args[0]
    label = st.c.die_label[die]
    if st.c.face_symbol(die, st.face[die]) == "reroll":
        return _(
            "uses {die}'s re-roll: next you choose a die outside your tray ({die} itself too) "
            "and roll it again"
        ).format(die=label)
    return _(
        "uses {die}'s adjust: next you choose a die outside your tray and turn it to any of "
        "its faces; {die} then goes into your tray"
    ).format(die=label)


def _target(st: CiubState, args: Args) -> str:
    frame = st.stack[-1] if st.stack else None
    die = args[0]
    by = frame.by if isinstance(frame, Target) else die
    if st.c.face_symbol(by, st.face[by]) == "reroll":
        return _("rolls {die} again; a new action face on it may be used").format(
            die=die_words(st, die)
        )
    return _("turns {die} with {by}'s adjust: you choose its face next").format(
        die=die_words(st, die), by=st.c.die_label[by]
    )


def _face(st: CiubState, args: Args) -> str:
    frame = st.stack[-1] if st.stack else None
    target = frame.target if isinstance(frame, Face) else 0
    by = frame.by if isinstance(frame, Face) else 0
    face = face_shown(st.c.colours[st.c.die_colour[target]].faces[args[0]])
    return _("turns {die} to {face}; {by} goes into your tray").format(
        die=st.c.die_label[target], face=face, by=st.c.die_label[by]
    )


def _cancel(st: CiubState, args: Args) -> str:
    return _("takes back the half-chosen re-roll or adjust: nothing changes")


def _swap(st: CiubState, args: Args) -> str:
    die, colour = args
    return _(
        "puts {die} into the supply and takes one {colour} die from it: the new die is not "
        "rolled yet (it rolls with your next roll), and the swap lets you roll again"
    ).format(die=st.c.die_label[die], colour=colour_shown(st.c.colours[colour].name))


def _done(st: CiubState, args: Args) -> str:
    skulls = [
        st.c.die_label[d]
        for d in _held(st)
        if not st.tray[d] and st.face[d] >= 0 and st.c.face_symbol(d, st.face[d]) == SKULL
    ]
    what = _("ends the dice actions (unused action faces are lost)")
    if skulls:
        what += "; " + _("the skulls go into your tray: {dice}").format(dice=", ".join(skulls))
    return what


def _set_aside(st: CiubState, args: Args) -> str:
    die = args[0]
    what = _("puts {die} into your tray: it is settled for this turn").format(
        die=die_words(st, die)
    )
    return what + "; " + _("then {meets}").format(meets=_meets_words(st, tray_faces(st, die)))


def _roll(st: CiubState, args: Args) -> str:
    free = [d for d in _held(st) if not st.tray[d]]
    return _("rolls your {count} dice outside the tray again").format(count=len(free))


def _stop(st: CiubState, args: Args) -> str:
    faces = tray_faces(st)
    cards = met_cards(st, faces)
    shown = ", ".join(face_shown(f) for f in faces) or _("nothing")
    what = _(
        "stops rolling with your tray as it is ({faces}): dice outside it count for nothing"
    ).format(faces=shown)
    if not cards:
        return (
            what
            + "; "
            + _("it meets no card you may claim: you would claim nothing and take a die")
        )
    return what + "; " + _meets_words(st, faces)


def _claim(st: CiubState, args: Args) -> str:
    card = args[0]
    what = _("claims {card}: your tray meets it").format(card=card_words(st, card))
    if st.marker[st.turn] == card:
        what += "; " + _("your marker comes back")
    if st.triggered and st.opus_holder is None:
        what += "; " + _(
            "you take the Opus Magnum too (+5 VP), and the others play their final turns"
        )
    if card in st.bottom and st.top:
        what += "; " + _("then you move a top-row card down into the gap")
    return what + "; " + _("then you keep 5 dice")


def _no_claim(st: CiubState, args: Args) -> str:
    return _(
        "claims nothing: you keep your dice and take one die of your choice from the "
        "supply (not into your tray)"
    )


def _move_down(st: CiubState, args: Args) -> str:
    card = args[0]
    what = _("moves {card} down into the gap in the bottom row").format(card=card_words(st, card))
    if card in st.marker:
        what += "; " + _("its marker moves with it")
    return what + "; " + _("the pile refills the top row")


def _return(st: CiubState, args: Args) -> str:
    left = len(_held(st)) - 1
    return _("returns {die} to the supply: you keep {count} dice (5 after a claim)").format(
        die=st.c.die_label[args[0]], count=left
    )


def _take(st: CiubState, args: Args) -> str:
    return _("takes one {colour} die from the supply: it is yours from your next turn").format(
        colour=colour_shown(st.c.colours[args[0]].name)
    )


def _trade(st: CiubState, args: Args) -> str:
    return _(
        "trades {die} (2-for-1, in your tray) for two dice of other colours, which you pick next"
    ).format(die=st.c.die_label[args[0]])


def _pick(st: CiubState, args: Args) -> str:
    frame = st.stack[-1] if st.stack else None
    left = frame.left - 1 if isinstance(frame, Pick) else 0
    what = _("takes one {colour} die from the supply for your 2-for-1 trade").format(
        colour=colour_shown(st.c.colours[args[0]].name)
    )
    if left:
        what += "; " + _("one more to pick")
    return what


def _whiten(st: CiubState, args: Args) -> str:
    return _("trades {die} for a white die from the supply (white dice show more swaps)").format(
        die=st.c.die_label[args[0]]
    )


def _end_turn(st: CiubState, args: Args) -> str:
    c = st.c
    excess = []
    for colour in c.colours:
        limit = 5 if colour.index == c.white else 4
        count = sum(1 for d in _held(st) if c.die_colour[d] == colour.index)
        if count > limit:
            excess.append(f"{count - limit} {colour_shown(colour.name)}")
    what = _("ends your turn; the next player goes on")
    if excess:
        what += "; " + _(
            "above 5 white or 4 dice of a colour, these go back to the supply: {dice}"
        ).format(dice=", ".join(excess))
    return what


MOVES: dict[str, Callable[[CiubState, Args], str]] = {
    "pass": _pass,
    "mark": _mark,
    "remove": _remove,
    "use": _use,
    "target": _target,
    "face": _face,
    "cancel": _cancel,
    "swap": _swap,
    "done": _done,
    "set_aside": _set_aside,
    "roll": _roll,
    "stop": _stop,
    "claim": _claim,
    "no_claim": _no_claim,
    "move_down": _move_down,
    "return": _return,
    "take": _take,
    "trade": _trade,
    "pick": _pick,
    "whiten": _whiten,
    "end_turn": _end_turn,
}


def breakdown(st: CiubState, viewer: int | None) -> list[dict[str, Any]]:
    """Where each seat's VP came from (``Game.score_breakdown``): its claimed cards, and the
    dice it holds (the tie-break). Everything is face up."""
    rows = []
    for seat in range(st.game.players):
        parts: list[dict[str, Any]] = [
            {"what": card_words(st, card), "points": st.c.cards[card].vp}
            for card in st.claimed[seat]
        ]
        held_now = sum(1 for where in st.loc if where == seat)
        parts.append(
            {"what": _("dice held (the tie-break): {count}").format(count=held_now), "points": None}
        )
        rows.append({"seat": seat, "parts": parts, "total": st.vp(seat)})
    return rows


def turn_summary(before: CiubState, after: CiubState, seat: int) -> str | None:
    """``seat``'s turn in short: the cards it claimed, where its marker went, the dice it gave
    back and took (``Game.turn_summary``; everything in Ciúb is face up)."""
    parts = [
        _("claims {card}").format(card=card_words(after, card))
        for card in after.claimed[seat]
        if card not in before.claimed[seat]
    ]
    marker = after.marker[seat]
    if marker is not None and marker != before.marker[seat]:
        parts.append(_("puts its marker on {card}").format(card=card_words(after, marker)))
    change = _dice_change(before, after, seat)
    if any(count < 0 for count in change.values()):
        gone = ", ".join(_dice(after, colour, -n) for colour, n in change.items() if n < 0)
        parts.append(_("gives back {dice}").format(dice=gone))
    if any(count > 0 for count in change.values()):
        got = ", ".join(_dice(after, colour, n) for colour, n in change.items() if n > 0)
        parts.append(_("takes {dice}").format(dice=got))
    if change:
        parts.append(_("now holds {count} dice").format(count=len(held(after, seat))))
    return "; ".join(parts) or None


def _dice_change(before: CiubState, after: CiubState, seat: int) -> dict[int, int]:
    """Colour index -> how many more dice of it ``seat`` holds after than before (not 0)."""
    colour = after.c.die_colour
    change: dict[int, int] = {}
    for die in held(after, seat):
        change[colour[die]] = change.get(colour[die], 0) + 1
    for die in held(before, seat):
        change[colour[die]] = change.get(colour[die], 0) - 1
    return {c: n for c, n in sorted(change.items()) if n}


def _dice(st: CiubState, colour: int, count: int) -> str:
    """``2 white``: ``count`` dice of a colour."""
    return _("{count} {colour}").format(count=count, colour=colour_shown(st.c.colours[colour].name))
