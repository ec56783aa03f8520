"""Ciúb's actions: the id space (on core's ``ActionSpace``), their text and the parser.

Ids are segments in the order of ``ARG_OF`` (the record format: never reorder, add new kinds at
the end); each kind takes one argument of the kind named there, swap two (die x colour). A
multi-step dice action is a run of small decisions through the decision frames (``frames.py``):
``use P1`` -> ``target R2`` -> ``face 6``, with ``cancel``.

Grammar (case-insensitive): ``pass``, ``mark 21``, ``remove 7``, ``swap W1 for red``,
``use B1``, ``target R2``, ``face 6`` (or ``face skull``), ``cancel``, ``done``,
``set aside Y1``, ``roll``, ``stop``, ``claim 21``, ``no claim``, ``move down 7``,
``return R2``, ``take red``, ``trade G1``, ``pick white``, ``whiten R1``, ``end turn``.
Dice are named by colour letter and number (W1..W20, Y1..Y7, O, R, G, P, B).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from grimoire.core.actions import ActionSpace
from grimoire.core.errors import IllegalAction
from grimoire.core.i18n import N_
from grimoire.games.ciub.components import Components
from grimoire.games.ciub.frames import Face, Target
from grimoire.games.ciub.text import _, colour_shown, face_shown, face_text

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

# kind -> what its argument is, in id order
ARG_OF: dict[str, str | None] = {
    "pass": None,
    "mark": "card",
    "remove": "card",
    "use": "die",
    "target": "die",
    "face": "face",
    "cancel": None,
    "swap": "die_colour",
    "done": None,
    "set_aside": "die",
    "roll": None,
    "stop": None,
    "claim": "card",
    "no_claim": None,
    "move_down": "card",
    "return": "die",
    "take": "colour",
    "trade": "die",
    "pick": "colour",
    "whiten": "die",
    "end_turn": None,
}


def action_space(c: Components) -> ActionSpace:
    """The ids of one set of components (cards by id 0..max, dice, 6 faces, colours)."""
    shapes: dict[str | None, tuple[int, ...]] = {
        "card": (max(c.cards) + 1,),
        "die": (c.num_dice,),
        "face": (6,),
        "colour": (len(c.colours),),
        "die_colour": (c.num_dice, len(c.colours)),
        None: (),
    }
    return ActionSpace([(kind, shapes[arg]) for kind, arg in ARG_OF.items()])


WORD_KINDS = {
    "pass": "pass",
    "cancel": "cancel",
    "done": "done",
    "roll": "roll",
    "stop": "stop",
    "no claim": "no_claim",
    "end turn": "end_turn",
}
CARD_KINDS = {"mark": "mark", "remove": "remove", "claim": "claim", "move down": "move_down"}
DIE_KINDS = {
    "use": "use",
    "target": "target",
    "set aside": "set_aside",
    "return": "return",
    "trade": "trade",
    "whiten": "whiten",
}
COLOUR_KINDS = {"take": "take", "pick": "pick"}
# the colours' names as shown (the components data names them in English)
# the action labels: one template per kind, so a language may order the words its own way
KIND_TEXT = {
    "pass": N_("pass"),
    "cancel": N_("cancel"),
    "done": N_("done"),
    "roll": N_("roll"),
    "stop": N_("stop"),
    "no_claim": N_("no claim"),
    "end_turn": N_("end turn"),
    "mark": N_("mark {card}"),
    "remove": N_("remove {card}"),
    "claim": N_("claim {card}"),
    "move_down": N_("move down {card}"),
    "use": N_("use {die}"),
    "target": N_("target {die}"),
    "set_aside": N_("set aside {die}"),
    "return": N_("return {die}"),
    "trade": N_("trade {die}"),
    "whiten": N_("whiten {die}"),
    "take": N_("take {colour}"),
    "pick": N_("pick {colour}"),
}


def action_text(st: CiubState, action: int) -> str:
    """The label of a player action (or, at a chance node, of an outcome)."""
    c = st.c
    if st.is_chance():
        return _chance_text(st, action)
    move = st.space.decode(action)
    kind, arg = move.kind, move.arg
    if kind in ("pass", "cancel", "done", "roll", "stop", "no_claim", "end_turn"):
        return _(KIND_TEXT[kind])
    if kind in ("mark", "remove", "claim", "move_down"):
        return _(KIND_TEXT[kind]).format(card=arg)
    if kind == "swap":
        colour = colour_shown(c.colours[move.args[1]].name)
        return _("swap {die} for {colour}").format(die=c.die_label[arg], colour=colour)
    if kind in ("take", "pick"):
        return _(KIND_TEXT[kind]).format(colour=colour_shown(c.colours[arg].name))
    if kind == "face":
        frame = st.stack[-1] if st.stack else None
        if not isinstance(frame, Face):
            return _("face #{number}").format(number=arg)
        return _("face {face}").format(face=face_shown(c.face_symbol(frame.target, arg)))
    return _(KIND_TEXT[kind]).format(die=c.die_label[arg])


def _chance_text(st: CiubState, outcome: int) -> str:
    c = st.c
    if st.phase == "roll":
        die = st.to_roll[0]
        face = face_shown(c.face_symbol(die, outcome))
        return _("{die} rolls {face}").format(die=c.die_label[die], face=face)
    if st.phase == "setup_first":
        return _("seat {seat} starts").format(seat=outcome)
    card = c.cards[outcome]
    if st.phase == "setup_remove":
        return _("card {card} ({letter} {need}) is removed face down").format(
            card=outcome, letter=card.letter, need=card.need
        )
    if st.phase == "setup_deal":
        if st.setup_queue[0] == "top":
            row = _("card {card} ({need}, {vp} VP) is dealt to the top row")
        else:
            row = _("card {card} ({need}, {vp} VP) is dealt to the bottom row")
        return row.format(card=outcome, need=card.need, vp=card.vp)
    return _("card {card} ({letter} {need}, {vp} VP) is drawn to the top row").format(
        card=outcome, letter=card.letter, need=card.need, vp=card.vp
    )


def action_json(st: CiubState, action: int) -> dict[str, Any]:
    """``{"id", "text", "kind"}`` and the argument by its name (card, die, colour, face)."""
    doc: dict[str, Any] = {"id": action, "text": action_text(st, action)}
    if st.is_chance():
        return doc
    move = st.space.decode(action)
    doc["kind"] = move.kind
    arg_kind = ARG_OF[move.kind]
    c = st.c
    if arg_kind == "card":
        doc["card"] = move.arg
    elif arg_kind in ("die", "die_colour"):
        doc["die"] = c.die_label[move.arg]
        if arg_kind == "die_colour":
            doc["colour"] = c.colours[move.args[1]].name
    elif arg_kind == "colour":
        doc["colour"] = c.colours[move.arg].name
    elif arg_kind == "face":
        doc["face"] = move.arg
    return doc


def parse(st: CiubState, source: str) -> int:
    """The action id named by ``source``; IllegalAction with the reason if it names none."""
    # A hyphen inside a word ("re-roll", "2-for-1") reads as a space; a leading minus does
    # not, so "mark -1" names no card instead of card 1.
    words = " ".join(re.sub(r"(?<=\w)-(?=\w)", " ", source.strip().lower()).split())
    if not words:
        raise IllegalAction(_("empty action text"))
    if words.isdigit():
        raise IllegalAction(
            _("'{text}' is a number, not an action text (e.g. 'claim 21')").format(text=source)
        )
    enc = st.space.encode
    c = st.c
    if words in WORD_KINDS:
        return enc(WORD_KINDS[words])
    match = re.fullmatch(r"(mark|remove|claim|move down) (\d+)", words)
    if match:
        card = int(match.group(2))
        if card not in c.cards:
            raise IllegalAction(_("there is no card {card}").format(card=card))
        return enc(CARD_KINDS[match.group(1)], card)
    match = re.fullmatch(r"swap (\w+) (?:for )?(\w+)", words)
    if match:
        colour = _colour(st, match.group(2))
        return _as_offered(st, "swap", _die(st, match.group(1)), colour)
    match = re.fullmatch(r"(use|target|set aside|return|trade|whiten) (\w+)", words)
    if match:
        return _as_offered(st, DIE_KINDS[match.group(1)], _die(st, match.group(2)))
    match = re.fullmatch(r"(take|pick) (\w+)", words)
    if match:
        return enc(COLOUR_KINDS[match.group(1)], _colour(st, match.group(2)))
    match = re.fullmatch(r"face (.+)", words)
    if match:
        return enc("face", _face(st, match.group(1)))
    raise IllegalAction(
        _("'{text}' is not an action; try e.g. 'claim 21', 'use B1', 'roll'").format(text=source)
    )


def _as_offered(st: CiubState, kind: str, die: int, *colour: int) -> int:
    """The action on ``die``, or on the identical die the legal actions offer instead: the
    rules offer one die of each set of identical dice (same colour, place, face, tray and
    spent mark), so naming any of them means the same move and every label stays usable.
    ``colour``: swap's second argument."""
    enc = st.space.encode
    action = enc(kind, die, *colour)
    if not isinstance(st.current_player, int) or st.current_player < 0:
        return action
    legal = st.legal_actions()
    if action in legal:
        return action
    frame = st.stack[-1] if st.stack else None
    by = frame.by if isinstance(frame, Target | Face) else None
    for other in range(st.c.num_dice):
        if (
            other != die
            and by not in (die, other)
            and _identical(st, die, other)
            and enc(kind, other, *colour) in legal
        ):
            return enc(kind, other, *colour)
    return action


