"""Texts: chance outcomes, the log line each viewer may read (``describe``), the prompt of
the pending decision and the refusals (the actions' own texts are declared in ``actions``).

``describe`` is deterministic and depends only on the position, the action and the viewer;
private notices (a card drawn, a character dealt, a treasure stolen unseen, a sealed choice)
go only to the seats that may know them, the others read a neutral line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from grimoire.core.i18n import N_, translator
from grimoire.core.state import CHANCE
from grimoire.games.fatal import frames as F

if TYPE_CHECKING:
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState

# Texts shown to people are in the current language (grimoire.core.i18n); the msgids are the
# English texts. Action ids, records and positions do not depend on it; the parser reads the
# English texts and the texts as shown (``actions.ACTIONS``).
_ = translator("fatal", Path(__file__).parent / "locale")


def _english(message: str) -> str:
    return message


# the signs' colours as shown (the components data names them in English)
COLOUR_TEXT = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "green": N_("green"),
    "violet": N_("violet"),
}


def colour_text(colour: str) -> str:
    """A sign's colour in the current language (a colour the data adds stays as written)."""
    return _(COLOUR_TEXT[colour]) if colour in COLOUR_TEXT else colour


def _card(st: FatalState, kind: int) -> str:
    comp = st.comp
    name = comp.card_name(kind)
    if comp.is_vision(kind):
        v = comp.visions[kind]
        return f"{name} ({v.type} {v.symbol})"
    return name


def _treasure(st: FatalState, kind: int) -> str:
    return st.comp.treasure_name(kind)


def _face_up(st: FatalState, seat: int, kind: int) -> bool:
    """Whether a treasure of ``kind`` joining ``seat`` lies face up (public)."""
    if not st.revealed[seat] or kind == st.comp.queen:
        return False
    return st.comp.treasure_kinds[kind][0] == st.char[seat]


def chance_text(st: FatalState, outcome: int) -> str:
    """The full truth about a chance outcome, in English (records, the omniscient log and the
    parser of chance outcomes)."""
    return _truth(st, outcome, _english)


def _truth(st: FatalState, outcome: int, tr: Callable[[str], str]) -> str:
    """The full truth about a chance outcome; ``tr`` translates (or not) the templates."""
    f = st.stack[-1]
    comp = st.comp
    if isinstance(f, F.Char):
        return tr(N_("seat {seat} is {sign}")).format(seat=f.s + 1, sign=comp.signs[outcome].name)
    if isinstance(f, F.First):
        return tr(N_("seat {seat} starts")).format(seat=outcome + 1)
    if isinstance(f, F.Draw):
        verb = {
            "hand": N_("seat {seat} draws {card}"),
            "aside": N_("seat {seat} sets aside {card}"),
            "look": N_("seat {seat} looks at {card}"),
        }[f.to]
        return tr(verb).format(seat=f.s + 1, card=comp.card_name(outcome))
    if isinstance(f, F.TDraw):
        if f.to == "top":
            return tr(N_("seat {seat} sees {treasure}")).format(
                seat=f.s + 1, treasure=_treasure(st, outcome)
            )
        if outcome == comp.queen:
            return tr(N_("the Enchantress Queen is revealed"))
        return tr(N_("{treasure} to slot {slot}")).format(
            treasure=_treasure(st, outcome), slot=f.slot + 1
        )
    if isinstance(f, F.RSteal):
        return tr(N_("seat {seat} steals {treasure} from seat {victim}")).format(
            seat=f.s + 1, treasure=_treasure(st, outcome), victim=f.victim + 1
        )
    if isinstance(f, F.RCard):
        if f.s < 0:
            return tr(N_("seat {seat} discards {card}")).format(
                seat=f.victim + 1, card=comp.card_name(outcome)
            )
        return tr(N_("seat {seat} takes {card} from seat {victim}")).format(
            seat=f.s + 1, card=comp.card_name(outcome), victim=f.victim + 1
        )
    if isinstance(f, F.Share):
        return tr(N_("seat {seat} gets {treasure} of seat {victim}")).format(
            seat=f.to + 1, treasure=_treasure(st, outcome), victim=f.victim + 1
        )
    return tr(N_("outcome {outcome}")).format(outcome=outcome)


