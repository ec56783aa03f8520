"""Ciúb's words in the current language: the translator, colour and face names, the help line
of the step being played and the texts of chance outcomes. (The actions' texts and parser are
declared in ``actions.py``.)"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grimoire.core.i18n import N_, translator
from grimoire.games.ciub.components import FACE_TEXT
from grimoire.games.ciub.frames import Face, Target

if TYPE_CHECKING:
    from grimoire.games.ciub.state import CiubState

# Texts shown to people are in the current language (grimoire.core.i18n; English is the source:
# the msgids below are exactly the English texts). The parser reads English, and the text of any
# legal action as shown in the current language.
_ = translator("ciub", Path(__file__).parent / "locale")

PHASE_HELP = {
    "mark": N_("phase 1: place or shift your marker, remove a top-row card, or pass"),
    "actions": N_("phase 2: use your dice actions (swap, re-roll, adjust) or say done"),
    "set_aside": N_("phase 2: set dice aside into your tray, then roll again or stop"),
    "claim": N_("phase 3: claim a spell card your tray meets, or take no claim"),
    "move_down": N_("phase 3: move a top-row card down to the bottom row"),
    "reduce": N_("phase 3: return dice to the supply until you have 5"),
    "take": N_("phase 3: take one die from the supply"),
    "trade": N_("phase 4: trade 2-for-1 dice, trade dice for white ones, or end your turn"),
    "over": N_("the game is over"),
}
COLOUR_TEXT = {
    "white": N_("white"),
    "yellow": N_("yellow"),
    "orange": N_("orange"),
    "red": N_("red"),
    "green": N_("green"),
    "purple": N_("purple"),
    "blue": N_("blue"),
}
FACE_SHOWN = {
    "swap": N_("swap"),
    "re-roll": N_("re-roll"),
    "adjust": N_("adjust"),
    "2-for-1": N_("2-for-1"),
    "skull": N_("skull"),
}


def face_text(symbol: str) -> str:
    """A face's name in English (the parser's and the English labels' word)."""
    return FACE_TEXT.get(symbol, symbol)


def face_shown(symbol: str) -> str:
    """A face's name in the current language."""
    english = face_text(symbol)
    return _(FACE_SHOWN[english]) if english in FACE_SHOWN else english


def colour_shown(name: str) -> str:
    """A colour's name in the current language."""
    return _(COLOUR_TEXT[name]) if name in COLOUR_TEXT else name


def phase_help(st: CiubState) -> str:
    """What the seat to act is asked now."""
    frame = st.stack[-1] if st.stack else None
    if isinstance(frame, Target):
        die = st.c.die_label[frame.by]
        return _("phase 2: choose the die that {die} acts on (or cancel)").format(die=die)
    if isinstance(frame, Face):
        die = st.c.die_label[frame.target]
        return _("phase 2: choose the face for {die} (or cancel)").format(die=die)
    if frame is not None:
        return _("phase 4: pick a die of another colour for your 2-for-1 die")
    return _(PHASE_HELP[st.phase]) if st.phase in PHASE_HELP else _("chance")


def chance_text(st: CiubState, outcome: int) -> str:
    """The text of a chance outcome: a die's roll, the first player, or a card removed, dealt
    or drawn."""
    c = st.c
    if st.phase == "roll":
        die = st.to_roll[0]
        face = face_shown(c.face_symbol(die, outcome))
        return _("{die} rolls {face}").format(die=c.die_label[die], face=face)
    if st.phase == "setup_first":
        return _("seat {seat} starts").format(seat=outcome + 1)
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
