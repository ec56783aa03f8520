"""What each seat may see (views) and the determinisation that keeps it (``resample``).

Hidden from a seat, by variant:

* secret runes: the runes dealt to the others until gained, and so the rune deck's contents
  and the mastery runes not dealt (their counts are public);
* quick draft, from the draw until the pass resolves: the others' dice (their counts are
  public), the die each passes, and so the bag's colours (its total is public);
* simultaneous play: the claims another seat has sealed (their count is public), and the
  decision frames of a seat that is choosing them.

``resample(seat)`` re-deals exactly these: secret runes per category (starting, elemental,
mastery) among the others' ungained slots and the undealt rest; quick-draft dice among the
others' hands, their passed dice and the bag. Sealed claims are kept as they are (they are a
choice, not a draw; see docs/rules/runika.md, "Hidden information"), and so is the secret rune
a sealed claim is on.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from grimoire.games.runika import claims, flow, text
from grimoire.games.runika.chance import CATEGORIES, category
from grimoire.games.runika.components import SIDES, Rune
from grimoire.games.runika.data_text import card_text
from grimoire.games.runika.frames import Main, frames_to_json
from grimoire.games.runika.turn import home_side

if TYPE_CHECKING:
    from grimoire.games.runika.state import RunikaState


def quick_hidden(st: RunikaState) -> bool:
    return st.rules.quick and st.phase == "pass"


def stage(st: RunikaState, seat: int) -> str | None:
    """The stage of the seat's turn (None: not its turn)."""
    stack = st.stacks[seat]
    return stack[0].stage if stack and isinstance(stack[0], Main) else None


def sealed(st: RunikaState, seat: int) -> bool:
    """Whether the seat's pending decisions are sealed claims (simultaneous play)."""
    return st.rules.simultaneous and stage(st, seat) == "claims"


# ---------------------------------------------------------------------- views
def rune_info(st: RunikaState, rune: int) -> dict[str, Any]:
    card: Rune = st.comp.runes[rune]
    return {
        "id": card.id,
        "name": card.name,
        "tier": "mastery" if card.mastery else "basic",
        "element": card.element,
        "pattern": list(card.pattern.rows),
        "points": card.points,
        "timing": card.timing,
        "start": card.start,
        "ability": card_text(card.text),  # in the viewer's language
    }


def view(st: RunikaState, seat: int | None) -> dict[str, Any]:
    rules = st.rules
    return {
        "round": st.round,
        "phase": st.phase,
        "initiative": _seat_or_none(st.first),
        "turn": flow.turn_seat(st) if st.phase == "turns" and not rules.simultaneous else None,
        "goal": None if rules.solo else rules.goal,
        **_bag_view(st),
        "professors": [_professor_view(st, p) for p in range(len(st.comp.professors))],
        "below_luniorn": _letters(st, st.below) if rules.luniorn_index >= 0 else None,
        **_runes_view(st),
        "charm": _seat_or_none(st.charm),
        "solo_professor": st.comp.professors[st.solo_prof].id if st.solo_prof >= 0 else None,
        "seats": [seat_view(st, s, seat) for s in range(st.n)],
        "prompt": text.prompt(st, seat),
        "ended": st.ended or None,
    }


def _seat_or_none(seat: int) -> int | None:
    return seat if seat >= 0 else None


def _letters(st: RunikaState, colours: list[int]) -> list[str]:
    return [st.comp.letters[c] for c in colours]


def _bag_view(st: RunikaState) -> dict[str, Any]:
    """The bag by colour (hidden while a quick draft passes: its total is public), the dice
    out of play (solo) and the middle."""
    letters = st.comp.letters
    return {
        "bag": None if quick_hidden(st) else {letters[c]: st.bag[c] for c in range(4)},
        "bag_total": sum(st.bag),
        "removed": {letters[c]: st.removed[c] for c in range(4)},
        "middle": _letters(st, st.middle),
    }


def _professor_view(st: RunikaState, index: int) -> dict[str, Any]:
    prof = st.comp.professors[index]
    return {
        "id": prof.id,
        "name": prof.name,
        "colour": "any" if prof.colour < 0 else st.comp.letters[prof.colour],
        "ability": prof.ability.kind,
        "in_play": index in st.rules.professors and index != st.solo_prof,
        "dice": [st.comp.die_text(d) for d in st.prof_dice[index]],
        "tokens": list(st.prest[index]),
    }


def _runes_view(st: RunikaState) -> dict[str, Any]:
    """The display, the mastery row, the deck (its runes unless dealt in secret) and the
    achievements left."""
    return {
        "display": [
            {"stack": len(stack), "rune": rune_info(st, stack[-1]) if stack else None}
            for stack in st.display
        ],
        "mastery": [
            {"rune": rune_info(st, r), "owner": _seat_or_none(owner)} for r, owner in st.mastery_row
        ],
        "deck": len(st.deck),
        "deck_runes": None if st.rules.secret else [st.comp.runes[r].id for r in st.deck],
        "achievements_left": len(st.ach_deck),
    }


