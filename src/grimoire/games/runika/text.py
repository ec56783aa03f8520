"""Log lines (``describe``, per viewer), the pending decision in words, and why an action is
refused (the action texts themselves are declared in ``actions.py``).

Hidden things are told only to the seats that may know them: a secret rune dealt, the dice
taken and the die passed in a quick draft, the claims sealed in simultaneous play. The others
read a neutral line that names the seat (who acts is public anyway).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from grimoire.core.i18n import N_, translator
from grimoire.core.state import CHANCE
from grimoire.games.runika.frames import Ab, BagDraw, Main, Resolve, Roll

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# Texts shown to people are in the current language (grimoire.core.i18n); the msgids are the
# English texts.
_ = translator("runika", Path(__file__).parent / "locale")


def describe(st: RunikaState, actor: int, action: int, viewer: int | None) -> str:
    comp = st.comp
    if actor == CHANCE:
        event = st.chance[0]
        kind, seat = event.kind, getattr(event, "s", -1)
        if kind == "first":
            return _("seat {seat} takes the initiative token").format(seat=action + 1)
        if kind == "solo_prof":
            return _("{name} is turned over (solo)").format(name=comp.professors[action].name)
        if kind == "rune":
            return _("{name} is laid out on the display").format(name=comp.runes[action].name)
        if kind == "deal":
            if viewer == seat:
                return _("you are dealt the secret rune {name}").format(
                    name=comp.runes[action].name
                )
            return _("seat {seat} is dealt a secret rune").format(seat=seat + 1)
        if kind == "ach":
            return _("seat {seat} gains the achievement {name}").format(
                seat=seat + 1, name=comp.achievements[action].name
            )
        if isinstance(event, BagDraw):
            colour = comp.colours[action].name
            to = event.to
            if to == "qhand":
                if viewer == seat:
                    return _("you take a {colour} die").format(colour=_(colour))
                return _("seat {seat} takes a die").format(seat=seat + 1)
            if to == "middle":
                return _("a {colour} die is drawn for the draft").format(colour=_(colour))
            if to == "remove":
                return _("a {colour} die is removed from the bag").format(colour=_(colour))
            return _("seat {seat} draws a {colour} die").format(seat=seat + 1, colour=_(colour))
        assert isinstance(event, Roll)
        die = comp.die_text(4 * event.c + action)
        return _("seat {seat} rolls {die}").format(seat=seat + 1, die=die)
    words = st.action_to_string(action)
    if st.phase == "pass":
        if viewer == actor:
            return _("you pass {die}").format(die=comp.letters[st.codec.decode(action).arg])
        return _("seat {seat} passes a die").format(seat=actor + 1)
    if st.phase == "turns" and _sealed(st, actor) and viewer != actor:
        return _("seat {seat} makes a sealed claim choice").format(seat=actor + 1)
    return _("seat {seat}: {action}").format(seat=actor + 1, action=words)


# Why the game ended (flow.finish / flow.end_reason), as a person is told it.
ENDED_TEXT = {
    "goal": N_("the game is over: the points goal was reached at the round's end"),
    "deck": N_("the game is over: the rune deck ran out"),
    "achievements": N_("the game is over: the achievement deck ran out"),
    "starting_rune": N_("the game is over: a starting rune was gained (short game)"),
    "secret": N_("the game is over: all three secret runes were gained"),
    "solo_win": N_("you win: the solo runes are complete"),
    "solo_loss": N_("you lose: the bag cannot supply another round (solo)"),
}


def prompt(st: RunikaState, viewer: int | None) -> str:
    """The pending decision in words (never a hidden detail)."""
    if st.phase == "over":
        why = ENDED_TEXT.get(st.ended)
        return _(why) if why else _("the game is over ({why})").format(why=st.ended)
    if st.chance:
        return _("chance: {what}").format(what=_chance_words(st))
    if st.phase == "draft":
        return _("seat {seat} takes a die from the middle").format(seat=st.draft_seat + 1)
    if st.phase == "pass":
        return _("quick draft: every player passes one die in secret")
    if st.phase != "turns":
        return _("the round ends")
    seats = sorted(s for s in range(st.n) if st.stacks[s])
    return "; ".join(_seat_prompt(st, s, viewer) for s in seats)


def _chance_words(st: RunikaState) -> str:
    return _(CHANCE_WORDS[st.chance[0].kind])


CHANCE_WORDS = {
    "first": N_("the initiative holder is drawn"),
    "solo_prof": N_("the solo professor is drawn"),
    "rune": N_("a rune is drawn for the display"),
    "deal": N_("a secret rune is dealt"),
    "ach": N_("an achievement card is drawn"),
    "bag": N_("a die is drawn from the bag"),
    "roll": N_("a die is rolled"),
}
COLOUR_WORDS = (N_("green"), N_("red"), N_("blue"), N_("yellow"))  # the dice colours
STAGE_WORDS = {
    "reroll": N_("re-roll (discard a die to re-roll others) or done"),
    "resolve": N_("resolve a stored die"),
    "claims": N_("claim runes or done"),
}
RESOLVE_DIE = N_("resolve the die {die}")
FRAME_WORDS = {
    "pick": N_("mark dice to re-roll, then roll"),
    "fort": N_("Fortification: keep the die pushed off?"),
    "quarry": N_("Quarry: turn the disc clockwise?"),
    "at": N_("where does the claimed pattern lie?"),
}


def _sealed(st: RunikaState, seat: int) -> bool:
    """Simultaneous play: the seat is choosing its sealed claims."""
    stack = st.stacks[seat]
    return (
        st.rules.simultaneous
        and bool(stack)
        and isinstance(stack[0], Main)
        and stack[0].stage == "claims"
    )


def _seat_prompt(st: RunikaState, seat: int, viewer: int | None) -> str:
    if _sealed(st, seat) and viewer != seat:
        return _("seat {seat} chooses its sealed claims").format(seat=seat + 1)
    top = st.stacks[seat][-1]
    if isinstance(top, Main):
        stage = top.stage
        words = _(STAGE_WORDS[stage]) if stage in STAGE_WORDS else stage
    elif isinstance(top, Resolve):
        words = _(RESOLVE_DIE).format(die=st.comp.die_text(top.d))
    elif isinstance(top, Ab):
        words = _("ability {name}").format(name=top.kind.replace("_", " "))
    else:
        words = _(FRAME_WORDS[top.kind])
    return _("seat {seat}: {action}").format(seat=seat + 1, action=words)


def why_not(st: RunikaState, seat: int, action: int) -> str | None:
    """The rule an action of a kind asked for now breaks (a die not in the middle or not in
    your storage, a rune not on display or not in your grid), or None: the caller then names
    the pending decision."""
    choice = st.codec.decode(action)
    kind, arg = choice.kind, choice.arg
    if kind not in {st.codec.decode(a).kind for a in st.legal_actions(seat)}:
        return None
    comp = st.comp
    if kind == "draft" and arg not in st.middle:
        return _("no {colour} die is left in the middle").format(colour=_(comp.colours[arg].name))
    if kind in ("discard", "reroll", "resolve", "keep") and arg not in st.store[seat]:
        return _("there is no {die} in your storage").format(die=comp.die_text(arg))
    if kind == "claim":
        shown = {stack[-1] for stack in st.display if stack}
        shown |= {rune for rune, _owner in st.mastery_row}
        name = comp.runes[arg].name
        if arg not in shown and arg not in st.secret[seat]:
            return _("{rune} is not on display").format(rune=name)
        return _("your grid does not hold the pattern of {rune} now").format(rune=name)
    return None