def describe(st: FatalState, actor: int, action: int, viewer: int | None) -> str:
    if actor == CHANCE:
        return _describe_chance(st, action, viewer)
    f = st.stack[-1]
    name, args = st.codec.decode(action)
    me = viewer == actor
    # every line names its actor first ("seat 2: ..."): the terminal and the page show who
    # acted apart, so a line never says the seat twice
    if isinstance(f, F.Reveal):
        if me:
            if name == "reveal":
                return _("you choose to reveal your character")
            return _("you choose to hide your character")
        said = _("has chosen (sealed: reveal or hide)")
    elif isinstance(f, F.XKeep):
        if me:
            return _("you keep {card}").format(card=_card(st, args[0]))
        said = _("keeps a card of the four drawn")
    elif isinstance(f, F.GazeOrder):
        if me:
            return _("you put {treasure} at position {place} of the deck").format(
                treasure=_treasure(st, args[0]), place=f.place + 1
            )
        said = _("puts a treasure back on the treasure deck (Crystal Gaze)")
    else:
        said = public_text(st, f, action)
    return _("seat {seat}: {action}").format(seat=actor + 1, action=said)


DONE_TEXT = {
    "act1": N_("no enchantment"),
    "steal": N_("no steal"),
    "play": N_("no more visions"),
    "xdisc": N_("discards no more cards"),
    "keep": N_("keeps no treasure"),
    "slot": N_("takes no treasure"),
}
TREASURE_TEXT = {
    "xgive": N_("gives up (to the bottom of the treasure deck) {treasure}"),
    "trade": N_("trades {treasure}"),
    "keep": N_("keeps face up {treasure}"),
}
SEAT_TEXT = {
    "gift": N_("gives the treasure to seat {seat}"),
    "pick": N_("picks a card from seat {seat}'s hand"),
    "unmask": N_("looks at seat {seat}'s character"),
}


def public_text(st: FatalState, f: Frame, action: int) -> str:
    """An action everyone sees, in words (the current language): what it does in answer to
    the pending question ``f``."""
    name, args = st.codec.decode(action)
    said = PUBLIC_TEXT.get(name)
    return st.codec.text(action, st) if said is None else said(st, f, args)


Args = tuple[int, ...]


def _said_done(st: FatalState, f: Frame, args: Args) -> str:
    return _(DONE_TEXT.get(f.kind, N_("done")))


def _said_exchange(st: FatalState, f: Frame, args: Args) -> str:
    return _("gives up a treasure to exchange cards")


def _said_shield(st: FatalState, f: Frame, args: Args) -> str:
    by = f.by if isinstance(f, F.Shield) else -1
    return _("plays Elemental Shield against seat {seat}").format(seat=by + 1)


def _said_allow(st: FatalState, f: Frame, args: Args) -> str:
    by = f.by if isinstance(f, F.Shield) else -1
    return _("does not shield against seat {seat}").format(seat=by + 1)


def _said_enchant(st: FatalState, f: Frame, args: Args) -> str:
    return _("plays {card}").format(card=st.comp.enchantments[args[0]].name)


def _said_play(st: FatalState, f: Frame, args: Args) -> str:
    return _("plays {card} to row {row}").format(card=_card(st, args[0]), row=args[1] + 1)


def _said_steal(st: FatalState, f: Frame, args: Args) -> str:
    return _("steals the last vision of seat {seat}'s row {row}").format(
        seat=args[0] + 1, row=args[1] + 1
    )


def _said_to_row(st: FatalState, f: Frame, args: Args) -> str:
    return _("puts the stolen vision in row {row}").format(row=args[0] + 1)


def _said_card(st: FatalState, f: Frame, args: Args) -> str:
    if f.kind in ("xdisc", "discard"):
        return _("discards {card}").format(card=_card(st, args[0]))
    return _("chooses {card}").format(card=_card(st, args[0]))


def _said_treasure(st: FatalState, f: Frame, args: Args) -> str:
    template = TREASURE_TEXT.get(f.kind, N_("chooses {treasure}"))
    return _(template).format(treasure=_treasure(st, args[0]))


def _said_slot(st: FatalState, f: Frame, args: Args) -> str:
    t = st.display[args[0]]
    slot = args[0] + 1
    take = isinstance(f, F.SlotPick) and f.mode == "take"
    receiver = f.receiver_or_kind if isinstance(f, F.SlotPick) else -1
    if t < 0:
        if take:
            return _("gives nothing (slot {slot}) to seat {seat}").format(
                slot=slot, seat=receiver + 1
            )
        return _("takes nothing from slot {slot}").format(slot=slot)
    what = _treasure(st, st.tkind(t))
    if take:
        return _("gives {treasure} (slot {slot}) to seat {seat}").format(
            treasure=what, slot=slot, seat=receiver + 1
        )
    return _("takes {treasure} from slot {slot}").format(treasure=what, slot=slot)


def _said_seat(st: FatalState, f: Frame, args: Args) -> str:
    if f.kind == "target":
        return cast_text(st, args[0])
    template = SEAT_TEXT.get(f.kind, N_("chooses seat {seat}"))
    return _(template).format(seat=args[0] + 1)


