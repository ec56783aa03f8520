"""What a seat may know: ``view(st, seat)``, the running scores it may know, and
``resample(st, seat, rng)``.

Every card and treasure in a hidden zone carries a mask of the seats that know where it is
(``PUBLIC``: everyone, spectators included); each seat's character has one too. The masks are
kept by the rules with a few update rules (dealt to a hand: the owner; set aside: nobody; taken
from the display: everyone; a DRAW card: the caster and the recipient; a random steal: the thief
and the victim, *and every other seat forgets every object it knew in the source zone*, so that
its list of known objects cannot tell which one moved).

``resample(o)`` re-deals every object whose mask lacks o's bit into the slots such objects
occupy, zone sizes kept; the masks stay with the slots. So what ``view(o)`` shows (the objects o
knows, the sizes of every zone) cannot change. The Queen keeps her constraint: she lies among
the cards that came from the bottom pool of the treasure deck (the pool below ``t_mid`` cards,
and at most ``t_top_bot`` of the cards a Crystal Gaze put on top). Sealed reveal choices of the
other seats are re-drawn uniformly. ``resample(o, informed=True)``, search's re-deal, deals the
birth-signs o does not know weighed by the treasures of each sign's colour o knows each seat
holds.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations
from typing import TYPE_CHECKING, Any, Final

from grimoire.games.fatal import text
from grimoire.games.fatal.draws import Draws
from grimoire.games.fatal.facts import total
from grimoire.games.fatal.frames import Reveal, stack_to_json

if TYPE_CHECKING:
    from grimoire.games.fatal.components import Components
    from grimoire.games.fatal.state import FatalState

PUBLIC: Final = 1 << 5


def viewer_bit(viewer: int | None) -> int:
    return PUBLIC if viewer is None else 1 << viewer


def public_scores(st: FatalState, viewer: int | None) -> list[float | None]:
    """A seat's running score is known to ``viewer`` when it knows every face-down treasure of
    that seat (hand and set-aside counts, face-up treasures and the round-1 tally are public)."""
    if st.phase == "over":
        return list(st.scores())
    bit = viewer_bit(viewer)
    known: list[float | None] = []
    for seat in range(st.n):
        if seat == viewer or all(st.tk[t] & bit for t in st.tre[seat]):
            known.append(float(total(st, seat)))
        else:
            known.append(None)
    return known


def resample(st: FatalState, seat: int, rng: random.Random, informed: bool = False) -> FatalState:
    """A deal of everything ``seat`` does not know. The unknown objects are put in a canonical
    order before they are shuffled, so one generator gives the same deal from every truth the
    seat cannot tell apart: the result depends on the seat's knowledge only, pointwise and not
    just in distribution (a search bot's choices cannot depend on the hidden order).

    ``informed`` (search's re-deal): the unknown birth-signs are dealt weighed by the treasures
    ``seat`` knows each seat holds (``sign_weights``) instead of evenly; the rest as above.

    The draws are ``random.Random``'s own (``Draws``: the same calls, compiled), in a fixed
    order: characters, playing cards, treasures, the others' sealed choices."""
    copy = st._copy()
    bit = 1 << seat
    draws = Draws(rng)
    n = st.n
    # characters: the seats whose character this seat does not know swap theirs
    unknown = [s for s in range(n) if copy.char[s] >= 0 and not copy.ck_char[s] & bit]
    signs = sorted([copy.char[s] for s in unknown])
    # (while the characters are being dealt, the dealt ones swap among themselves, so which
    # signs are still undealt is kept: every object is conserved, and nobody decides then)
    if informed and len(unknown) > 1:
        signs = _weighted_deal(copy, bit, unknown, signs, rng)
    else:
        draws.shuffle(signs)
    for k in range(len(unknown)):
        copy.char[unknown[k]] = signs[k]
    _redeal_cards(copy, bit, draws)
    _redeal_treasures(copy, bit, draws)
    # sealed reveal choices of the others
    if copy.sealed_reveal or copy.sealed_hide:
        chosen = copy.sealed_reveal + copy.sealed_hide
        reveal = [s for s in copy.sealed_reveal if s == seat]
        hide = [s for s in copy.sealed_hide if s == seat]
        for s in sorted(chosen):
            if s != seat:
                (reveal if draws.random() < 0.5 else hide).append(s)
        copy.sealed_reveal, copy.sealed_hide = sorted(reveal), sorted(hide)
    return copy


def _redeal_cards(copy: FatalState, bit: int, draws: Draws) -> None:
    """Re-deal the playing cards unknown to ``bit`` (hands, set-aside cards, cards being looked
    at, the deck) among their slots; the masks stay with the slots.

    The deck is an unordered pool: when all its unknown cards have the same mask, only the
    cards of the other slots are drawn (``sample``) and the deck takes the rest, in order,
    which is the same distribution as a full shuffle and much cheaper."""
    masks = copy.ck
    # the unknown slots outside the deck: their zone and index, their objects and masks
    zones: list[list[int]] = []
    where: list[int] = []
    objects: list[int] = []
    for z in [*copy.hands, *copy.aside, copy.looking]:
        for i in range(len(z)):
            obj = z[i]
            if not masks[obj] & bit:
                zones.append(z)
                where.append(i)
                objects.append(obj)
    slot_masks = [masks[obj] for obj in objects]
    deck = copy.deck
    in_deck = [i for i in range(len(deck)) if not masks[deck[i]] & bit]
    deck_objects = [deck[i] for i in in_deck]
    deck_mask = masks[deck_objects[0]] if deck_objects else 0
    if all(masks[obj] == deck_mask for obj in deck_objects):  # the fast way
        everything = sorted(objects + deck_objects)  # canonical: see ``resample``
        chosen = draws.sample(everything, len(objects))
        taken = [False] * len(masks)
        for obj in chosen:
            taken[obj] = True
        for k in range(len(chosen)):
            obj = chosen[k]
            zones[k][where[k]] = obj
            masks[obj] = slot_masks[k]
        k = 0
        for obj in everything:
            if not taken[obj]:
                deck[in_deck[k]] = obj
                masks[obj] = deck_mask
                k += 1
        return
    for i in in_deck:
        zones.append(deck)
        where.append(i)
    slot_masks += [masks[obj] for obj in deck_objects]
    objects += deck_objects
    objects.sort()
    draws.shuffle(objects)
    for k in range(len(objects)):
        obj = objects[k]
        zones[k][where[k]] = obj
        masks[obj] = slot_masks[k]


# How much one treasure of a sign's colour, known to be in a seat's hoard, makes that sign
# likelier for the seat (the heuristic's beliefs use the same weights): a player keeps the
# treasures its birth-sign's chart values most.
SEEN_TREASURE_WEIGHT: Final = 2.0


def sign_weights(st: FatalState, bit: int, holder: int, signs: list[int]) -> list[float]:
    """How likely each of ``signs`` is ``holder``'s, up to a factor, to the seat of ``bit``:
    1 + SEEN_TREASURE_WEIGHT x the treasures of that sign's colour it knows ``holder`` holds."""
    colours = st.tab.tre_colour
    seen = [0] * len(st.tab.opposing)  # per sign of the components
    for t in st.tre[holder]:
        if st.tk[t] & bit:
            colour = colours[t]
            if colour >= 0:
                seen[colour] += 1
    return [1.0 + SEEN_TREASURE_WEIGHT * seen[sign] for sign in signs]


def _weighted_deal(
    st: FatalState, bit: int, unknown: list[int], signs: list[int], rng: random.Random
) -> list[int]:
    """One assignment of ``signs`` (sorted) to the ``unknown`` seats, drawn with probability
    proportional to the product of the seats' ``sign_weights``. At most 4 seats are unknown, so
    every assignment (at most 24) is weighed; they are listed in a fixed order and one
    ``rng.random()`` picks, so the deal depends on the seat's knowledge only."""
    weights = [sign_weights(st, bit, holder, signs) for holder in unknown]
    orders = list(permutations(range(len(signs))))
    products = []
    for order in orders:
        product = 1.0
        for k, index in enumerate(order):
            product *= weights[k][index]
        products.append(product)
    order = rng.choices(orders, weights=products)[0]
    return [signs[index] for index in order]


def _redeal_treasures(copy: FatalState, bit: int, draws: Draws) -> None:
    """Re-deal the face-down treasures, the looked-at top and the pool unknown to ``bit``;
    when the Queen is unknown, first choose her slot among the cards of bottom-pool origin
    (the pool below its ``t_mid`` cards, and up to ``t_top_bot`` cards of the top)."""
    queen = copy.tab.queen
    masks = copy.tk
    t_top, t_pool = copy.t_top, copy.t_pool
    zones: list[list[int]] = []
    where: list[int] = []
    objects: list[int] = []
    for z in [t_top, t_pool, *copy.tre]:
        for i in range(len(z)):
            obj = z[i]
            if not masks[obj] & bit:
                zones.append(z)
                where.append(i)
                objects.append(obj)
    slot_masks = [masks[obj] for obj in objects]
    places = list(range(len(objects)))
    if queen in objects:
        objects.remove(queen)
        pool = [k for k in range(len(zones)) if zones[k] is t_pool]
        top = [k for k in range(len(zones)) if zones[k] is t_top]
        bottom = len(t_pool) - copy.t_mid
        in_top = copy.t_top_bot if top else 0
        if not pool or draws.randrange(bottom + in_top) >= bottom:
            place = draws.choice(top)
        else:
            place = draws.choice(pool)
        zones[place][where[place]] = queen
        masks[queen] = slot_masks[place]
        places.remove(place)
    objects.sort()
    draws.shuffle(objects)
    for k in range(len(objects)):
        place, obj = places[k], objects[k]
        zones[place][where[place]] = obj
        masks[obj] = slot_masks[place]


def public_cards(st: FatalState, zone: list[int]) -> list[str]:
    return [st.comp.card_name(st.kind(c)) for c in zone]


def public_treasures(st: FatalState, zone: list[int]) -> list[str]:
    return [st.comp.treasure_name(st.tkind(t)) for t in zone]


@cache
def card_cells(comp: Components) -> tuple[tuple[dict[str, Any], ...], ...]:
    """Per vision kind and row position: what a card shows there (copied into views)."""
    cells = []
    for v in comp.visions:
        cells.append(
            tuple(
                {
                    "card": v.id,
                    "orientation": ("straight", "reversed", "sideways")[p],
                    "symbol": v.symbol,
                    "type": v.type,
                    "target": "SECOND" if v.second else "ONE",
                    "stars": v.stars(p),
                }
                for p in range(3)
            )
        )
    return tuple(cells)


def view(st: FatalState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may see (None: a spectator): its own character, hand and
    treasures; everyone's rows, face-up treasures, the display, the discard pile; the sizes of
    every hidden zone; and the hidden objects it knows (``known_*``). Never the seed, another
    seat's secrets, or a face-down order it has not seen."""
    comp, lay = st.comp, st.lay
    bit = viewer_bit(seat)
    cnames, ckind = comp.card_names, lay.card_kind
    tnames, tkind = comp.treasure_names, lay.tre_kind
    doc: dict[str, Any] = {
        "phase": st.phase,
        "round": st.round,
        "first_player": st.first,
        "turn": st.turn,
        "seats": [_seat_view(st, s, seat, bit) for s in range(st.n)],
        "display": [None if t < 0 else tnames[tkind[t]] for t in st.display],
        "treasure_deck": _treasure_deck_view(st, bit),
        "deck_count": len(st.deck),
        "known_deck": sorted([cnames[ckind[c]] for c in st.deck if st.ck[c] & bit]),
        "reshuffles": st.reshuffles,
        "discard": [cnames[ckind[c]] for c in st.discard],
        "in_effect": [cnames[ckind[c]] for c in st.active],
        "looking": {
            "seat": st.looker if st.looking else None,
            "count": len(st.looking),
            "cards": sorted(public_cards(st, st.looking)) if seat == st.looker else None,
        },
        "round1": None if st.round1 is None else list(st.round1),
        "turn_state": {"plays": st.plays, "limit": st.limit, "bonus": st.bonus, "casts": st.casts},
        "stack": stack_to_json(st.stack),
        "prompt": text.prompt(st),
        "decisions": st.decisions,
        "idle_turns": st.idle_turns,
        "special_victory": st.special if st.special >= 0 else None,
    }
    if st.stack and isinstance(st.stack[-1], Reveal):
        doc["reveal"] = _reveal_view(st, seat)
    return doc


def _seat_view(st: FatalState, s: int, seat: int | None, bit: int) -> dict[str, Any]:
    """Seat ``s`` as ``seat`` sees it: public facts, its character if known, and its hand and
    face-down treasures (all of them for the seat itself, the known ones for the others)."""
    comp, lay = st.comp, st.lay
    cells = card_cells(comp)
    cnames, ckind = comp.card_names, lay.card_kind
    tnames, tkind = comp.treasure_names, lay.tre_kind
    signs = comp.signs
    sign = st.char[s]
    known_char = sign >= 0 and bool(st.ck_char[s] & bit)
    rows = [[cells[ckind[c]][p] for p, c in enumerate(row)] for row in st.rows[s]]
    entry: dict[str, Any] = {
        "seat": s,
        "character": signs[sign].name if known_char else None,
        "colour": signs[sign].colour if known_char else None,
        "opposing": signs[lay.opposing(sign)].name if known_char else None,
        "revealed": st.revealed[s],
        "out": st.out[s],
        "hand_count": len(st.hands[s]),
        "aside_count": len(st.aside[s]),
        "rows": [[dict(cell) for cell in row] for row in rows],
        "stars": sum(cell["stars"] for row in rows for cell in row),
        "treasure_count": len(st.tre[s]),
        "face_up": [tnames[tkind[t]] for t in st.up[s]],
    }
    if s == seat:
        entry["hand"] = sorted([cnames[ckind[c]] for c in st.hands[s]])
        entry["treasures"] = sorted([tnames[tkind[t]] for t in st.tre[s]])
    else:
        entry["known_hand"] = sorted([cnames[ckind[c]] for c in st.hands[s] if st.ck[c] & bit])
        entry["known_treasures"] = sorted([tnames[tkind[t]] for t in st.tre[s] if st.tk[t] & bit])
    return entry


def _treasure_deck_view(st: FatalState, bit: int) -> dict[str, Any]:
    """The treasure deck: its size, where the Queen's pool starts, the looked-at top (the
    treasures of it the viewer knows), the public bottom."""
    return {
        "count": len(st.t_top) + len(st.t_pool) + len(st.t_under),
        "above_queen_pool": st.t_mid,
        "looked_at_top": len(st.t_top),
        "known_top": [
            {"place": i + 1, "treasure": st.comp.treasure_name(st.tkind(t))}
            for i, t in enumerate(st.t_top)
            if st.tk[t] & bit
        ],
        "under": public_treasures(st, st.t_under),
        "queen_revealed": st.queen_shown,
    }


def _reveal_view(st: FatalState, seat: int | None) -> dict[str, Any]:
    """The sealed reveal: who has chosen (public), and the viewer's own choice."""
    chosen = set(st.sealed_reveal) | set(st.sealed_hide)
    mine = None
    if seat is not None and seat in chosen:
        mine = "reveal" if seat in st.sealed_reveal else "hide"
    return {"has_chosen": sorted(chosen), "my_choice": mine}
