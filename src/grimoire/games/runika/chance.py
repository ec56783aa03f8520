"""Chance nodes: the head of the queue ``st.chance`` (events of ``frames.py``), one draw or roll
at a time.

=========  ====================================  ======================================
event      outcome                               weight
=========  ====================================  ======================================
first      the initiative holder's seat          1 each
solo_prof  the solo professor                    1 each (the four base professors)
rune       a basic rune into display ``slot``    copies left in the deck
deal       a secret rune for seat ``s``          copies left of that category (``cat``)
ach        an achievement kind for seat ``s``    copies left in the achievement deck
bag        a die colour drawn from the bag       dice of that colour in the bag
roll       the face type of a die of colour c    faces of that type on the die
=========  ====================================  ======================================

A bag draw goes ``to`` the middle (the draft), a quick-draft hand, ``roll`` (Ko'bataan, Tide
Pool: the die is rolled next) or ``remove`` (solo: out of play). A refill that draws a rune
already displayed stacks it on that one and draws again (rules, Clean-up).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Literal

from grimoire.core.i18n import DEFAULT, N_, language
from grimoire.games.runika.components import FACES, Components
from grimoire.games.runika.frames import AchDraw, BagDraw, Deal, FirstDraw, Roll, RuneDraw, SoloDraw
from grimoire.games.runika.text import _

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# the secret-rune categories, dealt in this order
CATEGORIES: tuple[Literal["start", "elem", "mastery"], ...] = ("start", "elem", "mastery")


def category(comp: Components, rune: int) -> str:
    """A rune's secret-rune category: a starting rune, an elemental rune (the other basic
    runes) or a mastery rune."""
    card = comp.runes[rune]
    return "mastery" if card.mastery else "start" if card.start else "elem"


def deal_pool(st: RunikaState, cat: str) -> list[int]:
    """Secret runes of a category still to deal: starting, elemental (the other basic runes,
    which all have a colour condition) or mastery."""
    if cat == "mastery":
        return st.mastery_box
    start = cat == "start"
    return [r for r in st.deck if st.tables.rune_start[r] == start]


def weights(st: RunikaState) -> list[tuple[int, int]]:
    event = st.chance[0]
    if isinstance(event, Roll):
        return st.tables.roll_weights[event.c][:]
    if isinstance(event, BagDraw):
        return [(c, count) for c, count in enumerate(st.bag) if count > 0]
    if isinstance(event, FirstDraw):
        return [(seat, 1) for seat in range(st.n)]
    if isinstance(event, SoloDraw):
        return [(p, 1) for p in st.rules.professors if st.tables.prof_token[p]]
    if isinstance(event, RuneDraw):
        return sorted(Counter(st.deck).items())
    if isinstance(event, Deal):
        return sorted(Counter(deal_pool(st, event.cat)).items())
    return sorted(Counter(st.ach_deck).items())


def apply(st: RunikaState, outcome: int) -> None:
    event = st.chance.pop(0)
    if isinstance(event, Roll):
        st.store[event.s] = sorted([*st.store[event.s], 4 * event.c + outcome])
    elif isinstance(event, BagDraw):
        st.bag[outcome] -= 1
        seat, to = event.s, event.to
        if to == "middle":
            st.middle = sorted([*st.middle, outcome])
        elif to == "qhand":
            st.qhand[seat] = sorted([*st.qhand[seat], outcome])
        elif to == "roll":
            st.chance.insert(0, Roll(s=seat, c=outcome))
        else:
            st.removed[outcome] += 1
    elif isinstance(event, FirstDraw):
        st.first = outcome
    elif isinstance(event, SoloDraw):
        st.solo_prof = outcome
    elif isinstance(event, RuneDraw):
        st.deck.remove(outcome)
        slot = event.slot
        for other, stack in enumerate(st.display):
            if other != slot and stack and stack[-1] == outcome:
                stack.append(outcome)  # identical: stacked, and another is drawn
                st.chance.insert(0, event)
                return
        st.display[slot].append(outcome)
    elif isinstance(event, Deal):
        if event.cat == "mastery":
            st.mastery_box.remove(outcome)
        else:
            st.deck.remove(outcome)
        st.secret[event.s].append(outcome)
        st.secret_got[event.s].append(0)
    else:
        assert isinstance(event, AchDraw)
        st.ach_deck.remove(outcome)
        st.achs[event.s].append([outcome, 0, 0])


def outcome_text(st: RunikaState, outcome: int) -> str:
    """The readable text of a chance outcome (parsed back by ``parse_action``)."""
    event = st.chance[0]
    kind, comp = event.kind, st.comp
    if kind == "first":
        return f"first player {outcome + 1}"  # seats counted from 1 for people
    if kind == "solo_prof":
        return f"solo professor {comp.professors[outcome].name}"
    if kind in ("rune", "deal"):
        return f"{kind} {comp.runes[outcome].id}"
    if kind == "ach":
        return f"achievement {comp.achievements[outcome].id}"
    if kind == "bag":
        return f"bag {comp.letters[outcome]}"
    assert isinstance(event, Roll)
    return f"roll {comp.letters[event.c]}{'1erf'[outcome]} ({FACES[outcome]})"


def read_outcome(st: RunikaState, source: str) -> int | None:
    """The outcome whose English text (``outcome_text``) ``source`` is, in any case and
    spacing, or None."""
    wanted = " ".join(source.lower().split())
    for outcome, _weight in weights(st):
        if outcome_text(st, outcome).lower() == wanted:
            return outcome
    return None


# A chance outcome's label in the current language (English: ``outcome_text``, which the
# parser reads; the others are for people only).
OUTCOME_TEXT = {
    "first": N_("first player {seat}"),
    "solo_prof": N_("solo professor {name}"),
    "rune": N_("rune {rune}"),
    "deal": N_("secret rune {rune}"),
    "ach": N_("achievement {card}"),
    "bag": N_("bag {colour}"),
    "roll": N_("roll {die} ({face})"),
}
FACE_WORDS = (N_("1 point"), N_("element"), N_("rotate"), N_("flame"))  # FACES, in words


def outcome_label(st: RunikaState, outcome: int) -> str:
    """``outcome_text`` as a person reads it in the current language."""
    if language() == DEFAULT:
        return outcome_text(st, outcome)
    event = st.chance[0]
    kind, comp = event.kind, st.comp
    words = _(OUTCOME_TEXT[kind])
    if kind == "first":
        return words.format(seat=outcome + 1)
    if kind == "solo_prof":
        return words.format(name=comp.professors[outcome].name)
    if kind in ("rune", "deal"):
        return words.format(rune=comp.runes[outcome].id)
    if kind == "ach":
        return words.format(card=comp.achievements[outcome].id)
    if kind == "bag":
        return words.format(colour=comp.letters[outcome])
    assert isinstance(event, Roll)
    die = comp.die_text(4 * event.c + outcome)
    return words.format(die=die, face=_(FACE_WORDS[outcome]))