# what a trimagic does to its target, as everyone may read it (public counts only)
CAST_EFFECT = {
    "DRAW": N_("seat {seat} gets {count} cards drawn"),
    "TAKE": N_("seat {seat} gets {count} display treasures"),
    "STEAL": N_("takes {count} random face-down treasures of seat {seat}"),
    "DISCARD": N_("seat {seat} discards {count} random cards"),
}
CAST_EFFECT_ONE = {
    "DRAW": N_("seat {seat} gets 1 card drawn"),
    "TAKE": N_("seat {seat} gets 1 display treasure"),
    "STEAL": N_("takes 1 random face-down treasure of seat {seat}"),
    "DISCARD": N_("seat {seat} discards 1 random card"),
}


def cast_text(st: FatalState, target: int) -> str:
    """A trimagic cast on ``target``, as a person would say it: "casts a DRAW trimagic (row 1)
    on seat 2: seat 2 gets 2 cards drawn" (the ``tri`` frame is below the target's)."""
    tri = st.stack[-2] if len(st.stack) > 1 else None
    if not isinstance(tri, F.Tri):
        return _("targets seat {seat}").format(seat=target + 1)
    count = tri.strength
    if tri.effect == "STEAL":
        count = min(count, len(st.tre[target]))
    elif tri.effect == "DISCARD":
        count = min(count, len(st.hands[target]))
    elif tri.effect == "DRAW":
        count = len(st.looking)
    table = CAST_EFFECT_ONE if count == 1 else CAST_EFFECT
    effect = _(table[tri.effect]).format(seat=target + 1, count=count)
    return _("casts a {type} trimagic (row {row}) on seat {seat}: {effect}").format(
        type=tri.effect, row=tri.row + 1, seat=target + 1, effect=effect
    )


def _said_row(st: FatalState, f: Frame, args: Args) -> str:
    if f.kind == "wind":
        return _("blows away the last vision of seat {seat}'s row {row}").format(
            seat=args[0] + 1, row=args[1] + 1
        )
    return _("swaps with seat {seat}'s row {row}").format(seat=args[0] + 1, row=args[1] + 1)


def _said_mine(st: FatalState, f: Frame, args: Args) -> str:
    return _("swaps their row {row} card {place}").format(row=args[0] + 1, place=args[1] + 1)


def _said_cast(st: FatalState, f: Frame, args: Args) -> str:
    return _("casts row {row} first").format(row=args[0] + 1)


# action kind -> its public text (a kind not listed, reveal and hide, is said as labelled)
PUBLIC_TEXT: dict[str, Callable[[FatalState, Frame, Args], str]] = {
    "done": _said_done,
    "exchange": _said_exchange,
    "shield": _said_shield,
    "allow": _said_allow,
    "enchant": _said_enchant,
    "play": _said_play,
    "steal": _said_steal,
    "to-row": _said_to_row,
    "card": _said_card,
    "treasure": _said_treasure,
    "slot": _said_slot,
    "seat": _said_seat,
    "row": _said_row,
    "mine": _said_mine,
    "cast": _said_cast,
}


def _describe_chance(st: FatalState, outcome: int, viewer: int | None) -> str:
    f = st.stack[-1]
    comp = st.comp
    truth = _truth(st, outcome, _)
    if isinstance(f, F.Char):
        s = f.s
        if viewer == s:
            sign = comp.signs[outcome]
            rival = comp.signs[st.lay.opposing(outcome)]
            return _(
                "you are {sign} ({colour}); your opposing sign is {rival} ({rival_colour})"
            ).format(
                sign=sign.name,
                colour=colour_text(sign.colour),
                rival=rival.name,
                rival_colour=colour_text(rival.colour),
            )
        return _("seat {seat} is dealt a character").format(seat=s + 1)
    if isinstance(f, F.Draw):
        s, to = f.s, f.to
        if to == "aside":
            return _("seat {seat} sets a card aside face down").format(seat=s + 1)
        if viewer == s:
            if to == "hand":
                return _("you draw {card}").format(card=_card(st, outcome))
            return _("you look at {card}").format(card=_card(st, outcome))
        if to == "hand":
            return _("seat {seat} draws a card").format(seat=s + 1)
        return _("seat {seat} draws a card to look at").format(seat=s + 1)
    if isinstance(f, F.TDraw) and f.to == "top":
        if viewer == f.s:
            return _("you see {treasure} (Crystal Gaze)").format(treasure=_treasure(st, outcome))
        return _("seat {seat} looks at a treasure of the deck").format(seat=f.s + 1)
    if isinstance(f, F.RSteal):
        s, v = f.s, f.victim
        if viewer in (s, v) or _face_up(st, s, outcome):
            return truth
        return _("seat {seat} steals a treasure from seat {victim}").format(
            seat=s + 1, victim=v + 1
        )
    if isinstance(f, F.RCard) and f.s >= 0:
        s, v = f.s, f.victim
        if viewer in (s, v):
            return truth
        return _("seat {seat} takes a card from seat {victim}").format(seat=s + 1, victim=v + 1)
    if isinstance(f, F.Share):
        if viewer == f.to or _face_up(st, f.to, outcome):
            return truth
        return _("seat {seat} gets a treasure of seat {victim}").format(
            seat=f.to + 1, victim=f.victim + 1
        )
    return truth