def _identical(st: CiubState, a: int, b: int) -> bool:
    return (
        st.c.die_colour[a] == st.c.die_colour[b]
        and st.loc[a] == st.loc[b]
        and st.face[a] == st.face[b]
        and st.tray[a] == st.tray[b]
        and st.spent[a] == st.spent[b]
    )


def _die(st: CiubState, label: str) -> int:
    die = st.c.die_by_label(label)
    if die is None:
        raise IllegalAction(
            _("there is no die {die} (dice are named like W1, B3)").format(die=repr(label.upper()))
        )
    return die


def _colour(st: CiubState, name: str) -> int:
    for colour in st.c.colours:
        if name in (colour.name, colour.letter.lower()):
            return colour.index
    names = ", ".join(colour.name for colour in st.c.colours)
    raise IllegalAction(
        _("there is no colour {colour} ({names})").format(colour=repr(name), names=names)
    )


def _face(st: CiubState, name: str) -> int:
    if name.startswith("#") and name[1:].isdigit():
        if not 0 <= int(name[1:]) < 6:  # a die has faces #0..#5; more would spill into other ids
            raise IllegalAction(_("there is no face {face} (faces are #0..#5)").format(face=name))
        return int(name[1:])
    frame = st.stack[-1] if st.stack else None
    if not isinstance(frame, Face):
        raise IllegalAction(_("'face ...' only answers which face to adjust a die to"))
    colour = st.c.colours[st.c.die_colour[frame.target]]
    wanted = {"2 for 1": "two_for_one", "2for1": "two_for_one", "re roll": "reroll"}.get(name, name)
    for index in colour.distinct_faces:
        if colour.faces[index] == wanted:
            return int(index)
    shown = ", ".join(face_text(colour.faces[i]) for i in colour.distinct_faces)
    raise IllegalAction(
        _("a {colour} die has no face {face} (faces: {faces})").format(
            colour=colour.name, face=repr(name), faces=shown
        )
    )
