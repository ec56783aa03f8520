"""Another seat's turn in short (``Game.turn_summary``), as a player at the table would say it:
"casts a DRAW trimagic on seat 3: seat 3 gets 2 cards; plays V13 (DRAW stone) into row 1".

The turn is replayed from the position before it, decision by decision, and each of the
seat's decisions says what every player saw happen: an enchantment played, an exchange's given
treasure and discarded cards, the visions played and stolen, the trimagics cast with their
effect, the display treasure taken and who got it, the cards discarded to the hand limit, the
treasures kept face up. What stays hidden stays out: the cards a seat keeps or draws, the
characters, the sealed reveal choice, a Crystal Gaze's order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grimoire.core.i18n import N_
from grimoire.core.state import CHANCE
from grimoire.games.fatal import frames as F
from grimoire.games.fatal.text import _

if TYPE_CHECKING:
    from grimoire.games.fatal.frames import FatalFrame as Frame
    from grimoire.games.fatal.state import FatalState

Args = tuple[int, ...]
SEPARATOR = N_("; ")  # between the parts of a turn: the language's own punctuation
Teller = Callable[["FatalState", "Frame", Args, int | None], str | None]

# a trimagic's effect on its target, by (effect, one card or treasure, the target is the viewer)
EFFECT = {
    ("DRAW", False, False): N_("seat {seat} gets {count} cards it drew"),
    ("DRAW", True, False): N_("seat {seat} gets a card it drew"),
    ("DRAW", False, True): N_("you get {count} cards it drew"),
    ("DRAW", True, True): N_("you get a card it drew"),
    ("TAKE", False, False): N_("seat {seat} gets {count} display treasures, chosen by the caster"),
    ("TAKE", True, False): N_("seat {seat} gets a display treasure, chosen by the caster"),
    ("TAKE", False, True): N_("you get {count} display treasures, chosen by the caster"),
    ("TAKE", True, True): N_("you get a display treasure, chosen by the caster"),
    ("STEAL", False, False): N_("it takes {count} random face-down treasures of seat {seat}"),
    ("STEAL", True, False): N_("it takes a random face-down treasure of seat {seat}"),
    ("STEAL", False, True): N_("it takes {count} random face-down treasures of yours"),
    ("STEAL", True, True): N_("it takes a random face-down treasure of yours"),
    ("DISCARD", False, False): N_("seat {seat} discards {count} random cards of its hand"),
    ("DISCARD", True, False): N_("seat {seat} discards a random card of its hand"),
    ("DISCARD", False, True): N_("you discard {count} random cards of your hand"),
    ("DISCARD", True, True): N_("you discard a random card of your hand"),
}


def turn_summary(
    before: FatalState, after: FatalState, seat: int, viewer: int | None
) -> str | None:
    """``seat``'s decisions from ``before`` to ``after`` (a later position of the same game),
    each as the table saw it, for ``viewer``; None when there is nothing to say."""
    start = before.history_length()
    entries = after.history[start:]
    if after.history_length() < start or before.history != after.history[:start]:
        return None
    st = before.clone()
    assert isinstance(st, type(before))
    parts: list[str] = []
    for actor, action in entries:
        if actor == seat and st.stack:
            name, args = st.codec.decode(action)
            teller = TELLERS.get(name)
            said = teller(st, st.stack[-1], tuple(args), viewer) if teller else None
            if said:
                parts.append(said)
        st.apply(action, None if actor == CHANCE else actor)
    return _(SEPARATOR).join(parts) or None  # "；" in Japanese


def _vision(st: FatalState, card: int) -> str:
    v = st.comp.visions[st.kind(card)]
    return f"{v.id} ({v.type} {v.symbol})"


def _kind_name(st: FatalState, kind: int) -> str:
    comp = st.comp
    if comp.is_vision(kind):
        v = comp.visions[kind]
        return f"{v.id} ({v.type} {v.symbol})"
    return comp.card_name(kind)


def _display(st: FatalState, slot: int) -> str:
    t = st.display[slot]
    return st.comp.treasure_name(st.tkind(t)) if t >= 0 else "--"


# ---------------------------------------------------------------------- each decision
def _enchant(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    return _("casts the enchantment {card}").format(card=st.comp.enchantments[args[0]].name)


def _exchange(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    return _("makes the exchange (draws 4 cards, keeps one per card discarded)")


def _play(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    kind, row = args
    return _("plays {card} into its row {row}").format(card=_kind_name(st, kind), row=row + 1)


def _steal(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    x, row = args
    card = _vision(st, st.rows[x][row][-1])
    return _two(
        N_("steals {card} from your row {row}"),
        N_("steals {card} from seat {seat}'s row {row}"),
        x,
        viewer,
        card=card,
        row=row + 1,
    )


def _card(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str | None:
    card = _kind_name(st, args[0])
    if isinstance(f, F.XDisc):
        return _("discards {card} in the exchange").format(card=card)
    if isinstance(f, F.Discard):
        return _("discards {card} (more than 6 cards in hand)").format(card=card)
    return None  # the cards kept from an exchange's draw are its secret


def _treasure(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str | None:
    name = st.comp.treasure_name(args[0])
    if isinstance(f, F.XGive):
        return _("gives up {treasure} in the exchange").format(treasure=name)
    if isinstance(f, F.Keep):
        return _("keeps {treasure} face up").format(treasure=name)
    return None  # a Fairy Trade is told with its slot; a Crystal Gaze's order is secret


def _slot(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str | None:
    if not isinstance(f, F.SlotPick):
        return None
    treasure = _display(st, args[0])
    if f.mode == "take":
        return _two(
            N_("gives you {treasure} from the display"),
            N_("gives {treasure} from the display to seat {seat}"),
            f.receiver_or_kind,
            viewer,
            treasure=treasure,
        )
    if f.mode == "trade":
        return _("trades its {mine} for {treasure} from the display (Fairy Trade)").format(
            mine=st.comp.treasure_name(f.receiver_or_kind), treasure=treasure
        )
    return None  # a star treasure is told with its receiver (the gift)


def _seat(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str | None:
    x = args[0]
    if isinstance(f, F.Gift):
        treasure = _display(st, f.slot)
        if x == f.s:
            return _("takes {treasure} from the display (3 stars) and keeps it face down").format(
                treasure=treasure
            )
        return _two(
            N_("takes {treasure} from the display (3 stars) and gives it to you"),
            N_("takes {treasure} from the display (3 stars) and gives it to seat {seat}"),
            x,
            viewer,
            treasure=treasure,
        )
    if isinstance(f, F.Target):
        return _cast(st, x, viewer)
    if isinstance(f, F.Pick):
        return _two(
            N_("takes a random card of your hand (Pickpocket)"),
            N_("takes a random card of seat {seat}'s hand (Pickpocket)"),
            x,
            viewer,
        )
    if isinstance(f, F.Unmask):
        return _two(
            N_("looks at your character (Unmasking)"),
            N_("looks at seat {seat}'s character (Unmasking)"),
            x,
            viewer,
        )
    return None


def _two(yours: str, others: str, x: int, viewer: int | None, /, **values: object) -> str:
    """``yours`` when seat ``x`` is the viewer, else ``others`` (with ``{seat}``), translated."""
    if x == viewer:
        return _(yours).format(**values)
    return _(others).format(seat=x + 1, **values)


def _cast(st: FatalState, x: int, viewer: int | None) -> str:
    """A trimagic cast on seat ``x``: its type, the target and what it does to it."""
    tri = st.stack[-2] if len(st.stack) > 1 else None
    if not isinstance(tri, F.Tri):
        return _two(N_("targets you"), N_("targets seat {seat}"), x, viewer)
    has = len(st.tre[x]) if tri.effect == "STEAL" else len(st.hands[x])
    count = tri.strength if tri.effect in ("DRAW", "TAKE") else min(tri.strength, has)
    if count == 0:
        effect = _("nothing to take") if tri.effect == "STEAL" else _("no card to discard")
    else:
        effect = _(EFFECT[tri.effect, count == 1, x == viewer]).format(seat=x + 1, count=count)
    return _two(
        N_("casts a {type} trimagic (row {row}) on you: {effect}"),
        N_("casts a {type} trimagic (row {row}) on seat {seat}: {effect}"),
        x,
        viewer,
        type=tri.effect,
        row=tri.row + 1,
        effect=effect,
    )


def _shield(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    by = f.by if isinstance(f, F.Shield) else -1
    return _two(
        N_("cancels your trimagic with an Elemental Shield"),
        N_("cancels seat {seat}'s trimagic with an Elemental Shield"),
        by,
        viewer,
    )


def _row(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    x, row = args
    theirs = st.rows[x][row]
    if isinstance(f, F.SwapTheirs):
        return _two(
            N_("swaps its {mine} with {theirs} of your row {row} (Magical Swap)"),
            N_("swaps its {mine} with {theirs} of seat {seat}'s row {row} (Magical Swap)"),
            x,
            viewer,
            mine=_vision(st, st.rows[f.s][f.row][f.place]),
            theirs=_vision(st, theirs[f.place]),
            row=row + 1,
        )
    return _two(
        N_("discards {card}, the last vision of your row {row} (Wind of Oblivion)"),
        N_("discards {card}, the last vision of seat {seat}'s row {row} (Wind of Oblivion)"),
        x,
        viewer,
        card=_vision(st, theirs[-1]),
        row=row + 1,
    )


def _allow(st: FatalState, f: Frame, args: Args, viewer: int | None) -> str:
    by = f.by if isinstance(f, F.Shield) else -1
    return _two(
        N_("lets your trimagic through"),
        N_("lets seat {seat}'s trimagic through"),
        by,
        viewer,
    )


TELLERS: dict[str, Teller] = {
    "enchant": _enchant,
    "exchange": _exchange,
    "play": _play,
    "steal": _steal,
    "card": _card,
    "treasure": _treasure,
    "slot": _slot,
    "seat": _seat,
    "shield": _shield,
    "allow": _allow,
    "row": _row,
}