# ---------------------------------------------------------------------- prompt
PROMPTS = {
    "act1": N_("step 1: play an enchantment, exchange cards for a treasure, or done"),
    "steal": N_("step 2: steal the last vision of a row, or done"),
    "torow": N_("which of your rows takes the stolen vision"),
    "play": N_("step 3: play a vision into a row, or done"),
    "xgive": N_("exchange: give up a treasure valued 1, 2 or 3"),
    "xdisc": N_("exchange: discard a card (up to four), or done"),
    "xkeep": N_("exchange: keep a card of the four you drew"),
    "gift": N_("give the treasure to a player (yourself included)"),
    "target": N_("choose the trimagic's target"),
    "cast": N_("two trimagics: which row casts first"),
    "discard": N_("discard down to six cards"),
    "swapmy": N_("Magical Swap: one of your visions"),
    "swapth": N_("Magical Swap: a row of another player (same position)"),
    "wind": N_("Wind of Oblivion: the row whose last vision is discarded"),
    "pick": N_("Pickpocket: whose hand"),
    "unmask": N_("Unmasking: whose character"),
    "trade": N_("Fairy Trade: one of your treasures"),
    "gorder": N_("Crystal Gaze: the next treasure from the top"),
    "keep": N_("keep one treasure of your colour face up, or done"),
}


def prompt(st: FatalState) -> str:
    """The pending decision in words (public; the current language)."""
    if st.phase == "over":
        if st.special >= 0:
            return _("game over: seat {seat} eliminated its opposing sign").format(
                seat=st.special + 1
            )
        return _("game over")
    f = st.stack[-1]
    if isinstance(f, F.Reveal):
        return _("end of round 1: everyone chooses at once to reveal or hide their character")
    if isinstance(f, F.Shield):
        return _("seat {seat}: Elemental Shield against seat {by}'s trimagic, or allow").format(
            seat=f.s + 1, by=f.by + 1
        )
    if isinstance(f, F.SlotPick):
        if f.mode == "star":
            what = _("3 or more stars: take a display treasure")
        elif f.mode == "take":
            what = _("TAKE: a display treasure for seat {seat}").format(seat=f.receiver_or_kind + 1)
        else:
            what = _("Fairy Trade: a display treasure")
        return _("seat {seat}: {what}").format(seat=f.s + 1, what=what)
    if isinstance(f, F.Decision) and f.kind in PROMPTS:
        return _("seat {seat}: {what}").format(seat=f.s + 1, what=_(PROMPTS[f.kind]))
    return _("chance: {kind}").format(kind=f.kind)


def refusal(st: FatalState, actor: int, action: int) -> str:
    """Why a player action is refused: the rule it breaks when the action answers the pending
    question (a card not in hand, a full row), else the pending decision; and what is legal
    now."""
    legal = st.legal_actions(actor)
    label = st.codec.text
    listed = ", ".join(label(a, st) for a in legal[:8]) + (", ..." if len(legal) > 8 else "")
    reason = why_not(st, actor, action)
    if reason is not None:
        return _("'{action}' is not possible: {reason}; legal now: {legal}").format(
            action=label(action, st), reason=reason, legal=listed
        )
    return _("'{action}' is not legal now: {prompt}; legal now: {legal}").format(
        action=label(action, st), prompt=prompt(st), legal=listed
    )


def why_not(st: FatalState, seat: int, action: int) -> str | None:
    """The rule an action of the pending question's kind breaks, or None (another question)."""
    name, args = st.codec.decode(action)
    frame = st.stack[-1].kind if st.stack else ""
    comp = st.comp
    # the card kind the action names (enchant's argument counts the enchantment kinds)
    kind = comp.enchantments[args[0]].kind if name == "enchant" else args[0] if args else -1
    hand = {st.kind(card) for card in st.hands[seat]}
    if (name, frame) in (("play", "play"), ("enchant", "act1")) or (
        name == "card" and frame in ("xdisc", "discard")
    ):
        if kind not in hand:
            return _("{card} is not in your hand").format(card=comp.card_name(kind))
        if name == "play" and len(st.rows[seat][args[1]]) >= comp.row_length:
            return _("your row {row} is full").format(row=args[1] + 1)
    if name == "card" and frame == "xkeep":
        return _("{card} is not among the cards you look at").format(card=comp.card_name(kind))
    return None
