"""Log lines (``describe``, per viewer), the pending decision in words, and action fields.

Hidden things are told only to the seats that may know them: a secret rune dealt, the dice
taken and the die passed in a quick draft, the claims sealed in simultaneous play. The others
read a neutral line that names the seat (who acts is public anyway).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from grimoire.core.i18n import DEFAULT, N_, language, translator
from grimoire.core.state import CHANCE
from grimoire.games.runika.actions import COLOUR_KINDS, DIE_KINDS, DIRS, SINGLE, lane_name
from grimoire.games.runika.components import FACES, SIDES
from grimoire.games.runika.frames import Ab, BagDraw, Main, Resolve, Roll
from grimoire.games.runika.patterns import cell_name

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


# Texts shown to people are in the current language (grimoire.core.i18n); the msgids are the
# English texts. The parser reads English; the terminal also takes a translated label as listed.
_ = translator("runika", Path(__file__).parent / "locale")

SINGLE_TEXT = {
    "done": N_("done"),
    "cancel": N_("cancel"),
    "roll": N_("roll"),
    "flame clear": N_("flame clear"),
    "turn cw": N_("turn cw"),
    "turn ccw": N_("turn ccw"),
}
KIND_TEXT = {
    "draft": N_("draft {colour}"),
    "pass": N_("pass {colour}"),
    "luniorn": N_("luniorn {colour}"),
    "orient": N_("orient {colour}"),
    "discard": N_("discard {die}"),
    "reroll": N_("reroll {die}"),
    "resolve": N_("resolve {die}"),
    "keep": N_("keep {die}"),
    "die": N_("die {die}"),
    "enter": N_("enter {side} {lane}"),
    "professor": N_("professor {name}"),
    "charm": N_("charm {name}"),
    "cell": N_("cell {cell}"),
    "dir": N_("dir {dir}"),
    "seat": N_("seat {seat}"),
    "ability": N_("ability {card}"),
    "claim": N_("claim {rune}"),
}
ROW_TEXT = N_("line row {row}")
COL_TEXT = N_("line col {col}")
AT_TEXT = N_("at {cell} {angle}")


def label(st: RunikaState, action: int) -> str:
    """A player action's label in the current language (English: the codec's own text)."""
    if language() == DEFAULT:
        return st.codec.to_text(action)
    if action in SINGLE:
        return _(SINGLE_TEXT[SINGLE[action]])
    comp = st.comp
    kind, args = st.codec.decode(action)
    arg = args[0]
    if kind in COLOUR_KINDS:
        return _(KIND_TEXT[kind]).format(colour=comp.letters[arg])
    if kind in DIE_KINDS:
        return _(KIND_TEXT[kind]).format(die=comp.die_text(arg))
    if kind == "enter":
        return _(KIND_TEXT[kind]).format(side=_(SIDES[arg]), lane=lane_name(arg, args[1]))
    if kind in ("professor", "charm"):
        return _(KIND_TEXT[kind]).format(name=comp.professors[arg].name)
    if kind == "cell":
        return _(KIND_TEXT[kind]).format(cell=cell_name(arg))
    if kind == "dir":
        return _(KIND_TEXT[kind]).format(dir=_(DIRS[arg]))
    if kind == "line":
        if arg < 4:
            return _(ROW_TEXT).format(row=arg + 1)
        return _(COL_TEXT).format(col="abcd"[arg - 4])
    if kind == "seat":
        return _(KIND_TEXT[kind]).format(seat=arg)
    if kind == "ability":
        return _(KIND_TEXT[kind]).format(card=st.codec.card_id(arg))
    if kind == "claim":
        return _(KIND_TEXT[kind]).format(rune=comp.runes[arg].id)
    return _(AT_TEXT).format(cell=cell_name(arg), angle=90 * args[1])


def describe(st: RunikaState, actor: int, action: int, viewer: int | None) -> str:
    comp = st.comp
    if actor == CHANCE:
        event = st.chance[0]
        kind, seat = event.kind, getattr(event, "s", -1)
        if kind == "first":
            return _("seat {seat} takes the initiative token").format(seat=action)
        if kind == "solo_prof":
            return _("{name} is turned over (solo)").format(name=comp.professors[action].name)
        if kind == "rune":
            return _("{name} is laid out on the display").format(name=comp.runes[action].name)
        if kind == "deal":
            if viewer == seat:
                return _("you are dealt the secret rune {name}").format(
                    name=comp.runes[action].name
                )
            return _("seat {seat} is dealt a secret rune").format(seat=seat)
        if kind == "ach":
            return _("seat {seat} gains the achievement {name}").format(
                seat=seat, name=comp.achievements[action].name
            )
        if isinstance(event, BagDraw):
            colour = comp.colours[action].name
            to = event.to
            if to == "qhand":
                if viewer == seat:
                    return _("you take a {colour} die").format(colour=_(colour))
                return _("seat {seat} takes a die").format(seat=seat)
            if to == "middle":
                return _("a {colour} die is drawn for the draft").format(colour=_(colour))
            if to == "remove":
                return _("a {colour} die is removed from the bag").format(colour=_(colour))
            return _("seat {seat} draws a {colour} die").format(seat=seat, colour=_(colour))
        assert isinstance(event, Roll)
        die = comp.die_text(4 * event.c + action)
        return _("seat {seat} rolls {die}").format(seat=seat, die=die)
    words = label(st, action)
    if st.phase == "pass":
        if viewer == actor:
            return _("you pass {die}").format(die=st.codec.to_text(action)[5:])
        return _("seat {seat} passes a die").format(seat=actor)
    if st.phase == "turns" and _sealed(st, actor) and viewer != actor:
        return _("seat {seat} makes a sealed claim choice").format(seat=actor)
    return _("seat {seat}: {action}").format(seat=actor, action=words)


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
        return _("seat {seat} takes a die from the middle").format(seat=st.draft_seat)
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
        return _("seat {seat} chooses its sealed claims").format(seat=seat)
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
    return _("seat {seat}: {action}").format(seat=seat, action=words)


def action_fields(st: RunikaState, action: int) -> dict[str, Any]:
    """Structured fields of a player action, for interfaces to match clicks."""
    comp = st.comp
    kind, args = st.codec.decode(action)
    arg = args[0] if args else 0
    doc: dict[str, Any] = {"kind": kind}
    if kind in COLOUR_KINDS:
        doc["colour"] = comp.letters[arg]
    elif kind in DIE_KINDS:
        doc["die"] = comp.die_text(arg)
        doc["colour"], doc["face"] = comp.letters[arg // 4], FACES[arg % 4]
    elif kind == "enter":
        doc["side"], doc["lane"] = SIDES[arg], args[1] + 1
    elif kind in ("professor", "charm"):
        doc["professor"] = comp.professors[arg].id
    elif kind == "cell":
        doc["cell"], doc["row"], doc["col"] = cell_name(arg), arg // 4 + 1, "abcd"[arg % 4]
    elif kind == "dir":
        doc["dir"] = DIRS[arg]
    elif kind == "line":
        doc["line"] = f"row {arg + 1}" if arg < 4 else f"col {'abcd'[arg - 4]}"
    elif kind == "seat":
        doc["seat"] = arg
    elif kind == "ability":
        doc["card"] = st.codec.card_id(arg)
    elif kind == "claim":
        doc["rune"] = comp.runes[arg].id
    elif kind == "at":
        doc["cell"], doc["rotation"] = cell_name(arg), 90 * args[1]
    return doc


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