def seat_view(st: RunikaState, s: int, viewer: int | None) -> dict[str, Any]:
    """Seat ``s`` as ``viewer`` may see it: its board, cards, and what it hides from others
    (its secret runes, quick-draft dice and sealed claims)."""
    comp = st.comp
    mine = viewer == s
    at = stage(st, s)
    return {
        **_board_view(st, s),
        "tokens": st.tokens[s],
        "score": flow.score(st, s),
        "prestige_left": comp.prestige_tokens - sum(1 for p in st.prest if s in p),
        **_cards_view(st, s),
        "secret": _secret_view(st, s, mine),
        **_quick_view(st, s, mine),
        "claims": [comp.runes[r].id if mine else None for r, _ in st.sim_claims[s]],
        "claim_cells": [mask if mine else None for _, mask in st.sim_claims[s]],
        "claimable": claims.claimable(st, s) if at == "claims" and mine else [],
        "used_professors": [comp.professors[p].id for p in st.prof_used[s]],
        "stage": at,
        "frames": [] if sealed(st, s) and not mine else frames_to_json(st.stacks[s][1:]),
    }


def _board_view(st: RunikaState, s: int) -> dict[str, Any]:
    """Seat ``s``'s grid (rows top first), disc, the side of each colour, storage, pocket."""
    comp, grid = st.comp, st.grid[s]
    return {
        "grid": [
            [comp.die_text(grid[4 * r + c]) if grid[4 * r + c] >= 0 else None for c in range(4)]
            for r in range(4)
        ],
        "disc": st.disc[s],
        "sides": {SIDES[home_side(st, s, c)]: comp.letters[c] for c in range(4)},
        "store": [comp.die_text(d) for d in st.store[s]],
        "pocket": comp.die_text(st.pocket[s]) if st.pocket[s] >= 0 else None,
    }


def _cards_view(st: RunikaState, s: int) -> dict[str, Any]:
    """Seat ``s``'s rune and achievement cards (flipped, used) and mastery runes."""
    comp = st.comp
    return {
        "runes": [
            rune_info(st, r) | {"flipped": bool(f), "used": bool(u)} for r, f, u in st.owned[s]
        ],
        "achievements": [
            {
                "id": comp.achievements[k].id,
                "name": comp.achievements[k].name,
                "points": comp.achievements[k].points,
                "ability": card_text(comp.achievements[k].text),
                "flipped": bool(f),
                "used": bool(u),
            }
            for k, f, u in st.achs[s]
        ],
        "mastered": [comp.runes[r].id for r in st.mastered[s]],
    }


def _secret_view(st: RunikaState, s: int, mine: bool) -> list[dict[str, Any]]:
    """Seat ``s``'s secret runes: to the others, only the gained ones are named."""
    return [
        {"rune": rune_info(st, rune) if mine or got else None, "gained": bool(got)}
        for rune, got in zip(st.secret[s], st.secret_got[s], strict=True)
    ]


def _quick_view(st: RunikaState, s: int, mine: bool) -> dict[str, Any]:
    """Seat ``s``'s quick-draft hand (hidden from the others while passing) and its pass."""
    letters = st.comp.letters
    hidden = quick_hidden(st) and not mine
    passed = st.qpass[s]
    return {
        "quick_hand": [None if hidden else letters[c] for c in st.qhand[s]],
        "quick_passed": passed >= 0,
        "quick_pass": letters[passed] if passed >= 0 and mine else None,
    }


# ---------------------------------------------------------------------- resample
def resample(st: RunikaState, seat: int, rng: random.Random) -> RunikaState:
    copy = st._copy()
    others = [o for o in range(st.n) if o != seat]
    if st.rules.secret:
        _redeal_secret(copy, others, rng)
    if quick_hidden(st):
        _redeal_quick(copy, others, rng)
    return copy


def _redeal_secret(st: RunikaState, others: list[int], rng: random.Random) -> None:
    # a rune another seat has sealed a claim on (simultaneous play) stays: its claim is
    # revealed and scored at the round end as that rune, so a re-dealt one would leave the
    # claim without its card (the claim is a choice bound to it, kept as it is, see above)
    sealed = [{r for r, _ in st.sim_claims[o]} for o in range(st.n)]
    for cat in CATEGORIES:
        slots = [
            (o, index)
            for o in others
            for index, rune in enumerate(st.secret[o])
            if category(st.comp, rune) == cat
            and not st.secret_got[o][index]
            and rune not in sealed[o]
        ]
        if cat == "mastery":
            rest: list[int] = []
            pool = list(st.mastery_box)
        else:
            start = cat == "start"
            rest = [r for r in st.deck if st.comp.runes[r].start != start]
            pool = [r for r in st.deck if st.comp.runes[r].start == start]
        pool += [st.secret[o][index] for o, index in slots]
        pool.sort()  # canonical, so the deal depends on what the seat knows only (pointwise)
        rng.shuffle(pool)
        for o, index in slots:
            st.secret[o][index] = pool.pop()
        if cat == "mastery":
            st.mastery_box = sorted(pool)
        else:
            st.deck = sorted(rest + pool)


def _redeal_quick(st: RunikaState, others: list[int], rng: random.Random) -> None:
    pool = [c for c in range(4) for _ in range(st.bag[c])]
    for o in others:
        pool += st.qhand[o] + ([st.qpass[o]] if st.qpass[o] >= 0 else [])
    pool.sort()  # canonical, as above
    rng.shuffle(pool)
    for o in others:
        size = len(st.qhand[o])
        st.qhand[o] = sorted(pool[:size])
        pool = pool[size:]
        if st.qpass[o] >= 0:
            st.qpass[o] = pool.pop()
    st.bag = [pool.count(c) for c in range(4)]
