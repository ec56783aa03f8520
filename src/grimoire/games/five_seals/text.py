"""Five Seals' texts in the current language: chance outcomes (log lines), the pending decision
in words, the words of colours and terminal commands (the actions' texts are declared in
``actions.py``).

Texts shown to people are in the current language (``grimoire.core.i18n``, domain
``five-seals``); the msgids are exactly the English texts, so English output is unchanged. Card,
spell, mage and familiar names, colour letters, die and node ids stay as in the data.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grimoire.core.i18n import DEFAULT, N_, language, translator
from grimoire.games.five_seals.chance import ROMAN, _slot, describe, node_kind
from grimoire.games.five_seals.frames import Absorb, Dice, Give, Pick, Spell, Take, Turn

if TYPE_CHECKING:
    from grimoire.games.five_seals.state import FiveSealsState

_ = translator("five-seals", Path(__file__).parent / "locale")

# the terminal's extra commands (text_map.TOPICS), typed in the person's language or in English;
# the "command: " prefix gives each word its own entry (as the shell's commands in cli/play.py)
TOPIC_WORDS = {
    "map": N_("command: map"),
    "spells": N_("command: spells"),
    "legend": N_("command: legend"),
}


def topic_word(name: str) -> str:
    """The word of the terminal command ``name`` (a key of ``TOPIC_WORDS``) in this language."""
    return _(TOPIC_WORDS[name]).removeprefix("command: ")


# the data's element and colour names, by colour index (Fire R, Water B, Air Y, Earth G, Mind P)
ELEMENT_TEXT = (N_("Fire"), N_("Water"), N_("Air"), N_("Earth"), N_("Mind"))
COLOUR_TEXT = (N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("purple"))
# why a seal is chosen (the ``pick`` frame's mode), as the prompt names it
PICK_TEXT = {
    "bind": N_("bind"),
    "leap": N_("leap"),
    "tele": N_("tele"),
    "speed": N_("speed"),
    "free": N_("free"),
}


def element(st: FiveSealsState, col: int) -> str:
    """The element of colour ``col`` (Fire, ...) in the current language."""
    return _(st.comp.elements[col])


def colour_name(st: FiveSealsState, col: int) -> str:
    """The name of colour ``col`` (red, ...) in the current language."""
    return _(st.comp.colour_names[col])


def die_text(st: FiveSealsState, code: int) -> str:
    """A die by colour letter and value (``R4``) from its code 6*colour+value-1."""
    return f"{st.comp.letters[code // 6]}{code % 6 + 1}"


def chance_text(st: FiveSealsState, outcome: int) -> str:
    """A chance outcome (a log line) in the current language (English: ``chance.describe``)."""
    if language() == DEFAULT:
        return describe(st, outcome)
    kind = node_kind(st)
    if kind == "roll":
        # a physical die (R1..R6: its colour and number), same code layout as a die's value
        die = die_text(st, st.rolls[0])
        return _("{die} rolls {value}").format(die=die, value=outcome + 1)
    if kind == "circle":
        return _("circle {circle}").format(circle=ROMAN.get(outcome, str(outcome)))
    if kind == "first":
        return _("first player seat {seat}").format(seat=outcome + 1)
    node = st.board.node_id(_slot(st))
    if kind == "seal":
        return _("{node} gets a {colour} token").format(node=node, colour=colour_name(st, outcome))
    return _("{node} gets {card}").format(node=node, card=st.comp.card_name(outcome))


def prompt(st: FiveSealsState) -> str:
    """One line on the decision pending."""
    if st.is_terminal():
        return _("The game is over.")
    if st.is_chance():
        return _("Chance: dice are rolled / the board is being filled.")
    f = st.stack[-1]
    if isinstance(f, Turn):
        return _("Seat {seat}'s turn: use scrolls, then break a seal (or end your round).").format(
            seat=f.s + 1
        )
    if isinstance(f, Dice):
        return _("Seat {seat}: pay for {node} with dice, highest first.").format(
            seat=f.s + 1, node=st.board.node_id(f.n)
        )
    if isinstance(f, Take):
        return _("Seat {seat}: take {count} more dice from the supply.").format(
            seat=f.s + 1, count=f.n
        )
    if isinstance(f, Pick):
        why = _(PICK_TEXT[f.m]) if f.m in PICK_TEXT else f.m
        return _("Seat {seat}: choose the seal to break ({why}).").format(seat=f.s + 1, why=why)
    if isinstance(f, Absorb):
        return _("Seat {seat}: put the broken token on an Absorption scroll, or done.").format(
            seat=f.s + 1
        )
    if isinstance(f, Give):
        return _("Seat {seat}: choose the die seat {thief} steals.").format(
            seat=f.s + 1, thief=f.t + 1
        )
    assert isinstance(f, Spell)
    return _("Seat {seat} is using {card}.").format(seat=f.s + 1, card=st.comp.card_name(f.card))
