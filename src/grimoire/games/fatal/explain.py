"""The rule behind every move (``Game.explain``): what an action would do for the seat that
may take it, in its words, with the rule and its section in docs/rules/fatal.md.

Built from what that seat may see only: the public board, its own hand, treasures and
character, and the cards it looks at. The pending question is the top frame; an action means
what it answers there (``card V13`` discards in the exchange and keeps in ``xkeep``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from grimoire.core.i18n import N_
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.components import BEATS
from grimoire.games.fatal.facts import own_colour, stars, total
from grimoire.games.fatal.text import _, colour_text

if TYPE_CHECKING:
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState

# the sections of docs/rules/fatal.md an explanation names
RULES = {
    "step1": N_("a turn, step 1: an enchantment or the exchange"),
    "step2": N_("a turn, step 2: steal one vision"),
    "step3": N_("a turn, step 3: play one or two visions"),
    "stars": N_("a turn, end A: stars"),
    "casts": N_("a turn, end B: trimagics"),
    "hand": N_("a turn, end C: the hand limit"),
    "trimagic": N_("Trimagics"),
    "shield": N_("Trimagics: the Elemental Shield window"),
    "round": N_("The end of a round: the reveal"),
    "enchantment": N_("Enchantments: {card}"),
}
ORIENTATION = {
    (0, False): N_("straight, showing its type {type} (the type of the row's trimagic)"),
    (1, False): N_("reversed, showing ONE (the row's trimagic hits one player)"),
    (1, True): N_("reversed, showing SECOND (the row's trimagic hits a second player too)"),
    (2, False): N_(
        "sideways, showing its tip (its stars and the 2nd card's foot stars make the "
        "trimagic's strength: 2 or more, 2 cards or treasures a player)"
    ),
}
EFFECT = {
    "DRAW": N_("seat {seat} gets the {count} cards you drew ({cards})"),
    "TAKE": N_("seat {seat} gets {count} display treasures, which you choose one at a time"),
    "STEAL": N_("you take {count} random face-down treasures of seat {seat} (it has {has})"),
    "DISCARD": N_("seat {seat} discards {count} random cards of its hand (it holds {has})"),
}
ON_YOU = {
    "DRAW": N_("you get the {count} cards seat {seat} drew"),
    "TAKE": N_("you get {count} display treasures, which seat {seat} chooses"),
    "STEAL": N_("seat {seat} takes {count} random face-down treasures of yours"),
    "DISCARD": N_("you discard {count} random cards of your hand"),
}
# the same, when the count is one (English says "1 card", not "1 cards")
EFFECT_ONE = {
    "DRAW": N_("seat {seat} gets the card you drew ({cards})"),
    "TAKE": N_("seat {seat} gets 1 display treasure, which you choose"),
    "STEAL": N_("you take 1 random face-down treasure of seat {seat} (it has {has})"),
    "DISCARD": N_("seat {seat} discards 1 random card of its hand (it holds {has})"),
}
ON_YOU_ONE = {
    "DRAW": N_("you get the card seat {seat} drew"),
    "TAKE": N_("you get 1 display treasure, which seat {seat} chooses"),
    "STEAL": N_("seat {seat} takes 1 random face-down treasure of yours"),
    "DISCARD": N_("you discard 1 random card of your hand"),
}

Args = tuple[int, ...]
Explainer = Callable[["FatalState", "Frame", Args, int], tuple[str, str]]


def explain(st: FatalState, action: int, seat: int) -> str:
    """What ``action`` does for ``seat`` now, and the rule (the game's words)."""
    f = st.stack[-1] if st.stack else None
    name, args = st.codec.decode(action)
    said = KINDS.get(name)
    if f is None or said is None:
        return st.codec.text(action, st)
    what, rule = said(st, f, args, seat)
    return _("{what} (rules: {rule})").format(what=what, rule=rule)


def _rule(key: str, **values: str) -> str:
    return _(RULES[key]).format(**values)


def _vision(st: FatalState, kind: int) -> str:
    v = st.comp.visions[kind]
    return f"{v.id} ({v.type} {v.symbol})"


def _treasure(st: FatalState, kind: int) -> str:
    """A treasure kind with its value and colour (``Y3, 3 points, yellow``)."""
    comp = st.comp
    if kind == comp.queen:
        return comp.treasure_name(kind)
    sign, value = comp.treasure_kinds[kind]
    return _("{treasure} ({colour}, worth {value})").format(
        treasure=comp.treasure_name(kind), value=value, colour=colour_text(comp.signs[sign].colour)
    )


def _mine(st: FatalState, seat: int, kind: int) -> str:
    """ " (your colour)" when ``kind`` is a treasure of ``seat``'s own colour (it knows its
    character), else nothing."""
    comp = st.comp
    sign = st.char[seat]
    if kind == comp.queen or sign < 0 or comp.treasure_kinds[kind][0] != sign:
        return ""
    return _(" (your colour: scored by the chart if you reveal your character)")


# ---------------------------------------------------------------------- each kind
def _done(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    if isinstance(f, F.Act1):
        return _("no enchantment and no exchange this turn; you go on to step 2"), _rule("step1")
    if isinstance(f, F.Steal):
        return _("steals nothing; you go on to play visions"), _rule("step2")
    if isinstance(f, F.Play):
        return _("plays no more visions; your turn goes on to its end (stars, trimagics)"), _rule(
            "step3"
        )
    if isinstance(f, F.XDisc):
        parent = st.stack[-2] if len(st.stack) > 1 else None
        kept = parent.discarded if isinstance(parent, F.Exchange) else 0
        return _(
            "discards no more cards: you draw 4 cards, keep {count} of them (one per card "
            "discarded) and discard the rest"
        ).format(count=kept), _rule("step1")
    if isinstance(f, F.Keep):
        return _("keeps no treasure face up: every treasure you hold is discarded"), _rule("round")
    return _("takes no display treasure"), _rule("stars")


def _exchange(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    return _(
        "the exchange instead of an enchantment: give up a treasure valued 1, 2 or 3 (shown, "
        "then under the treasure deck), discard up to 4 cards, draw 4 and keep as many as you "
        "discarded"
    ), _rule("step1")


def _tri_below(st: FatalState) -> F.Tri | None:
    tri = st.stack[-2] if len(st.stack) > 1 else None
    return tri if isinstance(tri, F.Tri) else None


def _on_you(st: FatalState, tri: F.Tri, seat: int) -> str:
    has = len(st.tre[seat]) if tri.effect == "STEAL" else len(st.hands[seat])
    count = tri.strength if tri.effect in ("DRAW", "TAKE") else min(tri.strength, has)
    table = ON_YOU_ONE if count == 1 else ON_YOU
    return _(table[tri.effect]).format(count=count, seat=tri.s + 1)


def _shield(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    tri = _tri_below(st)
    what = tri.effect if tri else "?"
    return _(
        "discards your Elemental Shield: seat {seat}'s {type} trimagic does nothing to you "
        "(a DRAW's cards are discarded, a TAKE leaves the display alone); you draw a "
        "replacement card set aside"
    ).format(seat=f.by + 1 if isinstance(f, F.Shield) else "?", type=what), _rule("shield")


def _allow(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    tri = _tri_below(st)
    by = f.by + 1 if isinstance(f, F.Shield) else "?"
    if tri is None:
        return _("lets the trimagic through"), _rule("shield")
    return _("lets seat {seat}'s {type} trimagic through: {effect}").format(
        seat=by, type=tri.effect, effect=_on_you(st, tri, seat)
    ), _rule("shield")


def _reveal(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    sign = st.char[seat]
    comp = st.comp
    who = comp.signs[sign].name if sign >= 0 else "?"
    colour = colour_text(comp.signs[sign].colour) if sign >= 0 else "?"
    return _(
        "shows your character {sign} ({colour}) to everyone: you draw a card and may keep one "
        "{colour} treasure face up; in round 2 your face-up {colour} treasures are safe from "
        "STEAL and score by the chart 1, 3, 6, 10, 15, and whoever eliminates you wins if you "
        "are their opposing sign"
    ).format(sign=who, colour=colour), _rule("round")


def _hide(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    return _(
        "keeps your character hidden: no card, no treasure kept face up; every treasure you "
        "hold is discarded, and in round 2 each treasure scores its face value"
    ), _rule("round")


def _enchant(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    ench = st.comp.enchantments[args[0]]
    what = _(ench.text)  # the shipped texts are in the catalogue (faces.py)
    if ench.effect == "star":
        have = stars(st, seat) + st.bonus
        what += " " + _(
            "Your rows show {have} stars: {more} with it ({need} take a display treasure)."
        ).format(have=have, more=have + 2, need=st.comp.stars_needed)
    after = _("You draw a card set aside to replace it.")
    return f"{ench.name}: {what} {after}", _rule("enchantment", card=ench.name)


def _play(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    kind, r = args
    comp = st.comp
    v = comp.visions[kind]
    p = len(st.rows[seat][r])
    shown = _(ORIENTATION[p, v.second and p == 1]).format(type=v.type)
    what = _("plays {card} into row {row} as card {place} of 3, {shown}").format(
        card=_vision(st, kind), row=r + 1, place=p + 1, shown=shown
    )
    total = stars(st, seat) + st.bonus + v.stars(p)
    what += "; " + _(
        "your rows then show {count} stars ({need} take a display treasure at the end of your turn)"
    ).format(count=total, need=comp.stars_needed)
    if p == comp.row_length - 1:
        what += "; " + _complete(st, seat, r, kind)
    what += "; " + _("you draw a card set aside")
    return what, _rule("step3")


def _complete(st: FatalState, seat: int, r: int, last: int) -> str:
    """The trimagic a row completed by ``last`` casts at the end of the turn."""
    visions = st.comp.visions
    head, foot = (visions[st.kind(card)] for card in st.rows[seat][r][:2])
    strength = 2 if foot.foot_stars + visions[last].tip_stars >= 2 else 1
    targets = _("two players") if foot.second else _("one player")
    return _(
        "it completes row {row}: at the end of your turn it casts a {type} trimagic on {targets}, "
        "{count} each"
    ).format(row=r + 1, type=head.type, targets=targets, count=strength)


def _steal(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    x, r = args
    visions = st.comp.visions
    row = st.rows[x][r]
    card = visions[st.kind(row[-1])]
    mine = [visions[st.kind(own[-1])].symbol for own in st.rows[seat] if own]
    beater = next((s for s in mine if BEATS.get(s) == card.symbol), "?")
    fits = [i + 1 for i, own in enumerate(st.rows[seat]) if len(own) == len(row) - 1]
    where = (
        _("into your row {row}").format(row=fits[0])
        if len(fits) == 1
        else _("into one of your rows (you choose)")
    )
    return _(
        "takes {card}, the last card of seat {seat}'s row {row} ({beater} beats {symbol}), "
        "{where}, keeping its orientation; no card is drawn for it"
    ).format(
        card=_vision(st, st.kind(row[-1])),
        seat=x + 1,
        row=r + 1,
        beater=beater,
        symbol=card.symbol,
        where=where,
    ), _rule("step2")


def _to_row(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    place = len(st.rows[seat][args[0]]) + 1
    return _("puts the stolen vision into your row {row} as card {place}").format(
        row=args[0] + 1, place=place
    ), _rule("step2")


def _card(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    comp = st.comp
    name = _vision(st, args[0]) if comp.is_vision(args[0]) else comp.card_name(args[0])
    if isinstance(f, F.XDisc):
        return _("discards {card} face up: you will keep one more of the 4 cards you draw").format(
            card=name
        ), _rule("step1")
    if isinstance(f, F.XKeep):
        return _("keeps {card}; the cards you do not keep are discarded face up").format(
            card=name
        ), _rule("step1")
    left = len(st.hands[seat]) - 1
    return _("discards {card} face up: {count} cards left in your hand (6 at most)").format(
        card=name, count=left
    ), _rule("hand")


def _treasure_kind(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    kind = args[0]
    what = _treasure(st, kind) + _mine(st, seat, kind)
    if isinstance(f, F.XGive):
        return _("gives up {treasure}: shown, then put under the treasure deck").format(
            treasure=what
        ), _rule("step1")
    if isinstance(f, F.Trade):
        return _("offers {treasure} for a display treasure (you choose the slot next)").format(
            treasure=what
        ), _rule("enchantment", card="Fairy Trade")
    if isinstance(f, F.GazeOrder):
        return _("puts {treasure} at place {place} from the top of the treasure deck").format(
            treasure=what, place=f.place + 1
        ), _rule("enchantment", card="Crystal Gaze")
    return _(
        "keeps {treasure} face up: safe from STEAL, and in round 2 your face-up treasures of "
        "your colour score by the chart 1, 3, 6, 10, 15; every other treasure is discarded"
    ).format(treasure=what), _rule("round")


def _slot(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    i = args[0]
    t = st.display[i]
    what = _treasure(st, st.tkind(t)) if t >= 0 else "--"
    mode = f.mode if isinstance(f, F.SlotPick) else "star"
    if mode == "take":
        receiver = f.receiver_or_kind + 1 if isinstance(f, F.SlotPick) else "?"
        return _(
            "gives {treasure} of display slot {slot} to seat {seat}; the slot is refilled "
            "from the treasure deck"
        ).format(treasure=what, slot=i + 1, seat=receiver), _rule("trimagic")
    if mode == "trade":
        return _(
            "swaps your treasure with {treasure} of display slot {slot}; both are face up"
        ).format(treasure=what, slot=i + 1), _rule("enchantment", card="Fairy Trade")
    what += _mine(st, seat, st.tkind(t)) if t >= 0 else ""
    return _(
        "takes {treasure} from display slot {slot} (you have 3 or more stars); next you "
        "keep it or give it to any player, and the slot is refilled"
    ).format(treasure=what, slot=i + 1), _rule("stars")


def _seat(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    x = args[0]
    if isinstance(f, F.Gift):
        t = st.display[f.slot]
        what = _treasure(st, st.tkind(t)) if t >= 0 else "--"
        if x == seat:
            return _("keeps {treasure} face down").format(treasure=what), _rule("stars")
        return _("gives {treasure} to seat {seat}, face down").format(
            treasure=what, seat=x + 1
        ), _rule("stars")
    if isinstance(f, F.Target):
        return _target(st, x, seat), _rule("trimagic")
    if isinstance(f, F.Pick):
        return _(
            "takes a random card of seat {seat}'s hand into yours (it holds {count}); "
            "only you and seat {seat} see which"
        ).format(seat=x + 1, count=len(st.hands[x])), _rule("enchantment", card="Pickpocket")
    return _("looks at seat {seat}'s character: you alone see it, from now on").format(
        seat=x + 1
    ), _rule("enchantment", card="Unmasking")


def _target(st: FatalState, x: int, seat: int) -> str:
    tri = _tri_below(st)
    if tri is None:
        return _("targets seat {seat}").format(seat=x + 1)
    has = len(st.tre[x]) if tri.effect == "STEAL" else len(st.hands[x])
    cards = ", ".join(st.comp.card_name(st.kind(c)) for c in st.looking)
    table = EFFECT_ONE if tri.strength == 1 else EFFECT
    effect = _(table[tri.effect]).format(
        seat=x + 1, count=tri.strength, has=has, cards=cards or "-"
    )
    what = _("casts a {type} trimagic (your row {row}) on seat {seat}: {effect}").format(
        type=tri.effect, row=tri.row + 1, seat=x + 1, effect=effect
    )
    if x != seat:
        what += "; " + _("seat {seat} may cancel it with an Elemental Shield").format(seat=x + 1)
    if tri.second and tri.target_index == 0:
        what += "; " + _("then a second, different player")
    return what


def _row(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    x, r = args
    row = st.rows[x][r]
    if isinstance(f, F.SwapTheirs):
        mine = st.rows[seat][f.row][f.place]
        theirs = row[f.place]
        return _(
            "swaps your {mine} (row {my_row}, card {place}) with {theirs} of seat {seat}'s row "
            "{row}, same place; orientations stay"
        ).format(
            mine=_vision(st, st.kind(mine)),
            my_row=f.row + 1,
            place=f.place + 1,
            theirs=_vision(st, st.kind(theirs)),
            seat=x + 1,
            row=r + 1,
        ), _rule("enchantment", card="Magical Swap")
    return _("discards {card}, the last vision of seat {seat}'s row {row}").format(
        card=_vision(st, st.kind(row[-1])), seat=x + 1, row=r + 1
    ), _rule("enchantment", card="Wind of Oblivion")


def _mine_card(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    r, p = args
    card = st.rows[seat][r][p]
    return _(
        "chooses your {card} (row {row}, card {place}) to swap; next, a row of another player "
        "with a card at the same place"
    ).format(card=_vision(st, st.kind(card)), row=r + 1, place=p + 1), _rule(
        "enchantment", card="Magical Swap"
    )


def _cast(st: FatalState, f: Frame, args: Args, seat: int) -> tuple[str, str]:
    r = args[0]
    visions = st.comp.visions
    head, foot, tip = (visions[st.kind(card)] for card in st.rows[seat][r])
    strength = 2 if foot.foot_stars + tip.tip_stars >= 2 else 1
    targets = _("two players") if foot.second else _("one player")
    return _(
        "row {row} casts first: a {type} trimagic on {targets}, {count} each; then the other "
        "row casts"
    ).format(row=r + 1, type=head.type, targets=targets, count=strength), _rule("casts")


KINDS: dict[str, Explainer] = {
    "done": _done,
    "exchange": _exchange,
    "shield": _shield,
    "allow": _allow,
    "reveal": _reveal,
    "hide": _hide,
    "enchant": _enchant,
    "play": _play,
    "steal": _steal,
    "to-row": _to_row,
    "card": _card,
    "treasure": _treasure_kind,
    "slot": _slot,
    "seat": _seat,
    "row": _row,
    "mine": _mine_card,
    "cast": _cast,
}


# ---------------------------------------------------------------------- the score
def breakdown(st: FatalState, viewer: int | None) -> list[dict[str, Any]]:
    """Where each seat's points came from (``Game.score_breakdown``), as ``viewer`` may know
    them: the round-1 tally; in round 2 a revealed player's face-up treasures of its colour by
    the chart, the other face-up treasures, the face-down ones (named for the viewer's own,
    a sum for the others: the total is public at the end), and the cards in hand and set
    aside. The parts add up to ``scores()``."""
    return [_seat_breakdown(st, seat, viewer) for seat in range(st.n)]


def _seat_breakdown(st: FatalState, seat: int, viewer: int | None) -> dict[str, Any]:
    parts: list[dict[str, Any]] = []
    if st.round1 is not None:
        parts.append({"what": _("round 1: treasures at face value"), "points": st.round1[seat]})
    if st.round1 is None or st.round == 2:
        parts += _treasure_parts(st, seat, viewer)
    if st.round1 is not None and st.round == 2:
        cards = len(st.hands[seat]) + len(st.aside[seat])
        parts.append(
            {
                "what": _("cards in hand and set aside: 1 point each ({count})").format(
                    count=cards
                ),
                "points": cards,
            }
        )
    if st.out[seat]:
        parts.append({"what": _("eliminated: cannot win"), "points": None})
    if st.special == seat:
        parts.append({"what": _("eliminated its opposing sign: wins at once"), "points": None})
    return {"seat": seat, "parts": parts, "total": total(st, seat)}


def _treasure_parts(st: FatalState, seat: int, viewer: int | None) -> list[dict[str, Any]]:
    """The treasures' parts of a seat's breakdown: its colour's chart, the other face-up ones
    at face value, the face-down ones (named for the viewer's own, counted for the others)."""
    lay, comp = st.lay, st.comp
    names = comp.treasure_name
    parts: list[dict[str, Any]] = []
    own = [t for t in st.up[seat] if st.revealed[seat] and own_colour(st, seat, t)]
    if own:
        chart = comp.chart[min(len(own), len(comp.chart)) - 1]
        parts.append(
            {
                "what": _("{count} face-up treasures of your colour ({names}): the chart").format(
                    count=len(own), names=" ".join(names(st.tkind(t)) for t in own)
                ),
                "points": chart,
            }
        )
    others = [t for t in st.up[seat] if t not in own]
    if others:
        parts.append(
            {
                "what": _("face-up treasures at face value ({names})").format(
                    names=" ".join(names(st.tkind(t)) for t in others)
                ),
                "points": sum(lay.value(t) for t in others),
            }
        )
    if st.tre[seat]:
        shown = (
            " ".join(sorted(names(st.tkind(t)) for t in st.tre[seat]))
            if viewer == seat
            else str(len(st.tre[seat]))
        )
        parts.append(
            {
                "what": _("face-down treasures at face value ({names})").format(names=shown),
                "points": sum(lay.value(t) for t in st.tre[seat]),
            }
        )
    return parts


# ---------------------------------------------------------------------- the rules of the step
# the pending question (public: the top decision frame) -> its paragraph in the rules
STEP_OF_FRAME = {
    **dict.fromkeys(("act1", "xgive", "xdisc", "xkeep"), "play/step1"),
    **dict.fromkeys(("steal", "torow"), "play/step2"),
    "play": "play/step3",
    "gift": "play/stars",
    "cast": "play/casts",
    "target": "play/trimagic",
    "shield": "play/shield",
    "discard": "play/hand",
    **dict.fromkeys(
        ("swapmy", "swapth", "wind", "pick", "unmask", "trade", "gorder"), "play/enchantment"
    ),
    **dict.fromkeys(("reveal", "keep"), "play/round"),
}
SLOT_STEP = {"star": "play/stars", "take": "play/trimagic", "trade": "play/enchantment"}


def rules_step(st: FatalState) -> str:
    """The key of ``phase_rules`` for the step being played (``Game.rules_step``)."""
    if st.phase != "play" or not st.stack:
        return st.phase
    f = st.stack[-1]
    if isinstance(f, F.SlotPick):
        return SLOT_STEP.get(f.mode, "play")
    return STEP_OF_FRAME.get(f.kind, "play")
